"""Diceless 5: areas — the reconstructed map, land and sea lines, at most two counters of a side."""

import json
import re

from diceless_helpers import counters, play_turn, put, start

from peloponnesos.games.diceless import DicelessGame
from peloponnesos.games.diceless.board import default_board
from peloponnesos.games.diceless.coastline import load_coastline


def test_diceless_5_at_most_two_counters_per_side():
    game = start()
    put(game, "corinth", 2)
    records = play_turn(game, [("Influence", "corinth"), ("Void", "elis"), ("Coup", "syracuse")],
                        [("Void", "euboea"), ("Coup", "byzantium"), ("Coup", "ionia")])
    step = next(r for r in records if r["area"] == "corinth")
    assert step["effect"] == "full" and "already has two counters" in step["text"]
    assert counters(game, "corinth") == 2


def test_diceless_5_map_has_30_connected_areas_with_land_and_sea_lines():
    board = default_board()
    assert board.n == 30
    ids = {a.id for a in board.areas}
    assert {"sparta", "athens", "delphi", "syracuse", "corcyra", "ionia", "hellespont", "persia"} <= ids
    assert board.capital == {"Sparta": board.index["sparta"], "Athens": board.index["athens"]}
    kinds = {c.kind for c in board.connections}
    assert kinds == {"land", "sea"}
    assert all(max(row) <= board.n for row in board.distances)  # every area can be reached
    assert all(board.neighbours[i] for i in range(board.n))
    assert board.distance("sparta", "messenia") == 1 and board.adjacent("athens", "euboea")
    for a in board.areas:
        assert 12 <= a.lon <= 30 and 34.5 <= a.lat <= 42.2, a.id
        assert a.note and len(a.note) < 200 and a.passages, a.id
        assert all(re.fullmatch(r"\d+\.\d+\.\d+", p) for p in a.passages), a.id
        assert a.pleiades or a.approximate, a.id


def test_diceless_5_board_for_the_map():
    data = DicelessGame.board()
    json.dumps(data)
    assert data["reconstructed"] is True and len(data["areas"]) == 30
    first = data["areas"][0]
    assert {"id", "name", "lon", "lat", "pleiades", "note", "passages", "capital"} <= set(first)
    assert first["pleiades_uri"] == "https://pleiades.stoa.org/places/570685"
    assert all(c["kind"] in ("land", "sea") for c in data["connections"])
    coast = data["coastline"]
    assert "GSHHG" in coast["attribution"] and coast["licence"] == "LGPL-3.0"
    points = sum(len(line) for line in coast["lines"])
    assert 100 < points < 600
    assert data["capitals"] == {"Sparta": "sparta", "Athens": "athens"} and data["delphi"] == "delphi"
    assert {k["code"] for k in data["chits"]["kinds"]} == {"Military", "Influence", "Coup", "Void", "Star"}
    assert load_coastline()["points"] == points


def test_diceless_5_land_or_sea_makes_no_difference_to_range():
    game = start()
    # Cythera is one sea step from Sparta, Messenia one land step: both are next to Sparta
    assert game.in_range("Sparta", "Influence", "cythera") and game.in_range("Sparta", "Influence", "messenia")


def test_diceless_5_an_area_never_holds_both_sides():
    game = start()
    put(game, "corinth", -1)
    play_turn(game, [("Star", "corinth", "Coup"), ("Void", "elis"), ("Coup", "syracuse")],
              [("Void", "euboea"), ("Coup", "byzantium"), ("Coup", "ionia")])
    assert counters(game, "corinth") == 1
    obs = game.observation(None)
    assert obs["areas"]["corinth"] == {"Sparta": 1, "Athens": 0} and obs["owner"]["corinth"] == "Sparta"
