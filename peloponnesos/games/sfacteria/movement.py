"""Activation and movement (rules 3.D step 2, 4, 4.1, 4.2, 11.1).

* Activating a zone costs ½ PA for a base or a zone with a starred leader, 1 PA with another leader,
  2 PA without one; it frees the pieces then in the zone to move once in this action phase.
* Land units have 3 PM, leaders 4 PM on land; every zone entered costs 1 PM; a piece entering a zone
  with an enemy piece stops there. Triremes move without limit through water and beaches.
* Sea transport (4.2): water zones crossed must hold a friendly trireme and no enemy; each carries at
  most one land unit per trireme PF in this action phase; leaders ride free.
* A leader moves by land only from a zone that held friendly combat units when activated, to a zone
  holding friendly combat units; by sea only from a zone that held friendly triremes when activated,
  to a zone holding friendly triremes (4.1; see CLARIFICATIONS.md).

Every function reads the game but changes nothing, except ``apply_*``.
"""

from __future__ import annotations

from .actions import EndMovement, Move, ReduceUnit, Sail, Transport
from .board import BIT_LISTS, bits
from .stacking import LAND_LIMIT, Occupancy, occupancy, over_limit
from .supply import follow_presence

LAND_PM = 3  # rule 2.1
LEADER_PM = 4  # rule 2.2

_interned: dict[tuple, object] = {}
# The shared move actions decoded, by id() (sound: shared actions live as long as the program):
# (piece kind "unit" or "leader", its number, destination, water zones crossed, str(action)).
MOVES: dict[int, tuple] = {}


def intern(cls, *fields):
    """One shared action object per distinct action: legal-action lists are built without allocating."""
    key = (cls, *fields)
    action = _interned.get(key)
    if action is None:
        action = _interned[key] = cls(*fields)
    return action


END_MOVEMENT = EndMovement()


def activation_cost(game, side: int, zone: int) -> int:
    """The cost in half PA of activating ``zone`` for ``side`` (rule 3.D)."""
    if zone >= game.map.n_map:
        return 1
    st = game.state
    if zone not in st.lz:
        return 4
    best = 4
    l_side, l_bonus = game.oob.l_side, game.oob.l_bonus
    for j, z in enumerate(st.lz):
        if z == zone and l_side[j] == side:
            if l_bonus[j] and not st.lstrat[j]:
                return 1
            best = 2
    return best


def zones_with_unmoved_units(game, side: int) -> int:
    st = game.state
    umoved = st.umoved
    mask = 0
    for i, (z, s) in enumerate(zip(st.uz, game.oob.u_side, strict=True)):
        if z >= 0 and s == side and not umoved >> i & 1:
            mask |= 1 << z
    return mask


def activation_options(game, occ: Occupancy | None = None) -> list:
    """Zones (and bases) the active side may activate now (rule 3.D): holding a unit of its that has not
    moved, not activated yet, and affordable with what is left of the announcement."""
    st = game.state
    budget = st.budget
    if budget <= 0:
        return []
    side = st.active
    occ = occ or occupancy(game)
    candidates = occ.units[side] & ~st.activated
    if st.umoved:  # drop zones where every unit of the side has already moved
        count = occ.count[side]
        moved = [st.uz[i] for i in BIT_LISTS.get(st.umoved) or bits(st.umoved)]
        for z in set(moved):
            if z >= 0 and moved.count(z) >= count[z]:
                candidates &= ~(1 << z)
    if budget < 4 and candidates:  # 2 PA buys any zone; less only a base (½), a starred leader's (½), a leader's (1)
        if budget >= 2:
            candidates &= game.map.base_mask | occ.leaders[side]
        else:
            cheap = game.map.base_mask
            lz, lstrat = st.lz, st.lstrat
            for j in game.oob.star_leaders[side]:
                if lz[j] >= 0 and not lstrat[j]:
                    cheap |= 1 << lz[j]
            candidates &= cheap
    found = _ACTIVATIONS.get(candidates)
    if found is None:
        table = game.map.activate_actions
        found = tuple(map(table.__getitem__, bits(candidates)))
        if len(_ACTIVATIONS) < _CACHE_LIMIT:
            _ACTIVATIONS[candidates] = found
    return list(found)


_ACTIVATIONS: dict[int, tuple] = {}  # zones mask -> the Activate actions, in zone order


def apply_activation(game, zone: int) -> int:
    """Activate ``zone`` for the active side; returns the cost paid (halves)."""
    st = game.state
    side = st.active
    cost = activation_cost(game, side, zone)
    st.budget -= cost
    st.activated |= 1 << zone
    oob = game.oob
    uz = st.uz
    here = [i for i in oob.side_units[side] if uz[i] == zone]
    if here:
        st.act_units |= 1 << zone
        if any(map(oob.u_naval.__getitem__, here)):
            st.act_t |= 1 << zone
        st.umov |= sum(map(oob.u_bit.__getitem__, here)) & ~st.umoved
    if zone in st.lz:
        lz = st.lz
        for j in oob.side_leaders[side]:
            if lz[j] == zone and not st.lmoved >> j & 1:
                st.lmov |= 1 << j
    return cost


# Memo tables. A reach (the zones a piece at an origin can get to) is shared by every key that gives the same
# answer, and carries the pieces' moves for it: {piece: (destinations mask, actions, {dest: action},
# {blocked destinations mask: the actions left})}; units are numbered i, leaders 100 + j.
_LAND_CACHE: dict[tuple, tuple[dict, dict]] = {}  # (origin, pm, passable, enemy) -> ({dest: seas}, pieces)
_NAVAL_CACHE: dict[tuple, tuple[int, dict]] = {}  # (origin, open water) -> (reach mask, pieces)
_SAME: dict[tuple, tuple] = {}  # a reach, frozen -> the one shared (reach, pieces) pair
_CACHE_LIMIT = 200_000


def _shared(frozen: tuple, reach) -> tuple:
    found = _SAME.get(frozen)
    if found is None:
        found = (reach, {})
        if len(_SAME) < _CACHE_LIMIT:
            _SAME[frozen] = found
    return found


def _transport_open(game, occ: Occupancy, side: int, for_unit: bool) -> int:
    """Water zones a land mover may cross now (rule 4.2)."""
    board = game.map
    enemy = occ.any[1 - side]
    st = game.state
    mask = 0
    for z in bits(occ.naval[side] & board.sea_mask & ~enemy):
        if not for_unit or occ.tpf[side][z] - st.ferried[z] >= 1:
            mask |= 1 << z
    return mask


def land_destinations(game, occ: Occupancy, side: int, origin: int, pm: int, for_unit: bool,
                      retreat: bool = False) -> dict[int, tuple[int, ...]]:
    """Zones a land mover at ``origin`` can reach, each with the water zones it crosses (first open way).

    With ``retreat`` the destination must also be free of enemy pieces (rule 6.3)."""
    board = game.map
    enemy = occ.any[1 - side]
    passable = (board.land_mask & ~enemy) | _transport_open(game, occ, side, for_unit)
    return _land_reach(board, origin, pm, passable, enemy if retreat else -1)


def _land_reach(board, origin: int, pm: int, passable: int, enemy: int) -> dict[int, tuple[int, ...]]:
    """Pure and memoised: destinations from ``origin`` whose way crosses only ``passable`` zones (and, if
    ``enemy`` >= 0, that hold no enemy: a retreat), each with the water zones crossed. Do not change it."""
    return _land(board, origin, pm, passable, enemy)[0]


def _land(board, origin: int, pm: int, passable: int, enemy: int) -> tuple[dict, dict]:
    passable &= board.land_through(pm)[origin]  # only the zones on the ways matter
    key = (origin, pm, passable, enemy)
    found = _LAND_CACHE.get(key)
    if found is None:
        retreat = enemy >= 0
        out = {}
        for dest, ways in board.land_paths(pm)[origin]:
            if retreat and enemy >> dest & 1:
                continue
            for way in ways:
                if not way.through & ~passable:
                    out[dest] = way.seas
                    break
        found = _shared((origin, pm, retreat, *out.items()), out)
        if len(_LAND_CACHE) < _CACHE_LIMIT:
            _LAND_CACHE[key] = found
    return found


def naval_destinations(game, occ: Occupancy, side: int, origin: int) -> int:
    """Zones a trireme (or a leader with triremes) at ``origin`` can reach (rules 2.1, 4)."""
    return _naval(game.map, origin, game.map.naval_mask & ~occ.any[1 - side])[0]


def _naval(board, origin: int, open_mask: int) -> tuple[int, dict]:
    key = (origin, open_mask)
    found = _NAVAL_CACHE.get(key)
    if found is None:
        reach = board.naval_reach(origin, open_mask)
        found = _shared((origin, reach), reach)
        if len(_NAVAL_CACHE) < _CACHE_LIMIT:
            _NAVAL_CACHE[key] = found
    return found


def move_options(game, occ: Occupancy | None = None) -> list:
    """Every legal move of a piece freed by activation, one action per piece and destination."""
    out: list = []
    _add_moves(game, occ or occupancy(game), out)
    return out


def _add_moves(game, occ: Occupancy, out: list) -> None:
    """Append the moves of the free pieces to ``out``: units in their order, then leaders. A piece's moves
    are memoised with the reach they come from; rule 5's limits then strike out destinations (by mask)."""
    st = game.state
    free = st.umov & ~st.umoved
    free_leaders = st.lmov & ~st.lmoved
    if not (free or free_leaders):
        return
    side = st.active
    board = game.map
    enemy = occ.any[1 - side]
    open_sea = board.naval_mask & ~enemy
    water = board.sea_mask & occ.naval[side] & ~enemy  # water a land mover may cross (rule 4.2) ...
    if free:
        oob = game.oob
        uz = st.uz
        full = occ.full(side, board.land_mask) if occ._full is None else occ._full[side]  # rule 5: 4 units a zone
        # rule 5 is checked when movement ends: a full zone (or a strait) still takes a unit if as many of the
        # side's units there are free to move out again (activated, not moved yet)
        room_pf = None
        limited = (full | board.limited_mask) & st.activated  # (free units stand only in activated zones)
        free_list = BIT_LISTS.get(free) or bits(free)
        for i in free_list if limited else ():
            z = uz[i]
            if z >= 0 and limited >> z & 1:
                if room_pf is None:
                    room_pf = [0] * len(uz), {}
                room_pf[1][z] = room_pf[1].get(z, 0) + 1
                if oob.u_naval[i]:
                    room_pf[0][z] += oob.u_red[i] if st.ured[i] else oob.u_full[i]
        if room_pf is not None:
            count = occ.count[side]
            for z, n in room_pf[1].items():
                if full >> z & 1 and count[z] - n < LAND_LIMIT:
                    full &= ~(1 << z)
            room_pf = room_pf[0]
        passable = -1
        sea_z = land_z = -1  # the reach found last (the free units of a zone come one after another)
        for i in free_list:
            z = uz[i]
            if z < 0:
                continue
            if oob.u_naval[i]:
                if z != sea_z:
                    sea_z = z
                    sea_found = _NAVAL_CACHE.get((z, open_sea)) or _naval(board, z, open_sea)
                found = sea_found
                entry = found[1].get(i)
                if entry is None:
                    entry = _piece(found, i, oob.units[i].id, board.ids[z], board.ids, bits(found[0]))
                blocked = full & entry[0]
                if entry[0] & board.limited_mask:  # rule 5: the straits' PF limits
                    pf = oob.u_red[i] if st.ured[i] else oob.u_full[i]
                    tpf = occ.tpf[side]
                    for d, limit in board.strait_limits:
                        if tpf[d] + pf > limit + (room_pf[d] if room_pf is not None else 0):
                            blocked |= 1 << d
                    blocked &= entry[0]
            else:
                if passable < 0:
                    ships = water  # ... with room left on the ships: one land unit per trireme PF
                    if any(st.ferried):
                        tpf, ferried = occ.tpf[side], st.ferried
                        for w in bits(water):
                            if tpf[w] - ferried[w] < 1:
                                ships &= ~(1 << w)
                    passable = (board.land_mask & ~enemy) | ships
                    through = board.through.get(LAND_PM) or board.land_through(LAND_PM)
                if z != land_z:
                    land_z = z
                    land_found = (_LAND_CACHE.get((z, LAND_PM, passable & through[z], -1))
                                  or _land(board, z, LAND_PM, passable, -1))
                found = land_found
                entry = found[1].get(i)
                if entry is None:
                    entry = _piece(found, i, oob.units[i].id, board.ids[z], board.ids, found[0])
                blocked = full & entry[0]
            out += (entry[3].get(blocked) or _allowed(entry, blocked)) if blocked else entry[1]
    if free_leaders:
        _leader_moves(game, occ, side, free_leaders, (board.land_mask & ~enemy) | water, open_sea, out)


def _piece(found: tuple, code: int, piece: str, origin: str, ids, dests) -> tuple:
    """The moves of ``piece`` (unit i, or leader 100 + j) from ``origin`` to ``dests`` (a dict of the seas
    crossed, or a sequence of zones to sail to), stored with the reach ``found``."""
    made = _MADE.get((piece, origin))
    if made is None:
        made = _MADE[(piece, origin)] = {}
    by_dest = {}
    mask = 0
    if isinstance(dests, dict):
        for d, seas in dests.items():
            action = made.get((d, seas) if seas else d)  # a plain move is known by its destination alone
            if action is None:
                if seas:
                    action = intern(Transport, piece, origin, ids[d], tuple(ids[s] for s in seas))
                else:
                    action = intern(Move, piece, origin, ids[d])
                made[(d, seas) if seas else d] = action
                MOVES[id(action)] = ("unit" if code < 100 else "leader", code % 100, d, seas, str(action))
            by_dest[d] = action
            mask |= 1 << d
    else:
        for d in dests:
            action = made.get(-1 - d)  # sailing there (a leader may also walk to the same zone)
            if action is None:
                action = made[-1 - d] = intern(Sail, piece, origin, ids[d])
                MOVES[id(action)] = ("unit" if code < 100 else "leader", code % 100, d, (), str(action))
            by_dest[d] = action
            mask |= 1 << d
    # (destinations mask, the moves in zone order (as bits() gives zones), {destination: its move},
    # {blocked destinations mask: the moves left})
    entry = found[1][code] = (mask, tuple(by_dest.values()), by_dest, {})
    return entry


# (piece, origin) -> {destination: move there, -1 - destination: sail there, (destination, seas crossed): transport}
_MADE: dict[tuple, dict] = {}


def _allowed(entry: tuple, blocked: int) -> tuple:
    """A piece's moves without those to the ``blocked`` destinations, in zone order (memoised: most recur)."""
    left = entry[0] & ~blocked
    kept = entry[3][blocked] = tuple(map(entry[2].__getitem__, BIT_LISTS.get(left) or bits(left)))
    return kept


def _leader_moves(game, occ: Occupancy, side: int, free: int, passable: int, open_sea: int, out: list) -> None:
    """Leaders go by land only from a zone that held friendly combat units when activated, to a zone holding
    friendly combat units; by sea likewise with triremes (rule 4.1); a zone reachable both ways is offered
    once, by land. Leaders ride the ships free (``passable``: every water zone with a friendly trireme)."""
    st, board = game.state, game.map
    land_or_base = board.land_mask | board.base_mask
    own_units, own_ships = occ.units[side], occ.naval[side]
    through = board.through.get(LEADER_PM) or board.land_through(LEADER_PM)
    for j in BIT_LISTS.get(free) or bits(free):
        z = st.lz[j]
        if z < 0:
            continue
        code = 100 + j
        done = 0
        if st.act_units >> z & 1 and land_or_base >> z & 1:
            found = (_LAND_CACHE.get((z, LEADER_PM, passable & through[z], -1))
                     or _land(board, z, LEADER_PM, passable, -1))
            entry = found[1].get(code)
            if entry is None:
                entry = _piece(found, code, game.oob.leaders[j].id, board.ids[z], board.ids, found[0])
            done = entry[0] & own_units
            if done == entry[0]:
                out += entry[1]
            elif done:  # the zones allowed, in zone order
                blocked = entry[0] ^ done
                out += entry[3].get(blocked) or _allowed(entry, blocked)
        if st.act_t >> z & 1:
            found = _NAVAL_CACHE.get((z, open_sea)) or _naval(board, z, open_sea)
            entry = found[1].get(code)
            if entry is None:
                entry = _piece(found, code, game.oob.leaders[j].id, board.ids[z], board.ids, bits(found[0]))
            allowed = entry[0] & own_ships & ~done
            if allowed == entry[0]:
                out += entry[1]
            elif allowed:
                blocked = entry[0] ^ allowed
                out += entry[3].get(blocked) or _allowed(entry, blocked)


def reduce_options(game) -> list:
    """Optional rule 11.1: full-strength units in activated zones that have not moved yet."""
    st = game.state
    if not game.options["optional_voluntary_reduction"]:
        return []
    ids = game.map.ids
    out = []
    for i in bits(st.umov & ~st.umoved):
        if not st.ured[i] and st.uz[i] >= 0:
            out.append(intern(ReduceUnit, game.oob.units[i].id, ids[st.uz[i]]))
    return out


def d_move_options(game) -> list:
    """The choices of step D_move: activations, moves, reductions (11.1), then "end movement".

    The activations open are kept between the decisions of one action phase (``game._acts``) and computed
    again only after an activation (the zones activated and the PA left change) or a leader's move (the
    cost of activating depends on where leaders stand). Moves of combat units leave them as they were: a
    unit moves only out of an activated zone, so a zone not yet activated keeps the units it had that have
    not moved, and a zone it enters that held none of the side's units holds only units that have moved."""
    st = game.state
    kept = game._counts
    if kept is not None and kept[0] is st:
        occ = kept[1]
        if occ._uz != st.uz or occ._ured != st.ured or occ._lz != st.lz:  # (sync's own test, without a call)
            occ.sync(game)
    else:
        occ = occupancy(game)
    key = (st.serial, st.activated, st.budget, st.lmoved)
    acts = game._acts
    if acts is not None and acts[0] is st and acts[1] == key:
        out = list(acts[2])
    else:
        out = activation_options(game, occ)
        game._acts = (st, key, tuple(out))
    if not st.activated and out:  # the note to rule 3.D: no pass on purpose; activate something first
        return out
    if st.umov & ~st.umoved or st.lmov & ~st.lmoved:
        _add_moves(game, occ, out)
    if game._reduction:
        out += reduce_options(game)
    # rule 5: room must be made before movement ends (a zone can be over the limit only if it was activated: units
    # come in beyond the limit only while some of the side's units there are free to move out)
    full = occ._full[st.active] if occ._full is not None else occ.full(st.active, game.map.land_mask)
    if (st.umoved and st.activated & (full | game.map.limited_mask)
            and over_limit(game, occ, st.active) and not stuck(game, occ, out)):
        return out
    out.append(END_MOVEMENT)
    return out


def stuck(game, occ: Occupancy, options: list) -> bool:
    """Over the rule 5 limit somewhere, with no unit there free to move out: then movement may end, and
    ``take_back_overstack`` undoes the moves that broke the limit."""
    st, oob = game.state, game.oob
    over = over_limit(game, occ, st.active)
    uz = st.uz
    pieces = {oob.units[i].id for i in bits(st.umov & ~st.umoved) if uz[i] >= 0 and over >> uz[i] & 1}
    return not any(type(a) in (Move, Transport, Sail) and a.piece in pieces for a in options)


def take_back_overstack(game) -> None:
    """Movement ends with a zone still over the rule 5 limit (its units could not move out): the units that
    came in during this action phase go back where they started it, the highest-numbered first, until the
    zone is within the limit (and one that finds no room there moves on as rule 6.3 says)."""
    st, oob, board = game.state, game.oob, game.map
    side = st.active
    occ = occupancy(game)
    over = over_limit(game, occ, side)
    if not over:
        return
    from .combat import spill  # (combat imports this module)

    for z in bits(over):
        came = [i for i in reversed(oob.side_units[side]) if st.uz[i] == z and st.uorig[i] not in (-1, z)]
        for i in came:
            occ = occupancy(game)
            if not over_limit(game, occ, side) >> z & 1:
                break
            back = st.uorig[i]
            st.uz[i] = back
            if game.log.enabled:
                game.event("stacking", f"{oob.units[i].id} cannot stay in {board.ids[z]}: the zone would be over the "
                           f"stacking limit when movement ends, so its move is taken back to {board.ids[back]}.",
                           side=game.players[side], rule="5", unit=oob.units[i].id, zone=board.ids[back])
            spill(game, side, i)
        if z in st.lz:
            game.capture_check(z)
    follow_presence(game)  # rule 7.1.1: a landing taken back may leave a garrison, or bring one home


def cheapest_activation(game, side: int) -> int | None:
    """The cost in half PA of the cheapest zone or base ``side`` could activate at the start of an action
    phase (one holding a combat unit of its), or None if it has none (rule 3.D)."""
    st, oob = game.state, game.oob
    zones = oob.of_side[side](st.uz)  # where its units are (negative: not in play)
    top = max(zones)
    if top < 0:
        return None
    if top >= game.map.n_map:
        return 1  # a base
    best = 4
    lz = st.lz
    for j in oob.side_leaders[side]:
        z = lz[j]
        if z >= 0 and z in zones:
            if oob.l_bonus[j] and not st.lstrat[j]:
                return 1
            best = 2
    return best


def apply_move(game, kind: str, index: int, dest: int, seas: tuple[int, ...]) -> None:
    """Carry out a move already checked: ``kind`` is "unit" or "leader"."""
    st = game.state
    # The counts kept for this state are moved along with the piece if they have it where it stands, on the
    # face it shows; whatever else they may not have seen yet, occupancy() brings up to date when they are read.
    cached = game._counts
    occ = cached[1] if cached is not None and cached[0] is st else None
    if kind == "unit":
        st.umoved |= 1 << index
        origin = st.uz[index]
        if st.uorig[index] == -1:
            st.uorig[index] = origin
        st.uz[index] = dest
        for s in seas:
            st.ferried[s] += 1
        if occ is not None and occ._uz[index] == origin and occ._ured[index] == st.ured[index]:
            occ.move_unit(game, index, origin, dest)
    else:
        st.lmoved |= 1 << index
        origin = st.lz[index]
        if st.lorig[index] == -1:
            st.lorig[index] = origin
        st.lz[index] = dest
        if occ is not None and occ._lz[index] == origin:
            occ.move_leader(game, index, origin, dest)
    st.moves_made += 1
