"""The Siege of Syracuse (Turning Point Simulations) — the headless rules engine: the campaign on the area
map (rules 1–12) and, through one interface (``battle``), pitched battles on the tactical battle board.

    >>> from peloponnesos import new_game
    >>> game = new_game("syracuse", seed=1)
    >>> game.current_player(), game.state.step
    ('Athens', 'declare')

Options (JSON-plain, so saves work): ``tables`` (None, or a tables file — its path or its contents — with the
layout of ``data/tables.toml``: the published values), ``extra_peltast`` (the variant of rule 12.4: a second
peltast in the first allied wave), ``last_turn`` (end the game earlier, for a short lesson), ``scenario`` (a
prepared position for one lesson, or a pitched battle on the battle board: ``scenarios.py``).

How the engine works: ``state.agenda`` is the list of things still to do this turn (tasks, run by
``_advance``), and ``state.step`` the decision being waited for, by ``state.to_act``. Each rule module
(``sequence.py`` 4, ``morale.py`` 5, ``impulses.py`` 6.1–6.4, ``movement.py`` 7.1, ``naval.py`` 7.2,
``combat.py`` 8.1, ``skirmish.py`` 8.2, ``steps.py`` 8.4, ``rally.py`` 8.5, ``supply.py`` 9, ``sicels.py`` 10.1,
``walls.py`` 10.2, ``circle_fort.py`` 10.3, ``leaders.py`` 10.4, ``cavalry.py`` 10.5 and 10.7, ``night.py``
10.6, ``victory.py`` 11, ``setup.py`` 12) declares its tasks (``TASKS``) and decisions (``STEPS``: the legal
actions and what choosing one does). A decision with a single possible action is taken by the engine and
logged as ``forced``.

Decisions (``state.step``) and their actions:

=================  ===========================================================================================
``declare``         DeclareImpulse("ground" | "naval") / Pass (6.1.2)
``activate``        ActivateArea(area, adjacent) (6.2 step 2)
``activate_units``  ActivateUnit(unit) / EndActivation (6.2 step 2, 6.3)
``arrive``          Reinforce(area) (12)
``move``            Move, MoveStack, Exchange (10.5), Embark, Sail, ReturnShip (7.2.1), EndMovement
``react``           React(unit) / EndReaction (6.4); ``react_move``: ReactMove(unit, dest)
``relocate``        Relocate(ship, dest) (7.1)
``fight``           Fight(area); ``time``: ChooseTime (8.1, 10.6); ``builders``: CallBuilders (10.2);
                    ``want``: WantBattle (8.1)
``stack_leader``    StackLeader; ``lineup``: LineUp / LineUpRest; ``skirmish``: Attack / Flee;
                    ``cav_retreat``: CavalryRetreat (10.7); ``refuge``: Refuge (8.2)
``battle``          the battle board's actions (``battle/actions.py``, rules 6.5, 7.3, 8.3)
``walls``           BuildWall / TearDown / EndWalls (10.2)
``city_supply``     SupplyUnit / SupplyRest (9.2.1); ``replace``: Replace / EndReplacements (9.4)
``place_sicel``     PlaceSicel; ``deserter``: ChooseDeserter (10.1.1)
=================  ===========================================================================================

Hidden information: the Sicels a player has drawn from the opaque container and not yet placed (rule 10.1)
are seen only by him (the draw is private in the log; the other side sees how many). ``determinize`` re-deals
them for the other side's bots.
"""

from __future__ import annotations

import random
from itertools import repeat
from operator import is_
from pathlib import Path
from typing import Any, ClassVar

from ...core import Action, Game, Result
from ...core.errors import OptionError
from ...core.game import whole_number
from . import (
    battle,
    cavalry,
    combat,
    impulses,
    inputs,
    morale,
    movement,
    naval,
    observe,
    rally,
    scenarios,
    sequence,
    setup,
    sicels,
    skirmish,
    supply,
    walls,
)
from .actions import ACTION_TYPES, parse
from .board import default_board
from .counters import SIDES, default_counters
from .explain import explain
from .state import POOL, SyracuseState
from .tables import load_tables

DATA = Path(__file__).parent / "data"

TASKS: dict = {}
STEPS: dict = {}
for _module in (sequence, morale, impulses, movement, naval, combat, skirmish, cavalry, walls, supply, rally,
                sicels, setup, battle, scenarios):
    TASKS.update(getattr(_module, "TASKS", {}))
    STEPS.update(getattr(_module, "STEPS", {}))


class SyracuseGame(Game):
    """A game of The Siege of Syracuse. See the module docstring for options and decisions."""

    name = "syracuse"
    title = "The Siege of Syracuse"
    players = SIDES
    action_types: ClassVar[dict] = {cls.kind: cls for cls in ACTION_TYPES + battle.ACTION_TYPES}
    data_dir = DATA
    option_defaults: ClassVar[dict] = {"tables": None, "extra_peltast": False, "last_turn": None, "scenario": None}
    option_checks: ClassVar[dict] = {
        "tables": (lambda v: isinstance(v, str | dict), "the path of a tables file (text) or a tables file's contents"),
        "last_turn": (whole_number(1, 9), "a whole number from 1 to 9"),
        "scenario": (lambda v: isinstance(v, str) and v in scenarios.names(),
                     "the name of a prepared position: " + ", ".join(scenarios.names())),
    }
    file_options: ClassVar[frozenset] = frozenset({"tables"})

    # ------------------------------------------------------------------------------------------------
    # set-up
    # ------------------------------------------------------------------------------------------------
    def setup(self) -> None:
        self.map = default_board()
        self.counters = default_counters()
        self.types = self.counters.types
        self.tables = load_tables(self.options["tables"])
        self.unit_range = range(self.counters.n)
        self.setup_data = setup.default_setup()
        self.last_turn = self.options["last_turn"] or self.setup_data["turns"]["last"]
        self._legal = None
        setup.set_up(self)
        if self.options["scenario"]:
            scenarios.prepare(self, self.options["scenario"])
        self._advance()

    def saved_options(self) -> dict:
        """A save records published tables as their data, not as a path on this computer."""
        if isinstance(self.options["tables"], str):
            return {**self.options, "tables": self.tables.data}
        return self.options

    # ------------------------------------------------------------------------------------------------
    # the agenda and the decisions
    # ------------------------------------------------------------------------------------------------
    def then(self, *tasks: tuple) -> None:
        """Run ``tasks`` next, in this order, before anything already on the agenda."""
        self.state.agenda.extend(reversed(tasks))

    def ask(self, step: str, side: int, **ctx: Any) -> None:
        """Wait for ``side`` to decide ``step``; ``ctx`` says what about (plain values)."""
        st = self.state
        st.step = step
        st.to_act = side
        st.ctx = ctx
        st.serial += 1

    def done(self) -> None:
        """The decision being waited for is settled; the agenda goes on."""
        st = self.state
        st.step = ""
        st.to_act = -1
        st.ctx = {}
        st.serial += 1

    def interrupt(self, step: str, side: int, **ctx: Any) -> None:
        """A decision that must be taken at once, before the one being waited for (a beached ship whose
        area the enemy entered, a unit choosing its refuge): queued, then asked by ``_advance``."""
        self.state.interrupts.append([step, side, ctx])
        self.state.serial += 1

    def resume(self) -> None:
        """The interrupting decision is settled: back to the decision it cut into."""
        st = self.state
        step, side, ctx = st.saved
        st.saved = None
        st.step, st.to_act, st.ctx = step, side, ctx
        st.serial += 1

    def _advance(self) -> None:
        st = self.state
        while st.result is None:
            if st.interrupts and st.saved is None:
                step, side, ctx = st.interrupts.pop(0)
                st.saved = [st.step, st.to_act, st.ctx]
                self.ask(step, side, **ctx)
            if st.step:
                actions = self._legal_now()
                if len(actions) == 1:  # nothing to choose: the engine takes it and says so
                    if self.log.enabled:
                        self.event("forced", f"{self.players[st.to_act]}: {actions[0]} (nothing else possible).",
                                   side=self.players[st.to_act], rule=STEPS[st.step].rule)
                    STEPS[st.step].apply(self, actions[0])
                    continue
                if not actions:
                    raise RuntimeError(f"no action possible in step {st.step} (a bug in the rules engine)")
                return
            if not st.agenda:
                raise RuntimeError("the agenda ran out before the game ended (a bug in the rules engine)")
            task = st.agenda.pop()
            TASKS[task[0]](self, *task[1:])
        st.step = "over"
        st.to_act = -1
        st.phase = "over"

    def current_player(self) -> str | None:
        st = self.state
        if st.result is not None or st.to_act < 0:
            return None
        return self.players[st.to_act]

    def is_over(self) -> bool:
        return self.state.result is not None

    def result(self) -> Result | None:
        r = self.state.result
        if r is None:
            return None
        return Result(r["winner"], r["level"], r["reason"], dict(r["scores"]))

    def finish(self, winner: int | None, level: str, reason: str, rule: str) -> None:
        st = self.state
        st.result = {"winner": self.players[winner] if winner is not None else None, "level": level,
                     "reason": reason, "scores": {"Athens": st.ml[0], "Syracuse": st.ml[1]}}
        text = (f"{self.players[winner]} wins ({level}): {reason}." if winner is not None
                else f"Neither side wins: {reason}.")
        self.event("victory", text, side=self.players[winner] if winner is not None else None, rule=rule,
                   winner=st.result["winner"], victory_level=level, ml_Athens=st.ml[0], ml_Syracuse=st.ml[1])

    def turn_rule(self) -> str:
        step = self.state.step
        return STEPS[step].rule if step in STEPS else "4"

    # ------------------------------------------------------------------------------------------------
    # legal actions, check, execute
    # ------------------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        return self._legal_now()[:]

    def _legal_now(self) -> list[Action]:
        st = self.state
        cache = self._legal
        if cache is None or cache[0] is not st or cache[1] != st.serial:
            actions = STEPS[st.step].options(self) if st.step in STEPS and st.result is None else []
            cache = self._legal = (st, st.serial, actions)
        return cache[2]

    def apply(self, action: Action | dict | str) -> None:
        """As ``Game.apply``; an action object handed out by ``legal_actions()`` for this very decision is
        known to be legal at once (the engine shares one object per action)."""
        cache = self._legal
        st = self.state
        if cache is not None and cache[0] is st and cache[1] == st.serial and any(map(is_, repeat(action), cache[2])):
            self.history.append(action)
            self.execute(action)
            return
        super().apply(action)

    def parse_action(self, text: str) -> Action | None:
        """An action from its text: a legal one, or one the rules will explain why not."""
        found = super().parse_action(text)
        if found is None:
            found = parse(" ".join(text.split()))
        if found is None:
            from . import battle

            found = battle.parse(" ".join(text.split()))
        return found

    def check(self, action: Action) -> None:
        legal = self._legal_now()
        if action in legal:
            return
        rule, reason = explain(self, action)
        raise self.illegal(rule, reason, action)

    def execute(self, action: Action) -> None:
        STEPS[self.state.step].apply(self, action)
        self._advance()

    # ------------------------------------------------------------------------------------------------
    # names and small helpers for the rule modules
    # ------------------------------------------------------------------------------------------------
    def uid(self, u: int) -> str:
        return self.counters.units[u].id

    def lid(self, j: int) -> str:
        return self.counters.leaders[j].id

    def aid(self, a: int) -> str:
        if a >= 0:
            return self.map.ids[a]
        return {-1: "off the map", -2: "not in play", -3: "eliminated"}[a]

    def side_name(self, side: int) -> str:
        return self.players[side]

    def roll(self, side: int, sides: int, why: str) -> int:
        return self.dice.roll(1, sides, who=self.players[side], why=why)[0]

    def unit_named(self, name: str) -> int | None:
        return self.counters.unit_index.get(name)

    def leader_named(self, name: str) -> int | None:
        return self.counters.leader_index.get(name)

    def area_named(self, name: str) -> int | None:
        return self.map.index.get(name)

    def note(self, side: int, key: str, n: int = 1) -> None:
        """Remember for next turn's morale adjustment (rule 5.1) that ``key`` happened to ``side``."""
        notes = self.state.notes[side]
        notes[key] = notes.get(key, 0) + n

    # ------------------------------------------------------------------------------------------------
    # views
    # ------------------------------------------------------------------------------------------------
    def prompt(self) -> str:
        return observe.prompt(self)

    def observation(self, player: str | None) -> dict:
        return observe.observation(self, player)

    @classmethod
    def board(cls) -> dict:
        return default_board().to_dict()

    def determinize(self, player: str, seed: int) -> Game:
        """A copy holding nothing ``player`` could not see (``Game.determinize``: other dice, no private draw or
        log line of the other side), in which the Sicels the other side holds unplaced are dealt again from the
        pieces it could be holding: its hand and the opaque container, in a sorted order (rule 10.1)."""
        g = super().determinize(player, seed)
        other = 1 - self.players.index(player)
        st = g.state
        hand = st.hands[other]
        if hand:
            pool = sorted(hand + sicels.container(g))
            dealt = random.Random(seed).sample(pool, len(hand))
            for u in hand:
                st.uside[u] = -1
            for u in dealt:
                sicels.take(g, u, other)
            st.hands[other] = dealt
            if st.step == "place_sicel" and st.to_act == other:
                st.serial += 1
        g._legal = None
        return g

    # ------------------------------------------------------------------------------------------------
    # position editing for lessons and tests
    # ------------------------------------------------------------------------------------------------
    def place(self, piece: str, area: str, *, steps: int | None = None, status: int = 0, side: str | None = None,
              aboard: str | None = None) -> None:
        """Put a counter in an area ("OFF", "POOL" or "ELIM" too), at ``steps`` (full by default), in a status
        (0 normal, 1 disrupted, 2 routed); a Sicel needs ``side``. ``aboard`` names the ship carrying it. Names
        may be written in any case; a value that cannot be used is refused (OptionError) and nothing changes."""
        st = self.state
        kind, i, name = inputs.piece(self, piece)
        where = inputs.area(self, area, off_map=True)
        ship = inputs.ship(self, aboard, name) if aboard is not None else -1
        if kind == "leader":
            if steps is not None or status != 0 or side is not None:
                raise OptionError(f"{name} is a leader: a leader has no steps, status or side to set (give only "
                                  f"the area, and aboard for a ship)")
            st.lloc[i] = where
            st.laboard[i] = ship
        else:
            unit = self.counters.units[i]
            owner = inputs.side(self, side, none=True)
            if owner is None:
                owner = unit.side
                if owner < 0 and where >= 0:
                    raise OptionError(f"{name} is a Sicel: say whose it is with side='Athens' or side='Syracuse' "
                                      f"(Syracuse 10.1)")
            elif unit.side >= 0 and owner != unit.side:
                raise OptionError(f"{name} belongs to {self.players[unit.side]}; side= is for a Sicel only "
                                  f"(Syracuse 10.1), not {inputs.shown(side)}")
            utype = st.utype[i] or unit.type
            most = self.types[utype].steps
            if steps is not None:
                inputs.whole(steps, f"The steps of {name}", 1, most)
            inputs.whole(status, f"The status of {name} (0 normal, 1 disrupted, 2 routed)", 0, 2)
            st.loc[i] = where
            st.uside[i] = owner
            st.utype[i] = utype
            st.steps[i] = steps if steps is not None else most
            st.status[i] = status
            st.aboard[i] = ship
            for hand in st.hands:
                if i in hand:
                    hand.remove(i)
        st.serial += 1
        self._legal = None

    def clear_board(self) -> None:
        """Take every counter out of play and every wall off the map (for prepared positions)."""
        st = self.state
        for u in self.unit_range:
            st.loc[u] = POOL
            st.aboard[u] = -1
            if self.counters.units[u].side < 0:
                st.uside[u] = -1
        for j in range(len(st.lloc)):
            st.lloc[j] = POOL
            st.laboard[j] = -1
        for a in range(self.map.n):
            st.walls[a] = [0, 0]
            st.wip[a] = [False, False]
        st.fort = -1
        st.arrivals = {}
        st.hands = [[], []]
        st.serial += 1
        self._legal = None

    def set_walls(self, area: str, athens: int = 0, syracuse: int = 0) -> None:
        """Set the completed siege walls of each side in a land area (rule 10.2: at most two per side, three for
        Athens on Epipolae while the Circle Fort was never built)."""
        a = inputs.area(self, area)
        name = self.map.ids[a]
        if not self.map.is_land[a] and (athens or syracuse):
            raise OptionError(f"{name} is a sea area: siege walls stand on land areas only (Syracuse 10.2)")
        most_athens = 3 if a in self.map.epipolae else 2
        inputs.whole(athens, f"Athens's walls in {name}", 0, most_athens)
        inputs.whole(syracuse, f"Syracuse's walls in {name}", 0, 2)
        self.state.walls[a] = [athens, syracuse]
        self.state.serial += 1

    def start_impulse(self, side: str, kind: str = "ground", *, ops: int = 3, other_ops: int = 3,
                      turn: int | None = None) -> None:
        """Jump to an impulse of ``side`` (a prepared position): the agenda is replaced by that impulse, then the
        rest of the Operations Phase as usual (``ops`` counts the impulse itself)."""
        side = inputs.side(self, side)
        kind = inputs.kind(self, kind)
        inputs.whole(ops, f"ops (the impulses {self.players[side]} initiates, this one included)", 1,
                     inputs.MOST_IMPULSES)
        inputs.whole(other_ops, f"other_ops (the impulses {self.players[1 - side]} has left)", 0,
                     inputs.MOST_IMPULSES)
        turn = inputs.turn(self, turn)
        sequence.jump_to_impulse(self, side, kind, ops, other_ops, turn)
        self._legal = None
        self._advance()

    def start_admin(self, turn: int | None = None) -> None:
        """Jump to the Administrative Phase of the turn (a prepared position)."""
        sequence.jump_to_admin(self, inputs.turn(self, turn))
        self._legal = None
        self._advance()


__all__ = ["SyracuseGame", "SyracuseState"]
