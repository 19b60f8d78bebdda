"""The paper version of the diceless game (lesson 03, ages 8–11), folded into the printable pack: the rules for the
players, the map of Greece (A4 landscape in the pack; ``diceless_map.svg`` beside it for A3), the 22 fold-over
chits with every word at 12 pt or more, the counters, score and turn tracks and a struggle card.

Positions, names, connections, chits and their effects come from ``peloponnesos.games.diceless`` (the same data the
notebook plays with); the words on the chits are ours. The map and the special chits are *reconstructed*.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from html import escape
from pathlib import Path

from .page import Document, Sheet, kicker

DATA = Path(__file__).parent / "data"


@cache
def _board() -> dict:
    from ..games.diceless import DicelessGame

    return DicelessGame.board()


def _chits() -> dict:
    return _board()["chits"]


# Okabe–Ito colours (pedagogy §4): Sparta orange, Athens blue; black text; yellow for Delphi.
SPARTA, ATHENS, YELLOW, LAND, SEA, COAST = "#E69F00", "#0072B2", "#F0E442", "#5A4A2A", "#1F5F8B", "#B8B8B8"

# ------------------------------------------------------------------------------------------ the map
PAGE_W, PAGE_H, MARGIN = 420.0, 297.0, 10.0  # A3 landscape, in millimetres
BOX_W, BOX_H, GAP = 36.0, 21.0, 7.0          # an area: name on top, two halves for the counters
TITLE_H = 16.0
SYRACUSE_X = 14.2                            # Sicily brought in from the west (projected units)


def projected() -> tuple[dict[str, tuple[float, float]], object]:
    """Area positions as on the screen map (the renderer's projection and its lens on central Greece)."""
    from ..render.diceless import DicelessRenderer

    mapfig = DicelessRenderer(_board()).map_figure()
    points = {a["id"]: mapfig.xy(a["lon"], a["lat"]) for a in _board()["areas"]}
    points["syracuse"] = (SYRACUSE_X, points["syracuse"][1])
    return points, mapfig


@cache
def layout() -> tuple[dict[str, tuple[float, float]], Callable]:
    """Box centres in millimetres: the projected positions scaled to the page, then pushed apart until no
    two boxes overlap (each stays as near its real place as it can)."""
    points, mapfig = projected()
    xs = [p[0] for p in points.values()]
    ys = [p[1] for p in points.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    left, right = MARGIN + BOX_W / 2, PAGE_W - MARGIN - BOX_W / 2
    top, bottom = MARGIN + TITLE_H + BOX_H / 2, PAGE_H - MARGIN - 14 - BOX_H / 2
    sx, sy = (right - left) / (x1 - x0), (bottom - top) / (y1 - y0)
    sx, sy = min(sx, 1.25 * sy), min(sy, 1.25 * sx)  # fill the page, stretching one way by at most a quarter

    def to_page(x: float, y: float) -> tuple[float, float]:
        return left + (x - x0) * sx, top + (y1 - y) * sy

    home = {k: to_page(*p) for k, p in points.items()}
    pos = {k: list(p) for k, p in home.items()}
    ids = list(pos)
    for _ in range(2000):
        moved = False
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                dx, dy = pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]
                ox, oy = BOX_W + GAP - abs(dx), BOX_H + GAP - abs(dy)
                if ox > 0 and oy > 0:  # overlapping: push apart along the easier axis
                    moved = True
                    if ox * BOX_H < oy * BOX_W:
                        s = (ox / 2 + 0.01) * (1 if dx >= 0 else -1)
                        pos[a][0] -= s
                        pos[b][0] += s
                    else:
                        s = (oy / 2 + 0.01) * (1 if dy >= 0 else -1)
                        pos[a][1] -= s
                        pos[b][1] += s
        for k in ids:  # a weak pull home, and stay on the page
            pos[k][0] += 0.02 * (home[k][0] - pos[k][0])
            pos[k][1] += 0.02 * (home[k][1] - pos[k][1])
            pos[k][0] = min(max(pos[k][0], left), right)
            pos[k][1] = min(max(pos[k][1], top), bottom)
        if not moved:
            break
    return {k: (round(p[0], 1), round(p[1], 1)) for k, p in pos.items()}, lambda lon, lat: to_page(*mapfig.xy(lon, lat))


def overlaps(pos) -> list[tuple[str, str]]:
    ids = list(pos)
    return [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]
            if abs(pos[a][0] - pos[b][0]) < BOX_W and abs(pos[a][1] - pos[b][1]) < BOX_H]


def _inside(x: float, y: float, box: tuple[float, float], pad: float = 1.5) -> bool:
    return abs(x - box[0]) < BOX_W / 2 + pad and abs(y - box[1]) < BOX_H / 2 + pad


def route(pos, a: str, b: str) -> str:
    """An SVG path from area a to area b: straight if it passes under no other box; else the gentlest
    curve bent to one side (a quadratic Bézier), or an S-bend (a cubic one), that passes under none and
    stays inside the map's frame."""
    (xa, ya), (xb, yb) = pos[a], pos[b]
    others = [p for k, p in pos.items() if k not in (a, b)]
    length = math.dist((xa, ya), (xb, yb)) or 1.0
    nx, ny = -(yb - ya) / length, (xb - xa) / length  # unit normal
    ts = [i / 80 for i in range(81)]

    def hidden(points) -> int:
        def framed(x: float, y: float) -> bool:
            return MARGIN < x < PAGE_W - MARGIN and MARGIN + TITLE_H < y < PAGE_H - MARGIN - 12

        return sum(1 for x, y in points if not framed(x, y) or any(_inside(x, y, box) for box in others))

    def control(frac: float, bend: float) -> tuple[float, float]:
        return xa + (xb - xa) * frac + nx * bend, ya + (yb - ya) * frac + ny * bend

    bends = (0, 16, -16, 32, -32, 48, -48, 68, -68, 92, -92, 120, -120)
    best = None
    for bend in bends:  # one control point at the middle
        cx, cy = control(0.5, bend)
        pts = [((1 - t) ** 2 * xa + 2 * (1 - t) * t * cx + t ** 2 * xb,
                (1 - t) ** 2 * ya + 2 * (1 - t) * t * cy + t ** 2 * yb) for t in ts]
        score = (hidden(pts), abs(bend))
        if best is None or score < best[0]:
            best = (score, f"M{xa:.1f},{ya:.1f} Q{cx:.1f},{cy:.1f} {xb:.1f},{yb:.1f}")
        if not score[0]:
            return best[1]
    for b1 in bends:  # two control points: an S-bend or a lopsided curve
        for b2 in bends:
            (c1x, c1y), (c2x, c2y) = control(1 / 3, b1), control(2 / 3, b2)
            pts = [((1 - t) ** 3 * xa + 3 * (1 - t) ** 2 * t * c1x + 3 * (1 - t) * t ** 2 * c2x + t ** 3 * xb,
                    (1 - t) ** 3 * ya + 3 * (1 - t) ** 2 * t * c1y + 3 * (1 - t) * t ** 2 * c2y + t ** 3 * yb)
                   for t in ts]
            score = (hidden(pts), abs(b1) + abs(b2))
            if score < best[0]:
                best = (score, f"M{xa:.1f},{ya:.1f} C{c1x:.1f},{c1y:.1f} {c2x:.1f},{c2y:.1f} {xb:.1f},{yb:.1f}")
    if best[0][0]:
        print(f"warning: the line {a}–{b} passes under another area on the paper map")
    return best[1]


def map_svg(width: str = "420mm", height: str = "297mm") -> str:
    pos, coast_xy = layout()
    if overlaps(pos):
        raise RuntimeError(f"areas overlap on the paper map: {overlaps(pos)}")
    capitals = {area: side for side, area in _board()["capitals"].items()}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {PAGE_W:.0f} {PAGE_H:.0f}" font-family="Arial, Helvetica, sans-serif" role="img" '
           'aria-labelledby="map-title map-desc">',
           '<title id="map-title">A Peloponnesian War: map of Greece (reconstructed)</title>',
           '<desc id="map-desc">Thirty areas of the Greek world joined by land lines (solid brown) and sea lines '
           '(dashed blue). Each area has a left half for Spartan counters and a right half for Athenian '
           'counters.</desc>',
           f'<rect x="0" y="0" width="{PAGE_W}" height="{PAGE_H}" fill="#FFFFFF"/>']
    # coastline, faint, clipped to the page
    out.append(f'<clipPath id="page"><rect x="{MARGIN}" y="{MARGIN + TITLE_H}" width="{PAGE_W - 2 * MARGIN}" '
               f'height="{PAGE_H - 2 * MARGIN - TITLE_H - 12}"/></clipPath><g clip-path="url(#page)" fill="none" '
               f'stroke="{COAST}" stroke-width="0.5">')
    for line in _board()["coastline"]["lines"]:
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (coast_xy(lon, lat) for lon, lat in line))
        out.append(f'<polyline points="{pts}"/>')
    out.append("</g>")
    # connections: straight, or bent around the boxes a straight line would pass under
    for c in _board()["connections"]:
        land = c["kind"] == "land"
        dash = "" if land else ' stroke-dasharray="4 2.5"'
        out.append(f'<path d="{route(pos, c["a"], c["b"])}" fill="none" stroke="{LAND if land else SEA}" '
                   f'stroke-width="{1.6 if land else 1.3}"{dash}/>')
    # areas
    for a in _board()["areas"]:
        x, y = pos[a["id"]]
        bx, by = x - BOX_W / 2, y - BOX_H / 2
        fill = YELLOW if a["id"] == _board()["delphi"] else "#FFFFFF"
        border = {"Sparta": SPARTA, "Athens": ATHENS}.get(capitals.get(a["id"]), "#000000")
        weight = 1.6 if a["id"] in capitals else 0.6
        name = a["name"] + (" ★" if a["id"] in capitals else "")
        tint = "" if a["id"] == _board()["delphi"] else (
            f'<rect x="{bx + 0.5:.1f}" y="{by + 7:.1f}" width="{BOX_W / 2 - 0.5:.1f}" height="{BOX_H - 7.5:.1f}" '
            f'fill="#FDF0D5"/><rect x="{x:.1f}" y="{by + 7:.1f}" width="{BOX_W / 2 - 0.5:.1f}" '
            f'height="{BOX_H - 7.5:.1f}" fill="#E1EDF7"/>')
        out.append(f'<g><rect x="{bx:.1f}" y="{by:.1f}" width="{BOX_W}" height="{BOX_H}" rx="2.5" fill="{fill}" '
                   f'stroke="{border}" stroke-width="{weight}"/>{tint}'
                   f'<text x="{x:.1f}" y="{by + 5.2:.1f}" font-size="4.6" font-weight="bold" text-anchor="middle">'
                   f"{escape(name)}</text>"
                   f'<line x1="{x:.1f}" y1="{by + 7:.1f}" x2="{x:.1f}" y2="{by + BOX_H - 1.5:.1f}" stroke="#999999" '
                   'stroke-width="0.3" stroke-dasharray="1 1"/>'
                   f'<text x="{bx + 2:.1f}" y="{by + BOX_H - 1.6:.1f}" font-size="2.6" fill="#555555">S</text>'
                   f'<text x="{bx + BOX_W - 2:.1f}" y="{by + BOX_H - 1.6:.1f}" font-size="2.6" fill="#555555" '
                   'text-anchor="end">A</text></g>')
    for area, words in ((_board()["delphi"], "hold it: swap a chit"), ("syracuse", "in Sicily, far to the west")):
        x, y = pos[area]
        out.append(f'<text x="{x:.1f}" y="{y - BOX_H / 2 + 9.2:.1f}" font-size="2.9" text-anchor="middle" '
                   f'font-style="italic">{words}</text>')
    # title, legend, credits
    out.append(f'<text x="{MARGIN}" y="{MARGIN + 7}" font-size="8" font-weight="bold">A Peloponnesian War — '
               "Greece and its neighbours, 431–404 BC</text>"
               f'<text x="{MARGIN}" y="{MARGIN + 13}" font-size="4">Sparta puts counters and chits on the '
               "<tspan font-weight='bold'>left</tspan> half of an area, Athens on the "
               "<tspan font-weight='bold'>right</tspan> half. ★ home city · yellow: Delphi</text>")
    lx = PAGE_W - MARGIN - 92
    out.append(f'<line x1="{lx}" y1="{MARGIN + 5}" x2="{lx + 14}" y2="{MARGIN + 5}" stroke="{LAND}" '
               f'stroke-width="1.6"/><text x="{lx + 16}" y="{MARGIN + 6.4}" font-size="4">by land</text>'
               f'<line x1="{lx + 40}" y1="{MARGIN + 5}" x2="{lx + 54}" y2="{MARGIN + 5}" stroke="{SEA}" '
               f'stroke-width="1.3" stroke-dasharray="4 2.5"/><text x="{lx + 56}" y="{MARGIN + 6.4}" '
               'font-size="4">by sea</text>'
               f'<text x="{lx}" y="{MARGIN + 12}" font-size="3.4">Both kinds of line count the same.</text>')
    out.append(f'<rect x="{MARGIN}" y="{PAGE_H - MARGIN - 8}" width="66" height="6" fill="{YELLOW}"/>'
               f'<text x="{MARGIN + 1.5}" y="{PAGE_H - MARGIN - 3.8}" font-size="3.6" font-weight="bold">'
               "RECONSTRUCTED map, not to scale</text>"
               f'<text x="{MARGIN + 70}" y="{PAGE_H - MARGIN - 5.4}" font-size="2.6" fill="#444444">'
               "Areas and lines drawn for peloponnesos from Thucydides; not the printed game's map.</text>"
               f'<text x="{MARGIN + 70}" y="{PAGE_H - MARGIN - 2.2}" font-size="2.2" fill="#444444">'
               f"{escape(_board()['coastline']['attribution'])} ({escape(_board()['coastline']['licence'])})</text>")
    out.append("</svg>")
    return "\n".join(out)


# ---------------------------------------------------------------------------------------- the pieces
KIND_WORDS = {  # our words, for children: what the chit is, and where it can go (Diceless 2)
    "Military": ("an army marches in", "up to 2 lines from one of your areas", "beats Coup!"),
    "Influence": ("friends and speeches", "on your area or 1 line away", "beats Military"),
    "Coup": ("friends inside grab power", "anywhere", "beats Influence"),
    "Void": ("nothing at all — a trick!", "anywhere", "does nothing"),
    "Star": ("you choose what it is", "where that kind can go", "counts DOUBLE"),
}
SPECIAL_WORDS = {  # our words for the reconstructed special chits (effects as in chits.toml)
    "persian_gold": "2 steps for Sparta",
    "oracle": "1 step for Sparta here + 1 step for Sparta on Delphi",
    "the_few": "Athens has counters here? Take them ALL away. If not: 1 step for Sparta",
    "pericles": "2 steps for Athens (3 on Athens or next to it)",
    "the_people": "Sparta has counters here? Take them ALL away. If not: 1 step for Athens",
    "alcibiades": "2 steps for Athens (3 on an area Sparta holds)",
}


# Pictures drawn as small SVGs, so that they print on any computer (emoji fonts are often missing).
_SVG = '<svg class="ico" viewBox="0 0 24 24" width="{size}" height="{size}" aria-hidden="true">{body}</svg>'
_GREEK = '<circle cx="12" cy="12" r="10.5" fill="#fff" stroke="#000" stroke-width="1.5"/><text x="12" y="17" ' \
         'font-size="14" font-weight="bold" text-anchor="middle" font-family="Georgia, serif">{letter}</text>'
ICON_BODIES = {
    "Military": '<path d="M4 4 L20 20 M20 4 L4 20" stroke="#000" stroke-width="2.6"/>'
                '<path d="M3 9 L9 3 M15 3 L21 9 M3 15 L9 21 M15 21 L21 15" stroke="#000" stroke-width="1.6"/>',
    "Influence": '<path d="M3 5 h18 v11 h-9 l-5 5 v-5 h-4 z" fill="#fff" stroke="#000" stroke-width="1.8"/>'
                 '<path d="M7 9 h10 M7 12.5 h7" stroke="#000" stroke-width="1.5"/>',
    "Coup": '<path d="M12 2 L14.5 13 L9.5 13 Z" fill="#fff" stroke="#000" stroke-width="1.5"/>'
            '<path d="M7 14 h10 M12 14 v7" stroke="#000" stroke-width="2.4"/><circle cx="19.5" cy="20" r="1.3"/>'
            '<path d="M19.5 3 v13" stroke="#000" stroke-width="2"/>',
    "Void": '<circle cx="12" cy="12" r="10" fill="#fff" stroke="#000" stroke-width="1.5" stroke-dasharray="3 2"/>'
            '<text x="12" y="17" font-size="14" font-weight="bold" text-anchor="middle">?</text>',
    "Star": '<path d="M12 1.5 L14.9 8.6 L22.5 9.2 L16.7 14.1 L18.5 21.6 L12 17.6 L5.5 21.6 L7.3 14.1 L1.5 9.2 '
            'L9.1 8.6 Z" fill="#F0E442" stroke="#000" stroke-width="1.3"/>',
    "persian_gold": '<ellipse cx="12" cy="18" rx="8" ry="3" fill="#F0E442" stroke="#000"/>'
                    '<ellipse cx="12" cy="13" rx="8" ry="3" fill="#F0E442" stroke="#000"/>'
                    '<ellipse cx="12" cy="8" rx="8" ry="3" fill="#F0E442" stroke="#000"/>',
    "oracle": '<path d="M2 8 L12 2 L22 8 Z" fill="#fff" stroke="#000" stroke-width="1.4"/>'
              '<path d="M5 9 v10 M9.7 9 v10 M14.3 9 v10 M19 9 v10" stroke="#000" stroke-width="2"/>'
              '<path d="M2 21 h20" stroke="#000" stroke-width="2.4"/>',
    "the_few": _GREEK.format(letter="Ο"),        # ὀλίγοι, the few
    "pericles": _GREEK.format(letter="Π"),       # Περικλῆς
    "the_people": _GREEK.format(letter="Δ"),     # δῆμος, the people
    "alcibiades": _GREEK.format(letter="Α"),     # Ἀλκιβιάδης
}
EMOJI = {"⚔️": "Military", "🗣️": "Influence", "🗡️": "Coup", "❔": "Void", "⭐": "Star", "💰": "persian_gold",
         "🏛️": "oracle", "🏺": "the_few", "🏛": "pericles", "🗳️": "the_people", "🦚": "alcibiades"}


def icon(code: str, size: str = "1.1em") -> str:
    return _SVG.format(size=size, body=ICON_BODIES[code])


def no_emoji(text: str) -> str:
    """Replace the chits' emoji by the drawn pictures (longest first: some emoji are prefixes of others)."""
    for emoji in sorted(EMOJI, key=len, reverse=True):
        text = text.replace(emoji, icon(EMOJI[emoji]))
    return text


def chit_cards() -> list[str]:
    kinds = {k["code"]: k for k in _chits()["kinds"]}
    cards = []
    for code in ("Military", "Influence", "Coup", "Void", "Star"):
        k = kinds[code]
        what, where, beats = KIND_WORDS[code]
        for _ in range(_chits()["cup"][code]):
            cards.append(_card(icon(code, "9mm"), k["name"], what, f"Goes: {where}", beats, "#FFFFFF"))
    for s in _chits()["specials"]:
        colour = "#FBE7C0" if s["favours"] == "Sparta" else "#D6E6F5"
        cards.append(_card(icon(s["code"], "9mm"), s["name"], f"Helps {s['favours'].upper()}, whoever plays it",
                           "", SPECIAL_WORDS[s["code"]], colour,
                           f"Thucydides {s['passages'][0]} · reconstructed"))
    return cards


def _card(icon, name, what, where, effect, colour, foot="") -> str:
    foot = f'<div class="foot">{escape(foot)}</div>' if foot else ""
    return (f'<div class="chit"><div class="face" style="background:{colour}"><div class="icon">{icon}</div>'
            f'<div class="name">{escape(name)}</div><div class="what">{escape(what)}</div>'
            f'<div class="effect">{escape(effect)}</div>'
            + (f'<div class="where">{escape(where)}</div>' if where else "") + f"{foot}</div>"
            '<div class="back"><div class="q">secret<br>plan</div><div class="game">A Peloponnesian War</div>'
            "</div></div>")


def counters(side: str, colour: str, letter: str, text: str, n: int = 24) -> str:
    return "".join(f'<div class="counter" style="background:{colour};color:{text}">{letter}</div>' for _ in range(n))


def track(label: str, n: int, colour: str) -> str:
    cells = "".join(f'<div class="cell">{i}</div>' for i in range(n + 1))
    return f'<div class="track"><div class="label" style="border-color:{colour}">{escape(label)}</div>{cells}</div>'



CSS = """
.dl-rules { font-size: 14pt; line-height: 1.3; }
.dl-rules table { border-collapse: collapse; font-size: 13pt; }
.dl-rules td, .dl-rules th { border: 0.3mm solid #666; padding: 1mm 2mm; vertical-align: top; }
.dl-rules h2 { font-size: 20pt; } .dl-rules h3 { font-size: 17pt; margin: 2mm 0 1mm 0; }
.dl-rules blockquote { font-size: 16pt; font-weight: bold; border-left: 2mm solid #E69F00; margin: 2mm 0;
                       padding-left: 3mm; }
.dl-rules ul, .dl-rules ol { margin: 1mm 0 2mm 0; padding-left: 7mm; }
.dl-map svg { display: block; }
.sheet-title { font-size: 13pt; margin: 0 0 2mm 0; }
.chits { display: grid; grid-template-columns: repeat(2, 93mm); gap: 0; }
.chit { width: 93mm; height: 58mm; display: flex; border: 0.4mm solid #000; }
.face, .back { width: 46.5mm; height: 100%; padding: 1.5mm; text-align: center; overflow: hidden; }
.back { border-left: 0.4mm dashed #000;
        background: repeating-linear-gradient(45deg, #eee, #eee 2mm, #fff 2mm, #fff 4mm); }
.icon { height: 9mm; line-height: 1; } .ico { vertical-align: -0.15em; }
.name { font-size: 14pt; font-weight: bold; line-height: 1.1; }
.what, .where, .foot, .effect { font-size: 12pt; line-height: 1.12; margin: 0.6mm 0; }
.effect { font-weight: bold; }
.foot { color: #333; }
.q { font-size: 20pt; font-weight: bold; margin-top: 12mm; line-height: 1.1; } .game { font-size: 12pt; }
.counters { display: grid; grid-template-columns: repeat(12, 14mm); gap: 1mm; margin-bottom: 3mm; }
.counter { width: 14mm; height: 14mm; border: 0.4mm solid #000; font-size: 18pt; font-weight: bold;
           display: flex; align-items: center; justify-content: center; }
.track { display: flex; margin: 1.5mm 0; } .cell { width: 9.5mm; height: 11mm; border: 0.4mm solid #000;
         font-size: 12pt; display: flex; align-items: center; justify-content: center; }
.track .label { width: 33mm; font-size: 12pt; font-weight: bold; border-left: 3mm solid; padding-left: 2mm; }
.card { border: 0.6mm solid #000; padding: 3mm; font-size: 14pt; margin-top: 3mm; }
"""

STRUGGLE_CARD = """<div class="card"><b>Struggle card (rule 4)</b><br>
⚔️ Military beats 🗡️ Coup! · 🗡️ Coup! beats 🗣️ Influence · 🗣️ Influence beats ⚔️ Military<br>
Same kind: both go back · ❔ Void: nothing · ⭐ Star: like two chits · special chits beat ordinary ones<br>
A chit left standing: take away 1 enemy counter — or, if there is none, put 1 of yours (at most 2).</div>"""
CHITS_PER_PAGE = 8
#: The map on an A4 landscape page inside the pack's margins (the viewBox keeps the A3 proportions).
MAP_W_MM, MAP_H_MM = 258.0, 182.4


def rules_sheets() -> list[Sheet]:
    """The players' rules (``data/diceless_rules.md``), one sheet per part between page markers."""
    import mistune  # installed with JupyterLab (nbconvert renders Markdown with it)

    text = (DATA / "diceless_rules.md").read_text(encoding="utf-8")
    text = text.split("-->", 1)[1]  # the note for developers at the top
    parts = text.split("<!-- newpage -->")
    sheets = []
    for i, part in enumerate(parts, 1):
        note = kicker(f"Lesson 03 · ages 8–11 · the paper game · rules, page {i} of {len(parts)}")
        recon = '<p class="small"><span class="recon">map and special chits: reconstructed</span></p>' if i == 1 else ""
        sheets.append(Sheet(f'<div class="dl-rules">{note}{recon}{no_emoji(mistune.html(part))}</div>',
                            label=f"diceless:rules{i}"))
    return sheets


def map_sheet() -> Sheet:
    return Sheet(f'<div class="dl-map">{map_svg(width=f"{MAP_W_MM:g}mm", height=f"{MAP_H_MM:g}mm")}</div>',
                 landscape=True, label="diceless:map")


def chit_sheets() -> list[Sheet]:
    cards = chit_cards()
    pages = [cards[i:i + CHITS_PER_PAGE] for i in range(0, len(cards), CHITS_PER_PAGE)]
    sheets = []
    for n, page in enumerate(pages, 1):
        sheets.append(Sheet(
            f'<p class="sheet-title"><b>Chits ({n} of {len(pages)})</b> — cut along the solid lines, fold along the '
            "dashed line, glue. Keep all 22 in an envelope. "
            f'<span class="recon">special chits: reconstructed</span></p><div class="chits">{"".join(page)}</div>',
            label=f"diceless:chits{n}"))
    return sheets


def counters_sheet() -> Sheet:
    tracks = (track("Sparta's areas", 15, SPARTA) + track("Athens' areas", 15, ATHENS)
              + track("Turn (6 = short game)", 15, "#000000").replace('<div class="cell">0</div>', ""))
    return Sheet(
        '<p class="sheet-title"><b>Counters</b> — cut out. Sparta: orange <b>S</b> · Athens: blue <b>A</b>.</p>'
        f'<div class="counters">{counters("Sparta", SPARTA, "S", "#000000")}</div>'
        f'<div class="counters">{counters("Athens", ATHENS, "A", "#FFFFFF")}</div>'
        '<p class="sheet-title"><b>Score and turn tracks</b> — put a counter on the number of areas you hold, and '
        f"one on the turn.</p>{tracks}{no_emoji(STRUGGLE_CARD)}", label="diceless:counters")


def diceless_document() -> Document:
    sheets = [*rules_sheets(), map_sheet(), *chit_sheets(), counters_sheet()]
    return Document("diceless_paper_game", "A Peloponnesian War — the paper game", tuple(sheets), css=CSS,
                    about="Lesson 03, ages 8–11, no laptops: rules for the players, the map (A4 landscape; "
                          "diceless_map.svg for A3), 22 fold-over chits in 12 pt or more, counters and tracks.")


def extra_files() -> dict[str, str]:
    """Files written beside the pack: the map alone, for A3 paper."""
    return {"diceless_map.svg": map_svg() + "\n"}
