"""Everything that changes during a diceless game, in one object with a cheap ``copy()``.

Sides are numbered 0 (Sparta) and 1 (Athens) inside the engine. An area never holds counters of both
sides at once (Diceless 4: a chit first takes the enemy's counters away, the area turns neutral, and only
then can a counter of the other side go there), so the counters of an area are one signed number:
``+n`` Sparta has n counters, ``-n`` Athens has n, ``0`` neutral. ``owned[side]`` is the bit mask of the
areas on that side, kept in step with ``counters``.
"""

from __future__ import annotations

from typing import Any

SPARTA, ATHENS = 0, 1
SIDES = ("Sparta", "Athens")

# phases, in the order of a turn (Diceless 1.1 and 3)
CHOOSE_FIRST = "choose-first"  # the teacher says which player is the younger (Diceless 1.1)
SET_UP = "set-up"              # the free orientation counters are placed (Diceless 1.1)
DELPHI = "delphi"              # the side holding Delphi may swap a chit (Diceless 3)
PLACE = "place"                # chits are put face down, alternately (Diceless 3)
OVER = "over"


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


class DicelessState:
    """All changing state. Lists are copied by ``copy()``; tuples inside them are shared."""

    __slots__ = (
        "counters",
        "cup",
        "first",
        "first_placer",
        "hands",
        "level",
        "over",
        "owned",
        "phase",
        "placed",
        "reason",
        "revealed",
        "setup_placed",
        "specials_used",
        "struggles",
        "struggles_turn",
        "swapped",
        "to_act",
        "toss",
        "turn",
        "winner",
    )

    def __init__(self, n_areas: int, cup: list[str]) -> None:
        self.turn = 0                                # 0 during set-up, then 1..15
        self.phase = SET_UP
        self.counters: list[int] = [0] * n_areas     # signed: + Sparta, - Athens
        self.owned: list[int] = [0, 0]               # bit masks of the areas on each side
        self.hands: list[list[str]] = [[], []]       # chit codes held (secret)
        self.cup: list[str] = list(cup)              # chit codes in the cup
        self.placed: list[tuple] = []                # this turn: (side, chit, area index, as_type), in order
        self.to_act: int | None = SPARTA
        self.first: int | None = None                # who places first this turn (the Gods' toss)
        self.first_placer: int | None = None         # who placed the free counter first (Diceless 1.1)
        self.setup_placed = 0
        self.specials_used: list[str] = []           # special chits that have been played (public)
        self.struggles: list[tuple] = []             # the step records of the last reveal (public)
        self.struggles_turn: int | None = None
        self.revealed: list[tuple] = []              # the chits turned over at the last reveal (public)
        self.toss: tuple | None = None               # (tosser, badge up?) of this turn
        self.swapped = False                         # the Delphi swap was decided this turn
        self.over = False
        self.winner: int | None = None
        self.level = ""
        self.reason = ""

    def copy(self) -> DicelessState:
        other = DicelessState.__new__(DicelessState)
        other.turn = self.turn
        other.phase = self.phase
        other.counters = self.counters[:]
        other.owned = self.owned[:]
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.cup = self.cup[:]
        other.placed = self.placed[:]
        other.to_act = self.to_act
        other.first = self.first
        other.first_placer = self.first_placer
        other.setup_placed = self.setup_placed
        other.specials_used = self.specials_used[:]
        other.struggles = self.struggles  # replaced, never changed in place
        other.struggles_turn = self.struggles_turn
        other.revealed = self.revealed  # likewise
        other.toss = self.toss
        other.swapped = self.swapped
        other.over = self.over
        other.winner = self.winner
        other.level = self.level
        other.reason = self.reason
        return other

    def counters_of(self, area: int) -> tuple[int, int]:
        """(Sparta's, Athens') counters in an area."""
        c = self.counters[area]
        return (c, 0) if c >= 0 else (0, -c)

    def to_dict(self) -> dict[str, Any]:
        """The full state as plain JSON values, hidden information included (for digests and tests)."""
        return {
            "turn": self.turn, "phase": self.phase, "counters": list(self.counters),
            "hands": {SIDES[i]: list(self.hands[i]) for i in (0, 1)}, "cup": list(self.cup),
            "placed": [[SIDES[s], chit, area, as_type] for s, chit, area, as_type in self.placed],
            "to_act": None if self.to_act is None else SIDES[self.to_act],
            "first": None if self.first is None else SIDES[self.first],
            "first_placer": None if self.first_placer is None else SIDES[self.first_placer],
            "setup_placed": self.setup_placed, "specials_used": list(self.specials_used),
            "struggles_turn": self.struggles_turn, "struggles": _plain(self.struggles),
            "revealed": [[SIDES[s], chit, area, as_type] for s, chit, area, as_type in self.revealed],
            "toss": None if self.toss is None else [SIDES[self.toss[0]], self.toss[1]],
            "swapped": self.swapped, "over": self.over,
            "winner": None if self.winner is None else SIDES[self.winner], "level": self.level,
            "reason": self.reason,
        }
