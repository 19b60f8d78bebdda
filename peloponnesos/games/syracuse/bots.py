"""Computer players for The Siege of Syracuse.

* :class:`SyracuseHeuristicBot` — rules of thumb for every decision: Athens pushes for the siege line on Epipolae
  (the Circle Fort in H-5, then the walls towards L-8 and L-20) and keeps a ship at its camps for supply;
  Syracuse keeps its city open and builds counter-walls across the plateau; both attack where they are
  stronger, flee skirmishes they are losing, and on the battle board close with the enemy, shoot what they can
  and assault at good odds.
* :class:`SyracuseSearchBot` — the heuristic bot, except at the few decisions that matter most (impulses, pitched
  battles, skirmish attacks, assaults): there it tries each choice in ``simulations`` playouts on determinized
  copies (``game.determinize``, so it never sees the other side's hidden Sicels or the future dice) and takes the
  best on average. Its budget is a number of playouts, not seconds, so a seed always gives the same game.
"""

from __future__ import annotations

import random
from functools import cache

from .battle.board import FACINGS, grid
from .pieces import assault_cf
from .state import DISRUPTED, NORMAL, ROUTED

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
        st = g.state
        if st.impulse_kind == "naval":
            return self._sail(g, actions, side)
        dist = distances(g)
        goals = [g.map.index[a] for a in OBJECTIVES[side]]
        movers = {}
        for u in g.unit_range:
            if st.active[u] and not st.moved[u] and st.uside[u] == side and st.loc[u] >= 0 and st.aboard[u] < 0:
                movers.setdefault(st.loc[u], []).append(u)
        best, best_score = None, 0.5
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
            if score > best_score:
                best, best_score = a, score
        if best is None:
            return next((a for a in actions if a.kind == "end_movement"), None)
        return best

    def _leaves_camp_empty(self, g, origin: int, leaving: int) -> bool:
        """Athens keeps a garrison where its ships lie (its supply, 9.1)."""
        st = g.state
        if not any(st.loc[u] == origin and st.utype[u] == "N" and st.uside[u] == 0 for u in g.unit_range):
            return False
        left = sum(1 for u in g.unit_range if st.loc[u] == origin and st.uside[u] == 0 and st.utype[u] != "N")
        return left - leaving < 2

    def _sail(self, g, actions, side):
        st = g.state
        harbour = g.map.harbour
        for a in actions:
            if a.kind == "return_ship":
                return a
        good = []
        for a in actions:
            if a.kind != "sail" or a.dest == "OFF":
                continue
            ship = g.unit_named(a.ship)
            here = st.loc[ship]
            if g.map.is_land[here] and sum(1 for u in g.unit_range if st.loc[u] == here and st.utype[u] == "N"
                                           and st.uside[u] == side) <= 1:
                continue  # the last ship of a camp stays: it is the camp's supply
            dest = g.area_named(a.dest)
            enemy = sum(st.steps[u] for u in g.unit_range if st.loc[u] == dest and st.uside[u] == 1 - side)
            mine = st.steps[ship] + sum(st.steps[u] for u in g.unit_range if st.loc[u] == dest
                                        and st.uside[u] == side and st.utype[u] == "N")
            if dest in harbour and mine > enemy:
                good.append((mine - enemy, a))
        if good and self.rng.random() < 0.7:
            return max(good, key=lambda x: x[0])[1]
        return next((a for a in actions if a.kind == "end_movement"), None)

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


def evaluate(g, side: int) -> float:
    """A rough score of the position for ``side``: steps in play, morale, the end of the game."""
    st = g.state
    r = st.result
    if r is not None and r["winner"] is not None:
        return 100.0 if r["winner"] == g.players[side] else -100.0
    steps = [0, 0]
    for u in g.unit_range:
        if st.loc[u] >= -1 and st.uside[u] >= 0:
            steps[st.uside[u]] += st.steps[u] * (0.5 if st.status[u] == ROUTED else 1)
    return steps[side] - steps[1 - side] + 3 * (st.ml[side] - st.ml[1 - side])


class SyracuseSearchBot(SyracuseHeuristicBot):
    """The heuristic bot, with playouts at the key decisions (see the module docstring)."""

    name = "search"
    KEY_STEPS = frozenset({"declare", "want", "skirmish", "battle"})

    def __init__(self, seed: int | None = None, simulations: int = 24, horizon: int = 150) -> None:
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
        if step not in self.KEY_STEPS or (step == "battle" and game.state.battle["phase"] != "assault"):
            return super().choose(game, player)
        candidates = actions[:8]
        side = game.players.index(player)
        per = max(1, self.simulations // len(candidates))
        best, best_value = None, None
        for a in candidates:
            total = 0.0
            for _ in range(per):
                seed = self.rng.randrange(2**31)
                sim = game.determinize(player, seed)
                sim.apply(a)
                self._playout(sim, seed)
                total += evaluate(sim, side)
            value = total / per
            if best_value is None or value > best_value:
                best, best_value = a, value
        return best

    def _playout(self, sim, seed: int) -> None:
        bots = {p: SyracuseHeuristicBot(seed + i) for i, p in enumerate(sim.players)}
        for _ in range(self.horizon):
            if sim.is_over():
                return
            p = sim.current_player()
            sim.apply(bots[p].choose(sim, p))
