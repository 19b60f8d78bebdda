"""The engagement tables (rule 6.2) and the victory-point table (rule 10.2).

The printed tables are not in the rule text, so ``data/tables.toml`` holds a reconstruction. A teacher
who owns the printed game copies that file, types in the published values, and passes the path:
``new_game("sfacteria", tables="published.toml")``. :func:`load_tables` checks the file and explains
what is wrong with it in plain words. A saved game carries the tables it was played with (their data,
not the path), so the save can be opened on another computer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ...core.errors import TablesError as TablesError  # re-exported: the error load_tables raises
from ...core.tables import TableFile, read_tables

DATA = Path(__file__).parent / "data"
DEFAULT_PATH = DATA / "tables.toml"

MODIFIERS = ("leader_bonus", "unit_star", "difficult_ground", "fort", "light_troops_in_difficult_ground",
             "landing_on_a_beach", "strait")
VP_KEYS = ("eliminated_trireme", "eliminated_hoplite", "eliminated_spartiate_bonus", "eliminated_light",
           "eliminated_ally", "eliminated_leader", "hold_pylos", "hold_island_zone", "hold_strait",
           "supply_marker")


@dataclass(frozen=True, slots=True)
class Outcome:
    attacker_steps: int
    defender_steps: int
    winner: str  # "attacker" or "defender"

    def __str__(self) -> str:
        return f"{self.attacker_steps}/{self.defender_steps} {'A' if self.winner == 'attacker' else 'D'}"


@dataclass(frozen=True)
class Tables:
    path: str
    reconstructed: bool
    columns: tuple[str, ...]  # "1:3" … "4:1"
    ratios: tuple[tuple[int, int], ...]
    rows: int
    land: tuple[tuple[Outcome, ...], ...]  # [column][row]
    naval: tuple[tuple[Outcome, ...], ...]
    modifiers: dict
    vp: dict
    data: dict = field(default_factory=dict, repr=False, compare=False)  # the file's contents, as plain data

    def odds_index(self, attacker_pf: int, defender_pf: int) -> int:
        """The column for these strengths, rounded in the defender's favour (rule 6.2): the rightmost
        column whose ratio the attacker reaches; below the first column, the first."""
        best = 0
        for i, (a, d) in enumerate(self.ratios):
            if attacker_pf * d >= a * defender_pf:
                best = i
        return best

    def odds_column(self, attacker_pf: int, defender_pf: int) -> str:
        return self.columns[self.odds_index(attacker_pf, defender_pf)]

    def row(self, modified_die: int) -> int:
        return max(0, min(self.rows - 1, modified_die))

    def outcome(self, kind: str, column: int, modified_die: int) -> Outcome:
        table = self.land if kind == "land" else self.naval
        return table[column][self.row(modified_die)]

    def modifier(self, name: str) -> int:
        return int(self.modifiers[name]["value"])


MAX_STEPS = 9  # a result of more steps than this is a typing mistake, not a table
MAX_MODIFIER = 6
MAX_VP = 1000


def _parse_outcome(t: TableFile, keys: tuple, text) -> Outcome:
    """A result written like "1/2 A": attacker steps / defender steps, then A or D for the winner."""
    words = text.split() if isinstance(text, str) else []
    steps = words[0].split("/") if len(words) == 2 else []
    if len(steps) != 2 or words[1] not in ("A", "D"):
        raise t.fail(keys, 'a result like "1/2 A" (attacker steps / defender steps, then A or D for the winner)',
                     text)
    a, d = (t.whole(keys, x, 0, MAX_STEPS) for x in steps)
    return Outcome(a, d, "attacker" if words[1] == "A" else "defender")


def load_tables(source: str | Path | dict | None = None) -> Tables:
    """Read engagement and victory-point tables: ``None`` for the reconstructed ones in the package, the path
    of a tables file, or a file's contents as data (``Tables.data``, as a saved game carries them). A file that
    cannot be used raises :class:`TablesError` naming the line and what was expected there."""
    if source is None:
        return _default_tables()
    return _from_file(read_tables(source))


@cache
def _default_tables() -> Tables:
    return _from_file(read_tables(DEFAULT_PATH, origin=str(DEFAULT_PATH)))


def _from_file(t: TableFile) -> Tables:
    t.section("meta", default={})
    columns, ratios = t.odds_columns("odds", "columns")
    rows = t.integer("odds", "rows", low=2, high=20)
    tables = {}
    for kind in ("land", "naval"):
        t.section(kind)
        cols = []
        for c in columns:
            results = t.array(kind, c, length=rows)
            cols.append(tuple(_parse_outcome(t, (kind, c, i), r) for i, r in enumerate(results)))
        tables[kind] = tuple(cols)
    modifiers = t.section("modifiers", default={})
    for name in MODIFIERS:
        t.section("modifiers", name)
        t.integer("modifiers", name, "value", low=-MAX_MODIFIER, high=MAX_MODIFIER)
    vp = t.section("victory_points")
    for key in VP_KEYS:
        t.integer("victory_points", key, low=0, high=MAX_VP)
    return Tables(t.origin, t.reconstructed, columns, ratios, rows, tables["land"], tables["naval"],
                  modifiers, vp, t.data)
