"""Positions for tests: a game played on by random bots (``RandomBot(seed + k)`` for the k-th side)."""

from __future__ import annotations

from collections.abc import Callable

from peloponnesos.core import Game, RandomBot


def play_some(game: Game, actions: int, seed: int = 3, until: Callable[[Game], bool] | None = None) -> Game:
    """Play up to ``actions`` random actions (fewer if the game ends, or once ``until(game)`` is true)."""
    bots = {p: RandomBot(seed + k) for k, p in enumerate(game.players)}
    for _ in range(actions):
        if game.is_over() or (until is not None and until(game)):
            break
        side = game.current_player()
        game.apply(bots[side].choose(game, side))
    return game
