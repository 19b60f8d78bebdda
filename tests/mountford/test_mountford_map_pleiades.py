"""The map's Pleiades ids (data/map.toml): plain numbers, each with its evidence, and the unverified ones listed.

An id that is not in ../shared/design/gazetteer.csv and not sourced in its space's note is checked in the map's
[pleiades_checks]: the title Pleiades gives the place and a position published for it, within 25 km of the space.
"""

from __future__ import annotations

import math
import re
import tomllib

from peloponnesos.games.mountford.board import DATA, default_board

MAP_TEXT = (DATA / "map.toml").read_text(encoding="utf-8")
CHECKS = tomllib.loads(MAP_TEXT)["pleiades_checks"]


def _km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in kilometres."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(a))


def test_mountford_map_every_pleiades_id_is_a_plain_number_used_once():
    ids = [sp.pleiades for sp in default_board().spaces if sp.pleiades]
    assert all(re.fullmatch(r"[1-9]\d*", pid) for pid in ids), [pid for pid in ids if not pid.isdigit()]
    assert len(ids) == len(set(ids))


def test_mountford_map_header_lists_exactly_the_spaces_without_a_pleiades_id():
    listed = re.search(r"Pleiades ids NOT verified \(left empty rather than guessed\): ([^.]+)\.", MAP_TEXT)
    assert listed, "the map's header must list the spaces whose Pleiades id is not verified"
    names = {" ".join(name.split()).lstrip("# ").strip() for name in listed.group(1).replace("\n#", " ").split(",")}
    assert names == {sp.name for sp in default_board().spaces if not sp.pleiades}


def test_mountford_map_each_checked_pleiades_id_is_its_space_and_lies_near_it():
    board = default_board()
    for space_id, check in CHECKS.items():
        sp = board[space_id]
        assert sp.pleiades == check["id"], space_id
        assert check["title"] and check["source"], space_id
        assert _km(sp.lat, sp.lon, check["lat"], check["lon"]) <= 25, (space_id, check)
