"""Rule 10.1, the Sicels: counters drawn at random from an opaque container by either side (set-up, waves of
reinforcements, recruitment), shown only to the player who drew them until he places them (a private draw).
Recruitment (10.1.1): the side with the higher ML draws as many as the difference; the other may draw one on a
D10 no more than its ML, and on a 10 one of its Sicels deserts (its opponent chooses which); with equal ML both
roll. New Sicels go to a west-edge area free of enemy units or to a friendly leader who can trace supply.
Eliminated or deserting Sicels go back into the container.
"""

from __future__ import annotations

from . import supply
from .actions import ChooseDeserter, PlaceSicel, intern
from .decisions import Step
from .state import POOL


def container(g) -> list[int]:
    """The Sicels in the opaque container (not in play, not in anyone's hand)."""
    st = g.state
    return [u for u in g.counters.sicels if st.loc[u] == POOL and st.uside[u] < 0]


def draw(g, side: int, k: int, why: str) -> list[int]:
    """``side`` draws ``k`` Sicels (fewer if the container runs out): a private draw, kept in its hand."""
    st = g.state
    pool = container(g)
    k = min(k, len(pool))
    if k <= 0:
        return []
    names = g.dice.draw([g.uid(u) for u in pool], k, who=g.players[side], why=f"{why} (Syracuse 10.1)", private=True)
    drawn = [g.unit_named(name) for name in names]
    for u in drawn:
        st.uside[u] = side
        st.utype[u] = g.counters.units[u].type
        st.steps[u] = g.types[st.utype[u]].steps
        st.status[u] = 0
    st.hands[side] = st.hands[side] + drawn
    if g.log.enabled:
        g.event("sicel_draw", f"{g.players[side]} draws {k} Sicel unit{'s' if k > 1 else ''} from the container.",
                side=g.players[side], rule="10.1", count=k)
        g.event("sicel_hand", f"You drew {', '.join(g.uid(u) for u in drawn)}.", side=g.players[side], rule="10.1",
                private_to=g.players[side], units=[g.uid(u) for u in drawn])
    return drawn


def place(g, u: int, area: int, rule: str = "10.1.1") -> None:
    st = g.state
    side = st.uside[u]
    st.hands[side] = [x for x in st.hands[side] if x != u]
    st.loc[u] = area
    if g.log.enabled:
        g.event("sicel", f"{g.players[side]} places {g.uid(u)} ({g.types[st.utype[u]].name}) in {g.aid(area)}.",
                side=g.players[side], rule=rule, unit=g.uid(u), area=g.aid(area), unit_type=st.utype[u])


def placement_areas(g, side: int) -> list[int]:
    """Rule 10.1.1: west-edge areas free of enemy units, and areas with a friendly leader who can trace supply
    (free of enemy units too)."""
    st, b = g.state, g.map
    enemy = {st.loc[u] for u in g.unit_range if st.uside[u] == 1 - side and st.loc[u] >= 0}
    out = {a for a in b.west_edge if a not in enemy}
    naval, city, _, _ = supply.traced(g, side)
    for j, a in enumerate(st.lloc):
        if a >= 0 and b.is_land[a] and g.counters.leaders[j].side == side and a not in enemy \
                and st.laboard[j] < 0 and (a in naval or a in city):
            out.add(a)
    if side == 0:
        out -= b.city
    return sorted(out)


def recruitment(g) -> None:
    """Rule 10.1.1, in the Reinforcement Segment."""
    st = g.state
    a, s = st.ml
    deserters = []
    if a != s:
        high = 0 if a > s else 1
        draw(g, high, abs(a - s), "Sicel recruitment")
        rolls = [1 - high]
    else:
        rolls = [0, 1]
    for side in rolls:
        roll = g.roll(side, 10, "recruiting a Sicel unit (Syracuse 10.1.1)")
        if roll == 10 and any(st.uside[u] == side and st.loc[u] >= -1 for u in g.counters.sicels):
            deserters.append(side)
        if g.log.enabled:
            g.event("sicel_roll", f"{g.players[side]} rolls {roll} against ML {st.ml[side]} to recruit a Sicel"
                    + ("; a Sicel unit deserts." if side in deserters else "."), side=g.players[side],
                    rule="10.1.1", die=roll)
        if roll <= st.ml[side]:
            draw(g, side, 1, "Sicel recruitment")
    tasks = [("desertion", side) for side in deserters]
    tasks += [("sicel_placement", side) for side in (0, 1)]
    g.then(*tasks)


def desertion(g, side: int) -> None:
    g.ask("deserter", 1 - side, owner=side)


def _deserter_options(g) -> list:
    st = g.state
    side = st.ctx["owner"]
    return [intern(ChooseDeserter, g.uid(u)) for u in g.counters.sicels if st.uside[u] == side and st.loc[u] >= -1]


def _deserter_apply(g, a) -> None:
    st = g.state
    u = g.unit_named(a.unit)
    side = st.uside[u]
    area = st.loc[u]
    from .steps import eliminate

    g.done()
    if g.log.enabled:
        g.event("desertion", f"{a.unit} deserts {g.players[side]} and goes back into the container.",
                side=g.players[side], rule="10.1.1", unit=a.unit, area=g.aid(area))
    was = g.log.enabled
    g.log.enabled = False
    eliminate(g, u, "10.1.1", "deserted")
    g.log.enabled = was


def placement(g, side: int) -> None:
    st = g.state
    if not st.hands[side]:
        return
    if not placement_areas(g, side):
        for u in st.hands[side]:
            st.uside[u] = -1
        st.hands[side] = []
        if g.log.enabled:
            g.event("sicel", f"{g.players[side]} has nowhere to place its Sicels: they go back into the container.",
                    side=g.players[side], rule="10.1.1")
        return
    g.ask("place_sicel", side)


def _place_options(g) -> list:
    st = g.state
    side = st.to_act
    areas = placement_areas(g, side)
    u = st.hands[side][0]
    return [intern(PlaceSicel, g.uid(u), g.aid(a)) for a in areas]


def _place_apply(g, a) -> None:
    st = g.state
    side = st.to_act
    place(g, g.unit_named(a.unit), g.area_named(a.area))
    if st.hands[side]:
        st.serial += 1
    else:
        g.done()


TASKS = {"desertion": desertion, "sicel_placement": placement, "sicel_recruitment": recruitment}
STEPS = {
    "place_sicel": Step(_place_options, _place_apply, "10.1.1", "place the Sicel units it drew"),
    "deserter": Step(_deserter_options, _deserter_apply, "10.1.1", "choose which enemy Sicel unit deserts"),
}
