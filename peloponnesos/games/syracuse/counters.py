"""The counters (rules 2, 3, 7.2.2, 8.4, 10.1, 10.4, 10.5): unit types with their *reconstructed* values, the
units in the box and the leaders. Read once from ``data/counters.toml``.

Units are numbered in the order of the file (Athens, Syracuse, then the Sicels); a unit's side is 0 (Athens),
1 (Syracuse) or, for a Sicel still in the opaque container, -1 (the side it joins is in the game state).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"
SIDES = ("Athens", "Syracuse")
TYPE_ORDER = ("N", "H", "LI", "P", "AR", "C", "SI", "SC")


@dataclass(frozen=True)
class UnitType:
    code: str
    name: str
    steps: int
    flip_at: int  # steps left at which the counter shows its reduced face (rule 8.4)
    assault: tuple[int, ...]  # by steps left: assault[steps - 1]
    fire: tuple[int, ...]
    mp: int
    range: int
    fires_over: bool
    naval: bool
    sicel: bool
    ram: tuple[tuple[int, ...], tuple[int, ...]]  # naval: by side, by steps left
    naval_mp: tuple[int, int]
    note: str
    passages: tuple[str, ...]


@dataclass(frozen=True)
class Leader:
    id: str
    side: int
    rating: int
    reduced: int
    naval_rating: int  # rule 10.4.4 (Ariston); otherwise the same as ``rating``
    note: str
    passages: tuple[str, ...]


@dataclass(frozen=True)
class Unit:
    id: str
    side: int  # 0, 1, or -1 for a Sicel
    type: str  # the printed type (a Syracusan cavalry unit can become light infantry, rule 10.5)
    exchange: bool


class Counters:
    def __init__(self, data: dict) -> None:
        self.types: dict[str, UnitType] = {}
        for code, t in data["type"].items():
            ram = t.get("ram", {})
            nmp = t.get("naval_mp", {})
            self.types[code] = UnitType(
                code, t["name"], t["steps"], t["flip_at"], tuple(t["assault"]), tuple(t["fire"]), t["mp"],
                t["range"], bool(t.get("fires_over", False)), bool(t.get("naval", False)),
                bool(t.get("sicel", False)), (tuple(ram.get("Athens", ())), tuple(ram.get("Syracuse", ()))),
                (nmp.get("Athens", t["mp"]), nmp.get("Syracuse", t["mp"])), t.get("note", ""),
                tuple(t.get("passages", ())))
        for t in self.types.values():
            if len(t.assault) != t.steps or len(t.fire) != t.steps:
                raise ValueError(f"type {t.code}: assault and fire list one value per step")
        self.leader_mp = data["leader_values"]["mp"]
        self.leaders = tuple(Leader(x["id"], SIDES.index(x["side"]), x["rating"], x["reduced"],
                                    x.get("naval_rating", x["rating"]), x.get("note", ""),
                                    tuple(x.get("passages", ()))) for x in data["leader"])
        units: list[Unit] = []
        for block in data["unit"]:
            side = SIDES.index(block["side"]) if block["side"] in SIDES else -1
            exchange = set(block.get("exchange", ()))
            n_sicel = 0
            for code in TYPE_ORDER:
                for k in range(1, block["ids"].get(code, 0) + 1):
                    if side < 0:
                        n_sicel += 1
                        uid = f"{block['prefix']}{n_sicel}"
                    else:
                        uid = f"{block['prefix']}-{code}{k}"
                    units.append(Unit(uid, side, code, uid in exchange))
        self.units = tuple(units)
        self.unit_index = {u.id: i for i, u in enumerate(self.units)}
        self.leader_index = {x.id: j for j, x in enumerate(self.leaders)}
        self.wall_markers = data["walls"]["markers"]
        self.sicels = tuple(i for i, u in enumerate(self.units) if u.side < 0)
        self.n = len(self.units)

    def piece(self, name: str) -> tuple[str, int]:
        """("unit", index) or ("leader", index) for a counter's id; KeyError if there is none."""
        if name in self.unit_index:
            return "unit", self.unit_index[name]
        if name in self.leader_index:
            return "leader", self.leader_index[name]
        raise KeyError(name)


@cache
def default_counters() -> Counters:
    with open(DATA / "counters.toml", "rb") as f:
        return Counters(tomllib.load(f))
