"""The diceless exercises: the right answers (worked out by the engine) are accepted in the forms a pupil
writes them, wrong ones are refused with feedback that never gives the answer away, the positions are the
ones the questions state, and the teachers' answer key agrees with the engine."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from peloponnesos.exercises import Feedback
from peloponnesos.exercises.base import NO_ANSWER
from peloponnesos.exercises.diceless import EXERCISES, PERSIAN_GOLD_CHOICES, fresh_exercises
from peloponnesos.games.diceless import DicelessGame
from peloponnesos.games.diceless.chits import default_chits

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "exercises" / "diceless_exercises.ipynb"
KEY = ROOT / "lesson_plans" / "exercises_diceless.md"
NUMBERS = [str(n) for n in range(1, 9)]

# What the lesson plan's key says; the engine must agree (test_the_engine_agrees_with_the_key).
EXPECTED = {"1": "Military", "2": "no", "3": "yes", "4": 1, "5": "Athens", "6": "nobody", "7": 11}


@pytest.fixture
def ex():
    return fresh_exercises()


# ------------------------------------------------------------------------------------------------------
# the right answers
# ------------------------------------------------------------------------------------------------------
def test_the_engine_agrees_with_the_key():
    for number, expected in EXPECTED.items():
        assert EXERCISES[number].answer() == expected, number
    assert "8.18.1" in EXERCISES["8"].answer()
    assert [c for c in PERSIAN_GOLD_CHOICES if c in EXERCISES["8"].answer()] == ["8.18.1"]  # exactly one choice


def test_the_answers_come_from_the_engine_a_second_way():
    chits = default_chits()
    assert chits.fight(EXERCISES["1"].answer(), "Coup") == "win"
    game = EXERCISES["2"].position()
    held = [a for a, side in game.observation(None)["owner"].items() if side == "Athens"]
    steps = min(game.map.distance(a, "corcyra") for a in held)
    assert (EXERCISES["2"].answer() == "yes") == (steps <= 1) == ("corcyra" in game.range_areas("Athens", "Influence"))
    assert (EXERCISES["3"].answer() == "yes") == (steps <= 2) == ("corcyra" in game.range_areas("Athens", "Military"))
    with open(DicelessGame.data_dir / "rules.toml", "rb") as f:
        numbers = tomllib.load(f)["numbers"]
    assert EXERCISES["7"].answer() == numbers["win_areas_capital_lost"] > numbers["win_areas"]
    assert set(EXERCISES["8"].answer()) == set(chits.specials["persian_gold"].passages)


def test_the_positions_match_the_questions():
    obs = EXERCISES["2"].position().observation(None)
    assert {a for a, side in obs["owner"].items() if side == "Athens"} == {"athens", "naupactus"}
    assert EXERCISES["3"].position is EXERCISES["2"].position
    obs = EXERCISES["4"].position().observation(None)
    assert obs["areas"]["megara"] == {"Sparta": 0, "Athens": 1} and obs["to_act"] == "Sparta"
    game = EXERCISES["5"].position()
    assert game.observation(None)["areas"]["boeotia"] == {"Sparta": 1, "Athens": 0}
    assert "Star" in game.state.hands[1]
    game = EXERCISES["6"].position()
    assert game.observation(None)["areas"]["corcyra"] == {"Sparta": 0, "Athens": 1}
    assert "the_few" in game.state.hands[1] and default_chits().specials["the_few"].favours == "Sparta"
    obs = EXERCISES["7"].position().observation(None)
    assert obs["owner"]["sparta"] == "Athens" and obs["owner"]["athens"] == "Athens"


def right_forms(number: str) -> list:
    right = EXERCISES[number].answer()
    if number == "1":
        return [right, right.lower(), "Military Option", " military option ", "⚔️", "the army"]
    if number in ("2", "3"):
        return [right, right.upper(), f" {right}. ", right == "yes"]
    if number in ("4", "7"):
        return [right, str(right), f" {right} ", float(right)]
    if number == "5":
        return [right, right.lower(), "the Athenians" if right == "Athens" else right]
    if number == "6":
        return ["nobody", "Nobody", "neutral", "no one", "none"]
    if number == "8":
        return ["8.18.1", " 8.18.1 ", "Thuc. 8.18.1", "8.18", *right]
    raise AssertionError(number)


@pytest.mark.parametrize("number", NUMBERS)
def test_right_answers_are_accepted(ex, number):
    for answer in right_forms(number):
        feedback = ex[number].check(answer)
        assert isinstance(feedback, Feedback)
        assert feedback.correct, (number, answer, feedback.message)
        assert "Right" in feedback._repr_html_()


# ------------------------------------------------------------------------------------------------------
# wrong answers: refused, with feedback that never gives the answer away
# ------------------------------------------------------------------------------------------------------
def wrong_answers(number: str) -> list:
    if number == "1":
        return ["Influence", "Coup!", "Void", "Star", "Persian Gold", "🗣️"]
    if number == "2":
        return ["yes", "Yes", True, "y"]
    if number == "3":
        return ["no", "No", False, "n"]
    if number == "4":
        return [0, 2, 3, "2", 7]
    if number == "5":
        return ["nobody", "Sparta", "neutral", "the Spartans"]
    if number == "6":
        return ["Athens", "Sparta", "the Athenians"]
    if number == "7":
        return [10, 12, 9, 15, 40]
    if number == "8":
        return ["1.118.3", "2.65.7", "3.82.1", "4.1.1", "8", "8.1-8.109"]
    raise AssertionError(number)


GIVEAWAY = {
    "1": [r"\bmilitary\b", r"\barmy\b", "⚔"],
    "2": [r"\bno\b", r"\bcannot\b", r"\bcan't\b"],
    "3": [r"\byes\b"],
    "4": [r"(?<![\w.-])1(?![\w.])", r"\bone\b"],
    "5": [r"\bathens\b"],
    "6": [r"\bnobody\b", r"\bneutral\b", r"\bno one\b", r"\bnone\b", r"\bempty\b"],
    "7": [r"\b11\b", r"\beleven\b"],
    "8": [r"\b8\.18\b", r"\b8\.5\.5\b", r"\b8\.29\b", r"\b2\.7\b"],
}


# Instructions that list every possible answer alike give nothing away.
NEUTRAL = (NO_ANSWER, 'answer "yes" or "no"', 'answer "Sparta", "Athens" or "nobody"')


def gives_away(number: str, message: str) -> bool:
    for phrase in NEUTRAL:
        message = message.replace(phrase, "")
    return any(re.search(pattern, message, re.IGNORECASE) for pattern in GIVEAWAY[number])


@pytest.mark.parametrize("number", NUMBERS)
def test_wrong_answers_are_refused_without_giving_the_answer(ex, number):
    messages = []
    for answer in wrong_answers(number):
        feedback = ex[number].check(answer)
        assert not feedback.correct, (number, answer)
        assert "Not yet" in feedback._repr_html_()
        assert not gives_away(number, feedback.message), (number, answer, feedback.message)
        messages.append(feedback.message)
    for hint in ex[number].hints:
        assert not gives_away(number, hint), (number, hint)
    assert ex[number].hints[0] in messages[0]
    assert any(ex[number].hints[-1] in m for m in messages)


@pytest.mark.parametrize("number", NUMBERS)
def test_hints_grow_one_per_try(ex, number):
    wrong = wrong_answers(number)[0]
    seen = [ex[number].check(wrong).message for _ in ex[number].hints]
    for message, hint in zip(seen, ex[number].hints, strict=True):
        assert hint in message
    assert len(set(ex[number].hints)) == len(ex[number].hints) >= 3


@pytest.mark.parametrize("number", NUMBERS)
def test_no_answer_yet_is_not_an_attempt(ex, number):
    feedback = ex[number].check(None)
    assert not feedback.correct and "None" in feedback.message
    assert ex[number].attempts == 0
    assert not gives_away(number, feedback.message)


@pytest.mark.parametrize("number, garbage", [("1", "a horse"), ("1", 3), ("2", "maybe"), ("3", 2), ("4", "two"),
                                             ("4", True), ("5", "Corinth"), ("6", 0), ("7", "ten"),
                                             ("8", "banana"), ("8", 8.18)])
def test_unreadable_answers_are_explained_not_crashed(ex, number, garbage):
    feedback = ex[number].check(garbage)
    assert not feedback.correct
    assert "could not read" in feedback.message
    assert not gives_away(number, feedback.message)


def test_feedback_html_escapes_what_the_pupil_typed(ex):
    html = ex["5"].check("<b>Corinth</b>")._repr_html_()
    assert "<b>Corinth" not in html


def test_every_exercise_cites_a_rule_and_shows_its_question_without_the_answer():
    for number, exercise in EXERCISES.items():
        assert exercise.id == number and exercise.rule.startswith("Diceless")
        html = exercise._repr_html_()
        assert html.startswith('<div class="pelo-exercise"') and f"<strong>{number}.</strong>" in html
    assert not any(ref in EXERCISES["8"]._repr_html_() for ref in ("8.5.5", "8.29.1", "2.7.1"))


# ------------------------------------------------------------------------------------------------------
# the notebook never holds an answer; the key agrees with the engine
# ------------------------------------------------------------------------------------------------------
def test_the_exercise_notebook_writes_no_answer_and_has_no_outputs():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert not any(c.get("outputs") for c in nb["cells"])
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    for number in EXERCISES:
        assert re.search(rf"^answer_{number} = None\b", code, re.MULTILINE)
        assert f'EXERCISES["{number}"].check(answer_{number})' in code
    assert ".answer()" not in code


def test_the_teachers_key_gives_the_engines_answers():
    key = KEY.read_text(encoding="utf-8")
    found = dict(re.findall(r"^## Exercise (\d+)\b.*?^\*\*Answer:\*\* (.+?)$", key, re.MULTILINE | re.DOTALL))
    assert sorted(found) == NUMBERS
    for number in NUMBERS:
        right = EXERCISES[number].answer()
        shown = "8.18.1" if number == "8" else str(right)
        assert shown.lower() in found[number].lower(), (number, found[number])
