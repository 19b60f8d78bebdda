"""Rule 5: stacking — 4 units per side in a land zone, leaders free; the straits' PF limit per side."""

from __future__ import annotations

from sfacteria_helpers import do, illegal, position, unit_zone

from peloponnesos.games.sfacteria.actions import Move, Sail
from peloponnesos.games.sfacteria.stacking import violations


def test_sfacteria_5_four_units_per_side_in_a_land_zone_leaders_do_not_count():
    g = position({"T6": ["AH1", "AH2", "AP1", "AA1"], "T5": ["Demosthenes", "AH3"], "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T5")
    err = illegal(g, Move("AH3", "T5", "T6"), "5")
    assert err.reason == "at most 4 units per side in T6 — you would have 5."
    do(g, "move Demosthenes T5→T6")
    assert unit_zone(g, "Demosthenes") == "T6"


def test_sfacteria_5_stacking_is_checked_after_movement_so_units_pass_through_full_zones():
    g = position({"T5": ["AH1", "AH2", "AP1", "AA1"], "BASE_ATH_LAND": ["AH3"]})
    g.start_action_phase("Athens", pa=1)  # the only announcement (1 PA) is made by itself
    do(g, "activate BASE_ATH_LAND")
    assert "T5" not in {a.dest for a in g.legal_actions() if getattr(a, "piece", "") == "AH3"}
    do(g, "move AH3 BASE_ATH_LAND→T6")  # through the full T5
    assert violations(g) == []


def test_sfacteria_5_strait_n9_limit_is_per_side():
    g = position({"N9": ["AT2", "AT3"], "N6": ["ST1", "ST2", "ST6"], "T8": ["SH1"]})
    g.start_action_phase("Sparta", pa=2)
    do(g, "announce 2 PA", "activate N6", "sail ST1 N6→N9", "sail ST2 N6→N9")
    occ_a = sum(g.oob.u_full[g.oob.unit_index[u]] for u in ("AT2", "AT3"))
    assert occ_a == 20  # Athens has 20 PF in N9 and Sparta may still put in 20 of its own
    assert unit_zone(g, "ST2") == "N9"
    err = illegal(g, Sail("ST6", "N6", "N9"), "5")
    assert "at most 20 PF of triremes per side in the strait N9 — you would have 25" in err.reason


def test_sfacteria_5_the_narrow_strait_n8_takes_5_pf_per_side():
    g = position({"N7": ["AT2", "AT1"], "T6": ["AH1"]})
    g.start_action_phase("Athens", pa=2)
    do(g, "announce 2 PA", "activate N7")
    illegal(g, Sail("AT2", "N7", "N8"), "5")
    do(g, "sail AT1 N7→N8")
    assert unit_zone(g, "AT1") == "N8"
