"""The timeline of the war, 435–404 BC, and where each game and lesson falls in it (``data/timeline.toml``).

>>> from peloponnesos.history import timeline, places
>>> [e.year for e in timeline() if e.kind == "plague"]
[430, 427]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"
KINDS = ("road to war", "war", "plague", "politics", "peace", "source")
FIRST_YEAR, LAST_YEAR = 435, 404


class TimelineError(ValueError):
    """A timeline file that does not say what is expected; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class Event:
    id: str
    year: int  # BC
    season: str  # "summer", "winter" or ""
    kind: str
    title: str
    text: str
    passages: tuple[str, ...]
    note: str = ""

    @property
    def when(self) -> str:
        """``"summer 425 BC"``, ``"winter 427/6 BC"``."""
        if self.season == "winter":
            return f"winter {self.year}/{str(self.year - 1)[-1]} BC"
        return f"{self.season} {self.year} BC".strip()

    @property
    def sort_key(self) -> tuple[int, int]:
        return (-self.year, {"": 0, "summer": 1, "winter": 2}[self.season])


@dataclass(frozen=True, slots=True)
class Place:
    """Where a game or lesson of this toolkit falls in the war."""

    id: str
    title: str
    start: int
    end: int
    game: str
    lessons: tuple[str, ...]
    passages: tuple[str, ...]
    text: str


def _check_refs(path: Path, where: str, refs) -> tuple[str, ...]:
    from ..sources import BadReference, parse_reference

    if not isinstance(refs, list) or not all(isinstance(r, str) for r in refs):
        raise TimelineError(f"{path.name}: {where}: passages must be a list of citations in quotes")
    for r in refs:
        try:
            parse_reference(r)
        except BadReference as e:
            raise TimelineError(f"{path.name}: {where}: {e}") from None
    return tuple(refs)


def load(path: Path = DATA / "timeline.toml") -> tuple[tuple[Event, ...], tuple[Place, ...]]:
    """Read and check a timeline file: every event in 435–404 BC with a known kind and citable passages."""
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise TimelineError(f"{path.name}: not a TOML file a program can read ({e})") from None
    events, places_ = [], []
    seen: set[str] = set()
    for i, e in enumerate(data.get("event", []), 1):
        where = f"event {i} ({e.get('id', 'no id')})"
        missing = [k for k in ("id", "year", "kind", "title", "text", "passages") if k not in e]
        if missing:
            raise TimelineError(f"{path.name}: {where}: missing {', '.join(missing)}")
        if e["id"] in seen:
            raise TimelineError(f"{path.name}: {where}: the id {e['id']!r} is used twice")
        seen.add(e["id"])
        if not isinstance(e["year"], int) or not LAST_YEAR <= e["year"] <= FIRST_YEAR:
            raise TimelineError(f"{path.name}: {where}: year must be a whole number from {FIRST_YEAR} to "
                                f"{LAST_YEAR} (BC), not {e['year']!r}")
        if e["kind"] not in KINDS:
            raise TimelineError(f"{path.name}: {where}: kind must be one of {', '.join(KINDS)}, not {e['kind']!r}")
        season = e.get("season", "")
        if season not in ("", "summer", "winter"):
            raise TimelineError(f"{path.name}: {where}: season must be \"summer\", \"winter\" or empty")
        events.append(Event(e["id"], e["year"], season, e["kind"], e["title"], e["text"],
                            _check_refs(path, where, e["passages"]), e.get("note", "")))
    for i, p in enumerate(data.get("place", []), 1):
        where = f"place {i} ({p.get('id', 'no id')})"
        missing = [k for k in ("id", "title", "start", "end", "game", "lessons", "passages", "text") if k not in p]
        if missing:
            raise TimelineError(f"{path.name}: {where}: missing {', '.join(missing)}")
        if not LAST_YEAR <= p["end"] <= p["start"] <= FIRST_YEAR:
            raise TimelineError(f"{path.name}: {where}: start and end must be years BC with start >= end")
        places_.append(Place(p["id"], p["title"], p["start"], p["end"], p["game"], tuple(p["lessons"]),
                             _check_refs(path, where, p["passages"]), p["text"]))
    return tuple(sorted(events, key=lambda e: e.sort_key)), tuple(places_)


@cache
def _default() -> tuple[tuple[Event, ...], tuple[Place, ...]]:
    return load()


def timeline(start: int = FIRST_YEAR, end: int = LAST_YEAR, kind: str | None = None) -> list[Event]:
    """The events from ``start`` to ``end`` (years BC), oldest first; ``kind`` keeps one kind ("plague")."""
    return [e for e in _default()[0] if end <= e.year <= start and (kind is None or e.kind == kind)]


def event(event_id: str) -> Event:
    for e in _default()[0]:
        if e.id == event_id:
            return e
    raise KeyError(f"no event {event_id!r} in the timeline")


def places() -> list[Place]:
    """Where each game and lesson falls in the war."""
    return list(_default()[1])
