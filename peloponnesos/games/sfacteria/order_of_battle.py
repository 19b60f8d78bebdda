"""The counters (rules 1.1, 2.1, 2.2, 2.4) and the reinforcement schedule (rule 3.C), from
``data/order_of_battle.toml``. Static data only: where pieces are lives in the game state.

Units are numbered 0–43 and leaders 0–7 in file order; the engine keeps their positions in lists
indexed by these numbers. Types: T trireme, H hoplites, P peltasts, A archers.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from pathlib import Path

DATA = Path(__file__).parent / "data"
SIDES = ("Athens", "Sparta")
TYPES = ("T", "H", "P", "A")


@dataclass(frozen=True, slots=True)
class UnitSpec:
    index: int
    id: str
    side: int  # 0 Athens, 1 Sparta
    type: str  # T, H, P, A
    full: int
    reduced: int
    bonus: bool
    ally: bool
    name: str
    source: str

    @property
    def naval(self) -> bool:
        return self.type == "T"

    @property
    def light(self) -> bool:
        return self.type in ("P", "A")

    @property
    def spartiate(self) -> bool:
        """A Spartan hoplite unit that is not Helots (rule 10.1)."""
        return self.side == 1 and self.type == "H" and not self.ally

    @property
    def label(self) -> str:
        """The short text printed on the counter: ``H4``, ``T3*``."""
        return f"{self.id[1:]}{'*' if self.bonus else ''}"


@dataclass(frozen=True, slots=True)
class LeaderSpec:
    index: int
    id: str
    side: int
    bonus: bool
    strategos: str  # the name on the back (optional rule 11.2)
    base: str
    source: str


class OrderOfBattle:
    def __init__(self, path: Path = DATA / "order_of_battle.toml") -> None:
        with open(path, "rb") as f:
            data = tomllib.load(f)
        self.counters = data["counters"]
        self.sides = data["sides"]
        units = []
        for i, u in enumerate(data["unit"]):
            if u["type"] not in TYPES:
                raise ValueError(f"order_of_battle.toml: unit {u['id']} has unknown type {u['type']!r}")
            if not 1 <= u["reduced"] <= u["full"]:
                raise ValueError(f"order_of_battle.toml: unit {u['id']} needs 1 <= reduced <= full")
            units.append(UnitSpec(i, u["id"], SIDES.index(u["side"]), u["type"], u["full"], u["reduced"],
                                  bool(u.get("bonus", False)), bool(u.get("ally", False)), u["name"],
                                  u.get("source", "")))
        self.units: tuple[UnitSpec, ...] = tuple(units)
        self.leaders: tuple[LeaderSpec, ...] = tuple(
            LeaderSpec(i, ld["id"], SIDES.index(ld["side"]), bool(ld["bonus"]), ld["strategos"], ld["base"],
                       ld.get("source", ""))
            for i, ld in enumerate(data["leader"]))
        self.markers = tuple(data.get("marker", ()))
        self.unit_index = {u.id: u.index for u in self.units}
        self.leader_index = {ld.id: ld.index for ld in self.leaders}
        if len(self.unit_index) != len(self.units) or set(self.unit_index) & set(self.leader_index):
            raise ValueError("order_of_battle.toml: every piece needs its own id")
        self.reinforcements = tuple(data.get("reinforcement", ()))
        self.arrival_turn: dict[str, int] = {}
        for r in self.reinforcements:
            for piece in r["pieces"]:
                if piece not in self.unit_index and piece not in self.leader_index:
                    raise ValueError(f"order_of_battle.toml: reinforcement names unknown piece {piece!r}")
                self.arrival_turn[piece] = int(r["turn"])
        # hot-path tuples
        self.u_side = tuple(u.side for u in self.units)
        self.u_type = tuple(u.type for u in self.units)
        self.u_full = tuple(u.full for u in self.units)
        self.u_red = tuple(u.reduced for u in self.units)
        self.u_naval = tuple(u.naval for u in self.units)
        self.u_light = tuple(u.light for u in self.units)
        self.u_bonus = tuple(u.bonus for u in self.units)
        self.u_ally = tuple(u.ally for u in self.units)
        self.u_spartiate = tuple(u.spartiate for u in self.units)
        self.by_side = tuple((tuple(u.index for u in self.units if u.side == s and not u.naval),
                              tuple(u.index for u in self.units if u.side == s and u.naval)) for s in (0, 1))
        self.side_units = tuple(tuple(u.index for u in self.units if u.side == s) for s in (0, 1))
        # of_side[s](per_unit_list): the entries of side s's units (zones, faces ...) as a tuple, gathered in C;
        # of_land and of_naval: of its land units, of its triremes
        self.of_side = tuple(_gather(units) for units in self.side_units)
        self.of_land = tuple(_gather(land) for land, _ in self.by_side)
        self.of_naval = tuple(_gather(naval) for _, naval in self.by_side)
        self.u_bit = tuple(1 << u.index for u in self.units)  # a unit's bit in the state's masks
        self.side_leaders = tuple(tuple(ld.index for ld in self.leaders if ld.side == s) for s in (0, 1))
        self.star_leaders = tuple(tuple(ld.index for ld in self.leaders if ld.side == s and ld.bonus) for s in (0, 1))
        self.helots = tuple(u.index for u in self.units if u.side == 1 and u.ally and u.type == "H")  # rule 7
        self.l_side = tuple(ld.side for ld in self.leaders)
        self.l_bonus = tuple(ld.bonus for ld in self.leaders)

    def piece_kind(self, piece: str) -> tuple[str, int]:
        """``("unit", i)`` or ``("leader", j)``; KeyError for an unknown id."""
        if piece in self.unit_index:
            return "unit", self.unit_index[piece]
        if piece in self.leader_index:
            return "leader", self.leader_index[piece]
        raise KeyError(piece)

    def group_with(self, piece: str) -> tuple[str, ...]:
        """The reinforcement group (one schedule entry) that brings ``piece``."""
        for r in self.reinforcements:
            if piece in r["pieces"]:
                return tuple(r["pieces"])
        return ()


def _gather(indices: tuple[int, ...]):
    """A function taking a list and giving the items at ``indices`` as a tuple (C-level when it can)."""
    if len(indices) >= 2:
        return itemgetter(*indices)
    return lambda seq: tuple(seq[i] for i in indices)


@cache
def default_order_of_battle() -> OrderOfBattle:
    return OrderOfBattle()
