"""Hover texts broken into short lines: Plotly never wraps a hover label, so a long sentence (a place's story,
a track's rule) ran off both edges of a small map (a 1024×768 projector, a map beside the controls) and a pupil
read neither end. Every hover text a map shows passes here (the board's dataclasses in ``mapfig``)."""

from __future__ import annotations

import re
from functools import lru_cache

#: characters a hover line holds at most: about 330 px at the hover font (15 px), under the narrowest map's width
HOVER_WIDTH = 44
_TAG = re.compile(r"<[^>]*>")
_SPACE_OUTSIDE_TAGS = re.compile(r" (?![^<]*>)")


@lru_cache(maxsize=8192)
def wrap_hover(text: str, width: int = HOVER_WIDTH) -> str:
    """``text`` (Plotly's hover markup: ``<br>``, ``<b>``, ``<i>``) with every line longer than ``width`` visible
    characters broken at spaces into lines of at most ``width`` (a single longer word keeps its line). Tags are
    never cut and do not count; a tag left open at a break is closed there and opened again on the next line."""
    if len(text) <= width:  # (most hovers: tags only make the visible text shorter)
        return text
    return "<br>".join(part for line in text.split("<br>") for part in _wrap_line(line, width))


def visible_text(text: str) -> str:
    """``text`` without its markup (``<b>``, ``<br>`` …): what a reader sees, to measure."""
    return _TAG.sub("", text)


def _visible(text: str) -> int:
    return len(visible_text(text))


def _wrap_line(line: str, width: int) -> list[str]:
    if _visible(line) <= width:
        return [line]
    lines: list[str] = []
    current, length = [], 0
    for word in _SPACE_OUTSIDE_TAGS.split(line):
        n = _visible(word)
        if current and length + 1 + n > width:
            lines.append(" ".join(current))
            current, length = [], 0
        current.append(word)
        length += n + (1 if length else 0)
    lines.append(" ".join(current))
    return _balance_tags(lines)


def _balance_tags(lines: list[str]) -> list[str]:
    """Close the tags still open at the end of each line and open them again at the start of the next."""
    out, carried = [], []
    for line in lines:
        text = "".join(carried) + line
        stack: list[str] = []
        for tag in _TAG.findall(text):
            name = tag[1:-1].split()[0] if len(tag) > 2 else ""
            if name.startswith("/"):
                if stack and stack[-1].startswith(f"<{name[1:]}"):
                    stack.pop()
            elif name and not tag.endswith("/>") and name != "br":
                stack.append(tag)
        out.append(text + "".join(f"</{t[1:-1].split()[0]}>" for t in reversed(stack)))
        carried = stack
    return out
