"""Rule 8.3.2, assault combat on the battle board: the units of the phasing side whose fronts face an enemy
square next to them attack it together; their Assault CF against the CF of the units in the square gives the
odds column of the assault CRT (rounded for the defender), shifted by the conditions of the table; a D6 with the
leaders' ratings (and the night's die modifier, 10.6) gives the result. The CRT, its shifts and modifiers are
the campaign's *reconstructed* tables (``data/tables.toml``), shared.
"""

from __future__ import annotations

from ..pieces import assault_cf, rating
from ..state import DISRUPTED
from .actions import Assault, EndPhase
from .board import grid, leaders_with, square_leaders

END_PHASE = EndPhase()


def attackers(g, b: dict, sq: int, side: int) -> list[int]:
    """Units of ``side`` next to ``sq`` whose front faces it, that have not assaulted in this phase."""
    st = g.state
    step = grid(g).step
    return [u for u in b["units"][side]
            if u not in b["done"] and step[b["pos"][u]][b["face"][u]] == sq and assault_cf(g, u) > 0
            and st.utype[u] != "N"]


def targets(g, b: dict, side: int) -> list[int]:
    st = g.state
    step = grid(g).step
    out = set()
    for u in b["units"][side]:
        if u in b["done"] or st.utype[u] == "N" or assault_cf(g, u) <= 0:
            continue
        sq = step[b["pos"][u]][b["face"][u]]
        here = b["stack"].get(sq)
        if here and st.uside[here[0]] != side and sq not in b["hit"]:
            out.add(sq)
    return sorted(out)


def options(g, b: dict, side: int) -> list:
    names = grid(g).names
    out = [Assault(names[sq]) for sq in targets(g, b, side)]
    return [*out, END_PHASE] if out else [END_PHASE]


def shifts(g, b: dict, sq: int, attacking: list[int], defending: list[int]) -> list[tuple[str, int]]:
    """The column shifts of the assault table (8.3.2) and of the night (10.6)."""
    st, m = g.state, g.map
    t = g.tables.drm["assault_shifts"]
    side = st.uside[attacking[0]]
    area = b["area"]
    gr = grid(g)
    parts = []
    if len({gr.side_towards(sq, b["pos"][u]) for u in attacking}) >= 2:
        parts.append(("several_sides", t["several_sides"]))
    if all(st.status[u] == DISRUPTED for u in defending):
        parts.append(("defenders_disrupted", t["defenders_disrupted"]))
    if any(st.status[u] == DISRUPTED for u in attacking):
        parts.append(("attacker_disrupted", t["attacker_disrupted"]))
    if m.terrain[area] in ("high", "bog") and any(st.utype[u] in ("C", "SC") for u in attacking):
        parts.append(("cavalry_rough_ground", t["cavalry_rough_ground"]))
    if area in m.bog and any(st.utype[u] == "H" for u in attacking):
        parts.append(("hoplites_in_bog", t["hoplites_in_bog"]))
    dside = 1 - side
    behind = st.walls[area][dside] > 0 or (dside == 0 and st.fort == area)
    theirs = st.walls[area][side] > 0 or (side == 0 and st.fort == area)
    if behind and not theirs:
        parts.append(("defender_behind_wall", t["defender_behind_wall"]))
    night = b["shift"][side] - b["shift"][dside]
    if night:
        parts.append(("night", night))
    return parts


def drms(g, b: dict, sq: int, attacking: list[int]) -> list[tuple[str, int]]:
    st = g.state
    t = g.tables.drm["assault_drm"]
    side = st.uside[attacking[0]]
    parts = []
    mine = max((rating(g, j, b["naval"]) for u in attacking for j in leaders_with(b, u)), default=0)
    if mine:
        parts.append(("attacker_leader", t["attacker_leader"] * mine))
    theirs = max((rating(g, j, b["naval"]) for j in square_leaders(b, sq)), default=0)
    if theirs:
        parts.append(("defender_leader", t["defender_leader"] * theirs))
    night = b["drm"][side] - b["drm"][1 - side]
    if night:
        parts.append(("night_natural_one", t["night_natural_one"] * night))
    return parts


def defence(g, b: dict, sq: int) -> int:
    return sum(assault_cf(g, u) for u in b["stack"][sq])


def apply(g, b: dict, a) -> None:
    from .sequence import resolve

    if isinstance(a, EndPhase):
        b["done"] = list(b["units"][0] + b["units"][1])
        return
    sq = grid(g).index[a.square]
    side = b["side"]
    attacking = attackers(g, b, sq, side)
    defending = list(b["stack"][sq])
    b["done"] = [*b["done"], *attacking]
    b["hit"] = [*b["hit"], sq]
    attack = sum(assault_cf(g, u) for u in attacking)
    resolve(g, b, attacking, defending, attack, defence(g, b, sq), shifts(g, b, sq, attacking, defending),
            drms(g, b, sq, attacking), "8.3.2", f"{' + '.join(g.uid(u) for u in attacking)} assault {a.square}")
