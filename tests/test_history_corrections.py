"""Lessons, notebooks and keys agree with each other and with Thucydides (issue 18, "Corrections"): the ages
and durations a teacher reads, the figures a key quotes, and the claims the Sfacteria lessons make."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
PLANS = ROOT / "lesson_plans"
NOTEBOOKS = ROOT / "notebooks"
GAMES = {"Sfacteria": "sfacteria", "A Peloponnesian War (diceless)": "diceless", "Mountford": "mountford",
         "The Siege of Syracuse": "syracuse"}  # "all": an overview of every game (lesson 08)


def _lessons() -> list[dict]:
    """The rows of the lesson index (lesson_plans/README.md) that have a notebook and a plan or key."""
    rows = []
    for line in (PLANS / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 7 or not cells[0] or cells[0] in ("#", "---"):
            continue
        notebook = re.search(r"\(\.\./notebooks/([^)]+\.ipynb)\)", cells[5])
        plan = re.search(r"\]\(([^)/]+\.md)\)", cells[6])
        if notebook and plan:
            rows.append({"id": cells[0], "game": cells[2], "ages": cells[3], "duration": cells[4],
                         "notebook": NOTEBOOKS / notebook.group(1), "plan": PLANS / plan.group(1)})
    return rows


def _span(text: str) -> tuple[int, int]:
    """The youngest and oldest age in a text such as "11–14 and 14–18"."""
    ages = [int(a) for pair in re.findall(r"(\d+)–(\d+)", text) for a in pair]
    return min(ages), max(ages)


def _cells(path: Path, kind: str = "markdown") -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == kind]


def _header(path: Path) -> str:
    """What a teacher reads first in a notebook: its first two markdown cells."""
    return " ".join(_cells(path)[:2]).replace("\n", " ")


LESSONS = _lessons()


def test_the_lesson_index_lists_every_lesson_with_a_plan():
    assert {row["id"] for row in LESSONS} == {"01", "02", "03", "04", "07", "08", "09", "ex"} and len(LESSONS) == 11


@pytest.mark.parametrize("row", LESSONS, ids=[r["notebook"].stem for r in LESSONS])
def test_ages_and_duration_agree_between_index_plan_and_notebook(row):
    title = row["plan"].read_text(encoding="utf-8").splitlines()[0]
    assert f"ages {row['ages']}" in title and row["duration"] in title, (row["plan"].name, title)
    header = _header(row["notebook"])
    assert f"Ages {row['ages']}" in header and row["duration"] in header, (row["notebook"].name, header[:300])


@pytest.mark.parametrize("row", LESSONS, ids=[r["notebook"].stem for r in LESSONS])
def test_the_game_catalogue_and_the_start_page_cover_each_lesson_s_ages(row):
    youngest, oldest = _span(row["ages"])
    catalogue = tomllib.loads((ROOT / "peloponnesos" / "games" / "catalogue.toml").read_text(encoding="utf-8"))
    games = [GAMES[row["game"]]] if row["game"] != "all" else list(GAMES.values())
    low = min(_span(catalogue["game"][g]["ages"])[0] for g in games)
    high = max(_span(catalogue["game"][g]["ages"])[1] for g in games)
    assert low <= youngest and oldest <= high, (row["notebook"].name, games)
    start = " ".join(_cells(NOTEBOOKS / "00_start_here.ipynb"))
    link = row["notebook"].name if row["id"] != "ex" else "(exercises/)"
    line = next(ln for ln in start.splitlines() if link in ln and ln.startswith("|"))
    low, high = _span(line.rsplit("|", 2)[-2])
    assert low <= youngest and oldest <= high, line


def test_lesson_04_key_reads_the_random_baseline_in_the_right_number_of_standard_errors():
    from peloponnesos.analysis import run_games

    games = run_games("diceless", 2000, seed=1)  # the notebook's own run (section 4)
    decisive = games[games.winner != "draw"]
    share = (decisive.winner == "Sparta").mean()
    z = (share - 0.5) / np.sqrt(0.25 / len(decisive))
    key = (PLANS / "04_rock_paper_scissors_of_power.md").read_text(encoding="utf-8")
    assert f"Sparta {share * 100:.1f} % of decisive games" in key
    assert f"about **{z:.1f} standard errors**" in key and "4 standard errors of 50" not in key


def test_notebook_01_asks_about_the_designer_s_departure_from_4_8_6_and_keeps_to_4_23_2():
    text = " ".join(_cells(NOTEBOOKS / "01_pylos_supply.ipynb"))
    assert "which words of 4.8.6" not in text and "depart" in text
    assert "nobody attacks" not in text and "attack the fort now and then" in text
    for word in ("Lacedaemonian", "Spartiates", "perioikoi", "Helots"):
        assert word in text, word
    assert "4.2.4" in text and "4.4.1" in text  # a private citizen; the soldiers built the wall
    assert "Spartan hoplites" not in text


def test_notebook_02_numbers_are_the_record_s_or_say_why_not():
    text = " ".join(_cells(NOTEBOOKS / "02_play_sfacteria.ipynb"))
    code = " ".join(_cells(NOTEBOOKS / "02_play_sfacteria.ipynb", "code"))
    assert "helots * 25" not in code and "not 50 men" in text  # Helots: no head count in Thucydides
    assert "Athenian hoplites do not" in text and "4.33.2" in text  # the departure from 4.31.1, and why
    assert "orange" in text and "red" in text  # screen colour and printed colour, both named
    assert "72 days, from the sea fight to the battle on the island (4.39.1)" in text
    assert "4.36.1–3" in text and "(4.36;" not in text
    assert "SH12" in text  # the Peloponnesian allies count as Spartan (no band)


def test_lesson_plans_answer_was_he_there_and_keep_cleon_s_words():
    plan_01 = (PLANS / "01_pylos_supply.md").read_text(encoding="utf-8")
    assert "*Was he there?* No" in plan_01 and "Pylos in 425" in plan_01 and "1.22.2–3" in plan_01
    assert "Was he there?" in plan_01 and "perioikoi" in plan_01
    plan_02 = (PLANS / "02_play_sfacteria.md").read_text(encoding="utf-8")
    assert "κουφολογία, 4.28.5" in plan_02 and "μανιώδης, 4.39.3" in plan_02
    assert "4.36.1–3" in plan_02 and "Athenian hoplites" in plan_02 and "SH12" in plan_02
