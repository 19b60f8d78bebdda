"""A computer player for Sfacteria that follows the historical objectives.

``SfacteriaHeuristicBot`` plays either side:

* Athens holds Pylos, keeps its fleet in N7 so the fort is fed, closes both entrances (N8, N9) to
  starve the island (4.23.2, 4.26), and from turn 5 lands hoplites and light troops on Sphacteria to
  take T7 and T10 (4.31–4.38).
* Sparta keeps the straits open or cuts Pylos off from the sea (4.8.5–7), sends Helots across with
  food (4.26.5–8), keeps Spartans on the island and attacks Pylos when the odds allow (4.11–4.12).

It scores positions with :func:`evaluate` and tries each candidate move on a copy of the game made by
``game.determinize(player, seed)``: the opponent's hand dealt again from what it could hold, the dice given
another future, so it never touches the real game, the opponent's real chits or the real dice.
The kernel's ``RandomBot`` plays the game too, and ``search.SfacteriaSearchBot`` searches ahead with this
bot as its guide; ``benchmarks/sfacteria.py`` measures them all.
"""

from __future__ import annotations

import random

from . import combat, supply
from .actions import (
    Activate,
    AnnouncePA,
    Attack,
    DeclineAdvantage,
    DeclineStratagem,
    EndHelotRuns,
    EndRecovery,
    HelotRun,
    KeepStratagem,
    Move,
    PayAttacks,
    PlayStratagem,
    RecoverUnit,
    Retreat,
    Sail,
    SkipAttacks,
    Transport,
    UseAdvantage,
)
from .board import bits
from .movement import END_MOVEMENT
from .stacking import occupancy

# How much each face is worth keeping (rule 3.E), by side: higher is better.
FACE_VALUE = {2: 5, 3: 4, 14: 4, 17: 3, 8: 5, 9: 5, 6: 4, 15: 3, 1: 3,
              7: 5, 10: 5, 12: 4, 13: 3, 4: 4, 5: 5, 16: 3, 18: 3, 19: 4, 11: 2, 20: 2}


def _pf(game, i: int) -> int:
    oob = game.oob
    return oob.u_red[i] if game.state.ured[i] else oob.u_full[i]


def evaluate(game, side: int) -> float:
    """How good the position is for ``side`` (higher is better): material plus the historical aims."""
    st, oob, board = game.state, game.oob, game.map
    if st.result is not None:
        winner = st.result["winner"]
        if winner is None:
            return 0.0
        return 1000.0 if winner == game.players[side] else -1000.0
    occ = occupancy(game)
    idx = board.index
    score = 0.0
    n = len(board.ids)
    land_in = [[0] * n, [0] * n]
    spartan_h = [0] * n
    athenian_h = [0] * n
    u_side, u_naval, u_red, u_full, ured = oob.u_side, oob.u_naval, oob.u_red, oob.u_full, st.ured
    n_map = board.n_map
    for i, z in enumerate(st.uz):
        if z < 0:
            continue
        s = u_side[i]
        pf = u_red[i] if ured[i] else u_full[i]
        if u_naval[i]:
            score += 0.35 * pf if s == side else -0.35 * pf
        else:
            score += pf if s == side else -pf
            if z < n_map:
                land_in[s][z] += 1
                if oob.u_spartiate[i]:
                    spartan_h[z] += 1
                if s == 0 and oob.u_type[i] == "H":
                    athenian_h[z] += 1
    t6, t7, t10 = idx["T6"], idx["T7"], idx["T10"]
    n7, n8, n9 = idx["N7"], idx["N8"], idx["N9"]
    island = [idx[z] for z in ("T7", "T8", "T9", "T10")]

    def only(s: int, z: int) -> bool:
        return bool(occ.naval[s] >> z & 1 and not occ.any[1 - s] >> z & 1)

    late = st.turn >= 5
    a = 0.0  # Athenian aims, positive good for Athens
    a += 8 if land_in[0][t6] else 0
    a += min(land_in[0][t6], 3)
    a += 3 if occ.naval[0] >> n7 & 1 else 0
    a += 5 * only(0, n8) + 5 * only(0, n9)
    a += 4 * (3 - st.supply[1]) if not st.suspended[1] else 6
    a += 3 * st.supply[0]
    if late:
        a += 7 * (athenian_h[t7] > 0) + 7 * (athenian_h[t10] > 0)
        a += sum(3 for z in island if land_in[0][z])
    s_ = 0.0  # Spartan aims
    s_ += 12 if land_in[1][t6] else 0
    s_ += sum(2 * min(land_in[1][z], 2) for z in island)
    s_ += 4 * (spartan_h[t7] > 0) + 4 * (spartan_h[t10] > 0)
    s_ += 5 * (only(1, n7) and only(1, n8))
    s_ += 5 * (not (only(0, n8) and only(0, n9)))
    s_ += 4 * st.supply[1] + 3 * (3 - st.supply[0])
    s_ += sum(1 for i in supply.helots_ready(game))
    score += a - s_ if side == 0 else s_ - a
    # battles this action phase: expected value of each contested zone for the active side
    if st.phase == "D" and st.step in ("D_move", "D_pay"):
        me = st.active
        for z in combat.contested_zones(game, occ):
            own_pf, enemy_pf, wins_on = battle_outlook(game, z, me)
            if st.budget < 2 and st.step == "D_move":
                ev = -1.5 * own_pf  # cannot pay: the units would come back reduced (rule 6.1)
            else:
                p = wins_on / 6
                prize = enemy_pf + (10 if z == t6 else 6 if z in (t7, t10) else 3 if z in island else 0)
                ev = p * prize - (1 - p) * own_pf * 0.8
            score += ev if me == side else -ev
    return score


_OUTLOOKS: dict = {}


def battle_outlook(game, z: int, me: int) -> tuple[int, int, int]:
    """For an attack by ``me`` in zone ``z``: its units' PF, the defender's battle PF, and on how many faces of
    the die the attacker wins (rule 6.2). Memoised by who stands there (and on which face, with which leaders):
    bots ask the same question for many candidate moves."""
    st = game.state
    tables = game.tables
    key = (id(tables), z, me, st.cleared >> z & 1,
           tuple([2 * i + st.ured[i] for i, u in enumerate(st.uz) if u == z]),
           tuple([2 * j + st.lstrat[j] for j, lz in enumerate(st.lz) if lz == z]))
    found = _OUTLOOKS.get(key)
    if found is None or found[0] is not tables:  # (the entry keeps its tables alive, so their id stays theirs)
        own_pf = sum(_pf(game, i) for i in combat.participants(game, z, me))
        info = combat.assess(game, z, me)
        found = (tables, own_pf, info["defender_pf"], info["attacker_wins_on"])
        if len(_OUTLOOKS) > 50_000:
            _OUTLOOKS.clear()
        _OUTLOOKS[key] = found
    return found[1:]


class SfacteriaHeuristicBot:
    """Plays the historical objectives of either side by one-move look-ahead (see the module docstring)."""

    name = "sfacteria-heuristic"

    def __init__(self, seed: int | None = None, margin: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.margin = margin
        self._base = None  # (the real state it was made for, a determinized copy): one per decision

    def __repr__(self) -> str:
        return "SfacteriaHeuristicBot()"

    # -- helpers -----------------------------------------------------------------------------------
    def _copy(self, game, side: int):
        """A copy to try a move on: what ``side`` may know, the opponent's hand and the dice dealt again."""
        base = self._base
        if base is None or base[0] is not game.state:
            seed = self.rng.randrange(1 << 62)
            base = self._base = (game.state, game.determinize(game.players[side], seed))
        return base[1].clone(reseed=self.rng.randrange(1 << 62))

    def _try(self, game, action, side: int) -> float:
        sim = self._copy(game, side)
        sim.execute(action)
        return evaluate(sim, side)

    def _best(self, game, actions, side: int):
        best, best_score = None, None
        for a in actions:
            score = self._try(game, a, side) + self.rng.random() * 1e-3
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best, best_score

    # -- the decision ------------------------------------------------------------------------------
    def choose(self, game, player: str):
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        self._base = None
        side = game.players.index(player)
        step = game.state.step
        handler = getattr(self, f"_{step}", None)
        choice = handler(game, actions, side) if handler else None
        return choice if choice in actions else actions[0]

    def _window(self, game, actions, side):
        st = game.state
        plays = [a for a in actions if isinstance(a, PlayStratagem)]
        if not plays:
            return actions[-1]
        faces = {a.face: game.stratagems.face(a.face) for a in plays}
        if st.window_kind == "combat":
            c = st.combat
            info = combat.assess(game, c["zone"], c["attacker"])
            mine = info["attacker_wins_on"] if side == c["attacker"] else 6 - info["attacker_wins_on"]
            best = max(plays, key=lambda a: faces[a.face].value)
            if faces[best.face].effect == "herald" and mine < 4:
                return next((a for a in actions if isinstance(a, DeclineStratagem)), actions[-1])
            return best
        if st.window_kind == "B":
            return plays[0]
        # phase E
        fc = supply.forecast(game)
        mine = fc[game.players[side]]
        for a in plays:
            e = faces[a.face].effect
            if e in ("divers", "half_rations") and fc["Sparta"]["cut_off"]:
                return a
            if e == "helot_wind" and fc["Sparta"]["marker"] < 3:
                return a
            if e == "thirst" and not fc["Athens"]["cut_off"]:
                return a
            if e == "lookout" and fc["Sparta"]["helots_ready"]:
                return a
            if e == "truce" and mine["checked"] and mine["cut_off"] and mine["marker"] <= 1:
                return a
        return next(a for a in actions if isinstance(a, DeclineStratagem))

    def _B_adv(self, game, actions, side):
        for a in actions:
            if isinstance(a, UseAdvantage) and a.use == "extra_pa":
                return a
        return actions[-1]

    def _D_start(self, game, actions, side):
        st = game.state
        for a in actions:
            if isinstance(a, PlayStratagem):
                face = game.stratagems.face(a.face)
                if face.effect == "fire" and st.turn >= 5:
                    return a
                if face.effect == "storm":
                    occ = occupancy(game)
                    sea = game.map.sea_mask
                    mine = sum(occ.tpf[side][z] for z in bits(occ.naval[side] & sea))
                    theirs = sum(occ.tpf[1 - side][z] for z in bits(occ.naval[1 - side] & sea))
                    if theirs > mine + 10:
                        return a
        announces = [a for a in actions if isinstance(a, AnnouncePA)]
        return max(announces, key=lambda a: a.halves) if announces else actions[0]

    def _D_move(self, game, actions, side):
        here = evaluate(game, side)
        can_end = END_MOVEMENT in actions  # not before one activation (3.D), nor while over a stacking limit (5)
        moves = [a for a in actions if isinstance(a, (Move, Transport, Sail))]
        if moves:
            best, score = self._best(game, moves, side)
            if score > here + self.margin or not can_end:
                return best
        return self._activation(game, actions, side, here, can_end)

    def _activation(self, game, actions, side, here: float, can_end: bool):
        """The zone worth activating (its best move tried on a copy, less the PA it costs), or "end movement"."""
        st = game.state
        activations = [a for a in actions if isinstance(a, Activate)]
        best_act, best_gain = None, self.margin if can_end else -1e9
        for act in activations:
            sim = self._copy(game, side)
            sim.execute(act)
            after = evaluate(sim, side)
            options = [a for a in sim.legal_actions() if isinstance(a, (Move, Transport, Sail))
                       and a.origin == act.zone]
            cost = (st.budget - sim.state.budget) * 0.4
            if not options:
                gain = -cost  # nothing to move: only the first activation of a phase may be worth it (3.D)
            else:
                _, score = self._best(sim, options, side)
                gain = score - max(after, here)
            if gain - cost > best_gain:
                best_act, best_gain = act, gain - cost
        if best_act is not None:
            return best_act
        return END_MOVEMENT if can_end else actions[0]

    def _D_pay(self, game, actions, side):
        return next(a for a in actions if isinstance(a, PayAttacks)) if any(
            isinstance(a, PayAttacks) for a in actions) else next(a for a in actions if isinstance(a, SkipAttacks))

    def _D_attack(self, game, actions, side):
        def odds(a):
            return combat.assess(game, game.map.index[a.zone], side)["attacker_wins_on"]
        return max((a for a in actions if isinstance(a, Attack)), key=odds)

    def _C_reroll(self, game, actions, side):
        st = game.state
        c = st.combat
        total = c["die"] + sum(v for _, v in c["mods"])
        outcome = game.tables.outcome(c["kind"], c["column"], total)
        attacker_won = outcome.winner == "attacker"
        i_won = attacker_won == (side == c["attacker"])
        mine = outcome.attacker_steps if side == c["attacker"] else outcome.defender_steps
        if not i_won or mine >= 2:
            return next((a for a in actions if isinstance(a, UseAdvantage)), actions[-1])
        return next(a for a in actions if isinstance(a, DeclineAdvantage))

    def _D_storm_reroll(self, game, actions, side):
        st = game.state
        storm = st.storm
        mine = sum(1 for i, d in zip(storm["units"], storm["dice"], strict=True)
                   if d <= 2 and game.oob.u_side[i] == side)
        theirs = sum(1 for i, d in zip(storm["units"], storm["dice"], strict=True)
                     if d <= 2 and game.oob.u_side[i] != side)
        if mine > theirs:
            return next((a for a in actions if isinstance(a, UseAdvantage)), actions[-1])
        return next(a for a in actions if isinstance(a, DeclineAdvantage))

    def _C_retreat(self, game, actions, side):
        retreats = [a for a in actions if isinstance(a, Retreat)]
        best, _ = self._best(game, retreats, side)
        return best

    def _E_keep(self, game, actions, side):
        def worth(a):
            if not a.chit:
                return -1
            return max(FACE_VALUE.get(f.number, 1) for f in game.stratagems.faces_of(a.chit) if f.usable_by(side)) \
                if any(f.usable_by(side) for f in game.stratagems.faces_of(a.chit)) else 0
        return max((a for a in actions if isinstance(a, KeepStratagem)), key=worth)

    def _E_recover(self, game, actions, side):
        units = [a for a in actions if isinstance(a, RecoverUnit)]
        if not units:
            return next(a for a in actions if isinstance(a, EndRecovery))
        oob = game.oob
        return max(units, key=lambda a: oob.u_full[oob.unit_index[a.unit]] - oob.u_red[oob.unit_index[a.unit]])

    def _E_helot(self, game, actions, side):
        runs = [a for a in actions if isinstance(a, HelotRun)]
        if runs and game.state.supply[1] < 3:
            oob = game.oob
            return min(runs, key=lambda a: game.state.ured[oob.unit_index[a.unit]])
        return next(a for a in actions if isinstance(a, EndHelotRuns))
