"""The simplified coastline drawn behind the diceless map (``data/coastline.json``).

The shipped file is derived from the GSHHG shoreline (P. Wessel and W. H. F. Smith, LGPL-3.0) that
the project keeps in ``shared/design/coastlines/greece-and-sicily.geojson``: the pieces that GSHHG
cuts at its 1°×1° bins are joined end to end, small islands are left out, and each line is thinned
with the Douglas–Peucker method until the whole coast is a few hundred points. Regenerate with::

    python -m peloponnesos.games.diceless.coastline path/to/greece-and-sicily.geojson

Standard library only; the rules never need this module, only the map does (through
``DicelessGame.board()``).
"""

from __future__ import annotations

import json
import math
import sys
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"
COASTLINE = DATA / "coastline.json"

ATTRIBUTION = ("Coastline simplified from GSHHG 2.3.7, the Global Self-consistent Hierarchical High-resolution "
               "Geography of P. Wessel and W. H. F. Smith (https://www.soest.hawaii.edu/pwessel/gshhg/), "
               "licensed under the GNU Lesser General Public License version 3 (LGPL-3.0).")
LICENCE = "LGPL-3.0"
WINDOW = (12.0, 34.6, 30.0, 42.2)  # W, S, E, N: Sicily to Byzantium and Sardis


@cache
def load_coastline() -> dict:
    """The shipped coastline: ``{"attribution", "licence", "lines": [[[lon, lat], ...], ...]}``."""
    with open(COASTLINE, encoding="utf-8") as f:
        return json.load(f)


# -- building the file (run once by a developer) -----------------------------------------------------
def _on_edge(p: tuple[float, float]) -> tuple[str, float] | None:
    """The 1° bin edge a point lies on (GSHHG cuts shores there), as ("x", 23.0) or ("y", 38.0)."""
    x, y = p
    if abs(x - round(x)) < 1e-6:
        return ("x", round(x))
    if abs(y - round(y)) < 1e-6:
        return ("y", round(y))
    return None


def _join(segments: list[list[tuple[float, float]]], gap: float = 0.08) -> list[list[tuple[float, float]]]:
    """Join the pieces that GSHHG cut at its 1° bin edges: a piece ending on an edge continues with the
    piece that starts nearest to that point on the same edge (the pieces were simplified separately,
    so the two points may differ by a little). Pairs are matched nearest first."""
    lines = [list(seg) for seg in segments if len(seg) >= 2]
    closed = [line for line in lines if line[0] == line[-1]]
    pieces = [line for line in lines if line[0] != line[-1]]
    pairs = []
    for i, line in enumerate(pieces):
        edge = _on_edge(line[-1])
        if edge is None:
            continue
        for j, other in enumerate(pieces):
            d = math.hypot(other[0][0] - line[-1][0], other[0][1] - line[-1][1])
            if d <= gap and (_on_edge(other[0]) == edge or d < 0.02):  # the same edge, or a bin corner
                pairs.append((d, i, j))
    pairs.sort()
    following: dict[int, int] = {}
    taken: set[int] = set()
    for _d, i, j in pairs:
        if i in following or j in taken:
            continue
        following[i] = j
        taken.add(j)
    done: set[int] = set()
    for start in [i for i in range(len(pieces)) if i not in taken] + list(range(len(pieces))):
        if start in done:
            continue
        line: list[tuple[float, float]] = []
        k: int | None = start
        while k is not None and k not in done:
            done.add(k)
            line.extend(pieces[k] if not line else pieces[k][1:])
            k = following.get(k)
        if k is not None:  # came back to the first piece: a closed shore
            line.append(line[0])
        closed.append(line)
    return closed


def _dp(points: list[tuple[float, float]], tolerance: float) -> list[tuple[float, float]]:
    """Douglas–Peucker thinning (iterative, keeps the end points)."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        a, b = stack.pop()
        (x1, y1), (x2, y2) = points[a], points[b]
        dx, dy = x2 - x1, y2 - y1
        norm = math.hypot(dx, dy)
        worst, index = 0.0, -1
        for i in range(a + 1, b):
            x, y = points[i]
            d = math.hypot(x - x1, y - y1) if norm == 0 else abs(dy * x - dx * y + x2 * y1 - y2 * x1) / norm
            if d > worst:
                worst, index = d, i
        if worst > tolerance:
            keep[index] = True
            stack.extend([(a, index), (index, b)])
    return [p for p, k in zip(points, keep, strict=True) if k]


def _extent(line: list[tuple[float, float]]) -> float:
    xs, ys = [p[0] for p in line], [p[1] for p in line]
    return max(max(xs) - min(xs), max(ys) - min(ys))


def build_coastline(source: str | Path, *, tolerance: float = 0.07, min_extent: float = 0.14) -> dict:
    """Read GSHHG line features and return the simplified coastline (land/sea shores only)."""
    with open(source, encoding="utf-8") as f:
        data = json.load(f)
    w, s, e, n = WINDOW
    segments = []
    for feature in data["features"]:
        if feature["properties"].get("level", 1) != 1:
            continue
        coords = [(round(x, 5), round(y, 5)) for x, y in feature["geometry"]["coordinates"]]
        segments.append(coords)
    lines = []
    for line in _join(segments):
        inside = [p for p in line if w <= p[0] <= e and s <= p[1] <= n]
        if len(inside) < 2 or _extent(line) < min_extent:
            continue
        # cut the line into runs that stay inside the window
        run: list[tuple[float, float]] = []
        for p in line:
            if w <= p[0] <= e and s <= p[1] <= n:
                run.append(p)
            else:
                if len(run) >= 2 and _extent(run) >= min_extent:
                    lines.append(run)
                run = []
        if len(run) >= 2 and _extent(run) >= min_extent:
            lines.append(run)
    simplified = []
    for line in lines:
        thin = _dp(line, tolerance)
        if len(thin) >= 3 or (len(thin) == 2 and thin[0] != thin[1]):
            simplified.append([[round(x, 3), round(y, 3)] for x, y in thin])
    simplified.sort(key=lambda ln: -len(ln))
    return {
        "attribution": ATTRIBUTION,
        "licence": LICENCE,
        "source": "shared/design/coastlines/greece-and-sicily.geojson (GSHHG 2.3.7 high resolution, "
                  "simplified to 0.01°), joined and thinned by peloponnesos.games.diceless.coastline",
        "window": list(WINDOW),
        "tolerance_deg": tolerance,
        "min_extent_deg": min_extent,
        "points": sum(len(ln) for ln in simplified),
        "lines": simplified,
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    result = build_coastline(argv[0])
    COASTLINE.write_text(json.dumps(result, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {COASTLINE}: {len(result['lines'])} lines, {result['points']} points")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
