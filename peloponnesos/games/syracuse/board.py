"""The area map (rules 3, 7.1, 7.2, 9.1): areas, their neighbours, terrain, steep slopes, coasts and edges.

``data/areas.toml`` holds the *reconstructed* map; :func:`default_board` reads it once. Areas are numbered
in file order; the engine works with these numbers and shows the ids ("L-7", "H-5", "S-1").
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"
CITY = ("I-1", "L-7")  # rule 7.1: the walled city, closed to Athenian units
TERRAINS = ("low", "high", "bog", "city", "sea")


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    kind: str  # "land" or "sea"
    terrain: str
    anchor: tuple[float, float]  # (longitude, latitude) on the real ground
    west_edge: bool
    map_edge: bool
    gazetteer: str
    note: str
    passages: tuple[str, ...]


class Board:
    """The static map. Neighbour lists are tuples of area numbers."""

    def __init__(self, data: dict) -> None:
        raw = data["area"]
        self.meta = data.get("meta", {})
        self.areas = tuple(Area(a["id"], a["name"], a["kind"], a["terrain"], tuple(a["anchor"]),
                                bool(a.get("west_edge", False)), bool(a.get("map_edge", False)),
                                a.get("gazetteer", ""), a.get("note", ""), tuple(a.get("passages", ())))
                           for a in raw)
        self.ids = tuple(a.id for a in self.areas)
        self.index = {a: i for i, a in enumerate(self.ids)}
        self.n = len(self.ids)
        idx = self.index
        for a in raw:
            if a["kind"] not in ("land", "sea") or a["terrain"] not in TERRAINS:
                raise ValueError(f"area {a['id']}: unknown kind or terrain")
            for key in ("adjacent", "steep", "seas"):
                for b in a.get(key, ()):
                    if b not in idx:
                        raise ValueError(f"area {a['id']}: {key} names an unknown area {b}")
        self.is_land = tuple(a.kind == "land" for a in self.areas)
        self.is_sea = tuple(a.kind == "sea" for a in self.areas)
        self.terrain = tuple(a.terrain for a in self.areas)
        #: every neighbour of the same kind (land: steep borders included)
        self.adj = tuple(tuple(idx[b] for b in a["adjacent"]) for a in raw)
        steep = [frozenset(idx[b] for b in a.get("steep", ())) for a in raw]
        #: land neighbours a ground unit may cross into (no steep slope, rule 7.1)
        self.gadj = tuple(tuple(b for b in self.adj[i] if b not in steep[i]) for i in range(self.n))
        self.steep = tuple(steep)
        #: land area -> the sea areas on its shore; sea area -> the coastal land areas on its shore
        seas = [tuple(idx[s] for s in a.get("seas", ())) for a in raw]
        shore: list[list[int]] = [[] for _ in range(self.n)]
        for i, ss in enumerate(seas):
            for s in ss:
                shore[s].append(i)
        self.coast = tuple(seas[i] if self.is_land[i] else tuple(shore[i]) for i in range(self.n))
        for i in range(self.n):
            for b in self.adj[i]:
                if i not in self.adj[b] or self.is_land[i] != self.is_land[b]:
                    raise ValueError(f"adjacency of {self.ids[i]} and {self.ids[b]} is not symmetric")
                if (b in steep[i]) != (i in steep[b]):
                    raise ValueError(f"the steep border {self.ids[i]}–{self.ids[b]} is not on both sides")
            if self.is_sea[i] and seas[i]:
                raise ValueError(f"sea area {self.ids[i]} cannot list seas")
        self.land = tuple(i for i in range(self.n) if self.is_land[i])
        self.sea = tuple(i for i in range(self.n) if self.is_sea[i])
        self.coastal = frozenset(i for i in self.land if self.coast[i])
        self.city = frozenset(idx[c] for c in CITY)
        self.bog = frozenset(i for i in self.land if self.terrain[i] == "bog")
        self.high = frozenset(i for i in self.land if self.terrain[i] == "high")
        self.epipolae = self.high  # rule 10.3: H-1 to H-7
        self.west_edge = tuple(i for i in self.land if self.areas[i].west_edge)
        self.map_edge = frozenset(i for i in self.sea if self.areas[i].map_edge)
        self.harbour = frozenset(idx[s] for s in ("S-1", "S-2"))  # the Great Harbour (tables name it)
        self.l7 = idx["L-7"]
        #: rule 11.1: the land areas next to L-7 an Athenian may stand in (the city area I-1 cannot count)
        self.ring = tuple(b for b in self.adj[self.l7] if b not in self.city)

    def to_dict(self) -> dict:
        """The map as plain data for renderers and lessons (ids, names, terrain, neighbours, anchors)."""
        return {"areas": [{"id": a.id, "name": a.name, "kind": a.kind, "terrain": a.terrain,
                           "anchor": list(a.anchor), "adjacent": [self.ids[b] for b in self.adj[i]],
                           "steep": sorted(self.ids[b] for b in self.steep[i]),
                           "coast": [self.ids[b] for b in self.coast[i]], "west_edge": a.west_edge,
                           "map_edge": a.map_edge, "gazetteer": a.gazetteer, "note": a.note,
                           "passages": list(a.passages)} for i, a in enumerate(self.areas)],
                "reconstructed": bool(self.meta.get("reconstructed", False)),
                "frame": list(self.meta.get("frame", ()))}


@cache
def default_board() -> Board:
    with open(DATA / "areas.toml", "rb") as f:
        return Board(tomllib.load(f))
