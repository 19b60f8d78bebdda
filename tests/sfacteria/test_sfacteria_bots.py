"""Bots: the kernel's random bot plays Sfacteria; the heuristic bot beats it; the searching bot ("hard") and the
heuristic bot look ahead only on determinized copies (how much stronger the search is: benchmarks/sfacteria.py)."""

from __future__ import annotations

import random

import pytest
from test_sfacteria_8_secrets import public_key

from peloponnesos.core import RandomBot, bots_for, play
from peloponnesos.core.secrets import lockstep, twin
from peloponnesos.games.sfacteria import SfacteriaGame, SfacteriaHeuristicBot
from peloponnesos.games.sfacteria.search import SfacteriaSearchBot


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


# -- the searching bot ("hard"), and what every bot may know -----------------------------------------------------

def _small_search(seed: int) -> SfacteriaSearchBot:
    return SfacteriaSearchBot(seed=seed, simulations=8, deep_simulations=2)


def test_sfacteria_the_search_bot_is_offered_first_as_hard():
    bots = bots_for("sfacteria")
    assert list(bots) == ["hard", "heuristic", "random"]
    assert bots["hard"] is SfacteriaSearchBot


def test_sfacteria_the_search_bot_does_not_touch_the_real_game_and_repeats_itself_for_a_seed():
    g = SfacteriaGame(seed=4)
    bots = {"Athens": _small_search(1), "Sparta": SfacteriaHeuristicBot(2)}
    again = _small_search(1)
    for _ in range(40):
        if g.is_over():
            break
        player = g.current_player()
        counter, digest, history = g.dice.counter, g.digest(), len(g.history)
        action = bots[player].choose(g, player)
        assert (g.dice.counter, g.digest(), len(g.history)) == (counter, digest, history)
        assert action in g.legal_actions()
        if player == "Athens":
            assert again.choose(g, player) == action  # the same seed, the same choice
        g.apply(action)


def _tiny_search() -> SfacteriaSearchBot:
    return SfacteriaSearchBot(seed=5, simulations=2, deep_simulations=0)


@pytest.mark.parametrize(("make", "steps"), [(lambda: SfacteriaHeuristicBot(5), 120), (_tiny_search, 40)],
                         ids=["heuristic", "hard"])
def test_sfacteria_bots_choose_the_same_whatever_chits_the_opponent_holds(make, steps):
    """No bot reads the opponent's hand: in two games alike in all Athens may see, Sparta dealt other chits,
    Athens' bot makes the same choices (it searches only on ``game.determinize`` copies)."""
    a = SfacteriaGame(seed=21)
    b = twin(a, "Sparta", seed=8)
    bot_a, bot_b = make(), make()
    rng = random.Random(3)

    def choose(pairs):
        if a.current_player() == "Athens":
            x, y = bot_a.choose(a, "Athens"), bot_b.choose(b, "Athens")
            assert x == y, (a.state.turn, a.state.step)
            return next(p for p in pairs if p == (x, y))
        return rng.choice(pairs)

    report = lockstep(a, b, hidden="Sparta", choose=choose, key=public_key(a, "Sparta"), max_steps=steps)
    assert report.divergence is None, str(report)
    drawn = [(x.faces, y.faces) for x, y in zip(a.dice.rolls, b.dice.rolls, strict=False) if x.private_to == "Sparta"]
    assert any(x != y for x, y in drawn)
