"""Rules 6.1–6.4: how many impulses each side may initiate (6.1), declaring impulses or passing (6.1.2), the
order of an impulse (6.2), activating units (6.2 step 2 and 6.3) and reaction movement (6.4).
"""

from __future__ import annotations

from . import movement, naval, setup
from .actions import (
    ActivateArea,
    ActivateUnit,
    DeclareImpulse,
    EndActivation,
    EndReaction,
    Pass,
    React,
    ReactMove,
    intern,
)
from .decisions import Step, clamp
from .pieces import cavalry_cf, leader_drm
from .state import DISRUPTED, NORMAL, ROUTED

PASS, END_ACTIVATION, END_REACTION = Pass(), EndActivation(), EndReaction()


# --- 6.1 impulse determination -----------------------------------------------------------------------------------
def impulse_roll(g) -> None:
    """Rule 6.1: both sides roll a D6, add their IL minus the other's and the random event's modifier; the
    result, from 1 to 5, is the number of impulses each may initiate (6.1.1)."""
    st = g.state
    per = g.tables.drm["impulses"]["initiative_difference"]
    ev = g.tables.events.get(st.event)
    for side in (0, 1):
        roll = g.roll(side, 6, "the number of impulses (Syracuse 6.1)")
        mod = per * (st.il[side] - st.il[1 - side]) + (ev.impulses[side] if ev is not None else 0)
        st.ops[side] = clamp(roll + mod, 1, 5)
        if g.log.enabled:
            n = st.ops[side]
            g.event("impulses", f"{g.players[side]} may initiate {n} impulse{'s' if n != 1 else ''} (rolled {roll}, "
                    f"initiative difference {mod:+d}).", side=g.players[side], rule="6.1", die=roll, impulses=n)


# --- 6.1.2 declaring ---------------------------------------------------------------------------------------------
def declare(g) -> None:
    g.ask("declare", g.state.declarer)


def _has_fleet(g, side: int) -> bool:
    st = g.state
    return any(st.uside[u] == side and st.utype[u] == "N" and st.loc[u] >= -1 for u in g.unit_range) or \
        bool(setup.arrivals_due(g, side, "naval"))


def _declare_options(g) -> list:
    side = g.state.to_act
    out = [intern(DeclareImpulse, "ground")]
    if _has_fleet(g, side):
        out.append(intern(DeclareImpulse, "naval"))
    return [*out, PASS]


def _declare_apply(g, a) -> None:
    st = g.state
    side = st.to_act
    g.done()
    if isinstance(a, Pass):
        if g.log.enabled:
            g.event("pass", f"{g.players[side]} passes.", side=g.players[side], rule="6.1.2")
        if st.last_pass:
            end_operations(g, "both players passed one after the other")
            return
        st.last_pass = True
        st.declarer = 1 - side
        g.then(("declare",))
        return
    st.last_pass = False
    st.ops[side] -= 1
    g.then(("impulse", side, a.impulse), ("after_impulse", side))


def end_operations(g, why: str) -> None:
    if g.log.enabled:
        g.event("operations_end", f"The Operations Phase ends: {why}.", rule="6.1.2")
    g.then(("admin",))


def after_impulse(g, side: int) -> None:
    st = g.state
    if st.ops[side] <= 0:
        end_operations(g, f"{g.players[side]} has initiated its last impulse")
        return
    st.declarer = 1 - side
    g.then(("declare",))


# --- 6.2 the impulse ---------------------------------------------------------------------------------------------
def impulse(g, side: int, kind: str) -> None:
    st = g.state
    st.phase = "operations"
    st.active_side = side
    st.impulse_kind = kind
    st.reset_activity()
    if g.log.enabled:
        g.event("impulse", f"{g.players[side]} conducts a {kind} impulse ({st.ops[side]} left after it).",
                side=g.players[side], rule="6.2", impulse_kind=kind, impulses_left=st.ops[side])
    g.then(("arrivals", side, kind), ("activation", side, kind), ("movement",), ("reaction",), ("combat",),
           ("walls",), ("impulse_end",))


def impulse_end(g) -> None:
    """Rule 6.2: the activated units are rotated; nothing more moves in this impulse."""
    st = g.state
    n = g.counters.n
    st.active = [False] * n
    st.moved = [False] * n
    st.lactive = [False] * len(st.lloc)
    st.lmoved = [False] * len(st.lloc)


def eligible(g, u: int, side: int, kind: str) -> bool:
    """A unit that could activate in an impulse of ``kind`` (rule 6.2 step 1): on the map, not Routed; a ground
    unit not aboard a ship; a naval unit."""
    st = g.state
    if st.uside[u] != side or st.loc[u] < 0 or st.status[u] == ROUTED:
        return False
    if kind == "naval":
        return st.utype[u] == "N"
    return st.utype[u] != "N" and st.aboard[u] < 0


def leader_areas(g, side: int, kind: str) -> list[int]:
    """Areas with a leader of ``side`` who has not activated this turn and units that could activate."""
    st = g.state
    out = []
    for j, a in enumerate(st.lloc):
        if a < 0 or st.lused[j] or g.counters.leaders[j].side != side or a in out:
            continue
        if any(st.loc[u] == a and eligible(g, u, side, kind) for u in g.unit_range):
            out.append(a)
    out.sort()
    return out


def neighbours(g, area: int) -> tuple[int, ...]:
    """Areas next to ``area`` for activation (6.2): neighbours of the same kind and across the shore."""
    return g.map.adj[area] + g.map.coast[area]


def activation(g, side: int, kind: str) -> None:
    """Rule 6.2 step 2: a D10 says how much may activate."""
    roll = g.roll(side, 10, "activation (Syracuse 6.2)")
    areas = leader_areas(g, side, kind)
    if g.log.enabled:
        g.event("activation_roll", f"{g.players[side]} rolls {roll} for activation"
                + (" (even: a leader's area and the leaders next to it)" if areas and roll % 2 == 0 else
                   " (one leader's area)" if areas else f" (no leader left: up to {roll} units)") + ".",
                side=g.players[side], rule="6.2", die=roll)
    if areas:
        g.ask("activate", side, roll=roll, kind=kind)
    else:
        g.ask("activate_units", side, left=roll, kind=kind)


def _adjacent_leader_areas(g, area: int, side: int, kind: str) -> list[int]:
    areas = set(leader_areas(g, side, kind))
    return [b for b in neighbours(g, area) if b in areas]


def _activate_options(g) -> list:
    st = g.state
    side, ctx = st.to_act, st.ctx
    out = []
    for a in leader_areas(g, side, ctx["kind"]):
        out.append(intern(ActivateArea, g.aid(a), False))
        if ctx["roll"] % 2 == 0 and _adjacent_leader_areas(g, a, side, ctx["kind"]):
            out.append(intern(ActivateArea, g.aid(a), True))
    return out


def _activate_apply(g, a) -> None:
    st = g.state
    side, kind = st.to_act, st.ctx["kind"]
    area = g.area_named(a.area)
    areas = [area] + (_adjacent_leader_areas(g, area, side, kind) if a.adjacent else [])
    g.done()
    for b in areas:
        leaders = [j for j, x in enumerate(st.lloc) if x == b and g.counters.leaders[j].side == side]
        for j in leaders:
            st.lused[j] = True
            st.lactive[j] = True
        for u in g.unit_range:
            if st.loc[u] == b and eligible(g, u, side, kind):
                activate_unit(g, u, bool(leaders))
    if g.log.enabled:
        g.event("activate", f"{g.players[side]} activates {', '.join(g.aid(b) for b in areas)}.",
                side=g.players[side], rule="6.2", areas=[g.aid(b) for b in areas])


def activate_unit(g, u: int, with_leader: bool) -> bool:
    """Rules 6.2 and 6.3: a unit activates; one that already activated this turn needs a D10 below the ML (and
    must be in Normal Status); a 10 Disrupts it."""
    st = g.state
    side = st.uside[u]
    if st.active[u]:
        return True
    if st.used[u]:
        if st.status[u] != NORMAL:
            return False
        roll = g.roll(side, 10, f"re-activating {g.uid(u)} (Syracuse 6.3)")
        ok = roll < st.ml[side]
        if roll == 10:
            st.status[u] = DISRUPTED
        if g.log.enabled:
            g.event("reactivation", f"{g.uid(u)} {'activates again' if ok else 'does not activate'} (rolled {roll} "
                    f"against ML {st.ml[side]}" + ("; Disrupted" if roll == 10 else "") + ").",
                    side=g.players[side], rule="6.3", unit=g.uid(u), die=roll, success=ok)
        if not ok:
            st.moved[u] = True  # one try per impulse
            return False
    st.used[u] += 1
    st.active[u] = True
    st.exchanged[u] = False
    if with_leader and st.utype[u] != "N":
        st.mpb[u] = 2  # rule 7.1: stacked with a leader at the start of its activation
    return True


def _activate_units_options(g) -> list:
    st = g.state
    side, kind = st.to_act, st.ctx["kind"]
    out = []
    for u in g.unit_range:
        if not st.active[u] and not st.moved[u] and eligible(g, u, side, kind) and \
                (not st.used[u] or st.status[u] == NORMAL):
            out.append(intern(ActivateUnit, g.uid(u)))
    if kind == "ground":
        for j, a in enumerate(st.lloc):
            if a >= 0 and g.counters.leaders[j].side == side and not st.lactive[j] and not st.lmoved[j] \
                    and st.laboard[j] < 0:
                out.append(intern(ActivateUnit, g.lid(j)))
    return [*out, END_ACTIVATION]


def _activate_units_apply(g, a) -> None:
    st = g.state
    side = st.to_act
    if isinstance(a, EndActivation):
        g.done()
        return
    u = g.unit_named(a.unit)
    if u is None:  # a leader activated as a unit
        j = g.leader_named(a.unit)
        ok = True
        if st.lused[j]:
            roll = g.roll(side, 10, f"re-activating {a.unit} (Syracuse 6.3)")
            ok = roll < st.ml[side]
            if g.log.enabled:
                g.event("reactivation", f"{a.unit} {'activates again' if ok else 'does not activate'} (rolled {roll} "
                        f"against ML {st.ml[side]}).", side=g.players[side], rule="6.3", leader=a.unit, die=roll,
                        success=ok)
        if ok:
            st.lused[j] = True
            st.lactive[j] = True
        else:
            st.lmoved[j] = True  # one try per impulse, as for units
    else:
        with_leader = any(x == st.loc[u] and g.counters.leaders[j].side == side for j, x in enumerate(st.lloc))
        activate_unit(g, u, with_leader)
    st.ctx["left"] -= 1
    if st.ctx["left"] <= 0:
        g.done()
    else:
        st.serial += 1


# --- 6.4 reaction movement -----------------------------------------------------------------------------------------
def reaction(g) -> None:
    st = g.state
    other = 1 - st.active_side
    if _reaction_candidates(g, other):
        g.ask("react", other)


def _reaction_candidates(g, side: int) -> list[int]:
    """Rule 6.4: units of the side not conducting the impulse, in an area with enemy units, or next to one
    and with an un-activated friendly leader in their own area."""
    st, b = g.state, g.map
    kind = st.impulse_kind
    enemy_areas = set()
    for u in g.unit_range:
        if st.uside[u] == 1 - side and st.loc[u] >= 0:
            enemy_areas.add(st.loc[u])
    fresh_leader = {a for j, a in enumerate(st.lloc)
                    if a >= 0 and not st.lused[j] and g.counters.leaders[j].side == side}
    out = []
    for u in g.unit_range:
        if st.reacted[u] or not eligible(g, u, side, kind):
            continue
        a = st.loc[u]
        if a in enemy_areas or (a in fresh_leader and any(c in enemy_areas for c in b.adj[a] + b.coast[a])):
            out.append(u)
    return out


def _react_options(g) -> list:
    return [intern(React, g.uid(u)) for u in _reaction_candidates(g, g.state.to_act)] + [END_REACTION]


def reaction_modifiers(g, u: int) -> list[tuple[str, int]]:
    st = g.state
    side, a = st.uside[u], st.loc[u]
    t = g.tables.drm["reaction"]
    fresh = [j for j, x in enumerate(st.lloc) if x == a and not st.lused[j] and g.counters.leaders[j].side == side]
    parts = leader_drm(g, "leader", t["leader"], fresh, naval=st.utype[u] == "N")
    if side == 1 and cavalry_cf(g, a, 1) > cavalry_cf(g, a, 0):
        parts.append(("syracusan_cavalry", t["syracusan_cavalry"]))
    return parts


def _react_apply(g, a) -> None:
    st = g.state
    side = st.to_act
    if isinstance(a, EndReaction):
        g.done()
        return
    u = g.unit_named(a.unit)
    st.reacted[u] = True
    roll = g.roll(side, 10, f"a reaction move by {a.unit} (Syracuse 6.4)")
    parts = reaction_modifiers(g, u)
    total = roll + sum(v for _, v in parts)
    il = st.il[side]
    if roll == 10:
        st.status[u] = DISRUPTED
        result = "cannot move and is Disrupted"
        limit = ""
    elif total < il:
        result, limit = "may move its full allowance", "full"
    elif total == il:
        result, limit = "may move one area", "one"
    else:
        result, limit = "cannot move", ""
    if g.log.enabled:
        g.event("reaction", f"{a.unit} {result} (rolled {roll}, modified {total}, against IL {il}).",
                side=g.players[side], rule="6.4", unit=a.unit, die=roll, modified=total, il=il, limit=limit or "none")
    if limit:
        g.ask("react_move", side, unit=u, limit=limit)
    else:
        st.serial += 1


def _react_move_options(g) -> list:
    st = g.state
    u, limit = st.ctx["unit"], st.ctx["limit"]
    name = g.uid(u)
    if st.utype[u] == "N":
        dests = naval.reach(g, u, one_area=limit == "one")
    else:
        dests = movement.reach(g, u, mp_bonus=False, one_area=limit == "one")
    return [intern(ReactMove, name, g.aid(d) if d >= 0 else "OFF") for d in sorted(dests)] + \
        [intern(ReactMove, name, "")]


def _react_move_apply(g, a) -> None:
    st = g.state
    u = st.ctx["unit"]
    side = st.to_act
    g.ask("react", side)
    if a.dest:
        dest = -1 if a.dest == "OFF" else g.area_named(a.dest)
        if st.utype[u] == "N":
            naval.sail_to(g, u, dest, "6.4")
        else:
            movement.move_unit(g, u, dest, "6.4")
    if not _reaction_candidates(g, side):
        g.done()


TASKS = {
    "impulse_roll": impulse_roll,
    "declare": declare,
    "after_impulse": after_impulse,
    "impulse": impulse,
    "impulse_end": impulse_end,
    "activation": activation,
    "reaction": reaction,
}
STEPS = {
    "declare": Step(_declare_options, _declare_apply, "6.1.2", "declare an impulse or pass"),
    "activate": Step(_activate_options, _activate_apply, "6.2", "choose the leader's area to activate"),
    "activate_units": Step(_activate_units_options, _activate_units_apply, "6.3", "choose units to activate"),
    "react": Step(_react_options, _react_apply, "6.4", "try reaction moves"),
    "react_move": Step(_react_move_options, _react_move_apply, "6.4", "move the reacting unit"),
}
