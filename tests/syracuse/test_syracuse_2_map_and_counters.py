"""The reconstructed area map (rules 3, 7.1, 9.1, 10.3, 11.1) and counters (rules 3, 7.2.2, 8.4, 10.1, 10.4)."""

from __future__ import annotations

import pytest

from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.games.syracuse.board import default_board
from peloponnesos.games.syracuse.counters import default_counters


def test_syracuse_7_1_every_area_the_rules_name_exists_with_its_role():
    b = default_board()
    for area in ("I-1", "L-7", "L-20", "B-1", "L-10", "L-18", "H-5", *(f"H-{k}" for k in range(1, 8))):
        assert area in b.index
    i = b.index
    assert b.city == {i["I-1"], i["L-7"]}
    assert i["B-1"] in b.adj[i["L-20"]] and i["L-7"] in b.adj[i["L-20"]]  # L-20 lies between B-1 and L-7
    assert b.terrain[i["B-1"]] == "bog" and b.terrain[i["H-5"]] == "high"
    assert b.coast[i["L-10"]] and b.coast[i["L-18"]]  # rule 12.1: naval units set up there or next to them
    assert b.epipolae == {i[f"H-{k}"] for k in range(1, 8)}
    assert all(a.startswith(("L-", "H-", "B-", "I-", "S-")) for a in b.ids)
    assert len([a for a in b.ids if a.startswith("L-")]) == 20


def test_syracuse_7_1_adjacency_is_symmetric_and_steep_slopes_ring_epipolae():
    b = default_board()
    for a in range(b.n):
        for c in b.adj[a]:
            assert a in b.adj[c] and b.is_land[a] == b.is_land[c]
        assert b.steep[a] <= set(b.adj[a])
        assert set(b.gadj[a]) == set(b.adj[a]) - b.steep[a]
    steep_high = [a for a in b.epipolae if b.steep[a]]
    assert len(steep_high) >= 4  # "around many of" H-1 to H-7
    assert all(b.terrain[c] != "high" for a in b.epipolae for c in b.steep[a])  # slopes lead down from Epipolae
    i = b.index
    assert i["H-1"] in b.gadj[i["L-13"]]  # Euryelus is the way up (6.97.2, 7.2.3)


def test_syracuse_11_1_the_ring_round_l7_holds_only_areas_athens_may_enter():
    b = default_board()
    assert set(b.ring) == {b.index["L-8"], b.index["L-20"]}
    assert not set(b.ring) & b.city


def test_syracuse_7_2_sea_areas_map_edges_and_the_great_harbour():
    b = default_board()
    i = b.index
    assert b.map_edge and all(b.is_sea[s] for s in b.map_edge)
    assert b.harbour == {i["S-1"], i["S-2"]}
    assert i["S-1"] not in b.map_edge and i["S-2"] not in b.map_edge
    for s in b.sea:
        for c in b.coast[s]:
            assert s in b.coast[c]
    assert b.west_edge and all(b.is_land[a] for a in b.west_edge)


def _land_polygon(coastline):
    f = coastline["features"]
    coast = f[4]["geometry"]["coordinates"] + f[0]["geometry"]["coordinates"][1:]
    return [*coast, [15.0, 38.0]]


def _inside(pt, poly):
    x, y = pt
    inside = False
    for k in range(len(poly)):
        (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % len(poly)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_syracuse_7_the_anchors_lie_on_the_real_ground(coastline):
    poly = _land_polygon(coastline)
    b = default_board()
    for area in b.areas:
        assert _inside(area.anchor, poly) == (area.kind == "land"), area.id
    lon0, lat0, lon1, lat1 = b.meta["frame"]
    assert all(lon0 <= a.anchor[0] <= lon1 and lat0 <= a.anchor[1] <= lat1 for a in b.areas)


def test_syracuse_7_gazetteer_places_keep_their_positions():
    import csv
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "shared" / "design" / "gazetteer.csv"
    if not path.exists():
        pytest.skip("the gazetteer is not available here")
    rows = {r["place"]: (float(r["lon"]), float(r["lat"])) for r in csv.DictReader(path.open(encoding="utf-8"))}
    for area in default_board().areas:
        if area.gazetteer:
            lon, lat = rows[area.gazetteer]
            assert abs(area.anchor[0] - lon) < 0.02 and abs(area.anchor[1] - lat) < 0.02, area.id


def test_syracuse_8_4_counter_values_follow_the_rules():
    c = default_counters()
    h = c.types["H"]
    assert h.steps == 5 and h.assault == (1, 2, 3, 4, 5) and h.flip_at == 3  # CF = steps, flipped after 2 losses
    for code in ("C", "LI"):
        assert c.types[code].steps == 2 and c.types[code].flip_at == 1
    for code in ("P", "AR", "SI", "SC"):
        assert c.types[code].steps == 1
    assert c.types["LI"].fire == (0, 1)  # rule 3: only full-strength light infantry fires
    assert c.types["AR"].fires_over and c.types["AR"].range > c.types["P"].range
    assert c.types["N"].steps == 2


def test_syracuse_2_the_box_holds_every_unit_rule_12_names():
    c = default_counters()
    count = {}
    for u in c.units:
        count[(u.side, u.type)] = count.get((u.side, u.type), 0) + 1
    assert count[(0, "N")] == 10 and count[(0, "H")] == 20 and count[(0, "LI")] == 4 and count[(0, "P")] == 3
    assert count[(1, "N")] == 8 and count[(1, "H")] == 15 and count[(1, "P")] == 5
    assert sum(1 for u in c.units if u.exchange) == 7  # rule 10.5: seven Syracusan cavalry with light infantry
    assert len(c.sicels) == 10 and {c.units[u].type for u in c.sicels} == {"SI", "SC"}
    ratings = {ld.id: (ld.rating, ld.naval_rating) for ld in c.leaders}
    assert ratings["Ariston"] == (1, 2)  # rule 10.4.4
    assert set(ratings) == {"Nicias", "Lamachus", "Demosthenes", "Hermocrates", "Gylippus", "Ariston"}


def test_syracuse_2_the_map_is_offered_as_plain_data():
    data = SyracuseGame.board()
    assert data["reconstructed"] is True
    ids = {a["id"] for a in data["areas"]}
    assert "L-20" in ids and all(len(a["anchor"]) == 2 for a in data["areas"])
