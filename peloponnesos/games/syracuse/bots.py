"""Computer players for The Siege of Syracuse.

* :class:`SyracuseHeuristicBot` — rules of thumb for every decision: Athens pushes for the siege line on Epipolae
  (the Circle Fort in H-5, then the walls towards L-8 and L-20) and keeps a ship at its camps for supply;
  Syracuse keeps its city open and builds counter-walls across the plateau; both attack where they are
  stronger, flee skirmishes they are losing, and on the battle board close with the enemy, shoot what they can
  and assault at good odds.
* :class:`SyracuseSearchBot` — the heuristic bot, except at the decisions that steer the war: declaring an impulse
  or passing (6.1.2), which leader's area to activate (6.2), where the ground forces move (7.1: the four best moves
  by the rules of thumb, and stopping), day or night, pitched battle or skirmish (8.1), calling the wall builders
  (10.2). There it plays each choice out ``simulations`` times in all on determinized copies
  (``game.determinize``: it never sees the other side's hidden Sicels or the future dice), the same copies for
  every choice (common random numbers), to the end of the impulse (of the next one, for a declaration), and
  scores what it reaches by what decides the game (:func:`evaluate`: the chance of each side surrendering at the
  coming checks, rule 11.2, from the ML the next adjustment will give, 5.1). Its budget is a number of playouts,
  not seconds, so a seed always gives the same game; ``benchmarks/syracuse.py --bots`` measures it.
"""

from __future__ import annotations

import random
from functools import cache
from typing import ClassVar

from .battle.board import FACINGS, grid
from .decisions import clamp
from .morale import morale_parts
from .pieces import assault_cf
from .state import DISRUPTED, NORMAL, ROUTED
from .victory import surrender_modifiers

OBJECTIVES = (("H-5", "H-4", "H-6", "H-7", "L-20", "L-8"), ("H-6", "H-4", "H-7", "H-5", "L-8", "L-20"))


@cache
def _distances(board_id: int, n: int, adj: tuple) -> tuple:
    out = []
    for start in range(n):
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for a in frontier:
                for c in adj[a]:
                    if c not in dist:
                        dist[c] = dist[a] + 1
                        nxt.append(c)
            frontier = nxt
        out.append(tuple(dist.get(k, 99) for k in range(n)))
    return tuple(out)


def distances(g) -> tuple:
    b = g.map
    return _distances(id(b), b.n, b.gadj)


def strength(g, area: int, side: int) -> int:
    st = g.state
    return sum(assault_cf(g, u) + (1 if st.status[u] == NORMAL else 0) for u in g.unit_range
               if st.loc[u] == area and st.uside[u] == side and st.status[u] != ROUTED and st.aboard[u] < 0)


class SyracuseHeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "SyracuseHeuristicBot()"

    def choose(self, game, player: str):
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        handler = getattr(self, "_" + game.state.step, None)
        if handler is not None:
            chosen = handler(game, actions, game.players.index(player))
            if chosen is not None:
                return chosen
        return self.rng.choice(actions)

    # -- the campaign ---------------------------------------------------------------------------------------------
    def _declare(self, g, actions, side):
        st = g.state
        kinds = {a.impulse: a for a in actions if a.kind == "declare_impulse"}
        if st.ops[side] <= 1 and st.ops[1 - side] > 1 and self.rng.random() < 0.5:
            return next(a for a in actions if a.kind == "pass")
        off = any(st.loc[u] == -1 and st.uside[u] == side and st.utype[u] == "N" for u in g.unit_range)
        if "naval" in kinds and (off or self.rng.random() < 0.25):
            return kinds["naval"]
        return kinds["ground"]

    def _activate(self, g, actions, side):
        st = g.state

        def size(a):
            area = g.area_named(a.area)
            return sum(1 for u in g.unit_range if st.loc[u] == area and st.uside[u] == side) + (3 if a.adjacent else 0)

        return max(actions, key=size)

    def _activate_units(self, g, actions, side):
        units = [a for a in actions if a.kind == "activate_unit" and g.unit_named(a.unit) is not None]
        if not units:
            return actions[-1]
        st = g.state
        return max(units, key=lambda a: st.steps[g.unit_named(a.unit)])

    def _move(self, g, actions, side):
        if g.state.impulse_kind == "naval":
            return self._sail(g, actions, side)
        ranked = self.move_scores(g, actions, side)
        if not ranked or ranked[0][0] <= 0.5:
            return next((a for a in actions if a.kind == "end_movement"), None)
        return ranked[0][1]

    def move_scores(self, g, actions, side) -> list[tuple[float, object]]:
        """The ground moves with their scores, best first: nearer the side's objectives, into areas where it is
        the stronger, whole stacks rather than single units, and (Athens) a guard left with its ships."""
        st = g.state
        dist = distances(g)
        goals = [g.map.index[a] for a in OBJECTIVES[side]]
        movers = {}
        for u in g.unit_range:
            if st.active[u] and not st.moved[u] and st.uside[u] == side and st.loc[u] >= 0 and st.aboard[u] < 0:
                movers.setdefault(st.loc[u], []).append(u)
        ranked = []
        for a in actions:
            if a.kind not in ("move", "move_stack"):
                continue
            dest = g.area_named(a.dest)
            if a.kind == "move_stack":
                origin = g.area_named(a.origin)
                group = movers.get(origin, [])
            else:
                u = g.unit_named(a.piece)
                origin = st.loc[u] if u is not None else st.lloc[g.leader_named(a.piece)]
                group = [u] if u is not None else []
            gain = min(dist[origin][x] for x in goals) - min(dist[dest][x] for x in goals)
            mine = strength(g, dest, side) + sum(assault_cf(g, u) + 1 for u in group)
            theirs = strength(g, dest, 1 - side)
            score = float(gain)
            if theirs:
                score += 3 if mine >= 1.5 * theirs else 0 if mine >= theirs else -3
            if a.kind == "move_stack":
                score += 0.5
            if side == 0 and self._leaves_camp_empty(g, origin, len(group)):
                score -= 1.5
            ranked.append((score, a))
        ranked.sort(key=lambda x: -x[0])  # stable: ties keep the order of the legal actions
        return ranked

    def _leaves_camp_empty(self, g, origin: int, leaving: int) -> bool:
        """Athens keeps a garrison where its ships lie (its supply, 9.1)."""
        st = g.state
        if not any(st.loc[u] == origin and st.utype[u] == "N" and st.uside[u] == 0 for u in g.unit_range):
            return False
        left = sum(1 for u in g.unit_range if st.loc[u] == origin and st.uside[u] == 0 and st.utype[u] != "N")
        return left - leaving < 2

    def _sail(self, g, actions, side):
        for a in actions:
            if a.kind == "return_ship":
                return a
        good = self.sail_scores(g, actions, side)
        if good and self.rng.random() < 0.7:
            return good[0][1]
        return next((a for a in actions if a.kind == "end_movement"), None)

    def sail_scores(self, g, actions, side) -> list[tuple[float, object]]:
        """The sailings into the Great Harbour where the side would outnumber the enemy's ships (7.2; the harbour
        counts on the morale table, 5.1), best first; the last ship of a camp stays, it is the camp's supply (9.1)."""
        st = g.state
        harbour = g.map.harbour
        good = []
        for a in actions:
            if a.kind != "sail" or a.dest == "OFF":
                continue
            ship = g.unit_named(a.ship)
            here = st.loc[ship]
            if g.map.is_land[here] and sum(1 for u in g.unit_range if st.loc[u] == here and st.utype[u] == "N"
                                           and st.uside[u] == side) <= 1:
                continue
            dest = g.area_named(a.dest)
            enemy = sum(st.steps[u] for u in g.unit_range if st.loc[u] == dest and st.uside[u] == 1 - side)
            mine = st.steps[ship] + sum(st.steps[u] for u in g.unit_range if st.loc[u] == dest
                                        and st.uside[u] == side and st.utype[u] == "N")
            if dest in harbour and mine > enemy:
                good.append((float(mine - enemy), a))
        good.sort(key=lambda x: -x[0])  # stable: ties keep the order of the legal actions
        return good

    def _react(self, g, actions, side):
        st = g.state
        for a in actions:
            if a.kind == "react":
                u = g.unit_named(a.unit)
                area = st.loc[u]
                if strength(g, area, 1 - side) > 1.5 * strength(g, area, side):
                    return a
        return actions[-1]

    def _react_move(self, g, actions, side):
        return max(actions, key=lambda a: (strength(g, g.area_named(a.dest), side) - 2 * strength(
            g, g.area_named(a.dest), 1 - side)) if a.dest and a.dest != "OFF" else -1)

    def _time(self, g, actions, side):
        return actions[0]

    def _builders(self, g, actions, side):
        area = g.state.ctx["area"]
        return actions[1] if strength(g, area, 1 - side) > 2 * strength(g, area, side) else actions[0]

    def _want(self, g, actions, side):
        area = g.state.ctx["area"]
        mine, theirs = strength(g, area, side), strength(g, area, 1 - side)
        return actions[1] if mine >= 1.3 * theirs else actions[0]

    def _stack_leader(self, g, actions, side):
        return max(actions, key=lambda a: g.state.steps[g.unit_named(a.unit)])

    def _lineup(self, g, actions, side):
        return next((a for a in actions if a.kind == "line_up_rest"), actions[0])

    def _skirmish(self, g, actions, side):
        st = g.state
        sk = st.skirmish
        mine = len(sk["units"][side])
        theirs = len(sk["units"][1 - side])
        attacks = [a for a in actions if a.kind == "attack"]
        flees = [a for a in actions if a.kind == "flee"]
        if flees and (not attacks or theirs > 2 * mine):
            return flees[0]
        if not attacks:
            return actions[0]
        from .pieces import skirmish_cf
        from .skirmish import attack_modifiers

        def chance(a):
            u, t = g.unit_named(a.unit), g.unit_named(a.target)
            drm = sum(v for _, v in attack_modifiers(g, u, t))
            return skirmish_cf(g, u, a.cf) - drm + (2 if st.status[t] == DISRUPTED else 0)

        return max(attacks, key=chance)

    def _cav_retreat(self, g, actions, side):
        return actions[0]

    def _walls(self, g, actions, side):
        goals = set(OBJECTIVES[side])
        for a in actions:
            if a.kind == "build_wall" and (a.area in goals or self.rng.random() < 0.3):
                return a
            if a.kind == "tear_down" and a.wall != g.players[side] and a.area in goals:
                return a
        return actions[-1]

    def _city_supply(self, g, actions, side):
        return actions[-1]

    def _replace(self, g, actions, side):
        return actions[0]

    def _place_sicel(self, g, actions, side):
        dist = distances(g)
        goals = [g.map.index[a] for a in OBJECTIVES[side]]
        return min(actions, key=lambda a: min(dist[g.area_named(a.area)][x] for x in goals))

    def _deserter(self, g, actions, side):
        return max(actions, key=lambda a: g.state.utype[g.unit_named(a.unit)] == "SC")

    def _relocate(self, g, actions, side):
        return actions[0]

    # -- the battle board --------------------------------------------------------------------------------------
    def _battle(self, g, actions, side):
        b = g.state.battle
        phase = b["phase"]
        if phase == "deploy":
            return next((a for a in actions if a.kind == "deploy_rest"), actions[0])
        if phase == "move":
            return self._battle_move(g, actions, side)
        if phase == "fire":
            fires = [a for a in actions if a.kind == "fire"]
            return fires[0] if fires else actions[-1]
        if phase == "cavalry":
            for a in actions:
                if a.kind == "retreat_cavalry" and g.state.status[g.unit_named(a.unit)] == DISRUPTED:
                    return a
            return actions[-1]
        if phase == "assault":
            return self._battle_assault(g, actions, side)
        return None

    def _battle_assault(self, g, actions, side):
        t = g.tables
        even = t.columns.index("1:1") if "1:1" in t.columns else 0
        best, best_col = None, even - 1
        for a in actions:
            if a.kind == "assault":
                from .battle.assault import attackers, defence

                b = g.state.battle
                sq = grid(g).index[a.square]
                att = sum(assault_cf(g, u) for u in attackers(g, b, sq, side))
                col = t.column(att, defence(g, b, sq))
                if col > best_col:
                    best, best_col = a, col
            elif a.kind in ("ram", "naval_assault") and best is None:
                best = a
        return best or actions[-1]

    def _battle_move(self, g, actions, side):
        st = g.state
        b = st.battle
        gr = grid(g)
        enemies = [b["pos"][u] for u in b["units"][1 - side]]
        if not enemies:
            return actions[-1]

        def dist(sq: int, other: int) -> int:
            r1, c1 = divmod(sq, gr.columns)
            r2, c2 = divmod(other, gr.columns)
            return abs(r1 - r2) + abs(c1 - c2)

        def wanted(u: int) -> tuple[int, int]:
            sq = b["pos"][u]
            target = min(enemies, key=lambda e: dist(sq, e))
            r1, c1 = divmod(sq, gr.columns)
            r2, c2 = divmod(target, gr.columns)
            if abs(r2 - r1) >= abs(c2 - c1):
                return (0 if r2 > r1 else 2), dist(sq, target)
            return (1 if c2 > c1 else 3), dist(sq, target)

        def in_range(u: int) -> bool:
            t = g.types[st.utype[u]]
            line = gr.line(b["pos"][u], b["face"][u], max(1, t.range))
            return any(b["stack"].get(x) and st.uside[b["stack"][x][0]] != side for x in line)

        ranked = []
        for a in actions:
            if a.kind not in ("advance", "turn"):
                continue
            u = g.unit_named(a.unit)
            face, d = wanted(u)
            if in_range(u):
                continue
            if a.kind == "turn" and FACINGS.index(a.facing) == face:
                ranked.append((2, a))
            elif a.kind == "advance" and b["face"][u] == face and d > 1:
                ranked.append((3 + (1 if a.stack else 0), a))
        if ranked:
            return max(ranked, key=lambda x: x[0])[1]
        halt = next((a for a in actions if a.kind == "halt"), None)
        return halt or actions[-1]


WIN = 100.0


def evaluate(g, side: int) -> float:
    """A score of the position for ``side``, for the search bot: ±100 for a game won or lost, 0 for a draw;
    otherwise 100 times its chance of winning minus its opponent's, from :func:`outlook` (the ML each side will
    have after the next adjustment, 5.1, what changes it every turn, its surrender modifiers, 11.2), and a little
    for the ML and the steps each side has (they decide battles and the checks after the horizon)."""
    st = g.state
    r = st.result
    if r is not None:
        return 0.0 if r["winner"] is None else WIN if r["winner"] == g.players[side] else -WIN
    first = tuple(sum(v for _, v in morale_parts(g, s, st.notes)) for s in (0, 1))
    standing = tuple(sum(v for _, v in morale_parts(g, s, [{}, {}])) for s in (0, 1))
    mods = tuple(sum(v for k, v in surrender_modifiers(g, s) if not k.endswith("omens")) for s in (0, 1))
    won = outlook(tuple(st.ml), mods, first, standing, st.turn, g.last_turn)
    steps = [0.0, 0.0]
    for u in g.unit_range:
        if st.loc[u] >= -1 and st.uside[u] >= 0:
            steps[st.uside[u]] += st.steps[u] * (0.5 if st.status[u] == ROUTED else 1)
    me, you = side, 1 - side
    ml = [clamp(st.ml[s] + first[s], 1, 10) for s in (0, 1)]
    return WIN * (won[me] - won[you]) + 1.0 * (ml[me] - ml[you]) + 0.1 * (steps[me] - steps[you])


@cache
def outlook(ml: tuple, mods: tuple, first: tuple, standing: tuple, turn: int, last: int) -> tuple[float, float]:
    """(Athens' chance of winning, Syracuse's) by surrender from this turn to the last (rule 11.2), if each turn's
    adjustment (5.1) moved the ML by ``first`` next turn and by ``standing`` after, and the surrender modifiers
    stayed ``mods``: each turn from the second, the lower ML checks (both on a tie, Athens first); a roll over the
    ML less the modifiers surrenders, one over half the ML raises it by 1."""
    dist = {ml: 1.0}
    won = [0.0, 0.0]
    for t in range(turn, last + 1):
        if t > turn:
            d = first if t == turn + 1 else standing
            moved: dict = {}
            for (a, s), p in dist.items():
                k = (clamp(a + d[0], 1, 10), clamp(s + d[1], 1, 10))
                moved[k] = moved.get(k, 0.0) + p
            dist = moved
        if t < 2:
            continue
        after: dict = {}
        for (a, s), p in dist.items():
            branches = [((a, s), p)]
            for side in ((0, 1) if a == s else (0,) if a < s else (1,)):
                nxt = []
                for key, q in branches:
                    level = key[side]
                    top = clamp(level - mods[side], 0, 10)
                    lose = (10 - top) / 10
                    rally = (top - clamp(level // 2 - mods[side], 0, 10)) / 10
                    won[1 - side] += q * lose
                    if lose + rally < 1:
                        nxt.append((key, q * (1 - lose - rally)))
                    if rally:
                        up = list(key)
                        up[side] = min(10, level + 1)
                        nxt.append((tuple(up), q * rally))
                branches = nxt
            for key, q in branches:
                after[key] = after.get(key, 0.0) + q
        dist = after
    return won[0], won[1]


class SyracuseSearchBot(SyracuseHeuristicBot):
    """The heuristic bot, with playouts at the decisions that steer the war (see the module docstring)."""

    name = "search"
    #: the decisions searched, and how many impulse ends a playout runs to (the opponent's answer counts for a
    #: declaration: to the end of the next impulse)
    KEY_STEPS: ClassVar[dict] = {"declare": 2, "activate": 1, "move": 1, "time": 1, "want": 1, "builders": 1}
    BATTLE_PHASES: ClassVar[frozenset] = frozenset()
    MOVES = 4  # ground moves played out: the best four by the rules of thumb, and "end movement"
    #: day or night, pitched battle or skirmish (8.1, 10.6): each of their playouts fights a whole battle, so they
    #: get half the playouts (a decision stays under a second)
    BATTLE_CHOICES: ClassVar[frozenset] = frozenset({"time", "want"})

    def __init__(self, seed: int | None = None, simulations: int = 40, horizon: int = 600) -> None:
        super().__init__(seed)
        self.simulations = simulations
        self.horizon = horizon

    def __repr__(self) -> str:
        return f"SyracuseSearchBot(simulations={self.simulations})"

    def choose(self, game, player: str):
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        step = game.state.step
        ends = self.KEY_STEPS.get(step)
        if ends is None or (step == "battle" and game.state.battle["phase"] not in self.BATTLE_PHASES):
            return super().choose(game, player)
        side = game.players.index(player)
        candidates = self._candidates(game, actions, side)
        if candidates is None:
            return super().choose(game, player)
        budget = self.simulations // (2 if step in self.BATTLE_CHOICES else 1)
        per = max(2, budget // len(candidates))
        seeds = [self.rng.randrange(2**31) for _ in range(per)]  # common random numbers: the same for each choice
        best, best_value = None, None
        for a in candidates:
            value = sum(self._playout(game, player, side, a, seed, ends) for seed in seeds) / per
            if best_value is None or value > best_value:
                best, best_value = a, value
        return best

    def _candidates(self, game, actions, side) -> list | None:
        """The choices worth playing out (None: leave the decision to the rules of thumb)."""
        if game.state.step != "move":
            return actions[:6]
        stop = next((a for a in actions if a.kind == "end_movement"), None)
        if stop is None or any(a.kind == "return_ship" for a in actions):
            return None
        scores = self.sail_scores if game.state.impulse_kind == "naval" else self.move_scores
        ranked = [a for _, a in scores(game, actions, side)[:self.MOVES]]
        return [*ranked, stop] if ranked else None

    def _playout(self, game, player: str, side: int, action, seed: int, ends: int) -> float:
        """Play ``action`` in a determinized copy, then both sides by rules of thumb until ``ends`` impulses have
        ended (the next declaration), the turn is over, or the horizon; the score of what is reached."""
        sim = game.determinize(player, seed)
        sim.apply(action)
        bots = [SyracuseHeuristicBot(seed + i) for i in (0, 1)]
        turn = sim.state.turn
        declared = 0
        for _ in range(self.horizon):
            st = sim.state
            if st.result is not None or st.turn != turn or (ends == 0 and st.battle is None):
                break
            if st.step == "declare":
                declared += 1
                if declared >= ends:
                    break
            sim.apply(bots[st.to_act].choose(sim, sim.players[st.to_act]))
        return evaluate(sim, side)
