"""Saving, loading and replaying diceless games; the registry entry; determinized copies for bots."""

import json
from collections import Counter

import pytest
from diceless_helpers import FULL_CUP, all_chits, start

import peloponnesos as pp
from peloponnesos.core import RandomBot, SaveFileError, load_game, play
from peloponnesos.games.diceless import DicelessGame, PlaceChit


def _half_played(seed=5, actions=17, **options):
    game = pp.new_game("diceless", seed=seed, **options)
    bot = RandomBot(seed)
    for _ in range(actions):
        game.apply(bot.choose(game, game.current_player()))
    return game


def test_diceless_catalogue_entry_is_ready_and_players_match():
    info = pp.core.game_info("diceless")
    assert info.ready and info.players == DicelessGame.players == ("Sparta", "Athens")
    assert isinstance(pp.new_game("diceless", seed=1), DicelessGame)


def test_diceless_save_load_mid_game_round_trip():
    game = _half_played(names={"Sparta": "Lucia", "Athens": "Marco"})
    assert not game.is_over()
    text = game.to_json()
    data = json.loads(text)
    assert data["options"]["names"] == {"Sparta": "Lucia", "Athens": "Marco"} and data["game"] == "diceless"
    loaded = load_game(text)
    assert loaded.digest() == game.digest()
    for viewer in ("Sparta", "Athens", None):
        assert loaded.observation(viewer) == game.observation(viewer)
    bot = RandomBot(9)
    a, b = game, loaded
    while not a.is_over():
        move = bot.choose(a, a.current_player())
        a.apply(move)
        b.apply(move)
    assert a.digest() == b.digest() and a.result() == b.result()


def test_diceless_save_load_keeps_forced_draws():
    game = start(("Star", "Coup", "Void", "Military"))
    game.apply(PlaceChit("Star", "corinth", "Military"))
    loaded = load_game(game.to_json())
    assert loaded.digest() == game.digest() and loaded.state.hands == game.state.hands


def test_diceless_load_refuses_a_tampered_file():
    game = _half_played()
    data = json.loads(game.to_json())
    data["actions"][5] = {"type": "place_chit", "chit": "Star", "area": "syracuse", "as_type": "Military"}
    with pytest.raises(SaveFileError, match="not allowed at that point"):
        load_game(json.dumps(data))


def test_diceless_seed_replays_exactly():
    a, b = pp.new_game("diceless", seed=42), pp.new_game("diceless", seed=42)
    play(a, {p: RandomBot(3) for p in a.players})
    play(b, {p: RandomBot(3) for p in b.players})
    assert a.digest() == b.digest() and [e.text for e in a.log] == [e.text for e in b.log]
    assert [r.faces for r in a.dice.rolls] == [r.faces for r in b.dice.rolls]
    c = pp.new_game("diceless", seed=43)
    play(c, {p: RandomBot(3) for p in c.players})
    assert [r.faces for r in c.dice.rolls] != [r.faces for r in a.dice.rolls]


def test_diceless_only_the_dice_bring_chance():
    game = _half_played(seed=8, actions=0)
    kinds = Counter(r.kind for r in play_and_rolls(game))
    assert set(kinds) <= {"draw", "roll"}
    for roll in game.dice.rolls:
        if roll.kind == "roll":
            assert roll.sides == 2 and "Gods" in roll.why
        else:
            assert roll.private_to in ("Sparta", "Athens")


def play_and_rolls(game):
    play(game, {p: RandomBot(1) for p in game.players})
    return game.dice.rolls


def test_diceless_determinize_hides_the_opponents_secrets():
    game = start(("Star", "Coup", "Void", "Military"), ("pericles", "Influence", "Coup", "Void"), toss=2)
    game.apply(PlaceChit("pericles", "megara"))  # Athens' secret chit on Megara
    game.apply(PlaceChit("Star", "corinth", "Military"))
    game.apply(PlaceChit("Influence", "athens"))
    seen_pericles = 0
    for seed in range(40):
        copy = game.determinize("Sparta", seed)
        s, real = copy.state, game.state
        assert s.hands[0] == real.hands[0]  # own hand unchanged
        assert len(s.hands[1]) == len(real.hands[1])
        assert [(p[0], p[2]) for p in s.placed] == [(p[0], p[2]) for p in real.placed]  # same areas
        assert s.placed[1] == real.placed[1]  # own chit unchanged
        assert all_chits(copy) == FULL_CUP
        # the record holds only what Sparta saw: no face-down chit in the history, no draw of Athens
        assert [a.kind for a in copy.history] == ["place_counter", "place_counter"] and len(copy.log) == 0
        assert [r.private_to for r in copy.dice.rolls] == ["Sparta", None]
        for side, code, area, as_type in s.placed:
            if side == 1 and as_type is None:
                assert copy.tables.reach(code, s.owned[1]) >> area & 1
        seen_pericles += s.placed[0][1] == "pericles"
        copy.apply(copy.legal_actions()[0])  # a determinized copy plays on
    assert seen_pericles < 40  # the secret chit was really dealt again
    assert game.state.placed[0][1] == "pericles"  # and the real game is untouched


def test_diceless_clone_is_independent():
    game = start()
    other = game.clone()
    other.apply(other.legal_actions()[0])
    assert len(game.state.placed) == 0 and len(other.state.placed) == 1
