"""Rule 12, set-up and reinforcements: the Athenian set-up at L-10 and L-18 (12.1), the Syracusan set-up
(12.3), the opening initiative roll (12.1), the Athenian second expedition under Demosthenes with the return
rolls for eliminated units (12.2), the two allied waves (12.4) and the Sicels that come with them (12.5).

``data/setup.toml`` holds the deployment (the historical one, *reconstructed*), the waves and the turn track.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from . import leaders, naval, sicels
from .actions import Reinforce, intern
from .decisions import Step
from .pieces import in_play_naval
from .state import ELIM, POOL, new_state

DATA = Path(__file__).parent / "data"


@cache
def default_setup() -> dict:
    with open(DATA / "setup.toml", "rb") as f:
        return tomllib.load(f)


def set_up(g) -> None:
    data = g.setup_data
    c = g.counters
    st = g.state = new_state(c.n, len(c.leaders), g.map.n)
    st.utype = [u.type for u in c.units]
    st.uside = [u.side for u in c.units]
    st.steps = [g.types[u.type].steps for u in c.units]
    st.ml = [data["start"]["ml"]["Athens"], data["start"]["ml"]["Syracuse"]]
    for key in ("athens", "syracuse"):
        block = data[key]
        for area, names in block.items():
            if area not in g.map.index or not isinstance(names, list):
                continue
            a = g.map.index[area]
            for name in names:
                kind, i = c.piece(name)
                if kind == "leader":
                    st.lloc[i] = a
                else:
                    st.loc[i] = a
        for name in block.get("reduced", ()):
            i = c.unit_index[name]
            st.steps[i] = g.types[st.utype[i]].flip_at
    for area in data["athens"]["walls"]:
        st.walls[g.map.index[area]][0] = 1
    waves = {}
    for key, name in (("first", "w1"), ("second", "w2")):
        w = data["waves"][key]
        names = list(w["units"]) + (list(w.get("variant", ())) if g.options["extra_peltast"] else [])
        waves[name] = _pool(g, names, w["from_turn"], w["check"], w.get("sicels", 0))
    waves["exp"] = _pool(g, data["expedition"]["units"], 99, False, 0)
    st.arrivals = waves
    g.event("setup", "The Siege of Syracuse: the Athenians at Dascon and Thapsus, the Syracusans in their city "
            "(the historical set-up, rule 12).", rule="12", **_sizes(g))
    for side, key in ((0, "athens"), (1, "syracuse")):
        drawn = sicels.draw(g, side, data[key]["sicels"], "the set-up")
        for u in drawn:
            sicels.place(g, u, g.map.index[data[key]["sicel_area"]], "12")
    _opening_initiative(g)
    g.then(("turn",))


def _pool(g, names, from_turn: int, check: bool, n_sicels: int) -> dict:
    units, chiefs = [], []
    for name in names:
        kind, i = g.counters.piece(name)
        (chiefs if kind == "leader" else units).append(i)
    return {"units": [[u, g.types[g.counters.units[u].type].steps] for u in units], "leaders": chiefs,
            "from_turn": from_turn, "check": check, "ready": False, "naval_done": False, "sicels": n_sicels}


def _sizes(g) -> dict:
    st = g.state
    return {"units_Athens": sum(1 for u in g.unit_range if st.uside[u] == 0 and st.loc[u] >= 0),
            "units_Syracuse": sum(1 for u in g.unit_range if st.uside[u] == 1 and st.loc[u] >= 0)}


def _opening_initiative(g) -> None:
    """Rule 12.1: both roll an unmodified D10 (ties rolled again); the higher is the Athenian IL, the lower the
    Syracusan."""
    st = g.state
    while True:
        a = g.roll(0, 10, "the opening initiative (Syracuse 12.1)")
        s = g.roll(1, 10, "the opening initiative (Syracuse 12.1)")
        if a != s:
            break
    st.il = [max(a, s), min(a, s)]
    g.event("opening_initiative", f"Opening initiative: Athens IL {st.il[0]}, Syracuse IL {st.il[1]}.", rule="12.1",
            il_Athens=st.il[0], il_Syracuse=st.il[1])


# --- arrivals during impulses -----------------------------------------------------------------------------------
def arrivals_due(g, side: int, kind: str) -> list[str]:
    """The reinforcement groups of ``side`` that may arrive at the start of an impulse of ``kind`` now: the
    Athenian expedition in a naval impulse from the turn after its conditions were met (12.2); an allied wave's
    ships (with the troops they carry) in a naval impulse, its other troops in a ground impulse at the west
    edge, once it is due (turn 2) or once its D10 check succeeded (12.4)."""
    st = g.state
    out = []
    for key in (("exp",) if side == 0 else ("w1", "w2")):
        w = st.arrivals.get(key)
        if not w or not (w["units"] or w["leaders"]):
            continue
        if side == 0:
            met = st.expedition["met_turn"]
            if met and st.turn > met and kind == "naval":
                out.append(key)
            continue
        if not (w["ready"] if w["check"] else st.turn >= w["from_turn"]):
            continue
        types = [g.counters.units[u].type for u, _ in w["units"]]
        if (kind == "naval" and "N" in types) or (kind == "ground" and (any(t != "N" for t in types) or w["leaders"])):
            out.append(key)
    return out


def arrival_areas(g, side: int, kind: str) -> list[int]:
    st, b = g.state, g.map
    enemy = {st.loc[u] for u in g.unit_range if st.uside[u] == 1 - side and st.loc[u] >= 0}
    if side == 0:  # rule 12.2: a coastal area with an Athenian siege wall or unit
        mine = {st.loc[u] for u in g.unit_range if st.uside[u] == 0 and st.loc[u] >= 0}
        return [a for a in sorted(b.coastal) if a not in b.city and a not in enemy
                and (st.walls[a][0] > 0 or st.fort == a or a in mine)]
    if kind == "naval":  # rule 12.4: a coastal area free of Athenian units, not Achradina/Temenites or the city
        closed = b.city | {b.index["L-8"]}
        return [a for a in sorted(b.coastal) if a not in closed and a not in enemy]
    return [a for a in b.west_edge if a not in enemy]


def arrivals(g, side: int, kind: str) -> None:
    """Rules 12.2 and 12.4 at the start of an impulse: the second wave's D10 check, then what may arrive."""
    st = g.state
    w2 = st.arrivals.get("w2")
    if side == 1 and kind == "naval" and w2 and not w2["ready"] and st.turn >= w2["from_turn"] and \
            (w2["units"] or w2["leaders"]):
        roll = g.roll(1, 10, "the second allied wave (Syracuse 12.4)")
        w2["ready"] = roll <= st.ml[1]
        if w2["ready"] and not st.expedition["arrived"]:
            st.rams = True  # rule 12.4: the Reinforced Rams marker comes with the second wave
        if g.log.enabled:
            g.event("wave_check", f"Syracuse rolls {roll} against ML {st.ml[1]}: the second wave "
                    + ("is coming." if w2["ready"] else "does not come yet."), side="Syracuse", rule="12.4", die=roll,
                    success=w2["ready"])
    for key in arrivals_due(g, side, kind):
        if arrival_areas(g, side, kind):
            g.then(("arrive_ask", side, kind, key))


def arrive_ask(g, side: int, kind: str, key: str) -> None:
    if key in arrivals_due(g, side, kind) and arrival_areas(g, side, kind):
        g.ask("arrive", side, kind=kind, key=key)


def _arrive_options(g) -> list:
    st = g.state
    return [intern(Reinforce, g.aid(a)) for a in arrival_areas(g, st.to_act, st.ctx["kind"])]


def _arrive_apply(g, a) -> None:
    st = g.state
    side, kind, key = st.to_act, st.ctx["kind"], st.ctx["key"]
    area = g.area_named(a.area)
    g.done()
    land(g, side, kind, key, area)


def land(g, side: int, kind: str, key: str, area: int) -> None:
    """Put the group ``key`` (or the part of it that can come in an impulse of ``kind``) in ``area``."""
    st = g.state
    w = st.arrivals[key]
    c = g.counters
    ships = [(u, n) for u, n in w["units"] if c.units[u].type == "N"]
    ground = [(u, n) for u, n in w["units"] if c.units[u].type != "N"]
    coming: list[tuple[int, int]] = []
    aboard: dict[int, int] = {}
    if side == 0:  # rule 12.2: all of it, whatever the number of ships
        coming = ships + ground
    elif kind == "naval":
        coming = list(ships)
        free = [[u, 2 if n >= 2 else 1, 1] for u, n in ships]  # ship, room, hoplite room
        for u, n in sorted(ground, key=lambda x: c.units[x[0]].type != "H"):
            for slot in free:
                if slot[1] > 0 and (c.units[u].type != "H" or slot[2] > 0):
                    slot[1] -= 1
                    if c.units[u].type == "H":
                        slot[2] -= 1
                    aboard[u] = slot[0]
                    coming.append((u, n))
                    break
        w["naval_done"] = True
    else:
        coming = list(ground)
    for u, n in coming:
        st.loc[u] = area
        st.uside[u] = side
        st.steps[u] = n
        st.status[u] = 0
        st.aboard[u] = aboard.get(u, -1)
    if naval.can_unload(g, area, side):  # otherwise they stay aboard the beached ships (no landing in a bog)
        for u in aboard:
            st.aboard[u] = -1
    came = {u for u, _ in coming}
    w["units"] = [[u, n] for u, n in w["units"] if u not in came]
    chiefs = list(w["leaders"])
    for j in chiefs:
        leaders.arrive(g, j, area)
    w["leaders"] = []
    drawn = sicels.draw(g, side, w.get("sicels", 0), "a reinforcement wave") if w.get("sicels") else []
    w["sicels"] = 0
    for u in drawn:
        sicels.place(g, u, area, "12.5")
    if side == 0:
        st.expedition["arrived"] = True
        st.rams = False  # rule 12.4: Reinforced Rams last until the Athenian reinforcements arrive
    if g.log.enabled:
        names = [g.uid(u) for u, _ in coming] + [g.lid(j) for j in chiefs]
        g.event("reinforcements", f"{g.players[side]} reinforcements arrive in {g.aid(area)}: {', '.join(names)}.",
                side=g.players[side], rule="12", area=g.aid(area), units=names, group=key)


def expedition_check(g) -> None:
    """Rule 12.2, in the Reinforcement Segment: once all five conditions hold, the second expedition comes the
    next turn, with eliminated Athenian units that return on the D6."""
    st = g.state
    if st.expedition["met_turn"]:
        return
    c = g.counters
    chiefs = [c.leader_index["Lamachus"], c.leader_index["Nicias"]]
    conditions = [any(st.lred[j] or st.lloc[j] == ELIM for j in chiefs), st.fort_built,
                  in_play_naval(g, 0) < in_play_naval(g, 1), st.ml[0] < st.ml[1], st.surrender_checks[0] >= 1]
    if not all(conditions):
        return
    st.expedition["met_turn"] = st.turn
    data = g.setup_data["expedition"]
    back = []
    for u in g.unit_range:
        if c.units[u].side != 0 or st.loc[u] != ELIM:
            continue
        roll = g.roll(0, 6, f"the return of {g.uid(u)} (Syracuse 12.2)")
        t = g.types[c.units[u].type]
        if roll <= data["return_full"]:
            back.append([u, t.steps])
        elif roll <= data["return_reduced"] and c.units[u].type not in ("AR", "P"):
            back.append([u, t.flip_at])
        else:
            continue
        st.loc[u] = POOL
    st.arrivals["exp"]["units"] = st.arrivals["exp"]["units"] + back
    if g.log.enabled:
        g.event("expedition", "Athens votes a second expedition under Demosthenes: it will arrive from next turn"
                + (f", with {', '.join(g.uid(u) for u, _ in back)} back in the line." if back else "."),
                side="Athens", rule="12.2", returning=[g.uid(u) for u, _ in back])


TASKS = {"arrivals": arrivals, "arrive_ask": arrive_ask, "expedition_check": expedition_check}
STEPS = {"arrive": Step(_arrive_options, _arrive_apply, "12", "choose where the reinforcements arrive")}
