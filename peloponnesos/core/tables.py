"""Tables files: the values a game reads from data rather than code — its *reconstructed* tables, or the
published ones a teacher who owns the printed game types in.

Every game reads its tables through :func:`read_tables`, then takes each value with a typed getter
(:meth:`TableFile.integer`, :meth:`~TableFile.text`, …) that refuses a wrong value with a
:class:`~peloponnesos.core.errors.TablesError` naming the file, the line and what was expected:

>>> t = read_tables({"odds": {"rows": 8}}, origin="a test")
>>> t.integer("odds", "rows", low=2, high=20)
8

What a file may be: the path of a TOML file (a folder, a missing file, a file over ``MAX_BYTES``, text that
is not UTF-8 and bad TOML are all refused in plain words, and a big file is not read whole), the file's
contents as text (text with several lines, a ``key = value`` or a ``[section]`` is read as contents, unless a
file of that name exists; an empty text is refused), or its contents as data (the way a saved game carries the
tables it was played with, so that loading a save never opens a file).
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import TablesError

MAX_BYTES = 1_000_000  # a tables file is a few kilobytes; anything this big is not one
_MISSING = object()
_DIGITS = re.compile(r"[+-]?[0-9]+")


@dataclass(frozen=True)
class TableFile:
    """A tables file read and ready to be checked. ``data`` is plain JSON-like data (what a save carries)."""

    data: dict
    origin: str  # how messages name it: the path, or "the tables saved with the game"
    source_text: str | None = field(default=None, repr=False)  # the file's text, to find line numbers in

    @property
    def reconstructed(self) -> bool:
        """Whether the file says it is a reconstruction (``[meta] reconstructed = true``)."""
        meta = self.data.get("meta")
        return isinstance(meta, dict) and meta.get("reconstructed") is True

    # -- errors ------------------------------------------------------------------------------------
    def fail(self, keys: tuple, expected: str, value: Any = _MISSING) -> TablesError:
        """The error for the value at ``keys``: where it is, what was expected, what was found."""
        line = self.line_of(*keys)
        where = f"line {line}, " if line else ""
        if value is _MISSING:
            return TablesError(f"The tables file {self.origin} cannot be used: {where}{_path(keys)} is missing "
                               f"(it must be {expected}).")
        return TablesError(f"The tables file {self.origin} cannot be used: {where}{_path(keys)} must be {expected}; "
                           f"it is {_shown(value)}.")

    def line_of(self, *keys) -> int | None:
        """The line where ``keys`` (section names, then a key) is written, or its section's line."""
        if not self.source_text:
            return None
        names = [str(k) for k in keys if not isinstance(k, int)]
        if not names:
            return None
        section: list[str] = []
        best, best_len = None, 0
        for number, raw in enumerate(self.source_text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith(("'", '"')) else raw.strip()
            if line.startswith("["):
                section = _split_dotted(line.strip("[] "))
                matched = section
            else:
                key, eq, _ = line.partition("=")
                if not eq:
                    continue
                matched = section + _split_dotted(key.strip())
                if matched == names:
                    return number
            if matched and names[: len(matched)] == matched and len(matched) > best_len:
                best, best_len = number, len(matched)
        return best

    # -- getting values ----------------------------------------------------------------------------
    def get(self, *keys, default: Any = _MISSING) -> Any:
        node: Any = self.data
        for i, key in enumerate(keys):
            if isinstance(key, int):
                if not isinstance(node, list) or not -len(node) <= key < len(node):
                    if default is not _MISSING:
                        return default
                    raise self.fail(keys[: i + 1], "given")
                node = node[key]
                continue
            if not isinstance(node, dict):
                raise self.fail(keys[:i], "a table (a [section] with keys)", node)
            if key not in node:
                if default is not _MISSING:
                    return default
                raise self.fail(keys[: i + 1], "given")
            node = node[key]
        return node

    def section(self, *keys, default: Any = _MISSING) -> dict:
        value = self.get(*keys, default=default)
        if not isinstance(value, dict):
            raise self.fail(keys, "a table (a [section] with keys)", value)
        return value

    def integer(self, *keys, low: int | None = None, high: int | None = None, default: Any = _MISSING) -> int:
        """A whole number (not true/false, not a decimal, written with the digits 0–9), within bounds."""
        value = self.get(*keys, default=default)
        return self.check_integer(keys, value, low, high)

    def check_integer(self, keys: tuple, value: Any, low: int | None = None, high: int | None = None) -> int:
        if type(value) is not int:
            raise self.fail(keys, _bounds_words("a whole number", low, high), value)
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.fail(keys, _bounds_words("a whole number", low, high), value)
        return value

    def number(self, *keys, low: float | None = None, high: float | None = None, default: Any = _MISSING) -> float:
        value = self.get(*keys, default=default)
        if type(value) not in (int, float) or value != value or value in (float("inf"), float("-inf")):
            raise self.fail(keys, _bounds_words("a number", low, high), value)
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.fail(keys, _bounds_words("a number", low, high), value)
        return value

    def boolean(self, *keys, default: Any = _MISSING) -> bool:
        value = self.get(*keys, default=default)
        if value is not True and value is not False:
            raise self.fail(keys, "true or false", value)
        return value

    def text(self, *keys, choices=None, default: Any = _MISSING) -> str:
        value = self.get(*keys, default=default)
        if not isinstance(value, str):
            raise self.fail(keys, "text in quotes", value)
        if choices is not None and value not in choices:
            raise self.fail(keys, "one of " + ", ".join(repr(c) for c in choices), value)
        return value

    def array(self, *keys, length: int | None = None, min_length: int = 0, default: Any = _MISSING) -> list:
        value = self.get(*keys, default=default)
        if not isinstance(value, list):
            raise self.fail(keys, "a list in square brackets", value)
        if length is not None and len(value) != length:
            raise self.fail(keys, f"a list of exactly {length} entries", f"a list of {len(value)}")
        if len(value) < min_length:
            raise self.fail(keys, f"a list of at least {min_length} entries", f"a list of {len(value)}")
        return value

    def odds_columns(self, *keys) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
        """A combat table's odds columns ("1:3" … "4:1", worst to best for the attacker) and their ratios."""
        columns = tuple(self.text(*keys, i) for i in range(len(self.array(*keys, min_length=1))))
        ratios = []
        for i, c in enumerate(columns):
            parts = c.split(":")
            if len(parts) != 2:
                raise self.fail((*keys, i), 'odds written like "3:2"', c)
            ratios.append(tuple(self.whole((*keys, i), x, 1, 20) for x in parts))
        if any(ratios[i][0] * ratios[i + 1][1] >= ratios[i + 1][0] * ratios[i][1] for i in range(len(ratios) - 1)):
            raise self.fail(keys, "odds columns from worst to best for the attacker", list(columns))
        return columns, tuple(ratios)

    def whole(self, keys: tuple, text: Any, low: int | None = None, high: int | None = None) -> int:
        """A whole number written inside text ("3" in "3/1 A"): ASCII digits only, within bounds."""
        if not isinstance(text, str) or not _DIGITS.fullmatch(text.strip()):
            raise self.fail(keys, _bounds_words("a whole number written with the digits 0–9", low, high), text)
        return self.check_integer(keys, int(text), low, high)


def read_tables(source: str | os.PathLike | dict, *, origin: str | None = None) -> TableFile:
    """A tables file from its path, or from its contents as data (what a saved game carries)."""
    if isinstance(source, dict):
        try:
            data = json.loads(json.dumps(source))  # a private, plain copy
        except (TypeError, ValueError, RecursionError):
            raise TablesError(f"The tables {origin or 'given'} cannot be used: they are not plain data") from None
        return TableFile(data, origin or "saved with the game")
    if not isinstance(source, str | os.PathLike):
        raise TablesError(f"Tables are given as the path of a tables file (text) or its contents (a dict), "
                          f"not {type(source).__name__}")
    if isinstance(source, str) and not source.strip():
        raise TablesError("No tables file was named (the text is empty): give the path of a tables file or its "
                          "contents, or None for the reconstructed tables")
    if isinstance(source, str) and _looks_like_contents(source):
        name = origin or "given as text"
        if len(source.encode("utf-8", "replace")) > MAX_BYTES:
            raise TablesError(f"The tables {name} cannot be used: they are far larger than a tables file (at most "
                              f"{MAX_BYTES:,} bytes)")
        text = source
    else:
        path = Path(source)
        name = origin or str(path)
        text = _read_text(path, name)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TablesError(f"The tables file {name} cannot be used: it is not valid TOML ({e}). Compare it with "
                          "the file it was copied from.") from None
    return TableFile(json.loads(json.dumps(data, default=str)), name, text)  # a TOML date becomes text


def _looks_like_contents(text: str) -> bool:
    """Whether ``text`` is a tables file's contents rather than its path: it has several lines, a ``key = value``
    or a ``[section]`` (a file of that name that exists is still read as a path)."""
    first = text.lstrip()
    if not ("\n" in text or "=" in text or first.startswith(("[", "#"))):
        return False
    try:
        return not Path(text).is_file()
    except (OSError, ValueError):  # a name too long for a file, or with a NUL in it
        return True


def _read_text(path: Path, name: str) -> str:
    try:
        if path.is_dir():
            raise TablesError(f"The tables file {name} cannot be used: it is a folder, not a file")
        if not path.exists():
            raise TablesError(f"The tables file {name} cannot be used: there is no such file")
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise TablesError(f"The tables file {name} cannot be used: it is {size:,} bytes, far larger than a "
                              f"tables file (at most {MAX_BYTES:,})")
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise TablesError(f"The tables file {name} cannot be read: {e.strerror or e}") from None
    if len(raw) > MAX_BYTES:  # it grew while we looked
        raise TablesError(f"The tables file {name} cannot be used: it is far larger than a tables file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise TablesError(f"The tables file {name} cannot be used: line {line} is not UTF-8 text. Save the file "
                          "as UTF-8 (a letter such as é saved by an old Windows editor is the usual cause).") from None


def _split_dotted(key: str) -> list[str]:
    parts = re.findall(r'"([^"]*)"|\'([^\']*)\'|([^.\s]+)', key)
    return [a or b or c for a, b, c in parts]


def _path(keys: tuple) -> str:
    """``[land] `1:3`, entry 2`` for ("land", "1:3", 1)."""
    names = [str(k) for k in keys if not isinstance(k, int)]
    if not names:
        return "the file"
    entry = f", entry {keys[-1] + 1}" if isinstance(keys[-1], int) else ""
    sections = f"[{'.'.join(names[:-1])}] " if len(names) > 1 else ""
    return f"{sections}`{names[-1]}`{entry}"


def _bounds_words(kind: str, low, high) -> str:
    if low is not None and high is not None:
        return f"{kind} from {low} to {high}"
    if low is not None:
        return f"{kind} of at least {low}"
    if high is not None:
        return f"{kind} of at most {high}"
    return kind


def _shown(value: Any) -> str:
    if value is True or value is False:
        return "true/false"
    text = json.dumps(value, ensure_ascii=False) if isinstance(value, str | int | float | list | dict) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
