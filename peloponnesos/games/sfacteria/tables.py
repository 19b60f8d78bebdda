"""The engagement tables (rule 6.2) and the victory-point table (rule 10.2).

The printed tables are not in the rule text, so ``data/tables.toml`` holds a reconstruction. A teacher
who owns the printed game copies that file, types in the published values, and passes the path:
``new_game("sfacteria", tables="published.toml")``. :func:`load_tables` checks the file and explains
what is wrong with it in plain words. A saved game carries the tables it was played with (their data,
not the path), so the save can be opened on another computer.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"
DEFAULT_PATH = DATA / "tables.toml"

MODIFIERS = ("leader_bonus", "unit_star", "difficult_ground", "fort", "light_troops_in_difficult_ground",
             "landing_on_a_beach", "strait")
VP_KEYS = ("eliminated_trireme", "eliminated_hoplite", "eliminated_spartiate_bonus", "eliminated_light",
           "eliminated_ally", "eliminated_leader", "hold_pylos", "hold_island_zone", "hold_strait",
           "supply_marker")


class TablesError(ValueError):
    """A tables file that does not follow the schema of ``data/tables.toml``."""


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


def _fail(path, why: str) -> TablesError:
    return TablesError(f"The tables file {path} cannot be used: {why}")


def _parse_outcome(path, text, where) -> Outcome:
    try:
        damage, winner = str(text).split()
        a, d = damage.split("/")
        if winner not in ("A", "D"):
            raise ValueError
        return Outcome(int(a), int(d), "attacker" if winner == "A" else "defender")
    except ValueError:
        raise _fail(path, f"{where} is {text!r}; write results like \"1/2 A\" (attacker steps / defender steps, "
                          "then A or D for the winner)") from None


def load_tables(source: str | Path | dict | None = None) -> Tables:
    """Read engagement and victory-point tables: ``None`` for the reconstructed ones in the package, the path
    of a tables file, or a file's contents as data (``Tables.data``, as a saved game carries them)."""
    if source is None:
        return _default_tables()
    if isinstance(source, dict):
        return _from_data(source, "saved with the game")
    return _load(str(source))


@cache
def _default_tables() -> Tables:
    return _load(str(DEFAULT_PATH))


def _load(path: str) -> Tables:
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise _fail(path, "there is no such file") from None
    except tomllib.TOMLDecodeError as e:
        raise _fail(path, f"it is not valid TOML ({e})") from None
    return _from_data(json.loads(json.dumps(data, default=str)), path)  # plain data (a TOML date becomes text)


def _from_data(data: dict, path: str) -> Tables:
    odds = data.get("odds")
    if not isinstance(odds, dict) or not isinstance(odds.get("columns"), list) or not odds["columns"]:
        raise _fail(path, "it needs an [odds] table with a list of columns such as [\"1:2\", \"1:1\", \"2:1\"]")
    columns = tuple(str(c) for c in odds["columns"])
    ratios = []
    for c in columns:
        try:
            a, d = (int(x) for x in c.split(":"))
            if a < 1 or d < 1:
                raise ValueError
        except ValueError:
            raise _fail(path, f"odds column {c!r} is not written like \"3:2\"") from None
        ratios.append((a, d))
    if any(ratios[i][0] * ratios[i + 1][1] >= ratios[i + 1][0] * ratios[i][1] for i in range(len(ratios) - 1)):
        raise _fail(path, "odds columns must go from worst to best for the attacker")
    rows = odds.get("rows")
    if not isinstance(rows, int) or rows < 2:
        raise _fail(path, "[odds] needs `rows`, the number of die rows (e.g. 8 for 0 or less … 7 or more)")
    tables = {}
    for kind in ("land", "naval"):
        section = data.get(kind)
        if not isinstance(section, dict):
            raise _fail(path, f"it has no [{kind}] table")
        cols = []
        for c in columns:
            results = section.get(c)
            if not isinstance(results, list) or len(results) != rows:
                raise _fail(path, f"[{kind}] column {c!r} needs {rows} results, one per die row")
            cols.append(tuple(_parse_outcome(path, r, f"[{kind}] column {c!r}") for r in results))
        tables[kind] = tuple(cols)
    modifiers = data.get("modifiers", {})
    for name in MODIFIERS:
        if not isinstance(modifiers.get(name), dict) or not isinstance(modifiers[name].get("value"), int):
            raise _fail(path, f"[modifiers.{name}] with a whole-number `value` is missing")
    vp = data.get("victory_points", {})
    for key in VP_KEYS:
        if not isinstance(vp.get(key), int):
            raise _fail(path, f"[victory_points] needs a whole number `{key}`")
    return Tables(path, bool(data.get("meta", {}).get("reconstructed", False)), columns, tuple(ratios), rows,
                  tables["land"], tables["naval"], modifiers, vp, data)
