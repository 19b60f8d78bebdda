"""Saving and loading games as JSON.

A save holds the game's name, options and seed, any dice outcomes that were forced, and the list of
actions taken (a game whose position was changed by hand, which those cannot give back, is refused when
saved). Loading replays those actions through the rules, so a hand-edited or corrupted file
cannot smuggle in an impossible position: it is refused with a message that says what is wrong.
Nothing in a file is ever executed (no pickle, no eval), and nothing in a file makes the loader open
another file: options that could name a file (published tables) must be carried in the save as data.

Every refusal is a :class:`SaveFileError` with one sentence a teacher can read.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .errors import IllegalAction, OptionError, PeloponnesosError, SaveFileError, UnknownGame

FORMAT = "peloponnesos-save"
VERSION = 1
MAX_BYTES = 20_000_000
MAX_DEPTH = 32  # a save nests a few levels (options, tables); anything deeper is not a save
MAX_ACTIONS = 200_000


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
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    try:  # a save records only the moves: make sure they give this position back before it is written anywhere
        load_game(text)
    except SaveFileError:
        raise SaveFileError(
            "This game cannot be saved: its position was changed by hand (with place(), clear_board() or the "
            "like), not only by moves, and a save records only the moves. Start it with new_game(...) and a "
            "prepared scenario option instead, or play on without saving.") from None
    return text


def _fail(why: str) -> SaveFileError:
    return SaveFileError(f"This is not a saved game that can be loaded: {why}")


def _plain(value: Any, where: str, depth: int = 0) -> None:
    """Refuse anything but JSON's plain values, and nesting deeper than any save has."""
    if depth > MAX_DEPTH:
        raise _fail(f"{where} is nested far deeper than any saved game")
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise _fail(f"{where} has a key that is not text")
            _plain(v, where, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _plain(v, where, depth + 1)
    elif not (value is None or isinstance(value, str | int | float | bool)):
        raise _fail(f"{where} holds something that is not plain data")


def _read_file(path: Path) -> bytes:
    """The bytes of a saved-game file named by the person loading it (never by a save)."""
    try:
        if path.is_dir():
            raise _fail(f"{path} is a folder, not a saved-game file")
        if not path.exists():
            raise _fail(f"there is no file called {path}")
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise _fail(f"the file {path} is {size:,} bytes, far larger than any saved game")
        with open(path, "rb") as f:
            return f.read(MAX_BYTES + 1)
    except OSError as e:
        raise _fail(f"the file {path} cannot be read ({e.strerror or e})") from None


def _as_text(source: Any) -> str:
    """The save's text from text, bytes or the path of a file."""
    if isinstance(source, os.PathLike):
        source = _read_file(Path(source))
    elif isinstance(source, str) and _names_a_file(source):
        # the name of a file, typed by the person loading (reading it is what they asked for)
        source = _read_file(Path(source.strip()))
    if isinstance(source, bytearray | memoryview):
        source = bytes(source)
    if isinstance(source, bytes):
        if len(source) > MAX_BYTES:
            raise _fail(f"the file is {len(source):,} bytes, far larger than any saved game")
        try:
            source = source.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise _fail("the file is not text (UTF-8)") from None
    if not isinstance(source, str):
        raise _fail(f"expected the saved text, a file's bytes or its path, not {type(source).__name__}")
    if len(source) > MAX_BYTES:
        raise _fail("the text is far larger than any saved game")
    if not source.strip():
        raise _fail("it is empty")
    return source


def _names_a_file(text: str) -> bool:
    """Whether ``text`` is a file's name rather than a save's text: one short line, not JSON, that ends in
    .json or names something that exists."""
    name = text.strip()
    if not name or name[0] in "{[\"" or "\n" in name or len(name) > 1024:
        return False
    try:
        return name.lower().endswith(".json") or os.path.exists(name)
    except (OSError, ValueError):
        return False


def _forced_dice(forced: Any) -> dict[int, list]:
    if not isinstance(forced, dict):
        raise _fail("\"forced_dice\" must map roll numbers to lists of outcomes")
    out = {}
    for key, value in forced.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 9):
            raise _fail(f"\"forced_dice\" has the key {key[:20]!r}, which is not a roll number (0, 1, 2 …)")
        if not isinstance(value, list) or not value or len(value) > 100:
            raise _fail(f"\"forced_dice\" roll {key} must list its outcomes")
        for item in value:
            if isinstance(item, bool) or not isinstance(item, int | str):
                raise _fail(f"\"forced_dice\" roll {key} holds {item!r:.30}, which is not a die face or a drawn item")
        out[int(key)] = value
    return out


def load_game(source: str | bytes | os.PathLike):
    """Restore a game saved with ``game.to_json()``: its text, its bytes, or the path of the file."""
    from .registry import game_class, new_game

    text = _as_text(source)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise _fail(f"it is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}); "
                    "the file may be damaged or cut short") from None
    except (ValueError, RecursionError, MemoryError):  # numbers of thousands of digits, absurd nesting
        raise _fail("it is not a JSON file this program can read (absurdly long numbers or deep nesting)") from None
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
    if not 0 <= data["seed"] < 2**64:
        raise _fail("\"seed\" must be a whole number from 0 to 2**64 - 1")
    if len(data["actions"]) > MAX_ACTIONS:
        raise _fail(f"it lists {len(data['actions']):,} actions, far more than any game has")
    forced = _forced_dice(data.get("forced_dice", {}))
    _plain(data["options"], "\"options\"")
    _plain(data["actions"], "\"actions\"")

    try:
        cls = game_class(data["game"])
    except UnknownGame as e:
        raise _fail(str(e)) from None
    for key in cls.file_options:
        if isinstance(data["options"].get(key), str):
            raise _fail(f"its option \"{key}\" names a file; a saved game carries such a file's contents, "
                        "never its name, so that loading it does not open files on this computer")
    try:
        game = new_game(data["game"], seed=data["seed"], **data["options"])
    except (OptionError, PeloponnesosError, ValueError, TypeError) as e:
        raise _fail(f"its options are not valid: {e}") from None
    game.dice.force_at(forced)
    n = len(data["actions"])
    for i, raw in enumerate(data["actions"], start=1):
        try:
            game.apply(raw)
        except IllegalAction as e:
            raise _fail(f"action {i} of {n} ({json.dumps(raw, ensure_ascii=False)[:100]}) is not allowed at that "
                        f"point of the game — {str(e).rstrip('.')}. The file was probably edited by hand.") from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
            # a forced die that does not fit its roll, or fields the rules cannot read: damaged, not a crash
            raise _fail(f"action {i} of {n} cannot be replayed: the file is damaged or was edited by hand "
                        f"({type(e).__name__})") from e
    if game.dice.pending_forced:  # a save lists only the forced dice its game used: these would load the dice
        raise _fail("it fixes dice that have not been rolled yet (a save carries only the dice already rolled); "
                    "the file was edited by hand")
    digest = data.get("digest")
    if digest is not None and digest != game.digest():
        raise _fail("replaying its actions does not give the position that was saved (the file was edited, "
                    "or saved by a version with different rules)")
    return game
