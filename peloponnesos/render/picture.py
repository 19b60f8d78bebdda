"""The still part of a board — coast, zones, terrain, links, track boxes, names — drawn as an SVG picture
that the Plotly figure shows behind its traces, at the size the map has on the screen (names at a size a
class can read, placed by ``labels.py`` so that none overprints another).

Why a picture: plotly.js redraws every trace and shape of a figure whenever any trace changes, so a
map whose zones were traces or shapes cost ~50 ms of browser time per move; with the still part as one
image, a move redraws only the counters (~15 ms). The picture is placed in data coordinates, so it stays
exactly under the traces.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Sequence
from html import escape
from itertools import pairwise

from .labels import Box
from .links import link_style
from .palette import BLACK, COAST

FONT = "Verdana, DejaVu Sans, Arial, sans-serif"
LINK_STYLE = {"land": ("#5A4A2A", ""), "sea": ("#1F5F8B", "7,5")}  # kept for old callers: see links.py


def picture_svg(mapfig, bounds: tuple[float, float, float, float], width: float, height: float) -> str:
    """An SVG of ``mapfig``'s still content over ``bounds`` (x0, x1, y0, y1 in projected units)."""
    x0, x1, y0, y1 = bounds
    sx, sy = width / (x1 - x0), height / (y1 - y0)

    def pt(x: float, y: float) -> str:
        return f"{(x - x0) * sx:.1f},{(y1 - y) * sy:.1f}"

    def xy_px(x: float, y: float) -> tuple[float, float]:
        return (x - x0) * sx, (y1 - y) * sy

    def path(points, close: bool) -> str:
        pts = [pt(*p) for p in points]
        return "M" + "L".join(pts) + ("Z" if close else "") if pts else ""

    out = [_svg_open(width, height), f'<rect width="100%" height="100%" fill="{mapfig.background}"/>']
    coast = "".join(path([mapfig.xy(*p) for p in line], False) for line in mapfig.backdrop)
    if coast:
        out.append(f'<path d="{coast}" fill="none" stroke="{COAST}" stroke-width="1.2"/>')
    for region in mapfig.outlined:
        ring = [mapfig.xy(*p) for p in region.outline]
        out.append(f'<path d="{path(ring, True)}" fill="{region.fill}" stroke="{region.line}" stroke-width="1.5"/>')
    for d in mapfig.texture_paths():
        out.append(f'<path d="{"".join(f"M{pt(*a)}L{pt(*b)}" for a, b in d)}" stroke="#8A7E5A" stroke-width="1"/>')
    for stroke in mapfig.strokes:
        out.append(_stroke(stroke, [xy_px(*mapfig.xy(*p)) for p in stroke.points]))
    for region in mapfig.framed:
        ring = [mapfig.xy(*p) for p in region.outline]
        out.append(f'<path d="{path(ring, True)}" fill="{region.fill}" stroke="{COAST}" stroke-width="1.2"/>')
    for kind in dict.fromkeys(link.kind for link in mapfig.links):  # each kind's strokes, in the links' order
        segs = [_link_points(mapfig, link) for link in mapfig.links
                if link.kind == kind and link.a in mapfig.regions and link.b in mapfig.regions]
        if segs:
            d = "".join("M" + "L".join(pt(*p) for p in points) for points in segs)
            for stroke in link_style(kind).strokes:
                dashes = f' stroke-dasharray="{stroke.dash}"' if stroke.dash else ""
                out.append(f'<path d="{d}" fill="none" stroke="{stroke.colour}" stroke-width="{stroke.width}"'
                           f'{dashes}/>')
    callouts = [(mapfig.xy(*r.anchor), mapfig.xy(*r.token_anchor)) for r in mapfig.regions.values()
                if r.token_text and r.token_anchor]
    if callouts:
        d = "".join(f"M{pt(*a)}L{pt(*b)}" for a, b in callouts)
        out.append(f'<path d="{d}" fill="none" stroke="#555555" stroke-width="1"/>')
    for region in mapfig.regions.values():
        if region.marker_size and not region.outline:
            cx, cy = xy_px(*mapfig.xy(*region.anchor))
            out.append(dot_svg(region.symbol, cx, cy, mapfig.marker_px(region) / 2, region.fill,
                               region.line_width))
    for at, text, size, angle in mapfig.notes:
        x, y = xy_px(*mapfig.xy(*at))
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size * mapfig.scale:.1f}" font-style="italic" '
                   f'fill="#333333" text-anchor="middle" dominant-baseline="central" '
                   f'transform="rotate({angle} {x:.1f} {y:.1f})">{escape(text)}</text>')
    leaders = "".join(f"M{a[0]:.1f},{a[1]:.1f}L{b[0]:.1f},{b[1]:.1f}" for a, b in
                      (p.leader for p in mapfig.placed if p.leader))
    if leaders:
        out.append(f'<path d="{leaders}" fill="none" stroke="#333333" stroke-width="1"/>')
    for placed in mapfig.placed:
        out.append(label_svg(placed))
    out.append("</svg>")
    return "".join(out)


def _stroke(stroke, pts: list[tuple[float, float]]) -> str:
    """A line of the still board (pixels), with short ticks on one side every 9 px for a slope."""
    if len(pts) < 2:
        return ""
    d = "M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    dashes = f' stroke-dasharray="{stroke.dash}"' if stroke.dash else ""
    out = [f'<path d="{d}" fill="none" stroke="{stroke.colour}" stroke-width="{stroke.width}"{dashes} '
           'stroke-linecap="round" stroke-linejoin="round"/>']
    if stroke.ticks:
        side = 1 if stroke.ticks == "right" else -1  # right of the way the line runs (y down on the screen)
        ticks = []
        spare = 0.0
        for (x1, y1), (x2, y2) in pairwise(pts):
            seg = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
            if not seg:
                continue
            nx, ny = -(y2 - y1) / seg * side, (x2 - x1) / seg * side
            t = 9.0 - spare
            while t < seg:
                x, y = x1 + (x2 - x1) * t / seg, y1 + (y2 - y1) * t / seg
                ticks.append(f"M{x:.1f},{y:.1f}l{nx * 5:.1f},{ny * 5:.1f}")
                t += 9.0
            spare = seg - (t - 9.0)
        if ticks:
            out.append(f'<path d="{"".join(ticks)}" stroke="{stroke.colour}" stroke-width="1.3"/>')
    return "".join(out)


def _link_points(mapfig, link) -> list[tuple[float, float]]:
    """A link's line in projected units: straight, or bent through its ``via`` points (lon, lat)."""
    a, b = mapfig.regions[link.a], mapfig.regions[link.b]
    return [mapfig.xy(*a.anchor), *(mapfig.xy(*p) for p in getattr(link, "via", ())), mapfig.xy(*b.anchor)]


def dot_svg(symbol: str, cx: float, cy: float, r: float, fill: str, line_width: float = 1.5) -> str:
    """A point area's dot: a circle, or the shape ``symbol`` names (square, diamond, hexagon, triangle-up)."""
    base = (symbol or "circle").replace("-open", "")
    paint = f'fill="{fill}" stroke="{BLACK}" stroke-width="{line_width}"'
    if base == "square":
        s = r * 0.9
        return f'<rect x="{cx - s:.1f}" y="{cy - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}" {paint}/>'
    corners = {"diamond": (90, 180, 270, 360), "hexagon": (30, 90, 150, 210, 270, 330),
               "triangle-up": (270, 30, 150)}.get(base)
    if corners is None:
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" {paint}/>'
    pts = " ".join(f"{cx + r * math.cos(math.radians(a)):.1f},{cy + r * math.sin(math.radians(a)):.1f}"
                   for a in corners)
    return f'<polygon points="{pts}" {paint}/>'


def _svg_open(width: float, height: float) -> str:
    """The opening tag of a picture ``width`` × ``height`` pixels: the board's, and the names written over the marks."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="{FONT}">')


def names_svg(placed, width: float, height: float, covered: Sequence[Box] = ()) -> str:
    """Only the names ``placed``, on a clear picture the size of the board's, each exactly where the board's picture
    writes it: shown over the rings drawn round the places to choose (they crossed the first letters), except where a
    counter stands (``covered``: boxes in pixels), so that the counters stay on top."""
    if not placed:
        return ""
    out = [_svg_open(width, height)]
    names = "".join(label_svg(p) for p in placed)
    if covered:
        holes = "".join(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}"/>'
                        for x0, y0, x1, y1 in covered)
        out.append('<mask id="c" maskUnits="userSpaceOnUse" x="0" y="0" width="100%" height="100%">'
                   f'<rect width="100%" height="100%" fill="white"/><g fill="black">{holes}</g></mask>'
                   f'<g mask="url(#c)">{names}</g>')
    else:
        out.append(names)
    out.append("</svg>")
    return "".join(out)


def label_svg(placed) -> str:
    """A name as SVG text, with a pale halo so that it reads over lines and textures."""
    x, y = placed.baseline
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{placed.size}" fill="{BLACK}" text-anchor="start" '
            f'paint-order="stroke" stroke="white" stroke-width="3" stroke-opacity="0.8">{escape(placed.text)}</text>')


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
