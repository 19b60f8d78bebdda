"""A board drawn with Plotly: regions (zones, areas, track boxes, bases), links and tokens.

The same machinery draws every game: a game's renderer turns its board data into :class:`Region` and
:class:`Link` objects once, and a player's observation into :class:`Token` objects after every action.
Plain cartesian traces (longitude scaled by the cosine of the mean latitude), so no map tiles and no
network: it works offline, in JupyterLab and in Voilà.

The still board (coast, zones, terrain, links, names) is one SVG picture behind the traces
(``picture.py``); the traces are few and fixed in order — legend entries for the links, an invisible
click grid over the zones, the labels (for hover and clicks), the highlighted places, the selected place,
then one token trace per side — so an update after an action rewrites a handful of small traces.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from copy import deepcopy
from dataclasses import dataclass
from itertools import pairwise

from .palette import BLACK, COAST, LAND_CLEAR, WHITE, side_style

FONT = "Atkinson Hyperlegible, Verdana, DejaVu Sans, Arial, sans-serif"
# Pictures drawn as text: the solid face of Font Awesome 5 Free, which JupyterLab and Voilà both serve
# themselves (their widget buttons use it), so it needs no emoji font on the machine and no internet.
ICON_FONT = '"Font Awesome 5 Free", ' + FONT
ICON_WEIGHT = 900


@dataclass(frozen=True, slots=True)
class Region:
    """Something on the board a player can point at: a zone, an area, a base, a track box."""

    id: str
    name: str
    label: str  # written on the map
    anchor: tuple[float, float]  # lon, lat: where the label and the tokens go
    outline: tuple[tuple[float, float], ...] = ()  # lon/lat polygon; empty for a point area
    fill: str = LAND_CLEAR
    line: str = COAST
    hover: str = ""
    pattern: str = ""  # plotly fill pattern shape ("/", "x", "." …), for terrain told apart without colour
    marker_size: int = 0  # for a point area: the size of its clickable circle
    label_offset: tuple[float, float] = (0.0, 0.0)  # label position relative to the anchor (projected units)
    token_anchor: tuple[float, float] | None = None  # lon, lat where tokens go (default: below the label)
    text_position: str = "middle center"  # where the label sits (point areas: "bottom center", under the dot)
    click_as: str = ""  # a click here means this region instead (e.g. a chit slot above an area)
    token_offset: tuple[float, float] = (0.0, 0.0)  # tokens moved by this much on the screen (projected units)
    frame: bool = False  # outline drawn in one shared line trace, not filled nor clickable (track boxes)
    token_text: str = ""  # "left"/"right": sides stacked at token_anchor, text running that way, with a
    #                       thin line back to the region (for regions too narrow to hold their tokens)


@dataclass(frozen=True, slots=True)
class Link:
    a: str
    b: str
    kind: str = "land"  # "land" (solid) or "sea" (dashed)


@dataclass(frozen=True, slots=True)
class Token:
    """A counter, chit or marker shown in a region."""

    id: str
    region: str
    side: str | None
    text: str  # short, drawn on or beside the marker ("H4", "T3*")
    hover: str = ""
    symbol: str = ""  # plotly symbol; default: the side's
    colour: str = ""  # default: the side's
    size: int = 26
    reduced: bool = False  # drawn hollow-ish (reduced face)
    text_position: str = "middle center"  # or "middle left"/"middle right": text beside the marker
    icon: bool = False  # ``text`` is a Font Awesome glyph (see ICON_FONT), drawn as a picture


# Terrain textures as strokes (dx, dy per unit of stroke length), drawn as one path shape per region.
TEXTURES = {".": ((1, 0), (0, 1)), "/": ((1, 1),), "-": ((1, 0),), "+": ((1, 0), (0, 1)), "x": ((1, 1), (1, -1))}


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


class MapFigure:
    """Builds a Plotly figure of a board and updates its tokens, highlights and title in place."""

    def __init__(self, regions: Iterable[Region], links: Iterable[Link] = (), *,
                 backdrop: Iterable[Sequence[tuple[float, float]]] = (), sides: Sequence[str] = (),
                 title: str = "", height: int = 640, token_spacing: float = 0.01, token_columns: int = 3,
                 side_offset: float = 0.0, background: str = WHITE, lat0: float | None = None,
                 label_size: int = 16, show_legend: bool = True,
                 notes: Iterable[tuple[tuple[float, float], str, int, float]] = (),
                 transform: Callable[[float, float], tuple[float, float]] | None = None, caption: str = "",
                 click_spacing: float | None = None) -> None:
        self.regions = {r.id: r for r in regions}
        self.links = list(links)
        self.backdrop = [list(line) for line in backdrop]
        self.sides = list(sides)
        self.title = title
        self.height = height
        self.token_spacing = token_spacing
        self.token_columns = token_columns
        self.side_offset = side_offset
        self.background = background
        self.label_size = label_size
        self.show_legend = show_legend
        self.notes = list(notes)  # ((lon, lat), text, size, angle): names written on the map
        self.transform = transform  # applied after projection (e.g. a fisheye that enlarges a crowded part)
        self.caption = caption  # a line under the map (e.g. that the map is reconstructed)
        # a grid of click points inside zones (projected units): plotly picks the closest point within 20 px,
        # so a sparse grid is enough, and every point costs time at each redraw
        self.click_spacing = click_spacing or token_spacing * 2.2
        if lat0 is None:
            lats = [r.anchor[1] for r in self.regions.values()]
            lat0 = sum(lats) / len(lats) if lats else 0.0
        self.k = math.cos(math.radians(lat0))
        self.outlined = [r for r in self.regions.values() if r.outline and not r.frame]
        self.framed = [r for r in self.regions.values() if r.outline and r.frame]
        self._figure_regions: dict[int, list[str]] = {}  # token trace -> region of each token shown

    # -- geometry -----------------------------------------------------------------------------------
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

    def token_positions(self, tokens: Sequence[Token]) -> dict[str, tuple[float, float]]:
        """Tokens of a region in small grids around its anchor: one side left, the other right."""
        groups: dict[tuple[str, str | None], list[Token]] = defaultdict(list)
        for t in tokens:
            groups[(t.region, t.side)].append(t)
        positions = {}
        s = self.token_spacing
        for (region_id, side), group in groups.items():
            region = self.regions.get(region_id)
            if region is None:
                continue
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
                    cx += self.side_offset * (-1 if first else 1)
            cols = min(self.token_columns, len(group))
            for i, t in enumerate(group):
                row, col = divmod(i, self.token_columns)
                positions[t.id] = (cx + (col - (cols - 1) / 2) * s, cy - row * s)
        return positions

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

    def bounds(self) -> tuple[float, float, float, float]:
        """x0, x1, y0, y1 (projected) holding every region, label, token place and the backdrop, padded."""
        xs, ys = [], []
        for r in self.regions.values():
            for lon, lat in (*r.outline, r.anchor, *([r.token_anchor] if r.token_anchor else [])):
                x, y = self.xy(lon, lat)
                xs.append(x)
                ys.append(y)
        for line in self.backdrop:
            for lon, lat in line:
                x, y = self.xy(lon, lat)
                xs.append(x)
                ys.append(y)
        pad = self.token_spacing * 2
        return min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad

    # -- building -----------------------------------------------------------------------------------
    def build(self, *, widget: bool = False):
        """The figure (a ``FigureWidget`` for live panels): the still board as one picture behind a few
        live traces — an invisible click grid over the zones, the places' labels for hover and clicks,
        the highlighted and selected places, and the counters (one trace per side)."""
        import plotly.graph_objects as go

        from .picture import data_uri, picture_svg

        x0, x1, y0, y1 = self.bounds()
        plot_h = self.height - 48 - 40  # the figure's height less its top and bottom margins
        plot_w = plot_h * (x1 - x0) / (y1 - y0)
        self.picture = picture_svg(self, (x0, x1, y0, y1), plot_w, plot_h)
        traces = []
        for kind, colour, dash in (("land", "#5A4A2A", "solid"), ("sea", "#1F5F8B", "dash")):
            if self.show_legend and any(link.kind == kind for link in self.links):  # legend entries only
                traces.append(go.Scatter(x=[None], y=[None], mode="lines", name=f"{kind} connection",
                                         line={"color": colour, "width": 2, "dash": dash}, hoverinfo="skip"))
        gx, gy, gid, ghover = [], [], [], []
        for region in self.outlined:
            for x, y in self._interior_points(region):
                gx.append(x)
                gy.append(y)
                gid.append(region.id)
                ghover.append(region.hover or region.name)
        self.grid_trace = len(traces) if gx else -1
        self._grid_regions = gid
        if gx:  # invisible points: plotly picks the closest one within the hover distance
            traces.append(go.Scatter(x=gx, y=gy, mode="none", hoveron="points", customdata=gid, hovertext=ghover,
                                     hoverinfo="text", showlegend=False, name="zones"))
        labels = list(self.regions.values())
        lx = [self.xy(*r.anchor)[0] + r.label_offset[0] for r in labels]
        ly = [self.xy(*r.anchor)[1] + r.label_offset[1] for r in labels]
        self.labels_trace = len(traces)
        traces.append(go.Scatter(x=lx, y=ly, mode="none", hoveron="points", customdata=[r.id for r in labels],
                                 hovertext=[r.hover or r.name for r in labels], hoverinfo="text",
                                 text=[r.label for r in labels], name="places", showlegend=False))
        self.highlight_trace = len(traces)
        traces.append(go.Scatter(x=[], y=[], mode="lines", line={"color": BLACK, "width": 4, "dash": "dot"},
                                 hoverinfo="skip", name="you can choose here", showlegend=self.show_legend))
        self.selected_trace = len(traces)
        traces.append(go.Scatter(x=[], y=[], mode="lines", line={"color": BLACK, "width": 6},
                                 hoverinfo="skip", name="selected", showlegend=False))
        self.side_traces = {}
        for side in [*self.sides, None]:
            style = side_style(side)
            self.side_traces[side] = len(traces)
            traces.append(go.Scatter(
                x=[], y=[], mode="markers+text", name=f"{side} ({style.letter}, {style.symbol}s)" if side
                else "markers", hoverinfo="text", textposition="middle center",
                textfont={"size": 12, "color": style.text_colour, "family": FONT},
                marker={"symbol": style.symbol, "color": style.colour, "size": 26,
                        "line": {"color": BLACK, "width": 1.5}},
                showlegend=bool(side) and self.show_legend))
        layout = go.Layout(
            title={"text": self.title, "font": {"size": 20, "family": FONT}, "x": 0.01},
            height=self.height, margin={"l": 8, "r": 8, "t": 48, "b": 40},
            xaxis={"visible": False, "range": [x0, x1], "autorange": False, "scaleanchor": "y", "scaleratio": 1,
                   "constrain": "domain", "fixedrange": True},
            yaxis={"visible": False, "range": [y0, y1], "autorange": False, "constrain": "domain",
                   "fixedrange": True},
            images=[{"source": data_uri(self.picture), "xref": "x", "yref": "y", "x": x0, "y": y1,
                     "sizex": x1 - x0, "sizey": y1 - y0, "sizing": "stretch", "layer": "below"}],
            plot_bgcolor=self.background, paper_bgcolor=WHITE, hovermode="closest", dragmode=False, hoverdistance=30,
            clickmode="event", font={"size": 16, "family": FONT, "color": BLACK},
            legend={"orientation": "h", "yanchor": "top", "y": 0, "x": 0, "font": {"size": 14}},
            hoverlabel={"font": {"size": 15, "family": FONT}},
            annotations=[{"xref": "paper", "yref": "paper", "x": 0, "y": 0, "xanchor": "left", "yanchor": "bottom",
                          "text": self.caption, "showarrow": False, "bgcolor": "rgba(255,255,255,0.85)",
                          "font": {"size": 13, "color": "#222222", "family": FONT}}] if self.caption and not widget
            else [],
        )
        cls = go.FigureWidget if widget else go.Figure
        return cls(data=traces, layout=layout)

    # -- updating -----------------------------------------------------------------------------------
    def _outline_xy(self, ids: Iterable[str]) -> tuple[list, list]:
        lines = []
        points = []
        for rid in ids:
            region = self.regions.get(rid)
            if region is None:
                continue
            if region.outline:
                lines.append(_ring(region.outline))
            else:  # a point area: a small diamond around it, drawn in screen units
                points.append(self.xy(*region.anchor))
        xs, ys = self._line_xy(lines)
        d = self.token_spacing * 1.5
        for x, y in points:
            xs += [x - d, x, x + d, x, x - d, None]
            ys += [y, y + d, y, y - d, y, None]
        return xs, ys

    def token_arrays(self, tokens: Sequence[Token]) -> dict:
        """Per side trace: the x, y, text, hover, symbols, colours of its tokens."""
        pos = self.token_positions(tokens)
        arrays = {side: {"x": [], "y": [], "text": [], "hovertext": [], "symbol": [], "color": [], "size": [],
                         "textposition": [], "textcolor": [], "font": [], "weight": [], "region": []}
                  for side in self.side_traces}
        for t in tokens:
            if t.id not in pos:
                continue
            side = t.side if t.side in self.side_traces else None
            style = side_style(t.side)
            a = arrays[side]
            x, y = pos[t.id]
            a["x"].append(x)
            a["y"].append(y)
            a["text"].append(t.text)
            a["hovertext"].append(t.hover or t.text)
            symbol = t.symbol or style.symbol
            a["symbol"].append(f"{symbol}-open" if t.reduced and not symbol.endswith("-open") else symbol)
            a["color"].append(t.colour or style.colour)
            a["size"].append(t.size)
            region = self.regions[t.region]
            position = {"left": "middle left", "right": "middle right"}.get(region.token_text, t.text_position)
            a["textposition"].append(position)
            inside = position == "middle center"
            a["textcolor"].append(style.text_colour if inside and not t.reduced and not t.colour else BLACK)
            a["font"].append(ICON_FONT if t.icon else FONT)
            a["weight"].append(ICON_WEIGHT if t.icon else "normal")
            a["region"].append(t.region)
        return arrays

    def update(self, fig, tokens: Sequence[Token], *, highlight: Iterable[str] = (), selected: str | None = None,
               title: str | None = None) -> None:
        """Redraw tokens, highlighted and selected regions, and the title, in one batch."""
        arrays = self.token_arrays(tokens)
        hx, hy = self._outline_xy(highlight)
        sx, sy = self._outline_xy([selected] if selected else [])
        with fig.batch_update():
            for side, index in self.side_traces.items():
                a = arrays[side]
                self._figure_regions[index] = a["region"]
                trace = fig.data[index]
                trace.x, trace.y, trace.text, trace.hovertext = a["x"], a["y"], a["text"], a["hovertext"]
                trace.marker.symbol = a["symbol"]
                trace.marker.color = a["color"]
                trace.marker.size = a["size"]
                trace.textposition = a["textposition"]
                trace.textfont.color = a["textcolor"]
                trace.textfont.family = a["font"]
                trace.textfont.weight = a["weight"]
                trace.customdata = a["region"]
            fig.data[self.highlight_trace].x, fig.data[self.highlight_trace].y = hx, hy
            fig.data[self.selected_trace].x, fig.data[self.selected_trace].y = sx, sy
            if title is not None:
                fig.layout.title.text = title

    def update_selected(self, fig, selected: str | None) -> None:
        """Outline only the selected region (a click that chooses a place changes nothing else)."""
        sx, sy = self._outline_xy([selected] if selected else [])
        with fig.batch_update():
            fig.data[self.selected_trace].x, fig.data[self.selected_trace].y = sx, sy

    def region_at(self, trace_index: int, point_index: int | None) -> str | None:
        """The region a click landed on (a polygon trace, or a label point)."""
        found = None
        if trace_index == self.labels_trace and point_index is not None:
            found = list(self.regions)[point_index]
        elif trace_index == self.grid_trace and point_index is not None:
            found = self._grid_regions[point_index] if point_index < len(self._grid_regions) else None
        elif trace_index in self.side_traces.values() and point_index is not None:
            regions = self._figure_regions.get(trace_index, ())
            found = regions[point_index] if point_index < len(regions) else None
        region = self.regions.get(found) if found else None
        return region.click_as or found if region else found


def resync(fig) -> None:
    """Make a ``FigureWidget`` send its whole state again (Voilà shows a stale figure otherwise)."""
    fig._widget_data = deepcopy(fig._data)
    fig._widget_layout = deepcopy(fig._layout)
