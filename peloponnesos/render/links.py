"""How each kind of connection between two places is drawn, and named in the key under the map.

Every kind is told apart without colour (WCAG 1.4.1): by its dashes, its width, ticks across it or a second
line beside it. A style is a few strokes drawn one over the other along the link (an SVG ``path`` each):

* ``land`` — a solid brown road; ``sea`` and ``naval`` — a blue dashed sea lane;
* ``combined`` — a coast both armies and fleets can follow: the road with the sea lane along its middle;
* ``pass`` — a road with short bars across it (Thermopylae); ``mountain`` — a dotted track over the hills;
* ``isthmus`` — a broad road with the sea lane on it (ships hauled across, as at Corinth);
* ``crossing`` — a long-dashed purple line over open sea (Cape Taenarum to Syracuse).

A game can name a new kind with :func:`register` (its own words for the key); an unknown kind is drawn as land.
"""

from __future__ import annotations

from dataclasses import dataclass

from .palette import BLUE, PURPLE, VERMILION

ROAD = "#5A4A2A"
SEA_LANE = "#1F5F8B"


@dataclass(frozen=True, slots=True)
class Stroke:
    colour: str
    width: float
    dash: str = ""  # an SVG stroke-dasharray ("7,5"), "" for a solid line


@dataclass(frozen=True, slots=True)
class LinkStyle:
    """The strokes of one kind of link, bottom first, and its words in the key."""

    strokes: tuple[Stroke, ...]
    words: str


LINK_STYLES: dict[str, LinkStyle] = {
    "land": LinkStyle((Stroke(ROAD, 2),), "land connection"),
    "sea": LinkStyle((Stroke(SEA_LANE, 2, "7,5"),), "sea connection"),
    "naval": LinkStyle((Stroke(SEA_LANE, 2, "7,5"),), "naval path (ships only)"),
    "combined": LinkStyle((Stroke(ROAD, 3.5), Stroke("#FFFFFF", 1.6), Stroke(BLUE, 1.6, "5,4")),
                          "combined path (troops and ships)"),
    "pass": LinkStyle((Stroke(ROAD, 2), Stroke(VERMILION, 9, "2,7")), "mountain pass"),
    "mountain": LinkStyle((Stroke(ROAD, 2.6, "1.5,4"),), "mountain path"),
    "isthmus": LinkStyle((Stroke(ROAD, 6), Stroke(BLUE, 2, "5,4")), "the Isthmus (ships hauled across)"),
    "crossing": LinkStyle((Stroke(PURPLE, 2.6, "14,6"),), "open-sea crossing"),
}


def register(kind: str, style: LinkStyle) -> None:
    """Add (or replace) how links of ``kind`` are drawn."""
    LINK_STYLES[kind] = style


def link_style(kind: str) -> LinkStyle:
    return LINK_STYLES.get(kind, LINK_STYLES["land"])


def swatch_link(kind: str) -> str:
    """A short piece of a link of ``kind`` as an inline SVG for the key."""
    lines = "".join(f'<line x1="1" y1="8" x2="31" y2="8" stroke="{s.colour}" stroke-width="{s.width}"'
                    + (f' stroke-dasharray="{s.dash}"' if s.dash else "") + "/>" for s in link_style(kind).strokes)
    return f'<svg width="32" height="16" aria-hidden="true" style="vertical-align:middle">{lines}</svg>'
