"""The actions a player may take, in words for people and grouped the way a board is read.

A :class:`Choice` is one legal action as the screen shows it: its line in the list (plain words, no
internal codes), the place it starts from or happens in (a click there lists it), the piece it moves (the
list groups by piece), where it goes (a click there picks it) and, when one line is not enough, what it
does (a stratagem's effect). Every renderer has ``choice(action, obs)``; :func:`generic_choice` serves
games whose renderer has nothing better yet, reading the usual field names of an action (``origin``,
``dest``, ``zone``, ``area``, ``piece``, ``unit``), so a new game's panel is grouped from its first day.

:func:`marks_from_events` turns what a side did (the public log) into arrows and places for the map.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .mapfig import Marks

OTHER = ""  # the group of actions that happen nowhere in particular (announce, pass, play a card …)
PLACE_FIELDS = ("origin", "zone", "area", "space", "place", "at")
TO_FIELDS = ("dest", "to", "target")
PIECE_FIELDS = ("piece", "unit", "leader", "army", "fleet")


@dataclass(frozen=True, slots=True)
class Choice:
    action: object
    label: str  # the line in the list, read under its group's heading
    sentence: str  # the whole action in words (the list when nothing is grouped, typed text, screen readers)
    place: str = OTHER  # where it starts or happens (a region id), OTHER for none
    piece: str = ""  # the piece it concerns
    piece_name: str = ""  # that piece in words
    to: str = ""  # where it ends (a click there picks it)
    help: str = ""  # more about it, shown when it is chosen (a stratagem's effect)


def _field(action, names: Sequence[str]) -> str:
    for name in names:
        value = getattr(action, name, None)
        if isinstance(value, str) and value:
            return value
    return ""


def generic_choice(action, words: Callable[[str], str] = str, names: Mapping[str, str] | None = None) -> Choice:
    """A choice read from the action's fields; ``words`` turns its text into plain words, ``names`` gives the
    places' and pieces' names."""
    names = names or {}
    places = action.places() if hasattr(action, "places") else ()
    place = _field(action, PLACE_FIELDS) or (places[0] if places else OTHER)
    to = _field(action, TO_FIELDS)
    if to == place:
        to = ""
    piece = _field(action, PIECE_FIELDS)
    sentence = words(str(action))
    sentence = sentence[:1].upper() + sentence[1:]
    label = sentence
    if to:
        label = f"to {names.get(to, to)}: {sentence}"
    return Choice(action, label, sentence, place, piece, names.get(piece, piece), to)


def sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


def substitute(text: str, vocabulary: Mapping[str, str]) -> str:
    """``text`` with every whole word that is a key of ``vocabulary`` (an internal code) replaced by its words."""
    if not vocabulary or not text:
        return text
    pattern = _pattern(tuple(sorted(vocabulary, key=len, reverse=True)))
    return pattern.sub(lambda m: vocabulary[m.group(0)], text)


_PATTERNS: dict[tuple, re.Pattern] = {}


def _pattern(keys: tuple) -> re.Pattern:
    found = _PATTERNS.get(keys)
    if found is None:
        found = _PATTERNS[keys] = re.compile(r"(?<![\w])(" + "|".join(re.escape(k) for k in keys) + r")(?![\w])")
    return found


RULE_AT_START = re.compile(r"^\s*([A-Z][\w'’ ]*? \d+(?:\.\w+)*):\s*")
RULE_IN_BRACKETS = re.compile(r"\s*\(([A-Z][\w'’ ]*? \d+(?:\.\w+)*)\)")


def split_rule(text: str) -> tuple[str, str]:
    """A message and the rule it cites, apart: ("Sfacteria 5: at most …") → ("At most …", "Sfacteria 5");
    "put a chit down (Diceless 3)." → ("put a chit down.", "Diceless 3")."""
    rule = ""
    m = RULE_AT_START.match(text)
    if m:
        rule, text = m.group(1), text[m.end():]
    else:
        found = RULE_IN_BRACKETS.search(text)
        if found:
            rule = found.group(1)
            text = (text[:found.start()] + text[found.end():]).replace(" .", ".")
    return sentence_case(text.strip()), rule


def marks_from_events(events: Iterable, side: str | None = None) -> Marks:
    """The moves and places a list of log events shows (the usual data fields: ``origin`` with ``zone``,
    ``dest`` or ``to``; or a ``zone`` or ``area`` alone), most recent last, without repeats."""
    arrows: list[tuple[str, str]] = []
    places: list[str] = []
    for e in events:
        data = getattr(e, "data", None) or {}
        origin = data.get("origin") or data.get("from")
        dest = data.get("dest") or data.get("to") or data.get("zone")
        if isinstance(origin, str) and isinstance(dest, str) and origin != dest:
            if (origin, dest) not in arrows:
                arrows.append((origin, dest))
            continue
        place = data.get("zone") or data.get("area")
        if isinstance(place, str) and place not in places:
            places.append(place)
    ends = {b for _, b in arrows}
    return Marks(side, tuple(arrows), tuple(p for p in places if p not in ends))
