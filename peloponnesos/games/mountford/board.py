"""The map of the Greek world (``data/map.toml``, *reconstructed*) as fast lookup tables.

Spaces are numbered 0..n-1 in file order; paths keep their kind (Mountford 4: land, naval, combined,
pass 4.5.2, mountain 4.5.3, isthmus 4.1, crossing 4.2). Everything a rule asks again and again is worked
out once here: neighbours by kind, the land distance between any two spaces (4.5), the zones of
influence (ZOI) of land and naval SPs (4.6, 5), the straits (4.4) and the kings' spaces (4.5.3).
"""

from __future__ import annotations

import tomllib
from collections import deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"

LAND, NAVAL, COMBINED, PASS, MOUNTAIN, ISTHMUS, CROSSING = range(7)
PATH_KINDS = ("land", "naval", "combined", "pass", "mountain", "isthmus", "crossing")
#: paths a land SP can walk (4.5 counts distance over land and/or combined paths; passes, mountains and
#: the Isthmus are land paths with a rule of their own)
LANDWARD = frozenset({LAND, COMBINED, PASS, MOUNTAIN, ISTHMUS})
#: paths along which a naval ZOI reaches (never the Isthmus, 4.1; never the Taenarum crossing, 4.2)
SEAWARD = frozenset({NAVAL, COMBINED})
#: paths along which a land ZOI reaches (*reconstructed*: not over mountain paths, see CLARIFICATIONS 4.6)
LAND_ZOI = frozenset({LAND, COMBINED, PASS, ISTHMUS})

LAND_ZOI_RANGE = 1  # *reconstructed*: land SPs reach the next space (CLARIFICATIONS 4.6)
NAVAL_ZOI_RANGE = 2  # *reconstructed*: fleets reach two spaces (the Piraeus–Aegina–Kithnos example of 4.6)


@dataclass(frozen=True)
class Space:
    index: int
    id: str
    name: str
    kind: str  # "city", "fortress" or "place"
    lat: float
    lon: float
    pleiades: str
    owner: str  # in 431 ("" = nobody)
    home: str  # the major city-state whose home space this is, or ""
    income: int
    tribute: bool
    king: str
    garrison: str
    rebellion: bool
    note: str

    @property
    def city_state(self) -> bool:
        return self.kind == "city"

    @property
    def fortress(self) -> bool:
        return self.kind in ("city", "fortress")


class Board:
    """The static map: spaces, paths, distances, ZOIs. Shared by every game (never changed)."""

    def __init__(self, data: dict) -> None:
        self.spaces: list[Space] = []
        for i, s in enumerate(data["spaces"]):
            self.spaces.append(Space(i, s["id"], s["name"], s["kind"], float(s["lat"]), float(s["lon"]),
                                     s.get("pleiades", ""), s.get("owner", ""), s.get("home", ""),
                                     int(s.get("income", 0)), bool(s.get("tribute", False)), s.get("king", ""),
                                     s.get("garrison", ""), bool(s.get("rebellion", False)), s.get("note", "")))
        self.ids = tuple(s.id for s in self.spaces)
        self.index = {sid: i for i, sid in enumerate(self.ids)}
        self.n = n = len(self.spaces)
        if len(self.index) != n:
            raise ValueError("map.toml: two spaces share an id")
        self.paths: list[tuple[int, int, int]] = []
        self.adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (neighbour, kind)
        self.kind_between: dict[tuple[int, int], int] = {}
        for p in data["paths"]:
            a, b, kind = self.index[p["a"]], self.index[p["b"]], PATH_KINDS.index(p["kind"])
            if (a, b) in self.kind_between:
                raise ValueError(f"map.toml: two paths between {p['a']} and {p['b']}")
            self.paths.append((a, b, kind))
            self.adj[a].append((b, kind))
            self.adj[b].append((a, kind))
            self.kind_between[(a, b)] = self.kind_between[(b, a)] = kind
        for row in self.adj:
            row.sort()
        self.path_notes = {(self.index[p["a"]], self.index[p["b"]]): p.get("note", "") for p in data["paths"]}
        self.coastal = [any(k in SEAWARD or k == CROSSING for _, k in self.adj[i]) for i in range(n)]
        self.city_state = [s.city_state for s in self.spaces]
        self.fortress = [s.fortress for s in self.spaces]
        self.city_state_index = tuple(s.index for s in self.spaces if s.city_state)
        self.tribute_index = tuple(s.index for s in self.spaces if s.tribute)
        self.fortress_index = tuple(s.index for s in self.spaces if s.fortress)
        self.home_of = {s.home: s.index for s in self.spaces if s.home}
        self.athens = self.index["athens"]
        self.piraeus = self.index["piraeus"]
        # Mountford 4.5: land distance (land and/or combined paths) — all pairs, by breadth-first search
        self.land_dist = [self._bfs(i, LANDWARD) for i in range(n)]
        self.within2_land = [frozenset(j for j in range(n) if self.land_dist[i][j] <= 2) for i in range(n)]
        self.within1_land = [frozenset(j for j in range(n) if self.land_dist[i][j] <= 1) for i in range(n)]
        naval_dist = [self._bfs(i, SEAWARD) for i in range(n)]
        land_zoi_dist = [self._bfs(i, LAND_ZOI) for i in range(n)]
        #: zoi_naval[i] = {j: distance} for the spaces j whose naval SPs reach space i (and vice versa)
        self.zoi_naval = [{j: d for j, d in enumerate(naval_dist[i]) if d <= NAVAL_ZOI_RANGE} for i in range(n)]
        self.zoi_land = [{j: d for j, d in enumerate(land_zoi_dist[i]) if d <= LAND_ZOI_RANGE} for i in range(n)]
        #: the same spaces in the order a battle lists them (5): the space itself, then the others by id
        self.zoi_order = {arm: [tuple(sorted(zoi[i], key=lambda j, i=i: (j != i, self.ids[j]))) for i in range(n)]
                          for arm, zoi in (("naval", self.zoi_naval), ("land", self.zoi_land))}
        self.crossings = tuple((a, b) for a, b, k in self.paths if k == CROSSING)
        self.isthmus_ends = tuple(sorted({x for a, b, k in self.paths if k == ISTHMUS for x in (a, b)}))
        self.straits: dict[int, tuple[frozenset, frozenset]] = {}
        for sid, sides in data.get("straits", {}).items():
            self.straits[self.index[sid]] = (frozenset(self.index[x] for x in sides["side_a"]),
                                             frozenset(self.index[x] for x in sides["side_b"]))
        self.kings = sorted({s.king for s in self.spaces if s.king})
        self._adj_of_kinds: dict[frozenset, list[tuple[tuple[int, int], ...]]] = {}
        self._sea_home: dict[int, list[float]] = {}

    def adj_of_kinds(self, kinds: frozenset) -> list[tuple[tuple[int, int], ...]]:
        """``adj`` keeping only the paths of these kinds (same order): what a route search walks (4)."""
        found = self._adj_of_kinds.get(kinds)
        if found is None:
            found = self._adj_of_kinds[kinds] = [tuple((v, k) for v, k in row if k in kinds) for row in self.adj]
        return found

    def _bfs(self, start: int, kinds: frozenset) -> list[int]:
        far = 10**6
        dist = [far] * self.n
        dist[start] = 0
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for v, k in self.adj[u]:
                if k in kinds and dist[v] == far:
                    dist[v] = dist[u] + 1
                    queue.append(v)
        return dist

    def sea_home_dist(self, j: int) -> list[float]:
        """How far a fleet in ``j`` is from each space when it goes home for the winter (frame 10.10): the land
        distance, or 50 plus the difference in latitude and longitude if that is less (worked out once)."""
        found = self._sea_home.get(j)
        if found is None:
            a = self.spaces[j]
            found = self._sea_home[j] = [min(self.land_dist[j][k], 50 + abs(a.lat - b.lat) + abs(a.lon - b.lon))
                                         for k, b in enumerate(self.spaces)]
        return found

    def __getitem__(self, key: str | int) -> Space:
        return self.spaces[self.index[key] if isinstance(key, str) else key]

    def to_dict(self) -> dict:
        """The map as plain data for a renderer: spaces with positions, paths with kinds."""
        return {
            "spaces": [{"id": s.id, "name": s.name, "kind": s.kind, "lat": s.lat, "lon": s.lon, "pleiades": s.pleiades,
                        "home": s.home, "fortress": s.fortress, "coastal": self.coastal[s.index], "king": s.king,
                        "tribute": s.tribute, "income": s.income, "note": s.note} for s in self.spaces],
            "paths": [{"a": self.ids[a], "b": self.ids[b], "kind": PATH_KINDS[k],
                       "note": self.path_notes.get((a, b), "")} for a, b, k in self.paths],
            "straits": {self.ids[s]: {"side_a": sorted(self.ids[x] for x in a),
                                      "side_b": sorted(self.ids[x] for x in b)}
                        for s, (a, b) in self.straits.items()},
            "reconstructed": True,
        }


@cache
def default_board() -> Board:
    with open(DATA / "map.toml", "rb") as f:
        return Board(tomllib.load(f))
