"""Rule 7.1.1 at once: the check is suspended as soon as the last land unit leaves Pylos (or Sphacteria), and it
starts again with the marker at 3 as soon as one is back, within the turn (see CLARIFICATIONS.md, 7.1.1)."""

from __future__ import annotations

from sfacteria_helpers import do, position, unit_zone


def test_sfacteria_7_1_1_a_garrison_that_leaves_pylos_and_comes_back_restarts_its_check_at_3():
    g = position({"T6": ["Demosthenes", "AH1"], "T5": ["Cleon", "AH3"], "N7": ["ST1"], "N8": ["ST6"],
                  "T8": ["SH1"]})
    g.set_supply("Athens", 1)
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T6", "move AH1 T6→T5")
    assert g.state.suspended[0] and g.state.supply[0] == 1  # Pylos is empty: suspended at once
    do(g, "activate T5", "move AH3 T5→T6")
    assert not g.state.suspended[0] and g.state.supply[0] == 3  # back in: the marker goes to 3 in the same turn
    lines = [(e.data["suspended"], e.data["supply"], e.rule) for e in g.log if e.kind == "supply_suspended"]
    assert lines == [(True, 1, "Sfacteria 7.1.1"), (False, 3, "Sfacteria 7.1.1")]
    do(g, "end movement")  # nobody has PA left: the turn ends
    assert g.state.turn == 2
    assert g.state.supply[0] == 2  # the blockade (N7 and N8 Spartan) took one box at the end of the turn


def test_sfacteria_7_1_1_a_garrison_wiped_out_in_battle_is_suspended_at_once():
    g = position({"T7": ["AH3", "AH4", "AA2"], "T8": ["SH5"], "T6": ["AH1"]})
    g.set_supply("Sparta", 1)
    g.start_action_phase("Athens", pa=5, turn=4)  # 2 PA are left after the battle: the turn goes on
    do(g, "announce 3 PA", "activate T7", "move AH3 T7→T8", "move AH4 T7→T8", "end movement")
    g.dice.force(6)  # 8 PF against 2 at 4:1, +1 for AH3's star: 0/3, the Helots are wiped out
    do(g, "pay 1 PA and fight")
    if g.state.step == "C_reroll":
        do(g, "keep the advantage")
    assert unit_zone(g, "SH5") == "ELIM" and g.state.phase == "D"
    assert g.state.suspended[1] and g.state.supply[1] == 1  # nobody left on the island: no capitulation to come
    assert [e.data["suspended"] for e in g.log if e.kind == "supply_suspended"] == [True]
