"""The teacher's timeline (lesson 08, the printed timeline): 435–404 BC, the plague with its passages, the peace
offer and Cleon's demands beside Pylos, every game and lesson placed, every line citable; a bad file is refused
with the file and the entry named."""

from __future__ import annotations

from pathlib import Path

import pytest

import peloponnesos as pp
from peloponnesos.history import event, places, timeline
from peloponnesos.history.timeline import KINDS, TimelineError, load
from peloponnesos.sources import CorpusNotFound, parse_reference, passage

ROOT = Path(__file__).resolve().parents[2]


def test_timeline_runs_from_435_to_404_oldest_first():
    events = timeline()
    assert events[0].year == 435 and events[-1].year == 404
    assert [e.sort_key for e in events] == sorted(e.sort_key for e in events)
    assert {e.kind for e in events} == set(KINDS)
    assert [e.year for e in timeline(431, 421)] == [e.year for e in events if 421 <= e.year <= 431]


def test_timeline_includes_the_plague_with_its_passages():
    plague = timeline(kind="plague")
    assert [(e.year, e.season) for e in plague] == [(430, "summer"), (427, "winter")]
    assert plague[1].when == "winter 427/6 BC"
    assert "plague" in passage("2.47.3").english and "myself" in passage("2.48.3").english
    assert "2.47.3" in plague[0].passages and "3.87.1-3" in plague[1].passages


def test_timeline_puts_the_peace_offer_and_cleons_demands_beside_pylos():
    ids = [e.id for e in timeline(425, 425)]
    assert {"pylos", "peace_offer", "cleon_demands", "cleon_promise"} <= set(ids)
    assert "4.21.3" in event("cleon_demands").passages and "Cleon" in passage("4.21.3").english
    assert event("peace_offer").passages[0] == "4.15.1" and "peace" in passage("4.19.1").english
    sfacteria = next(p for p in places() if p.game == "sfacteria")
    assert "4.15–4.22" in sfacteria.text and "4.21" in sfacteria.text and sfacteria.start == sfacteria.end == 425


def test_timeline_every_passage_is_a_citation_and_every_thucydides_passage_is_in_the_corpus():
    for e in timeline():
        for ref in e.passages:
            reference = parse_reference(ref)
            if reference.work == "thucydides":
                assert passage(ref).english, (e.id, ref)
            else:
                with pytest.raises(CorpusNotFound):  # Xenophon and Aristophanes: not on this computer yet
                    passage(ref)


def test_timeline_exile_adds_no_reason_and_the_account_breaks_off_in_411():
    exile = event("amphipolis_falls")
    assert "5.26.5" in exile.passages and "gives no reason" in exile.note
    assert event("thucydides_stops").year == 411 and "Xen. Hell. 1.1.1" in event("thucydides_stops").passages


def test_places_every_game_and_lesson_exists():
    names = {g.name for g in pp.games()}
    notebooks = {p.name[:2] for p in (ROOT / "notebooks").glob("*.ipynb")}
    for p in places():
        assert not p.game or p.game in names, p.id
        assert set(p.lessons) <= notebooks, p.id
    assert {p.game for p in places()} >= {"sfacteria", "diceless", "mountford", "syracuse"}


@pytest.mark.parametrize(("text", "says"), [
    ('[[event]]\nid = "a"\nyear = 500\nkind = "war"\ntitle = "t"\ntext = "t"\npassages = []\n', "year must be"),
    ('[[event]]\nid = "a"\nyear = 430\nkind = "battle"\ntitle = "t"\ntext = "t"\npassages = []\n', "kind must be"),
    ('[[event]]\nid = "a"\nyear = 430\nkind = "war"\ntitle = "t"\ntext = "t"\npassages = ["next year"]\n',
     "event 1 (a)"),
    ('[[event]]\nid = "a"\nyear = 430\nkind = "war"\n', "missing title, text, passages"),
    ("this is not toml", "not a TOML file"),
])
def test_timeline_a_bad_file_is_refused_naming_file_and_entry(tmp_path, text, says):
    path = tmp_path / "my_timeline.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TimelineError) as problem:
        load(path)
    assert "my_timeline.toml" in str(problem.value) and says in str(problem.value)
