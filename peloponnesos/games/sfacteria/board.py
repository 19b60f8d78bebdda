"""The map of Sfacteria (rule 1.3): zones T1–T12 and N1–N9, the four bases, terrain, adjacency, the
strait limits of rule 5, and the movement paths of rules 4 and 4.2 precomputed as bit masks.

Zones and bases are numbered in the order of ``data/board.toml`` (T1–T12, N1–N9, then the bases);
a set of zones is an ``int`` bit mask, so the engine's hot loops test membership with ``&``.
The polygons are only for the map renderer: the rules never look at them.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"

LAND_TERRAINS = ("clear", "difficult", "beach")
SEA_TERRAINS = ("sea", "strait")


BIT_LISTS: dict[int, tuple[int, ...]] = {}  # bits() memo; hot loops look here first: BIT_LISTS.get(m) or bits(m)


def bits(mask: int) -> tuple[int, ...]:
    """The indices of the set bits of ``mask``, lowest first (memoised: the same masks recur)."""
    found = BIT_LISTS.get(mask)
    if found is None:
        out = []
        m = mask
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        found = tuple(out)
        if len(BIT_LISTS) < 100_000:
            BIT_LISTS[mask] = found
    return found


def sum_masks(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


@dataclass(frozen=True, slots=True)
class LandPath:
    """One way for a land mover to reach a zone: the zones passed through (a mask) and the water zones
    among them, in order (non-empty means naval transport, rule 4.2)."""

    through: int
    seas: tuple[int, ...]
    steps: int


class Board:
    """Everything fixed about the map, loaded once from ``board.toml``."""

    def __init__(self, path: Path = DATA / "board.toml") -> None:
        with open(path, "rb") as f:
            data = tomllib.load(f)
        self.meta = data.get("meta", {})
        zones = data["zone"]
        bases = data["base"]
        self.zones_data = zones
        self.bases_data = bases
        self.ids: tuple[str, ...] = tuple(z["id"] for z in zones) + tuple(b["id"] for b in bases)
        self.index: dict[str, int] = {zid: i for i, zid in enumerate(self.ids)}
        self.n_map = len(zones)
        self.names = tuple(z["name"] for z in zones) + tuple(b["name"] for b in bases)
        n = len(self.ids)
        self.terrain: list[str] = [z["terrain"] for z in zones] + ["base"] * len(bases)
        for z in zones:
            allowed = LAND_TERRAINS if z["kind"] == "land" else SEA_TERRAINS
            if z["terrain"] not in allowed:
                raise ValueError(f"board.toml: zone {z['id']} has terrain {z['terrain']!r}, not one of {allowed}")
        self.strait_limit = [z.get("strait_limit") for z in zones] + [None] * len(bases)
        self.strait_limits = tuple((i, lim) for i, lim in enumerate(self.strait_limit) if lim is not None)
        self.limited_mask = sum(1 << i for i, _ in self.strait_limits)  # zones with a trireme PF limit (rule 5)
        self.land_mask = self.sea_mask = self.beach_mask = self.difficult_mask = 0
        self.fort_mask = self.strait_mask = self.base_mask = 0
        for i, z in enumerate(zones):
            b = 1 << i
            if z["kind"] == "land":
                self.land_mask |= b
            else:
                self.sea_mask |= b
            if z["terrain"] == "beach":
                self.beach_mask |= b
            elif z["terrain"] == "difficult":
                self.difficult_mask |= b
            elif z["terrain"] == "strait":
                self.strait_mask |= b
            if z.get("fort"):
                self.fort_mask |= b
        for j in range(len(bases)):
            self.base_mask |= 1 << (self.n_map + j)
        self.naval_mask = self.sea_mask | self.beach_mask  # where triremes may be (rule 4.1)
        self.island_mask = sum(1 << self.index[z] for z in ("T7", "T8", "T9", "T10"))
        # adjacency, checked to be symmetric
        adj = [0] * n
        for i, z in enumerate(zones):
            for other in z["adjacent"]:
                if other not in self.index or self.index[other] >= self.n_map:
                    raise ValueError(f"board.toml: zone {z['id']} lists unknown neighbour {other!r}")
                adj[i] |= 1 << self.index[other]
        for i in range(self.n_map):
            for j in bits(adj[i]):
                if not adj[j] >> i & 1:
                    raise ValueError(f"board.toml: {self.ids[i]} is next to {self.ids[j]} but not the reverse")
        self.base_side: dict[int, str] = {}
        self.base_kind: dict[int, str] = {}
        self.arrow: dict[int, int] = {}
        for j, b in enumerate(bases):
            bi = self.n_map + j
            target = self.index[b["arrow"]]
            adj[bi] = 1 << target  # a base leads only to the zone its arrow points to (rule 4)
            self.arrow[bi] = target
            self.base_side[bi] = b["side"]
            self.base_kind[bi] = b["kind"]
            if b["kind"] == "naval" and not self.naval_mask >> target & 1:
                raise ValueError(f"board.toml: naval base {b['id']} must point to water or a beach")
            if b["kind"] == "land" and not self.land_mask >> target & 1:
                raise ValueError(f"board.toml: land base {b['id']} must point to a land zone")
        self.adj: tuple[int, ...] = tuple(adj)
        # ships go from water to water or to a beach and back, never overland from one beach to the next
        nav = [0] * n
        for i in range(n):
            if self.sea_mask >> i & 1:
                nav[i] = adj[i] & self.naval_mask
            elif self.beach_mask >> i & 1:
                nav[i] = adj[i] & self.sea_mask
            elif i in self.arrow and self.base_kind[i] == "naval":
                nav[i] = adj[i]
        self.naval_adj: tuple[int, ...] = tuple(nav)
        from .actions import Activate  # the shared "activate Z" actions, one per zone
        self.activate_actions = tuple(Activate(zid) for zid in self.ids)
        self.adj_list: tuple[tuple[int, ...], ...] = tuple(tuple(bits(m)) for m in adj)
        self._land_paths: dict[int, tuple] = {}
        self.through: dict[int, tuple[int, ...]] = {}  # pm -> land_through(pm), once computed (read it directly)

    # -- lookups ---------------------------------------------------------------------------------
    def zone(self, zid: str) -> int:
        return self.index[zid]

    def is_land(self, z: int) -> bool:
        return bool(self.land_mask >> z & 1)

    def is_sea(self, z: int) -> bool:
        return bool(self.sea_mask >> z & 1)

    def is_base(self, z: int) -> bool:
        return z >= self.n_map

    def base_of(self, side: str, kind: str) -> int:
        for bi, s in self.base_side.items():
            if s == side and self.base_kind[bi] == kind:
                return bi
        raise KeyError((side, kind))

    # -- movement paths --------------------------------------------------------------------------
    def land_paths(self, pm: int) -> tuple:
        """For each origin (map land zone or land base), the destinations a land mover with ``pm``
        movement points can reach and the ways to get there: ``paths[origin] = ((dest, (LandPath, …)), …)``.

        A way may cross water zones (naval transport, rule 4.2) but never stops in one, never passes
        through a base, and is kept only if no shorter-or-equal way passes through a subset of its zones.
        Ways are sorted: fewest water zones first, then fewest steps — the engine takes the first open one.
        """
        if pm in self._land_paths:
            return self._land_paths[pm]
        n = len(self.ids)
        walkable = self.land_mask | self.sea_mask
        result = []
        for origin in range(n):
            found: dict[int, list[LandPath]] = {}
            if self.is_base(origin) and self.base_kind[origin] != "land":
                result.append(())
                continue
            if not self.is_base(origin) and not self.is_land(origin):
                result.append(())
                continue

            def walk(z: int, through: int, seas: tuple, steps: int, visited: int, found=found) -> None:
                for nxt in self.adj_list[z]:
                    if not walkable >> nxt & 1 or visited >> nxt & 1:
                        continue
                    if self.is_land(nxt):
                        found.setdefault(nxt, []).append(LandPath(through, seas, steps + 1))
                    if steps + 1 < pm:
                        walk(nxt, through | 1 << nxt, seas + ((nxt,) if self.is_sea(nxt) else ()), steps + 1,
                             visited | 1 << nxt)

            walk(origin, 0, (), 0, 1 << origin)
            dests = []
            for dest in sorted(found):
                ways = sorted(set(found[dest]), key=lambda p: (len(p.seas), p.steps, p.seas, p.through))
                kept: list[LandPath] = []
                for p in ways:
                    if not any(q.through & p.through == q.through for q in kept):
                        kept.append(p)
                dests.append((dest, tuple(kept)))
            result.append(tuple(dests))
        self._land_paths[pm] = tuple(result)
        return self._land_paths[pm]

    def land_through(self, pm: int) -> tuple[int, ...]:
        """For each origin, the zones any of its ``land_paths(pm)`` passes through (a mask): whether a way is
        open depends on these zones only."""
        found = self.through.get(pm)
        if found is None:
            found = self.through[pm] = tuple(sum_masks(way.through for _, ways in dests for way in ways)
                                             for dests in self.land_paths(pm))
        return found

    def naval_reach(self, origin: int, open_mask: int) -> int:
        """Zones a trireme (or a leader with one) at ``origin`` can reach with unlimited movement (rule 2.1):
        through water and beaches, passing only through ``open_mask`` (zones without enemy pieces);
        a zone outside ``open_mask`` can be entered but movement stops there (rule 4)."""
        adj = self.naval_adj
        naval = self.naval_mask
        reach = 1 << origin
        frontier = reach
        while frontier:
            nxt = 0
            for z in bits(frontier):
                nxt |= adj[z]
            new = nxt & naval & ~reach
            reach |= new
            frontier = new & open_mask
        return reach & ~(1 << origin)

    # -- for the renderer ------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """Zones with polygons (lon, lat), label points, terrain, adjacency; bases with boxes and arrows."""
        zones = []
        for z in self.zones_data:
            zones.append({
                "id": z["id"], "name": z["name"], "kind": z["kind"], "terrain": z["terrain"],
                "fort": bool(z.get("fort", False)), "strait_limit": z.get("strait_limit"),
                "adjacent": list(z["adjacent"]), "pleiades": list(z.get("pleiades", [])),
                "passages": list(z.get("passages", [])), "note": z.get("note", ""),
                "label": list(z["label"]), "polygon": [list(p) for p in z["polygon"]],
            })
        bases = [{
            "id": b["id"], "name": b["name"], "side": b["side"], "kind": b["kind"], "arrow": b["arrow"],
            "note": b.get("note", ""), "box": [list(p) for p in b["box"]], "label": list(b["label"]),
        } for b in self.bases_data]
        return {"meta": dict(self.meta), "zones": zones, "bases": bases}


@cache
def default_board() -> Board:
    return Board()
