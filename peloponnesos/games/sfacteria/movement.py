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
from .stacking import Occupancy, occupancy

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
        moved_in: dict[int, int] = {}
        uz = st.uz
        for i in bits(st.umoved):
            z = uz[i]
            if z >= 0:
                moved_in[z] = moved_in.get(z, 0) + 1
        for z, k in moved_in.items():
            if k >= count[z]:
                candidates &= ~(1 << z)
    if budget < 4 and candidates:  # 2 PA buys any zone; less only a base (½), a starred leader's (½), a leader's (1)
        board = game.map
        cheap = board.base_mask
        l_side, l_bonus, lstrat = game.oob.l_side, game.oob.l_bonus, st.lstrat
        for j, z in enumerate(st.lz):
            if z >= 0 and l_side[j] == side and (budget >= 2 or (l_bonus[j] and not lstrat[j])):
                cheap |= 1 << z
        candidates &= cheap
    found = _ACTIVATIONS.get(candidates)
    if found is None:
        table = game.map.activate_actions
        found = _ACTIVATIONS[candidates] = tuple(table[z] for z in bits(candidates))
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
        umoved = st.umoved
        for i in here:
            if oob.u_naval[i]:
                st.act_t |= 1 << zone
            if not umoved >> i & 1:
                st.umov |= 1 << i
    if zone in st.lz:
        for j, z in enumerate(st.lz):
            if z == zone and oob.l_side[j] == side and not st.lmoved >> j & 1:
                st.lmov |= 1 << j
    return cost


_LAND_CACHE: dict[tuple, dict] = {}
_NAVAL_CACHE: dict[tuple, int] = {}
_UNIT_CACHE: dict[tuple, tuple] = {}
_CACHE_LIMIT = 200_000


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
    passable &= board.land_through(pm)[origin]  # only the zones on the ways matter
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
    out: list = []
    _add_moves(game, occ or occupancy(game), out)
    return out


def _add_moves(game, occ: Occupancy, out: list) -> None:
    """Append the moves of the free pieces to ``out``: units in their order, then leaders. Each piece's moves
    for the zones open to it are memoised; only rule 5's limits are applied afresh."""
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
        uz, u_naval = st.uz, oob.u_naval
        full = occ.full(side, board.land_mask)  # rule 5: no fifth unit into a land zone
        passable = -1
        for i in bits(free):
            z = uz[i]
            if z < 0:
                continue
            if u_naval[i]:
                reach = _NAVAL_CACHE.get((z, open_sea))
                if reach is None:
                    reach = naval_destinations(game, occ, side, z)
                key = (i, z, reach, 0)
                entry = _UNIT_CACHE.get(key)
                if entry is None:
                    uid, ids = oob.units[i].id, board.ids
                    entry = _memo(key, reach, [(d, intern(Sail, uid, ids[z], ids[d])) for d in bits(reach)])
                dests, acts, pairs = entry
                blocked = full & dests
                if dests & board.limited_mask:  # rule 5: the straits' PF limits
                    pf = oob.u_red[i] if st.ured[i] else oob.u_full[i]
                    tpf = occ.tpf[side]
                    for d, limit in board.strait_limits:
                        if tpf[d] + pf > limit:
                            blocked |= 1 << d
                    blocked &= dests
            else:
                if passable < 0:
                    tpf, ferried = occ.tpf[side], st.ferried
                    ships = 0  # ... with room left on the ships: one land unit per trireme PF
                    for w in bits(water):
                        if tpf[w] - ferried[w] >= 1:
                            ships |= 1 << w
                    passable = (board.land_mask & ~enemy) | ships
                    through = board.land_through(LAND_PM)
                key = (i, z, passable & through[z], 1)
                entry = _UNIT_CACHE.get(key)
                if entry is None:
                    dests = _land_reach(board, z, LAND_PM, passable, -1)
                    uid, ids = oob.units[i].id, board.ids
                    entry = _memo(key, sum(1 << d for d in dests), [
                        (d, intern(Transport, uid, ids[z], ids[d], tuple(ids[s] for s in seas)) if seas
                         else intern(Move, uid, ids[z], ids[d])) for d, seas in dests.items()])
                dests, acts, pairs = entry
                blocked = full & dests
            if blocked:
                out += [a for d, a in pairs if not blocked >> d & 1]
            else:
                out += acts
    if free_leaders:
        _leader_moves(game, occ, side, free_leaders, (board.land_mask & ~enemy) | water, open_sea, out)


def _moves(dests: int, pairs: list) -> tuple:
    """One piece's moves: (destinations mask, actions, (destination, action) pairs)."""
    return dests, tuple(a for _, a in pairs), tuple(pairs)


def _memo(key, dests: int, pairs: list) -> tuple:
    entry = _moves(dests, pairs)
    if len(_UNIT_CACHE) < _CACHE_LIMIT:
        _UNIT_CACHE[key] = entry
    return entry


def _leader_moves(game, occ: Occupancy, side: int, free: int, passable: int, open_sea: int, out: list) -> None:
    """Leaders go by land only from a zone that held friendly combat units when activated, to a zone holding
    friendly combat units; by sea likewise with triremes (rule 4.1); a zone reachable both ways is offered
    once, by land. Leaders ride the ships free (``passable``: every water zone with a friendly trireme)."""
    st, board = game.state, game.map
    land_or_base = board.land_mask | board.base_mask
    own_units, own_ships = occ.units[side], occ.naval[side]
    for j in bits(free):
        z = st.lz[j]
        if z < 0:
            continue
        by_land = st.act_units >> z & 1 and land_or_base >> z & 1
        key = ("leader", j, z, passable & board.land_through(LEADER_PM)[z] if by_land else -1,
               naval_destinations(game, occ, side, z) if st.act_t >> z & 1 else -1)
        entry = _UNIT_CACHE.get(key)
        if entry is None:
            lid, ids = game.oob.leaders[j].id, board.ids
            land = sea = ()
            if key[3] >= 0:
                land = _land_reach(board, z, LEADER_PM, passable, -1)
                land = _moves(sum(1 << d for d in land), [
                    (d, intern(Transport, lid, ids[z], ids[d], tuple(ids[s] for s in seas)) if seas
                     else intern(Move, lid, ids[z], ids[d])) for d, seas in land.items()])
            if key[4] >= 0:
                sea = _moves(key[4], [(d, intern(Sail, lid, ids[z], ids[d])) for d in bits(key[4])])
            entry = (land, sea)
            if len(_UNIT_CACHE) < _CACHE_LIMIT:
                _UNIT_CACHE[key] = entry
        land, sea = entry
        done = 0
        if land:
            dests, acts, pairs = land
            done = dests & own_units
            if done == dests:
                out += acts
            elif done:
                out += [a for d, a in pairs if done >> d & 1]
        if sea:
            dests, acts, pairs = sea
            ok = dests & own_ships & ~done
            if ok == dests:
                out += acts
            elif ok:
                out += [a for d, a in pairs if ok >> d & 1]


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
    """The choices of step D_move: activations, moves, reductions (11.1), then "end movement"."""
    occ = occupancy(game)
    out = activation_options(game, occ)
    _add_moves(game, occ, out)
    if game.options["optional_voluntary_reduction"]:
        out += reduce_options(game)
    out.append(END_MOVEMENT)
    return out


def apply_move(game, kind: str, index: int, dest: int, seas: tuple[int, ...]) -> None:
    """Carry out a move already checked: ``kind`` is "unit" or "leader"."""
    st = game.state
    cached = game._occ  # counts kept up to date with the move, if they describe the position before it
    occ = cached[1] if cached is not None and cached[0] is st and cached[1].current(st) else None
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
