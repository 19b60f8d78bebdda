"""Every decision in Mountford's Peloponnesian War, as a small frozen action (``core/actions.py``).

Spaces are named by their ids in ``data/map.toml`` ("piraeus"), city-states by theirs ("athens"),
leaders by name ("Phormio"). Each action names the rule it applies (``rule``: Mountford's chapter 4
and 5 numbers, or 10.x for the frame, which is ours) and reads as a short sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ...core import Action

ARMS = ("H", "C", "N")


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Frame 10.3: activate a leader and place him with SPs of his side in a space."""

    kind: ClassVar[str] = "activate"
    rule: ClassVar[str] = "10.3"
    leader: str
    space: str

    def __str__(self) -> str:
        return f"activate {self.leader} at {self.space}"

    def places(self) -> tuple[str, ...]:
        return (self.space,)


@dataclass(frozen=True, slots=True)
class DeclareWar(Action):
    """Frame 10.8: declare war on a neutral city-state (its spaces become unfriendly, 5.8)."""

    kind: ClassVar[str] = "declare_war"
    rule: ClassVar[str] = "10.8"
    city: str

    def __str__(self) -> str:
        return f"declare war on {self.city}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Frame 10.3: no more operations for this side this game turn."""

    kind: ClassVar[str] = "pass"
    rule: ClassVar[str] = "10.3"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Form(Action):
    """Mountford 4: the SPs that go with the leader (an army), paid for by his city-state (frame 10.3)."""

    kind: ClassVar[str] = "form"
    rule: ClassVar[str] = "4"
    hoplites: int
    cavalry: int
    naval: int

    def __str__(self) -> str:
        return f"form an army of {self.hoplites}H {self.cavalry}C {self.naval}N"


@dataclass(frozen=True, slots=True)
class Objective(Action):
    """Mountford 4 and 5: the objective space, whether to fight there, and which paths to use
    (``via``: "" usual, "no_mountains" ignoring mountain paths 4.5.3, "taenarum" the crossing 4.2)."""

    kind: ClassVar[str] = "objective"
    rule: ClassVar[str] = "4"
    dest: str
    combat: bool
    via: str = ""

    def __str__(self) -> str:
        how = {"": "", "no_mountains": " avoiding mountain paths", "taenarum": " by the Taenarum crossing"}.get(
            self.via, f" via {self.via}")
        return f"{'attack' if self.combat else 'move to'} {self.dest}{how}"

    def places(self) -> tuple[str, ...]:
        return (self.dest,)


@dataclass(frozen=True, slots=True)
class ChooseRoute(Action):
    """Mountford 4: choose among equally short legal routes."""

    kind: ClassVar[str] = "choose_route"
    rule: ClassVar[str] = "4"
    route: tuple[str, ...]

    def __str__(self) -> str:
        return "route " + "-".join(self.route)

    def places(self) -> tuple[str, ...]:
        return tuple(reversed(self.route))


def _simple(name: str, kind: str, rule: str, text: str, doc: str):
    cls = type(name, (Action,), {"__doc__": doc, "kind": kind, "rule": rule, "__str__": lambda self: text,
                                 "__annotations__": {"kind": ClassVar[str], "rule": ClassVar[str]}})
    return dataclass(frozen=True, slots=True)(cls)


Intercept = _simple("Intercept", "intercept", "4.6", "intercept", "Mountford 4.6: roll to intercept the moving army.")
NoIntercept = _simple("NoIntercept", "no_intercept", "4.6", "let it pass", "Mountford 4.6: do not try to intercept.")
PutToSea = _simple("PutToSea", "put_to_sea", "5.2.1", "put to sea",
                   "Mountford 5.2.1: an intercepted army eligible for naval transport avoids the land battle.")
StandAndFight = _simple("StandAndFight", "stand_and_fight", "5.2.1", "stand and fight",
                        "Mountford 5.2.1: do not put to sea.")
NoLeader = _simple("NoLeader", "no_leader", "5", "no leader", "Mountford 5: place no leader in the home space.")
TrySkirmish = _simple("TrySkirmish", "try_skirmish", "5.2", "try for a running skirmish",
                      "Mountford 5.2: roll to turn the battle into a running skirmish.")
AcceptBattle = _simple("AcceptBattle", "accept_battle", "5.2", "fight a hoplite battle",
                       "Mountford 5.2: fight a hoplite battle.")
Ravage = _simple("Ravage", "ravage", "5.2", "ravage the space", "Mountford 5.2: ravage the space.")
Spare = _simple("Spare", "spare", "5.2", "spare the space", "Mountford 5.2: do not ravage.")
Retreat = _simple("Retreat", "retreat", "4.6", "retreat to the space it came from",
                  "Mountford 4.6 and 5: the beaten army goes back to the space it just moved from.")
Remain = _simple("Remain", "remain", "4.6", "remain in the battle space", "Mountford 4.6: stay where the battle was.")
Reroute = _simple("Reroute", "reroute", "4.3", "take a route that needs no ships",
                  "Mountford 4.3: follow another legal route that needs no naval transport.")
Abort = _simple("Abort", "abort", "4.3", "abort the operation", "Mountford 4.3: stop here.")
Besiege = _simple("Besiege", "besiege", "5.8", "make a siege attempt", "Mountford 5.8: pay and roll for siege points.")
NoSiege = _simple("NoSiege", "no_siege", "5.8", "make no siege attempt", "Mountford 5.8: no siege attempt.")
PlaceGarrison = _simple("PlaceGarrison", "place_garrison", "5.8", "place a garrison",
                        "Mountford 5.8: put a garrison marker in the captured space.")
NoGarrison = _simple("NoGarrison", "no_garrison", "5.8", "leave no garrison", "Mountford 5.8: no garrison.")


@dataclass(frozen=True, slots=True)
class PlaceLeader(Action):
    """Mountford 5: a major city-state whose home-space units fight may place a leader there."""

    kind: ClassVar[str] = "place_leader"
    rule: ClassVar[str] = "5"
    leader: str

    def __str__(self) -> str:
        return f"place {self.leader} in the home space"


@dataclass(frozen=True, slots=True)
class Participate(Action):
    """Mountford 5.1 and 5.2: SPs of one arm in one space join the battle, stay out, or (ships only)
    burn themselves rather than fight."""

    kind: ClassVar[str] = "participate"
    rule: ClassVar[str] = "5.1"
    space: str
    arm: str  # "naval" or "land"
    choice: str  # "join", "avoid", "burn"

    def __str__(self) -> str:
        what = "ships" if self.arm == "naval" else "troops"
        verb = {"join": "join the battle", "avoid": "stay out", "burn": "burn themselves"}.get(self.choice, self.choice)
        return f"{what} at {self.space} {verb}"

    def places(self) -> tuple[str, ...]:
        return (self.space,)


@dataclass(frozen=True, slots=True)
class TakeLoss(Action):
    """Mountford 5.4: the next SP lost: whose, and of which arm (H, C or N)."""

    kind: ClassVar[str] = "take_loss"
    rule: ClassVar[str] = "5.4"
    city: str
    arm: str

    def __str__(self) -> str:
        return f"lose 1{self.arm} of {self.city}"


@dataclass(frozen=True, slots=True)
class DropLand(Action):
    """Mountford 4.3: eliminate land SPs so the ships left can carry the rest."""

    kind: ClassVar[str] = "drop_land"
    rule: ClassVar[str] = "4.3"
    hoplites: int
    cavalry: int

    def __str__(self) -> str:
        return f"eliminate {self.hoplites}H {self.cavalry}C to keep sailing"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Frame 10.4: build naval SPs at a major city-state's home port."""

    kind: ClassVar[str] = "build"
    rule: ClassVar[str] = "10.4"
    city: str
    ships: int

    def __str__(self) -> str:
        return f"{self.city} builds {self.ships}N"


ACTION_TYPES = (Activate, DeclareWar, Pass, Form, Objective, ChooseRoute, Intercept, NoIntercept, PutToSea,
                StandAndFight, PlaceLeader, NoLeader, Participate, TrySkirmish, AcceptBattle, TakeLoss, Ravage, Spare,
                Retreat, Remain, DropLand, Reroute, Abort, Besiege, NoSiege, PlaceGarrison, NoGarrison, Build)


_PATTERNS = (
    (re.compile(r"activate (\S+) at (\S+)"), lambda m: Activate(m[1], m[2])),
    (re.compile(r"declare war on (\S+)"), lambda m: DeclareWar(m[1])),
    (re.compile(r"form an army of (\d{1,3})H (\d{1,3})C (\d{1,3})N"), lambda m: Form(int(m[1]), int(m[2]), int(m[3]))),
    (re.compile(r"(move to|attack) (\S+)( avoiding mountain paths| by the Taenarum crossing)?"),
     lambda m: Objective(m[2], m[1] == "attack", {" avoiding mountain paths": "no_mountains",
                                                  " by the Taenarum crossing": "taenarum"}.get(m[3] or "", ""))),
    (re.compile(r"route (\S+)"), lambda m: ChooseRoute(tuple(m[1].split("-")))),
    (re.compile(r"place (\S+) in the home space"), lambda m: PlaceLeader(m[1])),
    (re.compile(r"(ships|troops) at (\S+) (join the battle|stay out|burn themselves)"),
     lambda m: Participate(m[2], "naval" if m[1] == "ships" else "land",
                           {"join the battle": "join", "stay out": "avoid", "burn themselves": "burn"}[m[3]])),
    (re.compile(r"lose 1([HCN]) of (\S+)"), lambda m: TakeLoss(m[2], m[1])),
    (re.compile(r"eliminate (\d{1,3})H (\d{1,3})C to keep sailing"), lambda m: DropLand(int(m[1]), int(m[2]))),
    (re.compile(r"(\S+) builds (\d{1,3})N"), lambda m: Build(m[1], int(m[2]))),
)


def parse(text: str) -> Action | None:
    """The action with fields written as ``text`` (its ``str``), legal now or not, or None (the kernel's
    ``Game.parse_action`` reads the legal ones and those without fields)."""
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return build(m)
    return None
