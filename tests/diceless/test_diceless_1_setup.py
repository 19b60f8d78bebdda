"""Diceless 1.1: set-up — capitals, the free counter, who places it first."""

import pytest
from diceless_helpers import counters

from peloponnesos.core import IllegalAction
from peloponnesos.games.diceless import ChooseFirstPlacer, DicelessGame, PlaceChit, PlaceCounter


def test_diceless_1_1_capitals_start_with_one_counter_each():
    game = DicelessGame(seed=1, first_placer="Sparta")
    assert counters(game, "sparta") == 1 and counters(game, "athens") == -1
    assert sum(1 for c in game.state.counters if c) == 2
    obs = game.observation("Sparta")
    assert obs["areas"]["sparta"] == {"Sparta": 1, "Athens": 0}
    assert obs["areas"]["athens"] == {"Sparta": 0, "Athens": 1}
    assert obs["phase"] == "set-up" and obs["to_act"] == "Sparta" and obs["turn"] == 0


@pytest.mark.parametrize("first", ["Sparta", "Athens"])
def test_diceless_1_1_first_placer_option(first):
    game = DicelessGame(seed=1, first_placer=first)
    assert game.current_player() == first
    assert all(isinstance(a, PlaceCounter) for a in game.legal_actions())


def test_diceless_1_1_first_placer_from_ages_younger_first():
    game = DicelessGame(seed=1, ages={"Sparta": 10, "Athens": 8}, names={"Sparta": "Lucia", "Athens": "Marco"})
    assert game.current_player() == "Athens"
    assert "Athens (Marco)" in game.prompt()


@pytest.mark.parametrize("options", [{}, {"ages": {"Sparta": 9, "Athens": 9}}])
def test_diceless_1_1_first_placer_asked_when_unknown(options):
    game = DicelessGame(seed=1, **options)
    assert game.phase == "choose-first"
    assert game.legal_actions() == [ChooseFirstPlacer("Sparta"), ChooseFirstPlacer("Athens")]
    assert "younger" in game.prompt()
    game.apply("Athens places first")
    assert game.phase == "set-up" and game.current_player() == "Athens"
    with pytest.raises(IllegalAction) as err:
        game.apply(ChooseFirstPlacer("Sparta"))
    assert err.value.rule == "Diceless 1.1"


def test_diceless_1_1_free_counter_anywhere_but_enemy_area():
    game = DicelessGame(seed=1, first_placer="Sparta")
    legal = {a.area for a in game.legal_actions()}
    assert "athens" not in legal and "sparta" in legal and "delphi" in legal and len(legal) == 29
    before = game.digest()
    with pytest.raises(IllegalAction) as err:
        game.apply(PlaceCounter("athens"))
    assert err.value.rule == "Diceless 5"
    assert err.value.reason.startswith("Athens is on Athens' side already")
    assert game.digest() == before
    game.apply(PlaceCounter("corinth"))
    assert game.current_player() == "Athens"
    assert "corinth" not in {a.area for a in game.legal_actions()}  # the second player sees the first's counter


def test_diceless_1_1_free_counter_on_own_capital_makes_two():
    game = DicelessGame(seed=1, first_placer="Athens")
    game.apply(PlaceCounter("athens"))
    assert counters(game, "athens") == -2
    assert game.current_player() == "Sparta"


def test_diceless_1_1_turn_1_starts_after_both_free_counters():
    game = DicelessGame(seed=1, first_placer="Sparta")
    game.apply(PlaceCounter("corinth"))
    game.apply(PlaceCounter("euboea"))
    assert game.turn == 1 and game.phase == "place"
    assert all(isinstance(a, PlaceChit) for a in game.legal_actions())
    assert game.state.setup_placed == 2


def test_diceless_1_1_unknown_area_and_wrong_phase_are_refused():
    game = DicelessGame(seed=1, first_placer="Sparta")
    with pytest.raises(IllegalAction, match="no area called 'atlantis'"):
        game.apply(PlaceCounter("atlantis"))
    with pytest.raises(IllegalAction) as err:
        game.apply(PlaceChit("Coup", "corinth"))
    assert err.value.rule == "Diceless 3"


@pytest.mark.parametrize("options", [
    {"first_placer": "Corinth"}, {"ages": {"Sparta": 9}}, {"ages": {"Sparta": "nine", "Athens": 9}},
    {"names": {"Sparta": "", "Athens": "Marco"}}, {"turns": 0}, {"turns": 99}, {"colour": "red"},
])
def test_diceless_1_1_bad_options_are_refused(options):
    with pytest.raises(ValueError):
        DicelessGame(seed=1, **options)
