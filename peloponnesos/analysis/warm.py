"""Imported once in the clean process that ``run_games``'s workers are forked from (``runs.py``): the game
engines and their bots are imported, and one game of each is played, so that every worker starts with the
data files read and the engines' tables filled. Not for other uses."""

from __future__ import annotations

import contextlib

import cloudpickle  # noqa: F401  (the workers read their job with it)

from ..core import RandomBot, play
from ..core.registry import bots_for, games, new_game
from . import runs  # noqa: F401

for _info in games(include_planned=False):
    with contextlib.suppress(Exception):  # a game that cannot start here is simply imported by its worker
        bots_for(_info.name)
        _game = new_game(_info.name, seed=0)
        _game.log.enabled = False
        if _game.phase == "choose-first":
            _game.apply(_game.legal_actions()[0])
        play(_game, {side: RandomBot(k) for k, side in enumerate(_game.players)})
