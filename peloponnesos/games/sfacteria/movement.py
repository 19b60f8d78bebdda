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
from .board import bits
from .stacking import Occupancy

LAND_PM = 3  # rule 2.1
LEADER_PM = 4  # rule 2.2

_interned: dict[tuple, object] = {}


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
    st = game.state
    side = st.active
    budget = st.budget
    if budget <= 0:
        return []
    occ = occ or occupancy(game)
    candidates = occ.units[side] & ~st.activated
    if st.umoved:  # drop zones where every unit of the side has already moved
        count = occ.count[side]
        moved_in: dict[int, int] = {}
        uz = st.uz
        for i in bits(st.umoved):
            z = uz[i]
            if z >= 0:
                moved_in[z] = moved_in.get(z, 0) + 1
        for z, k in moved_in.items():
            if k >= count[z]:
                candidates &= ~(1 << z)
    if not candidates or budget <= 0:
        return []
    n_map = game.map.n_map
    cost = {}
    l_bonus, lstrat = game.oob.l_bonus, st.lstrat
    for j, (z, s) in enumerate(zip(st.lz, game.oob.l_side, strict=True)):
        if z >= 0 and s == side and candidates >> z & 1:
            c = 1 if l_bonus[j] and not lstrat[j] else 2
            if c < cost.get(z, 4):
                cost[z] = c
    table = game.map.activate_actions
    return [table[z] for z in bits(candidates) if (1 if z >= n_map else cost.get(z, 4)) <= budget]


def apply_activation(game, zone: int) -> int:
    """Activate ``zone`` for the active side; returns the cost paid (halves)."""
    st = game.state
    side = st.active
    cost = activation_cost(game, side, zone)
    st.budget -= cost
    st.activated |= 1 << zone
    oob = game.oob
    had_units = had_t = False
    for i, z in enumerate(st.uz):
        if z == zone and oob.u_side[i] == side:
            had_units = True
            if oob.u_naval[i]:
                had_t = True
            if not st.umoved >> i & 1:
                st.umov |= 1 << i
    for j, z in enumerate(st.lz):
        if z == zone and oob.l_side[j] == side and not st.lmoved >> j & 1:
            st.lmov |= 1 << j
    if had_units:
        st.act_units |= 1 << zone
    if had_t:
        st.act_t |= 1 << zone
    return cost


_LAND_CACHE: dict[tuple, dict] = {}
_NAVAL_CACHE: dict[tuple, int] = {}
_UNIT_CACHE: dict[tuple, tuple] = {}
_CACHE_LIMIT = 200_000


def occupancy(game) -> Occupancy:
    """The counts for the current position, kept between moves of one action phase. Only legal-move
    generation may store them: ``execute`` forgets them before anything else can change the position,
    and ``apply_move`` updates them in place."""
    cached = game._occ
    if cached is not None and cached[0] is game.state:
        return cached[1]
    occ = Occupancy(game)
    game._occ = (game.state, occ)
    return occ


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
    ``enemy`` >= 0, that hold no enemy: a retreat)."""
    retreat = enemy >= 0
    key = (origin, pm, passable, enemy)
    out = _LAND_CACHE.get(key)
    if out is not None:
        return out
    out = {}
    for dest, ways in board.land_paths(pm)[origin]:
        if retreat and enemy >> dest & 1:
            continue
        for way in ways:
            if not way.through & ~passable:
                out[dest] = way.seas
                break
    if len(_LAND_CACHE) < _CACHE_LIMIT:
        _LAND_CACHE[key] = out
    return out


def naval_destinations(game, occ: Occupancy, side: int, origin: int) -> int:
    board = game.map
    open_mask = board.naval_mask & ~occ.any[1 - side]
    key = (origin, open_mask)
    reach = _NAVAL_CACHE.get(key)
    if reach is None:
        reach = board.naval_reach(origin, open_mask)
        if len(_NAVAL_CACHE) < _CACHE_LIMIT:
            _NAVAL_CACHE[key] = reach
    return reach


def move_options(game, occ: Occupancy | None = None) -> list:
    """Every legal move of a piece freed by activation, one action per piece and destination."""
    st = game.state
    side = st.active
    occ = occ or occupancy(game)
    board, oob = game.map, game.oob
    ids = board.ids
    out = []
    append = out.append
    land_mask = board.land_mask
    n_map = board.n_map
    count = occ.count[side]
    tpf = occ.tpf[side]
    limits = board.strait_limit
    uz, ured = st.uz, st.ured
    u_naval, u_full, u_red = oob.u_naval, oob.u_full, oob.u_red
    enemy = occ.any[1 - side]
    open_sea = board.naval_mask & ~enemy
    passable = -1  # computed when a land unit needs it
    cache_get = _UNIT_CACHE.get
    for i in bits(st.umov & ~st.umoved):
        z = uz[i]
        if z < 0:
            continue
        if u_naval[i]:
            key = (i, z, open_sea, 0)
            cands = cache_get(key)
            if cands is None:
                reach = naval_destinations(game, occ, side, z)
                uid, origin = oob.units[i].id, ids[z]
                cands = tuple((d, intern(Sail, uid, origin, ids[d])) for d in bits(reach))
                if len(_UNIT_CACHE) < _CACHE_LIMIT:
                    _UNIT_CACHE[key] = cands
            pf = u_red[i] if ured[i] else u_full[i]
            for d, a in cands:
                if land_mask >> d & 1:
                    if count[d] < 4:
                        append(a)
                else:
                    lim = limits[d]
                    if lim is None or tpf[d] + pf <= lim:
                        append(a)
        else:
            if passable < 0:
                passable = (land_mask & ~enemy) | _transport_open(game, occ, side, True)
            key = (i, z, passable, 1)
            cands = cache_get(key)
            if cands is None:
                dests = _land_reach(board, z, LAND_PM, passable, -1)
                uid, origin = oob.units[i].id, ids[z]
                cands = tuple((d, intern(Transport, uid, origin, ids[d], tuple(ids[s] for s in seas)) if seas
                               else intern(Move, uid, origin, ids[d])) for d, seas in dests.items())
                if len(_UNIT_CACHE) < _CACHE_LIMIT:
                    _UNIT_CACHE[key] = cands
            for d, a in cands:
                if d >= n_map or count[d] < 4:
                    append(a)
    if st.lmov & ~st.lmoved:
        _leader_moves(game, occ, side, append)
    return out


def _leader_moves(game, occ: Occupancy, side: int, append) -> None:
    st, board, oob = game.state, game.map, game.oob
    ids = board.ids
    land_mask, n_map = board.land_mask, board.n_map
    own_units, own_ships = occ.units[side], occ.naval[side]
    enemy = occ.any[1 - side]
    for j in bits(st.lmov & ~st.lmoved):
        z = st.lz[j]
        if z < 0:
            continue
        by_land = bool(st.act_units >> z & 1 and (land_mask >> z & 1 or z >= n_map))
        by_sea = bool(st.act_t >> z & 1)
        passable = (land_mask & ~enemy) | _transport_open(game, occ, side, False) if by_land else 0
        open_sea = board.naval_mask & ~enemy if by_sea else 0
        key = ("leader", j, z, by_land, passable, by_sea, open_sea)
        cands = _UNIT_CACHE.get(key)
        if cands is None:
            lid, origin = oob.leaders[j].id, ids[z]
            found = []
            seen = set()
            if by_land:
                for d, seas in _land_reach(board, z, LEADER_PM, passable, -1).items():
                    seen.add(d)
                    found.append((d, False, intern(Transport, lid, origin, ids[d], tuple(ids[s] for s in seas))
                                  if seas else intern(Move, lid, origin, ids[d])))
            if by_sea:
                for d in bits(naval_destinations(game, occ, side, z)):
                    found.append((d, True, intern(Sail, lid, origin, ids[d])))
            cands = tuple(found)
            if len(_UNIT_CACHE) < _CACHE_LIMIT:
                _UNIT_CACHE[key] = cands
        done = 0
        for d, sea, a in cands:
            if sea:
                if own_ships >> d & 1 and not done >> d & 1:
                    append(a)
            elif own_units >> d & 1:
                done |= 1 << d
                append(a)


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
    occ = occupancy(game)
    return activation_options(game, occ) + move_options(game, occ) + reduce_options(game) + [END_MOVEMENT]


def apply_move(game, kind: str, index: int, dest: int, seas: tuple[int, ...]) -> None:
    """Carry out a move already checked: ``kind`` is "unit" or "leader"."""
    st = game.state
    cached = game._occ
    occ = cached[1] if cached is not None and cached[0] is st else None
    if kind == "unit":
        st.umoved |= 1 << index
        origin = st.uz[index]
        if st.uorig[index] == -1:
            st.uorig[index] = origin
        st.uz[index] = dest
        for s in seas:
            st.ferried[s] += 1
        if occ is not None:
            occ.move_unit(game, index, origin, dest)
    else:
        st.lmoved |= 1 << index
        origin = st.lz[index]
        if st.lorig[index] == -1:
            st.lorig[index] = origin
        st.lz[index] = dest
        if occ is not None:
            occ.move_leader(game, index, origin, dest)
    st.moves_made += 1
