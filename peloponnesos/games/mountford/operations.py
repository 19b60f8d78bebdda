"""The operations phase — frame 10.3 (ours, *reconstructed*: Mountford's chapter 3 is lost) around
Mountford's chapter 4: the sides take turns; an operation activates one leader, who is placed with
SPs of his side, forms an army (paying for it), and chooses an objective; the army then moves by the
shortest legal route (4), may be intercepted (4.6), and fights or besieges at the objective (5).
"""

from __future__ import annotations

from . import movement, sieges
from .actions import Activate, ChooseRoute, DeclareWar, Form, Objective, Pass
from .board import CROSSING, MOUNTAIN
from .control import control, owners_memo
from .routes import VIAS, army_sps, crossing_shortens, distances_for, eligible, expand_cached, routes_for, uses

PASS = Pass()


# -- choosing an operation -------------------------------------------------------------------------
def _side_stacks(game, group: str) -> list[tuple[int, bool, bool]]:
    """(space, has land SPs, has naval SPs) for every space holding SPs of ``group`` (kept until the forces
    change: ``game._forces_changes`` counts the changes)."""
    st = game.state
    kept = game._stacks
    ctl = control(game)
    if kept is None or kept[0] is not st or kept[1] != game._forces_changes or kept[2] is not ctl:
        kept = game._stacks = (st, game._forces_changes, ctl, {})
    found = kept[3].get(group)
    if found is None:
        found = kept[3][group] = []
        group_of = ctl.group
        forces = st.forces
        for space in sorted(forces):
            land = naval = False
            for c, t in forces[space].items():
                if group_of[c] == group:
                    if t[0] or t[1]:
                        land = True
                    if t[2]:
                        naval = True
            if land or naval:
                found.append((space, land, naval))
    return found


def _placeable(game, city: str, stacks: list) -> list[int]:
    f = game.tables.frame
    cash = game.state.treasury.get(city, 0)
    land_ok, naval_ok = cash >= f["cost_land_sp"], cash >= f["cost_naval_sp"]
    if not (land_ok or naval_ok):
        return []
    return [space for space, land, naval in stacks if (land and land_ok) or (naval and naval_ok)]


def activation_spaces(game, leader: str) -> list[int]:
    """Spaces where ``leader`` may be placed: holding SPs of his side that his city-state can pay to move."""
    city = game.leaders[leader].city
    return _placeable(game, city, _side_stacks(game, control(game).group[city]))


def ready_leaders(game, side: int) -> list[str]:
    """The leaders of ``side`` (0 Athens, 1 Sparta) who may still lead an operation this game turn (10.3)."""
    status = game.state.leader_status
    return [nm for nm in _side_leaders(game)[side] if status[nm] == "ready"]


def _side_leaders(game) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every leader of each side, in ``leader_order`` (kept while the diplomacy is unchanged)."""
    ctl = control(game)
    kept = game._side_leaders
    if kept is None or kept[0] is not ctl:
        group = ctl.group
        kept = game._side_leaders = (ctl, tuple(tuple(nm for nm in game.leader_order
                                                      if group[game.leaders[nm].city] == side)
                                                for side in game.players))
    return kept[1]


_ACTIVATE: dict = {}  # leader -> his Activate for each space (actions are immutable: made once)
_WAR: dict = {}


def legal_choose(game) -> list:
    """Frame 10.3, 10.8: activate a ready leader where his side has SPs it can pay to move, declare war, or pass."""
    st = game.state
    side = st.to_act
    acts = []
    stacks = _side_stacks(game, game.players[side])
    ids = game.board.ids
    spaces_of: dict[str, list[int]] = {}
    for name in ready_leaders(game, side):
        city = game.leaders[name].city
        spaces = spaces_of.get(city)
        if spaces is None:
            spaces = spaces_of[city] = _placeable(game, city, stacks)
        if spaces:
            by_space = _ACTIVATE.get(name)
            if by_space is None:
                by_space = _ACTIVATE[name] = [Activate(name, sid) for sid in ids]
            acts.extend([by_space[space] for space in spaces])
    ctl = control(game)
    me = game.players[side]
    for city in game.neutral_cities:
        if ctl.group[city] == city and [me, city] not in st.war:
            act = _WAR.get(city)
            if act is None:
                act = _WAR[city] = DeclareWar(city)
            acts.append(act)
    acts.append(PASS)
    return acts


def apply_choose(game, action) -> None:
    """Frame 10.3, 10.8: pass, declare war, or activate a leader (an operation begins)."""
    st = game.state
    side = st.to_act
    if isinstance(action, Pass):
        st.passed[side] = True
        if game.log.enabled:
            game.event("pass", f"{game.players[side]} passes: no more operations this game turn.",
                       side=game.players[side],
                       rule="10.3")
        next_operation(game)
        return
    if isinstance(action, DeclareWar):
        st.war.append([game.players[side], action.city])
        if game.log.enabled:
            game.event("war", f"{game.players[side]} declares war on {game.cities[action.city]['name']}.",
                       side=game.players[side], rule="10.8", city=action.city)
        return  # the same side still chooses its operation
    leader = game.leaders[action.leader]
    space = game.board.index[action.space]
    st.op = {"leader": leader.name, "city": leader.city, "side": side, "origin": space, "at": space, "prev": -1,
             "army": {}, "route": [space], "pos": 0, "dest": space, "combat": False, "via": "", "tried": [],
             "lost": False, "avoided": False, "stage": "form", "routes": []}
    st.leader_status[leader.name] = "used"
    st.leader_at[leader.name] = space
    if game.log.enabled:
        game.event("activate",
                   f"{leader.name} of {game.city_name(leader.city)} takes command at {game.space_name(space)}.",
                   side=game.players[side], rule="10.3", leader=leader.name, space=game.board.ids[space])
    st.step = "op_form"


# -- forming the army ------------------------------------------------------------------------------
def available(game, space: int, city: str) -> list[tuple[str, tuple[int, int, int]]]:
    """The SPs of ``city``'s side in ``space``, in the order an army takes them: the leader's own
    city-state, the other majors, then the minor allies (CLARIFICATIONS 4)."""
    ctl = control(game)
    stacks = game.state.forces.get(space, {})
    own = [(c, t) for c, t in stacks.items() if ctl.friends(c, city) and sum(t)]
    own.sort(key=lambda ct: (ct[0] != city, not game.cities[ct[0]].get("major", False), ct[0]))
    return own


def cost(game, h: int, c: int, n: int) -> int:
    """Frame 10.3: what an army of these SPs costs its city-state."""
    f = game.tables.frame
    return (h + c) * f["cost_land_sp"] + n * f["cost_naval_sp"]


def legal_form(game) -> list:
    """Mountford 4 and frame 10.3: every army of the side's SPs in the leader's space that its city can pay for."""
    op = game.state.op
    stacks = available(game, op["origin"], op["city"])
    mh = sum(t[0] for _, t in stacks)
    mc = sum(t[1] for _, t in stacks)
    mn = sum(t[2] for _, t in stacks)
    f = game.tables.frame
    land, naval = f["cost_land_sp"], f["cost_naval_sp"]
    cash = min(game.state.treasury.get(op["city"], 0), (mh + mc) * land + mn * naval)
    key = (mh, mc, mn, land, naval, cash)
    forms = _FORM_LISTS.get(key)
    if forms is None:
        if len(_FORM_LISTS) >= 20_000:
            _FORM_LISTS.clear()
        forms = _FORM_LISTS[key] = tuple(Form(h, c, n) for h in range(mh + 1) for c in range(mc + 1)
                                         for n in range(mn + 1) if h + c + n and (h + c) * land + n * naval <= cash)
    return list(forms)


_FORM_LISTS: dict = {}  # the armies that may be formed, by (SPs there, prices, money that counts)


def apply_form(game, action) -> None:
    """Mountford 4: the SPs march with the leader (his own city's first, CLARIFICATIONS 4); they are paid for."""
    st = game.state
    op = st.op
    space = op["origin"]
    want = [action.hoplites, action.cavalry, action.naval]
    army: dict[str, list[int]] = {}
    for city, t in available(game, space, op["city"]):
        take = [min(want[k], t[k]) for k in range(3)]
        if any(take):
            want = [want[k] - take[k] for k in range(3)]
            army[city] = take
            game.remove_sps(space, city, take)
    op["army"] = army
    price = cost(game, action.hoplites, action.cavalry, action.naval)
    st.treasury[op["city"]] -= price
    if game.log.enabled:
        game.event("army", f"{op['leader']} forms an army of {action.hoplites}H {action.cavalry}C {action.naval}N "
                   f"for {price} talents.", side=game.players[op["side"]], rule="4", hoplites=action.hoplites,
                   cavalry=action.cavalry, naval=action.naval, talents=-price, city=op["city"])
    st.step = "op_objective"


# -- the objective ---------------------------------------------------------------------------------
def legal_objective(game) -> list:
    """Mountford 4, 4.2, 4.5.3, 5.8: every space the army can reach, to move to or to attack."""
    st = game.state
    op = st.op
    city = op["city"]
    h, c, n = army_sps(op["army"])
    src = op["origin"]
    acts = []
    base, climbs = expand_cached(game, city, h, c, n, "", src)[2:4]
    variants = {"": base}
    if not n and climbs:
        nomtn = distances_for(game, city, h, c, n, "no_mountains", src)
        variants["no_mountains"] = {d: v for d, v in nomtn.items() if v > base.get(d, 10**6)}
    if n and eligible(h, c, n) and crossing_shortens(game, city, base):
        tae = distances_for(game, city, h, c, n, "taenarum", src)
        variants["taenarum"] = {d: v for d, v in tae.items() if v < base.get(d, 10**6)}
    ctl = control(game)
    hostile_to = ctl.hostile_to[ctl.group[city]]
    group = ctl.group
    enemy = set()  # spaces holding SPs unfriendly to the army
    for space, stacks in st.forces.items():
        for cc in stacks:
            if group[cc] in hostile_to:
                enemy.add(space)
                break
    attackable = _fortresses_to_attack(game, ctl, ctl.group[city])
    append = acts.append
    for via, reach in variants.items():
        objs = _objectives(game.board, via)
        for dest in reach:
            move, attack = objs[dest]
            if dest in enemy:
                append(attack)
                continue
            append(move)
            if attackable[dest]:
                append(attack)
    return acts


def _fortresses_to_attack(game, ctl, mine: str) -> list[bool]:
    """For each space, whether it is a fortress ``mine`` may attack with no enemy SPs in it (5.8): one owned by
    an unfriendly city-state, or a fortress (not a city-state) held by a neutral one. Kept while the owners and
    the diplomacy are unchanged."""
    memo = owners_memo(game, ctl)
    found = memo.get(("attackable", mine))
    if found is None:
        board = game.board
        owner = game.state.owner
        group = ctl.group
        hostile = ctl.hostile_pairs
        found = memo[("attackable", mine)] = [False] * board.n
        for dest in board.fortress_index:
            g = group[owner[dest]] if owner[dest] else ""
            found[dest] = (mine, g) in hostile or (g != mine and not board.city_state[dest])
    return found


_OBJECTIVE_LISTS: dict = {}


def _objectives(board, via: str) -> list[tuple[Objective, Objective]]:
    """(move, attack) objectives for every space, made once (actions are immutable)."""
    found = _OBJECTIVE_LISTS.get((id(board), via))
    if found is None:
        found = _OBJECTIVE_LISTS[(id(board), via)] = [(Objective(sid, False, via), Objective(sid, True, via))
                                                       for sid in board.ids]
    return found


def apply_objective(game, action) -> None:
    """Mountford 4: the objective is set; one shortest route is taken, or the player chooses."""
    st = game.state
    op = st.op
    dest = game.board.index[action.dest]
    h, c, n = army_sps(op["army"])
    routes = routes_for(game, op["city"], h, c, n, action.via, op["origin"], dest)
    op["dest"], op["combat"], op["via"] = dest, action.combat, action.via
    if game.log.enabled:
        game.event("objective",
                   f"{op['leader']}'s objective: {game.space_name(dest)} ({'combat' if action.combat else 'move'}).",
                   side=game.players[op["side"]], rule="4", dest=action.dest, combat=action.combat, via=action.via)
    if len(routes) == 1:
        start_moving(game, routes[0])
    else:
        op["routes"] = [list(r) for r in routes]
        st.step = "op_route"


def legal_route(game) -> list:
    """Mountford 4: the equally short legal routes."""
    ids = game.board.ids
    return [ChooseRoute(tuple(ids[x] for x in r)) for r in game.state.op["routes"]]


def apply_route(game, action) -> None:
    """Mountford 4: the army takes the chosen route."""
    route = [game.board.index[x] for x in action.route]
    game.state.op["routes"] = []
    start_moving(game, route)


def start_moving(game, route) -> None:
    """Mountford 4: the army sets out along ``route`` (an army that stays put meets no interception)."""
    op = game.state.op
    op["route"] = list(route)
    op["pos"] = 0
    if game.log.enabled:
        b = game.board
        extra = []
        if uses(tuple(route), b, MOUNTAIN):
            extra.append("over mountain paths")
        if uses(tuple(route), b, CROSSING):
            extra.append("across the open sea from Cape Taenarum")
        if game.log.enabled:
            game.event("route", f"Route: {' - '.join(game.space_name(x) for x in route)}"
                       + (f" ({', '.join(extra)})" if extra else "") + ".", side=game.players[op["side"]], rule="4",
                       route=[b.ids[x] for x in route])
    # an operation that stays in its own space does not move, so nothing intercepts it (CLARIFICATIONS 4.6)
    game.state.step = "enter" if len(route) > 1 else "arrive"


# -- the end of an operation -----------------------------------------------------------------------
def end_operation(game) -> None:
    """Put the army down where it stands, then the next side's turn (frame 10.3)."""
    st = game.state
    op = st.op
    at = op["at"]
    for city, t in op["army"].items():
        if any(t):
            game.add_sps(at, city, t)
    st.leader_at[op["leader"]] = at
    st.op = None
    st.battle = None
    sieges.check_all(game)
    if game.log.enabled:
        game.event("op_end", f"{op['leader']}'s operation ends at {game.space_name(at)}.",
                   side=game.players[op["side"]],
                   rule="10.3", space=game.board.ids[at])
    if game.state.phase == "over":
        return
    next_operation(game, just_played=op["side"])


def next_operation(game, just_played: int | None = None) -> None:
    """Alternate sides; a side that passed (or can do nothing) is skipped; when both are done the
    operations phase ends (frame 10.3)."""
    st = game.state
    order = [1 - just_played, just_played] if just_played is not None else [1 - st.to_act, st.to_act]
    for side in order:
        if st.passed[side]:
            continue
        stacks = _side_stacks(game, game.players[side])
        cities = {game.leaders[nm].city for nm in ready_leaders(game, side)}
        if not any(_placeable(game, city, stacks) for city in cities):
            st.passed[side] = True
            continue
        st.to_act = side
        st.step = "op_choose"
        return
    st.step = "economy"
    st.to_act = -1


__all__ = ["activation_spaces", "apply_choose", "apply_form", "apply_objective", "apply_route",
           "available", "cost", "end_operation", "legal_choose", "legal_form", "legal_objective",
           "legal_route", "movement", "next_operation", "start_moving"]


# -- why an action is refused (plain words, with the rule) -------------------------------------------------
def why_not_choose(game, action) -> tuple[str, str] | None:
    """Why an Activate or a DeclareWar is refused now (10.3, 10.8), or None."""
    st = game.state
    me = game.players[st.to_act]
    if isinstance(action, DeclareWar):
        if action.city not in game.neutral_cities:
            return "10.8", f"war can be declared only on a neutral city-state that holds a space, not on {action.city}"
        return "10.8", f"{me} is already at war with {game.city_name(action.city)}"
    if not isinstance(action, Activate):
        return None
    name = action.leader
    if name not in game.leaders:
        near = [nm for nm in game.leaders if nm.lower() == name.lower()]
        return "10.3", f"there is no leader called {name}" + (f" (did you mean {near[0]}?)" if near else "")
    if action.space not in game.board.index:
        return "10.3", _no_space(game, action.space)
    city = game.leaders[name].city
    if game.side_of_city(city) != st.to_act:
        return "10.3", f"{name} does not lead {_whose(me)} side"
    status = st.leader_status.get(name)
    if status != "ready":
        return "10.3", {"used": f"{name} has already led an operation this game turn",
                        "dead": f"{name} is dead",
                        "aside": f"{name} is set aside until the next game turn (Mountford 4.2)",
                        }.get(status, f"{name} is not in the war in {game.year()} BC")
    return "10.3", f"{name} can only be placed where his side has SPs that {game.city_name(city)} can pay to move"


def _no_space(game, name: str) -> str:
    """Words for a space name the map does not have, with the one meant if only its case is wrong."""
    if name.lower() in game.board.index:
        return f"there is no space \"{name}\": spaces are written in lower case (\"{name.lower()}\")"
    some = ", ".join(game.board.ids[:5])
    return f"there is no space \"{name}\" on the map (spaces are named by their ids, such as {some}, …)"


def why_not_form(game, action) -> tuple[str, str] | None:
    """Why a Form is refused: no SP, more SPs than stand with the leader (4), or not enough money (10.3)."""
    if not isinstance(action, Form):
        return None
    op = game.state.op
    h, c, n = action.hoplites, action.cavalry, action.naval
    if not h + c + n:
        return "4", "an army needs at least one SP"
    here = available(game, op["origin"], op["city"])
    have = [sum(t[k] for _, t in here) for k in range(3)]
    if h > have[0] or c > have[1] or n > have[2]:
        return "4", (f"{op['leader']} commands only the SPs in {game.space_name(op['origin'])}, where he takes "
                     f"command, and only {have[0]}H {have[1]}C {have[2]}N of {_whose(game.players[op['side']])} side "
                     "stand there")
    f = game.tables.frame
    cash = game.state.treasury.get(op["city"], 0)
    return "10.3", (f"{game.city_name(op['city'])} has {cash} talents, and this army costs {cost(game, h, c, n)} "
                    f"({f['cost_land_sp']} for each land SP, {f['cost_naval_sp']} for each naval SP)")


def why_not_objective(game, action) -> tuple[str, str] | None:
    """Why an Objective is refused: a space the army cannot reach by a legal route (4, 4.3), a way that changes
    nothing (4.2, 4.5.3), enemy SPs in the way of a plain move (4) or nothing to attack (5.8)."""
    if not isinstance(action, Objective):
        return None
    board = game.board
    if action.dest not in board.index:
        return "4", f"there is no space called {action.dest}"
    if action.via not in VIAS:
        return "4", ("an army takes the usual paths, avoids mountain paths or takes the Taenarum crossing, "
                     f"not {action.via}")
    op = game.state.op
    dest = board.index[action.dest]
    where = game.space_name(dest)
    h, c, n = army_sps(op["army"])
    reach = distances_for(game, op["city"], h, c, n, action.via, op["origin"])
    if dest not in reach:
        if not n:
            how = "an army without ships keeps to land paths"
        elif eligible(h, c, n):
            how = "ships go by sea, never overland"
        else:
            how = ("land SPs go by sea only with two naval SPs for each of them and at most one cavalry SP "
                   "(Mountford 4.3), so this army may follow only paths along a coast")
        return "4", f"the army cannot reach {where}: {how}, and no army enters a neutral city-state"
    if action.via == "taenarum":
        return "4.2", f"the Taenarum crossing is no shorter way to {where}, or this army cannot take it"
    if action.via == "no_mountains":
        return "4.5.3", f"avoiding mountain paths changes nothing on the way to {where}"
    if action.combat:
        return "5.8", f"there is nothing to attack in {where}: no enemy SPs, and no fortress this army may besiege"
    return "4", f"enemy SPs hold {where}: the army may go there only to attack it"


def why_not_route(game, action) -> tuple[str, str] | None:
    """Mountford 4: a route that is not one of the shortest legal ones."""
    if not isinstance(action, ChooseRoute):
        return None
    return "4", "an army must follow one of the shortest legal routes to its objective"


def _whose(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


WHY_NOT = {"op_choose": why_not_choose, "op_form": why_not_form, "op_objective": why_not_objective,
           "op_route": why_not_route}
