"""Checks at the entry of the engine's public helpers for lessons and prepared positions (``place``,
``set_walls``, ``start_impulse``, ``start_admin``): a value they cannot use is refused with
:class:`~peloponnesos.core.errors.OptionError` and one plain sentence naming it and some valid choices, before
anything changes.

Names of areas, counters, leaders, sides and kinds of impulse are accepted whatever their case ("l-9" is the
area ``L-9``, "nicias" is Nicias, "athens" is the side Athens, "Naval" a naval impulse); numbers must be whole
numbers (not text, not true/false).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import OptionError
from ...core.inputs import find_name, near_names, shown, side_named, whole
from .state import ELIM, POOL

__all__ = ["area", "kind", "piece", "ship", "shown", "side", "turn", "whole"]

#: the places off the map a counter may be put (``place``): off the map (reinforcements), the pool, eliminated
OFF_MAP = {"OFF": -1, "POOL": POOL, "ELIM": ELIM}
#: areas and pieces named as examples in a refusal
AREA_EXAMPLES = ["L-9", "H-5", "I-1", "B-1", "S-1"]
PIECE_EXAMPLES = ["A-H1", "S-H1", "A-N1", "SIC1", "Nicias", "Gylippus"]
#: the kinds of impulse (rule 6.1.2)
KINDS = ("ground", "naval")
#: the most impulses a side may initiate in a turn (rule 6.1: the roll, modified, is kept from 1 to 5)
MOST_IMPULSES = 5
#: the statuses of a unit (``place(status=…)``): 0 Normal, 1 Disrupted, 2 Routed (rule 8.5)
STATUSES = {0: "normal", 1: "disrupted", 2: "routed"}


def _choices(known: list[str], value: Any, examples: list[str], what: str, few: int = 6) -> str:
    """' (did you mean X?); <what> are such as a, b, c, …': the nearest names to ``value`` first, then
    ``examples``."""
    near = near_names(value, known)
    hint = f" (did you mean {' or '.join(near)}?)" if near else ""
    rest = [k for k in examples if k not in near][:few]
    return f"{hint}; {what} are such as {', '.join(rest)}, …"


def area(game, value: Any, *, off_map: bool = False) -> int:
    """The index of the area ``value`` names ("l-9" is ``L-9``); with ``off_map``, "OFF", "POOL" and "ELIM"
    too (their negative codes)."""
    ids = list(game.map.ids)
    found = find_name(value, ids)
    if found is not None:
        return game.map.index[found]
    if off_map:
        where = find_name(value, list(OFF_MAP))
        if where is not None:
            return OFF_MAP[where]
    also = ", or OFF, POOL or ELIM for a counter off the map" if off_map else ""
    raise OptionError(f"{game.title} has no area {shown(value)}{_choices(ids, value, AREA_EXAMPLES, 'its areas')} "
                      f"(all of them: SyracuseGame.board()['areas']){also}")


def piece(game, value: Any) -> tuple[str, int, str]:
    """("unit" or "leader", its index, its id) for the counter or leader ``value`` names ("a-h1" is A-H1)."""
    counters = game.counters
    found = find_name(value, list(counters.unit_index))
    if found is not None:
        return "unit", counters.unit_index[found], found
    found = find_name(value, list(counters.leader_index))
    if found is not None:
        return "leader", counters.leader_index[found], found
    known = list(counters.unit_index) + list(counters.leader_index)
    raise OptionError(f"{game.title} has no counter or leader {shown(value)}"
                      f"{_choices(known, value, PIECE_EXAMPLES, 'they')} "
                      f"(all of them: game.observation(None)['units'] and ['leaders'])")


def ship(game, value: Any, carried: str) -> int:
    """The index of the naval unit ``value`` names, to carry ``carried``."""
    kind, i, name = piece(game, value)
    if kind != "unit" or game.counters.units[i].type != "N" or name == carried:
        ships = [u.id for u in game.counters.units if u.type == "N"]
        raise OptionError(f"{carried} can only be aboard a naval unit, and {shown(value)} is not one; naval units "
                          f"are such as {', '.join(ships[:4])}, …")
    return i


def side(game, value: Any, *, none: bool = False) -> int | None:
    """The index of the side ``value`` names ("athens" is Athens); ``None`` too if ``none``."""
    found = side_named(game, value, none=none)
    return None if found is None else game.players.index(found)


def kind(game, value: Any) -> str:
    """A kind of impulse, "ground" or "naval" (any case)."""
    found = find_name(value, list(KINDS))
    if found is None:
        raise OptionError(f"An impulse is ground or naval (Syracuse 6.1.2), not {shown(value)}")
    return found


def turn(game, value: Any) -> int | None:
    """None (the turn stays) or a turn of this game, 1 to its last turn."""
    if value is None:
        return None
    return whole(value, f"The turn (this game's last turn is {game.last_turn})", 1, game.last_turn)
