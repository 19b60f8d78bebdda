"""Rule 8.4, step results: hoplites lose one CF per step and flip after two losses; cavalry and light infantry
flip with the first step and are eliminated by the second; archers, peltasts and Sicels are eliminated by any
step loss; naval units have two steps. Eliminated Sicels go back to the opaque container (10.1).
"""

from __future__ import annotations

from . import leaders
from .state import ELIM, NORMAL, POOL, ROUTED, TASK_NONE


def rout(g, u: int) -> None:
    """The unit is Routed: it can no longer move or act in this impulse."""
    st = g.state
    st.status[u] = ROUTED
    st.active[u] = False


def eliminate(g, u: int, rule: str, why: str) -> None:
    """Take unit ``u`` out of the game (a Sicel back into the container); a naval unit takes what it carries."""
    st = g.state
    area = st.loc[u]
    side = st.uside[u]
    from .walls import leave_task

    leave_task(g, u)
    if st.utype[u] == "N":
        g.note(side, "naval_steps_lost", st.steps[u])
        for c in g.unit_range:
            if st.aboard[c] == u:
                eliminate(g, c, rule, f"aboard {g.uid(u)}, which was lost")
        for j, s in enumerate(st.laboard):
            if s == u:
                leaders.eliminate_leader(g, j, rule, f"aboard {g.uid(u)}, which was lost")
    st.aboard[u] = -1
    st.active[u] = False
    st.status[u] = NORMAL
    unit = g.counters.units[u]
    if unit.side < 0:  # rule 10.1: back into the opaque container
        st.loc[u] = POOL
        st.uside[u] = -1
        st.steps[u] = g.types[unit.type].steps
        st.utype[u] = unit.type
    else:
        st.loc[u] = ELIM
        st.steps[u] = 0
    st.task[u] = TASK_NONE
    if g.log.enabled:
        g.event("eliminated", f"{g.uid(u)} is eliminated in {g.aid(area)}: {why}.", side=g.players[side], rule=rule,
                unit=g.uid(u), area=g.aid(area), unit_type=unit.type)
    if area >= 0:
        leaders.alone_check(g, area)


def lose_steps(g, u: int, n: int, rule: str, why: str, stacked_leaders=()) -> bool:
    """Unit ``u`` takes ``n`` step losses (rule 8.4); ``stacked_leaders`` make the leader-loss roll (10.4.3).
    Returns whether the unit was eliminated."""
    st = g.state
    if n <= 0 or st.loc[u] in (ELIM, POOL):
        return False
    side = st.uside[u]
    t = g.types[st.utype[u]]
    lost = min(n, st.steps[u]) if t.steps > 1 else st.steps[u]
    if stacked_leaders:
        leaders.loss_check(g, list(stacked_leaders), f"{g.uid(u)} lost a step")
    if t.steps == 1 or st.steps[u] - lost <= 0:
        eliminate(g, u, rule, why)  # counts a naval unit's steps lost
        return True
    st.steps[u] -= lost
    if t.naval:
        g.note(side, "naval_steps_lost", lost)
    if g.log.enabled:
        g.event("step_loss", f"{g.uid(u)} loses {lost} step{'s' if lost > 1 else ''} ({why}); {st.steps[u]} left.",
                side=g.players[side], rule=rule, unit=g.uid(u), steps_lost=lost, steps_left=st.steps[u])
    return False
