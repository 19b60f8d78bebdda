"""The still part of a board — coast, zones, terrain, links, track boxes, names — drawn once as an SVG
picture that the Plotly figure shows behind its traces.

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
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{region.marker_size / 2:.1f}" fill="{region.fill}" '
                       f'stroke="{BLACK}" stroke-width="1.5"/>')
    for region in mapfig.regions.values():
        if region.label:
            out.append(_label(region, mapfig, xy_px))
    for at, text, size, angle in mapfig.notes:
        x, y = xy_px(*mapfig.xy(*at))
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-style="italic" fill="#333333" '
                   f'text-anchor="middle" dominant-baseline="central" transform="rotate({angle} {x:.1f} {y:.1f})">'
                   f"{escape(text)}</text>")
    out.append("</svg>")
    return "".join(out)


def _label(region, mapfig, xy_px) -> str:
    x, y = mapfig.xy(*region.anchor)
    px, py = xy_px(x + region.label_offset[0], y + region.label_offset[1])
    vertical, _, horizontal = region.text_position.partition(" ")
    gap = region.marker_size / 2 + 3 if region.marker_size else 0
    size = mapfig.label_size
    anchor = {"left": "end", "right": "start"}.get(horizontal, "middle")
    dx = {"left": -gap, "right": gap}.get(horizontal, 0)
    dy = {"top": -gap - 2, "bottom": gap + size * 0.85}.get(vertical, size * 0.35)
    if horizontal in ("left", "right") and vertical == "middle":
        dy = size * 0.35
    return (f'<text x="{px + dx:.1f}" y="{py + dy:.1f}" font-size="{size}" fill="{BLACK}" '
            f'text-anchor="{anchor}" paint-order="stroke" stroke="white" stroke-width="3" '
            f'stroke-opacity="0.7">{escape(region.label)}</text>')


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
