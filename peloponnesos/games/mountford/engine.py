"""Brian Mountford's Peloponnesian War — the headless engine: chapters 4 (movement) and 5 (combat) as
the author wrote them, on a reconstructed map, with reconstructed tables, inside a small frame of our
own (operations, money, peace, victory: rules 10.x) that makes a two-player game playable to the end.

    >>> from peloponnesos import new_game
    >>> game = new_game("mountford", seed=1)
    >>> game.current_player(), game.state.step
    ('Sparta', 'op_choose')

Options: ``tables`` (None, or a tables file's path or contents: the published values, with the layout of
``data/tables.toml``), ``turns`` (None, or a number of game turns to play, 1-9: shorter lessons).

Decisions (``state.step``) — every decision, by either side, goes through ``current_player()``:

=================  ==============================================================================
``op_choose``       Activate(leader, space) / DeclareWar(city) / Pass  (frame 10.3, 10.8)
``op_form``         Form(hoplites, cavalry, naval)  (4; paid for, 10.3)
``op_objective``    Objective(dest, combat, via)  (4, 4.2, 4.5.3)
``op_route``        ChooseRoute(route): equally short legal routes (4)
``intercept``       Intercept / NoIntercept  (4.6; the interceptor's player)
``put_to_sea``      PutToSea / StandAndFight  (5.2.1)
``participate``     Participate(space, arm, join|avoid|burn)  (5.1, 5.2)
``home_leader``     PlaceLeader(name) / NoLeader  (5)
``skirmish_choice`` TrySkirmish / AcceptBattle  (5.2)
``loss``            TakeLoss(city, arm)  (5.4)
``ravage``          Ravage / Spare  (5.2, 5.6)
``retreat``         Retreat / Remain  (4.6, 5)
``transport``       DropLand(h, c) / Reroute / Abort  (4.3)
``siege``           Besiege / NoSiege  (5.8);  ``garrison``: PlaceGarrison / NoGarrison
``build``           Build(city, ships)  (10.4)
=================  ==============================================================================

A decision with a single possible answer is taken by the engine itself (there is nothing secret in this
game).

The log (``game.log.to_dataframe()``): one row per event with the columns index, turn, phase, side, kind,
rule ("Mountford 4.6"), text, then the figures below. ``setup`` and ``turn`` open the game and each turn;
``activate``, ``army`` (``hoplites``, ``cavalry``, ``naval``, ``talents``), ``objective`` (``dest``, ``combat``,
``via``), ``route`` (``route``), ``op_end`` (``space``) trace an operation; ``storm`` (``die``: calm, or the
storm that sinks the army), ``attrition`` (``space``, ``cause``, ``sps``: the SPs at risk, before their dice),
``interception`` (``die``, ``needed``, ``modifier``, ``success``), ``no_interception`` the march; ``battle``,
``participate``/``avoid``, ``home_leader``, ``naval_battle`` and ``land_battle`` (``space``, ``dice``,
``modifiers``, ``winner``, ``losses``, ``skirmish``), ``skirmish_choice``, ``no_battle``, ``bellicosity`` (``change``,
``bellicosity``), ``hostages``, ``leader_killed``, ``ravage``, ``retreat``/``remain``, ``abort`` the combat;
``siege`` (``die``, ``points``, ``needed``, ``talents``), ``no_siege`` (``reasons``), ``siege_lost``, ``capture``,
``garrison`` the sieges;
``income``, ``upkeep`` (``talents``), ``levy``, ``build``, ``revolt``, ``winter``, ``war``, ``peace``, ``pass`` and
``victory`` (``winner`` and the scores) the frame.

Losses: every SP lost is told once, on one ``eliminated`` row, and only there (no other row counts SPs lost):
``city``, ``h_lost``, ``c_lost``, ``n_lost``, ``cause`` ("battle", "siege", "storm", "burnt", "laid up",
"transport", "unfamiliar", "pass", "mountain", "king"), the rule in the ``rule`` column, ``space`` where it
happened (all but laid-up ships; for a battle, the battle's space), and ``arm`` for a loss chosen after a battle.
Ships burnt rather than fight (5.1) and land SPs left without transport (4.3) are such rows, with nothing beside
them; a storm (4.2) and a march (4.5-4.5.4) have their own row first (the die, the SPs at risk), then one loss
row per city-state.

A battle, in the order it is fought: ``battle`` ("Battle 2 in Plataea: …") opens it; who takes part
(``put_to_sea``, ``participate``/``avoid``, ships burnt, ``home_leader``); then each fight, at sea and then on
land (after ``skirmish_choice``): its result row, ``naval_battle`` or ``land_battle``, citing the fight's rule
(5.1, 5.2, 5.3) — the two sides, the dice, who won, and how many SPs each side must give up by the table
(``losses``), "each named on a line that follows"; then one ``eliminated`` row per SP given up ("Thebes loses
1 hoplite SP in battle 2.", rule 5.4, ``arm``), in the order the losing player picks them (so after the result:
they are chosen once it is known); then the fight's effects (bellicosity 5.5, hostages 5.6, leaders 5.7); then
``ravage`` or ``no_battle``. Every row a battle writes (not the dice rows) has its number in the game, 1, 2 …,
in ``battle``: ``df.groupby("battle")`` gathers each battle, and ``df[df.cause == "battle"].groupby("battle")
[["h_lost", "c_lost", "n_lost"]].sum()`` what the tables took in each, the sum of its result rows' ``losses``
(ships burnt rather than fight are in their battle too, with ``cause`` "burnt").

``observation(player)`` is the same for everyone; helpers for a map and a route planner:
``plan_routes``, ``preview_battle``, ``preview_siege`` (exact odds, ``odds.py``).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from ...core import Action, Game, Result
from ...core.errors import OptionError
from ...core.game import whole_number
from . import combat, economy, inputs, interception, movement, odds, operations, sieges, victory
from .actions import ACTION_TYPES, parse
from .board import default_board
from .control import control, king_attitude
from .leaders import default_leaders
from .state import SIDES, MountfordState
from .tables import load_tables

DATA = Path(__file__).parent / "data"
FIRST_YEAR = 431

DECISIONS = {
    "op_choose": (operations.legal_choose, operations.apply_choose, "10.3"),
    "op_form": (operations.legal_form, operations.apply_form, "4"),
    "op_objective": (operations.legal_objective, operations.apply_objective, "4"),
    "op_route": (operations.legal_route, operations.apply_route, "4"),
    "intercept": (interception.legal, interception.apply, "4.6"),
    "put_to_sea": (combat.legal_put_to_sea, combat.apply_put_to_sea, "5.2.1"),
    "participate": (combat.legal_participate, combat.apply_participate, "5.1"),
    "home_leader": (combat.legal_home_leader, combat.apply_home_leader, "5"),
    "skirmish_choice": (combat.legal_skirmish_choice, combat.apply_skirmish_choice, "5.2"),
    "loss": (combat.legal_loss, combat.apply_loss, "5.4"),
    "ravage": (combat.legal_ravage, combat.apply_ravage, "5.2"),
    "retreat": (combat.legal_retreat, combat.apply_retreat, "4.6"),
    "transport": (movement.legal_transport, movement.apply_transport, "4.3"),
    "siege": (sieges.legal, sieges.apply, "5.8"),
    "garrison": (sieges.legal_garrison, sieges.apply_garrison, "5.8"),
    "build": (economy.legal_build, economy.apply_build, "10.4"),
}

PROMPTS = {
    "op_choose": "{p}: choose a leader to activate for an operation, or pass.",
    "op_form": "{p}: choose the SPs that march with {leader}.",
    "op_objective": "{p}: choose {leader}'s objective.",
    "op_route": "{p}: choose among equally short routes.",
    "intercept": "{p}: try to intercept the enemy army in {space}?",
    "put_to_sea": "{p}: the army is intercepted — put to sea, or stand and fight?",
    "participate": "{p}: do your SPs at {where} take part in the battle {there}?",
    "home_leader": "{p}: place a leader in the home space for this battle?",
    "skirmish_choice": "{p}: try for a running skirmish rather than a hoplite battle?",
    "loss": "{p}: choose the next SP lost.",
    "ravage": "{p}: ravage {space}?",
    "retreat": "{p}: the army lost — retreat, or remain where it fought?",
    "transport": "{p}: too few ships are left to carry the army — drop land SPs, take another route, or stop.",
    "siege": "{p}: make a siege attempt at {space}?",
    "garrison": "{p}: leave a garrison in {space}?",
    "build": "{p}: how many naval SPs does {city} build?",
}


@cache
def _scenario() -> dict:
    with open(DATA / "scenario_431.toml", "rb") as f:
        return tomllib.load(f)


class _Opening:
    """What every game of the 431 BC scenario starts from (frame 10.2): the city-states, leaders and the
    position before the first game turn, read once (games copy the position)."""

    def __init__(self) -> None:
        scen = _scenario()
        board = default_board()
        self.scenario = scen
        self.cities = {c: {"name": d["name"], "side": d.get("side", ""), "major": bool(d.get("major")),
                           "dominant": bool(d.get("dominant"))} for c, d in scen["cities"].items()}
        self.city_side = {c: d["side"] for c, d in self.cities.items()}
        self.majors = tuple(c for c, d in self.cities.items() if d["major"])
        self.kings = scen["kings"]
        owners = {s.owner for s in board.spaces if s.owner}
        #: neutral city-states that own a space, on which a side may declare war (10.8)
        self.neutral_cities = tuple(c for c, d in scen["cities"].items() if not d.get("side") and c in owners)
        self.leaders = default_leaders()
        self.leader_order = tuple(sorted(self.leaders, key=lambda nm: (self.leaders[nm].city, nm)))
        st = self.state = MountfordState()
        st.owner = [s.owner for s in board.spaces]
        st.garrison = [s.garrison for s in board.spaces]
        st.rebellion = [s.rebellion for s in board.spaces]
        st.ravaged = [False] * board.n
        for sid, stacks in scen["forces"].items():
            space = st.forces.setdefault(board.index[sid], {})
            for city, hcn in stacks.items():
                old = space.get(city, (0, 0, 0))
                space[city] = tuple(a + int(x) for a, x in zip(old, hcn, strict=True))
        st.treasury = {c: int(v) for c, v in scen["treasury"].items()}
        st.bell = {c: int(v) for c, v in scen["bellicosity"].items()}
        st.leader_status = {nm: "off" for nm in self.leaders}
        st.leader_at = {nm: -1 for nm in self.leaders}
        self.start_hoplites = {c: sum(stacks[c][0] for stacks in st.forces.values() if c in stacks)
                               for c in self.majors}


@cache
def _opening() -> _Opening:
    return _Opening()


class MountfordGame(Game):
    """A game of Mountford's Peloponnesian War from 431 BC. See the module docstring."""

    name = "mountford"
    title = "Brian Mountford's Peloponnesian War"
    players = SIDES
    action_types: ClassVar[dict] = {cls.kind: cls for cls in ACTION_TYPES}
    data_dir = DATA
    option_defaults: ClassVar[dict] = {"tables": None, "turns": None}
    option_checks: ClassVar[dict] = {
        "tables": (lambda v: isinstance(v, str | dict), "the path of a tables file (text) or a tables file's contents"),
        "turns": (whole_number(1, 9), "a whole number of game turns from 1 to 9"),
    }
    file_options: ClassVar[frozenset] = frozenset({"tables"})

    # -- set-up ------------------------------------------------------------------------------------
    def setup(self) -> None:
        self.board = default_board()
        self.tables = load_tables(self.options["tables"])
        self.last_turn = self.options["turns"] or self.tables.frame["turns"]
        opening = _opening()
        self.scenario = opening.scenario
        self.cities = opening.cities
        self.city_side = opening.city_side
        self.majors = opening.majors
        self.kings = opening.kings
        self.neutral_cities = opening.neutral_cities
        self.leaders = opening.leaders
        self.leader_order = opening.leader_order
        self.start_hoplites = opening.start_hoplites
        self._control = None
        self._legal: tuple | None = None
        self._forces_changes = 0  # counts changes to the forces (for what is kept between decisions)
        self._owner_changes = 0  # counts changes of a space's owner
        self._stacks = None
        self._side_leaders = None
        self._owners_memo = None
        self.battle_number = 0  # the battle being fought or the last one, 1, 2 … (the log's ``battle``); not state
        self.state = opening.state.copy()
        if self.log.enabled:
            self.event("setup", f"{self.scenario['meta']['title']}.", rule="10.2", **self.totals())
        self.start_turn(1)
        self._advance()

    def start_turn(self, turn: int) -> None:
        st = self.state
        if turn > self.last_turn:
            victory.finish(self, None, "no more game turns")  # a guard: victory.turn_end decides at the last turn
            return
        st.turn = turn
        st.phase = "operations"
        st.ravaged = [False] * self.board.n
        st.passed = [False, False]
        for nm, info in self.leaders.items():
            if st.leader_status[nm] == "dead":
                continue
            st.leader_status[nm] = "ready" if info.first_turn <= turn <= info.last_turn else "off"
            st.leader_at[nm] = -1
        if self.log.enabled:
            self.event("turn", f"Game turn {turn} begins ({self.year()} BC).", rule="10.2", year=self.year())
        st.to_act = 1 - st.first
        operations.next_operation(self)

    def year(self) -> int:
        return FIRST_YEAR - self.tables.frame["years_per_turn"] * (self.state.turn - 1)

    def saved_options(self) -> dict:
        if isinstance(self.options["tables"], str):
            return {**self.options, "tables": self.tables.data}
        return self.options

    # -- the state machine -------------------------------------------------------------------------
    def _advance(self) -> None:
        st = self.state
        while st.phase != "over":
            step = st.step
            if step in DECISIONS:
                acts = DECISIONS[step][0](self)
                if len(acts) == 1:  # nothing to decide: the engine takes the only possible answer
                    DECISIONS[step][1](self, acts[0])
                    st.serial += 1
                    continue
                self._legal = (st, st.serial, acts)
                return
            auto = AUTO.get(step)
            if auto is None:
                raise RuntimeError(f"Mountford engine: unknown step {step!r}")
            auto(self)

    def current_player(self) -> str | None:
        st = self.state
        if st.phase == "over" or st.to_act < 0:
            return None
        return self.players[st.to_act]

    def legal_actions(self) -> list[Action]:
        st = self.state
        if st.phase == "over":
            return []
        kept = self._legal
        if kept is None or kept[0] is not st or kept[1] != st.serial:
            kept = self._legal = (st, st.serial, DECISIONS[st.step][0](self))
        return list(kept[2])

    def apply(self, action: Action | dict | str) -> None:
        """As ``Game.apply``; an action object that ``legal_actions()`` handed out for this very decision is
        known to be legal at once (found by identity)."""
        kept = self._legal
        st = self.state
        if kept is not None and kept[0] is st and kept[1] == st.serial and st.phase != "over":
            for legal in kept[2]:
                if legal is action:
                    self.history.append(action)
                    self.execute(action)
                    return
        super().apply(action)

    def parse_action(self, text: str) -> Action | None:
        """The action written as ``text`` — a legal one, or one the rules will explain why not."""
        return super().parse_action(text) or parse(" ".join(text.split()))

    def check(self, action: Action) -> None:
        if action in self.legal_actions():
            return
        explain = operations.WHY_NOT.get(self.state.step)
        found = explain(self, action) if explain is not None else None
        if found is None:
            found = self.turn_rule(), f"that cannot be done now. {self.prompt()}"
        raise self.illegal(found[0], found[1], action)

    def execute(self, action: Action) -> None:
        st = self.state
        DECISIONS[st.step][1](self, action)
        st.serial += 1
        self._advance()

    def is_over(self) -> bool:
        return self.state.phase == "over"

    def result(self) -> Result | None:
        r = self.state.result
        if r is None:
            return None
        return Result(r["winner"], r["level"], r["reason"], dict(r["scores"]))

    def turn_rule(self) -> str:
        step = self.state.step
        return DECISIONS[step][2] if step in DECISIONS else "10.3"

    def event(self, kind: str, text: str, *, side: str | None = None, rule: str | None = None,
              private_to: str | None = None, **data) -> None:
        """As ``Game.event``; a row written while a battle is fought carries its number (``battle``)."""
        if self.log.enabled and self.state.battle is not None:
            data["battle"] = self.battle_number
        super().event(kind, text, side=side, rule=rule, private_to=private_to, **data)

    # -- helpers the rule modules share --------------------------------------------------------------
    def city_name(self, city: str) -> str:
        return self.cities[city]["name"] if city in self.cities else city

    def space_name(self, space: int) -> str:
        return self.board.spaces[space].name

    def side_of_city(self, city: str) -> int | None:
        """The player (0 Athens, 1 Sparta) who runs ``city`` now, or None (a neutral city-state)."""
        g = control(self).group.get(city)
        return 0 if g == "Athens" else 1 if g == "Sparta" else None

    def player_of_group(self, group: str) -> int | None:
        return 0 if group == "Athens" else 1 if group == "Sparta" else None

    def space_home(self, space: int) -> str:
        return self.board.spaces[space].home

    def add_sps(self, space: int, city: str, hcn) -> None:
        self._forces_changes += 1
        stacks = self.state.forces.setdefault(space, {})
        old = stacks.get(city, (0, 0, 0))
        stacks[city] = (old[0] + hcn[0], old[1] + hcn[1], old[2] + hcn[2])

    def remove_sps(self, space: int, city: str, hcn) -> None:
        self._forces_changes += 1
        stacks = self.state.forces[space]
        old = stacks[city]
        new = (old[0] - hcn[0], old[1] - hcn[1], old[2] - hcn[2])
        if min(new) < 0:
            raise RuntimeError(f"Mountford engine: {city} has not {hcn} in {self.board.ids[space]}")
        if any(new):
            stacks[city] = new
        else:
            del stacks[city]
            if not stacks:
                del self.state.forces[space]

    def note_losses(self, city: str, hcn, cause: str, rule: str, *, space: int | None = None,
                    side: str | None = None, **data) -> None:
        """Every SP eliminated passes here, and every loss is told here only: one log line in plain words, naming
        the arms lost and why ("Potidaea loses 1 hoplite SP in battle 3."), citing its rule (the ``rule`` column,
        not the text), with the figures (``city``, ``h_lost``, ``c_lost``, ``n_lost``, ``cause``, and ``space``
        where it happened). No other line of the log counts SPs lost (a battle's result row says how many its
        table takes; these rows, after it, say which: the engine docstring's "A battle")."""
        if self.log.enabled:
            if side is None:
                side = self.players[self.side_of_city(city)] if self.side_of_city(city) is not None else city
            where = {} if space is None else {"space": self.board.ids[space]}
            text = LOSS_WORDS[cause].format(city=self.city_name(city), sps=sps_in_words(hcn),
                                            space=self.space_name(space) if space is not None else "",
                                            battle=self.battle_number)
            self.event("eliminated", text, side=side, rule=rule, city=city, h_lost=hcn[0], c_lost=hcn[1],
                       n_lost=hcn[2], cause=cause, **where, **data)

    def change_bellicosity(self, city: str, delta: int, rule: str, why: str) -> None:
        st = self.state
        if city not in st.bell or city in st.peace or not delta:
            return
        before = st.bell[city]
        st.bell[city] = max(0, min(self.tables.frame["bellicosity_max"], before + delta))
        if self.log.enabled:
            self.event("bellicosity", f"{self.city_name(city)}'s bellicosity {before} → {st.bell[city]} ({why}).",
                       rule=rule,
                       city=city, change=st.bell[city] - before, bellicosity=st.bell[city])

    def kill_leader(self, name: str, rule: str, why: str) -> None:
        st = self.state
        st.leader_status[name] = "dead"
        st.leader_at[name] = -1
        if self.log.enabled:
            self.event("leader_killed", f"{name} {why}.", rule=rule, leader=name)

    def after_capture(self, space: int, old_owner: str, city: str) -> None:
        victory.after_capture(self, space, old_owner, city)

    def totals(self) -> dict[str, int]:
        st = self.state
        out: dict[str, int] = {}
        for k, side in enumerate(SIDES):
            ctl = control(self)
            h = c = n = 0
            for stacks in st.forces.values():
                for city, t in stacks.items():
                    if ctl.group[city] == side:
                        h, c, n = h + t[0], c + t[1], n + t[2]
            if st.op and st.op["side"] == k:
                for t in st.op["army"].values():
                    h, c, n = h + t[0], c + t[1], n + t[2]
            out[f"sps_{side}"] = h + c + n
        for city in self.majors:
            out[f"treasury_{city}"] = st.treasury.get(city, 0)
            out[f"bellicosity_{city}"] = st.bell.get(city, 0)
        return out

    # -- what players see --------------------------------------------------------------------------
    def _prompt_fields(self) -> dict:
        st = self.state
        op = st.op or {}
        fields = {"p": self.current_player() or "", "leader": op.get("leader", ""), "space": "", "where": "",
                  "there": "", "city": ""}
        if op:
            fields["space"] = self.space_name(op.get("at", 0))
        if st.step == "intercept" and op.get("icept"):
            fields["space"] = self.space_name(op["icept"]["space"])
        if st.step == "participate" and st.battle and st.battle["queue"]:
            where, battle = st.battle["queue"][0][1], st.battle["space"]
            fields["where"] = self.space_name(where)
            fields["there"] = "there" if where == battle else f"at {self.space_name(battle)}"
        if st.step == "ravage" and st.battle:
            fields["space"] = self.space_name(st.battle["space"])
        if st.step == "build" and st.build_queue:
            fields["city"] = self.city_name(st.build_queue[0])
        return fields

    def prompt(self) -> str:
        if self.is_over():
            r = self.result()
            return f"The war is over: {r.winner or 'nobody'} wins ({r.reason})."
        return PROMPTS[self.state.step].format(**self._prompt_fields())

    def observation(self, player: str | None = None) -> dict[str, Any]:
        """Everything a map, a panel and a route planner need (nothing is hidden in this game); ``player`` is
        checked by ``Game.viewer``, as in every game."""
        st = self.state
        b = self.board
        ctl = control(self)
        spaces = []
        for sp in b.spaces:
            i = sp.index
            owner = st.owner[i]
            spaces.append({
                "id": sp.id, "name": sp.name, "kind": sp.kind, "lat": sp.lat, "lon": sp.lon, "pleiades": sp.pleiades,
                "owner": owner, "side": ctl.group.get(owner, "") if owner else "", "fortress": sp.fortress,
                "home": sp.home, "garrison": st.garrison[i], "rebellion": st.rebellion[i], "ravaged": st.ravaged[i],
                "siege": ({"city": st.siege[i][0], "points": st.siege[i][1],
                           "needed": sieges.needed(self, ctl.group[st.siege[i][0]], i)} if i in st.siege else None),
                "forces": {c: list(t) for c, t in sorted(st.forces.get(i, {}).items())},
                "king": sp.king, "tribute": sp.tribute, "income": sp.income, "coastal": b.coastal[i],
            })
        op = st.op
        army = None
        if op:
            army = {"leader": op["leader"], "city": op["city"], "side": self.players[op["side"]],
                    "at": b.ids[op["at"]], "origin": b.ids[op["origin"]], "dest": b.ids[op["dest"]],
                    "combat": op["combat"], "via": op["via"], "route": [b.ids[x] for x in op["route"]],
                    "pos": op["pos"],
                    "sps": {c: list(t) for c, t in sorted(op["army"].items())}}
        leaders = [{"name": nm, "city": info.city, "side": ctl.group[info.city], "status": st.leader_status[nm],
                    "at": b.ids[st.leader_at[nm]] if st.leader_at[nm] >= 0 else None, "battle": info.battle,
                    "bravery": info.bravery, "interception": info.interception,
                    "years": [FIRST_YEAR - 3 * (info.first_turn - 1), FIRST_YEAR - 3 * info.last_turn + 1]}
                   for nm, info in ((nm, self.leaders[nm]) for nm in self.leader_order)]
        battle = None
        if st.battle:
            bt = st.battle
            battle = {"space": b.ids[bt["space"]], "kind": bt["kind"], "sides": list(bt["groups"]),
                      "leaders": list(bt["leaders"]), "stage": bt["stage"],
                      "naval": [list(totals) for totals in (combat.totals(self, 0, "naval"), combat.totals(self, 1,
                                                                                                           "naval"))],
                      "land": [list(totals) for totals in (combat.totals(self, 0, "land"), combat.totals(self, 1,
                                                                                                         "land"))]}
        return {
            "game": self.name, "viewer": player, "turn": st.turn, "turns": self.last_turn, "year": self.year(),
            "phase": st.phase, "step": st.step, "to_act": self.current_player(), "prompt": self.prompt(),
            "result": self.result().to_dict() if self.is_over() else None,
            "spaces": spaces, "army": army, "battle": battle, "leaders": leaders,
            "cities": {c: {"name": d["name"], "side": ctl.group[c], "major": d["major"]} for c,
                       d in self.cities.items()},
            "tracks": {"treasury": dict(st.treasury), "bellicosity": dict(st.bell),
                       "hostages": [list(h) for h in st.hostages], "peace": list(st.peace),
                       "war": [list(w) for w in st.war], "tribute_held": victory.tribute_held(self),
                       "athenian_fleet": victory.athenian_fleet(self),
                       "kings": {k: {s: king_attitude(self, k, "athens" if s == "Athens" else "sparta") for s in SIDES}
                                 for k in self.kings}},
            "legal": [str(a) for a in self.legal_actions()],
            "reconstructed": {"map": True, "tables": self.tables.reconstructed, "frame": True},
        }

    # -- editing a position (prepared lessons and tests) ------------------------------------------------
    def clear_forces(self) -> None:
        """Take every SP off the map (garrisons and owners stay)."""
        self.state.forces = {}
        self._legal = None
        self._forces_changes += 1

    def place(self, space: str, city: str, hoplites: int = 0, cavalry: int = 0, naval: int = 0) -> None:
        """Add SPs of ``city`` in ``space`` (for a prepared position)."""
        space, city = inputs.space(self, space), inputs.city(self, city)
        hoplites, cavalry, naval = inputs.hcn(self, (hoplites, cavalry, naval), "the SPs placed")
        self.add_sps(self.board.index[space], city, (hoplites, cavalry, naval))
        self._legal = None

    def set_owner(self, space: str, city: str, garrison: bool = False) -> None:
        """Give ``space`` to ``city`` (for a prepared position; "" for nobody), with its garrison marker if
        ``garrison``."""
        space = inputs.space(self, space)
        city = "" if city == "" else inputs.city(self, city)
        inputs.flag(self, garrison, "garrison")
        if garrison and not city:
            raise OptionError("a garrison belongs to a city-state: give set_owner a city-state with garrison=True")
        i = self.board.index[space]
        self.state.owner[i] = city
        self._owner_changes += 1
        self.state.garrison[i] = city if garrison else ""
        self._legal = None

    def give_operation(self, side: str) -> None:
        """Let ``side`` choose its next operation now (a prepared position)."""
        side = inputs.side(self, side)
        st = self.state
        st.op = None
        st.battle = None
        st.phase = "operations"
        st.passed = [False, False]
        st.to_act = self.players.index(side)
        st.step = "op_choose"
        self._legal = None
        self._control = None
        self._forces_changes += 1
        self._advance()

    # -- the lab: routes and odds (odds.py) ------------------------------------------------------------
    def plan_routes(self, city: str, src: str, dst: str, hoplites: int = 0, cavalry: int = 0, naval: int = 0,
                    via: str = "") -> list[dict]:
        """The shortest legal routes from ``src`` to ``dst`` for an army of ``city`` with these SPs, each with
        every space's exact interception chance and march risk, and the chance of arriving intact."""
        city = inputs.city(self, city)
        src, dst = inputs.space(self, src, " to start from"), inputs.space(self, dst, " to go to")
        hcn = inputs.hcn(self, (hoplites, cavalry, naval), "the army's SPs")
        return odds.plan_routes(self, city, src, dst, hcn, inputs.via(self, via))

    def preview_battle(self, space: str, attacker: str, hcn_attacker=None, **kw):
        """Exact outcome distribution of a combat in ``space`` (see ``odds.preview_battle``)."""
        space, attacker = inputs.space(self, space), inputs.city(self, attacker)
        if hcn_attacker is not None:
            hcn_attacker = inputs.hcn(self, hcn_attacker, "the attacker's SPs")
        unknown = sorted(set(kw) - {"leader", "try_skirmish"})
        if unknown:
            raise OptionError(f"preview_battle has no option {', '.join(unknown)}; its options are leader and "
                              "try_skirmish")
        if "leader" in kw:
            kw["leader"] = inputs.leader(self, kw["leader"])
        if "try_skirmish" in kw:
            inputs.flag(self, kw["try_skirmish"], "try_skirmish", none=True)
        return odds.preview_battle(self, space, attacker, hcn_attacker, **kw)

    def preview_siege(self, space: str, city: str, sps: int | None = None):
        """Operations and talents a siege of ``space`` by ``city`` with ``sps`` SPs would take (5.8)."""
        space, city = inputs.space(self, space), inputs.city(self, city)
        if sps is not None:
            sps = inputs.sps(self, sps, "the besieging SPs", low=1)
        i = self.board.index[space]
        why = sieges.why_not_besiegeable(self, city, i)
        if why:
            raise OptionError(f"{self.city_name(city)} cannot besiege {self.space_name(i)} (Mountford 5.8): {why}")
        return odds.preview_siege(self, space, city, sps)


# How each loss is told (``note_losses``): one sentence, the rule is cited beside it.
LOSS_WORDS = {
    "battle": "{city} loses {sps} in battle {battle}.",
    "siege": "{city} loses {sps} as {space} falls.",
    "storm": "{city} loses {sps} in the storm.",
    "burnt": "{city}'s crews at {space} burn their ships rather than fight: {sps} lost.",
    "laid up": "{city} lays up {sps}: there is no money to pay the crews.",
    "transport": "{city} loses {sps} in {space}: too few ships are left to carry them.",
    "unfamiliar": "{city} loses {sps} marching through unfamiliar country into {space}.",
    "pass": "{city} loses {sps} on the opposed pass into {space}.",
    "mountain": "{city} loses {sps} on the mountain path into {space}.",
    "king": "{city} loses {sps} in a hostile king's land, marching into {space}.",
}


def sps_in_words(hcn) -> str:
    """(1, 0, 2) → "1 hoplite SP and 2 naval SPs"."""
    names = ("hoplite", "cavalry", "naval")
    parts = [f"{n} {names[k]} SP{'s' if n != 1 else ''}" for k, n in enumerate(hcn) if n]
    if not parts:
        return "no SPs"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _arrive(game: MountfordGame) -> None:
    """Auto step "arrive": at the objective of a combat operation, fight the enemy there (5), then siege."""
    st = game.state
    op = st.op
    if not op["combat"]:
        st.step = "op_end"
        return
    ctl = control(game)
    here = st.forces.get(op["at"], {})
    groups = sorted({ctl.group[c] for c, t in here.items() if sum(t) and ctl.hostile(c, op["city"])})
    if groups:
        owner_group = ctl.group.get(st.owner[op["at"]], "")
        groups.sort(key=lambda g: (g != owner_group, g not in SIDES, g))
        combat.start(game, "operation", op["at"], groups[0])
        return
    sieges.offer(game)


AUTO = {
    "enter": movement.enter,
    "battle": combat.advance,
    "arrive": _arrive,
    "op_end": operations.end_operation,
    "economy": economy.run,
    "politics": economy.politics,
}
