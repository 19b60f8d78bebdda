"""The rule registry (data/rules.toml) and the citations: every section explained in our own words,
with Thucydides passages that exist, and no copied sentences."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from copied_text import grams, words

from peloponnesos.games.sfacteria import SfacteriaGame

PACKAGE = Path(SfacteriaGame.data_dir).parent
SECTIONS = ["1", "1.1", "1.2", "1.3", "2", "2.1", "2.2", "2.3", "2.4", "3", "3.A", "3.B", "3.C", "3.D", "3.E", "4",
            "4.1", "4.2", "5", "6", "6.1", "6.1.1", "6.2", "6.3", "7", "7.1", "7.1.1", "8", "9", "10", "10.1", "10.2",
            "11", "11.1", "11.2"]


def _our_texts() -> list[Path]:
    return sorted([*PACKAGE.glob("*.py"), *PACKAGE.glob("*.md"), *(PACKAGE / "data").glob("*.toml"),
                   *(PACKAGE / "data").glob("*.md")])


def test_sfacteria_every_rule_section_is_registered_and_cited_as_sfacteria():
    book = SfacteriaGame.rules()
    assert [s.number for s in book] == SECTIONS
    assert book.prefix == "Sfacteria" and book.cite("7.1") == "Sfacteria 7.1"
    for s in book:
        assert s.title and len(s.summary) > 20
    reconstructed = {s.number for s in book if s.reconstructed}
    assert {"1.3", "2.1", "3.C", "5", "6.2", "8", "10.2"} <= reconstructed


def test_sfacteria_rules_cited_by_the_actions_exist():
    book = SfacteriaGame.rules()
    for cls in SfacteriaGame.action_types.values():
        assert cls.rule in book, cls


def test_sfacteria_passages_cited_exist_in_the_corpus(english_sections):
    cited = {p for s in SfacteriaGame.rules() for p in s.passages}
    from peloponnesos.games.sfacteria.stratagems import default_stratagems

    cited |= {p for f in default_stratagems().faces.values() for p in f.passages}
    cited |= {p for z in SfacteriaGame.board()["zones"] for p in z["passages"]}
    missing = sorted(p for p in cited if p not in english_sections)
    assert not missing, missing


def test_sfacteria_no_sentence_is_copied_from_the_rulebook(rulebook_text):
    rule_grams = grams(words(rulebook_text))
    for path in _our_texts():
        hits = grams(words(path.read_text(encoding="utf-8"))) & rule_grams
        assert not hits, (path.name, sorted(hits)[:2])


def test_sfacteria_no_sentence_is_copied_from_thucydides(corpus_dir):
    root = ET.parse(corpus_dir / "tlg0003.tlg001.perseus-eng6.xml").getroot()
    corpus_grams = grams(words(" ".join(root.itertext())))
    for path in _our_texts():
        hits = grams(words(path.read_text(encoding="utf-8"))) & corpus_grams
        assert not hits, (path.name, sorted(hits)[:2])


@pytest.mark.parametrize("path", ["CLARIFICATIONS.md"])
def test_sfacteria_clarifications_cite_rules_and_tests(path):
    text = (PACKAGE / path).read_text(encoding="utf-8")
    tests = {p.stem for p in Path(__file__).parent.glob("test_sfacteria_*.py")}
    names = set()
    for p in Path(__file__).parent.glob("test_sfacteria_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", p.read_text(encoding="utf-8"), re.M))
    cited = set(re.findall(r"`(test_sfacteria_\w+)`", text))
    assert cited, "CLARIFICATIONS.md names the tests that pin each decision"
    assert not cited - names, sorted(cited - names)
    assert tests


def test_sfacteria_rule_cards_state_the_readings_recorded_in_clarifications():
    """The readings of rules 2.2, 3.D, 5, 7 and 7.1.1 (issue 16) are said on the cards teachers and pupils read,
    with a pointer to CLARIFICATIONS.md, where each is explained and its tests are named."""
    book = SfacteriaGame.rules()
    clarifications = (PACKAGE / "CLARIFICATIONS.md").read_text(encoding="utf-8")
    said = {"2.2": "both captured", "3.D": "must activate at least one zone", "5": "when movement ends",
            "7": "only while the marker is below 3", "7.1.1": "in the same turn too"}
    for number, phrase in said.items():
        assert phrase in book[number].summary, number
        assert f"CLARIFICATIONS.md, {number})" in book[number].summary, number
    for heading in ("**2.2 \"Alone\" means", "**3.D No pass on purpose.**", "**Checked when movement ends.**",
                    "**Helot runs**", "**7.1.1 Suspension, at once.**",
                    "**2 The Peloponnesian allies count as Spartan.**"):
        assert heading in clarifications, heading
