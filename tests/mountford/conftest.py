"""Fixtures for the Mountford tests (helpers in mountford_helpers.py)."""

from __future__ import annotations

import pytest

from peloponnesos.games.mountford import MountfordGame


@pytest.fixture
def game():
    return MountfordGame(seed=7)
