"""Exercises on Brian Mountford's *Peloponnesian War*: judgements about sources (ages 14–18).

>>> from peloponnesos.exercises.mountford import EXERCISES
>>> EXERCISES["1"].check(None).correct
False

The answer to each is a judgement (which passage the map's sides rest on; which source to trust for where a
place is and whose side it was on), checked with explanations and hints; the answers are kept in the teacher's
key only (``lesson_plans/exercises_mountford.md``, see :mod:`.judgement`). The map and the frame (rules 10.x)
are *reconstructed*.
"""

from __future__ import annotations

from .base import Exercise
from .judgement import judgements

__all__ = ["EXERCISES", "fresh_exercises"]


def fresh_exercises() -> dict[str, Exercise]:
    """A new set with the attempt counters at zero (each student's notebook, or each test)."""
    return dict(judgements("mountford"))


EXERCISES: dict[str, Exercise] = fresh_exercises()
