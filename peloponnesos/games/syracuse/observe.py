"""What a player may see (``observation``) and the one-line prompt. The Sicels a player drew and has not placed
are shown only to him; his opponent sees how many (rule 10.1)."""

from __future__ import annotations

from .pieces import assault_cf, face, fire_cf, movement_points, rating
from .state import ELIM, STATUS_NAMES, TASK_BUILD, TASK_TEAR


def prompt(g) -> str:
    st = g.state
    if st.result is not None:
        r = st.result
        return f"The game is over: {r['winner'] or 'nobody'} wins ({r['reason']})."
    from .engine import STEPS

    step = STEPS.get(st.step)
    if step is None or st.to_act < 0:
        return "Waiting."
    side = g.players[st.to_act]
    extra = ""
    ctx = st.ctx
    if st.step in ("time", "want", "builders") and "area" in ctx:
        extra = f" in {g.aid(ctx['area'])}"
    elif st.step == "activate_units":
        extra = f" (up to {ctx['left']} more)"
    elif st.step == "skirmish" and st.skirmish:
        extra = f" in {g.aid(st.skirmish['area'])}"
    elif st.step == "battle" and st.battle:
        from . import battle

        extra = battle.prompt_extra(g)
    return f"Turn {st.turn}: {side} must {step.what}{extra}."


def observation(g, player: str | None) -> dict:
    st, b = g.state, g.map
    viewer = g.players.index(player) if player in g.players else None
    from .engine import STEPS

    names = g.setup_data["turns"]["names"]
    units = []
    for u in g.unit_range:
        if st.uside[u] < 0 or st.loc[u] < -1:
            continue
        t = g.types[st.utype[u]]
        units.append({
            "id": g.uid(u), "side": g.players[st.uside[u]], "type": st.utype[u], "type_name": t.name,
            "steps": st.steps[u], "max_steps": t.steps, "face": face(g, u), "status": STATUS_NAMES[st.status[u]],
            "area": g.aid(st.loc[u]) if st.loc[u] >= 0 else "OFF",
            "aboard": g.uid(st.aboard[u]) if st.aboard[u] >= 0 else None,
            "activated": st.used[u] > 0, "active": st.active[u], "moved": st.moved[u],
            "task": {TASK_BUILD: "building", TASK_TEAR: "tearing down"}.get(st.task[u], ""),
            "assault": assault_cf(g, u), "fire": fire_cf(g, u), "mp": movement_points(g, u),
            "out_of_supply": st.oos[u],
        })
    leaders = [{"id": g.lid(j), "side": g.players[ld.side], "rating": rating(g, j), "reduced": st.lred[j],
                "area": g.aid(st.lloc[j]) if st.lloc[j] >= 0 else ("OFF" if st.lloc[j] == -1 else None),
                "aboard": g.uid(st.laboard[j]) if st.laboard[j] >= 0 else None, "activated": st.lused[j],
                "in_play": st.lloc[j] >= -1, "eliminated": st.lloc[j] == ELIM}
               for j, ld in enumerate(g.counters.leaders)]
    walls = {}
    for a in b.land:
        w, p = st.walls[a], st.wip[a]
        if w[0] or w[1] or p[0] or p[1]:
            walls[b.ids[a]] = {"Athens": w[0], "Syracuse": w[1],
                               "building": [g.players[s] for s in (0, 1) if p[s]]}
    from .sicels import container

    hands = {g.players[s]: len(st.hands[s]) for s in (0, 1)}
    def due(k, w) -> bool:
        if k == "exp":
            return bool(st.expedition["met_turn"])
        return bool(w["ready"] or (not w["check"] and st.turn >= w["from_turn"]))

    arrivals = {k: {"ready": due(k, w),
                    "units": [g.uid(u) for u, _ in w["units"]], "leaders": [g.lid(j) for j in w["leaders"]]}
                for k, w in st.arrivals.items()}
    ev = g.tables.events.get(st.event)
    step = STEPS.get(st.step)
    out = {
        "game": g.name, "viewer": player, "turn": st.turn, "turns": g.last_turn,
        "season": names[st.turn - 1] if 0 < st.turn <= len(names) else "", "phase": st.phase, "step": st.step,
        "to_act": g.players[st.to_act] if st.to_act >= 0 and st.result is None else None, "prompt": prompt(g),
        "ml": {"Athens": st.ml[0], "Syracuse": st.ml[1]}, "il": {"Athens": st.il[0], "Syracuse": st.il[1]},
        "initiative": g.players[st.initiative],
        "impulses_left": {"Athens": st.ops[0], "Syracuse": st.ops[1]},
        "impulse": {"side": g.players[st.active_side], "kind": st.impulse_kind} if st.active_side >= 0 else None,
        "event": {"roll": ev.roll, "name": ev.name, "passages": list(ev.passages)} if ev is not None else None,
        "omens": {"Athens": st.omens[0], "Syracuse": st.omens[1]},
        "units": units, "leaders": leaders,
        "eliminated": [g.uid(u) for u in g.unit_range if st.loc[u] == ELIM],
        "walls": walls, "wall_markers": g.counters.wall_markers,
        "circle_fort": {"area": g.aid(st.fort) if st.fort >= 0 else None, "built": st.fort_built,
                        "destroyed": st.fort_destroyed},
        "reinforced_rams": st.rams, "reinforcements": arrivals,
        "expedition": {"conditions_met_in_turn": st.expedition["met_turn"] or None,
                       "arrived": st.expedition["arrived"]},
        "sicels": {"container": len(container(g)), "hands": hands,
                   "hand": [g.uid(u) for u in st.hands[viewer]] if viewer is not None else []},
        "surrender_checks": {"Athens": st.surrender_checks[0], "Syracuse": st.surrender_checks[1]},
        "pending": {"step": st.step, "side": g.players[st.to_act] if st.to_act >= 0 else None,
                    "what": step.what if step else "", "rule": step.rule if step else ""},
        "skirmish": _skirmish(g), "battle": _battle(g, player), "last_combat": st.last_combat,
        "result": dict(st.result) if st.result is not None else None,
    }
    return out


def _skirmish(g):
    sk = g.state.skirmish
    if sk is None:
        return None
    return {"area": g.aid(sk["area"]), "attacker": g.players[sk["attacker"]], "night": sk["night"],
            "units": {g.players[s]: [g.uid(u) for u in sk["units"][s]] for s in (0, 1)},
            "held_back": {g.players[s]: [g.uid(u) for u in sk["reserve"][s]] for s in (0, 1)},
            "facing": {g.uid(u): g.uid(x) for u, x in sk["facing"].items() if x >= 0},
            "leaders": {g.lid(j): g.uid(u) for j, u in sk["with"].items()}}


def _battle(g, player):
    if g.state.battle is None:
        return None
    from . import battle

    return battle.observe(g, player)
