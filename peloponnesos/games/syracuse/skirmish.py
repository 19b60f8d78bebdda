"""Rule 8.2, skirmish combat on the map: the line-up (the defender's leaders stacked with a unit, the side with
more units free to hold some back or gang up, the other facing one against one), then the players alternate,
defender first, each choosing a unit that attacks the enemy opposite it (a D6 against the Fire or Assault CF
it uses: a hit Disrupts; a Disrupted unit hit again is Routed and makes the rout check) or tries to flee (a
D10 against the ML), until one side has no unit left in the area.

The skirmish lives in ``state.skirmish`` (plain values): ``area``, ``attacker``, ``night``, ``units`` (the
units still fighting, per side), ``reserve`` (held back), ``facing`` (unit -> the enemy it was set against),
``with`` (leader -> the unit he is stacked with), ``acted`` (per side, the units that have acted since that
side last started a new round of choices), ``lineup`` (units still to line up), ``pending`` (an attack waiting
for a cavalry retreat roll, 10.7).
"""

from __future__ import annotations

from . import leaders, night
from .actions import Attack, CavalryRetreat, Flee, LineUp, LineUpRest, Refuge, StackLeader, intern
from .decisions import Step
from .pieces import is_cavalry, normal_cavalry, rating, skirmish_cf
from .state import DISRUPTED, NORMAL, ROUTED
from .steps import eliminate, rout
from .tables import modifiers_in_words
from .walls import sheltered

OFF = -1
ROUNDS = 10  # a skirmish stops once its units have acted this many times on average (see CLARIFICATIONS, 8.2)


def start(g, area: int, attacker: int, is_night: bool) -> None:
    from .combat import area_leaders, fighters

    st = g.state
    defender = 1 - attacker
    units = [fighters(g, area, 0), fighters(g, area, 1)]
    st.skirmish = {"area": area, "attacker": attacker, "night": is_night, "naval": g.map.is_sea[area],
                   "units": units, "reserve": [[], []], "facing": {}, "with": {}, "acted": [[], []],
                   "lineup": [], "pending": None, "turn": defender, "actions": 0,
                   "limit": ROUNDS * (len(units[0]) + len(units[1]))}
    if g.log.enabled:
        g.event("skirmish", f"Skirmish in {g.aid(area)}" + (" by night" if is_night else "") + ": "
                f"{len(units[attacker])} {g.players[attacker]} units attack {len(units[defender])} "
                f"{g.players[defender]} units.", side=g.players[attacker], rule="8.2", area=g.aid(area),
                night=is_night, attacker_units=len(units[attacker]), defender_units=len(units[defender]))
    stacks = []
    for side in (defender, attacker):
        for j in area_leaders(g, area, side):
            if len(units[side]) == 1:
                st.skirmish["with"][j] = units[side][0]
            else:
                stacks.append(j)
    st.skirmish["stack_queue"] = stacks
    g.then(("skirmish_lineup",))


def lineup(g) -> None:
    sk = g.state.skirmish
    if sk["stack_queue"]:
        j = sk["stack_queue"][0]
        g.ask("stack_leader", g.counters.leaders[j].side, leader=j)
        return
    units = sk["units"]
    att = sk["attacker"]
    big = att if len(units[att]) >= len(units[1 - att]) else 1 - att
    sk["chooser"] = big
    sk["lineup"] = list(units[big])
    g.ask("lineup", big)


def _stack_options(g) -> list:
    st = g.state
    j = st.ctx["leader"]
    side = g.counters.leaders[j].side
    return [intern(StackLeader, g.lid(j), g.uid(u)) for u in st.skirmish["units"][side]]


def _stack_apply(g, a) -> None:
    sk = g.state.skirmish
    j = g.leader_named(a.leader)
    sk["with"][j] = g.unit_named(a.unit)
    sk["stack_queue"] = sk["stack_queue"][1:]
    g.done()
    g.then(("skirmish_lineup",))


def _equal(sk) -> bool:
    return len(sk["units"][0]) == len(sk["units"][1])


def _lineup_options(g) -> list:
    sk = g.state.skirmish
    big = sk["chooser"]
    u = sk["lineup"][0]
    name = g.uid(u)
    faced = set(sk["facing"].values())
    out = []
    for x in sk["units"][1 - big]:
        if _equal(sk) and x in faced:
            continue
        out.append(intern(LineUp, name, g.uid(x)))
    if not _equal(sk):
        out.append(intern(LineUp, name, ""))
    if len(sk["lineup"]) > 1:
        out.append(intern(LineUpRest))
    return out


def _lineup_apply(g, a) -> None:
    st = g.state
    sk = st.skirmish
    big = sk["chooser"]
    if isinstance(a, LineUpRest):
        small = sk["units"][1 - big]
        faced = set(sk["facing"].values())
        free = [x for x in small if x not in faced] or list(small)
        for k, u in enumerate(sk["lineup"]):
            sk["facing"][u] = free[k % len(free)] if free else -1
        sk["lineup"] = []
    else:
        u = g.unit_named(a.unit)
        if a.opposite:
            sk["facing"][u] = g.unit_named(a.opposite)
        else:
            sk["reserve"][big] = [*sk["reserve"][big], u]
        sk["lineup"] = sk["lineup"][1:]
    if sk["lineup"]:
        st.serial += 1
        return
    if g.log.enabled:
        pairs = ", ".join(f"{g.uid(u)}→{g.uid(x)}" for u, x in sk["facing"].items() if x >= 0)
        held = ", ".join(g.uid(u) for u in sk["reserve"][big])
        g.event("line_up", f"Line-up in {g.aid(sk['area'])}: {pairs}" + (f"; held back: {held}" if held else "") + ".",
                side=g.players[big], rule="8.2", area=g.aid(sk["area"]))
    g.ask("skirmish", sk["turn"])


# --- the fight ---------------------------------------------------------------------------------------------------
def _in_line(sk, side: int) -> list[int]:
    reserve = sk["reserve"][side]
    return [u for u in sk["units"][side] if u not in reserve]


def targets(g, u: int) -> list[int]:
    """The enemy units ``u`` may attack: those set opposite it; with none left, any enemy unit in the line."""
    sk = g.state.skirmish
    side = g.state.uside[u]
    enemy = sk["units"][1 - side]
    line = _in_line(sk, 1 - side)
    if u in sk["reserve"][side]:
        return line
    facing = sk["facing"]
    opp = [x for x in enemy if x in line and (facing.get(u) == x or facing.get(x) == u)]
    return opp or line


def _actors(g, side: int) -> list[int]:
    """The side's units that have not acted since its last round of choices began (all, when every one has)."""
    sk = g.state.skirmish
    acted = sk["acted"][side]
    return [u for u in sk["units"][side] if u not in acted] or list(sk["units"][side])


def _skirmish_options(g) -> list:
    st = g.state
    sk = st.skirmish
    side = st.to_act
    refuge = sk["naval"] or bool(leaders.refuges(g, side, sk["area"]))
    out = []
    for u in _actors(g, side):
        name = g.uid(u)
        for x in targets(g, u):
            for cf in ("fire", "assault"):
                if skirmish_cf(g, u, cf) > 0:
                    out.append(intern(Attack, name, g.uid(x), cf))
        if refuge:  # a leader spares the roll, not the need of a refuge (8.2 step 3)
            out.append(intern(Flee, name))
    return out


def _leader_of(sk, u: int):
    for j, x in sk["with"].items():
        if x == u:
            return j
    return None


def attack_modifiers(g, u: int, target: int) -> list[tuple[str, int]]:
    """The skirmish table (8.2): the modifiers to an attack by ``u`` on ``target``."""
    st, b = g.state, g.map
    sk = st.skirmish
    t = g.tables.drm["skirmish"]
    side, area = st.uside[u], sk["area"]
    parts = []
    j = _leader_of(sk, u)
    if j is not None:
        r = rating(g, j, naval=sk["naval"])
        if r:
            parts.append(("leader", t["leader"] * r))
    if st.status[u] == DISRUPTED:
        parts.append(("attacker_disrupted", t["attacker_disrupted"]))
    if sheltered(g, area, 1 - side):
        parts.append(("target_behind_own_wall", t["target_behind_own_wall"]))
    if st.fort == area:
        if side == 0:
            parts.append(("circle_fort_athenian_attack", t["circle_fort_athenian_attack"]))
        else:
            parts.append(("circle_fort_athenian_target", t["circle_fort_athenian_target"]))
    if is_cavalry(g, u):
        if b.terrain[area] in ("high", "bog"):
            parts.append(("cavalry_rough_ground", t["cavalry_rough_ground"]))
        elif b.terrain[area] == "low":
            parts.append(("cavalry_open_ground", t["cavalry_open_ground"]))
    if sk["night"]:
        parts.append(("night", t["night"]))
    if st.oos[u]:
        parts.append(("out_of_supply", t["out_of_supply"]))
    if sk["naval"] and side == 0 and area in b.harbour:
        parts.append(("athenian_ships_in_the_harbour", t["athenian_ships_in_the_harbour"]))
    return parts


def flee_modifiers(g, u: int) -> list[tuple[str, int]]:
    st, b = g.state, g.map
    sk = st.skirmish
    t = g.tables.drm["flee"]
    side, area = st.uside[u], sk["area"]
    parts = []
    if is_cavalry(g, u):
        parts.append(("cavalry", t["cavalry"]))
    if st.utype[u] == "H":
        parts.append(("hoplite", t["hoplite"]))
    if st.status[u] == DISRUPTED:
        parts.append(("disrupted", t["disrupted"]))
    if normal_cavalry(g, area, 1 - side) > normal_cavalry(g, area, side):
        parts.append(("enemy_cavalry", t["enemy_cavalry"]))
    if sk["night"]:
        parts.append(("night", t["night"]))
    if area in b.bog:
        parts.append(("bog", t["bog"]))
    return parts


def _skirmish_apply(g, a) -> None:
    st = g.state
    sk = st.skirmish
    side = st.to_act
    u = g.unit_named(a.unit)
    acted = [x for x in sk["acted"][side] if x in sk["units"][side]] + [u]
    sk["acted"][side] = [] if set(acted) >= set(sk["units"][side]) else acted
    if isinstance(a, Flee):
        flee(g, u)
        _next(g, side)
        return
    target = g.unit_named(a.target)
    if u in sk["reserve"][side]:
        sk["reserve"][side] = [x for x in sk["reserve"][side] if x != u]
    if sk["facing"].get(target) != u:
        sk["facing"][u] = target  # it turns to face the enemy it attacks
    if is_cavalry(g, target) and not is_cavalry(g, u) and st.status[target] != ROUTED:
        sk["pending"] = [u, target, a.cf]
        g.ask("cav_retreat", 1 - side)
        return
    resolve_attack(g, u, target, a.cf)
    _next(g, side)


def resolve_attack(g, u: int, target: int, cf: str) -> None:
    st = g.state
    side = st.uside[u]
    value = skirmish_cf(g, u, cf)
    roll = g.roll(side, 6, f"{g.uid(u)} attacks {g.uid(target)} (Syracuse 8.2)")
    parts = attack_modifiers(g, u, target)
    total = roll + sum(v for _, v in parts)
    hit = total <= value
    if g.log.enabled:
        why = modifiers_in_words(parts) or "no modifier"
        g.event("attack", f"{g.uid(u)} attacks {g.uid(target)} with its {cf} CF {value}: rolled {roll} ({why}) = "
                f"{total}: " + ("a hit." if hit else "no effect."), side=g.players[side], rule="8.2", unit=g.uid(u),
                target=g.uid(target), cf=cf, value=value, die=roll, modified=total, hit=hit)
    if hit:
        hit_unit(g, target)


def hit_unit(g, u: int) -> None:
    """A hit in a skirmish: Normal → Disrupted; Disrupted → Routed, then the rout check (8.2 step 4)."""
    st = g.state
    if st.status[u] == NORMAL:
        st.status[u] = DISRUPTED
        return
    rout(g, u)
    sk = st.skirmish
    j = _leader_of(sk, u) if sk is not None else None
    if j is not None:
        leaders.loss_check(g, [j], f"{g.uid(u)} was routed")
    rout_check(g, u, st.loc[u])


def rout_check(g, u: int, area: int) -> None:
    """Rule 8.2 step 4: a D10 (+1 for a Sicel unit) no more than the ML: the Routed unit goes to a refuge (L-7,
    or an Athenian wall or the Circle Fort free of enemy units); otherwise, or with no refuge, it is eliminated."""
    st = g.state
    side = st.uside[u]
    rout(g, u)
    roll = g.roll(side, 10, f"the rout check of {g.uid(u)} (Syracuse 8.2)")
    total = roll + (1 if g.types[st.utype[u]].sicel else 0)
    naval = st.utype[u] == "N"
    places = [] if naval else leaders.refuges(g, side, area)
    ok = total <= st.ml[side] and (naval or bool(places))
    if g.log.enabled:
        g.event("rout", f"{g.uid(u)} is Routed: rolled {total} against ML {st.ml[side]}: "
                + ("it gets away." if ok else "it is destroyed."), side=g.players[side], rule="8.2", unit=g.uid(u),
                die=roll, modified=total, escaped=ok)
    _leave_skirmish(g, u)
    if not ok:
        eliminate(g, u, "8.2", "routed and caught")
        return
    send_to_refuge(g, u, area, places)


def flee(g, u: int) -> None:
    st = g.state
    sk = st.skirmish
    side = st.uside[u]
    area = sk["area"]
    j = _leader_of(sk, u)
    naval = st.utype[u] == "N"
    places = [] if naval else leaders.refuges(g, side, area)
    if j is not None:
        ok, text = True, f"{g.uid(u)} escapes with {g.lid(j)}."
    else:
        roll = g.roll(side, 10, f"{g.uid(u)} tries to flee (Syracuse 8.2)")
        parts = flee_modifiers(g, u)
        total = roll + sum(v for _, v in parts)
        ok = total <= st.ml[side]
        why = modifiers_in_words(parts) or "no modifier"
        text = f"{g.uid(u)} tries to flee: rolled {roll} ({why}) = {total} against ML {st.ml[side]}: " + \
            ("it escapes." if ok else "it cannot get away.")
    if g.log.enabled:
        g.event("flee", text, side=g.players[side], rule="8.2", unit=g.uid(u), escaped=ok)
    if ok:
        _leave_skirmish(g, u)
        send_to_refuge(g, u, area, places)


def send_to_refuge(g, u: int, area: int, places: list[int]) -> None:
    """Put a fleeing or routed unit (and a leader stacked with it) in its refuge; the owner chooses among
    several (an interrupting decision)."""
    st = g.state
    carried = [j for j, x in enumerate(st.lloc) if x == area and st.laboard[j] < 0 and j in _leaving_leaders(g, u)]
    if st.utype[u] == "N":
        from .naval import sail_to

        moved = st.moved[u]
        sail_to(g, u, OFF, "8.2")
        st.moved[u] = moved
        for j in carried:
            st.lloc[j] = OFF
        return
    dest = leaders.nearest(g, area, places)
    st.loc[u] = dest
    from .walls import leave_task

    leave_task(g, u)
    for j in carried:
        st.lloc[j] = dest
    if len(places) > 1:
        g.interrupt("refuge", st.uside[u], unit=u, places=places, leaders=carried)


def _leaving_leaders(g, u: int) -> list[int]:
    sk = g.state.skirmish
    if sk is None:
        return []
    return [j for j, x in sk.get("left_with", {}).items() if x == u]


def _leave_skirmish(g, u: int) -> None:
    """``u`` is no longer in the skirmish; a leader stacked with it goes along."""
    sk = g.state.skirmish
    if sk is None:
        return
    side = g.state.uside[u]
    sk["units"][side] = [x for x in sk["units"][side] if x != u]
    sk["reserve"][side] = [x for x in sk["reserve"][side] if x != u]
    sk["acted"][side] = [x for x in sk["acted"][side] if x != u]
    sk.setdefault("left_with", {})
    for j, x in list(sk["with"].items()):
        if x == u:
            sk["left_with"][j] = u
            del sk["with"][j]


def _refuge_options(g) -> list:
    ctx = g.state.ctx
    return [intern(Refuge, g.uid(ctx["unit"]), g.aid(a)) for a in ctx["places"]]


def _refuge_apply(g, a) -> None:
    st = g.state
    dest = g.area_named(a.area)
    st.loc[st.ctx["unit"]] = dest
    for j in st.ctx["leaders"]:
        st.lloc[j] = dest
    if g.log.enabled:
        g.event("refuge", f"{a.piece} goes to {a.area}.", side=g.players[st.to_act], rule="8.2", unit=a.piece,
                area=a.area)
    g.resume()


def _next(g, side: int) -> None:
    """After an action: the skirmish ends when one side has no unit left; otherwise the other side chooses (or
    the same side, if the other has none able to act)."""
    st = g.state
    sk = st.skirmish
    units = sk["units"]
    sk["actions"] += 1
    for s in (0, 1):
        if units[s] and not _in_line(sk, s):
            sk["reserve"][s] = []  # nobody left in the line: those held back come forward
    if not units[0] or not units[1] or sk["actions"] >= sk["limit"]:
        end(g)
        return
    nxt = 1 - side
    sk["turn"] = nxt
    g.ask("skirmish", nxt)


def end(g) -> None:
    st = g.state
    sk = st.skirmish
    area = sk["area"]
    units = sk["units"]
    winner = 0 if units[0] and not units[1] else 1 if units[1] and not units[0] else None
    st.last_combat = {"kind": "skirmish", "area": g.aid(area), "attacker": g.players[sk["attacker"]],
                      "night": sk["night"], "winner": g.players[winner] if winner is not None else None}
    if g.log.enabled:
        g.event("skirmish_end", f"The skirmish in {g.aid(area)} is over"
                + (f": {g.players[winner]} holds the area." if winner is not None else
                   ": after ten rounds both sides are still there."), rule="8.2",
                area=g.aid(area), winner=g.players[winner] if winner is not None else None)
    st.skirmish = None
    g.done()
    leaders.alone_check(g, area)


# --- 10.7 cavalry retreat before combat -----------------------------------------------------------------------------
def _cav_options(g) -> list:
    return [intern(CavalryRetreat, True), intern(CavalryRetreat, False)]


def _cav_apply(g, a) -> None:
    st = g.state
    sk = st.skirmish
    u, target, cf = sk["pending"]
    sk["pending"] = None
    attacker_side = st.uside[u]
    if a.yes:
        from .cavalry import retreat_check

        outcome = retreat_check(g, target, _leader_of(sk, target))
        if outcome == "retreat":
            if g.log.enabled:
                g.event("cavalry_retreat", f"{g.uid(target)} rides clear: the attack by {g.uid(u)} is ignored.",
                        side=g.players[st.uside[target]], rule="10.7", unit=g.uid(target))
            _next(g, attacker_side)
            return
        if outcome == "eliminated":
            _leave_skirmish(g, target)
            eliminate(g, target, "10.7", "caught while trying to ride away")
            _next(g, attacker_side)
            return
    resolve_attack(g, u, target, cf)
    _next(g, attacker_side)


TASKS = {"skirmish_lineup": lineup}
STEPS = {
    "stack_leader": Step(_stack_options, _stack_apply, "8.2", "stack the leader with a unit"),
    "lineup": Step(_lineup_options, _lineup_apply, "8.2", "line up for the skirmish"),
    "skirmish": Step(_skirmish_options, _skirmish_apply, "8.2", "attack or flee with a unit"),
    "cav_retreat": Step(_cav_options, _cav_apply, "10.7", "try to ride away before the attack"),
    "refuge": Step(_refuge_options, _refuge_apply, "8.2", "choose where the unit takes refuge"),
}

__all__ = ["night"]
