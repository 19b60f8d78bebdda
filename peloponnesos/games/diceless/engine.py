"""A Peloponnesian War (diceless): the rules engine.

Two sides, ``"Sparta"`` and ``"Athens"`` (in that order in ``players``), try to turn the areas of the
Greek world to their side with secret chits (rules in ``data/rules.toml``; every reading of an unclear
rule in ``CLARIFICATIONS.md``). The only chance is the drawing of chits from the cup and the Gods' toss
of an orientation counter, both through ``self.dice``; a seed replays a game exactly.

Options (all JSON-plain, saved with the game)
---------------------------------------------
``first_placer``  ``"Sparta"``, ``"Athens"`` or ``None``: who puts the free counter down first
                  (Diceless 1.1: the younger player). ``None`` asks, unless ``ages`` decides.
``ages``          ``{"Sparta": 9, "Athens": 10}`` or ``None``: the younger player places first.
``names``         ``{"Sparta": "Lucia", "Athens": "Marco"}`` or ``None``: shown in prompts and texts.
``turns``         number of turns (``None``: the rulebook's 15); a shorter game for a short lesson.

Phases: ``choose-first`` (only when nobody decided who is younger) → ``set-up`` (the free counters) →
each turn: draw (automatic) → ``delphi`` (only when a side holds Delphi) → the Gods' toss (automatic)
→ ``place`` (six placements, alternately) → reveal and struggles, victory check (automatic) → ``over``.

Observation schema (``observation(player)``; ``player`` ``None`` is a spectator)
--------------------------------------------------------------------------------
``game`` "diceless"; ``viewer``; ``names`` {side: name}; ``turn`` (0 in set-up); ``turns``; ``phase``;
``to_act`` side or None; ``prompt`` one sentence; ``first_player`` who places first this turn;
``toss`` {"tosser", "badge_up", "first"} or None; ``delphi`` side holding Delphi or None;
``areas`` {area id: {"Sparta": n, "Athens": n}}; ``owner`` {area id: side or None};
``chits_on_map`` {area id: [{"side", "order", "face_down", "chit", "name", "as"}]} — the viewer's own
chits show ``chit``/``name``/``as``; the opponent's are ``face_down`` with ``chit`` None;
``hand`` (the viewer's own chits; empty for others): [{"chit", "name", "icon", "special", "favours",
"range_words", "areas": [ids where it may go now] (a Star: "as": {kind: [ids]}), "as_blank": True only
when no chit can reach any area and each may go anywhere as a blank}];
``hand_counts`` {side: n}; ``cup_count``; ``specials_used`` [codes]; ``placed_counts`` {side: n this
turn}; ``struggles_turn``; ``struggles`` [records of the last reveal, in the order resolved: {"area",
"kind": "void"|"clash"|"step", "chits": [{"side", "chit", "name", "as", "favours", "half"?}], "winner"
and "outcome" (clash), "side" and "effect": "added"|"removed"|"full"|"swept" (step), "counters"
{"Sparta", "Athens"} after the record, "rule", "text"}]; ``revealed`` {area id: [chits turned over at
the last reveal]}; ``score`` {side: areas}; ``counters`` {side: counters on the map}; ``targets``
{side: 10 or 11}; ``first_placer`` who put the free counter down first; ``result`` None or
{"winner", "level", "reason", "scores"} (level "victory", "most areas", "most counters" or "draw").
A step record of the Oracle's extra step carries ``"delphi": True`` (its area is Delphi).

Actions (``actions.py``): ``ChooseFirstPlacer(side)``, ``PlaceCounter(area)`` (1.1), ``SwapChit(chit)``,
``KeepChits()`` (3, Delphi), ``PlaceChit(chit, area, as_type=None)`` (3; ``as_type`` for the Star, or
"Void" for a blank). ``legal_actions()`` lists only placements in range, for ``current_player()``.

For the map panel: ``DicelessGame.board()`` (areas with lon/lat, notes and Pleiades ids, land/sea
connections, the coastline with its licence, the chit kinds), ``game.in_range(side, chit, area)`` and
``game.range_areas(side, chit)``; ``game.struggle_records()`` is ``observation(...)["struggles"]``.
"""

from __future__ import annotations

import random
import tomllib
from functools import cache
from itertools import repeat
from operator import is_
from pathlib import Path
from typing import Any, ClassVar

from ...core import Action, Game, Result
from .actions import ACTION_TYPES, ChooseFirstPlacer, KeepChits, PlaceChit, PlaceCounter, SwapChit
from .board import Board, default_board
from .chits import COUP, FIGHTING, INFLUENCE, MILITARY, STAR, VOID, ChitSet, default_chits
from .coastline import load_coastline
from .state import CHOOSE_FIRST, DELPHI, OVER, PLACE, SET_UP, SIDES, DicelessState
from .struggles import POSSESSIVE, describe, resolve_struggles
from .victory import areas as count_areas
from .victory import check as check_victory
from .victory import counters as count_counters
from .victory import target as victory_target

DATA = Path(__file__).parent / "data"
TWO, ONE = 2, 1  # keys of the reach masks (within two steps, within one step) in the per-position cache


@cache
def _numbers() -> dict[str, int]:
    with open(DATA / "rules.toml", "rb") as f:
        return dict(tomllib.load(f)["numbers"])


class _Tables:
    """Interned actions and cached legal-action lists for one board and chit set (shared by all games)."""

    def __init__(self, board: Board, chits: ChitSet) -> None:
        self.board = board
        self.chits = chits
        self.order = chits.order
        self.place = {}
        for code in chits.order:
            for area in board.areas:
                self.place[code, area.index, None] = PlaceChit(code, area.id)
                self.place[code, area.index, VOID] = PlaceChit(code, area.id, VOID)
        for kind in FIGHTING:
            for area in board.areas:
                self.place[STAR, area.index, kind] = PlaceChit(STAR, area.id, kind)
        self.counter = [PlaceCounter(a.id) for a in board.areas]
        self.chunks: dict[tuple, tuple] = {}
        self.full: dict[tuple, tuple] = {}
        everywhere = board.all_mask
        self.anywhere = {code: self._kind_actions(code, None, everywhere) for code in chits.order
                         if code not in (MILITARY, INFLUENCE, STAR)}
        self.anywhere_star = self._kind_actions(STAR, COUP, everywhere)
        self.by_owned: dict[int, dict[str, tuple]] = {}

    def new_owned(self, owned: int) -> dict:
        """The per-position cache: chit code -> its placements (filled on demand)."""
        if len(self.by_owned) > 50_000:
            self.by_owned.clear()
        per = self.by_owned[owned] = dict(self.anywhere)
        near1, near2 = self.board.near1, self.board.near2
        one = two = 0
        m = owned
        while m:
            low = m & -m
            i = low.bit_length() - 1
            one |= near1[i]
            two |= near2[i]
            m ^= low
        per[ONE] = one
        per[TWO] = two
        per[MILITARY] = self._kind_actions(MILITARY, None, two)  # nearly every hand holds one of these
        per[INFLUENCE] = self._kind_actions(INFLUENCE, None, one)
        return per

    def reach_mask(self, code: str, owned: int) -> int:
        """The areas a chit ``code`` (not a Star) may go to for a side owning ``owned``."""
        if code == MILITARY:
            return self.board.within(owned, 2)
        if code == INFLUENCE:
            return self.board.within(owned, 1)
        return self.board.all_mask

    def _code_actions(self, code: str, owned: int) -> tuple:
        """One chit code's placements for a side owning ``owned`` (the ranges of Diceless 2)."""
        per = self.by_owned.get(owned) or self.new_owned(owned)
        if code == MILITARY:
            return self._kind_actions(MILITARY, None, per[TWO])
        if code == INFLUENCE:
            return self._kind_actions(INFLUENCE, None, per[ONE])
        if code == STAR:
            return (self._kind_actions(STAR, MILITARY, per[TWO]) + self._kind_actions(STAR, INFLUENCE, per[ONE])
                    + self.anywhere_star)
        return self.anywhere[code]

    def _kind_actions(self, code: str, as_type: str | None, mask: int) -> tuple:
        """The placements of ``code`` (played as ``as_type``) on the areas of ``mask``, in map order.

        Built from 8-area slices of the mask, each slice's tuple cached, so a new mask costs a few
        dictionary look-ups rather than a loop over the map."""
        full_key = (code, as_type, mask)
        result = self.full.get(full_key)
        if result is not None:
            return result
        if len(self.full) > 200_000:
            self.full.clear()
        chunks = self.chunks
        result = ()
        whole = mask
        shift = 0
        while mask:
            part = mask & 0xFF
            if part:
                key = (code, as_type, shift, part)
                hit = chunks.get(key)
                if hit is None:
                    place = self.place
                    hit = chunks[key] = tuple(place[code, shift + i, as_type] for i in range(8) if part >> i & 1)
                result += hit
            mask >>= 8
            shift += 8
        self.full[code, as_type, whole] = result
        return result

    def placements(self, owned: int, hand: list[str]) -> list:
        """The legal placements (Diceless 2, 3) for a hand kept in display order (the engine sorts
        hands when chits are drawn), grouped by chit."""
        per = self.by_owned.get(owned)
        if per is None:
            per = self.new_owned(owned)
        acts: list = []
        prev = None
        for code in hand:
            if code != prev:
                hit = per.get(code)
                if hit is None:
                    hit = per[code] = self._code_actions(code, owned)
                acts += hit
                prev = code
        if not acts:  # no chit can reach any area: put one down as a blank (CLARIFICATIONS 3)
            for code in dict.fromkeys(hand):
                acts += self._kind_actions(code, VOID, self.board.all_mask)
        return acts

    def reach(self, kind: str, owned: int) -> int:
        """The mask of areas a chit of ``kind`` may go to for a side owning ``owned`` (Diceless 2)."""
        if kind == MILITARY:
            return self.board.within(owned, 2)
        if kind == INFLUENCE:
            return self.board.within(owned, 1)
        return self.board.all_mask


# -- the log's sentences, written when the log is read (EventLog.later): from facts that never change ----------
_RULE_3, _RULE_4 = "Diceless 3", "Diceless 4"


def _label(names: dict | None, side: int) -> str:
    return f"{SIDES[side]} ({names[SIDES[side]]})" if names else SIDES[side]


def _placed(names, board: Board, side: int, area: int, action: PlaceChit, n: int, turn: int, phase: str) -> tuple:
    """A chit put down (Diceless 3): the public line; the player's own line follows it (private)."""
    return (turn, phase, SIDES[side], "place", f"{_label(names, side)} puts a chit face down on {board.name(area)}.",
            _RULE_3, {"area": action.area, "number": n}, None)


def _placed_privately(board: Board, side: int, area: int, action: PlaceChit, turn: int, phase: str) -> tuple:
    return (turn, phase, SIDES[side], "place", f"Your chit on {board.name(area)} is: {action}.", _RULE_3,
            {"area": action.area, "chit": action.chit, "as_type": action.as_type}, SIDES[side])


def _tossed(names, tosser: int, badge_up: bool, first: int, turn: int, phase: str) -> tuple:
    return (turn, phase, SIDES[first], "toss", f"The Gods' support: {_label(names, tosser)} tosses a counter and it "
            f"lands {'badge up' if badge_up else 'badge down'}. {_label(names, first)} plays first this turn.",
            _RULE_3, {"tosser": SIDES[tosser], "badge_up": badge_up}, None)


def _struggle(raw: tuple, board: Board, chits: ChitSet, turn: int, phase: str) -> tuple:
    r = describe(raw, board, chits)
    return (turn, phase, r.get("side") or r.get("winner"), "struggle", r["text"], _RULE_4,
            {"area": r["area"], "step": r["kind"], "effect": r.get("effect")}, None)


@cache
def _tables() -> _Tables:
    return _Tables(default_board(), default_chits())


class DicelessGame(Game):
    """A Peloponnesian War (diceless), Lumaca Games 2014 — see the module docstring."""

    name = "diceless"
    title = "A Peloponnesian War (diceless)"
    players = SIDES
    action_types: ClassVar[dict[str, type[Action]]] = ACTION_TYPES
    data_dir = DATA
    secret_actions: ClassVar[frozenset[str]] = frozenset({"place_chit", "delphi_swap"})
    option_defaults: ClassVar[dict[str, Any]] = {"first_placer": None, "ages": None, "names": None, "turns": None}
    option_checks: ClassVar[dict[str, Any]] = {
        "first_placer": (lambda v: v in SIDES, "'Sparta' or 'Athens'"),
        "ages": (lambda v: isinstance(v, dict) and set(v) == set(SIDES) and all(
            type(a) is int and 0 <= a <= 130 for a in v.values()), "both sides' ages in whole years"),
        "names": (lambda v: isinstance(v, dict) and set(v) == set(SIDES) and all(
            isinstance(n, str) and 0 < len(n) <= 40 for n in v.values()), "both sides' names (1 to 40 letters)"),
        "turns": (lambda v: type(v) is int and 1 <= v <= 30, "a whole number from 1 to 30"),
    }

    #: write the step records of each reveal (the panel needs them; searching bots switch them off)
    record_struggles: bool = True

    # -- set-up ----------------------------------------------------------------------------------
    def setup(self) -> None:
        self.tables = _tables()
        self.map = self.tables.board
        self.chits = self.tables.chits
        numbers = _numbers()
        self.n_place = numbers["place"]
        self.n_draw = numbers["draw"]
        self.n_first_draw = numbers["first_draw"]
        self.max_counters = numbers["max_counters"]
        self.win_areas = numbers["win_areas"]
        self.win_areas_lost = numbers["win_areas_capital_lost"]
        self.n_turns = self._check_option_values(numbers["turns"])
        s = self.state = DicelessState(self.map.n, list(self.chits.cup))
        for side in (0, 1):
            self._add_counter(side, self.map.capital[SIDES[side]])
        first = self.options["first_placer"]
        ages = self.options["ages"]
        if first is None and ages is not None and ages["Sparta"] != ages["Athens"]:
            first = "Sparta" if ages["Sparta"] < ages["Athens"] else "Athens"
        self.event("setup", "Each side puts one orientation counter on its own city: Sparta and Athens.", rule="1.1")
        if first is None:
            s.phase, s.to_act = CHOOSE_FIRST, 0
        else:
            self._set_first_placer(SIDES.index(first))

    def _check_option_values(self, default_turns: int) -> int:
        o = self.options
        if o["first_placer"] is not None and o["first_placer"] not in SIDES:
            raise ValueError(f"first_placer must be 'Sparta', 'Athens' or None, not {o['first_placer']!r}")
        for key in ("ages", "names"):
            value = o[key]
            if value is None:
                continue
            if not isinstance(value, dict) or set(value) != set(SIDES):
                raise ValueError(f"option {key} must give both sides: {{'Sparta': ..., 'Athens': ...}}")
            for v in value.values():
                if key == "ages" and (not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 130):
                    raise ValueError(f"ages are whole numbers of years, not {v!r}")
                if key == "names" and (not isinstance(v, str) or not 0 < len(v) <= 40):
                    raise ValueError(f"names are short texts (1 to 40 letters), not {v!r}")
        turns = o["turns"]
        if turns is None:
            return default_turns
        if not isinstance(turns, int) or isinstance(turns, bool) or not 1 <= turns <= 30:
            raise ValueError(f"turns must be a whole number from 1 to 30, not {turns!r}")
        return turns

    def _set_first_placer(self, side: int) -> None:
        s = self.state
        s.first_placer, s.phase, s.to_act = side, SET_UP, side
        self.event("setup", f"{self.label(side)} is the younger player and places the free counter first.",
                   side=SIDES[side], rule="1.1")

    def label(self, side: int) -> str:
        """"Sparta" or "Sparta (Lucia)" when names were given."""
        return _label(self.options["names"], side)

    def _add_counter(self, side: int, area: int) -> None:
        s = self.state
        s.counters[area] += 1 if side == 0 else -1
        s.owned[side] |= 1 << area

    # -- whose turn, what is legal ---------------------------------------------------------------------
    def current_player(self) -> str | None:
        s = self.state
        return None if s.over else SIDES[s.to_act]

    def turn_rule(self) -> str:
        return "3"

    def legal_actions(self) -> list[Action]:
        s = self.state
        phase = s.phase
        if phase == PLACE:
            side = s.to_act
            owned = s.owned[side]
            tables = self.tables
            per = tables.by_owned.get(owned)
            if per is None:
                per = tables.new_owned(owned)
            acts: list = []
            prev = None
            for code in s.hands[side]:
                if code != prev:
                    hit = per.get(code)
                    if hit is None:
                        hit = per[code] = tables._code_actions(code, owned)
                    acts += hit
                    prev = code
            if not acts:
                acts = tables.placements(owned, s.hands[side])
            self._handed = (s, len(self.history), tuple(acts))
            return acts
        if phase == DELPHI:
            hand = s.hands[s.to_act]
            codes = sorted(set(hand), key=self.chits.order.__getitem__)
            return [SwapChit(c) for c in codes] + [KeepChits()]
        if phase == SET_UP:
            enemy = s.owned[1 - s.to_act]
            full = self.max_counters
            counters = s.counters
            return [a for i, a in enumerate(self.tables.counter) if not enemy >> i & 1 and abs(counters[i]) < full]
        if phase == CHOOSE_FIRST:
            return [ChooseFirstPlacer(side) for side in SIDES]
        return []

    def in_range(self, side: str, chit_type: str, area: str) -> bool:
        """May ``side`` put a chit of ``chit_type`` on ``area`` now? (Diceless 2; a Star: as any kind.)"""
        i = self.map.index[area]
        owned = self.state.owned[SIDES.index(side)]
        kinds = FIGHTING if chit_type == STAR else (chit_type,)
        return any(self.tables.reach(kind, owned) >> i & 1 for kind in kinds)

    def range_areas(self, side: str, chit_type: str) -> list[str]:
        """The area ids where ``side`` may put a chit of ``chit_type`` now (Diceless 2)."""
        owned = self.state.owned[SIDES.index(side)]
        kinds = FIGHTING if chit_type == STAR else (chit_type,)
        mask = 0
        for kind in kinds:
            mask |= self.tables.reach(kind, owned)
        return self.map.ids(mask)

    # -- checking ----------------------------------------------------------------------------------
    #: ``(state, actions taken, the placements legal_actions() handed out then)``: what ``apply`` may trust
    _handed: tuple | None = None

    def apply(self, action: Action | dict | str) -> None:
        """As ``Game.apply``; a placement that ``legal_actions()`` handed out for this very decision (the same
        state, no action taken since) is known to be legal at once, found by identity: the engine shares one
        object per placement, so an action built by hand, or after the position changed, is checked in full.
        (A test that edits the state by hand between ``legal_actions()`` and ``apply`` asks again first.)"""
        handed = self._handed
        if handed is not None and handed[0] is self.state and handed[1] == len(self.history) and any(
                map(is_, repeat(action), handed[2])):
            self._handed = None
            self.history.append(action)
            self.execute(action)
            return
        super().apply(action)

    def check(self, action: Action) -> None:
        s = self.state
        t = type(action)
        if t is PlaceChit:
            if s.phase != PLACE:
                raise self.illegal("3", f"It is not time to put chits on the map: {self._phase_words()}", action)
            if action.as_type is None and action.chit != STAR and action.chit in s.hands[s.to_act]:  # quickly
                i = self.map.index.get(action.area)
                if i is not None:
                    code = action.chit
                    if code in (MILITARY, INFLUENCE):
                        owned = s.owned[s.to_act]
                        per = self.tables.by_owned.get(owned) or self.tables.new_owned(owned)
                        if per[TWO if code == MILITARY else ONE] >> i & 1:
                            return
                    else:
                        return
            self._check_place(action)
        elif t is PlaceCounter:
            if s.phase != SET_UP:
                raise self.illegal("1.1", "Counters are put on the map only at the start of the game; "
                                   f"{self._phase_words()}", action)
            self._check_counter(action)
        elif t is SwapChit or t is KeepChits:
            if s.phase != DELPHI:
                raise self.illegal("3", "Only the side that holds Delphi may swap a chit, right after the draw; "
                                   f"{self._phase_words()}", action)
            if t is SwapChit and action.chit not in s.hands[s.to_act]:
                raise self.illegal("3", f"You have no {self.chits.name(action.chit)} chit to swap. "
                                   f"Your chits: {self._hand_words(s.to_act)}.", action)
        elif t is ChooseFirstPlacer:
            if s.phase != CHOOSE_FIRST:
                raise self.illegal("1.1", "Who places first was already decided.", action)
            if action.side not in SIDES:
                raise self.illegal("1.1", f"The sides are Sparta and Athens, not {action.side!r}.", action)
        else:
            raise self.illegal("3", f"{action} is not possible now", action)

    def _phase_words(self) -> str:
        return self.prompt()

    def _hand_words(self, side: int) -> str:
        hand = self.state.hands[side]
        return ", ".join(self.chits.name(c) for c in hand) or "none"

    def _check_counter(self, action: PlaceCounter) -> None:
        s = self.state
        i = self.map.index.get(action.area)
        if i is None:
            raise self.illegal("5", f"There is no area called {action.area!r} on the map.", action)
        side = s.to_act
        c = s.counters[i]
        if (c < 0) if side == 0 else (c > 0):
            raise self.illegal("5", f"{self.map.name(i)} is on {POSSESSIVE[SIDES[1 - side]]} side already. Put your "
                               "counter on an area that is empty or already yours.", action)
        if abs(c) >= self.max_counters:
            raise self.illegal("5", f"{self.map.name(i)} already has two of your counters, the most allowed.", action)

    def _check_place(self, action: PlaceChit) -> None:
        s = self.state
        side = s.to_act
        chit, as_type = action.chit, action.as_type
        if chit not in s.hands[side]:
            what = self.chits.name(chit) if (chit in self.chits.kinds or chit in self.chits.specials) else repr(chit)
            raise self.illegal("3", f"You do not have a {what} chit. Your chits: {self._hand_words(side)}.", action)
        i = self.map.index.get(action.area)
        if i is None:
            raise self.illegal("5", f"There is no area called {action.area!r} on the map.", action)
        if chit == STAR:
            if as_type not in FIGHTING:
                raise self.illegal("2", "Say what your Star is played as: Military Option, Influence or Coup!.", action)
            kind = as_type
        elif as_type is None:
            kind = chit
        elif as_type == VOID:
            if self._can_reach_somewhere(side):
                raise self.illegal("3", "A chit may be put down as a blank only when none of your chits can "
                                   "reach any area. Some of yours can.", action)
            return
        else:
            raise self.illegal("2", "Only the Star can be played as another kind of chit.", action)
        owned = s.owned[side]
        if kind == MILITARY and not self.map.within(owned, 2) >> i & 1:
            raise self.illegal("2", self._range_words(chit, kind, i, owned), action)
        if kind == INFLUENCE and not self.map.within(owned, 1) >> i & 1:
            raise self.illegal("2", self._range_words(chit, kind, i, owned), action)

    def _can_reach_somewhere(self, side: int) -> bool:
        s = self.state
        acts = self.tables.placements(s.owned[side], s.hands[side])
        return bool(acts) and acts[0].as_type != VOID

    def _range_words(self, chit: str, kind: str, area: int, owned: int) -> str:
        name = self.map.name(area)
        star = f"A Star played as {self.chits.name(kind)} goes where that chit can go. " if chit == STAR else ""
        if not owned:
            return (star + f"You have no area on your side, so {self.chits.name(kind)} cannot reach anywhere. "
                    "Play a Coup!, a Void or a special chit; if you have none, put a chit down as a blank.")
        if kind == INFLUENCE:
            return (star + f"Influence must go on an area that is on your side or next to one. {name} is not "
                    "next to any of yours.")
        return (star + f"A Military Option must go at most two steps from an area that is on your side. {name} "
                "is too far from all of yours.")

    # -- doing -------------------------------------------------------------------------------------------
    def execute(self, action: Action) -> None:
        t = type(action)
        if t is PlaceChit:
            self._place_chit(action)
        elif t is PlaceCounter:
            self._place_counter(action)
        elif t is SwapChit:
            self._swap(action.chit)
        elif t is KeepChits:
            s = self.state
            s.swapped = True
            self.event("delphi", f"{self.label(s.to_act)} holds Delphi and keeps its chits.", side=SIDES[s.to_act],
                       rule="3")
            self._gods_toss()
        elif t is ChooseFirstPlacer:
            self._set_first_placer(SIDES.index(action.side))

    def _place_counter(self, action: PlaceCounter) -> None:
        s = self.state
        side = s.to_act
        i = self.map.index[action.area]
        self._add_counter(side, i)
        s.setup_placed += 1
        self.event("setup", f"{self.label(side)} puts its second counter on {self.map.name(i)}.", side=SIDES[side],
                   rule="1.1", area=action.area)
        if s.setup_placed == 2:
            self._start_turn()
        else:
            s.to_act = 1 - side

    def _place_chit(self, action: PlaceChit) -> None:
        s = self.state
        side = s.to_act
        i = self.map.index[action.area]
        s.hands[side].remove(action.chit)
        s.placed.append((side, action.chit, i, action.as_type))
        log = self.log
        if log.enabled:  # the sentences are written when the log is read (EventLog.later)
            k = len(s.placed)  # the sides alternate from the first player: this is side's (k + 1) // 2-th or k // 2-th
            n = (k + 1) // 2 if side == s.first else k // 2
            log.later(_placed, self.options["names"], self.map, side, i, action, n, s.turn, s.phase)
            log.later(_placed_privately, self.map, side, i, action, s.turn, s.phase)
        if len(s.placed) == 2 * self.n_place:
            self._reveal()
        else:
            s.to_act = 1 - side

    def _swap(self, chit: str) -> None:
        s = self.state
        side = s.to_act
        s.hands[side].remove(chit)
        new = self.dice.draw(s.cup, 1, who=SIDES[side], why="a new chit from the cup after a swap at Delphi "
                             "(Diceless 3)", private=True)[0]
        s.cup.remove(new)
        s.hands[side].append(new)
        s.hands[side].sort(key=self.chits.order.__getitem__)
        self._return_to_cup([chit])
        s.swapped = True
        self.event("delphi", f"{self.label(side)} holds Delphi and swaps one chit for a new one.", side=SIDES[side],
                   rule="3")
        self._gods_toss()

    def _return_to_cup(self, codes) -> None:
        self.state.cup.extend(codes)  # in the order they were played: the same game gives the same cup

    def _start_turn(self) -> None:
        s = self.state
        s.turn += 1
        s.placed = []
        s.swapped = False
        k = self.n_first_draw if s.turn == 1 else self.n_draw
        why = f"chits for turn {s.turn} (Diceless 3)"
        cup = s.cup
        order = self.chits.order.__getitem__
        for side in (0, 1):
            drawn = self.dice.draw(cup, k, who=SIDES[side], why=why, private=True)
            for code in drawn:
                cup.remove(code)
            hand = s.hands[side]
            hand += drawn
            hand.sort(key=order)
        c = s.counters[self.map.delphi]
        if c:
            s.phase = DELPHI
            s.to_act = 0 if c > 0 else 1
            s.toss = None
            s.first = None
        else:
            self._gods_toss()

    def _gods_toss(self) -> None:
        s = self.state
        tosser = (s.turn - 1) % 2  # Sparta tosses on odd turns, Athens on even ones (CLARIFICATIONS 3)
        face = self.dice.roll(1, 2, who=SIDES[tosser], why="the Gods' support: 1 = badge up, the tosser plays "
                              "first (Diceless 3)")[0]
        badge_up = face == 1
        first = tosser if badge_up else 1 - tosser
        s.toss = (tosser, badge_up)
        s.first = first
        s.to_act = first
        s.phase = PLACE
        log = self.log
        if log.enabled:
            log.later(_tossed, self.options["names"], tosser, badge_up, first, s.turn, s.phase)

    def _reveal(self) -> None:
        s = self.state
        records = resolve_struggles(s, self.map, self.chits, record=self.record_struggles,
                                    max_counters=self.max_counters)
        s.struggles = records if records is not None else []
        s.struggles_turn = s.turn
        s.revealed = placed = s.placed
        specials = self.chits.specials
        cup = s.cup
        for chit in placed:  # back to the cup in the order they were played; specials are set aside
            code = chit[1]
            if code in specials:
                s.specials_used.append(code)
            else:
                cup.append(code)
        s.placed = []
        log = self.log
        if log.enabled:
            self.event("reveal", f"Turn {s.turn}: the chits are turned over.", rule="4")
            for raw in s.struggles:
                log.later(_struggle, raw, self.map, self.chits, s.turn, s.phase)
        last = s.turn >= self.n_turns
        if not last and s.owned[0].bit_count() < self.win_areas and s.owned[1].bit_count() < self.win_areas:
            outcome = None  # nobody can have won yet: skip the full check
        else:
            outcome = check_victory(s, self.map, last_turn=last, win_areas=self.win_areas,
                                    win_areas_lost=self.win_areas_lost)
        if outcome is not None:
            s.winner, s.level, s.reason = outcome
            s.over, s.phase, s.to_act = True, OVER, None
            self.event("victory", f"The game is over: {s.reason}." if s.winner is None else
                       f"{self.label(s.winner)} wins: {s.reason}.", side=None if s.winner is None else SIDES[s.winner],
                       rule="6")
            return
        self._start_turn()

    # -- the end ----------------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.state.over

    def result(self) -> Result | None:
        s = self.state
        if not s.over:
            return None
        scores = {SIDES[i]: float(count_areas(s, i)) for i in (0, 1)}
        return Result(None if s.winner is None else SIDES[s.winner], s.level, s.reason, scores)

    # -- what a player sees -------------------------------------------------------------------------------
    def prompt(self) -> str:
        s = self.state
        if s.over:
            return super().prompt()
        who = self.label(s.to_act)
        if s.phase == CHOOSE_FIRST:
            return "Who is the younger player? They put their free counter down first (Diceless 1.1)."
        if s.phase == SET_UP:
            return (f"{who}: put your second counter on any area that {SIDES[1 - s.to_act]} does not hold "
                    "(Diceless 1.1).")
        if s.phase == DELPHI:
            return f"{who} holds Delphi: swap one chit for a new one from the cup, or keep your chits (Diceless 3)."
        n = sum(1 for p in s.placed if p[0] == s.to_act) + 1
        return f"{who}: put chit {n} of {self.n_place} face down on an area (Diceless 3)."

    def observation(self, player: str | None) -> dict[str, Any]:
        s = self.state
        board = self.map
        viewer = None if player is None else SIDES.index(player)
        areas = {}
        owner = {}
        for a in board.areas:
            c = s.counters[a.index]
            areas[a.id] = {"Sparta": c if c > 0 else 0, "Athens": -c if c < 0 else 0}
            owner[a.id] = "Sparta" if c > 0 else "Athens" if c < 0 else None
        on_map: dict[str, list] = {}
        counts = [0, 0]
        for side, code, i, as_type in s.placed:
            counts[side] += 1
            own = side == viewer
            on_map.setdefault(board.areas[i].id, []).append({
                "side": SIDES[side], "order": counts[side], "face_down": not own,
                "chit": code if own else None, "name": self.chits.name(code) if own else None,
                "as": as_type if own else None,
            })
        revealed: dict[str, list] = {}
        for side, code, i, as_type in s.revealed:
            revealed.setdefault(board.areas[i].id, []).append(
                {"side": SIDES[side], "chit": code, "name": self.chits.name(code), "as": as_type})
        hand = []
        if viewer is not None:
            owned = s.owned[viewer]
            blank = s.phase == PLACE and s.to_act == viewer and not self._can_reach_somewhere(viewer)
            for code in s.hands[viewer]:
                info = self.chits.describe(code)
                entry = {"chit": code, "name": info["name"], "icon": info["icon"], "special": info["special"],
                         "favours": info.get("favours"), "range_words": info["range_words"]}
                if code == STAR:
                    entry["as"] = {k: board.ids(self.tables.reach(k, owned)) for k in FIGHTING}
                    entry["areas"] = board.ids(self.tables.reach(COUP, owned))
                else:
                    entry["areas"] = board.ids(self.tables.reach(code, owned))
                if blank:  # nothing can reach an area: any chit may go anywhere as a blank (CLARIFICATIONS 3-f)
                    entry["areas"] = [a.id for a in board.areas]
                    entry["as_blank"] = True
                hand.append(entry)
        delphi = s.counters[board.delphi]
        return {
            "game": self.name,
            "viewer": player,
            "names": dict(self.options["names"]) if self.options["names"] else {side: side for side in SIDES},
            "turn": s.turn,
            "turns": self.n_turns,
            "phase": s.phase,
            "to_act": self.current_player(),
            "prompt": self.prompt(),
            "first_player": None if s.first is None else SIDES[s.first],
            "first_placer": None if s.first_placer is None else SIDES[s.first_placer],
            "toss": None if s.toss is None else {"tosser": SIDES[s.toss[0]], "badge_up": s.toss[1],
                                                 "first": SIDES[s.first]},
            "delphi": "Sparta" if delphi > 0 else "Athens" if delphi < 0 else None,
            "areas": areas,
            "owner": owner,
            "chits_on_map": on_map,
            "placed_counts": {SIDES[i]: counts[i] for i in (0, 1)},
            "hand": hand,
            "hand_counts": {SIDES[i]: len(s.hands[i]) for i in (0, 1)},
            "cup_count": len(s.cup),
            "specials_used": list(s.specials_used),
            "struggles_turn": s.struggles_turn,
            "struggles": self.struggle_records(),
            "revealed": revealed,
            "score": {SIDES[i]: count_areas(s, i) for i in (0, 1)},
            "counters": {SIDES[i]: count_counters(s, i) for i in (0, 1)},
            "targets": {SIDES[i]: victory_target(s, board, i, self.win_areas, self.win_areas_lost) for i in (0, 1)},
            "result": self.result().to_dict() if s.over else None,
        }

    def struggle_records(self) -> list[dict]:
        """The struggles of the last reveal, one record per step, in the order they were settled."""
        return [describe(r, self.map, self.chits) for r in self.state.struggles]

    # -- the map for the panel ----------------------------------------------------------------------------
    @classmethod
    def board(cls) -> dict[str, Any]:
        """Areas (lon/lat, notes, Pleiades ids), connections (land/sea), the coastline and the chits."""
        data = default_board().to_dict()
        coast = load_coastline()
        data["coastline"] = {"lines": coast["lines"], "attribution": coast["attribution"],
                             "licence": coast["licence"]}
        data["chits"] = default_chits().to_dict()
        return data

    # -- hidden information for searching bots --------------------------------------------------------------
    def determinize(self, player: str, seed: int) -> DicelessGame:
        """A copy in which what ``player`` cannot see is dealt again at random: the opponent's hand, the
        opponent's face-down chits of this turn (each re-dealt to a chit that could legally stand in
        its area) and the order of the cup; the dice get a different future. The record is cut to what
        ``player`` saw (``Game.determinize``): no private draw of the opponent, and no chit put face down or
        swapped at Delphi in the history; the deal starts from the chits in sorted order, so the copy depends
        only on what ``player`` can see."""
        other = super().determinize(player, seed)
        other.record_struggles = False
        s = other.state
        me = SIDES.index(player)
        opp = 1 - me
        rng = random.Random(seed)
        pool = sorted([*s.cup, *s.hands[opp], *(p[1] for p in s.placed if p[0] == opp)],
                      key=self.chits.order.__getitem__)
        rng.shuffle(pool)
        owned = s.owned[opp]
        placed = []
        for side, code, area, as_type in s.placed:
            if side != opp:
                placed.append((side, code, area, as_type))
                continue
            chosen = None
            for k, candidate in enumerate(pool):
                if candidate == STAR:
                    kinds = [t for t in FIGHTING if self.tables.reach(t, owned) >> area & 1]
                    chosen = (k, STAR, kinds[rng.randrange(len(kinds))])
                    break
                if self.tables.reach(candidate, owned) >> area & 1:
                    chosen = (k, candidate, None)
                    break
            if chosen is None:  # nothing fits: a blank
                chosen = (0, pool[0], VOID)
            k, code2, as2 = chosen
            pool.pop(k)
            placed.append((side, code2, area, as2))
        s.placed = placed
        n_hand = len(s.hands[opp])
        s.hands[opp] = sorted(pool[:n_hand], key=self.chits.order.__getitem__)
        s.cup = sorted(pool[n_hand:], key=self.chits.order.__getitem__)
        return other
