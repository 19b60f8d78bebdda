"""The exact odds of the battle being fought now (Mountford 5.1–5.3), for a screen that shows them before a
player decides: who joins (5.1, 5.2), whether to try for a running skirmish (5.2), whether to put to sea (5.2.1).

:func:`battle_now` reads the battle in ``game.state.battle`` as it stands — the SPs that have joined so far, and,
while a player is deciding whether SPs join, those SPs too ("if they join") — and gives the naval and the land
step's outcome distributions from :mod:`.odds` (the same functions the exact-odds tests check against the dice).
The two steps are given apart: losses at sea do not change the land battle's numbers. Nothing is changed.
"""

from __future__ import annotations

from .control import control
from .odds import Side, land_combat, naval_battle_odds

ARMY = -1  # where the moving army stands in a battle's lists (as in combat.py)


def _stack(game, k: int, where: int, city: str) -> tuple[int, int, int]:
    st = game.state
    stack = st.op["army"] if where == ARMY else st.forces.get(where, {})
    return tuple(stack.get(city, (0, 0, 0)))


def _sides(game, joining: bool) -> dict:
    """Per arm, per side: the participating (city, hcn) stacks, with the SPs being decided on if ``joining``."""
    st = game.state
    b = st.battle
    ctl = control(game)
    out = {"naval": ([], []), "land": ([], [])}
    for arm in ("naval", "land"):
        for k, where, city in b["part"][arm]:
            out[arm][k].append((city, _stack(game, k, where, city), where))
    if joining and st.step == "participate" and b["queue"]:
        k, where, arm, _must = b["queue"][0]
        for city, t in sorted(st.forces.get(where, {}).items()):
            has = t[2] if arm == "naval" else t[0] + t[1]
            if has and ctl.group[city] == b["groups"][k] and [k, where, city] not in b["part"][arm]:
                out[arm][k].append((city, tuple(t), where))
    return out


def _leader(game, k: int, places: set[int]) -> str:
    """The leader who leads side ``k``: chosen already, else the best battle rating among its leaders with its
    SPs (as combat chooses them once everyone has joined)."""
    st = game.state
    b = st.battle
    if b["leaders"][k]:
        return b["leaders"][k]
    ctl = control(game)
    cands = []
    if k == 0 and st.op and st.op.get("leader") and st.leader_status.get(st.op["leader"]) == "used":
        cands.append(st.op["leader"])
    for nm in game.leader_order:
        info = game.leaders[nm]
        if nm in cands or st.leader_status.get(nm) != "used" or ctl.group[info.city] != b["groups"][k]:
            continue
        if st.leader_at.get(nm, -1) in places:
            cands.append(nm)
    cands.sort(key=lambda nm: (-game.leaders[nm].battle, not game.cities[game.leaders[nm].city].get("dominant"), nm))
    return cands[0] if cands else ""


def battle_now(game, *, joining: bool = True) -> dict | None:
    """The battle being fought now: its space and sides, each side's participating SPs and leader, and the exact
    outcome distributions of its naval step and of its land step (a hoplite battle, and, where the side the space
    is friendly to may try for a running skirmish, the same if it tries). ``None`` when no battle is being fought.

    Outcomes are :class:`.odds.Outcome` with side 0 the moving (or attacking) side."""
    st = game.state
    b = st.battle
    if b is None:
        return None
    ctl = control(game)
    t = game.tables
    space = b["space"]
    sides = _sides(game, joining)
    owner = st.owner[space]
    home = [bool(owner) and ctl.group.get(owner) == b["groups"][k] for k in (0, 1)]
    out = {"space": game.board.ids[space], "sides": list(b["groups"]), "naval": None, "land": None,
           "land_if_skirmish": None, "sps": {}, "leaders": ["", ""], "skirmish_chooser": None}
    totals = {}
    for arm in ("naval", "land"):
        totals[arm] = [tuple(sum(s[1][i] for s in sides[arm][k]) for i in range(3)) for k in (0, 1)]
    out["sps"] = {arm: [list(v) for v in totals[arm]] for arm in totals}
    places = [{space if w == ARMY else w for arm in sides for _c, _t, w in sides[arm][k]} for k in (0, 1)]
    leaders = [_leader(game, k, places[k]) for k in (0, 1)]
    out["leaders"] = leaders
    info = [game.leaders.get(nm) if nm else None for nm in leaders]
    rating = [i.battle if i else -1 for i in info]
    bravery = [i.bravery if i else 0 for i in info]

    def skill(k: int, arm: str) -> int:
        table = t.naval["skill"] if arm == "naval" else t.hoplite["skill"]
        idx = 2 if arm == "naval" else 0
        return max([table.get(city, 0) for city, hcn, _w in sides[arm][k] if hcn[idx]] or [0])

    n = totals["naval"]
    if n[0][2] and n[1][2]:
        out["naval"] = naval_battle_odds(t, Side(naval=n[0][2], rating=rating[0], bravery=bravery[0],
                                                 skill=skill(0, "naval")),
                                         Side(naval=n[1][2], rating=rating[1], bravery=bravery[1],
                                              skill=skill(1, "naval")))
    land = totals["land"]
    if b.get("to_sea"):
        land = [(0, 0, 0), land[1]]
    if land[0][0] + land[0][1] and land[1][0] + land[1][1]:
        a = Side(land[0][0], land[0][1], 0, rating[0], bravery[0], skill(0, "land"), home[0])
        d = Side(land[1][0], land[1][1], 0, rating[1], bravery[1], skill(1, "land"), home[1])
        out["land"] = land_combat(t, a, d, try_skirmish=False)
        chooser = 0 if home[0] else 1 if home[1] else None
        out["skirmish_chooser"] = chooser
        if chooser is not None:
            out["land_if_skirmish"] = land_combat(t, a, d, try_skirmish=True)
    return out
