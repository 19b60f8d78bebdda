"""Tracks printed on a board — the turn, morale, initiative, action points — as rows of numbered boxes that the
map draws in its still picture, each box a region a marker (a :class:`~.mapfig.Token`) can stand in.

    >>> regions = track("ml", "Morale", range(1, 11), (15.29, 37.16), box=(0.0035, 0.0033))
    >>> [r.id for r in regions][:3]
    ['ml:label', 'ml:1', 'ml:2']

The row's title is written to the left of its first box; each box's label is its value (or ``labels[value]``)
and its hover says what it is (``hover`` with ``{value}`` filled in, ``hovers`` for a box of its own).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .mapfig import Region
from .palette import WHITE


def track(prefix: str, title: str, values: Iterable, origin: tuple[float, float], *,
          box: tuple[float, float] = (0.0125, 0.0084), hover: str = "{title} {value}",
          hovers: Mapping | None = None, labels: Mapping | None = None, title_gap: float = 0.0005,
          fill: str = WHITE) -> list[Region]:
    """A row of boxes ``prefix:value`` whose top-left corner is ``origin`` (lon, lat), each ``box`` (width in
    degrees of longitude, height in degrees of latitude), with the title ``prefix:label`` to its left."""
    lon, lat = origin
    w, h = box
    regions = [Region(f"{prefix}:label", title, title, (lon - title_gap, lat - h * 0.5), fill=WHITE, line=WHITE,
                      hover=title, text_position="middle left", fixed_label=True)]
    for i, value in enumerate(values):
        left = lon + i * w
        outline = ((left, lat), (left + w, lat), (left + w, lat - h), (left, lat - h))
        text = (hovers or {}).get(value) or hover.format(title=title, value=value)
        regions.append(Region(f"{prefix}:{value}", f"{title} {value}", str((labels or {}).get(value, value)),
                              (left + w / 2, lat - h * 0.22), outline, fill=fill, hover=text, frame=True,
                              token_anchor=(left + w / 2, lat - h * 0.62)))
    return regions
