"""The event log: appending directly to ``EventLog.events`` (one call per event, for games that log a lot)
gives the same record as ``add``/``record``."""

from __future__ import annotations

import pytest

import peloponnesos as pp
from peloponnesos.core.log import Event, EventLog, new_event


def test_events_appended_directly_are_the_same_as_added_ones():
    added, direct = EventLog(), EventLog()
    added.add("move", "A moves.", turn=1, phase="D", side="Athens", rule="Duel 4", piece="AH1")
    added.record("draw", "A draws.", 1, "A", "Athens", None, "Athens", {"items": [3]})
    for kind, text, phase, rule, private_to, data in (("move", "A moves.", "D", "Duel 4", None, {"piece": "AH1"}),
                                                      ("draw", "A draws.", "A", None, "Athens", {"items": [3]})):
        events = direct.events
        events.append(new_event(Event, (len(events), 1, phase, "Athens", kind, text, rule, data, private_to)))
    assert list(direct) == list(added) and len(direct) == 2 and direct[1].index == 1
    assert isinstance(direct[0], Event) and direct[0].data == {"piece": "AH1"}
    assert direct.visible_to("Sparta") == added.visible_to("Sparta") == [added[0]]
    assert direct.to_records("Athens") == added.to_records("Athens")
    copy = direct.copy()
    copy.events.append(new_event(Event, (2, 1, "D", None, "phase", "Next.", None, {}, None)))
    assert len(copy) == 3 and len(direct) == 2  # a copy has a list of its own


def _fields(turn, phase, side, text):
    return (turn, phase, side, "note", text.upper(), "Duel 1", {"len": len(text)}, None)


def test_events_noted_for_later_are_written_in_order_when_the_log_is_read():
    log = EventLog()
    log.record("roll", "A rolls 3.", 1, "A", "Athens", None, None, {"faces": [3]})
    log.later(_fields, 1, "A", "Sparta", "a later line")
    assert len(log) == 2  # counted before they are written
    events = log.events  # asking for the list writes them out
    events.append(new_event(Event, (len(events), 2, "B", None, "phase", "Next.", None, {}, None)))
    assert [(e.index, e.kind, e.text) for e in log] == [(0, "roll", "A rolls 3."), (1, "note", "A LATER LINE"),
                                                       (2, "phase", "Next.")]
    log.later(_fields, 2, "B", None, "after")
    copy = log.copy()
    assert [e.text for e in copy] == [e.text for e in log] and copy[3].index == 3 and copy[3].data == {"len": 5}


def test_a_packed_log_reads_exactly_as_before_and_unpacks_when_appended_to():
    log = EventLog()
    for k in range(40):
        log.add("move", f"Unit {k} moves.", turn=k // 10, phase="D", side=("Athens", "Sparta")[k % 2],
                rule="Duel 4", private_to="Sparta" if k % 7 == 0 else None, piece=f"U{k}", path=[k, k + 1],
                pa=k / 2, sure=k % 3 == 0)
    before = (list(log), log.to_records(None), log.to_records("Sparta"), log.tail(5, "Athens"), log.of_kind("move"))
    assert log.pack() and log.packed and len(log) == 40
    assert (list(log), log.to_records(None), log.to_records("Sparta"), log.tail(5, "Athens"),
            log.of_kind("move")) == before
    assert log[3] == before[0][3] and log[-2:] == before[0][-2:] and log.packed  # reading leaves it packed
    copy = log.copy()
    assert copy.packed and list(copy) == before[0]
    log.events.append(new_event(Event, (40, 4, "E", None, "phase", "Next.", None, {}, None)))
    assert not log.packed and len(log) == 41 and len(copy) == 40 and log[:40] == before[0]


def test_a_log_holding_something_else_than_plain_data_is_not_packed():
    log = EventLog()
    log.add("odd", "An object in the data.", thing=object())
    assert not log.pack() and not log.packed and log[0].kind == "odd"
    assert not EventLog().pack()  # nothing to pack


@pytest.mark.parametrize("name", ["diceless", "duel", "sfacteria"])
def test_a_log_read_after_every_action_is_the_log_read_at_the_end(name):
    """Events noted for later are written from facts that do not change: reading early changes nothing."""
    at_end, watched = (pp.new_game(name, seed=11) for _ in range(2))
    bots = lambda: {side: pp.RandomBot(5 + k) for k, side in enumerate(at_end.players)}  # noqa: E731
    if at_end.phase == "choose-first":
        at_end.apply(at_end.legal_actions()[0])
        watched.apply(watched.legal_actions()[0])
    pp.play(at_end, bots())
    pp.play(watched, bots(), on_action=lambda game, side, action: game.log.to_records())
    assert [e.to_dict() for e in watched.log] == [e.to_dict() for e in at_end.log]
