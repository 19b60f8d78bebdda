"""Shared test set-up: the tests read Thucydides from the shared corpus beside the repository."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED_CORPUS = ROOT.parent / "shared" / "corpus" / "thucydides"

if "PELOPONNESOS_CORPUS" not in os.environ and SHARED_CORPUS.is_dir():
    os.environ["PELOPONNESOS_CORPUS"] = str(SHARED_CORPUS)
