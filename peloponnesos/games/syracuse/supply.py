"""Rule 9, supply: sources (9.1), lines (9.2), Syracuse city's limited stores (9.2.1), the effects of being out
of supply (9.3) and replacements (9.4).

A supply line is a chain of land areas a ground unit could walk (no steep slope, no city area for Athens); an
area holding enemy units may be crossed only if none of them is in Normal Status, or if a friendly siege wall
(or, for Athens, the Circle Fort) stands there and no enemy wall does (9.2).
"""

from __future__ import annotations

from .actions import EndReplacements, Replace, SupplyRest, SupplyUnit, intern
from .decisions import Step
from .state import DISRUPTED, ELIM, NORMAL, POOL, ROUTED


def _open_seas(g, side: int) -> set[int]:
    """Sea areas from which a supply path reaches a map-edge sea, through seas free of normal-status enemy
    naval units (9.1)."""
    st, b = g.state, g.map
    blocked = set()
    for u in g.unit_range:
        if st.uside[u] == 1 - side and st.utype[u] == "N" and st.status[u] == NORMAL and st.loc[u] >= 0 \
                and b.is_sea[st.loc[u]]:
            blocked.add(st.loc[u])
    reach = [s for s in b.map_edge if s not in blocked]
    seen = set(reach)
    while reach:
        s = reach.pop()
        for t in b.adj[s]:
            if t not in seen and t not in blocked:
                seen.add(t)
                reach.append(t)
    return seen


def passable(g, side: int) -> list[bool]:
    """For each land area: whether a supply line of ``side`` may pass through it (9.2)."""
    st, b = g.state, g.map
    enemy_normal = [False] * b.n
    for u in g.unit_range:
        a = st.loc[u]
        if a >= 0 and st.uside[u] == 1 - side and st.status[u] == NORMAL and st.aboard[u] < 0:
            enemy_normal[a] = True
    out = [False] * b.n
    for a in b.land:
        if side == 0 and a in b.city:
            continue
        own = st.walls[a][side] > 0 or (side == 0 and st.fort == a)
        enemy = st.walls[a][1 - side] > 0 or (side == 1 and st.fort == a)
        out[a] = not enemy_normal[a] or (own and not enemy)
    return out


def naval_sources(g, side: int, seas: set[int] | None = None) -> set[int]:
    """Coastal land areas (not bogs) with a friendly naval unit that can trace to an open map-edge sea (9.1). A
    ship in the city makes it such a source too (the harbour open to the sea); cut off from the sea, the city
    falls back on its limited stores (9.2.1, see CLARIFICATIONS)."""
    st, b = g.state, g.map
    seas = _open_seas(g, side) if seas is None else seas
    out = set()
    for u in g.unit_range:
        a = st.loc[u]
        if a >= 0 and st.uside[u] == side and st.utype[u] == "N" and b.is_land[a] and a not in b.bog \
                and any(s in seas for s in b.coast[a]):
            out.add(a)
    return out


def _spread(g, starts, ok: list[bool]) -> set[int]:
    b = g.map
    reach = [a for a in starts if ok[a]]
    seen = set(reach)
    while reach:
        a = reach.pop()
        for c in b.gadj[a]:
            if c not in seen and ok[c]:
                seen.add(c)
                reach.append(c)
    return seen


def traced(g, side: int) -> tuple[set[int], set[int], set[int], set[int]]:
    """(areas reached from the naval sources, areas reached from the city, areas reached from the west edge
    sources of the Sicels, open seas) for ``side``."""
    b = g.map
    ok = passable(g, side)
    seas = _open_seas(g, side)
    naval = _spread(g, naval_sources(g, side, seas), ok)
    city = _spread(g, b.city, ok) if side == 1 else set()
    west = [a for a in b.west_edge if not _enemy_any(g, a, side)]
    sicel = _spread(g, west, ok)
    return naval, city, sicel, seas


def _enemy_any(g, area: int, side: int) -> bool:
    st = g.state
    return any(st.loc[u] == area and st.uside[u] == 1 - side for u in g.unit_range)


def can_trace(g, u: int, found=None) -> bool:
    """Whether unit ``u`` can trace a supply line now, to any source (the city's limit aside)."""
    st, b = g.state, g.map
    side = st.uside[u]
    a = st.loc[u]
    if a < 0:
        return a == -1  # off the map: not in want of supply
    naval, city, sicel, seas = found if found is not None else traced(g, side)
    ship = st.aboard[u]
    if st.utype[u] == "N" or ship >= 0:
        if ship >= 0:
            return can_trace(g, ship, (naval, city, sicel, seas))
        if b.is_sea[a]:
            return a in seas
    if a in naval or a in city:
        return True
    return g.types[st.utype[u]].sicel and a in sicel


def leaders_supplied(g, side: int) -> bool:
    """Rule 11.2: whether every area holding a friendly leader can trace a supply line."""
    st = g.state
    found = traced(g, side)
    naval, city, _, seas = found
    for j, a in enumerate(st.lloc):
        if a >= 0 and g.counters.leaders[j].side == side:
            if g.map.is_sea[a]:
                if a not in seas:
                    return False
            elif a not in naval and a not in city:
                return False
    return True


# --- the supply check of the Supply and Initiative Determination Phase (4.2) ----------------------------------
def supply_phase(g) -> None:
    st = g.state
    st.phase = "supply"
    st.oos = [False] * g.counters.n
    for side in (0, 1):
        found = traced(g, side)
        naval, _, sicel, seas = found
        out, candidates = [], []
        for u in g.unit_range:
            if st.uside[u] != side or st.loc[u] < 0:
                continue
            if not can_trace(g, u, found):
                out.append(u)
            elif side == 1 and _only_city(g, u, naval, sicel, seas):
                candidates.append(u)
        if side == 1 and candidates:
            capacity = city_capacity(g)
            if len(candidates) > capacity:
                g.then(("city_supply_ask", candidates, capacity, out))
                continue
        g.then(("supply_effects", side, out))


def _only_city(g, u: int, naval: set[int], sicel: set[int], seas: set[int]) -> bool:
    """A Syracusan unit whose only supply is the city's stores (9.2.1)."""
    st, b = g.state, g.map
    a = st.loc[u]
    ship = st.aboard[u]
    if ship >= 0:
        a = st.loc[ship]
    if b.is_sea[a]:
        return False
    if a in naval:
        return False
    return not (g.types[st.utype[u]].sicel and a in sicel)


def city_capacity(g) -> int:
    """Rule 9.2.1: the Syracusan ML, plus a D6, minus 2 if L-7 cannot trace to the west edge or to a coastal
    area with a Syracusan naval unit, minus 3 if Syracuse has no naval units left in the game."""
    st, b = g.state, g.map
    roll = g.roll(1, 6, "the stores of the city (Syracuse 9.2.1)")
    total = st.ml[1] + roll
    ok = passable(g, 1)
    reach = _spread(g, [b.l7], ok)
    targets = set(b.west_edge)
    for u in g.unit_range:
        if st.uside[u] == 1 and st.utype[u] == "N" and st.loc[u] >= 0 and b.is_land[st.loc[u]] \
                and st.loc[u] not in b.city:
            targets.add(st.loc[u])
    cut = not (reach & targets)
    if cut:
        total -= 2
    from .pieces import in_play_naval
    no_fleet = in_play_naval(g, 1) == 0
    if no_fleet:
        total -= 3
    total = max(0, total)
    if g.log.enabled:
        g.event("city_supply", f"Syracuse's stores can supply {total} units (ML {st.ml[1]} + {roll}"
                + (", −2: L-7 is cut off" if cut else "") + (", −3: no fleet" if no_fleet else "") + ").",
                side="Syracuse", rule="9.2.1", capacity=total, die=roll)
    return total


def city_supply_ask(g, candidates: list[int], capacity: int, out: list[int]) -> None:
    g.ask("city_supply", 1, candidates=list(candidates), capacity=capacity, chosen=[], out=list(out))


def _city_options(g) -> list:
    ctx = g.state.ctx
    chosen = set(ctx["chosen"])
    return [intern(SupplyUnit, g.uid(u)) for u in ctx["candidates"] if u not in chosen] + [intern(SupplyRest)]


def _city_apply(g, a) -> None:
    st = g.state
    ctx = st.ctx
    chosen = list(ctx["chosen"])
    if isinstance(a, SupplyUnit):
        chosen.append(g.unit_named(a.unit))
    else:
        rest = [u for u in ctx["candidates"] if u not in chosen]
        rest.sort(key=lambda u: (st.loc[u] not in g.map.city, -st.steps[u], u))
        chosen += rest[: ctx["capacity"] - len(chosen)]
    if len(chosen) >= ctx["capacity"] or isinstance(a, SupplyRest):
        out = list(ctx["out"]) + [u for u in ctx["candidates"] if u not in chosen]
        g.done()
        g.then(("supply_effects", 1, out))
        return
    ctx["chosen"] = chosen
    st.serial += 1


def supply_effects(g, side: int, out: list[int]) -> None:
    """Rule 9.3: a unit out of supply is Disrupted; a Routed or Sicel unit out of supply is eliminated."""
    from .steps import eliminate

    st = g.state
    for u in out:
        if st.loc[u] < 0:
            continue
        st.oos[u] = True
        if st.status[u] == ROUTED or g.types[st.utype[u]].sicel:
            eliminate(g, u, "9.3", "out of supply")
        elif st.status[u] == NORMAL:
            st.status[u] = DISRUPTED
    if g.log.enabled:
        g.event("supply", f"{g.players[side]}: {len(out)} units out of supply"
                + (f" ({', '.join(g.uid(u) for u in out[:12])}{'…' if len(out) > 12 else ''})" if out else "") + ".",
                side=g.players[side], rule="9.3", out_of_supply=len(out))


# --- 9.4 replacements -------------------------------------------------------------------------------------------
def eligible_for_replacement(g, side: int) -> list[int]:
    """Reduced ground units on the map and in supply that may take a step back (9.4, 9.4.1)."""
    st = g.state
    found = traced(g, side)
    out = []
    for u in g.unit_range:
        if st.uside[u] != side or st.loc[u] < 0 or st.utype[u] not in ("H", "LI", "C"):
            continue
        if st.steps[u] >= g.types[st.utype[u]].steps:
            continue
        if can_trace(g, u, found):
            out.append(u)
    return out


def replacements(g, side: int, when: str) -> None:
    """Rule 9.4: as many units as the ML may each try for a step (a D10 no more than the ML)."""
    eligible = eligible_for_replacement(g, side)
    if not eligible:
        return
    limit = g.state.ml[side]
    if len(eligible) <= limit:
        for u in eligible:
            _try_replacement(g, u)
        return
    g.ask("replace", side, left=limit, when=when, tried=[])


def _try_replacement(g, u: int) -> None:
    st = g.state
    side = st.uside[u]
    roll = g.roll(side, 10, f"a replacement for {g.uid(u)} (Syracuse 9.4)")
    ok = roll <= st.ml[side]
    if ok:
        st.steps[u] += 1
    if g.log.enabled:
        g.event("replacement", f"{g.uid(u)} {'receives' if ok else 'does not receive'} a replacement step "
                f"(rolled {roll} against ML {st.ml[side]}).", side=g.players[side], rule="9.4", unit=g.uid(u),
                success=ok, steps_gained=1 if ok else 0)


def _replace_options(g) -> list:
    st = g.state
    tried = set(st.ctx["tried"])
    return [intern(Replace, g.uid(u)) for u in eligible_for_replacement(g, st.to_act) if u not in tried] + \
        [intern(EndReplacements)]


def _replace_apply(g, a) -> None:
    st = g.state
    if isinstance(a, EndReplacements):
        g.done()
        return
    u = g.unit_named(a.unit)
    _try_replacement(g, u)
    st.ctx["tried"] = [*st.ctx["tried"], u]
    st.ctx["left"] -= 1
    if st.ctx["left"] <= 0:
        g.done()
    else:
        st.serial += 1


TASKS = {
    "supply": supply_phase,
    "city_supply_ask": city_supply_ask,
    "supply_effects": supply_effects,
}
STEPS = {
    "city_supply": Step(_city_options, _city_apply, "9.2.1", "choose the units the city's stores supply"),
    "replace": Step(_replace_options, _replace_apply, "9.4", "choose units for replacements"),
}

__all__ = ["ELIM", "POOL"]
