"""Stacking (rule 5): at most 4 combat units per side in a land zone (leaders do not count), no limit at
sea or in the bases, except the straits N8 and N9 where the printed number is the most trireme PF each
side may have there. Checked after movement, so pieces may pass through a full zone.

``Occupancy`` counts who is where once per position; the engine keeps one (``occupancy(game)``) and reuses
it for movement, combat and supply while the position stays the same.
"""

from __future__ import annotations

from .board import bits

LAND_LIMIT = 4


class Occupancy:
    """Counts per zone and side, computed once from a game state. It remembers the positions it counted,
    so ``current(state)`` tells whether it still describes a state (see :func:`occupancy`)."""

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
        l0 = l1 = 0
        for z, s in zip(st.lz, oob.l_side, strict=True):
            if z >= 0:
                if s:
                    l1 |= 1 << z
                else:
                    l0 |= 1 << z
        self.count = (c0, c1)  # combat units per side and zone
        self.tpf = (t0, t1)  # trireme PF per side and zone
        self.units = (u0, u1)  # zones holding combat units of each side (mask)
        self.naval = (v0, v1)  # zones holding triremes of each side (mask)
        self.leaders = (l0, l1)  # zones holding leaders of each side (mask)
        self.any = (u0 | l0, u1 | l1)
        self._full = None
        self._uz, self._ured, self._lz = uz[:], ured[:], st.lz[:]

    def current(self, st) -> bool:
        """Do these counts describe ``st`` (the same positions and faces)?"""
        return self._uz == st.uz and self._lz == st.lz and self._ured == st.ured

    def full(self, side: int, land_mask: int) -> int:
        """Land zones where ``side`` already has 4 combat units (rule 5), as a mask."""
        masks = self._full
        if masks is None:
            masks = []
            for count, units in zip(self.count, self.units, strict=True):
                m = 0
                for z in bits(units & land_mask):
                    if count[z] >= LAND_LIMIT:
                        m |= 1 << z
                masks.append(m)
            self._full = masks
        return masks[side]

    def move_unit(self, game, i: int, origin: int, dest: int) -> None:
        """Update the counts in place for unit ``i`` moving (used between moves of an action phase)."""
        oob = game.oob
        s = oob.u_side[i]
        count, units = self.count[s], list(self.units)
        count[origin] -= 1
        count[dest] += 1
        if not count[origin]:
            units[s] &= ~(1 << origin)
        units[s] |= 1 << dest
        self.units = (units[0], units[1])
        if oob.u_naval[i]:
            pf = oob.u_red[i] if game.state.ured[i] else oob.u_full[i]
            tpf, naval = self.tpf[s], list(self.naval)
            tpf[origin] -= pf
            tpf[dest] += pf
            if not tpf[origin]:
                naval[s] &= ~(1 << origin)
            naval[s] |= 1 << dest
            self.naval = (naval[0], naval[1])
        leaders = self.leaders
        self.any = (self.units[0] | leaders[0], self.units[1] | leaders[1])
        self._uz[i] = dest
        full = self._full
        if full is not None:
            if count[origin] < LAND_LIMIT:
                full[s] &= ~(1 << origin)
            if count[dest] >= LAND_LIMIT and game.map.land_mask >> dest & 1:
                full[s] |= 1 << dest

    def move_leader(self, game, j: int, origin: int, dest: int) -> None:
        st, oob = game.state, game.oob
        s = oob.l_side[j]
        leaders = list(self.leaders)
        if not any(z == origin and oob.l_side[k] == s for k, z in enumerate(st.lz)):
            leaders[s] &= ~(1 << origin)
        leaders[s] |= 1 << dest
        self.leaders = (leaders[0], leaders[1])
        self._refresh_any()
        self._lz[j] = dest

    def _refresh_any(self) -> None:
        self.any = (self.units[0] | self.leaders[0], self.units[1] | self.leaders[1])


def occupancy(game) -> Occupancy:
    """The counts for the current position: the ones the game keeps if they are still current (checked
    against the positions they were made from), else fresh ones, kept in their place. Read-only for all
    but ``movement.apply_move``, which updates them in place with the move it makes."""
    st = game.state
    cached = game._occ
    if cached is not None and cached[0] is st and cached[1].current(st):
        return cached[1]
    occ = Occupancy(game)
    game._occ = (st, occ)
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
