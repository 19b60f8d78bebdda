"""Sequential halving with common random numbers: how the searching bots compare their candidate actions.

Each round deals the same futures (one seed each: the hidden chits or stratagems dealt again, the dice) to every
candidate still in the race, ranks them by their mean result and keeps the better half, until ``keep`` are left.
The budget is a number of simulations spread evenly over the rounds, so a seed gives the same choice on any
computer; a time limit may cut the race short (the candidates are then ranked as they stand, none dropped).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from random import Random


@dataclass
class Halving:
    """The result of a race: the candidates left, best first; the simulations played; whether it was cut short."""

    ranked: list
    simulations: int
    cut_short: bool


def sequential_halving(candidates: Sequence[Hashable], simulate: Callable[[Hashable, int], float], rng: Random, *,
                       simulations: int, keep: int = 1, deadline: float | None = None,
                       check_each_deal: bool = False) -> Halving:
    """Race ``candidates`` (the favourite first: a stable sort lets it win ties) with ``simulate(candidate, seed)``,
    one seed per deal drawn from ``rng``, until ``keep`` are left.

    ``simulations`` is the budget: each round gets an even share of what is left, at least one deal. ``deadline``
    (a ``time.perf_counter()`` value) ends the race after the round in which it passes or, with
    ``check_each_deal``, after the deal in which it passes or the budget runs out."""
    alive = list(candidates)
    totals = dict.fromkeys(alive, 0.0)
    counts = dict.fromkeys(alive, 0)
    sims = 0
    rounds = max(1, math.ceil(math.log2(len(alive) / keep))) if len(alive) > keep else 0
    while len(alive) > keep:
        deals = max(1, (simulations - sims) // (len(alive) * rounds))
        rounds = max(rounds - 1, 1)
        cut = False
        for _ in range(deals):
            seed = rng.getrandbits(62)
            for a in alive:
                totals[a] += simulate(a, seed)
                counts[a] += 1
                sims += 1
            if check_each_deal and (sims >= simulations or _past(deadline)):
                cut = True
                break
        alive.sort(key=lambda a: -totals[a] / counts[a])
        if cut or (not check_each_deal and _past(deadline)):
            return Halving(alive, sims, True)
        alive = alive[: max(keep, len(alive) // 2)]
    return Halving(alive, sims, False)


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() > deadline
