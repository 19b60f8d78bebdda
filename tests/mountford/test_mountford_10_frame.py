"""The frame (rules 10.x, ours): sides, turns, operations, money and ships, peace, victory, war on a
neutral, revolts, winter quarters."""

from __future__ import annotations

from mountford_helpers import do, events, illegal, legal_texts, position, sps

from peloponnesos.games.mountford import MountfordGame, economy, victory


def test_mountford_10_1_the_431_forces_are_the_scenarios():
    g = MountfordGame(seed=1)
    assert sps(g, "athens", "athens") == (7, 1, 0) and sps(g, "piraeus", "athens") == (0, 0, 12)
    assert sps(g, "sparta", "sparta") == (7, 1, 0) and sps(g, "larisa", "larisa") == (1, 5, 0)
    assert sps(g, "syracuse", "syracuse") == (2, 2, 2) and sps(g, "potidaea", "potidaea") == (1, 0, 0)
    assert g.state.treasury == {"athens": 6000, "corinth": 1500, "sparta": 500, "thebes": 500}
    assert set(g.state.bell.values()) == {10}
    b = g.board.index
    for place, who in (("naupactus", "athens"), ("heraclea", "sparta"), ("potidaea", "corinth"), ("gela", "syracuse"),
                       ("taras", "sparta"), ("segesta", "athens")):
        assert g.state.garrison[b[place]] == who
    assert g.state.rebellion[b["potidaea"]]


def test_mountford_10_2_sparta_acts_first_in_431():
    g = MountfordGame(seed=1)
    assert g.current_player() == "Sparta" and g.year() == 431


def test_mountford_10_3_a_leader_acts_once_a_turn_and_his_city_pays():
    g = position({"piraeus": {"athens": (0, 0, 5)}})
    do(g, "activate Phormio at piraeus", "form an army of 0H 0C 5N")
    assert g.state.treasury["athens"] == 6000 - 5 * 20
    g.apply("move to piraeus")
    g.give_operation("Athens")
    illegal(g, "activate Phormio at piraeus", "10.3")


def test_mountford_10_3_a_side_that_passes_is_done_for_the_turn():
    g = position({"piraeus": {"athens": (0, 0, 5)}, "corinth": {"corinth": (0, 0, 2)}})
    g.apply("pass")
    assert g.current_player() == "Sparta"
    g.apply("pass")
    assert g.state.turn == 2 or g.state.phase != "operations" or g.current_player() == "Sparta"


def test_mountford_10_4_income_upkeep_and_ships():
    g = position({"piraeus": {"athens": (0, 0, 10)}})
    cash = g.state.treasury["athens"]
    economy.income(g)
    assert g.state.treasury["athens"] == cash + 300 + sum(s.income for s in g.board.spaces if s.tribute
                                                          and g.state.owner[s.index] == "athens")
    before = g.state.treasury["athens"]
    economy.upkeep(g)
    assert g.state.treasury["athens"] == before - 10 * 40
    g.state.treasury["athens"] = 80
    economy.upkeep(g)
    assert sps(g, "piraeus", "athens") == (0, 0, 2)  # eight ships laid up for want of money


def test_mountford_10_4_a_ravaged_space_pays_nothing():
    g = position({"athens": {"athens": (1, 0, 0)}})
    g.state.ravaged[g.board.index["athens"]] = True
    cash = g.state.treasury["athens"]
    economy.income(g)
    assert g.state.treasury["athens"] - cash == sum(s.income for s in g.board.spaces if s.tribute
                                                    and g.state.owner[s.index] == "athens")


def test_mountford_10_4_the_great_king_pays_sparta_from_413():
    g = position({"sparta": {"sparta": (1, 0, 0)}}, turn=7)
    cash = g.state.treasury["sparta"]
    economy.income(g)
    assert g.state.treasury["sparta"] == cash + 100 + 600


def test_mountford_10_5_ravaging_a_home_space_costs_bellicosity():
    g = position({"athens": {"sparta": (4, 0, 0), "athens": (7, 1, 0)}}, side="Sparta")
    do(g, "activate Archidamus at athens", "form an army of 4H 0C 0N", "attack athens")
    g.apply("troops at athens stay out")
    g.apply("ravage the space")
    assert g.state.bell["athens"] == 8


def test_mountford_10_5_a_major_at_zero_sues_for_peace():
    g = position({"athens": {"athens": (1, 0, 0)}})
    g.state.bell["athens"] = 0
    economy.politics(g)
    assert g.is_over() and g.result().winner == "Sparta"
    g = position({"athens": {"athens": (1, 0, 0)}})
    g.state.bell["corinth"] = 0
    economy.politics(g)
    assert "corinth" in g.state.peace and not g.is_over()
    assert g.side_of_city("corinth") is None


def test_mountford_10_6_athens_wins_holding_its_empire_and_fleet_to_the_end():
    g = position({"piraeus": {"athens": (0, 0, 12)}}, turn=9)
    victory.turn_end(g)
    assert g.result().winner == "Athens"


def test_mountford_10_6_sparta_wins_by_breaking_the_empire():
    g = position({"piraeus": {"athens": (0, 0, 12)}})
    for sp in g.board.spaces:
        if sp.tribute:
            g.state.owner[sp.index] = "sparta"
    victory.turn_end(g)
    assert g.result().winner == "Sparta" and "broken" in g.result().reason


def test_mountford_10_6_taking_athens_wins_the_war():
    g = position({"athens": {"sparta": (4, 0, 0)}}, side="Sparta")
    g.state.siege[g.board.index["athens"]] = ["sparta", 2]
    g.state.treasury["sparta"] = 5000
    do(g, "activate Archidamus at athens", "form an army of 4H 0C 0N", "attack athens")
    g.dice.force(6)
    g.apply("make a siege attempt")
    assert g.is_over() and g.result().winner == "Sparta" and g.result().reason == "Athens has fallen"


def test_mountford_10_8_war_on_a_neutral_makes_its_spaces_unfriendly():
    g = position({"corcyra": {"athens": (0, 0, 4)}})
    assert "declare war on syracuse" in legal_texts(g)
    g.apply("declare war on syracuse")
    assert g.current_player() == "Athens"  # still Athens' operation to choose
    from peloponnesos.games.mountford.control import UNFRIENDLY, relation

    assert relation(g, "athens", g.board.index["syracuse"]) == UNFRIENDLY
    assert relation(g, "sparta", g.board.index["syracuse"]) != UNFRIENDLY


def test_mountford_10_9_a_tribute_city_where_the_enemy_fleet_is_stronger_revolts():
    g = position({"lemnos": {"corinth": (0, 0, 3)}, "thasos": {"athens": (0, 0, 2)}}, side="Sparta")
    economy.revolts(g)
    b = g.board.index
    assert g.state.owner[b["lemnos"]] == "sparta"  # 3 Peloponnesian against 2 Athenian naval SPs in reach
    g = position({"lemnos": {"corinth": (0, 0, 3)}, "thasos": {"athens": (0, 0, 3)}}, side="Sparta")
    economy.revolts(g)
    assert g.state.owner[b["lemnos"]] == "athens"  # equal: Lemnos stays loyal


def test_mountford_10_9_a_tribute_city_only_the_enemy_fleet_reaches_revolts():
    g = position({"lemnos": {"corinth": (0, 0, 3)}}, side="Sparta")
    economy.revolts(g)
    b = g.board.index
    assert g.state.owner[b["lemnos"]] == "sparta" and g.state.rebellion[b["lemnos"]]
    assert events(g, "revolt")


def test_mountford_10_10_armies_go_home_for_the_winter():
    g = position({"eleusis": {"sparta": (4, 0, 0)}, "plataea": {"thebes": (2, 0, 0)}}, side="Sparta")
    g.state.siege[g.board.index["plataea"]] = ["thebes", 1]
    economy.winter(g)
    assert sps(g, "eleusis", "sparta") == (0, 0, 0)
    (home,) = [j for j, s in g.state.forces.items() if s.get("sparta") == (4, 0, 0)]
    assert g.state.owner[home] == "sparta" and g.board.spaces[home].fortress  # to their own city's nearest fortress
    assert sps(g, "plataea", "thebes") == (2, 0, 0)  # the besiegers stay
