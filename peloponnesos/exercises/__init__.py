"""Exercises for the lessons: ``from peloponnesos.exercises import sfacteria``, then
``sfacteria.EXERCISES["1"].check(answer)``."""

from .base import Exercise, Feedback

__all__ = ["Exercise", "Feedback"]
