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


PLANS = sorted(p.stem for p in (ROOT / "lesson_plans").glob("0[1-9]_*.md"))
# The lessons in which a game is played (lesson_plans/README.md, "The debrief"); 07, 08 and 09 play none.
GAME_LESSONS = [p for p in PLANS if p[:2] in {"01", "02", "03", "04", "05", "06"}]
TIME = re.compile(r"^(\d+)[–-](\d+)$")


def _stated(heading: str) -> list[tuple[int, int]]:
    """The durations a procedure's heading states, as (low, high) minutes: "45-minute", "(50 minutes)",
    "two lessons of 45–50 minutes (90–100 min)"."""
    found = [(int(a), int(b or a)) for a, b in re.findall(r"(\d+)(?:–(\d+))?(?:-minute| minutes?\b| min\b)", heading)]
    found += [(2 * int(a), 2 * int(b or a)) for a, b in re.findall(r"two lessons of (\d+)(?:–(\d+))?", heading)]
    return found


def procedures(name: str) -> list[dict]:
    """Every procedure table of a plan, as versions of the lesson: a table under a "lesson 2" heading joins the
    "lesson 1" table before it. Each version has its heading(s), its stated durations, the minutes its rows add up
    to (the clock starts again at 0 for a second lesson), and its rows as (start, end, phase, row)."""
    lines = (ROOT / "lesson_plans" / f"{name}.md").read_text(encoding="utf-8").splitlines()
    versions: list[dict] = []
    heading, i = "", 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if re.match(r"\|\s*(Min|Time)\s*\|", line):
            rows, segments, clock = [], [0], 0
            i += 2  # the header and the |---| line
            while i < len(lines) and lines[i].startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                when = TIME.match(cells[0])
                if when is None:
                    assert "Lesson" in cells[0], (name, lines[i])  # "| **Lesson 2** | | |": the clock restarts
                    if clock:
                        segments.append(0)
                        clock = 0
                else:
                    start, end = int(when[1]), int(when[2])
                    assert start == clock and end > start, (name, heading, f"{start}–{end} follows {clock}")
                    clock = segments[-1] = end
                    rows.append((start, end, cells[1].strip("* "), lines[i]))
                i += 1
            table = {"headings": [heading], "stated": [_stated(heading)], "minutes": sum(segments), "rows": rows}
            if re.search(r"\blesson 2\b", heading, re.I) and versions \
                    and re.search(r"\blesson 1\b", versions[-1]["headings"][-1], re.I):
                last = versions[-1]
                last["headings"].append(heading)
                last["stated"].append(table["stated"][0])
                last["minutes"] += table["minutes"]
                last["rows"] += rows
            else:
                versions.append(table)
            continue
        i += 1
    for v in versions:  # a version of two lessons states each lesson's duration: add them up
        if len(v["stated"]) > 1:
            v["stated"] = [(sum(s[0][0] for s in v["stated"]), sum(s[0][1] for s in v["stated"]))]
        else:
            v["stated"] = v["stated"][0]
    return versions


@pytest.mark.parametrize("name", PLANS)
def test_index_every_plan_s_timings_add_up_to_the_duration_its_heading_states(name):
    versions = procedures(name)
    assert versions, f"{name}: no procedure table (| Min | Phase | What happens |)"
    for v in versions:
        assert v["stated"], (name, v["headings"])
        assert any(lo <= v["minutes"] <= hi for lo, hi in v["stated"]), (name, v["headings"], v["minutes"])


@pytest.mark.parametrize("name", GAME_LESSONS)
def test_index_every_game_lesson_s_debrief_is_a_quarter_of_its_time_or_more(name):
    # Each version of a game lesson ends with a debrief (rows whose phase starts "Debrief") of at least a quarter
    # of the longest duration its heading states; a plan of two lessons counts both. Each debrief row says its
    # minutes, so the number a teacher reads is the number that adds up; at most an exit task, an assessment or a
    # redesign (10 minutes) comes after the last one.
    for v in procedures(name):
        debrief = [(end - start, row) for start, end, phase, row in v["rows"] if phase.startswith("Debrief")]
        total = max(hi for _, hi in v["stated"])
        minutes = sum(m for m, _ in debrief)
        assert 4 * minutes >= total, f"{name}, {' / '.join(v['headings'])}: debrief {minutes} of {total} minutes"
        for m, row in debrief:
            assert f"{m} minutes" in row, (name, row)
        last = max(i for i, (_, _, phase, _) in enumerate(v["rows"]) if phase.startswith("Debrief"))
        after = sum(end - start for start, end, _, _ in v["rows"][last + 1:])
        assert after <= 10, f"{name}: {after} minutes after the debrief (only an exit task or a redesign)"



def _section(plan: str, title: str) -> str:
    """The first section whose heading (## or ###) starts with ``title``, heading included, up to the next one."""
    found = re.search(rf"^#{{2,3}} {re.escape(title)}\b.*?(?=^#{{2,3}} |\Z)", plan, re.M | re.S)
    return found[0].strip() if found else ""


@pytest.mark.parametrize("name", PLANS)
def test_index_every_plan_has_its_assessment_and_says_how_to_run_it_without_a_projector(name):
    # lesson_plans/README.md promises both for every plan, under the headings "Assessment" and "Without a
    # projector"; the files and pages they name are checked in tests/printables.
    assert "assessment" in INDEX and "without a projector" in INDEX
    plan = (ROOT / "lesson_plans" / f"{name}.md").read_text(encoding="utf-8")
    assessment, projector = _section(plan, "Assessment"), _section(plan, "Without a projector")
    assert len(assessment) > 200, f"{name}: no section headed 'Assessment'"
    assert re.search(r"exit (task|ticket)|Beyond the Bubble", assessment, re.I), name
    assert len(projector) > 150 and "print" in projector, f"{name}: no section headed 'Without a projector'"


@pytest.mark.parametrize("name", PLANS)
def test_index_every_lesson_notebook_a_plan_times_has_its_own_procedure_table(name):
    # A plan may time a second notebook (05's Monte Carlo notebook for students who code): its timings are a
    # procedure table too, headed with the notebook's name, so that the tests above check them (they add up, and a
    # game lesson's debrief takes a quarter of the time).
    plan = (ROOT / "lesson_plans" / f"{name}.md").read_text(encoding="utf-8")
    headings = " ".join(h for v in procedures(name) for h in v["headings"])
    for notebook in set(re.findall(r"notebooks/(\d\d_\w+)\.ipynb", plan)) - {name}:
        assert f"{notebook}.ipynb" in headings, f"{name}: no procedure table for {notebook}.ipynb"
