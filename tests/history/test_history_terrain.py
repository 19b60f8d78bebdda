"""The text-against-terrain helper (lesson 09): distances on the Sfacteria board's GSHHG shoreline in km and
stades, against Thucydides 4.8.6 and the game's stacking values (rule 5)."""

from __future__ import annotations

import math

import pytest

from peloponnesos import passage
from peloponnesos.games.sfacteria import SfacteriaGame
from peloponnesos.history import terrain
from peloponnesos.render.history import bay_figure


def test_terrain_the_island_is_far_longer_than_fifteen_stades():
    island = terrain.measure("island")
    assert 4.3 < island.km < 5.0
    assert island.stades("Attic") > 1.5 * terrain.TEXT["island_stades"]
    assert island.stades("Olympic") < island.stades("Attic")
    assert "σταδ" in passage("4.8.6").greek and "furlongs" in passage("4.8.6").english


def test_terrain_the_entrances_are_wider_than_two_and_nine_ships():
    north, south = terrain.measure("north_entrance"), terrain.measure("south_entrance")
    assert north.metres < south.metres
    assert 800 < south.metres < 1400 and south.ships(15) > 9 * 4
    assert north.ships(15) > 2
    assert "two ships" in passage("4.8.6").english and "eight or nine" in passage("4.8.6").english


def test_terrain_a_measurement_is_a_shortest_gap_between_shores():
    m = terrain.measure("T6", "T7")
    assert m.km == terrain.measure("T7", "T6").km
    assert m.km == pytest.approx(terrain.measure("north_entrance").km)
    assert terrain.measure("T6", "T6").km == 0
    point = terrain.measure((21.66, 36.95), "T11")
    assert 1.5 < point.km < 4


def test_terrain_stades_convert_both_ways():
    assert terrain.km_from_stades(15) == pytest.approx(15 * 0.1776)
    assert terrain.stades(terrain.km_from_stades(15, "Olympic"), "Olympic") == pytest.approx(15)
    assert terrain.stades(1, 185) == pytest.approx(1000 / 185)


@pytest.mark.parametrize(("call", "says"), [
    (lambda: terrain.measure("T99", "T6"), "T1–T12"),
    (lambda: terrain.measure((0.0, 0.0), "T6"), "not in the bay"),
    (lambda: terrain.measure("harbour"), "named measurements"),
    (lambda: terrain.measure(3, "T6"), "zones"),
    (lambda: terrain.stades(1, "Roman"), "Attic or Olympic"),
    (lambda: terrain.stades(1, 1000), "between 100 and 250"),
    (lambda: terrain.ships_abreast(100, 2), "own width"),
])
def test_terrain_bad_input_says_what_to_give(call, says):
    with pytest.raises(terrain.MeasureError, match=says):
        call()


def test_terrain_table_compares_text_game_and_ground_from_the_data():
    rows = terrain.text_game_ground(lane_m=15)
    board = {z["id"]: z for z in SfacteriaGame.board()["zones"]}
    assert f"N8: {board['N8']['strait_limit']}" in rows[0]["the game"] and "reconstructed" in rows[0]["the game"]
    assert f"N9: {board['N9']['strait_limit']}" in rows[1]["the game"] and "rule 5" in rows[1]["the game"]
    assert rows[0]["Thucydides 4.8.6"] == "room for 2 ships" and rows[1]["Thucydides 4.8.6"] == "room for 8 or 9 ships"
    wide, narrow = terrain.text_game_ground(lane_m=30), rows
    assert wide[1]["the ground today"] != narrow[1]["the ground today"]  # the assumption moves the answer


def test_terrain_bay_figure_draws_each_measurement_with_a_label_and_a_scale():
    measured = terrain.measurements()
    fig = bay_figure(measured)
    lines = [t for t in fig.data if t.mode == "lines+markers"]
    assert len(lines) == len(measured)
    for t, m in zip(lines, measured.values(), strict=True):
        assert f"{m.km:.2f} km" in t.name
        assert math.isclose(t.x[0], m.start[0]) and math.isclose(t.y[1], m.end[1])
    assert any(t.mode == "lines+markers+text" and "1 km" in t.text[1] for t in fig.data)  # the scale bar
    assert any("GSHHG" in a.text for a in fig.layout.annotations)
