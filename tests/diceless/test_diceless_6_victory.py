"""Diceless 6: victory — ten areas, eleven with the capital lost, the last turn, the tie-breaks."""

import pytest
from diceless_helpers import play_turn, put, start

from peloponnesos.core import IllegalAction
from peloponnesos.games.diceless import DicelessGame

SPARTAN = ["messenia", "cythera", "argos", "elis", "corinth", "naupactus", "acarnania"]  # + sparta, arcadia


def test_diceless_6_ten_areas_win():
    game = start()
    for area in SPARTAN:
        put(game, area, 1)
    assert game.observation(None)["score"]["Sparta"] == 9
    play_turn(game, [("Coup", "delphi"), ("Void", "syracuse"), ("Void", "corcyra")],
              [("Void", "byzantium"), ("Coup", "persia"), ("Coup", "ionia")])
    result = game.result()
    assert game.is_over() and result.winner == "Sparta" and result.level == "victory"
    assert result.scores == {"Sparta": 10.0, "Athens": 4.0} and "(Diceless 6)" in result.reason
    assert game.current_player() is None and game.legal_actions() == []
    obs = game.observation("Athens")
    assert obs["result"]["winner"] == "Sparta" and obs["phase"] == "over"


def test_diceless_6_eleven_areas_needed_when_capital_lost():
    game = start()
    for area in [*SPARTAN, "delphi", "syracuse"]:
        put(game, area, 1)
    put(game, "sparta", -1)  # Sparta has 10 areas, but its capital is Athenian
    assert game.observation(None)["targets"] == {"Sparta": 11, "Athens": 10}
    play_turn(game, [("Void", "corcyra"), ("Void", "ionia"), ("Influence", "arcadia")],
              [("Void", "byzantium"), ("Coup", "persia"), ("Coup", "lesbos")])
    assert not game.is_over() and game.observation(None)["score"] == {"Sparta": 10, "Athens": 5}
    play_turn(game, [("Coup", "corcyra"), ("Void", "ionia"), ("Influence", "arcadia")],
              [("Void", "byzantium"), ("Coup", "chios"), ("Influence", "athens")])
    result = game.result()
    assert game.is_over() and result.winner == "Sparta" and result.scores["Sparta"] == 11
    assert "needed 11" in result.reason


def test_diceless_6_neutral_capital_keeps_target_ten():
    game = start()
    put(game, "sparta", 0)
    assert game.observation(None)["targets"]["Sparta"] == 10


def test_diceless_6_both_reach_target_more_areas_wins():
    game = start()
    for area in [*SPARTAN, "syracuse"]:
        put(game, area, 1)  # Sparta 10 before the turn: victory is checked only at its end
    for area in ["boeotia", "plataea", "euboea", "thessaly", "macedonia", "potidaea", "amphipolis", "chios"]:
        put(game, area, -1)  # Athens 10
    play_turn(game, [("Coup", "delphi"), ("Void", "corcyra"), ("Void", "samos")],
              [("Void", "byzantium"), ("Coup", "lesbos"), ("Coup", "hellespont")])
    result = game.result()
    assert result.winner == "Athens" and result.level == "most areas"
    assert "both sides reached their target" in result.reason and result.scores == {"Sparta": 11.0, "Athens": 12.0}


def _last_turn(sparta_extra=(), sparta_twos=()):
    """A one-turn game: Athens ends with athens 2, megara 2, euboea 1 (3 areas, 5 counters)."""
    game = start(turns=1)
    for area in sparta_extra:
        put(game, area, 1)
    for area in sparta_twos:
        put(game, area, 2)
    play_turn(game, [("Void", "syracuse"), ("Void", "corcyra"), ("Void", "samos")],
              [("Coup", "athens"), ("Coup", "megara"), ("Coup", "euboea")])
    assert game.is_over() and game.turn == 1
    return game


def test_diceless_6_after_last_turn_most_areas():
    result = _last_turn(["messenia", "cythera"]).result()
    assert result.winner == "Sparta" and result.level == "most areas"  # 4 areas to 3
    assert "nobody reached the target" in result.reason


def test_diceless_6_after_last_turn_most_counters():
    result = _last_turn(sparta_twos=["sparta", "arcadia", "cythera"]).result()  # 3 areas each, 6 counters to 5
    assert result.winner == "Sparta" and result.level == "most counters"
    assert "more counters, 6 to 5" in result.reason


def test_diceless_6_after_last_turn_draw():
    game = _last_turn(sparta_twos=["sparta", "cythera"])  # 3 areas and 5 counters each
    result = game.result()
    assert result.winner is None and result.level == "draw" and "a draw" in result.reason
    assert game.observation(None)["result"]["winner"] is None


def test_diceless_6_no_action_after_game_over():
    game = start(turns=1)
    play_turn(game, [("Void", "syracuse"), ("Void", "corcyra"), ("Coup", "samos")],
              [("Void", "byzantium"), ("Coup", "persia"), ("Coup", "ionia")])
    assert game.is_over()
    before = game.digest()
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply({"type": "delphi_keep"})
    assert game.digest() == before
    assert "The game is over" in game.prompt()


def test_diceless_6_game_lasts_15_turns_by_default():
    game = DicelessGame(seed=4, first_placer="Sparta")
    assert game.observation(None)["turns"] == 15 == game.n_turns
