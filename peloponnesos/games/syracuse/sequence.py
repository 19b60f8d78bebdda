"""Rule 4, the sequence of play: Random Events (4.1), Supply and Initiative Determination (4.2), Operations
(4.3, played in ``impulses.py``) and the Administrative Phase (4.4): victory, rally, walls, replacements,
reinforcements, the Circle Fort, the end of the turn.
"""

from __future__ import annotations

from . import circle_fort, rally, supply, victory, walls
from .state import ELIM


def start_turn(g) -> None:
    """A new turn: activations, notes for the morale table and the random event marker are reset."""
    st = g.state
    st.phase = "events"
    st.reset_activity(turn=True)
    st.prev_notes = st.notes
    st.notes = [{}, {}]
    st.omens = ["", ""]
    st.event = 0
    st.ops = [0, 0]
    if g.log.enabled:
        names = g.setup_data["turns"]["names"]
        season = names[st.turn - 1] if st.turn <= len(names) else ""
        g.event("turn", f"Turn {st.turn} ({season}) begins.", rule="4", season=season)
    g.then(("random_event",), ("supply",), ("morale",), ("initiative",), ("impulse_roll",), ("operations",))


def random_event(g) -> None:
    """Rule 4.1: both players roll a D6; the total is looked up on the Random Events Table."""
    st = g.state
    a = g.roll(0, 6, "the random event (Syracuse 4.1)")
    s = g.roll(1, 6, "the random event (Syracuse 4.1)")
    total = a + s
    ev = g.tables.events[total]
    st.event = total
    st.omens = list(ev.omens)
    if g.log.enabled:
        g.event("random_event", f"Random event {total}: {ev.name}.", rule="4.1", roll=total, event=ev.name)
    if ev.replacements >= 0:
        g.then(("replacements", ev.replacements, "event"))


def operations(g) -> None:
    """Rule 4.3: the Operations Phase; the initiative player declares first (6.1.2)."""
    st = g.state
    st.phase = "operations"
    st.declarer = st.initiative
    st.last_pass = False
    g.then(("declare",))


def admin(g) -> None:
    """Rule 4.4: victory, then the rally segment (rally, walls, replacements), then reinforcements."""
    st = g.state
    st.phase = "admin"
    st.active_side = -1
    st.impulse_kind = ""
    first = st.initiative
    g.then(("victory",), ("rally",), ("walls_complete",), ("replacements", first, "admin"),
           ("replacements", 1 - first, "admin"), ("expedition_check",), ("sicel_recruitment",), ("fort_check",),
           ("turn_end",))


def turn_end(g) -> None:
    st = g.state
    if g.log.enabled:
        g.event("turn_end", f"End of turn {st.turn}.", rule="4.4", **totals(g))
    if st.turn >= g.last_turn:
        from .morale import city_open

        line = ("the city was never walled in: its supply line to the west still ran (6.99.1, 7.2.4)" if city_open(g)
                else "the city's supply line to the west was cut: it was walled in")
        g.finish(None, "draw", f"turn {st.turn} was the last and neither side won or surrendered; the war drags "
                 f"on, and {line}", "11.2")
        return
    st.turn += 1
    g.then(("turn",))


def totals(g) -> dict:
    """Per-side figures for the log's turn snapshots: ML, IL, steps and units on the map, naval units."""
    st = g.state
    steps = [0, 0]
    units = [0, 0]
    for u in g.unit_range:
        if st.loc[u] >= 0 and st.uside[u] >= 0:
            steps[st.uside[u]] += st.steps[u]
            units[st.uside[u]] += 1
    return {"ml_Athens": st.ml[0], "ml_Syracuse": st.ml[1], "il_Athens": st.il[0], "il_Syracuse": st.il[1],
            "steps_Athens": steps[0], "steps_Syracuse": steps[1], "units_Athens": units[0],
            "units_Syracuse": units[1], "eliminated": sum(1 for u in g.unit_range if st.loc[u] == ELIM)}


def battle_over(g) -> None:
    """The end of a battle prepared on its own (``battle.odds.battle_position``): the game stops there."""
    g.finish(None, "draw", "the prepared battle is over", "8.3")


def jump_to_impulse(g, side: int, kind: str, ops: int, other_ops: int, turn: int | None) -> None:
    """Tests and lessons: the Operations Phase of a prepared position, ``side`` about to play an impulse."""
    st = g.state
    if turn is not None:
        st.turn = turn
    st.phase = "operations"
    st.ops = [0, 0]
    st.ops[side] = ops - 1
    st.ops[1 - side] = other_ops
    st.initiative = side
    st.declarer = side
    st.last_pass = False
    st.step = ""
    st.to_act = -1
    st.ctx = {}
    st.agenda = []
    g.then(("impulse", side, kind), ("after_impulse", side))


def jump_to_admin(g, turn: int | None) -> None:
    st = g.state
    if turn is not None:
        st.turn = turn
    st.step = ""
    st.to_act = -1
    st.ctx = {}
    st.agenda = []
    g.then(("admin",))


TASKS = {
    "turn": start_turn,
    "random_event": random_event,
    "operations": operations,
    "admin": admin,
    "turn_end": turn_end,
    "battle_over": battle_over,
    "victory": victory.victory_determination,
    "rally": rally.admin_rally,
    "walls_complete": walls.complete_at_turn_end,
    "replacements": supply.replacements,
    "fort_check": circle_fort.destruction_check,
}
