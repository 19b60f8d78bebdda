"""Exercises whose answer is a judgement about sources: at least two per game; the feedback explains every choice
without naming the right one; the answers live only in the teachers' keys (lesson_plans/exercises_*.md) and the
package copy is sealed and up to date; no notebook can show an answer."""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

import pytest

from peloponnesos.exercises import diceless, mountford, sfacteria, syracuse
from peloponnesos.exercises.judgement import DATA, GAMES, KEYS, JudgementDataError, judgements
from peloponnesos.exercises.seal import KeyFormatError, read_keys, sealed

ROOT = Path(__file__).resolve().parents[2]
PLANS = ROOT / "lesson_plans"
NOTEBOOKS = ROOT / "notebooks" / "exercises"
MODULES = {"sfacteria": sfacteria, "diceless": diceless, "mountford": mountford, "syracuse": syracuse}
KEYED = read_keys(PLANS)


def all_judgements():
    return [(game, number) for game in GAMES for number in KEYED[game]]


def test_judgements_at_least_two_per_game_in_each_games_exercises():
    for game in GAMES:
        assert len(KEYED[game]) >= 2, game
        exercises = MODULES[game].fresh_exercises()
        assert set(KEYED[game]) <= set(exercises) and set(KEYED[game]) <= set(MODULES[game].EXERCISES)


def test_judgements_the_sealed_file_matches_the_teachers_keys():
    assert json.loads(DATA.read_text(encoding="utf-8")) == json.loads(json.dumps(sealed(KEYED))), \
        "run: python -m peloponnesos.exercises.seal (after editing lesson_plans/exercises_*.md)"


@pytest.mark.parametrize(("game", "number"), all_judgements())
def test_judgements_the_keys_answer_is_right_and_every_other_choice_is_explained(game, number):
    key = KEYED[game][number]
    for letter, _ in key["choices"]:
        j = judgements(game)[number]
        feedback = j.check(letter)
        assert feedback.correct == (letter == key["answer"]), (game, number, letter)
        assert key["feedback"][letter] in feedback.message  # the explanation written in the key
    right_text = dict(key["choices"])[key["answer"]]
    for letter, why in key["feedback"].items():
        if letter != key["answer"]:
            assert right_text not in why and f"**{key['answer']}" not in why  # explains without revealing


@pytest.mark.parametrize(("game", "number"), all_judgements())
def test_judgements_cite_a_rule_have_four_choices_and_three_growing_hints(game, number):
    j = judgements(game)[number]
    assert j.rule.lower().startswith(game[:4]) and len(j.choices) == 4
    assert len(j.hints) >= 3 and len(set(j.hints)) == len(j.hints)
    wrong = next(c for c, _ in j.choices if c != KEYED[game][number]["answer"])
    messages = [j.check(wrong).message for _ in range(3)]
    assert all(f"Hint: {h}" in m for h, m in zip(j.hints, messages, strict=False))
    html = j._repr_html_()
    assert html.startswith('<div class="pelo-exercise"') and escape(j.question) in html


def test_judgements_right_answers_are_not_all_the_same_letter():
    answers = [KEYED[g][n]["answer"] for g, n in all_judgements()]
    assert len(set(answers)) >= 3


def test_judgements_the_package_holds_no_readable_key():
    text = DATA.read_text(encoding="utf-8")
    assert '"answer"' not in text and '"right"' not in text and "Right:" not in text
    for game, number in all_judgements():
        key = KEYED[game][number]
        assert key["feedback"][key["answer"]] not in text
    j = judgements("sfacteria")["6"]
    with pytest.raises(PermissionError, match=re.escape("lesson_plans/exercises_sfacteria.md")):
        j.answer()


@pytest.mark.parametrize(("answer", "says"), [
    (3, "letter of your choice in quotes"),
    ("Z", "one of the letters A, B, C, D"),
    ("4.26", "both start that way"),
])
def test_judgements_an_answer_that_is_not_a_choice_is_not_counted_wrong_silently(answer, says):
    j = judgements("sfacteria")["6"]
    feedback = j.check(answer)
    assert not feedback.correct and "could not read" in feedback.message and says in feedback.message


@pytest.mark.parametrize("written", ["b", " B ", "(B)", "B.", "4.26.5-7", "4.26.5–7 — rewards"])
def test_judgements_a_choice_may_be_written_as_its_letter_or_its_beginning(written):
    j = judgements("sfacteria")["6"]
    assert j.letter(written) == "B"


def test_judgements_a_missing_explanation_is_a_clear_error(monkeypatch):
    j = judgements("mountford")["1"]
    j.sealed = {}
    with pytest.raises(JudgementDataError, match=re.escape("python -m peloponnesos.exercises.seal")):
        j.check("A")


def test_judgements_a_key_without_an_answer_is_refused_naming_file_and_exercise(tmp_path):
    text = (PLANS / KEYS["syracuse"]).read_text(encoding="utf-8").replace("**Answer: A.**", "**Answer:** none", 1)
    (tmp_path / KEYS["syracuse"]).write_text(text, encoding="utf-8")
    with pytest.raises(KeyFormatError, match=re.escape("exercises_syracuse.md: syracuse exercise 2")):
        read_keys(tmp_path)


@pytest.mark.parametrize("game", GAMES)
def test_judgements_the_notebooks_ask_them_and_never_show_an_answer(game):
    nb = json.loads((NOTEBOOKS / f"{game}_exercises.ipynb").read_text(encoding="utf-8"))
    assert not any(c.get("outputs") for c in nb["cells"])
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    for number in KEYED[game]:
        assert re.search(rf"^answer_{number} = None\b", code, re.MULTILINE)
        assert f'EXERCISES["{number}"].check(answer_{number})' in code
        key = KEYED[game][number]
        assert key["feedback"][key["answer"]] not in text
    assert ".answer()" not in code and "seal" not in code and "lesson_plans/exercises" in text
