"""The engine's public helpers (route planner, battle and siege previews, editing a position) refuse bad input
with the package's own error and a sentence naming the bad value, and a refused edit changes nothing."""

from __future__ import annotations

import pytest

from peloponnesos import rules
from peloponnesos.core.errors import IllegalAction, OptionError, PeloponnesosError, UnknownRule
from peloponnesos.display import rule_card
from peloponnesos.games.mountford import MountfordGame


def refused(call, *names) -> str:
    """The OptionError ``call`` raises: one line, naming each of ``names``."""
    with pytest.raises(OptionError) as err:
        call()
    message = str(err.value)
    assert "\n" not in message and len(message) < 400
    for name in names:
        assert name in message, message
    return message


@pytest.fixture(scope="module")
def g():
    return MountfordGame(seed=431)


# -- plan_routes ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args,named", [
    (("sparta", "sparta", "nowhere"), "'nowhere'"),
    (("zeus", "sparta", "athens"), "'zeus'"),
    ((None, "sparta", "athens"), "None"),
    (("sparta", 7, "athens"), "7"),
])
def test_mountford_plan_routes_unknown_space_or_city_is_refused_in_words(g, args, named):
    message = refused(lambda: g.plan_routes(*args, hoplites=7), named)
    assert "such as" in message


@pytest.mark.parametrize("hoplites", [None, "7", -3, 2.5, True, 10**6])
def test_mountford_plan_routes_sps_that_are_not_whole_numbers_are_refused(g, hoplites):
    refused(lambda: g.plan_routes("sparta", "sparta", "athens", hoplites=hoplites), repr(hoplites)[:20], "whole number")


def test_mountford_plan_routes_unknown_via_is_refused_naming_the_ways(g):
    refused(lambda: g.plan_routes("athens", "piraeus", "cythera", naval=10, via="bogus"), "'bogus'", "taenarum")


def test_mountford_plan_routes_accepts_names_in_any_case(g):
    assert g.plan_routes("Sparta", "SPARTA", "Athens", hoplites=7) == g.plan_routes("sparta", "sparta", "athens",
                                                                                      hoplites=7)


# -- preview_battle -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("args,named", [
    (("nowhere", "sparta"), "'nowhere'"),
    (("athens", None), "None"),
    (("athens", "zeus"), "'zeus'"),
    (("athens", "sparta", ("7", "1", "0")), "'7'"),
    (("athens", "sparta", (-1, 0, 0)), "-1"),
    (("athens", "sparta", 7), "7"),
    (("athens", "sparta", (7, 1)), "(7, 1)"),
])
def test_mountford_preview_battle_bad_arguments_are_refused_in_words(g, args, named):
    refused(lambda: g.preview_battle(*args), named)


def test_mountford_preview_battle_unknown_leader_or_option_is_refused(g):
    refused(lambda: g.preview_battle("athens", "sparta", (7, 0, 0), leader="Zeus"), "'Zeus'", "Archidamus")
    refused(lambda: g.preview_battle("athens", "sparta", (7, 0, 0), skirmish=True), "skirmish")
    refused(lambda: g.preview_battle("athens", "sparta", (7, 0, 0), try_skirmish="yes"), "'yes'")


# -- preview_siege -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args,named", [
    (("nowhere", "sparta", 7), "'nowhere'"),
    (("plataea", "zeus", 7), "'zeus'"),
    (("plataea", "sparta", "7"), "'7'"),
    (("plataea", "sparta", -2), "-2"),
    (("plataea", "sparta", 0), "0"),
    (("plataea", "sparta", 2.5), "2.5"),
])
def test_mountford_preview_siege_bad_arguments_are_refused_in_words(g, args, named):
    refused(lambda: g.preview_siege(*args), named)


@pytest.mark.parametrize("args,words", [
    (("sparta", "sparta", 7), "held by Sparta itself"),
    (("athens", "athens", 7), "held by Athens itself"),
    (("corinth", "sparta", 7), "held by Corinth, on Sparta's own side"),
    (("eleusis", "sparta", 7), "only a fortress can be besieged"),
    (("argos", "sparta", 7), "neutral city-state"),
])
def test_mountford_preview_siege_of_a_place_that_cannot_be_besieged_says_why(g, args, words):
    refused(lambda: g.preview_siege(*args), "5.8", words)


def test_mountford_preview_siege_still_gives_odds_for_a_real_siege(g):
    dist = g.preview_siege("Plataea", "sparta", 7)
    assert dist == g.preview_siege("plataea", "sparta", 7)
    assert all(talents is None or (type(talents) is int and talents > 0) for (_, talents), _p in dist.items())


# -- editing a position: refused, and the game unchanged -------------------------------------------------------
@pytest.mark.parametrize("args,named", [
    (("x", "athens", 1), "'x'"),
    (("nowhere", "athens", 1), "'nowhere'"),
    (("athens", "nowhere", 1), "'nowhere'"),
    (("athens", "athens", -10), "-10"),
    (("athens", "athens", "x"), "'x'"),
    (("athens", "athens", None), "None"),
    (("athens", "athens", 1, 0, 2.0), "2.0"),
])
def test_mountford_place_bad_arguments_are_refused_and_change_nothing(args, named):
    game = MountfordGame(seed=1)
    before = game.digest()
    refused(lambda: game.place(*args), named)
    assert game.digest() == before


@pytest.mark.parametrize("args,kw,named", [
    (("nowhere", "athens"), {}, "'nowhere'"),
    (("athens", "zeus"), {}, "'zeus'"),
    (("athens", None), {}, "None"),
    (("athens", "athens"), {"garrison": "yes"}, "'yes'"),
    (("athens", ""), {"garrison": True}, "garrison"),
])
def test_mountford_set_owner_bad_arguments_are_refused_and_change_nothing(args, kw, named):
    game = MountfordGame(seed=1)
    before = game.digest()
    refused(lambda: game.set_owner(*args, **kw), named)
    assert game.digest() == before


@pytest.mark.parametrize("side", ["Persia", None, 0, "athen"])
def test_mountford_give_operation_to_no_side_is_refused_and_changes_nothing(side):
    game = MountfordGame(seed=1)
    before = game.digest()
    refused(lambda: game.give_operation(side), repr(side), "Athens and Sparta")
    assert game.digest() == before


def test_mountford_editing_helpers_accept_names_in_any_case():
    game = MountfordGame(seed=1)
    game.place("Athens", "ATHENS", 3)
    game.set_owner("Plataea", "Athens")
    game.give_operation("athens")
    obs = game.observation("sparta")
    assert obs["viewer"] == "Sparta" and obs["to_act"] == "Athens"
    assert next(s for s in obs["spaces"] if s["id"] == "plataea")["owner"] == "athens"


@pytest.mark.parametrize("player", ["Persia", 5, ["Athens"]])
def test_mountford_observation_for_no_side_is_refused_in_words(g, player):
    refused(lambda: g.observation(player), repr(player), "Athens and Sparta")


def test_mountford_helper_refusals_are_the_packages_errors_and_value_errors(g):
    """OptionError is a PeloponnesosError and a ValueError (place() used to raise a bare ValueError)."""
    with pytest.raises(PeloponnesosError):
        g.place("nowhere", "athens", 1)
    with pytest.raises(ValueError):
        g.place("nowhere", "athens", 1)


# -- rule cards (shared by every game) ------------------------------------------------------------------------
@pytest.mark.parametrize("game,number,title", [
    ("mountford", "9.9", "Brian Mountford"),
    ("mountford", None, "Brian Mountford"),
    ("sfacteria", "99", "Sfacteria"),
    ("syracuse", "x", "Syracuse"),
    ("diceless", "4.21", "diceless"),
])
def test_mountford_rule_card_unknown_rule_names_the_game_and_the_rules_it_has(game, number, title):
    with pytest.raises(UnknownRule) as err:
        rule_card(game, number)
    message = str(err.value)
    assert isinstance(err.value, PeloponnesosError) and isinstance(err.value, KeyError)  # KeyError: as before
    assert not message.startswith(("'", '"')) and "\n" not in message
    assert title in message and repr(str(number)) in message
    first = next(iter(rules(game))).number
    assert f"its sections are: {first}, " in message


def test_mountford_rule_card_suggests_the_nearest_rule_numbers():
    with pytest.raises(UnknownRule, match=r"did you mean 4\.5\.4"):
        rule_card("mountford", "4.5.5")


# -- apply: words for a wrongly written action ------------------------------------------------------------------
@pytest.mark.parametrize("text,words", [
    ("activate Archidamus at Sparta", 'no space "Sparta": spaces are written in lower case ("sparta")'),
    ("activate Archidamus at nowhere", 'no space "nowhere" on the map'),
    ("activate archidamus at sparta", "no leader called archidamus (did you mean Archidamus?)"),
])
def test_mountford_apply_activate_with_a_misspelt_name_says_which_name(text, words):
    game = MountfordGame(seed=431)
    before = game.digest()
    with pytest.raises(IllegalAction) as err:
        game.apply(text)
    assert words in err.value.reason and err.value.rule == "Mountford 10.3"
    assert game.digest() == before


@pytest.mark.parametrize("action,words", [
    ({"type": "activate"}, "an 'activate' action needs the field(s) leader, space; this one lacks leader, space"),
    ({"type": "activate", "leader": "Archidamus"}, "this one lacks space"),
    ({"type": "activate", "leader": "Archidamus", "space": "sparta", "extra": 1},
     "unknown field(s) extra for an 'activate' action; its fields: leader, space"),
    ({"type": "activate", "leader": 5, "space": "sparta"}, "the leader of an 'activate' action must be text, not 5"),
])
def test_mountford_apply_dict_with_missing_or_wrong_fields_names_them(action, words):
    game = MountfordGame(seed=431)
    before = game.digest()
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert words in err.value.reason and "__init__" not in err.value.reason
    assert game.digest() == before
