"""The collection of games: listed from ``games/catalogue.toml`` and imported only when played."""

from __future__ import annotations

import importlib
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .errors import UnknownGame


@dataclass(frozen=True, slots=True)
class GameInfo:
    name: str
    title: str
    players: tuple[str, ...]
    ages: str
    status: str  # "ready" or "planned"
    summary: str
    teaches: str
    lesson: str
    engine: str  # "module:Class"
    bots: tuple[tuple[str, str], ...] = ()  # (label, "module:Class"), strongest first
    default_bot: str = ""  # the computer player a class meets unless it chooses another (the lessons' one)

    @property
    def ready(self) -> bool:
        return self.status == "ready"


@cache
def _catalogue() -> dict[str, GameInfo]:
    text = resources.files("peloponnesos.games").joinpath("catalogue.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return {
        name: GameInfo(name, g["title"], tuple(g["players"]), g["ages"], g["status"], " ".join(g["summary"].split()),
                       " ".join(g["teaches"].split()), g.get("lesson", ""), g.get("engine", ""),
                       tuple(g.get("bots", {}).items()), g.get("default_bot", ""))
        for name, g in data["game"].items()
    }


def games(include_planned: bool = True) -> list[GameInfo]:
    """Every game in the collection (those still being built are marked ``planned``)."""
    return [g for g in _catalogue().values() if include_planned or g.ready]


def game_info(name: str) -> GameInfo:
    catalogue = _catalogue()
    if name not in catalogue:
        raise UnknownGame(f"there is no game called {name!r}; the games are: {', '.join(catalogue)}")
    return catalogue[name]


def game_class(name: str):
    info = game_info(name)
    if not info.ready:
        raise UnknownGame(f"{info.title} ({name!r}) is planned but not built yet; playable now: "
                          f"{', '.join(g.name for g in games(False))}")
    module, _, cls = info.engine.partition(":")
    return getattr(importlib.import_module(module), cls)


def new_game(name: str, seed: int | None = None, **options: Any):
    """Start a new game: ``new_game("sfacteria", seed=1)``. The same seed replays the same dice."""
    return game_class(name)(seed=seed, **options)


def bots_for(name: str) -> dict:
    """The computer players of game ``name``, by label, strongest first; every game has ``random``.
    Each is a class taking ``seed=``."""
    from .bots import RandomBot

    found = {}
    for label, path in game_info(name).bots:
        module, _, cls = path.partition(":")
        found[label] = getattr(importlib.import_module(module), cls)
    found.setdefault("random", RandomBot)
    return found
