"""Combat (rules 6, 6.1, 6.1.1, 6.2, 6.3): who fights, the odds, the die modifiers, the result, the
damage, and the retreat.

* Land battles happen in land zones; a trireme unit on a beach fights there as a 1-PF peltast (6.1.1).
  Sea battles happen in water zones, triremes only (6.1).
* The odds are attacker PF : defender PF, rounded in the defender's favour (6.2), then the table of
  ``tables.toml`` gives "attacker steps / defender steps" and the winner.
* Damage is taken one step at a time by the engine, each step where it costs the fewest PF in this
  battle (allies first, starred units last) — see CLARIFICATIONS.md (6.2).
* The loser's surviving pieces retreat (6.3): to a neighbouring zone free of enemies, spilling on into
  the next zone if that one is full, or by sea transport; with nowhere to go they are eliminated.
"""

from __future__ import annotations

from .board import bits
from .movement import LAND_PM, _land_reach, _transport_open
from .stacking import Occupancy, occupancy, room_for, unit_pf


def combat_kind(game, zone: int) -> str:
    return "naval" if game.map.sea_mask >> zone & 1 else "land"


def participants(game, zone: int, side: int) -> list[int]:
    """The combat units of ``side`` in ``zone`` (in a land zone triremes on the beach take part)."""
    uz = game.state.uz
    return [i for i in game.oob.side_units[side] if uz[i] == zone]


def battle_pf(game, units, kind: str) -> int:
    """Total PF for the odds: triremes on a beach count 1 each in a land battle (rule 6.1.1)."""
    oob = game.oob
    total = 0
    for i in units:
        if kind == "land" and oob.u_naval[i]:
            total += 1
        else:
            total += unit_pf(game, i)
    return total


def contested_zones(game, occ: Occupancy | None = None) -> list[int]:
    """Zones holding combat units of both sides (rule 6.1), in board order."""
    occ = occ or occupancy(game)
    return list(bits(occ.units[0] & occ.units[1] & ((1 << game.map.n_map) - 1)))


def _difficult(game, zone: int) -> bool:
    return bool(game.map.difficult_mask >> zone & 1 and not game.state.cleared >> zone & 1)


def modifiers(game, zone: int, attacker: int, att_units, def_units, faces=None) -> list[tuple[str, int]]:
    """The die modifiers of rule 6.2 (reconstructed values from the tables), each as (name, signed value):
    positive helps the attacker. ``faces`` maps a side to the stratagem face it played with effect."""
    tables, board, oob, st = game.tables, game.map, game.oob, game.state
    kind = combat_kind(game, zone)
    defender = 1 - attacker
    faces = faces or {}
    att_face = faces.get(attacker)
    ignore_stars = att_face is not None and att_face.ignore_defender_stars
    ignore_ground = att_face is not None and att_face.ignore_defender_ground
    mods: list[tuple[str, int]] = []

    def has_star_leader(side: int) -> bool:
        return any(z == zone and oob.l_side[j] == side and oob.l_bonus[j] and not st.lstrat[j]
                   for j, z in enumerate(st.lz))

    def has_star_unit(units) -> bool:
        return any(oob.u_bonus[i] and not st.ured[i] for i in units)

    v = tables.modifier("leader_bonus")
    if has_star_leader(attacker):
        mods.append(("leader_bonus", v))
    if has_star_leader(defender) and not ignore_stars:
        mods.append(("leader_bonus", -v))
    v = tables.modifier("unit_star")
    if has_star_unit(att_units):
        mods.append(("unit_star", v))
    if has_star_unit(def_units) and not ignore_stars:
        mods.append(("unit_star", -v))
    if kind == "land":
        difficult = _difficult(game, zone)
        if difficult and not ignore_ground:
            mods.append(("difficult_ground", -tables.modifier("difficult_ground")))
        if board.fort_mask >> zone & 1 and not ignore_ground:
            mods.append(("fort", -tables.modifier("fort")))
        if difficult:
            v = tables.modifier("light_troops_in_difficult_ground")
            if any(oob.u_light[i] for i in att_units):
                mods.append(("light_troops_in_difficult_ground", v))
            if any(oob.u_light[i] for i in def_units):
                mods.append(("light_troops_in_difficult_ground", -v))
        if board.beach_mask >> zone & 1 and any(not oob.u_naval[i] for i in def_units):
            mods.append(("landing_on_a_beach", -tables.modifier("landing_on_a_beach")))
    elif board.strait_mask >> zone & 1:
        mods.append(("strait", -tables.modifier("strait")))
    for side, face in faces.items():
        if face is not None and face.value:
            mods.append((f"stratagem {face.number} {face.title}", face.value if side == attacker else -face.value))
    return mods


def face_applies(game, face, side: int, zone: int, attacker: int, att_units, def_units) -> bool:
    """Can ``side`` play this combat face in this battle (rule 8: only where its effect applies)?"""
    if face.window != "combat" or not face.usable_by(side):
        return False
    kind = combat_kind(game, zone)
    if face.combat and face.combat != kind:
        return False
    role = "attack" if side == attacker else "defend"
    if face.role != "any" and face.role != role:
        return False
    zid = game.map.ids[zone]
    if (face.zones or face.beaches) and not (zid in face.zones or (face.beaches and game.map.beach_mask >> zone & 1)):
        return False
    own = att_units if side == attacker else def_units
    oob = game.oob
    if face.requires == "light_troops" and not any(oob.u_light[i] for i in own):
        return False
    return not (face.requires == "spartiates" and not any(oob.u_spartiate[i] for i in own))


def assess(game, zone: int, attacker: int, extra_units=(), faces=None) -> dict:
    """What an attack by ``attacker`` in ``zone`` would be: odds column, modifiers, and the result of
    each die face 1–6. ``extra_units`` are attacker units imagined to have moved in (for planning)."""
    kind = combat_kind(game, zone)
    att = participants(game, zone, attacker) + [i for i in extra_units if game.state.uz[i] != zone]
    dfn = participants(game, zone, 1 - attacker)
    apf, dpf = battle_pf(game, att, kind), battle_pf(game, dfn, kind)
    column = game.tables.odds_index(apf, dpf) if dpf else len(game.tables.columns) - 1
    mods = modifiers(game, zone, attacker, att, dfn, faces)
    total = sum(v for _, v in mods)
    faces_out = {}
    wins = 0
    for die in range(1, 7):
        out = game.tables.outcome(kind, column, die + total)
        faces_out[die] = str(out)
        wins += out.winner == "attacker"
    return {
        "zone": game.map.ids[zone], "kind": kind, "attacker": game.players[attacker],
        "attacker_pf": apf, "defender_pf": dpf, "odds": game.tables.columns[column], "column": column,
        "modifiers": [{"name": n, "value": v} for n, v in mods], "modifier_total": total,
        "results": faces_out, "attacker_wins_on": wins,
    }


# -- damage ------------------------------------------------------------------------------------------

def _loss_key(game, i: int, kind: str):
    oob, st = game.oob, game.state
    if kind == "land" and oob.u_naval[i]:
        pf_lost = 1 if st.ured[i] else 0
    elif st.ured[i]:
        pf_lost = oob.u_red[i]
    else:
        pf_lost = oob.u_full[i] - oob.u_red[i]
    return (pf_lost, 0 if oob.u_ally[i] else 1, 1 if oob.u_bonus[i] else 0, i)


def take_steps(game, side: int, zone: int, steps: int, kind: str) -> list[tuple[str, str]]:
    """Apply ``steps`` steps of damage to ``side``'s units in ``zone``; returns (unit id, "reduced"|"eliminated")."""
    done = []
    for _ in range(steps):
        alive = participants(game, zone, side)
        if not alive:
            break
        i = min(alive, key=lambda u: _loss_key(game, u, kind))
        oob = game.oob
        uid = oob.units[i].id
        if game.state.ured[i]:
            game.eliminate_unit(i, "6.2", "destroyed in battle")
            done.append((uid, "eliminated"))
        else:
            game.state.ured[i] = True
            if game.log.enabled:
                game.event("reduced", f"{uid} is reduced.", side=game.players[side], rule="6.2", unit=uid,
                           zone=game.map.ids[zone], pf_lost=oob.u_full[i] - oob.u_red[i])
            done.append((uid, "reduced"))
    return done


# -- retreat -----------------------------------------------------------------------------------------

def retreat_options(game, side: int, zone: int, code: int, dests_taken=()) -> dict[int, tuple[int, ...]]:
    """Where a defeated piece may go (rule 6.3): ``{zone: water zones crossed}``. ``code`` is a unit
    number, or 100 + a leader number."""
    board, oob = game.map, game.oob
    occ = occupancy(game)
    enemy = occ.any[1 - side]
    out: dict[int, tuple[int, ...]] = {}
    if code >= 100:  # a leader follows friendly units (rule 4.1) or is captured (rule 2.2)
        at_sea = board.sea_mask >> zone & 1
        kind_mask = board.naval_mask if at_sea else (board.land_mask | board.naval_mask)
        for d in board.adj_list[zone]:
            if d < board.n_map and kind_mask >> d & 1 and not enemy >> d & 1:
                wanted = occ.naval[side] if board.sea_mask >> d & 1 else occ.units[side]
                if wanted >> d & 1:
                    out[d] = ()
        for d in dests_taken:
            if not enemy >> d & 1 and d != zone:
                out.setdefault(d, ())
        return out
    i = code
    mask = board.naval_mask if oob.u_naval[i] else board.land_mask
    neighbours = bits(board.naval_adj[zone]) if oob.u_naval[i] else board.adj_list[zone]
    for d in neighbours:
        if d >= board.n_map or not mask >> d & 1 or enemy >> d & 1:
            continue
        if room_for(game, occ, side, d, i):
            out[d] = ()
        else:  # rule 6.3: the excess moves on into a further free zone
            for e in (bits(board.naval_adj[d]) if oob.u_naval[i] else board.adj_list[d]):
                if (e != zone and e < board.n_map and mask >> e & 1 and not enemy >> e & 1
                        and room_for(game, occ, side, e, i)):
                    out.setdefault(e, ())
    if not oob.u_naval[i]:  # by sea (4.2): across water only, to the first land zone reached
        seas_open = _transport_open(game, occ, side, True)
        for d, seas in _land_reach(board, zone, LAND_PM, seas_open, enemy).items():
            if seas and d not in out and room_for(game, occ, side, d, i):
                out[d] = seas
    return out


def spill(game, side: int, i: int) -> None:
    """A unit that ended in an overstacked zone moves on to a free neighbouring zone with room, or is
    eliminated (rule 6.3, also used for units sent back by rule 6.1)."""
    board, st = game.map, game.state
    zone = st.uz[i]
    if zone >= board.n_map or (board.sea_mask >> zone & 1 and board.strait_limit[zone] is None):
        return
    if board.land_mask >> zone & 1:
        if game.oob.of_side[side](st.uz).count(zone) <= 4:
            return
    else:
        occ = Occupancy(game)
        if occ.tpf[side][zone] <= board.strait_limit[zone]:
            return
    occ = Occupancy(game)
    naval = game.oob.u_naval[i]
    mask = board.naval_mask if naval else board.land_mask
    enemy = occ.any[1 - side]
    st.uz[i] = -1  # take it out while looking for room
    occ = Occupancy(game)
    for d in (bits(board.naval_adj[zone]) if naval else board.adj_list[zone]):
        if d < board.n_map and mask >> d & 1 and not enemy >> d & 1 and room_for(game, occ, side, d, i):
            st.uz[i] = d
            if game.log.enabled:
                game.event("spill", f"{game.oob.units[i].id} has no room in {board.ids[zone]} and moves on to "
                           f"{board.ids[d]}.", side=game.players[side], rule="6.3", unit=game.oob.units[i].id,
                           zone=board.ids[d])
            return
    st.uz[i] = zone
    game.eliminate_unit(i, "6.3", f"no room in {board.ids[zone]} and no free zone beside it")
