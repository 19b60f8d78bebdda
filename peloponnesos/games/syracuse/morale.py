"""Rule 5: the Morale Level (5.1, adjusted each turn from the morale table) and the Initiative Level (5.2, a D10
and the initiative table), both kept between 1 and 10; ties of IL (5.2.1) go to Athens while the Circle Fort
stands, otherwise to Syracuse.
"""

from __future__ import annotations

from .decisions import clamp
from .pieces import leader_drm
from .tables import modifiers_in_words


def morale_adjustment(g) -> None:
    """Rule 5.1: every entry of the morale table that applies, then the ML is kept within 1–10."""
    st = g.state
    st.phase = "supply"
    for side in (0, 1):
        parts = morale_parts(g, side, st.prev_notes)
        before = st.ml[side]
        st.ml[side] = clamp(before + sum(v for _, v in parts), 1, 10)
        if g.log.enabled:
            why = modifiers_in_words(parts) or "no change"
            g.event("morale", f"{g.players[side]} ML {before} → {st.ml[side]} ({why}).", side=g.players[side],
                    rule="5.1", ml_before=before, ml=st.ml[side])


def morale_parts(g, side: int, notes: list[dict]) -> list[tuple[str, int]]:
    """The entries of the morale table (5.1) that apply to ``side``, given what happened in a turn (``notes``,
    per side: last turn's at the adjustment; this turn's for a bot looking ahead to the next adjustment)."""
    st = g.state
    m = g.tables.drm["morale"]
    mine = notes[side]
    parts = []
    for key in ("won_pitched_battle", "lost_pitched_battle", "new_leader", "leader_lost"):
        n = mine.get(key, 0)
        if n:
            parts.append((key, m[key] * n))
    lost, their_lost = mine.get("naval_steps_lost", 0), notes[1 - side].get("naval_steps_lost", 0)
    if their_lost > lost:
        parts.append(("naval_victory", m["naval_victory"]))
    elif lost > their_lost:
        parts.append(("naval_defeat", m["naval_defeat"]))
    if side == 0 and mine.get("fort_built"):
        parts.append(("circle_fort_built", m["circle_fort_built"]))
    if side == 0 and mine.get("fort_destroyed"):
        parts.append(("circle_fort_destroyed", m["circle_fort_destroyed"]))
    if any(st.oos[u] and st.uside[u] == side for u in g.unit_range):
        parts.append(("out_of_supply", m["out_of_supply"]))
    if side == 1 and city_open(g):
        parts.append(("city_open", m["city_open"]))
    if harbour_held(g, side):
        parts.append(("harbour_held", m["harbour_held"]))
    ev = g.tables.events.get(st.event) if notes is st.prev_notes else None
    if ev is not None and ev.ml[side]:
        parts.append((f"event {ev.roll}", ev.ml[side]))
    return parts


def harbour_held(g, side: int) -> bool:
    """Whether ``side``'s naval units alone are in the Great Harbour (S-1, S-2)."""
    st, harbour = g.state, g.map.harbour
    ships = [False, False]
    for u in g.unit_range:
        if st.utype[u] == "N" and st.loc[u] in harbour and st.uside[u] >= 0:
            ships[st.uside[u]] = True
    return ships[side] and not ships[1 - side]


def city_open(g) -> bool:
    """Whether a Syracusan supply line runs from L-7 to a west-edge area (the city is not walled in)."""
    from .supply import _spread, passable

    b = g.map
    return bool(_spread(g, [b.l7], passable(g, 1)) & set(b.west_edge))


def initiative_modifiers(g, side: int) -> list[tuple[str, int]]:
    """The entries of the initiative table (5.2) that apply to ``side`` now."""
    st = g.state
    t = g.tables.drm["initiative"]
    parts = []
    mine = [j for j, a in enumerate(st.lloc) if a >= -1 and g.counters.leaders[j].side == side]
    parts += leader_drm(g, "leader_rating", t["leader_rating"], mine)
    if st.ml[side] > st.ml[1 - side]:
        parts.append(("higher_morale", t["higher_morale"]))
    if st.prev_initiative == side:
        parts.append(("held_initiative", t["held_initiative"]))
    if any(st.oos[u] and st.uside[u] == side for u in g.unit_range):
        parts.append(("out_of_supply", t["out_of_supply"]))
    if side == 0:
        fit = [j for j in mine if not st.lred[j]]
        if fit and all(g.counters.leaders[j].id == "Nicias" for j in fit):
            parts.append(("nicias_alone", t["nicias_alone"]))
    ev = g.tables.events.get(st.event)
    if ev is not None and ev.il[side]:
        parts.append((f"event {ev.roll}", ev.il[side]))
    return parts


def initiative(g) -> None:
    """Rule 5.2: each side rolls a D10 and adds the table's modifiers; the higher IL has the initiative. In turn 1
    the IL come from the set-up roll and Athens has the initiative (rules 4.2, 12.1)."""
    st = g.state
    if st.turn == 1:
        st.initiative = 0
        if g.log.enabled:
            g.event("initiative", f"Turn 1: Athens has the initiative (IL Athens {st.il[0]}, Syracuse {st.il[1]}).",
                    side="Athens", rule="4.2", il_Athens=st.il[0], il_Syracuse=st.il[1])
        return
    st.prev_initiative = st.initiative
    for side in (0, 1):
        roll = g.roll(side, 10, "the initiative level (Syracuse 5.2)")
        parts = initiative_modifiers(g, side)
        st.il[side] = clamp(roll + sum(v for _, v in parts), 1, 10)
        if g.log.enabled:
            why = modifiers_in_words(parts) or "no modifier"
            g.event("initiative_level", f"{g.players[side]} IL {st.il[side]} (rolled {roll}; {why}).",
                    side=g.players[side], rule="5.2", die=roll, il=st.il[side])
    st.initiative = tie_break(g) if st.il[0] == st.il[1] else (0 if st.il[0] > st.il[1] else 1)
    if g.log.enabled:
        g.event("initiative", f"{g.players[st.initiative]} has the initiative (IL Athens {st.il[0]}, "
                f"Syracuse {st.il[1]}).", side=g.players[st.initiative], rule="5.2.1", il_Athens=st.il[0],
                il_Syracuse=st.il[1])


def tie_break(g) -> int:
    """Rule 5.2.1: a tied IL goes to Athens while the Circle Fort is in play, else to Syracuse."""
    return 0 if g.state.fort >= 0 else 1


TASKS = {"morale": morale_adjustment, "initiative": initiative}
