"""A board drawn with Plotly: regions (zones, areas, track boxes, bases), links and tokens.

The same machinery draws every game: a game's renderer turns its board data into :class:`Region` and
:class:`Link` objects once, and a player's observation into :class:`Token` objects after every action.
Plain cartesian traces (longitude scaled by the cosine of the mean latitude), so no map tiles and no
network: it works offline, in JupyterLab and in Voilà.

The still board (coast, zones, terrain, links, names) is one SVG picture behind the traces
(``picture.py``); the traces are few and fixed in order — who holds each place (a tint and a pattern per
side), an invisible click grid over the zones, the places' labels for hover and clicks, the places you can
choose, the other side's last move, your chosen move, the selected place, then one token trace per side — so
an update after an action rewrites a handful of small traces.

The figure has a size in pixels: :meth:`MapFigure.fit` finds the largest that shows the whole board in the
room a screen offers, and :meth:`MapFigure.resize` redraws the picture at that size, so names are written at
a size a class can read (bigger on a projector) and placed where they overprint nothing (``labels.py``).

Counters of one side in one place stack (``Token.stack``): a stack is drawn as one counter showing the side's
letter and the pieces' total strength, with its depth behind it; a click opens it (``opened``) and its
pieces are drawn side by side, each a counter a player can click (:meth:`MapFigure.target_at`).

Some boards need more, and any game may use it: a counter's status as a small lettered badge (``Token.badge``,
``badges=True``) and the way it faces as an arrow beside it (``Token.facing``, ``facings=True``); lines drawn in the
still picture (:class:`Stroke`: a steep slope, a river) and lines that change with the game (:class:`Overlay` in a
:class:`LineStyle`: walls, supply lines, who fires at whom), each style one trace with a line in the key.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from copy import deepcopy
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

from .hover import HOVER_WIDTH, visible_text, wrap_hover
from .key import swatch_line, swatch_marker, swatch_pattern
from .labels import (
    GRAZE,
    Box,
    LabelSpec,
    PlacedLabel,
    air,
    hidden,
    line_height,
    overlap,
    place_labels,
    rotated_box,
    text_width,
)
from .links import link_style, swatch_link
from .palette import BLACK, COAST, LAND_CLEAR, WHITE, hex_to_rgba, side_style

FONT = "Atkinson Hyperlegible, Verdana, DejaVu Sans, Arial, sans-serif"
# Pictures drawn as text: the solid face of Font Awesome 5 Free, which JupyterLab and Voilà both serve
# themselves (their widget buttons use it), so it needs no emoji font on the machine and no internet.
ICON_FONT = '"Font Awesome 5 Free", ' + FONT
ICON_WEIGHT = 900
# Plotly's menu of zoom and export buttons means nothing to a pupil and floats over the map: not shown.
CONFIG = {"displayModeBar": False, "doubleClick": False, "scrollZoom": False, "showTips": False,
          "responsive": False}


class _ShortHover:
    """For the board's objects with a ``hover``: a long one is broken into lines a small map can show (hover.py)."""

    __slots__ = ()

    def __post_init__(self) -> None:
        if len(self.hover) > HOVER_WIDTH:
            object.__setattr__(self, "hover", wrap_hover(self.hover))


@dataclass(frozen=True, slots=True)
class Region(_ShortHover):
    """Something on the board a player can point at: a zone, an area, a base, a track box."""

    id: str
    name: str
    label: str  # written on the map
    anchor: tuple[float, float]  # lon, lat: where the label and the tokens go
    outline: tuple[tuple[float, float], ...] = ()  # lon/lat polygon; empty for a point area
    fill: str = LAND_CLEAR
    line: str = COAST
    hover: str = ""
    pattern: str = ""  # terrain texture ("/", "x", "." …), for terrain told apart without colour
    marker_size: int = 0  # for a point area: the size of its clickable circle
    label_offset: tuple[float, float] = (0.0, 0.0)  # label position relative to the anchor (projected units)
    token_anchor: tuple[float, float] | None = None  # lon, lat where tokens go (default: below the label)
    text_position: str = "middle center"  # where the label sits (point areas: "bottom center", under the dot)
    click_as: str = ""  # a click here means this region instead (e.g. a chit slot above an area)
    token_offset: tuple[float, float] = (0.0, 0.0)  # tokens moved by this much on the screen (projected units)
    frame: bool = False  # outline drawn in one shared line trace, not filled nor clickable (track boxes)
    token_text: str = ""  # "left"/"right": sides stacked at token_anchor, an open stack running that way, with a
    #                       thin line back to the region (for regions too narrow to hold their tokens)
    fixed_label: bool = False  # the label stays exactly where it is put (the numbers of a track)
    short_label: str = ""  # written instead of ``label`` where the map is too small for it ("T6" for "T6 Pylos")
    symbol: str = ""  # a point area's dot: "" (a circle), "square", "diamond", "hexagon", "triangle-up"
    minor: bool = False  # its name may be left off a map too small to write it clear (the hover still names it)
    line_width: float = 1.5  # its outline (thicker for a walled city)


@dataclass(frozen=True, slots=True)
class Link:
    a: str
    b: str
    kind: str = "land"  # "land" (solid), "sea" (dashed), or any kind of ``links.LINK_STYLES`` (naval, pass …)
    via: tuple[tuple[float, float], ...] = ()  # lon, lat points the line bends through (round a cape)


@dataclass(frozen=True, slots=True)
class Token(_ShortHover):
    """A counter, chit or marker shown in a region."""

    id: str
    region: str
    side: str | None
    text: str  # short, drawn on the marker ("A3": the side's letter and the strength)
    hover: str = ""
    symbol: str = ""  # plotly symbol; default: the side's
    colour: str = ""  # default: the side's
    size: int = 26  # at the map's design size; scaled with the map
    reduced: bool = False  # drawn hollow (reduced face)
    text_position: str = "middle center"
    icon: bool = False  # ``text`` is a Font Awesome glyph (see ICON_FONT), drawn as a picture
    piece: str = ""  # the piece this counter is (a click on it chooses the piece)
    stack: bool = False  # stacks with its side's other stacking tokens in the region (a click opens the stack)
    strength: float = 0  # summed on a closed stack's face
    badge: str = ""  # a letter or two on a small disc at the counter's corner (its status: "D" disrupted …)
    facing: float | None = None  # degrees clockwise from up: the way it faces, drawn as an arrow beside it


@dataclass(frozen=True, slots=True)
class Stroke:
    """A line drawn in the still picture: a steep slope (``ticks`` on one side), a river, a road."""

    points: tuple[tuple[float, float], ...]  # lon, lat
    colour: str = BLACK
    width: float = 2.0
    dash: str = ""  # SVG dash pattern ("6,4")
    ticks: str = ""  # "left" or "right": short strokes on that side (a slope going down that way)
    key: str = ""  # its line in the key under the map (one per distinct key)


@dataclass(frozen=True, slots=True)
class LineStyle:
    """How one kind of changing line is drawn (one trace): a siege wall of one side, a supply line, fire."""

    name: str  # the trace's name and the key's words
    colour: str = BLACK
    width: float = 3.0
    dash: str = "solid"  # plotly dash: "solid", "dot", "dash", "dashdot"
    marker: str = ""  # a marker at each line's middle (the hover point): plotly symbol, "" for a small dot
    arrow: bool = False  # an arrowhead at the end of each line
    key: bool = True  # listed in the key under the map


@dataclass(frozen=True, slots=True)
class Overlay(_ShortHover):
    """One changing line: its style's name, its points (lon, lat), what hovering over its middle says, and an
    optional label written beside that middle point (the odds of a shot)."""

    style: str
    points: tuple[tuple[float, float], ...]
    hover: str = ""
    label: str = ""


class Target(NamedTuple):
    """What a click on the map landed on: a region, and a piece or a closed stack in it (or neither)."""

    region: str
    piece: str = ""
    stack: bool = False


@dataclass(frozen=True, slots=True)
class Marks:
    """Places and moves drawn over the map: arrows (from, to) and single places, for one side."""

    side: str | None = None
    arrows: tuple[tuple[str, str], ...] = ()
    places: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.arrows or self.places)


@dataclass(frozen=True, slots=True)
class Route:
    """A route drawn over the map (a march planned, a fleet's course): its places in order, a short note written
    in a box beside each (the odds there; "" for none), what a pointer over each place says, and whose route it
    is (its colour; a black edge keeps any colour readable)."""

    places: tuple[str, ...]
    notes: tuple[str, ...] = ()
    hovers: tuple[str, ...] = ()
    side: str | None = None
    name: str = "the route"


# Terrain textures as strokes (dx, dy per unit of stroke length), drawn as one path shape per region.
TEXTURES = {".": ((1, 0), (0, 1)), "/": ((1, 1),), "-": ((1, 0),), "+": ((1, 0), (0, 1)), "x": ((1, 1), (1, -1))}
MARGIN = {"l": 4, "r": 4, "b": 4}  # the top margin holds the title (see ``title_px``)
MAX_SHADOWS = 2  # the depth drawn behind a closed stack
_REACH = {"diamond": 1.3, "star": 1.4}  # how far a plotly marker reaches, in half its size (a square: 1)
BADGES, FACINGS = "(badges)", "(facings)"  # keys of ``token_arrays`` beside the sides'
MIN_BOX_FONT = 6.0  # px: a track's number smaller than this is not written
CAPTION_FONT = 13  # px: the caption of a still figure
MIN_TITLE_FONT = 12  # px: a long title on a narrow map is written no smaller (then Plotly cuts it)
MIN_TRACK_FONT = 7.0  # px: a track's name on a narrow map is written no smaller
PLOTLY_DASH = {"solid": "", "dot": "2,3", "dash": "6,4", "dashdot": "6,3,2,3", "longdash": "10,4"}
# the circles drawn round a point area (pixels): how far out of its dot (``_circle_px``), and their line's width
RING_LINE, SELECTED_GROW, SELECTED_LINE, LAST_GROW, LAST_LINE = 3.0, 5.0, 6.0, 9.0, 4.0
_UNSET = object()
OVERLAY = (-3, "overlay")  # ``MapFigure._sent``'s key for the names written over the marks


def _inside(x: float, y: float, ring: Sequence[tuple[float, float]]) -> bool:
    """Even–odd rule: is the point inside the closed polygon ``ring``?"""
    inside = False
    for (x1, y1), (x2, y2) in pairwise(ring):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _ring(outline: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    pts = list(outline)
    if pts and pts[0] != pts[-1]:
        pts.append(pts[0])
    return pts


def _circle_crosses(box: Box, cx: float, cy: float, r_in: float, r_out: float) -> bool:
    """Does the ring between radii ``r_in`` and ``r_out`` round (cx, cy) cross ``box``?"""
    x0, y0, x1, y1 = box
    near = math.hypot(cx - _clamp(cx, x0, x1), cy - _clamp(cy, y0, y1))
    far = math.hypot(max(cx - x0, x1 - cx), max(cy - y0, y1 - cy))
    return near <= r_out and far >= r_in


def _widened(box: Box, dx: float, dy: float) -> Box:
    return box[0] - dx, box[1] - dy, box[2] + dx, box[3] + dy


def _clamp(value: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, value))


def default_stack_face(tokens: Sequence[Token]) -> str:
    """A closed stack's face: the side's letter and the pieces' total strength (or how many they are)."""
    letter = side_style(tokens[0].side).letter
    total = sum(t.strength for t in tokens)
    return f"{letter}{total:g}" if total else f"{letter}×{len(tokens)}"


class MapFigure:
    """Builds a Plotly figure of a board and updates its tokens, highlights and title in place."""

    def __init__(self, regions: Iterable[Region], links: Iterable[Link] = (), *,
                 backdrop: Iterable[Sequence[tuple[float, float]]] = (), sides: Sequence[str] = (),
                 title: str = "", height: int = 640, token_spacing: float = 0.01, token_columns: int = 3,
                 side_offset: float = 0.0, background: str = WHITE, lat0: float | None = None,
                 label_size: int = 16, show_legend: bool = True,
                 notes: Iterable[tuple[tuple[float, float], str, int, float]] = (),
                 transform: Callable[[float, float], tuple[float, float]] | None = None, caption: str = "",
                 click_spacing: float | None = None, min_label: int = 11, max_label: int = 26,
                 stack_face: Callable[[Sequence[Token]], str] = default_stack_face,
                 control_letters: bool = False, badges: bool = False,
                 facings: bool = False, strokes: Iterable[Stroke] = (), line_styles: Iterable[LineStyle] = (),
                 keep_clear: Iterable[Sequence[tuple[float, float]]] = (), names_inside: bool = False) -> None:
        self.regions = {r.id: r for r in regions}
        self.links = list(links)
        self.backdrop = [list(line) for line in backdrop]
        self.sides = list(sides)
        self.title = title
        self.design_height = height
        self.token_spacing = token_spacing
        self.token_columns = token_columns
        self.side_offset = side_offset
        self.background = background
        self.label_size = label_size
        self.min_label, self.max_label = min_label, max_label
        self.show_legend = show_legend
        self.notes = list(notes)  # ((lon, lat), text, size, angle): names written on the map
        self._transform = transform  # applied after projection (e.g. a fisheye that enlarges a crowded part)
        self.caption = caption  # a line under the map (e.g. that the map is reconstructed)
        self._caption_box: Box | None = None  # where a still figure writes it (pixels), for the names to keep off
        self.stack_face = stack_face
        # point areas held by a side: drawn in its colour with its letter (any side, neutral too) rather than
        # with its pattern
        self.control_letters = control_letters
        self.badges = badges  # a trace of status badges on the counters
        self.facings = facings  # a trace of arrows showing which way each counter faces
        self.strokes = list(strokes)
        self.line_styles = {style.name: style for style in line_styles}
        # lines (lon, lat) the names keep off if they can (walls, rivers drawn over the map)
        self.keep_clear = [list(line) for line in keep_clear]
        self.names_inside = names_inside  # a zone's whole name only where it fits inside the zone (else its short)
        # a grid of click points inside zones (projected units): plotly picks the closest point within 20 px,
        # so a sparse grid is enough, and every point costs time at each redraw
        self.click_spacing = click_spacing or token_spacing * 2.2
        if lat0 is None:
            lats = [r.anchor[1] for r in self.regions.values()]
            lat0 = sum(lats) / len(lats) if lats else 0.0
        self.k = math.cos(math.radians(lat0))
        self.outlined = [r for r in self.regions.values() if r.outline and not r.frame]
        self.framed = [r for r in self.regions.values() if r.outline and r.frame]
        self._bounds: tuple[float, float, float, float] | None = None
        self._targets: dict[int, list[Target]] = {}  # token trace -> what each of its points stands for
        self._route_places: list[str] = []  # the places of the route drawn, in the order of its points
        self._last: dict = {}  # the last update's arguments (redrawn at a new size)
        self._sent: dict[int, dict] = {}  # figure -> (trace, property) -> the value last set
        self.width, self.height = self.fit(None, height)
        self.placed: list[PlacedLabel] = []
        self._hidden: set[str] = set()  # names under counters when they were placed (``place_names``)
        self.zoom = 1.0  # see ``view``
        self.window: tuple[float, float, float, float] | None = None  # the part shown (projected x0, x1, y0, y1)
        self.view_names: frozenset[str] = frozenset()  # the places a view is for: named even where they crowd
        self._crossings: dict[tuple[str, str], tuple[int, ...]] = {}  # (kind of circle, place) -> names it crosses
        self._covers: list[Box] = []  # where the counters drawn now stand (pixels): names over the marks keep off
        self._overlay: tuple[tuple, str] = ((), "")  # the last ``overlay_svg``: what it was made of, and it

    # -- geometry -----------------------------------------------------------------------------------
    @property
    def transform(self) -> Callable[[float, float], tuple[float, float]] | None:
        return self._transform

    @transform.setter
    def transform(self, function: Callable[[float, float], tuple[float, float]] | None) -> None:
        """A new projection (a fisheye …): the board's bounds and the figure's first size follow."""
        self._transform = function
        self._bounds = None
        self.width, self.height = self.fit(None, self.design_height)

    def xy(self, lon: float, lat: float) -> tuple[float, float]:
        if self.transform is not None:
            return self.transform(lon * self.k, lat)
        return lon * self.k, lat

    def _line_xy(self, lines: Iterable[Sequence[tuple[float, float]]]) -> tuple[list, list]:
        xs: list = []
        ys: list = []
        for line in lines:
            for lon, lat in line:
                x, y = self.xy(lon, lat)
                xs.append(x)
                ys.append(y)
            xs.append(None)
            ys.append(None)
        return xs, ys

    def bounds(self) -> tuple[float, float, float, float]:
        """x0, x1, y0, y1 (projected) holding every region, label, token place and the backdrop, padded."""
        if self._bounds is None:
            xs, ys = [], []
            for r in self.regions.values():
                for lon, lat in (*r.outline, r.anchor, *([r.token_anchor] if r.token_anchor else [])):
                    x, y = self.xy(lon, lat)
                    xs.append(x)
                    ys.append(y)
            pad = self.token_spacing * 2  # the coast beyond the places is cut off at the edge
            low = pad * (1.6 if not self.outlined else 1.0)  # room for the names under the lowest dots
            if not xs:
                for line in self.backdrop:
                    for lon, lat in line:
                        x, y = self.xy(lon, lat)
                        xs.append(x)
                        ys.append(y)
            self._bounds = min(xs) - pad, max(xs) + pad, min(ys) - low, max(ys) + pad
        return self._bounds

    def aspect(self) -> float:
        """Width over height of the board."""
        x0, x1, y0, y1 = self.bounds()
        return (x1 - x0) / (y1 - y0)

    # -- size on the screen ------------------------------------------------------------------------------
    def title_px(self, height: float | None = None) -> int:
        """The title's font size for a figure ``height`` pixels high."""
        return round(_clamp((height or self.height) * 0.026, 16, 26))

    def title_fit(self, text: str | None) -> int:
        """The title's font size at the current size: ``title_px``, smaller (down to ``MIN_TITLE_FONT``) if the
        words would not fit the figure's width (Plotly cuts a long title at the edge: "phase B: A")."""
        size = self.title_px()
        if not text or not self.width:
            return size
        fit = int((self.width - 12) / max(text_width(visible_text(text), 1.0), 0.1))
        return max(MIN_TITLE_FONT, min(size, fit))

    def margins(self, height: float | None = None) -> dict:
        return {**MARGIN, "t": self.title_px(height) + 18}

    def fit(self, width: float | None, height: float) -> tuple[int, int]:
        """The figure size (pixels) that shows the whole board within ``width`` × ``height`` (``width`` None:
        as wide as the board needs at that height)."""
        m = self.margins(height)
        plot_h = max(60.0, height - m["t"] - m["b"])
        if width:
            plot_h = max(60.0, min(plot_h, (width - m["l"] - m["r"]) / self.aspect()))
        plot_w = plot_h * self.aspect()
        return round(plot_w + m["l"] + m["r"]), round(plot_h + m["t"] + m["b"])

    def plot_size(self) -> tuple[float, float]:
        m = self.margins()
        return self.width - m["l"] - m["r"], self.height - m["t"] - m["b"]

    @property
    def scale(self) -> float:
        """How much bigger than at its design size the map is drawn now."""
        design = self.design_height - self.margins(self.design_height)["t"] - MARGIN["b"]
        return self.plot_size()[1] / design

    def px_per_unit(self) -> float:
        _, _, y0, y1 = self.bounds()
        return self.plot_size()[1] * self.zoom / (y1 - y0)

    def canvas_size(self) -> tuple[float, float]:
        """The picture's size in pixels: the plot's, times the zoom (``view``: the part shown is drawn 1:1)."""
        w, h = self.plot_size()
        return w * self.zoom, h * self.zoom

    def view_px(self) -> Box:
        """The part of the picture shown, in its pixels (``view``: a part of the board drawn larger)."""
        w, h = self.canvas_size()
        if self.window is None or self.zoom == 1.0:
            return 0.0, 0.0, w, h
        vx0, vx1, vy0, vy1 = self.window
        (x0, y0), (x1, y1) = self.to_px(vx0, vy1), self.to_px(vx1, vy0)
        return max(0.0, x0), max(0.0, y0), min(w, x1), min(h, y1)

    def label_px(self) -> float:
        return round(_clamp(self.label_size * self.scale, self.min_label, self.max_label), 1)

    def token_px(self, size: float) -> float:
        """A counter's size in pixels: grows with the map, never wider than the room between counters."""
        room = self.token_spacing * self.px_per_unit() * 0.92
        return round(_clamp(min(size * self.scale * self.zoom ** 0.5, max(room, 14)), 12, 44), 1)

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        """Projected units to the picture's pixels (y down)."""
        x0, _, _, y1 = self.bounds()
        s = self.px_per_unit()
        return (x - x0) * s, (y1 - y) * s

    # -- tokens -------------------------------------------------------------------------------------
    def _stack_origin(self, region: Region, side: str | None) -> tuple[float, float]:
        s = self.token_spacing
        if region.token_anchor is not None:
            cx, cy = self.xy(*region.token_anchor)
        else:
            cx, cy = self.xy(*region.anchor)
            cy -= s * 0.9
        cx, cy = cx + region.token_offset[0], cy + region.token_offset[1]
        if side in self.sides and len(self.sides) == 2:
            first = side == self.sides[0]
            if region.token_text:
                cy += s * 0.5 * (1 if first else -1)
            else:
                cx += self._side_offset(region) * (-1 if first else 1)
        return cx, cy

    def _side_offset(self, region: Region) -> float:
        """How far each of two sides' counters stand left and right of a region's spot: ``side_offset``, but in a
        track box (a framed region) never more than a quarter of the box's width, so that both markers stay
        inside the box of their value (a map's ``side_offset`` is set for its areas; in Syracuse's and Mountford's
        narrow track boxes it was nearly a whole box, and each side's marker was drawn in the next box)."""
        if not region.frame or not region.outline:
            return self.side_offset
        xs = [self.xy(lon, lat)[0] for lon, lat in region.outline]
        return min(self.side_offset, (max(xs) - min(xs)) / 4)

    def _grid(self, region: Region, side: str | None, n: int) -> list[tuple[float, float]]:
        """Positions for ``n`` counters of one side in ``region``: a small grid around the side's spot or, for a
        region with its counters written beside it, a row running outwards."""
        cx, cy = self._stack_origin(region, side)
        s = self.token_spacing
        if region.token_text:
            way = -1 if region.token_text == "left" else 1
            per_row = 6
            return [(cx + way * (i % per_row) * s, cy - (i // per_row) * s * (1 if side != self.sides[0] else -1))
                    for i in range(n)]
        cols = min(self.token_columns, n)
        out = []
        for i in range(n):
            row, col = divmod(i, self.token_columns)
            out.append((cx + (col - (cols - 1) / 2) * s, cy - row * s))
        return out

    def _groups(self, tokens: Sequence[Token], opened: Iterable[str] = ()) -> list[tuple[Region, str | None, list]]:
        """Tokens by region and side, each entry a token or a closed stack (a list of tokens)."""
        opened = set(opened)
        groups: dict[tuple[str, str | None], list[Token]] = defaultdict(list)
        for t in tokens:
            if t.region in self.regions:
                groups[(t.region, t.side)].append(t)
        out = []
        for (region_id, side), group in groups.items():
            stacking = [t for t in group if t.stack]
            items: list = [t for t in group if not t.stack]
            if len(stacking) >= 2 and region_id not in opened:
                items.insert(0, stacking)
            else:
                items = stacking + items
            out.append((self.regions[region_id], side, items))
        return out

    def token_positions(self, tokens: Sequence[Token], opened: Iterable[str] = ()) -> dict[str, tuple[float, float]]:
        """Where each token is drawn (a token in a closed stack: where the stack is)."""
        positions = {}
        for region, side, items in self._groups(tokens, opened):
            for item, xy in zip(items, self._grid(region, side, len(items)), strict=True):
                for t in item if isinstance(item, list) else (item,):
                    positions[t.id] = xy
        return positions

    def token_arrays(self, tokens: Sequence[Token], opened: Iterable[str] = ()) -> dict:
        """Per side trace: the points drawn (counters, closed stacks and their depth) and what each stands for."""
        arrays = {side: {"x": [], "y": [], "text": [], "hovertext": [], "symbol": [], "color": [], "size": [],
                         "textposition": [], "textcolor": [], "font": [], "weight": [], "fontsize": [],
                         "line": [], "target": []}
                  for side in self.side_traces}
        depth = 3.5 / self.px_per_unit()  # a closed stack's depth: counters drawn 3.5 px apart behind it
        badges: dict[str, list] = {"x": [], "y": [], "text": [], "size": [], "hovertext": []}
        facings: dict[str, list] = {"x": [], "y": [], "angle": [], "size": [], "color": []}

        def add(side_key, x, y, text, hover, symbol, colour, size, textcolour, font, weight, target, line=1.5):
            a = arrays[side_key]
            a["x"].append(x)
            a["y"].append(y)
            a["text"].append(text)
            a["hovertext"].append(hover)
            a["symbol"].append(symbol)
            a["color"].append(colour)
            a["size"].append(size)
            a["textposition"].append("middle center")
            a["textcolor"].append(textcolour)
            a["font"].append(font)
            a["weight"].append(weight)
            a["fontsize"].append(max(9, round(size * 0.46)))
            a["line"].append(line)
            a["target"].append(target)

        for region, side, items in self._groups(tokens, opened):
            side_key = side if side in self.side_traces else None
            style = side_style(side)
            for item, (x, y) in zip(items, self._grid(region, side, len(items)), strict=True):
                if isinstance(item, list):  # a closed stack: its depth, then its face
                    size = self.token_px(max(t.size for t in item) + 2)
                    target = Target(region.click_as or region.id, "", True)
                    hover = wrap_hover(f"<b>{len(item)} pieces of {side}</b> (click to open the stack)<br>"
                                       + "<br>".join(t.hover or t.text for t in item))
                    for k in range(min(MAX_SHADOWS, len(item) - 1), 0, -1):
                        add(side_key, x + k * depth, y + k * depth, "", hover, style.symbol, style.colour, size,
                            style.text_colour, FONT, "normal", target)
                    add(side_key, x, y, self.stack_face(item), hover, style.symbol, style.colour, size,
                        style.text_colour, FONT, "bold", target, line=2.5)
                    continue
                t = item
                symbol = t.symbol or style.symbol
                if t.reduced and not symbol.endswith("-open"):
                    symbol = f"{symbol}-open"
                colour = t.colour or style.colour
                textcolour = style.text_colour if not t.reduced and not t.colour else BLACK
                size = self.token_px(t.size)
                add(side_key, x, y, t.text, t.hover or t.text, symbol, colour, size, textcolour,
                    ICON_FONT if t.icon else FONT, ICON_WEIGHT if t.icon else "bold",
                    Target(region.click_as or region.id, t.piece, False), line=2.5 if t.reduced else 1.5)
                if t.badge and self.badges:
                    b = badges
                    off = size * 0.42 / self.px_per_unit()
                    b["x"].append(x + off)
                    b["y"].append(y + off)
                    b["text"].append(t.badge)
                    b["size"].append(max(12.0, round(size * 0.55, 1)))
                    b["hovertext"].append(t.hover or t.text)
                if t.facing is not None and self.facings:
                    f = facings
                    off = size * 0.66 / self.px_per_unit()
                    angle = math.radians(t.facing)
                    f["x"].append(x + off * math.sin(angle))
                    f["y"].append(y + off * math.cos(angle))
                    f["angle"].append(t.facing)
                    f["size"].append(max(9.0, round(size * 0.42, 1)))
                    f["color"].append(colour)
        arrays[BADGES] = badges
        arrays[FACINGS] = facings
        return arrays

    def counter_boxes(self, arrays: dict) -> list[Box]:
        """Where the counters of ``arrays`` (``token_arrays``) are drawn, in the picture's pixels: a box round each
        (a closed stack's counters behind it too), as far as its shape reaches (a diamond's corners, a star's
        points)."""
        boxes = []
        for side in self.side_traces:
            a = arrays[side]
            for x, y, size, symbol in zip(a["x"], a["y"], a["size"], a["symbol"], strict=True):
                px, py = self.to_px(x, y)
                half = size / 2 * _REACH.get(symbol.replace("-open", ""), 1.0) + 1
                boxes.append((px - half, py - half, px + half, py + half))
        return boxes

    # -- the picture and its names ------------------------------------------------------------------------
    def marker_px(self, region: Region) -> float:
        """The size of a point area's dot, in pixels at the current size."""
        return round(_clamp(region.marker_size * self.scale, 12, 34), 1) if region.marker_size else 0.0

    def _slot_boxes(self) -> tuple[list[Box], list[Box]]:
        """The dots of point areas (names never cover them), and where counters stand when a region holds one
        stack per side (names keep off these spots if they can)."""
        boxes, dots = [], []
        half = self.token_px(26) / 2 + 3
        sides = self.sides if len(self.sides) == 2 else [None]
        for region in self.regions.values():
            if region.frame or not (region.outline or region.marker_size or region.token_text
                                    or region.token_anchor is not None):
                continue
            for side in sides:
                x, y = self.to_px(*self._stack_origin(region, side))
                boxes.append((x - half, y - half, x + half, y + half))
            if region.marker_size and not region.outline:
                x, y = self.to_px(*self.xy(*region.anchor))
                r = self.marker_px(region) / 2
                dots.append((x - r, y - r, x + r, y + r))
        return dots, boxes

    def place_names(self) -> list[PlacedLabel]:
        """Every region's name placed at the current size so that none overprints another (``labels.py``); in a
        ``view``, the names of the places shown, each wholly inside the part shown."""
        size = self.label_px()
        fixed, movable, minor = [], [], []
        shown = self.view_px()
        tracks = self._track_boxes()  # names keep off them; a track's own name keeps to the room they leave it
        for region in self.regions.values():
            if not region.label:
                continue
            x, y = self.xy(*region.anchor)
            px, py = self.to_px(x + region.label_offset[0], y + region.label_offset[1])
            if not (shown[0] <= px <= shown[2] and shown[1] <= py <= shown[3]):
                continue  # outside the part shown: its name would be cut at the edge, or not seen at all
            frame = region.frame or region.fixed_label
            # the numbers and names of a track keep to its boxes: they shrink with the map, whatever its size
            fixed_size = max(8.5, min(size, self.label_size * self.scale) * 0.85)
            text, short = region.label, region.short_label
            if self.names_inside and region.outline and not frame and short and \
                    not self._fits_inside(region, text, size, (px, py)):
                spot = self._room_inside(region, text, size, (px, py))
                if spot is None:
                    text, short = short, ""  # the whole name would spill into the neighbours: the short one
                else:
                    px, py = spot  # written whole a little way off, still inside its zone
            font = fixed_size if frame else size
            if region.fixed_label and not region.frame and "left" in region.text_position:
                # a track's name written leftwards from its first box: kept inside the map on a narrow screen (the
                # short name, else smaller); its hover still names it
                room = px - max([shown[0], *(b[2] for b in tracks if b[1] <= py <= b[3] and b[2] <= px)]) - 2
                if text_width(text, font) > room and short and text_width(short, font) <= room:
                    text, short = short, ""
                elif text_width(text, font) > room:
                    font = max(MIN_TRACK_FONT, room / max(text_width(text, 1.0), 0.1))
            if region.frame and region.outline:  # a track's number keeps inside its box: smaller, or not at all
                xs = [self.to_px(*self.xy(*q))[0] for q in region.outline]
                room = max(xs) - min(xs) - 1
                if text_width(text, font) > room:
                    font = (room - 2) / max(text_width(text, 1.0) - 2, 0.1)
                    if font < MIN_BOX_FONT:
                        continue  # the marker in the box and its hover still say the value
            spec = LabelSpec(region.id, text, round(font, 1), (px, py),
                             radius=self.marker_px(region) / 2, position=region.text_position, movable=not frame,
                             short=short)
            (fixed if frame else minor if region.minor and region.id not in self.view_names else movable).append(spec)
        # names keep off where counters usually stand if they can, and off the counters on the board now
        obstacles, soft = self._slot_boxes()
        last = self._last
        counters = self.counter_boxes(self.token_arrays(last["tokens"], last["opened"])) if last else []
        self._covers = counters  # (at this size: the names over the marks keep off them)
        for at, text, note_size, angle in self.notes:
            x, y = self.to_px(*self.xy(*at))
            obstacles.append(rotated_box(x, y, text, note_size * self.scale, angle))
        obstacles += tracks
        if self._caption_box is not None:  # a still figure's caption, in the map's lower left corner
            obstacles.append(self._caption_box)
        for line in self.keep_clear:  # names keep off the lines drawn over the map if they can
            px = [self.to_px(*self.xy(*p)) for p in line]
            for (x1, y1), (x2, y2) in pairwise(px):
                soft.append((min(x1, x2) - 3, min(y1, y2) - 3, max(x1, x2) + 3, max(y1, y2) + 3))
        self.placed = place_labels(fixed + movable, obstacles, bounds=shown, soft=soft, counters=counters)
        if minor:  # then the minor names, round the others; those with no clear place beside their dot are left off
            taken = obstacles + [_widened(p.box, *air(p.size)) for p in self.placed]  # with air round the others
            self.placed += [p for p in place_labels(minor, taken, bounds=shown, soft=soft, counters=counters,
                                                    near_only=True)
                            if p.clear and p.leader is None]
        # the names the counters hide even so (no free place near them): ``update`` places the names again only
        # when counters come to stand on another
        self._hidden = self._names_hidden(counters)
        self._crossings, self._overlay = {}, ((), "")  # the names moved: the circles cross others
        return self.placed

    def _caption_lines(self) -> str:
        """The caption of a still figure (that the map is reconstructed, where the coast comes from) broken into
        lines as wide as the map, for the corner it is written in; its box is kept for ``place_names`` (a name
        there was hidden: Cythera on the diceless map), and the caption ran off the map's right edge."""
        plot_w, plot_h = self.canvas_size()
        text = wrap_hover(self.caption, max(30, int((plot_w - 20) / (CAPTION_FONT * 0.6))))
        lines = [visible_text(line) for line in text.split("<br>")]
        width = max(text_width(line, CAPTION_FONT) for line in lines) + 6
        height = len(lines) * line_height(CAPTION_FONT) + 4
        self._caption_box = (0.0, plot_h - height, width, plot_h)
        return text

    def _track_boxes(self) -> list[Box]:
        """The boxes of the tracks (``framed`` regions) in pixels at the current size."""
        boxes = []
        for region in self.framed:
            xs, ys = zip(*(self.to_px(*self.xy(*q)) for q in region.outline), strict=True)
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        return boxes

    def _fits_inside(self, region: Region, text: str, size: float, at: tuple[float, float]) -> bool:
        """Does ``text``, centred at ``at`` (pixels), lie wholly inside ``region``'s outline at the current size?"""
        w, h = text_width(text, size), line_height(size)
        ring = [self.to_px(*self.xy(*p)) for p in _ring(region.outline)]
        x, y = at
        probes = [(x + dx * w / 2, y + dy * h / 2) for dx in (-1, 0, 1) for dy in (-1, 1)]
        return all(_inside(px, py, ring) for px, py in probes)

    def _room_inside(self, region: Region, text: str, size: float, at: tuple[float, float]):
        """A point (pixels) near ``at`` where ``text`` fits wholly inside ``region``, if there is one within a
        fifth of the map's width."""
        reach = self.plot_size()[0] / 5
        points = [self.to_px(x, y) for x, y in self._interior_points(region, spacing=self.click_spacing * 0.5)]
        points = sorted((p for p in points if abs(p[0] - at[0]) + abs(p[1] - at[1]) < reach),
                        key=lambda p: (p[0] - at[0]) ** 2 + (p[1] - at[1]) ** 2)
        return next((p for p in points if self._fits_inside(region, text, size, p)), None)

    def _interior_points(self, region: Region, spacing: float | None = None, jitter: bool = False):
        """Points on a grid inside ``region``'s polygon (its label point at least), in projected units."""
        ring = [self.xy(*p) for p in _ring(region.outline)]
        step = spacing or self.click_spacing
        xs, ys = [p[0] for p in ring], [p[1] for p in ring]
        points = []
        row = 0
        y = min(ys) + step / 2
        while y < max(ys):
            x = min(xs) + step / 2 + (step / 2 if jitter and row % 2 else 0)
            while x < max(xs):
                if _inside(x, y, ring):
                    points.append((x, y))
                x += step
            y += step
            row += 1
        if not jitter:
            points.append(self.xy(*region.anchor))
        return points

    def texture_paths(self) -> list[list[tuple[tuple[float, float], tuple[float, float]]]]:
        """Short strokes inside each textured region (terrain told apart without colour), projected."""
        out = []
        half = self.click_spacing * 0.12
        for region in self.outlined:
            strokes = TEXTURES.get(region.pattern)
            if strokes:
                out.append([((x - dx * half, y - dy * half), (x + dx * half, y + dy * half))
                            for x, y in self._interior_points(region, spacing=self.click_spacing * 0.45, jitter=True)
                            for dx, dy in strokes])
        return out

    # -- building -----------------------------------------------------------------------------------
    def build(self, *, widget: bool = False):
        """The figure (a ``FigureWidget`` for live panels): the still board as one picture behind a few
        live traces — who holds each place, an invisible click grid over the zones, the places' labels for
        hover and clicks, the highlighted, last-moved and selected places, and the counters (one trace per
        side)."""
        import plotly.graph_objects as go

        from .picture import data_uri, picture_svg

        static = not widget
        if static:  # a figure for a notebook cell: the legend under the map, as before
            self.width, self.height = self.fit(None, self.design_height)
        x0, x1, y0, y1 = self.bounds()
        self._caption_box = None
        caption = self._caption_lines() if static and self.caption else ""  # (names keep off its box)
        self.place_names()
        plot_w, plot_h = self.canvas_size()
        self.picture = picture_svg(self, (x0, x1, y0, y1), plot_w, plot_h)
        traces = []
        for kind, colour, dash in (("land", "#5A4A2A", "solid"), ("sea", "#1F5F8B", "dash")):
            if static and self.show_legend and any(link.kind == kind for link in self.links):  # legend entries
                traces.append(go.Scatter(x=[None], y=[None], mode="lines", name=f"{kind} connection",
                                         line={"color": colour, "width": 2, "dash": dash}, hoverinfo="skip"))
        self.control_traces = {}
        for side in self.sides:
            style = side_style(side)
            self.control_traces[side] = len(traces)
            traces.append(go.Scatter(
                x=[], y=[], mode="lines", fill="toself", fillcolor=hex_to_rgba(style.colour, 0.16),
                fillpattern={"shape": style.pattern, "fgcolor": style.colour, "fgopacity": 0.55, "size": 11,
                             "solidity": 0.18, "bgcolor": hex_to_rgba(style.colour, 0.16)},
                line={"width": 0, "color": style.colour}, hoverinfo="skip", name=f"held by {side}",
                showlegend=False))
        self.reach_trace = len(traces)  # a side's zone of influence: halos round the places it reaches
        traces.append(go.Scatter(x=[], y=[], mode="markers", hoverinfo="skip", name="zone of influence",
                                 showlegend=False, marker={"size": [], "color": "rgba(0,0,0,0)", "symbol": "circle",
                                                           "line": {"color": BLACK, "width": 2.5}}))
        self.control_points_trace = len(traces)
        traces.append(go.Scatter(x=[], y=[], mode="markers+text" if self.control_letters else "markers",
                                 hoverinfo="skip", name="held", showlegend=False, textposition="middle center",
                                 textfont={"family": FONT, "size": [], "color": [], "weight": "bold"},
                                 marker={"size": [], "symbol": [], "color": [], "line": {"color": BLACK, "width": 2}}))
        gx, gy, gid, ghover = [], [], [], []
        boxes = [[self.xy(*q) for q in _ring(r.outline)] for r in self.framed]  # a track drawn over a zone
        for region in self.outlined:
            for x, y in self._interior_points(region):
                if boxes and any(_inside(x, y, box) for box in boxes):
                    continue  # a click on a track's box is not a click on the zone under it
                gx.append(x)
                gy.append(y)
                gid.append(region.id)
                ghover.append(region.hover or region.name)
        self.grid_trace = len(traces) if gx else -1
        self._grid_regions = gid
        if gx:  # invisible points: plotly picks the closest one within the hover distance
            traces.append(go.Scatter(x=gx, y=gy, mode="none", hoveron="points", customdata=gid, hovertext=ghover,
                                     hoverinfo="text", showlegend=False, name="zones"))
        self.labels_trace = len(traces)
        lx, ly, lid, lhover = self._label_points()
        traces.append(go.Scatter(x=lx, y=ly, mode="none", hoveron="points", customdata=lid, hovertext=lhover,
                                 text=[self.regions[r].label for r in lid], hoverinfo="text", name="places",
                                 showlegend=False))
        self.line_traces = {}
        for style in self.line_styles.values():  # walls, supply lines, fire: one trace per kind of line
            self.line_traces[style.name] = len(traces)
            traces.append(go.Scatter(
                x=[], y=[], mode="lines+markers+text", name=style.name, hoverinfo="text", hoveron="points",
                line={"color": style.colour, "width": style.width, "dash": style.dash},
                marker={"symbol": [], "size": [], "color": style.colour, "angleref": "previous",
                        "line": {"color": BLACK, "width": 1}},
                textposition="top center", textfont={"size": 14, "color": BLACK, "family": FONT, "weight": "bold"},
                showlegend=static and self.show_legend and style.key, cliponaxis=False))
        self.highlight_trace = len(traces)
        traces.append(go.Scatter(x=[], y=[], mode="lines", line={"color": BLACK, "width": 3, "dash": "dot"},
                                 hoverinfo="skip", name="you can choose here", showlegend=static and self.show_legend))
        self.highlight_points_trace = len(traces)
        traces.append(go.Scatter(x=[], y=[], mode="markers", hoverinfo="skip", name="you can choose here (places)",
                                 showlegend=False, marker={"symbol": "circle-open", "size": [], "color": BLACK,
                                                           "line": {"width": RING_LINE, "color": BLACK}}))
        self.last_move_trace = len(traces)
        traces.append(go.Scatter(x=[], y=[], mode="lines+markers", line={"color": BLACK, "width": LAST_LINE,
                                                                         "dash": "dash"},
                                 marker={"symbol": [], "size": [], "angleref": "previous", "color": BLACK,
                                         "line": {"color": BLACK, "width": 2}},
                                 hoverinfo="skip", name="the other side's last move", showlegend=False))
        self.plan_trace = len(traces)
        traces.append(go.Scatter(x=[], y=[], mode="lines+markers", line={"color": BLACK, "width": 4},
                                 marker={"symbol": [], "size": [], "angleref": "previous", "color": BLACK},
                                 hoverinfo="skip", name="your move", showlegend=False))
        self.route_trace = len(traces)  # a black edge, then the route in its side's colour with its places marked
        traces.append(go.Scatter(x=[], y=[], mode="lines", line={"color": BLACK, "width": 8}, hoverinfo="skip",
                                 name="route edge", showlegend=False))
        traces.append(go.Scatter(x=[], y=[], mode="lines+markers", line={"color": BLACK, "width": 4},
                                 marker={"symbol": [], "size": [], "angleref": "previous", "color": WHITE,
                                         "line": {"color": BLACK, "width": 2}},
                                 hovertext=[], hoverinfo="text", name="the route", showlegend=False))
        self.selected_trace = len(traces)
        traces.append(go.Scatter(x=[], y=[], mode="lines", line={"color": BLACK, "width": SELECTED_LINE},
                                 hoverinfo="skip", name="selected", showlegend=False))
        self.side_traces = {}
        for side in [*self.sides, None]:
            style = side_style(side)
            self.side_traces[side] = len(traces)
            traces.append(go.Scatter(
                x=[], y=[], mode="markers+text", name=f"{side} ({style.letter}, {style.symbol}s)" if side
                else "markers", hoverinfo="text", textposition="middle center", cliponaxis=False,
                textfont={"size": 12, "color": style.text_colour, "family": FONT},
                marker={"symbol": style.symbol, "color": style.colour, "size": 26,
                        "line": {"color": BLACK, "width": 1.5}},
                showlegend=bool(side) and static and self.show_legend))
        self.badges_trace = self.facings_trace = -1
        if self.facings:  # which way each counter faces: an arrow beside it
            self.facings_trace = len(traces)
            traces.append(go.Scatter(x=[], y=[], mode="markers", hoverinfo="skip", name="facing", showlegend=False,
                                     cliponaxis=False,
                                     marker={"symbol": "triangle-up", "size": [], "angle": [], "color": [],
                                             "line": {"color": BLACK, "width": 1.2}}))
        if self.badges:  # a counter's status, a letter on a small disc at its corner
            self.badges_trace = len(traces)
            traces.append(go.Scatter(x=[], y=[], mode="markers+text", hoverinfo="text", name="status",
                                     showlegend=False, cliponaxis=False, textposition="middle center",
                                     textfont={"size": 10, "color": BLACK, "family": FONT, "weight": "bold"},
                                     marker={"symbol": "circle", "size": [], "color": WHITE,
                                             "line": {"color": BLACK, "width": 1.5}}))
        title = self.title_fit(self.title)
        m = self.margins()
        note = {"xref": "x domain", "yref": "y domain", "x": 0, "y": 0, "xanchor": "left", "yanchor": "bottom",
                "align": "left", "text": caption, "showarrow": False, "bgcolor": "rgba(255,255,255,0.85)",
                "font": {"size": CAPTION_FONT, "color": "#222222", "family": FONT}}  # in the map's lower left corner
        self._fixed_annotations = [note] if caption else []
        layout = go.Layout(
            title={"text": self.title, "font": {"size": title, "family": FONT}, "x": 0.01, "y": 1, "yanchor": "top",
                   "yref": "container", "pad": {"t": 8}},
            width=None if static else self.width, height=self.height if not static else self.design_height,
            autosize=False if widget else None,
            margin={**m, "b": 40 if static else m["b"], "t": 48 if static else m["t"]},
            xaxis={"visible": False, "range": [x0, x1], "autorange": False, "scaleanchor": "y", "scaleratio": 1,
                   "constrain": "domain", "fixedrange": True},
            yaxis={"visible": False, "range": [y0, y1], "autorange": False, "constrain": "domain",
                   "fixedrange": True},
            # the still board under the traces; over them, the names the marks cross (no source: none), the same size
            images=[{"source": data_uri(self.picture), "xref": "x", "yref": "y", "x": x0, "y": y1,
                     "sizex": x1 - x0, "sizey": y1 - y0, "sizing": "stretch", "layer": "below"},
                    {"xref": "x", "yref": "y", "x": x0, "y": y1, "sizex": x1 - x0, "sizey": y1 - y0,
                     "sizing": "stretch", "layer": "above", "name": "names over the marks"}],
            plot_bgcolor=self.background, paper_bgcolor=WHITE, hovermode="closest", dragmode=False, hoverdistance=30,
            clickmode="event", font={"size": 16, "family": FONT, "color": BLACK},
            legend={"orientation": "h", "yanchor": "top", "y": 0, "x": 0, "font": {"size": 14}},
            hoverlabel={"font": {"size": 15, "family": FONT}},
            annotations=self._fixed_annotations,
        )
        self.still_traces = tuple(i for i in (self.grid_trace, self.labels_trace) if i >= 0)
        if widget:
            from .boardwidget import BoardWidget

            fig = BoardWidget(data=traces, layout=layout)
            fig._config = dict(CONFIG)
            fig.still_traces = self.still_traces
        else:
            fig = go.Figure(data=traces, layout=layout)
        self._sent[id(fig)] = {}
        return fig

    def _label_points(self) -> tuple[list, list, list, list]:
        """Hover and click points: each region's anchor, and the middle of its name where the name was moved."""
        xs, ys, ids, hovers = [], [], [], []
        for r in self.regions.values():
            x, y = self.xy(*r.anchor)
            xs.append(x + r.label_offset[0])
            ys.append(y + r.label_offset[1])
            ids.append(r.id)
            hovers.append(r.hover or r.name)
        x0, _, _, y1 = self.bounds()
        s = self.px_per_unit()
        for placed in self.placed:
            region = self.regions[placed.key]
            if region.frame:
                continue
            cx, cy = placed.centre
            xs.append(x0 + cx / s)
            ys.append(y1 - cy / s)
            ids.append(region.id)
            hovers.append(region.hover or region.name)
        return xs, ys, ids, hovers

    def resize(self, fig, width: int, height: int) -> bool:
        """Draw the map at ``width`` × ``height`` pixels (as :meth:`fit` gives): a new picture with names at
        this size, counters to scale. Returns False if the size is the same."""
        if (width, height) == (self.width, self.height):
            return False
        self.width, self.height = width, height
        self._redraw_picture(fig)
        if self._last:
            self.update(fig, **self._last)
        return True

    def _redraw_picture(self, fig) -> None:
        """Place the names again and draw the picture for the current size and zoom."""
        from .picture import data_uri, picture_svg

        self.place_names()
        plot_w, plot_h = self.canvas_size()
        self.picture = picture_svg(self, self.bounds(), plot_w, plot_h)
        lx, ly, lid, lhover = self._label_points()
        last = self._last
        overlay = self.overlay_svg(last.get("highlight", ()), last.get("selected"), last.get("last_move"))
        with fig.batch_update():
            fig.layout.width, fig.layout.height = self.width, self.height
            fig.layout.margin = self.margins()
            fig.layout.title.font.size = self.title_fit(fig.layout.title.text)
            fig.layout.images[0].source = data_uri(self.picture)
            self._set_overlay(fig, overlay)
            trace = fig.data[self.labels_trace]
            trace.x, trace.y, trace.customdata, trace.hovertext = lx, ly, lid, lhover
            trace.text = [self.regions[r].label for r in lid]
        fig.__dict__.pop("_pelo_still", None)  # the labels moved: ``resync`` copies them again

    def view(self, fig, zoom: float = 1.0, centre: tuple[float, float] | None = None,
             places: Iterable[str] = ()) -> None:
        """Show the part of the board around ``centre`` (lon, lat; None: the middle) ``zoom`` times larger, in the
        same figure: the picture is drawn larger (its names too), the counters keep their size and stand further
        apart, clicks work as before; only the names of the places shown are written, each inside the part shown,
        those of ``places`` (the places the view is for) even where minor names are left off. ``zoom=1``: the
        whole board."""
        x0, x1, y0, y1 = self.bounds()
        zoom = max(1.0, zoom)
        w, h = (x1 - x0) / zoom, (y1 - y0) / zoom
        cx, cy = self.xy(*centre) if centre else ((x0 + x1) / 2, (y0 + y1) / 2)
        vx, vy = _clamp(cx - w / 2, x0, x1 - w), _clamp(cy - h / 2, y0, y1 - h)
        window = (vx, vx + w, vy, vy + h) if zoom > 1.0 else None
        changed = zoom != self.zoom or window != self.window or frozenset(places) != self.view_names
        self.zoom, self.window, self.view_names = zoom, window, frozenset(places)
        with fig.batch_update():
            fig.layout.xaxis.range = [vx, vx + w]
            fig.layout.yaxis.range = [vy, vy + h]
        if changed:  # names placed again for the larger picture, written at the size the screen reads
            self._redraw_picture(fig)
            if self._last:
                sent = self._sent.setdefault(id(fig), {})
                overlay = sent.get(OVERLAY, "")  # (drawn again with the picture)
                sent.clear()  # counters and notes sized again for the new scale
                sent[OVERLAY] = overlay
                self.update(fig, **self._last)

    # -- updating -----------------------------------------------------------------------------------
    def _ring_markers(self, ids: Iterable[str]) -> tuple[list, list, list]:
        """Rings around the point areas among ``ids`` (x, y, size), drawn as markers."""
        xs, ys, sizes = [], [], []
        for rid in ids:
            region = self.regions.get(rid)
            if region is not None and not region.outline:
                x, y = self.xy(*region.anchor)
                xs.append(x)
                ys.append(y)
                sizes.append(self._ring_px(region) * 2)
        return xs, ys, sizes

    def _ring_px(self, region: Region) -> float:
        """The radius (pixels) of the ring round a point area you can choose (to the middle of its line)."""
        return (max(self.marker_px(region), 12) + 12) / 2

    def _circle_px(self, region: Region, grow: float) -> float:
        """The radius (pixels) of a circle drawn ``grow`` pixels out of a point area's dot (selected, last moved)."""
        return max(self.marker_px(region) / 2 + grow, 9)

    def _outline_xy(self, ids: Iterable[str], grow: float = 5.0, points_too: bool = True) -> tuple[list, list]:
        lines = []
        points = []
        for rid in ids:
            region = self.regions.get(rid)
            if region is None or (not region.outline and not points_too):
                continue
            if region.outline:
                lines.append(_ring(region.outline))
            else:  # a point area: a circle around its dot, ``grow`` pixels out
                points.append((self.xy(*region.anchor), self._circle_px(region, grow)))
        xs, ys = self._line_xy(lines)
        s = self.px_per_unit()
        for (x, y), r_px in points:
            r = r_px / s
            for i in range(49):
                a = 2 * math.pi * i / 48
                xs.append(x + r * math.cos(a))
                ys.append(y + r * math.sin(a))
            xs.append(None)
            ys.append(None)
        return xs, ys

    def _control_arrays(self, control: dict[str, str] | None) -> tuple[dict, dict]:
        fills = {side: ([], []) for side in self.control_traces}
        points = {"x": [], "y": [], "size": [], "symbol": [], "color": [], "text": [], "textcolor": [],
                  "textsize": []}
        for rid, side in (control or {}).items():
            region = self.regions.get(rid)
            if region is None or (side not in self.control_traces and not (self.control_letters
                                                                             and region.marker_size)):
                continue
            if region.outline:
                xs, ys = self._line_xy([_ring(region.outline)])
                fills[side][0].extend(xs)
                fills[side][1].extend(ys)
            elif region.marker_size:
                x, y = self.xy(*region.anchor)
                points["x"].append(x)
                points["y"].append(y)
                size = self.marker_px(region) + 1
                points["size"].append(size)
                style = side_style(side)
                if self.control_letters:
                    points["symbol"].append(region.symbol or "circle")
                    points["color"].append(style.colour)
                    points["text"].append(style.letter)
                    points["textcolor"].append(style.text_colour)
                    points["textsize"].append(max(8, round(size * 0.55)))
                else:
                    points["symbol"].append(CONTROL_SYMBOL.get(style.pattern, "circle"))
                    points["color"].append(style.colour)
        return fills, points

    def _arrow_arrays(self, marks: Marks | None, size: float) -> tuple[list, list, list, list]:
        xs, ys, symbols, sizes = [], [], [], []
        if not marks:
            return xs, ys, symbols, sizes
        for a, b in marks.arrows:
            if a not in self.regions or b not in self.regions:
                continue
            (ax, ay), (bx, by) = self._move_point(a), self._move_point(b)
            xs += [ax, bx, None]
            ys += [ay, by, None]
            symbols += ["circle", "arrow", "circle"]
            sizes += [size * 0.5, size, 0]
        for p in marks.places:
            if p not in self.regions:
                continue
            ring_x, ring_y = self._outline_xy([p], grow=LAST_GROW)  # a zone's outline, or a ring round a point area
            xs += ring_x
            ys += ring_y
            symbols += ["circle"] * len(ring_x)
            sizes += [0] * len(ring_x)
        return xs, ys, symbols, sizes

    def _move_point(self, rid: str) -> tuple[float, float]:
        region = self.regions[rid]
        if region.click_as and region.click_as in self.regions:
            region = self.regions[region.click_as]
        return self.xy(*region.anchor)

    def update(self, fig, tokens: Sequence[Token], *, highlight: Iterable[str] = (), selected: str | None = None,
               title: str | None = None, control: dict[str, str] | None = None, last_move: Marks | None = None,
               plan: tuple[str, str] | None = None, opened: Iterable[str] = (), route: Route | None = None,
               reach: Marks | None = None, lines: Iterable[Overlay] = ()) -> None:
        """Redraw counters, who holds what, the highlighted, selected and last-moved places, the route planned (with
        its notes) and a side's reach, the changing lines (walls, supply, fire) and the title, in one batch."""
        highlight, opened, lines = list(highlight), list(opened), list(lines)
        self._last = {"tokens": tokens, "highlight": highlight, "selected": selected, "title": title,
                      "control": control, "last_move": last_move, "plan": plan, "opened": opened, "route": route,
                      "reach": reach, "lines": lines}
        arrays = self.token_arrays(tokens, opened)
        self._covers = self.counter_boxes(arrays)
        if self.placed and self._names_hidden(self._covers) - self._hidden:
            self._redraw_picture(fig)  # counters came to stand on a name: placed again, off them
        hx, hy = self._outline_xy(highlight, points_too=False)
        rx, ry, rsize = self._ring_markers(highlight)
        sx, sy = self._outline_xy([selected] if selected else [], grow=SELECTED_GROW)
        fills, points = self._control_arrays(control)
        arrow = self.token_px(20)
        lx, ly, lsym, lsize = self._arrow_arrays(last_move, arrow)
        px, py, psym, psize = self._arrow_arrays(Marks(None, (plan,)) if plan else None, arrow)
        colour = side_style(last_move.side).colour if last_move and last_move.side else BLACK
        changes: list[tuple[int, str, object]] = []
        for side, index in self.side_traces.items():
            a = arrays[side]
            self._targets[index] = a["target"]
            icons = any(f != FONT for f in a["font"])
            changes += [(index, "x", a["x"]), (index, "y", a["y"]), (index, "text", a["text"]),
                        (index, "hovertext", a["hovertext"]), (index, "marker.symbol", a["symbol"]),
                        (index, "marker.color", a["color"]), (index, "marker.size", a["size"]),
                        (index, "marker.line.width", a["line"]), (index, "textfont.color", a["textcolor"]),
                        (index, "textfont.family", a["font"] if icons else FONT),
                        (index, "textfont.weight", a["weight"] if icons else "bold"),
                        (index, "textfont.size", a["fontsize"]),
                        (index, "customdata", [t.region for t in a["target"]])]
        if self.badges_trace >= 0:
            b, i = arrays[BADGES], self.badges_trace
            changes += [(i, "x", b["x"]), (i, "y", b["y"]), (i, "text", b["text"]), (i, "marker.size", b["size"]),
                        (i, "hovertext", b["hovertext"])]
        if self.facings_trace >= 0:
            f, i = arrays[FACINGS], self.facings_trace
            changes += [(i, "x", f["x"]), (i, "y", f["y"]), (i, "marker.angle", f["angle"]),
                        (i, "marker.size", f["size"]), (i, "marker.color", f["color"])]
        changes += self._line_changes(lines)
        for side, index in self.control_traces.items():
            changes += [(index, "x", fills[side][0]), (index, "y", fills[side][1])]
        cp = self.control_points_trace
        changes += [(cp, "x", points["x"]), (cp, "y", points["y"]), (cp, "marker.size", points["size"]),
                    (cp, "marker.symbol", points["symbol"]), (cp, "marker.color", points["color"])]
        if self.control_letters:
            changes += [(cp, "text", points["text"]), (cp, "textfont.color", points["textcolor"]),
                        (cp, "textfont.size", points["textsize"])]
        changes += [(self.highlight_trace, "x", hx), (self.highlight_trace, "y", hy),
                    (self.highlight_points_trace, "x", rx), (self.highlight_points_trace, "y", ry),
                    (self.highlight_points_trace, "marker.size", rsize),
                    (self.selected_trace, "x", sx), (self.selected_trace, "y", sy),
                    (self.last_move_trace, "x", lx), (self.last_move_trace, "y", ly),
                    (self.last_move_trace, "marker.symbol", lsym), (self.last_move_trace, "marker.size", lsize),
                    (self.last_move_trace, "line.color", colour), (self.last_move_trace, "marker.color", colour),
                    (self.last_move_trace, "name",
                     f"{last_move.side}'s last move" if last_move and last_move.side else "the last move"),
                    (self.plan_trace, "x", px), (self.plan_trace, "y", py), (self.plan_trace, "marker.symbol", psym),
                    (self.plan_trace, "marker.size", psize)]
        changes += self._reach_changes(reach) + self._route_changes(route)
        self._apply(fig, changes, title, self._route_annotations(route),
                    self.overlay_svg(highlight, selected, last_move))

    def _names_hidden(self, boxes: list[Box]) -> set[str]:
        """The names that the counters' ``boxes`` cover more than a graze (a track's numbers aside)."""
        if not boxes:
            return set()
        return {p.key for p in self.placed if not (self.regions[p.key].frame or self.regions[p.key].fixed_label)
                and hidden(p.box, boxes) > GRAZE}

    # -- the names the marks cross, written over them ----------------------------------------------------------
    def _mark_circles(self, highlight: Iterable[str], selected: str | None,
                      last_move: Marks | None) -> list[tuple[str, str]]:
        """(kind, place) for each circle drawn round a point area: the rings round the places you can choose, the
        selected place's circle and those round the last move's places."""
        marks = [("ring", rid) for rid in highlight]
        marks += [("selected", selected)] if selected else []
        marks += [("last", rid) for rid in (last_move.places if last_move else ())]
        return [(kind, rid) for kind, rid in marks if rid in self.regions and not self.regions[rid].outline]

    def _crossed(self, kind: str, rid: str) -> tuple[int, ...]:
        """The names (indices in ``placed``) that the circle of ``kind`` round ``rid`` crosses, as drawn now."""
        key = (kind, rid)
        if key not in self._crossings:
            region = self.regions[rid]
            cx, cy = self.to_px(*self.xy(*region.anchor))
            if kind == "ring":
                r, half = self._ring_px(region), RING_LINE / 2
            elif kind == "selected":
                r, half = self._circle_px(region, SELECTED_GROW), SELECTED_LINE / 2
            else:
                r, half = self._circle_px(region, LAST_GROW), LAST_LINE / 2
            self._crossings[key] = tuple(k for k, p in enumerate(self.placed)
                                         if _circle_crosses(p.box, cx, cy, r - half, r + half))
        return self._crossings[key]

    def names_over_marks(self, highlight: Iterable[str] = (), selected: str | None = None,
                         last_move: Marks | None = None) -> list[PlacedLabel]:
        """The names written on the picture that the circles drawn round ``highlight``, ``selected`` and the
        ``last_move``'s places cross, in the picture's order."""
        return [self.placed[k] for k in self._crossed_by(highlight, selected, last_move)]

    def _crossed_by(self, highlight: Iterable[str], selected: str | None, last_move: Marks | None) -> list[int]:
        indices: set[int] = set()
        for kind, rid in self._mark_circles(highlight, selected, last_move):
            indices.update(self._crossed(kind, rid))
        return sorted(indices)

    def overlay_svg(self, highlight: Iterable[str] = (), selected: str | None = None,
                    last_move: Marks | None = None) -> str:
        """A clear picture the size of the board's holding only the names the marks cross, where the board's picture
        writes them ("" for none): shown over the traces, so that a ring no longer crosses a name's first letters.
        The counters standing on one of them keep on top of it."""
        from .picture import names_svg

        names = [self.placed[k] for k in self._crossed_by(highlight, selected, last_move)]
        covered = [c for c in self._covers if any(overlap(c, p.box, pad=0) for p in names)]
        key = (*(id(p) for p in names), *covered, *self.canvas_size())
        if self._overlay[0] != key:  # (most clicks change none of it: the picture is not written again)
            self._overlay = key, names_svg(names, *self.canvas_size(), covered)
        return self._overlay[1]

    def _set_overlay(self, fig, svg: str) -> None:
        """Show ``svg`` (``overlay_svg``) over the traces: the figure's second image ("": none)."""
        from .picture import data_uri

        images = fig.layout.images
        if len(images) > 1:
            images[1].source = data_uri(svg) if svg else None
        self._sent.setdefault(id(fig), {})[OVERLAY] = svg

    def _line_changes(self, lines: Sequence[Overlay]) -> list[tuple[int, str, object]]:
        """The changing lines, each style's in its trace: points joined, a hover point (and label) at each line's
        middle, an arrowhead at its end if the style has one."""
        arrays = {name: {"x": [], "y": [], "hover": [], "symbol": [], "size": [], "text": []}
                  for name in self.line_traces}
        dot = max(6.0, self.token_px(10))
        for line in lines:
            a = arrays.get(line.style)
            if a is None or len(line.points) < 2:
                continue
            style = self.line_styles[line.style]
            pts = [self.xy(*p) for p in line.points]
            middle = len(pts) // 2 if len(pts) > 2 else 1
            if len(pts) == 2:  # a hover point half way along a single segment
                (x1, y1), (x2, y2) = pts
                pts = [pts[0], ((x1 + x2) / 2, (y1 + y2) / 2), pts[1]]
            for k, (x, y) in enumerate(pts):
                a["x"].append(x)
                a["y"].append(y)
                a["hover"].append(line.hover)
                last = k == len(pts) - 1
                if last and style.arrow:
                    a["symbol"].append("arrow")
                    a["size"].append(self.token_px(style.width * 4 + 4))
                elif k == middle:
                    a["symbol"].append(style.marker or "circle")
                    a["size"].append(dot if style.marker else max(4.0, style.width * 1.6))
                else:
                    a["symbol"].append("circle")
                    a["size"].append(0)
                a["text"].append(line.label if k == middle else "")
            for key in ("x", "y"):
                a[key].append(None)
            a["hover"].append("")
            a["symbol"].append("circle")
            a["size"].append(0)
            a["text"].append("")
        changes: list[tuple[int, str, object]] = []
        for name, index in self.line_traces.items():
            a = arrays[name]
            changes += [(index, "x", a["x"]), (index, "y", a["y"]), (index, "hovertext", a["hover"]),
                        (index, "marker.symbol", a["symbol"]), (index, "marker.size", a["size"]),
                        (index, "text", a["text"])]
        return changes

    def _apply(self, fig, changes: list[tuple[int, str, object]], title: str | None = None,
               notes: list[dict] | None = None, overlay: str | None = None) -> None:
        """Set only what differs from what was last set (plotly checks every value it is given, slowly), in one
        batch: one message to the browser. ``notes``: the boxes written over the map (a route's odds); ``overlay``:
        the names written over the marks (``overlay_svg``)."""
        sent = self._sent.setdefault(id(fig), {})
        todo = [(i, path, value) for i, path, value in changes if sent.get((i, path), _UNSET) != value]
        if title is not None and sent.get((-1, "title")) != title:
            todo.append((-1, "title", title))
        if notes is not None and sent.get((-2, "annotations"), []) != notes:
            todo.append((-2, "annotations", notes))
        if overlay is not None and sent.get(OVERLAY, "") != overlay:
            todo.append((*OVERLAY, overlay))
        if not todo:
            return
        with fig.batch_update():
            for i, path, value in todo:
                if i == -1:
                    fig.layout.title.text = value
                    fig.layout.title.font.size = self.title_fit(value)
                elif i == -2:
                    fig.layout.annotations = [*getattr(self, "_fixed_annotations", []), *value]
                elif i == OVERLAY[0]:
                    self._set_overlay(fig, value)
                    continue
                else:
                    fig.data[i][path] = value
                sent[(i, path)] = value

    # -- a route and a reach over the map ---------------------------------------------------------------------
    def _route_changes(self, route: Route | None) -> list[tuple[int, str, object]]:
        xs, ys, symbols, sizes, hovers = [], [], [], [], []
        places = [p for p in (route.places if route else ()) if p in self.regions]
        self._route_places = places  # a click on a place of the route is a click on that place
        for k, place in enumerate(places):
            x, y = self._move_point(place)
            xs.append(x)
            ys.append(y)
            last = k == len(places) - 1 and k > 0
            symbols.append("arrow" if last else "circle")
            sizes.append(self.token_px(22) if last else max(8.0, self.token_px(12)))
            hover = route.hovers[route.places.index(place)] if route and len(route.hovers) == len(route.places) else ""
            hovers.append(hover or self.regions[place].name)
        colour = side_style(route.side).colour if route and route.side else BLACK
        i = self.route_trace
        return [(i, "x", xs), (i, "y", ys), (i + 1, "x", xs), (i + 1, "y", ys), (i + 1, "marker.symbol", symbols),
                (i + 1, "marker.size", sizes), (i + 1, "line.color", colour), (i + 1, "hovertext", hovers),
                (i + 1, "name", route.name if route else "the route")]

    def _route_annotations(self, route: Route | None) -> list[dict]:
        """A route's notes as boxes beside its places, placed so that none covers another, a place of the route,
        or the names of its places (``labels.py``)."""
        if not route or not route.notes:
            return []
        size = round(_clamp(self.label_px() * 0.92, 11, 24), 1)
        on_route = set(route.places)
        obstacles: list[Box] = [p.box for p in self.placed if p.key in on_route]
        specs = []
        for place, note in zip(route.places, route.notes, strict=False):
            if not note or place not in self.regions:
                continue
            x, y = self.to_px(*self._move_point(place))
            r = self.marker_px(self.regions[place]) / 2 + 4
            obstacles.append((x - r, y - r, x + r, y + r))
            specs.append(LabelSpec(f"note:{place}", note, size, (x, y), radius=r + 6, position="top right"))
        colour = side_style(route.side).colour if route.side else BLACK
        x0, _, _, y1 = self.bounds()
        s = self.px_per_unit()
        out = []
        for placed in place_labels(specs, obstacles, bounds=self.view_px()):  # inside the part shown
            cx, cy = placed.centre
            out.append({"x": x0 + cx / s, "y": y1 - cy / s, "xref": "x", "yref": "y", "text": placed.text,
                        "showarrow": False, "bgcolor": "rgba(255,255,255,0.92)", "bordercolor": colour,
                        "borderwidth": 2, "borderpad": 2, "font": {"size": size, "color": BLACK, "family": FONT}})
        return out

    def _reach_changes(self, reach: Marks | None) -> list[tuple[int, str, object]]:
        xs, ys, sizes = [], [], []
        for place in (reach.places if reach else ()):
            region = self.regions.get(place)
            if region is None:
                continue
            x, y = self._move_point(place)
            xs.append(x)
            ys.append(y)
            sizes.append(max(self.marker_px(region), 12) + 16)
        style = side_style(reach.side if reach else None)
        i = self.reach_trace
        return [(i, "x", xs), (i, "y", ys), (i, "marker.size", sizes),
                (i, "marker.color", hex_to_rgba(style.colour, 0.28)), (i, "marker.line.color", style.colour)]

    def update_route(self, fig, route: Route | None) -> None:
        """Draw only ``route`` (a destination chosen: nothing else changes)."""
        if self._last:
            self._last["route"] = route
        self._apply(fig, self._route_changes(route), None, self._route_annotations(route))

    def update_selected(self, fig, selected: str | None, *, highlight: Iterable[str] | None = None,
                        plan: tuple[str, str] | None = None) -> None:
        """Outline only the selected region (and, if given, the places to choose and the chosen move): a click
        that chooses a place changes nothing else."""
        sx, sy = self._outline_xy([selected] if selected else [], grow=SELECTED_GROW)
        if self._last:
            self._last["selected"] = selected
            if highlight is not None:
                self._last["highlight"] = list(highlight)
            self._last["plan"] = plan
        changes: list[tuple[int, str, object]] = [(self.selected_trace, "x", sx), (self.selected_trace, "y", sy)]
        if highlight is not None:
            hx, hy = self._outline_xy(highlight, points_too=False)
            rx, ry, rsize = self._ring_markers(highlight)
            changes += [(self.highlight_trace, "x", hx), (self.highlight_trace, "y", hy),
                        (self.highlight_points_trace, "x", rx), (self.highlight_points_trace, "y", ry),
                        (self.highlight_points_trace, "marker.size", rsize)]
        px, py, psym, psize = self._arrow_arrays(Marks(None, (plan,)) if plan else None, self.token_px(20))
        changes += [(self.plan_trace, "x", px), (self.plan_trace, "y", py), (self.plan_trace, "marker.symbol", psym),
                    (self.plan_trace, "marker.size", psize)]
        drawn = highlight if highlight is not None else self._last.get("highlight", ())
        self._apply(fig, changes, overlay=self.overlay_svg(drawn, selected, self._last.get("last_move")))

    def resend(self, fig) -> None:
        """Send what changes in ``fig`` once more, as one message to the browser: what the updates set (counters,
        outlines, lines, the title, a route's notes), what a redraw at another size moves (the size, margins, picture,
        the places' names), and the part of the board shown. For a view that has just drawn the figure: it drew the full
        state it was sent, and a message that came while it was drawing, before it listened, is lost to it. (Plotly
        sends only what it thinks has changed, so this goes through its update message itself.)"""
        from plotly.basedatatypes import Undefined

        changing = {key for key in self._sent.get(id(fig), {}) if key[0] >= 0}
        changing |= {(self.labels_trace, path) for path in ("x", "y", "customdata", "hovertext", "text")}
        traces = sorted({index for index, _ in changing})
        style: dict[str, list] = {}
        for index, path in changing:
            value = _get(fig._data[index], path)
            if value is not _UNSET:
                style.setdefault(path, [Undefined] * len(traces))[traces.index(index)] = value
        layout = {path: value for path in ("title.text", "title.font.size", "width", "height", "margin", "images",
                                           "xaxis.range", "yaxis.range")
                  if (value := _get(fig._layout, path)) is not _UNSET}
        layout["annotations"] = fig._layout.get("annotations", [])  # none: a route's notes taken away
        fig._send_update_msg(style, layout, traces)

    def target_at(self, trace_index: int, point_index: int | None) -> Target | None:
        """What a click landed on: a zone (the click grid), a place's name, or a counter or a stack."""
        if point_index is None:
            return None
        found = None
        if trace_index == self.labels_trace:
            ids = self._label_ids()
            found = Target(ids[point_index]) if point_index < len(ids) else None
        elif trace_index == self.grid_trace:
            found = Target(self._grid_regions[point_index]) if point_index < len(self._grid_regions) else None
        elif trace_index in self.side_traces.values():
            targets = self._targets.get(trace_index, ())
            found = targets[point_index] if point_index < len(targets) else None
        elif trace_index == self.route_trace + 1:
            places = self._route_places
            found = Target(places[point_index]) if point_index < len(places) else None
        if found is None or found.region not in self.regions:
            return found
        region = self.regions[found.region]
        return found._replace(region=region.click_as) if region.click_as else found

    def _label_ids(self) -> list[str]:
        return [*self.regions, *(p.key for p in self.placed if not self.regions[p.key].frame)]

    def region_at(self, trace_index: int, point_index: int | None) -> str | None:
        """The region a click landed on (a polygon trace, or a label point, or a counter)."""
        target = self.target_at(trace_index, point_index)
        return target.region if target else None

    # -- the key under the map ------------------------------------------------------------------------
    def key_items(self) -> list[tuple[str, str]]:
        """(a small picture as inline SVG, words) for what the map shows: sides, who holds a place, the places
        to choose, the last move, the kinds of connection."""
        items = []
        for side in self.sides:
            style = side_style(side)
            items.append((swatch_marker(style.symbol, style.colour, style.letter, style.text_colour),
                          f"{side} ({style.letter})"))
        for side in self.sides:
            style = side_style(side)
            items.append((swatch_pattern(style), f"held by {side}"))
        if self.outlined:
            items.append((swatch_line(BLACK, "2,3", 3), "you can choose here"))
        if any(r.marker_size and not r.outline for r in self.regions.values()):
            items.append(('<svg width="20" height="20" aria-hidden="true" style="vertical-align:middle"><circle '
                          'cx="10" cy="10" r="8" fill="none" stroke="black" stroke-width="3"/></svg>',
                          "you can choose here"))
        items.append((swatch_line(BLACK, "6,4", 3, arrow=True), "the other side's last move"))
        for kind in dict.fromkeys(link.kind for link in self.links):
            items.append((swatch_link(kind), link_style(kind).words))
        seen = set()
        for stroke in self.strokes:
            if stroke.key and stroke.key not in seen:
                seen.add(stroke.key)
                items.append((swatch_line(stroke.colour, stroke.dash, stroke.width, ticks=bool(stroke.ticks)),
                              stroke.key))
        for style in self.line_styles.values():
            if style.key:
                items.append((swatch_line(style.colour, PLOTLY_DASH.get(style.dash, ""), min(style.width, 5),
                                          arrow=style.arrow), style.name))
        return items


# A side's pattern as a marker for a point area it holds (plotly markers have no fill patterns).
CONTROL_SYMBOL = {"/": "circle-x", "\\": "circle-cross", "x": "circle-x", ".": "circle-dot"}


def _get(props: dict, path: str):
    """The value at a dotted path of nested dicts (``_UNSET`` if there is none)."""
    for key in path.split("."):
        if not isinstance(props, dict) or key not in props:
            return _UNSET
        props = props[key]
    return props


def resync(fig, still: Iterable[int] = ()) -> None:
    """Make a ``FigureWidget`` send its whole state again (Voilà shows a stale figure otherwise). The traces
    numbered in ``still`` do not change between calls: their copy is made once."""
    from .boardwidget import copy_data

    fig._widget_data = copy_data(fig, set(still))
    fig._widget_layout = deepcopy(fig._layout)
