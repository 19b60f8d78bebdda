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
from html import escape

from .palette import BLACK, COAST

FONT = "Verdana, DejaVu Sans, Arial, sans-serif"
LINK_STYLE = {"land": ("#5A4A2A", ""), "sea": ("#1F5F8B", "7,5")}


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

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="{FONT}">',
           f'<rect width="100%" height="100%" fill="{mapfig.background}"/>']
    coast = "".join(path([mapfig.xy(*p) for p in line], False) for line in mapfig.backdrop)
    if coast:
        out.append(f'<path d="{coast}" fill="none" stroke="{COAST}" stroke-width="1.2"/>')
    for region in mapfig.outlined:
        ring = [mapfig.xy(*p) for p in region.outline]
        out.append(f'<path d="{path(ring, True)}" fill="{region.fill}" stroke="{region.line}" stroke-width="1.5"/>')
    for d in mapfig.texture_paths():
        out.append(f'<path d="{"".join(f"M{pt(*a)}L{pt(*b)}" for a, b in d)}" stroke="#8A7E5A" stroke-width="1"/>')
    for region in mapfig.framed:
        ring = [mapfig.xy(*p) for p in region.outline]
        out.append(f'<path d="{path(ring, True)}" fill="{region.fill}" stroke="{COAST}" stroke-width="1.2"/>')
    for kind, (colour, dash) in LINK_STYLE.items():
        segs = [(mapfig.xy(*mapfig.regions[link.a].anchor), mapfig.xy(*mapfig.regions[link.b].anchor))
                for link in mapfig.links if link.kind == kind and link.a in mapfig.regions and link.b in mapfig.regions]
        if segs:
            dashes = f' stroke-dasharray="{dash}"' if dash else ""
            d = "".join(f"M{pt(*a)}L{pt(*b)}" for a, b in segs)
            out.append(f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="2"{dashes}/>')
    callouts = [(mapfig.xy(*r.anchor), mapfig.xy(*r.token_anchor)) for r in mapfig.regions.values()
                if r.token_text and r.token_anchor]
    if callouts:
        d = "".join(f"M{pt(*a)}L{pt(*b)}" for a, b in callouts)
        out.append(f'<path d="{d}" fill="none" stroke="#555555" stroke-width="1"/>')
    for region in mapfig.regions.values():
        if region.marker_size and not region.outline:
            cx, cy = xy_px(*mapfig.xy(*region.anchor))
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{mapfig.marker_px(region) / 2:.1f}" '
                       f'fill="{region.fill}" stroke="{BLACK}" stroke-width="1.5"/>')
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
        out.append(_label(placed))
    out.append("</svg>")
    return "".join(out)


def _label(placed) -> str:
    """A name as SVG text, with a pale halo so that it reads over lines and textures."""
    x, y = placed.baseline
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{placed.size}" fill="{BLACK}" text-anchor="start" '
            f'paint-order="stroke" stroke="white" stroke-width="3" stroke-opacity="0.8">{escape(placed.text)}</text>')


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
