"""Plain Plotly figures for the overview lessons: the alliances of 431 on a real map of Greece, the timeline of the
war with the games and lessons placed in it, and the bay of Pylos with measured distances.

Offline (no map tiles, no CDN: the coastline is a GSHHG line drawn as a trace), colour-blind-safe (Okabe–Ito, and
every side also told by its letter and marker shape, every kind of event by its marker, every game bar by a
pattern), with fonts large enough for a projector. Each figure is followed in the lessons by a text alternative
(:func:`peloponnesos.history.describe_alliances`, the timeline table, the measurement table).
"""

from __future__ import annotations

import math

from .hover import wrap_hover
from .palette import (
    BLACK,
    BLUE,
    COAST,
    GREEN,
    GREY,
    LAND_CLEAR,
    ORANGE,
    PURPLE,
    SEA,
    SKY,
    VERMILION,
    YELLOW,
    side_style,
)

FONT = {"family": "system-ui, Arial, sans-serif", "size": 17, "color": BLACK}
SIDE_LABELS = {"Athens": "With Athens (A, square)", "Sparta": "With Sparta (S, diamond)",
               "neutral": "Neutral or outside (N, circle)"}
#: the two views of the map: (longitude range, latitude range, places named on the map itself; the rest have their
#: names when the mouse is over them, and in the table)
VIEWS = {
    "all": ((12.3, 29.6), (35.6, 42.3), ("athens", "sparta", "corinth", "thebes", "corcyra", "potidaea",
                                          "amphipolis", "mytilene", "byzantium", "syracuse", "melos", "pylos",
                                          "taras", "samos")),
    "greece": ((20.2, 24.6), (36.2, 39.2), ("athens", "sparta", "corinth", "thebes", "argos", "megara", "plataea",
                                           "pylos", "naupactus", "elis", "delphi", "aegina", "chalcis", "mantinea",
                                           "tegea", "epidaurus", "cythera", "zacynthus", "cephallenia",
                                           "leucas", "stratus")),
}
#: the marker of each kind of event: (symbol, colour, label)
KIND_STYLE = {
    "road to war": ("triangle-up", GREY, "road to war"),
    "war": ("x", BLACK, "fighting"),
    "plague": ("cross", VERMILION, "plague"),
    "politics": ("circle", PURPLE, "politics inside a city"),
    "peace": ("star", GREEN, "peace talks and treaties"),
    "source": ("square", SKY, "the sources (who wrote, when)"),
}
GAME_PATTERNS = {"sfacteria": "/", "diceless": ".", "mountford": "x", "syracuse": "\\", "": "-"}
GAME_COLOURS = {"sfacteria": ORANGE, "diceless": YELLOW, "mountford": SKY, "syracuse": VERMILION, "": GREY}


def _reconstructed_badge(fig, text: str) -> None:
    fig.add_annotation(text=f"<b>{text}</b>", x=0.005, y=0.005, xref="paper", yref="paper", xanchor="left",
                       yanchor="bottom", showarrow=False, font={"size": 14, "color": BLACK}, bgcolor=YELLOW)


# The alliances of 431 -------------------------------------------------------------------------------------------


def alliances_map(view: str = "all", *, width: int = 1100, height: int = 640):
    """Greece in 431: the GSHHG coastline and every place of the Mountford map with its side (Thucydides 2.9).
    ``view="greece"`` zooms in on the Peloponnese and central Greece, where most places crowd together."""
    import plotly.graph_objects as go

    from ..history.alliances import COASTLINE_CREDIT, alliances_431, by_side, coastline

    if view not in VIEWS:
        raise ValueError(f"the map has two views, \"all\" and \"greece\", not {view!r}")
    (x0, x1), (y0, y1), named_ids = VIEWS[view]
    fig = go.Figure()
    xs, ys = [], []
    for line in coastline():
        xs.extend([p[0] for p in line] + [None])
        ys.extend([p[1] for p in line] + [None])
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line={"color": COAST, "width": 1}, hoverinfo="skip",
                             name="coastline (GSHHG)", showlegend=False))
    for side, group in by_side().items():
        style = side_style(side if side != "neutral" else None)
        fig.add_trace(go.Scatter(
            x=[p.lon for p in group], y=[p.lat for p in group], mode="markers+text", name=SIDE_LABELS[side],
            text=[p.letter for p in group], textposition="middle center",
            textfont={"size": 11, "color": style.text_colour, "family": FONT["family"]},
            marker={"symbol": style.symbol, "size": [19 if p.kind == "city" else 14 for p in group],
                    "color": style.colour, "line": {"color": BLACK, "width": 1.2}},
            customdata=[[p.name, wrap_hover(p.note or "")] for p in group],
            hovertemplate="<b>%{customdata[0]}</b><br>%{customdata[1]}<extra>" + side + "</extra>"))
    named = [p for p in alliances_431() if p.id in named_ids]
    lift = (y1 - y0) / 40
    fig.add_trace(go.Scatter(
        x=[p.lon for p in named], y=[p.lat + lift for p in named], mode="text", showlegend=False, hoverinfo="skip",
        text=[p.name.split(" (")[0] for p in named], textposition="top center",
        textfont={"size": 14, "color": BLACK, "family": FONT["family"]}))
    lat0 = (y0 + y1) / 2
    title = ("Greece in 431 BC: who stood with Athens, who with Sparta (Thucydides 2.9)" if view == "all" else
             "431 BC, the Peloponnese and central Greece (Thucydides 2.9)")
    fig.update_layout(
        title={"text": title, "x": 0.01}, font=FONT, width=width, height=height, plot_bgcolor="#F4F9FD",
        paper_bgcolor="white", margin={"l": 10, "r": 10, "t": 50, "b": 80},
        legend={"orientation": "h", "y": -0.01, "x": 0.0, "yanchor": "top", "font": {"size": 16}},
        xaxis={"range": [x0, x1], "visible": False},
        yaxis={"range": [y0, y1], "visible": False, "scaleanchor": "x",
               "scaleratio": 1 / math.cos(math.radians(lat0))},
    )
    fig.add_annotation(text="<b>positions: the Mountford map (reconstructed)</b>", x=0.995, y=0.995, xref="paper",
                       yref="paper", xanchor="right", yanchor="top", showarrow=False,
                       font={"size": 14, "color": BLACK}, bgcolor=YELLOW)
    fig.add_annotation(text=COASTLINE_CREDIT, x=0.0, y=-0.09, xref="paper", yref="paper", xanchor="left",
                       yanchor="top", showarrow=False, font={"size": 11, "color": "#333333"})
    return fig


# The timeline ---------------------------------------------------------------------------------------------------


#: the events named on the chart itself, with a short label (all of them have their title when the mouse is over
#: them, and in the table under the chart)
LABELS = {"plataea_attack": "the war begins", "plague": "plague", "pylos": "Pylos", "peace_offer": "peace offer",
          "peace_of_nicias": "Peace of Nicias", "sicily_disaster": "Sicily", "four_hundred": "the Four Hundred",
          "surrender": "Athens surrenders", "amphipolis_falls": "Thucydides exiled", "melos": "Melos"}


def _years(start: int, end: int) -> str:
    return f"{start} BC" if start == end else f"{start}–{end} BC"


def timeline_figure(*, width: int = 1150, height: int = 600, labels: dict[str, str] | None = None):
    """The war, 435–404 BC: one row per kind of event, and below them a bar for each game and lesson."""
    import plotly.graph_objects as go

    from ..history.timeline import FIRST_YEAR, LAST_YEAR, places, timeline

    labels = LABELS if labels is None else labels
    events = timeline()
    rows = [style[2] for style in KIND_STYLE.values()]
    game_rows = [f"{p.title}, {_years(p.start, p.end)}" for p in places()]
    fig = go.Figure()
    for kind, (symbol, colour, label) in KIND_STYLE.items():
        chosen = [e for e in events if e.kind == kind]
        if not chosen:
            continue
        offsets: dict[int, int] = {}  # events of one year in one row are spread a little so none hides another
        xs = []
        for e in chosen:
            n = offsets.get(e.year, 0)
            offsets[e.year] = n + 1
            xs.append(-e.year + (0.25 if e.season == "winter" else 0) + 0.12 * n)
        fig.add_trace(go.Scatter(
            x=xs, y=[label] * len(chosen), mode="markers+text", name=label, showlegend=False,
            marker={"symbol": symbol, "size": 15, "color": colour, "line": {"color": BLACK, "width": 1}},
            text=[labels.get(e.id, "") for e in chosen],
            textposition=["top left" if e.year <= 407 else "top center" for e in chosen], textfont={"size": 14},
            customdata=[[wrap_hover(e.title), e.when, wrap_hover(", ".join(e.passages))] for e in chosen],
            hovertemplate="<b>%{customdata[0]}</b><br>%{customdata[1]}<br>%{customdata[2]}<extra></extra>"))
    for p, row in zip(places(), game_rows, strict=True):
        fig.add_trace(go.Bar(
            x=[p.start - p.end + 1], base=[-p.start], y=[row], orientation="h", name=p.title, showlegend=False,
            marker={"color": GAME_COLOURS.get(p.game, GREY), "line": {"color": BLACK, "width": 1},
                    "pattern": {"shape": GAME_PATTERNS.get(p.game, "-"), "fgcolor": BLACK, "size": 8}},
            hovertemplate=f"<b>{p.title}</b><br>{_years(p.start, p.end)}<br>lessons: {', '.join(p.lessons) or '—'}"
                          "<extra></extra>", width=0.6))
    ticks = list(range(FIRST_YEAR, LAST_YEAR - 1, -1))
    fig.update_layout(
        title={"text": "The Peloponnesian War, 435–404 BC, and where each game and lesson falls", "x": 0.01},
        font=FONT, width=width, height=height, plot_bgcolor="white", paper_bgcolor="white", barmode="overlay",
        margin={"l": 10, "r": 20, "t": 50, "b": 40}, showlegend=False,
        xaxis={"tickvals": [-y for y in ticks[::3]], "ticktext": [str(y) for y in ticks[::3]],
               "range": [-FIRST_YEAR - 0.8, -LAST_YEAR + 1.2], "title": {"text": "years BC"},
               "gridcolor": "#DDDDDD"},
        yaxis={"categoryorder": "array", "categoryarray": list(reversed(rows + game_rows)), "automargin": True},
    )
    return fig


# The bay of Pylos, measured ------------------------------------------------------------------------------------


def bay_figure(measured: dict | None = None, *, width: int = 900, height: int = 760, stade: str | float = "Attic"):
    """The bay of Pylos on its GSHHG shoreline (the Sfacteria board's zones: land shaded, water blue), with each
    measurement drawn as a line and labelled in kilometres and stades."""
    import plotly.graph_objects as go

    from ..games.sfacteria import SfacteriaGame
    from ..history import terrain

    measured = terrain.measurements() if measured is None else measured
    board = SfacteriaGame.board()
    fig = go.Figure()
    for kind, colour, name in (("land", LAND_CLEAR, "land (today's shoreline, GSHHG)"), ("sea", SEA, "water")):
        xs, ys = [], []
        for z in board["zones"]:
            if z["kind"] != kind:
                continue
            ring = z["polygon"] + z["polygon"][:1]
            xs.extend([p[0] for p in ring] + [None])
            ys.extend([p[1] for p in ring] + [None])
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", fillcolor=colour, name=name,
                                 line={"color": COAST if kind == "land" else "#9CC8E6", "width": 0.8},
                                 hoverinfo="skip"))
    names = {"T6": "Pylos", "T8": "Sphacteria", "T11": "mainland (east shore)", "N5": "the harbour",
             "N8": "northern entrance", "N9": "southern entrance", "N1": "open sea"}
    zones = {z["id"]: z for z in board["zones"]}
    fig.add_trace(go.Scatter(x=[zones[z]["label"][0] for z in names], y=[zones[z]["label"][1] for z in names],
                             mode="text", text=list(names.values()), showlegend=False, hoverinfo="skip",
                             textfont={"size": 15, "color": BLACK}))
    dashes = ("solid", "dash", "dot", "dashdot")
    for i, (key, m) in enumerate(measured.items()):
        label = f"{m.km:.2f} km = {m.stades(stade):.0f} stades"
        fig.add_trace(go.Scatter(
            x=[m.start[0], m.end[0]], y=[m.start[1], m.end[1]], mode="lines+markers",
            name=f"{key.replace('_', ' ')}: {label}",
            line={"color": BLUE if i % 2 else BLACK, "width": 3, "dash": dashes[i % len(dashes)]},
            marker={"size": 8, "symbol": "line-ns", "line": {"width": 2, "color": BLACK}},
            hovertemplate=f"<b>{m.what}</b><br>{label}<extra></extra>"))
    x0, y0 = 21.605, 36.892  # a scale bar of one kilometre
    km = 1 / terrain.FLAT.kx
    fig.add_trace(go.Scatter(x=[x0, x0 + km], y=[y0, y0], mode="lines+markers+text", showlegend=False,
                             hoverinfo="skip", line={"color": BLACK, "width": 4}, marker={"symbol": "line-ns",
                             "size": 12, "line": {"width": 2, "color": BLACK}},
                             text=["", f"1 km = {terrain.stades(1, stade):.1f} stades"], textposition="top left",
                             textfont={"size": 14}))
    lat0 = 36.93
    fig.update_layout(
        title={"text": "The bay of Pylos today, measured (shoreline: GSHHG 2.3.7)", "x": 0.01},
        font=FONT, width=width, height=height, plot_bgcolor=SEA, paper_bgcolor="white",
        margin={"l": 10, "r": 10, "t": 50, "b": 10},
        legend={"orientation": "v", "y": 0.99, "x": 0.99, "xanchor": "right", "yanchor": "top",
                "bgcolor": "rgba(255,255,255,0.85)", "font": {"size": 14}},
        xaxis={"range": [21.60, 21.74], "visible": False},
        yaxis={"range": [36.885, 36.995], "visible": False, "scaleanchor": "x",
               "scaleratio": 1 / math.cos(math.radians(lat0))},
    )
    fig.add_annotation(text="Shoreline: GSHHG 2.3.7 (Wessel and Smith), LGPL-3.0; zones of the Sfacteria board "
                            "(reconstructed)", x=0.005, y=0.005, xref="paper", yref="paper", xanchor="left",
                       yanchor="bottom", showarrow=False, font={"size": 11, "color": "#333333"})
    return fig
