"""Stacking (rule 5): at most 4 combat units per side in a land zone (leaders do not count), no limit at
sea or in the bases, except the straits N8 and N9 where the printed number is the most trireme PF each
side may have there. Checked after movement, so pieces may pass through a full zone.

``Occupancy`` counts who is where once per position; the engine reuses it for movement, combat and
supply.
"""

from __future__ import annotations

from .board import bits

LAND_LIMIT = 4


class Occupancy:
    """Counts per zone and side, computed once from a game state."""

    __slots__ = ("any", "count", "leaders", "naval", "tpf", "units")

    def __init__(self, game) -> None:
        st = game.state
        oob = game.oob
        n = game.n_zones
        c0, c1, t0, t1 = [0] * n, [0] * n, [0] * n, [0] * n
        u0 = u1 = v0 = v1 = 0
        rows = zip(st.uz, oob.u_side, oob.u_naval, oob.u_full, oob.u_red, st.ured, strict=True)
        for z, s, naval, full, red, r in rows:
            if z < 0:
                continue
            b = 1 << z
            if s:
                c1[z] += 1
                u1 |= b
                if naval:
                    t1[z] += red if r else full
                    v1 |= b
            else:
                c0[z] += 1
                u0 |= b
                if naval:
                    t0[z] += red if r else full
                    v0 |= b
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
        self._refresh_any()

    def move_leader(self, game, j: int, origin: int, dest: int) -> None:
        st, oob = game.state, game.oob
        s = oob.l_side[j]
        leaders = list(self.leaders)
        if not any(z == origin and oob.l_side[k] == s for k, z in enumerate(st.lz)):
            leaders[s] &= ~(1 << origin)
        leaders[s] |= 1 << dest
        self.leaders = (leaders[0], leaders[1])
        self._refresh_any()

    def _refresh_any(self) -> None:
        self.any = (self.units[0] | self.leaders[0], self.units[1] | self.leaders[1])


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
