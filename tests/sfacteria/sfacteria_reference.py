"""A slow, cache-free reference for ``SfacteriaGame.legal_actions()`` (test-only safety net).

The engine builds its legal-action lists with memo tables, counts kept up to date between moves and
shared action objects. This module recomputes the same list from the state alone, the plain way, as
the engine did before it was made fast: the property test compares the two at every step of many
random games, order included (a bot's choice, and so a seeded replay, depends on the order).
It reads only static data (board, counters, stratagems) and the state; it shares no code that the
speed work touches.
"""

from __future__ import annotations

from peloponnesos.games.sfacteria.actions import (
    Activate,
    AnnouncePA,
    Attack,
    DeclineAdvantage,
    DeclineStratagem,
    EndHelotRuns,
    EndMovement,
    EndRecovery,
    HelotRun,
    KeepStratagem,
    Move,
    PayAttacks,
    PlayStratagem,
    RecoverUnit,
    ReduceUnit,
    Retreat,
    Sail,
    SkipAttacks,
    Transport,
    UseAdvantage,
)
from peloponnesos.games.sfacteria.state import ELIM, OFF

LAND_PM, LEADER_PM = 3, 4  # rules 2.1, 2.2
SUPPLIED = {0: ("T6",), 1: ("T7", "T8", "T9", "T10")}
HELOT_ZONES = ("T11", "T12")


def _bits(mask: int) -> list[int]:
    return [z for z in range(mask.bit_length()) if mask >> z & 1]


class Counts:
    """Who is where, counted afresh (rule 5)."""

    def __init__(self, game) -> None:
        st, oob, n = game.state, game.oob, len(game.map.ids)
        self.count = ([0] * n, [0] * n)
        self.tpf = ([0] * n, [0] * n)
        units, naval, leaders = [0, 0], [0, 0], [0, 0]
        for i, z in enumerate(st.uz):
            if z < 0:
                continue
            s = oob.u_side[i]
            self.count[s][z] += 1
            units[s] |= 1 << z
            if oob.u_naval[i]:
                self.tpf[s][z] += oob.u_red[i] if st.ured[i] else oob.u_full[i]
                naval[s] |= 1 << z
        for j, z in enumerate(st.lz):
            if z >= 0:
                leaders[oob.l_side[j]] |= 1 << z
        self.units, self.naval, self.leaders = units, naval, leaders
        self.any = [units[0] | leaders[0], units[1] | leaders[1]]


def room_for(game, c: Counts, side: int, zone: int, unit: int) -> bool:
    board, oob, st = game.map, game.oob, game.state
    if zone >= board.n_map:
        return True
    if board.land_mask >> zone & 1:
        return c.count[side][zone] < 4
    limit = board.strait_limit[zone]
    if limit is None:
        return True
    return c.tpf[side][zone] + (oob.u_red[unit] if st.ured[unit] else oob.u_full[unit]) <= limit


def may_recover(game, i: int) -> bool:
    board, oob = game.map, game.oob
    z = game.state.uz[i]
    limit = board.strait_limit[z] if 0 <= z < board.n_map else None
    if limit is None or not oob.u_naval[i]:
        return True
    return Counts(game).tpf[oob.u_side[i]][z] - oob.u_red[i] + oob.u_full[i] <= limit


def transport_open(game, c: Counts, side: int, for_unit: bool) -> int:
    board, st = game.map, game.state
    mask = 0
    for z in _bits(c.naval[side] & board.sea_mask & ~c.any[1 - side]):
        if not for_unit or c.tpf[side][z] - st.ferried[z] >= 1:
            mask |= 1 << z
    return mask


def land_reach(board, origin: int, pm: int, passable: int, enemy: int) -> dict[int, tuple[int, ...]]:
    out = {}
    for dest, ways in board.land_paths(pm)[origin]:
        if enemy >= 0 and enemy >> dest & 1:
            continue
        for way in ways:
            if not way.through & ~passable:
                out[dest] = way.seas
                break
    return out


def naval_reach(board, origin: int, open_mask: int) -> int:
    reach = frontier = 1 << origin
    while frontier:
        nxt = 0
        for z in _bits(frontier):
            nxt |= board.naval_adj[z]
        new = nxt & board.naval_mask & ~reach
        reach |= new
        frontier = new & open_mask
    return reach & ~(1 << origin)


# -- phase D: activation and movement (rules 3.D, 4, 4.1, 4.2, 5, 11.1) ---------------------------------

def activation_options(game, c: Counts) -> list:
    st, board, oob = game.state, game.map, game.oob
    side, budget = st.active, st.budget
    if budget <= 0:
        return []
    unmoved = 0
    for i, z in enumerate(st.uz):
        if z >= 0 and oob.u_side[i] == side and not st.umoved >> i & 1:
            unmoved |= 1 << z
    out = []
    for z in _bits(c.units[side] & ~st.activated & unmoved):
        if z >= board.n_map:
            cost = 1
        else:
            cost = 4
            for j, lz in enumerate(st.lz):
                if lz == z and oob.l_side[j] == side:
                    cost = min(cost, 1 if oob.l_bonus[j] and not st.lstrat[j] else 2)
        if cost <= budget:
            out.append(Activate(board.ids[z]))
    return out


def free_here(game, side: int, zone: int) -> tuple[int, int]:
    """Units of ``side`` in ``zone`` still free to move in this action phase, and their trireme PF."""
    st, oob = game.state, game.oob
    n = pf = 0
    for i in _bits(st.umov & ~st.umoved):
        if st.uz[i] == zone:
            n += 1
            if oob.u_naval[i]:
                pf += oob.u_red[i] if st.ured[i] else oob.u_full[i]
    return n, pf


def room_to_move(game, c: Counts, side: int, zone: int, unit: int) -> bool:
    """Rule 5, checked when movement ends: a move may end over the limit by no more than the units of the side
    there can still take out again."""
    board, oob, st = game.map, game.oob, game.state
    if zone >= board.n_map:
        return True
    n, pf = free_here(game, side, zone)
    if board.land_mask >> zone & 1:
        return c.count[side][zone] - n < 4
    limit = board.strait_limit[zone]
    if limit is None:
        return True
    return c.tpf[side][zone] + (oob.u_red[unit] if st.ured[unit] else oob.u_full[unit]) <= limit + pf


def over_limit(game, c: Counts, side: int) -> list[int]:
    board = game.map
    return [z for z in range(board.n_map)
            if (board.land_mask >> z & 1 and c.count[side][z] > 4)
            or (board.strait_limit[z] is not None and c.tpf[side][z] > board.strait_limit[z])]


def cheapest_activation(game, side: int) -> int | None:
    st, board, oob = game.state, game.map, game.oob
    costs = []
    for z in sorted({z for i, z in enumerate(st.uz) if z >= 0 and oob.u_side[i] == side}):
        if z >= board.n_map:
            costs.append(1)
            continue
        cost = 4
        for j, lz in enumerate(st.lz):
            if lz == z and oob.l_side[j] == side:
                cost = min(cost, 1 if oob.l_bonus[j] and not st.lstrat[j] else 2)
        costs.append(cost)
    return min(costs) if costs else None


def move_options(game, c: Counts) -> list:
    st, board, oob = game.state, game.map, game.oob
    side, ids = st.active, board.ids
    enemy = c.any[1 - side]
    out = []
    for i in _bits(st.umov & ~st.umoved):
        z = st.uz[i]
        if z < 0:
            continue
        uid, origin = oob.units[i].id, ids[z]
        if oob.u_naval[i]:
            for d in _bits(naval_reach(board, z, board.naval_mask & ~enemy)):
                if room_to_move(game, c, side, d, i):
                    out.append(Sail(uid, origin, ids[d]))
        else:
            passable = (board.land_mask & ~enemy) | transport_open(game, c, side, True)
            for d, seas in land_reach(board, z, LAND_PM, passable, -1).items():
                if room_to_move(game, c, side, d, i):
                    out.append(Transport(uid, origin, ids[d], tuple(ids[s] for s in seas)) if seas
                               else Move(uid, origin, ids[d]))
    for j in _bits(st.lmov & ~st.lmoved):
        z = st.lz[j]
        if z < 0:
            continue
        lid, origin = oob.leaders[j].id, ids[z]
        by_land = st.act_units >> z & 1 and (board.land_mask >> z & 1 or z >= board.n_map)
        reached = set()
        if by_land:
            passable = (board.land_mask & ~enemy) | transport_open(game, c, side, False)
            for d, seas in land_reach(board, z, LEADER_PM, passable, -1).items():
                if c.units[side] >> d & 1:
                    reached.add(d)
                    out.append(Transport(lid, origin, ids[d], tuple(ids[s] for s in seas)) if seas
                               else Move(lid, origin, ids[d]))
        if st.act_t >> z & 1:
            for d in _bits(naval_reach(board, z, board.naval_mask & ~enemy)):
                if c.naval[side] >> d & 1 and d not in reached:
                    out.append(Sail(lid, origin, ids[d]))
    return out


def reduce_options(game) -> list:
    st = game.state
    if not game.options["optional_voluntary_reduction"]:
        return []
    return [ReduceUnit(game.oob.units[i].id, game.map.ids[st.uz[i]]) for i in _bits(st.umov & ~st.umoved)
            if not st.ured[i] and st.uz[i] >= 0]


# -- the other decisions ------------------------------------------------------------------------------

def concerned_units(game, side: int) -> list[int]:
    mask = sum(1 << game.map.index[z] for z in SUPPLIED[side])
    oob = game.oob
    return [i for i, z in enumerate(game.state.uz)
            if z >= 0 and mask >> z & 1 and oob.u_side[i] == side and not oob.u_naval[i]]


def helots_ready(game) -> list[int]:
    st, oob = game.state, game.oob
    zones = {game.map.index[z] for z in HELOT_ZONES}
    return [i for i, z in enumerate(st.uz) if z in zones and oob.u_side[i] == 1 and oob.u_ally[i]
            and oob.u_type[i] == "H" and not st.helots_done >> i & 1]


def participants(game, zone: int, side: int) -> list[int]:
    return [i for i, z in enumerate(game.state.uz) if z == zone and game.oob.u_side[i] == side]


def combat_face_applies(game, face, side: int, zone: int, attacker: int, att, dfn) -> bool:
    if face.window != "combat" or not face.usable_by(side):
        return False
    kind = "naval" if game.map.sea_mask >> zone & 1 else "land"
    if face.combat and face.combat != kind:
        return False
    role = "attack" if side == attacker else "defend"
    if face.role not in ("any", role):
        return False
    if (face.zones or face.beaches) and not (game.map.ids[zone] in face.zones
                                             or (face.beaches and game.map.beach_mask >> zone & 1)):
        return False
    own = att if side == attacker else dfn
    oob = game.oob
    if face.requires == "light_troops" and not any(oob.u_light[i] for i in own):
        return False
    return not (face.requires == "spartiates" and not any(oob.u_spartiate[i] for i in own))


def face_applies(game, face, side: int) -> bool:
    st, board, oob = game.state, game.map, game.oob
    e = face.effect
    if face.window == "combat":
        c = st.combat
        if c is None:
            return False
        att = participants(game, c["zone"], c["attacker"])
        dfn = participants(game, c["zone"], 1 - c["attacker"])
        return combat_face_applies(game, face, side, c["zone"], c["attacker"], att, dfn)
    if e == "fire":
        return bool(board.island_mask & board.difficult_mask & ~st.cleared)
    if e == "storm":
        return any(z >= 0 and oob.u_naval[i] and board.sea_mask >> z & 1 for i, z in enumerate(st.uz))
    if e in ("divers", "half_rations", "helot_wind", "lookout"):
        if not concerned_units(game, 1):
            return False
        return e != "helot_wind" or bool(helots_ready(game))
    if e == "thirst":
        return bool(concerned_units(game, 0))
    return True


def _faces(game, side: int, window: str, chits) -> list[int]:
    return sorted(face.number for chit in chits for face in game.stratagems.faces_of(chit)
                  if face.window == window and face.usable_by(side) and face_applies(game, face, side))


def playable_faces(game, side: int, window: str) -> list[int]:
    st = game.state
    if st.played[side]:
        return []
    return _faces(game, side, window, st.hands[side])


def might_play(game, side: int, window: str) -> bool:
    """Rules 3.D, 8, as the opponent can tell: ``side`` holds a chit, has played none, and a chit still in play
    has a face it could play in ``window`` now."""
    st = game.state
    if not st.hands[side] or st.played[side]:
        return False
    return bool(_faces(game, side, window, [c for c in game.stratagems.chit_numbers if c not in st.out_chits]))


def window_sides(game, kind: str, sides) -> list[int]:
    """Rule 8: the sides a secret stratagem window asks, in order: those that might hold a face to play in this
    window as far as the opponent can tell (public information, never the hand itself)."""
    return [s for s in sides if might_play(game, s, kind)]


def recoverable(game, side: int) -> list[int]:
    st, oob = game.state, game.oob
    return [i for i, z in enumerate(st.uz) if st.ured[i] and z >= 0 and oob.u_side[i] == side
            and may_recover(game, i)]


def advantage_options(game, side: int, where: str) -> list:
    st, oob = game.state, game.oob
    if not (st.adv == side and st.serial > st.adv_lock):
        return []
    if where == "reroll":
        return [UseAdvantage("reroll", "")]
    out = [UseAdvantage("extra_pa", ""), UseAdvantage("reverse_initiative", "")] if where == "B" else []
    out += [UseAdvantage("recover_unit", oob.units[i].id) for i in recoverable(game, side)]
    out += [UseAdvantage("return_leader", oob.leaders[j].id) for j, z in enumerate(st.lz)
            if oob.l_side[j] == side and (z == ELIM or (z == OFF and st.lstrat[j] and st.larr[j] > st.turn))]
    return out


def retreat_options(game, side: int, zone: int, code: int, taken) -> dict[int, tuple[int, ...]]:
    board, oob = game.map, game.oob
    c = Counts(game)
    enemy = c.any[1 - side]
    out: dict[int, tuple[int, ...]] = {}
    if code >= 100:
        kind_mask = board.naval_mask if board.sea_mask >> zone & 1 else (board.land_mask | board.naval_mask)
        for d in board.adj_list[zone]:
            if d < board.n_map and kind_mask >> d & 1 and not enemy >> d & 1:
                wanted = c.naval[side] if board.sea_mask >> d & 1 else c.units[side]
                if wanted >> d & 1:
                    out[d] = ()
        for d in taken:
            if not enemy >> d & 1 and d != zone:
                out.setdefault(d, ())
        return out
    naval = oob.u_naval[code]
    mask = board.naval_mask if naval else board.land_mask
    for d in (_bits(board.naval_adj[zone]) if naval else board.adj_list[zone]):
        if d >= board.n_map or not mask >> d & 1 or enemy >> d & 1:
            continue
        if room_for(game, c, side, d, code):
            out[d] = ()
        else:
            for e in (_bits(board.naval_adj[d]) if naval else board.adj_list[d]):
                if (e != zone and e < board.n_map and mask >> e & 1 and not enemy >> e & 1
                        and room_for(game, c, side, e, code)):
                    out.setdefault(e, ())
    if not naval:
        for d, seas in land_reach(board, zone, LAND_PM, transport_open(game, c, side, True), enemy).items():
            if seas and d not in out and room_for(game, c, side, d, code):
                out[d] = seas
    return out


def reference_legal_actions(game) -> list:
    """Every legal action now, in the engine's order, computed from scratch."""
    st, board, oob = game.state, game.map, game.oob
    if st.phase == "over" or st.to_act < 0:
        return []
    step, side = st.step, st.to_act
    if step == "window":  # asked when it might hold a face (see window_sides): "no stratagem" may be all it has
        faces = playable_faces(game, side, st.window_kind)
        return [PlayStratagem(f) for f in faces] + [DeclineStratagem()]
    if step == "D_start":
        left = st.pa[side]
        halves = [] if left <= 0 else [1] if left == 1 else list(range(2, left + 1, 2)) + ([left] if left % 2 else [])
        least = cheapest_activation(game, side) or 1
        if least <= left:  # the note to rule 3.D: enough to activate something, since nobody passes on purpose
            halves = [h for h in halves if h >= least]
        out = [AnnouncePA(h) for h in halves]
        if not st.played[side]:
            out += [PlayStratagem(f) for f in playable_faces(game, side, "action")]
        return out + advantage_options(game, side, "action")
    if step == "D_move":
        c = Counts(game)
        activations = activation_options(game, c)
        if not st.activated and activations:  # 3.D: one activation at least before movement may end
            return activations
        out = activations + move_options(game, c) + reduce_options(game)
        over = over_limit(game, c, side)
        if over:  # rule 5: movement ends within the limits, unless no unit in the zones over them can leave
            leaving = {oob.units[i].id for i in _bits(st.umov & ~st.umoved) if st.uz[i] in over}
            if any(isinstance(a, (Move, Transport, Sail)) and a.piece in leaving for a in out):
                return out
        return [*out, EndMovement()]
    if step == "D_pay":
        return [PayAttacks(), SkipAttacks()]
    if step == "D_attack":
        return [Attack(board.ids[z]) for z in st.fights]
    if step in ("C_reroll", "D_storm_reroll"):
        return [*advantage_options(game, side, "reroll"), DeclineAdvantage()]
    if step == "B_adv":
        return [*advantage_options(game, side, "B"), DeclineAdvantage()]
    if step == "C_retreat":
        r = st.retreat
        code = r["pieces"][0]
        name = oob.leaders[code - 100].id if code >= 100 else oob.units[code].id
        opts = retreat_options(game, r["side"], r["zone"], code, tuple(r["dests"]))
        return [Retreat(name, board.ids[r["zone"]], board.ids[d]) for d in sorted(opts)]
    if step == "E_keep":
        return [KeepStratagem(c) for c in sorted(st.hands[side])] + [KeepStratagem(0)]
    if step == "E_recover":
        return [*(RecoverUnit(oob.units[i].id) for i in recoverable(game, side)), EndRecovery()]
    if step == "E_helot":
        return [HelotRun(oob.units[i].id, board.ids[st.uz[i]]) for i in helots_ready(game)] + [EndHelotRuns()]
    return []
