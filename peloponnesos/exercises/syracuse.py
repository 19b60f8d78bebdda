"""Exercises on *The Siege of Syracuse*: judgements about sources (ages 14–18).

>>> from peloponnesos.exercises.syracuse import EXERCISES
>>> EXERCISES["1"].check(None).correct
False

The answer to each is a judgement (which passage the supply rule rests on; what the surrender rule leaves out),
checked with explanations and hints; the answers are kept in the teacher's key only
(``lesson_plans/exercises_syracuse.md``, see :mod:`.judgement`). The area map, counter values and tables are
*reconstructed*.
"""

from __future__ import annotations

from .base import Exercise
from .judgement import judgements

__all__ = ["EXERCISES", "fresh_exercises"]


def fresh_exercises() -> dict[str, Exercise]:
    """A new set with the attempt counters at zero (each student's notebook, or each test)."""
    return dict(judgements("syracuse"))


EXERCISES: dict[str, Exercise] = fresh_exercises()
