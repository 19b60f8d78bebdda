"""Copy the judgement exercises from the teacher's answer keys into the package, sealed.

    python -m peloponnesos.exercises.seal [lesson_plans]

reads ``lesson_plans/exercises_<game>.md`` for blocks like::

    <!-- judgement sfacteria 6 -->
    ## Exercise 6 — Which passage supports the Helot run? (Sfacteria 7)
    **Question.** ...
    **Passages:** 4.8.9, 4.26.5–7, ...
    **Choices.**
    - **A.** ...
    **Answer: B.**
    **What `check()` says:**
    - **A.** why A falls short (never naming the right choice)
    - **B.** why B is right
    **Hints:**
    1. ...
    <!-- /judgement -->

and writes ``peloponnesos/exercises/data/judgements.json`` (see :mod:`peloponnesos.exercises.judgement`). The
output depends only on the answer keys, so a test can check that the sealed file is up to date.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

from .judgement import DATA, GAMES, KEYS, VERSION, digest, seal

BLOCK = re.compile(r"<!-- judgement (\w+) (\w+) -->(.*?)<!-- /judgement -->", re.S)
TITLE = re.compile(r"^##+ .*?—\s*(.*?)\s*\(([^()]*)\)\s*$", re.M)
ITEM = re.compile(r"^- \*\*([A-Z])\.?\*\*\.?\s*(?:✔\.?\s*)?(.*?)\s*(?=^- \*\*[A-Z]|\Z)", re.M | re.S)
HINT = re.compile(r"^\d+\.\s+(.*?)\s*(?=^\d+\.\s|\Z)", re.M | re.S)


class KeyFormatError(ValueError):
    """An answer key that does not follow the format; the message names the file and the exercise."""


def _part(text: str, start: str, ends: tuple[str, ...]) -> str:
    at = text.find(start)
    if at < 0:
        return ""
    at += len(start)
    stop = min((i for i in (text.find(e, at) for e in ends) if i >= 0), default=len(text))
    return text[at:stop].strip()


def _flat(text: str) -> str:
    return " ".join(text.split())


def parse_block(name: str, game: str, number: str, block: str) -> dict:
    where = f"{name}: {game} exercise {number}"
    title = TITLE.search(block)
    if not title:
        raise KeyFormatError(f"{where}: the heading must read '## Exercise N — question title (Rule)'")
    ends = ("**Passages:**", "**Choices.**", "**Answer:", "**What `check()` says", "**Hints:**",
            "**Teacher notes.**")
    question = _flat(_part(block, "**Question.**", ends))
    passages = [p.strip() for p in _part(block, "**Passages:**", ends).split(",") if p.strip()]
    choices = [(c, _flat(t)) for c, t in ITEM.findall(_part(block, "**Choices.**", ends))]
    answer = re.search(r"\*\*Answer:\s*([A-Z])\.?\*\*", block)
    feedback = {c: _flat(t) for c, t in ITEM.findall(_part(block, "**What `check()` says", ends).split("\n", 1)[-1])}
    feedback = {c: t.removeprefix("Right:").strip() for c, t in feedback.items()}
    hints = [_flat(h) for h in HINT.findall(_part(block, "**Hints:**", ends))]
    letters = [c for c, _ in choices]
    if not question or len(choices) < 3:
        raise KeyFormatError(f"{where}: needs a **Question.** and at least three choices")
    if not answer or answer[1] not in letters:
        raise KeyFormatError(f"{where}: '**Answer: X.**' must name one of the choices {', '.join(letters)}")
    if set(feedback) != set(letters) or not all(feedback.values()):
        raise KeyFormatError(f"{where}: every choice needs its explanation under '**What `check()` says**'")
    if not hints:
        raise KeyFormatError(f"{where}: give at least one hint under '**Hints:**'")
    return {"title": title[1], "rule": title[2], "question": question, "passages": passages, "choices": choices,
            "answer": answer[1], "feedback": feedback, "hints": hints}


def read_keys(folder: Path) -> dict[str, dict[str, dict]]:
    """Every judgement exercise in the answer keys, by game and number."""
    found: dict[str, dict[str, dict]] = {}
    for game in GAMES:
        path = folder / KEYS[game]
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        for g, number, block in BLOCK.findall(text):
            if g != game:
                raise KeyFormatError(f"{path.name}: a judgement for {g!r} in the key of {game!r}")
            if number in found.setdefault(game, {}):
                raise KeyFormatError(f"{path.name}: exercise {number} appears twice")
            found[game][number] = parse_block(path.name, game, number, block)
    return found


def sealed(keys: dict[str, dict[str, dict]]) -> dict:
    """The sealed file's content (deterministic: the salt is a hash of the keys themselves)."""
    salt = hashlib.sha256(json.dumps(keys, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]
    games: dict[str, dict] = {}
    for game, exercises in keys.items():
        games[game] = {}
        for number, e in exercises.items():
            games[game][number] = {
                "title": e["title"], "rule": e["rule"], "question": e["question"], "passages": e["passages"],
                "choices": e["choices"], "hints": e["hints"],
                "sealed": {digest(salt, game, number, c): seal(salt, game, number, c, c == e["answer"],
                                                               e["feedback"][c]) for c, _ in e["choices"]},
            }
    return {"version": VERSION, "salt": salt,
            "note": "Made by python -m peloponnesos.exercises.seal from lesson_plans/exercises_*.md: edit those.",
            "games": games}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    folder = Path(argv[0]) if argv else Path("lesson_plans")
    try:
        keys = read_keys(folder)
    except KeyFormatError as e:
        print(e, file=sys.stderr)
        return 1
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(sealed(keys), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    counts = ", ".join(f"{game} {len(ex)}" for game, ex in keys.items())
    print(f"Sealed {sum(len(ex) for ex in keys.values())} judgement exercises ({counts}) into {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
