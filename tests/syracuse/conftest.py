"""Fixtures for the Siege of Syracuse tests (the helpers are in syracuse_helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[3] / "shared"


@pytest.fixture(scope="session")
def rulebook_text() -> str:
    path = SHARED / "rulebooks" / "siege-of-syracuse.txt"
    if not path.exists():
        pytest.skip("the rulebook text is not available here")
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def coastline() -> dict:
    import json

    path = SHARED / "design" / "coastlines" / "syracuse.geojson"
    if not path.exists():
        pytest.skip("the reference coastline is not available here")
    return json.loads(path.read_text(encoding="utf-8"))
