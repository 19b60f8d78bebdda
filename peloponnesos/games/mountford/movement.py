"""Mountford 4: an army moving space by space along its route.

Entering a space, in order: the Cape Taenarum crossing's storm (4.2); the losses of unfamiliar country,
passes, mountains and the kings' lands (4.5-4.5.4), which come before any interception; then
interception (4.6, in ``interception.py``). The initial space counts as entered for interception
only (4.6). After a loss of naval SPs the army may be unable to go on by sea (4.3: ``transport``).
"""

from __future__ import annotations

from . import interception
from .actions import Abort, DropLand, Reroute
from .board import CROSSING, MOUNTAIN, PASS
from .control import FRIENDLY, UNFRIENDLY, control, king_attitude, owners_memo
from .routes import army_sps, eligible, route_legal, routes_for

ABORT, REROUTE = Abort(), Reroute()


def needs_roll(game, city: str, army_hcn: tuple[int, int, int], frm: int, to: int) -> str:
    """Why an army entering ``to`` from ``frm`` must roll a die per SP (4.5-4.5.4), or "" if it need not."""
    h, c, n = army_hcn
    if eligible(h, c, n):
        return ""  # 4.5.1 fleet support (a fleet alone is always eligible)
    board = game.board
    kind = board.kind_between[(frm, to)]
    space = board.spaces[to]
    attitude = king_attitude(game, space.king, city) if space.king else ""
    if attitude == "friendly":
        return ""  # 4.5.4: a friendly king's land needs no roll, whatever else
    if kind == MOUNTAIN:
        return "mountain"  # 4.5.3: always
    ctl = control(game)
    rel = ctl.relation(city, game.state.owner[to])
    if kind == PASS and rel == UNFRIENDLY:
        return "pass"  # 4.5.2
    if attitude == "unfriendly":
        # 4.5.4: an unfriendly king's land, more than one space from a friendly fortress
        return "" if _friendly_fortress_within(game, ctl, city, to, 1) else "king"
    if rel != FRIENDLY and not _friendly_fortress_within(game, ctl, city, to, 2):
        return "unfamiliar"  # 4.5
    return ""


def _friendly_fortress_within(game, ctl, city: str, space: int, reach: int) -> bool:
    """Is a fortress friendly to ``city`` within ``reach`` (1 or 2) land paths of ``space``? (4.5, 4.5.4)"""
    group = ctl.group[city]
    memo = owners_memo(game, ctl)
    found = memo.get(("near", group))
    if found is None:
        board = game.board
        owner = game.state.owner
        near2: set[int] = set()
        near1: set[int] = set()
        for j in range(board.n):
            if board.fortress[j] and owner[j] and ctl.group[owner[j]] == group:
                near2 |= board.within2_land[j]
                near1 |= board.within1_land[j]
        found = memo[("near", group)] = (near1, near2)
    return space in found[reach - 1]


def enter(game) -> None:
    """Auto step "enter": the army enters ``route[pos]``."""
    st = game.state
    op = st.op
    route, pos = op["route"], op["pos"]
    here = route[pos]
    army_hcn = army_sps(op["army"])
    if pos > 0:
        frm = route[pos - 1]
        kind = game.board.kind_between[(frm, here)]
        op["prev"] = frm
        op["at"] = here
        if kind == CROSSING and storm(game):
            return
        why = needs_roll(game, op["city"], army_hcn, frm, here)
        if why:
            attrition(game, why, here)
            army_hcn = army_sps(op["army"])
            if not any(army_hcn):  # nothing left (the losses are in the log): the operation ends here
                st.step = "op_end"
                return
    op["at"] = here
    if op["combat"] and pos == len(route) - 1 and pos > 0:
        st.step = "arrive"  # at a combat operation's objective the battle is the combat itself (CLARIFICATIONS 4.6)
        return
    st.step = "intercept_check"
    interception.begin(game, here, army_hcn)


def storm(game) -> bool:
    """Mountford 4.2: a 5 or 6 on the open-sea crossing destroys the whole army; the leader is set aside
    until the end of the game turn. Returns True if the army was lost."""
    st = game.state
    op = st.op
    die = game.dice.d6(who=game.players[op["side"]],
                       why="the crossing between Cape Taenarum and Syracuse (Mountford 4.2)")
    if die >= 5:
        if game.log.enabled:  # the storm and what becomes of the leader; the losses follow, one line a city-state
            game.event("storm", f"A storm on the open sea (die {die}) sinks {op['leader']}'s army; he is set aside "
                       "until the end of the game turn.", side=game.players[op["side"]], rule="4.2", die=die)
        for city, t in sorted(op["army"].items()):
            if any(t):
                game.note_losses(city, tuple(t), "storm", "4.2", space=op["route"][op["pos"]])
        op["army"] = {}
        st.leader_status[op["leader"]] = "aside"
        st.leader_at[op["leader"]] = -1
        op["at"] = op["route"][op["pos"]]
        op["leader_gone"] = True
        st.step = "op_end"
        return True
    if game.log.enabled:
        game.event("storm", f"The crossing is calm (die {die}).", side=game.players[op["side"]], rule="4.2", die=die)
    return False


def attrition(game, why: str, space: int) -> None:
    """Mountford 4.5: one die per SP; each 5 or 6 eliminates that SP (before any interception). The log says
    first what the army crosses and what is at stake, then (after the dice) what each city-state lost."""
    op = game.state.op
    rule = {"unfamiliar": "4.5", "pass": "4.5.2", "mountain": "4.5.3", "king": "4.5.4"}[why]
    who = game.players[op["side"]]
    if game.log.enabled:
        words = {"unfamiliar": "unfamiliar country", "pass": "an opposed pass", "mountain": "a mountain path",
                 "king": "a hostile king's land"}[why]
        at_risk = sum(sum(t) for t in op["army"].values())
        risk = ("a die for its one SP, which a 5 or 6 costs" if at_risk == 1
                else f"a die for each of its {at_risk} SPs, and each 5 or 6 costs one")
        game.event("attrition", f"{op['leader']}'s army crosses {words} into {game.space_name(space)}: {risk}.",
                   side=who, rule=rule, space=game.board.ids[space], cause=why, sps=at_risk)
    for city in sorted(op["army"]):
        t = list(op["army"][city])
        lost = [0, 0, 0]
        for arm in range(3):
            for _ in range(t[arm]):
                die = game.dice.d6(who=who, why=f"an SP marching into {game.board.ids[space]} (Mountford {rule})")
                if die >= 5:
                    lost[arm] += 1
            t[arm] -= lost[arm]
        if any(lost):
            game.note_losses(city, tuple(lost), why, rule, space=space)
        op["army"][city] = t


# -- Mountford 4.3: losing the ships that carry the army ---------------------------------------------
def route_still_legal(game) -> bool:
    """4.3: may the army, as it is now, go on along the rest of its route?"""
    op = game.state.op
    return route_legal(game, op["city"], *army_sps(op["army"]), op["via"], op["route"][op["pos"]:])


def after_battle_continue(game) -> None:
    """After an interception the army won, drew or avoided: go on (checking 4.3 first)."""
    st = game.state
    op = st.op
    h, c, n = army_sps(op["army"])
    if not (h + c + n):
        st.step = "op_end"
        return
    if op["pos"] < len(op["route"]) - 1 and not route_still_legal(game):
        st.step = "transport"
        return
    continue_route(game)


def continue_route(game) -> None:
    """Mountford 4: on to the next space of the route, or arrived."""
    st = game.state
    op = st.op
    if op["pos"] < len(op["route"]) - 1:
        op["pos"] += 1
        st.step = "enter"
    else:
        st.step = "arrive"


def _reroutes(game):
    op = game.state.op
    h, c, n = army_sps(op["army"])
    return routes_for(game, op["city"], h, c, n, "", op["at"], op["dest"])


def legal_transport(game) -> list:
    """Mountford 4.3: the fewest land SPs to drop so the ships can carry the rest, a route without ships, or stop."""
    op = game.state.op
    h, c, n = army_sps(op["army"])
    acts = []
    if n:
        for dc in range(c + 1):
            for dh in range(h + 1):
                if (dh or dc) and eligible(h - dh, c - dc, n) and (dh == 0 or not eligible(h - dh + 1, c - dc, n)) \
                        and (dc == 0 or not eligible(h - dh, c - dc + 1, n)):
                    acts.append(DropLand(dh, dc))
    if _reroutes(game):
        acts.append(REROUTE)
    acts.append(ABORT)
    return acts


def apply_transport(game, action) -> None:
    """Mountford 4.3: drop land SPs, take another route, or abort the operation."""
    st = game.state
    op = st.op
    side = game.players[op["side"]]
    if isinstance(action, Abort):
        if game.log.enabled:
            game.event("abort", f"{op['leader']} aborts the operation in {game.space_name(op['at'])} (Mountford 4.3).",
                       side=side, rule="4.3")
        st.step = "op_end"
        return
    if isinstance(action, Reroute):
        route = _reroutes(game)[0]
        op["route"] = list(route)
        op["pos"] = 0
        op["via"] = ""
        if game.log.enabled:
            game.event("route", f"New route without ships: {' - '.join(game.space_name(x) for x in route)}.", side=side,
                       rule="4.3", route=[game.board.ids[x] for x in route])
        continue_route(game)
        return
    want = [action.hoplites, action.cavalry]
    for city in sorted(op["army"]):
        t = op["army"][city]
        take = [min(want[0], t[0]), 0, 0]
        want[0] -= take[0]
        take[1] = min(want[1], t[1])
        want[1] -= take[1]
        t[0] -= take[0]
        t[1] -= take[1]
        if any(take):  # the one line that tells this loss (Mountford 4.3)
            game.note_losses(city, tuple(take), "transport", "4.3", space=op["at"], side=side)
    if route_still_legal(game):
        continue_route(game)
    else:
        st.step = "transport"
