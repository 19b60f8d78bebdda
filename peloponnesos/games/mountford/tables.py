"""The tables the rule text announces but does not print (``data/tables.toml``, *reconstructed*).

``load_tables(None)`` gives the package's reconstruction; ``load_tables("published.toml")`` (or a file's
contents as a dict, as a saved game carries them) gives a teacher's published values, checked value by
value with :mod:`peloponnesos.core.tables` so that a mistake is refused with the file, the line and what
was expected there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ...core.errors import TablesError as TablesError  # re-exported: the error load_tables raises
from ...core.tables import TableFile, read_tables

DATA = Path(__file__).parent / "data"
DEFAULT_PATH = DATA / "tables.toml"
MAJORS = ("athens", "sparta", "corinth", "thebes")
MAX_MOD = 6


@dataclass(frozen=True)
class Tables:
    origin: str
    reconstructed: bool
    intercept_naval: tuple[int, ...]  # needed roll by distance 0, 1, 2
    intercept_land: tuple[int, ...]
    avoid_from_a_distance: bool
    avoid_behind_walls: bool
    naval: dict  # more_sps, twice_sps, leader (bool), skill {city: n}
    skirmish_choice: dict
    hoplite: dict
    skirmish: dict
    siege_points: tuple[int, ...]  # by die face 1..6
    siege_rebellion: int
    siege_cost: int
    siege_needed_city: int
    siege_needed_other: int
    frame: dict
    data: dict = field(default_factory=dict, repr=False, compare=False)

    def siege_gain(self, face: int, rebellion: bool) -> int:
        """Siege points from one attempt (Mountford 5.8): the table's points for the face, plus its bonus
        against a city in rebellion."""
        return self.siege_points[face - 1] + (self.siege_rebellion if rebellion else 0)


def load_tables(source=None) -> Tables:
    """The reconstructed tables (``None``), a tables file's path, or its contents as a dict."""
    if source is None:
        return _default()
    return _from_file(read_tables(source))


@cache
def _default() -> Tables:
    return _from_file(read_tables(DEFAULT_PATH, origin=str(DEFAULT_PATH)))


def _mods(t: TableFile, section: str, names: tuple[str, ...], *, leader: bool = True) -> dict:
    t.section(section)
    out = {name: t.integer(section, name, low=-MAX_MOD, high=MAX_MOD) for name in names}
    if leader:
        out["leader"] = t.boolean(section, "leader")
    skill = t.section(section, "skill", default={})
    out["skill"] = {}
    for city in skill:
        if city not in MAJORS:
            raise t.fail((section, "skill", city), "one of the major city-states " + ", ".join(MAJORS), city)
        out["skill"][city] = t.integer(section, "skill", city, low=-MAX_MOD, high=MAX_MOD)
    return out


def _from_file(t: TableFile) -> Tables:
    t.section("meta", default={})
    naval = t.array("interception", "naval", length=3)
    land = t.array("interception", "land", length=2)
    inter_naval = tuple(t.check_integer(("interception", "naval", i), v, 1, 7) for i, v in enumerate(naval))
    inter_land = tuple(t.check_integer(("interception", "land", i), v, 1, 7) for i, v in enumerate(land))
    points = t.array("siege", "points", length=6)
    siege_points = tuple(t.check_integer(("siege", "points", i), v, 0, 3) for i, v in enumerate(points))
    frame = {
        "turns": t.integer("frame", "turns", low=1, high=30),
        "years_per_turn": t.integer("frame", "years_per_turn", low=1, high=10),
        "cost_land_sp": t.integer("frame", "cost_land_sp", low=0, high=1000),
        "cost_naval_sp": t.integer("frame", "cost_naval_sp", low=0, high=1000),
        "ship_cost": t.integer("frame", "ship_cost", low=0, high=10000),
        "ships_per_turn": t.integer("frame", "ships_per_turn", low=0, high=10),
        "upkeep_naval": t.integer("frame", "upkeep_naval", low=0, high=1000),
        "hoplites_regained": t.integer("frame", "hoplites_regained", low=0, high=10),
        "persian_subsidy": t.integer("frame", "persian_subsidy", low=0, high=100000),
        "bellicosity_max": t.integer("frame", "bellicosity_max", low=1, high=99),
        "ravaged_home": t.integer("frame", "ravaged_home", low=-10, high=0),
        "empty_treasury": t.integer("frame", "empty_treasury", low=-10, high=0),
        "empire_to_win": t.integer("frame", "empire_to_win", low=0, high=100),
        "fleet_to_win": t.integer("frame", "fleet_to_win", low=0, high=100),
        "empire_broken": t.integer("frame", "empire_broken", low=0, high=100),
    }
    return Tables(
        origin=t.origin,
        reconstructed=t.reconstructed,
        intercept_naval=inter_naval,
        intercept_land=inter_land,
        avoid_from_a_distance=t.boolean("avoidance", "from_a_distance"),
        avoid_behind_walls=t.boolean("avoidance", "behind_walls"),
        naval=_mods(t, "naval_battle", ("more_sps", "twice_sps")),
        skirmish_choice={**_mods(t, "skirmish_choice", ("more_cavalry", "enemy_no_cavalry", "fewer_hoplites")),
                         "needed": t.integer("skirmish_choice", "needed", low=2, high=13)},
        hoplite=_mods(t, "hoplite_battle", ("more_sps", "twice_sps", "more_cavalry", "home_ground")),
        skirmish=_mods(t, "skirmish", ("more_cavalry", "home_ground")),
        siege_points=siege_points,
        siege_rebellion=t.integer("siege", "rebellion", low=0, high=3),
        siege_cost=t.integer("siege", "cost_per_sp", low=0, high=10000),
        siege_needed_city=t.integer("siege", "points_needed_city", low=1, high=20),
        siege_needed_other=t.integer("siege", "points_needed_other", low=1, high=20),
        frame=frame,
        data=t.data,
    )
