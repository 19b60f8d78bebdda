"""The end of a game turn — frame 10.4 (money and ships), 10.5 (bellicosity and peace) and 10.9 (revolts).

Ours, not Mountford's (his chapters 6 and 7 are lost), *reconstructed* with the numbers in tables.toml
[frame]: each major city-state collects the income of the spaces it controls that were not ravaged this
turn (Athens the tribute of its empire), the Great King pays Sparta from the turn of 413, ships at sea
are paid for (those that cannot be are laid up), majors regain
hoplites at home, tribute cities revolt where the enemy's fleet is the stronger, and ships are
built. A major at 0 bellicosity sues for peace (releasing hostages): Athens or Sparta thereby loses
the war, Corinth or Thebes leaves it.
"""

from __future__ import annotations

from . import hostages, victory
from .actions import Build
from .control import control, king_attitude

PORTS = {"athens": "piraeus", "corinth": "corinth", "sparta": "gythium", "thebes": "siphae"}


def income(game) -> None:
    """Frame 10.4: each major collects the income of the spaces it holds that were not ravaged this turn."""
    st = game.state
    gained: dict[str, int] = {}
    for sp in game.board.spaces:
        owner = st.owner[sp.index]
        if sp.income and owner in game.majors and owner not in st.peace and not st.ravaged[sp.index]:
            gained[owner] = gained.get(owner, 0) + sp.income
    if "persia" in game.kings and king_attitude(game, "persia", "sparta") == "friendly" and "sparta" not in st.peace:
        gained["sparta"] = gained.get("sparta", 0) + game.tables.frame["persian_subsidy"]
    for city in game.majors:
        if city in st.peace:
            continue
        got = gained.get(city, 0)
        st.treasury[city] = st.treasury.get(city, 0) + got
        if game.log.enabled:
            game.event("income", f"{game.city_name(city)} collects {got} talents (treasury {st.treasury[city]}).",
                       side=game.players[game.side_of_city(city)], rule="10.4", city=city, talents=got,
                       treasury=st.treasury[city])


def upkeep(game) -> None:
    """Frame 10.4: each major pays for its ships at sea; those it cannot pay for are laid up (removed),
    the farthest from home first."""
    st = game.state
    per = game.tables.frame["upkeep_naval"]
    if not per:
        return
    for city in game.majors:
        if city in st.peace:
            continue
        stacks = [(j, s[city][2]) for j, s in st.forces.items() if city in s and s[city][2]]
        ships = sum(n for _j, n in stacks)
        if not ships:
            continue
        can = min(ships, st.treasury.get(city, 0) // per)
        st.treasury[city] -= can * per
        laid_up = ships - can
        home = game.board.home_of[city]
        stacks.sort(key=lambda jn: -game.board.land_dist[home][jn[0]])
        if game.log.enabled:  # what is paid; the ships laid up are told once, on their own line, below
            paid = (f"pays {can * per} talents for {can} naval SP{'s' if can != 1 else ''}" if can
                    else "cannot pay for any of its ships")
            game.event("upkeep", f"{game.city_name(city)} {paid}.",
                       side=game.players[game.side_of_city(city)], rule="10.4", city=city, talents=-can * per)
        if laid_up > 0:
            game.note_losses(city, (0, 0, laid_up), "laid up", "10.4")
        for j, n in stacks:
            if laid_up <= 0:
                break
            k = min(n, laid_up)
            game.remove_sps(j, city, (0, 0, k))
            laid_up -= k


def recover(game) -> None:
    """Frame 10.4: a major holding its home space regains hoplites there each turn, never above its 431 strength."""
    st = game.state
    n = game.tables.frame["hoplites_regained"]
    for city in game.majors:
        if city in st.peace or not n:
            continue
        home = game.board.home_of[city]
        if st.owner[home] != city:
            continue
        have = sum(stacks[city][0] for stacks in st.forces.values() if city in stacks)
        if st.op and city in st.op["army"]:
            have += st.op["army"][city][0]
        add = min(n, game.start_hoplites.get(city, 0) - have)
        if add > 0:
            game.add_sps(home, city, (add, 0, 0))
            if game.log.enabled:
                game.event("levy", f"{game.city_name(city)} raises {add}H at home.", rule="10.4", city=city,
                           sp_gained=add)


def revolts(game) -> None:
    """Frame 10.9: a tribute city with no garrison revolts when more Peloponnesian than Athenian naval SPs can
    reach it (8.2: the allies revolted when Athens' fleet was no longer the stronger)."""
    st = game.state
    board = game.board
    ctl = control(game)
    ships: dict[int, list[int]] = {}  # space -> [Athenian, Peloponnesian] naval SPs
    for j, stacks in st.forces.items():
        for c, t in stacks.items():
            if t[2] and ctl.group[c] in ("Athens", "Sparta"):
                ships.setdefault(j, [0, 0])[ctl.group[c] == "Sparta"] += t[2]
    for i in board.tribute_index:
        sp = board.spaces[i]
        if st.garrison[i] or ctl.group.get(st.owner[i], "") != "Athens":
            continue
        ours = theirs = 0
        for j in board.zoi_naval[i]:
            if j in ships:
                ours += ships[j][0]
                theirs += ships[j][1]
        if theirs > ours:
            st.owner[i] = "sparta"
            game._owner_changes += 1
            st.rebellion[i] = True
            if game.log.enabled:
                game.event("revolt", f"{sp.name} revolts from Athens: only the Peloponnesian fleet is near.",
                           rule="10.9",
                           space=sp.id)


def winter(game) -> None:
    """Frame 10.10: at the end of the campaigning season every SP standing in a space that is not friendly
    to it, and not besieging it, goes back to the nearest friendly fortress (the invasions of Attica lasted
    weeks, not years: 2.23, 2.57, 3.1, 4.6). *Reconstructed*: a city-state's own fortresses first, then the
    nearest; ships by the nearer of the land distance and a crow's-flight measure (so a fleet far out at sea
    still finds a port)."""
    st = game.state
    board = game.board
    ctl = control(game)
    forts_of: dict[str, list[int]] = {}  # the fortresses of each group
    for k in range(board.n):
        if board.fortress[k] and st.owner[k]:
            forts_of.setdefault(ctl.group[st.owner[k]], []).append(k)
    ids = board.ids
    moves = []
    for j, stacks in st.forces.items():
        for city, t in stacks.items():
            if ctl.relation(city, st.owner[j]) == 1:
                continue
            if j in st.siege and ctl.friends(st.siege[j][0], city):
                continue
            forts = forts_of.get(ctl.group[city])
            if forts:
                dist = board.sea_home_dist(j) if t[2] else board.land_dist[j]
                home = min(forts, key=lambda k, city=city, dist=dist: (st.owner[k] != city, dist[k], ids[k]))
                moves.append((j, home, city, t))
    for j, k, city, t in moves:
        game.remove_sps(j, city, t)
        game.add_sps(k, city, t)
        if game.log.enabled:
            game.event("winter", f"{game.city_name(city)}'s {t[0]}H {t[1]}C {t[2]}N go home for the winter from "
                       f"{board.spaces[j].name} to {board.spaces[k].name}.", rule="10.10", city=city,
                       space=board.ids[j], dest=board.ids[k])


def run(game) -> None:
    """Auto step "economy": winter quarters, income, levies, revolts, then the shipbuilding decisions."""
    st = game.state
    st.phase = "economy"
    winter(game)
    income(game)
    upkeep(game)
    recover(game)
    revolts(game)
    cost = game.tables.frame["ship_cost"]
    st.build_queue = [c for c in game.majors if c not in st.peace and game.tables.frame["ships_per_turn"]
                      and st.treasury.get(c, 0) >= cost and _port_ok(game, c)]
    st.step = "build"
    next_build(game)


def _port_ok(game, city: str) -> bool:
    port = game.board.index[PORTS[city]]
    return control(game).friends(game.state.owner[port], city) if game.state.owner[port] else False


def next_build(game) -> None:
    """Frame 10.4: the next major that may build ships decides, or the politics step follows."""
    st = game.state
    if st.build_queue:
        st.to_act = game.side_of_city(st.build_queue[0])
        st.step = "build"
        return
    st.step = "politics"


def legal_build(game) -> list:
    """Frame 10.4: 0 up to as many naval SPs as the major may build and pay for."""
    st = game.state
    city = st.build_queue[0]
    cost = game.tables.frame["ship_cost"]
    most = min(game.tables.frame["ships_per_turn"], st.treasury[city] // cost if cost else 99)
    return [Build(city, n) for n in range(most + 1)]


def apply_build(game, action) -> None:
    """Frame 10.4: the ships are paid for and placed in the major's home port."""
    st = game.state
    st.build_queue.pop(0)
    if action.ships:
        price = action.ships * game.tables.frame["ship_cost"]
        st.treasury[action.city] -= price
        port = game.board.index[PORTS[action.city]]
        game.add_sps(port, action.city, (0, 0, action.ships))
        if game.log.enabled:
            game.event("build",
                       f"{game.city_name(action.city)} builds {action.ships}N at {game.space_name(port)} for {price} "
                       "talents.", side=game.players[game.side_of_city(action.city)], rule="10.4", city=action.city,
                       sp_gained=action.ships, talents=-price)
    next_build(game)


def politics(game) -> None:
    """Auto step "politics": war-weariness, peace, victory, then the next game turn."""
    st = game.state
    f = game.tables.frame
    for city in game.majors:
        if city not in st.peace and st.treasury.get(city, 0) <= 0 and f["empty_treasury"]:
            game.change_bellicosity(city, f["empty_treasury"], "10.5", "an empty treasury")
    for city in game.majors:
        if city not in st.peace and st.bell[city] <= 0:
            sue_for_peace(game, city)
            if st.phase == "over":
                return
    victory.turn_end(game)
    if st.phase == "over":
        return
    game.start_turn(st.turn + 1)


def sue_for_peace(game, city: str) -> None:
    """Frame 10.5: a major at 0 bellicosity sues for peace; hostages are released (Mountford 5.6)."""
    st = game.state
    ctl = control(game)
    hostages.release(game, city, {c for c in game.majors if ctl.hostile(c, city)})
    if game.log.enabled:
        game.event("peace", f"{game.city_name(city)} sues for peace.", rule="10.5", city=city)
    if city == "athens":
        victory.finish(game, "Sparta", "Athens sued for peace (its bellicosity fell to 0)")
    elif city == "sparta":
        victory.finish(game, "Athens", "Sparta sued for peace (its bellicosity fell to 0)")
    else:
        st.peace.append(city)
        game._control = None
        for space in list(st.siege):
            if st.siege[space][0] == city:
                st.siege.pop(space)
