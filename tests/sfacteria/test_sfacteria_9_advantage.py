"""Rule 9: the advantage — its five uses, and how it passes to the other side."""

from __future__ import annotations

from sfacteria_helpers import do, illegal, position, reduced, unit_zone

from peloponnesos.games.sfacteria.actions import UseAdvantage


def _turn_with_rolls(g, athens, sparta):
    g.dice.force(athens, sparta)
    g.start_turn(2)


def test_sfacteria_9_two_more_pa_without_changing_the_initiative():
    g = position({"T6": ["AH1"], "T8": ["SH1"]})
    _turn_with_rolls(g, (1, 2), (4, 4))  # Athens 3 → 2 PA, Sparta 8 → 4 PA
    assert g.state.step == "B_adv" and g.current_player() == "Athens"
    do(g, "use the advantage: +2 PA")
    assert g.state.pa[0] == 8 and g.state.initiative == 1
    assert g.state.adv == 1
    assert g.observation(None)["advantage"] == {"holder": "Sparta", "usable": True}  # phase D has begun


def test_sfacteria_9_swap_the_initiative():
    g = position({"T6": ["AH1"], "T8": ["SH1"]})
    _turn_with_rolls(g, (1, 2), (4, 4))
    do(g, "use the advantage: swap the initiative")
    assert g.state.initiative == 0 and g.state.active == 0 and g.current_player() == "Athens"


def test_sfacteria_9_reroll_a_combat_die_then_the_advantage_passes_and_waits_a_phase():
    g = position({"T8": ["SH2"], "T10": ["SH3"], "T9": ["AH4", "AH6", "AH3", "AA2"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T9", "move AH4 T9→T8", "move AH6 T9→T8", "move AH3 T9→T10",
       "move AA2 T9→T10", "pay 1 PA and fight")
    assert g.state.step == "D_attack"
    g.dice.force(1)
    do(g, "attack in T8")
    assert g.state.step == "C_reroll" and g.state.combat["die"] == 1
    g.dice.force(6)
    do(g, "use the advantage: roll again")
    assert g.state.adv == 1
    battles = [e for e in g.log if e.kind == "battle" and "die" in e.data]
    assert [(e.data["zone"], e.data["die"]) for e in battles][:1] == [("T8", 6)]
    # the second battle, in the same action phase: Sparta may not use the advantage before the next phase
    assert [e.data["zone"] for e in battles][1:2] == ["T10"]
    assert len(g.log.of_kind("advantage")) == 1


def test_sfacteria_9_recover_a_unit_or_bring_back_a_leader_at_the_start_of_an_action_phase():
    g = position({"T6": ["-AH1", "AP1"], "T8": ["SH1"]})
    g.place("Demosthenes", "ELIM")
    g.start_action_phase("Athens", pa=2)
    assert UseAdvantage("recover_unit", "AH1") in g.legal_actions()
    assert UseAdvantage("return_leader", "Demosthenes") in g.legal_actions()
    do(g, "use the advantage: bring back Demosthenes")
    assert unit_zone(g, "Demosthenes") == "BASE_ATH_LAND"
    illegal(g, UseAdvantage("recover_unit", "AH1"), "9")
    assert reduced(g, "AH1")
