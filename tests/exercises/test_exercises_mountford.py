"""The Mountford odds exercises (3-5, lesson 05): the answers written in the teacher's key are right, worked out a
second way here from the dice; a chance is accepted in the forms a student writes it; wrong answers get a remark
and a growing hint, never the answer; no function returns the answer."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from peloponnesos.exercises.mountford import EXERCISES, fresh_exercises, read_chance

ROOT = Path(__file__).resolve().parents[2]
KEY = (ROOT / "lesson_plans" / "exercises_mountford.md").read_text(encoding="utf-8")
ODDS = ("3", "4", "5")


def key_answer(number: str) -> str:
    block = KEY.split(f"## Exercise {number} —", 1)[1]
    return re.search(r"\*\*Answer: (\d+/\d+)\*\*", block).group(1)


def test_mountford_exercises_the_keys_answers_agree_with_the_dice_counted_here():
    # 3: Gythium's ships try in Thyrea (5+) and Cythera (4+): both rolls must fail
    assert Fraction(key_answer("3")) == Fraction(4, 6) * Fraction(3, 6)
    # 4: Athens +4 (Phormio 3, seamanship 1) against +2 (more and twice the SPs); ties to the leader
    assert Fraction(key_answer("4")) == Fraction(sum(x + 4 >= y + 2 for x, y in product(range(1, 7), repeat=2)), 36)
    # 5: siege points per face 0 0 1 1 1 2, three needed, two attempts
    points = (0, 0, 1, 1, 1, 2)
    assert Fraction(key_answer("5")) == Fraction(sum(points[a] + points[b] >= 3 for a, b in
                                                     product(range(6), repeat=2)), 36)


@pytest.mark.parametrize("number", ODDS)
def test_mountford_exercises_the_keys_answer_is_right_in_every_form_a_student_writes(number):
    exact = Fraction(key_answer(number))
    forms = [key_answer(number), f"{exact.numerator} in {exact.denominator}", exact, round(float(exact), 2),
             f"{float(exact) * 100:.0f}%"]
    for form in forms:
        feedback = fresh_exercises()[number].check(form)
        assert feedback.correct, (number, form, feedback.message)


@pytest.mark.parametrize("number", ODDS)
def test_mountford_exercises_a_wrong_chance_gets_a_remark_and_hints_never_the_answer(number):
    ex = fresh_exercises()[number]
    exact = key_answer(number)
    messages = [ex.check("1/2").message for _ in range(3)]
    assert all(not ex.check(None).correct for _ in range(2)) and ex.attempts == 3  # None is not a try
    for hint, message in zip(ex.hints, messages, strict=False):
        assert f"Hint: {hint}" in message and exact not in message
    with pytest.raises(PermissionError, match=re.escape("lesson_plans/exercises_mountford.md")):
        ex.answer()


@pytest.mark.parametrize(("answer", "says"), [("x", "fraction in quotes"), ("3/0", "0 below the line"),
                                              (2, "between 0 and 1"), (True, "not True or False")])
def test_mountford_exercises_an_answer_that_is_not_a_chance_is_explained(answer, says):
    feedback = fresh_exercises()["3"].check(answer)
    assert not feedback.correct and "could not read" in feedback.message and says in feedback.message


def test_mountford_exercises_reading_a_chance():
    assert read_chance("1/6") == read_chance("1 in 6") == Fraction(1, 6)
    assert read_chance("17%") == 0.17 and read_chance(0.5) == 0.5


def test_mountford_exercises_the_set_has_judgements_and_odds_in_order():
    assert list(EXERCISES) == ["1", "2", "3", "4", "5", "6", "7"]
    assert all(EXERCISES[n].rule.startswith("Mountford") for n in EXERCISES)
