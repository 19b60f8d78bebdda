"""The tables at the back of the rules — random events (4.1), morale (5.1), initiative (5.2), impulses (6.1),
reaction (6.4), night (8.1, 10.6), skirmish and flight (8.2), fire (8.3.1), the assault CRT with its modifiers and
column shifts (8.3.2), naval assaults (8.3.3), ramming (8.3.4), wall construction (10.2.1), rally (8.5),
surrender (11.2) — and the size of the battle board (6.5, 7.3).

``data/tables.toml`` holds the *reconstructed* values, one set read by the campaign engine and by the battle
board. A teacher who owns the printed game copies that file, types in the published values and passes the
path: ``new_game("syracuse", tables="published.toml")``. :func:`load_tables` checks every value through
:mod:`peloponnesos.core.tables` and names the file, the line and what was expected when one is wrong. A saved
game carries the tables' data, not the path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ...core.errors import TablesError as TablesError  # re-exported: the error load_tables raises
from ...core.tables import TableFile, read_tables

DATA = Path(__file__).parent / "data"
DEFAULT_PATH = DATA / "tables.toml"
SIDES = ("Athens", "Syracuse")
MAX_DRM = 6

#: every modifier the engine reads, by section (a tables file must give each one a whole-number `value`)
MODIFIERS: dict[str, tuple[str, ...]] = {
    "morale": ("won_pitched_battle", "lost_pitched_battle", "new_leader", "leader_lost", "naval_victory",
               "naval_defeat", "circle_fort_built", "circle_fort_destroyed", "out_of_supply", "city_open",
               "harbour_held"),
    "initiative": ("leader_rating", "higher_morale", "held_initiative", "out_of_supply", "nicias_alone"),
    "impulses": ("initiative_difference",),
    "reaction": ("leader", "syracusan_cavalry"),
    "night": ("pitched_battle_check", "battle_column_shift", "battle_natural_one"),
    "skirmish": ("leader", "attacker_disrupted", "target_behind_own_wall", "circle_fort_athenian_attack",
                 "circle_fort_athenian_target", "cavalry_rough_ground", "cavalry_open_ground", "night",
                 "out_of_supply", "athenian_ships_in_the_harbour"),
    "flee": ("cavalry", "hoplite", "disrupted", "enemy_cavalry", "night", "bog"),
    "fire": ("leader", "range_beyond_one", "firer_disrupted", "target_hoplite", "night_natural_one"),
    "assault_drm": ("attacker_leader", "defender_leader", "night_natural_one"),
    "assault_shifts": ("several_sides", "defenders_disrupted", "attacker_disrupted", "cavalry_rough_ground",
                       "hoplites_in_bog", "defender_behind_wall"),
    "naval_assault": ("leader", "ship_disrupted", "ship_reduced", "target_disrupted", "athenian_grapnels"),
    "ram": ("leader", "attacker_disrupted", "target_flank", "target_disrupted", "athenians_in_the_harbour"),
    "walls_drm": ("extra_builder", "leader", "disrupted_builders", "enemy_adjacent", "out_of_supply"),
    "rally": ("adjacent_enemy_on_board", "leader"),
    "surrender": ("leader_lost", "no_naval_units", "leader_out_of_supply", "good_omens", "bad_omens"),
}
#: how a modifier is named in the log, where its key would read badly (others: the key with spaces)
MODIFIER_WORDS = {
    "leader_rating": "the leader's rating", "nicias_alone": "Nicias alone in command", "city_open":
    "the city not walled in", "held_initiative": "held the initiative", "extra_builder": "more builders",
    "enemy_adjacent": "the enemy next door", "disrupted_builders": "builders disrupted", "no_naval_units":
    "no ships left", "target_behind_own_wall": "the target behind its wall", "defender_behind_wall":
    "the defender behind a wall", "circle_fort_athenian_attack": "attacking from the Circle Fort",
    "circle_fort_athenian_target": "the target in the Circle Fort", "athenian_ships_in_the_harbour":
    "Athenian ships in the harbour", "athenians_in_the_harbour": "Athenians in the harbour",
    "syracusan_cavalry": "Syracusan cavalry", "range_beyond_one": "range beyond one area",
    "night_natural_one": "a natural 1 at night", "adjacent_enemy_on_board": "the enemy next to it",
}


def modifiers_in_words(parts) -> str:
    """The modifiers a roll received, for the log: ``[("nicias_alone", -1)]`` → "Nicias alone in command -1"."""
    return ", ".join(f"{MODIFIER_WORDS.get(k, k.replace('_', ' '))} {v:+d}" for k, v in parts)


EVENT_EFFECTS = ("ml", "il", "impulses", "omens", "replacements")
CRT_TOKENS = {"-": (0, 0, 0, 0), "A1": (1, 0, 0, 0), "A2": (2, 0, 0, 0), "Ad": (0, 1, 0, 0), "D1": (0, 0, 1, 0),
              "D2": (0, 0, 2, 0), "D3": (0, 0, 3, 0), "Dd": (0, 0, 0, 1)}


@dataclass(frozen=True, slots=True)
class Event:
    """A random event (rule 4.1): its effects per side (index 0 Athens, 1 Syracuse)."""

    roll: int
    name: str
    ml: tuple[int, int]
    il: tuple[int, int]
    impulses: tuple[int, int]
    omens: tuple[str, str]  # "", "good" or "bad"
    replacements: int  # the side that receives replacements at once, or -1
    note: str
    passages: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CRTResult:
    """A result of the assault CRT (rule 8.3.2)."""

    attacker_steps: int
    attacker_disrupted: bool
    defender_steps: int
    defender_disrupted: bool
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Tables:
    origin: str
    reconstructed: bool
    events: dict[int, Event]
    drm: dict[str, dict[str, int]]  # section -> modifier -> value
    rally_out_of_supply: tuple[int, int]
    walls_completes_on: int
    columns: tuple[str, ...]
    ratios: tuple[tuple[int, int], ...]
    rows: int
    crt: tuple[tuple[CRTResult, ...], ...]  # [column][row]
    board_rows: int
    board_columns: int
    rounds: int
    notes: dict = field(default_factory=dict, repr=False, compare=False)  # (section, key) -> (basis, note, passages)
    data: dict = field(default_factory=dict, repr=False, compare=False)  # the file's contents, as plain data

    def column(self, attack: int, defence: int) -> int:
        """The CRT column for these totals, rounded in the defender's favour (rule 8.3.2): the rightmost whose
        ratio the attacker reaches; below the first, the first."""
        best = 0
        for i, (a, d) in enumerate(self.ratios):
            if attack * d >= a * max(defence, 1):
                best = i
        return best

    def result(self, column: int, modified_die: int) -> CRTResult:
        column = max(0, min(len(self.columns) - 1, column))
        return self.crt[column][max(0, min(self.rows - 1, modified_die))]

    def rows_for_lessons(self) -> list[dict]:
        """Every modifier as a row: section, name, value, basis (printed or reconstructed), note, passages."""
        out = []
        for section, mods in self.drm.items():
            for name, value in mods.items():
                basis, note, passages = self.notes.get((section, name), ("", "", ()))
                out.append({"section": section, "name": name, "value": value, "basis": basis, "note": note,
                            "passages": ", ".join(passages)})
        return out


def load_tables(source: str | Path | dict | None = None) -> Tables:
    """The tables: ``None`` for the reconstructed ones in the package, the path of a tables file, or a file's
    contents as data (``Tables.data``, as a saved game carries them). A file that cannot be used raises
    :class:`TablesError` naming the line and what was expected there."""
    if source is None:
        return _default_tables()
    return _from_file(read_tables(source))


@cache
def _default_tables() -> Tables:
    return _from_file(read_tables(DEFAULT_PATH, origin=str(DEFAULT_PATH)))


def _note(t: TableFile, keys: tuple) -> tuple[str, str, tuple[str, ...]]:
    basis = t.text(*keys, "basis", choices=("printed", "reconstructed"), default="reconstructed")
    note = t.text(*keys, "note", default="")
    passages = t.array(*keys, "passages", default=[])
    for i in range(len(passages)):
        t.text(*keys, "passages", i)
    return basis, note, tuple(passages)


def _per_side(t: TableFile, keys: tuple, value, kind: str) -> tuple:
    if not isinstance(value, dict):
        raise t.fail(keys, "a table of sides, like { Athens = 1 }", value)
    for k in value:
        if k not in SIDES:
            raise t.fail(keys, "a table whose keys are Athens and/or Syracuse", value)
    if kind == "int":
        return tuple(t.check_integer((*keys, s), value.get(s, 0), -MAX_DRM, MAX_DRM) for s in SIDES)
    out = []
    for s in SIDES:
        v = value.get(s, "")
        if v not in ("", "good", "bad"):
            raise t.fail((*keys, s), '"good" or "bad"', v)
        out.append(v)
    return tuple(out)


def _event(t: TableFile, roll: int) -> Event:
    keys = ("random_events", str(roll))
    t.section(*keys)
    name = t.text(*keys, "name")
    effects = t.section(*keys, "effects", default={})
    for k in effects:
        if k not in EVENT_EFFECTS:
            raise t.fail((*keys, "effects"), "effects among " + ", ".join(EVENT_EFFECTS), k)
    zero = (0, 0)
    ml = _per_side(t, (*keys, "effects", "ml"), effects["ml"], "int") if "ml" in effects else zero
    il = _per_side(t, (*keys, "effects", "il"), effects["il"], "int") if "il" in effects else zero
    imp = _per_side(t, (*keys, "effects", "impulses"), effects["impulses"], "int") if "impulses" in effects else zero
    omens = _per_side(t, (*keys, "effects", "omens"), effects["omens"], "text") if "omens" in effects else ("", "")
    repl = -1
    if "replacements" in effects:
        repl = SIDES.index(t.text(*keys, "effects", "replacements", choices=SIDES))
    _, note, passages = _note(t, keys)
    return Event(roll, name, ml, il, imp, omens, repl, note, passages)


def _from_file(t: TableFile) -> Tables:
    t.section("meta", default={})
    events = {roll: _event(t, roll) for roll in range(2, 13)}
    drm: dict[str, dict[str, int]] = {}
    notes: dict = {}
    for section, names in MODIFIERS.items():
        t.section(section)
        drm[section] = {}
        for name in names:
            t.section(section, name)
            drm[section][name] = t.integer(section, name, "value", low=-MAX_DRM, high=MAX_DRM)
            notes[(section, name)] = _note(t, (section, name))
    t.section("rally", "out_of_supply")
    rally_oos = _per_side(t, ("rally", "out_of_supply", "value"), t.get("rally", "out_of_supply", "value"), "int")
    notes[("rally", "out_of_supply")] = _note(t, ("rally", "out_of_supply"))
    completes = t.integer("walls", "completes_on", low=1, high=7)
    columns, ratios = t.odds_columns("assault", "columns")
    rows = t.integer("assault", "rows", low=2, high=20)
    t.section("assault", "results")
    crt = []
    for c in columns:
        cells = t.array("assault", "results", c, length=rows)
        col = []
        for r, text in enumerate(cells):
            keys = ("assault", "results", c, r)
            tokens = text.split() if isinstance(text, str) else [None]
            if not tokens or any(tok not in CRT_TOKENS for tok in tokens):
                raise t.fail(keys, 'a result made of "-", "A1", "A2", "Ad", "D1", "D2", "D3" or "Dd"', text)
            a = sum(CRT_TOKENS[tok][0] for tok in tokens)
            ad = any(CRT_TOKENS[tok][1] for tok in tokens)
            d = sum(CRT_TOKENS[tok][2] for tok in tokens)
            dd = any(CRT_TOKENS[tok][3] for tok in tokens)
            col.append(CRTResult(a, ad, d, dd, " ".join(tokens)))
        crt.append(tuple(col))
    notes[("assault", "crt")] = _note(t, ("assault",))
    board_rows = t.integer("battle_board", "rows", low=5, high=30)
    board_columns = t.integer("battle_board", "columns", low=2, high=20)
    rounds = t.integer("battle_board", "rounds", low=1, high=30)
    return Tables(t.origin, t.reconstructed, events, drm, rally_oos, completes, columns, ratios, rows,
                  tuple(crt), board_rows, board_columns, rounds, notes, t.data)
