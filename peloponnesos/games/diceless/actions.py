"""The decisions of the diceless game, as small frozen value objects (see ``docs/writing-a-game.md``).

Each has a ``kind`` (saved in files), the ``rule`` it applies, a short ``__str__`` a child can read
("Influence on Corinth") and ``places()``, the area ids a click on the map selects it by.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core import Action
from .board import default_board
from .chits import STAR, VOID, default_chits


def _area_name(area: str) -> str:
    return default_board().name(area)


def _chit_name(chit: str) -> str:
    return default_chits().name(chit)


@dataclass(frozen=True, slots=True)
class ChooseFirstPlacer(Action):
    """Diceless 1.1: say which side's player is the younger, who puts the free counter down first."""

    side: str
    kind: ClassVar[str] = "choose_first"
    rule: ClassVar[str] = "1.1"

    def __str__(self) -> str:
        return f"{self.side} places first"


@dataclass(frozen=True, slots=True)
class PlaceCounter(Action):
    """Diceless 1.1: put your second orientation counter on an area of your choice."""

    area: str
    kind: ClassVar[str] = "place_counter"
    rule: ClassVar[str] = "1.1"

    def __str__(self) -> str:
        return f"Counter on {_area_name(self.area)}"

    def places(self) -> tuple[str, ...]:
        return (self.area,)


@dataclass(frozen=True, slots=True)
class SwapChit(Action):
    """Diceless 3: the side holding Delphi puts one chit back and draws a new one."""

    chit: str
    kind: ClassVar[str] = "delphi_swap"
    rule: ClassVar[str] = "3"

    def __str__(self) -> str:
        return f"Swap {_chit_name(self.chit)} at Delphi"

    def places(self) -> tuple[str, ...]:
        return ("delphi",)


@dataclass(frozen=True, slots=True)
class KeepChits(Action):
    """Diceless 3: the side holding Delphi keeps its chits as they are."""

    kind: ClassVar[str] = "delphi_keep"
    rule: ClassVar[str] = "3"

    def __str__(self) -> str:
        return "Keep my chits"


@dataclass(frozen=True, slots=True)
class PlaceChit(Action):
    """Diceless 3: put one chit face down on an area within its range (Diceless 2).

    ``as_type`` is the kind a Star is played as ("Military", "Influence" or "Coup"); ``None`` for
    every other chit. ``as_type="Void"`` puts down a chit that cannot reach any area as a blank, which
    is allowed only when none of the player's chits can be placed in range (CLARIFICATIONS 3).
    """

    chit: str
    area: str
    as_type: str | None = None
    kind: ClassVar[str] = "place_chit"
    rule: ClassVar[str] = "3"

    def __str__(self) -> str:
        where = _area_name(self.area)
        if self.as_type is None:
            return f"{_chit_name(self.chit)} on {where}"
        if self.as_type == VOID and self.chit != STAR:
            return f"{_chit_name(self.chit)} on {where} (as a blank)"
        return f"{_chit_name(self.chit)} as {_chit_name(self.as_type)} on {where}"

    def places(self) -> tuple[str, ...]:
        return (self.area,)


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (ChooseFirstPlacer, PlaceCounter, SwapChit, KeepChits, PlaceChit)
}
