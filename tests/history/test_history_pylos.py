"""The five sources of the Pylos enquiry (lesson 07): described in our words with their passages, sourced, set
against each other on five questions; a work not yet on this computer shows its reference, headnote and one plain
line — and its text by itself once its file is added to the corpus (checked with an invented stand-in)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from peloponnesos import passage
from peloponnesos.display import passage_card
from peloponnesos.history import pylos
from peloponnesos.sources import corpus, locate, parse_reference, work

ROOT = Path(__file__).resolve().parents[2]
STAND_IN = ROOT / "tests" / "data" / "invented_diodorus"


def test_pylos_five_sources_of_different_kinds_and_dates():
    sources = pylos.sources()
    assert [s.id for s in sources] == ["thucydides", "diodorus", "pausanias", "shield", "aristophanes"]
    assert [s.kind for s in sources].count("object") == 1
    after = {s.id: s.years_after for s in sources}
    assert after["shield"] == 0 < after["aristophanes"] < after["thucydides"] < after["diodorus"] < after["pausanias"]
    for s in sources:
        assert s.says and s.angle and s.worth and s.there and s.ask, s.id


def test_pylos_every_text_source_is_cited_the_same_way_as_thucydides():
    for s in pylos.sources():
        if s.kind != "text":
            continue
        assert parse_reference(s.cite).work == s.work
        assert all(parse_reference(r).work == s.work for r in s.read)
        assert work(s.work).headnote.there  # every card carries a headnote
    assert pylos.source("diodorus").cite == "Diod. 12.61-12.63" and pylos.source("pausanias").cite == "Paus. 1.15.4"
    assert "Ar. Eq. 843-859" in pylos.source("aristophanes").read


def test_pylos_the_shield_is_described_with_its_museum_reference_and_inscription():
    shield = pylos.source("shield")
    assert shield.museum == "Agora Museum B 262" and "Agora" in shield.where
    assert "Lacedaemonians" in shield.inscription and "Pylos" in shield.inscription
    assert shield.inscription_greek.startswith("ΑΘΕΝΑΙΟΙ") and "ΠΥΛΟ" in shield.inscription_greek
    html = pylos.source_card("shield").html()
    assert "B 262" in html and "ascsa.net" in html and "pelo-source-card" in html


def test_pylos_claims_set_the_sources_against_each_other():
    assert [c.id for c in pylos.claims()] == ["how_long", "how_surrender", "how_many", "credit", "shields"]
    how_many = pylos.claim("how_many").answers
    assert "120" in how_many["thucydides"] and "120" in how_many["diodorus"]
    assert "hundred and twenty" in passage("4.38.5").english and "seventy-two" in passage("4.39.1").english
    assert pylos.claim("how_long").answers["pausanias"] == ""  # a silence is recorded as a silence
    grid = pylos.claims_card().html()
    assert grid.count("<tr>") == 1 + len(pylos.claims()) and "says nothing" in grid


def test_pylos_the_thucydides_descriptions_cite_passages_that_say_so():
    assert "Demosthenes" in passage("4.29.2").english and "fire" in passage("4.30.2").english
    assert "Messenians" in passage("4.36.1").english and "crazy" in passage("4.39.3").english
    assert "most violent" in passage("3.36.6").english


def test_pylos_works_not_here_show_one_plain_line_and_say_so_on_the_source_card():
    for source_id in ("diodorus", "pausanias", "aristophanes"):
        s = pylos.source(source_id)
        assert not s.available()
        card = passage_card(s.read[0]).html()
        assert card.count('class="pelo-missing"') == 1 and "not on this computer yet" in card
        assert "is not on this computer yet" in pylos.source_card(source_id).html()


@pytest.fixture
def diodorus_added(tmp_path, monkeypatch):
    """A corpus folder with Thucydides and, beside it, the stand-in file named as Perseus' Greek Diodorus."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    os.symlink(Path(os.environ["PELOPONNESOS_CORPUS"]).resolve(), folder / "thucydides")
    (folder / "diodorus").mkdir()
    (folder / "diodorus" / "tlg0060.tlg001.perseus-grc3.xml").write_bytes(
        (STAND_IN / "tlg0060.tlg001.perseus-grc3.xml").read_bytes())
    monkeypatch.setenv(locate.ENV_CORPUS, str(folder / "thucydides"))
    locate.forget_failures()
    corpus.cache_clear()
    yield folder
    locate.forget_failures()
    corpus.cache_clear()


def test_pylos_an_added_work_shows_its_text_by_itself(diodorus_added):
    s = pylos.source("diodorus")
    assert s.available()
    p = passage("Diod. 12.63")
    assert "οἴκαδε" in p.greek and p.title == "Diodorus 12.63"
    card = passage_card("Diod. 12.63").html()
    assert "pelo-missing" not in card and "οἴκαδε" in card and work("diodorus").credit.split(".")[0] in card
    assert "its text is on this computer" in pylos.source_card("diodorus").html()
