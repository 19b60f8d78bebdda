"""Rules 6.5 (the battle round), 7.3 (movement on the board), 7.3.1 (stopping next to the enemy), 7.3.2
(stacking), 8.3.1 (fire), 8.3.2 (assault), 8.3.3 (naval assault), 8.3.4 (ramming), 8.4 (steps), 8.5 (rally on
the board), 10.6 (night) and 10.7 (cavalry retreat) on the tactical battle board, and the way back to the map."""

from __future__ import annotations

import pytest
from syracuse_helpers import arrange, battle, do, illegal, log_kinds, square, status, steps, texts, where

from peloponnesos import load_game
from peloponnesos.games.syracuse.battle import sequence
from peloponnesos.games.syracuse.battle.board import grid

LINE = {"Athens": ["A-H1", "A-H2", "A-P1", "A-AR1"], "Syracuse": ["S-H1", "S-H2", "S-C1"]}


def test_syracuse_6_5_a_round_has_the_eleven_phases_in_order():
    assert sequence.phases(0) == [("move", 0), ("fire", 1), ("cavalry", 1), ("fire", 0), ("assault", 0),
                                  ("rally", 0), ("move", 1), ("fire", 0), ("cavalry", 0), ("fire", 1),
                                  ("assault", 1), ("rally", 1), ("end", -1)]


def test_syracuse_8_1_the_defender_sets_up_first_on_row_11_then_the_attacker_on_row_1():
    g = battle(LINE, deploy=False)
    assert g.current_player() == "Syracuse" and g.state.battle["rows"] == [11]
    assert all(t.endswith("11") for t in texts(g) if t.startswith("set up S-"))
    do(g, "set up S-H1 in D11")
    illegal(g, "set up S-H2 in D5", "8.1")
    do(g, "set up the rest from left to right")
    assert g.current_player() == "Athens" and g.state.battle["rows"] == [1]
    do(g, "set up the rest from left to right")
    b = g.state.battle
    assert b["phase"] == "move" and b["round"] == 1
    assert {b["face"][u] for u in b["units"][0]} == {0} and {b["face"][u] for u in b["units"][1]} == {2}


def test_syracuse_10_6_at_night_the_attacker_sets_up_up_to_a_d10_and_the_rolls_shift_the_odds():
    from syracuse_helpers import position

    def night_battle(*rolls):
        g = position({"L-1": LINE["Athens"] + LINE["Syracuse"]}, ml=(7, 7))
        g.state.active_side = 0
        g.state.step, g.state.agenda = "", [("battle_over",)]
        g.dice.force(*rolls)
        sequence.start(g, g.map.index["L-1"], 0, True)
        return g

    g = night_battle(3, 8, 6)  # Athens 3 <= ML 7: a shift; Syracuse 8 > 7; then the attacker's rows: up to 6
    b = g.state.battle
    assert b["shift"] == [1, 0] and b["drm"] == [0, 0]
    do(g, "set up the rest from left to right")
    assert g.current_player() == "Athens" and g.state.battle["rows"] == [1, 2, 3, 4, 5, 6]
    g = night_battle(1, 1)  # both succeed and both roll a natural 1: everything cancels out
    assert g.state.battle["shift"] == [0, 0] and g.state.battle["drm"] == [0, 0]
    g = night_battle(1, 9)
    assert g.state.battle["shift"] == [1, 0] and g.state.battle["drm"] == [1, 0]


def test_syracuse_7_3_moving_straight_ahead_and_turning_cost_1_mp_each():
    g = battle(LINE)
    arrange(g, {"A-H1": "D2N", "A-H2": "H1N", "A-P1": "A1N", "A-AR1": "B1N", "S-H1": "D10S", "S-H2": "E11S",
                "S-C1": "H11S"})
    assert "advance A-H1" in texts(g) and "turn A-H1 to face E" in texts(g)
    assert not any("diagonal" in t for t in texts(g))
    do(g, "turn A-H1 to face E", "advance A-H1", "advance A-H1")  # 3 MP: a hoplite's allowance
    assert square(g, "A-H1") == "F2" and g.state.battle["moving"] == -1
    assert not any(t.startswith(("advance A-H1", "turn A-H1")) for t in texts(g))  # its move is over


def test_syracuse_7_3_a_leader_moves_a_stack_together():
    g = battle({"Athens": ["A-H1", "A-H2", "Lamachus"], "Syracuse": ["S-H1"]})
    arrange(g, {"A-H1": "D2N", "A-H2": "D2N", "S-H1": "D10S"})
    g.state.battle["leaders"] = {g.leader_named("Lamachus"): g.unit_named("A-H1")}
    do(g, "advance A-H1 with its stack")
    assert square(g, "A-H1") == square(g, "A-H2") == "D3"


def test_syracuse_7_3_2_two_units_a_square_cavalry_with_cavalry_never_with_the_enemy():
    g = battle({"Athens": ["A-H1", "A-H2", "A-H3", "A-C1"], "Syracuse": ["S-H1"]})
    arrange(g, {"A-H1": "D3N", "A-H2": "D3N", "A-H3": "D2N", "A-C1": "E3W", "S-H1": "D10S"})
    assert "advance A-H3" not in texts(g)  # D3 is full
    assert "advance A-C1" not in texts(g)  # cavalry never stacks with infantry
    illegal(g, "advance A-H3", "7.3")


def test_syracuse_7_3_1_a_unit_entering_a_square_next_to_the_enemy_stops_unless_it_passes_a_check():
    g = battle({"Athens": ["A-H1", "A-H2"], "Syracuse": ["S-H1"]}, ml=(6, 6))
    arrange(g, {"A-H1": "D7N", "A-H2": "A1N", "S-H1": "D9S"})
    do(g, "advance A-H1")  # D8: next to S-H1 in D9
    g.dice.force(7)
    do(g, "turn A-H1 to face E")  # 7 > ML 6: it stays facing N and its move is over
    assert g.state.battle["face"][g.unit_named("A-H1")] == 0 and g.state.battle["moving"] == -1
    assert log_kinds(g, "battle_check")[-1].data["success"] is False
    g = battle({"Athens": ["A-H1", "A-H2"], "Syracuse": ["S-H1"]}, ml=(6, 6))
    arrange(g, {"A-H1": "D7N", "A-H2": "A1N", "S-H1": "D9S"})
    do(g, "advance A-H1")
    g.dice.force(6)
    do(g, "turn A-H1 to face E", "advance A-H1")  # one check passed for the square: it may turn and go on
    assert square(g, "A-H1") == "E8"


def test_syracuse_7_3_1_a_leader_and_cavalry_facing_no_cavalry_help_the_check():
    from peloponnesos.games.syracuse.battle import movement

    g = battle({"Athens": ["A-C1", "Lamachus"], "Syracuse": ["S-H1"]}, ml=(6, 6))
    arrange(g, {"A-C1": "D8N", "S-H1": "D9S"})
    b = g.state.battle
    b["leaders"] = {g.leader_named("Lamachus"): g.unit_named("A-C1")}
    g.dice.force(9)
    assert movement.check(g, b, g.unit_named("A-C1"))  # 9 - 2 (Lamachus) - 1 (no enemy cavalry) = 6


def test_syracuse_8_3_1_fire_reaches_the_range_straight_ahead_and_only_archers_shoot_over_units():
    g = battle({"Athens": ["A-P1", "A-AR1", "A-H1"], "Syracuse": ["S-H1", "S-H2", "S-C1"]})
    arrange(g, {"A-P1": "D3N", "A-AR1": "E3N", "A-H1": "A1N", "S-H1": "D4S", "S-H2": "D5S", "S-C1": "E6S"},
            phase="fire", side="Athens")
    t = texts(g)
    assert "A-P1 fires at D4" in t and "A-P1 fires at D5" not in t  # not past the enemy square D4
    assert "A-AR1 fires at E6" in t  # three squares, over nothing
    arrange(g, {"A-AR1": "D2N", "A-P1": "C3N"}, phase="fire", side="Athens")
    assert {"A-AR1 fires at D4", "A-AR1 fires at D5"} <= set(texts(g))  # archers shoot over D4's units


def test_syracuse_8_3_1_a_hit_disrupts_a_second_routs_or_eliminates_on_the_d10():
    g = battle({"Athens": ["A-P1", "A-AR1", "A-H1"], "Syracuse": ["S-H1", "S-C1"]}, ml=(7, 5))
    arrange(g, {"A-P1": "D3N", "A-AR1": "E3N", "A-H1": "A1N", "S-C1": "D4S", "S-H1": "E4S"}, phase="fire")
    g.dice.force(2)
    do(g, "A-P1 fires at D4")
    assert status(g, "S-C1") == "disrupted"
    g.dice.force(1)
    do(g, "A-AR1 fires at E4")
    assert status(g, "S-H1") == "disrupted"
    from peloponnesos.games.syracuse.battle import fire

    b = g.state.battle
    g.dice.force(6)  # the unmodified D10 6 > ML 5: eliminated
    sequence.hit(g, b, g.unit_named("S-C1"), "8.3.1")
    assert where(g, "S-C1") == "ELIM"
    g.dice.force(5)
    sequence.hit(g, b, g.unit_named("S-H1"), "8.3.1")
    assert status(g, "S-H1") == "routed" and square(g, "S-H1") == "off"
    assert fire is not None


def test_syracuse_8_3_1_fire_targets_the_top_unit_of_a_stack():
    g = battle({"Athens": ["A-P1", "A-H1"], "Syracuse": ["S-H1", "S-H2"]})
    arrange(g, {"A-P1": "D3N", "A-H1": "A1N", "S-H2": "D4S", "S-H1": "D4S"}, phase="fire")
    top = g.state.battle["stack"][grid(g).index["D4"]][-1]
    g.dice.force(1)
    do(g, "A-P1 fires at D4")
    assert g.state.status[top] == 1 and sum(g.state.status[g.unit_named(u)] for u in ("S-H1", "S-H2")) == 1


def test_syracuse_8_3_2_an_assault_totals_the_facing_units_against_the_square_and_shifts_for_two_sides():
    g = battle({"Athens": ["A-H1", "A-H2", "A-H3"], "Syracuse": ["S-H1"]})
    arrange(g, {"A-H1": "D4N", "A-H2": "C5E", "A-H3": "A1N", "S-H1": "D5S"}, phase="assault")
    assert texts(g) == ["assault D5", "end the phase"]
    g.dice.force(3)
    do(g, "assault D5")
    line = log_kinds(g, "assault")[-1]
    assert line.data["attack"] == 10 and line.data["defence"] == 5
    assert line.data["column"] == "3:1"  # 2:1 shifted once for attacking through two sides
    assert line.data["result"] == "D1" and steps(g, "S-H1") == 4


def test_syracuse_8_4_hoplite_steps_fall_one_by_one_and_cavalry_dies_at_its_second():
    g = battle({"Athens": ["A-H1", "A-H2", "A-H3"], "Syracuse": ["S-H1", "-S-C1"]})
    b = g.state.battle
    sequence.lose(g, b, g.unit_named("S-H1"), 2, "8.4", "test")
    assert steps(g, "S-H1") == 3
    sequence.lose(g, b, g.unit_named("S-C1"), 1, "8.4", "test")
    assert where(g, "S-C1") == "ELIM" and square(g, "S-C1") == "off"


def test_syracuse_8_3_4_a_ram_costs_the_target_a_step_and_its_men_one_each():
    line = {"Athens": ["A-N1", "A-N1>A-H1"], "Syracuse": ["S-N1", "S-N1>S-H1", "S-N2"]}
    g = battle(line, area="S-1")
    arrange(g, {"A-N1": "D5N", "S-N1": "D6S", "S-N2": "A11S"}, phase="assault")
    assert "A-N1 rams S-N1" in texts(g) and "A-H1 boards the enemy in D6" in texts(g)
    g.dice.force(1)
    do(g, "A-N1 rams S-N1")
    assert steps(g, "S-N1") == 1 and steps(g, "S-H1") == 4 and status(g, "S-H1") == "disrupted"
    assert "A-H1 boards the enemy in D6" not in texts(g)  # the ship rammed instead of its men fighting


def test_syracuse_8_3_4_a_reduced_ship_rammed_sinks_with_its_men():
    line = {"Athens": ["A-N1"], "Syracuse": ["-S-N1", "S-N1>S-H1", "S-N2"]}
    g = battle(line, area="S-1")
    arrange(g, {"A-N1": "D5N", "S-N1": "D6S", "S-N2": "A11S"}, phase="assault")
    g.dice.force(2)
    do(g, "A-N1 rams S-N1")
    assert where(g, "S-N1") == "ELIM" and where(g, "S-H1") == "ELIM"


def test_syracuse_8_3_3_men_aboard_board_the_enemy_after_a_d10_and_a_10_loses_them():
    line = {"Athens": ["A-N1", "A-N1>A-H1", "A-N2", "A-N2>A-LI1"], "Syracuse": ["S-N1", "S-N1>S-P1", "S-N3"]}
    g = battle(line, area="S-5", ml=(6, 6))  # the open sea: no grappling irons
    arrange(g, {"A-N1": "D5N", "A-N2": "C6E", "S-N1": "D6S", "S-N3": "A11S"}, phase="assault")
    g.dice.force(7)
    do(g, "A-H1 boards the enemy in D6")  # 7 > ML 6: it cannot
    assert not log_kinds(g, "assault")
    g.dice.force(10)
    do(g, "A-LI1 boards the enemy in D6")
    assert where(g, "A-LI1") == "ELIM"


def test_syracuse_8_5_disrupted_units_rally_on_the_board_one_worse_next_to_a_normal_enemy():
    g = battle({"Athens": ["~A-H1", "~A-H2"], "Syracuse": ["S-H1"]}, ml=(6, 6))
    arrange(g, {"A-H1": "D8N", "A-H2": "A1N", "S-H1": "D9S"})
    b = g.state.battle
    g.dice.force(6, 6)
    sequence.rally(g, b, 0)
    assert status(g, "A-H1") == "disrupted" and status(g, "A-H2") == "normal"  # 6 + 1 = 7 > 6 next to S-H1


def test_syracuse_10_7_cavalry_threatened_by_foot_may_ride_back_a_square_after_defensive_fire():
    g = battle({"Athens": ["A-H1", "A-H2"], "Syracuse": ["S-C1", "S-H1"]}, ml=(7, 7))
    arrange(g, {"A-H1": "D7N", "A-H2": "A1N", "S-C1": "D8S", "S-H1": "H11S"}, phase="cavalry", side="Syracuse")
    assert "S-C1 tries to ride back to D9" in texts(g)
    g.dice.force(4)
    do(g, "S-C1 tries to ride back to D9")
    assert square(g, "S-C1") == "D9"


def test_syracuse_8_3_the_battle_ends_when_a_side_is_gone_and_the_survivors_return_to_the_map():
    g = battle({"Athens": ["A-H1", "A-H2", "Lamachus"], "Syracuse": ["~S-P1"]}, ml=(7, 7))
    arrange(g, {"A-H1": "D10N", "A-H2": "C11E", "S-P1": "D11S"}, phase="assault")
    g.dice.force(6)
    do(g, "assault D11")  # 10 against 1: 5:1 shifted, a 6: D3 Dd — the peltast is gone
    assert g.state.battle is None and where(g, "S-P1") == "ELIM"
    assert g.state.last_combat["winner"] == "Athens" and g.state.notes[0]["won_pitched_battle"] == 1
    assert where(g, "A-H1") == "L-1" and where(g, "Lamachus") == "L-1"


def test_syracuse_8_3_routed_units_go_to_a_refuge_when_the_battle_ends():
    g = battle({"Athens": ["A-H1", "A-H2"], "Syracuse": ["S-H1", "S-P1"]}, ml=(7, 7))
    b = g.state.battle
    g.dice.force(3)
    g.state.status[g.unit_named("S-P1")] = 1
    sequence.hit(g, b, g.unit_named("S-P1"), "8.3.1")
    assert g.unit_named("S-P1") in b["routed"][1]
    b["round"] = g.tables.rounds
    b["i"] = 11
    sequence._next_phase(g, b)
    sequence.advance(g)
    assert g.state.battle is None and where(g, "S-P1") == "L-7" and status(g, "S-P1") == "routed"


def test_syracuse_6_5_a_battle_lasts_at_most_ten_rounds():
    g = battle({"Athens": ["A-H1"], "Syracuse": ["S-H1"]})
    for _ in range(5000):
        if g.state.battle is None:
            break
        a = g.legal_actions()
        g.apply(next((x for x in a if x.kind in ("end_phase", "halt")), a[-1]))
    assert g.state.battle is None and g.state.last_combat["rounds"] == 10
    assert g.state.last_combat["winner"] is None


def test_syracuse_8_3_a_game_saved_in_the_middle_of_a_battle_loads_back_exactly():
    from peloponnesos.core import RandomBot
    from peloponnesos.games.syracuse import SyracuseGame

    for seed in range(80):
        g = SyracuseGame(seed=seed)
        bots = {p: RandomBot(seed + i) for i, p in enumerate(g.players)}
        for _ in range(4000):
            if g.is_over() or (g.state.battle is not None and g.state.battle["round"] >= 2):
                break
            p = g.current_player()
            g.apply(bots[p].choose(g, p))
        if g.state.battle is not None:
            break
    else:
        pytest.skip("no pitched battle in these games")
    back = load_game(g.to_json())
    assert back.state.battle == g.state.battle and back.digest() == g.digest()
    for _ in range(200):
        if g.is_over():
            break
        p = g.current_player()
        a = bots[p].choose(g, p)
        g.apply(a)
        back.apply(a)
    assert back.digest() == g.digest()


def test_syracuse_7_3_1_a_unit_starting_next_to_the_enemy_moves_away_freely_but_turning_needs_the_check():
    g = battle({"Athens": ["A-H1", "A-H2"], "Syracuse": ["S-H1"]}, ml=(6, 6))
    arrange(g, {"A-H1": "D8S", "A-H2": "A1N", "S-H1": "D9S"})
    rolls = len(g.dice.rolls)
    do(g, "advance A-H1")  # away from S-H1: no roll
    assert square(g, "A-H1") == "D7" and len(g.dice.rolls) == rolls
    g = battle({"Athens": ["A-H1", "A-H2"], "Syracuse": ["S-H1"]}, ml=(6, 6))
    arrange(g, {"A-H1": "D8S", "A-H2": "A1N", "S-H1": "D9S"})
    g.dice.force(2)
    do(g, "turn A-H1 to face N")
    assert log_kinds(g, "battle_check") and g.state.battle["face"][g.unit_named("A-H1")] == 0


def test_syracuse_8_3_after_ten_rounds_the_side_that_lost_less_wins():
    b = {"units": [[1], [2]], "lost": [3, 1], "routed": [[], [5]]}
    assert sequence.winner(b) == 1
    b["routed"][1] = [5, 6]
    assert sequence.winner(b) is None
    assert sequence.winner({"units": [[1], []], "lost": [9, 0], "routed": [[], []]}) == 0
