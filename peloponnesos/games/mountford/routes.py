"""Mountford 4: an army follows the shortest route that is legal for every SP in it.

What makes a path legal for an army (4, 4.1-4.4, 4.5.3):

* naval SPs never use land paths (land, pass, mountain); an army with no naval SPs never uses naval
  paths; an army eligible for naval transport (4.3: at most one cavalry SP and two naval SPs for
  each land SP — a fleet alone is always eligible) uses naval and combined paths;
* the Isthmus path Corinth–Cenchreae (4.1) is a land path, and naval SPs may cross it when both
  spaces are friendly to the moving city-state;
* the Cape Taenarum–Syracuse crossing (4.2) counts as a naval path only when the active city-state
  chooses it (``via="taenarum"``);
* mountain paths (4.5.3) may be ignored by choice (``via="no_mountains"``); non-player armies never
  use them (``player=False``);
* a neutral city-state is never entered (4);
* an army not eligible for naval transport may not pass through a straits space (4.4) from one side
  to the other in one operation.

Routes are breadth-first over (space, straits-side) states, so every route returned is a shortest one.
"""

from __future__ import annotations

import itertools

from .board import COMBINED, CROSSING, ISTHMUS, LAND, MOUNTAIN, NAVAL, PASS
from .control import control

MAX_ROUTES = 8  # equal shortest routes offered to choose among (4: "the active city-state may choose")
VIAS = ("", "no_mountains", "taenarum")


def eligible(h: int, c: int, n: int) -> bool:
    """Mountford 4.3: may this army use naval transport?"""
    return c <= 1 and n >= 2 * (h + c)


class Legal:
    """Which steps are legal for one army of ``city`` with ``(h, c, n)`` SPs, moving ``via``."""

    __slots__ = ("_isthmus_needs_friends", "allowed", "blocked", "board", "eligible", "friendly", "straits_apply")

    def __init__(self, game, city: str, h: int, c: int, n: int, via: str = "", *, player: bool = True) -> None:
        board = game.board
        self.board = board
        self.eligible = el = eligible(h, c, n)
        kinds = {COMBINED}
        if n:
            if el:
                kinds.add(NAVAL)
                if via == "taenarum":
                    kinds.add(CROSSING)
        else:
            kinds.update((LAND, PASS))
            if player and via != "no_mountains":
                kinds.add(MOUNTAIN)
        kinds.add(ISTHMUS)
        self.allowed = frozenset(kinds)
        ctl = control(game)
        group = ctl.group
        mine = group[city]
        hostile = ctl.hostile_pairs
        city_state = board.city_state
        blocked = []
        friendly = []
        for i, o in enumerate(game.state.owner):
            if not o:
                blocked.append(False)
                friendly.append(False)
                continue
            g = group[o]
            friendly.append(g == mine)
            blocked.append(g != mine and city_state[i] and (mine, g) not in hostile)
        self.blocked = blocked
        self.friendly = friendly
        self.straits_apply = not el
        self._isthmus_needs_friends = bool(n)

    def step_ok(self, u: int, v: int, kind: int) -> bool:
        if kind not in self.allowed or self.blocked[v]:
            return False
        if kind == ISTHMUS and self._isthmus_needs_friends:
            return self.friendly[u] and self.friendly[v]
        return True


def _expand(legal: Legal, src: int):
    """Breadth-first search over (space, tag) states from ``src``: distances and predecessors. The tag
    says from which side a straits space was entered (4.4)."""
    board = legal.board
    straits = board.straits
    adj = board.adj
    allowed = legal.allowed
    blocked = legal.blocked
    friendly = legal.friendly
    isthmus_friends = legal._isthmus_needs_friends
    check_straits = legal.straits_apply
    start = src * 3
    dist = {start: 0}
    preds: dict[int, list[int]] = {start: []}
    frontier = [start]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for state in frontier:
            u, tag = divmod(state, 3)
            side = straits.get(u) if tag else None
            for v, kind in adj[u]:
                if kind not in allowed or blocked[v]:
                    continue
                if kind == ISTHMUS and isthmus_friends and not (friendly[u] and friendly[v]):
                    continue
                if side is not None and ((tag == 1 and v in side[1]) or (tag == 2 and v in side[0])):
                    continue  # Mountford 4.4: no passing through the straits
                vtag = 0
                if check_straits and v in straits:
                    a, b = straits[v]
                    vtag = 1 if u in a else 2 if u in b else 0
                s2 = v * 3 + vtag
                seen = dist.get(s2)
                if seen is None:
                    dist[s2] = d
                    preds[s2] = [state]
                    nxt.append(s2)
                elif seen == d:
                    preds[s2].append(state)
        frontier = nxt
    return dist, preds


_CACHE: dict = {}
_CACHE_MAX = 20_000


def expand_cached(game, city: str, h: int, c: int, n: int, via: str, src: int):
    """``_expand`` for an army of this kind, kept while the map's owners and the diplomacy are the same (the
    result depends only on the mover's group, whether it has ships, whether it may use naval transport, the
    paths chosen and who owns each space)."""
    ctl = control(game)
    group = ctl.group[city]
    key = (group, bool(n), eligible(h, c, n), via, src, _map_signature(game, ctl, group))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        found = _CACHE[key] = _expand(Legal(game, city, h, c, n, via), src)
    return found


_DIST: dict = {}


def _map_signature(game, ctl, group: str) -> tuple:
    """What of the owners a route search for ``group`` depends on: the neutral city-states it must avoid and
    whether Corinth and Cenchreae are both friendly (4, 4.1); kept until an owner or the diplomacy changes."""
    st = game.state
    kept = game._sig
    if kept is None or kept[0] is not st or kept[1] != game._ov or kept[2] != ctl.key:
        kept = game._sig = (st, game._ov, ctl.key, {})
    sig = kept[3].get(group)
    if sig is None:
        g = ctl.group
        hostile = ctl.hostile_pairs
        board = game.board
        owner = st.owner
        blocked = frozenset(i for i in board.city_state_index
                            if owner[i] and g[owner[i]] != group and (group, g[owner[i]]) not in hostile)
        isthmus = tuple(bool(owner[i]) and g[owner[i]] == group for i in board.isthmus_ends)
        sig = kept[3][group] = (blocked, isthmus)
    return sig


def distances_for(game, city: str, h: int, c: int, n: int, via: str, src: int) -> dict[int, int]:
    """The length of the shortest legal route from ``src`` to every space this army can reach (a shared,
    read-only dict: copy it before changing it)."""
    dist, _ = expand_cached(game, city, h, c, n, via, src)
    out = _DIST.get(id(dist))
    if out is None or out[0] is not dist:
        table: dict[int, int] = {}
        for state, d in dist.items():
            v = state // 3
            if v not in table or d < table[v]:
                table[v] = d
        out = _DIST[id(dist)] = (dist, dict(sorted(table.items())))
        if len(_DIST) > _CACHE_MAX:
            _DIST.clear()
    return out[1]


def routes_for(game, city: str, h: int, c: int, n: int, via: str, src: int, dst: int,
               limit: int = MAX_ROUTES) -> list[tuple[int, ...]]:
    """``shortest_routes`` for this army (cached search)."""
    if src == dst:
        return [(src,)]
    dist, preds = expand_cached(game, city, h, c, n, via, src)
    return _routes(game.board, dist, preds, src, dst, limit)


def distances(legal: Legal, src: int) -> dict[int, int]:
    """The length of the shortest legal route from ``src`` to every space it can reach."""
    dist, _ = _expand(legal, src)
    out: dict[int, int] = {}
    for state, d in dist.items():
        v = state // 3
        if v not in out or d < out[v]:
            out[v] = d
    return out


def shortest_routes(legal: Legal, src: int, dst: int, limit: int = MAX_ROUTES) -> list[tuple[int, ...]]:
    """Every shortest legal route from ``src`` to ``dst`` (space indexes, both ends included), at most
    ``limit`` of them, in a stable order (by the names of the spaces on the way)."""
    if src == dst:
        return [(src,)]
    dist, preds = _expand(legal, src)
    return _routes(legal.board, dist, preds, src, dst, limit)


def _routes(board, dist, preds, src: int, dst: int, limit: int) -> list[tuple[int, ...]]:
    ends = [s for s in (dst * 3, dst * 3 + 1, dst * 3 + 2) if s in dist]
    if not ends:
        return []
    best = min(dist[s] for s in ends)
    ends = [s for s in ends if dist[s] == best]
    routes: set[tuple[int, ...]] = set()

    def back(state: int, tail: tuple[int, ...]) -> None:
        if len(routes) >= limit * 4:
            return
        if state == src * 3:
            routes.add((src, *tail))
            return
        for p in preds[state]:
            back(p, (state // 3, *tail))

    for e in ends:
        back(e, ())
    ids = board.ids
    return sorted(routes, key=lambda r: [ids[x] for x in r])[:limit]


def army_sps(army: dict) -> tuple[int, int, int]:
    """(hoplite, cavalry, naval) SPs in an army ``{city: [h, c, n]}``."""
    return (sum(t[0] for t in army.values()), sum(t[1] for t in army.values()), sum(t[2] for t in army.values()))


def army_legal(game, city: str, army: dict, via: str = "") -> Legal:
    h = sum(t[0] for t in army.values())
    c = sum(t[1] for t in army.values())
    n = sum(t[2] for t in army.values())
    return Legal(game, city, h, c, n, via)


def uses(route: tuple[int, ...], board, kind: int) -> bool:
    return any(board.kind_between[(a, b)] == kind for a, b in itertools.pairwise(route))


__all__ = ["MAX_ROUTES", "VIAS", "Legal", "army_legal", "army_sps", "distances", "eligible", "shortest_routes", "uses"]
