"""Bots: computer players that choose among ``legal_actions()``.

A bot must decide only from what its side may know: ``game.observation(player)`` and
``game.legal_actions()``. A bot that looks ahead works on ``game.determinize(player, seed)``, a copy
in which hidden information and future dice are re-dealt, never on the real game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from .actions import Action
from .game import Game, Result


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, game: Game, player: str) -> Action:
        """The action ``player`` takes now; it must be one of ``game.legal_actions()``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions; plays any game. Its own RNG, not the game's dice."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, player: str) -> Action:
        actions = game.legal_actions()
        n = len(actions)
        if not n:
            raise RuntimeError(f"{player} has no legal action in {game!r}")
        # a number below n drawn as random.choice draws it (the fewest random bits, again while too big), written
        # out here: the same games as before, one call instead of three (a random game is thousands of choices)
        bits = self.rng.getrandbits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return actions[r]

    def __repr__(self) -> str:
        return "RandomBot()"


class GameTooLong(RuntimeError):
    """A game did not end within the allowed number of actions (a bug in a game or a bot)."""


def play(game: Game, bots: Mapping[str, Bot], *, max_actions: int = 100_000,
         on_action: Callable[[Game, str, Action], None] | None = None) -> Result:
    """Play ``game`` to the end with a bot for each side: ``play(g, {"Athens": a, "Sparta": b})``."""
    missing = [p for p in game.players if p not in bots]
    if missing:
        raise ValueError(f"no bot given for {', '.join(missing)}; sides are {', '.join(game.players)}")
    # the methods looked up once: a game is hundreds of actions
    is_over, current_player, apply = game.is_over, game.current_player, game.apply
    for _ in range(max_actions):
        player = current_player()
        if player is None and is_over():  # (nobody is to act in a game that is over)
            return game.result()
        action = bots[player].choose(game, player)
        apply(action)
        if on_action is not None:
            on_action(game, player, action)
    if game.is_over():
        return game.result()
    raise GameTooLong(f"{game.title} did not end after {max_actions} actions")
