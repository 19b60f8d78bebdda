"""Mountford 5.1: naval battle — modifiers (*reconstructed*, tables.toml [naval_battle]), the winner,
the losses and draws. Pure functions of the numbers, shared by the engine and the exact odds."""

from __future__ import annotations

NO_LEADER = -1  # a leader rated "0" beats no leader in a tie (5.1)


def modifier(tables, own: int, enemy: int, rating: int, skilled: bool) -> int:
    """The total added to one side's die: numbers, its leader's battle rating, seamanship."""
    m = tables.naval
    return numbers(m, own, enemy) + leadership(m, rating) + (skilled or 0)


def numbers(m: dict, own: int, enemy: int) -> int:
    """The modifier for more SPs than the enemy, and for twice as many (5.1, 5.2; ``m`` a table's section)."""
    if own <= enemy:
        return 0
    return m["more_sps"] + (m["twice_sps"] if own >= 2 * enemy else 0)


def leadership(m: dict, rating: int) -> int:
    """The leader's battle rating added to the die, where the table says so (5.1-5.3)."""
    return rating if m["leader"] and rating > 0 else 0


def winner(a: int, b: int, rating_a: int, rating_b: int) -> int | None:
    """0 or 1 for the side with the higher modified roll, ties to the higher leader rating; None: a draw."""
    if a != b:
        return 0 if a > b else 1
    if rating_a != rating_b:
        return 0 if rating_a > rating_b else 1
    return None


def draw_losses(sps_a: int, sps_b: int) -> tuple[int, int]:
    """Mountford 5.1 and 5.2 draws: each side loses one SP; none if each has only one; if only one side
    has a single SP, that side alone is eliminated (CLARIFICATIONS 5.1)."""
    if sps_a == 1 and sps_b == 1:
        return 0, 0
    if sps_a == 1:
        return 1, 0
    if sps_b == 1:
        return 0, 1
    return min(1, sps_a), min(1, sps_b)


def losses(win: int | None, diff: int, n_a: int, n_b: int) -> tuple[int, int]:
    """Naval SPs lost by each side: the loser loses the difference (at least 1, CLARIFICATIONS 5.1), at
    most the winner's naval SPs, at most what it has; a draw as ``draw_losses``."""
    if win is None:
        return draw_losses(n_a, n_b)
    if win == 0:
        return 0, min(max(diff, 1), n_a, n_b)
    return min(max(diff, 1), n_b, n_a), 0


def leader_dies(die: int, bravery: int, side_won: bool) -> bool:
    """Mountford 5.7: at sea a leader can die only if his side lost or drew (unmodified die <= bravery)."""
    return not side_won and die <= bravery
