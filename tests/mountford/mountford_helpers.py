"""Helpers for the Mountford tests: build a position on an empty map, then play from it."""

from __future__ import annotations

import pytest

from peloponnesos.core import IllegalAction
from peloponnesos.games.mountford import MountfordGame


def position(forces: dict[str, dict[str, tuple]], *, side: str = "Athens", seed: int = 1, owners: dict | None = None,
             turn: int | None = None, **options) -> MountfordGame:
    """The 431 map with only ``forces`` on it: ``{"piraeus": {"athens": (0, 0, 12)}}``; ``side`` to choose an
    operation. ``owners`` changes who controls spaces: ``{"megara": "athens"}``."""
    g = MountfordGame(seed=seed, **options)
    if turn is not None:
        g.start_turn(turn)
    g.clear_forces()
    for space, stacks in forces.items():
        for city, (h, c, n) in stacks.items():
            g.place(space, city, h, c, n)
    for space, city in (owners or {}).items():
        g.set_owner(space, city)
    if forces:  # with nothing on the map nobody could act, and the game would run on by itself
        g.give_operation(side)
    return g


def do(game: MountfordGame, *actions: str) -> None:
    """Apply actions by their text, e.g. ``do(g, "activate Phormio at piraeus", "form an army of 0H 0C 3N")``."""
    for a in actions:
        game.apply(a)


def legal_texts(game: MountfordGame) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def illegal(game: MountfordGame, action, rule: str) -> IllegalAction:
    """Assert ``action`` is refused citing ``rule`` and that nothing changed."""
    before = game.digest()
    history = len(game.history)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.rule == f"Mountford {rule}", info.value
    assert game.digest() == before
    assert len(game.history) == history
    return info.value


def sps(game: MountfordGame, space: str, city: str) -> tuple[int, int, int]:
    return game.state.forces.get(game.board.index[space], {}).get(city, (0, 0, 0))


def events(game: MountfordGame, kind: str) -> list:
    return [e for e in game.log if e.kind == kind]
