"""Rule 4: movement, 4.1 movement limits, 4.2 naval transport."""

from __future__ import annotations

from sfacteria_helpers import do, illegal, position, unit_zone

from peloponnesos.games.sfacteria.actions import Move, Sail, Transport


def _moves(g, piece):
    return {a.dest for a in g.legal_actions() if getattr(a, "piece", None) == piece}


def test_sfacteria_4_land_units_have_3_pm():
    g = position({"T5": ["AH1"], "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T5")
    assert _moves(g, "AH1") == {"T1", "T2", "T3", "T4", "T6", "T11"}
    err = illegal(g, Move("AH1", "T5", "T12"), "4")
    assert "more than 3 PM" in err.reason


def test_sfacteria_4_a_unit_entering_an_enemy_zone_stops_there():
    g = position({"T5": ["AH1"], "T2": ["SP1"], "T4": ["SH13"], "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T5")
    assert _moves(g, "AH1") == {"T2", "T4", "T6"}  # T3 lies beyond both enemy zones
    err = illegal(g, Move("AH1", "T5", "T3"), "4")
    assert "stop" in err.reason
    do(g, "move AH1 T5→T2")
    assert unit_zone(g, "AH1") == "T2"
    assert g.state.step == "D_move"


def test_sfacteria_4_base_pieces_enter_the_map_by_the_arrow():
    g = position({"BASE_ATH_LAND": ["AH3"], "BASE_ATH_NAVAL": ["AT2"], "T8": ["SH2"]})
    g.start_action_phase("Athens", pa=2)
    do(g, "announce 2 PA", "activate BASE_ATH_LAND", "activate BASE_ATH_NAVAL")
    assert _moves(g, "AH3") == {"T5", "T2", "T4", "T6", "T3"}  # T5, then 2 PM more
    assert "N7" in _moves(g, "AT2") and "N6" in _moves(g, "AT2")  # triremes: no limit


def test_sfacteria_4_1_triremes_only_enter_water_and_beaches_land_units_never_stop_at_sea():
    g = position({"N7": ["AT2"], "T5": ["AH1"], "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=4)
    do(g, "announce 4 PA", "activate N7", "activate T5")
    ship = _moves(g, "AT2")
    assert {"T5", "T10", "T11", "T12", "T4"} <= ship  # beaches
    assert not ship & {"T6", "T7", "T8", "T9", "T1", "T2", "T3"}
    illegal(g, Sail("AT2", "N7", "T6"), "4.1")
    illegal(g, Move("AH1", "T5", "N7"), "4.1")


def test_sfacteria_4_naval_movement_stops_in_the_first_enemy_zone():
    g = position({"N7": ["AT6"], "N1": ["ST6"], "N8": ["ST7"], "T6": ["AH1"]})
    g.start_action_phase("Athens", pa=2)
    do(g, "announce 2 PA", "activate N7")
    assert _moves(g, "AT6") == {"N1", "N8", "T5"}  # T5 is a beach: ships go no further overland
    illegal(g, Sail("AT6", "N7", "N4"), "4")


def test_sfacteria_4_1_leaders_move_4_pm_on_land_only_with_combat_units():
    g = position({"T6": ["Demosthenes", "AH1"], "T1": ["AH5"], "BASE_ATH_LAND": ["AH4"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T6")
    assert _moves(g, "Demosthenes") == {"T1"}  # 4 PM, to a zone with a friendly unit
    err = illegal(g, Move("Demosthenes", "T6", "T5"), "4.1")
    assert "move one there first" in err.reason
    do(g, "move AH1 T6→T5", "move Demosthenes T6→T5")
    assert unit_zone(g, "Demosthenes") == "T5"


def test_sfacteria_4_1_leaders_sail_only_from_and_to_zones_with_friendly_triremes():
    g = position({"N7": ["Eurymedon", "AT2"], "N2": ["AT3"], "T6": ["AH1"]})
    g.start_action_phase("Athens", pa=2)
    do(g, "announce 1 PA", "activate N7")
    assert _moves(g, "Eurymedon") == {"N2"}
    do(g, "sail AT2 N7→N4")
    assert _moves(g, "Eurymedon") == {"N2", "N4"}


def test_sfacteria_4_2_transport_carries_one_land_unit_per_trireme_pf():
    g = position({"T5": ["AH1", "AH2", "AP1", "AA1"], "N7": ["-AT6"], "T7": ["AH3"], "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T5")
    ships = [a for a in g.legal_actions() if isinstance(a, Transport) and a.dest == "T7"]
    assert {a.piece for a in ships} == {"AH1", "AH2", "AP1", "AA1"} and all(a.via == ("N7",) for a in ships)
    do(g, "ship AH1 T5→T7 by sea via N7", "ship AH2 T5→T7 by sea via N7", "ship AP1 T5→T7 by sea via N7")
    assert g.state.ferried[g.map.index["N7"]] == 3  # AT6 reduced: 3 PF
    err = illegal(g, Transport("AA1", "T5", "T7", ("N7",)), "4.2")
    assert "room on the ships" in err.reason
    assert "T7" not in _moves(g, "AA1")


def test_sfacteria_4_2_no_transport_through_water_holding_an_enemy_trireme():
    g = position({"T5": ["AH1"], "N7": ["AT1", "ST6"], "T7": ["AH3"], "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T5")
    assert "T7" not in _moves(g, "AH1")
    illegal(g, Transport("AH1", "T5", "T7", ("N7",)), "4.2")


def test_sfacteria_4_2_leaders_ride_free():
    g = position({"T5": ["Demosthenes", "AH1"], "N7": ["-AT6"], "T7": ["AH3", "AH4", "AH6"],
                  "BASE_ATH_LAND": ["AH5"]})
    g.state.ferried[g.map.index["N7"]] = 0
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T5")
    g.state.ferried[g.map.index["N7"]] = 3  # the ships are full
    g._invalidate()
    assert "T7" not in _moves(g, "AH1")
    assert "T7" in _moves(g, "Demosthenes")
    do(g, "ship Demosthenes T5→T7 by sea via N7")
    assert unit_zone(g, "Demosthenes") == "T7"
