"""A magnifying glass for crowded parts of a real map: places keep their real positions relative to the coast, but
the crowded part (central Greece; the city and harbours of Syracuse) gets room for its names and counters.

:func:`fisheye` is the graphical fisheye of Sarkar and Brown (1992): inside a circle around ``centre`` every point is
pushed out from it, the centre enlarged ``1 + power`` times, the circle's edge left where it is, so nothing
outside moves. ``MapFigure.transform = fisheye(...)`` applies it to everything drawn.
"""

from __future__ import annotations

from collections.abc import Callable


def fisheye(k: float, centre: tuple[float, float], radius: float,
            power: float) -> Callable[[float, float], tuple[float, float]]:
    """A fisheye around ``centre`` (lon, lat) in a map's projected coordinates (x = lon·k, y = lat); ``radius`` in
    projected degrees; ``power`` 0 changes nothing."""
    cx, cy = centre[0] * k, centre[1]

    def lens(x: float, y: float) -> tuple[float, float]:
        dx, dy = x - cx, y - cy
        r = (dx * dx + dy * dy) ** 0.5
        if r == 0 or r >= radius:
            return x, y
        t = r / radius
        scale = ((power + 1) * t / (power * t + 1)) / t
        return cx + dx * scale, cy + dy * scale

    return lens
