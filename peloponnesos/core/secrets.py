"""Checking that a game keeps its secrets: nothing public may depend on hidden information.

A game with hidden information (stratagem hands, face-down chits) promises that everything the other
players and the spectators can see — their observation, the log lines and dice they may read, the prompt,
whose turn it is, which decisions are asked and which the engine takes by itself — is the same whatever
the secrets are. This module turns that promise into a test that any game can use:

    >>> import random
    >>> from peloponnesos.core.secrets import lockstep, twin
    >>> from peloponnesos.games.sfacteria import SfacteriaGame
    >>> a = SfacteriaGame(seed=3)
    >>> b = twin(a, hidden="Athens", seed=1)  # the same game, Athens' secret draws dealt otherwise
    >>> report = lockstep(a, b, hidden="Athens", choose=random.Random(0).choice, max_steps=40)
    >>> report.divergence is None
    True

* :func:`public_view` is what one viewer may see, as plain JSON values (:func:`public_json` as text);
* :func:`compare` finds the first part of two games' public views that differs and shows a readable diff;
* :func:`twin` makes a second copy of a game just started whose private draws differ for one side only;
* :func:`lockstep` plays two games side by side with the same public moves and compares them at every step.

The views are compared for every player but ``hidden`` and for a spectator (``None``). A player's own
secrets may differ between the games only if they are ``hidden``'s, so the other players' views must match
exactly, their own hands and legal actions included.
"""

from __future__ import annotations

import difflib
import json
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .dice import Dice
from .game import Game

PARTS = ("current_player", "prompt", "over", "result", "legal_actions", "observation", "log", "dice")


# -- what one viewer may see ----------------------------------------------------------------------------

def public_view(game: Game, viewer: str | None, *, log_from: int = 0, dice_from: int = 0) -> dict[str, Any]:
    """Everything ``viewer`` may see of ``game`` now (``None``: a spectator), as plain JSON values.

    Parts: ``current_player``, ``prompt``, ``over``, ``result``, ``legal_actions`` (only when ``viewer`` is
    to act: a player's choices are seen by that player), ``observation`` (``game.observation(viewer)``),
    ``log`` (the events ``viewer`` may read, in full: index, text, data …) and ``dice`` (the rolls and
    draws ``viewer`` may see). ``log_from`` and ``dice_from`` leave out the events and rolls before those
    positions (a driver that compares at every step looks only at what is new)."""
    to_act = game.current_player()
    over = game.is_over()
    result = game.result() if over else None
    return {
        "current_player": to_act,
        "prompt": game.prompt(),
        "over": over,
        "result": result.to_dict() if result is not None else None,
        "legal_actions": [str(a) for a in game.legal_actions()] if viewer is not None and to_act == viewer else None,
        "observation": game.observation(viewer),
        "log": [e.to_dict() for e in game.log.events[log_from:] if e.visible_to(viewer)],
        "dice": [r.to_dict() for r in game.dice.rolls[dice_from:] if r.private_to is None or r.private_to == viewer],
    }


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, indent=1, ensure_ascii=False, default=_plain)


def _plain(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    if isinstance(value, Action):
        return str(value)
    return repr(value)


def public_json(game: Game, viewer: str | None) -> str:
    """:func:`public_view` as canonical JSON text (sorted keys): equal texts, equal views."""
    return _canonical(public_view(game, viewer))


# -- comparing two games ------------------------------------------------------------------------------------

@dataclass
class Divergence:
    """The first place where two games' public views differ."""

    step: int  # how many moves had been played in each game (0: as set up)
    viewer: str | None  # whose view differs (None: a spectator's)
    part: str  # one of PARTS
    diff: str  # a unified diff of the part in the two games
    moves: list[str] = field(default_factory=list)  # the moves played in the first game, in order

    def __str__(self) -> str:
        who = "a spectator" if self.viewer is None else self.viewer
        last = "; ".join(self.moves[-5:]) or "none"
        return (f"the public views differ for {who}, in '{self.part}', after {self.step} move(s) "
                f"(the last ones: {last}):\n{self.diff}")


def _diff(a: Any, b: Any, limit: int = 60) -> str:
    lines = list(difflib.unified_diff(_canonical(a).splitlines(), _canonical(b).splitlines(), "first game",
                                      "second game", n=2, lineterm=""))
    if len(lines) > limit:
        lines = [*lines[:limit], f"... ({len(lines) - limit} more lines)"]
    return "\n".join(lines)


def _first_difference(a: dict, b: dict) -> tuple[str, str] | None:
    for part in PARTS:
        if part in a and _canonical(a[part]) != _canonical(b[part]):
            return part, _diff(a[part], b[part])
    return None


def compare(game_a: Game, game_b: Game, viewers: Iterable[str | None], *, step: int = 0) -> Divergence | None:
    """The first part of the public views of ``viewers`` that differs between the two games, or None."""
    for viewer in viewers:
        found = _first_difference(public_view(game_a, viewer), public_view(game_b, viewer))
        if found is not None:
            return Divergence(step, viewer, found[0], found[1], [str(m) for m in game_a.history])
    return None


def assert_same_public(game_a: Game, game_b: Game, viewers: Iterable[str | None]) -> None:
    """Raise ``AssertionError`` with a readable diff if the public views of ``viewers`` differ."""
    found = compare(game_a, game_b, viewers)
    if found is not None:
        raise AssertionError(str(found))


# -- two games with the same public history and different secrets -----------------------------------------

class SecretsApart(Exception):
    """The second game cannot be dealt the same secrets as the first for the players who are not hidden
    (their draws are no longer in its cup or bowl): the two games can be compared no further."""


class _DealtDice(Dice):
    """Dice whose private draws are chosen by a dealer (a draw still uses the generator exactly as a real
    one does, so everything after it stays in step)."""

    __slots__ = ("dealer",)

    @classmethod
    def like(cls, dice: Dice, dealer: Callable) -> _DealtDice:
        """These dice (same seed, counter, record …), with their private draws dealt by ``dealer``."""
        other = cls.__new__(cls)
        for name in Dice.__slots__:
            setattr(other, name, getattr(dice, name))
        other.dealer = dealer
        return other

    def draw(self, items: Sequence, k: int = 1, *, who: str = "", why: str = "", private: bool = False) -> tuple:
        if not private or self.pending_forced:
            return Dice.draw(self, items, k, who=who, why=why, private=private)
        if k > len(items):
            raise ValueError(f"cannot draw {k} from {len(items)} ({why})")
        pool = list(items)
        drawn = tuple(pool.pop(self._uniform(len(pool))) for _ in range(k))
        drawn = tuple(self.dealer(len(self.rolls), who, tuple(items), k, drawn))
        self._record("draw", drawn, len(items), who, why, False, who)
        return drawn


def _minus(items: Sequence, taken: Iterable) -> list | None:
    """``items`` without ``taken`` (as multisets), or None if ``taken`` is not all in ``items``."""
    left = Counter(items)
    left.subtract(Counter(taken))
    if any(n < 0 for n in left.values()):
        return None
    out = []
    for item in items:
        if left[item] > 0:
            out.append(item)
            left[item] -= 1
    return out


class MirrorDealer:
    """Deals a second game's private draws from the first game's record: the same items as in the first
    game for every player but ``hidden``, and other items for ``hidden`` where the cup allows (and where
    ``when(second game)`` says so, if given)."""

    def __init__(self, reference: Game, hidden: str, rng: random.Random,
                 when: Callable[[Game], bool] | None = None) -> None:
        self.reference = reference
        self.hidden = hidden
        self.rng = rng
        self.when = when
        self.game: Game | None = None  # the second game (set when it is made)

    def __call__(self, index: int, who: str, items: tuple, k: int, drawn: tuple) -> tuple:
        rolls = self.reference.dice.rolls
        ref = rolls[index] if index < len(rolls) else None
        if ref is None or ref.kind != "draw" or ref.who != who or len(ref.faces) != k or ref.sides != len(items):
            return drawn  # the games are already apart in public: the comparison says where
        if who != self.hidden or (self.when is not None and not self.when(self.game)):
            if _minus(items, ref.faces) is None:
                raise SecretsApart(f"{who}'s draw {ref.faces} is no longer possible in the second game")
            return ref.faces
        # keep back what the other players draw next in the first game, so that they can draw it here too
        later = [f for r in rolls[index + 1:] if r.kind == "draw" and r.private_to and r.who != self.hidden
                 for f in r.faces]
        pool = _minus(items, later)
        if pool is None or len(pool) < k:
            raise SecretsApart(f"the second game cannot deal {who} a draw that leaves the others theirs")
        choice = tuple(self.rng.sample(pool, k))
        for _ in range(8):
            if Counter(choice) != Counter(ref.faces):
                break
            choice = tuple(self.rng.sample(pool, k))
        return choice


_TWIN_CLASSES: dict[type, type] = {}


def _twin_class(cls: type[Game]) -> type[Game]:
    """A subclass of ``cls`` whose dice are dealt by a dealer from the very first draw of ``setup``."""
    found = _TWIN_CLASSES.get(cls)
    if found is None:
        class Twin(cls):
            def __init__(self, dealer: MirrorDealer, seed: int, **options: Any) -> None:
                self._dealer = dealer
                dealer.game = self
                super().__init__(seed, **options)

            def setup(self) -> None:
                self.dice = _DealtDice.like(self.dice, self._dealer)
                super().setup()

        Twin.__name__ = Twin.__qualname__ = f"Twin{cls.__name__}"
        Twin.__doc__ = f"{cls.__name__} whose private draws are dealt by a dealer (see peloponnesos.core.secrets)."
        found = _TWIN_CLASSES[cls] = Twin
    return found


def twin(game: Game, hidden: str, *, seed: int = 0, when: Callable[[Game], bool] | None = None) -> Game:
    """A second game like ``game`` (same class, seed and options), just started as ``game`` was, in which
    every player's private draws are the same as in ``game`` except ``hidden``'s, dealt otherwise (only those
    made while ``when(twin)`` is true, if given: ``when=lambda g: g.state.turn >= 3``).

    Call it on a game that was just made, then play both with :func:`lockstep`: ``game`` must stay ahead
    of (or level with) its twin, whose dealer reads ``game``'s record of draws."""
    if hidden not in game.players:
        raise ValueError(f"{hidden!r} is not a player of {game.title}; players: {', '.join(game.players)}")
    dealer = MirrorDealer(game, hidden, random.Random(seed), when)
    return _twin_class(type(game))(dealer, game.dice.seed, **game.options)


# -- playing two games side by side ---------------------------------------------------------------------------

@dataclass
class Lockstep:
    """What :func:`lockstep` found: the first divergence (None if none) and why it stopped."""

    steps: int  # moves played in each game
    ended: str  # "over", "stopped", "no common move", "secrets apart", "max steps" or "diverged"
    divergence: Divergence | None = None

    def __str__(self) -> str:
        if self.divergence is not None:
            return str(self.divergence)
        return f"the public views agreed for {self.steps} move(s); the games {self.ended}"


def _identity(action: Action) -> Hashable:
    return action


def lockstep(game_a: Game, game_b: Game, *, hidden: str, choose: Callable[[list], tuple[Action, Action]],
             key: Callable[[Action], Hashable] = _identity,
             stop: Callable[[Game, Game], bool] | None = None, max_steps: int = 10_000,
             determinize: bool = False) -> Lockstep:
    """Play two games side by side and compare the public views of every player but ``hidden`` (and a
    spectator) after every move. Returns at the first difference, with a readable diff.

    At each step the moves open in both games are paired by ``key`` (default: equal moves; a game whose
    hidden moves show only in part, such as a chit put face down on an area, pairs them by what the others
    see of them), ``choose`` picks a pair from the list (``random.Random(seed).choice`` will do) and each
    game plays its own half. The games end with ``ended``: ``"over"``; ``"stopped"`` when ``stop(a, b)``
    says so after a move (secrets revealed on purpose, such as chits turned over, make the views differ
    rightly from then on); ``"no common move"`` when the secrets leave the two games no move in common;
    ``"secrets apart"`` when a :func:`twin` can no longer be dealt the other players' draws;
    ``"max steps"``. With ``determinize=True`` each viewer's ``determinize(viewer, seed)`` copies of the
    two games must also be equal (state, history, dice record, log): they may hold only what that viewer
    could see."""
    viewers: list[str | None] = [p for p in game_a.players if p != hidden]
    viewers.append(None)
    marks = {id(g): {v: (0, 0) for v in viewers} for g in (game_a, game_b)}

    def check(step: int) -> Divergence | None:
        for viewer in viewers:
            views = []
            for g in (game_a, game_b):
                log_from, dice_from = marks[id(g)][viewer]
                views.append(public_view(g, viewer, log_from=log_from, dice_from=dice_from))
                marks[id(g)][viewer] = (len(g.log.events), len(g.dice.rolls))
            found = _first_difference(*views)
            if found is None and determinize and viewer is not None and not game_a.is_over():
                found = _determinized_difference(game_a, game_b, viewer, step)
            if found is not None:
                return Divergence(step, viewer, found[0], found[1], [str(m) for m in game_a.history])
        return None

    found = check(0)
    if found is not None:
        return Lockstep(0, "diverged", found)
    for step in range(1, max_steps + 1):
        if game_a.is_over():
            return Lockstep(step - 1, "over")
        paired: dict[Hashable, Action] = {}
        for b in game_b.legal_actions():
            paired.setdefault(key(b), b)
        pairs = [(a, paired[key(a)]) for a in game_a.legal_actions() if key(a) in paired]
        if not pairs:
            return Lockstep(step - 1, "no common move")
        a, b = choose(pairs)
        game_a.apply(a)
        try:
            game_b.apply(b)
        except SecretsApart:
            return Lockstep(step - 1, "secrets apart")
        if stop is not None and stop(game_a, game_b):
            return Lockstep(step, "stopped")
        found = check(step)
        if found is not None:
            return Lockstep(step, "diverged", found)
    return Lockstep(max_steps, "max steps")


def _determinized_difference(game_a: Game, game_b: Game, viewer: str, step: int) -> tuple[str, str] | None:
    seed = 1_000_003 * step + 17
    copies = [g.determinize(viewer, seed) for g in (game_a, game_b)]
    views = [{"state": c.snapshot(), "history": [a.to_dict() for a in c.history],
              "dice": [r.to_dict() for r in c.dice.rolls], "log": [e.to_dict() for e in c.log.events]}
             for c in copies]
    for part in ("state", "history", "dice", "log"):
        if _canonical(views[0][part]) != _canonical(views[1][part]):
            return f"determinize {part}", _diff(views[0][part], views[1][part])
    return None


__all__ = ["PARTS", "Divergence", "Lockstep", "MirrorDealer", "SecretsApart", "assert_same_public", "compare",
           "lockstep", "public_json", "public_view", "twin"]
