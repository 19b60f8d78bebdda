"""The decisions of a pitched battle on the battle board, as small frozen actions. Squares are named by column
letter and row number ("D11"); facings are N (towards row 11, the defender's edge), E, S (towards row 1), W."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ....core import Action


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    """Rules 8.1 and 10.6: set up a unit (or a leader, with a unit already there) in a square."""

    kind: ClassVar[str] = "deploy"
    rule: ClassVar[str] = "8.1"
    piece: str
    square: str

    def __str__(self) -> str:
        return f"set up {self.piece} in {self.square}"


@dataclass(frozen=True, slots=True)
class DeployRest(Action):
    """Rule 8.1: set up the remaining units from left to right."""

    kind: ClassVar[str] = "deploy_rest"
    rule: ClassVar[str] = "8.1"

    def __str__(self) -> str:
        return "set up the rest from left to right"


@dataclass(frozen=True, slots=True)
class Advance(Action):
    """Rule 7.3: move a unit (with its leader's stack) one square straight ahead, 1 MP."""

    kind: ClassVar[str] = "advance"
    rule: ClassVar[str] = "7.3"
    unit: str
    stack: bool = False

    def __str__(self) -> str:
        return f"advance {self.unit}" + (" with its stack" if self.stack else "")


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """Rule 7.3: turn a unit (with its leader's stack) to face another side of its square, 1 MP."""

    kind: ClassVar[str] = "turn"
    rule: ClassVar[str] = "7.3"
    unit: str
    facing: str
    stack: bool = False

    def __str__(self) -> str:
        return f"turn {self.unit} to face {self.facing}" + (" with its stack" if self.stack else "")


@dataclass(frozen=True, slots=True)
class Halt(Action):
    """Rule 7.3: the unit moving now moves no more."""

    kind: ClassVar[str] = "halt"
    rule: ClassVar[str] = "7.3"
    unit: str

    def __str__(self) -> str:
        return f"halt {self.unit}"


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """Rule 6.5: nothing more in this phase (movement, fire, assault, cavalry retreats)."""

    kind: ClassVar[str] = "end_phase"
    rule: ClassVar[str] = "6.5"

    def __str__(self) -> str:
        return "end the phase"


@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Rule 8.3.1: a unit with a Missile CF shoots at the top unit of a square in range straight ahead."""

    kind: ClassVar[str] = "fire"
    rule: ClassVar[str] = "8.3.1"
    unit: str
    square: str

    def __str__(self) -> str:
        return f"{self.unit} fires at {self.square}"


@dataclass(frozen=True, slots=True)
class Assault(Action):
    """Rule 8.3.2: every unit facing the square from next to it assaults it together (the assault CRT)."""

    kind: ClassVar[str] = "assault"
    rule: ClassVar[str] = "8.3.2"
    square: str

    def __str__(self) -> str:
        return f"assault {self.square}"


@dataclass(frozen=True, slots=True)
class NavalAssault(Action):
    """Rule 8.3.3: a ground unit aboard a ship assaults the enemy ship its ship faces, on its own (a D10 first)."""

    kind: ClassVar[str] = "naval_assault"
    rule: ClassVar[str] = "8.3.3"
    unit: str
    square: str

    def __str__(self) -> str:
        return f"{self.unit} boards the enemy in {self.square}"


@dataclass(frozen=True, slots=True)
class Ram(Action):
    """Rule 8.3.4: a ship rams the enemy ship straight ahead (a D10 against its CF)."""

    kind: ClassVar[str] = "ram"
    rule: ClassVar[str] = "8.3.4"
    ship: str
    target: str

    def __str__(self) -> str:
        return f"{self.ship} rams {self.target}"


@dataclass(frozen=True, slots=True)
class RetreatCavalry(Action):
    """Rule 10.7: after defensive fire, a cavalry unit threatened by no cavalry tries to ride back a square."""

    kind: ClassVar[str] = "retreat_cavalry"
    rule: ClassVar[str] = "10.7"
    unit: str
    square: str

    def __str__(self) -> str:
        return f"{self.unit} tries to ride back to {self.square}"


ACTION_TYPES = (Deploy, DeployRest, Advance, Turn, Halt, EndPhase, Fire, Assault, NavalAssault, Ram, RetreatCavalry)

_PATTERNS = [
    (r"set up (\S+) in (\S+)", lambda m: Deploy(m[1], m[2])),
    (r"set up the rest from left to right", lambda m: DeployRest()),
    (r"advance (\S+) with its stack", lambda m: Advance(m[1], True)),
    (r"advance (\S+)", lambda m: Advance(m[1], False)),
    (r"turn (\S+) to face (\S+) with its stack", lambda m: Turn(m[1], m[2], True)),
    (r"turn (\S+) to face (\S+)", lambda m: Turn(m[1], m[2], False)),
    (r"halt (\S+)", lambda m: Halt(m[1])),
    (r"end the phase", lambda m: EndPhase()),
    (r"(\S+) fires at (\S+)", lambda m: Fire(m[1], m[2])),
    (r"assault (\S+)", lambda m: Assault(m[1])),
    (r"(\S+) boards the enemy in (\S+)", lambda m: NavalAssault(m[1], m[2])),
    (r"(\S+) rams (\S+)", lambda m: Ram(m[1], m[2])),
    (r"(\S+) tries to ride back to (\S+)", lambda m: RetreatCavalry(m[1], m[2])),
]


def parse(text: str) -> Action | None:
    for pattern, build in _PATTERNS:
        m = re.fullmatch(pattern, text)
        if m:
            return build(m)
    return None
