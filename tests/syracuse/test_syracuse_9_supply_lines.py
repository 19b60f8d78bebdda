"""Rules 9.1 and 9.2 drawn as supply lines (``supply_lines.py``, for the map's lines shown on request and the
lessons): the sources, each area reached once from the nearest source, the Sicels' own lines to the west edge,
the units cut off — read-only, and the same whoever asks (nothing on the map is secret)."""

from __future__ import annotations

import random

from syracuse_helpers import position

from peloponnesos import new_game
from peloponnesos.games.syracuse import supply
from peloponnesos.games.syracuse.supply_lines import supply_lines


def test_syracuse_9_1_supply_lines_start_at_the_ships_beached_on_the_coast_and_the_city():
    lines = supply_lines(new_game("syracuse", seed=1), "Athens")
    assert lines["sources"] == ["L-10", "L-18"]  # the two camps of rule 12.1, each with ships beached
    syracuse = supply_lines(new_game("syracuse", seed=1), "Syracuse")
    assert set(syracuse["sources"]) == {"I-1", "L-7"}  # the city, its ships in it (9.1, 9.2.1)


def test_syracuse_9_2_each_area_is_reached_once_from_a_neighbour_already_reached():
    g = new_game("syracuse", seed=2)
    for side in g.players:
        lines = supply_lines(g, side)
        reached = set(lines["sources"])
        for a, b in lines["links"]:
            assert a in reached and b not in reached, (a, b)
            assert b in g.map.to_dict()["areas"][g.map.index[a]]["adjacent"]
            reached.add(b)
        assert reached == set(lines["reached"])


def test_syracuse_9_2_a_line_stops_at_normal_enemy_units_and_the_units_beyond_are_cut_off():
    g = position({"L-10": ["A-N1"], "L-1": ["S-H1"], "L-6": ["A-H1"], "L-2": ["S-H2"], "L-3": ["S-H3"]})
    lines = supply_lines(g, "Athens")
    assert "L-6" not in lines["reached"] and lines["cut_off"] == ["A-H1"]
    g = position({"L-10": ["A-N1"], "L-1": ["~S-H1"], "L-6": ["A-H1"], "L-2": ["S-H2"], "L-3": ["S-H3"]})
    lines = supply_lines(g, "Athens")
    assert ["L-1", "L-6"] in lines["links"] and lines["cut_off"] == []  # a Disrupted enemy lets it through


def test_syracuse_9_1_sicels_have_lines_of_their_own_to_the_west_edge():
    g = position({"L-13": ["SIC1@Athens"], "L-16": ["S-H1"], "L-14": ["S-H2"], "L-7": ["S-H3"]})
    lines = supply_lines(g, "Athens")
    assert lines["sources"] == [] and "L-13" in lines["sicel_sources"] and lines["cut_off"] == []
    assert supply.can_trace(g, g.unit_named("SIC1"))


def test_syracuse_9_supply_lines_change_nothing_and_never_depend_on_a_secret():
    g = new_game("syracuse", seed=4)
    rng = random.Random(4)
    seen = 0
    for _ in range(3000):  # into the game, until a side holds Sicels drawn in secret (rule 10.1)
        if g.is_over():
            break
        holder = next((side for side in g.players if g.state.hands[g.players.index(side)]), None)
        if holder is not None:
            before = g.digest()
            lines = {side: supply_lines(g, side) for side in g.players}
            assert g.digest() == before
            viewer = g.players[1 - g.players.index(holder)]
            other = g.determinize(viewer, seed=seen)  # the holder's hand dealt otherwise
            assert {side: supply_lines(other, side) for side in g.players} == lines
            seen += 1
        g.apply(rng.choice(g.legal_actions()))
    assert seen
