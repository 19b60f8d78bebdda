"""Mountford 4.6: interception.

When the moving army enters a space holding forces unfriendly to it, or an unfriendly space within the
zone of influence (ZOI) of unfriendly SPs, those forces may try to intercept: one die, needing the
number in tables.toml [interception] for the distance of the nearest SPs that could fight (naval SPs
against an army with ships, land SPs against an army with land SPs), plus the best interception rating
of a leader with them. City-states friendly to each other try together, once per space; groups
unfriendly to each other try in turn (those with forces in the space first, the rest in random order)
until one succeeds. A success means a battle at once in that space (``combat.py``); the interceptors
never move and never retreat.
"""

from __future__ import annotations

from . import combat, movement
from .actions import Intercept, NoIntercept
from .control import UNFRIENDLY, control
from .routes import army_sps

INTERCEPT, NO_INTERCEPT = Intercept(), NoIntercept()


def eligible_sps(game, group: str, space: int, army_hcn: tuple[int, int, int]) -> list[tuple[int, str, str, int]]:
    """(where, city, arm, distance) for the SPs of ``group`` that could fight the army in ``space``."""
    st = game.state
    ctl = control(game)
    board = game.board
    h, c, n = army_hcn
    out = []
    if n:
        for j, d in board.zoi_naval[space].items():
            for city, t in st.forces.get(j, {}).items():
                if t[2] and ctl.group[city] == group:
                    out.append((j, city, "naval", d))
    if h + c:
        for j, d in board.zoi_land[space].items():
            for city, t in st.forces.get(j, {}).items():
                if (t[0] or t[1]) and ctl.group[city] == group:
                    out.append((j, city, "land", d))
    return out


def _candidate_groups(game, ctl, city: str, space: int, army_hcn) -> set[str]:
    """Groups hostile to ``city`` with SPs that could fight the army in ``space`` (one scan of the ZOIs)."""
    group = ctl.group
    hostile = ctl.hostile_to[group[city]]
    h, c, n = army_hcn
    board = game.board
    forces = game.state.forces
    found = set()
    if n:
        for j in board.zoi_naval[space]:
            stacks = forces.get(j)
            if stacks:
                for cc, t in stacks.items():
                    if t[2] and group[cc] in hostile:
                        found.add(group[cc])
    if h + c:
        for j in board.zoi_land[space]:
            stacks = forces.get(j)
            if stacks:
                for cc, t in stacks.items():
                    if (t[0] or t[1]) and group[cc] in hostile:
                        found.add(group[cc])
    return found


def groups_here(game, city: str, space: int, army_hcn) -> list[str]:
    """The groups that may try to intercept in ``space``, in the order they try (4.6)."""
    ctl = control(game)
    found = _candidate_groups(game, ctl, city, space, army_hcn)
    if not found:
        return []
    st = game.state
    tried = {tuple(x) for x in st.op["tried"]} if st.op else set()
    in_space, others = [], []
    here = st.forces.get(space, {})
    space_unfriendly = ctl.relation(city, st.owner[space]) == UNFRIENDLY
    for g in sorted(found):
        if (space, g) in tried:
            continue
        present = any(ctl.group[c] == g and sum(t) for c, t in here.items())
        if not (present or space_unfriendly):
            continue
        (in_space if present else others).append(g)
    if len(others) > 1:
        order = []
        pool = list(others)
        while pool:
            pick = game.dice.choice(pool, who="", why="the order of interception attempts (Mountford 4.6)")
            order.append(pick)
            pool.remove(pick)
        others = order
    return in_space + others


def groups_here_plan(game, city: str, space: int, army_hcn) -> list[str]:
    """The groups that could try to intercept in ``space`` (for a route planner: no dice, nothing tried yet)."""
    st = game.state
    ctl = control(game)
    mover = ctl.group[city]
    here = st.forces.get(space, {})
    unfriendly = ctl.relation(city, st.owner[space]) == UNFRIENDLY
    out = []
    for g in ctl.hostile_groups[mover]:
        present = any(ctl.group[c] == g and sum(t) for c, t in here.items())
        if (present or unfriendly) and eligible_sps(game, g, space, army_hcn):
            out.append(g)
    return out


def target(game, group: str, space: int, army_hcn) -> tuple[int, int, str]:
    """(roll needed, leader modifier, leader) for ``group``'s attempt in ``space``."""
    t = game.tables
    best = 7
    where = set()
    for j, _city, arm, d in eligible_sps(game, group, space, army_hcn):
        table = t.intercept_naval if arm == "naval" else t.intercept_land
        best = min(best, table[min(d, len(table) - 1)])
        where.add(j)
    mod, who = 0, ""
    ctl = control(game)
    st = game.state
    for name in game.leader_order:
        info = game.leaders[name]
        if st.leader_status.get(name) == "used" and st.leader_at.get(name, -1) in where \
                and ctl.group[info.city] == group and info.interception > mod:
            mod, who = info.interception, name
    return best, mod, who


def begin(game, space: int, army_hcn: tuple[int, int, int]) -> None:
    """After the army (``army_hcn`` SPs) enters ``space``: list the groups that may intercept, then ask them in
    turn."""
    op = game.state.op
    groups = groups_here(game, op["city"], space, army_hcn)
    if not groups:
        op["icept"] = None
        movement.continue_route(game)
        return
    op["icept"] = {"space": space, "groups": groups}
    next_group(game)


def next_group(game) -> None:
    """Mountford 4.6: the next group tries (a player is asked; a non-player group always tries)."""
    st = game.state
    op = st.op
    ic = op["icept"]
    while ic["groups"]:
        g = ic["groups"][0]
        player = game.player_of_group(g)
        if player is None:  # a non-player city-state always tries
            attempt(game, g)
            return
        st.to_act = player
        st.step = "intercept"
        return
    op["icept"] = None
    movement.continue_route(game)


def legal(game) -> list:
    """Mountford 4.6: try to intercept, or let the army pass."""
    return [INTERCEPT, NO_INTERCEPT]


def apply(game, action) -> None:
    """Mountford 4.6: the group lets the army pass, or rolls to intercept it."""
    st = game.state
    g = st.op["icept"]["groups"][0]
    if isinstance(action, NoIntercept):
        st.op["icept"]["groups"].pop(0)
        st.op["tried"].append([st.op["icept"]["space"], g])
        if game.log.enabled:
            game.event("no_interception", f"{g} lets the army pass.", side=game.players[st.to_act], rule="4.6")
        next_group(game)
        return
    attempt(game, g)


SUCCESS = "the interception succeeds: a battle follows unless the intercepting forces stay out of it."


def attempt(game, group: str) -> None:
    """Mountford 4.6: one die plus the best interception rating against the table; a success is a battle."""
    st = game.state
    op = st.op
    ic = op["icept"]
    space = ic["space"]
    ic["groups"].pop(0)
    op["tried"].append([space, group])
    need, mod, who = target(game, group, space, army_sps(op["army"]))
    die = game.dice.d6(who=group, why=f"intercepting in {game.board.ids[space]} (Mountford 4.6)")
    ok = die + mod >= need
    lead = f" + {mod} ({who})" if mod else ""
    if game.log.enabled:
        game.event("interception", f"{group} tries to intercept in {game.space_name(space)}: needs {need}, rolls {die}"
                   f"{lead}: {SUCCESS if ok else 'the army slips past.'}", side=group, rule="4.6", die=die,
                   needed=need, modifier=mod, success=ok, space=game.board.ids[space])
    if ok:
        ic["groups"] = []  # stopping with the first success (4.6)
        combat.start(game, "interception", space, group)
        return
    next_group(game)
