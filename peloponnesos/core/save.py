"""Saving and loading games as JSON.

A save holds the game's name, options and seed, any dice outcomes that were forced, and the list of
actions taken. Loading replays those actions through the rules, so a hand-edited or corrupted file
cannot smuggle in an impossible position: it is refused with a message that says what is wrong.
Nothing in a file is ever executed (no pickle, no eval).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import IllegalAction, SaveFileError, UnknownGame

FORMAT = "peloponnesos-save"
VERSION = 1
MAX_BYTES = 20_000_000


def dump_game(game, *, indent: int | None = 1) -> str:
    from .. import __version__

    data = {
        "format": FORMAT,
        "version": VERSION,
        "package_version": __version__,
        "game": game.name,
        "options": game.saved_options(),
        "seed": game.dice.seed,
        "forced_dice": game.dice.forced_log(),
        "actions": [a.to_dict() for a in game.history],
        "turn": game.turn,
        "digest": game.digest(),
    }
    return json.dumps(data, indent=indent, ensure_ascii=False)


def _fail(why: str) -> SaveFileError:
    return SaveFileError(f"This is not a saved game that can be loaded: {why}")


def _plain(value: Any, where: str) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise _fail(f"{where} has a key that is not text")
            _plain(v, where)
    elif isinstance(value, list):
        for v in value:
            _plain(v, where)
    elif not (value is None or isinstance(value, str | int | float | bool)):
        raise _fail(f"{where} holds something that is not plain data")


def load_game(source: str | bytes | Path):
    """Restore a game saved with ``game.to_json()`` (text, bytes, or a path to the file)."""
    from .registry import new_game

    if isinstance(source, Path):
        source = source.read_bytes()
    if isinstance(source, bytes):
        if len(source) > MAX_BYTES:
            raise _fail(f"the file is {len(source):,} bytes, far larger than any saved game")
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError:
            raise _fail("the file is not text (UTF-8)") from None
    if not isinstance(source, str):
        raise _fail(f"expected the saved text, got {type(source).__name__}")
    if len(source) > MAX_BYTES:
        raise _fail("the text is far larger than any saved game")
    try:
        data = json.loads(source)
    except json.JSONDecodeError as e:
        raise _fail(f"it is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}); "
                    "the file may be damaged or cut short") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(f"it does not say \"format\": \"{FORMAT}\"")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise _fail("its \"version\" is missing or not a whole number")
    if version > VERSION:
        raise _fail(f"it was saved by a newer peloponnesos (save format {version}; this one reads up to "
                    f"{VERSION}); update the package")
    if version < 1:
        raise _fail(f"save format {version} does not exist")
    for key, kind in (("game", str), ("options", dict), ("seed", int), ("actions", list)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise _fail(f"\"{key}\" is missing or of the wrong kind (expected {kind.__name__})")
    if data["seed"] < 0:
        raise _fail("\"seed\" must not be negative")
    forced = data.get("forced_dice", {})
    if not isinstance(forced, dict) or not all(k.isdigit() and isinstance(v, list) for k, v in forced.items()):
        raise _fail("\"forced_dice\" must map roll numbers to lists of outcomes")
    _plain(data["options"], "\"options\"")
    _plain(forced, "\"forced_dice\"")

    try:
        game = new_game(data["game"], seed=data["seed"], **data["options"])
    except UnknownGame as e:
        raise _fail(str(e)) from None
    except (ValueError, TypeError) as e:
        raise _fail(f"its options are not valid: {e}") from None
    game.dice.force_at({int(k): v for k, v in forced.items()})
    for i, raw in enumerate(data["actions"], start=1):
        try:
            game.apply(raw)
        except IllegalAction as e:
            raise _fail(f"action {i} of {len(data['actions'])} ({raw!r:.100}) is not allowed at that point "
                        f"of the game — {e}. The file was probably edited by hand.") from None
        except ValueError as e:
            raise _fail(f"action {i} of {len(data['actions'])} is damaged: {e}") from None
    digest = data.get("digest")
    if digest is not None and digest != game.digest():
        raise _fail("replaying its actions does not give the position that was saved (the file was edited, "
                    "or saved by a version with different rules)")
    return game
