"""Questions about units and leaders that every rule module asks: side, type, values, where, who is with whom.

All take the game and unit (or leader) numbers; they read ``game.state`` and the counters, never change them.
"""

from __future__ import annotations

from .state import DISRUPTED, NORMAL, ROUTED


def utype(g, u: int):
    """The unit's current type (a Syracusan cavalry unit may be light infantry now, rule 10.5)."""
    return g.types[g.state.utype[u]]


def assault_cf(g, u: int) -> int:
    st = g.state
    return g.types[st.utype[u]].assault[st.steps[u] - 1]


def fire_cf(g, u: int) -> int:
    st = g.state
    return g.types[st.utype[u]].fire[st.steps[u] - 1]


def ram_cf(g, u: int) -> int:
    """A naval unit's CF (rule 8.3.4), with Reinforced Rams for Syracusan ships while they last (rule 12.4)."""
    st = g.state
    side = st.uside[u]
    value = g.types["N"].ram[side][st.steps[u] - 1]
    return value + 1 if side == 1 and st.rams else value


def skirmish_cf(g, u: int, cf: str) -> int:
    """The CF a unit uses in a skirmish (rule 8.2): Fire or Assault; a naval unit fights with its ram CF."""
    if g.state.utype[u] == "N":
        return ram_cf(g, u) if cf == "assault" else 0
    return fire_cf(g, u) if cf == "fire" else assault_cf(g, u)


def movement_points(g, u: int) -> int:
    st = g.state
    t = g.types[st.utype[u]]
    return (t.naval_mp[st.uside[u]] if t.naval else t.mp) + st.mpb[u]




def is_cavalry(g, u: int) -> bool:
    return g.state.utype[u] in ("C", "SC")


def face(g, u: int) -> str:
    """"full" or "reduced": the face the counter shows (hoplites flip after two step losses, rule 8.4)."""
    st = g.state
    t = g.types[st.utype[u]]
    return "reduced" if st.steps[u] <= t.flip_at and st.steps[u] < t.steps else "full"










def rating(g, j: int, naval: bool = False) -> int:
    """A leader's command rating on the face he shows (rule 10.4; Ariston's naval rating, 10.4.4)."""
    ld = g.counters.leaders[j]
    if g.state.lred[j]:
        return ld.reduced
    return ld.naval_rating if naval else ld.rating






def enemy_normal_here(g, area: int, side: int) -> bool:
    st = g.state
    other = 1 - side
    loc, uside, status = st.loc, st.uside, st.status
    return any(loc[u] == area and uside[u] == other and status[u] == NORMAL for u in g.unit_range)


def cavalry_cf(g, area: int, side: int) -> int:
    """Rules 6.4 and 10.5: the CF of the side's un-routed cavalry in an area (Assault CF)."""
    st = g.state
    return sum(assault_cf(g, u) for u in g.unit_range
               if st.loc[u] == area and st.uside[u] == side and st.utype[u] in ("C", "SC") and st.status[u] != ROUTED)


def normal_cavalry(g, area: int, side: int) -> int:
    st = g.state
    return sum(1 for u in g.unit_range
               if st.loc[u] == area and st.uside[u] == side and st.utype[u] in ("C", "SC") and st.status[u] == NORMAL)


def in_play_naval(g, side: int) -> int:
    """Naval units in play (rules 11, 12.2): on the map or off it waiting to return, not eliminated."""
    st = g.state
    return sum(1 for u in g.unit_range if st.uside[u] == side and st.utype[u] == "N" and st.loc[u] >= -1)




__all__ = ["DISRUPTED", "NORMAL", "ROUTED"]
