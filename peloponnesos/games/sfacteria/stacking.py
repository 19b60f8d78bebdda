"""Stacking (rule 5): at most 4 combat units per side in a land zone (leaders do not count), no limit at
sea or in the bases, except the straits N8 and N9 where the printed number is the most trireme PF each
side may have there.

Checked when movement ends (the text checks stacking only after movements): pieces pass through a full zone,
and a zone may hold more for a while, so long as units of the side there are still free to move out in the
same action phase (a fifth unit comes into Pylos, then a tired one leaves). "End movement" is offered only
once every zone is within the limit again (see ``movement.d_move_options`` and CLARIFICATIONS.md, rule 5).
Retreats (6.3), units sent back (6.1) and recovery (3.E) keep the limit at every step.

``Occupancy`` counts who is where; the engine keeps one (``occupancy(game)``), brought up to date piece by
piece as the position changes, for movement, combat and supply.
"""

from __future__ import annotations

from .board import bits

LAND_LIMIT = 4


class Occupancy:
    """Counts per zone and side. They remember the positions they were made from: ``current(state)`` tells
    whether they still describe a state, and ``sync(game)`` brings them up to date by recounting only the
    pieces that moved or changed face since (see :func:`occupancy`)."""

    __slots__ = ("_full", "_lz", "_ured", "_uz", "any", "count", "leaders", "naval", "tpf", "units")

    def __init__(self, game) -> None:
        st = game.state
        oob = game.oob
        n = game.n_zones
        uz, ured = st.uz, st.ured
        full, red = oob.u_full, oob.u_red
        counted = []
        for land, naval in oob.by_side:  # the land units, then the triremes, of each side
            c, t = [0] * n, [0] * n
            u = v = 0
            for i in land:
                z = uz[i]
                if z >= 0:
                    c[z] += 1
                    u |= 1 << z
            for i in naval:
                z = uz[i]
                if z >= 0:
                    c[z] += 1
                    t[z] += red[i] if ured[i] else full[i]
                    v |= 1 << z
            counted.append((c, t, u | v, v))
        (c0, t0, u0, v0), (c1, t1, u1, v1) = counted
        self.count = (c0, c1)  # combat units per side and zone
        self.tpf = (t0, t1)  # trireme PF per side and zone
        self.units = (u0, u1)  # zones holding combat units of each side (mask)
        self.naval = (v0, v1)  # zones holding triremes of each side (mask)
        self._full = None
        self._uz, self._ured = uz[:], ured[:]
        self._leaders(game)

    def _leaders(self, game) -> None:
        l0 = l1 = 0
        lz = game.state.lz
        for z, s in zip(lz, game.oob.l_side, strict=True):
            if z >= 0:
                if s:
                    l1 |= 1 << z
                else:
                    l0 |= 1 << z
        self.leaders = (l0, l1)  # zones holding leaders of each side (mask)
        self.any = (self.units[0] | l0, self.units[1] | l1)
        self._lz = lz[:]

    def current(self, st) -> bool:
        """Do these counts describe ``st`` (the same positions and faces)?"""
        return self._uz == st.uz and self._lz == st.lz and self._ured == st.ured

    def sync(self, game) -> None:
        """Bring the counts up to date with ``game.state``: only the units whose zone or face differs from
        the positions counted last are taken out of their old zone and put in their new one."""
        st = game.state
        uz, ured = st.uz, st.ured
        if self._uz != uz or self._ured != ured:
            oob, land_mask = game.oob, game.map.land_mask
            old_uz, old_red = self._uz, self._ured
            units, naval, full = list(self.units), list(self.naval), self._full
            changed = [i for i in range(len(uz)) if old_uz[i] != uz[i] or old_red[i] != ured[i]]
            for i in changed:
                s = oob.u_side[i]
                c, t = self.count[s], self.tpf[s]
                ship = oob.u_naval[i]
                z = old_uz[i]
                if z >= 0:
                    c[z] -= 1
                    if not c[z]:
                        units[s] &= ~(1 << z)
                    if ship:
                        t[z] -= oob.u_red[i] if old_red[i] else oob.u_full[i]
                        if not t[z]:
                            naval[s] &= ~(1 << z)
                    if full is not None and c[z] < LAND_LIMIT:
                        full[s] &= ~(1 << z)
                z = uz[i]
                if z >= 0:
                    c[z] += 1
                    units[s] |= 1 << z
                    if ship:
                        t[z] += oob.u_red[i] if ured[i] else oob.u_full[i]
                        naval[s] |= 1 << z
                    if full is not None and c[z] >= LAND_LIMIT and land_mask >> z & 1:
                        full[s] |= 1 << z
            self.units, self.naval = (units[0], units[1]), (naval[0], naval[1])
            self._uz, self._ured = uz[:], ured[:]
            if self._lz == st.lz:
                self.any = (units[0] | self.leaders[0], units[1] | self.leaders[1])
        if self._lz != st.lz:
            self._leaders(game)

    def move_unit(self, game, i: int, origin: int, dest: int) -> None:
        """Update the counts in place for unit ``i`` moving (the counts described the position before)."""
        oob = game.oob
        s = oob.u_side[i]
        c = self.count[s]
        c[origin] -= 1
        c[dest] += 1
        u = self.units[s] | 1 << dest
        if not c[origin]:
            u &= ~(1 << origin)
        if oob.u_naval[i]:
            pf = oob.u_red[i] if game.state.ured[i] else oob.u_full[i]
            t = self.tpf[s]
            t[origin] -= pf
            t[dest] += pf
            v = self.naval[s] | 1 << dest
            if not t[origin]:
                v &= ~(1 << origin)
            self.naval = (self.naval[0], v) if s else (v, self.naval[1])
        if s:
            self.units, self.any = (self.units[0], u), (self.any[0], u | self.leaders[1])
        else:
            self.units, self.any = (u, self.units[1]), (u | self.leaders[0], self.any[1])
        self._uz[i] = dest
        full = self._full
        if full is not None:
            if c[origin] < LAND_LIMIT:
                full[s] &= ~(1 << origin)
            if c[dest] >= LAND_LIMIT and game.map.land_mask >> dest & 1:
                full[s] |= 1 << dest

    def move_leader(self, game, j: int, origin: int, dest: int) -> None:
        """Update the counts in place for leader ``j`` moving (the counts described the position before)."""
        lz = game.state.lz
        s = game.oob.l_side[j]
        leaders = list(self.leaders)
        if not any(z == origin and game.oob.l_side[k] == s for k, z in enumerate(lz)):
            leaders[s] &= ~(1 << origin)
        leaders[s] |= 1 << dest
        self.leaders = (leaders[0], leaders[1])
        self.any = (self.units[0] | leaders[0], self.units[1] | leaders[1])
        self._lz[j] = dest

    def copy(self) -> Occupancy:
        """An independent copy."""
        other = Occupancy.__new__(Occupancy)
        other.count = (self.count[0][:], self.count[1][:])
        other.tpf = (self.tpf[0][:], self.tpf[1][:])
        other.units, other.naval, other.leaders, other.any = self.units, self.naval, self.leaders, self.any
        other._full = self._full[:] if self._full is not None else None
        other._uz, other._ured, other._lz = self._uz[:], self._ured, self._lz[:]
        return other

    def full(self, side: int, land_mask: int) -> int:
        """Land zones where ``side`` already has 4 combat units (rule 5), as a mask."""
        masks = self._full
        if masks is None:
            masks = []
            for count_, units in zip(self.count, self.units, strict=True):
                m = 0
                for z in bits(units & land_mask):
                    if count_[z] >= LAND_LIMIT:
                        m |= 1 << z
                masks.append(m)
            self._full = masks
        return masks[side]


def occupancy(game) -> Occupancy:
    """The counts for the current position, kept by the game in ``game._counts``: brought up to date (``sync``)
    from the last ones it had (or its original's, for a copy of a game), else counted afresh. Read-only."""
    st = game.state
    cached = game._counts
    if cached is None:
        occ = Occupancy(game)
    else:
        occ = cached[1]
        if cached[0] is not st:
            occ = occ.copy()
        occ.sync(game)
    game._counts = (st, occ)
    return occ


def unit_pf(game, i: int) -> int:
    oob = game.oob
    return oob.u_red[i] if game.state.ured[i] else oob.u_full[i]


def room_for(game, occ: Occupancy, side: int, zone: int, unit: int) -> bool:
    """May ``unit`` of ``side`` end a move in ``zone`` without breaking rule 5?"""
    board = game.map
    if zone >= board.n_map:
        return True  # bases: no limit
    if board.land_mask >> zone & 1:
        return occ.count[side][zone] < LAND_LIMIT
    limit = board.strait_limit[zone]
    if limit is None:
        return True
    return occ.tpf[side][zone] + unit_pf(game, unit) <= limit


def may_recover(game, i: int, occ: Occupancy | None = None) -> bool:
    """May reduced unit ``i`` flip back to full strength where it stands? In a strait only if the side's
    trireme PF stays within the limit (rule 5, see CLARIFICATIONS.md)."""
    board, oob = game.map, game.oob
    z = game.state.uz[i]
    limit = board.strait_limit[z] if 0 <= z < board.n_map else None
    if limit is None or not oob.u_naval[i]:
        return True
    occ = occ or Occupancy(game)
    return occ.tpf[oob.u_side[i]][z] - oob.u_red[i] + oob.u_full[i] <= limit


def over_limit(game, occ: Occupancy, side: int) -> int:
    """The zones where ``side`` is over the rule 5 limit now (a mask): possible only during its movement."""
    board = game.map
    count = occ.count[side]
    over = 0
    for z in bits(occ.full(side, board.land_mask)):
        if count[z] > LAND_LIMIT:
            over |= 1 << z
    tpf = occ.tpf[side]
    for z, limit in board.strait_limits:
        if tpf[z] > limit:
            over |= 1 << z
    return over


def free_to_leave(game, side: int, zone: int) -> tuple[int, int]:
    """How many of ``side``'s units in ``zone`` are still free to move in this action phase (activated, not
    moved), and their trireme PF: the room a zone over the limit can still make (rule 5)."""
    st, oob = game.state, game.oob
    if st.phase != "D" or st.active != side:
        return 0, 0
    n = pf = 0
    for i in bits(st.umov & ~st.umoved):
        if st.uz[i] == zone:
            n += 1
            if oob.u_naval[i]:
                pf += oob.u_red[i] if st.ured[i] else oob.u_full[i]
    return n, pf


def violations(game) -> list[str]:
    """Every breach of rule 5 in the current position, in words (empty when all is well)."""
    occ = Occupancy(game)
    board = game.map
    out = []
    for side in (0, 1):
        for z in bits(occ.units[side]):
            if z >= board.n_map:
                continue
            if board.land_mask >> z & 1 and occ.count[side][z] > LAND_LIMIT:
                out.append(f"{game.players[side]} has {occ.count[side][z]} units in {board.ids[z]}")
            limit = board.strait_limit[z]
            if limit is not None and occ.tpf[side][z] > limit:
                out.append(f"{game.players[side]} has {occ.tpf[side][z]} trireme PF in {board.ids[z]} (limit {limit})")
    return out
