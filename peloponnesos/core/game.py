"""The base every game engine builds on: state, legal actions, apply, observation, log and dice.

A game subclass keeps *all* its changing state in ``self.state`` (an object with ``copy()`` and
``to_dict()``), declares its players, actions and rule book, and implements:

* ``setup()`` — put the pieces out (called once, dice ready);
* ``current_player()`` — who must decide now (``None`` when the game is over);
* ``legal_actions()`` — every action allowed now, for ``current_player()``;
* ``check(action)`` — raise :class:`IllegalAction` for a forbidden action, changing nothing;
* ``execute(action)`` — carry out an action ``check`` accepted (rolling dice, logging events);
* ``is_over()``, ``result()``, ``observation(player)``.

``apply()`` runs ``check`` then ``execute``, so an illegal action never touches the state.
"""

from __future__ import annotations

import functools
import hashlib
import json
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from .actions import Action, action_from_dict
from .dice import Dice, Roll
from .errors import IllegalAction, OptionError
from .inputs import find_name
from .log import EventLog
from .rules import RuleBook


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended. ``winner`` is ``None`` for a draw."""

    winner: str | None
    level: str  # "total", "marginal", "decisive", "draw" … as the game's rules name it
    reason: str
    scores: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "level": self.level, "reason": self.reason, "scores": dict(self.scores)}


_CITATIONS: dict[tuple[type, str | None], str | None] = {}  # (game class, rule number) -> how the log cites it
_UNKNOWN = object()


class _RollLogger:
    """The dice's ``on_roll``: logs each roll in its game without keeping the game alive. (A bound method
    would make a game -> dice -> game cycle, so every finished game would wait for the cyclic garbage
    collector, which then walks all the games piled up so far; games that play fast make a lot of them.)"""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = weakref.ref(game)

    def __call__(self, roll: Roll) -> None:
        game = self._game()
        if game is not None:
            game._log_roll(roll)


class Game:
    """One game being played. Subclasses set the class attributes and the methods listed above."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    players: ClassVar[tuple[str, ...]] = ()
    action_types: ClassVar[dict[str, type[Action]]] = {}
    data_dir: ClassVar[Path | None] = None
    option_defaults: ClassVar[dict[str, Any]] = {}

    _rulebook_cache: ClassVar[dict[str, RuleBook]] = {}

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        self.options = self.check_options(options)
        self.log = EventLog()
        self.dice = Dice(seed, on_roll=_RollLogger(self))
        self.history: list[Action] = []
        self.state: Any = None
        self.setup()

    # -- to be provided by each game --------------------------------------------------------------
    def setup(self) -> None:
        raise NotImplementedError

    def current_player(self) -> str | None:
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def check(self, action: Action) -> None:
        """Default: the action must be one of ``legal_actions()``; games give better reasons."""
        if action not in self.legal_actions():
            raise self.illegal(self.turn_rule(), f"{action} is not possible now")

    def execute(self, action: Action) -> None:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> Result | None:
        raise NotImplementedError

    def observation(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator, who sees no hidden information). A game's own
        ``observation`` is given ``player`` checked by :meth:`viewer` (see ``__init_subclass__``)."""
        raise NotImplementedError

    def viewer(self, player: Any) -> str | None:
        """The side ``player`` names, whatever its case ("athens" is Athens), or ``None`` for a spectator; anything
        else is refused with :class:`OptionError` naming it and the sides (it used to get a spectator's view,
        or a raw error, depending on the game)."""
        if player is None:
            return None
        found = find_name(player, self.players)
        if found is not None:
            return found
        raise OptionError(f"{_short(player)} is not a side of {self.title}; its sides are "
                          f"{' and '.join(self.players)} (or None for a spectator)")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's ``observation`` checks its viewer first (:meth:`viewer`), so no game can show a view for
        a side that does not exist or answer a side written in small letters with a spectator's view."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("observation")
        if own is not None and not getattr(own, "checks_viewer", False):

            @functools.wraps(own)
            def observation(self: Game, player: Any = None) -> dict[str, Any]:
                return own(self, self.viewer(player))

            observation.checks_viewer = True
            cls.observation = observation

    def prompt(self) -> str:
        """One plain sentence saying who must decide what now (shown above the controls)."""
        if self.is_over():
            result = self.result()
            return f"The game is over: {result.winner or 'nobody'} wins ({result.reason})."
        return f"{self.current_player()} to act."

    def turn_rule(self) -> str:
        """The rule number that governs whose turn it is (used in generic errors)."""
        return "3"

    # -- options ---------------------------------------------------------------------------------
    #: What each option accepts, for options whose default does not say it (``None`` defaults), as a test and
    #: the words for a teacher: ``{"strength": (whole_number(1, 20), "a whole number from 1 to 20")}``.
    #: Options whose default is true/false, a whole number or text must keep that kind.
    option_checks: ClassVar[dict[str, tuple[Any, str]]] = {}
    #: Options that may name a file on this computer (published tables): a saved game must carry the file's
    #: contents instead, so that loading a save never opens a file.
    file_options: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """The options merged over the defaults; an unknown option or a value of the wrong kind is refused
        with :class:`OptionError` (a value ``None`` keeps the default behaviour)."""
        unknown = set(options) - set(cls.option_defaults)
        if unknown:
            known = ", ".join(sorted(cls.option_defaults)) or "none"
            raise OptionError(f"{cls.title} has no option(s) {', '.join(sorted(map(str, unknown)))}; "
                              f"its options: {known}")
        for key, value in options.items():
            problem = _option_problem(cls, key, value)
            if problem is not None:
                raise OptionError(f"{cls.title}: option {key} must be {problem}, not {_short(value)}")
        merged = dict(cls.option_defaults)
        merged.update(options)
        return merged

    # -- the rule book ---------------------------------------------------------------------------
    @classmethod
    def rules(cls) -> RuleBook:
        if cls.name not in Game._rulebook_cache:
            if cls.data_dir is None:
                raise RuntimeError(f"{cls.__name__} has no data_dir holding rules.toml")
            Game._rulebook_cache[cls.name] = RuleBook.from_toml(cls.data_dir / "rules.toml", cls.name)
        return Game._rulebook_cache[cls.name]

    def illegal(self, rule: str, reason: str, action: Action | None = None) -> IllegalAction:
        """Build the error for rule ``rule`` ("7.1"), cited the way the rulebook is ("Sfacteria 7.1")."""
        book = self.rules()
        citation = book[rule].citation if rule in book else f"{book.prefix} {rule}"
        return IllegalAction(citation, reason, action=action)

    # -- playing ---------------------------------------------------------------------------------
    _action_classes: ClassVar[frozenset] = frozenset()  # the game's action classes (filled on first use)

    def apply(self, action: Action | dict | str) -> None:
        """Check ``action`` against the rules and carry it out; an illegal one changes nothing."""
        cls = type(self)
        if type(action) not in cls._action_classes:
            if not cls._action_classes:
                cls._action_classes = frozenset(cls.action_types.values())
            action = self.to_action(action)
        problem = action.field_problem()
        if problem is not None:
            raise self.illegal(self.turn_rule(), problem, action)
        if self.is_over():
            raise self.illegal(self.turn_rule(), "the game is over; no more actions can be taken", action)
        self.check(action)
        self.history.append(action)
        self.execute(action)

    def to_action(self, action: Action | dict | str) -> Action:
        """The game's own action object for ``action`` (an action, its dict or its text), or IllegalAction."""
        if isinstance(action, Action):
            kind = type(action)
            if self.action_types.get(kind.kind) is not kind and kind not in self.action_types.values():
                raise self.illegal(self.turn_rule(), f"{type(action).__name__} is not an action of {self.title}")
            return action
        if isinstance(action, dict):
            try:
                built = action_from_dict(action, self.action_types)
            except ValueError as e:
                raise self.illegal(self.turn_rule(), str(e)) from None
            problem = built.field_problem()
            if problem is not None:
                raise self.illegal(self.turn_rule(), problem, built)
            return built
        if isinstance(action, str):
            if len(action) > 500:
                raise self.illegal(self.turn_rule(), "that text is far too long to be an action")
            parsed = self.parse_action(action)
            if parsed is None:
                raise self.illegal(self.turn_rule(), f"'{action}' is not one of the actions possible now")
            return parsed
        shown = repr(action)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise self.illegal(self.turn_rule(), f"{shown} is not an action (give an action, its dict or its text)")

    def parse_action(self, text: str) -> Action | None:
        """The action written as ``text`` (its ``str``): a legal one, or one the rules will explain
        why not. Games whose actions carry fields may override this to parse illegal ones too."""
        text = " ".join(text.split())
        for legal in self.legal_actions():
            if str(legal) == text:
                return legal
        for cls in self.action_types.values():
            try:
                candidate = cls()
            except TypeError:
                continue
            if str(candidate) == text:
                return candidate
        return None

    @property
    def turn(self) -> int | None:
        return getattr(self.state, "turn", None)

    @property
    def phase(self) -> str:
        return getattr(self.state, "phase", "")

    def event(self, kind: str, text: str, *, side: str | None = None, rule: str | None = None,
              private_to: str | None = None, **data: Any) -> None:
        """Append to the log, stamped with the turn and phase; ``rule`` is cited in full ("Diceless 4"). Nothing
        is done with the log off; with it on, the citation is looked up once per game class and rule, and the
        event takes its place when the log is read (``EventLog.record``)."""
        log = self.log
        if log.enabled:
            citation = _CITATIONS.get((type(self), rule), _UNKNOWN)
            if citation is _UNKNOWN:
                citation = self._citation(rule)
            log.record(kind, text, self.turn, self.phase, side, citation, private_to, data)

    @classmethod
    def _citation(cls, rule: str | None) -> str | None:
        """How ``rule`` is cited in the log ("Diceless 4" for "4"; a number the book lacks, or none, as it is),
        remembered for the class."""
        citation = rule
        if rule:
            book = cls.rules()
            if rule in book:
                citation = book[rule].citation
        _CITATIONS[cls, rule] = citation
        return citation

    def _log_roll(self, roll: Roll) -> None:
        if self.log.enabled:
            self.log.later(_roll_fields, roll, self.turn, self.phase)

    # -- copies ----------------------------------------------------------------------------------
    def clone(self, *, log: bool = False, reseed: int | None = None) -> Game:
        """A cheap independent copy. ``reseed`` gives it a different future of dice, so a bot that
        searches cannot foresee the real rolls; ``log=False`` (default) turns logging off for speed."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.state = self.state.copy()
        other.dice = self.dice.clone(seed=reseed)
        other.log = self.log.copy() if log else EventLog(enabled=False)
        other.dice.on_roll = _RollLogger(other) if log else None
        other.history = list(self.history)
        return other

    #: kinds of action whose fields hold what the other players do not see (a stratagem chosen in secret, a
    #: chit put face down): a determinized copy leaves them out of its ``history``
    secret_actions: ClassVar[frozenset[str]] = frozenset()

    def determinize(self, player: str, seed: int) -> Game:
        """A copy for a bot that searches, holding nothing ``player`` could not see: the dice get another
        future (and another seed), and the record is cut to what ``player`` saw (see ``_forget_secrets``).
        Games with hidden information extend this: ``other = super().determinize(player, seed)``, then deal
        the secrets ``player`` cannot see again at random (the opponent's hand …) from what is left."""
        other = self.clone(reseed=seed)
        other.dice.seed = seed  # the real seed, with the moves, would replay the real secrets
        other._forget_secrets(player)
        return other

    def _forget_secrets(self, player: str) -> None:
        """Cut this copy's record to what ``player`` saw: no draw private to someone else in the dice record,
        no outcome forced for the real game's future, no log line private to someone else, and no move of a
        kind in ``secret_actions`` in the history (whoever made it: a copy is for looking ahead, not for
        replaying). The state itself is the game's business (``determinize`` re-deals it)."""
        dice = self.dice
        dice.rolls = [r for r in dice.rolls if r.private_to is None or r.private_to == player]
        dice._forced = {}
        if self.log.events:
            self.log.events = [e for e in self.log.events if e.private_to is None or e.private_to == player]
        secret = self.secret_actions
        if secret:
            self.history = [a for a in self.history if a.kind not in secret]

    # -- digests and saving ------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The full state as plain JSON values (hidden information included)."""
        return self.state.to_dict()

    def digest(self) -> str:
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"), default=list)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def saved_options(self) -> dict[str, Any]:
        """The options a save records (a game may replace one that names a file on this computer by its data)."""
        return self.options

    def to_json(self, *, indent: int | None = 1) -> str:
        """Save: the game, its options, seed and actions (replayed on load), plus a digest to check."""
        from .save import dump_game

        return dump_game(self, indent=indent)

    def __repr__(self) -> str:
        status = "over" if self.is_over() else f"{self.current_player()} to act"
        return f"<{self.title}: turn {self.turn}, {self.phase}, {status}>"


def _roll_fields(roll: Roll, turn: int | None, phase: str) -> tuple:
    """The log's fields for a roll or a draw (``Game._log_roll``), after ``index``."""
    faces = roll.faces
    if roll.kind == "roll":
        return (turn, phase, roll.who or None, "roll", f"{roll.who} rolls {'+'.join(map(str, faces))} for {roll.why}",
                None, {"why": roll.why, "forced": roll.forced, "roll_index": roll.index, "faces": list(faces),
                       "total": sum(faces)}, roll.private_to)
    return (turn, phase, roll.who or None, "draw", f"{roll.who} draws {', '.join(map(str, faces))} ({roll.why})",
            None, {"why": roll.why, "forced": roll.forced, "roll_index": roll.index, "items": list(faces)},
            roll.private_to)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def whole_number(low: int, high: int):
    """A test for an option that is a whole number from ``low`` to ``high`` (not true/false)."""
    return lambda v: type(v) is int and low <= v <= high


def _option_problem(cls: type[Game], key: str, value: Any) -> str | None:
    """Words for what option ``key`` expects, if ``value`` is not of that kind (``None`` is always allowed)."""
    if value is None:
        return None
    check = cls.option_checks.get(key)
    if check is not None:
        test, words = check
        return None if test(value) else words
    default = cls.option_defaults.get(key)
    if isinstance(default, bool):
        return None if value is True or value is False else "true or false"
    if isinstance(default, int):
        return None if type(value) is int else "a whole number"
    if isinstance(default, str):
        return None if type(value) is str else "text"
    return None
