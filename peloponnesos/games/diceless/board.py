"""The map of the diceless game: areas, land and sea connections, distances and ranges (Diceless 2, 5).

The map is *reconstructed* (``data/board.toml`` says where each value comes from). Areas are numbered
in file order; a set of areas is a bit mask (bit ``i`` for area ``i``), so the range of a chit — every
area within one or two steps of an area on a side — is one OR over precomputed masks, cached per
side position. That keeps ``legal_actions()`` cheap enough for thousands of games a second.
"""

from __future__ import annotations

import tomllib
from collections import deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"
BOARD_FILE = DATA / "board.toml"


@dataclass(frozen=True, slots=True)
class Area:
    """One area of the map (reconstructed: see ``data/board.toml``)."""

    index: int
    id: str
    name: str
    place: str
    lat: float
    lon: float
    pleiades: int  # 0: not in the project's gazetteer
    note: str
    passages: tuple[str, ...]
    capital: str | None = None  # "Sparta" or "Athens" for the two main areas (Diceless 5)
    approximate: bool = False

    def to_dict(self) -> dict:
        return {
            "id": self.id, "name": self.name, "place": self.place, "lat": self.lat, "lon": self.lon,
            "pleiades": self.pleiades or None,
            "pleiades_uri": f"https://pleiades.stoa.org/places/{self.pleiades}" if self.pleiades else None,
            "note": self.note, "passages": list(self.passages), "capital": self.capital,
            "approximate": self.approximate, "reconstructed": True,
        }


@dataclass(frozen=True, slots=True)
class Connection:
    a: int
    b: int
    kind: str  # "land" or "sea"
    note: str = ""


class Board:
    """Areas, connections and precomputed neighbourhoods of one map."""

    def __init__(self, areas: list[Area], connections: list[Connection], capitals: dict[str, str],
                 delphi: str, title: str = "", source: str = "") -> None:
        self.areas: tuple[Area, ...] = tuple(areas)
        self.connections: tuple[Connection, ...] = tuple(connections)
        self.title = title
        self.source = source
        self.index: dict[str, int] = {a.id: a.index for a in self.areas}
        self.n = len(self.areas)
        self.all_mask = (1 << self.n) - 1
        neighbours: list[set[int]] = [set() for _ in self.areas]
        for c in self.connections:
            neighbours[c.a].add(c.b)
            neighbours[c.b].add(c.a)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in neighbours)
        self.distances: tuple[tuple[int, ...], ...] = tuple(self._bfs(i) for i in range(self.n))
        # bit masks of the areas within 1 and within 2 steps of each area (the area itself included)
        self.near1: tuple[int, ...] = tuple(self._mask_within(i, 1) for i in range(self.n))
        self.near2: tuple[int, ...] = tuple(self._mask_within(i, 2) for i in range(self.n))
        self.capital: dict[str, int] = {side: self.index[area] for side, area in capitals.items()}
        self.delphi: int = self.index[delphi]
        self._range_cache: dict[tuple[int, int], int] = {}

    # -- construction helpers -------------------------------------------------------------------
    def _bfs(self, start: int) -> tuple[int, ...]:
        far = self.n + 1
        dist = [far] * self.n
        dist[start] = 0
        queue = deque([start])
        while queue:
            a = queue.popleft()
            for b in self.neighbours[a]:
                if dist[b] == far:
                    dist[b] = dist[a] + 1
                    queue.append(b)
        return tuple(dist)

    def _mask_within(self, i: int, steps: int) -> int:
        return sum(1 << j for j, d in enumerate(self.distances[i]) if d <= steps)

    # -- queries ---------------------------------------------------------------------------------
    def area(self, key: str | int) -> Area:
        return self.areas[key if isinstance(key, int) else self.index[key]]

    def name(self, key: str | int) -> str:
        if isinstance(key, str) and key not in self.index:
            return key
        return self.area(key).name

    def distance(self, a: str | int, b: str | int) -> int:
        ia = a if isinstance(a, int) else self.index[a]
        ib = b if isinstance(b, int) else self.index[b]
        return self.distances[ia][ib]

    def adjacent(self, a: str | int, b: str | int) -> bool:
        return self.distance(a, b) == 1

    def mask(self, ids) -> int:
        """The bit mask of some area ids (or indices)."""
        m = 0
        for key in ids:
            m |= 1 << (key if isinstance(key, int) else self.index[key])
        return m

    def ids(self, mask: int) -> list[str]:
        """The area ids in a bit mask, in map order."""
        return [a.id for a in self.areas if mask >> a.index & 1]

    def within(self, owned: int, steps: int) -> int:
        """Every area at most ``steps`` (1 or 2) from an area of ``owned`` (a mask), those included."""
        key = (owned, steps)
        hit = self._range_cache.get(key)
        if hit is not None:
            return hit
        table = self.near1 if steps == 1 else self.near2
        result = 0
        m = owned
        while m:
            low = m & -m
            result |= table[low.bit_length() - 1]
            m ^= low
        if len(self._range_cache) > 200_000:
            self._range_cache.clear()
        self._range_cache[key] = result
        return result

    def to_dict(self) -> dict:
        """Areas with positions and notes, connections with their kind (for the map)."""
        return {
            "title": self.title,
            "source": self.source,
            "reconstructed": True,
            "areas": [a.to_dict() for a in self.areas],
            "connections": [{"a": self.areas[c.a].id, "b": self.areas[c.b].id, "kind": c.kind,
                             **({"note": c.note} if c.note else {})} for c in self.connections],
            "capitals": {side: self.areas[i].id for side, i in self.capital.items()},
            "delphi": self.areas[self.delphi].id,
        }


def board_from_toml(path: str | Path) -> Board:
    """Read and check a map file (see ``data/board.toml`` for the keys)."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    head = data.get("map", {})
    areas = []
    seen: set[str] = set()
    for i, raw in enumerate(data.get("area", [])):
        area_id = raw["id"]
        if area_id in seen:
            raise ValueError(f"{path}: area id {area_id!r} appears twice")
        seen.add(area_id)
        if not (-180 <= raw["lon"] <= 180 and -90 <= raw["lat"] <= 90):
            raise ValueError(f"{path}: area {area_id!r} has an impossible position")
        areas.append(Area(i, area_id, raw["name"], raw.get("place", raw["name"]), float(raw["lat"]),
                          float(raw["lon"]), int(raw.get("pleiades", 0)), raw.get("note", ""),
                          tuple(raw.get("passages", ())), raw.get("capital"), bool(raw.get("approximate", False))))
    index = {a.id: a.index for a in areas}
    connections = []
    pairs: set[frozenset] = set()
    for raw in data.get("connection", []):
        a, b, kind = raw["a"], raw["b"], raw.get("kind", "land")
        for end in (a, b):
            if end not in index:
                raise ValueError(f"{path}: a connection names {end!r}, which is not an area")
        if a == b:
            raise ValueError(f"{path}: a connection joins {a!r} to itself")
        if kind not in ("land", "sea"):
            raise ValueError(f"{path}: connection {a}–{b} is {kind!r}; it must be 'land' or 'sea'")
        pair = frozenset((a, b))
        if pair in pairs:
            raise ValueError(f"{path}: the connection {a}–{b} appears twice")
        pairs.add(pair)
        connections.append(Connection(index[a], index[b], kind, raw.get("note", "")))
    capitals = head.get("capitals", {"Sparta": "sparta", "Athens": "athens"})
    board = Board(areas, connections, capitals, head.get("delphi", "delphi"), head.get("title", ""),
                  head.get("source", ""))
    unreachable = [a.id for a in board.areas if board.distances[0][a.index] > board.n]
    if unreachable:
        raise ValueError(f"{path}: these areas cannot be reached from the others: {', '.join(unreachable)}")
    return board


@cache
def default_board() -> Board:
    return board_from_toml(BOARD_FILE)
