"""Rule 8.5, rally in the Administrative Phase (4.4): every Disrupted unit returns to Normal Status; each Routed
unit rolls a D10, minus the rating of a leader in its area, plus 1 or 2 if it cannot trace supply (the tables
say which): no more than the ML and it becomes Disrupted, 1 or less and it is Normal again, 10 or more and it
is eliminated. (Rally on the battle board is in ``battle/sequence.py``.)
"""

from __future__ import annotations

from . import supply
from .pieces import leader_drm
from .state import DISRUPTED, NORMAL, ROUTED
from .steps import eliminate
from .tables import modifiers_in_words


def admin_rally(g) -> None:
    st = g.state
    st.phase = "admin"
    recovered = 0
    for u in g.unit_range:
        if st.uside[u] >= 0 and st.loc[u] >= -1 and st.status[u] == DISRUPTED:
            st.status[u] = NORMAL
            recovered += 1
    found = [supply.traced(g, 0), supply.traced(g, 1)]
    t = g.tables.drm["rally"]
    for u in g.unit_range:
        if st.uside[u] < 0 or st.loc[u] < -1 or st.status[u] != ROUTED:
            continue
        side = st.uside[u]
        a = st.loc[u]
        roll = g.roll(side, 10, f"rallying {g.uid(u)} (Syracuse 8.5)")
        here = [j for j, x in enumerate(st.lloc) if x == a and a >= 0 and g.counters.leaders[j].side == side]
        parts = leader_drm(g, "leader", t["leader"], here)
        if not supply.can_trace(g, u, found[side]):
            parts.append(("out_of_supply", g.tables.rally_out_of_supply[side]))
        total = roll + sum(v for _, v in parts)
        if total >= 10:
            outcome = "eliminated"
        elif total <= 1:
            outcome = "normal"
        elif total <= st.ml[side]:
            outcome = "disrupted"
        else:
            outcome = "routed"
        if g.log.enabled:
            why = modifiers_in_words(parts) or "no modifier"
            g.event("rally", f"{g.uid(u)} rolls {roll} ({why}) = {total} against ML {st.ml[side]}: {outcome}.",
                    side=g.players[side], rule="8.5", unit=g.uid(u), die=roll, modified=total, outcome=outcome)
        if outcome == "eliminated":
            eliminate(g, u, "8.5", "it never rallied")
        elif outcome == "normal":
            st.status[u] = NORMAL
        elif outcome == "disrupted":
            st.status[u] = DISRUPTED
    if g.log.enabled:
        g.event("rally_all", f"{recovered} Disrupted units return to Normal Status.", rule="4.4", units=recovered)


TASKS: dict = {}
