"""Rule 4 (the sequence of play, 4.1 random events) and rule 5 (morale and initiative levels)."""

from __future__ import annotations

import re

from syracuse_helpers import log_kinds, position

from peloponnesos.games.syracuse import SyracuseGame, morale, sequence, supply


def test_syracuse_4_the_turn_runs_events_supply_morale_initiative_impulses_then_operations():
    g = SyracuseGame(seed=3)
    kinds = [e.kind for e in g.log]
    order = [kinds.index(k) for k in ("turn", "random_event", "supply", "morale", "initiative", "impulses")]
    assert order == sorted(order)
    assert g.state.phase == "operations" and g.current_player() == "Athens"


def test_syracuse_4_2_athens_has_the_initiative_in_turn_1_without_a_roll():
    g = SyracuseGame(seed=11)
    assert g.state.initiative == 0 and g.state.turn == 1
    assert not log_kinds(g, "initiative_level")
    assert g.state.il[0] > g.state.il[1]  # rule 12.1: the higher opening roll is the Athenian IL


def test_syracuse_4_1_two_d6_give_the_random_event_and_its_effects():
    g = position({}, ml=(7, 6))
    g.dice.force(1, 1)
    sequence.random_event(g)
    assert g.state.event == 2
    g.dice.force(2, 1)
    sequence.random_event(g)
    assert g.state.event == 3 and g.state.omens == ["bad", ""]
    g.state.prev_notes = [{}, {}]
    g.state.event = 2
    morale.morale_adjustment(g)
    assert g.state.ml[0] == 6  # sickness in the marshes: -1 (7.47.2)


def test_syracuse_4_1_a_replacement_event_gives_replacements_at_once():
    g = position({"L-10": ["-A-H1", "A-N1"]}, ml=(7, 6))
    g.dice.force(5, 5)  # event 10: corn and men for Athens
    sequence.random_event(g)
    assert g.state.agenda[-1] == ("replacements", 0, "event")
    g.dice.force(3)
    supply.replacements(g, 0, "event")
    assert g.state.steps[g.unit_named("A-H1")] == 4


def test_syracuse_5_1_morale_table_entries_add_up_and_the_ml_stays_within_1_and_10():
    g = position({"L-7": ["S-H1"], "L-13": ["S-H2"]}, ml=(2, 9))
    g.state.prev_notes = [{"lost_pitched_battle": 1, "leader_lost": 2}, {"won_pitched_battle": 1, "new_leader": 2}]
    morale.morale_adjustment(g)
    assert g.state.ml == [1, 10]


def test_syracuse_5_1_the_city_open_and_the_harbour_held_raise_the_ml():
    g = position({"L-7": ["S-H1"], "S-2": ["A-N1"]}, ml=(5, 5))
    g.state.prev_notes = [{}, {}]
    morale.morale_adjustment(g)
    assert g.state.ml == [6, 6]
    g = position({"L-7": ["S-H1"], "L-8": ["A-H1"], "L-20": ["A-H2"]}, ml=(5, 5))
    morale.morale_adjustment(g)
    assert g.state.ml == [5, 5]  # the city walled in, no fleet in the harbour


def test_syracuse_5_1_naval_losses_of_last_turn_count():
    g = position({"L-8": ["A-H1"], "L-20": ["A-H2"]}, ml=(5, 5))  # the city walled in: no "city open"
    g.state.prev_notes = [{"naval_steps_lost": 3}, {"naval_steps_lost": 1}]
    morale.morale_adjustment(g)
    assert g.state.ml == [4, 6]


def test_syracuse_5_2_initiative_level_is_a_d10_with_modifiers_kept_within_1_and_10():
    g = position({"L-10": ["A-H1", "Lamachus"], "L-7": ["S-H1", "Gylippus"]}, ml=(8, 6))
    g.state.prev_initiative = 0
    g.state.initiative = 0
    g.dice.force(9, 1)
    morale.initiative(g)
    assert g.state.il == [10, 3]  # 9 +2 (Lamachus) +1 (higher ML) +1 (held the initiative), capped; 1 +2
    assert g.state.initiative == 0


def test_syracuse_5_2_nicias_alone_slows_athens():
    g = position({"L-10": ["A-H1", "Nicias"], "L-7": ["S-H1"]}, ml=(6, 6))
    parts = dict(morale.initiative_modifiers(g, 0))
    assert parts["nicias_alone"] == -1 and parts["leader_rating"] == 1


def test_syracuse_5_2_1_a_tie_goes_to_athens_only_while_the_circle_fort_stands():
    g = position({"L-10": ["A-H1"], "L-7": ["S-H1"]}, ml=(6, 6))
    g.state.initiative = 1  # Syracuse held it last turn: +1
    g.dice.force(4, 3)
    morale.initiative(g)
    assert g.state.il[0] == g.state.il[1] and g.state.initiative == 1
    g.state.fort = g.map.index["H-5"]
    g.dice.force(4, 3)
    morale.initiative(g)
    assert g.state.initiative == 0


def test_syracuse_4_4_the_game_ends_without_a_winner_after_the_last_turn():
    g = position({"L-10": ["A-H1", "A-N1"], "L-7": ["S-H1"]}, ml=(9, 9), turn=9)
    g.dice.force(1, 1, 10, 10)  # both hold on (tied ML: both check), no Sicel recruited
    g.start_admin()
    assert g.is_over() and g.result().winner is None and g.result().level == "draw"


def test_syracuse_5_2_the_log_names_each_modifier_in_words_not_by_its_key():
    import peloponnesos as pp
    from peloponnesos.core import RandomBot

    game, bot = pp.new_game("syracuse", seed=3), RandomBot(2)
    for _ in range(300):
        if game.is_over():
            break
        game.apply(bot.choose(game, game.current_player()))
    rolled = [e.text for e in game.log if "(rolled" in e.text]
    assert any("the leader's rating +" in t for t in rolled)
    assert not [t for t in rolled if re.search(r"\b[a-z]+_[a-z_]+ [+-]\d", t)]  # no table keys like leader_rating +1
    assert not [t for t in rolled if " 1 impulses" in t]
