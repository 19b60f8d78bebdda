"""Rule 3.D and its note: a player with PA may not pass on purpose. The announcement must pay for an activation
open to him, and an action phase activates at least one zone or base before its movement may end
(see CLARIFICATIONS.md, 3.D "No pass on purpose")."""

from __future__ import annotations

from sfacteria_helpers import do, illegal, position

from peloponnesos.games.sfacteria.actions import Activate, AnnouncePA, EndMovement


def test_sfacteria_3_D_an_action_phase_activates_something_before_its_movement_ends():
    g = position({"T6": ["Demosthenes", "AH1"], "BASE_ATH_LAND": ["AH5"], "T8": ["SH1"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 1 PA")
    assert g.legal_actions() == [Activate("T6"), Activate("BASE_ATH_LAND")]  # no "end movement" yet
    err = illegal(g, EndMovement(), "3.D")
    assert "must activate at least one zone or base" in err.reason and "pass on purpose" in err.reason
    do(g, "activate BASE_ATH_LAND")
    assert EndMovement() in g.legal_actions()  # moving is not compulsory: the PA were spent on the activation
    do(g, "end movement")
    assert g.state.pa[0] == 4 and g.state.step != "D_move"


def test_sfacteria_3_D_the_announcement_must_pay_for_the_cheapest_activation():
    g = position({"T6": ["AH1"], "T7": ["AH3"], "T8": ["SH1"]})  # no leader, no base: every activation costs 2 PA
    g.start_action_phase("Athens", pa=3)
    assert g.legal_actions() == [AnnouncePA(4), AnnouncePA(6)]  # 1 PA would buy nothing: a pass in disguise
    err = illegal(g, AnnouncePA(2), "3.D")
    assert "at least 2 PA" in err.reason and "cannot pass on purpose" in err.reason
    do(g, "announce 2 PA", "activate T7", "end movement")
    # the 1 PA left buys no activation: the engine announces it and ends the movement, the only choices
    forced = [e.text for e in g.log if e.kind == "forced"]
    assert forced == ["Athens: announce 1 PA (the only choice).", "Athens: end movement (the only choice)."]


def test_sfacteria_3_D_with_nothing_it_can_activate_a_side_passes_without_being_asked():
    """½ PA left and only a leaderless zone (2 PA): the engine announces the ½ PA and ends the movement, since
    there is no other choice (the rule allows a pass only when nothing can be done)."""
    g = position({"T6": ["AH1"], "T8": ["Epitadas", "SH1"]})
    g.start_action_phase("Athens", pa=0.5, other_pa=1)
    assert g.current_player() == "Sparta" and g.state.pa[0] == 0
    forced = [e.text for e in g.log if e.kind == "forced"]
    assert forced[:2] == ["Athens: announce ½ PA (the only choice).", "Athens: end movement (the only choice)."]
