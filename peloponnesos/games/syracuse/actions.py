"""Every decision a player takes on the campaign map of The Siege of Syracuse, as a small frozen action.

Each action names the rule it applies (``rule``), reads as a short sentence (``str``) and lists the areas it
concerns (``places()``, the main one first). Units are named by their counter ids ("A-H3", "S-C1", "SIC4"),
leaders by name ("Nicias"), areas by theirs ("L-10", "H-5", "S-1"); "OFF" is off the map. The battle board has
its own actions (``battle/actions.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core import Action

_INTERNED: dict[tuple, Action] = {}


def intern(cls, *args) -> Action:
    """One shared object per action, so the engine recognises its own actions by identity (fast)."""
    key = (cls, *args)
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = cls(*args)
    return found


@dataclass(frozen=True, slots=True)
class DeclareImpulse(Action):
    """Rules 6.1.2 and 6.2 step 1: conduct an impulse, ground or naval."""

    kind: ClassVar[str] = "declare_impulse"
    rule: ClassVar[str] = "6.2"
    impulse: str  # "ground" or "naval"

    def __str__(self) -> str:
        return f"declare a {self.impulse} impulse"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Rule 6.1.2: pass (two passes running end the Operations Phase)."""

    kind: ClassVar[str] = "pass"
    rule: ClassVar[str] = "6.1.2"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class ActivateArea(Action):
    """Rule 6.2 step 2: activate the area of a leader who has not activated (with an even roll, also the
    leaders in the areas next to it, with their units)."""

    kind: ClassVar[str] = "activate_area"
    rule: ClassVar[str] = "6.2"
    area: str
    adjacent: bool = False

    def __str__(self) -> str:
        return f"activate {self.area}" + (" and the leaders next to it" if self.adjacent else "")

    def places(self) -> tuple[str, ...]:
        return (self.area,)


@dataclass(frozen=True, slots=True)
class ActivateUnit(Action):
    """Rules 6.2 step 2 and 6.3: with no leader left to activate, activate one unit (a unit already activated
    this turn makes the re-activation check)."""

    kind: ClassVar[str] = "activate_unit"
    rule: ClassVar[str] = "6.3"
    unit: str

    def __str__(self) -> str:
        return f"activate {self.unit}"


@dataclass(frozen=True, slots=True)
class EndActivation(Action):
    """Rule 6.2 step 2: activate no more units."""

    kind: ClassVar[str] = "end_activation"
    rule: ClassVar[str] = "6.2"

    def __str__(self) -> str:
        return "activate no more units"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Rule 7.1: move an activated ground unit or leader to an area it can reach (the cheapest way)."""

    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = "7.1"
    piece: str
    dest: str

    def __str__(self) -> str:
        return f"move {self.piece} to {self.dest}"

    def places(self) -> tuple[str, ...]:
        return (self.dest,)


@dataclass(frozen=True, slots=True)
class MoveStack(Action):
    """Rule 7.1: move together every activated unit and leader of an area that can reach ``dest``."""

    kind: ClassVar[str] = "move_stack"
    rule: ClassVar[str] = "7.1"
    origin: str
    dest: str

    def __str__(self) -> str:
        return f"move everything that can from {self.origin} to {self.dest}"

    def places(self) -> tuple[str, ...]:
        return (self.dest, self.origin)


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Rule 10.5: swap a Syracusan cavalry unit for its light infantry, or back, as its activation starts."""

    kind: ClassVar[str] = "exchange"
    rule: ClassVar[str] = "10.5"
    unit: str

    def __str__(self) -> str:
        return f"exchange {self.unit} (cavalry ⇄ light infantry)"


@dataclass(frozen=True, slots=True)
class Embark(Action):
    """Rule 7.2.2: put a ground unit or a leader aboard an activated naval unit in its area."""

    kind: ClassVar[str] = "embark"
    rule: ClassVar[str] = "7.2.2"
    piece: str
    ship: str

    def __str__(self) -> str:
        return f"embark {self.piece} on {self.ship}"


@dataclass(frozen=True, slots=True)
class Sail(Action):
    """Rule 7.2: move an activated naval unit (and what it carries) to a sea area, a coastal area to beach
    in, or off the map ("OFF")."""

    kind: ClassVar[str] = "sail"
    rule: ClassVar[str] = "7.2"
    ship: str
    dest: str

    def __str__(self) -> str:
        return f"sail {self.ship} off the map" if self.dest == "OFF" else f"sail {self.ship} to {self.dest}"

    def places(self) -> tuple[str, ...]:
        return () if self.dest == "OFF" else (self.dest,)


@dataclass(frozen=True, slots=True)
class ReturnShip(Action):
    """Rule 7.2.1: try to bring a naval unit back onto the map (a D10 no more than the ML)."""

    kind: ClassVar[str] = "return_ship"
    rule: ClassVar[str] = "7.2.1"
    ship: str
    dest: str

    def __str__(self) -> str:
        return f"try to bring {self.ship} back to {self.dest}"

    def places(self) -> tuple[str, ...]:
        return (self.dest,)


@dataclass(frozen=True, slots=True)
class Reinforce(Action):
    """Rule 12: the reinforcements due now arrive in this area."""

    kind: ClassVar[str] = "reinforce"
    rule: ClassVar[str] = "12"
    area: str

    def __str__(self) -> str:
        return f"reinforcements arrive in {self.area}"

    def places(self) -> tuple[str, ...]:
        return (self.area,)


@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    """Rule 6.2 step 3: move no more."""

    kind: ClassVar[str] = "end_movement"
    rule: ClassVar[str] = "6.2"

    def __str__(self) -> str:
        return "end movement"


@dataclass(frozen=True, slots=True)
class React(Action):
    """Rule 6.4: try a reaction move with a unit (a D10 against the IL)."""

    kind: ClassVar[str] = "react"
    rule: ClassVar[str] = "6.4"
    unit: str

    def __str__(self) -> str:
        return f"try to react with {self.unit}"


@dataclass(frozen=True, slots=True)
class ReactMove(Action):
    """Rule 6.4: where a unit that passed its reaction check moves ("" or its own area: it stays)."""

    kind: ClassVar[str] = "react_move"
    rule: ClassVar[str] = "6.4"
    unit: str
    dest: str

    def __str__(self) -> str:
        return f"{self.unit} stays" if not self.dest else f"react: move {self.unit} to {self.dest}"

    def places(self) -> tuple[str, ...]:
        return (self.dest,) if self.dest and self.dest != "OFF" else ()


@dataclass(frozen=True, slots=True)
class EndReaction(Action):
    """Rule 6.4: try no more reactions."""

    kind: ClassVar[str] = "end_reaction"
    rule: ClassVar[str] = "6.4"

    def __str__(self) -> str:
        return "no more reactions"


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """Rule 8: choose the next area where a combat is fought."""

    kind: ClassVar[str] = "fight"
    rule: ClassVar[str] = "8"
    area: str

    def __str__(self) -> str:
        return f"fight in {self.area}"

    def places(self) -> tuple[str, ...]:
        return (self.area,)


@dataclass(frozen=True, slots=True)
class ChooseTime(Action):
    """Rules 8.1 step 1 and 10.6: the attacker fights by day or by night."""

    kind: ClassVar[str] = "choose_time"
    rule: ClassVar[str] = "8.1"
    night: bool

    def __str__(self) -> str:
        return "fight by night" if self.night else "fight by day"


@dataclass(frozen=True, slots=True)
class CallBuilders(Action):
    """Rules 8.1 and 10.2: leave the wall being built (or torn down) to fight, or keep the builders at work."""

    kind: ClassVar[str] = "call_builders"
    rule: ClassVar[str] = "10.2"
    fight: bool

    def __str__(self) -> str:
        return "call the builders to fight" if self.fight else "keep the builders at the wall"


@dataclass(frozen=True, slots=True)
class WantBattle(Action):
    """Rule 8.1: say whether you want a pitched battle."""

    kind: ClassVar[str] = "want_battle"
    rule: ClassVar[str] = "8.1"
    yes: bool

    def __str__(self) -> str:
        return "ask for a pitched battle" if self.yes else "no pitched battle"


@dataclass(frozen=True, slots=True)
class StackLeader(Action):
    """Rule 8.2 step 1: stack a leader with one of the units of the skirmish."""

    kind: ClassVar[str] = "stack_leader"
    rule: ClassVar[str] = "8.2"
    leader: str
    unit: str

    def __str__(self) -> str:
        return f"stack {self.leader} with {self.unit}"


@dataclass(frozen=True, slots=True)
class LineUp(Action):
    """Rule 8.2 step 2: set a unit opposite an enemy unit ("" holds it back)."""

    kind: ClassVar[str] = "line_up"
    rule: ClassVar[str] = "8.2"
    unit: str
    opposite: str

    def __str__(self) -> str:
        return f"hold {self.unit} back" if not self.opposite else f"line up {self.unit} against {self.opposite}"


@dataclass(frozen=True, slots=True)
class LineUpRest(Action):
    """Rule 8.2 step 2: line up the remaining units one against one, in order."""

    kind: ClassVar[str] = "line_up_rest"
    rule: ClassVar[str] = "8.2"

    def __str__(self) -> str:
        return "line up the rest one against one"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Rule 8.2 step 3: a unit attacks the enemy unit opposite it with its Fire or Assault CF (a D6)."""

    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = "8.2"
    unit: str
    target: str
    cf: str  # "fire" or "assault"

    def __str__(self) -> str:
        return f"{self.unit} attacks {self.target} ({self.cf})"


@dataclass(frozen=True, slots=True)
class Flee(Action):
    """Rule 8.2 step 3: a unit tries to escape the skirmish (a D10 against the ML)."""

    kind: ClassVar[str] = "flee"
    rule: ClassVar[str] = "8.2"
    unit: str

    def __str__(self) -> str:
        return f"{self.unit} tries to flee"


@dataclass(frozen=True, slots=True)
class CavalryRetreat(Action):
    """Rule 10.7: a cavalry unit attacked by no cavalry tries to ride away before the attack."""

    kind: ClassVar[str] = "cavalry_retreat"
    rule: ClassVar[str] = "10.7"
    yes: bool

    def __str__(self) -> str:
        return "try to retreat before the attack" if self.yes else "stand and take the attack"


@dataclass(frozen=True, slots=True)
class Refuge(Action):
    """Rules 8.2 and 8.3: the area a fleeing or routed unit goes to (L-7, or an Athenian wall or fort)."""

    kind: ClassVar[str] = "refuge"
    rule: ClassVar[str] = "8.2"
    piece: str
    area: str

    def __str__(self) -> str:
        return f"{self.piece} takes refuge in {self.area}"

    def places(self) -> tuple[str, ...]:
        return (self.area,)


@dataclass(frozen=True, slots=True)
class Relocate(Action):
    """Rule 7.1: a beached naval unit whose area enemy ground units entered goes to a sea area (or off map)."""

    kind: ClassVar[str] = "relocate"
    rule: ClassVar[str] = "7.1"
    ship: str
    dest: str

    def __str__(self) -> str:
        return f"{self.ship} puts to sea" + (" off the map" if self.dest == "OFF" else f" in {self.dest}")

    def places(self) -> tuple[str, ...]:
        return () if self.dest == "OFF" else (self.dest,)


@dataclass(frozen=True, slots=True)
class BuildWall(Action):
    """Rule 10.2.1 (and 10.3): the activated units of an area that did not fight build a siege wall (a D6)."""

    kind: ClassVar[str] = "build_wall"
    rule: ClassVar[str] = "10.2.1"
    area: str

    def __str__(self) -> str:
        return f"build a siege wall in {self.area}"

    def places(self) -> tuple[str, ...]:
        return (self.area,)


@dataclass(frozen=True, slots=True)
class TearDown(Action):
    """Rule 10.2.2: the activated units of an area that did not fight start tearing down a siege wall."""

    kind: ClassVar[str] = "tear_down"
    rule: ClassVar[str] = "10.2.2"
    area: str
    wall: str  # whose wall: "Athens" or "Syracuse"

    def __str__(self) -> str:
        return f"tear down the {self.wall} siege wall in {self.area}"

    def places(self) -> tuple[str, ...]:
        return (self.area,)


@dataclass(frozen=True, slots=True)
class EndWalls(Action):
    """Rule 6.2 step 6: build or tear down nothing more in this impulse."""

    kind: ClassVar[str] = "end_walls"
    rule: ClassVar[str] = "6.2"

    def __str__(self) -> str:
        return "end wall building"


@dataclass(frozen=True, slots=True)
class SupplyUnit(Action):
    """Rule 9.2.1: put one more unit in supply from the city's limited stores."""

    kind: ClassVar[str] = "supply_unit"
    rule: ClassVar[str] = "9.2.1"
    unit: str

    def __str__(self) -> str:
        return f"supply {self.unit} from the city"


@dataclass(frozen=True, slots=True)
class SupplyRest(Action):
    """Rule 9.2.1: let the engine choose the rest (units in the city first, then the strongest)."""

    kind: ClassVar[str] = "supply_rest"
    rule: ClassVar[str] = "9.2.1"

    def __str__(self) -> str:
        return "supply the rest in order (units in the city first, then the strongest)"


@dataclass(frozen=True, slots=True)
class Replace(Action):
    """Rule 9.4: try to give a replacement step to a reduced unit (a D10 no more than the ML)."""

    kind: ClassVar[str] = "replace"
    rule: ClassVar[str] = "9.4"
    unit: str

    def __str__(self) -> str:
        return f"replacement for {self.unit}"


@dataclass(frozen=True, slots=True)
class EndReplacements(Action):
    """Rule 9.4: designate no more units for replacements."""

    kind: ClassVar[str] = "end_replacements"
    rule: ClassVar[str] = "9.4"

    def __str__(self) -> str:
        return "no more replacements"


@dataclass(frozen=True, slots=True)
class PlaceSicel(Action):
    """Rule 10.1.1: place a Sicel unit you drew (west edge, or with a leader who can trace supply)."""

    kind: ClassVar[str] = "place_sicel"
    rule: ClassVar[str] = "10.1.1"
    unit: str
    area: str

    def __str__(self) -> str:
        return f"place {self.unit} in {self.area}"

    def places(self) -> tuple[str, ...]:
        return (self.area,)


@dataclass(frozen=True, slots=True)
class ChooseDeserter(Action):
    """Rule 10.1.1: choose which of your opponent's Sicel units deserts."""

    kind: ClassVar[str] = "choose_deserter"
    rule: ClassVar[str] = "10.1.1"
    unit: str

    def __str__(self) -> str:
        return f"{self.unit} deserts"


ACTION_TYPES = (DeclareImpulse, Pass, ActivateArea, ActivateUnit, EndActivation, Move, MoveStack, Exchange, Embark,
                Sail, ReturnShip, Reinforce, EndMovement, React, ReactMove, EndReaction, Fight, ChooseTime,
                CallBuilders, WantBattle, StackLeader, LineUp, LineUpRest, Attack, Flee, CavalryRetreat, Refuge,
                Relocate, BuildWall, TearDown, EndWalls, SupplyUnit, SupplyRest, Replace, EndReplacements,
                PlaceSicel, ChooseDeserter)


_PATTERNS = [
    (r"declare an? (\w+) impulse", lambda m: DeclareImpulse(m[1])),
    (r"activate (\S+) and the leaders next to it", lambda m: ActivateArea(m[1], True)),
    (r"activate ([A-Z]-\d+|I-1)", lambda m: ActivateArea(m[1], False)),
    (r"activate (\S+)", lambda m: ActivateUnit(m[1])),
    (r"move everything that can from (\S+) to (\S+)", lambda m: MoveStack(m[1], m[2])),
    (r"move (\S+) to (\S+)", lambda m: Move(m[1], m[2])),
    (r"exchange (\S+) .*", lambda m: Exchange(m[1])),
    (r"embark (\S+) on (\S+)", lambda m: Embark(m[1], m[2])),
    (r"sail (\S+) off the map", lambda m: Sail(m[1], "OFF")),
    (r"sail (\S+) to (\S+)", lambda m: Sail(m[1], m[2])),
    (r"try to bring (\S+) back to (\S+)", lambda m: ReturnShip(m[1], m[2])),
    (r"reinforcements arrive in (\S+)", lambda m: Reinforce(m[1])),
    (r"try to react with (\S+)", lambda m: React(m[1])),
    (r"react: move (\S+) to (\S+)", lambda m: ReactMove(m[1], m[2])),
    (r"(\S+) stays", lambda m: ReactMove(m[1], "")),
    (r"fight in (\S+)", lambda m: Fight(m[1])),
    (r"stack (\S+) with (\S+)", lambda m: StackLeader(m[1], m[2])),
    (r"hold (\S+) back", lambda m: LineUp(m[1], "")),
    (r"line up (\S+) against (\S+)", lambda m: LineUp(m[1], m[2])),
    (r"(\S+) attacks (\S+) \((\w+)\)", lambda m: Attack(m[1], m[2], m[3])),
    (r"(\S+) tries to flee", lambda m: Flee(m[1])),
    (r"(\S+) takes refuge in (\S+)", lambda m: Refuge(m[1], m[2])),
    (r"build a siege wall in (\S+)", lambda m: BuildWall(m[1])),
    (r"tear down the (\w+) siege wall in (\S+)", lambda m: TearDown(m[2], m[1])),
    (r"supply (\S+) from the city", lambda m: SupplyUnit(m[1])),
    (r"replacement for (\S+)", lambda m: Replace(m[1])),
    (r"place (\S+) in (\S+)", lambda m: PlaceSicel(m[1], m[2])),
    (r"(\S+) deserts", lambda m: ChooseDeserter(m[1])),
]


def parse(text: str) -> Action | None:
    """The action written as ``text`` (the way ``str`` writes it), legal or not; ``None`` if it reads as none."""
    import re

    for pattern, build in _PATTERNS:
        m = re.fullmatch(pattern, text)
        if m:
            return build(m)
    return None
