"""Rule 7.1 (ground movement on the map), 7.1.2 (stacking), 7.2 (naval movement), 7.2.1 (leaving the map and
coming back) and 7.2.2 (transport)."""

from __future__ import annotations

from syracuse_helpers import do, illegal, position, texts, where

from peloponnesos.games.syracuse import movement, naval


def _reach(g, unit):
    return {g.aid(a): c for a, c in movement.reach(g, g.unit_named(unit)).items()}


def test_syracuse_7_1_each_area_costs_1_mp_and_a_hoplite_has_3():
    g = position({"L-10": ["A-H1"]})
    r = _reach(g, "A-H1")
    assert r["L-1"] == 1 and r["L-2"] == 2 and r["L-5"] == 3 and "L-14" not in r


def test_syracuse_7_1_entering_an_area_with_normal_enemy_units_costs_1_more_and_stops():
    g = position({"L-10": ["A-H1"], "L-1": ["S-H1"]})
    r = _reach(g, "A-H1")
    assert r["L-1"] == 2 and "B-2" not in r  # it must stop in L-1: B-2 lies beyond
    g = position({"L-10": ["A-H1"], "L-1": ["~S-H1"]})
    r = _reach(g, "A-H1")
    assert r["L-1"] == 1  # no extra cost when every enemy unit there is Disrupted or Routed
    assert "B-2" not in r or r["B-2"] > 2  # but the unit still stops there


def test_syracuse_7_1_leaving_an_area_with_normal_enemy_units_costs_1_more():
    g = position({"L-1": ["A-H1", "S-H1"]})
    assert _reach(g, "A-H1")["L-10"] == 2


def test_syracuse_7_1_enemy_walls_and_the_circle_fort_cost_1_more():
    g = position({"L-10": ["A-H1"]}, walls={"L-1": (0, 1)})
    assert _reach(g, "A-H1")["L-1"] == 2
    g = position({"H-3": ["S-H1"]})
    g.state.fort = g.map.index["H-5"]
    assert _reach(g, "S-H1")["H-5"] == 2  # the Circle Fort counts as an enemy wall for the Syracusans


def test_syracuse_7_1_enemy_cavalry_superiority_costs_1_more():
    g = position({"L-10": ["A-H1"], "L-1": ["S-C1"]})
    assert _reach(g, "A-H1")["L-1"] == 3  # normal enemy unit +1, more enemy cavalry than friendly +1
    g = position({"L-10": ["A-C1"], "L-1": ["S-C1", "A-C2"]})
    assert _reach(g, "A-C1")["L-1"] == 2


def test_syracuse_7_1_a_unit_stops_in_a_bog():
    g = position({"L-6": ["S-C1"]})
    r = _reach(g, "S-C1")
    assert "B-1" in r and "L-20" not in r  # the marsh stops it: no going on to L-20 this move


def test_syracuse_7_1_athenians_never_enter_the_city_but_may_enter_l20():
    g = position({"L-8": ["A-C1"]})
    r = _reach(g, "A-C1")
    assert "L-7" not in r and "I-1" not in r and "L-20" in r
    g = position({"L-8": ["S-C1"]})
    assert "L-7" in _reach(g, "S-C1")


def test_syracuse_7_1_no_ground_unit_crosses_a_steep_slope():
    g = position({"H-6": ["A-H1"]})
    r = _reach(g, "A-H1")
    assert r["L-8"] == 1 and r["L-20"] == 2  # round by L-8, never straight down the cliff
    g = position({"H-6": ["A-H1"]})
    g.dice.force(1, 1)
    g.start_impulse("Athens")
    do(g, "activate A-H1")
    err = illegal(g, "move A-H1 to L-6", "7.1")
    assert "steep" in err.reason


def test_syracuse_7_1_beached_ships_put_to_sea_when_enemy_ground_units_enter():
    g = position({"L-19": ["A-H1", "Nicias"], "L-4": ["S-N1", "S-N2"], "S-3": ["A-N1"]})
    g.dice.force(1)
    g.start_impulse("Athens")
    do(g, "move A-H1 to L-4")
    assert g.state.step == "relocate" and g.current_player() == "Syracuse"
    assert "S-N1 puts to sea in S-3" not in texts(g)  # an Athenian ship is there
    do(g, "S-N1 puts to sea in S-1", "S-N2 puts to sea off the map")
    assert where(g, "S-N1") == "S-1" and where(g, "S-N2") == "OFF"
    assert g.state.used[g.unit_named("S-N1")] == 1  # rotated as activated
    assert g.state.step == "move" and g.current_player() == "Athens"


def test_syracuse_7_1_2_any_number_of_units_share_an_area():
    g = position({"L-10": [f"A-H{k}" for k in range(1, 16)] + ["Nicias"]})
    g.dice.force(1)
    g.start_impulse("Athens")
    do(g, "move everything that can from L-10 to L-1")
    assert all(where(g, f"A-H{k}") == "L-1" for k in range(1, 16)) and where(g, "Nicias") == "L-1"


def _sail(g, ship):
    return {g.aid(a) if a >= 0 else "OFF" for a in naval.reach(g, g.unit_named(ship))}


def test_syracuse_7_2_ships_sail_any_distance_but_stop_at_enemy_ships():
    g = position({"S-8": ["A-N1"]})
    assert {"S-1", "S-2", "S-4", "L-4", "OFF"} <= _sail(g, "A-N1")
    g = position({"S-8": ["A-N1"], "S-3": ["S-N1"]})
    r = _sail(g, "A-N1")
    assert "S-3" in r and "S-1" not in r and "S-2" not in r and "L-4" in r  # L-4 by S-5
    assert "L-7" not in r and "I-1" not in r  # no Athenian ship beaches in the city


def test_syracuse_7_2_1_a_ship_comes_back_on_a_d10_no_more_than_the_ml():
    g = position({"OFF": ["A-N1", "A-N2"], "S-1": ["S-N1"]}, ml=(6, 6))
    g.dice.force(1, 7, 6)
    g.start_impulse("Athens", "naval")
    assert "try to bring A-N1 back to S-5" in texts(g)
    do(g, "try to bring A-N1 back to S-5")
    assert where(g, "A-N1") == "OFF"  # 7 > ML 6
    assert "try to bring A-N1 back to S-5" not in texts(g)  # one try per impulse
    do(g, "try to bring A-N2 back to S-6")
    assert where(g, "A-N2") == "S-6"


def test_syracuse_7_2_1_a_routed_ship_off_the_map_stays_there_until_it_rallies():
    g = position({"OFF": ["!A-N1", "A-N2"], "S-1": ["S-N1"]})
    g.dice.force(1)
    g.start_impulse("Athens", "naval")
    assert not any(t.startswith("try to bring A-N1") for t in texts(g))


def test_syracuse_7_2_2_a_full_ship_carries_two_units_with_one_hoplite_a_reduced_one_carries_one():
    g = position({"L-10": ["A-N1", "-A-N2", "A-H1", "A-H2", "A-LI1", "A-P1", "Nicias", "Lamachus"]})
    g.dice.force(1)
    g.start_impulse("Athens", "naval")  # the only leader's area: activated without asking
    do(g, "embark A-H1 on A-N1")
    assert "embark A-H2 on A-N1" not in texts(g) and "embark A-LI1 on A-N1" in texts(g)
    do(g, "embark A-LI1 on A-N1", "embark Nicias on A-N1", "embark Lamachus on A-N1")
    assert not any(t.endswith("on A-N1") and "A-" in t.split()[1] for t in texts(g))  # full; leaders ride free
    do(g, "embark A-H2 on A-N2")
    assert not any(t.endswith("on A-N2") and t.split()[1].startswith("A-") for t in texts(g))
    do(g, "sail A-N1 to L-19")
    assert where(g, "A-H1") == "L-19" and where(g, "Nicias") == "L-19"
    assert g.state.aboard[g.unit_named("A-H1")] == -1  # landed with the ship's beaching


def test_syracuse_7_2_2_no_boarding_in_a_bog_the_city_or_an_enemy_area():
    g = position({"B-1": ["A-N1", "A-H1"], "L-7": ["S-N1", "S-H1"]})
    g.dice.force(1)
    g.start_impulse("Athens", "naval")
    do(g, "activate A-N1")
    assert "embark A-H1 on A-N1" not in texts(g)
    illegal(g, "embark A-H1 on A-N1", "7.2.2")


def test_syracuse_7_2_2_routed_units_are_never_carried():
    g = position({"L-10": ["A-N1", "!A-H1", "A-H2"]})
    g.dice.force(1)
    g.start_impulse("Athens", "naval")
    do(g, "activate A-N1")
    assert "embark A-H1 on A-N1" not in texts(g) and "embark A-H2 on A-N1" in texts(g)


def test_syracuse_7_2_only_naval_units_move_in_a_naval_impulse():
    g = position({"L-10": ["A-N1", "A-H1", "Nicias"]})
    g.dice.force(1)
    g.start_impulse("Athens", "naval")
    illegal(g, "move A-H1 to L-1", "6.2")
