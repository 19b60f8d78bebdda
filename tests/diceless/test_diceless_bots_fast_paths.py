"""The greedy bot's quick sums (issue 17) give exactly the numbers of the plain ones, so it chooses as before."""

from __future__ import annotations

import peloponnesos as pp
from peloponnesos.games.diceless.bots import GreedyBot, _area_gains, _special_gain, _special_gains
from peloponnesos.games.diceless.state import PLACE


def test_the_special_chits_gains_for_every_area_at_once_are_the_gains_one_by_one():
    checked = 0
    for seed in range(40):
        game = pp.new_game("diceless", seed=seed, first_placer=("Sparta", "Athens")[seed % 2])
        bots = {side: (GreedyBot(seed) if k == seed % 2 else pp.RandomBot(seed)) for k, side in enumerate(game.players)}
        while not game.is_over():
            s = game.state
            if s.phase == PLACE:
                for side in (0, 1):
                    view, enemy_chits, _, _ = _area_gains(game, side)
                    for code in set(s.hands[0] + s.hands[1]) & set(game.chits.specials):
                        one_by_one = [_special_gain(game, side, code, a, view, enemy_chits[a])
                                      for a in range(len(view))]
                        assert _special_gains(game, side, code, view, enemy_chits) == one_by_one
                        checked += 1
            player = game.current_player()
            game.apply(bots[player].choose(game, player))
    assert checked > 500
