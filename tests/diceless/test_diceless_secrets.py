"""Hidden chits stay hidden (Diceless 3): nothing the other side or a spectator sees — observation, log,
prompt, whose turn it is — depends on the chits a side holds or has put face down, until they are turned
over (Diceless 4). A determinized copy for the searching bot holds nothing its player could not see."""

from __future__ import annotations

import random

from diceless_helpers import start
from hypothesis import given, settings
from hypothesis import strategies as st

from peloponnesos.core.secrets import compare, lockstep, twin
from peloponnesos.games.diceless import DicelessGame, PlaceChit, SwapChit
from peloponnesos.games.diceless.bots import SearchBot


def public_key(game, hidden):
    """What the others see of a move of ``hidden``: a chit put face down on an area, a chit swapped at Delphi.
    The other side's moves are paired as they are (its chits are the same in both games)."""
    def key(action):
        if game.current_player() != hidden:
            return action
        if isinstance(action, PlaceChit):
            return ("face down on", action.area)
        if isinstance(action, SwapChit):
            return ("swap",)
        return action
    return key


def chooser(game, rng, from_turn):
    """Before turn ``from_turn`` (while the hands are alike), the same chit in both games; from then on any."""
    def choose(pairs):
        if game.state.turn < from_turn:
            same = [p for p in pairs if p[0] == p[1]]
            if same:
                return rng.choice(same)
        return rng.choice(pairs)
    return choose


def turned_over_differently(a, b):
    """Chits turned over at the reveal (Diceless 4) are public from then on: two games whose face-down
    chits differed rightly part there."""
    return a.state.revealed != b.state.revealed


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**40), hidden=st.sampled_from(["Sparta", "Athens"]), dealer=st.integers(0, 2**31),
       first=st.sampled_from([None, "Sparta", "Athens"]), from_turn=st.integers(1, 4))
def test_diceless_3_nothing_public_depends_on_the_hidden_chits(seed, hidden, dealer, first, from_turn):
    """Two games with the same public moves, one side dealt other chits from turn ``from_turn`` on and putting
    other chits face down: the other side and a spectator see exactly the same until the chits are turned
    over, and so do their determinized copies."""
    a = DicelessGame(seed=seed, first_placer=first)
    b = twin(a, hidden, seed=dealer, when=lambda g: g.state.turn >= from_turn)
    report = lockstep(a, b, hidden=hidden, choose=chooser(a, random.Random(dealer), from_turn),
                      key=public_key(a, hidden), stop=turned_over_differently, determinize=True)
    assert report.divergence is None, str(report)
    assert report.ended in ("over", "stopped", "no common move", "secrets apart"), report.ended
    if a.state.turn >= from_turn:  # the hidden side was really dealt other chits
        assert any(x.faces != y.faces for x, y in zip(a.dice.rolls, b.dice.rolls, strict=False) if x.private_to)


def test_diceless_3_a_chit_face_down_shows_only_where_it_lies():
    """Diceless 3: Athens puts Pericles or a Void on Megara; Sparta and a spectator see the same."""
    games = []
    for chit in ("pericles", "Void"):
        g = start(("Star", "Coup", "Void", "Military"), ("pericles", "Influence", "Coup", "Void"), toss=2)
        g.apply(PlaceChit(chit, "megara"))
        games.append(g)
    assert games[0].state.hands[1] != games[1].state.hands[1]
    # the hands differ in the chit left, not in public: only the hand counts show
    assert compare(*games, ["Sparta", None]) is None


def test_diceless_determinize_holds_nothing_the_player_could_not_see():
    """A copy for the searching bot: no draw private to the opponent, no face-down chit or Delphi swap in the
    history, not the real seed; its own draws and the public moves stay."""
    game = start(("Star", "Coup", "Void", "Military"), ("pericles", "Influence", "Coup", "Void"), toss=2)
    game.apply(PlaceChit("pericles", "megara"))
    game.apply(PlaceChit("Star", "corinth", "Military"))
    assert any(r.private_to == "Athens" for r in game.dice.rolls)
    for seed in range(10):
        copy = game.determinize("Sparta", seed)
        assert not [r for r in copy.dice.rolls if r.private_to == "Athens"]
        assert [r for r in copy.dice.rolls if r.private_to in (None, "Sparta")] == [
            r for r in game.dice.rolls if r.private_to in (None, "Sparta")]
        assert not [a for a in copy.history if isinstance(a, PlaceChit | SwapChit)]
        assert copy.history == [a for a in game.history if not isinstance(a, PlaceChit | SwapChit)]
        assert copy.dice.seed != game.dice.seed and copy.dice.pending_forced == 0
        assert len(copy.log) == 0


def test_diceless_determinize_depends_only_on_what_the_player_sees():
    """Two games alike in public, Athens holding other chits: Sparta's determinized copies are equal."""
    games = []
    for chit in ("pericles", "Void"):
        g = start(("Star", "Coup", "Void", "Military"), ("pericles", "Influence", "Coup", "Void"), toss=2)
        g.apply(PlaceChit(chit, "megara"))
        games.append(g)
    for seed in range(5):
        a, b = (g.determinize("Sparta", seed) for g in games)
        assert a.digest() == b.digest()


def test_diceless_the_search_bot_still_plays_on_determinized_copies():
    game = start()
    bot = SearchBot(simulations=40, seconds=5, seed=3)
    action = bot.choose(game, "Sparta")
    assert action in game.legal_actions() and bot.last_simulations >= 40
