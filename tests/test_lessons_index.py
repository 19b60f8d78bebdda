"""The lessons a teacher finds: every notebook is in the index (lesson_plans/README.md) and the README's table, every
plan it names exists, the new plans follow the project's format, and the notebooks are committed without outputs
and say their ages and plan."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INDEX = (ROOT / "lesson_plans" / "README.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
NEW = ["05_hoplites_and_triremes", "06_siege_of_syracuse", "07_pylos_corroboration", "08_map_of_the_war",
       "09_text_against_terrain"]


def test_index_lists_every_notebook_and_every_plan_it_names_exists():
    for nb in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in nb.parts:
            continue
        assert nb.name in INDEX, f"{nb.name} is not in lesson_plans/README.md"
    for link in re.findall(r"\]\(([\w./-]+\.md)\)", INDEX):
        assert (ROOT / "lesson_plans" / link).is_file(), link


@pytest.mark.parametrize("name", NEW)
def test_index_the_readme_table_names_the_new_lessons(name):
    assert f"`notebooks/{name}.ipynb`" in README and f"`lesson_plans/{name}.md`" in README


@pytest.mark.parametrize("name", NEW)
def test_index_new_plans_follow_the_format(name):
    plan = (ROOT / "lesson_plans" / f"{name}.md").read_text(encoding="utf-8")
    title = plan.splitlines()[0]
    assert re.search(r"ages [\d–]+", title) and re.search(r"\d+ min", title)
    for heading in ("Desired results", "Standards", "Enquiry question", "Objectives", "Evidence", "Exit task",
                    "Misconceptions to watch for", "Learning plan", "Procedure", "Differentiation", "Teacher notes"):
        assert heading in plan, (name, heading)
    assert f"notebooks/{name}.ipynb" in plan


@pytest.mark.parametrize("name", NEW)
def test_index_new_notebooks_have_no_outputs_and_name_ages_and_plan(name):
    nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    assert not any(c.get("outputs") for c in nb["cells"])
    intro = "".join("".join(c["source"]) for c in nb["cells"][:2])
    assert re.search(r"Ages [\d–]+|ages [\d–]+", intro) and f"lesson_plans/{name}.md" in intro
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert sum("assert" in "".join(c["source"]) for c in code) >= 4  # cells that matter end with checks


def test_index_the_start_page_calls_no_ready_game_still_being_built():
    from peloponnesos.core.registry import games

    nb = json.loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for line in text.splitlines():
        if "being built" in line or "coming soon" in line:
            assert not any(g.title.split(" (")[0].split(",")[0] in line for g in games(include_planned=False)), line


def test_index_lesson_05_starts_the_athenian_fleet_from_the_start_screen():
    # The panel of §4 has no "New game" button (only a game started from the start screen has one): plan and
    # notebook send pairs to the start screen, whose defaults already make them Athens against the computer.
    from peloponnesos.widgets import play

    plan = (ROOT / "lesson_plans" / "05_hoplites_and_triremes.md").read_text(encoding="utf-8")
    nb = json.loads((ROOT / "notebooks" / "05_hoplites_and_triremes.ipynb").read_text(encoding="utf-8"))
    notebook = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for text in (plan, notebook):
        assert "*Your side:" in text and "Start the game" in text
        assert "New game** under the panel" not in text and "*New game* →" not in text
    screen = play("mountford")
    try:
        assert screen.mode.value == "vs_bot" and screen.side.value == "Athens"
        game = screen.begin()
        assert game.session.is_human_turn() and game.session.to_act() == "Athens"
    finally:
        screen.close()


def _anchor(heading: str) -> str:
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_index_plans_cite_nothing_a_teacher_does_not_have():
    # The design notes live outside the repository: what a teacher needs from them (the standards, the debrief,
    # the question patterns) is in lesson_plans/README.md, and the plans link to its headings.
    anchors = {_anchor(h) for h in re.findall(r"^#+ (.+)$", INDEX, re.M)}
    assert {"standards", "the-debrief", "question-patterns"} <= anchors
    texts = [*(ROOT / "lesson_plans").rglob("*.md"), *(ROOT / "notebooks").rglob("*.ipynb")]
    for path in texts:
        if ".ipynb_checkpoints" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        assert "shared/design" not in text and "pedagogy §" not in text and "pedagogy's" not in text, path.name
        for anchor in re.findall(r"README\.md#([\w-]+)", text):
            assert anchor in anchors, (path.name, anchor)
