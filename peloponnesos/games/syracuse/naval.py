"""Rule 7.2, naval movement on the map: sailing without limit from sea area to sea area, stopping on entering
one with an enemy naval unit (7.2), beaching in coastal areas (7.1), leaving the map and coming back on a D10
no more than the ML (7.2.1), carrying ground units (7.2.2) — and the relocation of beached ships when enemy
ground units enter their area (7.1).
"""

from __future__ import annotations

from .actions import Embark, Relocate, ReturnShip, Sail, intern
from .decisions import Step
from .state import NORMAL, ROUTED

OFF = -1


def enemy_ships(g, side: int) -> set[int]:
    """Sea areas holding a naval unit of the other side (they stop a fleet, 7.2)."""
    st, b = g.state, g.map
    return {st.loc[u] for u in g.unit_range
            if st.uside[u] == 1 - side and st.utype[u] == "N" and st.loc[u] >= 0 and b.is_sea[st.loc[u]]}


def can_beach(g, area: int, side: int) -> bool:
    """A coastal land area a naval unit may end its move in: no enemy unit there; never the city for Athens."""
    st = g.state
    if side == 0 and area in g.map.city:
        return False
    return not any(st.loc[u] == area and st.uside[u] == 1 - side for u in g.unit_range)


def can_unload(g, area: int, side: int) -> bool:
    """Rule 7.2.2: ground units board or land only where no enemy is, in no bog and in neither city area."""
    b = g.map
    return b.is_land[area] and area not in b.bog and area not in b.city and can_beach(g, area, side)


def reach(g, u: int, *, one_area: bool = False) -> set[int]:
    """Where naval unit ``u`` may sail now: sea areas, coastal areas to beach in, ``OFF`` (-1)."""
    st, b = g.state, g.map
    side = st.uside[u]
    a = st.loc[u]
    if a < 0:
        return set()
    stops = enemy_ships(g, side)
    starts = list(b.coast[a]) if b.is_land[a] else [a]
    if one_area:
        out = set(starts) if b.is_land[a] else set(b.adj[a]) | {c for c in b.coast[a] if can_beach(g, c, side)}
        out.discard(a)
        return out
    seen = set(starts)
    frontier = [s for s in starts if s not in stops]
    open_seas = set(frontier)
    while frontier:
        s = frontier.pop()
        for t in b.adj[s]:
            if t not in seen:
                seen.add(t)
                if t not in stops:
                    open_seas.add(t)
                    frontier.append(t)
    out = set(seen)
    for s in open_seas:
        for c in b.coast[s]:
            if can_beach(g, c, side):
                out.add(c)
        if s in b.map_edge:
            out.add(OFF)
    out.discard(a)
    return out


def cargo(g, ship: int) -> tuple[list[int], list[int]]:
    """(ground units, leaders) aboard ``ship``."""
    st = g.state
    return ([u for u in g.unit_range if st.aboard[u] == ship], [j for j, s in enumerate(st.laboard) if s == ship])


def room(g, ship: int) -> tuple[int, int]:
    """Rule 7.2.2: (ground units it can still take, hoplites it can still take)."""
    st = g.state
    units, _ = cargo(g, ship)
    full = st.steps[ship] >= 2
    cap = 2 if full else 1
    hops = sum(1 for u in units if st.utype[u] == "H")
    return cap - len(units), 1 - hops


def sail_to(g, ship: int, dest: int, rule: str) -> None:
    """Move a naval unit and everything aboard; beaching where landing is allowed puts the troops ashore."""
    st = g.state
    origin = st.loc[ship]
    side = st.uside[ship]
    units, leaders = cargo(g, ship)
    st.loc[ship] = dest
    st.moved[ship] = True
    for u in units:
        st.loc[u] = dest
    for j in leaders:
        st.lloc[j] = dest
    landed = dest >= 0 and can_unload(g, dest, side)
    if landed:
        for u in units:
            st.aboard[u] = -1
        for j in leaders:
            st.laboard[j] = -1
    if g.log.enabled:
        aboard = [g.uid(u) for u in units] + [g.lid(j) for j in leaders]
        g.event("sail", f"{g.uid(ship)} sails from {g.aid(origin)} to {g.aid(dest)}"
                + (f" with {', '.join(aboard)}" + (", who land" if landed else " aboard") if aboard else "") + ".",
                side=g.players[side], rule=rule, unit=g.uid(ship), origin=g.aid(origin), area=g.aid(dest),
                carried=aboard)


def embark(g, piece: str, ship: int) -> None:
    st = g.state
    u = g.unit_named(piece)
    if u is not None:
        from .walls import leave_task

        leave_task(g, u)
        st.aboard[u] = ship
    else:
        st.laboard[g.leader_named(piece)] = ship
    if g.log.enabled:
        g.event("embark", f"{piece} boards {g.uid(ship)} in {g.aid(st.loc[ship])}.", side=g.players[st.uside[ship]],
                rule="7.2.2", unit=piece, ship=g.uid(ship), area=g.aid(st.loc[ship]))


def return_destinations(g, side: int) -> list[int]:
    """Rule 7.2.1: map-edge sea areas with no enemy naval unit, where a ship coming back enters."""
    stops = enemy_ships(g, side)
    return sorted(s for s in g.map.map_edge if s not in stops)


def try_return(g, ship: int, dest: int) -> bool:
    st = g.state
    side = st.uside[ship]
    roll = g.roll(side, 10, f"bringing {g.uid(ship)} back onto the map (Syracuse 7.2.1)")
    ok = roll <= st.ml[side]
    st.moved[ship] = True  # one try per impulse
    if ok:
        st.active[ship] = True
        st.used[ship] = max(st.used[ship], 1)
        st.loc[ship] = dest
        units, leaders = cargo(g, ship)
        for u in units:
            st.loc[u] = dest
        for j in leaders:
            st.lloc[j] = dest
    if g.log.enabled:
        g.event("return", f"{g.uid(ship)} {'comes back to ' + g.aid(dest) if ok else 'stays off the map'} (rolled "
                f"{roll} against ML {st.ml[side]}).", side=g.players[side], rule="7.2.1", unit=g.uid(ship), die=roll,
                success=ok)
    return ok


def _sailors(g, side: int) -> list[int]:
    st = g.state
    return [u for u in g.unit_range if st.active[u] and not st.moved[u] and st.uside[u] == side
            and st.utype[u] == "N" and st.loc[u] >= 0]


def options(g) -> list:
    """The movement step of a naval impulse: Embark, Sail, ReturnShip (then EndMovement)."""
    from .movement import END_MOVEMENT

    st, b = g.state, g.map
    side = st.to_act
    out = []
    for s in _sailors(g, side):
        a = st.loc[s]
        name = g.uid(s)
        if b.is_land[a] and can_unload(g, a, side):
            space, hop_space = room(g, s)
            if space > 0:
                for u in g.unit_range:
                    if st.loc[u] == a and st.uside[u] == side and st.utype[u] != "N" and st.aboard[u] < 0 \
                            and st.status[u] != ROUTED and (st.utype[u] != "H" or hop_space > 0):
                        out.append(intern(Embark, g.uid(u), name))
            for j, x in enumerate(st.lloc):
                if x == a and st.laboard[j] < 0 and g.counters.leaders[j].side == side:
                    out.append(intern(Embark, g.lid(j), name))
        for d in sorted(reach(g, s)):
            out.append(intern(Sail, name, g.aid(d) if d >= 0 else "OFF"))
    dests = None
    for u in g.unit_range:
        if st.loc[u] == OFF and st.uside[u] == side and st.utype[u] == "N" and not st.moved[u] \
                and st.status[u] != ROUTED:
            if dests is None:
                dests = return_destinations(g, side)
            for d in dests:
                out.append(intern(ReturnShip, g.uid(u), g.aid(d)))
    out.append(END_MOVEMENT)
    return out


def apply(g, a) -> None:
    if isinstance(a, Embark):
        embark(g, a.piece, g.unit_named(a.ship))
    elif isinstance(a, Sail):
        ship = g.unit_named(a.ship)
        sail_to(g, ship, OFF if a.dest == "OFF" else g.area_named(a.dest), "7.2")
    elif isinstance(a, ReturnShip):
        try_return(g, g.unit_named(a.ship), g.area_named(a.dest))


# --- 7.1: beached ships when enemy ground units come -------------------------------------------------------------
def beached_relocation(g, area: int, owner: int) -> None:
    """Rule 7.1: ``owner``'s naval units beached in ``area``, which enemy ground units have just entered, go at
    once to a sea area free of enemy units or off the map (the owner chooses) and count as activated."""
    st = g.state
    ships = [u for u in g.unit_range if st.loc[u] == area and st.uside[u] == owner and st.utype[u] == "N"]
    if ships:
        g.interrupt("relocate", owner, ships=ships)


def _relocate_options(g) -> list:
    st = g.state
    ship = st.ctx["ships"][0]
    side = st.to_act
    stops = enemy_ships(g, side)
    name = g.uid(ship)
    return [intern(Relocate, name, g.aid(s)) for s in g.map.sea if s not in stops] + [intern(Relocate, name, "OFF")]


def _relocate_apply(g, a) -> None:
    st = g.state
    ship = g.unit_named(a.ship)
    dest = OFF if a.dest == "OFF" else g.area_named(a.dest)
    moved = st.moved[ship]
    sail_to(g, ship, dest, "7.1")
    st.moved[ship] = moved
    st.used[ship] = max(st.used[ship], 1)
    rest = st.ctx["ships"][1:]
    if rest:
        st.ctx["ships"] = rest
        st.serial += 1
    else:
        g.resume()


TASKS: dict = {}
STEPS = {"relocate": Step(_relocate_options, _relocate_apply, "7.1", "move the beached ships out to sea")}

__all__ = ["NORMAL"]
