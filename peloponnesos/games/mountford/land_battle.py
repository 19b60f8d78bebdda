"""Mountford 5.2 and 5.3: land combat — the running-skirmish choice, the hoplite battle and the skirmish.
Modifiers are *reconstructed* (tables.toml). Pure functions, shared by the engine and the exact odds."""

from __future__ import annotations

from .naval_battle import draw_losses, leadership, numbers


def skirmish_choice_modifier(tables, own_h: int, own_c: int, enemy_h: int, enemy_c: int, rating: int) -> int:
    """Mountford 5.2: the modifier to the roll for a running skirmish (tables.toml [skirmish_choice])."""
    m = tables.skirmish_choice
    total = leadership(m, rating)
    if own_c > enemy_c:
        total += m["more_cavalry"]
    if enemy_c == 0:
        total += m["enemy_no_cavalry"]
    if own_h < enemy_h:
        total += m["fewer_hoplites"]
    return total


def hoplite_modifier(tables, own_h: int, own_c: int, enemy_h: int, enemy_c: int, rating: int, home: bool,
                     skilled: int) -> int:
    """Mountford 5.2: one side's modifier in a hoplite battle (tables.toml [hoplite_battle])."""
    m = tables.hoplite
    return numbers(m, own_h, enemy_h) + _cavalry_ground_leader(m, own_c, enemy_c, rating, home) + skilled


def skirmish_modifier(tables, own_c: int, enemy_c: int, rating: int, home: bool) -> int:
    """Mountford 5.3: one side's modifier in a skirmish (tables.toml [skirmish])."""
    return _cavalry_ground_leader(tables.skirmish, own_c, enemy_c, rating, home)


def _cavalry_ground_leader(m: dict, own_c: int, enemy_c: int, rating: int, home: bool) -> int:
    """What a hoplite battle and a skirmish both count (5.2, 5.3): more cavalry, home ground, the leader."""
    return (m["more_cavalry"] if own_c > enemy_c else 0) + (m["home_ground"] if home else 0) + leadership(m, rating)


def hoplite_losses(win: int | None, diff: int, a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """Land SPs lost by each side (5.2): the loser loses the difference, at most the winner's hoplite SPs,
    less one per cavalry SP it has beyond the winner's, but at least one; a draw as in 5.2."""
    if win is None:
        return draw_losses(a[0] + a[1], b[0] + b[1])
    loser, winner_ = (b, a) if win == 0 else (a, b)
    lost = min(max(diff, 1), winner_[0]) - max(0, loser[1] - winner_[1])
    lost = min(max(lost, 1), loser[0] + loser[1])
    return (0, lost) if win == 0 else (lost, 0)


def skirmish_losses(win: int | None, a_sps: int, b_sps: int) -> tuple[int, int]:
    """Mountford 5.3: the loser of a skirmish loses one SP; a draw as in 5.2."""
    if win is None:
        return draw_losses(a_sps, b_sps)
    return (0, min(1, b_sps)) if win == 0 else (min(1, a_sps), 0)


def bellicosity_change(lost: int) -> int:
    """Mountford 5.5: a hoplite battle costing one SP moves bellicosity by one, two or more SPs by two."""
    return 0 if lost <= 0 else 1 if lost == 1 else 2
