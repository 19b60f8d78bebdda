"""The chits (Diceless 2): what the cup holds, how far each kind reaches, the struggle grid (Diceless 4)
and the six special chits (reconstructed: see ``data/chits.toml`` and ``CLARIFICATIONS.md``).

A chit is named by a short code: ``"Military"``, ``"Influence"``, ``"Coup"``, ``"Void"``, ``"Star"``,
or the id of a special chit (``"persian_gold"``). Chits of one kind are interchangeable, so the cup
and the hands are plain lists of codes.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"
CHITS_FILE = DATA / "chits.toml"

MILITARY, INFLUENCE, COUP, VOID, STAR = "Military", "Influence", "Coup", "Void", "Star"
FIGHTING = (MILITARY, INFLUENCE, COUP)  # the kinds in the grid; a Star is played as one of these
ORDINARY = (MILITARY, INFLUENCE, COUP, VOID, STAR)
SPECIAL = "Special"

WIN, LOSE, DRAW = "win", "lose", "draw"
BONUS_WHEN = ("", "home", "enemy_area")  # when a special chit's bonus steps apply


@dataclass(frozen=True, slots=True)
class ChitKind:
    code: str
    name: str
    icon: str
    range: str  # "two", "next", "any" or "chosen" (the Star)
    range_words: str
    summary: str

    def to_dict(self) -> dict:
        return {"code": self.code, "name": self.name, "icon": self.icon, "range": self.range,
                "range_words": self.range_words, "summary": self.summary, "special": False}


@dataclass(frozen=True, slots=True)
class SpecialChit:
    """One of the six special chits: it fights for ``favours`` whoever plays it, and is used once.

    What it does once it has won its struggle (Diceless 4; CLARIFICATIONS 2-e): if ``sweep`` and the
    other side holds the area, every counter of the other side there is removed; otherwise it makes
    ``steps`` steps, plus ``bonus`` more when ``bonus_when`` holds ("home": the area is its side's
    capital or next to it; "enemy_area": the other side holds the area). With ``delphi`` it then makes
    one more step for its side at Delphi.
    """

    id: str
    name: str
    icon: str
    favours: str  # "Sparta" or "Athens"
    summary: str
    history: str
    passages: tuple[str, ...]
    reconstructed: str
    steps: int = 1
    bonus: int = 0
    bonus_when: str = ""
    sweep: bool = False
    delphi: bool = False

    @property
    def code(self) -> str:
        return self.id

    def to_dict(self) -> dict:
        return {"code": self.id, "name": self.name, "icon": self.icon, "favours": self.favours,
                "summary": self.summary, "history": self.history, "passages": list(self.passages),
                "reconstructed": self.reconstructed, "special": True, "range": "any", "range_words": "anywhere",
                "steps": self.steps, "bonus": self.bonus, "bonus_when": self.bonus_when or None,
                "sweep": self.sweep, "delphi": self.delphi}


class ChitSet:
    """Everything about the chits of one game, read from ``chits.toml``."""

    def __init__(self, kinds: dict[str, ChitKind], specials: dict[str, SpecialChit], counts: dict[str, int],
                 grid: dict[tuple[str, str], str]) -> None:
        self.kinds = kinds
        self.specials = specials
        self.counts = counts
        self.grid = grid
        cup: list[str] = []
        for code in ORDINARY:
            cup.extend([code] * counts.get(code, 0))
        cup.extend(specials)
        self.cup: tuple[str, ...] = tuple(cup)  # the full cup at the start, in a fixed order
        self.order = {code: i for i, code in enumerate(dict.fromkeys(self.cup))}  # display order

    def is_special(self, code: str) -> bool:
        return code in self.specials

    def name(self, code: str) -> str:
        if code in self.kinds:
            return self.kinds[code].name
        if code in self.specials:
            return self.specials[code].name
        return code

    def describe(self, code: str) -> dict:
        return (self.specials[code] if code in self.specials else self.kinds[code]).to_dict()

    def fight(self, a: str, b: str) -> str:
        """The grid (Diceless 4): how a chit of kind ``a`` fares against one of kind ``b``."""
        return self.grid[a, b]

    def to_dict(self) -> dict:
        return {
            "cup": dict(self.counts, Special=len(self.specials)),
            "kinds": [k.to_dict() for k in self.kinds.values()],
            "specials": [s.to_dict() for s in self.specials.values()],
            "grid": {a: {b: self.grid[a, b] for b in FIGHTING} for a in FIGHTING},
        }


def chits_from_toml(path: str | Path) -> ChitSet:
    with open(path, "rb") as f:
        data = tomllib.load(f)
    kinds = {}
    for raw in data["kind"]:
        kinds[raw["code"]] = ChitKind(raw["code"], raw["name"], raw.get("icon", ""), raw["range"],
                                      raw["range_words"], raw.get("summary", ""))
    if set(kinds) != set(ORDINARY):
        raise ValueError(f"{path}: the kinds must be exactly {', '.join(ORDINARY)}")
    specials = {}
    for raw in data.get("special", []):
        if raw["favours"] not in ("Sparta", "Athens"):
            raise ValueError(f"{path}: special chit {raw['id']!r} must favour Sparta or Athens")
        if raw.get("bonus_when", "") not in BONUS_WHEN:
            raise ValueError(f"{path}: special chit {raw['id']!r} has bonus_when {raw['bonus_when']!r}; "
                             f"known: {', '.join(w for w in BONUS_WHEN if w)}")
        if not (0 <= raw.get("steps", 1) <= 3 and 0 <= raw.get("bonus", 0) <= 2):
            raise ValueError(f"{path}: special chit {raw['id']!r} needs 0–3 steps and a bonus of 0–2")
        if raw["id"] in kinds or raw["id"] in specials:
            raise ValueError(f"{path}: chit code {raw['id']!r} is used twice")
        specials[raw["id"]] = SpecialChit(raw["id"], raw["name"], raw.get("icon", ""), raw["favours"],
                                          raw.get("summary", ""), raw.get("history", ""),
                                          tuple(raw.get("passages", ())), raw.get("reconstructed", ""),
                                          int(raw.get("steps", 1)), int(raw.get("bonus", 0)),
                                          raw.get("bonus_when", ""), bool(raw.get("sweep", False)),
                                          bool(raw.get("delphi", False)))
    grid = {}
    for a in FIGHTING:
        for b in FIGHTING:
            outcome = data["grid"][a][b]
            if outcome not in (WIN, LOSE, DRAW):
                raise ValueError(f"{path}: grid {a} against {b} is {outcome!r}")
            grid[a, b] = outcome
    for a in FIGHTING:
        for b in FIGHTING:
            mirror = {WIN: LOSE, LOSE: WIN, DRAW: DRAW}[grid[a, b]]
            if grid[b, a] != mirror:
                raise ValueError(f"{path}: the grid is not consistent for {a} against {b}")
    counts = {code: int(data["cup"].get(code, 0)) for code in ORDINARY}
    return ChitSet(kinds, specials, counts, grid)


@cache
def default_chits() -> ChitSet:
    return chits_from_toml(CHITS_FILE)
