"""Computer players for Mountford's Peloponnesian War: random (the kernel's), heuristic and searching.

* :class:`HeuristicBot` plays each side's historical strategy. Athens follows Pericles (1.143-144,
  2.13, 2.65): keep the hoplites behind the walls, keep the fleet strong and near the empire, recover
  rebel cities by siege, strike enemy fleets when stronger. Sparta invades Attica to ravage it (2.19-23),
  besieges Athenian strongholds within reach (Plataea, 2.71-78), and sends its fleet where only it can
  reach Athenian tribute cities, so they revolt (8.2, frame 10.9). Every other decision (interception,
  battle, losses, sieges, ships) follows simple rules of strength and money.
* :class:`SearchBot` looks ahead at each operation: for each of the heuristic's best few plans (and
  passing) it plays the rest of the game turn many times on copies with other dice
  (``game.clone(reseed=...)``), both sides played by the heuristic, and keeps the plan whose copies end
  best. Its budget is a number of simulations, so it plays the same on any computer.

Bots read only the game's public state (nothing is hidden in this game) and search only on copies.
"""

from __future__ import annotations

import random

from ...core import Action
from . import interception, sieges
from .actions import (
    AcceptBattle,
    Activate,
    Besiege,
    Build,
    ChooseRoute,
    Form,
    Intercept,
    NoIntercept,
    NoSiege,
    Objective,
    Participate,
    Pass,
    PlaceGarrison,
    PlaceLeader,
    PutToSea,
    Ravage,
    Remain,
    Retreat,
    StandAndFight,
    TakeLoss,
    TrySkirmish,
)
from .control import control
from .routes import army_sps, distances_for, eligible
from .victory import athenian_fleet, tribute_held

RESERVE = {"athens": 1500, "corinth": 300, "sparta": 100, "thebes": 100}


def _side_total(game, k: int) -> tuple[int, int, int]:
    ctl = control(game)
    name = game.players[k]
    h = c = n = 0
    for stacks in game.state.forces.values():
        for city, t in stacks.items():
            if ctl.group[city] == name:
                h, c, n = h + t[0], c + t[1], n + t[2]
    return h, c, n


def _fleets_by_side(game, ctl) -> dict[str, set[int]]:
    """The spaces holding naval SPs of each side ("Athens", "Sparta")."""
    out: dict[str, set[int]] = {"Athens": set(), "Sparta": set()}
    for k, stacks in game.state.forces.items():
        for c, t in stacks.items():
            if t[2] and ctl.group[c] in out:
                out[ctl.group[c]].add(k)
    return out


def evaluate(game, side: str) -> float:
    """How good the position is for ``side`` (a win is 100)."""
    st = game.state
    if st.phase == "over":
        w = st.result["winner"]
        return 0.0 if w is None else (100.0 if w == side else -100.0)
    a = _side_total(game, 0)
    s = _side_total(game, 1)
    v = (2.0 * tribute_held(game) + 0.4 * athenian_fleet(game) + 0.6 * (st.bell["athens"] - st.bell["sparta"])
         + 0.15 * (sum(a) - sum(s)) + 0.0005 * (st.treasury.get("athens", 0) - st.treasury.get("sparta", 0)))
    return v if side == "Athens" else -v


class HeuristicBot:
    """Each side's historical strategy, as rules (see the module docstring). Deterministic."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.plans: dict[tuple, dict] = {}
        self._unsettled: dict[str, frozenset[int]] = {}

    # -- operations --------------------------------------------------------------------------------
    def plans_for(self, game, side: int) -> list[tuple[float, Action, dict]]:
        """Scored plans: (score, the Activate action, {"form": (h, c, n), "dest": id, "combat": bool})."""
        st = game.state
        ctl = control(game)
        b = game.board
        me = game.players[side]
        out = []
        self._unsettled: dict[str, frozenset[int]] = {}  # by city, for this position (_can_siege)
        legal = [a for a in game.legal_actions() if isinstance(a, Activate)]
        if not legal:
            return out
        by_space: dict[str, list[Activate]] = {}
        for a in legal:
            by_space.setdefault(a.space, []).append(a)
        for sid, acts in by_space.items():
            space = b.index[sid]
            leader = max(acts, key=lambda a: (game.leaders[a.leader].battle, a.leader))
            city = game.leaders[leader.leader].city
            cash = st.treasury.get(city, 0)
            stacks = st.forces.get(space, {})
            h = sum(t[0] for c, t in stacks.items() if ctl.group[c] == me)
            c = sum(t[1] for c, t in stacks.items() if ctl.group[c] == me)
            n = sum(t[2] for c, t in stacks.items() if ctl.group[c] == me)
            f = game.tables.frame
            # what can be paid for
            while (h + c) * f["cost_land_sp"] + n * f["cost_naval_sp"] > cash and (h + c + n):
                if n:
                    n -= 1
                elif h:
                    h -= 1
                else:
                    c -= 1
            if not (h + c + n):
                continue
            # 1. a siege going on here, or a fortress to take where we stand
            if sieges.besiegeable(game, city, space) and h + c:
                have = st.siege.get(space, [city, 0])[1] if space in st.siege else 0
                enemy_here = sum(sum(t) for cc, t in stacks.items() if ctl.hostile(cc, city))
                if cash >= game.tables.siege_cost * (h + c + n) + RESERVE.get(city, 0) and enemy_here <= h:
                    out.append((6 + have + (2 if b.spaces[space].tribute else 0), leader,
                                {"form": (h, c, n), "dest": sid, "combat": True}))
            land = (h, c, 0) if h + c else None
            fleet = (0, 0, n) if n else None
            if land:
                reach = distances_for(game, city, *land, "", space)
                out.extend(self._land_targets(game, side, leader, city, space, land, reach))
            if fleet:
                reach = distances_for(game, city, *fleet, "", space)
                out.extend(self._fleet_targets(game, side, leader, city, space, fleet, reach))
            if n >= 2 and h:
                carry = min(h, n // 2)
                army = (carry, min(c, 1) if n >= 2 * (carry + 1) else 0, n)
                if eligible(*army):
                    reach = distances_for(game, city, *army, "", space)
                    out.extend(self._transport_targets(game, side, leader, city, space, army, reach))
        out.sort(key=lambda x: -x[0])
        return out

    def _land_targets(self, game, side, leader, city, space, army, reach):
        st = game.state
        ctl = control(game)
        b = game.board
        out = []
        h = army[0]
        for dest, d in reach.items():
            if d == 0 or d > 4:
                continue
            sp = b.spaces[dest]
            foes = sum(t[0] + t[1] for c, t in st.forces.get(dest, {}).items() if ctl.hostile(c, city))
            if side == 1 and sp.home == "athens" and h >= 4 and not st.ravaged[dest] and \
                    ["athens", city] not in st.hostages:
                out.append((7.5 - 0.2 * d, leader, {"form": army, "dest": sp.id, "combat": True}))  # invade Attica
            elif sp.fortress and ctl.hostile(st.owner[dest] or city, city) and foes < h and d <= 3 \
                    and self._can_siege(game, city, dest, h + army[1]):
                value = 3.0 + (1.5 if sp.tribute else 0) + (1.0 if sp.city_state else 0) - 0.4 * d
                if side == 0 and h < 3:
                    continue
                out.append((value, leader, {"form": army, "dest": sp.id, "combat": True}))
            elif foes and foes * 2 <= h and side == 1:
                out.append((2.5, leader, {"form": army, "dest": sp.id, "combat": True}))
        if side == 1 and h >= 4 and game.board.land_dist[space][game.board.athens] > 4:
            # bring the Peloponnesian army up to the Isthmus for the next invasion (more urgent if no army is near)
            stage = game.board.index["megara"]
            ready = any(game.board.land_dist[j][game.board.athens] <= 4 and sum(t[0] for c, t in stacks.items()
                                                                                  if ctl.friends(c, city)) >= 4
                        for j, stacks in st.forces.items())
            if stage in reach and ctl.friends(st.owner[stage] or "athens", city):
                out.append((2.0 if ready else 4.5, leader, {"form": army, "dest": "megara", "combat": False}))
        if side == 0:  # Athens' hoplites go down to Piraeus to be carried to a rebel city
            pir = b.piraeus
            if space == b.athens and pir in reach and h >= 3 and any(
                    sp.tribute and ctl.hostile(st.owner[sp.index] or "athens", "athens") for sp in b.spaces):
                out.append((1.5, leader, {"form": (2, 0, 0), "dest": "piraeus", "combat": False}))
        return out

    def _fleet_targets(self, game, side, leader, city, space, fleet, reach):
        st = game.state
        ctl = control(game)
        b = game.board
        out = []
        n = fleet[2]
        me = game.players[side]
        for dest, d in reach.items():
            if d == 0 or d > 5:
                continue
            foes = sum(t[2] for c, t in st.forces.get(dest, {}).items() if ctl.hostile(c, city))
            if foes and n >= 1.5 * foes + 1:
                out.append((4.0 - 0.2 * d, leader, {"form": fleet, "dest": b.ids[dest], "combat": True}))
        fleets = _fleets_by_side(game, ctl)
        if side == 1:  # go where only our ships reach Athenian tribute cities (frame 10.9)
            exposed = {j for j in b.tribute_index  # held by Athens, ungarrisoned, no Athenian ship in reach
                       if not st.garrison[j] and ctl.group.get(st.owner[j], "") == "Athens"
                       and not any(k in fleets["Athens"] for k in b.zoi_naval[j])}
            best, where = 0, None
            for dest, d in reach.items():
                if d > 6:
                    continue
                count = sum(1 for j in b.zoi_naval[dest] if j in exposed)
                if count > best:
                    best, where = count, dest
            if where is not None and where != space:
                out.append((1.5 + best, leader, {"form": fleet, "dest": b.ids[where], "combat": False}))
        elif n >= 3:  # Athens keeps its fleet where tribute cities are threatened
            for j in b.tribute_index:
                if ctl.group.get(st.owner[j], "") != "Athens" or j not in reach:
                    continue
                threat = any(k in fleets["Sparta"] for k in b.zoi_naval[j])
                covered = any(k in fleets[me] for k in b.zoi_naval[j])
                if threat and not covered:
                    out.append((3.5, leader, {"form": (0, 0, max(3, n // 2)), "dest": b.ids[j], "combat": False}))
        return out

    def _transport_targets(self, game, side, leader, city, space, army, reach):
        st = game.state
        ctl = control(game)
        b = game.board
        out = []
        for dest, d in reach.items():
            sp = b.spaces[dest]
            if d == 0 or not sp.fortress:
                continue
            if not ctl.hostile(st.owner[dest] or city, city):
                continue
            foes = sum(t[0] + t[1] for c, t in st.forces.get(dest, {}).items() if ctl.hostile(c, city))
            if foes <= army[0] and self._can_siege(game, city, dest, sum(army)):
                value = 3.5 + (2.0 if sp.tribute else 0) + (1.0 if st.rebellion[dest] else 0) - 0.2 * d
                out.append((value, leader, {"form": army, "dest": sp.id, "combat": True}))
        return out

    def _can_siege(self, game, city: str, dest: int, sps: int) -> bool:
        """Can ``city`` pay for a siege of ``dest`` with ``sps`` SPs (keeping some reserve), and are its other
        forces settled (5.8)? The unsettled spaces are worked out once for each plan-making."""
        st = game.state
        if st.treasury.get(city, 0) < game.tables.siege_cost * sps + RESERVE.get(city, 0) // 2:
            return False
        unsettled = self._unsettled.get(city)
        if unsettled is None:
            unsettled = self._unsettled[city] = sieges.unsettled_spaces(game, city)
        return sieges.others_settled(game, city, dest, unsettled)

    # -- every decision ----------------------------------------------------------------------------
    def choose(self, game, player: str) -> Action:
        st = game.state
        acts = game.legal_actions()
        step = st.step
        side = game.players.index(player)
        if step == "op_choose":
            plans = self.plans_for(game, side)
            if plans and plans[0][0] > 0:
                _score, act, plan = plans[0]
                self.plans[(st.turn, act.leader)] = plan
                return act
            return next(a for a in acts if isinstance(a, Pass))
        if step in ("op_form", "op_objective", "op_route"):
            return self._plan_step(game, acts)
        return self.decide(game, player, acts)

    def _plan_step(self, game, acts):
        st = game.state
        op = st.op
        plan = self.plans.get((st.turn, op["leader"]))
        if st.step == "op_form":
            if plan:
                want = Form(*plan["form"])
                if want in acts:
                    return want
            return acts[-1]
        if st.step == "op_objective":
            if plan:
                want = Objective(plan["dest"], plan["combat"], "")
                if want in acts:
                    return want
                other = Objective(plan["dest"], not plan["combat"], "")
                if other in acts:
                    return other
            stay = Objective(game.board.ids[op["origin"]], False, "")
            return stay if stay in acts else acts[0]
        return next(a for a in acts if isinstance(a, ChooseRoute))

    def decide(self, game, player: str, acts: list) -> Action:
        st = game.state
        step = st.step
        kinds = {type(a) for a in acts}
        if step == "intercept":
            op = st.op
            group = op["icept"]["groups"][0]
            space = op["icept"]["space"]
            mine = interception.eligible_sps(game, group, space, army_sps(op["army"]))
            strength = sum(st.forces[j][c][2] if arm == "naval" else st.forces[j][c][0] + st.forces[j][c][1]
                           for j, c, arm, _d in mine)
            h, c, n = army_sps(op["army"])
            return Intercept() if strength >= max(n, h + c) else NoIntercept()
        if step == "put_to_sea":
            return PutToSea() if PutToSea in kinds else StandAndFight()
        if step == "participate":
            return self._participate(game, player, acts)
        if step == "home_leader":
            placed = [a for a in acts if isinstance(a, PlaceLeader)]
            return max(placed, key=lambda a: game.leaders[a.leader].battle) if placed else acts[-1]
        if step == "skirmish_choice":
            b = st.battle
            k = b["chooser"]
            from .combat import totals

            own, foe = totals(game, k, "land"), totals(game, 1 - k, "land")
            return TrySkirmish() if own[0] < foe[0] or own[1] > foe[1] else AcceptBattle()
        if step == "loss":
            minors = [a for a in acts if isinstance(a, TakeLoss) and not game.cities[a.city]["major"]]
            cav = [a for a in acts if isinstance(a, TakeLoss) and a.arm == "C"]
            return (minors or cav or acts)[0]
        if step == "ravage":
            return Ravage() if Ravage in kinds else acts[0]
        if step == "retreat":
            return Retreat() if Retreat in kinds else Remain()
        if step == "transport":
            return acts[0]  # drop land SPs if that is enough, else take another route, else stop
        if step == "siege":
            city = st.op["city"]
            cost = game.tables.siege_cost * sieges.friendly_sps_here(game, st.op["at"])
            return Besiege() if st.treasury[city] - cost >= RESERVE.get(city, 0) // 3 else NoSiege()
        if step == "garrison":
            return PlaceGarrison()
        if step == "build":
            city = st.build_queue[0]
            cash = st.treasury[city]
            spare = cash - RESERVE.get(city, 0) * 2 - (game.tables.frame["upkeep_naval"] * 4)
            cost = game.tables.frame["ship_cost"]
            want = max(0, min(3, spare // cost)) if cost else 3
            options = [a for a in acts if isinstance(a, Build)]
            return max((a for a in options if a.ships <= want), key=lambda a: a.ships, default=options[0])
        return acts[0]

    def _participate(self, game, player, acts):
        st = game.state
        b = st.battle
        k, where, arm, must = b["queue"][0]
        from .combat import _candidates, totals

        own = totals(game, k, arm)
        foe_cands = _candidates(game, 1 - k, arm)
        foe = 0
        for w, c, _m in foe_cands:
            t = st.op["army"].get(c, [0, 0, 0]) if w == -1 else st.forces.get(w, {}).get(c, (0, 0, 0))
            foe += t[2] if arm == "naval" else t[0] + t[1]
        here = sum((t[2] if arm == "naval" else t[0] + t[1]) for c, t in st.forces.get(where, {}).items()
                   if control(game).group[c] == b["groups"][k])
        mine = (own[2] if arm == "naval" else own[0] + own[1]) + here
        if must:
            return acts[0]  # join (burning is a last resort the heuristic never takes)
        if player == "Athens" and arm == "land" and where == game.board.athens and mine < 2 * foe:
            return Participate(game.board.ids[where], arm, "avoid")  # Pericles: stay behind the walls
        return Participate(game.board.ids[where], arm, "join" if mine >= foe else "avoid")

    def __repr__(self) -> str:
        return "HeuristicBot()"


class SearchBot:
    """Monte Carlo over the heuristic's best plans at each operation (see the module docstring)."""

    name = "search"

    def __init__(self, seed: int | None = None, simulations: int = 48, candidates: int = 4) -> None:
        self.seed = seed if seed is not None else 0
        self.rng = random.Random(seed)
        self.simulations = simulations
        self.candidates = candidates
        self.heuristic = HeuristicBot(seed)

    def choose(self, game, player: str) -> Action:
        st = game.state
        if st.step != "op_choose":
            return self.heuristic.choose(game, player)
        side = game.players.index(player)
        plans = self.heuristic.plans_for(game, side)[: self.candidates]
        options: list[tuple[Action, dict | None]] = [(act, plan) for _s, act, plan in plans]
        passing = next((a for a in game.legal_actions() if isinstance(a, Pass)), None)
        if passing is not None:
            options.append((passing, None))
        if len(options) == 1:
            return self._commit(game, options[0])
        per = max(1, self.simulations // len(options))
        seeds = [self.rng.randrange(2**31) for _ in range(per)]
        best, best_value = options[0], -1e9
        for option in options:
            total = 0.0
            for s in seeds:
                total += self._playout(game, player, option, s)
            if total > best_value:
                best, best_value = option, total
        return self._commit(game, best)

    def _commit(self, game, option):
        act, plan = option
        if plan is not None:
            self.heuristic.plans[(game.state.turn, act.leader)] = plan
        return act

    def _playout(self, game, player: str, option, seed: int) -> float:
        copy = game.clone(reseed=seed)
        bots = HeuristicBot(seed)
        act, plan = option
        if plan is not None:
            bots.plans[(copy.state.turn, act.leader)] = plan
        copy.apply(act)
        turn = copy.state.turn
        for _ in range(2000):
            if copy.is_over() or copy.state.turn != turn:
                break
            who = copy.current_player()
            copy.apply(bots.choose(copy, who))
        return evaluate(copy, player)

    def __repr__(self) -> str:
        return f"SearchBot(simulations={self.simulations})"
