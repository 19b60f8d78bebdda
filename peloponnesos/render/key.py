"""Small pictures for the key under a map (inline SVG, drawn by the browser, nothing fetched): a counter's
shape, a side's pattern, a kind of line."""

from __future__ import annotations

import math

from .palette import BLACK, hex_to_rgba


def swatch_marker(symbol: str, colour: str, letter: str = "", text_colour: str = BLACK, size: int = 20) -> str:
    """A counter's shape as a small inline SVG for the key (square, diamond, circle, triangle, hexagon, star)."""
    c = size / 2
    r = size / 2 - 1.5
    base = symbol.replace("-open", "")
    fill = "white" if symbol.endswith("-open") else colour
    stroke = colour if symbol.endswith("-open") else BLACK
    if base == "square":
        shape = f'<rect x="{c - r * 0.85:.1f}" y="{c - r * 0.85:.1f}" width="{r * 1.7:.1f}" height="{r * 1.7:.1f}"'
    elif base == "diamond":
        shape = f'<polygon points="{c},{c - r} {c + r},{c} {c},{c + r} {c - r},{c}"'
    elif base == "triangle-up":
        shape = f'<polygon points="{c},{c - r} {c + r},{c + r * 0.8} {c - r},{c + r * 0.8}"'
    elif base == "hexagon":
        pts = " ".join(f"{c + r * math.cos(math.radians(a)):.1f},{c + r * math.sin(math.radians(a)):.1f}"
                       for a in range(30, 390, 60))
        shape = f'<polygon points="{pts}"'
    elif base == "star":
        pts = " ".join(f"{c + (r if i % 2 == 0 else r * 0.45) * math.sin(math.radians(i * 36)):.1f},"
                       f"{c - (r if i % 2 == 0 else r * 0.45) * math.cos(math.radians(i * 36)):.1f}" for i in range(10))
        shape = f'<polygon points="{pts}"'
    else:
        shape = f'<circle cx="{c}" cy="{c}" r="{r}"'
    text = (f'<text x="{c}" y="{c + 3.6:.1f}" font-size="10" font-weight="bold" text-anchor="middle" '
            f'fill="{text_colour}" font-family="Verdana, DejaVu Sans, sans-serif">{letter}</text>') if letter else ""
    return (f'<svg width="{size}" height="{size}" viewBox="0 0 {size} {size}" aria-hidden="true" '
            f'style="vertical-align:middle">{shape} fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>{text}</svg>')


def swatch_pattern(style) -> str:
    lines = {"/": "M0,16L16,0M-4,4L4,-4M12,20L20,12", "\\": "M0,0L16,16M-4,12L4,20M12,-4L20,4",
             "x": "M0,16L16,0M0,0L16,16"}.get(style.pattern, "M0,8L16,8")
    return (f'<svg width="22" height="16" viewBox="0 0 16 16" preserveAspectRatio="none" aria-hidden="true" '
            f'style="vertical-align:middle"><rect width="16" height="16" fill="{hex_to_rgba(style.colour, 0.25)}" '
            f'stroke="#6E6E6E"/><path d="{lines}" stroke="{style.colour}" stroke-width="2"/></svg>')


def swatch_line(colour: str, dash: str, width: float, arrow: bool = False) -> str:
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    head = f'<polygon points="26,8 19,3 19,13" fill="{colour}"/>' if arrow else ""
    return (f'<svg width="28" height="16" aria-hidden="true" style="vertical-align:middle"><line x1="1" y1="8" '
            f'x2="{20 if arrow else 27}" y2="8" stroke="{colour}" stroke-width="{width}"{dashes}/>{head}</svg>')
