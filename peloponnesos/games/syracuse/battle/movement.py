"""Rule 7.3, movement on the battle board: a unit spends its printed MP (on the map a leader adds 2; not here),
moves only into the square its front faces, pays 1 MP to turn to any side, never moves diagonally, and may move
with the other unit of its square as one stack when a leader is with them. 7.3.1: a ground unit that enters a
square next to an enemy stops there; to turn in such a square, or to go on, it needs a D10 no more than the ML
(minus a stacked leader's rating; cavalry with no enemy cavalry next to it, minus 1). 7.3.2: stacking.
"""

from __future__ import annotations

from ..actions import intern
from ..pieces import rating
from .actions import Advance, EndPhase, Halt, Turn
from .board import FACINGS, adjacent_enemy, can_enter, grid, leaders_with, place

END_PHASE = EndPhase()


def unit_mp(g, u: int) -> int:
    """Rule 7.3: the printed MP (no leader bonus on the battle board)."""
    st = g.state
    t = g.types[st.utype[u]]
    return t.naval_mp[st.uside[u]] if t.naval else t.mp


def partner(g, b: dict, u: int) -> int:
    """The other unit of ``u``'s square that may move with it as a leader's stack (same facing, not moved), or -1."""
    sq = b["pos"][u]
    here = b["stack"].get(sq, [])
    if len(here) != 2 or not any(x in here for x in b["leaders"].values()):
        return -1
    other = here[0] if here[1] == u else here[1]
    if other in b["done"] or b["face"][other] != b["face"][u]:
        return -1
    return other


def _orders(g, b: dict, u: int, mp: int, mate: int) -> list:
    name = g.uid(u)
    if mp <= 0:
        return []
    stack = mate >= 0
    units = [u, mate] if stack else [u]
    out = []
    sq = b["pos"][u]
    ahead = grid(g).step[sq][b["face"][u]]
    if can_enter(g, b, ahead, units):
        out.append(intern(Advance, name, stack))
    face = b["face"][u]
    for f in range(4):
        if f != face:
            out.append(intern(Turn, name, FACINGS[f], stack))
    return out


def options(g, b: dict, side: int) -> list:
    if b["moving"] >= 0:
        u = b["moving"]
        return [*_orders(g, b, u, b["mp"], b["with"]), intern(Halt, g.uid(u))]
    out = []
    for u in b["units"][side]:
        if u in b["done"]:
            continue
        out += _orders(g, b, u, unit_mp(g, u), -1)
        mate = partner(g, b, u)
        if mate >= 0 and mate > u:
            out += _orders(g, b, u, min(unit_mp(g, u), unit_mp(g, mate)), mate)
    out.append(END_PHASE)
    return out


def needs_check(g, b: dict, u: int, turning: bool) -> bool:
    """Rule 7.3.1: a ground unit that entered a square next to the enemy, or turns in one, must pass a check
    (once per square)."""
    if g.state.utype[u] == "N" or b["checked"]:
        return False
    if b["entered"]:
        return True
    return turning and adjacent_enemy(g, b, b["pos"][u], g.state.uside[u])


def check(g, b: dict, u: int) -> bool:
    """The 7.3.1 roll: a D10, minus a stacked leader's rating, minus 1 for cavalry with no enemy cavalry next to
    it, no more than the ML."""
    st = g.state
    side = st.uside[u]
    roll = g.roll(side, 10, f"{g.uid(u)} turns or moves on next to the enemy (Syracuse 7.3.1)")
    total = roll - max((rating(g, j) for j in leaders_with(b, u)), default=0)
    if st.utype[u] in ("C", "SC"):
        gr = grid(g)
        near = [v for x in gr.adjacent[b["pos"][u]] for v in b["stack"].get(x, ()) if st.uside[v] != side]
        if not any(st.utype[v] in ("C", "SC") for v in near):
            total -= 1
    ok = total <= st.ml[side]
    if g.log.enabled:
        g.event("battle_check", f"{g.uid(u)} rolls {roll} (modified {total}) against ML {st.ml[side]}: "
                + ("it may turn or go on." if ok else "it stops here."), side=g.players[side], rule="7.3.1",
                unit=g.uid(u), die=roll, modified=total, success=ok)
    return ok


def apply(g, b: dict, a) -> None:
    if isinstance(a, EndPhase):
        _finish_unit(b)
        b["done"] = list(b["units"][0] + b["units"][1])
        return
    u = g.unit_named(a.unit)
    if isinstance(a, Halt):
        _finish_unit(b)
        return
    if b["moving"] != u:
        _finish_unit(b)
        b["moving"] = u
        mate = partner(g, b, u) if a.stack else -1
        b["with"] = mate
        b["mp"] = min(unit_mp(g, u), unit_mp(g, mate)) if mate >= 0 else unit_mp(g, u)
        b["checked"] = False
        b["entered"] = False
    turning = isinstance(a, Turn)
    if needs_check(g, b, u, turning):
        if not check(g, b, u):
            _finish_unit(b)
            return
        b["checked"] = True
    units = [u] + ([b["with"]] if b["with"] >= 0 else [])
    b["mp"] -= 1
    if turning:
        f = FACINGS.index(a.facing)
        for x in units:
            b["face"][x] = f
    else:
        sq = grid(g).step[b["pos"][u]][b["face"][u]]
        for x in units:
            place(b, x, sq)
        b["checked"] = False
        b["entered"] = g.state.utype[u] != "N" and adjacent_enemy(g, b, sq, g.state.uside[u])
    if g.log.enabled:
        g.event("battle_move", f"{' and '.join(g.uid(x) for x in units)} "
                + (f"turn{'s' if len(units) == 1 else ''} to face {a.facing}" if turning else
                   f"advance{'s' if len(units) == 1 else ''} to {grid(g).names[b['pos'][u]]}") + ".",
                side=g.players[g.state.uside[u]], rule="7.3", unit=g.uid(u), square=grid(g).names[b["pos"][u]])
    if b["mp"] <= 0:
        _finish_unit(b)


def _finish_unit(b: dict) -> None:
    u = b["moving"]
    if u >= 0:
        b["done"] = [*b["done"], u]
        if b["with"] >= 0:
            b["done"] = [*b["done"], b["with"]]
    b["moving"] = -1
    b["with"] = -1
    b["mp"] = 0
    b["checked"] = False
    b["entered"] = False
