"""Rule 10.1: the Sicels a side draws from the opaque container stay its secret until it places them. Checked with
the kernel's checker (``peloponnesos.core.secrets``): two games with the same public history, one side dealt other
Sicels, look the same to the other side and to a spectator at every step — their observations, the log and dice
they may read, the prompt, whose turn it is, which decisions are asked and which the engine takes by itself — and
so do the copies a searching bot makes of them (``determinize``). Placing a Sicel shows it (its face is on the
map), so the comparison stops there: from then on the games differ in public, rightly."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from syracuse_helpers import position

from peloponnesos.core.secrets import compare, lockstep, twin
from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.games.syracuse.actions import PlaceSicel


def public_key(game, hidden):
    """What the other side sees of a move: where ``hidden`` places a Sicel, not which one (the games hold
    different ones until it is on the map); every other move as it is."""
    def key(action):
        if isinstance(action, PlaceSicel) and game.current_player() == hidden:
            return ("place_sicel", action.area)
        return action
    return key


def shown(game, side: int) -> set[int]:
    """The Sicels of ``side`` on the map or off it: seen by everybody."""
    st_ = game.state
    return {u for u in game.counters.sicels if st_.uside[u] == side and st_.loc[u] >= -1}


def revealed(hidden):
    def stop(a, b):
        side = a.players.index(hidden)
        return shown(a, side) != shown(b, side)
    return stop


def secret_draws_from(turn: int):
    """The twin is dealt other Sicels only in recruitments (10.1.1) from ``turn`` on: the Sicels drawn at the
    set-up and with the allied waves are placed at once, in the same move, so they are never a secret."""
    return lambda g: g.state.phase == "admin" and g.state.turn >= turn


def run_twins(seed: int, hidden: str, chooser: int, from_turn: int, max_steps: int):
    a = SyracuseGame(seed=seed)
    b = twin(a, hidden, seed=chooser, when=secret_draws_from(from_turn))
    report = lockstep(a, b, hidden=hidden, choose=random.Random(chooser).choice, key=public_key(a, hidden),
                      stop=revealed(hidden), max_steps=max_steps, determinize=True)
    return a, b, report


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), hidden=st.sampled_from(["Athens", "Syracuse"]), chooser=st.integers(0, 2**31),
       from_turn=st.integers(1, 4))
def test_syracuse_10_1_nothing_public_depends_on_the_sicels_drawn_in_secret(seed, hidden, chooser, from_turn):
    """Random games, one side dealt other Sicels from a turn on: nothing differs for the other side or a
    spectator, nor in their determinized copies, until the hidden side places a Sicel."""
    _, _, report = run_twins(seed, hidden, chooser, from_turn, max_steps=300)
    assert report.divergence is None, str(report)
    assert report.ended in ("over", "stopped", "max steps"), report.ended


def test_syracuse_10_1_the_twins_really_hold_other_sicels_until_one_is_placed():
    """Fixed seeds where the hidden side recruits: the draws differ, the views agree up to the placement, which
    ends the comparison (the reveal)."""
    for seed, hidden, from_turn in ((0, "Athens", 1), (3, "Syracuse", 2), (9, "Syracuse", 2)):
        a, b, report = run_twins(seed, hidden, seed + 7, from_turn, max_steps=1500)
        assert report.divergence is None, str(report)
        assert report.ended == "stopped", (seed, report.ended)
        drawn = [(x.faces, y.faces) for x, y in zip(a.dice.rolls, b.dice.rolls, strict=False) if x.private_to]
        assert any(x != y for x, y in drawn)
        side = a.players.index(hidden)
        assert shown(a, side) != shown(b, side)


def _recruited(draw):
    """Athens (ML 8 against 6) draws two Sicels in secret; Syracuse rolls 9 and draws none; Athens must place."""
    g = position({"L-10": ["A-H1", "A-N1", "Nicias"], "L-7": ["S-H1"]}, ml=(8, 6), seed=4)
    g.state.step, g.state.agenda = "", [("operations",)]
    g.dice.force(draw, 9)
    g.then(("sicel_recruitment",))
    g._advance()
    return g


def test_syracuse_10_1_the_other_side_cannot_tell_which_sicels_were_drawn():
    a, b = _recruited(("SIC1", "SIC2")), _recruited(("SIC4", "SIC6"))
    assert a.state.hands[0] != b.state.hands[0]
    assert compare(a, b, ["Syracuse", None]) is None
    assert a.observation("Athens")["sicels"]["hand"] == ["SIC1", "SIC2"]
    assert compare(a, b, ["Athens"]) is not None  # Athens sees its own hand


def test_syracuse_10_1_determinize_redeals_only_the_other_sides_hidden_sicels():
    g = _recruited(("SIC1", "SIC2"))
    hands = set()
    for seed in range(100, 120):
        d = g.determinize("Syracuse", seed)
        assert not [r for r in d.dice.rolls if r.private_to == "Athens"]  # no trace of the real draw
        assert d.dice.seed == seed and d.dice.seed != g.dice.seed
        assert len(d.state.hands[0]) == 2 and all(d.state.uside[u] == 0 for u in d.state.hands[0])
        assert all(d.state.uside[u] == -1 for u in set(g.state.hands[0]) - set(d.state.hands[0]))
        assert d.observation("Syracuse") == g.observation("Syracuse") and d.legal_actions()
        hands.add(tuple(sorted(d.state.hands[0])))
    assert len(hands) > 3
    other = _recruited(("SIC4", "SIC6"))
    assert other.determinize("Syracuse", 3).snapshot() == g.determinize("Syracuse", 3).snapshot()
    mine = g.determinize("Athens", 1)
    assert mine.state.hands == g.state.hands
    assert [r for r in mine.dice.rolls if r.private_to] == [r for r in g.dice.rolls if r.private_to == "Athens"]
