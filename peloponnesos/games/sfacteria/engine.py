"""Sfacteria, 425 BC — the headless rules engine (rules 1–11 of the rulebook, optional 11.1 and 11.2).

    >>> from peloponnesos import new_game
    >>> game = new_game("sfacteria", seed=1)
    >>> game.current_player(), game.state.step
    ('Athens', 'window')

Options (all JSON-plain, so saves work): ``scenario`` ("historical", "blockade", "empty"),
``tables`` (None, or a path to a tables file with the schema of ``data/tables.toml``: the published
values), ``optional_voluntary_reduction`` (rule 11.1) and ``optional_strategos`` (rule 11.2), both off
unless asked for.

Decisions (``state.step``) and their actions — every decision belongs to ``current_player()``:

========================  ===================================================================
``window``                 secret stratagem choice (phase B, combat, phase E): PlayStratagem / DeclineStratagem
``B_adv``                  advantage in phase B: UseAdvantage(extra_pa | reverse_initiative | recover_unit |
                           return_leader) / DeclineAdvantage
``D_start``                start of an action phase: AnnouncePA, PlayStratagem (Fire, Storm), UseAdvantage
``D_storm_reroll``         the advantage holder may have the storm dice rolled again
``D_move``                 Activate, Move, Transport, Sail, ReduceUnit (11.1), EndMovement
``D_pay``                  PayAttacks / SkipAttacks
``D_attack``               Attack(zone): which battle next
``C_reroll``               the advantage holder may have the combat die rolled again
``C_retreat``              Retreat(piece, dest) for the first piece that has a choice
``E_keep``                 KeepStratagem(chit or 0)
``E_recover``              RecoverUnit / EndRecovery
``E_helot``                HelotRun / EndHelotRuns
========================  ===================================================================

``observation(player)`` returns a JSON-able dict (``player=None``: public information only):

* ``game``, ``viewer``, ``turn``, ``turns`` (7), ``phase`` {code, name}, ``step``, ``to_act``, ``prompt``,
  ``initiative``, ``result`` (None or Result.to_dict()).
* ``pa``: per side {available, rolled, bonus} (available = not yet announced, in PA) and, for the active
  side, ``announced_left`` (PA of the current announcement still to spend); ``active``.
* ``supply``: per side {level 0–3, suspended}; ``advantage``: {holder, usable}.
* ``units``: [{id, side, type T/H/P/A, pf, full_pf, reduced_pf, reduced, ally, bonus, zone, name, label}]
  for pieces on the map or in a base; ``leaders``: [{id, side, name, bonus, zone, strategos}].
* ``eliminated``: ids; ``bases``: {base id: [piece ids]}; ``zones``: {zone id: [piece ids]} (occupied
  only); ``activated``: zones activated this action phase; ``moved``: pieces moved this action phase;
  ``contested``: zones holding both sides.
* ``stratagems``: {hand: the viewer's chits with both faces (only for a player), counts per side,
  bowl (count), out_of_play: chits with faces}.
* ``reinforcements``: [{turn, side, pieces}] still due.
* ``pending``: {step, side, kind, text, …} what the current decision is; for a hidden choice the other
  side sees only who is choosing.
* ``last_combat``: {zone, kind, attacker, defender, attacker_pf, defender_pf, odds, die, modifiers,
  modified_die, result, winner, attacker_losses, defender_losses, stratagems, rerolled} or None;
  ``combat``: the battle being fought now (zone, odds, kind) or None.
* ``victory_points``: per side, as they would be counted now (rule 10.2).

The log (``game.log``): ``game.log.to_dataframe(player)`` gives pandas one row per event, with the columns
index, turn, phase, side, kind, rule (cited in full, "Sfacteria 7.1"), text, then one column per figure below
(empty where an event has none). ``side`` is the side the event is about; for a loss, the side that lost the PF.
Private events are shown only to their owner (``to_dataframe("Athens")``; ``None`` gives the public record):
the stratagem draws (``draw``, and the ``draw_stratagems`` line with the chits) and the choice made in a secret
window (a stratagem, or none: one private line either way, so the public lines are numbered alike).
PF lost per turn and side: ``df.groupby(["turn", "side"])["pf_lost"].sum()``; supply over time: the ``supply``
rows (or the ``turn_end`` snapshots).

======================  ==========================================================================================
kind                    columns (and when)
======================  ==========================================================================================
``setup``               ``scenario``, and the snapshot columns of ``turn_end`` (the position at the start)
``phase``               (phases A and E begin)
``draw``                ``why``, ``items``, ``forced``, ``roll_index`` (the chits drawn; private, rule 3.A)
``draw_stratagems``     ``count`` (public); ``chits`` (the same draw, private to the drawer)
``roll``                ``why``, ``faces``, ``total``, ``forced``, ``roll_index``; ``rule`` the rule the die is for
``action_points``       ``athens_roll``, ``sparta_roll``, ``athens_pa``, ``sparta_pa``, ``initiative`` (3.B)
``stratagem``           ``face``, ``title``, ``effective`` (revealed), ``chit`` (out of play), ``arrived``
``stratagem_choice``    (a side asked in a secret window has chosen; what it chose is a private ``stratagem``,
                        ``face`` 0 for none)
``advantage``           ``use`` (rule 9)
``reinforcements``      ``pieces``, ``pf_arrived`` (3.C; also Cleon's early arrival)
``action_phase``        ``pa_left`` (begins), ``unspent`` (PA lost at its end)
``forced``              (a decision with a single answer that no secret could change, taken by the engine)
``announce``            ``announced`` (PA, 3.D)
``activate``            ``zone``, ``cost`` (PA, 3.D)
``move``                ``piece``, ``origin``, ``zone`` (destination), ``by_sea`` (4, 4.1, 4.2)
``attacks``             (paid or not, 6.1)
``battle``              ``zone``, ``battle_kind``, ``attacker_pf``, ``defender_pf``, ``odds``; then ``die``,
                        ``modifier``, ``result``, ``winner``, ``attacker_steps``, ``defender_steps`` (6.2)
``reduced``             ``unit``, ``zone``, ``pf_lost`` (battle 6.2, Helot run 7, truce 8, voluntary 11.1)
``eliminated``          ``unit``, ``zone``, ``piece_type``, ``pf_lost`` (every rule that removes a unit); or
                        ``leader``, ``zone`` for a leader (no PF)
``unpaid``              ``unit``, ``zone`` (sent back to), ``pf_lost``; or ``leader``, ``zone`` (6.1)
``storm``               ``unit``, ``zone``, ``die``, ``pf_lost`` (a ship reduced, 8; then a line without them)
``retreat``             ``piece``, ``zone``, ``by_sea`` (6.3)
``spill``               ``unit``, ``zone`` (moved on from an overstacked zone, 6.3)
``stacking``            ``unit``, ``zone`` (where it goes back to: a move that left a zone over the limit when
                        movement ended, and that no unit there could make good, is taken back; 5)
``fire``                (the island's woods burn, 8)
``truce``               ``reduced`` (ids; each ship also has its own ``reduced`` line with ``pf_lost``)
``keep``                ``returned`` (chits sent back to the bowl, 3.E)
``recover``             ``unit``, ``pf_gained`` (3.E end of turn, 9 the advantage, 8 a stratagem)
``helot_run``           ``unit``, ``zone``, ``die``, ``success``, ``supply`` (the Spartan marker after it, 7)
``supply``              ``level_before``, ``level``, ``change``, ``suspended``, ``cut_off``, ``effect`` (a
                        stratagem that changed the check, or empty), ``supply`` (= ``level``): one line per side
                        at each end-of-turn check, even when the marker does not move (7, 7.1, 7.1.1)
``supply_suspended``    ``suspended`` (True: the last land unit left Pylos or Sphacteria and the side's check is
                        suspended; False: one is back and the marker goes to 3), ``supply`` (7.1.1, at once)
``capitulation``        ``units`` (the garrison that surrenders, 7.1; each also has an ``eliminated`` line)
``turn_end``            ``pf_on_map_Athens``, ``pf_on_map_Sparta`` (PF of the combat units in play, on the map
                        or in a base), ``supply_Athens``, ``supply_Sparta``, ``vp_Athens``, ``vp_Sparta``
                        (victory points as counted now, 10.2): at every end of turn, the last one included
``victory``             ``winner``, ``victory_level``, ``vp_Athens``, ``vp_Sparta`` (10)
======================  ==========================================================================================

Every PF a side loses is on exactly one row (``pf_lost``), and every PF it gains on one row (``pf_arrived``,
``pf_gained``): between two snapshots ``pf_on_map`` changes by their sum (``tests/sfacteria/test_sfacteria_log.py``).

Helpers for lessons and the map: ``SfacteriaGame.board()``, ``odds_column()``, ``preview_attack(zone)``,
``supply_forecast()`` (see ``supply.forecast``), and position editing for prepared lessons and tests:
``place()``, ``clear_board()``, ``set_supply()``, ``give_stratagems()``, ``start_action_phase()``,
``start_end_phase()``.

Speed (``benchmarks/sfacteria.py``): the legal actions are computed once per decision and kept; the engine
shares one object per action, so ``apply()`` knows the ones ``legal_actions()`` handed out by identity; the
counts of who is where are kept and brought up to date piece by piece (``stacking.occupancy``), a move moving
them along; moves are memoised per reach (``movement``), with what is left of them when rule 4.1 or 5 strikes
out some destinations; the
activations open are kept between the movement decisions of an action phase (``movement.d_move_options``);
after a move or an activation the next movement decision is made at once, without going round the state
machine; an event is one call (appended to ``log.events``), made only when the log is on, so that a bot's
playout formats no sentences; the points' lines are worked out once.
``tests/sfacteria/test_sfacteria_fast_paths.py`` compares all this with a plain recomputation from the state
at every step of random games (``tests/sfacteria/sfacteria_reference.py``), stratagem windows included.
In Python 3.11 a plain list comprehension beats ``map(operator.eq, ...)`` on lists this short.
"""

from __future__ import annotations

import random
from itertools import repeat
from operator import is_
from pathlib import Path
from typing import Any, ClassVar

from ...core import Action, Game, Result
from ...core.log import Event, new_event
from . import advantage, combat, movement, sequence, stacking, supply, victory
from .actions import (
    ACTION_TYPES,
    Activate,
    AnnouncePA,
    Attack,
    DeclineAdvantage,
    DeclineStratagem,
    EndHelotRuns,
    EndMovement,
    EndRecovery,
    HelotRun,
    KeepStratagem,
    Move,
    PayAttacks,
    PlayStratagem,
    RecoverUnit,
    ReduceUnit,
    Retreat,
    Sail,
    SkipAttacks,
    Transport,
    UseAdvantage,
    fmt_pa,
)
from .board import bits, default_board
from .movement import intern
from .order_of_battle import default_order_of_battle
from .scenarios import load_scenario
from .stacking import Occupancy
from .state import ELIM, NEVER, OFF, SfacteriaState
from .stratagems import default_stratagems
from .tables import load_tables

DATA = Path(__file__).parent / "data"
_CITATIONS: dict[str, str] = {}  # rule number -> its citation ("7.1" -> "Sfacteria 7.1")


def _cite(rule: str) -> str:
    book = SfacteriaGame.rules()
    citation = _CITATIONS[rule] = book.cite(rule) if rule in book else rule
    return citation


_ROLL_RULES: dict[str, str] = {}  # a roll's why -> the citation it ends with ("" if none)
_STARTS: dict[str, SfacteriaState] = {}  # scenario name -> its starting position (see _starting_state)
_MOVE_TYPES = frozenset({Move, Transport, Sail})
DECLINE_STRATAGEM = DeclineStratagem()
DECLINE_ADVANTAGE = DeclineAdvantage()
PAY, SKIP = PayAttacks(), SkipAttacks()
_ANNOUNCE: dict[int, tuple] = {}  # PA left (halves) -> the AnnouncePA actions open (rule 3.D)
END_RECOVERY, END_HELOTS = EndRecovery(), EndHelotRuns()

# Decisions the engine takes itself when only one action is possible, provided that no secret could have given
# more: D_move never involves one; D_start only when ``might_play`` says the side cannot hold a stratagem for it.
FORCED_STEPS = frozenset({"D_start", "D_move"})

STEP_RULE = {"window": "8", "B_adv": "9", "D_start": "3.D", "D_storm_reroll": "9", "D_move": "3.D", "D_pay": "6.1",
             "D_attack": "6.2", "C_reroll": "9", "C_retreat": "6.3", "E_keep": "3.E", "E_recover": "3.E",
             "E_helot": "7"}


def odds_column(attacker_pf: int, defender_pf: int, tables=None) -> str:
    """The engagement-table column for these strengths, rounded for the defender (rule 6.2)."""
    return (tables or load_tables()).odds_column(attacker_pf, defender_pf)


class SfacteriaGame(Game):
    """A game of Sfacteria, 425 BC. See the module docstring for options, decisions and observation."""

    name = "sfacteria"
    title = "Sfacteria, 425 BC"
    players = ("Athens", "Sparta")
    action_types: ClassVar[dict] = {cls.kind: cls for cls in ACTION_TYPES}
    data_dir = DATA
    secret_actions: ClassVar[frozenset[str]] = frozenset({"play_stratagem", "decline_stratagem", "keep_stratagem"})
    option_defaults: ClassVar[dict] = {"scenario": "historical", "tables": None,
                                       "optional_voluntary_reduction": False, "optional_strategos": False}
    option_checks: ClassVar[dict] = {"tables": (lambda v: isinstance(v, str | dict),
                                                "the path of a tables file (text) or a tables file's contents")}
    file_options: ClassVar[frozenset] = frozenset({"tables"})  # a save carries the tables' data, never a path
    last_turn = 7

    # ------------------------------------------------------------------------------------------------
    # set-up
    # ------------------------------------------------------------------------------------------------
    def setup(self) -> None:
        opts = self.options
        for key in ("optional_voluntary_reduction", "optional_strategos"):
            if not isinstance(opts[key], bool):
                raise ValueError(f"option {key} must be true or false, not {opts[key]!r}")
        if opts["tables"] is not None and not isinstance(opts["tables"], str | dict):
            raise ValueError("option tables must be the path of a tables file (text), a tables file's contents "
                             "(as a saved game holds them), or None")
        self.map = default_board()  # the static map (board.py); ``board()`` is its dict for renderers
        self.n_zones = len(self.map.ids)
        self.oob = default_order_of_battle()
        self.stratagems = default_stratagems()
        self.tables = load_tables(opts["tables"])
        scenario = load_scenario(opts["scenario"])
        self.scenario = scenario
        self._legal = None
        self._counts = None  # (state, Occupancy) last counted; see stacking.occupancy
        self._acts = None  # (state, key, activations) kept by movement.d_move_options
        self._reduction = opts["optional_voluntary_reduction"]  # rule 11.1 in use
        self._sea_zones = frozenset(bits(self.map.sea_mask))
        self._strait_zones = frozenset(bits(self.map.limited_mask))  # trireme PF limits (rule 5)
        self._supplied = supply.supplied_mask(self, 0) | supply.supplied_mask(self, 1)  # rule 7: Pylos, Sphacteria
        prepared = _STARTS.get(opts["scenario"])
        if prepared is None:
            prepared = _STARTS[opts["scenario"]] = self._starting_state(scenario)
        st = self.state = prepared.copy()  # every game of a scenario starts from the same position, copied
        self.event("setup", f"{self.title}: scenario '{opts['scenario']}' ({scenario['title']}).", rule="3",
                   scenario=opts["scenario"], **self.totals())
        phase = scenario["start_phase"]
        if phase == "A":
            st.step = "A"
        elif phase == "E":
            st.phase = "E"
            st.step = "E"
        elif phase == "setup":  # a blank board waiting for place() and start_action_phase()/start_end_phase()
            st.phase = "setup"
            st.step = "setup"
            st.to_act = -1
        else:
            raise ValueError(f"scenario {opts['scenario']!r}: start_phase must be A, E or setup")
        self._advance()

    def _starting_state(self, scenario: dict) -> SfacteriaState:
        """The position a scenario starts from (rule 3 and ``data/scenarios.toml``): the pieces set up, the others
        due on their turn of arrival. Built once per scenario (``_STARTS``) and copied for each game."""
        b, oob = self.map, self.oob
        st = SfacteriaState(len(oob.units), len(oob.leaders), len(b.ids))
        start = int(scenario["start_turn"])
        st.turn = start
        st.adv = self.players.index(scenario["advantage"])
        st.supply = [int(scenario["supply"]["Athens"]), int(scenario["supply"]["Sparta"])]
        placed = set()
        for zid, pieces in scenario.get("setup", {}).items():
            if zid == "out":
                continue
            z = b.index[zid]
            for p in pieces:
                kind, idx = oob.piece_kind(p)
                if kind == "unit":
                    st.uz[idx], st.uarr[idx] = z, 0
                else:
                    st.lz[idx], st.larr[idx] = z, 0
                placed.add(p)
        out = set(scenario.get("setup", {}).get("out", ()))
        unlisted = scenario.get("unlisted", "schedule")
        for p, turn in oob.arrival_turn.items():
            if p in placed or p in out or unlisted == "out":
                continue
            if turn > start or (turn == start and scenario["start_phase"] == "A"):
                kind, idx = oob.piece_kind(p)
                if kind == "unit":
                    st.uarr[idx] = turn
                else:
                    st.larr[idx] = turn
        return st

    # ------------------------------------------------------------------------------------------------
    # the state machine
    # ------------------------------------------------------------------------------------------------
    def _advance(self) -> None:
        st = self.state
        auto = sequence.AUTO
        while st.phase != "over":
            handler = auto.get(st.step)
            if handler is None:
                if st.step in FORCED_STEPS:
                    actions = movement.d_move_options(self) if st.step == "D_move" else self._compute_legal()
                    self._legal = (st, st.moves_made, actions)  # kept for the player who decides next
                    # a decision with one possible answer is taken at once, unless a secret could have given
                    # more: a side that might hold a stratagem for the start of its action phase is asked
                    if len(actions) == 1 and (actions[0] is movement.END_MOVEMENT if st.step == "D_move"
                                              else not self.might_play(st.to_act, "action")):
                        self._forced(actions[0])
                return
            handler(self)
        st.to_act = -1
        st.step = "over"

    def saved_options(self) -> dict:
        """The options a save records: published tables are saved as their data, not their path, so that the
        save opens on a computer that does not have the file."""
        if isinstance(self.options["tables"], str):
            return {**self.options, "tables": self.tables.data}
        return self.options

    def current_player(self) -> str | None:
        st = self.state
        if st.phase == "over" or st.to_act < 0:
            return None
        return self.players[st.to_act]

    def is_over(self) -> bool:
        return self.state.phase == "over"

    def result(self) -> Result | None:
        r = self.state.result
        if r is None:
            return None
        return Result(r["winner"], r["level"], r["reason"], dict(r["scores"]))

    def finish(self, winner: int | None, level: str, reason: str, rule: str = "10") -> None:
        st = self.state
        (a, s), _ = victory.victory_points(self)
        st.result = {"winner": self.players[winner] if winner is not None else None, "level": level,
                     "reason": reason, "scores": {"Athens": a, "Sparta": s}}
        st.phase = "over"
        st.step = "over"
        st.to_act = -1
        text = (f"{self.players[winner]} wins a {level} victory: {reason}." if winner is not None
                else f"The game is drawn: {reason}.")
        self.event("victory", text, side=self.players[winner] if winner is not None else None, rule=rule,
                   winner=st.result["winner"], victory_level=level, vp_Athens=a, vp_Sparta=s)

    def totals(self) -> dict[str, int]:
        """Per-side figures for the log's snapshots ("setup", "turn_end"): ``pf_on_map_<side>`` (the PF of
        its combat units in play, on the map or in its bases, on the faces they show), ``supply_<side>``
        (the marker) and ``vp_<side>`` (victory points as they would be counted now, rule 10.2)."""
        st, oob = self.state, self.oob
        pf = [0, 0]
        side_of, full, red, ured = oob.u_side, oob.u_full, oob.u_red, st.ured
        for i, z in enumerate(st.uz):
            if z >= 0:
                pf[side_of[i]] += red[i] if ured[i] else full[i]
        (vp_a, vp_s), _ = victory.victory_points(self)
        return {"pf_on_map_Athens": pf[0], "pf_on_map_Sparta": pf[1], "supply_Athens": st.supply[0],
                "supply_Sparta": st.supply[1], "vp_Athens": vp_a, "vp_Sparta": vp_s}

    def turn_end_event(self) -> None:
        """Log the end of the turn (rule 3.E) with a snapshot of the totals (see ``totals``)."""
        if self.log.enabled:
            self.event("turn_end", f"End of turn {self.state.turn}.", rule="3.E", **self.totals())

    def _log_roll(self, roll) -> None:
        """As ``Game._log_roll``, with the rule the roll is for in the ``rule`` column: every ``why`` of this
        engine ends with its citation, "(Sfacteria 7)"."""
        log = self.log
        if not log.enabled:
            return
        why = roll.why
        rule = _ROLL_RULES.get(why)
        if rule is None:
            _, sep, tail = why.rpartition("(Sfacteria ")
            rule = _ROLL_RULES[why] = "Sfacteria " + tail[:-1] if sep and tail.endswith(")") else ""
        faces = roll.faces
        st = self.state
        who = roll.who
        events = log.events
        if roll.kind == "roll":
            text = f"{who} rolls {'+'.join(map(str, faces))} for {why}"
            events.append(new_event(Event, (
                len(events), st.turn, st.phase, who or None, "roll", text, rule or None,
                {"why": why, "forced": roll.forced, "roll_index": roll.index, "faces": list(faces),
                 "total": sum(faces)},
                roll.private_to)))
        else:
            text = f"{who} draws {', '.join(map(str, faces))} ({why})"
            events.append(new_event(Event, (
                len(events), st.turn, st.phase, who or None, "draw", text, rule or None,
                {"why": why, "forced": roll.forced, "roll_index": roll.index, "items": list(faces)}, roll.private_to)))

    def event(self, kind: str, text: str, *, side: str | None = None, rule: str | None = None,
              private_to: str | None = None, **data: Any) -> None:
        """As ``Game.event`` (the log, stamped with turn and phase), in one call: the rule citations memoised,
        the event appended to the log's list itself. The rule modules call it under ``if game.log.enabled:``,
        so that a bot's playout (log off) spends nothing on words nobody reads."""
        log = self.log
        if log.enabled:
            citation = _CITATIONS.get(rule)
            if citation is None and rule is not None:
                citation = _cite(rule)
            st = self.state
            events = log.events
            events.append(new_event(Event, (len(events), st.turn, st.phase, side, kind, text, citation, data,
                                            private_to)))

    def turn_rule(self) -> str:
        return STEP_RULE.get(self.state.step, "3")

    # ------------------------------------------------------------------------------------------------
    # helpers the rule modules share
    # ------------------------------------------------------------------------------------------------
    def roll_d6(self, side: int, why: str) -> int:
        return self.dice.d6(who=self.players[side], why=why)

    def base_for_unit(self, i: int) -> int:
        u = self.oob.units[i]
        bases = self.oob.sides[self.players[u.side]]
        return self.map.index[bases["naval_base" if u.naval else "land_base"]]

    def leader_name(self, j: int) -> str:
        ld = self.oob.leaders[j]
        return ld.strategos if self.state.lstrat[j] else ld.id

    def piece_zone(self, piece: str) -> int:
        kind, idx = self.oob.piece_kind(piece)
        return self.state.uz[idx] if kind == "unit" else self.state.lz[idx]

    def piece_arrival(self, piece: str) -> int:
        kind, idx = self.oob.piece_kind(piece)
        return self.state.uarr[idx] if kind == "unit" else self.state.larr[idx]

    def eliminate_unit(self, i: int, rule: str, why: str) -> None:
        st, oob = self.state, self.oob
        zone = st.uz[i]
        st.uz[i] = ELIM
        uid = oob.units[i].id
        where = self.map.ids[zone] if zone >= 0 else "off the map"
        lost = (oob.u_red[i] if st.ured[i] else oob.u_full[i]) if zone >= 0 else 0
        if self.log.enabled:
            self.event("eliminated", f"{uid} is eliminated in {where}: {why}.", side=self.players[oob.u_side[i]],
                       rule=rule, unit=uid, zone=where, piece_type=oob.u_type[i], pf_lost=lost)
        if zone >= 0:
            self.capture_check(zone)

    def lose_leader(self, j: int, rule: str, why: str) -> None:
        st = self.state
        side = self.oob.l_side[j]
        name = self.leader_name(j)
        zone = st.lz[j]
        where = self.map.ids[zone] if zone >= 0 else "off the map"
        st.leaders_lost[side] += 1
        if self.options["optional_strategos"] and not st.lstrat[j]:
            st.lstrat[j] = True
            st.lz[j] = OFF
            st.larr[j] = st.turn + 1
            if self.log.enabled:
                self.event("eliminated", f"{name} is lost in {where}: {why}. Next turn the "
                           f"{self.oob.leaders[j].strategos} on the back of his counter arrives (rule 11.2).",
                           side=self.players[side], rule=rule, leader=self.oob.leaders[j].id, zone=where)
        else:
            st.lz[j] = ELIM
            if self.log.enabled:
                self.event("eliminated", f"{name} is lost in {where}: {why}.", side=self.players[side], rule=rule,
                           leader=self.oob.leaders[j].id, zone=where)

    def capture_check(self, zone: int) -> None:
        """Rule 2.2: a leader alone in a zone with enemy units is captured."""
        st = self.state
        lz = st.lz
        if zone not in lz:
            return
        kept = self._counts
        uz = st.uz
        if kept is not None and kept[0] is st and kept[1]._uz == uz:  # the masks of units kept describe uz now
            units = kept[1].units
            has_units = (units[0] >> zone & 1 == 1, units[1] >> zone & 1 == 1)
        else:
            oob = self.oob
            has_units = (zone in oob.of_side[0](uz), zone in oob.of_side[1](uz))
        if has_units[0] == has_units[1]:  # both sides' units there, or no units at all: nobody is alone
            return
        for j in self.oob.side_leaders[0 if has_units[1] else 1]:  # the side without units there, in number order
            if lz[j] == zone:
                self.lose_leader(j, "2.2", "alone among enemy units, he is captured")

    # ------------------------------------------------------------------------------------------------
    # legal actions
    # ------------------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        cache = self._legal
        st = self.state
        if cache is None or cache[0] is not st or cache[1] != st.moves_made:
            return self._legal_now()[:]
        return cache[2][:]  # the caller's own copy

    def _legal_now(self) -> list[Action]:
        """The legal actions, computed once per decision and kept as ``(state, moves_made, actions)``."""
        cache = self._legal
        st = self.state
        if cache is None or cache[0] is not st or cache[1] != st.moves_made:
            cache = self._legal = (st, st.moves_made, self._compute_legal())
        return cache[2]

    def apply(self, action: Action | dict | str) -> None:
        """As ``Game.apply``; an action object that ``legal_actions()`` handed out for this very decision is
        known to be legal at once (found by identity: the engine shares one object per action)."""
        cache = self._legal
        st = self.state
        if cache is not None and cache[0] is st and cache[1] == st.moves_made:
            # a plain loop: the action chosen is most often among the first few (faster than any(map(is_, ...)))
            for legal in cache[2]:
                if legal is action:
                    self.history.append(action)
                    self.execute(action)
                    return
        super().apply(action)

    @property
    def _occ(self) -> tuple | None:
        """``(state, Occupancy)``: the counts kept, if they describe the position now (else None)."""
        kept = self._counts
        return kept if kept is not None and kept[0] is self.state and kept[1].current(self.state) else None

    def _invalidate(self) -> None:
        """Forget cached legal actions and counts (after the position was edited by hand)."""
        self._legal = None
        self._counts = None
        self._acts = None

    def _compute_legal(self) -> list[Action]:
        st = self.state
        if st.phase == "over" or st.to_act < 0:
            return []
        step = st.step
        side = st.to_act
        if step == "D_move":
            return movement.d_move_options(self)
        if step == "window":
            return [intern(PlayStratagem, f) for f in self._playable_faces(side, st.window_kind)] + [DECLINE_STRATAGEM]
        if step == "D_start":
            left = st.pa[side]
            least = movement.cheapest_activation(self, side) or 1
            announce = _ANNOUNCE.get((left, least))
            if announce is None:
                announce = _ANNOUNCE[(left, least)] = tuple(intern(AnnouncePA, h)
                                                            for h in self._announce_options(side, least))
            out = list(announce)
            if not st.played[side]:
                out += [intern(PlayStratagem, f) for f in self._playable_faces(side, "action")]
            out += advantage.options(self, side, "action")
            return out
        if step == "D_pay":
            return [PAY, SKIP]
        if step == "D_attack":
            return [intern(Attack, self.map.ids[z]) for z in st.fights]
        if step in ("C_reroll", "D_storm_reroll"):
            return [*advantage.options(self, side, "reroll"), DECLINE_ADVANTAGE]
        if step == "B_adv":
            return [*advantage.options(self, side, "B"), DECLINE_ADVANTAGE]
        if step == "C_retreat":
            r = st.retreat
            code = r["pieces"][0]
            name = self.leader_piece_id(code)
            ids = self.map.ids
            opts = combat.retreat_options(self, r["side"], r["zone"], code, tuple(r["dests"]))
            return [intern(Retreat, name, ids[r["zone"]], ids[d]) for d in sorted(opts)]
        if step == "E_keep":
            return [intern(KeepStratagem, c) for c in sorted(st.hands[side])] + [intern(KeepStratagem, 0)]
        if step == "E_recover":
            units = sequence.recoverable(self, side)
            return [*(intern(RecoverUnit, self.oob.units[i].id) for i in units), END_RECOVERY]
        if step == "E_helot":
            ids = self.map.ids
            return ([intern(HelotRun, self.oob.units[i].id, ids[st.uz[i]]) for i in supply.helots_ready(self)]
                    + [END_HELOTS])
        return []

    def leader_piece_id(self, code: int) -> str:
        return self.oob.leaders[code - 100].id if code >= 100 else self.oob.units[code].id

    def _announce_options(self, side: int, least: int = 1) -> list[int]:
        """Rule 3.D step 1: at least 1 PA (or the last ½), at most all that is left, in whole PA; and, since a
        player may not pass on purpose (the rule's note), enough for the cheapest activation open to him
        (``least`` halves), when he has that much."""
        left = self.state.pa[side]
        if left <= 0:
            return []
        if left == 1:
            return [1]
        out = list(range(2, left + 1, 2))
        if left % 2:
            out.append(left)
        if least <= left:
            out = [h for h in out if h >= least]
        return out

    def _playable_faces(self, side: int, window: str) -> list[int]:
        """The faces ``side`` could play now in ``window`` (its colour or neutral, applying here: rule 8)."""
        st = self.state
        hand = st.hands[side]
        if not hand or st.played[side]:
            return []
        return self._applying_faces(side, window, hand)

    def might_play(self, side: int, window: str) -> bool:
        """Could ``side`` hold a stratagem to play in ``window`` now, as far as its opponent can tell? (rules 3.D,
        8) True when it holds a chit, has played none in this phase, and some chit still in play (not out of
        play) has a face that it could play here. Public information only: who is asked in a secret window,
        and whether the start of an action phase is asked or taken by the engine, depend on this and never on
        the hand itself (see CLARIFICATIONS.md, rules 3.D and 8)."""
        st = self.state
        if not st.hands[side] or st.played[side]:
            return False
        faces = self.stratagems.in_play(window, side, st.out_chits)
        return bool(faces) and bool(self._applying(side, window, faces))

    def _applying_faces(self, side: int, window: str, chits) -> list[int]:
        """The faces of ``chits`` that ``side`` could play now in ``window``, in number order (rule 8)."""
        usable = self.stratagems.by_window[window][side]  # chit -> its faces for this window and side (rule 8)
        faces = [face for chit in chits for face in usable[chit]]
        if not faces:
            return []
        return self._applying(side, window, faces)

    def _applying(self, side: int, window: str, faces) -> list[int]:
        """The numbers of ``faces`` (for ``window``, of ``side``'s colour) that apply now, in order (rule 8)."""
        st = self.state
        if window == "combat":
            c = st.combat
            if c is None:
                return []
            zone, attacker = c["zone"], c["attacker"]
            att = combat.participants(self, zone, attacker)
            dfn = combat.participants(self, zone, 1 - attacker)
            out = [f.number for f in faces if combat.face_applies(self, f, side, zone, attacker, att, dfn)]
        else:
            out = [f.number for f in faces if self._face_applies(f, side)]
        out.sort()
        return out

    def _face_applies(self, face, side: int) -> bool:
        st = self.state
        e = face.effect
        if face.window == "combat":
            c = st.combat
            if c is None:
                return False
            att = combat.participants(self, c["zone"], c["attacker"])
            dfn = combat.participants(self, c["zone"], 1 - c["attacker"])
            return combat.face_applies(self, face, side, c["zone"], c["attacker"], att, dfn)
        if e == "fire":
            island_difficult = self.map.island_mask & self.map.difficult_mask
            return bool(island_difficult & ~st.cleared)
        if e == "storm":  # triremes of either side at sea (not on a beach)
            sea, of_naval = self._sea_zones, self.oob.of_naval
            return not (sea.isdisjoint(of_naval[0](st.uz)) and sea.isdisjoint(of_naval[1](st.uz)))
        if e in ("divers", "half_rations", "helot_wind", "lookout"):
            if not supply.any_concerned(self, 1):
                return False
            return e != "helot_wind" or bool(supply.helots_ready(self))
        if e == "thirst":
            return supply.any_concerned(self, 0)
        return True  # extra PA, truce

    # ------------------------------------------------------------------------------------------------
    # check: a fast membership test, then a reason in words with the rule
    # ------------------------------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        legal = self._legal_now()
        if any(map(is_, repeat(action), legal)) or action in legal:  # the engine's own objects, or equal ones
            return
        rule, reason = self._explain(action)
        raise self.illegal(rule, reason, action)

    def _explain(self, a: Action) -> tuple[str, str]:
        st = self.state
        side = st.to_act
        me = self.players[side] if side >= 0 else "nobody"
        step = st.step
        b = self.map
        now = f"now {self.prompt()}"
        if isinstance(a, AnnouncePA):
            if step != "D_start":
                return "3.D", f"PA are announced at the start of an action phase; {now}"
            left = st.pa[side]
            if a.halves > left:
                return "3.D", f"{me} has only {fmt_pa(left)} PA left and cannot announce {fmt_pa(a.halves)}."
            if a.halves < min(2, left):
                return "3.D", (f"{me} must announce at least 1 PA: you cannot pass while you still have PA "
                               f"({fmt_pa(left)} left).")
            least = movement.cheapest_activation(self, side) or 1
            if a.halves < least <= left:
                return "3.D", (f"{me} must announce at least {fmt_pa(least)} PA, the cost of the cheapest zone it can "
                               f"activate: with less it could do nothing, and a player cannot pass on purpose while "
                               f"he still has PA ({fmt_pa(left)} left).")
            return "3.D", "PA are announced in whole points (or all that is left)."
        if isinstance(a, Activate):
            if step != "D_move":
                return "3.D", f"zones are activated after announcing PA, during the action phase; {now}"
            if a.zone not in b.index:
                return "1.3", f"there is no zone called {a.zone}."
            z = b.index[a.zone]
            if st.activated >> z & 1:
                return "3.D", f"{a.zone} has already been activated in this action phase."
            if not movement.zones_with_unmoved_units(self, side) >> z & 1:
                return "3.D", f"{me} has no combat unit in {a.zone} that can still move."
            cost = movement.activation_cost(self, side, z)
            return "3.D", (f"activating {a.zone} costs {fmt_pa(cost)} PA but only {fmt_pa(st.budget)} PA of the "
                           "announcement are left.")
        if isinstance(a, (Move, Transport, Sail)):
            return self._explain_move(a)
        if isinstance(a, ReduceUnit):
            if not self.options["optional_voluntary_reduction"]:
                return "11.1", "voluntary reduction is an optional rule that is not in use in this game."
            return "11.1", ("only a full-strength unit in an activated zone, before it moves, can be reduced "
                            "voluntarily.")
        if isinstance(a, EndMovement):
            if step != "D_move":
                return "3.D", f"there is no movement to end; {now}"
            if not st.activated:
                return "3.D", (f"{me} must activate at least one zone or base before ending movement: a player cannot "
                               "pass on purpose while he has PA, and the PA announced are for spending.")
            occ = Occupancy(self)
            over = stacking.over_limit(self, occ, side)
            where = ", ".join(b.ids[z] for z in bits(over))
            return "5", (f"{me} is over the stacking limit in {where}: move a unit out before ending movement "
                         "(at most 4 units per side in a land zone, and the printed PF of triremes in a strait).")
        if isinstance(a, PayAttacks):
            if step == "D_pay":
                return "6.1", "the announcement has less than 1 PA left to pay for the battles."
            return "6.1", f"there is no battle to pay for; {now}"
        if isinstance(a, SkipAttacks):
            return "6.1", f"there is no battle to pay for; {now}"
        if isinstance(a, Attack):
            return "6.2", f"{a.zone} is not a zone where {me} must fight now; {now}"
        if isinstance(a, PlayStratagem):
            return self._explain_stratagem(a)
        if isinstance(a, DeclineStratagem):
            return "8", f"no stratagem is being asked for; {now}"
        if isinstance(a, (UseAdvantage, DeclineAdvantage)):
            if st.adv != side:
                return "9", f"{me} does not hold the advantage; {self.players[st.adv]} does."
            if not advantage.usable(self, side):
                return "9", "the advantage came to you in this phase: it can be used from the next phase."
            return "9", f"this use of the advantage is not possible here; {now}"
        if isinstance(a, Retreat):
            if step != "C_retreat":
                return "6.3", f"no piece is retreating; {now}"
            piece = self.leader_piece_id(st.retreat["pieces"][0])
            if a.piece != piece:
                return "6.3", f"retreats are made one piece at a time: {piece} first."
            return "6.3", (f"{a.piece} must retreat to a neighbouring zone free of enemy pieces, with room for it "
                           "(or onwards by sea transport).")
        if isinstance(a, KeepStratagem):
            if step != "E_keep":
                return "3.E", f"stratagems are kept at the end of the turn; {now}"
            return "3.E", f"{me} does not hold chit {a.chit}."
        if isinstance(a, (RecoverUnit, EndRecovery)):
            if step != "E_recover":
                return "3.E", f"units recover at the end of the turn; {now}"
            return "3.E", f"{getattr(a, 'unit', '')} is not a reduced {me} unit that can recover."
        if isinstance(a, (HelotRun, EndHelotRuns)):
            if step != "E_helot":
                return "7", f"Helot runs are made at the end of the turn, before the Spartan supply check; {now}"
            return "7", "only Helot units (H5–H9) in T11 or T12 that have not run this turn can run supplies."
        return self.turn_rule(), f"{a} is not possible: {now}"

    def _explain_move(self, a) -> tuple[str, str]:
        st, b, oob = self.state, self.map, self.oob
        side = st.to_act
        me = self.players[side] if side >= 0 else "nobody"
        if st.step != "D_move":
            return "3.D", f"pieces move after their zone is activated in an action phase; now {self.prompt()}"
        try:
            kind, idx = oob.piece_kind(a.piece)
        except KeyError:
            return "2", f"there is no piece called {a.piece}."
        if a.dest not in b.index or a.origin not in b.index:
            return "1.3", f"there is no zone called {a.dest if a.dest not in b.index else a.origin}."
        owner = oob.u_side[idx] if kind == "unit" else oob.l_side[idx]
        if owner != side:
            return "3.D", f"{a.piece} belongs to {self.players[owner]}; {me} moves only its own pieces."
        zone = st.uz[idx] if kind == "unit" else st.lz[idx]
        if zone != b.index[a.origin]:
            where = b.ids[zone] if zone >= 0 else "not on the map"
            return "4", f"{a.piece} is in {where}, not in {a.origin}."
        moved = (st.umoved if kind == "unit" else st.lmoved) >> idx & 1
        if moved:
            return "3.D", f"{a.piece} has already moved in this action phase."
        free = (st.umov if kind == "unit" else st.lmov) >> idx & 1
        if not free:
            return "3.D", f"{a.piece} can move only after its zone {a.origin} is activated."
        d = b.index[a.dest]
        if d >= b.n_map:
            return "4", "pieces never move into a base: bases only send reinforcements onto the map."
        occ = Occupancy(self)
        if kind == "unit" and oob.u_naval[idx]:
            if not b.naval_mask >> d & 1:
                return "4.1", f"triremes cannot enter {a.dest}: it is {b.terrain[d]} land (only beaches take ships)."
            if isinstance(a, (Move, Transport)):
                return "4.1", "triremes sail; use a sail action."
            if not movement.naval_destinations(self, occ, side, zone) >> d & 1:
                return "4", f"{a.piece} would have to pass through a zone with enemy pieces, where it must stop."
            limit = b.strait_limit[d]
            free_units, free_pf = stacking.free_to_leave(self, side, d)
            if limit is not None:
                pf = occ.tpf[side][d] + (oob.u_red[idx] if st.ured[idx] else oob.u_full[idx])
                return "5", (f"at most {limit} PF of triremes per side in the strait {a.dest} — you would have {pf}"
                             + (f", and your ships there still free to sail out carry only {free_pf} PF"
                                if free_pf else "") + "."
                             + (" (Rule 11.1, if in use, lets you reduce a unit first.)" if not st.ured[idx] else ""))
            return "5", self._too_many(a.dest, occ.count[side][d] + 1, free_units)
        if kind == "unit":
            if not b.land_mask >> d & 1:
                return "4.1", (f"land units cannot stop in the water zone {a.dest}; "
                               "they cross water only by sea transport to a land zone.")
            if isinstance(a, Sail):
                return "4.1", "land units do not sail; move them, or ship them by sea transport (4.2)."
            dests = movement.land_destinations(self, occ, side, zone, movement.LAND_PM, True)
            if d not in dests:
                return self._why_unreachable(a, zone, d, occ, side, movement.LAND_PM, True)
            free_units = stacking.free_to_leave(self, side, d)[0]
            if occ.count[side][d] - free_units >= 4:
                return "5", self._too_many(a.dest, occ.count[side][d] + 1, free_units)
            seas = dests[d]
            if seas and isinstance(a, Move):
                return "4.2", f"{a.dest} can be reached only by sea transport via {'+'.join(b.ids[s] for s in seas)}."
            if not seas and isinstance(a, Transport):
                return "4.2", f"{a.dest} can be reached over land: use a move, not sea transport."
            return "4.2", f"the way by sea is via {'+'.join(b.ids[s] for s in seas)}."
        # a leader
        if isinstance(a, Sail):
            if not st.act_t >> zone & 1:
                return "4.1", f"{a.piece} can sail only from a zone that held {me}'s triremes when it was activated."
            return "4.1", f"{a.piece} can sail only to a zone where {me} has triremes."
        if not st.act_units >> zone & 1:
            return "4.1", f"{a.piece} moves on land only together with combat units."
        if not occ.units[side] >> d & 1:
            return "4.1", (f"{a.piece} moves on land only together with combat units: {me} has no combat unit in "
                           f"{a.dest}; move one there first.")
        return self._why_unreachable(a, zone, d, occ, side, movement.LEADER_PM, False)

    @staticmethod
    def _too_many(zone: str, would: int, free_units: int) -> str:
        """Rule 5 in words: a zone may hold more for a while only if units there can still move out."""
        if free_units:
            return (f"at most 4 units per side in {zone} when movement ends — you would have {would}, and only "
                    f"{free_units} of your units there can still move out.")
        return f"at most 4 units per side in {zone} — you would have {would}."

    def _why_unreachable(self, a, zone, d, occ, side, pm, for_unit) -> tuple[str, str]:
        b = self.map
        over_land = {dest for dest, ways in b.land_paths(pm)[zone] if any(not w.seas for w in ways)}
        anyway = {dest for dest, _ in b.land_paths(pm)[zone]}
        if d not in anyway:
            return "4", f"{a.dest} is more than {pm} PM away from {a.origin}."
        if d in over_land:
            enemy = occ.any[1 - side] & b.land_mask
            blockers = ", ".join(b.ids[z] for z in bits(enemy)) or "none"
            return "4", (f"{a.piece} cannot get to {a.dest} in {pm} PM without passing through a zone with enemy "
                         f"pieces ({blockers}), where it would have to stop.")
        return ("4.2", f"{a.piece} can reach {a.dest} only by sea, and the water on the way needs a friendly trireme, "
                "no enemy trireme, and room on the ships (one land unit per trireme PF in each water zone).")

    def _explain_stratagem(self, a: PlayStratagem) -> tuple[str, str]:
        st = self.state
        side = st.to_act
        me = self.players[side] if side >= 0 else "nobody"
        try:
            face = self.stratagems.face(a.face)
        except KeyError:
            return "2.3", f"there is no stratagem number {a.face}."
        if face.chit not in st.hands[side]:
            return "8", f"{me} does not hold the chit with stratagem {a.face} ({face.title})."
        if not face.usable_by(side):
            colour = {"blue": "blue (Athens)", "red": "red (Sparta)"}.get(face.colour, face.colour)
            return "8", f"{face.title} is {colour}: a player never uses a stratagem of the other side's colour."
        if st.played[side]:
            return "8", "each player plays at most one stratagem per action phase."
        windows = {"B": "in phase B after the action-point rolls", "action": "at the start of your own action phase",
                   "combat": "in a battle, after the odds are known", "E": "in phase E before the supply checks"}
        wanted = {"window": st.window_kind, "D_start": "action"}.get(st.step)
        if wanted != face.window:
            return "8", f"{face.title} is played {windows[face.window]}; now {self.prompt()}"
        return "8", f"{face.title} has no effect here: {face.text}"

    # ------------------------------------------------------------------------------------------------
    # execute
    # ------------------------------------------------------------------------------------------------
    def execute(self, action: Action) -> None:
        st = self.state
        side = st.to_act
        b = self.map
        self._legal = None
        t = type(action)
        if t in _MOVE_TYPES:  # the most frequent decisions first; then the next movement decision at once
            decoded = movement.MOVES.get(id(action))
            if decoded is None:
                kind, idx = self.oob.piece_kind(action.piece)
                decoded = (kind, idx, b.index[action.dest], tuple(b.index[s] for s in action.via)
                           if t is Transport else (), str(action))
            kind, idx, dest, seas, text = decoded
            origin = st.uz[idx] if kind == "unit" else -1
            movement.apply_move(self, kind, idx, dest, seas)
            log = self.log
            if log.enabled:
                name = self.players[side]
                events = log.events
                events.append(new_event(Event, (
                    len(events), st.turn, st.phase, name, "move", f"{name}: {text}.",
                    _CITATIONS.get(action.rule) or _cite(action.rule),
                    {"piece": action.piece, "origin": action.origin, "zone": action.dest, "by_sea": bool(seas)},
                    None)))
            if dest in st.lz:
                self.capture_check(dest)
            if origin >= 0 and (self._supplied >> origin | self._supplied >> dest) & 1:
                supply.follow_presence(self)  # rule 7.1.1: a garrison leaves, or comes back
            self._next_move_decision()
            return
        if t is Activate:
            z = b.index[action.zone]
            cost = movement.apply_activation(self, z)
            log = self.log
            if log.enabled:
                name = self.players[side]
                events = log.events
                events.append(new_event(Event, (
                    len(events), st.turn, st.phase, name, "activate",
                    f"{name} activates {action.zone} ({fmt_pa(cost)} PA; {fmt_pa(st.budget)} left).",
                    _CITATIONS.get("3.D") or _cite("3.D"), {"zone": action.zone, "cost": cost / 2}, None)))
            st.moves_made += 1
            self._next_move_decision()
            return
        if t is ReduceUnit:
            i = self.oob.unit_index[action.unit]
            st.ured[i] = True
            st.moves_made += 1
            if self.log.enabled:
                self.event("reduced", f"{action.unit} is reduced voluntarily.", side=self.players[side], rule="11.1",
                           unit=action.unit, zone=action.zone, pf_lost=self.oob.u_full[i] - self.oob.u_red[i])
        elif t is EndMovement:
            st.step = "D_after_moves"
            if st.umoved:
                movement.take_back_overstack(self)
            sequence.step_D_after_moves(self)
        elif t is AnnouncePA:
            st.pa[side] -= action.halves
            st.budget = action.halves
            st.step = "D_move"
            if self.log.enabled:
                self.event("announce", f"{self.players[side]} announces {fmt_pa(action.halves)} PA "
                           f"({fmt_pa(st.pa[side])} left for later).", side=self.players[side], rule="3.D",
                           announced=action.halves / 2)
        elif t is PayAttacks:
            st.budget -= 2
            st.fights = combat.contested_zones(self)
            if self.log.enabled:
                self.event("attacks", f"{self.players[side]} pays 1 PA for the battles in "
                           f"{', '.join(b.ids[z] for z in st.fights)}.", side=self.players[side], rule="6.1")
            st.step = "D_fight_next"
        elif t is SkipAttacks:
            if self.log.enabled:
                self.event("attacks", f"{self.players[side]} does not pay for the battles.", side=self.players[side],
                           rule="6.1")
            sequence.unpaid(self, combat.contested_zones(self))
            st.step = "D_end_phase"
        elif t is Attack:
            sequence.start_combat(self, b.index[action.zone])
        elif t is PlayStratagem:
            self._play_stratagem(side, action.face)
        elif t is DeclineStratagem:
            self._window_choice(side, 0)
        elif t is UseAdvantage:
            self._use_advantage(side, action)
        elif t is DeclineAdvantage:
            if st.step == "B_adv":
                st.step = "C"
            elif st.step == "C_reroll":
                st.step = "C_resolve"
            elif st.step == "D_storm_reroll":
                self._storm_apply()
                st.step, st.to_act = "D_start", st.active
        elif t is Retreat:
            r = st.retreat
            code = r["pieces"][0]
            opts = combat.retreat_options(self, r["side"], r["zone"], code, tuple(r["dests"]))
            d = b.index[action.dest]
            sequence.do_retreat(self, code, d, opts[d])
            st.step = "C_retreat_next"
        elif t is KeepStratagem:
            hand = st.hands[side]
            back = [c for c in hand if c != action.chit]
            st.hands[side] = [action.chit] if action.chit else []
            if self.log.enabled:
                self.event("keep", f"{self.players[side]} keeps {'one chit' if action.chit else 'no chit'} and returns "
                           f"{len(back)} to the bowl.", side=self.players[side], rule="3.E", returned=len(back))
            st.step = "E_next"
        elif t is RecoverUnit:
            i = self.oob.unit_index[action.unit]
            st.ured[i] = False
            st.recover_left -= 1
            if self.log.enabled:
                self.event("recover", f"{action.unit} is back to full strength.", side=self.players[side], rule="3.E",
                           unit=action.unit, pf_gained=self.oob.u_full[i] - self.oob.u_red[i])
            if st.recover_left <= 0 or not sequence.recoverable(self, side):
                st.step = "E_next"
        elif t is EndRecovery:
            st.recover_left = 0
            st.step = "E_next"
        elif t is HelotRun:
            supply.helot_run(self, self.oob.unit_index[action.unit])
            if not supply.helot_runs_possible(self):
                st.step = "E_next"
        elif t is EndHelotRuns:
            st.step = "E_next"
        self._advance()

    def _next_move_decision(self) -> None:
        """After a move or an activation the same player goes on moving (step D_move): its choices now, as
        ``_advance`` would find them, without going round the state machine."""
        st = self.state
        actions = movement.d_move_options(self)
        self._legal = (st, st.moves_made, actions)
        if len(actions) == 1 and actions[0] is movement.END_MOVEMENT:  # nothing else is left: taken at once
            self._forced(actions[0])

    def _forced(self, action: Action) -> None:
        """A public decision with a single possible answer: the engine takes it (and logs it as forced)."""
        name = self.players[self.state.to_act]
        if self.log.enabled:
            self.event("forced", f"{name}: {action} (the only choice).", side=name, rule=action.rule)
        self.execute(action)

    def _window_choice(self, side: int, face: int) -> None:
        """A side's secret choice in a window (rule 8): one private line saying what it chose (a face or none,
        so that the public lines are numbered alike either way), one public line saying that it chose."""
        st = self.state
        name = self.players[side]
        if face:
            f = self.stratagems.face(face)
            st.hands[side] = [c for c in st.hands[side] if c != f.chit]
            st.secret[side] = face
            st.played[side] = True
            if self.log.enabled:
                self.event("stratagem", f"{name} chooses stratagem {face} {f.title} in secret.", side=name,
                           rule="8", private_to=name, face=face)
        elif self.log.enabled:
            self.event("stratagem", f"{name} chooses no stratagem.", side=name, rule="8", private_to=name, face=0)
        if self.log.enabled:
            self.event("stratagem_choice", f"{self.players[side]} has made its choice.", side=self.players[side],
                       rule="8")
        st.window = [s for s in st.window if s != side]
        if st.window:
            st.to_act = st.window[0]
        else:
            st.step = sequence.WINDOW_NEXT[st.window_kind]

    def _play_stratagem(self, side: int, number: int) -> None:
        st = self.state
        if st.step == "window":
            self._window_choice(side, number)
            return
        # an action-phase face, played openly at the start of the action phase (rule 3.D, 8)
        face = self.stratagems.face(number)
        st.hands[side] = [c for c in st.hands[side] if c != face.chit]
        st.played[side] = True
        st.secret = [0, 0]
        st.secret[side] = number
        sequence.reveal(self)
        if face.effect == "fire":
            burned = self.map.island_mask & self.map.difficult_mask
            st.cleared |= burned
            if self.log.enabled:
                self.event("fire", "Fire sweeps the island's woods: " + ", ".join(self.map.ids[z] for z in
                           bits(burned)) + " count as clear ground from now on.", side=self.players[side], rule="8")
        elif face.effect == "storm":
            sea = self.map.sea_mask
            hit = [i for i, z in enumerate(st.uz) if z >= 0 and sea >> z & 1 and self.oob.u_naval[i]]
            dice = [self.roll_d6(side, f"storm: {self.oob.units[i].id} (Sfacteria 8)") for i in hit]
            st.storm = {"units": tuple(hit), "dice": tuple(dice), "side": side}
            if hit and advantage.offer(self, "D_storm_reroll"):
                return
            self._storm_apply()

    def _storm_apply(self) -> None:
        st = self.state
        storm = st.storm
        st.storm = None
        if storm is None:
            return
        for i, face in zip(storm["units"], storm["dice"], strict=True):
            if st.uz[i] < 0:
                continue
            uid = self.oob.units[i].id
            if face <= 2:
                if st.ured[i]:
                    self.eliminate_unit(i, "8", "wrecked in the storm")
                else:
                    st.ured[i] = True
                    if self.log.enabled:
                        self.event("storm", f"{uid} is damaged by the storm (die {face}) and reduced.",
                                   side=self.players[self.oob.u_side[i]], rule="8", unit=uid, die=face,
                                   zone=self.map.ids[st.uz[i]], pf_lost=self.oob.u_full[i] - self.oob.u_red[i])
        if self.log.enabled:
            self.event("storm", "The storm passes.", rule="8")

    def _use_advantage(self, side: int, a: UseAdvantage) -> None:
        st = self.state
        step = st.step
        if a.use == "extra_pa":
            st.pa[side] += 4
            st.pa_bonus[side] += 4
            advantage.pass_on(self, side, a.use)
            if self.log.enabled:
                self.event("advantage", f"{self.players[side]} gains 2 PA ({fmt_pa(st.pa[side])} in all).",
                           side=self.players[side], rule="9")
        elif a.use == "reverse_initiative":
            st.initiative = 1 - st.initiative
            advantage.pass_on(self, side, a.use)
            if self.log.enabled:
                self.event("advantage", f"The initiative passes to {self.players[st.initiative]}.",
                           side=self.players[side], rule="9")
        elif a.use == "recover_unit":
            i = self.oob.unit_index[a.target]
            st.ured[i] = False
            advantage.pass_on(self, side, a.use)
            if self.log.enabled:
                self.event("recover", f"{a.target} is back to full strength (the advantage).", side=self.players[side],
                           rule="9", unit=a.target, pf_gained=self.oob.u_full[i] - self.oob.u_red[i])
        elif a.use == "return_leader":
            j = self.oob.leader_index[a.target]
            st.lstrat[j] = False
            st.lz[j] = self.map.index[self.oob.leaders[j].base]
            st.larr[j] = st.turn
            advantage.pass_on(self, side, a.use)
            if self.log.enabled:
                self.event("advantage", f"{a.target} returns to the game in {self.oob.leaders[j].base}.",
                           side=self.players[side], rule="9")
        elif a.use == "reroll":
            advantage.pass_on(self, side, a.use)
            if step == "C_reroll":
                c = st.combat
                die = self.roll_d6(c["attacker"], f"battle in {self.map.ids[c['zone']]}, rolled again "
                                   "(Sfacteria 9)")
                st.combat = {**c, "die": die, "rerolled": True}
                st.step = "C_resolve"
            else:  # the storm's dice
                storm = st.storm
                dice = tuple(self.roll_d6(storm["side"], f"storm: {self.oob.units[i].id}, rolled again (Sfacteria 9)")
                             for i in storm["units"])
                st.storm = {**storm, "dice": dice}
                self._storm_apply()
                st.step, st.to_act = "D_start", st.active
            return
        if step == "B_adv":
            st.step = "C"

    # ------------------------------------------------------------------------------------------------
    # what players see
    # ------------------------------------------------------------------------------------------------
    def prompt(self) -> str:
        st = self.state
        if st.phase == "over":
            r = st.result
            who = r["winner"] or "nobody"
            return f"The game is over: {who} wins ({r['level']}; {r['reason']})."
        if st.to_act < 0:
            return "Setting up: place the pieces, then start an action phase or an end-of-turn phase."
        p = self.players[st.to_act]
        step = st.step
        ids = self.map.ids
        if step == "window":
            where = {"B": "in phase B", "E": "before the supply checks", "combat": "in this battle"}[st.window_kind]
            return f"{p}: play a stratagem {where}, or none (Sfacteria 8)."
        if step == "D_start":
            return f"{p}: announce the PA for this action phase ({fmt_pa(st.pa[st.to_act])} left) (Sfacteria 3.D)."
        if step == "D_move":
            return (f"{p}: activate zones and move ({fmt_pa(st.budget)} PA of the announcement left), or end "
                    "movement (Sfacteria 3.D).")
        if step == "D_pay":
            zones = ", ".join(ids[z] for z in combat.contested_zones(self))
            return f"{p}: pay 1 PA to fight in {zones}? (Sfacteria 6.1)"
        if step == "D_attack":
            return f"{p}: choose the next battle: {', '.join(ids[z] for z in st.fights)} (Sfacteria 6.2)."
        if step == "C_reroll":
            return f"{p}: use the advantage to roll the battle die ({st.combat['die']}) again? (Sfacteria 9)"
        if step == "D_storm_reroll":
            return f"{p}: use the advantage to roll the storm dice again? (Sfacteria 9)"
        if step == "B_adv":
            return f"{p}: use the advantage now (+2 PA, swap the initiative …) or keep it? (Sfacteria 9)"
        if step == "C_retreat":
            r = st.retreat
            return (f"{p}: choose where {self.leader_piece_id(r['pieces'][0])} retreats from {ids[r['zone']]} "
                    "(Sfacteria 6.3).")
        if step == "E_keep":
            return f"{p}: keep one stratagem chit; the others go back into the bowl (Sfacteria 3.E)."
        if step == "E_recover":
            return f"{p}: turn {st.recover_left} reduced unit(s) back to full strength (Sfacteria 3.E)."
        if step == "E_helot":
            return f"{p}: send Helots from T11/T12 to run food to Sphacteria? (Sfacteria 7)"
        return f"{p} to act."

    def _pending(self, viewer: int | None) -> dict:
        st = self.state
        if st.phase == "over" or st.to_act < 0:
            return {"step": st.step, "side": None, "kind": st.step, "text": self.prompt()}
        side = st.to_act
        out: dict[str, Any] = {"step": st.step, "side": self.players[side], "rule": STEP_RULE.get(st.step, "3")}
        ids = self.map.ids
        if st.step == "window":
            out["kind"] = "stratagem"
            out["window"] = st.window_kind
            if viewer != side:
                out["text"] = f"{self.players[side]} is deciding in secret whether to play a stratagem."
                return out
        out["kind"] = {"B_adv": "advantage", "D_start": "announce", "D_storm_reroll": "reroll", "D_move": "move",
                       "D_pay": "pay", "D_attack": "attack", "C_reroll": "reroll", "C_retreat": "retreat",
                       "E_keep": "keep", "E_recover": "recover", "E_helot": "helot_run"}.get(st.step, out.get("kind"))
        out["text"] = self.prompt()
        if st.step == "D_move":
            out["budget"] = st.budget / 2
            out["activated"] = [ids[z] for z in bits(st.activated)]
        if st.step in ("D_pay", "D_attack"):
            out["zones"] = [ids[z] for z in combat.contested_zones(self)]
        if st.step == "C_retreat":
            out["piece"] = self.leader_piece_id(st.retreat["pieces"][0])
            out["from"] = ids[st.retreat["zone"]]
        if st.step == "E_recover":
            out["left"] = st.recover_left
        return out

    def observation(self, player: str | None) -> dict:
        st, b, oob = self.state, self.map, self.oob
        viewer = self.players.index(player) if player is not None else None
        units = []
        zones: dict[str, list[str]] = {}
        bases = {b.ids[z]: [] for z in range(b.n_map, len(b.ids))}
        for i, z in enumerate(st.uz):
            if z < 0:
                continue
            u = oob.units[i]
            red = st.ured[i]
            units.append({"id": u.id, "side": self.players[u.side], "type": u.type,
                          "pf": u.reduced if red else u.full, "full_pf": u.full, "reduced_pf": u.reduced,
                          "reduced": red, "ally": u.ally, "bonus": u.bonus, "zone": b.ids[z], "name": u.name,
                          "label": u.label})
            (bases[b.ids[z]] if z >= b.n_map else zones.setdefault(b.ids[z], [])).append(u.id)
        leaders = []
        for j, z in enumerate(st.lz):
            if z < 0:
                continue
            ld = oob.leaders[j]
            leaders.append({"id": ld.id, "side": self.players[ld.side], "name": self.leader_name(j),
                            "bonus": ld.bonus and not st.lstrat[j], "zone": b.ids[z], "strategos": st.lstrat[j]})
            (bases[b.ids[z]] if z >= b.n_map else zones.setdefault(b.ids[z], [])).append(ld.id)
        due: dict[tuple[int, int], list[str]] = {}

        def is_due(turn: int) -> bool:
            return turn < NEVER and (turn > st.turn or (turn == st.turn and st.phase in ("A", "B")))

        for i, z in enumerate(st.uz):
            if z == OFF and is_due(st.uarr[i]):
                due.setdefault((st.uarr[i], oob.u_side[i]), []).append(oob.units[i].id)
        for j, z in enumerate(st.lz):
            if z == OFF and is_due(st.larr[j]):
                due.setdefault((st.larr[j], oob.l_side[j]), []).append(self.leader_name(j))
        hand = None
        if viewer is not None:
            hand = [{"chit": c, "faces": [f.to_dict() for f in self.stratagems.faces_of(c)]}
                    for c in sorted(st.hands[viewer])]
        (vp_a, vp_s), _ = victory.victory_points(self)
        occ = Occupancy(self)
        return {
            "game": self.name, "viewer": player, "turn": st.turn, "turns": self.last_turn,
            "phase": {"code": st.phase, "name": sequence.PHASE_NAMES.get(st.phase, st.phase)},
            "step": st.step, "to_act": self.current_player(), "prompt": self.prompt(),
            "initiative": self.players[st.initiative], "active": self.players[st.active] if st.phase == "D" else None,
            "pa": {self.players[s]: {"available": st.pa[s] / 2, "rolled": st.pa_roll[s], "bonus": st.pa_bonus[s] / 2,
                                     "announced_left": st.budget / 2 if st.phase == "D" and st.active == s else 0.0}
                   for s in (0, 1)},
            "supply": {self.players[s]: {"level": st.supply[s], "suspended": st.suspended[s]} for s in (0, 1)},
            "advantage": {"holder": self.players[st.adv], "usable": advantage.usable(self, st.adv)},
            "units": units, "leaders": leaders,
            "eliminated": sequence.eliminated_pieces(self), "bases": bases, "zones": zones,
            "activated": [b.ids[z] for z in bits(st.activated)] if st.phase == "D" else [],
            "moved": ([oob.units[i].id for i in bits(st.umoved)] + [oob.leaders[j].id for j in bits(st.lmoved)]
                      if st.phase == "D" else []),
            "contested": [b.ids[z] for z in combat.contested_zones(self, occ)],
            "cleared": [b.ids[z] for z in bits(st.cleared)],
            "stratagems": {
                "hand": hand,
                # a chit chosen in secret still counts as held until it is revealed
                "counts": {self.players[s]: len(st.hands[s]) + (1 if st.secret[s] else 0) for s in (0, 1)},
                "bowl": len(sequence.bowl(self)),
                "out_of_play": [{"chit": c, "faces": [f.to_dict() for f in self.stratagems.faces_of(c)]}
                                for c in st.out_chits],
            },
            "reinforcements": [{"turn": t, "side": self.players[s], "pieces": p} for (t, s), p in sorted(due.items())],
            "pending": self._pending(viewer),
            "combat": ({"zone": b.ids[st.combat["zone"]], "kind": st.combat["kind"],
                        "attacker": self.players[st.combat["attacker"]],
                        "odds": self.tables.columns[st.combat["column"]],
                        "attacker_pf": st.combat["att_pf"], "defender_pf": st.combat["def_pf"]}
                       if st.combat is not None else None),
            "last_combat": st.last_combat,
            "victory_points": {"Athens": vp_a, "Sparta": vp_s},
            "result": st.result,
        }

    # ------------------------------------------------------------------------------------------------
    # for the map, the lessons and bots
    # ------------------------------------------------------------------------------------------------
    @classmethod
    def board(cls) -> dict:
        """The map for a renderer: zones with polygons (lon, lat), labels, terrain, adjacency; bases with
        their boxes and arrows (see ``data/board.toml``)."""
        return default_board().to_dict()

    def preview_attack(self, zone: str, attacker: str | None = None) -> dict:
        """Odds, modifiers and the result of each die face for a battle in ``zone`` (rule 6.2) as the
        pieces stand, with ``attacker`` (default: the active player) attacking."""
        z = self.map.index[zone]
        side = self.players.index(attacker) if attacker else self.state.active
        if not combat.participants(self, z, 1 - side):
            raise ValueError(f"{self.players[1 - side]} has no combat unit in {zone} to attack")
        if not combat.participants(self, z, side):
            raise ValueError(f"{self.players[side]} has no combat unit in {zone} to attack with")
        return combat.assess(self, z, side)

    def supply_forecast(self) -> dict:
        return supply.forecast(self)

    def determinize(self, player: str, seed: int) -> Game:
        """A copy for a searching bot holding nothing ``player`` could not see: the opponent's hand (and a chit
        it chose in secret, taken back) dealt again from its chits and the bowl; the record cut to what
        ``player`` saw (``Game.determinize``: no private draw of the opponent, no secret move in the history)."""
        other = super().determinize(player, seed)
        st = other.state
        opp = 1 - self.players.index(player)
        if st.secret[opp]:
            chit = other.stratagems.face(st.secret[opp]).chit
            st.secret[opp] = 0
            st.played[opp] = False
            st.hands[opp].append(chit)
        n = len(st.hands[opp])
        pool = sorted(st.hands[opp] + sequence.bowl(other))
        st.hands[opp] = sorted(random.Random(seed).sample(pool, n))
        other._invalidate()
        return other

    # ------------------------------------------------------------------------------------------------
    # position editing (prepared lessons and tests); each call leaves the engine consistent
    # ------------------------------------------------------------------------------------------------
    def place(self, piece: str, zone: str, reduced: bool = False) -> None:
        """Put a piece in a zone or base (``"OFF"`` out of the game, ``"ELIM"`` eliminated)."""
        st = self.state
        kind, idx = self.oob.piece_kind(piece)
        z = {"OFF": OFF, "ELIM": ELIM}.get(zone)
        if z is None:
            z = self.map.index[zone]
        if kind == "unit":
            st.uz[idx] = z
            st.ured[idx] = reduced
            st.uarr[idx] = 0 if z != OFF else NEVER
        else:
            st.lz[idx] = z
            st.larr[idx] = 0 if z != OFF else NEVER
        self._invalidate()

    def clear_board(self) -> None:
        """Every piece out of the game, no reinforcements due."""
        st = self.state
        st.uz = [OFF] * len(st.uz)
        st.ured = [False] * len(st.ured)
        st.uarr = [NEVER] * len(st.uarr)
        st.lz = [OFF] * len(st.lz)
        st.larr = [NEVER] * len(st.larr)
        st.lstrat = [False] * len(st.lstrat)
        self._invalidate()

    def set_supply(self, side: str, level: int, suspended: bool = False) -> None:
        s = self.players.index(side)
        self.state.supply[s] = level
        self.state.suspended[s] = suspended
        self._invalidate()

    def give_stratagems(self, side: str, chits) -> None:
        """Put these chits in ``side``'s hand (taking them from wherever they were)."""
        st = self.state
        s = self.players.index(side)
        chits = list(chits)
        for other in (0, 1):
            st.hands[other] = [c for c in st.hands[other] if c not in chits]
        st.out_chits = [c for c in st.out_chits if c not in chits]
        st.hands[s] = sorted(st.hands[s] + chits)
        self._invalidate()

    def start_action_phase(self, side: str, pa: float = 2, other_pa: float = 0, turn: int | None = None) -> None:
        """Jump to the start of ``side``'s action phase in phase D with these PA left."""
        st = self.state
        s = self.players.index(side)
        if turn is not None:
            st.turn = turn
        st.phase = "D"
        st.pa[s] = round(pa * 2)
        st.pa[1 - s] = round(other_pa * 2)
        st.active = s
        st.initiative = s
        st.combat = st.retreat = st.storm = None
        st.window = []
        st.secret = [0, 0]
        st.step = "D_begin"
        self._invalidate()
        self._advance()

    def start_turn(self, turn: int | None = None, initiative: str = "Athens") -> None:
        """Jump to phase A (stratagem draw) of ``turn``; ``initiative`` draws first."""
        self._jump_to_phase("A", initiative, turn)

    def start_end_phase(self, initiative: str = "Athens", turn: int | None = None) -> None:
        """Jump to phase E (end of turn) of the current turn."""
        self._jump_to_phase("E", initiative, turn)

    def _jump_to_phase(self, step: str, initiative: str, turn: int | None) -> None:
        """Start step ``step`` of ``turn`` (default: the current one) afresh: no PA, no battle, no window open."""
        st = self.state
        if turn is not None:
            st.turn = turn
        st.initiative = self.players.index(initiative)
        st.pa = [0, 0]
        st.budget = 0
        st.combat = st.retreat = st.storm = None
        st.window = []
        st.secret = [0, 0]
        st.step = step
        self._invalidate()
        self._advance()
