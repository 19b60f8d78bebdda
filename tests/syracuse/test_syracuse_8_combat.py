"""Rules 8.1 (combat determination), 8.2 (skirmish), 8.4 (step results), 8.4.1 and 10.4.3 (leaders), 8.5 (rally
at the end of the turn), 10.6 (night in a skirmish) and 10.7 (cavalry retreat before combat)."""

from __future__ import annotations

from syracuse_helpers import do, illegal, log_kinds, position, status, steps, texts, where

from peloponnesos.games.syracuse import leaders, rally
from peloponnesos.games.syracuse import steps as step_rules


def _to_combat(pieces, *, leader_moves=(), moves=("move A-H1 to L-3",), roll=9, ml=(7, 6), **kw):
    """Athens moves from L-1 into the Syracusans in L-3 (a leader's area, or up to ``roll`` units activated)."""
    g = position(pieces, ml=ml, **kw)
    g.dice.force(roll)
    g.start_impulse("Athens")
    if g.state.step == "activate_units":
        for name in pieces["L-1"]:
            if f"activate {name}" in texts(g):
                do(g, f"activate {name}")
        if g.state.step == "activate_units":
            do(g, "activate no more units")
    do(g, *moves, *leader_moves, "end movement")
    if g.state.step == "react":
        do(g, "no more reactions")
    return g


def test_syracuse_8_1_the_attacker_chooses_day_or_night_then_both_say_if_they_want_a_pitched_battle():
    g = _to_combat({"L-1": ["A-H1", "Lamachus"], "L-3": ["S-H1", "Gylippus"]}, leader_moves=["move Lamachus to L-3"])
    assert g.state.step == "time" and g.current_player() == "Athens"
    do(g, "fight by day")
    assert g.state.step == "want" and g.current_player() == "Athens"
    do(g, "ask for a pitched battle")
    assert g.current_player() == "Syracuse"
    do(g, "no pitched battle")
    assert [e.data["wants"] for e in log_kinds(g, "want_battle")] == [True, False]


def test_syracuse_8_1_when_both_want_it_the_units_go_to_the_battle_board_and_come_back_after():
    g = _to_combat({"L-1": ["A-H1", "Lamachus"], "L-3": ["S-H1", "S-H2", "Gylippus"]},
                   leader_moves=["move Lamachus to L-3"])
    do(g, "fight by day", "ask for a pitched battle", "ask for a pitched battle")
    b = g.state.battle
    assert b is not None and g.state.step == "battle" and g.current_player() == "Syracuse"  # the defender sets up
    assert b["pending"] == [[g.unit_named("A-H1")], [g.unit_named("S-H1"), g.unit_named("S-H2")]]
    for _ in range(3000):
        if g.state.battle is None:
            break
        a = g.legal_actions()
        g.apply(next((x for x in a if x.kind in ("deploy_rest", "end_phase", "halt")), a[0]))
    assert g.state.battle is None and g.state.last_combat["kind"] == "pitched battle"
    assert g.state.phase == "operations" and g.state.step != "battle"


def test_syracuse_8_1_one_side_wanting_it_rolls_against_its_ml_with_leader_ratings_and_night():
    g = _to_combat({"L-1": ["A-H1", "Lamachus"], "L-3": ["S-H1", "Gylippus"]}, leader_moves=["move Lamachus to L-3"],
                   ml=(6, 6))
    do(g, "fight by night", "ask for a pitched battle")
    g.dice.force(8)
    do(g, "no pitched battle")
    check = log_kinds(g, "battle_check")[0]
    assert check.data["modified"] == 8 - 2 + 2 - 2 and check.data["pitched"] is True  # -Lamachus +Gylippus -night


def test_syracuse_8_1_only_a_side_with_a_leader_present_is_asked():
    g = _to_combat({"L-1": ["A-H1"], "L-3": ["S-H1", "Gylippus"]})
    do(g, "fight by day")
    assert g.state.step == "want" and g.current_player() == "Syracuse"
    do(g, "no pitched battle")
    assert g.state.step in ("skirmish", "lineup") and g.state.skirmish is not None


def test_syracuse_8_1_with_no_leader_the_combat_is_a_skirmish():
    g = _to_combat({"L-1": ["A-H1"], "L-3": ["S-H1"]})
    do(g, "fight by day")
    assert g.state.skirmish is not None and not log_kinds(g, "want_battle")


def test_syracuse_8_1_there_is_no_night_combat_at_sea():
    g = position({"S-2": ["A-N1"], "S-1": ["S-N1"]})
    g.dice.force(1)
    g.start_impulse("Athens", "naval")
    do(g, "activate A-N1", "sail A-N1 to S-1", "end movement")
    if g.state.step == "react":
        do(g, "no more reactions")
    assert g.state.skirmish is not None and not g.state.skirmish["night"]


def test_syracuse_10_2_wall_builders_stay_out_of_a_skirmish_unless_called():
    g = _to_combat({"L-1": ["A-H1"], "L-3": ["S-H1", "S-H2"]})
    g.state.task[g.unit_named("S-H2")] = 1
    g.state.wip[g.map.index["L-3"]][1] = True
    do(g, "fight by day")
    assert g.state.step == "builders" and g.current_player() == "Syracuse"
    do(g, "keep the builders at the wall")
    assert g.state.skirmish["units"][1] == [g.unit_named("S-H1")]


def test_syracuse_8_2_the_defender_acts_first_and_a_hit_disrupts_then_routs():
    g = _to_combat({"L-1": ["A-H1"], "L-3": ["S-H1"]}, ml=(7, 6), walls={"L-10": (1, 0)})
    do(g, "fight by day")
    assert g.state.step == "skirmish" and g.current_player() == "Syracuse"
    g.dice.force(2)
    do(g, "S-H1 attacks A-H1 (assault)")
    assert status(g, "A-H1") == "disrupted"
    g.dice.force(6)
    do(g, "A-H1 attacks S-H1 (assault)")  # 6 > 5: no effect
    g.dice.force(1, 3)  # a hit on a Disrupted unit: Routed; the rout check 3 <= ML 7
    do(g, "S-H1 attacks A-H1 (assault)")
    assert status(g, "A-H1") == "routed" and g.state.skirmish is None
    assert where(g, "A-H1") == "L-10"  # the only Athenian wall free of enemies


def test_syracuse_8_2_a_routed_unit_failing_its_check_is_eliminated_and_sicels_add_1():
    g = _to_combat({"L-1": ["A-H1"], "L-3": ["~SIC1@Syracuse"]}, ml=(7, 6), walls={"L-10": (1, 0)})
    do(g, "fight by day")
    g.dice.force(6)
    do(g, "SIC1 attacks A-H1 (assault)")  # 6 > 2: no effect
    g.dice.force(1, 6)  # a hit on the Disrupted Sicel: Routed; the rout check 6 + 1 = 7 > ML 6
    do(g, "A-H1 attacks SIC1 (assault)")
    assert where(g, "SIC1") == "POOL" and g.state.uside[g.unit_named("SIC1")] == -1
    rout = log_kinds(g, "rout")[0]
    assert rout.data["modified"] == 7 and rout.data["escaped"] is False


def test_syracuse_8_2_the_bigger_side_may_hold_back_and_gang_up_the_smaller_faces_one_to_one():
    g = _to_combat({"L-1": ["A-H1", "A-H2", "A-H3"], "L-3": ["S-H1", "S-H2"]},
                   moves=("move everything that can from L-1 to L-3",))
    do(g, "fight by day")
    assert g.state.step == "lineup" and g.current_player() == "Athens"  # the side with more units
    assert "hold A-H1 back" in texts(g)
    do(g, "line up A-H1 against S-H1", "line up A-H2 against S-H1", "hold A-H3 back")
    sk = g.state.skirmish
    assert sk["reserve"][0] == [g.unit_named("A-H3")]
    assert g.current_player() == "Syracuse"
    assert "S-H1 attacks A-H3 (assault)" not in texts(g)  # held back units cannot be attacked
    assert "S-H2 attacks A-H1 (assault)" in texts(g)  # S-H2 has nobody opposite: any unit in the line


def test_syracuse_8_2_equal_sides_line_up_one_to_one():
    g = _to_combat({"L-1": ["A-H1", "A-H2"], "L-3": ["S-H1", "S-H2"]},
                   moves=("move everything that can from L-1 to L-3",))
    do(g, "fight by day")
    assert "hold A-H1 back" not in texts(g)  # equal sides: everybody lines up
    do(g, "line up A-H1 against S-H2")
    sk = g.state.skirmish  # the last pairing is forced
    assert sk["facing"] == {g.unit_named("A-H1"): g.unit_named("S-H2"), g.unit_named("A-H2"): g.unit_named("S-H1")}


def test_syracuse_8_2_fleeing_is_a_d10_against_the_ml_and_a_leader_escapes_without_one():
    g = _to_combat({"L-1": ["A-H1", "A-H2"], "L-3": ["S-H1", "S-H2", "Hermocrates"]},
                   moves=("move everything that can from L-1 to L-3",), ml=(7, 6), walls={"L-10": (1, 0)})
    do(g, "fight by day", "no pitched battle", "stack Hermocrates with S-H2", "line up the rest one against one")
    assert g.state.step == "skirmish" and g.current_player() == "Syracuse"
    do(g, "S-H2 tries to flee")
    assert where(g, "S-H2") == "L-7" and where(g, "Hermocrates") == "L-7"  # no roll with a leader
    g.dice.force(6)
    do(g, "A-H1 attacks S-H1 (assault)")  # 6 > 5: no effect
    g.dice.force(6)
    do(g, "S-H1 tries to flee")  # 6 + 1 (hoplite) = 7 > ML 6
    assert where(g, "S-H1") == "L-3"
    g.dice.force(6)
    do(g, "A-H2 attacks S-H1 (assault)")
    g.dice.force(5)
    do(g, "S-H1 tries to flee")  # a unit acts again once all its side's units have acted: 5 + 1 = 6
    assert where(g, "S-H1") == "L-7" and g.state.skirmish is None


def test_syracuse_8_2_with_no_refuge_an_athenian_unit_cannot_flee():
    g = _to_combat({"L-1": ["A-LI1"], "L-3": ["S-H1"]}, moves=("move A-LI1 to L-3",))
    do(g, "fight by day")
    g.dice.force(6)
    do(g, "S-H1 attacks A-LI1 (assault)")
    assert texts(g) == ["A-LI1 attacks S-H1 (fire)", "A-LI1 attacks S-H1 (assault)"]  # no Athenian wall anywhere
    illegal(g, "A-LI1 tries to flee", "8.2")


def test_syracuse_10_7_cavalry_attacked_by_foot_may_ride_clear_in_a_skirmish():
    g = _to_combat({"L-1": ["A-H1"], "L-3": ["S-C1"]}, ml=(7, 6), walls={"L-10": (1, 0)})
    do(g, "fight by day")
    g.dice.force(6)
    do(g, "S-C1 attacks A-H1 (fire)")
    do(g, "A-H1 attacks S-C1 (assault)")
    assert g.state.step == "cav_retreat" and g.current_player() == "Syracuse"
    g.dice.force(4)
    do(g, "try to retreat before the attack")
    assert status(g, "S-C1") == "normal" and log_kinds(g, "cavalry_retreat")
    g = _to_combat({"L-1": ["A-H1"], "L-3": ["S-C1"]}, ml=(7, 6), walls={"L-10": (1, 0)})
    do(g, "fight by day")
    g.dice.force(6)
    do(g, "S-C1 attacks A-H1 (fire)", "A-H1 attacks S-C1 (assault)")
    g.dice.force(10, 6)  # a 10: Disrupted first, then the attack is resolved (6 > 5: a miss)
    do(g, "try to retreat before the attack")
    assert status(g, "S-C1") == "disrupted"


def test_syracuse_10_6_night_makes_skirmish_attacks_harder_and_flight_easier():
    g = _to_combat({"L-1": ["A-H1"], "L-3": ["S-H1"]})
    do(g, "fight by night")
    from peloponnesos.games.syracuse import skirmish

    parts = dict(skirmish.attack_modifiers(g, g.unit_named("S-H1"), g.unit_named("A-H1")))
    assert parts["night"] == 1
    assert dict(skirmish.flee_modifiers(g, g.unit_named("S-H1")))["night"] == -2


def test_syracuse_8_4_hoplites_lose_a_cf_a_step_and_flip_after_two():
    g = position({"L-1": ["A-H1", "A-LI1", "A-AR1", "SIC1@Athens"]})
    u = g.unit_named("A-H1")
    step_rules.lose_steps(g, u, 2, "8.4", "test")
    from peloponnesos.games.syracuse.pieces import assault_cf, face

    assert steps(g, "A-H1") == 3 and assault_cf(g, u) == 3 and face(g, u) == "reduced"
    step_rules.lose_steps(g, g.unit_named("A-LI1"), 1, "8.4", "test")
    assert face(g, g.unit_named("A-LI1")) == "reduced"
    step_rules.lose_steps(g, g.unit_named("A-AR1"), 1, "8.4", "test")
    step_rules.lose_steps(g, g.unit_named("SIC1"), 1, "8.4", "test")
    assert where(g, "A-AR1") == "ELIM" and where(g, "SIC1") == "POOL"  # a Sicel goes back into the container
    assert g.state.uside[g.unit_named("SIC1")] == -1


def test_syracuse_8_4_a_lost_ship_takes_its_troops_and_leaders_with_it():
    g = position({"S-1": ["A-N1", "A-N1>A-H1", "A-N1>A-LI1"]})
    g.place("Nicias", "S-1", aboard="A-N1")
    step_rules.lose_steps(g, g.unit_named("A-N1"), 2, "8.3.4", "rammed")
    assert where(g, "A-H1") == "ELIM" and where(g, "Nicias") == "ELIM"


def test_syracuse_10_4_3_a_six_reduces_a_leader_a_second_removes_him_and_the_ml_falls_next_turn():
    g = position({"L-1": ["A-H1", "Lamachus"]})
    j = g.leader_named("Lamachus")
    g.dice.force(5)
    leaders.loss_check(g, [j], "test")
    assert not g.state.lred[j]
    g.dice.force(6)
    leaders.loss_check(g, [j], "test")
    assert g.state.lred[j] and g.state.notes[0]["leader_lost"] == 1
    g.dice.force(6)
    leaders.loss_check(g, [j], "test")
    assert where(g, "Lamachus") == "ELIM" and g.state.notes[0]["leader_lost"] == 2


def test_syracuse_8_5_at_the_end_of_the_turn_disrupted_units_recover_and_routed_units_roll():
    g = position({"L-10": ["A-N1", "~A-H1", "!A-H2", "!A-H3", "!A-H4", "!A-H5"], "L-7": ["S-H1"]}, ml=(6, 6),
                 walls={"L-10": (1, 0)})
    g.dice.force(1, 5, 7, 10)
    for u in ("A-H2", "A-H3", "A-H4", "A-H5"):
        g.state.status[g.unit_named(u)] = 2
    g.dice.force(1, 5, 7, 10)
    rally.admin_rally(g)
    assert [status(g, u) for u in ("A-H1", "A-H2", "A-H3", "A-H4")] == ["normal", "normal", "disrupted", "routed"]
    assert where(g, "A-H5") == "ELIM"


def test_syracuse_8_5_a_leader_helps_and_being_cut_off_hurts_the_rally():
    g = position({"L-1": ["!A-H1", "Lamachus"], "L-7": ["S-H1"]}, ml=(6, 6))
    g.dice.force(6)
    rally.admin_rally(g)
    assert status(g, "A-H1") == "disrupted"  # 6 - 2 (Lamachus) + 2 (no supply line for Athens) = 6
    g = position({"L-1": ["!A-H1"], "L-7": ["S-H1"]}, ml=(6, 6))
    g.dice.force(6)
    rally.admin_rally(g)
    assert status(g, "A-H1") == "routed"  # 6 + 2 = 8


def test_syracuse_8_2_a_skirmish_nobody_can_win_stops_after_ten_rounds():
    g = _to_combat({"L-1": ["A-H1"], "L-3": ["S-C1"]}, ml=(7, 6), walls={"L-10": (1, 0)})
    do(g, "fight by day")
    for _ in range(100):
        if g.state.skirmish is None:
            break
        if g.state.step == "cav_retreat":
            g.dice.force(1)  # the horsemen ride clear every time
            do(g, "try to retreat before the attack")
        elif g.current_player() == "Syracuse":
            g.dice.force(6)  # and always miss
            do(g, "S-C1 attacks A-H1 (fire)")
        else:
            do(g, "A-H1 attacks S-C1 (assault)")
    assert g.state.skirmish is None and where(g, "S-C1") == "L-3" and where(g, "A-H1") == "L-3"
    assert log_kinds(g, "skirmish_end")[-1].data["winner"] is None
