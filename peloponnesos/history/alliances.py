"""The alliances of 431 BC on a real map of Greece, read from the Mountford engine's map and 431 scenario.

>>> from peloponnesos.history import alliances_431
>>> {p.id: p.side for p in alliances_431()}["corinth"]
'Sparta'

Each place of Mountford's map (``games/mountford/data/map.toml``, *reconstructed*, every place at its real
position) gets the side its owner city-state was on in 431 (``scenario_431.toml``, itself *reconstructed* from
Thucydides 2.9): "Athens", "Sparta" or "neutral". The coastline behind it is GSHHG (``data/COASTLINE-NOTICE.md``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from .timeline import DATA

SIDES = ("Athens", "Sparta", "neutral")
PASSAGES = ("2.9.1", "2.9.2", "2.9.3", "2.9.4", "2.9.5")
KIND_WORDS = {"city": "city-state", "fortress": "fortress", "place": "place"}


@dataclass(frozen=True, slots=True)
class AlliedPlace:
    id: str
    name: str
    kind: str  # "city", "fortress" or "place"
    lat: float
    lon: float
    side: str  # "Athens", "Sparta" or "neutral"
    owner: str  # the city-state that held it in 431 ("" = nobody)
    tribute: bool  # paid tribute to Athens
    home: bool  # one of the four major city-states' home spaces
    note: str

    @property
    def letter(self) -> str:
        return {"Athens": "A", "Sparta": "S"}.get(self.side, "N")


@cache
def alliances_431() -> tuple[AlliedPlace, ...]:
    """Every place on Mountford's map with its side in 431 (from the engine's own 431 position)."""
    from .. import new_game

    game = new_game("mountford")
    observation = game.observation(None)
    notes = {s["id"]: s["note"] for s in game.board.to_dict()["spaces"]}
    out = []
    for s in observation["spaces"]:
        side = s["side"] if s["side"] in ("Athens", "Sparta") else "neutral"
        out.append(AlliedPlace(s["id"], s["name"], s["kind"], s["lat"], s["lon"], side, s["owner"],
                               bool(s["tribute"]), bool(s["home"]), notes.get(s["id"], "")))
    return tuple(out)


def by_side() -> dict[str, list[AlliedPlace]]:
    """The places grouped by side, each list in map order."""
    groups: dict[str, list[AlliedPlace]] = {side: [] for side in SIDES}
    for p in alliances_431():
        groups[p.side].append(p)
    return groups


def describe_alliances() -> str:
    """The map in words (the text alternative of the figure and of the printed map)."""
    groups = by_side()
    parts = [f"Greece in 431 BC, {len(alliances_431())} places on a real map (positions reconstructed from the "
             "Mountford game's map; sides from Thucydides 2.9)."]
    for side, label in (("Athens", "With Athens (A, blue squares)"), ("Sparta", "With Sparta (S, orange diamonds)"),
                        ("neutral", "Neutral or outside the alliances (N, grey circles)")):
        names = ", ".join(p.name for p in groups[side])
        parts.append(f"{label}: {len(groups[side])} places — {names}.")
    return "\n".join(parts)


@cache
def coastline() -> tuple[tuple[tuple[float, float], ...], ...]:
    """The GSHHG shoreline of Greece and Sicily as lines of (lon, lat) points (LGPL-3.0, see the notice)."""
    with open(DATA / "greece-and-sicily.geojson", encoding="utf-8") as f:
        data = json.load(f)
    lines = []
    for feature in data["features"]:
        geometry = feature["geometry"]
        if geometry["type"] == "LineString":
            lines.append(tuple((float(x), float(y)) for x, y in geometry["coordinates"]))
    return tuple(lines)


COASTLINE_CREDIT = ("Coastline: GSHHG 2.3.7 (P. Wessel and W. H. F. Smith), LGPL-3.0. Places: the Mountford "
                    "game's map (reconstructed); sides in 431 from Thucydides 2.9.")
