"""The event log every game appends to: what happened, when, by whom, under which rule."""

from __future__ import annotations

import marshal
import zlib
from collections.abc import Callable, Iterator
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
    Nothing else changes it: events are never altered or removed.

    Two ways keep a busy log cheap without changing what anyone reads:

    * :meth:`later` notes an event's facts and writes its sentence only when the log is read (``record`` and
      ``Game.event`` do the same with sentences already written), so a game played with the log on and never
      read costs little more than one with the log off. Reading the log in any way (``events``, iterating,
      ``len``, ``log[i]``, the views) first writes out what was noted, in order.
    * :meth:`pack` keeps a finished game's events as one compressed block, a tenth of their memory or less;
      every reading unpacks a copy, except ``events`` (whoever asks for the list may append to it), which
      unpacks the log for good. ``run_games(keep_logs=True)`` packs the games it keeps."""

    __slots__ = ("_count", "_events", "_later", "_packed", "enabled")

    def __init__(self, enabled: bool = True) -> None:
        self._events: list[Event] = []
        self._later: list[tuple] = []
        self._packed: bytes | None = None
        self._count = 0
        self.enabled = enabled

    @property
    def events(self) -> list[Event]:
        """The events as a list (the log's own list: appending to it is logging)."""
        if self._packed is not None:
            self._events, self._packed = self._unpacked(), None
        if self._later:
            self._write_out()
        return self._events

    @events.setter
    def events(self, events: list[Event]) -> None:
        self._events, self._later, self._packed = events, [], None

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
        of ``enabled`` (the caller has looked). The event takes its place when the log is next read."""
        self._later.append((None, (turn, phase, side, kind, text, rule, data, private_to)))

    def later(self, write: Callable[..., tuple], *facts: Any) -> None:
        """Note an event whose fields are written only when the log is read: ``write(*facts)`` gives them after
        ``index``, as ``(turn, phase, side, kind, text, rule, data, private_to)``. The facts must not change
        afterwards (numbers, text, tuples, the game's fixed data such as its map) and ``write`` must read
        nothing else, so that the event reads the same whenever it is written. No check of ``enabled``."""
        self._later.append((write, facts))

    def _write_out(self) -> None:
        """Write the noted events at the end of the list, in the order they were noted."""
        events, noted = self._events, self._later
        self._later = []
        n = len(events)
        append = events.append
        for write, facts in noted:
            append(_new(Event, (n, *(facts if write is None else write(*facts)))))
            n += 1

    # -- packing ------------------------------------------------------------------------------------
    def pack(self) -> bool:
        """Keep the events compressed until someone reads them (for a finished game that is kept): True if
        packed. A log holding something that is not plain data (numbers, text, lists, dicts) stays as it is."""
        if self._packed is not None:
            return True
        events = self.events
        if not events:
            return False
        try:
            plain = marshal.dumps([tuple(e) for e in events])
        except ValueError:  # a value marshal cannot write: not JSON-plain data, so leave the log as it is
            return False
        self._packed, self._count, self._events = zlib.compress(plain, 1), len(events), []
        return True

    @property
    def packed(self) -> bool:
        return self._packed is not None

    def _unpacked(self) -> list[Event]:
        return [_new(Event, row) for row in marshal.loads(zlib.decompress(self._packed))]

    def _view(self) -> list[Event]:
        """The events to read (an unpacked copy if the log is packed; never to be appended to)."""
        if self._packed is not None:
            return self._unpacked()
        if self._later:
            self._write_out()
        return self._events

    # -- reading ------------------------------------------------------------------------------------
    def __iter__(self) -> Iterator[Event]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._events) + len(self._later) if self._packed is None else self._count

    def __getitem__(self, i):
        return self._view()[i]

    def visible_to(self, player: str | None) -> list[Event]:
        """The events ``player`` may see (``None``: the public record, for a spectator)."""
        return [e for e in self._view() if e.private_to is None or e.private_to == player]

    def tail(self, n: int = 10, player: str | None = None) -> list[Event]:
        return self.visible_to(player)[-n:]

    def of_kind(self, *kinds: str) -> list[Event]:
        return [e for e in self._view() if e.kind in kinds]

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
        """An independent log with the same events (a packed log's copy shares the packed block)."""
        other = EventLog(self.enabled)
        if self._packed is None:
            other._events = list(self._view())
        else:
            other._packed, other._count = self._packed, self._count
        return other
