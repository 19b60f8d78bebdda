"""Rule 1.3: the map — zones, terrain, adjacency, bases and polygons of the bay of Navarino."""

from __future__ import annotations

import json
import math

from peloponnesos.games.sfacteria import SfacteriaGame
from peloponnesos.games.sfacteria.board import default_board

LAND = [f"T{i}" for i in range(1, 13)]
SEA = [f"N{i}" for i in range(1, 10)]
BASES = ["BASE_ATH_LAND", "BASE_ATH_NAVAL", "BASE_SPA_LAND", "BASE_SPA_NAVAL"]


def _inside(pt, poly):
    x, y = pt
    c = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i - 1], poly[i]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            c = not c
    return c


def _area_km2(poly):
    k = math.cos(math.radians(36.93))
    s = sum(poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1] for i in range(len(poly)))
    return abs(s) / 2 * k * 111.32 ** 2


def test_sfacteria_1_3_every_zone_and_base_the_rules_name_exists():
    board = SfacteriaGame.board()
    ids = [z["id"] for z in board["zones"]]
    assert ids == LAND + SEA
    assert sorted(b["id"] for b in board["bases"]) == sorted(BASES)
    assert {z["id"]: z["kind"] for z in board["zones"]} == {**{t: "land" for t in LAND}, **{n: "sea" for n in SEA}}
    terrains = {z["id"]: z["terrain"] for z in board["zones"]}
    assert set(terrains[t] for t in LAND) == {"clear", "difficult", "beach"}
    assert terrains["N8"] == terrains["N9"] == "strait"
    assert all(terrains[n] == "sea" for n in SEA if n not in ("N8", "N9"))
    json.dumps(board)  # plain JSON for the renderer


def test_sfacteria_1_3_adjacency_is_symmetric_and_gives_each_zone_its_role():
    b = default_board()
    adj = {b.ids[i]: {b.ids[j] for j in b.adj_list[i]} for i in range(b.n_map)}
    for z, others in adj.items():
        for o in others:
            assert z in adj[o]
    assert adj["N8"] >= {"T6", "T7"}, "the narrow entrance lies between Pylos and the island"
    assert adj["N9"] >= {"T10", "T12"}, "the wide entrance lies between the island's south end and the mainland"
    assert {"T7", "T8"} <= adj["N1"] and {"T9", "T10"} <= adj["N2"], "open sea west of the island"
    assert "T11" in adj["N5"] and "T8" in adj["N5"], "the harbour lies between the island and T11"
    assert adj["T7"] >= {"T8"} and adj["T8"] >= {"T9"} and adj["T9"] >= {"T10"}
    # every base leads onto the map by one arrow (rule 4)
    arrows = {b.ids[bi]: b.ids[t] for bi, t in b.arrow.items()}
    assert arrows == {"BASE_ATH_NAVAL": "N7", "BASE_ATH_LAND": "T5", "BASE_SPA_NAVAL": "N3", "BASE_SPA_LAND": "T1"}


def test_sfacteria_1_3_polygons_follow_the_bay_of_navarino():
    board = SfacteriaGame.board()
    zones = {z["id"]: z for z in board["zones"]}
    lab = {k: z["label"] for k, z in zones.items()}
    for z in zones.values():
        assert len(z["polygon"]) >= 3
        assert _inside(z["label"], z["polygon"]), f"label of {z['id']} outside its polygon"
    # Pylos on the northern headland, Sphacteria from T7 (north) to T10 (south)
    assert lab["T6"][1] > lab["T7"][1] > lab["T8"][1] > lab["T9"][1] > lab["T10"][1]
    # T11 and T12 are on the mainland east of the island; the open sea (N1, N2, N7) lies west
    for t in ("T11", "T12"):
        assert lab[t][0] > max(lab[z][0] for z in ("T7", "T8", "T9", "T10"))
    for n in ("N1", "N2", "N7"):
        assert lab[n][0] < lab["T8"][0]
    # the northern entrance is far narrower than the southern one (4.8.6: two ships against eight or nine)
    assert _area_km2(zones["N8"]["polygon"]) < _area_km2(zones["N9"]["polygon"]) / 4
    assert zones["N8"]["strait_limit"] == 5 and zones["N9"]["strait_limit"] == 20
    assert "570640" in zones["T6"]["pleiades"] and "570686" in zones["T8"]["pleiades"]


def test_sfacteria_1_3_zone_polygons_tile_the_map_without_overlap():
    board = SfacteriaGame.board()
    w, s, e, n = board["meta"]["map_area"]
    polys = [z["polygon"] for z in board["zones"]]
    for i in range(40):
        for j in range(40):
            pt = (w + (e - w) * (i + 0.5) / 40, s + (n - s) * (j + 0.5) / 40)
            assert sum(_inside(pt, p) for p in polys) == 1, pt
