"""The tactical battle board (rules 6.5, 7.3, 8.3): pitched battles fought square by square.

The campaign engine calls one function, :func:`start` (from ``combat.resolve``, rule 8.1), when a combat becomes
a pitched battle. From then on the battle is a sequence of decisions by both players (the step ``battle``),
through the same ``legal_actions()`` / ``apply()`` as the rest of the game; its whole state is
``game.state.battle`` (plain values), so a game saved in the middle of a battle loads back exactly. When it ends
the survivors are back in their map area, routed units in their refuge, and the campaign goes on.

Modules: ``board.py`` (the squares, facings and stacking, 7.3.2), ``sequence.py`` (the round, 6.5; set-up; the
end), ``movement.py`` (7.3, 7.3.1), ``fire.py`` (8.3.1, and 10.7), ``assault.py`` (8.3.2), ``naval.py`` (8.3.3,
8.3.4), ``odds.py`` (exact odds of one resolution, Monte Carlo of whole battles).
"""

from __future__ import annotations

from .actions import ACTION_TYPES
from .actions import parse as parse
from .board import FACINGS, grid
from .sequence import STEP, start

TASKS: dict = {}
STEPS = {"battle": STEP}

PHASE_WORDS = {"deploy": "set up", "move": "move", "fire": "fire", "cavalry": "cavalry retreats",
               "assault": "assault", "rally": "rally", "end": "end"}


def prompt_extra(g) -> str:
    b = g.state.battle
    return f" (battle in {g.aid(b['area'])}, round {b['round']}: {PHASE_WORDS.get(b['phase'], b['phase'])})"


def observe(g, player) -> dict:
    """The battle board as a player sees it (nothing on it is hidden)."""
    b = g.state.battle
    st = g.state
    gr = grid(g)
    return {
        "area": g.aid(b["area"]), "attacker": g.players[b["attacker"]], "night": b["night"], "naval": b["naval"],
        "round": b["round"], "rounds": g.tables.rounds, "phase": b["phase"],
        "side": g.players[b["side"]] if b["side"] >= 0 else None, "rows": gr.rows, "columns": gr.columns,
        "units": [{"id": g.uid(u), "side": g.players[st.uside[u]], "square": gr.names[b["pos"][u]],
                   "facing": FACINGS[b["face"][u]], "status": ("normal", "disrupted", "routed")[st.status[u]],
                   "steps": st.steps[u], "aboard": [g.uid(c) for c in g.unit_range if st.aboard[c] == u]}
                  for side in (0, 1) for u in b["units"][side]],
        "leaders": {g.lid(j): g.uid(u) for j, u in b["leaders"].items()},
        "moving": g.uid(b["moving"]) if b["moving"] >= 0 else None,
        "steps_lost": {g.players[s]: b["lost"][s] for s in (0, 1)},
        "routed": {g.players[s]: [g.uid(u) for u in b["routed"][s]] for s in (0, 1)},
        "night_shift": {g.players[s]: b["shift"][s] for s in (0, 1)},
        "night_drm": {g.players[s]: b["drm"][s] for s in (0, 1)},
    }


def explain(g, a):
    """Why a battle-board action is not allowed now (None: not a battle action)."""
    if a.kind not in {cls.kind for cls in ACTION_TYPES}:
        return None
    st = g.state
    if st.battle is None or st.step != "battle":
        return "8.3", f"there is no pitched battle being fought; now: {g.prompt()}"
    b = st.battle
    rules = {"deploy": "8.1", "move": "7.3", "fire": "8.3.1", "cavalry": "10.7",
             "assault": "8.3.3" if b["naval"] else "8.3.2"}
    rule = rules.get(b["phase"], "6.5")
    words = {
        "deploy": "units set up in the rows of their side's edge (two a square, cavalry only with cavalry), one "
                  "after the other, then leaders with a unit",
        "move": "a unit moves straight ahead or turns (1 MP each), one unit at a time, never into a square with an "
                "enemy or a third unit; next to the enemy it stops unless it passes the check of 7.3.1",
        "fire": "a unit shoots straight ahead at an enemy square within its range, once a phase",
        "cavalry": "only cavalry next to the enemy (and to no enemy cavalry) may try to ride back one square",
        "assault": "only units whose front faces an enemy square next to them assault it, once a phase",
    }.get(b["phase"], "")
    return rule, f"{a} is not possible now: {words}; now: {g.prompt()}"


__all__ = ["ACTION_TYPES", "STEPS", "TASKS", "observe", "parse", "prompt_extra", "start"]
