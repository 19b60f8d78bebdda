"""RandomBot draws with ``rng.choice``: the same picks, seed for seed, as ``actions[rng.randrange(n)]`` (saved
seeds and recorded bot games stay valid)."""

from __future__ import annotations

import random

from peloponnesos.core import RandomBot


class _Listed:
    def __init__(self, sizes):
        self.sizes = iter(sizes)

    def legal_actions(self):
        return list(range(next(self.sizes)))


def test_random_bot_picks_as_randrange_did():
    sizes = [1, 2, 3, 7, 16, 17, 100, 5, 64, 65] * 30
    bot, rng = RandomBot(42), random.Random(42)
    game = _Listed(sizes)
    assert [bot.choose(game, "A") for _ in sizes] == [rng.randrange(n) for n in sizes]
