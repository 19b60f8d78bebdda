"""Colours and marks that stay apart for colour-blind eyes and on a greyscale projector.

Okabe–Ito palette. Athens (blue #0072B2) and Sparta (orange #E69F00) differ in lightness too, and every
side is also told by its letter and marker shape, never by colour alone (WCAG 1.4.1).
"""

from __future__ import annotations

from dataclasses import dataclass

BLACK = "#000000"
ORANGE = "#E69F00"
SKY = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILION = "#D55E00"
PURPLE = "#CC79A7"
GREY = "#999999"
WHITE = "#FFFFFF"

# Backgrounds: light, so black labels read at 4.5:1 or better.
SEA = "#DCEEF9"
STRAIT = "#B9DDF3"
LAND_CLEAR = "#F3EBD3"
LAND_DIFFICULT = "#D9CFA8"
BEACH = "#FBF3C4"
BASE = "#EFEFEF"
COAST = "#6E6E6E"


@dataclass(frozen=True, slots=True)
class SideStyle:
    name: str
    colour: str
    letter: str
    symbol: str  # plotly marker symbol
    text_colour: str  # for text drawn on the marker
    pattern: str  # plotly pattern shape for areas a side controls


SIDES = {
    "Athens": SideStyle("Athens", BLUE, "A", "square", WHITE, "/"),
    "Sparta": SideStyle("Sparta", ORANGE, "S", "diamond", BLACK, "\\"),
    "Argos": SideStyle("Argos", SKY, "Ar", "circle", BLACK, "x"),
    "Syracuse": SideStyle("Syracuse", VERMILION, "Sy", "diamond", BLACK, "\\"),
}
NEUTRAL = SideStyle("neutral", GREY, "N", "circle", BLACK, ".")


def side_style(side: str | None) -> SideStyle:
    return SIDES.get(side or "", NEUTRAL)


def hex_to_rgba(colour: str, alpha: float) -> str:
    colour = colour.lstrip("#")
    r, g, b = (int(colour[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r},{g},{b},{alpha})"
