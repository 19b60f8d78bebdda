"""Exact odds for every die-driven rule of Mountford's chapters 4 and 5 (the lab's engine), built on
:mod:`peloponnesos.core.odds`: plain Python distributions of exact fractions (pandas and Plotly belong
in ``peloponnesos.analysis``).

* :func:`naval_battle_odds` and :func:`land_combat` — winner, SPs lost by each side, leaders killed,
  bellicosity change (5.1-5.7), by enumerating the dice;
* :func:`interception_chance`, :func:`attrition`, :func:`storm` — a space on the march (4.2, 4.5, 4.6);
* :func:`plan_routes` — every shortest legal route with each space's risks and the chance of arriving
  intact; :func:`preview_battle`, :func:`preview_siege` — from a game's position.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core.odds import Distribution, binomial, combine, die, sequence
from . import interception, land_battle, naval_battle
from .control import control
from .movement import needs_roll
from .routes import Legal, eligible, shortest_routes

SIX = die()


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a battle as the odds need it."""

    hoplites: int = 0
    cavalry: int = 0
    naval: int = 0
    rating: int = -1  # the leading leader's battle rating (-1: no leader)
    bravery: int = 0
    skill: int = 0  # Athenian seamanship at sea, Spartan drill on land (tables.toml)
    home: bool = False  # the combat space is friendly to this side (5.2)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One way a battle can end: ``winner`` 0, 1 or None (a draw); SPs lost; leaders killed; the
    bellicosity change for majors of side 0 (side 1's is the opposite)."""

    kind: str  # "naval", "hoplite", "skirmish"
    winner: int | None
    lost_a: int
    lost_b: int
    killed_a: bool = False
    killed_b: bool = False
    bellicosity_a: int = 0


def naval_battle_odds(tables, a: Side, b: Side) -> Distribution:
    """Mountford 5.1 for two fleets (36 pairs of dice)."""
    ma = naval_battle.modifier(tables, a.naval, b.naval, a.rating, a.skill)
    mb = naval_battle.modifier(tables, b.naval, a.naval, b.rating, b.skill)

    def outcome(x: int, y: int) -> Outcome:
        win = naval_battle.winner(x + ma, y + mb, a.rating, b.rating)
        la, lb = naval_battle.losses(win, abs(x + ma - y - mb), a.naval, b.naval)
        ka = a.rating >= 0 and naval_battle.leader_dies(x, a.bravery, win == 0)
        kb = b.rating >= 0 and naval_battle.leader_dies(y, b.bravery, win == 1)
        bell = 0 if win is None else (1 if win == 0 else -1)
        return Outcome("naval", win, la, lb, ka, kb, bell)

    return combine(outcome, SIX, SIX)


def _hoplite(tables, a: Side, b: Side):
    ma = land_battle.hoplite_modifier(tables, a.hoplites, a.cavalry, b.hoplites, b.cavalry, a.rating, a.home, a.skill)
    mb = land_battle.hoplite_modifier(tables, b.hoplites, b.cavalry, a.hoplites, a.cavalry, b.rating, b.home, b.skill)

    def outcome(x: int, y: int) -> Outcome:
        win = naval_battle.winner(x + ma, y + mb, a.rating, b.rating)
        la, lb = land_battle.hoplite_losses(win, abs(x + ma - y - mb), (a.hoplites, a.cavalry), (b.hoplites, b.cavalry))
        ka = a.rating >= 0 and x <= a.bravery
        kb = b.rating >= 0 and y <= b.bravery
        bell = 0
        if win is not None:
            step = land_battle.bellicosity_change(lb if win == 0 else la)
            bell = step if win == 0 else -step
        return Outcome("hoplite", win, la, lb, ka, kb, bell)

    return combine(outcome, SIX, SIX)


def _skirmish(tables, a: Side, b: Side):
    ma = land_battle.skirmish_modifier(tables, a.cavalry, b.cavalry, a.rating, a.home)
    mb = land_battle.skirmish_modifier(tables, b.cavalry, a.cavalry, b.rating, b.home)
    sa, sb = a.hoplites + a.cavalry, b.hoplites + b.cavalry

    def outcome(x: int, y: int) -> Outcome:
        win = naval_battle.winner(x + ma, y + mb, a.rating, b.rating)
        la, lb = land_battle.skirmish_losses(win, sa, sb)
        return Outcome("skirmish", win, la, lb, a.rating >= 0 and la >= sa, b.rating >= 0 and lb >= sb, 0)

    return combine(outcome, SIX, SIX)


def skirmish_choice_chance(tables, chooser: Side, other: Side) -> Fraction:
    m = land_battle.skirmish_choice_modifier(tables, chooser.hoplites, chooser.cavalry, other.hoplites, other.cavalry,
                                             chooser.rating)
    need = tables.skirmish_choice["needed"]
    return SIX.probability(lambda f: f + m >= need)


def land_combat(tables, a: Side, b: Side, *, try_skirmish: bool | None = None) -> Distribution:
    """Mountford 5.2-5.3: the skirmish choice (made by the side the space is friendly to, if it tries:
    ``try_skirmish`` None means it tries when it has fewer hoplites), then the hoplite battle or skirmish."""
    chooser = 0 if a.home else 1 if b.home else None
    hop = _hoplite(tables, a, b)
    if chooser is None:
        return hop
    me, other = (a, b) if chooser == 0 else (b, a)
    if try_skirmish is None:
        try_skirmish = me.hoplites < other.hoplites
    if not try_skirmish:
        return hop
    p = skirmish_choice_chance(tables, me, other)
    skir = _skirmish(tables, a, b)
    out: dict = {}
    for o, q in skir.items():
        out[o] = out.get(o, 0) + q * p
    for o, q in hop.items():
        out[o] = out.get(o, 0) + q * (1 - p)
    return Distribution(out)


def interception_chance(needed: int, modifier: int = 0) -> Fraction:
    """Mountford 4.6: one die plus the leader's interception rating against the number needed."""
    return SIX.probability(lambda f: f + modifier >= needed)


def attrition(sps: int) -> Distribution:
    """Mountford 4.5: SPs lost when ``sps`` SPs each roll a die and a 5 or 6 eliminates one."""
    return binomial(sps, Fraction(1, 3))


def storm() -> Distribution:
    """Mountford 4.2: the crossing destroys the army on a 5 or 6."""
    return SIX.map(lambda f: "destroyed" if f >= 5 else "safe")


def siege(tables, needed: int, rebellion: bool, sps: int, *, limit: int = 12) -> Distribution:
    """Mountford 5.8: operations (and talents) until the siege succeeds, if its conditions hold throughout.
    Outcomes are (operations, talents); a siege still going after ``limit`` attempts is (limit, None)."""
    gain = SIX.map(lambda f: tables.siege_gain(f, rebellion))
    runs = sequence(0, lambda pts: gain.map(lambda g: pts + g), lambda pts: pts >= needed, limit=limit)
    cost = tables.siege_cost * sps
    return runs.map(lambda o: (o[1], o[1] * cost) if o[0] >= needed else (limit, None))


# -- from a game's position ------------------------------------------------------------------------
def plan_routes(game, city: str, src: str, dst: str, hcn: tuple[int, int, int], via: str = "") -> list[dict]:
    """Every shortest legal route for this army, with each space's interception chances (4.6), its march
    risk (4.2, 4.5), and the exact chance of getting through without a loss or an interception."""
    b = game.board
    h, c, n = hcn
    legal = Legal(game, city, h, c, n, via)
    s, d = b.index[src], b.index[dst]
    plans = []
    for route in shortest_routes(legal, s, d):
        steps = []
        p_intact = Fraction(1)
        for i, here in enumerate(route):
            entry = {"space": b.ids[here], "storm": None, "march": "", "march_loss": None, "interception": []}
            if i:
                prev = route[i - 1]
                if b.kind_between[(prev, here)] == 6:  # CROSSING
                    entry["storm"] = Fraction(1, 3)
                    p_intact *= Fraction(2, 3)
                why = needs_roll(game, city, (h, c, n), prev, here)
                if why:
                    dist = attrition(h + c + n)
                    entry["march"] = why
                    entry["march_loss"] = dist
                    p_intact *= dist[0]
            for g in interception.groups_here_plan(game, city, here, (h, c, n)):
                need, mod, who = interception.target(game, g, here, (h, c, n))
                chance = interception_chance(need, mod)
                entry["interception"].append({"group": g, "needed": need, "modifier": mod, "leader": who,
                                              "chance": chance})
                p_intact *= 1 - chance
            steps.append(entry)
        plans.append({"route": [b.ids[x] for x in route], "length": len(route) - 1, "steps": steps,
                      "p_intact": p_intact, "eligible_for_transport": eligible(h, c, n)})
    return plans


def preview_battle(game, space: str, attacker: str, hcn=None, *, leader: str = "", try_skirmish=None) -> dict:
    """The exact outcome of a combat operation by ``attacker``'s side in ``space`` against the enemy SPs
    there (all in the space taking part; SPs from a distance ignored): naval step and land step."""
    st = game.state
    b = game.board
    i = b.index[space]
    ctl = control(game)
    mine = [0, 0, 0]
    theirs = [0, 0, 0]
    skill_n = skill_l = 0
    foe_skill_n = foe_skill_l = 0
    t = game.tables
    for city, stack in st.forces.get(i, {}).items():
        if ctl.friends(city, attacker):
            if hcn is None:
                mine = [mine[k] + stack[k] for k in range(3)]
        elif ctl.hostile(city, attacker):
            theirs = [theirs[k] + stack[k] for k in range(3)]
            foe_skill_n = max(foe_skill_n, t.naval["skill"].get(city, 0) if stack[2] else 0)
            foe_skill_l = max(foe_skill_l, t.hoplite["skill"].get(city, 0) if stack[0] else 0)
    if hcn is not None:
        mine = list(hcn)
    skill_n = t.naval["skill"].get(attacker, 0) if mine[2] else 0
    skill_l = t.hoplite["skill"].get(attacker, 0) if mine[0] else 0
    info = game.leaders.get(leader) if leader else None
    rating = info.battle if info else -1
    bravery = info.bravery if info else 0
    owner = st.owner[i]
    home_a = bool(owner) and ctl.friends(owner, attacker)
    home_b = bool(owner) and ctl.hostile(owner, attacker)
    out = {"space": space, "attacker": mine, "defender": theirs, "naval": None, "land": None}
    if mine[2] and theirs[2]:
        out["naval"] = naval_battle_odds(t, Side(naval=mine[2], rating=rating, bravery=bravery, skill=skill_n),
                                         Side(naval=theirs[2], skill=foe_skill_n))
    if (mine[0] + mine[1]) and (theirs[0] + theirs[1]):
        out["land"] = land_combat(t, Side(mine[0], mine[1], 0, rating, bravery, skill_l, home_a),
                                  Side(theirs[0], theirs[1], 0, -1, 0, foe_skill_l, home_b), try_skirmish=try_skirmish)
    return out


def preview_siege(game, space: str, city: str, sps: int | None = None) -> Distribution:
    """Operations and talents a siege of ``space`` by ``city`` would take from now (5.8)."""
    from . import sieges

    i = game.board.index[space]
    group = control(game).group[city]
    need = sieges.needed(game, group, i)
    have = game.state.siege.get(i, [city, 0])[1] if i in game.state.siege else 0
    if sps is None:
        sps = sum(sum(t) for c, t in game.state.forces.get(i, {}).items() if control(game).friends(c, city)) or 1
    return siege(game.tables, max(need - have, 0) or 1, game.state.rebellion[i], sps)
