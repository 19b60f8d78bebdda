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
from .control import control, owners_memo

MAX_ROUTES = 8  # equal shortest routes offered to choose among (4: "the active city-state may choose")
VIAS = ("", "no_mountains", "taenarum")


def eligible(h: int, c: int, n: int) -> bool:
    """Mountford 4.3: may this army use naval transport?"""
    return c <= 1 and n >= 2 * (h + c)


def allowed_kinds(n: int, eligible_: bool, via: str, player: bool = True) -> frozenset[int]:
    """The kinds of path an army may use: with ``n`` naval SPs, eligible for naval transport or not (4.3),
    moving ``via`` a chosen crossing (4.2) or without mountains (4.5.3); non-player armies never climb them."""
    key = (bool(n), eligible_, via, player)
    found = _KINDS.get(key)
    if found is None:
        kinds = {COMBINED, ISTHMUS}
        if n:
            if eligible_:
                kinds.add(NAVAL)
                if via == "taenarum":
                    kinds.add(CROSSING)
        else:
            kinds.update((LAND, PASS))
            if player and via != "no_mountains":
                kinds.add(MOUNTAIN)
        found = _KINDS[key] = frozenset(kinds)
    return found


_KINDS: dict = {}


class Legal:
    """Which steps are legal for one army of ``city`` with ``(h, c, n)`` SPs, moving ``via``."""

    __slots__ = ("_isthmus_needs_friends", "allowed", "blocked", "board", "eligible", "friendly", "straits_apply")

    def __init__(self, game, city: str, h: int, c: int, n: int, via: str = "", *, player: bool = True) -> None:
        board = game.board
        self.board = board
        self.eligible = el = eligible(h, c, n)
        self.allowed = allowed_kinds(n, el, via, player)
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
        self.blocked = blocked  # 4: a neutral city-state is never entered
        self.friendly = friendly
        self.straits_apply = not el
        self._isthmus_needs_friends = bool(n)

    def step_ok(self, u: int, v: int, kind: int) -> bool:
        if kind not in self.allowed or self.blocked[v]:
            return False
        if kind == ISTHMUS and self._isthmus_needs_friends:
            return self.friendly[u] and self.friendly[v]
        return True

    def search(self, src: int):
        """``_expand`` from ``src`` with these rules."""
        friendly = self.friendly
        open_ends = frozenset(i for i in self.board.isthmus_ends if friendly[i])
        return _expand(self.board, self.allowed, self.blocked, self._isthmus_needs_friends, open_ends,
                       self.straits_apply, src)


def _expand(board, allowed: frozenset, blocked: list[bool], isthmus_friends: bool, open_ends: frozenset,
            check_straits: bool, src: int):
    """Breadth-first search over (space, tag) states from ``src`` (a state is ``space * 3 + tag``): distances,
    predecessors (tuples), the distance of each space, whether a shortest route climbs a mountain path (if
    none does, avoiding mountains changes no distance, 4.5.3), and an empty dict for the routes read back
    (``routes_for``). The tag says from which side a straits
    space was entered (4.4). Naval SPs cross the Isthmus only between friendly ends (``open_ends``, 4.1)."""
    straits = board.straits
    adj = board.adj_of_kinds(allowed)
    start = src * 3
    dist = {start: 0}
    preds: dict[int, tuple[int, ...]] = {start: ()}
    table = {src: 0}
    frontier = [start]
    d = 0
    climbs = False  # does a shortest route climb a mountain path?
    while frontier:
        d += 1
        nxt = []
        for state in frontier:
            u, tag = divmod(state, 3)
            side = straits.get(u) if tag else None
            for v, kind in adj[u]:
                if blocked[v]:
                    continue
                if kind == ISTHMUS and isthmus_friends and not (u in open_ends and v in open_ends):
                    continue
                if side is not None and ((tag == 1 and v in side[1]) or (tag == 2 and v in side[0])):
                    continue  # Mountford 4.4: no passing through the straits
                s2 = v * 3
                if check_straits and v in straits:
                    a, b = straits[v]
                    s2 += 1 if u in a else 2 if u in b else 0
                seen = dist.get(s2)
                if seen is None:
                    dist[s2] = d
                    preds[s2] = (state,)
                    nxt.append(s2)
                    if v not in table:
                        table[v] = d
                elif seen == d:
                    preds[s2] += (state,)
                else:
                    continue
                if kind == MOUNTAIN:
                    climbs = True
        frontier = nxt
    return dist, preds, dict(sorted(table.items())), climbs, {}


#: (ships?, eligible?, via, src, Isthmus ends open) -> ({blocked: search}, [(blocked, touched, search)])
_SEARCHES: dict = {}
_SEARCHES_MAX = 20_000
_searches_kept = 0


def expand_cached(game, city: str, h: int, c: int, n: int, via: str, src: int):
    """``_expand`` for an army of this kind, kept while the map's owners and the diplomacy are the same: first in
    the game's own memo, then among the searches of every game. A search depends on whether the army has ships,
    whether it may use naval transport (4.3), the paths chosen, the Isthmus ends open to it (4.1) and the neutral
    city-states it may not enter (4) — of these, only those next to a space it reaches: a search made with other
    such city-states serves if they differ only where it never looked."""
    global _searches_kept
    ctl = control(game)
    group = ctl.group[city]
    el = c <= 1 and n >= 2 * (h + c)  # eligible() (4.3), inline: this runs at every decision
    memo = owners_memo(game, ctl)
    key = (group, n > 0, el, via, src)
    found = memo.get(key)
    if found is None:
        blocked, blocked_list, open_ends = _map_signature(game, ctl, group)
        if _searches_kept >= _SEARCHES_MAX:
            _SEARCHES.clear()
            _searches_kept = 0
        exact, searches = _SEARCHES.setdefault((n > 0, el, via, src, open_ends), ({}, []))
        found = exact.get(blocked)
        if found is None:
            for known_blocked, touched, search in searches:
                if not ((known_blocked ^ blocked) & touched):
                    found = search
                    break
            else:
                allowed = allowed_kinds(n, el, via)
                found = _expand(game.board, allowed, blocked_list, n > 0, open_ends, not el, src)
                adj = game.board.adj_of_kinds(allowed)
                touched = frozenset(v for u in found[2] for v, _k in adj[u])  # every space whose blocking it asked
                searches.append((blocked, touched, found))
                _searches_kept += 1
            exact[blocked] = found
        memo[key] = found
    return found


def _map_signature(game, ctl, group: str) -> tuple:
    """What of the owners a route search for ``group`` depends on (4, 4.1): ``(blocked, blocked_list,
    open_ends)`` — the city-states neutral to ``group`` (never entered), the same as a list of booleans by
    space, and the Isthmus ends friendly to it. Kept until an owner or the diplomacy changes."""
    memo = owners_memo(game, ctl)
    sig = memo.get(group)
    if sig is None:
        st = game.state
        g = ctl.group
        hostile = ctl.hostile_pairs
        board = game.board
        owner = st.owner
        blocked = frozenset(i for i in board.city_state_index
                            if owner[i] and g[owner[i]] != group and (group, g[owner[i]]) not in hostile)
        open_ends = frozenset(i for i in board.isthmus_ends if owner[i] and g[owner[i]] == group)
        shared = _SIGNATURES.get((blocked, open_ends))
        if shared is None:
            if len(_SIGNATURES) >= _SEARCHES_MAX:
                _SIGNATURES.clear()
            shared = _SIGNATURES[(blocked, open_ends)] = (blocked, [i in blocked for i in range(board.n)], open_ends)
        sig = memo[group] = shared
    return sig


_SIGNATURES: dict = {}


def route_legal(game, city: str, h: int, c: int, n: int, via: str, route) -> bool:
    """Whether every step of ``route`` is legal for this army now (4, 4.1, 4.3) and it does not pass through a
    straits space it may not pass (4.4)."""
    ctl = control(game)
    el = eligible(h, c, n)
    allowed = allowed_kinds(n, el, via)
    _blocked, blocked, open_ends = _map_signature(game, ctl, ctl.group[city])
    kind_between = game.board.kind_between
    for u, v in itertools.pairwise(route):
        kind = kind_between[(u, v)]
        if kind not in allowed or blocked[v]:
            return False
        if kind == ISTHMUS and n and not (u in open_ends and v in open_ends):
            return False
    if not el:
        straits = game.board.straits
        for i in range(1, len(route) - 1):
            sides = straits.get(route[i])
            if sides and ((route[i - 1] in sides[0] and route[i + 1] in sides[1])
                          or (route[i - 1] in sides[1] and route[i + 1] in sides[0])):
                return False
    return True


def distances_for(game, city: str, h: int, c: int, n: int, via: str, src: int) -> dict[int, int]:
    """The length of the shortest legal route from ``src`` to every space this army can reach, by space (a
    shared, read-only dict: copy it before changing it)."""
    return expand_cached(game, city, h, c, n, via, src)[2]


def crossing_shortens(game, city: str, base: dict[int, int]) -> bool:
    """Whether choosing the Taenarum crossing (4.2) brings some space nearer for an army of ``city`` eligible for
    naval transport whose distances are ``base``: only if it joins two spaces whose distances differ by more
    than one (a path added to a map shortens nothing else)."""
    ctl = control(game)
    blocked = _map_signature(game, ctl, ctl.group[city])[1]
    far = 10**6
    for a, b in game.board.crossings:
        da, db = base.get(a, far), base.get(b, far)
        if (da + 1 < db and not blocked[b]) or (db + 1 < da and not blocked[a]):
            return True
    return False


def routes_for(game, city: str, h: int, c: int, n: int, via: str, src: int, dst: int,
               limit: int = MAX_ROUTES) -> list[tuple[int, ...]]:
    """``shortest_routes`` for this army (cached search)."""
    if src == dst:
        return [(src,)]
    dist, preds, _, _, known = expand_cached(game, city, h, c, n, via, src)
    found = known.get((dst, limit))
    if found is None:
        found = known[(dst, limit)] = tuple(_routes(game.board, dist, preds, src, dst, limit))
    return list(found)


def distances(legal: Legal, src: int) -> dict[int, int]:
    """The length of the shortest legal route from ``src`` to every space it can reach."""
    return dict(legal.search(src)[2])


def shortest_routes(legal: Legal, src: int, dst: int, limit: int = MAX_ROUTES) -> list[tuple[int, ...]]:
    """Every shortest legal route from ``src`` to ``dst`` (space indexes, both ends included), at most
    ``limit`` of them, in a stable order (by the names of the spaces on the way)."""
    if src == dst:
        return [(src,)]
    dist, preds, _, _, _ = legal.search(src)
    return _routes(legal.board, dist, preds, src, dst, limit)


def _routes(board, dist, preds, src: int, dst: int, limit: int) -> list[tuple[int, ...]]:
    """The routes back from ``dst`` along the predecessors, depth first, until ``4 * limit`` are found; the
    first ``limit`` by the names of their spaces."""
    ends = [s for s in (dst * 3, dst * 3 + 1, dst * 3 + 2) if s in dist]
    if not ends:
        return []
    best = min(dist[s] for s in ends)
    start = src * 3
    most = limit * 4
    routes: set[tuple[int, ...]] = set()
    stack: list[tuple[int, tuple[int, ...]]] = [(e, ()) for e in reversed(ends) if dist[e] == best]
    while stack and len(routes) < most:
        state, tail = stack.pop()
        if state == start:
            routes.add((src, *tail))
            continue
        tail = (state // 3, *tail)
        for p in reversed(preds[state]):
            stack.append((p, tail))
    ids = board.ids
    return sorted(routes, key=lambda r: [ids[x] for x in r])[:limit]


def army_sps(army: dict) -> tuple[int, int, int]:
    """(hoplite, cavalry, naval) SPs in an army ``{city: [h, c, n]}``."""
    h = c = n = 0
    for t in army.values():
        h += t[0]
        c += t[1]
        n += t[2]
    return h, c, n


def uses(route: tuple[int, ...], board, kind: int) -> bool:
    return any(board.kind_between[(a, b)] == kind for a, b in itertools.pairwise(route))


__all__ = ["MAX_ROUTES", "VIAS", "Legal", "army_sps", "distances", "eligible", "shortest_routes", "uses"]
