"""The tactical battle board (rules 6.5, 7.3): rows 1–11 (the attacker's edge is row 1, the defender's row 11),
columns A–H, squares named like "D11". Units face one of the four sides of their square: N (towards row 11), E,
S (towards row 1), W; nothing moves or attacks diagonally (7.3).

The battle lives in ``state.battle``, a dict of plain values:

``area``, ``attacker``, ``night``, ``naval``; ``round`` (1–10), ``phase`` (see ``sequence.PHASES``), ``side`` (the
side acting in this phase); ``units`` (per side, the units still on the board: ships in a naval battle),
``pos`` (unit -> square), ``face`` (unit -> 0..3), ``stack`` (square -> units, bottom first), ``leaders`` (leader
-> the unit he is with), ``moving`` (the unit being moved, or -1), ``mp`` (its MP left), ``checked`` (it passed
the 7.3.1 check in its square), ``entered`` (it has entered a square next to the enemy), ``with`` (the unit moving
with it as a leader's stack), ``done`` (units that have moved, fired or assaulted in this phase), ``rammed``
(ships that rammed this round: their men do not fight), ``manned`` (ships whose men shot or boarded this round:
they do not ram), ``hit`` (squares assaulted this phase),
``lost`` (steps lost per side), ``routed`` (per side, units routed off the board), ``shift`` and ``drm`` (10.6),
``deploy`` (units still to set up), ``rows`` (the rows the side setting up may use).
"""

from __future__ import annotations

N, E, S, W = 0, 1, 2, 3
FACINGS = ("N", "E", "S", "W")
COLUMNS = "ABCDEFGHIJKLMNOPQRST"


class Grid:
    """Rows and columns of the board, and the squares next to each square."""

    def __init__(self, rows: int, columns: int) -> None:
        self.rows = rows
        self.columns = columns
        self.n = rows * columns
        self.names = tuple(f"{COLUMNS[c]}{r + 1}" for r in range(rows) for c in range(columns))
        self.index = {name: i for i, name in enumerate(self.names)}
        steps = []
        for sq in range(self.n):
            r, c = divmod(sq, columns)
            out = []
            for dr, dc in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                rr, cc = r + dr, c + dc
                out.append(rr * columns + cc if 0 <= rr < rows and 0 <= cc < columns else -1)
            steps.append(tuple(out))
        #: step[sq][facing]: the square next to ``sq`` on that side, or -1 off the board
        self.step = tuple(steps)
        self.adjacent = tuple(tuple(x for x in s if x >= 0) for s in steps)

    def row(self, sq: int) -> int:
        """1-based row number."""
        return sq // self.columns + 1

    def square(self, row: int, column: int) -> int:
        return (row - 1) * self.columns + column

    def line(self, sq: int, facing: int, length: int) -> list[int]:
        """The squares straight ahead of ``sq`` through its ``facing`` side, up to ``length`` of them."""
        out = []
        for _ in range(length):
            sq = self.step[sq][facing]
            if sq < 0:
                break
            out.append(sq)
        return out

    def side_towards(self, sq: int, other: int) -> int:
        """The side of ``sq`` that touches the orthogonally adjacent square ``other`` (-1 if not adjacent)."""
        s = self.step[sq]
        for f in range(4):
            if s[f] == other:
                return f
        return -1


_GRIDS: dict[tuple[int, int], Grid] = {}


def grid(g) -> Grid:
    key = (g.tables.board_rows, g.tables.board_columns)
    found = _GRIDS.get(key)
    if found is None:
        found = _GRIDS[key] = Grid(*key)
    return found


def side_of(g, u: int) -> int:
    return g.state.uside[u]


def occupants(b: dict, sq: int) -> list[int]:
    return b["stack"].get(sq, [])


def enemy_in(g, b: dict, sq: int, side: int) -> bool:
    st = g.state
    return any(st.uside[x] != side for x in b["stack"].get(sq, ()))


def adjacent_enemy(g, b: dict, sq: int, side: int, *, normal_only: bool = False) -> bool:
    st = g.state
    for x in grid(g).adjacent[sq]:
        for v in b["stack"].get(x, ()):
            if st.uside[v] != side and (not normal_only or st.status[v] == 0):
                return True
    return False


def can_enter(g, b: dict, sq: int, units: list[int]) -> bool:
    """Rule 7.3.2: at most two friendly units a square (leaders do not count), cavalry only with cavalry, no
    enemy there (a routed unit never stays on the board, so it never stacks)."""
    if sq < 0:
        return False
    st = g.state
    here = [x for x in b["stack"].get(sq, ()) if x not in units]
    if len(here) + len(units) > 2:
        return False
    side = st.uside[units[0]]
    if any(st.uside[x] != side for x in here):
        return False
    together = here + units
    cav = [st.utype[x] in ("C", "SC") for x in together]
    return all(cav) or not any(cav)


def place(b: dict, u: int, sq: int) -> None:
    old = b["pos"].get(u, -1)
    if old >= 0:
        rest = [x for x in b["stack"][old] if x != u]
        if rest:
            b["stack"][old] = rest
        else:
            del b["stack"][old]
    b["pos"][u] = sq
    if sq >= 0:
        b["stack"][sq] = [*b["stack"].get(sq, []), u]


def remove(g, b: dict, u: int) -> None:
    """Take ``u`` off the board; a leader with it joins another unit of his in the square, or leaves with it."""
    sq = b["pos"].get(u, -1)
    place(b, u, -1)
    del b["pos"][u]
    b["face"].pop(u, None)
    side = 0 if u in b["units"][0] else 1  # (an eliminated Sicel has no side any more)
    b["units"][side] = [x for x in b["units"][side] if x != u]
    for j, x in list(b["leaders"].items()):
        if x == u:
            mates = [v for v in b["stack"].get(sq, ()) if v in b["units"][side]]
            if mates:
                b["leaders"][j] = mates[0]
            else:
                others = b["units"][side]
                if others:
                    b["leaders"][j] = min(others, key=lambda v: _distance(g, sq, b["pos"][v]))
                else:
                    del b["leaders"][j]


def _distance(g, a: int, c: int) -> int:
    cols = grid(g).columns
    ra, ca = divmod(a, cols)
    rc, cc = divmod(c, cols)
    return abs(ra - rc) + abs(ca - cc)


def leaders_with(b: dict, u: int) -> list[int]:
    return [j for j, x in b["leaders"].items() if x == u]


def square_leaders(b: dict, sq: int) -> list[int]:
    here = set(b["stack"].get(sq, ()))
    return [j for j, x in b["leaders"].items() if x in here]
