"""Exercises whose answer is a judgement about sources: which passage supports a rule, what a rule leaves out,
which source to trust for what. The student picks a choice (a letter); ``check()`` explains why that choice is
right or falls short, without naming the right one; one more hint comes with each wrong try.

The questions, choices, explanations and hints are written in the teacher's answer keys
(``lesson_plans/exercises_<game>.md``, between ``<!-- judgement game id -->`` markers), the only place that says
which choice is right. ``python -m peloponnesos.exercises.seal`` copies them into ``data/judgements.json``:
questions and choices as they are, each choice's explanation and whether it is right sealed with a key made from
that choice, so the package holds no readable answer key and has no function that returns one. (A student who
codes can always try every letter; the attempts are counted, as for every exercise.)

>>> from peloponnesos.exercises.judgement import judgements
>>> j = judgements("sfacteria")["6"]
>>> j.check(None).correct
False
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass, field
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from .base import Exercise

DATA = Path(__file__).parent / "data" / "judgements.json"
VERSION = 1
GAMES = ("sfacteria", "diceless", "mountford", "syracuse")
KEYS = {"sfacteria": "exercises_sfacteria.md", "diceless": "exercises_diceless.md",
        "mountford": "exercises_mountford.md", "syracuse": "exercises_syracuse.md"}


class JudgementDataError(Exception):
    """The sealed file does not say what is expected; the message names the file and the entry."""


# Sealing --------------------------------------------------------------------------------------------------------


def _key(salt: str, game: str, number: str, letter: str) -> bytes:
    return hashlib.sha256(f"{salt}|key|{game}|{number}|{letter}".encode()).digest()


def digest(salt: str, game: str, number: str, letter: str) -> str:
    """Where a choice's sealed explanation is filed (it says nothing about the choice)."""
    return hashlib.sha256(f"{salt}|{game}|{number}|{letter}".encode()).hexdigest()[:20]


def _stream(key: bytes, n: int) -> bytes:
    out = bytearray()
    counter = 0
    while len(out) < n:
        out.extend(hashlib.sha256(key + counter.to_bytes(4, "big")).digest())
        counter += 1
    return bytes(out[:n])


def seal(salt: str, game: str, number: str, letter: str, right: bool, why: str) -> str:
    payload = json.dumps({"right": right, "why": why}, ensure_ascii=False, sort_keys=True).encode()
    mask = _stream(_key(salt, game, number, letter), len(payload))
    return base64.b64encode(bytes(a ^ b for a, b in zip(payload, mask, strict=True))).decode()


def unseal(salt: str, game: str, number: str, letter: str, token: str) -> tuple[bool, str]:
    raw = base64.b64decode(token)
    data = json.loads(bytes(a ^ b for a, b in zip(raw, _stream(_key(salt, game, number, letter), len(raw)),
                                                      strict=True)).decode())
    return bool(data["right"]), str(data["why"])


# The exercise ---------------------------------------------------------------------------------------------------

LETTER = re.compile(r"^\s*[\(\[]?\s*([A-Za-z])\s*[\)\]\.:]?\s*$")


@dataclass
class JudgementExercise(Exercise):
    """A multiple-choice judgement about sources. ``choices``: (letter, text) pairs."""

    game: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    sealed: dict = field(default_factory=dict, repr=False)
    salt: str = field(default="", repr=False)

    def letter(self, answer: Any) -> str:
        """The choice a student means: a letter (``"B"``, ``"b"``, ``"(B)"``) or the start of the choice's text."""
        letters = [c for c, _ in self.choices]
        if not isinstance(answer, str):
            raise ValueError(f"answer with the letter of your choice in quotes, like \"{letters[0]}\"")
        match = LETTER.match(answer)
        if match and match[1].upper() in letters:
            return match[1].upper()
        text = " ".join(answer.lower().replace("–", "-").split())
        if len(text) >= 3:
            starts = [c for c, choice in self.choices
                      if " ".join(choice.lower().replace("–", "-").split()).startswith(text)]
            if len(starts) == 1:
                return starts[0]
            if starts:
                raise ValueError(f"choices {' and '.join(starts)} both start that way: answer with the letter")
        raise ValueError(f"answer with one of the letters {', '.join(letters)}, in quotes "
                         f"(for example \"{letters[0]}\")")

    def _judge(self, answer: Any) -> tuple[bool, str]:
        c = self.letter(answer)
        token = self.sealed.get(digest(self.salt, self.game, self.id, c))
        if token is None:
            raise JudgementDataError(f"{DATA.name}: {self.game} exercise {self.id} has no explanation for choice {c}; "
                                     "run python -m peloponnesos.exercises.seal")
        return unseal(self.salt, self.game, self.id, c, token)

    def answer(self) -> Any:
        key = KEYS.get(self.game, "exercises_*.md")
        raise PermissionError(f"The answer key is for the teacher: lesson_plans/{key}. check() tells you whether your "
                              "choice is right, and why.")

    def _repr_html_(self) -> str:
        rule = f" <em>({escape(self.rule)})</em>" if self.rule else ""
        choices = "".join(f'<li style="margin:3px 0"><strong>{escape(c)}.</strong> {escape(t)}</li>'
                          for c, t in self.choices)
        refs = f"<br><small>Passages: {escape(', '.join(self.passages))}</small>" if self.passages else ""
        return (f'<div class="pelo-exercise" data-kind="judgement" style="font-size:17px"><strong>{escape(self.id)}.'
                f'</strong> '
                f'{escape(self.question)}{rule}<ul style="list-style:none;padding-left:8px;margin:6px 0">{choices}</ul>'
                f'<small>Answer with the letter, in quotes: "{escape(self.choices[0][0])}".</small>{refs}</div>')

    def __str__(self) -> str:
        return "\n".join([f"{self.id}. {self.question} ({self.rule})", *(f"  {c}. {t}" for c, t in self.choices)])


@cache
def _data() -> dict:
    try:
        with open(DATA, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        raise JudgementDataError(f"{DATA.name}: cannot be read ({e}); run python -m peloponnesos.exercises.seal") \
            from None
    if data.get("version") != VERSION:
        raise JudgementDataError(f"{DATA.name}: version {data.get('version')!r}, expected {VERSION}")
    return data


def judgements(game: str) -> dict[str, JudgementExercise]:
    """A fresh set of the judgement exercises of ``game`` (attempt counters at zero), by number."""
    data = _data()
    if game not in data["games"]:
        raise KeyError(f"no judgement exercises for {game!r}: there are some for {', '.join(data['games'])}")
    out = {}
    for number, e in data["games"][game].items():
        j = JudgementExercise(id=number, question=e["question"], judge=lambda a: (False, ""), hints=tuple(e["hints"]),
                              rule=e["rule"], passages=tuple(e["passages"]), well_done="",
                              game=game, choices=tuple((c, t) for c, t in e["choices"]), sealed=dict(e["sealed"]),
                              salt=data["salt"])
        j.judge = j._judge
        out[number] = j
    return out
