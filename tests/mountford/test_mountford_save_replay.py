"""Saving, loading and replaying a game of Mountford's Peloponnesian War."""

from __future__ import annotations

import json
import random

import pytest

import peloponnesos as pp
from peloponnesos.core import SaveFileError
from peloponnesos.games.mountford import MountfordGame
from peloponnesos.games.mountford.tables import DEFAULT_PATH


def _played(seed=3, n=150):
    g = MountfordGame(seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if g.is_over():
            break
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    return g


def test_mountford_save_and_load_give_the_same_position():
    g = _played()
    loaded = pp.load_game(g.to_json())
    assert loaded.digest() == g.digest()
    assert loaded.legal_actions() == g.legal_actions()


def test_mountford_a_replay_with_the_same_seed_and_actions_is_the_same_game():
    g = _played(seed=11, n=400)
    again = MountfordGame(seed=11)
    for a in g.history:
        again.apply(a.to_dict())
    assert again.digest() == g.digest()


def test_mountford_forced_dice_are_saved():
    g = MountfordGame(seed=1)
    g.dice.force(6, 6, 6, 6, 6, 6, 6, 6)
    rng = random.Random(1)
    for _ in range(40):
        g.apply(g.legal_actions()[rng.randrange(len(g.legal_actions()))])
    assert pp.load_game(g.to_json()).digest() == g.digest()


def test_mountford_a_save_carries_published_tables_not_their_path(tmp_path):
    text = DEFAULT_PATH.read_text(encoding="utf-8").replace("needed = 7", "needed = 6")
    path = tmp_path / "published.toml"
    path.write_text(text, encoding="utf-8")
    g = MountfordGame(seed=2, tables=str(path))
    assert g.tables.skirmish_choice["needed"] == 6
    saved = json.loads(g.to_json())
    assert isinstance(saved["options"]["tables"], dict)
    path.unlink()
    loaded = pp.load_game(json.dumps(saved))
    assert loaded.tables.skirmish_choice["needed"] == 6


def test_mountford_an_edited_save_is_refused():
    g = _played(n=60)
    data = json.loads(g.to_json())
    data["actions"][3] = {"type": "activate", "leader": "Zeus", "space": "olympus"}
    with pytest.raises(SaveFileError):
        pp.load_game(json.dumps(data))


def test_mountford_a_save_naming_a_tables_file_is_refused():
    data = json.loads(MountfordGame(seed=1).to_json())
    data["options"]["tables"] = "/etc/passwd"
    with pytest.raises(SaveFileError, match="names a file"):
        pp.load_game(json.dumps(data))
