"""Rules 9.1 and 9.2 as a picture: where each side's supply comes from and the way it reaches each area, for the
map's supply lines (shown on request) and for lessons. Read-only: it asks :mod:`.supply` the same questions the
supply phase asks and changes nothing.

Everything here is public: sources, walls, ships and units on the map are seen by both sides (the Sicels a player
holds in secret are not on the map, rule 10.1), so the answer is the same whoever asks.

    >>> from peloponnesos import new_game
    >>> lines = supply_lines(new_game("syracuse", seed=1), "Athens")
    >>> lines["sources"]
    ['L-10', 'L-18']
"""

from __future__ import annotations

from .supply import _open_seas, can_trace, naval_sources, passable, traced


def supply_lines(g, side: str) -> dict:
    """For ``side`` ("Athens" or "Syracuse"): ``sources`` (land areas a line may start from: coastal areas with a
    ship that reaches the open sea; the city, for Syracuse), ``links`` ([from, to] pairs, each area reached once,
    from the nearest source outwards: draw them as arrows), ``reached`` (every land area a line reaches); the same
    for the side's Sicels, who may also trace to the west edge (``sicel_sources``, ``sicel_links``,
    ``sicel_reached``: empty when it has no Sicel on the map); ``seas`` (sea areas open to the map's edge for this
    side) and ``cut_off`` (its units on the map that could not trace a line now, 9.3)."""
    s = g.players.index(side)
    b, st = g.map, g.state
    ok = passable(g, s)
    seas = _open_seas(g, s)
    starts = sorted(naval_sources(g, s, seas))
    if s == 1:
        starts += sorted(a for a in b.city if a not in starts)
    starts = [a for a in starts if ok[a]]
    links, seen = _spread(g, starts, ok)
    sicel_starts: list[int] = []
    sicel_links: list[list[str]] = []
    sicel_seen: set[int] = set()
    if any(st.uside[u] == s and st.loc[u] >= 0 and g.types[st.utype[u]].sicel for u in g.unit_range):
        enemy = {st.loc[u] for u in g.unit_range if st.uside[u] == 1 - s and st.loc[u] >= 0}
        sicel_starts = [a for a in b.west_edge if a not in enemy and ok[a] and a not in seen]
        sicel_links, sicel_seen = _spread(g, sicel_starts, ok, seen)
    found = traced(g, s)
    cut = sorted(g.uid(u) for u in g.unit_range
                 if st.uside[u] == s and st.loc[u] >= 0 and not can_trace(g, u, found))
    return {"side": side, "sources": sorted(g.aid(a) for a in starts), "links": links,
            "reached": sorted(g.aid(a) for a in seen), "sicel_sources": sorted(g.aid(a) for a in sicel_starts),
            "sicel_links": sicel_links, "sicel_reached": sorted(g.aid(a) for a in sicel_seen),
            "seas": sorted(g.aid(a) for a in seas), "cut_off": cut}


def _spread(g, starts: list[int], ok: list[bool], done: set[int] = frozenset()) -> tuple[list[list[str]], set[int]]:
    """Breadth first from ``starts`` through the areas a line may cross: each area linked once, from the nearest
    start (areas in ``done`` are already supplied and left out)."""
    b = g.map
    links: list[list[str]] = []
    seen = set(starts)
    frontier = list(starts)
    while frontier:
        nxt = []
        for a in frontier:
            for c in b.gadj[a]:
                if c not in seen and c not in done and ok[c]:
                    seen.add(c)
                    links.append([g.aid(a), g.aid(c)])
                    nxt.append(c)
        frontier = nxt
    return links, seen


__all__ = ["supply_lines"]
