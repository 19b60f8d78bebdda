"""Victory (rules 10, 10.1, 10.2).

* A capitulation (7.1) that eliminates at least two combat units, one of them hoplites, gives the
  other side a total victory at once (see ``supply.capitulate``).
* At the end of turn 7 a side with a hoplite unit in each of T6, T7 and T10 wins totally; Sparta's must
  be Spartans, not Helots.
* Otherwise victory points (the reconstructed table in ``tables.toml``) decide: more points is a
  marginal victory, equal points a draw.
"""

from __future__ import annotations

from .stacking import occupancy
from .state import ELIM

KEY_ZONES = ("T6", "T7", "T10")
ISLAND = ("T7", "T8", "T9", "T10")


def total_victory_at_end(game) -> int | None:
    """The side holding T6, T7 and T10 with hoplites at the end of turn 7 (rule 10.1), if any."""
    st, oob, board = game.state, game.oob, game.map
    for side in (0, 1):
        ok = True
        for zid in KEY_ZONES:
            z = board.index[zid]
            if not any(st.uz[i] == z and oob.u_side[i] == side and oob.u_type[i] == "H"
                       and (side == 0 or oob.u_spartiate[i]) for i in range(len(st.uz))):
                ok = False
                break
        if ok:
            return side
    return None


def victory_points(game) -> tuple[list[int], list[list[tuple[str, int]]]]:
    """Points per side and the lines that make them up (rule 10.2)."""
    st = game.state
    elim_lines, pylos, island, straits, vp = _prepared(game)[1:]
    lines: list[list[tuple[str, int]]] = [[], []]
    uz = st.uz
    if ELIM in uz:
        for i, z in enumerate(uz):
            if z == ELIM:
                scorer, line = elim_lines[i]  # the side that eliminated it scores
                lines[scorer].append(line)
    lost = st.leaders_lost
    for side in (0, 1):
        if lost[1 - side]:
            lines[side].append((f"{lost[1 - side]} enemy leader(s) lost", vp["eliminated_leader"] * lost[1 - side]))
    occ = occupancy(game)
    of_land = game.oob.of_land
    for side in (0, 1):
        land = of_land[side](uz)  # the zones of the side's land units
        out = lines[side]
        if pylos in land:
            out.append(("holds Pylos (T6)", vp["hold_pylos"]))
        for z, line in island:
            if z in land:
                out.append(line)
        naval, enemy = occ.naval[side], occ.any[1 - side]
        for z, line in straits:
            if naval >> z & 1 and not enemy >> z & 1:
                out.append(line)
        if not st.suspended[side] and st.supply[side]:
            out.append((f"supply marker {st.supply[side]}", vp["supply_marker"] * st.supply[side]))
    return [sum([v for _, v in lines[0]]), sum([v for _, v in lines[1]])], lines


def _prepared(game) -> tuple:
    """What the count of points needs that never changes in a game, worked out once per order of battle,
    board and tables: each unit's line if it is eliminated (with the side that scores it), T6, the island's
    and the straits' zones with their lines, and the table of points."""
    key = (id(game.oob), id(game.map), id(game.tables))  # the entry keeps the three alive: the ids stay theirs
    found = _PREPARED.get(key)
    if found is None:
        oob, board, vp = game.oob, game.map, game.tables.vp
        elim = []
        for i, u in enumerate(oob.units):
            uid = u.id
            if oob.u_ally[i]:
                line = (f"{uid} eliminated (ally)", vp["eliminated_ally"])
            elif oob.u_naval[i]:
                line = (f"{uid} eliminated (triremes)", vp["eliminated_trireme"])
            elif oob.u_type[i] == "H":
                points = vp["eliminated_hoplite"] + (vp["eliminated_spartiate_bonus"] if oob.u_spartiate[i] else 0)
                line = (f"{uid} eliminated (hoplites)", points)
            else:
                line = (f"{uid} eliminated (light troops)", vp["eliminated_light"])
            elim.append((1 - oob.u_side[i], line))
        index = board.index
        island = tuple((index[z], (f"holds {z}", vp["hold_island_zone"])) for z in ISLAND)
        straits = tuple((index[z], (f"holds {z}", vp["hold_strait"])) for z in ("N8", "N9"))
        if len(_PREPARED) >= PREPARED_LIMIT:  # a long lesson loading many tables files must not keep them all
            del _PREPARED[next(iter(_PREPARED))]
        found = _PREPARED[key] = ((oob, board, game.tables), tuple(elim), index["T6"], island, straits, vp)
    return found


PREPARED_LIMIT = 8  # games with published tables are few at once; the reconstructed tables stay first in line
_PREPARED: dict = {}


def final_result(game) -> tuple[int | None, str, str]:
    """(winner side or None, level, reason) at the end of turn 7."""
    side = total_victory_at_end(game)
    if side is not None:
        return side, "total", (f"{game.players[side]} has hoplites in T6, T7 and T10 at the end of turn 7 "
                               "(Sfacteria 10.1)")
    (a, s), _ = victory_points(game)
    if a == s:
        return None, "draw", f"equal victory points, {a} each (Sfacteria 10.2)"
    winner = 0 if a > s else 1
    return winner, "marginal", f"victory points {a} to {s} (Sfacteria 10.2)"
