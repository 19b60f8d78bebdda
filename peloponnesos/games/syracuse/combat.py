"""Rule 8 and 8.1, combat determination: in every area where opposing units of the same kind (ground or naval)
meet after movement and reaction, the attacker (the player conducting the impulse) says day or night (not at
sea, 10.6), units building walls stay out unless their side calls them (10.2), and a pitched battle is fought
if both sides want one with a leader present, or after a D10 check by the one side that wants it; otherwise a
skirmish (8.2). Pitched battles go to the battle board through ``battle.start``.
"""

from __future__ import annotations

from . import battle, skirmish
from .actions import CallBuilders, ChooseTime, Fight, WantBattle, intern
from .decisions import Step
from .pieces import rating
from .state import ROUTED, TASK_NONE


def fighters(g, area: int, side: int, *, builders: bool = False) -> list[int]:
    """The side's units that take part in a combat in ``area``: naval units at sea; on land, ground units not
    Routed, not aboard ships, not building or tearing down a wall (unless ``builders``)."""
    st, b = g.state, g.map
    naval = b.is_sea[area]
    out = []
    for u in g.unit_range:
        if st.loc[u] != area or st.uside[u] != side or st.status[u] == ROUTED:
            continue
        if naval:
            if st.utype[u] == "N":
                out.append(u)
        elif st.utype[u] != "N" and st.aboard[u] < 0 and (builders or st.task[u] == TASK_NONE):
            out.append(u)
    return out


def contested(g) -> list[int]:
    """Areas where both sides have units that could fight (builders included, routed units too)."""
    st, b = g.state, g.map
    here: dict[int, list[bool]] = {}
    for u in g.unit_range:
        a = st.loc[u]
        if a < 0 or st.uside[u] < 0:
            continue
        if b.is_sea[a] != (st.utype[u] == "N"):
            continue
        if b.is_land[a] and st.aboard[u] >= 0:
            continue
        here.setdefault(a, [False, False])[st.uside[u]] = True
    return sorted(a for a, (x, y) in here.items() if x and y)


def combat_step(g, done: tuple = ()) -> None:
    """Rule 6.2 step 5: fight in every contested area, in the order the attacker chooses (each area once: a
    pitched battle may leave both sides there)."""
    st = g.state
    areas = [a for a in contested(g) if a not in done]
    if not areas:
        return
    g.ask("fight", st.active_side, areas=areas, done=list(done))


def _fight_options(g) -> list:
    return [intern(Fight, g.aid(a)) for a in g.state.ctx["areas"]]


def _fight_apply(g, a) -> None:
    area = g.area_named(a.area)
    done = (*g.state.ctx["done"], area)
    g.done()
    g.then(("fight", area), ("combat", done))


def fight(g, area: int) -> None:
    st = g.state
    attacker = st.active_side
    for side in (0, 1):
        routed_check(g, area, side)
    if not (_present(g, area, 0) and _present(g, area, 1)):
        return
    if g.map.is_sea[area]:
        g.then(("fight_builders", area, False))
        return
    g.ask("time", attacker, area=area)


def _present(g, area: int, side: int) -> bool:
    return bool(fighters(g, area, side, builders=True))


def routed_check(g, area: int, side: int) -> None:
    """Routed units caught in a combat area make the rout check again (rule 8.2 step 4): a refuge or elimination."""
    st = g.state
    if not fighters(g, area, 1 - side, builders=True):
        return
    for u in g.unit_range:
        if st.loc[u] == area and st.uside[u] == side and st.status[u] == ROUTED and st.aboard[u] < 0:
            skirmish.rout_check(g, u, area)


def _time_options(g) -> list:
    return [intern(ChooseTime, False), intern(ChooseTime, True)]


def _time_apply(g, a) -> None:
    area = g.state.ctx["area"]
    g.done()
    if g.log.enabled:
        g.event("combat", f"Combat in {g.aid(area)}, by {'night' if a.night else 'day'}.",
                side=g.players[g.state.active_side], rule="8.1", area=g.aid(area), night=a.night)
    g.then(("fight_builders", area, a.night))


def fight_builders(g, area: int, night: bool) -> None:
    """Rules 8.1 and 10.2: a side with units building or tearing down a wall here may call them to fight."""
    st = g.state
    asks = [("builders_ask", area, night, side) for side in (st.active_side, 1 - st.active_side)
            if any(st.task[u] != TASK_NONE for u in fighters(g, area, side, builders=True))]
    g.then(*asks, ("fight_leaders", area, night))


def builders_ask(g, area: int, night: bool, side: int) -> None:
    g.ask("builders", side, area=area, night=night)


def _builders_options(g) -> list:
    return [intern(CallBuilders, False), intern(CallBuilders, True)]


def _builders_apply(g, a) -> None:
    from .walls import leave_task

    st = g.state
    area, side = st.ctx["area"], st.to_act
    g.done()
    if a.fight:
        for u in fighters(g, area, side, builders=True):
            leave_task(g, u)
        if g.log.enabled:
            g.event("builders", f"{g.players[side]} leaves its wall work in {g.aid(area)} to fight.",
                    side=g.players[side], rule="10.2", area=g.aid(area))


def area_leaders(g, area: int, side: int) -> list[int]:
    """The side's leaders present at a combat in ``area`` (aboard ships there for a naval combat)."""
    st = g.state
    return [j for j, a in enumerate(st.lloc) if a == area and g.counters.leaders[j].side == side]


def fight_leaders(g, area: int, night: bool) -> None:
    st = g.state
    att = st.active_side
    f = [fighters(g, area, 0), fighters(g, area, 1)]
    if not f[0] or not f[1]:
        if g.log.enabled:
            g.event("combat", f"No combat in {g.aid(area)}: one side has only wall builders there.", rule="10.2",
                    area=g.aid(area))
        return
    has = [bool(area_leaders(g, area, 0)), bool(area_leaders(g, area, 1))]
    if has[att]:
        g.ask("want", att, area=area, night=night, wants=[False, False], asked=[att])
    elif has[1 - att]:
        g.ask("want", 1 - att, area=area, night=night, wants=[False, False], asked=[1 - att])
    else:
        g.then(("resolve", area, night, False))


def _want_options(g) -> list:
    return [intern(WantBattle, False), intern(WantBattle, True)]


def _want_apply(g, a) -> None:
    st = g.state
    ctx = st.ctx
    side = st.to_act
    area, night = ctx["area"], ctx["night"]
    wants = list(ctx["wants"])
    wants[side] = a.yes
    if g.log.enabled:
        g.event("want_battle", f"{g.players[side]} {'wants' if a.yes else 'does not want'} a pitched battle.",
                side=g.players[side], rule="8.1", area=g.aid(area), wants=a.yes)
    other = 1 - side
    if other not in ctx["asked"] and area_leaders(g, area, other):
        g.ask("want", other, area=area, night=night, wants=wants, asked=[*ctx["asked"], other])
        return
    g.done()
    g.then(("resolve", area, night, _decide(g, area, night, wants)))


def _decide(g, area: int, night: bool, wants: list[bool]) -> bool:
    """Rule 8.1 steps 2–4: both want it (each with a leader present): a pitched battle; one wants it: his D10,
    minus his leader's rating, plus the enemy leader's, minus 2 at night, must be no more than his ML."""
    st = g.state
    if wants[0] and wants[1]:
        return True
    if not (wants[0] or wants[1]):
        return False
    side = 0 if wants[0] else 1
    naval = g.map.is_sea[area]
    mine = max((rating(g, j, naval) for j in area_leaders(g, area, side)), default=0)
    theirs = max((rating(g, j, naval) for j in area_leaders(g, area, 1 - side)), default=0)
    roll = g.roll(side, 10, "a pitched battle (Syracuse 8.1)")
    total = roll - mine + theirs + (g.tables.drm["night"]["pitched_battle_check"] if night else 0)
    ok = total <= st.ml[side]
    if g.log.enabled:
        g.event("battle_check", f"{g.players[side]} rolls {roll} (modified {total}) against ML {st.ml[side]}: "
                + ("a pitched battle." if ok else "a skirmish."), side=g.players[side], rule="8.1", die=roll,
                modified=total, pitched=ok)
    return ok


def resolve(g, area: int, night: bool, pitched: bool) -> None:
    st = g.state
    for side in (0, 1):
        for u in fighters(g, area, side):
            st.fought[u] = True
    if pitched:
        battle.start(g, area, st.active_side, night)
    else:
        skirmish.start(g, area, st.active_side, night)




TASKS = {
    "combat": combat_step,
    "fight": fight,
    "fight_builders": fight_builders,
    "builders_ask": builders_ask,
    "fight_leaders": fight_leaders,
    "resolve": resolve,
}
STEPS = {
    "fight": Step(_fight_options, _fight_apply, "8", "choose where to fight next"),
    "time": Step(_time_options, _time_apply, "8.1", "fight by day or by night"),
    "builders": Step(_builders_options, _builders_apply, "10.2", "call the wall builders to fight or not"),
    "want": Step(_want_options, _want_apply, "8.1", "say whether it wants a pitched battle"),
}
