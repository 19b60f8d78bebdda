"""A decision the engine waits for: the legal actions, what choosing one does, and the rule it applies."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    options: Callable  # options(game) -> list of actions, in a stable order
    apply: Callable  # apply(game, action): carry out a legal action; then ask() the next decision or done()
    rule: str  # the rule section this decision belongs to
    what: str  # a few words for the prompt: "declare an impulse or pass"


def clamp(value: int, low: int, high: int) -> int:
    return low if value < low else high if value > high else value
