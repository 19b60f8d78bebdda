"""Balance, measured and explained where teachers read it (issue 16): lesson 02's plan and CLARIFICATIONS.md
give the figures with the commands of ``benchmarks/sfacteria.py`` that reproduce them, and those commands
still exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCHMARK = (ROOT / "benchmarks" / "sfacteria.py").read_text(encoding="utf-8")
PLAN = (ROOT / "lesson_plans" / "02_play_sfacteria.md").read_text(encoding="utf-8")
CLARIFICATIONS = (ROOT / "peloponnesos" / "games" / "sfacteria" / "CLARIFICATIONS.md").read_text(encoding="utf-8")


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    level = heading.split(" ")[0]
    rest = text[start + len(heading):]
    end = re.search(rf"^{level} ", rest, flags=re.M)
    return rest[: end.start()] if end else rest


def test_sfacteria_10_balance_is_explained_in_lesson_02_and_in_clarifications_with_commands():
    for text in (_section(PLAN, "### Who should win?"), _section(CLARIFICATIONS, "## Balance: who wins")):
        commands = re.findall(r"`python\s+benchmarks/sfacteria\.py\s([^`]*)`", text)
        assert any("--full" in c for c in commands) and any("--balance" in c for c in commands)
        for command in commands:
            for flag in re.findall(r"--[a-z-]+", command):
                assert f'"{flag}"' in BENCHMARK, f"{flag} is not an option of benchmarks/sfacteria.py"
        for words in ("random", "heuristic", "425", "Pylos", "starved", "reconstructed"):
            assert words in text, words
        assert re.search(r"seeds\s+\d+–\d+", text)  # every figure with its seeds


def test_sfacteria_7_pylos_starved_is_a_debrief_point_with_the_passages_that_explain_why_not():
    text = _section(CLARIFICATIONS, "## Balance: who wins")
    for passage in ("4.14", "4.16.1", "4.23.1", "4.26.2"):
        assert passage in text, passage
