"""Shared test set-up: the tests read Thucydides from the shared corpus beside the repository."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_CORPUS = ROOT.parent / "shared" / "corpus" / "thucydides"

if "PELOPONNESOS_CORPUS" not in os.environ and SHARED_CORPUS.is_dir():
    os.environ["PELOPONNESOS_CORPUS"] = str(SHARED_CORPUS)


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The Thucydides corpus the tests read (``PELOPONNESOS_CORPUS``, else the shared one); skip if absent."""
    path = Path(os.environ.get("PELOPONNESOS_CORPUS", SHARED_CORPUS))
    if not (path / "tlg0003.tlg001.perseus-eng6.xml").exists():
        pytest.skip("the Thucydides corpus is not available here")
    return path


@pytest.fixture(scope="session")
def english_sections(corpus_dir) -> set[str]:
    """Every section the English Thucydides has, as citations ("4.26.2"), read straight from the TEI file."""
    import xml.etree.ElementTree as ET

    root = ET.parse(corpus_dir / "tlg0003.tlg001.perseus-eng6.xml").getroot()
    refs = set()
    for book in root.iter("{http://www.tei-c.org/ns/1.0}div"):
        if book.get("subtype") == "book":
            for ch in book:
                for sec in ch:
                    if sec.get("subtype") == "section":
                        refs.add(f"{book.get('n')}.{ch.get('n')}.{sec.get('n')}")
    return refs
