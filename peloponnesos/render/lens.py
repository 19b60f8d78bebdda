"""Magnifying lenses for maps whose places crowd together in one corner (Attica and the Isthmus) and are sparse
elsewhere: each lens enlarges a disc of the map and squeezes its rim, leaving everything outside it where it was,
so places keep their real positions relative to the coast (which goes through the same lens).

``MapFigure.transform = lenses(k, Lens(...), Lens(...))``: the lenses are applied in turn (give them discs that do
not overlap). The lens is a Sarkar–Brown graphical fisheye (the diceless map uses one too: ``diceless.fisheye``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Lens:
    """A disc at ``centre`` (lon, lat) of ``radius`` (projected degrees: lon·k, lat), whose middle is drawn
    ``1 + power`` times larger."""

    centre: tuple[float, float]
    radius: float
    power: float


def lens(k: float, spec: Lens) -> Callable[[float, float], tuple[float, float]]:
    """One lens as a function of projected coordinates (x = lon·k, y = lat)."""
    cx, cy = spec.centre[0] * k, spec.centre[1]
    radius, power = spec.radius, spec.power

    def apply(x: float, y: float) -> tuple[float, float]:
        dx, dy = x - cx, y - cy
        r = (dx * dx + dy * dy) ** 0.5
        if r == 0 or r >= radius:
            return x, y
        t = r / radius
        scale = ((power + 1) * t / (power * t + 1)) / t
        return cx + dx * scale, cy + dy * scale

    return apply


def lenses(k: float, *specs: Lens) -> Callable[[float, float], tuple[float, float]]:
    """Several lenses, applied one after the other."""
    steps = [lens(k, spec) for spec in specs]

    def apply(x: float, y: float) -> tuple[float, float]:
        for step in steps:
            x, y = step(x, y)
        return x, y

    return apply
