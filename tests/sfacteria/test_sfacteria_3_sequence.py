"""Rule 3: the sequence of play — A stratagems, B action points, C reinforcements, D activation, E end."""

from __future__ import annotations

import random

from sfacteria_helpers import do, illegal, position, reduced, unit_zone

from peloponnesos.games.sfacteria import SfacteriaGame
from peloponnesos.games.sfacteria.actions import AnnouncePA, PlayStratagem

# -- 3.A ---------------------------------------------------------------------------------------------

def test_sfacteria_3_A_each_player_draws_two_chits_in_secret():
    g = SfacteriaGame(seed=7)
    assert len(g.state.hands[0]) == 2 and len(g.state.hands[1]) == 2
    obs_a, obs_s, public = g.observation("Athens"), g.observation("Sparta"), g.observation(None)
    assert [c["chit"] for c in obs_a["stratagems"]["hand"]] == sorted(g.state.hands[0])
    assert [c["chit"] for c in obs_s["stratagems"]["hand"]] == sorted(g.state.hands[1])
    assert public["stratagems"]["hand"] is None
    assert obs_a["stratagems"]["counts"] == {"Athens": 2, "Sparta": 2}
    assert obs_a["stratagems"]["bowl"] == 6
    # the draws are in the log only for their owner
    sparta_chits = {str(c) for c in g.state.hands[1]}
    assert not [e for e in g.log.visible_to("Athens") if e.kind == "draw" and e.side == "Sparta"]
    assert any(e.private_to == "Sparta" and set(map(str, e.data.get("items", []))) == sparta_chits
               for e in g.log.visible_to("Sparta") if e.kind == "draw")


def test_sfacteria_3_A_a_red_number_face_leaves_play_the_other_face_goes_back_to_the_bowl():
    g = position({"N4": ["ST1"], "N5": ["AT3"], "T5": ["SH10"], "T6": ["AH1"]})
    g.give_stratagems("Sparta", [10])
    g.start_action_phase("Sparta", pa=2)
    g.dice.force(5, 6)  # the storm misses both fleets
    do(g, "play stratagem 20 Storm")
    assert 10 not in g.state.hands[1] and 10 not in g.state.out_chits  # Storm (20): back into the bowl
    # Brasidas (10) is red: once played it leaves play
    g2 = position({"T5": ["SH10", "SH11"], "T6": ["AH1"]})
    g2.give_stratagems("Sparta", [10])
    g2.start_action_phase("Sparta", pa=3)
    do(g2, "announce 3 PA", "activate T5", "move SH10 T5→T6", "end movement", "pay 1 PA and fight",
       "play stratagem 10 Βρασίδας")
    assert 10 in g2.state.out_chits


# -- 3.B ---------------------------------------------------------------------------------------------

def test_sfacteria_3_B_action_points_are_half_the_roll_rounded_up_and_the_higher_roll_has_initiative():
    g = position({}, bowl=True)
    g.dice.force((1, 2), (3, 4), (4, 4), (2, 3))  # the two draws, then Athens 8 and Sparta 5
    g.start_turn(1)
    assert g.state.pa_roll == [8, 5]
    assert g.state.pa == [8, 6]  # in halves: 4 PA and 3 PA (the rulebook's own example)
    assert g.state.initiative == 0


def test_sfacteria_3_B_a_tie_goes_to_more_trireme_pf_then_to_sparta():
    g = position({"N7": ["AT2"], "N3": ["ST6"]}, bowl=True)
    g.dice.force((1, 2), (3, 4), (3, 3), (4, 2))
    g.start_turn(1)
    assert g.state.initiative == 0  # 10 trireme PF against 5
    g = position({"N7": ["AT6"], "N3": ["ST6"]}, bowl=True)
    g.dice.force((1, 2), (3, 4), (3, 3), (4, 2))
    g.start_turn(1)
    assert g.state.initiative == 1  # 5 against 5: Sparta


# -- 3.C ---------------------------------------------------------------------------------------------

def test_sfacteria_3_C_the_fleet_from_zakynthos_reaches_the_athenian_bases_in_turn_2():
    g = SfacteriaGame(seed=3)
    rng = random.Random(5)
    while not (g.state.turn == 2 and g.state.phase == "D"):
        # random moves, but no stratagem: Cleon's chit would bring him early (rule 8)
        g.apply(rng.choice([a for a in g.legal_actions() if not isinstance(a, PlayStratagem)]))
    for unit in ("AT2", "AT3", "AT4", "AT5", "AT6", "AT7"):
        assert unit_zone(g, unit) == "BASE_ATH_NAVAL"
    assert unit_zone(g, "AH3") == unit_zone(g, "AH4") == "BASE_ATH_LAND"
    assert unit_zone(g, "Eurymedon") == "BASE_ATH_NAVAL"
    assert unit_zone(g, "Cleon") == "OFF"  # turn 5
    assert any(r["turn"] == 5 and "Cleon" in r["pieces"] for r in g.observation(None)["reinforcements"])


# -- 3.D ---------------------------------------------------------------------------------------------

def test_sfacteria_3_D_announce_at_least_1_pa_no_voluntary_pass():
    g = position({"T6": ["Demosthenes", "AH1"]})
    g.start_action_phase("Athens", pa=2.5)
    assert g.legal_actions() == [AnnouncePA(2), AnnouncePA(4), AnnouncePA(5)]
    assert all(a.kind == "announce_pa" for a in g.legal_actions())  # there is no "pass"
    err = illegal(g, AnnouncePA(1), "3.D")
    assert "cannot pass" in err.reason
    illegal(g, AnnouncePA(6), "3.D")


def test_sfacteria_3_D_the_last_half_pa_is_announced_by_itself():
    g = position({"T6": ["AH1"], "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=0.5)
    assert g.state.step == "D_move" and g.state.budget == 1  # the only possible announcement was made
    assert [e.kind for e in g.log if e.kind != "supply_suspended"][-2:] == ["forced", "announce"]


def test_sfacteria_3_D_activation_costs_half_one_or_two_pa():
    g = position({"T6": ["Demosthenes", "AH1"], "T5": ["Cleon", "AH3"], "T2": ["AH4"],
                  "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=5)
    do(g, "announce 5 PA")
    budget = g.state.budget
    do(g, "activate T6")
    assert budget - g.state.budget == 1  # ½ PA: a leader with the star
    do(g, "activate T5")
    assert budget - g.state.budget == 3  # + 1 PA: a leader without the star
    do(g, "activate T2")
    assert budget - g.state.budget == 7  # + 2 PA: no leader
    do(g, "activate BASE_ATH_LAND")
    assert budget - g.state.budget == 8  # + ½ PA: a base
    from peloponnesos.games.sfacteria.actions import Activate
    err = illegal(g, Activate("T6"), "3.D")
    assert "already been activated" in err.reason


def test_sfacteria_3_D_activating_beyond_the_announcement_is_refused():
    g = position({"T2": ["AH4"], "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 1 PA")
    from peloponnesos.games.sfacteria.actions import Activate
    err = illegal(g, Activate("T2"), "3.D")
    assert "costs 2 PA" in err.reason


def test_sfacteria_3_D_players_alternate_and_unspent_pa_are_lost():
    g = position({"T6": ["Demosthenes", "AH1"], "T11": ["Polemarch", "SH10"]})
    g.start_action_phase("Athens", pa=2, other_pa=2)
    do(g, "announce 1 PA", "activate T6", "end movement")
    assert g.current_player() == "Sparta" and g.state.pa == [2, 4]  # Athens' unspent ½ PA is gone
    do(g, "announce 2 PA", "activate T11", "end movement")
    # Athens' last PA: the only possible announcement is made for it, and it may activate again
    assert g.current_player() == "Athens" and g.state.step == "D_move" and g.state.budget == 2
    do(g, "activate T6", "end movement")
    assert g.state.phase in ("A", "B")  # both sides spent everything: phase E ran, next turn began
    assert g.state.turn == 2


# -- 3.E ---------------------------------------------------------------------------------------------

def test_sfacteria_3_E_keep_at_most_one_stratagem():
    g = position({"T6": ["AH1"], "T8": ["SH1"]})
    g.give_stratagems("Athens", [2, 3])
    g.start_end_phase(turn=7)  # the last turn: nothing is drawn afterwards
    # no E window: neither chit has a face Athens could play before the supply checks (rule 8)
    assert g.state.step == "E_keep"
    do(g, "keep stratagem chit 3")
    assert g.state.hands[0] == [3]
    from peloponnesos.games.sfacteria.sequence import bowl
    assert 2 in bowl(g)


def test_sfacteria_3_E_one_unit_recovers_per_starred_leader_on_the_map():
    g = position({"T6": ["Demosthenes", "-AH1", "-AP1"], "BASE_ATH_NAVAL": ["Eurymedon", "AT2"]})
    g.start_end_phase()
    assert g.state.step == "E_recover" and g.state.recover_left == 1  # Eurymedon is in a base, off the map
    do(g, "recover AP1")
    assert not reduced(g, "AP1") and reduced(g, "AH1")


def test_sfacteria_3_E_the_turn_marker_advances():
    g = position({"T6": ["AH1"], "T8": ["SH1"]})
    g.start_end_phase(turn=3)
    assert g.state.turn == 4 and g.state.phase == "B"
