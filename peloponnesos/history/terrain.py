"""Measuring the bay of Pylos on its real shoreline, in kilometres and in stades (the "text against terrain"
enquiry: Thucydides 4.8.6 against the ground and against the Sfacteria game).

>>> from peloponnesos.history import terrain
>>> round(terrain.measure("island").km, 1)       # end to end on the GSHHG shoreline
4.8
>>> terrain.measure("T6", "T7").metres < 300       # the northern entrance, between Pylos and the island
True

The shoreline is the Sfacteria board's (``games/sfacteria/data/board.toml``): the GSHHG 2.3.7 full-resolution
coast of today (LGPL-3.0), read through the game's public ``SfacteriaGame.board()``. A measurement is the
shortest distance between two shores (or points), or the longest distance across a set of zones; it is worked
out on a flat local projection, which at the size of the bay is within a few metres of the true distance.

Today's coast is not the coast of 425 BC: sand has built up, and the sea level has moved. The measurements
are a modern starting point for the question, not its answer.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

EARTH_RADIUS_KM = 6371.0088
#: Lengths of the stade in metres. Greek writers counted 600 feet to a stade, but feet differed from place to
#: place; these are the two best-known values (the Attic foot of about 0.296 m, the Olympic of about 0.3205 m).
#: Historians still argue which one, if either, Thucydides' informants used.
STADE_M = {"Attic": 177.6, "Olympic": 192.3}
#: Thucydides 4.8.6, in numbers (quoted by reference, not in his words).
TEXT = {"north_entrance_ships": 2, "south_entrance_ships": (8, 9), "island_stades": 15}
#: A trireme: the modern reconstruction Olympias is about 37 m long and 5.5 m wide; with its oars out a ship
#: needs more water than that. ``LANE_M`` is OUR assumption of the width of water one rowing ship needs beside
#: another (change it and see how the answer moves).
TRIREME_BEAM_M = 5.5
LANE_M = 15.0
ISLAND = ("T7", "T8", "T9", "T10")
PYLOS = "T6"

#: The named measurements of the lesson: (what, how, zones).
MEASURES = {
    "island": ("the length of Sphacteria, end to end", "longest", ISLAND),
    "north_entrance": ("the northern entrance, from Pylos to the island (today's Sikia channel)", "shortest",
                       (PYLOS, "T7")),
    "south_entrance": ("the southern entrance, from the island to the mainland", "shortest", ("T10", "T12")),
    "harbour_across": ("the harbour, from the island's middle to the eastern shore", "shortest", ("T8", "T11")),
}


class MeasureError(ValueError):
    """A zone or point the helper cannot measure; the message says what it accepts."""


@dataclass(frozen=True, slots=True)
class Measurement:
    what: str
    km: float
    start: tuple[float, float]  # (lon, lat)
    end: tuple[float, float]

    @property
    def metres(self) -> float:
        return self.km * 1000

    def stades(self, stade: str | float = "Attic") -> float:
        return stades(self.km, stade)

    def ships(self, lane_m: float = LANE_M) -> int:
        """How many ships could row side by side across this width, each taking ``lane_m`` metres of water."""
        return ships_abreast(self.metres, lane_m)

    def __str__(self) -> str:
        return (f"{self.what}: {self.km:.2f} km = {self.stades('Attic'):.0f} Attic stades "
                f"({self.stades('Olympic'):.0f} Olympic)")


def _stade_m(stade: str | float) -> float:
    if isinstance(stade, str):
        if stade not in STADE_M:
            raise MeasureError(f"there is no stade called {stade!r}: use {' or '.join(STADE_M)}, or a length in metres")
        return STADE_M[stade]
    if isinstance(stade, bool) or not isinstance(stade, (int, float)) or not 100 <= stade <= 250:
        raise MeasureError(f"a stade is a length between 100 and 250 metres, not {stade!r}")
    return float(stade)


def stades(km: float, stade: str | float = "Attic") -> float:
    """Kilometres in stades: ``stades(2.7)`` is about 15 Attic stades."""
    return km * 1000 / _stade_m(stade)


def km_from_stades(n: float, stade: str | float = "Attic") -> float:
    """Stades in kilometres: ``km_from_stades(15)`` is about 2.7 km."""
    return n * _stade_m(stade) / 1000


def ships_abreast(width_m: float, lane_m: float = LANE_M) -> int:
    if not lane_m >= TRIREME_BEAM_M:
        raise MeasureError(f"a rowing ship needs at least its own width ({TRIREME_BEAM_M} m) of water, not {lane_m!r}")
    return int(width_m // lane_m)


# The shoreline -----------------------------------------------------------------------------------------------


@cache
def _board() -> dict:
    from ..games.sfacteria import SfacteriaGame

    return {z["id"]: z for z in SfacteriaGame.board()["zones"]}


def zones() -> dict[str, str]:
    """The zones one can measure from, with their names (T land zones, N water zones)."""
    return {zid: z["name"] for zid, z in _board().items()}


def shore(zone: str) -> tuple[tuple[float, float], ...]:
    """The outline of a zone, as (lon, lat) points (for a land zone on the coast: its shoreline, with the lines the
    designer drew across the land)."""
    z = _board().get(str(zone).upper().strip())
    if z is None:
        raise MeasureError(f"there is no zone {zone!r} on the Sfacteria map; zones are T1–T12 (land) and N1–N9 "
                           "(water), for example \"T6\" for Pylos")
    return tuple((float(x), float(y)) for x, y in z["polygon"])


def _points(where) -> tuple[tuple[float, float], ...]:
    """A zone id, several zone ids, or a (lon, lat) point, as a list of points (a closed outline for zones)."""
    if isinstance(where, str):
        ring = shore(where)
        return ring + ring[:1]
    if (isinstance(where, (tuple, list)) and len(where) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in where)):
        lon, lat = float(where[0]), float(where[1])
        if not (21.5 <= lon <= 21.8 and 36.8 <= lat <= 37.05):
            raise MeasureError(f"the point {where!r} is not in the bay of Pylos (give longitude, then latitude)")
        return ((lon, lat),)
    if isinstance(where, (tuple, list)) and where and all(isinstance(w, str) for w in where):
        return tuple(p for w in where for p in _points(w))
    raise MeasureError(f"measure between zones (\"T6\"), lists of zones or (longitude, latitude) points, "
                       f"not {where!r}")


class _Flat:
    """A local flat projection in kilometres around a latitude (good to a few metres over the bay)."""

    def __init__(self, lat0: float) -> None:
        self.kx = math.radians(1) * EARTH_RADIUS_KM * math.cos(math.radians(lat0))
        self.ky = math.radians(1) * EARTH_RADIUS_KM

    def xy(self, p: tuple[float, float]) -> tuple[float, float]:
        return p[0] * self.kx, p[1] * self.ky

    def lonlat(self, q: tuple[float, float]) -> tuple[float, float]:
        return q[0] / self.kx, q[1] / self.ky


FLAT = _Flat(36.93)


def _segments(points: Sequence[tuple[float, float]]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    xy = [FLAT.xy(p) for p in points]
    if len(xy) == 1:
        return [(xy[0], xy[0])]
    return list(itertools.pairwise(xy))


def _closest_on(segment, q) -> tuple[float, float]:
    (ax, ay), (bx, by) = segment
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((q[0] - ax) * dx + (q[1] - ay) * dy) / length2))
    return ax + t * dx, ay + t * dy


def shortest(a, b, what: str = "") -> Measurement:
    """The shortest distance between two shores (zones) or points."""
    pa, pb = _points(a), _points(b)
    best = (math.inf, None, None)
    for sa, sb in ((pa, pb), (pb, pa)):
        for segment in _segments(sa):
            for q in (FLAT.xy(p) for p in sb):
                c = _closest_on(segment, q)
                d = math.dist(c, q)
                if d < best[0]:
                    best = (d, c, q) if sa is pa else (d, q, c)
    d, start, end = best
    return Measurement(what or f"from {_name(a)} to {_name(b)}", d, FLAT.lonlat(start), FLAT.lonlat(end))


def longest(where: Iterable, what: str = "") -> Measurement:
    """The longest straight distance between two points of a set of zones (an island's length)."""
    pts = [FLAT.xy(p) for p in _points(list(where) if not isinstance(where, str) else where)]
    best = (0.0, pts[0], pts[0])
    for i, p in enumerate(pts):
        for q in pts[i + 1:]:
            d = math.dist(p, q)
            if d > best[0]:
                best = (d, p, q)
    d, start, end = best
    return Measurement(what or f"across {_name(where)}", d, FLAT.lonlat(start), FLAT.lonlat(end))


def _name(where) -> str:
    if isinstance(where, str):
        return f"{where.upper()} ({zones().get(where.upper(), '?')})"
    if isinstance(where, (tuple, list)) and where and all(isinstance(w, str) for w in where):
        return "+".join(w.upper() for w in where)
    return f"({where[0]:.5f}, {where[1]:.5f})"


def measure(a, b=None) -> Measurement:
    """``measure("island")`` (a named measurement), ``measure("T6", "T7")`` (the gap between two shores) or
    ``measure((21.66, 36.95), "T11")`` (a point and a shore)."""
    if b is None:
        if a not in MEASURES:
            raise MeasureError(f"give two zones or points, or one of the named measurements: {', '.join(MEASURES)}")
        what, how, where = MEASURES[a]
        return longest(where, what) if how == "longest" else shortest(*where, what=what)
    return shortest(a, b)


def measurements() -> dict[str, Measurement]:
    """Every named measurement of the lesson."""
    return {name: measure(name) for name in MEASURES}


def text_game_ground(lane_m: float = LANE_M, stade: str | float = "Attic") -> list[dict]:
    """The enquiry's table: Thucydides 4.8.6, the Sfacteria game (rule 5 and the *reconstructed* N8 limit; one PF is
    one trireme, rule 1.2) and the measured ground, for the two entrances and the island."""
    board = _board()
    north, south, island = measure("north_entrance"), measure("south_entrance"), measure("island")
    low, high = TEXT["south_entrance_ships"]
    return [
        {"what": "northern entrance (between Pylos and the island)",
         "Thucydides 4.8.6": f"room for {TEXT['north_entrance_ships']} ships",
         "the game": f"N8: {board['N8']['strait_limit']} trireme PF a side (reconstructed)",
         "the ground today": f"{north.metres:.0f} m: about {north.ships(lane_m)} ships at {lane_m:g} m each"},
        {"what": "southern entrance (between the island and the mainland)",
         "Thucydides 4.8.6": f"room for {low} or {high} ships",
         "the game": f"N9: {board['N9']['strait_limit']} trireme PF a side (rule 5)",
         "the ground today": f"{south.metres:.0f} m: about {south.ships(lane_m)} ships at {lane_m:g} m each"},
        {"what": "the island of Sphacteria, end to end",
         "Thucydides 4.8.6": f"about {TEXT['island_stades']} stades "
                             f"({km_from_stades(TEXT['island_stades'], stade):.1f} km at {_stade_m(stade):g} m)",
         "the game": "four land zones, T7–T10",
         "the ground today": f"{island.km:.1f} km: about {island.stades(stade):.0f} stades"},
    ]
