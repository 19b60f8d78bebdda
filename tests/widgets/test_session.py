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


def test_session_hotseat_what_happened_then_curtain_once_something_is_secret():
    s = Session(duel(), mode="hotseat", hidden_information=True)
    first = s.to_act()
    s.apply(StandFirm())
    second = s.to_act()
    assert not s.curtain and not s.review and s.viewer == second != first  # nothing is secret yet
    s.game.event("draw", "A secret only the second side sees.", private_to=second)
    s.apply(StandFirm())
    assert s.review and s.viewer == second and s.to_act() == first
    assert s.legal_actions() == [] and not s.apply(Strike()).ok and "pass the screen" in s.message
    assert s.observation() == s.game.observation(None)
    assert [e.kind for e in s.what_happened()] == ["stand"]  # the secret is not in "what happened"
    assert s.pass_screen().ok and s.curtain
    assert s.legal_actions() == []
    assert not s.apply(Strike()).ok and "Pass the screen" in s.message
    s.lift_curtain()
    assert not s.curtain and s.viewer == s.to_act() == first


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


def test_session_undo_belongs_to_the_side_that_moved():
    s = Session(duel(4), mode="hotseat", hidden_information=False)
    mover = s.to_act()
    digest = s.game.digest()
    assert s.apply(StandFirm()).ok and s.to_act() != mover
    assert not s.can_undo
    outcome = s.undo()
    assert not outcome.ok and mover in s.message and s.game.digest() != digest


def test_session_undo_takes_back_your_own_last_action():
    s = Session(pp.new_game("sfacteria", seed=1), mode="hotseat")
    for _ in range(300):  # on to a side that acts twice in a row with no die between (moving in phase D)
        take_the_screen(s)
        if s.game.state.step == "D_move":
            break
        s.apply(s.legal_actions()[0])
    side = s.to_act()
    s.apply(next(a for a in s.legal_actions() if str(a).startswith("activate")))
    assert s.to_act() == side
    digest = s.game.digest()
    s.apply(s.legal_actions()[0])
    assert s.to_act() == side and s.can_undo
    assert s.undo().ok and s.game.digest() == digest and s.viewer == side and s.legal_actions()


def test_session_undo_refused_once_a_die_was_rolled_or_a_chit_drawn_since():
    s = Session(pp.new_game("sfacteria", seed=1), mode="hotseat")
    take_the_screen(s)
    s.apply(s.legal_actions()[0])
    assert s.can_undo
    s.game.dice.d6(who=s.to_act(), why="a test roll")
    digest = s.game.digest()
    assert not s.can_undo and not s.undo().ok and "rolled" in s.message and s.game.digest() == digest


def test_session_undo_refused_once_something_hidden_was_turned_over():
    s = Session(pp.new_game("sfacteria", seed=1), mode="hotseat")
    take_the_screen(s)
    s.apply(s.legal_actions()[0])
    assert s.can_undo
    s.game.event("reveal", "The hidden chits are turned over.")
    assert not s.can_undo and not s.undo().ok


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


# -- hot-seat with hidden information: undo, the "what happened" screen, the curtain ----------------------

def hotseat(name, seed=1, **options):
    if name == "diceless":
        options.setdefault("first_placer", "Sparta")
    return Session(pp.new_game(name, seed=seed, **options), mode="hotseat")


def take_the_screen(s):
    """The player who has finished passes the screen; the next one clicks "show my side"."""
    if getattr(s, "review", False) and not s.game.is_over():
        s.pass_screen()
    if s.curtain:
        s.lift_curtain()


def play_until_the_screen_passes(s, limit=300):
    """First legal actions until the side to act changes hands; returns the side that moved last."""
    take_the_screen(s)
    for _ in range(limit):
        mover = s.viewer
        assert s.apply(s.legal_actions()[0]).ok
        if getattr(s, "review", False) or s.curtain:
            return mover
    raise AssertionError("the screen never passed")


@pytest.mark.parametrize("name", ["sfacteria", "diceless"])
def test_session_hotseat_the_next_player_cannot_undo_the_previous_players_move(name):
    s = hotseat(name)
    for _ in range(3):  # past the diceless set-up, where nothing is hidden yet
        mover = play_until_the_screen_passes(s)
    take_the_screen(s)
    player = s.viewer
    assert player == s.to_act() != mover
    digest, seen = s.game.digest(), s.observation()
    assert not s.can_undo
    outcome = s.undo()
    assert not outcome.ok and s.game.digest() == digest
    assert s.viewer == player and s.observation() == seen and not s.curtain


def test_session_hotseat_the_mover_may_take_back_a_move_before_passing_the_screen():
    s = hotseat("diceless")
    for _ in range(3):
        take_the_screen(s)
        before, mover = s.game.digest(), s.to_act()
        play_until_the_screen_passes(s)
    assert s.review and s.can_undo and s.viewer == mover
    assert s.undo().ok and s.game.digest() == before
    # the "what happened" screen may have been seen by both: the mover's side comes back behind the curtain
    assert s.curtain and s.observation() == s.game.observation(None)
    s.lift_curtain()
    assert s.viewer == s.to_act() == mover and s.legal_actions()


def test_session_hotseat_nothing_can_be_undone_once_the_screen_has_passed():
    s = hotseat("diceless")
    for _ in range(3):
        play_until_the_screen_passes(s)
    s.pass_screen()
    assert s.curtain and not s.can_undo and not s.undo().ok


def test_session_hotseat_the_reveal_is_shown_to_both_before_the_curtain():
    s = hotseat("diceless", turns=2)
    for _ in range(40):
        take_the_screen(s)
        s.apply(s.legal_actions()[0])
        if any(e.kind == "reveal" for e in s.game.log):
            break
    assert s.review and not s.curtain
    # a public screen: what both sides may see, nothing to do, and the turned-over chits in "what happened"
    assert s.observation() == s.game.observation(None) and s.observation()["struggles"]
    assert any(e.kind == "reveal" for e in s.what_happened())
    assert all(e.private_to is None for e in s.what_happened() + s.log_lines(50))
    assert s.legal_actions() == [] and not s.apply(s.game.legal_actions()[0]).ok
    assert not s.can_undo  # the chits were turned over: no take-back
    s.pass_screen()
    assert s.curtain
    s.lift_curtain()
    assert s.viewer == s.to_act() and s.legal_actions()


@pytest.mark.parametrize("mode, side", [("hotseat", None), ("vs_bot", "Sparta"), ("vs_bot", "Athens")])
def test_session_no_undo_after_the_game_ending_reveal(mode, side):
    from peloponnesos.games.diceless.bots import GreedyBot

    game = pp.new_game("diceless", seed=5, turns=1, first_placer="Sparta")
    humans = None if side is None else [side]
    bots = {} if side is None else {p: GreedyBot(seed=1) for p in game.players if p != side}
    s = Session(game, mode=mode, humans=humans, bots=bots)
    while not s.game.is_over():
        take_the_screen(s)
        s.apply(s.legal_actions()[0])
    revealed = s.game.observation(None)["revealed"]
    assert revealed and not s.can_undo and not s.undo().ok
    assert s.game.is_over() and s.game.observation(None)["revealed"] == revealed
    assert s.observation()["revealed"] == revealed  # the end is shown in the public view


def test_session_vs_bot_no_undo_once_the_computer_has_answered():
    from peloponnesos.games.diceless.bots import GreedyBot

    s = Session(pp.new_game("diceless", seed=2, first_placer="Sparta"), mode="vs_bot", humans=["Sparta"],
                bots={"Athens": GreedyBot(seed=1)})
    s.apply(s.legal_actions()[0])  # the free counter (Diceless 1.1); Athens answers, the chits are drawn
    rolls = len(s.game.dice.rolls)
    s.apply(s.legal_actions()[0])  # a chit; Athens answers with one of its own, no die rolled
    assert s.to_act() == "Sparta" and len(s.game.dice.rolls) == rolls
    assert [e.side for e in s.game.log.events[-2:]] == ["Athens", "Athens"]
    assert not s.can_undo  # its answer is new information: taking back would let you try again knowing it


def test_session_hotseat_starts_behind_the_curtain_once_there_are_secrets():
    s = hotseat("sfacteria")  # the stratagem chits are dealt before the first decision
    assert s.curtain and s.observation() == s.game.observation(None) and s.legal_actions() == []
    s.lift_curtain()
    assert s.viewer == s.to_act() and s.legal_actions()
    open_start = hotseat("diceless")  # nothing is hidden before the chits are drawn
    assert not open_start.curtain and open_start.viewer == open_start.to_act()


def test_session_loading_in_hotseat_starts_behind_the_curtain():
    s = hotseat("sfacteria")
    take_the_screen(s)
    text = s.save()
    other = hotseat("sfacteria", seed=2)
    take_the_screen(other)
    assert other.load(text).ok and other.curtain and other.observation() == other.game.observation(None)
