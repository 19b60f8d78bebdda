"""Rules 6.1–6.4: impulse determination, declaring and passing, activation and re-activation, reaction moves."""

from __future__ import annotations

from syracuse_helpers import do, illegal, position, status, texts, where

from peloponnesos.games.syracuse import impulses


def test_syracuse_6_1_each_side_adds_its_il_minus_the_others_and_is_held_to_1_to_5():
    g = position({}, il=(7, 6))
    g.dice.force(3, 3)
    impulses.impulse_roll(g)
    assert g.state.ops == [4, 2]  # the example in 6.1: +1 for the higher IL, -1 for the lower
    g.state.il = [10, 1]
    g.dice.force(6, 6)
    impulses.impulse_roll(g)
    assert g.state.ops == [5, 1]  # capped at 5, at least 1 (6.1.1)


def test_syracuse_6_1_2_back_to_back_passes_end_the_phase():
    g = position({"L-10": ["A-H1"], "L-7": ["S-H1"]})
    g.dice.force(1)
    g.start_impulse("Athens", ops=5, other_ops=1)
    do(g, "activate no more units")
    assert g.state.step == "declare" and g.current_player() == "Syracuse"
    do(g, "pass")
    assert g.current_player() == "Athens" and g.state.phase == "operations"
    do(g, "pass")
    assert g.state.phase != "operations"  # the turn's operations are over: Syracuse never used its impulse


def test_syracuse_6_1_2_using_the_last_impulse_ends_the_phase():
    g = position({"L-10": ["A-H1"], "L-7": ["S-H1"]})
    g.dice.force(1)
    g.start_impulse("Athens", ops=5, other_ops=1)
    do(g, "activate no more units")
    g.dice.force(1)
    do(g, "declare a ground impulse")
    assert g.state.ops[1] == 0
    while g.state.phase == "operations" and g.current_player() == "Syracuse":
        g.apply(g.legal_actions()[-1])
    assert g.state.phase != "operations"


def test_syracuse_6_2_an_odd_roll_activates_one_leaders_area():
    g = position({"L-10": ["A-H1", "A-H2", "Nicias"], "L-3": ["A-H3", "Lamachus"]})
    g.dice.force(3)
    g.start_impulse("Athens")
    assert texts(g) == ["activate L-3", "activate L-10"]
    do(g, "activate L-10")
    st = g.state
    assert st.active[g.unit_named("A-H1")] and not st.active[g.unit_named("A-H3")]
    assert st.mpb[g.unit_named("A-H1")] == 2  # rule 7.1: +2 MP with a leader at the start of its activation


def test_syracuse_6_2_an_even_roll_brings_in_the_leaders_next_to_the_area():
    g = position({"L-10": ["A-H1", "Nicias"], "L-3": ["A-H3", "Lamachus"], "L-18": ["A-H4", "Demosthenes"]})
    g.dice.force(4)
    g.start_impulse("Athens")
    assert "activate L-10 and the leaders next to it" in texts(g)
    do(g, "activate L-10 and the leaders next to it")
    st = g.state
    assert st.active[g.unit_named("A-H3")] and not st.active[g.unit_named("A-H4")]
    assert st.lused[g.leader_named("Lamachus")] and not st.lused[g.leader_named("Demosthenes")]


def test_syracuse_6_2_with_no_leader_left_the_roll_says_how_many_units():
    g = position({"L-10": ["A-H1", "A-H2", "A-H3"]})
    g.dice.force(2)
    g.start_impulse("Athens")
    assert g.state.step == "activate_units" and g.state.ctx["left"] == 2
    do(g, "activate A-H1", "activate A-H2")
    assert g.state.step == "move"
    illegal(g, "move A-H3 to L-1", "6.2")


def test_syracuse_6_3_reactivation_needs_a_roll_under_the_ml_and_a_10_disrupts():
    g = position({"L-10": ["A-H1", "A-H2", "A-H3"]}, ml=(6, 6))
    st = g.state
    for u in ("A-H1", "A-H2", "A-H3"):
        st.used[g.unit_named(u)] = 1
    g.dice.force(3, 5, 6, 10)
    g.start_impulse("Athens")
    do(g, "activate A-H1", "activate A-H2", "activate A-H3")
    assert st.active[g.unit_named("A-H1")]  # 5 < 6
    assert not st.active[g.unit_named("A-H2")]  # 6 is not below 6
    assert not st.active[g.unit_named("A-H3")] and status(g, "A-H3") == "disrupted"


def test_syracuse_6_3_a_disrupted_unit_cannot_activate_again():
    g = position({"L-10": ["~A-H1", "A-H2"]})
    g.state.used[g.unit_named("A-H1")] = 1
    g.dice.force(2)
    g.start_impulse("Athens")
    assert "activate A-H1" not in texts(g)
    illegal(g, "activate A-H1", "6.3")


def _react_position(roll, il=5, extra=()):
    g = position({"L-1": ["A-H1", "A-H2", "Nicias"], "L-10": ["S-LI1", *extra]}, il=(5, il))
    g.dice.force(1)
    g.start_impulse("Athens")
    do(g, "move A-H1 to L-10", "end movement")
    g.dice.force(roll)
    return g


def test_syracuse_6_4_a_roll_under_the_il_moves_the_unit_its_full_allowance():
    g = _react_position(3)
    assert g.current_player() == "Syracuse" and texts(g) == ["try to react with S-LI1", "no more reactions"]
    do(g, "try to react with S-LI1")
    assert g.state.ctx["limit"] == "full"
    assert "react: move S-LI1 to L-2" in texts(g)  # two areas away: L-10 → L-3 → L-2
    do(g, "react: move S-LI1 to L-2")
    assert where(g, "S-LI1") == "L-2"
    assert g.state.used[g.unit_named("S-LI1")] == 0  # 6.4.1: not marked as activated


def test_syracuse_6_4_a_roll_equal_to_the_il_moves_one_area():
    g = _react_position(5)
    do(g, "try to react with S-LI1")
    assert g.state.ctx["limit"] == "one"
    assert "react: move S-LI1 to L-2" not in texts(g) and "react: move S-LI1 to L-3" in texts(g)


def test_syracuse_6_4_a_roll_over_the_il_stops_it_and_a_10_disrupts():
    g = _react_position(7)
    do(g, "try to react with S-LI1")
    assert where(g, "S-LI1") == "L-10" and g.state.step != "react_move"
    g = _react_position(10, il=10)
    do(g, "try to react with S-LI1")
    assert status(g, "S-LI1") == "disrupted"


def test_syracuse_6_4_syracusan_cavalry_superiority_helps_the_reaction():
    g = _react_position(5, extra=("S-C1",))
    do(g, "try to react with S-LI1")
    assert g.state.ctx["limit"] == "full"  # 5 - 1 = 4 < IL 5


def test_syracuse_6_4_1_the_active_player_never_reacts_nor_do_leaders():
    g = _react_position(3, extra=("Hermocrates",))
    assert g.current_player() == "Syracuse"
    assert all("A-H" not in t and "Hermocrates" not in t for t in texts(g))
