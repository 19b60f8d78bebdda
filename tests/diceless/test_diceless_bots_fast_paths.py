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


def _area_gains_one_by_one(game, side):
    """The greedy bot's area gains as first written (bots.py before issue 17), for comparison."""
    from peloponnesos.games.diceless.bots import PHI, SURVIVE, _heuristic, _planned_counters

    h = _heuristic(game)
    w = h.weights[side]
    view, enemy_chits = _planned_counters(game, side)
    one, two = [0.0] * h.n, [0.0] * h.n
    for a in range(h.n):
        c = view[a]
        base = PHI[c]
        g1 = w[a] * (PHI[c + 1 if c < 2 else 2] - base)
        g2 = w[a] * (PHI[c + 2 if c < 1 else 2] - base)
        ne = enemy_chits[a]
        if ne:
            f = SURVIVE ** ne
            d = 0.35 * ne * w[a] * (PHI[c] - PHI[c - 1]) if c > 0 else 0.0
            g1 = g1 * f + d
            g2 = g2 * f + d
        one[a], two[a] = g1, g2
    return view, enemy_chits, one, two


def test_the_area_gains_from_the_table_are_the_gains_worked_out_each_time():
    checked = 0
    for seed in range(30):
        game = pp.new_game("diceless", seed=seed, first_placer="Sparta")
        bots = {side: GreedyBot(seed + k) for k, side in enumerate(game.players)}
        while not game.is_over():
            if game.state.phase == PLACE:
                for side in (0, 1):
                    assert _area_gains(game, side) == _area_gains_one_by_one(game, side)
                    checked += 1
            player = game.current_player()
            game.apply(bots[player].choose(game, player))
    assert checked > 1000
