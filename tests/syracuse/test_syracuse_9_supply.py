"""Rule 9: supply sources (9.1), lines (9.2), the city's stores (9.2.1), out of supply (9.3), replacements (9.4)."""

from __future__ import annotations

from syracuse_helpers import do, position, status, steps, texts, where

from peloponnesos.games.syracuse import supply


def _traces(g, unit):
    return supply.can_trace(g, g.unit_named(unit))


def test_syracuse_9_1_a_coastal_area_with_a_ship_that_reaches_the_map_edge_is_a_source():
    g = position({"L-10": ["A-N1", "A-H1"], "L-3": ["A-H2"], "L-6": ["A-H3"]})
    assert _traces(g, "A-H1") and _traces(g, "A-H2") and _traces(g, "A-H3")
    g = position({"L-10": ["A-N1", "A-H1"], "S-3": ["S-N1"], "S-1": ["S-N2"]})
    assert not _traces(g, "A-H1")  # the harbour's seas are held by normal-status Syracusan ships
    g = position({"L-10": ["A-N1", "A-H1"], "S-3": ["~S-N1"], "S-1": ["S-N2"]})
    assert _traces(g, "A-H1")  # a Disrupted ship does not block the way


def test_syracuse_9_1_a_bog_is_never_a_source():
    g = position({"B-2": ["A-N1", "A-H1"]})
    assert not _traces(g, "A-H1")


def test_syracuse_9_1_sicels_trace_to_the_west_edge_free_of_enemies():
    g = position({"L-13": ["SIC1@Athens"], "L-7": ["S-H1"]})
    assert _traces(g, "SIC1")
    g = position({"L-13": ["SIC1@Athens"], "L-14": ["S-H1"], "L-15": ["S-H2"], "L-5": ["S-H3"], "L-7": ["S-H4"]})
    assert _traces(g, "SIC1")  # its own area is on the west edge and free of enemies


def test_syracuse_9_2_a_line_crosses_disrupted_enemies_or_a_friendly_wall_but_not_normal_enemies():
    g = position({"L-10": ["A-N1"], "L-1": ["S-H1"], "L-6": ["A-H1"], "L-2": ["S-H2"], "L-3": ["S-H3"]})
    assert not _traces(g, "A-H1")
    g = position({"L-10": ["A-N1"], "L-1": ["~S-H1"], "L-6": ["A-H1"], "L-2": ["S-H2"], "L-3": ["S-H3"]})
    assert _traces(g, "A-H1")
    g = position({"L-10": ["A-N1"], "L-1": ["S-H1"], "L-6": ["A-H1"], "L-2": ["S-H2"], "L-3": ["S-H3"]},
                 walls={"L-1": (1, 0)})
    assert _traces(g, "A-H1")
    g = position({"L-10": ["A-N1"], "L-1": ["S-H1"], "L-6": ["A-H1"], "L-2": ["S-H2"], "L-3": ["S-H3"]},
                 walls={"L-1": (1, 1)})
    assert not _traces(g, "A-H1")  # an enemy wall there too


def test_syracuse_9_1_a_ship_in_the_city_opens_it_to_the_sea():
    g = position({"L-7": ["S-N1", "S-H1"], "L-8": ["A-H1"], "L-20": ["A-H2"]})
    naval, _city, _, _ = supply.traced(g, 1)
    assert g.map.l7 in naval


def test_syracuse_9_2_1_the_city_supplies_its_ml_plus_a_d6_less_2_if_cut_off_less_3_without_a_fleet():
    g = position({"L-7": ["S-N1"]}, ml=(7, 6))
    g.dice.force(4)
    assert supply.city_capacity(g) == 10
    g = position({"L-7": ["S-H1"], "L-8": ["A-H1"], "L-20": ["A-H2"]}, ml=(7, 6))
    g.dice.force(4)
    assert supply.city_capacity(g) == 6 + 4 - 2 - 3


def test_syracuse_9_2_1_the_syracusan_player_chooses_who_the_stores_feed():
    units = ["S-H1", "S-H2", "S-H3", "S-LI1"]
    g = position({"L-7": units, "L-8": ["A-H1"], "L-20": ["A-H2"], "L-10": ["A-N1"], "OFF": ["S-N1"]}, ml=(7, 3))
    g.state.agenda = [("operations",)]
    g.state.step = ""
    g.dice.force(1)  # the stores: ML 3 + 1 - 2 (L-7 cut off) = 2 units
    g.then(("supply",))
    g._advance()
    assert g.state.step == "city_supply" and g.state.ctx["capacity"] == 2
    do(g, "supply S-H2 from the city", "supply S-LI1 from the city")
    assert g.state.step == "declare"
    assert [status(g, u) for u in units] == ["disrupted", "normal", "disrupted", "normal"]


def test_syracuse_9_3_out_of_supply_disrupts_and_kills_routed_units_and_sicels():
    g = position({"L-3": ["A-H1", "!A-H2", "SIC1@Athens"], "L-7": ["S-H1"]})
    supply.supply_effects(g, 0, [g.unit_named(u) for u in ("A-H1", "A-H2", "SIC1")])
    assert status(g, "A-H1") == "disrupted" and where(g, "A-H2") == "ELIM" and where(g, "SIC1") == "POOL"
    assert g.state.oos[g.unit_named("A-H1")]


def test_syracuse_9_4_up_to_ml_reduced_units_in_supply_roll_for_a_step():
    g = position({"L-10": ["A-N1", "-A-H1", "-A-LI1", "A-H2"], "L-7": ["S-H1"]}, ml=(7, 6))
    g.state.steps[g.unit_named("A-H2")] = 4
    g.dice.force(7, 8, 2)
    supply.replacements(g, 0, "admin")
    assert steps(g, "A-H1") == 4 and steps(g, "A-H2") == 4 and steps(g, "A-LI1") == 2  # rolls 7, 8, 2 against 7


def test_syracuse_9_4_1_no_replacements_for_ships_archers_peltasts_sicels_or_units_cut_off():
    g = position({"L-10": ["-A-N1", "A-N2", "A-AR1", "A-P1", "SIC1@Athens"], "L-18": ["-A-H1"], "L-17": ["S-H1"],
                  "L-7": ["S-H4"]})
    assert supply.eligible_for_replacement(g, 0) == []


def test_syracuse_9_4_more_candidates_than_the_ml_means_choosing():
    names = [f"-A-H{k}" for k in range(1, 5)]
    g = position({"L-10": ["A-N1", *names], "L-7": ["S-H1"]}, ml=(2, 6))
    g.state.step = ""
    g.state.agenda = [("admin_stop",)]
    supply.replacements(g, 0, "admin")
    assert g.state.step == "replace" and g.state.ctx["left"] == 2
    g.dice.force(1)
    do(g, "replacement for A-H3")
    assert steps(g, "A-H3") == 4 and "replacement for A-H3" not in texts(g)
