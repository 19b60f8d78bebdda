"""The session behind every panel, driven without a browser (with the example duel game)."""

import pytest

import peloponnesos as pp
from peloponnesos.games.duel import StandFirm, Strike
from peloponnesos.widgets.session import Session


def duel(seed=1):
    return pp.new_game("duel", seed=seed)


def test_session_hotseat_follows_the_side_to_act_without_curtain_when_nothing_is_hidden():
    s = Session(duel(), mode="hotseat", hidden_information=False)
    first = s.to_act()
    assert s.viewer == first and not s.curtain
    assert s.apply(StandFirm()).ok
    assert s.viewer == s.to_act() != first and not s.curtain


def test_session_hotseat_curtain_falls_between_players_when_the_game_hides_information():
    s = Session(duel(), mode="hotseat", hidden_information=True)
    first = s.to_act()
    s.apply(StandFirm())
    assert s.curtain and s.viewer == first
    assert s.legal_actions() == []
    assert not s.apply(Strike()).ok and "Pass the screen" in s.message
    s.lift_curtain()
    assert not s.curtain and s.viewer == s.to_act() != first


def test_session_illegal_action_is_refused_with_rule_and_nothing_changes():
    s = Session(duel(), mode="hotseat", hidden_information=False)
    s.apply(StandFirm())
    s.apply(StandFirm())
    digest = s.game.digest()
    outcome = s.apply(StandFirm())
    assert not outcome.ok and outcome.rule == "Duel 2.2" and "Duel 2.2" in s.message
    assert s.game.digest() == digest


def test_session_vs_bot_bot_answers_at_once():
    s = Session(duel(3), mode="vs_bot", humans=["Argos"], bots={"Sparta": pp.RandomBot(1)})
    assert s.to_act() == "Argos" or s.game.is_over()
    s.apply(s.legal_actions()[0])
    assert s.game.is_over() or s.to_act() == "Argos"
    assert any(e.side == "Sparta" for e in s.game.log)


def test_session_undo_only_when_no_die_was_rolled():
    s = Session(duel(4), mode="hotseat", hidden_information=False)
    digest = s.game.digest()
    s.apply(StandFirm())
    assert s.can_undo
    assert s.undo().ok and s.game.digest() == digest
    s.apply(Strike())  # rolls a die
    assert not s.can_undo and not s.undo().ok and "rolled" in s.message


def test_session_bots_mode_steps_to_the_end():
    s = Session(duel(5), mode="bots", bots={p: pp.RandomBot(2) for p in ("Argos", "Sparta")})
    assert s.legal_actions() == []
    while not s.game.is_over():
        assert s.step().ok
    assert not s.step().ok


def test_session_save_and_load_and_bad_file():
    s = Session(duel(6), mode="hotseat", hidden_information=False)
    s.apply(Strike())
    text = s.save()
    other = Session(duel(7), mode="hotseat", hidden_information=False)
    assert other.load(text).ok and other.game.digest() == s.game.digest()
    digest = other.game.digest()
    assert not other.load("{broken").ok and "not valid JSON" in other.message
    assert other.game.digest() == digest


def test_session_needs_a_player_for_every_side():
    with pytest.raises(ValueError, match="no one plays"):
        Session(duel(), mode="vs_bot", humans=["Argos"])
    with pytest.raises(ValueError, match="not a side"):
        Session(duel(), mode="vs_bot", humans=["Corinth"], bots={})
