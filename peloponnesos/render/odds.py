"""Exact odds on the screen: a distribution's outcomes as a bar chart a pupil reads at a glance.

Two forms of the same chart, from rows of (words, exact probability, colour):

* :func:`odds_html` — bars drawn with HTML beside each outcome's words and its chance written out ("5 in 36,
  14%"), for a panel (no figure to load; a screen reader reads it as a table);
* :func:`odds_figure` — a Plotly bar chart for a notebook, with the same words and chances (and the table under
  it is the text alternative).

Colours are never alone: each bar has its words and its number. Games turn their distributions into rows
(``render/mountford.py``: battles, sieges); :func:`rows_from` serves any :class:`~peloponnesos.core.odds.Distribution`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from html import escape

from .palette import BLACK, GREY

Row = tuple[str, Fraction, str]  # words, probability, colour ("" for grey)


def chance_words(p: Fraction) -> str:
    """"5 in 36 (14%)"; "certain"; "none"."""
    if p <= 0:
        return "none"
    if p >= 1:
        return "certain"
    value = float(p) * 100
    pct = "<1%" if value < 1 else ">99%" if value > 99 else f"{value:.0f}%"
    return f"{p.numerator} in {p.denominator} ({pct})"


def rows_from(distribution, words: Callable[[object], str] = str, colour: Callable[[object], str] | None = None,
              *, top: int = 0) -> list[Row]:
    """A distribution's outcomes as rows, most likely first (``top``: at most this many, the rest as "other")."""
    items = sorted(distribution.items(), key=lambda item: -item[1])
    rows: dict[str, list] = {}
    for outcome, p in items:
        key = words(outcome)
        if key in rows:
            rows[key][1] += p
        else:
            rows[key] = [key, p, colour(outcome) if colour else ""]
    out = [tuple(r) for r in rows.values()]
    if top and len(out) > top:
        rest = sum((r[1] for r in out[top - 1:]), Fraction(0))
        out = [*out[:top - 1], ("other outcomes", rest, "")]
    return out


def odds_html(rows: Sequence[Row], title: str, *, note: str = "") -> str:
    """A bar chart in HTML: each outcome's words, a bar as long as its chance, and the chance in words."""
    if not rows:
        return ""
    widest = max(float(p) for _, p, _ in rows) or 1.0
    lines = []
    for words, p, colour in rows:
        width = 100 * float(p) / widest
        lines.append(f'<tr><td class="pelo-odds-words">{escape(words)}</td><td class="pelo-odds-bar">'
                     f'<div style="width:{width:.0f}%;background:{colour or GREY};border:1px solid {BLACK}"></div>'
                     f'</td><td class="pelo-odds-p">{escape(chance_words(p))}</td></tr>')
    extra = f'<div class="pelo-odds-note">{escape(note)}</div>' if note else ""
    return (f'<figure class="pelo-odds" role="group" aria-label="{escape(title)}"><figcaption>{escape(title)}'
            f'</figcaption><table>{"".join(lines)}</table>{extra}</figure>')


ODDS_STYLE = """<style>
.pelo-odds { margin: 4px 0; overflow-x: auto; }
.pelo-odds figcaption { font-weight: 700; font-size: 0.95em; }
.pelo-odds table { border-collapse: collapse; width: 100%; font-size: 0.88em; }
.pelo-odds td { padding: 1px 4px; vertical-align: middle; }
.pelo-odds .pelo-odds-words { width: 48%; }
.pelo-odds .pelo-odds-bar { width: 28%; }
.pelo-odds .pelo-odds-bar div { height: 0.9em; min-width: 1px; }
.pelo-odds .pelo-odds-p { white-space: nowrap; }
.pelo-odds-note { font-size: 0.85em; color: #222; }
.pelo-table { border-collapse: collapse; font-size: 0.85em; margin: 2px 0; display: block; max-width: 100%;
  overflow-x: auto; }
.pelo-table th, .pelo-table td { border-bottom: 1px solid #BBB; padding: 1px 6px; text-align: left;
  vertical-align: top; }
</style>"""


def odds_figure(rows: Sequence[Row], title: str, *, height: int | None = None):
    """The same chart as a Plotly figure (horizontal bars, the chance written at the end of each)."""
    import plotly.graph_objects as go

    rows = list(rows)
    fig = go.Figure(go.Bar(
        y=[words for words, _, _ in rows], x=[float(p) for _, p, _ in rows], orientation="h",
        marker={"color": [colour or GREY for _, _, colour in rows], "line": {"color": BLACK, "width": 1}},
        text=[chance_words(p) for _, p, _ in rows], textposition="outside", cliponaxis=False,
        hovertemplate="%{y}: %{text}<extra></extra>"))
    fig.update_layout(title={"text": title, "font": {"size": 20}}, font={"size": 17, "color": BLACK},
                      height=height or 120 + 42 * len(rows), margin={"l": 10, "r": 110, "t": 60, "b": 40},
                      xaxis={"title": "chance", "tickformat": ".0%", "range": [0, min(1.0, max(float(p) for _, p, _ in
                                                                                             rows) * 1.15 + 0.02)]},
                      yaxis={"autorange": "reversed"}, plot_bgcolor="#FFFFFF", paper_bgcolor="#FFFFFF")
    return fig


def table_html(heads: Iterable[str], rows: Iterable[Iterable[str]], caption: str = "") -> str:
    """A plain table (a route's spaces, the board for screen readers); each row's first cell is its heading, so a
    screen reader names the row with each cell it reads."""
    head = "".join(f"<th scope='col'>{escape(h)}</th>" for h in heads)
    body = "".join("<tr>" + "".join(f"<th scope='row'>{escape(str(c))}</th>" if i == 0 else f"<td>{escape(str(c))}</td>"
                                    for i, c in enumerate(row)) + "</tr>" for row in rows)
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return f'<table class="pelo-table">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
