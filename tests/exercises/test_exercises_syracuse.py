"""The Syracuse wall exercises (3-4, lesson 06): the answers in the teacher's key are right, counted a second way
here from the die; wrong answers get a remark and a growing hint, never the answer; no function returns it."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from peloponnesos.exercises.syracuse import fresh_exercises

ROOT = Path(__file__).resolve().parents[2]
KEY = (ROOT / "lesson_plans" / "exercises_syracuse.md").read_text(encoding="utf-8")


def key_answer(number: str) -> str:
    block = KEY.split(f"### Exercise {number} —", 1)[1]
    return re.search(r"\*\*Answer: (\d+/\d+)\.?\*\*", block).group(1)


def test_syracuse_10_2_1_the_keys_wall_chances_agree_with_the_die_counted_here():
    # 3: +2 (two extra builders) +1 (Nicias) -1 (enemy next door): a 2 or more reaches 4
    assert Fraction(key_answer("3")) == Fraction(sum(face + 2 >= 4 for face in range(1, 7)), 6)
    # 4: -1 (enemy next door): a 5 or 6, and two tries
    one = Fraction(sum(face - 1 >= 4 for face in range(1, 7)), 6)
    assert Fraction(key_answer("4")) == 1 - (1 - one) ** 2


@pytest.mark.parametrize("number", ["3", "4"])
def test_syracuse_wall_exercises_right_in_every_form_and_wrong_ones_get_a_remark_not_the_answer(number):
    exercises = fresh_exercises()
    exact = Fraction(key_answer(number))
    for form in (key_answer(number), f"{exact.numerator} in {exact.denominator}", exact, round(float(exact), 2)):
        assert exercises[number].check(form).correct, form
    wrong = exercises[number].check("1/2")
    assert not wrong.correct and "Hint:" in wrong.message and key_answer(number) not in wrong.message
    with pytest.raises(PermissionError):
        exercises[number].answer()
    assert not exercises[number].check("half").correct
