"""Leaders (Mountford's chapter 8 is lost): ratings from ``data/leaders.toml`` (*reconstructed*), who is
available when (frame 10.7), and leader casualties (Mountford 5.7)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class Leader:
    name: str
    city: str
    battle: int
    bravery: int
    interception: int
    first_turn: int
    last_turn: int
    why: str


@cache
def default_leaders() -> dict[str, Leader]:
    with open(DATA / "leaders.toml", "rb") as f:
        data = tomllib.load(f)
    return {name: Leader(name, d["city"], int(d["battle"]), int(d["bravery"]), int(d["interception"]),
                         int(d["turns"][0]), int(d["turns"][1]), d.get("why", ""))
            for name, d in data["leader"].items()}


def dies(die: int, bravery: int) -> bool:
    """Mountford 5.7: killed if his unmodified battle die is his bravery rating or less."""
    return die <= bravery


def rating(leader: Leader | None) -> int:
    return leader.battle if leader is not None else -1
