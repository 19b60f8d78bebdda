"""Rule 10.3, the Circle Fort: the third Athenian siege wall in an Epipolae area becomes the fort; it helps the
Athenians in skirmishes there (the skirmish table), shelters their routed units, breaks ties of initiative in
their favour (5.2.1) and is destroyed for good if a Syracusan unit in Normal Status holds its area at the end
of the Administrative Phase.
"""

from __future__ import annotations

from .state import NORMAL


def check_built(g, area: int) -> None:
    """Three Athenian walls in an area of Epipolae: they are replaced by the Circle Fort."""
    st = g.state
    if st.walls[area][0] >= 3 and area in g.map.epipolae and st.fort < 0 and not st.fort_built:
        st.walls[area][0] = 0
        st.fort = area
        st.fort_built = True
        g.note(0, "fort_built")
        if g.log.enabled:
            g.event("circle_fort", f"The Circle Fort is completed in {g.aid(area)}.", side="Athens", rule="10.3",
                    area=g.aid(area))


def destruction_check(g) -> None:
    """At the end of the Administrative Phase, a Syracusan unit in Normal Status in the fort's area destroys it."""
    st = g.state
    a = st.fort
    if a < 0:
        return
    if any(st.loc[u] == a and st.uside[u] == 1 and st.status[u] == NORMAL and st.aboard[u] < 0
           for u in g.unit_range):
        st.fort = -1
        st.fort_destroyed = True
        g.note(0, "fort_destroyed")
        if g.log.enabled:
            g.event("circle_fort", f"The Circle Fort in {g.aid(a)} is destroyed; it can never be rebuilt.",
                    side="Syracuse", rule="10.3", area=g.aid(a), destroyed=True)
