"""Helpers for the Sfacteria tests: build a position on an empty board, then play from it."""

from __future__ import annotations

import pytest

from peloponnesos.core import IllegalAction
from peloponnesos.games.sfacteria import SfacteriaGame


def position(pieces: dict[str, list[str]], *, seed: int = 1, bowl: bool = False, **options) -> SfacteriaGame:
    """An empty board with ``pieces`` placed: ``{"T6": ["AH1", "-AH2", "Demosthenes"]}`` (a leading
    ``-`` places the unit on its reduced face). Unless ``bowl``, the stratagem chits are set aside so
    that no secret window interrupts the test; ``give_stratagems`` brings chosen chits back."""
    game = SfacteriaGame(seed=seed, scenario="empty", **options)
    if not bowl:
        game.state.out_chits = list(game.stratagems.chit_numbers)
    for zone, names in pieces.items():
        for name in names:
            game.place(name.lstrip("-"), zone, reduced=name.startswith("-"))
    return game


def unit_zone(game: SfacteriaGame, piece: str) -> str:
    z = game.piece_zone(piece)
    return {-1: "OFF", -2: "ELIM"}.get(z) or game.map.ids[z]


def reduced(game: SfacteriaGame, unit: str) -> bool:
    return game.state.ured[game.oob.unit_index[unit]]


def illegal(game: SfacteriaGame, action, rule: str) -> IllegalAction:
    """Assert ``action`` is refused citing ``rule`` and that nothing changed."""
    before = game.digest()
    history = len(game.history)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.rule == f"Sfacteria {rule}", info.value
    assert game.digest() == before
    assert len(game.history) == history
    return info.value


def do(game: SfacteriaGame, *actions: str) -> None:
    """Apply actions by their text, e.g. ``do(g, "announce 2 PA", "activate T5")``. An "end movement", or an
    announcement, that the engine already took by itself (nothing else was possible) is skipped."""
    for a in actions:
        if a == "end movement" and game.state.step != "D_move":
            continue
        if a.startswith("announce ") and game.state.step != "D_start":
            forced = [e for e in game.log if e.kind == "forced"]
            if forced and forced[-1].text.endswith(f": {a} (the only choice)."):
                continue
        game.apply(a)



def schedule(game: SfacteriaGame, piece: str, turn: int) -> None:
    """Make ``piece`` a reinforcement due in ``turn`` (off the map until then)."""
    game.place(piece, "OFF")
    kind, idx = game.oob.piece_kind(piece)
    (game.state.uarr if kind == "unit" else game.state.larr)[idx] = turn
