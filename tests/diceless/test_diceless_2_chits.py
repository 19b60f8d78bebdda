"""Diceless 2: the cup, the ranges of the chits, the Star and the special chits."""

from collections import Counter

import pytest
from diceless_helpers import FULL_CUP, all_chits, counters, give, place, put, start

from peloponnesos.core import IllegalAction
from peloponnesos.games.diceless import DicelessGame, PlaceChit
from peloponnesos.games.diceless.board import default_board
from peloponnesos.games.diceless.chits import default_chits


def _legal_areas(game, chit, as_type=None):
    return {a.area for a in game.legal_actions() if a.chit == chit and a.as_type == as_type}


def _within(ids, steps):
    board = default_board()
    return {a.id for a in board.areas if min(board.distance(a.id, i) for i in ids) <= steps}


def test_diceless_2_cup_holds_22_chits():
    chits = default_chits()
    assert Counter(chits.cup) == FULL_CUP and len(chits.cup) == 22
    assert len(chits.specials) == 6
    assert Counter(s.favours for s in chits.specials.values()) == {"Sparta": 3, "Athens": 3}
    game = DicelessGame(seed=3, first_placer="Sparta")
    assert all_chits(game) == FULL_CUP


def test_diceless_2_military_range_two_steps():
    game = start(("Military", "Coup", "Void", "Influence"))
    owned = ["sparta", "arcadia"]
    assert _legal_areas(game, "Military") == _within(owned, 2)
    assert {"syracuse", "delphi", "megara", "sparta"} <= _legal_areas(game, "Military")
    assert "athens" not in _legal_areas(game, "Military")
    assert game.in_range("Sparta", "Military", "syracuse") and not game.in_range("Sparta", "Military", "athens")


def test_diceless_2_military_out_of_range_is_illegal_with_clear_words():
    game = start(("Military", "Coup", "Void", "Influence"))
    before = game.digest()
    with pytest.raises(IllegalAction) as err:
        game.apply(PlaceChit("Military", "boeotia"))
    assert err.value.rule == "Diceless 2"
    assert err.value.reason == ("A Military Option must go at most two steps from an area that is on your side. "
                                "Thebes is too far from all of yours.")
    assert game.digest() == before and game.history[-1].kind == "place_counter"


def test_diceless_2_influence_range_next_or_own():
    game = start(("Military", "Coup", "Void", "Influence"))
    assert _legal_areas(game, "Influence") == _within(["sparta", "arcadia"], 1)
    assert {"sparta", "arcadia", "corinth", "elis", "cythera"} <= _legal_areas(game, "Influence")
    assert game.range_areas("Sparta", "Influence") == sorted(
        _within(["sparta", "arcadia"], 1), key=lambda i: default_board().index[i])


def test_diceless_2_influence_out_of_range_message():
    game = start(("Military", "Coup", "Void", "Influence"))
    with pytest.raises(IllegalAction) as err:
        game.apply(PlaceChit("Influence", "megara"))
    assert err.value.rule == "Diceless 2"
    assert err.value.reason == ("Influence must go on an area that is on your side or next to one. Megara is not "
                                "next to any of yours.")


@pytest.mark.parametrize("chit", ["Coup", "Void", "persian_gold", "pericles"])
def test_diceless_2_coup_void_and_special_chits_go_anywhere(chit):
    hand = ("Military", "Influence", "Coup", "Void") if chit in ("Coup", "Void") else ("Military", "Influence",
                                                                                       "Coup", chit)
    game = start(hand)
    assert _legal_areas(game, chit) == {a.id for a in default_board().areas}
    game.apply(PlaceChit(chit, "byzantium"))


def test_diceless_2_star_must_say_its_kind_and_follows_its_range():
    game = start(("Star", "Coup", "Void", "Influence"))
    assert _legal_areas(game, "Star", "Military") == _within(["sparta", "arcadia"], 2)
    assert _legal_areas(game, "Star", "Influence") == _within(["sparta", "arcadia"], 1)
    assert _legal_areas(game, "Star", "Coup") == {a.id for a in default_board().areas}
    assert _legal_areas(game, "Star") == set()
    with pytest.raises(IllegalAction, match="Say what your Star is played as"):
        game.apply(PlaceChit("Star", "corinth"))
    with pytest.raises(IllegalAction) as err:
        game.apply(PlaceChit("Star", "boeotia", "Influence"))
    assert err.value.reason.startswith("A Star played as Influence goes where that chit can go.")
    with pytest.raises(IllegalAction, match="Only the Star"):
        game.apply(PlaceChit("Coup", "corinth", "Military"))
    game.apply(PlaceChit("Star", "boeotia", "Coup"))
    assert str(game.history[-1]) == "Star as Coup! on Thebes"


def test_diceless_2_legal_actions_only_in_range_and_all_of_them_accepted():
    game = start(("Star", "Military", "Influence", "the_people"))
    for action in game.legal_actions():
        game.check(action)  # raises if any listed placement were out of range
        assert action.places() == (action.area,)


def test_diceless_2_special_favours_printed_side_whoever_plays():
    # Athens plays Persian Gold (Sparta's) on Corinth: two steps for Sparta there.
    game = start(("Coup", "Void", "Void", "Military"), ("persian_gold", "Void", "Coup", "Influence"), toss=2)
    assert game.current_player() == "Athens"
    place(game, ("persian_gold", "corinth"), ("Void", "elis"), ("Void", "naupactus"), ("Void", "messenia"),
          ("Coup", "plataea"), ("Coup", "melos"))
    assert counters(game, "corinth") == 2  # two Spartan counters
    assert "persian_gold" in game.state.specials_used


def test_diceless_2_special_leaves_the_game_after_use_but_not_when_kept():
    game = start(("pericles", "Coup", "Void", "Influence"), ("persian_gold", "Void", "Coup", "Influence"))
    place(game, ("Coup", "elis"), ("Void", "euboea"), ("Void", "messenia"), ("Coup", "plataea"),
          ("Influence", "argos"), ("persian_gold", "syracuse"))
    state = game.state
    assert state.specials_used == ["persian_gold"]
    assert "pericles" in state.hands[0] and "persian_gold" not in state.cup
    assert all_chits(game) == FULL_CUP


def test_diceless_2_chit_not_in_hand_is_refused_with_the_hand_listed():
    game = start(("Military", "Coup", "Void", "Influence"))
    give(game, "Sparta", ["Military", "Coup", "Void", "Influence"])
    with pytest.raises(IllegalAction) as err:
        game.apply(PlaceChit("Star", "corinth", "Coup"))
    assert err.value.rule == "Diceless 3"
    assert err.value.reason == "You do not have a Star chit. Your chits: Military Option, Influence, Coup!, Void."


def test_diceless_2_ranges_grow_with_the_areas_won():
    game = start(("Military", "Coup", "Void", "Influence"))
    assert not game.in_range("Sparta", "Influence", "boeotia")
    put(game, "delphi", 1)
    assert game.in_range("Sparta", "Influence", "boeotia")
    assert "boeotia" in _legal_areas(game, "Influence")
