"""What the games' public helpers share when they check a value given by hand (a space, a side, a number):
names found whatever their case and spacing, the nearest names for a "did you mean", and a refusal with
:class:`~peloponnesos.core.errors.OptionError` in one plain sentence. Each game's ``inputs`` module builds on it.
"""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches
from typing import Any

from .errors import OptionError


def shown(value: Any, limit: int = 40) -> str:
    """``value`` as a refusal quotes it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def fold(text: str) -> str:
    """A name as it is compared: spaces made single, case ignored."""
    return " ".join(text.split()).casefold()


def find_name(value: Any, known: Iterable[str]) -> str | None:
    """The name in ``known`` that ``value`` is, whatever its case and spacing (``None`` if none is)."""
    if not isinstance(value, str):
        return None
    known = list(known)
    if value in known:
        return value
    folded = fold(value)
    return next((name for name in known if fold(name) == folded), None)


def near_names(value: Any, known: Iterable[str], n: int = 3) -> list[str]:
    """The names in ``known`` nearest to ``value`` (for "did you mean"), nearest first."""
    if not isinstance(value, str):
        return []
    by_fold = {fold(k): k for k in known}
    return [by_fold[m] for m in get_close_matches(fold(value), list(by_fold), n=n, cutoff=0.6)]


def whole(value: Any, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (not text, not true/false); else refused."""
    if type(value) is not int or not low <= value <= high:
        quotes = " (write it as a number, without quotes)" if isinstance(value, str) else ""
        raise OptionError(f"{what} must be a whole number from {low} to {high}, not {shown(value)}{quotes}")
    return value


def side_named(game, value: Any, *, none: bool = False, spectator: str = "") -> str | None:
    """The side ``value`` names ("athens" is Athens); ``None`` too if ``none`` (``spectator`` then says what it
    means in the refusal)."""
    if value is None and none:
        return None
    found = find_name(value, game.players)
    if found is not None:
        return found
    also = f" (or None{spectator})" if none else ""
    raise OptionError(f"{shown(value)} is not a side of {game.title}; its sides are {' and '.join(game.players)}{also}")
