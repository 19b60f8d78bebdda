"""Student exercises with a ``check()`` that gives feedback without giving the answer away.

The right answer is worked out by the game engine when ``check`` runs (it is not written in the
notebook). A wrong answer gets a hint; the hints grow more specific with each try but never state the
answer. Teachers find the answers in the lesson plan's answer key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

NO_ANSWER = "No answer yet: replace None with your answer and run the cell again."
GOOD = "border-left: 6px solid #009E73; background: #E6F4EF; padding: 8px 12px; font-size: 17px;"
BAD = "border-left: 6px solid #D55E00; background: #FBEDE3; padding: 8px 12px; font-size: 17px;"


@dataclass(frozen=True, slots=True)
class Feedback:
    correct: bool
    message: str
    attempt: int

    def _repr_html_(self) -> str:
        icon = "✔ Right." if self.correct else "✘ Not yet."
        return f'<div class="pelo-feedback" style="{GOOD if self.correct else BAD}"><strong>{icon}</strong> ' \
               f"{escape(self.message)}</div>"

    def __str__(self) -> str:
        return f"{'Right' if self.correct else 'Not yet'}: {self.message}"

    def __bool__(self) -> bool:
        return self.correct


@dataclass
class Exercise:
    """One question. ``judge(answer)`` returns ``(correct, remark)``; ``remark`` may explain a common
    mistake (never the answer). ``hints`` are given one more per wrong try."""

    id: str
    question: str
    judge: Callable[[Any], tuple[bool, str]]
    hints: Sequence[str] = ()
    rule: str = ""
    passages: Sequence[str] = ()
    well_done: str = "Well reasoned."
    position: Callable[[], Any] | None = None  # builds the position the question states (to draw it)
    solution: Callable[[], Any] | None = None  # the right answer, from the engine (teachers and tests)
    attempts: int = field(default=0, init=False)

    def check(self, answer: Any) -> Feedback:
        if answer is None:  # the cell as handed out: not an attempt yet
            return Feedback(False, NO_ANSWER, self.attempts)
        self.attempts += 1
        try:
            correct, remark = self.judge(answer)
        except (TypeError, ValueError) as e:
            return Feedback(False, f"I could not read that answer: {e}", self.attempts)
        if correct:
            return Feedback(True, " ".join(x for x in (remark, self.well_done) if x), self.attempts)
        hint = self.hints[min(self.attempts, len(self.hints)) - 1] if self.hints else ""
        return Feedback(False, " ".join(x for x in (remark, f"Hint: {hint}" if hint else "") if x), self.attempts)

    def answer(self) -> Any:
        """The right answer, worked out by the engine (for teachers and tests; notebooks never call it)."""
        if self.solution is None:
            raise ValueError(f"exercise {self.id} has no solution function")
        return self.solution()

    def _repr_html_(self) -> str:
        rule = f" <em>({escape(self.rule)})</em>" if self.rule else ""
        refs = f"<br><small>Thucydides {escape(', '.join(self.passages))}</small>" if self.passages else ""
        return f'<div class="pelo-exercise" style="font-size:17px"><strong>{escape(self.id)}.</strong> ' \
               f"{escape(self.question)}{rule}{refs}</div>"


def as_int(answer: Any) -> int:
    if isinstance(answer, bool):
        raise ValueError("give a number, not True or False")
    if isinstance(answer, int):
        return answer
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if isinstance(answer, str) and answer.strip().lstrip("-").isdigit():
        return int(answer.strip())
    raise ValueError(f"give a whole number, not {answer!r}")


def normalise_text(answer: Any) -> str:
    if not isinstance(answer, str):
        raise ValueError(f"give your answer as text in quotes, not {answer!r}")
    return " ".join(answer.lower().replace("–", "-").replace(":", " : ").split())


def read_reference(answer: Any, example: str = "1.1.1"):
    """A passage reference typed by a student, parsed (a clear message if it is not one)."""
    from ..sources.references import BadReference, parse_reference

    if not isinstance(answer, str):
        raise ValueError(f"write the passage as text in quotes, like \"{example}\" (not a {type(answer).__name__})")
    try:
        return parse_reference(answer)
    except BadReference as e:
        raise ValueError(str(e)) from None


def with_solutions(exercises: dict[str, Exercise], solutions: dict[str, Callable[[], Any]]) -> dict[str, Exercise]:
    """Attach each exercise's solution function (kept apart so the questions read cleanly)."""
    for key, exercise in exercises.items():
        exercise.solution = solutions[key]
    return exercises
