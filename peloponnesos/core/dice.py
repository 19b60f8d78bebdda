"""Seeded dice and draws that log every outcome (who rolled, why, the faces).

The generator is counter-based (SplitMix64 over ``seed`` and a counter), so its whole state is two
integers: saving, copying and replaying a game are exact and cheap. Outcomes can be *forced* (a test
setting up a position, or a class typing in the dice it rolled on the table); a forced outcome still
advances the counter, so what follows is the same as it would have been.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from .errors import OptionError

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Roll(NamedTuple):
    """One logged chance outcome: a roll of dice or a draw from a cup or bowl (an immutable tuple)."""

    index: int
    who: str
    why: str
    kind: str  # "roll" or "draw"
    faces: tuple  # die faces, or the items drawn
    sides: int = 6
    forced: bool = False
    private_to: str | None = None  # a secret draw is shown only to its owner

    @property
    def total(self) -> int:
        return sum(self.faces) if self.kind == "roll" else len(self.faces)

    def to_dict(self) -> dict:
        return {
            "index": self.index, "who": self.who, "why": self.why, "kind": self.kind,
            "faces": list(self.faces), "sides": self.sides, "forced": self.forced,
            "private_to": self.private_to,
        }


class Dice:
    """The only source of chance in a game.

    >>> d = Dice(seed=7)
    >>> d.roll(2, who="Sparta", why="action points") == Dice(seed=7).roll(2, who="Sparta", why="action points")
    True
    """

    __slots__ = ("_base", "_forced", "counter", "on_roll", "rolls", "seed")

    def __init__(self, seed: int | None = None, *, on_roll: Callable[[Roll], None] | None = None) -> None:
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise OptionError(f"A game number (seed) is a whole number, 0 or more, not {seed!r}.")
        self.seed = seed
        self._base = _mix((seed * _GAMMA) & _MASK)
        self.counter = 0
        self.rolls: list[Roll] = []
        self._forced: dict[int, tuple] = {}
        self.on_roll = on_roll

    # -- raw generator ---------------------------------------------------------------------------
    def _uniform(self, n: int) -> int:
        """A whole number in 0..n-1 (bias below n / 2**64, far below anything a game can show)."""
        self.counter += 1
        return _mix((self._base + self.counter * _GAMMA) & _MASK) % n

    # -- forcing ---------------------------------------------------------------------------------
    def force(self, *outcomes: int | Sequence) -> None:
        """Fix the next outcomes, in order: a number per single die, a tuple per roll or draw."""
        start = max([len(self.rolls), *(i + 1 for i in self._forced)])
        for offset, outcome in enumerate(outcomes):
            faces = tuple(outcome) if isinstance(outcome, (tuple, list)) else (outcome,)
            self._forced[start + offset] = faces

    def force_at(self, forced: dict[int, Iterable]) -> None:
        """Fix outcomes by roll index (used when a saved game is replayed)."""
        for index, faces in forced.items():
            self._forced[int(index)] = tuple(faces)

    @property
    def pending_forced(self) -> int:
        return len(self._forced)

    # -- rolls and draws -------------------------------------------------------------------------
    def roll(self, n: int = 1, sides: int = 6, *, who: str = "", why: str = "") -> tuple[int, ...]:
        """Roll ``n`` dice of ``sides`` faces; the roll is logged."""
        faces = (self._uniform(sides) + 1,) if n == 1 else tuple([self._uniform(sides) + 1 for _ in range(n)])
        forced = self._forced.pop(len(self.rolls), None) if self._forced else None
        if forced is not None:
            if len(forced) != n or not all(isinstance(f, int) and 1 <= f <= sides for f in forced):
                raise ValueError(f"forced roll {forced!r} is not {n} dice of 1..{sides} ({why})")
            faces = forced
        self._record("roll", faces, sides, who, why, forced is not None, None)
        return faces

    def d6(self, *, who: str = "", why: str = "") -> int:
        return self.roll(1, 6, who=who, why=why)[0]

    def draw(self, items: Sequence, k: int = 1, *, who: str = "", why: str = "",
             private: bool = False) -> tuple:
        """Draw ``k`` different items from ``items`` (a cup or a bowl), without putting them back."""
        if k > len(items):
            raise ValueError(f"cannot draw {k} from {len(items)} ({why})")
        pool = list(items)
        chosen = []
        for _ in range(k):
            chosen.append(pool.pop(self._uniform(len(pool))))
        drawn = tuple(chosen)
        forced = self._forced.pop(len(self.rolls), None) if self._forced else None
        if forced is not None:
            remaining = list(items)
            for item in forced:
                if item not in remaining:
                    raise ValueError(f"forced draw {forced!r}: {item!r} is not in the cup ({why})")
                remaining.remove(item)
            if len(forced) != k:
                raise ValueError(f"forced draw {forced!r} is not {k} items ({why})")
            drawn = forced
        self._record("draw", drawn, len(items), who, why, forced is not None, who if private else None)
        return drawn

    def choice(self, items: Sequence, *, who: str = "", why: str = "", private: bool = False):
        return self.draw(items, 1, who=who, why=why, private=private)[0]

    def _record(self, kind, faces, sides, who, why, forced, private_to) -> None:
        roll = Roll(len(self.rolls), who, why, kind, faces, sides, forced, private_to)
        self.rolls.append(roll)
        if self.on_roll is not None:
            self.on_roll(roll)

    # -- copies, saving, replay --------------------------------------------------------------------
    def clone(self, *, seed: int | None = None) -> Dice:
        """A copy; with ``seed`` a copy whose future is different (for bots that must not foresee)."""
        other = Dice.__new__(Dice)
        other.seed = self.seed
        other._base = self._base if seed is None else _mix((seed * _GAMMA) & _MASK)
        other.counter = self.counter
        other.rolls = list(self.rolls)
        other._forced = dict(self._forced)
        other.on_roll = None
        return other

    def forced_log(self) -> dict[str, list]:
        """The forced outcomes used so far, by roll index: enough, with the seed, to replay."""
        return {str(r.index): list(r.faces) for r in self.rolls if r.forced}

    @classmethod
    def replay(cls, rolls: Iterable[Roll | dict], **kwargs) -> Dice:
        """Dice that give exactly the logged outcomes again, in order (e.g. a game played with real dice)."""
        dice = cls(**kwargs)
        for r in rolls:
            faces = r.faces if isinstance(r, Roll) else tuple(r["faces"])
            dice.force(tuple(faces))
        return dice
