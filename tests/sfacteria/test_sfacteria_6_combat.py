"""Rule 6: combat — 6.1 principles and the unpaid battle, 6.1.1 beached triremes, 6.2 odds, modifiers and
results, 6.3 retreat."""

from __future__ import annotations

from sfacteria_helpers import do, position, reduced, unit_zone

from peloponnesos.games.sfacteria import odds_column


def _fight(g, die: int) -> None:
    """Pay for the battle with the die fixed; the advantage holder keeps the advantage."""
    g.dice.force(die)
    do(g, "pay 1 PA and fight")
    if g.state.step == "C_reroll":
        do(g, "keep the advantage")


def test_sfacteria_6_2_odds_are_rounded_in_the_defenders_favour():
    assert odds_column(7, 4) == "3:2"
    assert odds_column(5, 4) == "1:1"
    assert odds_column(3, 4) == "1:2"
    assert odds_column(4, 9) == "1:3"
    assert odds_column(2, 7) == "1:3"
    assert odds_column(8, 4) == "2:1"
    assert odds_column(11, 4) == "2:1"
    assert odds_column(12, 4) == "3:1"
    assert odds_column(30, 4) == "4:1"


def test_sfacteria_6_2_a_battle_uses_the_table_and_the_loser_retreats():
    g = position({"T8": ["SH2"], "T9": ["AH4", "AH6"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T9", "move AH4 T9→T8", "move AH6 T9→T8", "end movement")
    preview = g.preview_attack("T8")
    assert (preview["odds"], preview["modifier_total"], preview["results"][3]) == ("2:1", 0, "0/1 A")
    _fight(g, 3)
    assert g.state.step == "C_retreat" and g.current_player() == "Sparta"
    assert {a.dest for a in g.legal_actions()} == {"T7", "T9"}
    do(g, "retreat SH2 T8→T7")
    assert unit_zone(g, "SH2") == "T7" and reduced(g, "SH2")
    assert not reduced(g, "AH4") and not reduced(g, "AH6")
    last = g.observation(None)["last_combat"]
    assert (last["odds"], last["die"], last["result"], last["winner"]) == ("2:1", 3, "0/1 A", "Athens")


def test_sfacteria_6_1_unpaid_combat_sends_units_back_reduced():
    g = position({"T8": ["SH2"], "T9": ["AH4", "-AH6"]})
    g.start_action_phase("Athens", pa=2)
    do(g, "announce 2 PA", "activate T9", "move AH4 T9→T8", "move AH6 T9→T8", "end movement")
    # no PA left to pay: AH4 goes back to T9 reduced, the already reduced AH6 is eliminated
    assert unit_zone(g, "AH4") == "T9" and reduced(g, "AH4")
    assert unit_zone(g, "AH6") == "ELIM"
    assert unit_zone(g, "SH2") == "T8" and not reduced(g, "SH2")
    assert any(e.kind == "eliminated" and e.rule == "Sfacteria 6.1" for e in g.log)


def test_sfacteria_6_1_a_player_may_refuse_to_pay_and_takes_the_same_penalty():
    g = position({"T8": ["SH2"], "T9": ["AH4"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T9", "move AH4 T9→T8", "end movement", "do not pay: pull back reduced")
    assert unit_zone(g, "AH4") == "T9" and reduced(g, "AH4")


def test_sfacteria_6_1_1_a_beached_trireme_fights_as_a_1_pf_peltast():
    g = position({"T5": ["AT1"], "T2": ["SH12"]})
    g.start_action_phase("Sparta", pa=3)
    do(g, "announce 3 PA", "activate T2", "move SH12 T2→T5", "end movement")
    preview = g.preview_attack("T5")
    assert preview["kind"] == "land" and preview["defender_pf"] == 1 and preview["odds"] == "4:1"
    _fight(g, 1)
    assert g.observation(None)["last_combat"]["result"] == "0/1 A"
    assert unit_zone(g, "AT1") == "N7" and reduced(g, "AT1")  # a ship retreats to the water


def test_sfacteria_6_1_sea_battles_are_between_triremes():
    g = position({"N4": ["ST1"], "N7": ["AT3", "AT4"], "T6": ["AH1"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate N7", "sail AT3 N7→N4", "sail AT4 N7→N4", "end movement")
    p = g.preview_attack("N4")
    assert (p["kind"], p["attacker_pf"], p["defender_pf"], p["odds"]) == ("naval", 20, 10, "2:1")
    assert p["modifiers"] == [{"name": "unit_star", "value": -1}]  # ST1 carries a star


def test_sfacteria_6_3_with_no_free_zone_the_defeated_units_are_eliminated():
    g = position({"T7": ["SH4"], "T8": ["AH3", "AH4", "AH6"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T8", "move AH3 T8→T7", "move AH4 T8→T7", "end movement")
    p = g.preview_attack("T7")
    names = {m["name"]: m["value"] for m in p["modifiers"]}
    assert names == {"unit_star": 1, "difficult_ground": -1, "fort": -1}
    _fight(g, 3)  # 3 - 1 = 2 on the 2:1 column: 1/1, Athens wins
    assert reduced(g, "AH4") and not reduced(g, "AH3")  # the starred unit is spared the step
    assert unit_zone(g, "SH4") == "ELIM"
    assert [e.rule for e in g.log if e.kind == "eliminated" and e.data.get("unit") == "SH4"] == ["Sfacteria 6.3"]


def test_sfacteria_6_3_a_retreat_can_be_made_by_naval_transport():
    g = position({"T7": ["SH4"], "T8": ["AH3", "AH4", "AH6"], "N4": ["ST6"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T8", "move AH3 T8→T7", "move AH4 T8→T7", "end movement")
    _fight(g, 3)
    assert {a.dest for a in g.legal_actions()} == {"T4", "T6", "T11"}
    do(g, "retreat SH4 T7→T11")
    assert unit_zone(g, "SH4") == "T11"
    assert [e.data["by_sea"] for e in g.log if e.kind == "retreat"] == [True]


def test_sfacteria_6_3_an_overstacked_retreat_spills_into_the_next_free_zone():
    g = position({"T3": ["SH11"], "T1": ["SH10", "SH12", "SH13", "SP1"], "T2": ["AP1"], "T11": ["AH2"],
                  "T4": ["AH3", "AH4", "AH6"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T4", "move AH3 T4→T3", "move AH4 T4→T3", "end movement")
    _fight(g, 3)
    assert unit_zone(g, "SH11") == "T12" and reduced(g, "SH11")  # T1 is full: on to T12


def test_sfacteria_2_2_a_leader_left_alone_with_enemy_units_is_captured():
    g = position({"T11": ["Polemarch", "-SH10"], "T1": ["AH3", "AH4"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T1", "move AH3 T1→T11", "move AH4 T1→T11", "end movement")
    _fight(g, 6)
    assert unit_zone(g, "SH10") == "ELIM"
    assert unit_zone(g, "Polemarch") == "ELIM" and g.state.leaders_lost == [0, 1]
    assert any(e.rule == "Sfacteria 2.2" for e in g.log if e.kind == "eliminated")


def test_sfacteria_6_3_a_winner_with_no_units_left_cannot_drive_the_loser_out():
    g = position({"T8": ["SH2"], "T9": ["-AH4"], "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T9", "move AH4 T9→T8", "end movement")
    assert g.preview_attack("T8")["results"][5] == "1/1 A"
    _fight(g, 5)
    assert unit_zone(g, "AH4") == "ELIM"
    assert unit_zone(g, "SH2") == "T8" and reduced(g, "SH2")  # nobody is left to make it retreat
