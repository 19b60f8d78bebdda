"""Bots: the kernel's random bot plays Sfacteria; the heuristic bot beats it."""

from __future__ import annotations

import pytest

from peloponnesos.core import RandomBot, play
from peloponnesos.games.sfacteria import SfacteriaGame, SfacteriaHeuristicBot


def test_sfacteria_random_bots_play_to_the_end():
    g = SfacteriaGame(seed=12)
    r = play(g, {"Athens": RandomBot(1), "Sparta": RandomBot(2)})
    assert g.is_over() and r.level in ("total", "marginal", "draw")


@pytest.mark.parametrize("side", ["Athens", "Sparta"])
def test_sfacteria_the_heuristic_bot_beats_the_random_bot(side):
    wins = 0
    for seed in range(3):
        g = SfacteriaGame(seed=100 + seed)
        bots = {p: RandomBot(seed) for p in g.players}
        bots[side] = SfacteriaHeuristicBot(seed)
        wins += play(g, bots).winner == side
    assert wins >= 2


def test_sfacteria_the_heuristic_bot_does_not_touch_the_real_game():
    g = SfacteriaGame(seed=3)
    bot = SfacteriaHeuristicBot(0)
    for _ in range(60):
        if g.is_over():
            break
        counter, digest = g.dice.counter, g.digest()
        action = bot.choose(g, g.current_player())  # it looks ahead on copies with other dice
        assert (g.dice.counter, g.digest()) == (counter, digest)
        g.apply(action)
