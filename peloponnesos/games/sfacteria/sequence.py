"""The sequence of play (rule 3): the automatic steps between decisions.

The game state's ``step`` names where play stands. Decision steps wait for ``current_player()``;
automatic steps (``AUTO`` below) are run by ``SfacteriaGame._advance`` until a decision is needed:

    A  draw stratagems (3.A) → B  roll PA, initiative (3.B) → window "B" (secret stratagems)
    → B_reveal → B_adv_check → [B_adv decision] → C  reinforcements (3.C)
    → D_begin (an action phase starts) → [D_start: announce PA / action stratagems / advantage]
    → [D_move: activate, move …] → D_after_moves → [D_pay] → D_fight_next → [D_attack]
    → window "combat" → C_roll → [C_reroll] → C_resolve → C_retreat_next → [C_retreat] … → D_fight_next
    → D_end_phase → D_begin (other side) … → E  window "E" → E_reveal → E_next (keep, recover,
    Helot runs, supply checks, per side in initiative order) → turn_end → A of the next turn.
"""

from __future__ import annotations

from itertools import compress

from . import advantage, combat, supply, victory
from .stacking import may_recover, occupancy
from .state import ELIM, OFF
from .stratagems import resolve_pair

PHASE_NAMES = {"setup": "Setting up", "A": "Stratagems", "B": "Action points", "C": "Reinforcements", "D": "Activation",
               "E": "End of turn", "over": "Game over"}
WINDOW_NEXT = {"B": "B_reveal", "E": "E_reveal", "combat": "C_roll"}


# -- helpers -----------------------------------------------------------------------------------------

def bowl(game) -> list[int]:
    """Chits in the bowl: in play, not in a hand, not played this window."""
    st = game.state
    held = set(st.hands[0]) | set(st.hands[1]) | set(st.out_chits)
    for face in st.secret:
        if face:
            held.add(game.stratagems.face(face).chit)
    return [c for c in game.stratagems.chit_numbers if c not in held]


def open_window(game, kind: str, sides: list[int]) -> None:
    """A secret stratagem window (rule 8): each listed side that might hold a face to play here chooses in turn,
    to play one or none. Who is asked is public (``might_play``: a chit in hand, none played yet, a face of a
    chit still in play that would apply), never the hand itself, so being asked tells the opponent nothing
    (see CLARIFICATIONS.md, rule 8)."""
    st = game.state
    st.window = [s for s in sides if game.might_play(s, kind)]
    st.window_kind = kind
    st.secret = [0, 0]
    st.step = "window" if st.window else WINDOW_NEXT[kind]
    if st.window:
        st.to_act = st.window[0]


def reveal(game) -> dict:
    """Show the faces chosen in secret, decide which take effect (rule 8), and send each chit back to the
    bowl or out of play (3.A). Returns {side: Face} for the faces with effect."""
    st = game.state
    faces = {s: game.stratagems.face(st.secret[s]) if st.secret[s] else None for s in (0, 1)}
    active = resolve_pair(faces)
    out = {}
    for s, face in faces.items():
        if face is None:
            continue
        effective = active.get(s, False)
        if game.log.enabled:
            game.event("stratagem", f"{game.players[s]} plays stratagem {face.number} {face.title}"
                       + ("" if effective else ", but it is cancelled by the other side's stratagem") + ".",
                       side=game.players[s], rule="8", face=face.number, title=face.title, effective=effective)
        if face.once:
            st.out_chits.append(face.chit)
            if game.log.enabled:
                game.event("stratagem", f"Chit {face.chit} leaves play (red number {face.number}).",
                           side=game.players[s], rule="3.A", chit=face.chit)
        if effective:
            out[s] = face
    st.secret = [0, 0]
    return out


def start_of_turn_order(game) -> list[int]:
    st = game.state
    return [st.initiative, 1 - st.initiative]


def naval_pf_on_map(game, side: int) -> int:
    st, oob = game.state, game.oob
    n_map = game.map.n_map
    return sum((oob.u_red[i] if st.ured[i] else oob.u_full[i]) for i, z in enumerate(st.uz)
               if 0 <= z < n_map and oob.u_side[i] == side and oob.u_naval[i])


def _pf_of(game, pieces) -> int:
    """The PF of the combat units among ``pieces`` (ids; leaders count 0), on the faces they show."""
    oob, ured = game.oob, game.state.ured
    index = oob.unit_index
    return sum((oob.u_red[i] if ured[i] else oob.u_full[i]) for i in (index.get(p) for p in pieces) if i is not None)


def place_reinforcement(game, piece: str) -> None:
    st = game.state
    kind, idx = game.oob.piece_kind(piece)
    if kind == "unit":
        base = game.base_for_unit(idx)
        st.uz[idx] = base
        st.uarr[idx] = st.turn
    else:
        st.lz[idx] = game.map.index[game.oob.leaders[idx].base]
        st.larr[idx] = st.turn


# -- phase A -----------------------------------------------------------------------------------------

def step_A(game) -> None:
    st = game.state
    st.phase = "A"
    st.serial += 1
    if game.log.enabled:
        game.event("phase", f"Turn {st.turn}: phase A, stratagems.", rule="3.A")
    for s in start_of_turn_order(game):
        pool = bowl(game)
        k = min(2, len(pool))
        if k:
            drawn = game.dice.draw(pool, k, who=game.players[s], why="stratagem draw (Sfacteria 3.A)", private=True)
            st.hands[s].extend(drawn)
            if game.log.enabled:
                game.event("draw_stratagems", f"{game.players[s]} draws {k} stratagem chits in secret.",
                           side=game.players[s], rule="3.A", count=k)
            if game.log.enabled:
                game.event("draw_stratagems", f"{game.players[s]} draws chits {', '.join(map(str, drawn))}.",
                           side=game.players[s], rule="3.A", private_to=game.players[s], chits=list(drawn))
    st.step = "B"


# -- phase B -----------------------------------------------------------------------------------------

def step_B(game) -> None:
    st = game.state
    st.phase = "B"
    st.serial += 1
    st.played = [False, False]
    st.pa_bonus = [0, 0]
    rolls = []
    for s in (0, 1):
        faces = game.dice.roll(2, who=game.players[s], why="action points (Sfacteria 3.B)")
        rolls.append(sum(faces))
    st.pa_roll = rolls
    if rolls[0] != rolls[1]:
        st.initiative = 0 if rolls[0] > rolls[1] else 1
        how = "the higher roll"
    else:
        a, s = naval_pf_on_map(game, 0), naval_pf_on_map(game, 1)
        st.initiative = 0 if a > s else 1
        how = "more trireme PF on the map" if a != s else "a tie goes to Sparta"
    st.pa = [2 * ((rolls[0] + 1) // 2), 2 * ((rolls[1] + 1) // 2)]
    if game.log.enabled:
        game.event("action_points", f"Athens rolls {rolls[0]} ({st.pa[0] // 2} PA), Sparta {rolls[1]} "
                   f"({st.pa[1] // 2} PA); {game.players[st.initiative]} has the initiative ({how}).", rule="3.B",
                   athens_roll=rolls[0], sparta_roll=rolls[1], athens_pa=st.pa[0] / 2, sparta_pa=st.pa[1] / 2,
                   initiative=game.players[st.initiative])
    open_window(game, "B", start_of_turn_order(game))


def step_B_reveal(game) -> None:
    st = game.state
    for s, face in reveal(game).items():
        if face.effect == "extra_pa_cleon":
            st.pa[s] += 2
            st.pa_bonus[s] += 2
            due = [p for p in game.oob.group_with("Cleon") if game.piece_zone(p) == OFF
                   and game.piece_arrival(p) > st.turn]
            for p in due:
                place_reinforcement(game, p)
            if game.log.enabled:
                game.event("stratagem", "Cleon hurries: +1 PA for Athens" + (f"; {', '.join(due)} arrive now in the "
                           "Athenian land base." if due else "."), side="Athens", rule="3.C", arrived=due)
            if due and game.log.enabled:
                game.event("reinforcements", f"Athenian reinforcements reach the bases early: {', '.join(due)}.",
                           side="Athens", rule="3.C", pieces=due, pf_arrived=_pf_of(game, due))
        elif face.effect == "extra_pa_fleet":
            st.pa[s] += 2
            st.pa_bonus[s] += 2
            oob = game.oob
            reduced = [i for i, z in enumerate(st.uz) if z >= 0 and oob.u_side[i] == 1 and oob.u_naval[i]
                       and st.ured[i] and may_recover(game, i)]
            text = "Sixty ships: +1 PA for Sparta"
            best = max(reduced, key=lambda i: (oob.u_full[i], -i)) if reduced else None
            if best is not None:
                st.ured[best] = False
                text += f"; {oob.units[best].id} is back to full strength"
            if game.log.enabled:
                game.event("stratagem", text + ".", side="Sparta", rule="8")
            if best is not None:
                uid = oob.units[best].id
                if game.log.enabled:
                    game.event("recover", f"{uid} is back to full strength (stratagem).", side="Sparta", rule="8",
                               unit=uid, pf_gained=oob.u_full[best] - oob.u_red[best])
    st.step = "B_adv_check"


def step_B_adv_check(game) -> None:
    if not advantage.offer(game, "B_adv"):
        game.state.step = "C"


# -- phase C -----------------------------------------------------------------------------------------

def step_C(game) -> None:
    st = game.state
    st.phase = "C"
    st.serial += 1
    oob = game.oob
    arrived = [[], []]
    for i, z in enumerate(st.uz if st.turn in st.uarr else ()):
        if z == OFF and st.uarr[i] == st.turn:
            st.uz[i] = game.base_for_unit(i)
            arrived[oob.u_side[i]].append(oob.units[i].id)
    for j, z in enumerate(st.lz if st.turn in st.larr else ()):
        if z == OFF and st.larr[j] == st.turn:
            st.lz[j] = game.map.index[oob.leaders[j].base]
            arrived[oob.l_side[j]].append(game.leader_name(j))
    for s in (0, 1):
        if arrived[s] and game.log.enabled:
            game.event("reinforcements", f"{game.players[s]} reinforcements reach the bases: {', '.join(arrived[s])}.",
                       side=game.players[s], rule="3.C", pieces=arrived[s], pf_arrived=_pf_of(game, arrived[s]))
    st.phase = "D"
    st.active = st.initiative
    st.step = "D_begin"


# -- phase D -----------------------------------------------------------------------------------------

def step_D_begin(game) -> None:
    st = game.state
    if st.pa[st.active] <= 0:  # nothing to announce: the other side acts, or the phase ends
        st.step = "D_end_phase"
        return
    st.phase = "D"
    st.serial += 1
    st.played = [False, False]
    st.budget = 0
    st.activated = st.act_units = st.act_t = 0
    st.umov = st.umoved = st.lmov = st.lmoved = 0
    st.uorig = [OFF] * len(st.uz)
    st.lorig = [OFF] * len(st.lz)
    st.ferried = [0] * len(st.ferried)
    st.fights = []
    st.step = "D_start"
    st.to_act = st.active
    if game.log.enabled:
        game.event("action_phase", f"{game.players[st.active]}'s action phase ({st.pa[st.active] / 2:g} PA left).",
                   side=game.players[st.active], rule="3.D", pa_left=st.pa[st.active] / 2)


def step_D_after_moves(game) -> None:
    st = game.state
    fights = combat.contested_zones(game)
    if not fights:
        st.step = "D_end_phase"
    elif st.budget >= 2:
        st.step = "D_pay"
        st.to_act = st.active
    else:
        if game.log.enabled:
            game.event("attacks", f"{game.players[st.active]} has no PA left to pay for the battles.",
                       side=game.players[st.active], rule="6.1")
        unpaid(game, fights)
        st.step = "D_end_phase"


def unpaid(game, zones: list[int]) -> None:
    """Rule 6.1: the active side's pieces in battle zones go back to where they started, reduced
    (already reduced units are eliminated); overstacked ones move on (6.3)."""
    st, oob, board = game.state, game.oob, game.map
    side = st.active
    returned = []
    mine = oob.side_units[side]
    for z in zones:
        for i in [i for i in mine if st.uz[i] == z]:  # the side's units in z, in order
            uid = oob.units[i].id
            if st.ured[i]:
                game.eliminate_unit(i, "6.1", "the battle was not paid for")
                continue
            back = st.uorig[i] if st.uorig[i] >= 0 else z
            st.uz[i] = back
            st.ured[i] = True
            returned.append(i)
            if game.log.enabled:
                game.event("unpaid", f"{uid} goes back to {board.ids[back]}, reduced (battle in {board.ids[z]} "
                           "not paid).", side=game.players[side], rule="6.1", unit=uid, zone=board.ids[back],
                           pf_lost=oob.u_full[i] - oob.u_red[i])
        for j, lz in enumerate(st.lz if z in st.lz else ()):
            if lz == z and oob.l_side[j] == side:
                back = st.lorig[j] if st.lorig[j] >= 0 else z
                st.lz[j] = back
                if game.log.enabled:
                    game.event("unpaid", f"{game.leader_name(j)} goes back to {board.ids[back]}.",
                               side=game.players[side], rule="6.1", leader=oob.leaders[j].id, zone=board.ids[back])
    for i in returned:
        if st.uz[i] >= 0:
            combat.spill(game, side, i)
    lz = st.lz
    for z in zones:
        if z in lz:
            game.capture_check(z)
    for i in returned:
        if st.uz[i] >= 0 and st.uz[i] in lz:
            game.capture_check(st.uz[i])
    supply.follow_presence(game)  # rule 7.1.1: a garrison sent back, or home again


def step_D_fight_next(game) -> None:
    st = game.state
    live = set(combat.contested_zones(game))
    st.fights = [z for z in st.fights if z in live]
    if not st.fights:
        st.step = "D_end_phase"
    elif len(st.fights) == 1:
        start_combat(game, st.fights[0])
    else:
        st.step = "D_attack"
        st.to_act = st.active


def start_combat(game, zone: int) -> None:
    st = game.state
    st.fights = [z for z in st.fights if z != zone]
    attacker = st.active
    kind = combat.combat_kind(game, zone)
    att = combat.participants(game, zone, attacker)
    dfn = combat.participants(game, zone, 1 - attacker)
    apf, dpf = combat.battle_pf(game, att, kind), combat.battle_pf(game, dfn, kind)
    column = game.tables.odds_index(apf, dpf)
    st.combat = {"zone": zone, "kind": kind, "attacker": attacker, "att_pf": apf, "def_pf": dpf,
                 "column": column, "faces": (0, 0), "effective": (), "die": 0, "mods": (), "rerolled": False}
    if game.log.enabled:
        game.event("battle", f"{game.players[attacker]} attacks in {game.map.ids[zone]} ({kind}): {apf} PF against "
                   f"{dpf} PF, odds {game.tables.columns[column]} (rounded for the defender).",
                   side=game.players[attacker], rule="6.2", zone=game.map.ids[zone], battle_kind=kind, attacker_pf=apf,
                   defender_pf=dpf, odds=game.tables.columns[column])
    open_window(game, "combat", [attacker, 1 - attacker])


def step_C_roll(game) -> None:
    st = game.state
    c = st.combat
    faces = {s: game.stratagems.face(st.secret[s]) if st.secret[s] else None for s in (0, 1)}
    effective = reveal(game)
    zone, attacker = c["zone"], c["attacker"]
    att = combat.participants(game, zone, attacker)
    dfn = combat.participants(game, zone, 1 - attacker)
    mods = combat.modifiers(game, zone, attacker, att, dfn, effective)
    die = game.roll_d6(attacker, f"battle in {game.map.ids[zone]} (Sfacteria 6.2)")
    st.combat = {**c, "faces": (faces[0].number if faces[0] else 0, faces[1].number if faces[1] else 0),
                 "effective": tuple(sorted(f.number for f in effective.values())), "mods": tuple(mods), "die": die}
    if not advantage.offer(game, "C_reroll"):
        st.step = "C_resolve"


def effective_faces(game) -> dict:
    c = game.state.combat
    out = {}
    for s in (0, 1):
        number = c["faces"][s]
        if number and number in c["effective"]:
            out[s] = game.stratagems.face(number)
    return out


def step_C_resolve(game) -> None:
    st, board = game.state, game.map
    c = st.combat
    zone, attacker, kind = c["zone"], c["attacker"], c["kind"]
    defender = 1 - attacker
    total = c["die"] + sum(v for _, v in c["mods"])
    outcome = game.tables.outcome(kind, c["column"], total)
    winner = attacker if outcome.winner == "attacker" else defender
    zid = board.ids[zone]
    if game.log.enabled:
        game.event("battle", f"Die {c['die']}, modifiers {sum(v for _, v in c['mods']):+d}: result {outcome} — "
                   f"{game.players[winner]} wins in {zid}.", side=game.players[attacker], rule="6.2", zone=zid,
                   die=c["die"], modifier=sum(v for _, v in c["mods"]), result=str(outcome),
                   winner=game.players[winner], attacker_steps=outcome.attacker_steps,
                   defender_steps=outcome.defender_steps)
    losses_a = combat.take_steps(game, attacker, zone, outcome.attacker_steps, kind)
    losses_d = combat.take_steps(game, defender, zone, outcome.defender_steps, kind)
    game.capture_check(zone)
    st.last_combat = {
        "zone": zid, "kind": kind, "attacker": game.players[attacker], "defender": game.players[defender],
        "attacker_pf": c["att_pf"], "defender_pf": c["def_pf"], "odds": game.tables.columns[c["column"]],
        "die": c["die"], "modifiers": [{"name": n, "value": v} for n, v in c["mods"]],
        "modified_die": total, "result": str(outcome), "winner": game.players[winner],
        "attacker_losses": [list(x) for x in losses_a], "defender_losses": [list(x) for x in losses_d],
        "stratagems": [n for n in c["faces"] if n], "rerolled": c["rerolled"],
    }
    occ = occupancy(game)
    loser = 1 - winner
    pieces = []
    if occ.units[loser] >> zone & 1 and occ.units[winner] >> zone & 1:
        pieces = [i for i in combat.participants(game, zone, loser)]
        pieces += [100 + j for j, z in enumerate(st.lz) if z == zone and game.oob.l_side[j] == loser]
    herald = any(f.effect == "herald" for s, f in effective_faces(game).items() if s == winner == attacker)
    st.retreat = {"side": loser, "zone": zone, "pieces": pieces, "surrender": herald, "dests": []}
    st.step = "C_retreat_next"


def step_C_retreat_next(game) -> None:
    st = game.state
    r = st.retreat
    side, zone = r["side"], r["zone"]
    while r["pieces"]:
        code = r["pieces"][0]
        if r["surrender"]:
            r["pieces"].pop(0)
            if code >= 100:
                game.lose_leader(code - 100, "8", "surrendered to the herald's call")
            else:
                game.eliminate_unit(code, "8", "surrendered to the herald's call")
            continue
        opts = combat.retreat_options(game, side, zone, code, tuple(r["dests"]))
        if not opts:
            r["pieces"].pop(0)
            if code >= 100:
                game.lose_leader(code - 100, "6.3", "no free zone to retreat to")
            else:
                game.eliminate_unit(code, "6.3", "no free zone to retreat to")
            continue
        if len(opts) == 1:
            dest, seas = next(iter(opts.items()))
            do_retreat(game, code, dest, seas)
            continue
        st.step = "C_retreat"
        st.to_act = side
        return
    st.retreat = None
    st.combat = None
    game.capture_check(zone)
    supply.follow_presence(game)  # rule 7.1.1: a garrison wiped out or driven out, or a retreat into one
    st.step = "D_fight_next"


def do_retreat(game, code: int, dest: int, seas) -> None:
    st, board = game.state, game.map
    r = st.retreat
    r["pieces"].pop(0)
    r["dests"] = [*r["dests"], dest]
    side, zone = r["side"], r["zone"]
    if code >= 100:
        st.lz[code - 100] = dest
        name = game.leader_name(code - 100)
    else:
        st.uz[code] = dest
        for s in seas:
            st.ferried[s] += 1
        name = game.oob.units[code].id
    if game.log.enabled:
        game.event("retreat", f"{name} retreats from {board.ids[zone]} to {board.ids[dest]}"
                   + (" by sea" if seas else "") + ".", side=game.players[side], rule="6.3", piece=name,
                   zone=board.ids[dest], by_sea=bool(seas))


def step_D_end_phase(game) -> None:
    st = game.state
    if st.budget and game.log.enabled:
        game.event("action_phase", f"{game.players[st.active]} leaves {st.budget / 2:g} announced PA unspent.",
                   side=game.players[st.active], rule="3.D", unspent=st.budget / 2)
    st.budget = 0
    side = st.active
    if st.pa[1 - side] > 0:
        st.active = 1 - side
        st.step = "D_begin"
    elif st.pa[side] > 0:
        st.step = "D_begin"
    else:
        st.step = "E"


# -- phase E -----------------------------------------------------------------------------------------

def step_E(game) -> None:
    st = game.state
    st.phase = "E"
    st.serial += 1
    st.played = [False, False]
    st.e_flags = {}
    st.helots_done = 0
    if game.log.enabled:
        game.event("phase", f"Turn {st.turn}: phase E, end of turn.", rule="3.E")
    open_window(game, "E", start_of_turn_order(game))


def step_E_reveal(game) -> None:
    st, oob = game.state, game.oob
    flags = {}
    for _s, face in reveal(game).items():
        flags[face.effect] = True
    st.e_flags = flags
    if flags.get("truce"):
        hit = [i for i, z in enumerate(st.uz) if 0 <= z < game.map.n_map and oob.u_side[i] == 1
               and oob.u_naval[i] and not st.ured[i]]
        for i in hit:
            st.ured[i] = True
        if game.log.enabled:
            game.event("truce", "Truce: food goes to the island under Athenian eyes; the Spartan ships handed over "
                       + (f"({', '.join(oob.units[i].id for i in hit)}) are reduced." if hit else "are already gone."),
                       rule="8", reduced=[oob.units[i].id for i in hit])
        for i in hit:
            uid = oob.units[i].id
            if game.log.enabled:
                game.event("reduced", f"{uid} is reduced (handed over in the truce).", side="Sparta", rule="8",
                           unit=uid, zone=game.map.ids[st.uz[i]], pf_lost=oob.u_full[i] - oob.u_red[i])
    queue = []
    for s in start_of_turn_order(game):
        queue += [[s, "keep"], [s, "recover"]]
        if s == 1:
            queue.append([s, "helots"])
        queue.append([s, "supply"])
    st.e_queue = queue
    st.step = "E_next"


def recoverable(game, side: int) -> list[int]:
    """Reduced units of ``side`` that may turn back to full strength (a strait's limit permitting)."""
    st = game.state
    uz, ured = st.uz, st.ured
    if True not in ured:
        return []
    oob = game.oob
    units = [i for i in compress(oob.side_units[side], oob.of_side[side](ured)) if uz[i] >= 0]
    # only a trireme in a strait can lack the room to recover (rule 5): with none of the side's there, all may
    if not units or game._strait_zones.isdisjoint(oob.of_naval[side](uz)):
        return units
    occ = occupancy(game)
    return [i for i in units if may_recover(game, i, occ)]


def bonus_leaders_on_map(game, side: int) -> int:
    st = game.state
    n_map = game.map.n_map
    lz, lstrat = st.lz, st.lstrat
    return sum(1 for j in game.oob.star_leaders[side] if 0 <= lz[j] < n_map and not lstrat[j])


def step_E_next(game) -> None:
    st = game.state
    while st.e_queue:
        side, op = st.e_queue.pop(0)
        name = game.players[side]
        if op == "keep":
            hand = st.hands[side]
            if len(hand) >= 2:
                st.step = "E_keep"
                st.to_act = side
                return
        elif op == "recover":
            n = bonus_leaders_on_map(game, side)
            units = recoverable(game, side) if n else ()
            if units:
                if n >= len(units):
                    oob = game.oob
                    for i in units:
                        if may_recover(game, i):  # one at a time: two ships may not both fit a strait
                            st.ured[i] = False
                            uid = oob.units[i].id
                            if game.log.enabled:
                                game.event("recover", f"{name} turns {uid} back to full strength.", side=name,
                                           rule="3.E", unit=uid, pf_gained=oob.u_full[i] - oob.u_red[i])
                else:
                    st.recover_left = n
                    st.step = "E_recover"
                    st.to_act = side
                    return
        elif op == "helots":
            if supply.helot_runs_possible(game):
                st.step = "E_helot"
                st.to_act = side
                return
        elif op == "supply":
            supply.check(game, side)
            if st.phase == "over":
                return
    st.step = "turn_end"


def step_turn_end(game) -> None:
    st = game.state
    game.turn_end_event()
    if st.turn >= game.last_turn:
        side, level, reason = victory.final_result(game)
        game.finish(side, level, reason, rule="10.1" if level == "total" else "10.2")
        return
    st.turn += 1
    st.step = "A"


def eliminated_pieces(game) -> list[str]:
    st, oob = game.state, game.oob
    return ([oob.units[i].id for i, z in enumerate(st.uz) if z == ELIM]
            + [oob.leaders[j].id for j, z in enumerate(st.lz) if z == ELIM])


AUTO = {
    "A": step_A, "B": step_B, "B_reveal": step_B_reveal, "B_adv_check": step_B_adv_check, "C": step_C,
    "D_begin": step_D_begin, "D_after_moves": step_D_after_moves, "D_fight_next": step_D_fight_next,
    "C_roll": step_C_roll, "C_resolve": step_C_resolve, "C_retreat_next": step_C_retreat_next,
    "D_end_phase": step_D_end_phase, "E": step_E, "E_reveal": step_E_reveal, "E_next": step_E_next,
    "turn_end": step_turn_end,
}
DECISIONS = ("window", "B_adv", "D_start", "D_storm_reroll", "D_move", "D_pay", "D_attack", "C_reroll", "C_retreat",
             "E_keep", "E_recover", "E_helot")

