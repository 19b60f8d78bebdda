"""Rule 2.2: a leader "alone" in a zone with enemy units is captured. Alone means without combat units of his
side: a second leader is no escort, so two leaders left without their men are captured together
(see CLARIFICATIONS.md, 2.2)."""

from __future__ import annotations

from sfacteria_helpers import do, position, unit_zone


def _attack_t11(pieces_in_t11: list[str]):
    g = position({"T11": pieces_in_t11, "T1": ["AH3", "AH4"], "T8": ["Epitadas", "SH1"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T1", "move AH3 T1→T11", "move AH4 T1→T11", "end movement")
    g.dice.force(6)  # 8 PF against 3 at 2:1, +1 for AH3's star: 0/3 — the reduced SH10 is wiped out
    do(g, "pay 1 PA and fight")
    if g.state.step == "C_reroll":
        do(g, "keep the advantage")
    return g


def test_sfacteria_2_2_two_leaders_without_their_units_are_captured_together():
    g = _attack_t11(["Polemarch", "Styphon", "-SH10"])
    assert unit_zone(g, "SH10") == "ELIM"
    assert unit_zone(g, "Polemarch") == unit_zone(g, "Styphon") == "ELIM"
    assert g.state.leaders_lost == [0, 2]
    captured = [e.data["leader"] for e in g.log if e.kind == "eliminated" and e.rule == "Sfacteria 2.2"]
    assert sorted(captured) == ["Polemarch", "Styphon"]


def test_sfacteria_2_2_a_leader_with_a_unit_of_his_side_is_not_alone():
    g = position({"T11": ["Polemarch", "Styphon", "SH10", "SH6"], "T1": ["AH3"], "T8": ["Epitadas", "SH1"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T1", "move AH3 T1→T11")
    # enemy units in the zone, but the leaders' own units with them: nobody is captured (the battle is to come)
    assert unit_zone(g, "Polemarch") == unit_zone(g, "Styphon") == "T11" and g.state.leaders_lost == [0, 0]
