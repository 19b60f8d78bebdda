"""Rule 10.4, leaders: their arrival raises the ML (10.4, 10.4.1), the loss roll when a unit stacked with one
loses a step or routs (10.4.3: a 6 reduces him, a reduced leader is removed; either lowers the ML next turn),
and where a leader left alone among enemy units goes (see CLARIFICATIONS, 8.2 and 10.4).
"""

from __future__ import annotations

from .state import ELIM, ROUTED


def loss_check(g, leaders: list[int], why: str) -> None:
    """Rule 10.4.3: for each leader, a D6; on a 6 he is reduced, or removed if he was reduced already."""
    st = g.state
    for j in leaders:
        if st.lloc[j] == ELIM:
            continue
        side = g.counters.leaders[j].side
        roll = g.roll(side, 6, f"the fate of {g.lid(j)} (Syracuse 10.4.3)")
        if roll != 6:
            continue
        if st.lred[j]:
            eliminate_leader(g, j, "10.4.3", f"he falls ({why})")
        else:
            st.lred[j] = True
            g.note(side, "leader_lost")
            if g.log.enabled:
                g.event("leader", f"{g.lid(j)} is wounded and reduced ({why}).", side=g.players[side], rule="10.4.3",
                        leader=g.lid(j), reduced=True)


def eliminate_leader(g, j: int, rule: str, why: str) -> None:
    st = g.state
    side = g.counters.leaders[j].side
    area = st.lloc[j]
    st.lloc[j] = ELIM
    st.laboard[j] = -1
    st.lactive[j] = False
    g.note(side, "leader_lost")
    if g.log.enabled:
        g.event("leader", f"{g.lid(j)} is lost in {g.aid(area)}: {why}.", side=g.players[side], rule=rule,
                leader=g.lid(j), eliminated=True)


def refuges(g, side: int) -> list[int]:
    """Rules 8.2 and 8.3: where a fleeing or routed ground unit may go: L-7 for Syracuse; for Athens an area
    free of enemy units with an Athenian siege wall or the Circle Fort."""
    st, b = g.state, g.map
    if side == 1:
        return [b.l7]
    enemy = {st.loc[u] for u in g.unit_range if st.uside[u] == 1 and st.loc[u] >= 0}
    return [a for a in b.land if (st.walls[a][0] > 0 or st.fort == a) and a not in enemy]


def nearest(g, origin: int, areas: list[int]) -> int:
    """The area of ``areas`` fewest land steps from ``origin`` (ties: the first on the map)."""
    if not areas:
        return -1
    b = g.map
    if origin < 0 or not b.is_land[origin]:
        return areas[0]
    dist = {origin: 0}
    frontier = [origin]
    while frontier:
        nxt = []
        for a in frontier:
            for c in b.adj[a]:
                if c not in dist:
                    dist[c] = dist[a] + 1
                    nxt.append(c)
        frontier = nxt
    return min(areas, key=lambda a: (dist.get(a, 99), a))


def alone_check(g, area: int) -> None:
    """Leaders left in ``area`` with enemy combat units and none of their own escape to the nearest refuge
    (or are lost if there is none)."""
    st = g.state
    if area < 0 or not g.map.is_land[area]:
        return
    here = [False, False]
    for u in g.unit_range:
        if st.loc[u] == area and st.uside[u] >= 0 and st.status[u] != ROUTED and st.aboard[u] < 0:
            here[st.uside[u]] = True
    for j, a in enumerate(st.lloc):
        if a != area or st.laboard[j] >= 0:
            continue
        side = g.counters.leaders[j].side
        if here[side] or not here[1 - side]:
            continue
        dest = nearest(g, area, [r for r in refuges(g, side) if r != area])
        if dest < 0:
            eliminate_leader(g, j, "8.2", "alone among the enemy, with nowhere to escape to")
            continue
        st.lloc[j] = dest
        if g.log.enabled:
            g.event("leader", f"{g.lid(j)}, alone among the enemy, escapes to {g.aid(dest)}.", side=g.players[side],
                    rule="8.2", leader=g.lid(j), area=g.aid(dest))


def arrive(g, j: int, area: int) -> None:
    """Rule 10.4: a new leader in play raises his side's ML by 1 next turn."""
    st = g.state
    st.lloc[j] = area
    g.note(g.counters.leaders[j].side, "new_leader")
