"""Small plane geometry for drawn boards: which points lie inside an outline, where two outlines share a border
(drawn as a line of its own: a steep slope, a river, a wall), and lengths along lines.

Outlines are sequences of (x, y) points (longitude, latitude on the maps), closed implicitly; two areas drawn
side by side share the points of their border exactly (``syracuse_layout.toml``), which is what
:func:`shared_border` looks for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

Point = tuple[float, float]


def inside(point: Point, outline: Sequence[Point]) -> bool:
    """Even–odd rule: is ``point`` inside the closed polygon ``outline``?"""
    x, y = point
    ring = [*outline, outline[0]]
    hit = False
    for (x1, y1), (x2, y2) in pairwise(ring):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _key(p: Point) -> tuple[int, int]:
    return round(p[0] * 1e6), round(p[1] * 1e6)


def shared_border(a: Sequence[Point], b: Sequence[Point]) -> list[list[Point]]:
    """The border two outlines share: each run of edges found in both (the same two points, either way round),
    as a polyline; ``[]`` if they only touch at a corner or not at all."""
    edges_b = set()
    for p, q in pairwise([*b, b[0]]):
        edges_b.add((_key(p), _key(q)))
        edges_b.add((_key(q), _key(p)))
    ring = [*a, a[0]]
    flags = [(_key(p), _key(q)) in edges_b for p, q in pairwise(ring)]
    if not any(flags):
        return []
    n = len(flags)
    if all(flags):
        return [list(ring)]
    start = next(i for i in range(n) if flags[i] and not flags[i - 1])  # the first edge of a run
    runs: list[list[Point]] = []
    current: list[Point] = []
    for k in range(n):
        i = (start + k) % n
        if flags[i]:
            if not current:
                current = [ring[i]]
            current.append(ring[i + 1])
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def length(line: Sequence[Point], k: float = 1.0) -> float:
    """The length of a polyline, its x shrunk by ``k`` (the cosine of the latitude on a map)."""
    return sum(math.hypot((x2 - x1) * k, y2 - y1) for (x1, y1), (x2, y2) in pairwise(line))


def point_along(line: Sequence[Point], fraction: float, k: float = 1.0) -> tuple[Point, float]:
    """The point ``fraction`` of the way along a polyline, and the direction there (radians, in the plane where
    x is shrunk by ``k``)."""
    total = length(line, k)
    target = total * min(max(fraction, 0.0), 1.0)
    for (x1, y1), (x2, y2) in pairwise(line):
        step = math.hypot((x2 - x1) * k, y2 - y1)
        if step and target <= step:
            t = target / step
            return (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t), math.atan2(y2 - y1, (x2 - x1) * k)
        target -= step
    (x1, y1), (x2, y2) = line[-2], line[-1]
    return (x2, y2), math.atan2(y2 - y1, (x2 - x1) * k)
