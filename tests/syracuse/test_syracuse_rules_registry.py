"""The rule registry (data/rules.toml), the citations, and our own words: every section explained, every
passage cited existing in the corpus, no sentence copied from the rulebook or from Thucydides."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from copied_text import grams, words

from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.games.syracuse.board import default_board
from peloponnesos.games.syracuse.counters import default_counters
from peloponnesos.games.syracuse.tables import load_tables

PACKAGE = Path(SyracuseGame.data_dir).parent


def _our_texts() -> list[Path]:
    return sorted([*PACKAGE.rglob("*.py"), *PACKAGE.glob("*.md"), *(PACKAGE / "data").glob("*.toml")])


def test_syracuse_every_rule_section_of_the_rulebook_is_registered(rulebook_text):
    book = SyracuseGame.rules()
    numbers = {s.number for s in book}
    in_text = set(re.findall(r"^(\d+\.\d+(?:\.\d+)?)\s+[A-Z]", rulebook_text, re.M))
    in_text |= {n for n in re.findall(r"^(\d+)\.0 ", rulebook_text, re.M)}
    assert in_text - {"3.1.4"} <= numbers, sorted(in_text - numbers)
    assert book.prefix == "Syracuse" and book.cite("7.1") == "Syracuse 7.1"
    assert all(s.title and len(s.summary) > 20 for s in book)
    assert {"2", "4.1", "5.1", "7.1", "8.3.2", "8.3.4", "10.2", "12"} <= {s.number for s in book if s.reconstructed}


def test_syracuse_rules_cited_by_actions_and_steps_exist():
    from peloponnesos.games.syracuse.engine import STEPS

    book = SyracuseGame.rules()
    for cls in SyracuseGame.action_types.values():
        assert cls.rule in book, cls
    for step in STEPS.values():
        assert step.rule in book, step


def test_syracuse_passages_cited_exist_in_the_corpus(english_sections):
    cited = {p for s in SyracuseGame.rules() for p in s.passages}
    cited |= {p for a in default_board().areas for p in a.passages}
    c = default_counters()
    cited |= {p for t in c.types.values() for p in t.passages} | {p for ld in c.leaders for p in ld.passages}
    t = load_tables()
    cited |= {p for _, _, ps in t.notes.values() for p in ps} | {p for e in t.events.values() for p in e.passages}
    missing = sorted(p for p in cited if p not in english_sections)
    assert not missing, missing
    assert all(p.startswith(("6.", "7.")) for p in cited)  # books 6–7


def test_syracuse_no_sentence_is_copied_from_the_rulebook(rulebook_text):
    rule_grams = grams(words(rulebook_text))
    for path in _our_texts():
        hits = grams(words(path.read_text(encoding="utf-8"))) & rule_grams
        assert not hits, (path.name, sorted(hits)[:2])


def test_syracuse_no_sentence_is_copied_from_thucydides(corpus_dir):
    root = ET.parse(corpus_dir / "tlg0003.tlg001.perseus-eng6.xml").getroot()
    corpus_grams = grams(words(" ".join(root.itertext())))
    for path in _our_texts():
        hits = grams(words(path.read_text(encoding="utf-8"))) & corpus_grams
        assert not hits, (path.name, sorted(hits)[:2])


def test_syracuse_clarifications_cite_rules_and_tests_that_exist():
    text = (PACKAGE / "CLARIFICATIONS.md").read_text(encoding="utf-8")
    names = set()
    for p in Path(__file__).parent.glob("test_syracuse_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", p.read_text(encoding="utf-8"), re.M))
    cited = set(re.findall(r"`(test_syracuse_\w+)`", text))
    assert len(cited) > 40 and not cited - names, sorted(cited - names)
