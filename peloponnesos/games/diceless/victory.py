"""Victory (Diceless 6): ten areas win, eleven when your own capital is on the other side; after the
last turn the side with more areas wins, then the side with more counters; otherwise a draw."""

from __future__ import annotations

from .board import Board
from .state import SIDES, DicelessState


def areas(state: DicelessState, side: int) -> int:
    """How many areas are on ``side``'s side."""
    return state.owned[side].bit_count()


def counters(state: DicelessState, side: int) -> int:
    """How many orientation counters ``side`` has on the map."""
    if side == 0:
        return sum(c for c in state.counters if c > 0)
    return -sum(c for c in state.counters if c < 0)


def capital_lost(state: DicelessState, board: Board, side: int) -> bool:
    """True when the other side has counters on ``side``'s capital (a neutral capital is not lost)."""
    c = state.counters[board.capital[SIDES[side]]]
    return c < 0 if side == 0 else c > 0


def target(state: DicelessState, board: Board, side: int, win_areas: int = 10, win_areas_lost: int = 11) -> int:
    return win_areas_lost if capital_lost(state, board, side) else win_areas


def check(state: DicelessState, board: Board, *, last_turn: bool, win_areas: int = 10,
          win_areas_lost: int = 11) -> tuple[int | None, str, str] | None:
    """The end of a turn: ``(winner, level, reason)`` if the game is over, else ``None``.

    ``winner`` is 0 (Sparta), 1 (Athens) or ``None`` for a draw.
    """
    n = (areas(state, 0), areas(state, 1))
    reached = [n[s] >= target(state, board, s, win_areas, win_areas_lost) for s in (0, 1)]
    if reached[0] or reached[1]:
        if reached[0] != reached[1]:
            s = 0 if reached[0] else 1
            need = target(state, board, s, win_areas, win_areas_lost)
            extra = " (its own capital is in enemy hands, so it needed 11)" if need == win_areas_lost else ""
            return s, "victory", f"{SIDES[s]} has {n[s]} areas on its side{extra} (Diceless 6)"
        # both reached their target at the same check (CLARIFICATIONS 6)
        return _tie_break(state, n, "both sides reached their target in the same turn")
    if last_turn:
        return _tie_break(state, n, "nobody reached the target by the last turn")
    return None


def _tie_break(state: DicelessState, n: tuple[int, int], why: str) -> tuple[int | None, str, str]:
    if n[0] != n[1]:
        s = 0 if n[0] > n[1] else 1
        return s, "most areas", f"{why}; {SIDES[s]} has more areas, {n[s]} to {n[1 - s]} (Diceless 6)"
    k = (counters(state, 0), counters(state, 1))
    if k[0] != k[1]:
        s = 0 if k[0] > k[1] else 1
        return s, "most counters", (f"{why}; both have {n[0]} areas, and {SIDES[s]} has more counters, "
                                    f"{k[s]} to {k[1 - s]} (Diceless 6)")
    return None, "draw", f"{why}; both have {n[0]} areas and {k[0]} counters: a draw (Diceless 6)"
