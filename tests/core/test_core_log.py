"""The event log: appending directly to ``EventLog.events`` (one call per event, for games that log a lot)
gives the same record as ``add``/``record``."""

from __future__ import annotations

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
