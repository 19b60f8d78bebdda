"""Rules 8.3.3 and 8.3.4, naval combat on the battle board. Naval assault: a ground unit aboard a ship whose
front faces an enemy ship next to it may board it, on its own (the ship adds no CF), after a D10 with the
naval-assault table no more than its ML (more: it cannot; 10 or more: it is lost); the defence is the men aboard
the target ships and one per ship step. Ramming: instead of its men shooting or boarding, a ship not Routed rams
the enemy ship straight ahead: a D10 with the ram table no more than its ram CF costs the target a step, and the
men aboard a step each (Disrupted if they live); a ship already reduced sinks with everyone aboard.
"""

from __future__ import annotations

from ..pieces import assault_cf, ram_cf, rating
from ..state import DISRUPTED
from .actions import EndPhase, NavalAssault, Ram
from .board import grid, leaders_with

END_PHASE = EndPhase()


def _ahead(g, b: dict, ship: int) -> int:
    sq = grid(g).step[b["pos"][ship]][b["face"][ship]]
    here = b["stack"].get(sq) if sq >= 0 else None
    if here and g.state.uside[here[0]] != g.state.uside[ship]:
        return sq
    return -1


def options(g, b: dict, side: int) -> list:
    st = g.state
    names = grid(g).names
    out = []
    for ship in b["units"][side]:
        if ship in b["rammed"]:
            continue
        sq = _ahead(g, b, ship)
        if sq < 0:
            continue
        if ship not in b["manned"]:
            for target in b["stack"][sq]:
                out.append(Ram(g.uid(ship), g.uid(target)))
        for c in g.unit_range:
            if st.aboard[c] == ship and c not in b["done"] and assault_cf(g, c) > 0:
                out.append(NavalAssault(g.uid(c), names[sq]))
    return [*out, END_PHASE] if out else [END_PHASE]


def ram_modifiers(g, b: dict, ship: int, target: int) -> list[tuple[str, int]]:
    st = g.state
    t = g.tables.drm["ram"]
    parts = []
    best = max((rating(g, j, True) for j in leaders_with(b, ship)), default=0)
    if best:
        parts.append(("leader", t["leader"] * best))
    if st.status[ship] == DISRUPTED:
        parts.append(("attacker_disrupted", t["attacker_disrupted"]))
    gr = grid(g)
    if gr.step[b["pos"][target]][b["face"][target]] != b["pos"][ship]:
        parts.append(("target_flank", t["target_flank"]))
    if st.status[target] == DISRUPTED:
        parts.append(("target_disrupted", t["target_disrupted"]))
    if st.uside[ship] == 0 and b["area"] in g.map.harbour:
        parts.append(("athenians_in_the_harbour", t["athenians_in_the_harbour"]))
    return parts


def boarding_modifiers(g, b: dict, unit: int, ship: int, sq: int) -> list[tuple[str, int]]:
    st = g.state
    t = g.tables.drm["naval_assault"]
    parts = []
    best = max((rating(g, j, True) for j in leaders_with(b, ship)), default=0)
    if best:
        parts.append(("leader", t["leader"] * best))
    if st.status[ship] == DISRUPTED:
        parts.append(("ship_disrupted", t["ship_disrupted"]))
    if st.steps[ship] < 2:
        parts.append(("ship_reduced", t["ship_reduced"]))
    if any(st.status[x] == DISRUPTED for x in b["stack"][sq]):
        parts.append(("target_disrupted", t["target_disrupted"]))
    if st.uside[unit] == 0 and b["area"] in g.map.harbour:
        parts.append(("athenian_grapnels", t["athenian_grapnels"]))
    return parts


def apply(g, b: dict, a) -> None:
    from .sequence import ram_hit, resolve

    if isinstance(a, EndPhase):
        b["done"] = list(b["units"][0] + b["units"][1])
        b["rammed"] = list(b["units"][b["side"]]) + b["rammed"]
        return
    st = g.state
    if isinstance(a, Ram):
        ship, target = g.unit_named(a.ship), g.unit_named(a.target)
        side = st.uside[ship]
        b["rammed"] = [*b["rammed"], ship]
        cf = ram_cf(g, ship)
        roll = g.roll(side, 10, f"{a.ship} rams {a.target} (Syracuse 8.3.4)")
        parts = ram_modifiers(g, b, ship, target)
        total = roll + sum(v for _, v in parts)
        ok = total <= cf
        if g.log.enabled:
            why = ", ".join(f"{k} {v:+d}" for k, v in parts) or "no modifier"
            g.event("ram", f"{a.ship} rams {a.target} (CF {cf}): rolled {roll} ({why}) = {total}: "
                    + ("a hit." if ok else "no effect."), side=g.players[side], rule="8.3.4", unit=a.ship,
                    target=a.target, die=roll, modified=total, hit=ok)
        if ok:
            ram_hit(g, b, target)
        return
    unit = g.unit_named(a.unit)
    ship = st.aboard[unit]
    sq = grid(g).index[a.square]
    side = st.uside[unit]
    b["done"] = [*b["done"], unit]
    b["manned"] = [*b["manned"], ship]
    roll = g.roll(side, 10, f"{a.unit} boards from {g.uid(ship)} (Syracuse 8.3.3)")
    parts = boarding_modifiers(g, b, unit, ship, sq)
    total = roll + sum(v for _, v in parts)
    if g.log.enabled:
        g.event("boarding", f"{a.unit} tries to board the enemy in {a.square}: rolled {roll} (modified {total}) "
                f"against ML {st.ml[side]}: " + ("it goes in." if total <= st.ml[side] else
                                                 "it is lost." if total >= 10 else "it cannot."),
                side=g.players[side], rule="8.3.3", unit=a.unit, die=roll, modified=total)
    if total >= 10:
        from ..steps import eliminate

        eliminate(g, unit, "8.3.3", "lost trying to board")
        return
    if total > st.ml[side]:
        return
    defending = list(b["stack"][sq])
    men = sum(assault_cf(g, c) for c in g.unit_range if st.aboard[c] in defending)
    d = men + sum(st.steps[s] for s in defending)
    resolve(g, b, [unit], defending, assault_cf(g, unit), d, [], [], "8.3.3", f"{a.unit} boards {a.square}")
