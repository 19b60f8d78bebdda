"""The teacher's map of the war, printed: the timeline 435–404 BC with the games and lessons placed in it, the
table of events with their passages, the alliances of 431 on a real map of Greece, and its text alternative.

The drawings are SVG made here from ``peloponnesos.history`` (no plotly.js in a printed page), in the same
colours, shapes and letters as the notebook's figures.
"""

from __future__ import annotations

import math
from html import escape

from .page import Document, Sheet, kicker

CSS = """
.teacher { font-size: 11pt; line-height: 1.25; }
.teacher h1 { font-size: 18pt; }
.teacher table.grid th, .teacher table.grid td { padding: 0.8mm 1.5mm; }
.teacher table.places { font-size: 10pt; }
.teacher svg { display: block; }
"""
BLUE, ORANGE, GREY, BLACK = "#0072B2", "#E69F00", "#999999", "#000000"
KIND_MARK = {"road to war": "▲", "war": "✕", "plague": "✚", "politics": "●", "peace": "★", "source": "■"}
KIND_COLOUR = {"road to war": GREY, "war": BLACK, "plague": "#D55E00", "politics": "#CC79A7", "peace": "#009E73",
               "source": "#56B4E9"}
EVENTS_PER_PAGE = 12
GAME_FILL = {"sfacteria": ("#E69F00", "diag"), "diceless": ("#F0E442", "dots"), "mountford": ("#56B4E9", "cross"),
             "syracuse": ("#D55E00", "back"), "": ("#BBBBBB", "hz")}


def _patterns() -> str:
    return ('<defs>'
            '<pattern id="diag" width="3" height="3" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
            '<line x1="0" y1="0" x2="0" y2="3" stroke="#000" stroke-width="0.6"/></pattern>'
            '<pattern id="back" width="3" height="3" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">'
            '<line x1="0" y1="0" x2="0" y2="3" stroke="#000" stroke-width="0.6"/></pattern>'
            '<pattern id="dots" width="2.5" height="2.5" patternUnits="userSpaceOnUse">'
            '<circle cx="1.2" cy="1.2" r="0.45" fill="#000"/></pattern>'
            '<pattern id="cross" width="3" height="3" patternUnits="userSpaceOnUse">'
            '<path d="M0 0 L3 3 M3 0 L0 3" stroke="#000" stroke-width="0.4"/></pattern>'
            '<pattern id="hz" width="3" height="2" patternUnits="userSpaceOnUse">'
            '<line x1="0" y1="1" x2="3" y2="1" stroke="#000" stroke-width="0.5"/></pattern></defs>')


def timeline_svg(width: float = 273.0) -> str:
    """The war on one line of years, events above it by kind, the games and lessons as patterned bars below."""
    from ..history import places, timeline
    from ..history.timeline import FIRST_YEAR, LAST_YEAR

    left, right = 66.0, width - 4.0
    span = FIRST_YEAR - LAST_YEAR + 1

    def x(year: float) -> float:
        return left + (FIRST_YEAR - year) / span * (right - left)

    kinds = list(KIND_MARK)
    row_h = 5.6
    top = 6.0
    axis_y = top + row_h * len(kinds) + 3
    bars = places()
    height = axis_y + 9 + len(bars) * 6.2 + 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}mm" height="{height:g}mm" '
           f'viewBox="0 0 {width:g} {height:g}" font-family="Arial, Helvetica, sans-serif" role="img" '
           'aria-labelledby="tl-title"><title id="tl-title">Timeline of the Peloponnesian War, 435 to 404 BC, '
           "with the games and lessons of peloponnesos (the table on the next page says the same in words)</title>",
           _patterns()]
    for i, kind in enumerate(kinds):
        y = top + i * row_h + row_h / 2
        out.append(f'<text x="{left - 2:g}" y="{y + 1.2:.1f}" font-size="3.6" text-anchor="end">{escape(kind)}</text>'
                   f'<line x1="{left}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#DDDDDD" stroke-width="0.3"/>')
        seen: dict[int, int] = {}
        for e in timeline(kind=kind):
            n = seen.get(e.year, 0)
            seen[e.year] = n + 1
            ex = x(e.year - (0.25 if e.season == "winter" else 0)) + 1.4 * n + (right - left) / span / 2
            out.append(f'<text x="{ex:.1f}" y="{y + 1.6:.1f}" font-size="4.6" text-anchor="middle" '
                       f'fill="{KIND_COLOUR[kind]}" stroke="#000" stroke-width="0.15">{KIND_MARK[kind]}</text>')
    out.append(f'<line x1="{left}" y1="{axis_y}" x2="{right}" y2="{axis_y}" stroke="#000" stroke-width="0.5"/>')
    for year in range(FIRST_YEAR, LAST_YEAR - 1, -1):
        tx = x(year) + (right - left) / span / 2
        tall = year % 5 == 0 or year in (FIRST_YEAR, LAST_YEAR)
        out.append(f'<line x1="{tx:.1f}" y1="{axis_y}" x2="{tx:.1f}" y2="{axis_y + (2 if tall else 1)}" '
                   'stroke="#000" stroke-width="0.3"/>')
        if tall:
            out.append(f'<text x="{tx:.1f}" y="{axis_y + 5.5}" font-size="3.6" text-anchor="middle">{year}</text>')
    for i, p in enumerate(bars):
        y = axis_y + 9 + i * 6.2
        colour, pattern = GAME_FILL.get(p.game, GAME_FILL[""])
        x0, x1 = x(p.start), x(p.end - 1)
        out.append(f'<text x="{left - 2:g}" y="{y + 4:.1f}" font-size="3.2" text-anchor="end">{escape(p.title)}</text>'
                   f'<rect x="{x0:.1f}" y="{y:.1f}" width="{max(x1 - x0, 1.5):.1f}" height="5.2" fill="{colour}" '
                   f'stroke="#000" stroke-width="0.3"/><rect x="{x0:.1f}" y="{y:.1f}" width="{max(x1 - x0, 1.5):.1f}" '
                   f'height="5.2" fill="url(#{pattern})"/>')
    out.append("</svg>")
    return "".join(out)


def alliances_svg(width: float = 273.0, height: float = 150.0) -> str:
    """The alliances of 431 on the GSHHG coastline: A squares, S diamonds, N circles."""
    from ..history import alliances_431, coastline
    from ..history.alliances import COASTLINE_CREDIT

    lon0, lon1, lat0, lat1 = 12.3, 29.6, 35.6, 42.3
    k = math.cos(math.radians((lat0 + lat1) / 2))
    sx = width / ((lon1 - lon0) * k)
    sy = height / (lat1 - lat0)
    s = min(sx, sy)
    w, h = (lon1 - lon0) * k * s, (lat1 - lat0) * s

    def xy(lon: float, lat: float) -> tuple[float, float]:
        return (lon - lon0) * k * s, (lat1 - lat) * s

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.1f}mm" height="{h:.1f}mm" viewBox="0 0 {w:.1f} '
           f'{h:.1f}" font-family="Arial, Helvetica, sans-serif" role="img" aria-labelledby="al-title">'
           '<title id="al-title">The alliances of 431 BC on a map of Greece (the table after the map lists every '
           'place and its side)</title>', f'<rect width="{w:.1f}" height="{h:.1f}" fill="#F4F9FD"/>',
           '<g fill="none" stroke="#6E6E6E" stroke-width="0.25">']
    for line in coastline():
        pts = [xy(lon, lat) for lon, lat in line]
        if all(not (0 <= px <= w and 0 <= py <= h) for px, py in pts):
            continue
        out.append('<polyline points="' + " ".join(f"{px:.1f},{py:.1f}" for px, py in pts) + '"/>')
    out.append("</g>")
    for p in alliances_431():
        px, py = xy(p.lon, p.lat)
        r = 2.0 if p.kind == "city" else 1.5
        if p.side == "Athens":
            shape = f'<rect x="{px - r:.1f}" y="{py - r:.1f}" width="{2 * r}" height="{2 * r}" fill="{BLUE}"'
            colour = "#FFFFFF"
        elif p.side == "Sparta":
            shape = (f'<polygon points="{px:.1f},{py - r * 1.3:.1f} {px + r * 1.3:.1f},{py:.1f} {px:.1f},'
                     f'{py + r * 1.3:.1f} {px - r * 1.3:.1f},{py:.1f}" fill="{ORANGE}"')
            colour = "#000000"
        else:
            shape = f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{r}" fill="{GREY}"'
            colour = "#000000"
        out.append(f'{shape} stroke="#000" stroke-width="0.25"/><text x="{px:.1f}" y="{py + r * 0.55:.1f}" '
                   f'font-size="{r * 1.35:.1f}" text-anchor="middle" font-weight="bold" fill="{colour}">'
                   f"{p.letter}</text>")
    for name, lon, lat in (("Athens", 23.73, 37.97), ("Sparta", 22.42, 37.08), ("Corinth", 22.88, 37.91),
                           ("Thebes", 23.32, 38.32), ("Syracuse", 15.29, 37.06), ("Corcyra", 19.92, 39.61),
                           ("Byzantium", 28.97, 41.01), ("Amphipolis", 23.85, 40.82), ("Chios", 26.13, 38.38)):
        px, py = xy(lon, lat)
        out.append(f'<text x="{px + 2.6:.1f}" y="{py - 1.8:.1f}" font-size="3.4" font-weight="bold">{name}</text>')
    out.append(f'<rect x="2" y="2" width="118" height="17" fill="#FFFFFF" stroke="#000" stroke-width="0.3"/>'
               f'<rect x="4" y="4" width="3.4" height="3.4" fill="{BLUE}" stroke="#000" stroke-width="0.25"/>'
               '<text x="9" y="7" font-size="3.4">A: with Athens</text>'
               f'<polygon points="45.7,3.5 47.8,5.7 45.7,7.9 43.6,5.7" fill="{ORANGE}" stroke="#000" '
               'stroke-width="0.25"/>'
               '<text x="50" y="7" font-size="3.4">S: with Sparta</text>'
               f'<circle cx="82" cy="5.7" r="1.8" fill="{GREY}" stroke="#000" stroke-width="0.25"/>'
               '<text x="85" y="7" font-size="3.4">N: neutral or outside</text>'
               '<text x="4" y="12.5" font-size="3">Sides in 431 from Thucydides 2.9; positions from the Mountford '
               'map</text><text x="4" y="16.5" font-size="3" font-weight="bold">(reconstructed). Not every place is '
               "named.</text>")
    out.append(f'<text x="{w - 2:.1f}" y="{h - 2:.1f}" font-size="2.6" text-anchor="end">{escape(COASTLINE_CREDIT)}'
               "</text></svg>")
    return "".join(out)


def _years(start: int, end: int) -> str:
    return f"{start} BC" if start == end else f"{start}–{end} BC"


def _event_rows(events) -> str:
    return "".join(f"<tr><td>{escape(e.when)}</td><td>{KIND_MARK[e.kind]} {escape(e.kind)}</td><td><strong>"
                   f"{escape(e.title)}</strong>. {escape(e.text)}</td><td>{escape(', '.join(e.passages))}</td></tr>"
                   for e in events)


def timeline_document() -> Document:
    from ..history import by_side, places, timeline

    events = timeline()
    head = ('<tr><th style="width:14%">When</th><th style="width:13%">Kind</th><th>What happened (our words)</th>'
            '<th style="width:17%">Passages</th></tr>')
    place_rows = "".join(f"<tr><td><strong>{escape(p.title)}</strong></td><td>{_years(p.start, p.end)}</td><td>"
                         f"{escape(', '.join(p.lessons) or '—')}</td><td>{escape(p.text)}</td></tr>" for p in places())
    sheets = [
        Sheet(f'<div class="teacher">{kicker("For the teacher · lesson 08 · the map of the war")}'
              "<h1>The Peloponnesian War, 435–404 BC: where each game and lesson falls</h1>"
              f"{timeline_svg()}"
              '<p class="small">Marks: ▲ road to war · ✕ fighting · ✚ plague · ● politics inside a city · '
              "★ peace talks "
              "and treaties · ■ the sources. Bars: each game or lesson of peloponnesos, with its own pattern.</p>"
              '<table class="grid places"><tr><th style="width:22%">Game or lesson</th>'
              '<th style="width:11%">Years</th>'
              f'<th style="width:9%">Lessons</th><th>Where it sits</th></tr>{place_rows}</table></div>',
              landscape=True, label="timeline:chart"),
        Sheet(f'<div class="teacher">{kicker("The alliances of 431 BC on a map of Greece")}'
              f"<h1>Who stood with whom in 431 BC (Thucydides 2.9)</h1>{alliances_svg()}</div>",
              landscape=True, label="timeline:map"),
    ]
    groups = by_side()
    rows = "".join(f"<tr><td><strong>{escape(label)}</strong> ({len(groups[side])})</td><td>"
                   f"{escape(', '.join(p.name for p in groups[side]))}</td></tr>"
                   for side, label in (("Athens", "A · with Athens"), ("Sparta", "S · with Sparta"),
                                       ("neutral", "N · neutral or outside")))
    pages = [events[i:i + EVENTS_PER_PAGE] for i in range(0, len(events), EVENTS_PER_PAGE)]
    for n, chunk in enumerate(pages, 1):
        last = ('<p class="small">Passages are Thucydides unless another work is named (Xen. Hell. = Xenophon, '
                "Hellenica; Ar. Eq. = Aristophanes, Knights). Dates are the usual modern ones.</p>"
                if n == len(pages) else "")
        sheets.insert(n, Sheet(f'<div class="teacher">{kicker(f"The timeline in words ({n} of {len(pages)})")}'
                               f'<table class="grid">{head}{_event_rows(chunk)}</table>{last}</div>',
                               label=f"timeline:table{n}"))
    sheets.append(Sheet('<div class="teacher" style="font-size:12pt">'
                        f'{kicker("The map in words (its text alternative)")}'
                        f'<table class="grid"><tr><th style="width:24%">Side in 431</th><th>Places</th></tr>{rows}'
                        "</table><p>Thucydides 2.9 names the peoples on each side; where he names none (for example "
                        "the Greek cities of Sicily and Italy), the side is the Mountford map's reconstruction."
                        "</p></div>",
                        label="timeline:words"))
    return Document("teachers_timeline", "The teacher's map of the war, 435–404 BC", tuple(sheets), css=CSS,
                    about="For the teacher (lesson 08): the timeline with the plague and where each game and lesson "
                          "falls, the events in words with their passages, the alliances of 431 on a map, and the map "
                          "in words.")
