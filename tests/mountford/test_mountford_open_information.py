"""Mountford's Peloponnesian War hides nothing (CLARIFICATIONS "Open information"): no private draw, no secret
move, the same observation for both sides. Proved with the kernel's checker (peloponnesos/core/secrets.py):
what each side and a spectator may see — observation, public log, dice, prompt, whose turn — is one and the
same at every step of random games, and a searching bot's ``determinize`` copy holds the same position with
other dice."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from peloponnesos.core import RandomBot, play
from peloponnesos.core.secrets import lockstep, public_view, twin
from peloponnesos.games.mountford import MountfordGame

VIEWERS = ("Athens", "Sparta", None)


def _shared(game: MountfordGame, viewer: str | None) -> dict:
    """``viewer``'s public view without what names the viewer: the observation's ``viewer`` field and the
    ``legal_actions`` part, which the kernel shows only to the player to act (here they are in every
    observation anyway, under ``legal``)."""
    view = public_view(game, viewer)
    view.pop("legal_actions")
    view["observation"] = {k: v for k, v in view["observation"].items() if k != "viewer"}
    return view


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), bot_seed=st.integers(0, 2**31))
def test_mountford_both_sides_and_a_spectator_see_the_same_at_every_step(seed, bot_seed):
    game = MountfordGame(seed=seed, turns=3)
    bots = {side: RandomBot(bot_seed + k) for k, side in enumerate(game.players)}
    steps = 0
    while True:
        views = [_shared(game, viewer) for viewer in VIEWERS]
        assert views[0] == views[1] == views[2], f"the views differ after {steps} moves"
        assert all(e.private_to is None for e in game.log) and all(r.private_to is None for r in game.dice.rolls)
        if game.is_over():
            break
        player = game.current_player()
        game.apply(bots[player].choose(game, player))
        steps += 1
    assert steps > 20


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), hidden=st.sampled_from(["Athens", "Sparta"]), chooser=st.integers(0, 2**31))
def test_mountford_the_secrets_checker_finds_nothing_a_side_could_hide(seed, hidden, chooser):
    """The kernel's lockstep check, as for Sfacteria's stratagem hands: a twin game whose ``hidden`` side is
    dealt its private draws otherwise (it has none), the same moves in both, and the other side's and a
    spectator's views — and their determinized copies — compared at every step."""
    a = MountfordGame(seed=seed, turns=2)
    b = twin(a, hidden, seed=chooser)
    report = lockstep(a, b, hidden=hidden, choose=random.Random(chooser).choice, determinize=True)
    assert report.divergence is None, str(report)
    assert report.ended == "over", report.ended
    assert a.digest() == b.digest()  # nothing was dealt otherwise: there was nothing secret to deal


def test_mountford_determinize_holds_the_same_position_with_other_dice():
    game = MountfordGame(seed=12)
    bots = {side: RandomBot(5) for side in game.players}
    for _ in range(120):
        player = game.current_player()
        game.apply(bots[player].choose(game, player))
    real = game.dice.clone()
    real_future = tuple(real.roll(8) for _ in range(3))
    game.dice.force(6, 6)  # outcomes fixed for the real game's future must not reach a copy
    futures = set()
    for player in game.players:
        for seed in (101, 102, 103):
            copy = game.determinize(player, seed)
            assert copy.snapshot() == game.snapshot()  # the same position: all of it was public
            assert copy.history == game.history and copy.dice.rolls == game.dice.rolls
            assert copy.dice.seed == seed != game.dice.seed and copy.dice.pending_forced == 0
            assert len(copy.log) == 0  # a copy for searching keeps no log
            assert copy.legal_actions() == game.legal_actions()
            futures.add(tuple(copy.dice.roll(8) for _ in range(3)))
            play(copy, {side: RandomBot(seed) for side in copy.players})  # a copy plays on by itself
    assert len(futures) == 3 and real_future not in futures  # other dice for every seed, whoever asks
    assert game.dice.pending_forced == 2 and not game.is_over()  # the real game is untouched
