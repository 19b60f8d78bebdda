"""Rule 7.1, ground movement on the map, and the movement step of an impulse (6.2 step 3).

Entering an area costs 1 MP; one more where enemy units in Normal Status stand (going in, or coming out of the
area a unit starts in), one more for an enemy siege wall (the Circle Fort counts for the Syracusans), one more
where the enemy's Normal Status cavalry outnumber yours. A unit stops when it enters an area with an enemy
unit or a bog; no ground unit crosses a steep slope; Athenians never enter I-1 or L-7. A unit that starts
its activation with a leader has 2 MP more. A move is given by its destination: the engine finds the
cheapest way.
"""

from __future__ import annotations

import heapq

from . import leaders, naval, walls
from .actions import EndMovement, Exchange, Move, MoveStack, intern
from .decisions import Step
from .pieces import movement_points
from .state import NORMAL, ROUTED

END_MOVEMENT = EndMovement()


def costs(g, side: int) -> tuple[list[int], list[bool], list[bool]]:
    """(extra MP to enter each area, whether a unit entering must stop there, whether Normal Status enemy units
    are there) for a unit of ``side``."""
    st, b = g.state, g.map
    n = b.n
    normal = [False] * n
    anyone = [False] * n
    cav = [0] * n  # enemy normal cavalry minus friendly normal cavalry
    for u in g.unit_range:
        a = st.loc[u]
        if a < 0 or st.uside[u] < 0:
            continue
        t = st.utype[u]
        if st.uside[u] == side:
            if t in ("C", "SC") and st.status[u] == NORMAL:
                cav[a] -= 1
            continue
        if st.aboard[u] >= 0 and b.is_sea[a]:
            continue
        anyone[a] = True
        if t != "N" and st.status[u] == NORMAL:
            normal[a] = True
            if t in ("C", "SC"):
                cav[a] += 1
    extra = [0] * n
    stop = [False] * n
    for a in b.land:
        e = 0
        if normal[a]:
            e += 1
        if st.walls[a][1 - side] > 0 or (side == 1 and st.fort == a):
            e += 1
        if cav[a] > 0:
            e += 1
        extra[a] = e
        stop[a] = anyone[a] or a in b.bog
    return extra, stop, normal


def reach_from(g, side: int, start: int, mp: int, one_area: bool = False, found=None) -> dict[int, int]:
    """Areas a ground unit of ``side`` in ``start`` with ``mp`` MP can enter, with the MP it costs (rule 7.1)."""
    b = g.map
    extra, stop, normal = found if found is not None else costs(g, side)
    leave = 1 if normal[start] else 0
    city = b.city if side == 0 else ()
    best = {start: 0}
    heap = [(0, start)]
    out: dict[int, int] = {}
    while heap:
        spent, a = heapq.heappop(heap)
        if spent > best.get(a, 99):
            continue
        if a != start and (stop[a] or one_area):
            continue
        for c in b.gadj[a]:
            if c in city:
                continue
            cost = spent + 1 + extra[c] + (leave if a == start else 0)
            if cost <= mp and cost < best.get(c, 99):
                best[c] = cost
                out[c] = cost
                heapq.heappush(heap, (cost, c))
    return out


def reach(g, u: int, *, mp_bonus: bool = True, one_area: bool = False, found=None) -> dict[int, int]:
    """Where ground unit ``u`` can move now (rule 7.1); ``mp_bonus`` False drops the leader's +2 (6.4)."""
    st = g.state
    if st.status[u] == ROUTED or st.aboard[u] >= 0 or st.loc[u] < 0:
        return {}
    mp = movement_points(g, u) - (0 if mp_bonus else st.mpb[u])
    return reach_from(g, st.uside[u], st.loc[u], mp, one_area, found)


def leader_reach(g, j: int, found=None) -> dict[int, int]:
    """A leader moves like a unit with the leaders' MP; he may enter an area with enemy units only where
    friendly units already are (rule 10.4, see CLARIFICATIONS)."""
    st = g.state
    side = g.counters.leaders[j].side
    if st.lloc[j] < 0 or st.laboard[j] >= 0:
        return {}
    out = reach_from(g, side, st.lloc[j], g.counters.leader_mp, False, found)
    return {a: c for a, c in out.items() if not _enemy_without_friends(g, a, side)}


def _enemy_without_friends(g, area: int, side: int) -> bool:
    st = g.state
    enemy = friend = False
    for u in g.unit_range:
        if st.loc[u] == area and st.aboard[u] < 0:
            if st.uside[u] == side:
                friend = True
            elif st.uside[u] == 1 - side:
                enemy = True
    return enemy and not friend


# --- the movement step (6.2 step 3) ---------------------------------------------------------------------------
def movement(g) -> None:
    st = g.state
    g.ask("move", st.active_side)


def movers(g, side: int) -> list[int]:
    """Activated ground units of ``side`` that have not moved in this impulse."""
    st = g.state
    return [u for u in g.unit_range if st.active[u] and not st.moved[u] and st.uside[u] == side
            and st.utype[u] != "N" and st.status[u] != ROUTED and st.aboard[u] < 0 and st.loc[u] >= 0]


def _options(g) -> list:
    st = g.state
    if st.impulse_kind == "naval":
        return naval.options(g)
    side = st.to_act
    found = costs(g, side)
    out = []
    groups: dict[tuple, dict] = {}
    by_area: dict[int, set] = {}
    for u in movers(g, side):
        key = (st.loc[u], movement_points(g, u))
        dests = groups.get(key)
        if dests is None:
            dests = groups[key] = reach_from(g, side, key[0], key[1], False, found)
        name = g.uid(u)
        if g.counters.units[u].exchange and not st.exchanged[u] and st.uside[u] == 1:
            out.append(intern(Exchange, name))
        for d in sorted(dests):
            out.append(intern(Move, name, g.aid(d)))
        by_area.setdefault(key[0], set()).update(dests)
    for j in range(len(st.lloc)):
        if st.lactive[j] and not st.lmoved[j] and g.counters.leaders[j].side == side:
            dests = leader_reach(g, j, found)
            for d in sorted(dests):
                out.append(intern(Move, g.lid(j), g.aid(d)))
    for a in sorted(by_area):
        many = sum(1 for u in movers(g, side) if st.loc[u] == a) + \
            sum(1 for j, x in enumerate(st.lloc) if x == a and st.lactive[j] and not st.lmoved[j]
                and g.counters.leaders[j].side == side)
        if many > 1:
            for d in sorted(by_area[a]):
                out.append(intern(MoveStack, g.aid(a), g.aid(d)))
    out.append(END_MOVEMENT)
    return out


def _apply(g, a) -> None:
    st = g.state
    side = st.to_act
    if isinstance(a, EndMovement):
        g.done()
        return
    if st.impulse_kind == "naval":
        naval.apply(g, a)
        st.serial += 1
        return
    if isinstance(a, Exchange):
        exchange(g, g.unit_named(a.unit))
    elif isinstance(a, Move):
        dest = g.area_named(a.dest)
        u = g.unit_named(a.piece)
        if u is not None:
            move_unit(g, u, dest, "7.1")
        else:
            move_leader(g, g.leader_named(a.piece), dest)
    elif isinstance(a, MoveStack):
        origin, dest = g.area_named(a.origin), g.area_named(a.dest)
        found = costs(g, side)
        for u in movers(g, side):
            if st.loc[u] == origin and dest in reach(g, u, found=found):
                move_unit(g, u, dest, "7.1", check_arrival=False)
        for j, x in enumerate(st.lloc):
            if x == origin and st.lactive[j] and not st.lmoved[j] and g.counters.leaders[j].side == side \
                    and dest in leader_reach(g, j, found):
                move_leader(g, j, dest)
        arrival_effects(g, dest, side)
    st.serial += 1


def move_unit(g, u: int, dest: int, rule: str, *, check_arrival: bool = True) -> None:
    """Move ground unit ``u`` to ``dest`` (its move for this impulse)."""
    st = g.state
    origin = st.loc[u]
    walls.leave_task(g, u)
    st.loc[u] = dest
    st.moved[u] = True
    if g.log.enabled:
        g.event("move", f"{g.uid(u)} moves from {g.aid(origin)} to {g.aid(dest)}.", side=g.players[st.uside[u]],
                rule=rule, unit=g.uid(u), origin=g.aid(origin), area=g.aid(dest))
    if check_arrival:
        arrival_effects(g, dest, st.uside[u])


def move_leader(g, j: int, dest: int) -> None:
    st = g.state
    origin = st.lloc[j]
    st.lloc[j] = dest
    st.lmoved[j] = True
    if g.log.enabled:
        side = g.counters.leaders[j].side
        g.event("move", f"{g.lid(j)} moves from {g.aid(origin)} to {g.aid(dest)}.", side=g.players[side],
                rule="7.1", leader=g.lid(j), origin=g.aid(origin), area=g.aid(dest))


def arrival_effects(g, area: int, side: int) -> None:
    """What happens when ground units of ``side`` enter ``area``: enemy beached ships put to sea (rule 7.1) and
    enemy leaders left without units escape (rule 8.2, see CLARIFICATIONS)."""
    naval.beached_relocation(g, area, 1 - side)
    leaders.alone_check(g, area)


def exchange(g, u: int) -> None:
    """Rule 10.5: a Syracusan cavalry unit becomes its light infantry (or back), keeping its steps."""
    st = g.state
    before = st.utype[u]
    st.utype[u] = "LI" if before == "C" else "C"
    st.exchanged[u] = True
    if g.log.enabled:
        g.event("exchange", f"{g.uid(u)} is exchanged: {g.types[before].name} → {g.types[st.utype[u]].name}.",
                side=g.players[st.uside[u]], rule="10.5", unit=g.uid(u), unit_type=st.utype[u])


TASKS = {"movement": movement}
STEPS = {"move": Step(_options, _apply, "7.1", "move activated units")}
