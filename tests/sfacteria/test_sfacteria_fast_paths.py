"""The engine's fast paths (cached legal lists, counts kept between moves, shared action objects) give
exactly what a plain recomputation from the state gives, at every step of many random games."""

from __future__ import annotations

import gc
import random
import weakref

import pytest
from sfacteria_reference import might_play, reference_legal_actions, window_sides

from peloponnesos import load_game
from peloponnesos.core import IllegalAction
from peloponnesos.core.actions import action_from_dict
from peloponnesos.games.sfacteria import SfacteriaGame, sequence
from peloponnesos.games.sfacteria.stacking import Occupancy, occupancy

GAMES = [(seed, scenario, reduction, strategos)
         for seed, (scenario, reduction, strategos) in enumerate(
             [("historical", False, False)] * 6 + [("historical", True, True)] * 4 + [("blockade", False, False)] * 3
             + [("blockade", True, True)] * 3)]


def _same_counts(game) -> None:
    cached = game._occ
    if cached is not None and cached[0] is game.state:
        fresh = Occupancy(game)
        occ = cached[1]
        assert (occ.count, occ.tpf, occ.units, occ.naval, occ.leaders, occ.any) == (
            fresh.count, fresh.tpf, fresh.units, fresh.naval, fresh.leaders, fresh.any)


@pytest.fixture
def windows(monkeypatch) -> list:
    """Every secret window opened asks exactly the sides the reference says (rule 8), in its order."""
    real = sequence.open_window
    opened = []

    def checked(game, kind, sides):
        expected = window_sides(game, kind, sides)
        real(game, kind, sides)
        assert game.state.window == expected, (kind, game.state.turn)
        opened.append((kind, tuple(expected)))

    monkeypatch.setattr(sequence, "open_window", checked)
    return opened


@pytest.mark.parametrize(("seed", "scenario", "reduction", "strategos"), GAMES)
def test_sfacteria_legal_actions_equal_a_recomputation_from_scratch(seed, scenario, reduction, strategos, windows):
    game = SfacteriaGame(seed=100 + seed, scenario=scenario, optional_voluntary_reduction=reduction,
                         optional_strategos=strategos)
    game.log.enabled = seed % 2 == 0  # both ways a game is played: logged, and as a bot's playout
    rng = random.Random(seed)
    for _ in range(3000):
        if game.is_over():
            break
        legal = game.legal_actions()
        assert legal == reference_legal_actions(game), (game.state.step, game.state.turn)
        if game.state.step == "D_start" and len(legal) == 1:  # asked with one answer: a secret could give more
            assert might_play(game, game.state.to_act, "action")
        assert game.legal_actions() == legal  # asking twice gives the same answer
        legal.append("junk")  # the caller's copy: the cached list is not touched
        assert game.legal_actions() == legal[:-1]
        _same_counts(game)
        action = legal[rng.randrange(len(legal) - 1)]
        if rng.random() < 0.1:  # an equal action that is not the engine's own object is accepted too
            action = action_from_dict(action.to_dict(), game.action_types)
        game.apply(action)
        _same_counts(game)
    assert game.is_over()
    assert windows and any(asked for _, asked in windows)  # windows were opened, some asked someone


def test_sfacteria_copies_keep_their_own_caches():
    game = SfacteriaGame(seed=11)
    rng = random.Random(1)
    for _ in range(400):
        if game.is_over():
            break
        if rng.random() < 0.3:
            other = game.clone()
            legal = other.legal_actions()
            other.apply(legal[rng.randrange(len(legal))])
            assert other.legal_actions() == reference_legal_actions(other)
        legal = game.legal_actions()
        assert legal == reference_legal_actions(game)
        game.apply(legal[rng.randrange(len(legal))])
        _same_counts(game)


def test_sfacteria_illegal_actions_are_still_refused_after_the_fast_check():
    game = SfacteriaGame(seed=12)
    rng = random.Random(2)
    while game.state.step != "D_move":
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    before = game.digest()
    for bad in ({"type": "move", "piece": "AH1", "origin": "T6", "dest": "T1"},
                {"type": "activate", "zone": "N1"} if "activate N1" not in map(str, game.legal_actions()) else
                {"type": "end_helot_runs"}):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert game.digest() == before


def test_sfacteria_save_load_round_trips_after_the_speed_work():
    game = SfacteriaGame(seed=13, optional_strategos=True)
    rng = random.Random(3)
    for _ in range(180):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    back = load_game(game.to_json())
    assert back.digest() == game.digest()
    assert back.legal_actions() == game.legal_actions() == reference_legal_actions(back)


def _counts(occ) -> tuple:
    return occ.count, occ.tpf, occ.units, occ.naval, occ.leaders, occ.any


def test_sfacteria_counts_brought_up_to_date_equal_fresh_counts():
    """``occupancy(game)`` syncs the counts it keeps piece by piece (and a copy of a game starts from its
    original's): at every step they equal counts made afresh."""
    for seed in (21, 22):
        game = SfacteriaGame(seed=seed, optional_voluntary_reduction=True)
        rng = random.Random(seed)
        while not game.is_over():
            assert _counts(occupancy(game)) == _counts(Occupancy(game))
            if rng.random() < 0.05:
                other = game.clone()
                legal = other.legal_actions()
                other.apply(legal[rng.randrange(len(legal))])
                assert _counts(occupancy(other)) == _counts(Occupancy(other))
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])


def test_sfacteria_a_dropped_game_is_freed_without_the_cycle_collector():
    """No reference cycle holds a game (its dice log into it through a weak reference): a finished game is
    freed as soon as it is dropped, so playing many games does not pile them up for the garbage collector."""
    game = SfacteriaGame(seed=23)
    rng = random.Random(4)
    while not game.is_over():
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert any(e.kind == "roll" for e in game.log)  # the dice still log
    ref = weakref.ref(game)
    gc.disable()
    try:
        del game
        assert ref() is None
    finally:
        gc.enable()
