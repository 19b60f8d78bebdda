"""Diceless 3: the sequence of play — draws, the kept chit, Delphi, the Gods' toss, alternate placing."""

import json

import pytest
from diceless_helpers import FULL_CUP, all_chits, give, place, put, start

from peloponnesos.core import IllegalAction
from peloponnesos.games.diceless import DicelessGame, KeepChits, PlaceChit, PlaceCounter, SwapChit

QUIET = (("Void", "elis"), ("Void", "euboea"), ("Void", "messenia"), ("Void", "plataea"))


def test_diceless_3_turn_1_draws_four_later_turns_three():
    game = start()
    assert [len(h) for h in game.state.hands] == [4, 4]
    assert game.observation("Sparta")["hand_counts"] == {"Sparta": 4, "Athens": 4}
    draws = [r for r in game.dice.rolls if r.kind == "draw"]
    assert [len(r.faces) for r in draws] == [4, 4] and [r.private_to for r in draws] == ["Sparta", "Athens"]
    place(game, ("Void", "elis"), ("Void", "euboea"), ("Coup", "syracuse"), ("Coup", "corcyra"),
          ("Military", "argos"), ("Military", "athens"))
    assert game.turn == 2
    draws = [r for r in game.dice.rolls if r.kind == "draw"]
    assert [len(r.faces) for r in draws[2:]] == [3, 3]
    assert [len(h) for h in game.state.hands] == [4, 4]


def test_diceless_3_kept_chit_carries_over():
    game = start(("Star", "Coup", "Void", "Military"), ("Influence", "Coup", "Void", "Military"))
    place(game, ("Void", "elis"), ("Void", "euboea"), ("Coup", "syracuse"), ("Coup", "corcyra"),
          ("Military", "argos"), ("Military", "athens"))
    assert "Star" in game.state.hands[0] and "Influence" in game.state.hands[1]
    assert all_chits(game) == FULL_CUP


def test_diceless_3_placement_alternates_three_each():
    game = start(toss=1)
    order = []
    for move in (("Void", "elis"), ("Void", "euboea"), ("Coup", "syracuse"), ("Coup", "corcyra"),
                 ("Military", "argos")):
        order.append(game.current_player())
        game.apply(PlaceChit(*move))
    order.append(game.current_player())
    assert order == ["Sparta", "Athens"] * 3
    assert game.observation("Sparta")["placed_counts"] == {"Sparta": 3, "Athens": 2}
    assert "chit 3 of 3" in game.prompt()


@pytest.mark.parametrize(("face", "first"), [(1, "Sparta"), (2, "Athens")])
def test_diceless_3_gods_toss_decides_first_player(face, first):
    game = start(toss=face)
    assert game.current_player() == first
    obs = game.observation(None)
    assert obs["first_player"] == first
    assert obs["toss"] == {"tosser": "Sparta", "badge_up": face == 1, "first": first}
    toss = game.dice.rolls[-1]
    assert toss.kind == "roll" and toss.sides == 2 and toss.who == "Sparta" and "Gods" in toss.why


def test_diceless_3_gods_toss_alternates_tosser():
    game = start()
    game.dice.force(("Coup", "Coup", "Void"), ("Influence", "Influence", "Void"), 1)
    place(game, ("Void", "elis"), ("Void", "euboea"), ("Coup", "syracuse"), ("Coup", "corcyra"),
          ("Military", "argos"), ("Military", "athens"))
    assert game.turn == 2 and game.state.toss == (1, True) and game.current_player() == "Athens"


def test_diceless_3_delphi_holder_may_swap():
    game = start(("Void", "Coup", "Void", "Military"), sparta_free="delphi", toss=None)
    assert game.phase == "delphi" and game.current_player() == "Sparta"
    assert game.observation("Athens")["delphi"] == "Sparta"
    assert game.legal_actions() == [SwapChit("Military"), SwapChit("Coup"), SwapChit("Void"), KeepChits()]
    cup_before = len(game.state.cup)
    game.dice.force(("Star",), 2)
    game.apply(SwapChit("Void"))
    swap_draw = [r for r in game.dice.rolls if r.kind == "draw"][-1]
    assert swap_draw.sides == cup_before  # drawn before the Void went back
    assert swap_draw.private_to == "Sparta"
    assert sorted(game.state.hands[0]) == sorted(["Void", "Coup", "Military", "Star"])
    assert game.phase == "place" and game.current_player() == "Athens"  # the toss came next
    assert all_chits(game) == FULL_CUP
    public = [e.text for e in game.log.visible_to("Athens") if e.kind == "delphi"]
    assert public == ["Sparta holds Delphi and swaps one chit for a new one."]


def test_diceless_3_delphi_keep_and_wrong_swaps():
    game = start(("Void", "Coup", "Void", "Military"), athens_free="delphi", toss=None)
    assert game.current_player() == "Athens"
    with pytest.raises(IllegalAction, match="no Star chit to swap"):
        game.apply(SwapChit("Star"))
    game.dice.force(1)
    game.apply(KeepChits())
    assert game.phase == "place" and game.current_player() == "Sparta"
    with pytest.raises(IllegalAction) as err:
        game.apply(KeepChits())
    assert err.value.rule == "Diceless 3"


def test_diceless_3_no_delphi_phase_when_delphi_is_neutral():
    game = start()
    assert game.phase == "place" and game.observation(None)["delphi"] is None


def test_diceless_3_blank_only_when_nothing_reaches():
    game = start(("Military", "Influence", "Military", "Influence"))
    with pytest.raises(IllegalAction, match="as a blank only when none"):
        game.apply(PlaceChit("Military", "ionia", "Void"))
    put(game, "sparta", 0)
    put(game, "arcadia", 0)
    legal = game.legal_actions()
    assert legal and all(a.as_type == "Void" for a in legal) and len(legal) == 2 * 30
    hand = game.observation("Sparta")["hand"]
    assert all(entry["as_blank"] and len(entry["areas"]) == 30 for entry in hand)
    game.apply(PlaceChit("Military", "ionia", "Void"))
    assert str(game.history[-1]) == "Military Option on Ionia (as a blank)"


def test_diceless_3_hidden_information_in_observation():
    game = start(("Star", "Coup", "Void", "Military"), ("pericles", "Coup", "Void", "Military"))
    place(game, ("Star", "corinth", "Military"), ("pericles", "corinth"))
    spartan, athenian, spectator = (game.observation(p) for p in ("Sparta", "Athens", None))
    for obs in (spartan, athenian, spectator):
        json.dumps(obs)
    assert [c["chit"] for c in spartan["hand"]] == ["Military", "Coup", "Void"]
    assert spartan["chits_on_map"]["corinth"] == [
        {"side": "Sparta", "order": 1, "face_down": False, "chit": "Star", "name": "Star", "as": "Military"},
        {"side": "Athens", "order": 1, "face_down": True, "chit": None, "name": None, "as": None}]
    assert athenian["chits_on_map"]["corinth"][0]["chit"] is None
    assert athenian["chits_on_map"]["corinth"][1]["chit"] == "pericles"
    assert spectator["hand"] == [] and all(c["chit"] is None for c in spectator["chits_on_map"]["corinth"])
    assert "Star" not in json.dumps(athenian["chits_on_map"]) + json.dumps(athenian["hand"])
    assert "pericles" not in json.dumps(spartan) and "pericles" not in json.dumps(spectator)


def test_diceless_3_secret_draws_and_chits_are_private_in_the_log():
    game = start(("Star", "Coup", "Void", "Military"), ("pericles", "Coup", "Void", "Military"))
    place(game, ("Star", "corinth", "Military"))
    athens_sees = " ".join(e.text for e in game.log.visible_to("Athens"))
    sparta_sees = " ".join(e.text for e in game.log.visible_to("Sparta"))
    assert "Star" not in athens_sees and "Star" in sparta_sees
    assert "pericles" not in sparta_sees and "Pericles" not in sparta_sees
    assert "Sparta puts a chit face down on Corinth." in athens_sees


def test_diceless_3_legal_actions_are_only_the_current_players():
    game = start(("Star", "Coup", "Void", "Military"), ("pericles", "Influence", "Influence", "Void"))
    assert {a.chit for a in game.legal_actions()} == {"Star", "Coup", "Void", "Military"}
    game.apply(PlaceChit("Coup", "ionia"))
    assert {a.chit for a in game.legal_actions()} == {"pericles", "Influence", "Void"}


def test_diceless_3_actions_by_text_and_dict():
    game = start()
    game.apply("Coup! on Syracuse")
    game.apply({"type": "place_chit", "chit": "Void", "area": "euboea", "as_type": None})
    assert [str(a) for a in game.history[-2:]] == ["Coup! on Syracuse", "Void on Euboea"]
    with pytest.raises(IllegalAction):
        game.apply({"type": "place_counter", "area": "corinth"})


def test_diceless_3_reveal_happens_after_six_chits_and_starts_the_next_turn():
    game = start()
    give(game, "Sparta", ["Military", "Influence", "Coup", "Void"])
    place(game, ("Void", "elis"), ("Void", "euboea"), ("Coup", "syracuse"), ("Coup", "corcyra"))
    assert game.turn == 1 and game.observation(None)["struggles"] == []
    place(game, ("Military", "argos"), ("Military", "athens"))
    obs = game.observation(None)
    assert game.turn == 2 and obs["struggles_turn"] == 1 and obs["chits_on_map"] == {}
    assert [r["area"] for r in obs["struggles"]] == ["elis", "euboea", "syracuse", "corcyra", "argos", "athens"]
    assert obs["revealed"]["syracuse"] == [{"side": "Sparta", "chit": "Coup", "name": "Coup!", "as": None}]


def test_diceless_3_prompts_name_the_decision():
    game = DicelessGame(seed=2, first_placer="Athens", names={"Sparta": "Lucia", "Athens": "Marco"})
    assert game.prompt().startswith("Athens (Marco): put your second counter")
    game.apply(PlaceCounter("delphi"))
    game.apply(PlaceCounter("corinth"))
    assert game.prompt().startswith("Athens (Marco) holds Delphi: swap one chit")
