"""Rule 5 is checked when movement ends ("only after movements"): a zone may hold more than the limit for a while,
as long as units of the side there are still free to move out in the same action phase; movement cannot end
over the limit; a move that nothing can make good is taken back (see CLARIFICATIONS.md, rule 5)."""

from __future__ import annotations

from sfacteria_helpers import do, illegal, position, unit_zone

from peloponnesos.games.sfacteria.actions import EndMovement, Move, Sail
from peloponnesos.games.sfacteria.stacking import violations


def test_sfacteria_5_a_fifth_unit_may_enter_pylos_before_another_leaves():
    """Relieving the garrison: a fresh unit comes into a full Pylos, then a tired one leaves."""
    g = position({"T6": ["Demosthenes", "AH1", "AH2", "AP1", "-AA1"], "T5": ["Cleon", "AH3"], "T8": ["SH1"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T6", "activate T5", "move AH3 T5→T6")
    assert unit_zone(g, "AH3") == "T6" and violations(g) == ["Athens has 5 units in T6"]
    assert EndMovement() not in g.legal_actions()
    err = illegal(g, EndMovement(), "5")
    assert "over the stacking limit in T6" in err.reason
    do(g, "move AA1 T6→T5")
    assert violations(g) == [] and EndMovement() in g.legal_actions()
    do(g, "end movement")
    assert unit_zone(g, "AA1") == "T5" and unit_zone(g, "AH3") == "T6"


def test_sfacteria_5_a_zone_takes_no_more_than_its_free_units_can_make_good():
    g = position({"T6": ["Demosthenes", "AH1", "AH2", "AP1", "AA1"], "T5": ["Cleon", "AH3", "AH4"], "T8": ["SH1"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T5")
    err = illegal(g, Move("AH3", "T5", "T6"), "5")  # Pylos not activated: nobody there can leave
    assert err.reason == "at most 4 units per side in T6 — you would have 5."
    do(g, "activate T6", "move AH3 T5→T6", "move AH1 T6→T5")  # one in, one out
    do(g, "move AH4 T5→T6")  # in again: AH2, AP1, AA1 are still free to leave
    do(g, "move AH2 T6→T5", "end movement")
    assert violations(g) == []


def test_sfacteria_5_a_strait_may_hold_more_ships_while_its_own_can_still_sail_out():
    g = position({"N9": ["Sophocles", "AT2", "AT3"], "N6": ["Eurymedon", "AT4"], "T8": ["SH1"], "T6": ["AH1"]})
    g.start_action_phase("Athens", pa=2)
    do(g, "announce 2 PA", "activate N6")
    illegal(g, Sail("AT4", "N6", "N9"), "5")  # N9 holds 20 PF already, none of them free to sail out
    g = position({"N9": ["Sophocles", "AT2", "AT3"], "N6": ["Eurymedon", "AT4"], "T8": ["SH1"], "T6": ["AH1"]})
    g.start_action_phase("Athens", pa=2)
    do(g, "announce 2 PA", "activate N9", "activate N6", "sail AT4 N6→N9")
    assert violations(g) == ["Athens has 30 trireme PF in N9 (limit 20)"]
    illegal(g, EndMovement(), "5")
    do(g, "sail AT3 N9→N6", "end movement")
    assert violations(g) == [] and unit_zone(g, "AT4") == "N9"


def test_sfacteria_5_a_move_that_cannot_be_made_good_is_taken_back_when_movement_ends():
    """Pylos holds 5 after a landing; its free units then have no way out (the enemy in T5 is faced by four
    Athenian units already, the ship in N4 has carried all it can): movement may end, and the landing is undone."""
    g = position({"T6": ["Demosthenes", "AH1", "AH2", "AP1", "AA1"], "T5": ["SH1"], "T4": ["Cleon", "AH3", "AH4",
                  "AH5", "AH6"], "T11": ["Sophocles", "AP2", "AP3", "AP4"], "N4": ["-AT1"], "T8": ["SH2"]})
    g.start_action_phase("Athens", pa=6)
    do(g, "announce 6 PA", "activate T4", "move AH3 T4→T5", "move AH4 T4→T5", "move AH5 T4→T5", "move AH6 T4→T5",
       "activate T6", "activate T11", "ship AP2 T11→T6 by sea via N4")
    assert violations(g) == ["Athens has 5 units in T6"]
    assert EndMovement() not in g.legal_actions()  # AH1 … could still go by sea through N4
    do(g, "ship AP3 T11→T7 by sea via N4")  # the reduced AT1 in N4 (2 PF) has carried all it can
    assert EndMovement() in g.legal_actions()
    do(g, "end movement")
    assert unit_zone(g, "AP2") == "T11" and violations(g) == []
    taken_back = [e for e in g.log if e.kind == "stacking"]
    assert [(e.data["unit"], e.data["zone"], e.rule) for e in taken_back] == [("AP2", "T11", "Sfacteria 5")]
