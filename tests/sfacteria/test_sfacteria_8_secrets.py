"""Rules 3.D and 8: the stratagem hands stay secret. Nothing public — the other side's and a spectator's
observation, the log they may read, the prompt, whose turn it is, which decisions are asked and which the
engine takes by itself — depends on the chits a side holds (see CLARIFICATIONS.md, rules 3.D and 8).
A determinized copy for a searching bot holds nothing its player could not see."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from sfacteria_helpers import do, position

from peloponnesos.core import RandomBot
from peloponnesos.core.secrets import compare, lockstep, twin
from peloponnesos.games.sfacteria import SfacteriaGame
from peloponnesos.games.sfacteria.actions import AnnouncePA, DeclineStratagem, KeepStratagem, PlayStratagem

SECRET_KINDS = {"play_stratagem", "decline_stratagem", "keep_stratagem"}


def public_key(game, hidden):
    """What the other side sees of a move of ``hidden``: which chit it keeps is secret, only whether it keeps
    one (rule 3.E). The other side's moves are paired as they are (its chits are the same in both games)."""
    def key(action):
        if isinstance(action, KeepStratagem) and game.current_player() == hidden:
            return ("keep", action.chit != 0)
        return action
    return key


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31), hidden=st.sampled_from(["Athens", "Sparta"]), chooser=st.integers(0, 2**31),
       scenario=st.sampled_from(["historical", "blockade"]))
def test_sfacteria_8_nothing_public_depends_on_the_stratagem_hands(seed, hidden, chooser, scenario):
    """Two games with the same public moves, one side dealt other chits: the other side and a spectator
    see exactly the same at every step, and so do their determinized copies."""
    a = SfacteriaGame(seed=seed, scenario=scenario)
    b = twin(a, hidden, seed=chooser)
    report = lockstep(a, b, hidden=hidden, choose=random.Random(chooser).choice, key=public_key(a, hidden),
                      determinize=True)
    assert report.divergence is None, str(report)
    assert report.ended in ("over", "no common move", "secrets apart"), report.ended
    drawn = [(x.faces, y.faces) for x, y in zip(a.dice.rolls, b.dice.rolls, strict=False) if x.private_to]
    assert any(x != y for x, y in drawn)  # the hidden side was really dealt other chits


def _action_phase_with_one_announcement(hand):
    g = position({"T6": ["AH1"], "N7": ["AT2"], "N3": ["ST6"], "BASE_ATH_LAND": ["AH5"]})
    g.give_stratagems("Athens", hand)
    g.give_stratagems("Sparta", [10])
    g.state.out_chits = [c for c in g.state.out_chits if c not in (2, 6)]  # in play: Fire's chit, κύκλος'
    g.start_action_phase("Athens", pa=0.5)
    return g


def test_sfacteria_3_D_a_side_that_might_hold_a_stratagem_is_asked_even_with_one_announcement():
    """Rule 3.D with 8: with ½ PA left there is one announcement, but whether Athens could also play Fire
    or Storm is its secret; so it is asked whatever it holds, and the engine announces nothing for it."""
    games = [_action_phase_with_one_announcement(hand) for hand in ([2], [6])]  # κύκλος; Fire
    for g in games:
        assert g.state.step == "D_start" and g.current_player() == "Athens"
        assert not [e for e in g.log if e.kind == "forced"]
    assert games[0].legal_actions() == [AnnouncePA(1)]  # "no stratagem" is one click
    assert games[1].legal_actions() == [AnnouncePA(1), PlayStratagem(6)]
    assert compare(*games, ["Sparta", None]) is None


def test_sfacteria_3_D_the_engine_announces_alone_when_no_chit_in_play_could_be_played():
    """Rule 3.D: when no chit still in play has a face for the start of Athens' action phase (Fire and Storm
    are out of play), the one announcement is made by the engine, whatever Athens holds."""
    g = position({"T6": ["AH1"], "N7": ["AT2"], "N3": ["ST6"], "BASE_ATH_LAND": ["AH5"]})
    g.give_stratagems("Athens", [2])
    g.start_action_phase("Athens", pa=0.5)
    assert g.state.step == "D_move"
    assert [e.kind for e in g.log if e.kind != "supply_suspended"][-2:] == ["forced", "announce"]


def _battle(athens_hand, sparta_hand):
    g = position({"T8": ["SH1"], "T9": ["AH4", "AA2"]})
    g.give_stratagems("Athens", athens_hand)
    g.give_stratagems("Sparta", sparta_hand)
    g.state.out_chits = [c for c in g.state.out_chits if c not in (1, 2, 7)]
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T9", "move AH4 T9→T8", "move AA2 T9→T8", "end movement", "pay 1 PA and fight")
    return g


def test_sfacteria_8_a_secret_window_asks_a_side_whatever_its_hand():
    """Rule 8: Athens holds κύκλος in one game and only Cleon/the truce in the other; it is asked in the
    battle's window in both (it might hold κύκλος), and Sparta sees the same."""
    with_face, without = _battle([2], [7]), _battle([1], [7])
    for g in (with_face, without):
        assert g.state.step == "window" and g.current_player() == "Athens"
    assert without.legal_actions() == [DeclineStratagem()]
    assert compare(with_face, without, ["Sparta", None]) is None


def test_sfacteria_8_playing_or_declining_in_secret_leaves_the_same_public_record():
    """Rule 8: until the reveal, Sparta cannot tell whether Athens played a chit or none — not from its
    view, nor from the log (its lines, their numbers), nor from the chits Athens is shown to hold."""
    played, declined = _battle([2], [7]), _battle([2], [7])
    do(played, "play stratagem 2 κύκλος")
    do(declined, "no stratagem")
    assert played.current_player() == declined.current_player() == "Sparta"
    assert compare(played, declined, ["Sparta", None]) is None
    assert [e.text for e in declined.log.visible_to("Athens")][-2:] == [
        "Athens chooses no stratagem.", "Athens has made its choice."]


def _mid_game(seed=5, moves=400):
    """A random game stopped in turn 3 or later while Athens chooses in a secret window after Sparta chose a
    stratagem (the first seed from ``seed`` whose game gets there)."""
    for s in range(seed, seed + 100):
        g = SfacteriaGame(seed=s)
        bots = {p: RandomBot(s + i) for i, p in enumerate(g.players)}
        for _ in range(moves):
            if g.is_over() or (g.state.turn >= 3 and g.state.step == "window" and g.state.secret[1]):
                break
            g.apply(bots[g.current_player()].choose(g, g.current_player()))
        if not g.is_over() and g.state.secret[1]:
            return g
    raise AssertionError("no random game reached a secret window with Sparta's stratagem chosen")


def test_sfacteria_determinize_holds_nothing_the_player_could_not_see():
    """A searching bot's copy: Sparta's chits dealt again from what Athens cannot see, and no trace of the real
    ones — no private draw or log line of Sparta, no secret move in the history, not the real seed."""
    g = _mid_game()
    assert any(r.private_to == "Sparta" for r in g.dice.rolls)
    assert {a.kind for a in g.history} & SECRET_KINDS
    hands = set()
    for seed in range(100, 112):
        d = g.determinize("Athens", seed)
        assert not [r for r in d.dice.rolls if r.private_to == "Sparta"]
        assert [r for r in d.dice.rolls if r.private_to == "Athens"] == [
            r for r in g.dice.rolls if r.private_to == "Athens"]  # its own draws it has seen
        assert not [e for e in d.log if e.private_to == "Sparta"]
        assert not {a.kind for a in d.history} & SECRET_KINDS
        assert d.history == [a for a in g.history if a.kind not in SECRET_KINDS]
        assert d.dice.seed != g.dice.seed and d.dice.pending_forced == 0
        assert d.state.hands[0] == g.state.hands[0] and d.state.secret[1] == 0
        assert len(d.state.hands[1]) == len(g.state.hands[1]) + (1 if g.state.secret[1] else 0)
        assert d._legal is None  # no legal actions kept from the real game (they could be Sparta's)
        hands.add(tuple(d.state.hands[1]))
        assert d.legal_actions()
    assert len(hands) > 1


def test_sfacteria_determinize_keeps_a_log_only_of_what_the_player_saw():
    g = _mid_game()
    d = g.determinize("Athens", 3)
    assert len(d.log) == 0  # a copy for searching keeps no log (speed), so nothing can be read there
    c = g.clone(log=True)
    c._forget_secrets("Athens")
    assert [e for e in c.log if e.private_to is None or e.private_to == "Athens"] == list(c.log)
    assert len(c.log) == len(g.log.visible_to("Athens"))
