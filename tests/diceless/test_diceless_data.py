"""The data files: rules in our own words with passages, the special chits, the map notes; every
Thucydides reference exists, and no twelve words in a row are copied from the rulebook or Thucydides."""

import os
import tomllib
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from copied_text import grams, words

from peloponnesos.games.diceless import DicelessGame
from peloponnesos.games.diceless.board import default_board
from peloponnesos.games.diceless.chits import default_chits

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "peloponnesos" / "games" / "diceless"
RULEBOOK = ROOT.parent / "shared" / "rulebooks" / "a-peloponnesian-war-diceless.txt"
TEI = "{http://www.tei-c.org/ns/1.0}"


def _corpus_dir() -> Path:
    return Path(os.environ.get("PELOPONNESOS_CORPUS", ROOT.parent / "shared" / "corpus" / "thucydides"))


@cache
def _sections() -> dict[str, str]:
    path = _corpus_dir() / "tlg0003.tlg001.perseus-eng6.xml"
    if not path.exists():
        pytest.skip("the English Thucydides is not available here")
    root = ET.parse(path).getroot()
    found = {}
    for book in root.iter(f"{TEI}div"):
        if book.get("subtype") != "book":
            continue
        for chapter in book.findall(f"{TEI}div"):
            for section in chapter.findall(f"{TEI}div"):
                ref = f"{book.get('n')}.{chapter.get('n')}.{section.get('n')}"
                found[ref] = " ".join("".join(section.itertext()).split())
    return found


def _all_passages() -> list[str]:
    refs = [p for a in default_board().areas for p in a.passages]
    refs += [p for s in default_chits().specials.values() for p in s.passages]
    refs += [p for s in DicelessGame.rules() for p in s.passages]
    return refs


def test_diceless_rules_registry_has_every_rulebook_section():
    book = DicelessGame.rules()
    assert [s.number for s in book] == ["1", "1.1", "2", "3", "4", "5", "6", "7"]
    assert book.prefix == "Diceless" and book.cite("4") == "Diceless 4"
    for section in book:
        assert section.title and section.summary
    assert book["5"].reconstructed and book["2"].reconstructed


def test_diceless_every_passage_reference_exists_in_thucydides():
    sections = _sections()
    missing = [ref for ref in _all_passages() if ref not in sections]
    assert not missing, f"not in the corpus: {missing}"


def test_diceless_special_chits_are_designed_from_passages():
    specials = default_chits().specials
    assert set(specials) == {"persian_gold", "oracle", "the_few", "pericles", "the_people", "alcibiades"}
    for chit in specials.values():
        assert chit.passages and chit.reconstructed and chit.summary and chit.history


def test_diceless_no_twelve_words_copied_from_the_rulebook_or_thucydides():
    sources = set()
    if RULEBOOK.exists():
        sources |= grams(words(RULEBOOK.read_text(encoding="utf-8")))
    for text in _sections().values():
        sources |= grams(words(text))
    ours = [p for p in GAME.rglob("*") if p.suffix in (".py", ".toml", ".md")]
    ours += list(Path(__file__).parent.glob("*.py"))
    for path in ours:
        copied = grams(words(path.read_text(encoding="utf-8"))) & sources
        assert not copied, f"{path.name} repeats a source: {' '.join(next(iter(copied)))}"


def test_diceless_data_files_parse():
    for name in ("board.toml", "chits.toml", "rules.toml"):
        with open(GAME / "data" / name, "rb") as f:
            assert tomllib.load(f)
