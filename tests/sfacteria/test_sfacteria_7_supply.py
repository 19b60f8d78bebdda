"""Rule 7: supply of Pylos and Sphacteria, Helot runs; 7.1 capitulation; 7.1.1 suspension; 10.1."""

from __future__ import annotations

from sfacteria_helpers import do, position, reduced, unit_zone

from peloponnesos.games.sfacteria import SfacteriaGame


def test_sfacteria_7_supply_marker_falls_when_athenian_ships_alone_hold_both_straits():
    g = position({"N8": ["AT1"], "N9": ["AT2"], "T8": ["SH1"], "T6": ["AH1"]})
    assert g.supply_forecast()["Sparta"]["after"] == 2
    g.start_end_phase(turn=3)
    assert g.state.supply == [3, 2]
    assert any(e.kind == "supply" and e.rule == "Sfacteria 7" and e.data.get("change") == -1 for e in g.log)


def test_sfacteria_7_supply_marker_climbs_back_when_one_strait_is_open():
    g = position({"N8": ["AT1"], "T8": ["SH1"], "T6": ["AH1"]})
    g.set_supply("Sparta", 1)
    g.start_end_phase(turn=3)
    assert g.state.supply == [3, 2]  # N9 is empty: not "only Athenian ships"


def test_sfacteria_7_a_spartan_ship_in_a_strait_keeps_the_island_supplied():
    g = position({"N8": ["AT1"], "N9": ["ST1"], "N5": ["AT2"], "T8": ["SH1"], "T6": ["AH1"]})
    g.set_supply("Sparta", 2)
    g.start_end_phase(turn=3)
    assert g.state.supply[1] == 3


def test_sfacteria_7_pylos_is_cut_off_by_spartan_ships_alone_in_n7_and_n8():
    g = position({"N7": ["ST1"], "N8": ["ST6"], "T6": ["AH1"], "T8": ["SH1"]})
    g.start_end_phase(turn=3)
    assert g.state.supply == [2, 3]


def test_sfacteria_7_helot_runs_even_raises_odd_reduces_then_eliminates():
    g = position({"N8": ["AT1"], "N9": ["AT2"], "T8": ["SH1"], "T6": ["AH1"], "T11": ["SH6", "-SH8"],
                  "T12": ["SH7"]})
    g.set_supply("Sparta", 1)
    g.start_end_phase(turn=3)
    assert g.state.step == "E_helot" and g.current_player() == "Sparta"
    assert {a.unit for a in g.legal_actions() if a.kind == "helot_run"} == {"SH6", "SH7", "SH8"}
    g.dice.force(3)
    do(g, "Helot run with SH6 from T11")
    assert reduced(g, "SH6") and g.state.supply[1] == 1
    g.dice.force(5)
    do(g, "Helot run with SH8 from T11")
    assert unit_zone(g, "SH8") == "ELIM"  # already reduced: eliminated
    g.dice.force(4)
    do(g, "Helot run with SH7 from T12")
    # the even die raised the marker to 2, then the blockade took it back to 1
    assert g.state.supply[1] == 1
    assert [e.data["success"] for e in g.log if e.kind == "helot_run"] == [False, False, True]


def test_sfacteria_7_1_capitulation_eliminates_the_spartans_on_the_island_and_wins_totally():
    g = position({"N8": ["AT1"], "N9": ["AT2"], "T8": ["Epitadas", "SH1", "SH5"], "T10": ["SH3"], "T11": ["SH6"],
                  "T6": ["AH1"]})
    g.set_supply("Sparta", 1)
    g.start_end_phase(turn=3)
    do(g, "no more Helot runs")
    for u in ("SH1", "SH5", "SH3"):
        assert unit_zone(g, u) == "ELIM"
    assert unit_zone(g, "SH6") == "T11"  # on the mainland: not part of the capitulation
    assert unit_zone(g, "Epitadas") == "ELIM"
    r = g.result()
    assert g.is_over() and (r.winner, r.level) == ("Athens", "total")
    assert "10.1" in r.reason


def test_sfacteria_10_1_a_capitulation_of_a_single_unit_is_no_total_victory():
    g = position({"N8": ["AT1"], "N9": ["AT2"], "T8": ["SH5"], "T6": ["AH1"]})
    g.set_supply("Sparta", 1)
    g.start_end_phase(turn=3)
    assert unit_zone(g, "SH5") == "ELIM"
    assert not g.is_over() and g.state.turn == 4
    assert g.state.suspended[1]


def test_sfacteria_7_1_athenian_capitulation_at_pylos():
    g = position({"N7": ["ST1"], "N8": ["ST6"], "T6": ["Demosthenes", "AH1", "AP1"], "T8": ["SH1"]})
    g.set_supply("Athens", 1)
    g.start_end_phase(turn=3, initiative="Sparta")
    assert unit_zone(g, "AH1") == unit_zone(g, "AP1") == unit_zone(g, "Demosthenes") == "ELIM"
    assert (g.result().winner, g.result().level) == ("Sparta", "total")


def test_sfacteria_7_1_1_supply_is_suspended_without_units_and_restarts_at_3():
    g = position({"N7": ["ST1"], "N8": ["ST6"], "T5": ["AH1"], "T8": ["SH1"]})
    g.set_supply("Athens", 1)
    g.start_end_phase(turn=2)
    assert g.state.suspended[0] and g.state.supply[0] == 1  # nobody in Pylos: no check, no capitulation
    g.place("AH1", "T6")
    g.start_end_phase(turn=3)
    assert not g.state.suspended[0]
    assert g.state.supply[0] == 2  # back at 3, then the blockade takes one box


def test_sfacteria_7_the_blockade_lesson_position_steps_through_supply():
    g = SfacteriaGame(seed=11, scenario="blockade")
    assert g.state.turn == 4 and g.state.step == "E_helot"
    forecast = g.supply_forecast()
    assert forecast["Sparta"]["cut_off"] and forecast["Sparta"]["helots_ready"] == ["SH6", "SH7", "SH8", "SH9"]
    do(g, "no more Helot runs")
    assert g.state.supply[1] == 1 and g.state.turn == 5


def test_sfacteria_7_no_helot_run_is_offered_while_the_marker_is_at_3():
    g = position({"N8": ["AT1"], "N9": ["AT2"], "T8": ["SH1"], "T6": ["AH1"], "T11": ["SH6"]})
    g.start_end_phase(turn=3)
    assert not [e for e in g.log if e.kind == "helot_run"]
    assert g.state.supply[1] == 2


def test_sfacteria_7_helot_runs_stop_being_offered_once_the_marker_is_back_at_3():
    """Rule 7 puts no limit on the runs, but a success at 3 could raise nothing (the boxes go from 0 to 3) and a
    failure costs the Helots: such a run is not offered (see CLARIFICATIONS.md, rule 7)."""
    g = position({"N8": ["AT1"], "N9": ["AT2"], "T8": ["SH1"], "T6": ["AH1"], "T11": ["SH6", "SH8"],
                  "T12": ["SH7"]})
    g.set_supply("Sparta", 2)
    g.start_end_phase(turn=3)
    assert {a.unit for a in g.legal_actions() if a.kind == "helot_run"} == {"SH6", "SH7", "SH8"}
    g.dice.force(2)
    do(g, "Helot run with SH6 from T11")  # even: the marker reaches 3
    assert [e.data["supply"] for e in g.log if e.kind == "helot_run"] == [3]
    assert not [e for e in g.log if e.kind == "helot_run" and e.data["unit"] != "SH6"]  # no more runs
    assert g.state.turn == 4 and g.state.supply[1] == 2  # the blockade then took one box back
