"""Saving and loading (the kernel's JSON format), exact replays from a seed, hidden information."""

from __future__ import annotations

import json

import pytest
from random_play import play_some

from peloponnesos import load_game, new_game
from peloponnesos.core import SaveFileError
from peloponnesos.games.sfacteria import SfacteriaGame


def test_sfacteria_save_and_load_mid_game_round_trips():
    g = new_game("sfacteria", seed=21, optional_strategos=True, optional_voluntary_reduction=True)
    play_some(g, 150)
    text = g.to_json()
    back = load_game(text)
    assert back.digest() == g.digest()
    assert back.observation("Athens") == g.observation("Athens")
    assert back.options == g.options and json.loads(text)["options"]["optional_strategos"] is True
    play_some(back, 40, seed=9)
    play_some(g, 40, seed=9)
    assert back.digest() == g.digest()


def test_sfacteria_forced_dice_are_saved_too():
    g = SfacteriaGame(seed=4, scenario="blockade")
    g.dice.force(2)
    g.apply("Helot run with SH6 from T11")
    assert load_game(g.to_json()).digest() == g.digest()


def test_sfacteria_a_seed_replays_a_game_exactly():
    a, b = SfacteriaGame(seed=5), SfacteriaGame(seed=5)
    play_some(a, 400)
    play_some(b, 400)
    assert a.history == b.history and a.digest() == b.digest()
    assert [e.text for e in a.log] == [e.text for e in b.log]


def test_sfacteria_a_hand_edited_save_is_refused():
    g = SfacteriaGame(seed=6)
    play_some(g, 30)
    data = json.loads(g.to_json())
    data["actions"][5] = {"type": "move", "piece": "AH1", "origin": "T6", "dest": "T12"}
    with pytest.raises(SaveFileError):
        load_game(json.dumps(data))


def test_sfacteria_options_must_be_json_plain_and_known():
    with pytest.raises(ValueError):
        SfacteriaGame(seed=1, scenario="atlantis")
    with pytest.raises(ValueError):
        SfacteriaGame(seed=1, optional_strategos="yes")
    with pytest.raises(ValueError):
        SfacteriaGame(seed=1, tables=3)


def test_sfacteria_observation_hides_the_opponents_chits_and_is_json():
    g = SfacteriaGame(seed=8)
    obs = g.observation("Sparta")
    json.dumps(obs, ensure_ascii=False)
    assert obs["stratagems"]["hand"] and all(set(c) == {"chit", "faces"} for c in obs["stratagems"]["hand"])
    athens_chits = set(g.state.hands[0]) - set(g.state.hands[1])
    shown = {c["chit"] for c in obs["stratagems"]["hand"]}
    assert not shown & athens_chits
    for key in ("game", "viewer", "turn", "turns", "phase", "to_act", "prompt", "initiative", "pa", "supply",
                "advantage", "units", "leaders", "eliminated", "bases", "stratagems", "reinforcements", "pending",
                "last_combat", "result"):
        assert key in obs
    unit = obs["units"][0]
    assert set(unit) == {"id", "side", "type", "pf", "full_pf", "reduced_pf", "reduced", "ally", "bonus", "zone",
                         "name", "label"}


def test_sfacteria_determinize_redeals_only_the_opponents_hand():
    g = SfacteriaGame(seed=8)
    mine = sorted(g.state.hands[0])
    seen = set()
    for seed in range(12):
        d = g.determinize("Athens", seed)
        assert sorted(d.state.hands[0]) == mine
        assert len(d.state.hands[1]) == len(g.state.hands[1])
        assert not set(d.state.hands[1]) & set(mine)
        seen.add(tuple(d.state.hands[1]))
        assert d.legal_actions()
    assert len(seen) > 1
    assert g.state.hands[1] == SfacteriaGame(seed=8).state.hands[1]  # the real game is untouched


def test_sfacteria_clone_is_cheap_and_independent():
    g = SfacteriaGame(seed=2)
    play_some(g, 60)
    c = g.clone()
    before = g.digest()
    play_some(c, 30)
    assert g.digest() == before
