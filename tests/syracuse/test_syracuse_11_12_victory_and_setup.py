"""Rule 11 (automatic victory and surrender) and rule 12 (set-up, the second expedition, the allied waves)."""

from __future__ import annotations

from syracuse_helpers import do, log_kinds, position, steps, texts, where

from peloponnesos.games.syracuse import SyracuseGame, setup, victory
from peloponnesos.games.syracuse.state import ELIM


# --- 11 ------------------------------------------------------------------------------------------------------------
def test_syracuse_11_1_athens_wins_with_hoplites_round_l7_and_no_syracusan_fleet():
    g = position({"L-8": ["A-H1"], "L-20": ["A-H2"], "L-10": ["A-N1"], "L-7": ["S-H1"]})
    assert victory.automatic(g)[0] == 0
    g = position({"L-8": ["~A-H1"], "L-20": ["A-H2"], "L-10": ["A-N1"], "L-7": ["S-H1"]})
    assert victory.automatic(g) is None  # a Disrupted hoplite does not hold
    g = position({"L-8": ["A-H1"], "L-20": ["A-H2"], "OFF": ["S-N1"], "L-7": ["S-H1"]})
    assert victory.automatic(g) is None  # a ship off the map is still in play


def test_syracuse_11_1_syracuse_wins_when_athens_has_no_fleet_and_all_its_leaders_are_down():
    g = position({"L-10": ["A-H1", "Nicias", "Lamachus"], "L-7": ["S-H1", "S-N1"]})
    g.state.lred[g.leader_named("Nicias")] = True
    g.state.lloc[g.leader_named("Lamachus")] = ELIM
    assert victory.automatic(g)[0] == 1
    g.state.lred[g.leader_named("Nicias")] = False
    assert victory.automatic(g) is None


def test_syracuse_11_2_the_lower_ml_rolls_half_or_less_holds_up_to_the_ml_rallies_above_surrenders():
    for roll, outcome, ml in ((2, None, 5), (5, None, 6), (6, "Syracuse", 5)):
        g = position({"L-10": ["A-H1", "A-N1"], "L-7": ["S-H1", "S-N1"]}, ml=(8, 5))
        g.dice.force(roll)
        victory.victory_determination(g)
        assert (g.result().winner if g.is_over() else None) == (None if outcome is None else "Athens")
        assert g.state.ml[1] == ml and g.state.surrender_checks == [0, 1]


def test_syracuse_11_2_leaders_lost_no_fleet_and_bad_omens_push_towards_surrender():
    g = position({"L-10": ["A-H1"], "L-7": ["S-H1", "S-N1"]}, ml=(5, 8))
    g.state.lred[g.leader_named("Nicias")] = True
    g.state.lloc[g.leader_named("Nicias")] = g.map.index["L-10"]
    g.state.omens = ["bad", ""]
    parts = dict(victory.surrender_modifiers(g, 0))
    assert parts == {"leader_lost": 1, "no_naval_units": 1, "bad_omens": 1, "leader_out_of_supply": 1}


def test_syracuse_11_2_no_check_in_turn_1_and_both_check_on_equal_ml():
    g = position({"L-10": ["A-H1", "A-N1"], "L-7": ["S-H1", "S-N1"]}, ml=(6, 6), turn=1)
    victory.victory_determination(g)
    assert g.state.surrender_checks == [0, 0]
    g = position({"L-10": ["A-H1", "A-N1"], "L-7": ["S-H1", "S-N1"]}, ml=(6, 6))
    g.dice.force(1, 1)
    victory.victory_determination(g)
    assert g.state.surrender_checks == [1, 1]


# --- 12 ------------------------------------------------------------------------------------------------------------
def test_syracuse_12_1_12_3_the_set_up_places_every_unit_rule_12_lists():
    g = SyracuseGame(seed=5)
    st = g.state
    on_map = [g.counters.units[u] for u in g.unit_range if st.loc[u] >= 0]
    athens = [u for u in on_map if u.side == 0]
    count = {}
    for u in athens:
        count[u.type] = count.get(u.type, 0) + 1
    assert count == {"N": 8, "H": 15, "LI": 2, "P": 2, "AR": 2, "C": 1}
    assert steps(g, "A-C1") == 1 or log_kinds(g, "replacement")  # the cavalry starts reduced
    assert {where(g, u.id) for u in athens} <= {"L-10", "L-18", "S-2", "S-8"}
    assert st.walls[g.map.index["L-10"]][0] == 1 and st.walls[g.map.index["L-18"]][0] == 1
    syr = [u for u in on_map if u.side == 1]
    assert sum(1 for u in syr if u.type == "N") == 5 and sum(1 for u in syr if u.type == "C") == 7
    assert all(where(g, u.id) in ("I-1", "L-7") for u in syr if u.type == "N")
    sicels = [u for u in g.counters.sicels if st.loc[u] >= 0]
    assert sorted(st.uside[u] for u in sicels) == [0, 1, 1]
    assert st.ml == [7, 6] or st.turn == 1


def test_syracuse_12_1_the_opening_roll_gives_athens_the_higher_il_and_ties_are_rolled_again():
    g = SyracuseGame.__new__(SyracuseGame)
    for seed in range(5):
        g = SyracuseGame(seed=seed)
        rolls = [r.faces[0] for r in g.dice.rolls if "opening initiative" in r.why]
        assert len(rolls) % 2 == 0 and rolls[-1] != rolls[-2]
        assert g.state.il == [max(rolls[-2:]), min(rolls[-2:])]


def test_syracuse_12_4_the_first_wave_lands_from_turn_2_ships_with_troops_aboard_the_rest_by_land():
    g = position({"L-7": ["S-H1"], "L-10": ["A-H1"]}, turn=2)
    g.state.arrivals = SyracuseGame(seed=1).state.arrivals
    g.start_impulse("Syracuse", "naval")
    assert g.state.step == "arrive"
    assert "reinforcements arrive in L-8" not in texts(g) and "reinforcements arrive in L-7" not in texts(g)
    do(g, "reinforcements arrive in L-1")
    landed = [u for u in g.unit_range if g.state.loc[u] == g.map.index["L-1"]]
    ships = [u for u in landed if g.state.utype[u] == "N"]
    hoplites = [u for u in landed if g.state.utype[u] == "H"]
    assert len(ships) == 3 and len(hoplites) == 3  # one hoplite a ship; the others come later by land
    assert where(g, "Gylippus") == "L-1" and where(g, "Ariston") == "L-1"


def test_syracuse_12_4_the_second_wave_needs_a_d10_no_more_than_the_ml_and_brings_reinforced_rams():
    g = position({"L-7": ["S-H1", "S-N1"], "L-10": ["A-H1"]}, turn=4, ml=(7, 6))
    g.state.arrivals = SyracuseGame(seed=1).state.arrivals
    g.state.arrivals["w1"]["units"] = []
    g.state.arrivals["w1"]["leaders"] = []
    g.dice.force(7, 1)
    g.start_impulse("Syracuse", "naval")
    assert not g.state.arrivals["w2"]["ready"]
    g = position({"L-7": ["S-H1", "S-N1"], "L-10": ["A-H1"]}, turn=4, ml=(7, 6))
    g.state.arrivals = SyracuseGame(seed=1).state.arrivals
    g.state.arrivals["w1"]["units"] = []
    g.state.arrivals["w1"]["leaders"] = []
    g.dice.force(6, 1)
    g.start_impulse("Syracuse", "naval")
    assert g.state.arrivals["w2"]["ready"] and g.state.rams  # the marker comes with the successful check
    assert g.state.step != "arrive"  # the second wave has no ships: its troops come by land, later
    g.start_impulse("Syracuse", "ground")
    assert g.state.step == "arrive" and texts(g)[0] == "reinforcements arrive in L-15"
    do(g, "reinforcements arrive in L-13")
    assert where(g, "S-H13") == "L-13"


def test_syracuse_12_2_the_second_expedition_comes_when_all_five_conditions_hold():
    g = position({"L-10": ["A-H1", "A-N1"], "L-7": ["S-H1", "S-N1", "S-N2"], "H-5": ["A-H2"]}, ml=(5, 7))
    g.state.arrivals = SyracuseGame(seed=1).state.arrivals
    g.state.lred[g.leader_named("Lamachus")] = True
    g.state.fort_built = True
    g.state.surrender_checks = [1, 0]
    g.place("A-AR1", "ELIM")
    g.place("A-H3", "ELIM")
    g.state.loc[g.unit_named("A-AR1")] = ELIM
    g.state.loc[g.unit_named("A-H3")] = ELIM
    g.dice.force(2, 5)  # A-H3 back at full strength on a 2; the archer does not come back reduced on a 5
    before = len(g.state.arrivals["exp"]["units"])
    setup.expedition_check(g)
    assert g.state.expedition["met_turn"] == 3
    assert len(g.state.arrivals["exp"]["units"]) == before + 1
    g.state.turn = 4
    g.dice.force(1)
    g.start_impulse("Athens", "naval")  # L-10 is the only coastal area with an Athenian wall or unit
    assert log_kinds(g, "reinforcements")
    assert where(g, "Demosthenes") == "L-10" and where(g, "A-H3") == "L-10" and where(g, "A-N9") == "L-10"
    assert steps(g, "A-H3") == 5 and where(g, "A-AR1") == "ELIM"


def test_syracuse_12_2_one_missing_condition_keeps_the_expedition_at_home():
    g = position({"L-10": ["A-H1", "A-N1"], "L-7": ["S-H1", "S-N1", "S-N2"]}, ml=(5, 7))
    g.state.arrivals = SyracuseGame(seed=1).state.arrivals
    g.state.lred[g.leader_named("Lamachus")] = True
    g.state.surrender_checks = [1, 0]
    setup.expedition_check(g)  # the Circle Fort was never built
    assert g.state.expedition["met_turn"] == 0


def test_syracuse_11_2_a_war_that_drags_on_says_whether_the_city_was_walled_in():
    """The lesson's question (was the city walled in?) is answered by the game's last words."""
    import peloponnesos as pp
    from peloponnesos.core import RandomBot
    from peloponnesos.games.syracuse.morale import city_open

    game, bot = pp.new_game("syracuse", seed=1, last_turn=2), RandomBot(1)
    while not game.is_over():
        game.apply(bot.choose(game, game.current_player()))
    reason = game.result().reason
    assert game.result().winner is None and "drags on" in reason
    assert ("never walled in" in reason) == city_open(game) and ("was walled in" in reason) != city_open(game)
