"""Rule 8.3.1, fire combat on the battle board: a unit with a Missile CF shoots straight ahead through its front,
as far as its range, at the top unit of an enemy square (leaders ignored); archers shoot over other units, the
others not past an enemy square. A D6 with the fire table's modifiers no more than the Fire CF Disrupts the
target; a target already Disrupted rolls an unmodified D10 against its ML: no more and it is Routed (off the
board), more and it is eliminated. In a naval battle the men aboard a ship shoot from its square, along its
facing. Rule 10.7 (cavalry retreat before combat) follows each defensive fire.
"""

from __future__ import annotations

from ..cavalry import retreat_check
from ..pieces import fire_cf, rating
from ..state import DISRUPTED, NORMAL
from .actions import EndPhase, Fire, RetreatCavalry
from .board import adjacent_enemy, can_enter, grid, leaders_with, place

END_PHASE = EndPhase()


def firers(g, b: dict, side: int) -> list[tuple[int, int]]:
    """(firing unit, the board piece it shoots from): ground units, or the men aboard a ship."""
    st = g.state
    out = []
    for u in b["units"][side]:
        if b["naval"]:
            if u in b["rammed"]:
                continue
            for c in g.unit_range:
                if st.aboard[c] == u and c not in b["done"] and fire_cf(g, c) > 0:
                    out.append((c, u))
        elif u not in b["done"] and fire_cf(g, u) > 0:
            out.append((u, u))
    return out


def targets(g, b: dict, firer: int, piece: int) -> list[int]:
    """Squares in range straight ahead holding enemy units (rule 8.3.1)."""
    st = g.state
    t = g.types[st.utype[firer]]
    side = st.uside[firer]
    out = []
    for sq in grid(g).line(b["pos"][piece], b["face"][piece], t.range):
        here = b["stack"].get(sq)
        if here and st.uside[here[0]] != side:
            out.append(sq)
            if not t.fires_over:
                break
    return out


def options(g, b: dict, side: int) -> list:
    names = grid(g).names
    out = [Fire(g.uid(f), names[sq]) for f, p in firers(g, b, side) for sq in targets(g, b, f, p)]
    return [*out, END_PHASE] if out else [END_PHASE]


def modifiers(g, b: dict, firer: int, piece: int, sq: int) -> list[tuple[str, int]]:
    st = g.state
    t = g.tables.drm["fire"]
    side = st.uside[firer]
    parts = []
    best = max((rating(g, j, b["naval"]) for j in leaders_with(b, piece)), default=0)
    if best:
        parts.append(("leader", t["leader"] * best))
    if grid(g).line(b["pos"][piece], b["face"][piece], 1) != [sq]:
        parts.append(("range_beyond_one", t["range_beyond_one"]))
    if st.status[firer] == DISRUPTED:
        parts.append(("firer_disrupted", t["firer_disrupted"]))
    target = b["stack"][sq][-1]
    if st.utype[target] == "H":
        parts.append(("target_hoplite", t["target_hoplite"]))
    if b["drm"][side]:
        parts.append(("night_natural_one", t["night_natural_one"] * b["drm"][side]))
    return parts


def apply(g, b: dict, a) -> None:
    from .sequence import hit

    if isinstance(a, EndPhase):
        b["done"] = list(b["units"][0] + b["units"][1]) + [x for x, _ in firers(g, b, 0) + firers(g, b, 1)]
        return
    st = g.state
    firer = g.unit_named(a.unit)
    piece = st.aboard[firer] if b["naval"] else firer
    sq = grid(g).index[a.square]
    target = b["stack"][sq][-1]
    side = st.uside[firer]
    cf = fire_cf(g, firer)
    roll = g.roll(side, 6, f"{a.unit} fires at {g.uid(target)} (Syracuse 8.3.1)")
    parts = modifiers(g, b, firer, piece, sq)
    total = roll + sum(v for _, v in parts)
    ok = total <= cf
    b["done"] = [*b["done"], firer]
    if b["naval"]:
        b["manned"] = [*b["manned"], piece]
    if g.log.enabled:
        why = ", ".join(f"{k} {v:+d}" for k, v in parts) or "no modifier"
        g.event("fire", f"{a.unit} fires at {g.uid(target)} in {a.square} (Fire CF {cf}): rolled {roll} ({why}) = "
                f"{total}: " + ("a hit." if ok else "a miss."), side=g.players[side], rule="8.3.1", unit=a.unit,
                target=g.uid(target), die=roll, modified=total, hit=ok)
    if ok:
        hit(g, b, target, "8.3.1")


# --- 10.7 cavalry retreat before combat, after each defensive fire ---------------------------------------------------
def threatened_cavalry(g, b: dict, side: int) -> list[int]:
    """Cavalry of ``side`` next to enemy units of which none is cavalry (rule 10.7)."""
    st = g.state
    out = []
    for u in b["units"][side]:
        if st.utype[u] not in ("C", "SC") or u in b["done"]:
            continue
        near = [v for x in grid(g).adjacent[b["pos"][u]] for v in b["stack"].get(x, ()) if st.uside[v] != side]
        if near and not any(st.utype[v] in ("C", "SC") for v in near):
            out.append(u)
    return out


def cavalry_options(g, b: dict, side: int) -> list:
    gr = grid(g)
    out = []
    for u in threatened_cavalry(g, b, side):
        for sq in gr.adjacent[b["pos"][u]]:
            if can_enter(g, b, sq, [u]) and not adjacent_enemy(g, b, sq, side):
                out.append(RetreatCavalry(g.uid(u), gr.names[sq]))
    return [*out, END_PHASE] if out else [END_PHASE]


def cavalry_apply(g, b: dict, a) -> None:
    from .sequence import remove_unit

    if isinstance(a, EndPhase):
        b["done"] = list(b["units"][0] + b["units"][1])
        return
    u = g.unit_named(a.unit)
    b["done"] = [*b["done"], u]
    leader = next(iter(leaders_with(b, u)), None)
    outcome = retreat_check(g, u, leader)
    if outcome == "retreat":
        place(b, u, grid(g).index[a.square])
    elif outcome == "eliminated":
        remove_unit(g, b, u, eliminated=True, rule="10.7", why="caught while riding away")


__all__ = ["NORMAL"]
