"""Every decision a player takes in Sfacteria, as a small frozen action (see ``core/actions.py``).

Each action names the rule it applies (``rule``, for rule cards), reads as a short sentence
(``str``), and lists the zones it concerns (``places()``, the main one first) so a click on the map
can pick it. Pieces are named by their ids (``AH1``, ``SH5``, ``Demosthenes``); zones and bases by
theirs (``T6``, ``N8``, ``BASE_ATH_NAVAL``). PA are counted in halves (``halves=3`` is 1½ PA).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from ...core import Action
from .stratagems import default_stratagems


@cache
def fmt_pa(halves: int) -> str:
    """3 → '1½'."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


@dataclass(frozen=True, slots=True)
class AnnouncePA(Action):
    """Rule 3.D step 1: say how many PA this action phase will spend."""

    kind: ClassVar[str] = "announce_pa"
    rule: ClassVar[str] = "3.D"
    halves: int

    def __str__(self) -> str:
        return f"announce {fmt_pa(self.halves)} PA"


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Rule 3.D step 2: activate a zone or a base so its pieces may move."""

    kind: ClassVar[str] = "activate"
    rule: ClassVar[str] = "3.D"
    zone: str

    def __str__(self) -> str:
        return f"activate {self.zone}"

    def places(self) -> tuple[str, ...]:
        return (self.zone,)


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Rule 4: move a land unit, or a leader with land units, over land (places: destination, origin)."""

    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = "4"
    piece: str
    origin: str
    dest: str

    def __str__(self) -> str:
        return f"move {self.piece} {self.origin}→{self.dest}"

    def places(self) -> tuple[str, ...]:
        return (self.dest, self.origin)


@dataclass(frozen=True, slots=True)
class Transport(Action):
    """Rule 4.2: carry a land unit or a leader by sea, through the water zones ``via``."""

    kind: ClassVar[str] = "transport"
    rule: ClassVar[str] = "4.2"
    piece: str
    origin: str
    dest: str
    via: tuple[str, ...]

    def __str__(self) -> str:
        return f"ship {self.piece} {self.origin}→{self.dest} by sea via {'+'.join(self.via)}"

    def places(self) -> tuple[str, ...]:
        return (self.dest, self.origin, *self.via)


@dataclass(frozen=True, slots=True)
class Sail(Action):
    """Rules 2.1 and 4.1: move a trireme unit, or a leader with triremes, by water (no limit)."""

    kind: ClassVar[str] = "sail"
    rule: ClassVar[str] = "4.1"
    piece: str
    origin: str
    dest: str

    def __str__(self) -> str:
        return f"sail {self.piece} {self.origin}→{self.dest}"

    def places(self) -> tuple[str, ...]:
        return (self.dest, self.origin)


@dataclass(frozen=True, slots=True)
class ReduceUnit(Action):
    """Optional rule 11.1: flip a unit in an activated zone to its reduced face before it moves."""

    kind: ClassVar[str] = "reduce_unit"
    rule: ClassVar[str] = "11.1"
    unit: str
    zone: str

    def __str__(self) -> str:
        return f"reduce {self.unit} in {self.zone}"

    def places(self) -> tuple[str, ...]:
        return (self.zone,)


@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    """Rule 3.D: stop activating and moving; go on to the battles (step 3)."""

    kind: ClassVar[str] = "end_movement"
    rule: ClassVar[str] = "3.D"

    def __str__(self) -> str:
        return "end movement"


@dataclass(frozen=True, slots=True)
class PayAttacks(Action):
    """Rules 3.D and 6.1: pay 1 PA for all the battles of this action phase."""

    kind: ClassVar[str] = "pay_attacks"
    rule: ClassVar[str] = "6.1"

    def __str__(self) -> str:
        return "pay 1 PA and fight"


@dataclass(frozen=True, slots=True)
class SkipAttacks(Action):
    """Rule 6.1: do not pay; the units that entered enemy zones go back reduced."""

    kind: ClassVar[str] = "skip_attacks"
    rule: ClassVar[str] = "6.1"

    def __str__(self) -> str:
        return "do not pay: pull back reduced"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Rule 6.2: choose the next battle to fight."""

    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = "6.2"
    zone: str

    def __str__(self) -> str:
        return f"attack in {self.zone}"

    def places(self) -> tuple[str, ...]:
        return (self.zone,)


@dataclass(frozen=True, slots=True)
class PlayStratagem(Action):
    """Rule 8: play one face of a stratagem chit you hold."""

    kind: ClassVar[str] = "play_stratagem"
    rule: ClassVar[str] = "8"
    face: int

    def __str__(self) -> str:
        try:
            title = default_stratagems().face(self.face).title
        except KeyError:
            title = "?"
        return f"play stratagem {self.face} {title}"


@dataclass(frozen=True, slots=True)
class DeclineStratagem(Action):
    """Rule 8: play no stratagem now."""

    kind: ClassVar[str] = "decline_stratagem"
    rule: ClassVar[str] = "8"

    def __str__(self) -> str:
        return "no stratagem"


ADVANTAGE_USES = ("extra_pa", "reverse_initiative", "reroll", "recover_unit", "return_leader")


@dataclass(frozen=True, slots=True)
class UseAdvantage(Action):
    """Rule 9: use the advantage (one of its five uses); it then passes to the other side."""

    kind: ClassVar[str] = "use_advantage"
    rule: ClassVar[str] = "9"
    use: str
    target: str = ""

    def __str__(self) -> str:
        return {
            "extra_pa": "use the advantage: +2 PA",
            "reverse_initiative": "use the advantage: swap the initiative",
            "reroll": "use the advantage: roll again",
            "recover_unit": f"use the advantage: {self.target} back to full strength",
            "return_leader": f"use the advantage: bring back {self.target}",
        }.get(self.use, f"use the advantage: {self.use}")


@dataclass(frozen=True, slots=True)
class DeclineAdvantage(Action):
    """Rule 9: keep the advantage for later (or accept the roll)."""

    kind: ClassVar[str] = "decline_advantage"
    rule: ClassVar[str] = "9"

    def __str__(self) -> str:
        return "keep the advantage"


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Rule 6.3: where a defeated piece retreats to."""

    kind: ClassVar[str] = "retreat"
    rule: ClassVar[str] = "6.3"
    piece: str
    origin: str
    dest: str

    def __str__(self) -> str:
        return f"retreat {self.piece} {self.origin}→{self.dest}"

    def places(self) -> tuple[str, ...]:
        return (self.dest, self.origin)


@dataclass(frozen=True, slots=True)
class KeepStratagem(Action):
    """Rule 3.E: keep one chit (0: keep none); the others go back into the bowl."""

    kind: ClassVar[str] = "keep_stratagem"
    rule: ClassVar[str] = "3.E"
    chit: int

    def __str__(self) -> str:
        return f"keep stratagem chit {self.chit}" if self.chit else "keep no stratagem"


@dataclass(frozen=True, slots=True)
class RecoverUnit(Action):
    """Rule 3.E: turn a reduced unit back to full strength (one per starred leader on the map)."""

    kind: ClassVar[str] = "recover_unit"
    rule: ClassVar[str] = "3.E"
    unit: str

    def __str__(self) -> str:
        return f"recover {self.unit}"


@dataclass(frozen=True, slots=True)
class EndRecovery(Action):
    """Rule 3.E: recover no more units this turn."""

    kind: ClassVar[str] = "end_recovery"
    rule: ClassVar[str] = "3.E"

    def __str__(self) -> str:
        return "recover no more units"


@dataclass(frozen=True, slots=True)
class HelotRun(Action):
    """Rule 7: a Helot unit in T11 or T12 tries to run supplies to Sphacteria (1d6: even succeeds)."""

    kind: ClassVar[str] = "helot_run"
    rule: ClassVar[str] = "7"
    unit: str
    zone: str

    def __str__(self) -> str:
        return f"Helot run with {self.unit} from {self.zone}"

    def places(self) -> tuple[str, ...]:
        return (self.zone,)


@dataclass(frozen=True, slots=True)
class EndHelotRuns(Action):
    """Rule 7: no more Helot runs this turn."""

    kind: ClassVar[str] = "end_helot_runs"
    rule: ClassVar[str] = "7"

    def __str__(self) -> str:
        return "no more Helot runs"


ACTION_TYPES = (AnnouncePA, Activate, Move, Transport, Sail, ReduceUnit, EndMovement, PayAttacks, SkipAttacks,
                Attack, PlayStratagem, DeclineStratagem, UseAdvantage, DeclineAdvantage, Retreat, KeepStratagem,
                RecoverUnit, EndRecovery, HelotRun, EndHelotRuns)
