"""Rule 6.5, a pitched battle round by round: the set-up (the defender on row 11, then the attacker on row 1, or
at night in any row up to a D10, 8.1 and 10.6), then up to ten rounds of: the attacker's movement, the
defender's defensive fire (and cavalry retreats, 10.7), the attacker's offensive fire, assaults and rally; the
same with the roles swapped; the end phase. It stops when one side has no unit left on the board; the survivors
go back to the map area, routed units to a refuge (8.2), and the winner's ML rises next turn (8.3).
"""

from __future__ import annotations

from .. import leaders as leader_rules
from ..decisions import Step
from ..state import DISRUPTED, NORMAL
from ..steps import eliminate, lose_steps, rout
from . import assault, fire, movement, naval
from .actions import Deploy, DeployRest
from .board import FACINGS, can_enter, grid, leaders_with, place, remove, square_leaders

ROUNDS_PHASES = ("move", "fire", "cavalry", "fire", "assault", "rally")


def phases(attacker: int) -> list[tuple[str, int]]:
    """The eleven phases of a round (6.5): each half by one side, the end phase last."""
    defender = 1 - attacker
    half = lambda me, you: [("move", me), ("fire", you), ("cavalry", you), ("fire", me), ("assault", me),  # noqa: E731
                            ("rally", me)]
    return [*half(attacker, defender), *half(defender, attacker), ("end", -1)]


def start(g, area: int, attacker: int, night: bool) -> None:
    """The one entry from the campaign (rule 8.1): fight a pitched battle in ``area``."""
    from ..combat import area_leaders, fighters
    from ..night import battle_rolls

    st = g.state
    naval = g.map.is_sea[area]
    units = [fighters(g, area, 0), fighters(g, area, 1)]
    chiefs = [area_leaders(g, area, 0), area_leaders(g, area, 1)]
    b = {"area": area, "attacker": attacker, "night": night, "naval": naval, "round": 0, "i": -1,
         "phase": "deploy", "side": 1 - attacker, "units": [[], []], "pos": {}, "face": {}, "stack": {},
         "leaders": {}, "moving": -1, "mp": 0, "checked": False, "entered": False, "with": -1, "done": [],
         "rammed": [], "manned": [], "hit": [], "lost": [0, 0], "routed": [[], []], "shift": [0, 0], "drm": [0, 0],
         "deploy": [], "rows": [], "pending": units, "chiefs": chiefs}
    st.battle = b
    if g.log.enabled:
        g.event("battle", f"Pitched battle in {g.aid(area)}" + (" by night" if night else "") + ": "
                f"{len(units[attacker])} {g.players[attacker]} units attack {len(units[1 - attacker])} "
                f"{g.players[1 - attacker]} units on the battle board.", side=g.players[attacker], rule="8.3",
                area=g.aid(area), night=night, attacker_units=len(units[attacker]),
                defender_units=len(units[1 - attacker]))
    if night:
        rolls = battle_rolls(g, attacker)
        b["shift"], b["drm"] = rolls["shift"], rolls["drm"]
    _begin_deploy(g, b, 1 - attacker)
    advance(g)


def _rows_needed(g, n: int) -> int:
    cols = grid(g).columns
    return max(1, -(-n // (2 * cols)))


def _begin_deploy(g, b: dict, side: int) -> None:
    """Rules 8.1 and 10.6: the defender on row 11 (and the rows behind if the board's width is too small for
    it), the attacker on row 1, or at night in any row up to a D10."""
    gr = grid(g)
    units = b["pending"][side]
    need = _rows_needed(g, len(units))
    if side == b["attacker"]:
        top = need
        if b["night"]:
            from ..night import attacker_rows

            top = max(need, min(gr.rows - 1, attacker_rows(g, side)))
        rows = list(range(1, top + 1))
    else:
        rows = list(range(gr.rows, gr.rows - need, -1))
    b["side"] = side
    b["rows"] = rows
    queue = list(units)
    if not b["naval"]:
        queue += [100 + j for j in b["chiefs"][side]]  # leaders last, each with a unit
    b["deploy"] = queue


def _deploy_squares(g, b: dict, piece: int) -> list[int]:
    gr = grid(g)
    side = b["side"]
    squares = [gr.square(r, c) for r in b["rows"] for c in range(gr.columns)]
    if piece >= 100:
        st = g.state
        return [sq for sq in squares if any(st.uside[x] == side for x in b["stack"].get(sq, ()))]
    ok = [sq for sq in squares if can_enter(g, b, sq, [piece])]
    if not ok:  # cavalry that fits nowhere in these rows: the next row behind
        extra = b["rows"][-1] + (1 if side == b["attacker"] else -1)
        ok = [gr.square(extra, c) for c in range(gr.columns) if can_enter(g, b, gr.square(extra, c), [piece])]
    return ok


def _name(g, piece: int) -> str:
    return g.lid(piece - 100) if piece >= 100 else g.uid(piece)


def _deploy_options(g, b: dict) -> list:
    piece = b["deploy"][0]
    names = grid(g).names
    out = [Deploy(_name(g, piece), names[sq]) for sq in _deploy_squares(g, b, piece)]
    if len(b["deploy"]) > 1 or not out:  # (a unit with no room anywhere stays off the board)
        out.append(DeployRest())
    return out


def _put(g, b: dict, piece: int, sq: int) -> None:
    side = b["side"]
    if piece >= 100:
        host = next(x for x in b["stack"][sq] if g.state.uside[x] == side)
        b["leaders"][piece - 100] = host
        return
    b["units"][side] = [*b["units"][side], piece]
    b["face"][piece] = 0 if side == b["attacker"] else 2  # each side faces the other's edge
    place(b, piece, sq)
    if b["naval"]:
        for j, ship in enumerate(g.state.laboard):
            if ship == piece:
                b["leaders"][j] = piece


def _deploy_apply(g, b: dict, a) -> None:
    if isinstance(a, DeployRest):
        while b["deploy"]:
            piece = b["deploy"].pop(0)
            squares = _deploy_squares(g, b, piece)
            if squares:
                _put(g, b, piece, squares[0])
    else:
        piece = b["deploy"].pop(0)
        _put(g, b, piece, grid(g).index[a.square])
    if not b["deploy"]:
        if b["side"] != b["attacker"]:
            _begin_deploy(g, b, b["attacker"])
        else:
            _log_line_up(g, b)
            b["round"] = 1
            b["i"] = -1
            _next_phase(g, b)


def _log_line_up(g, b: dict) -> None:
    if not g.log.enabled:
        return
    names = grid(g).names
    for side in (1 - b["attacker"], b["attacker"]):
        where = ", ".join(f"{g.uid(u)} {names[b['pos'][u]]}" for u in b["units"][side])
        g.event("battle_setup", f"{g.players[side]} sets up: {where}.", side=g.players[side], rule="8.1")


# --- the rounds ---------------------------------------------------------------------------------------------------
def _next_phase(g, b: dict) -> None:
    plan = phases(b["attacker"])
    b["i"] += 1
    if b["i"] >= len(plan):
        b["i"] = 0
    phase, side = plan[b["i"]]
    b["phase"] = phase
    b["side"] = side
    b["done"] = []
    b["hit"] = []
    b["moving"] = -1
    if b["i"] in (0, 6):
        b["rammed"] = []
        b["manned"] = []


def over(b: dict) -> bool:
    return not b["units"][0] or not b["units"][1]


def options(g) -> list:
    b = g.state.battle
    phase, side = b["phase"], b["side"]
    if phase == "deploy":
        return _deploy_options(g, b)
    if phase == "move":
        return movement.options(g, b, side)
    if phase == "fire":
        return fire.options(g, b, side)
    if phase == "cavalry":
        return fire.cavalry_options(g, b, side) if not b["naval"] else [fire.END_PHASE]
    if phase == "assault":
        return naval.options(g, b, side) if b["naval"] else assault.options(g, b, side)
    return []


def _apply(g, a) -> None:
    b = g.state.battle
    phase = b["phase"]
    if phase == "deploy":
        _deploy_apply(g, b, a)
    elif phase == "move":
        movement.apply(g, b, a)
    elif phase == "fire":
        fire.apply(g, b, a)
    elif phase == "cavalry":
        fire.cavalry_apply(g, b, a)
    elif phase == "assault":
        (naval.apply if b["naval"] else assault.apply)(g, b, a)
    if g.state.battle is b:
        advance(g)


def advance(g) -> None:
    """Run the battle until a player must decide (or it ends); phases with nothing to decide pass by."""
    st = g.state
    b = st.battle
    while True:
        if b["phase"] != "deploy" and over(b):
            finish(g)
            return
        phase = b["phase"]
        if phase == "rally":
            rally(g, b, b["side"])
        elif phase == "end":
            if b["round"] >= g.tables.rounds:
                finish(g)
                return
            b["round"] += 1
        else:
            opts = options(g)
            if len(opts) > 1 or phase == "deploy" or (phase == "move" and b["moving"] >= 0):
                g.ask("battle", b["side"], phase=phase, round=b["round"])
                g._legal = (st, st.serial, opts)  # computed once for this decision
                return
        _next_phase(g, b)


# --- effects shared by fire, assault and ramming ------------------------------------------------------------------
def remove_unit(g, b: dict, u: int, *, eliminated: bool, rule: str, why: str) -> None:
    """``u`` leaves the board: eliminated, or Routed (it goes to a refuge when the battle ends)."""
    st = g.state
    side = st.uside[u]
    if u in b["pos"]:
        remove(g, b, u)
    if eliminated:
        b["lost"][side] += st.steps[u]
        eliminate(g, u, rule, why)
    else:
        rout(g, u)
        b["routed"][side] = [*b["routed"][side], u]
        if g.log.enabled:
            g.event("battle_rout", f"{g.uid(u)} is Routed and leaves the battle board.", side=g.players[side],
                    rule=rule, unit=g.uid(u))


def hit(g, b: dict, u: int, rule: str) -> None:
    """A fire hit or a Disrupted result: Normal → Disrupted; Disrupted → an unmodified D10 against the ML:
    Routed (off the board) or eliminated (8.3.1)."""
    st = g.state
    if st.status[u] == NORMAL:
        st.status[u] = DISRUPTED
        return
    side = st.uside[u]
    roll = g.roll(side, 10, f"{g.uid(u)} is hit again (Syracuse 8.3.1)")
    routed = roll <= st.ml[side]
    sq = b["pos"].get(u, -1)
    if routed:
        chiefs = square_leaders(b, sq) if sq >= 0 else []
        if chiefs:
            leader_rules.loss_check(g, chiefs, f"{g.uid(u)} was routed")
    remove_unit(g, b, u, eliminated=not routed, rule=rule, why="broken in the battle")


def lose(g, b: dict, u: int, n: int, rule: str, why: str) -> None:
    """Step losses on the board (8.4), with the leader-loss roll for a leader in the square (10.4.3)."""
    st = g.state
    side = st.uside[u]
    before = st.steps[u]
    sq = b["pos"].get(u, -1)
    if sq >= 0:
        chiefs = square_leaders(b, sq)
    elif st.aboard[u] >= 0:
        chiefs = leaders_with(b, st.aboard[u])
    else:
        chiefs = []
    if sq >= 0 and (g.types[st.utype[u]].steps == 1 or st.steps[u] <= n):
        remove(g, b, u)  # off the board before it leaves the game (an eliminated Sicel loses its side)
    lose_steps(g, u, n, rule, why, chiefs)
    b["lost"][side] += min(n, before)


def _most_steps(g, units: list[int]) -> int:
    st = g.state
    alive = [u for u in units if st.loc[u] >= 0 or st.loc[u] == -1]
    return max(alive, key=lambda u: st.steps[u]) if alive else -1


def resolve(g, b: dict, attacking: list[int], defending: list[int], attack: int, defence: int, shifts: list,
            drms: list, rule: str, text: str) -> None:
    """The assault CRT (8.3.2): odds column, shifts, a D6 with modifiers, then the result."""
    st = g.state
    t = g.tables
    side = st.uside[attacking[0]]
    base = t.column(attack, defence)
    col = base + sum(v for _, v in shifts)
    roll = g.roll(side, 6, f"{text} (Syracuse {rule})")
    row = roll + sum(v for _, v in drms)
    res = t.result(col, row)
    if g.log.enabled:
        shown = ", ".join(f"{k} {v:+d}" for k, v in shifts + drms) or "no shift or modifier"
        g.event("assault", f"{text}: {attack} against {defence} ({t.columns[base]}), {shown}, rolled {roll}: "
                f"{res}.", side=g.players[side], rule=rule, attack=attack, defence=defence,
                column=t.columns[max(0, min(len(t.columns) - 1, col))], die=roll, result=str(res))
    naval = b["naval"]
    for _ in range(res.defender_steps):
        pool = [c for c in g.unit_range if st.aboard[c] in defending] if naval else []
        target = _most_steps(g, pool) if pool else _most_steps(g, [u for u in defending if u in b["pos"]])
        if target >= 0:
            lose(g, b, target, 1, rule, "assault")
    for _ in range(res.attacker_steps):
        target = _most_steps(g, [u for u in attacking if st.loc[u] >= 0 and (u in b["pos"] or naval)])
        if target >= 0:
            lose(g, b, target, 1, rule, "assault")
    if res.defender_disrupted:
        for u in [u for u in defending if u in b["pos"]]:
            hit(g, b, u, rule)
    if res.attacker_disrupted:
        for u in [u for u in attacking if st.loc[u] >= 0 and (u in b["pos"] or naval)]:
            if naval:
                st.status[u] = DISRUPTED
            else:
                hit(g, b, u, rule)


def ram_hit(g, b: dict, ship: int) -> None:
    """Rule 8.3.4: the rammed ship loses a step; its men lose one each and are Disrupted if they live; a
    reduced ship sinks with all aboard."""
    st = g.state
    aboard = [c for c in g.unit_range if st.aboard[c] == ship]
    if st.steps[ship] <= 1:
        lose(g, b, ship, 1, "8.3.4", "rammed and sunk")
        return
    lose(g, b, ship, 1, "8.3.4", "rammed")
    for c in aboard:
        if not lose_steps(g, c, 1, "8.3.4", "their ship was rammed"):
            st.status[c] = DISRUPTED
        b["lost"][st.uside[c]] += 1


def rally(g, b: dict, side: int) -> None:
    """Rule 8.5 on the board: each Disrupted unit of the side rolls a D10 (+1 next to a Normal enemy unit)."""
    st = g.state
    gr = grid(g)
    t = g.tables.drm["rally"]
    pieces = list(b["units"][side])
    units = pieces + ([c for c in g.unit_range if st.aboard[c] in pieces] if b["naval"] else [])
    for u in units:
        if st.status[u] != DISRUPTED:
            continue
        sq = b["pos"][st.aboard[u]] if st.aboard[u] >= 0 and b["naval"] else b["pos"][u]
        near = any(st.uside[v] != side and st.status[v] == NORMAL for x in gr.adjacent[sq]
                   for v in b["stack"].get(x, ()))
        roll = g.roll(side, 10, f"rallying {g.uid(u)} on the battle board (Syracuse 8.5)")
        total = roll + (t["adjacent_enemy_on_board"] if near else 0)
        if total <= st.ml[side]:
            st.status[u] = NORMAL
        if g.log.enabled:
            g.event("battle_rally", f"{g.uid(u)} rolls {roll} (modified {total}) against ML {st.ml[side]}: "
                    + ("rallied." if total <= st.ml[side] else "still Disrupted."), side=g.players[side],
                    rule="8.5", unit=g.uid(u), die=roll, modified=total)


# --- the end of the battle ------------------------------------------------------------------------------------------
def winner(b: dict) -> int | None:
    """The side left alone on the board; after the last round, the side that lost less (steps lost and units
    routed); equal losses: nobody (see CLARIFICATIONS, 8.3)."""
    left = [bool(b["units"][0]), bool(b["units"][1])]
    if left[0] != left[1]:
        return 0 if left[0] else 1
    if not left[0]:
        return None
    losses = [b["lost"][s] + len(b["routed"][s]) for s in (0, 1)]
    if losses[0] == losses[1]:
        return None
    return 0 if losses[0] < losses[1] else 1


def finish(g) -> None:
    from ..naval import sail_to

    st = g.state
    b = st.battle
    area = b["area"]
    won = winner(b)
    for side in (0, 1):
        for u in b["routed"][side]:
            if st.loc[u] != area:
                continue
            if b["naval"]:
                moved = st.moved[u]
                sail_to(g, u, -1, "8.3")
                st.moved[u] = moved
                continue
            places = [r for r in leader_rules.refuges(g, side) if r != area]
            if places:
                st.loc[u] = leader_rules.nearest(g, area, places)
            else:
                eliminate(g, u, "8.3", "routed with nowhere to go")
    if won is not None:
        g.note(won, "won_pitched_battle")
        g.note(1 - won, "lost_pitched_battle")
    names = grid(g).names
    st.last_combat = {"kind": "pitched battle", "area": g.aid(area), "attacker": g.players[b["attacker"]],
                      "night": b["night"], "rounds": b["round"], "winner": g.players[won] if won is not None else None,
                      "steps_lost": {g.players[s]: b["lost"][s] for s in (0, 1)},
                      "routed": {g.players[s]: len(b["routed"][s]) for s in (0, 1)},
                      "left": {g.players[s]: len(b["units"][s]) for s in (0, 1)},
                      "last_positions": {g.uid(u): names[sq] for u, sq in b["pos"].items()}}
    if g.log.enabled:
        g.event("battle_end", f"The pitched battle in {g.aid(area)} ends after {b['round']} rounds: "
                + (f"{g.players[won]} wins." if won is not None else "nobody wins.")
                + f" Steps lost: Athens {b['lost'][0]}, Syracuse {b['lost'][1]}.", rule="8.3", area=g.aid(area),
                winner=g.players[won] if won is not None else None, rounds=b["round"], steps_lost_Athens=b["lost"][0],
                steps_lost_Syracuse=b["lost"][1])
    st.battle = None
    g.done()
    leader_rules.alone_check(g, area)


STEP = Step(options, _apply, "6.5", "fight the pitched battle")

__all__ = ["FACINGS", "STEP", "start"]
