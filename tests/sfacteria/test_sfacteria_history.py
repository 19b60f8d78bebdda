"""The game's numbers, names and citations against what Thucydides says (issue 18 "Corrections", issue 16
"Citations"): each test reads the passage itself from the corpus, so a note that drifts from its source fails."""

from __future__ import annotations

import tomllib
import unicodedata
from pathlib import Path

import pytest
from sfacteria_helpers import position

from peloponnesos import passage
from peloponnesos.games.sfacteria import SfacteriaGame
from peloponnesos.games.sfacteria.order_of_battle import default_order_of_battle
from peloponnesos.games.sfacteria.stratagems import default_stratagems
from peloponnesos.render import describe, draw

DATA = Path(SfacteriaGame.data_dir)
OOB_TEXT = (DATA / "order_of_battle.toml").read_text(encoding="utf-8")
HELOTS = ("SH5", "SH6", "SH7", "SH8", "SH9")


def _greek(ref: str) -> str:
    return unicodedata.normalize("NFC", passage(ref).greek)


def _unit(uid: str):
    oob = default_order_of_battle()
    return oob.units[oob.unit_index[uid]]


def _leader(lid: str):
    oob = default_order_of_battle()
    return oob.leaders[oob.leader_index[lid]]


@pytest.fixture(scope="module")
def corpus_ready(corpus_dir):
    return corpus_dir


def test_sfacteria_2_1_sh1_counts_spartiates_among_the_prisoners_taken_alive(corpus_ready):
    # 4.38.5: about 120 Spartiates "of these, of the living" (τῶν ζώντων), out of 420 who crossed.
    greek = _greek("4.38.5")
    assert "Σπαρτιᾶται" in greek and "τῶν ζώντων" in greek and "prisoners" in passage("4.38.5").english
    note = _unit("SH1").source
    assert "4.38.5" in note and "taken alive" in note and "of the men on the island" not in note
    assert _unit("SH1").full * 25 == 125  # about the 120 (rule 1.2's scale)
    island = sum(_unit(u).full for u in ("SH1", "SH2", "SH3", "SH4"))
    assert island * 25 == 425 and "four hundred and twenty" in passage("4.8.9").english  # 4.8.9


def test_sfacteria_2_1_the_athenian_ships_are_seventy_and_a_little_over(corpus_ready):
    assert "seventy" in passage("4.23.2").english and "seventy" in passage("4.32.2").english
    assert "two ships" in passage("4.8.3").english  # two of Demosthenes' five went to Zakynthos
    at1 = _unit("AT1")
    assert (at1.full, at1.reduced) == (3, 2) and "4.8.3" in at1.source and "4.5.2" in at1.source
    ships = sum(u.full for u in default_order_of_battle().units if u.side == 0 and u.type == "T")
    assert ships == 73  # 70 in the blockade (4.23.2) + Demosthenes' three; a little over seventy (4.32.2)
    scenario = tomllib.loads((DATA / "scenarios.toml").read_text(encoding="utf-8"))["scenario"]["historical"]
    assert "five ships" not in scenario["description"] and "three" in scenario["description"]


def test_sfacteria_2_1_the_athenian_hoplites_depart_from_4_31_1_and_say_so(corpus_ready):
    assert "eight hundred" in passage("4.31.1").english  # about 800 hoplites landed
    assert "stationary" in passage("4.33.2").english  # ... and stood still while the light troops fought
    athenian_hoplites = sum(u.full for u in default_order_of_battle().units if u.side == 0 and u.type == "H")
    assert athenian_hoplites == 20 and athenian_hoplites * 25 < 800
    assert "NOT his number" in OOB_TEXT and "4.33.2" in OOB_TEXT  # the file says so, and why
    assert "32 PF" in _unit("AH3").source and "4.31.1" in _unit("AH4").source
    assert "Values follow the numbers in Thucydides" not in OOB_TEXT  # the old, untrue claim
    card = SfacteriaGame.rules()["2.1"].reconstructed
    assert "Athenian hoplites" in card and "800" in card
    assert "CLARIFICATIONS.md" in OOB_TEXT


def test_sfacteria_2_helots_are_h_counters_read_as_helots_with_no_head_count(corpus_ready):
    assert "Helot" in passage("4.8.9").english and "Εἵλωτες" in _greek("4.8.9")
    assert "Divers" in passage("4.26.8").english and "Εἱλ" not in _greek("4.26.8")  # 4.26.8 names no Helots
    for uid in HELOTS:
        u = _unit(uid)
        assert u.type == "H" and u.ally  # the rules' H5–H9 (rule 7), apart from "Spartans" (10.1)
        assert "no number" in u.source and "rule 7" in u.source
    assert "not a head count" in OOB_TEXT and "50 men" in OOB_TEXT  # "do not read 2 PF as 50 men"
    game = position({"T8": ["SH1", "SH5"], "T11": ["SH6"], "T6": ["AH1", "AH2"], "N8": ["AT1"]})
    words = describe(game)
    assert "Sparta: hoplites 5 PF, Helots 2 PF" in words and "Sparta: Helots 2 PF." in words
    assert "Messenian hoplites 2 PF" in words and "hoplites 2 PF" not in words.replace("Messenian hoplites 2", "")
    hovers = " ".join(h for t in draw(game).data for h in (t.hovertext or ()) if isinstance(h, str))
    assert "H5: Helots" in hovers and "H6: Helots" in hovers and "H2: Messenian hoplites" in hovers


def test_sfacteria_2_allies_without_the_band_count_as_spartan_and_say_so():
    for uid in ("SH12", "SH13"):
        u = _unit(uid)
        assert not u.ally and u.spartiate  # no band (rule 2): Spartan for 10.1 and stratagem 7
        assert "Spartan" in u.source
    assert "Peloponnesian allies" in _unit("SH12").name
    assert "SH12" in default_stratagems().face(7).text
    assert "Peloponnesian allies" in SfacteriaGame.rules()["2"].summary


def test_sfacteria_rule_cards_cite_the_passages_the_review_asked_for(corpus_ready):
    book = SfacteriaGame.rules()
    # 7.1 cites the passage it contradicts, and says so.
    assert "4.40.1" in book["7.1"].passages and "famine" in passage("4.40.1").english
    assert "another story" in book["7.1"].summary
    # 3.D: the Spartan ships attacking in small groups, relieving each other (4.11.3).
    assert book["3.D"].passages == ("4.11.3",) and "relieving" in passage("4.11.3").english
    # Rules that had no passage now have one.
    for number in ("3.B", "3.E", "4", "9"):
        assert book[number].passages, number
    assert "fortune" in passage("4.18.3").english
    # Weak or departing citations are explained on the card.
    assert "designer" in book["2.2"].summary and "designer" in book["4.1"].summary
    assert "eight or nine" in book["5"].reconstructed and "designer" in book["11.1"].summary
    # Storm: the weather that kept the fleet at Pylos (4.4.1), not the weather in Attica (4.6.1).
    faces = default_stratagems()
    assert "4.4.1" in faces.face(20).passages and "4.6.1" not in faces.face(20).passages
    assert "weather" in passage("4.4.1").english and "Attica" in passage("4.6.1").english
    # Cleon: κουφολογία (4.28.5) and μανιώδης (4.39.3), on his chit and his counter.
    assert "κουφολογίᾳ" in _greek("4.28.5") and "μανιώδης" in _greek("4.39.3")
    assert {"4.28.5", "4.39.3"} <= set(faces.face(1).passages)
    assert "4.28.5" in _leader("Cleon").source and "4.39.3" in _leader("Cleon").source
    # The Messenian path (4.36.1–3), on its chit and on the Messenian counter.
    assert faces.face(8).passages == ("4.36.1", "4.36.2", "4.36.3") and "4.36.1–3" in _unit("AP4").source
    # Demosthenes was a private citizen (4.2.4) and the soldiers built the wall (4.4.1).
    assert "ἰδιώτῃ" in _greek("4.2.4") and "soldiers themselves" in passage("4.4.1").english
    demosthenes = _leader("Demosthenes").source
    assert "private citizen" in demosthenes and "4.4.1" in demosthenes
    pylos = next(z for z in SfacteriaGame.board()["zones"] if z["id"] == "T6")
    assert "soldiers" in pylos["note"] and "4.4.1" in pylos["note"]


def test_sfacteria_the_divers_of_4_26_8_are_not_called_helots():
    t11 = next(z for z in SfacteriaGame.board()["zones"] if z["id"] == "T11")
    assert "Helot swimmers" not in t11["note"] and "Divers" in t11["note"]
    catalogue = (DATA.parents[1] / "catalogue.toml").read_text(encoding="utf-8")
    assert "Helots who swam" not in catalogue and "divers" in catalogue
