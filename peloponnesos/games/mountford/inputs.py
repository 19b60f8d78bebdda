"""Checks at the entry of the engine's public helpers (``plan_routes``, ``preview_battle``, ``preview_siege``,
``place``, ``set_owner``, ``give_operation``; ``observation``'s viewer is checked by ``Game.viewer``): a value
they cannot use is refused with :class:`~peloponnesos.core.errors.OptionError` and one plain sentence naming it,
before anything changes.

Names of spaces, city-states and sides are accepted whatever their case ("Sparta" for the city-state
``sparta``, "athens" for the side ``Athens``); numbers must be whole numbers (not text, not true/false).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import OptionError
from ...core.inputs import find_name, near_names, shown, side_named, whole

#: the ways an army may be routed (Objective.via): usual paths, ignoring mountain paths (4.5.3), Taenarum (4.2)
VIAS = ("", "no_mountains", "taenarum")
#: the most SPs of one arm a helper works with (the text of an action takes at most three digits)
MOST_SPS = 999


def _choices(known: list[str], value: Any, few: int = 6) -> str:
    """'such as a, b, c, …' with the nearest names to ``value`` first."""
    near = near_names(value, known)
    hint = f" (did you mean {' or '.join(near)}?)" if near else ""
    rest = [k for k in known if k not in near][:few]
    listed = ", ".join(rest) + (", …" if len(known) > len(rest) else "")
    return f"{hint}; they are named in lower case, such as {listed}"


def _named(value: Any, known: dict | list | tuple, what: str, title: str, many: str, role: str = "") -> str:
    found = find_name(value, known)
    if found is not None:
        return found
    raise OptionError(f"{title} has no {what} {shown(value)}{role}{_choices(sorted(known), value)} "
                      f"(all of them: game.observation()['{many}'])")


def space(game, value: Any, role: str = "") -> str:
    """The id of the space ``value`` names ("Sparta" is ``sparta``); ``role`` follows it in a refusal."""
    return _named(value, game.board.index, "space", game.title, "spaces", role)


def city(game, value: Any) -> str:
    """The id of the city-state ``value`` names ("Sparta" is ``sparta``)."""
    return _named(value, game.cities, "city-state", game.title, "cities")


def side(game, value: Any, *, none: bool = False) -> str | None:
    """The side ``value`` names ("athens" is ``Athens``); ``None`` too if ``none``."""
    return side_named(game, value, none=none, spectator=" for a spectator")


def sps(game, value: Any, what: str, *, low: int = 0) -> int:
    """A whole number of SPs from ``low`` to MOST_SPS."""
    return whole(value, what, low, MOST_SPS)


def hcn(game, value: Any, what: str = "the SPs") -> tuple[int, int, int]:
    """(hoplites, cavalry, naval): three whole numbers of SPs."""
    if not isinstance(value, tuple | list) or len(value) != 3:
        raise OptionError(f"{what} must be three whole numbers (hoplites, cavalry, naval) such as (7, 1, 0), "
                          f"not {shown(value)}")
    return tuple(sps(game, v, f"{what} ({arm})") for v, arm in zip(value, ("hoplites", "cavalry", "naval"),
                                                                    strict=True))


def via(game, value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str) and value in VIAS:
        return value
    raise OptionError(f"via must be '' (the usual paths), 'no_mountains' (avoiding mountain paths, Mountford "
                      f"4.5.3) or 'taenarum' (by the Taenarum crossing, Mountford 4.2), not {shown(value)}")


def leader(game, value: Any) -> str:
    """'' (no leader) or a leader's name ("archidamus" is Archidamus)."""
    if value == "" or value is None:
        return ""
    found = find_name(value, game.leaders)
    if found is not None:
        return found
    raise OptionError(f"{game.title} has no leader {shown(value)}; its leaders are "
                      f"{', '.join(sorted(game.leaders)[:6])}, … (all of them: game.observation()['leaders'])")


def flag(game, value: Any, what: str, *, none: bool = False) -> bool | None:
    if value is True or value is False or (none and value is None):
        return value
    also = ", or None" if none else ""
    raise OptionError(f"{what} must be True or False{also}, not {shown(value)}")
