"""Exact odds: chance as explicit outcomes with exact probabilities, for lessons, previews and bots.

Games describe a die-driven rule as a function of the faces; :func:`combine` enumerates every face and
gathers equal outcomes, so a lesson can show "Sparta wins 19 times in 36" rather than an estimate:

>>> battle = combine(lambda a, b: "A" if a > b else "B" if b > a else "draw", die(), die())
>>> battle["A"], battle.probability("draw")
(Fraction(5, 12), Fraction(1, 6))

Outcomes are any hashable values (a string, a number, a tuple, a frozen dataclass). Probabilities are
:class:`fractions.Fraction`, so figures add up exactly; ``float(p)`` or :meth:`Distribution.rows` give
numbers for charts. :func:`sequence` follows a rule that repeats (a siege, operation after operation)
until it ends or a cap is reached. :func:`monte_carlo` and :func:`agrees` check an exact figure against
random play (tests do this for every rule with exact odds). Standard library only: pandas and Plotly
come in ``peloponnesos.analysis``.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any

Outcome = Hashable


class Distribution(Mapping):
    """Outcomes with exact probabilities that add up to 1 (a read-only mapping outcome -> Fraction)."""

    __slots__ = ("_p",)

    def __init__(self, probabilities: Mapping[Outcome, Fraction | int] | Iterable[tuple[Outcome, Any]]) -> None:
        items = probabilities.items() if isinstance(probabilities, Mapping) else probabilities
        p: dict[Outcome, Fraction] = {}
        for outcome, weight in items:
            weight = Fraction(weight)
            if weight < 0:
                raise ValueError(f"a probability cannot be negative ({outcome!r}: {weight})")
            if weight:
                p[outcome] = p.get(outcome, Fraction(0)) + weight
        total = sum(p.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities must add up to 1, not {total}")
        self._p = p

    # -- making ---------------------------------------------------------------------------------------
    @classmethod
    def certain(cls, outcome: Outcome) -> Distribution:
        """The outcome that always happens."""
        return cls({outcome: 1})

    @classmethod
    def uniform(cls, outcomes: Iterable[Outcome]) -> Distribution:
        """Each of ``outcomes`` equally likely (a repeated outcome counts as often as it is listed)."""
        outcomes = list(outcomes)
        if not outcomes:
            raise ValueError("a uniform choice needs at least one outcome")
        share = Fraction(1, len(outcomes))
        return cls((o, share) for o in outcomes)

    @classmethod
    def weighted(cls, weights: Mapping[Outcome, int | Fraction]) -> Distribution:
        """Outcomes with weights that need not add up to 1 (they are scaled)."""
        total = sum((Fraction(w) for w in weights.values()), Fraction(0))
        if total <= 0:
            raise ValueError("weights must add up to more than 0")
        return cls((o, Fraction(w) / total) for o, w in weights.items())

    # -- the mapping ----------------------------------------------------------------------------------
    def __getitem__(self, outcome: Outcome) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._p

    def __iter__(self) -> Iterator[Outcome]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Distribution):
            return self._p == other._p
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{o!r}: {p}" for o, p in list(self.sorted())[:8])
        more = ", …" if len(self._p) > 8 else ""
        return f"Distribution({{{shown}{more}}})"

    # -- questions ------------------------------------------------------------------------------------
    def probability(self, event: Outcome | Callable[[Any], bool]) -> Fraction:
        """The chance of one outcome, or of every outcome for which ``event(outcome)`` is true."""
        if callable(event) and event not in self._p:
            return sum((p for o, p in self._p.items() if event(o)), Fraction(0))
        return self[event]

    def expectation(self, value: Callable[[Any], float | Fraction] | None = None) -> Fraction:
        """The average of ``value(outcome)`` (of the outcome itself if it is a number)."""
        f = value or (lambda o: o)
        return sum((Fraction(f(o)) * p for o, p in self._p.items()), Fraction(0))

    def most_likely(self) -> Outcome:
        return max(self._p.items(), key=lambda item: item[1])[0]

    def sorted(self, key: Callable[[Any], Any] | None = None) -> list[tuple[Outcome, Fraction]]:
        """(outcome, probability) pairs, by outcome when they can be compared, else most likely first."""
        items = list(self._p.items())
        try:
            return sorted(items, key=(lambda i: key(i[0])) if key else (lambda i: i[0]))
        except TypeError:
            return sorted(items, key=lambda i: -i[1])

    def rows(self, name: str = "outcome") -> list[dict[str, Any]]:
        """Plain rows for a table or chart: the outcome, its probability as a number and as "5/36"."""
        return [{name: o, "probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}
                for o, p in self.sorted()]

    # -- new distributions from this one ---------------------------------------------------------------
    def map(self, f: Callable[[Any], Outcome]) -> Distribution:
        """Outcomes turned into other outcomes; equal ones are gathered."""
        return Distribution((f(o), p) for o, p in self._p.items())

    def then(self, step: Callable[[Any], Distribution | Outcome]) -> Distribution:
        """What follows each outcome: ``step(outcome)`` is a distribution (more dice) or a plain outcome."""
        out: list[tuple[Outcome, Fraction]] = []
        for o, p in self._p.items():
            nxt = step(o)
            if isinstance(nxt, Distribution):
                out.extend((o2, p * p2) for o2, p2 in nxt._p.items())
            else:
                out.append((nxt, p))
        return Distribution(out)

    def given(self, event: Callable[[Any], bool]) -> Distribution:
        """The outcomes for which ``event`` holds, as if nothing else could happen (conditional odds)."""
        kept = {o: p for o, p in self._p.items() if event(o)}
        total = sum(kept.values(), Fraction(0))
        if not total:
            raise ValueError("that event cannot happen")
        return Distribution({o: p / total for o, p in kept.items()})

    def sample(self, rng: random.Random) -> Outcome:
        """One outcome drawn at random (for simulations; games roll through their own dice)."""
        x = Fraction(rng.random())
        for o, p in self._p.items():
            if x < p:
                return o
            x -= p
        return next(reversed(self._p))


def die(sides: int = 6) -> Distribution:
    """One die: faces 1..sides, each equally likely."""
    return Distribution.uniform(range(1, sides + 1))


def dice(n: int, sides: int = 6) -> Distribution:
    """The total of ``n`` dice."""
    return combine(lambda *faces: sum(faces), *([die(sides)] * n)) if n else Distribution.certain(0)


def binomial(n: int, p: Fraction | int) -> Distribution:
    """How many of ``n`` independent trials succeed, each with chance ``p`` (e.g. SPs lost when each
    rolls a die and a 5 or 6 eliminates it: ``binomial(4, Fraction(1, 3))``)."""
    p = Fraction(p)
    if n < 0 or not 0 <= p <= 1:
        raise ValueError(f"a binomial needs n >= 0 and 0 <= p <= 1, not n={n}, p={p}")
    q = 1 - p
    return Distribution({k: math.comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)})


def joint(*distributions: Distribution) -> Distribution:
    """Independent chances together: outcomes are tuples, one entry per distribution."""
    return combine(lambda *outcomes: outcomes, *distributions)


def combine(f: Callable[..., Outcome], *distributions: Distribution) -> Distribution:
    """``f`` of independent outcomes, over every combination (each die face, each draw)."""
    pairs = [list(d.items()) for d in distributions]
    out: dict[Outcome, Fraction] = {}
    for combo in itertools.product(*pairs):
        p = math.prod((q for _, q in combo), start=Fraction(1))
        o = f(*(x for x, _ in combo))
        out[o] = out.get(o, Fraction(0)) + p
    return Distribution(out)


def sequence(start: Outcome, step: Callable[[Any], Distribution | Outcome], done: Callable[[Any], bool], *,
             limit: int = 50) -> Distribution:
    """A rule repeated until it ends: from ``start``, apply ``step`` while ``done(state)`` is false, at most
    ``limit`` times. Outcomes are ``(state, steps)``; states still running after ``limit`` steps are kept
    as they are (so the probabilities add up to 1 and a lesson can say "not over after 10 operations")."""
    running = {start: Fraction(1)}
    finished: dict[Outcome, Fraction] = {}
    for n in range(limit + 1):
        nxt: dict[Outcome, Fraction] = {}
        for state, p in running.items():
            if done(state) or n == limit:
                finished[(state, n)] = finished.get((state, n), Fraction(0)) + p
                continue
            follow = step(state)
            if not isinstance(follow, Distribution):
                follow = Distribution.certain(follow)
            for s2, p2 in follow.items():
                nxt[s2] = nxt.get(s2, Fraction(0)) + p * p2
        running = nxt
        if not running:
            break
    return Distribution(finished)


def monte_carlo(sample: Callable[[random.Random], Outcome], n: int, *, seed: int = 0) -> dict[Outcome, int]:
    """How often each outcome came up in ``n`` random runs of ``sample(rng)`` (a seeded ``random.Random``)."""
    rng = random.Random(seed)
    counts: dict[Outcome, int] = {}
    for _ in range(n):
        o = sample(rng)
        counts[o] = counts.get(o, 0) + 1
    return counts


def agrees(exact: Distribution, counts: Mapping[Outcome, int], *, z: float = 4.5) -> bool:
    """Whether observed ``counts`` fit ``exact``: every outcome's share within ``z`` standard errors, and no
    outcome seen that the exact odds call impossible."""
    n = sum(counts.values())
    if n == 0:
        return False
    if any(o not in exact for o in counts):
        return False
    for o, p in exact.items():
        share = counts.get(o, 0) / n
        se = math.sqrt(float(p) * (1 - float(p)) / n) or 1 / n
        if abs(share - float(p)) > z * se + 1 / n:
            return False
    return True


__all__ = ["Distribution", "agrees", "binomial", "combine", "dice", "die", "joint", "monte_carlo", "sequence"]
