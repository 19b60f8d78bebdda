"""The diceless game's map notes, chits and rule citations against what Thucydides says (issue 18,
"Corrections"): each test reads the passage from the corpus, so a note that drifts from its source fails."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import pytest

from peloponnesos import passage, rules
from peloponnesos.games.diceless import DicelessGame

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(DicelessGame.data_dir).parent
# The one set of references for Alcibiades, used by the chit, CLARIFICATIONS and lesson 03.
ALCIBIADES = ("6.61.6", "6.61.7", "6.88.9", "6.91.6", "6.92.2", "6.92.3", "6.92.4", "8.45.1", "8.81.1", "8.97.3")


@pytest.fixture(scope="module", autouse=True)
def corpus():
    path = Path(os.environ.get("PELOPONNESOS_CORPUS", ROOT.parent / "shared" / "corpus" / "thucydides"))
    if not (path / "tlg0003.tlg001.perseus-eng6.xml").exists():
        pytest.skip("the Thucydides corpus is not available here")


def _area(area_id: str) -> dict:
    return next(a for a in DicelessGame.board()["areas"] if a["id"] == area_id)


def _special(code: str) -> dict:
    return next(c for c in DicelessGame.board()["chits"]["specials"] if c["code"] == code)


def _text(relative: str) -> str:
    return (ROOT / relative).read_text(encoding="utf-8")


def test_diceless_2_oracle_of_delphi_is_told_as_a_report_as_thucydides_tells_it():
    greek = unicodedata.normalize("NFC", passage("1.118.3").greek)
    assert "ὡς λέγεται" in greek and "reported" in passage("1.118.3").english  # "as it is said"
    assert "promised to be with us" in passage("1.123.1").english  # the Corinthians speak of a promise
    delphi = _area("delphi")
    assert "The god promised to help Sparta" not in delphi["note"] and "said" in delphi["note"]
    oracle = _special("oracle")
    assert "said" in oracle["history"] and "Apollo takes Sparta's side" not in oracle["summary"]
    assert oracle["passages"][0] == "1.118.3" and "1.123.1" in oracle["passages"]
    plan = _text("lesson_plans/03_diceless_influence.md")
    assert "Thucydides only reports what was *said* (1.118.3)" in plan  # the misconception note stays true


def test_diceless_5_map_notes_on_sparta_plataea_and_amphipolis_say_what_their_passages_say():
    assert "walls" not in passage("1.10.2").english and "villages" in passage("1.10.2").english
    sparta = _area("sparta")
    assert "walls" not in sparta["note"] and "villages" in sparta["note"] and "1.10.2" in sparta["passages"]
    assert "surrendered" in passage("3.52.1").english and "razed" in passage("3.68.3").english
    plataea = _area("plataea")
    assert "held out" not in plataea["note"] and "427" in plataea["note"] and "surrender" in plataea["note"]
    assert {"3.52.1", "3.68.3"} <= set(plataea["passages"])
    assert "exile" in passage("5.26.5").english and "Amphipolis" in passage("5.26.5").english
    amphipolis = _area("amphipolis")
    assert "too late" not in amphipolis["note"] and "does not say why" in amphipolis["note"]


def test_diceless_2_alcibiades_has_one_set_of_references_everywhere():
    assert "Thurii" in passage("6.61.6").english and "Peloponnese" in passage("6.61.7").english
    assert tuple(_special("alcibiades")["passages"]) == ALCIBIADES
    clarifications = (PACKAGE / "CLARIFICATIONS.md").read_text(encoding="utf-8")
    assert "6.61.6–7, 6.88.9, 6.91.6, 6.92.2–4, 8.45.1, 8.81.1, 8.97.3" in clarifications
    plan = _text("lesson_plans/03_diceless_influence.md")
    assert plan.count("6.61.6–7, 6.88.9, 6.91.6, 6.92.2–4, 8.45.1, 8.81.1, 8.97.3") == 2  # passages and key
    assert "(adapted from 6.61, 6.88–92, 8.45, 8.81 and 8.97)" in plan
    notebook = _text("notebooks/03_diceless_influence.ipynb")
    assert "6.61, 6.88–92, 8.45, 8.81, 8.97, adapted" in notebook and '\\"6.61.6\\", \\"6.61.7\\"' in notebook
    assert "6.61, 6.88–92, 8.45, 8.81, 8.97" in _text("lesson_plans/print/03_diceless_paper_game.md")


def test_diceless_1_a_turn_is_half_a_year_at_5_20_3():
    assert "half a year" in passage("5.20.3").english and "half a year" not in passage("5.20.2").english
    book = rules("diceless")
    assert "half a year" in book["1"].summary and "5.20.3" in book["1"].passages
    assert all("5.20.2" not in s.passages for s in book)


def test_diceless_athens_in_411_offered_peace_and_did_not_change_sides():
    assert "peace" in passage("8.70.2").english and "no hopes" in passage("8.71.1").english
    for relative in ("lesson_plans/03_diceless_influence.md", "lesson_plans/exercises_diceless.md"):
        text = _text(relative)
        assert not re.search(r"Athens only (from the inside|for a few months)", text), relative
        assert "not a change of sides" in text or "not changing sides" in text, relative
        assert "8.71.1" in text, relative


def test_diceless_no_lesson_gives_a_reason_for_thucydides_exile():
    # 5.26.5 says only that he was exiled for twenty years after his command at Amphipolis.
    for path in (*ROOT.glob("lesson_plans/*.md"), *ROOT.glob("notebooks/*.ipynb"), PACKAGE / "data" / "board.toml"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(too late to save|failed to save) (the town of )?Amphipolis", text), path.name
