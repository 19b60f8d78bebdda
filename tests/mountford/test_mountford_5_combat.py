"""Mountford 5: combat — naval battle (5.1), hoplite battle (5.2) and putting to sea (5.2.1), skirmish (5.3),
losses (5.4), bellicosity (5.5), hostages (5.6), leader casualties (5.7)."""

from __future__ import annotations

from mountford_helpers import do, events, legal_texts, position, sps

from peloponnesos.core import play
from peloponnesos.games.mountford import MountfordGame, land_battle, naval_battle
from peloponnesos.games.mountford.bots import HeuristicBot
from peloponnesos.games.mountford.tables import load_tables

T = load_tables()


# -- 5.1 naval battle ------------------------------------------------------------------------------
def test_mountford_5_1_the_higher_modified_roll_wins_and_the_loser_loses_the_difference():
    assert naval_battle.winner(7, 4, -1, -1) == 0
    assert naval_battle.losses(0, 3, 5, 6) == (0, 3)


def test_mountford_5_1_losses_are_capped_by_the_winners_naval_sps():
    assert naval_battle.losses(0, 5, 2, 9) == (0, 2)
    assert naval_battle.losses(1, 4, 9, 1) == (1, 0)


def test_mountford_5_1_ties_go_to_the_higher_leader_rating_and_0_beats_no_leader():
    assert naval_battle.winner(5, 5, 2, 1) == 0
    assert naval_battle.winner(5, 5, 0, -1) == 0
    assert naval_battle.winner(5, 5, -1, 0) == 1
    assert naval_battle.winner(5, 5, 1, 1) is None


def test_mountford_5_1_draws_cost_one_sp_each_with_the_single_sp_cases():
    assert naval_battle.losses(None, 0, 4, 3) == (1, 1)
    assert naval_battle.losses(None, 0, 1, 1) == (0, 0)
    assert naval_battle.losses(None, 0, 1, 4) == (1, 0)  # only the lone SP is eliminated
    assert naval_battle.losses(None, 0, 3, 1) == (0, 1)


def test_mountford_5_1_modifiers_numbers_leader_and_athenian_seamanship():
    assert naval_battle.modifier(T, 6, 3, 2, 1) == 1 + 1 + 2 + 1
    assert naval_battle.modifier(T, 4, 3, -1, 0) == 1
    assert naval_battle.modifier(T, 3, 4, 0, 0) == 0


def _siphae():
    g = position({"siphae": {"athens": (0, 0, 3), "thebes": (0, 0, 2)}, "naupactus": {"athens": (0, 0, 2)},
                  "corinth": {"corinth": (0, 0, 2)}})
    do(g, "activate Phormio at siphae", "form an army of 0H 0C 3N", "attack siphae")
    return g


def test_mountford_5_1_only_participating_sps_count_and_lose():
    g = _siphae()
    do(g, "ships at siphae join the battle", "ships at corinth stay out", "ships at naupactus stay out")
    # Athens 3N (+1 more, +3 Phormio, +1 seamanship) against Thebes 2N
    assert g.state.step in ("loss", "op_choose", "siege") or g.state.battle is None
    assert sps(g, "corinth", "corinth") == (0, 0, 2) and sps(g, "naupactus", "athens") == (0, 0, 2)


def test_mountford_5_1_ships_may_burn_rather_than_fight():
    g = _siphae()
    g.apply("ships at siphae burn themselves")
    assert sps(g, "siphae", "thebes") == (0, 0, 0)
    assert [(e.data["cause"], e.data["n_lost"]) for e in events(g, "eliminated")] == [("burnt", 2)]


def test_mountford_5_1_a_naval_battle_moves_bellicosity_by_one():
    g = _siphae()
    g.dice.force(6, 1)
    do(g, "ships at siphae join the battle", "ships at corinth stay out", "ships at naupactus stay out")
    assert g.state.bell["athens"] == 11 and g.state.bell["thebes"] == 9


# -- 5.2 land combat ---------------------------------------------------------------------------------
def _plataea(sparta=(4, 0, 0), athens=(2, 0, 0)):
    g = position({"plataea": {"sparta": sparta, "athens": athens}}, side="Sparta")
    do(g, "activate Archidamus at plataea", f"form an army of {sparta[0]}H {sparta[1]}C 0N", "attack plataea")
    return g


def test_mountford_5_2_sps_behind_friendly_walls_may_avoid_battle_and_the_space_may_be_ravaged():
    g = _plataea()
    assert g.current_player() == "Athens"
    assert legal_texts(g) == ["troops at plataea join the battle", "troops at plataea stay out"]
    g.apply("troops at plataea stay out")
    assert g.state.step == "ravage" and g.current_player() == "Sparta"
    g.apply("ravage the space")
    assert g.state.ravaged[g.board.index["plataea"]]


def test_mountford_5_2_the_side_the_space_is_friendly_to_may_try_a_running_skirmish():
    g = _plataea()
    g.apply("troops at plataea join the battle")
    assert g.state.step == "skirmish_choice" and g.current_player() == "Athens"
    g.dice.force(6)  # 6 + 1 (Sparta has no cavalry) + 1 (fewer hoplites) = 8: a skirmish
    g.apply("try for a running skirmish")
    assert events(g, "skirmish_choice")[-1].data["skirmish"] is True


def test_mountford_5_2_a_skirmish_needs_7_on_the_modified_die():
    assert land_battle.skirmish_choice_modifier(T, 1, 3, 4, 0, -1) == 2 + 1 + 1
    assert land_battle.skirmish_choice_modifier(T, 4, 0, 1, 3, 2) == 2


def test_mountford_5_2_hoplite_battle_losses_leader_death_bellicosity_and_hostages():
    g = _plataea()
    g.apply("troops at plataea join the battle")
    g.dice.force(1, 6)  # Sparta 1+5 (more, twice, Archidamus 2, drill 1), Athens 6+1 (home ground): Athens by 1
    g.apply("fight a hoplite battle")
    r = events(g, "land_battle")[-1].data
    assert r["modifiers"] == [5, 1] and r["losses"] == [1, 0]
    assert g.state.bell["athens"] == 11 and g.state.bell["sparta"] == 9
    assert ["athens", "sparta"] in g.state.hostages
    assert g.state.leader_status["Archidamus"] == "dead"  # his own die 1 <= bravery 1


def test_mountford_5_2_losses_are_reduced_by_excess_cavalry_but_at_least_one():
    # loser 1H 3C against winner 3H 1C, difference 4: min(4, 3) - (3 - 1) = 1
    assert land_battle.hoplite_losses(1, 4, (1, 3), (3, 1)) == (1, 0)
    assert land_battle.hoplite_losses(0, 2, (3, 0), (2, 5)) == (0, 1)  # 2 - 5 -> at least one
    assert land_battle.hoplite_losses(0, 5, (2, 0), (6, 0)) == (0, 2)  # capped by the winner's 2 hoplites


def test_mountford_5_2_draws_as_at_sea():
    assert land_battle.hoplite_losses(None, 0, (2, 0), (1, 0)) == (0, 1)
    assert land_battle.hoplite_losses(None, 0, (1, 0), (1, 0)) == (0, 0)
    assert land_battle.hoplite_losses(None, 0, (2, 1), (3, 0)) == (1, 1)


def test_mountford_5_2_at_least_one_hoplite_among_the_losses():
    g = _plataea(sparta=(4, 0, 0), athens=(1, 2, 0))
    g.apply("troops at plataea join the battle")
    g.dice.force(6, 1)
    g.apply("fight a hoplite battle")  # Sparta 6+5 against Athens 1+2: two SPs lost (8, capped by 4, less 2 cavalry)
    assert g.state.step == "loss" and legal_texts(g) == ["lose 1C of athens", "lose 1H of athens"]
    g.apply("lose 1C of athens")  # the hoplite is then required, so the engine takes it (the only choice)
    assert sps(g, "plataea", "athens") == (0, 1, 0)


def test_mountford_5_2_1_an_intercepted_army_on_ships_may_put_to_sea():
    g = position({"piraeus": {"athens": (1, 0, 2)}, "aegina": {"sparta": (3, 0, 0)}}, owners={"aegina": "sparta"})
    do(g, "activate Phormio at piraeus", "form an army of 1H 0C 2N", "move to kithnos")
    if g.state.step == "op_route":
        g.apply("route piraeus-aegina-kithnos")
    g.dice.force(6)
    g.apply("intercept")
    assert legal_texts(g) == ["put to sea", "stand and fight"]
    g.apply("put to sea")
    assert g.state.op is None or g.state.op["pos"] > 1 or g.state.step == "intercept"
    assert not events(g, "land_battle")


# -- 5.3 skirmish ------------------------------------------------------------------------------------
def test_mountford_5_3_the_loser_of_a_skirmish_loses_one_sp():
    assert land_battle.skirmish_losses(0, 3, 5) == (0, 1)
    assert land_battle.skirmish_losses(None, 2, 2) == (1, 1)
    assert land_battle.skirmish_losses(None, 1, 1) == (0, 0)


def test_mountford_5_3_skirmishes_change_no_bellicosity():
    g = _plataea(sparta=(4, 0, 0), athens=(2, 3, 0))
    g.apply("troops at plataea join the battle")
    g.dice.force(6, 6, 1)  # the skirmish choice succeeds; then Sparta 6, Athens 1
    g.apply("try for a running skirmish")
    assert events(g, "land_battle")[-1].data["skirmish"] is True
    assert g.state.bell["sparta"] == 10 and g.state.bell["athens"] == 10


# -- 5.4 losses --------------------------------------------------------------------------------------
def test_mountford_5_4_the_dominant_city_state_takes_at_least_one_and_a_major_one_of_two():
    g = position({"plataea": {"athens": (5, 0, 0), "sparta": (1, 0, 0), "thebes": (2, 0, 0),
                              "megara": (1, 0, 0)}}, owners={"plataea": "thebes"})
    do(g, "activate Pericles at plataea", "form an army of 5H 0C 0N", "attack plataea")
    g.apply("troops at plataea join the battle")
    g.dice.force(6, 1)  # Athens 6+2 (Pericles) against 1+1 (home ground) +1 (drill): four SPs lost of 4
    g.apply("fight a hoplite battle")
    assert g.state.step == "loss"
    # three SPs at most from Thebes and Megara: the dominant Sparta must be among them
    picks = []
    while g.state.step == "loss":
        options = legal_texts(g)
        choice = options[-1]
        picks.append(choice)
        g.apply(choice)
    assert any("of sparta" in p for p in picks)



def test_mountford_5_4_each_sp_lost_is_one_line_of_the_log_in_words():
    g = position({"plataea": {"athens": (5, 0, 0), "sparta": (1, 0, 0), "thebes": (2, 0, 0),
                              "megara": (1, 0, 0)}}, owners={"plataea": "thebes"})
    do(g, "activate Pericles at plataea", "form an army of 5H 0C 0N", "attack plataea")
    g.apply("troops at plataea join the battle")
    g.dice.force(6, 1)
    g.apply("fight a hoplite battle")
    while g.state.step == "loss":
        g.apply(legal_texts(g)[-1])
    lost = [e for e in g.log if "loses" in e.text and e.kind != "bellicosity"]
    assert len(lost) == 4 and {e.kind for e in lost} == {"eliminated"}  # four SPs, four lines, no echo
    assert all(e.text.endswith(" loses 1 hoplite SP in battle 1.") and e.rule == "Mountford 5.4" for e in lost)
    assert not events(g, "loss")
    assert sum(e.data["h_lost"] for e in lost) == 4 and all(e.data["arm"] == "H" for e in lost)


def test_mountford_5_the_log_never_doubles_its_punctuation():
    for seed in (3, 4):
        g = MountfordGame(seed=seed)
        play(g, {"Athens": HeuristicBot(seed), "Sparta": HeuristicBot(seed + 1)})
        bad = [e.text for e in g.log if any(p in e.text for p in ("..", "!.", "?.", ":."))
               or (e.kind == "eliminated" and " 0" in e.text)]
        assert not bad, bad[:5]


# -- 5.6 hostages ----------------------------------------------------------------------------------------
def test_mountford_5_6_hostages_forbid_ravaging_the_holders_home():
    g = position({"athens": {"sparta": (4, 0, 0), "athens": (2, 0, 0)}}, side="Sparta")
    g.state.hostages.append(["athens", "sparta"])
    do(g, "activate Archidamus at athens", "form an army of 4H 0C 0N", "attack athens")
    g.apply("troops at athens stay out")
    assert g.state.step != "ravage"
    assert not g.state.ravaged[g.board.index["athens"]]


def test_mountford_5_6_peace_releases_hostages():
    g = position({"athens": {"athens": (2, 0, 0)}})
    g.state.hostages.extend([["athens", "thebes"], ["thebes", "athens"], ["athens", "sparta"]])
    from peloponnesos.games.mountford.economy import sue_for_peace

    sue_for_peace(g, "thebes")
    assert g.state.hostages == [["athens", "sparta"]]
    assert "thebes" in g.state.peace


# -- 5.7 leader casualties ------------------------------------------------------------------------------
def test_mountford_5_7_at_sea_a_leader_dies_only_if_his_side_lost_or_drew():
    assert naval_battle.leader_dies(1, 2, side_won=False)
    assert not naval_battle.leader_dies(1, 2, side_won=True)
    assert not naval_battle.leader_dies(3, 2, side_won=False)


def test_mountford_5_7_only_the_leader_who_leads_can_die():
    g = _plataea()
    g.state.leader_status["Brasidas"] = "used"
    g.state.leader_at["Brasidas"] = g.board.index["plataea"]
    g.apply("troops at plataea join the battle")
    assert g.state.battle["leaders"][0] == "Brasidas"  # battle 3 beats Archidamus' 2
    g.dice.force(4, 1)
    g.apply("fight a hoplite battle")
    assert g.state.leader_status["Archidamus"] != "dead"


# -- 5 combat: home-space leaders ---------------------------------------------------------------------------
def test_mountford_5_a_major_may_place_a_leader_in_its_home_space_for_a_battle():
    g = position({"thebes": {"athens": (4, 0, 0), "thebes": (2, 0, 0)}}, owners={"thebes": "thebes"})
    do(g, "activate Pericles at thebes", "form an army of 4H 0C 0N", "attack thebes")
    g.apply("troops at thebes join the battle")
    assert g.state.step == "home_leader" and g.current_player() == "Sparta"
    assert legal_texts(g) == ["place Eurymachus in the home space", "no leader"]
    g.apply("place Eurymachus in the home space")
    assert g.state.battle["leaders"][1] == "Eurymachus"
