"""The event log every game appends to: what happened, when, by whom, under which rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One line of the game record (an immutable tuple: cheap to make, since games log a lot).

    ``kind`` is a short word a class can filter on ("move", "combat", "roll", "supply" …);
    ``data`` holds the figures (PF lost, dice, zones) as plain JSON values.
    """

    index: int
    turn: int | None
    phase: str
    side: str | None
    kind: str
    text: str
    rule: str | None = None
    data: dict[str, Any] = {}  # noqa: RUF012 - never mutated; each event gets its own dict from add()
    private_to: str | None = None  # shown only to this player (a secret draw)

    def visible_to(self, player: str | None) -> bool:
        return self.private_to is None or self.private_to == player

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "turn": self.turn, "phase": self.phase, "side": self.side,
            "kind": self.kind, "text": self.text, "rule": self.rule, "data": dict(self.data),
            "private_to": self.private_to,
        }


new_event = _new = tuple.__new__  # builds an Event from its fields in order: new_event(Event, (index, turn, …))


class EventLog:
    """An append-only list of :class:`Event` with views for players and for pandas.

    ``events`` is the list itself. A game that logs a lot may append to it directly, one call per event:
    ``log.events.append(new_event(Event, (len(log.events), turn, phase, side, kind, text, rule, data,
    private_to)))`` (every field in order, ``data`` a dict of its own), after checking ``log.enabled``.
    Nothing else changes it: events are never altered or removed."""

    __slots__ = ("enabled", "events")

    def __init__(self, enabled: bool = True) -> None:
        self.events: list[Event] = []
        self.enabled = enabled

    def add(self, kind: str, text: str, *, turn: int | None = None, phase: str = "", side: str | None = None,
            rule: str | None = None, private_to: str | None = None, **data: Any) -> Event | None:
        if not self.enabled:
            return None
        events = self.events
        event = Event(len(events), turn, phase, side, kind, text, rule, data, private_to)
        events.append(event)
        return event

    def record(self, kind: str, text: str, turn: int | None, phase: str, side: str | None, rule: str | None,
               private_to: str | None, data: dict[str, Any]) -> None:
        """``add`` for games that log a lot: every field in order, ``data`` as a dict of its own, no check
        of ``enabled`` (the caller has looked)."""
        events = self.events
        events.append(_new(Event, (len(events), turn, phase, side, kind, text, rule, data, private_to)))

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __len__(self) -> int:
        return len(self.events)

    def __getitem__(self, i):
        return self.events[i]

    def visible_to(self, player: str | None) -> list[Event]:
        """The events ``player`` may see (``None``: the public record, for a spectator)."""
        return [e for e in self.events if e.visible_to(player)]

    def tail(self, n: int = 10, player: str | None = None) -> list[Event]:
        return self.visible_to(player)[-n:]

    def of_kind(self, *kinds: str) -> list[Event]:
        return [e for e in self.events if e.kind in kinds]

    def to_records(self, player: str | None = None) -> list[dict[str, Any]]:
        """Flat rows: the event columns, then one column per ``data`` key."""
        rows = []
        for e in self.visible_to(player):
            row = {"index": e.index, "turn": e.turn, "phase": e.phase, "side": e.side, "kind": e.kind,
                   "rule": e.rule, "text": e.text}
            for key, value in e.data.items():
                row[key if key not in row else f"data_{key}"] = value
            rows.append(row)
        return rows

    def to_dataframe(self, player: str | None = None):
        """The log as a pandas DataFrame, one row per event (pandas is imported only here)."""
        import pandas as pd

        columns = ["index", "turn", "phase", "side", "kind", "rule", "text"]
        frame = pd.DataFrame.from_records(self.to_records(player))
        if frame.empty:
            return pd.DataFrame(columns=columns)
        return frame.set_index("index", drop=False)

    def copy(self) -> EventLog:
        other = EventLog(self.enabled)
        other.events = list(self.events)
        return other
