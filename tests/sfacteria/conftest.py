"""Fixtures for the Sfacteria tests (the helpers are in sfacteria_helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from peloponnesos.games.sfacteria import SfacteriaGame

SHARED = Path(__file__).resolve().parents[3] / "shared"


@pytest.fixture
def historical():
    return SfacteriaGame(seed=7)


@pytest.fixture(scope="session")
def rulebook_text() -> str:
    path = SHARED / "rulebooks" / "sfacteria-425bc.txt"
    if not path.exists():
        pytest.skip("the rulebook text is not available here")
    return path.read_text(encoding="utf-8")
