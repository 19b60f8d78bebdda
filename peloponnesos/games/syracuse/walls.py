"""Rule 10.2, siege walls: construction (10.2.1: units put under a marker roll a D6 when activated and not
used in combat; 4 or more completes the wall, otherwise the work goes on; a wall still being built at the end
of the turn is completed then, rule 4.4), deconstruction (10.2.2: done at the end of the Administrative Phase),
at most two walls per side in an area (the Athenians' third on Epipolae is the Circle Fort, 10.3) and the
markers in the counter mix.
"""

from __future__ import annotations

from . import circle_fort
from .actions import BuildWall, EndWalls, TearDown, intern
from .decisions import Step
from .pieces import enemy_normal_here
from .state import DISRUPTED, ROUTED, TASK_BUILD, TASK_NONE, TASK_TEAR
from .tables import modifiers_in_words

END_WALLS = EndWalls()


def has_wall(g, area: int, side: int) -> bool:
    """A completed siege wall of ``side`` stands in ``area`` (for Athens the Circle Fort counts, rule 10.3)."""
    st = g.state
    return st.walls[area][side] > 0 or (side == 0 and st.fort == area)


def sheltered(g, area: int, side: int) -> bool:
    """``side`` has a wall in ``area`` and its enemy none (rules 8.2, 8.3.2 and 9.2)."""
    return has_wall(g, area, side) and not has_wall(g, area, 1 - side)


def markers_in_use(g, side: int) -> int:
    st = g.state
    return sum(st.walls[a][side] + (1 if st.wip[a][side] else 0) for a in g.map.land)


def wall_limit(g, area: int, side: int) -> int:
    """Two walls per side in an area; Athens may build a third on Epipolae while the Circle Fort was never built
    (it becomes the fort, 10.3); no Athenian wall where the fort stands."""
    st = g.state
    if side == 0 and st.fort == area:
        return 0
    if side == 0 and area in g.map.epipolae and not st.fort_built:
        return 3
    return 2


def can_start(g, area: int, side: int) -> bool:
    st = g.state
    return (not st.wip[area][side] and st.walls[area][side] < wall_limit(g, area, side)
            and markers_in_use(g, side) < g.counters.wall_markers)


def workers(g, area: int, side: int) -> list[int]:
    """Activated ground units of ``side`` in ``area`` not used in combat this impulse, Normal or Disrupted."""
    st = g.state
    return [u for u in g.unit_range if st.loc[u] == area and st.uside[u] == side and st.active[u]
            and not st.fought[u] and st.utype[u] != "N" and st.aboard[u] < 0 and st.status[u] != ROUTED]


def leave_task(g, u: int) -> None:
    """A unit leaves the wall it was building or tearing down (it moved, boarded, fought or was lost); a wall
    marker under construction with no builder left is taken off the map."""
    st = g.state
    if st.task[u] == TASK_NONE:
        return
    was = st.task[u]
    area = st.loc[u]
    side = st.uside[u]
    st.task[u] = TASK_NONE
    st.task_side[u] = -1
    if was == TASK_BUILD and area >= 0 and st.wip[area][side] and \
            not any(st.loc[c] == area and st.task[c] == TASK_BUILD and st.uside[c] == side for c in g.unit_range):
        st.wip[area][side] = False
        if g.log.enabled:
            g.event("wall", f"The {g.players[side]} wall being built in {g.aid(area)} is abandoned.",
                    side=g.players[side], rule="10.2.1", area=g.aid(area), abandoned=True)


def walls_step(g) -> None:
    st = g.state
    side = st.active_side
    if st.impulse_kind == "ground" and _areas(g, side, []):
        g.ask("walls", side, done=[])


def _areas(g, side: int, done: list) -> list[int]:
    st = g.state
    return sorted({st.loc[u] for u in g.unit_range if st.active[u] and st.uside[u] == side and st.loc[u] >= 0
                   and g.map.is_land[st.loc[u]] and st.loc[u] not in done and workers(g, st.loc[u], side)})


def _options(g) -> list:
    st = g.state
    side = st.to_act
    out = []
    for a in _areas(g, side, st.ctx["done"]):
        name = g.aid(a)
        if st.wip[a][side] or can_start(g, a, side):
            out.append(intern(BuildWall, name))
        for s in (0, 1):
            if st.walls[a][s] > 0 and not any(st.loc[u] == a and st.task[u] == TASK_TEAR and st.task_side[u] == s
                                              for u in g.unit_range):
                out.append(intern(TearDown, name, g.players[s]))
    out.append(END_WALLS)
    return out


def _apply(g, a) -> None:
    st = g.state
    side = st.to_act
    if isinstance(a, EndWalls):
        g.done()
        return
    area = g.area_named(a.area)
    st.ctx["done"] = [*st.ctx["done"], area]
    st.serial += 1
    if isinstance(a, BuildWall):
        build(g, area, side)
    else:
        tear_down(g, area, side, g.players.index(a.wall))


def build_modifiers(g, area: int, side: int, builders: list[int]) -> list[tuple[str, int]]:
    st = g.state
    t = g.tables.drm["walls_drm"]
    parts = []
    extra = min(2, len(builders) - 1)
    if extra > 0:
        parts.append(("extra_builder", t["extra_builder"] * extra))
    if any(x == area and g.counters.leaders[j].side == side for j, x in enumerate(st.lloc)):
        parts.append(("leader", t["leader"]))
    if any(st.status[u] == DISRUPTED for u in builders):
        parts.append(("disrupted_builders", t["disrupted_builders"]))
    if any(enemy_normal_here(g, c, side) for c in g.map.adj[area]):
        parts.append(("enemy_adjacent", t["enemy_adjacent"]))
    if any(st.oos[u] for u in builders):
        parts.append(("out_of_supply", t["out_of_supply"]))
    return parts


def build(g, area: int, side: int) -> bool:
    """Rule 10.2.1: the workers go under the marker and roll; returns whether the wall was completed."""
    st = g.state
    new = not st.wip[area][side]
    st.wip[area][side] = True
    builders = workers(g, area, side)
    for u in builders:
        st.task[u] = TASK_BUILD
    roll = g.roll(side, 6, f"building a siege wall in {g.aid(area)} (Syracuse 10.2.1)")
    parts = build_modifiers(g, area, side, builders)
    total = roll + sum(v for _, v in parts)
    done = total >= g.tables.walls_completes_on
    if g.log.enabled:
        why = modifiers_in_words(parts) or "no modifier"
        g.event("wall", f"{g.players[side]} {'starts building' if new else 'goes on building'} a siege wall in "
                f"{g.aid(area)} with {len(builders)} units: rolled {roll} ({why}) = {total}: "
                + ("the wall is completed." if done else "the work goes on."), side=g.players[side], rule="10.2.1",
                area=g.aid(area), die=roll, modified=total, completed=done, builders=len(builders))
    if done:
        complete(g, area, side)
    return done


def complete(g, area: int, side: int) -> None:
    st = g.state
    st.wip[area][side] = False
    st.walls[area][side] += 1
    for u in g.unit_range:
        if st.loc[u] == area and st.uside[u] == side and st.task[u] == TASK_BUILD:
            st.task[u] = TASK_NONE
    if g.log.enabled:
        g.event("wall_built", f"A {g.players[side]} siege wall stands in {g.aid(area)} "
                f"({st.walls[area][side]} there).", side=g.players[side], rule="10.2.1", area=g.aid(area),
                walls=st.walls[area][side])
    circle_fort.check_built(g, area)


def tear_down(g, area: int, side: int, wall_side: int) -> None:
    """Rule 10.2.2: the workers go under the wall; it comes down at the end of the Administrative Phase."""
    st = g.state
    units = workers(g, area, side)
    for u in units:
        st.task[u] = TASK_TEAR
        st.task_side[u] = wall_side
    if g.log.enabled:
        g.event("wall", f"{g.players[side]} starts tearing down the {g.players[wall_side]} siege wall in "
                f"{g.aid(area)} with {len(units)} units.", side=g.players[side], rule="10.2.2", area=g.aid(area),
                wall_side=g.players[wall_side])


def complete_at_turn_end(g) -> None:
    """Rule 4.4 (rally segment): walls still being built by units in place are completed; rule 10.2.2: walls
    being torn down by units still Normal or Disrupted come down."""
    st = g.state
    for a in g.map.land:
        for side in (0, 1):
            if st.wip[a][side]:
                builders = [u for u in g.unit_range if st.loc[u] == a and st.uside[u] == side
                            and st.task[u] == TASK_BUILD and st.status[u] != ROUTED]
                if builders and st.walls[a][side] < wall_limit(g, a, side):
                    complete(g, a, side)
                else:
                    st.wip[a][side] = False
                    for u in builders:
                        st.task[u] = TASK_NONE
        for wall_side in (0, 1):
            tearers = [u for u in g.unit_range if st.loc[u] == a and st.task[u] == TASK_TEAR
                       and st.task_side[u] == wall_side and st.status[u] != ROUTED]
            if tearers and st.walls[a][wall_side] > 0:
                st.walls[a][wall_side] -= 1
                if g.log.enabled:
                    g.event("wall_down", f"The {g.players[wall_side]} siege wall in {g.aid(a)} is torn down.",
                            side=g.players[st.uside[tearers[0]]], rule="10.2.2", area=g.aid(a),
                            wall_side=g.players[wall_side])
            for u in g.unit_range:
                if st.loc[u] == a and st.task[u] == TASK_TEAR and st.task_side[u] == wall_side:
                    st.task[u] = TASK_NONE
                    st.task_side[u] = -1
    for u in g.unit_range:
        if st.task[u] == TASK_TEAR:
            st.task[u] = TASK_NONE
            st.task_side[u] = -1


TASKS = {"walls": walls_step}
STEPS = {"walls": Step(_options, _apply, "10.2", "build or tear down siege walls")}
