"""Saving and loading (also in the middle of a skirmish), exact replays, bad input of every kind, and the tables
a teacher can load. (The Sicels drawn in secret, rule 10.1, are in test_syracuse_10_1_secrets.py.)"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from random_play import play_some
from syracuse_helpers import illegal, position

from peloponnesos import load_game, new_game
from peloponnesos.core import IllegalAction, SaveFileError, TablesError
from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.games.syracuse.tables import DEFAULT_PATH, load_tables


def test_syracuse_save_and_load_mid_game_round_trips_and_plays_on_the_same():
    g = new_game("syracuse", seed=21)
    play_some(g, 120)
    back = load_game(g.to_json())
    assert back.digest() == g.digest() and back.observation("Athens") == g.observation("Athens")
    play_some(back, 60, seed=9)
    play_some(g, 60, seed=9)
    assert back.digest() == g.digest()


def test_syracuse_save_in_the_middle_of_a_skirmish_loads_back_exactly():
    for seed in range(40):
        g = new_game("syracuse", seed=seed)
        play_some(g, 3000, seed=seed, until=lambda x: x.state.skirmish is not None and x.state.step == "skirmish")
        if g.state.skirmish is not None:
            break
    else:
        pytest.skip("no skirmish in these games")
    back = load_game(g.to_json())
    assert back.state.skirmish == g.state.skirmish and back.legal_actions() == g.legal_actions()


def test_syracuse_a_seed_replays_a_game_exactly():
    a, b = SyracuseGame(seed=5), SyracuseGame(seed=5)
    play_some(a, 300)
    play_some(b, 300)
    assert a.history == b.history and a.digest() == b.digest()
    assert [e.text for e in a.log] == [e.text for e in b.log]


def test_syracuse_a_hand_edited_save_is_refused():
    g = SyracuseGame(seed=6)
    play_some(g, 40)
    data = json.loads(g.to_json())
    data["actions"][3] = {"type": "move", "piece": "A-H1", "dest": "L-7"}
    with pytest.raises(SaveFileError):
        load_game(json.dumps(data))


def test_syracuse_illegal_actions_name_the_rule_and_change_nothing():
    g = position({"L-10": ["A-H1", "Nicias"], "L-7": ["S-H1"]})
    g.dice.force(1)
    g.start_impulse("Athens")
    err = illegal(g, "move A-H1 to L-7", "7.1")
    assert "city" in err.reason
    illegal(g, "move A-H1 to L-99", "7")
    illegal(g, "move S-H1 to L-8", "7.1")
    illegal(g, "pass", "6.1.2")
    illegal(g, "build a siege wall in L-10", "10.2.1")
    illegal(g, {"type": "move", "piece": 3, "dest": "L-1"}, "7.1")


def test_syracuse_bad_input_of_every_kind_is_refused_in_words():
    g = SyracuseGame(seed=2)
    before = g.digest()
    for bad in ("castle kingside", "x" * 600, 42, None, {"type": "teleport"}, {"type": "move", "piece": ["A"]},
                {"type": "move", "piece": "A-H1", "dest": "L-1", "extra": 1}):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert g.digest() == before
    with pytest.raises(ValueError):
        SyracuseGame(seed=1, last_turn=12)
    with pytest.raises(ValueError):
        SyracuseGame(seed=1, extra_peltast="yes")
    with pytest.raises(ValueError):
        SyracuseGame(seed=1, tables=3)


def test_syracuse_tables_a_teacher_can_load_the_published_values(tmp_path: Path):
    path = tmp_path / "published.toml"
    shutil.copy(DEFAULT_PATH, path)
    text = path.read_text(encoding="utf-8").replace("[walls]\ncompletes_on = 4", "[walls]\ncompletes_on = 5")
    path.write_text(text, encoding="utf-8")
    g = SyracuseGame(seed=1, tables=str(path))
    assert g.tables.walls_completes_on == 5
    saved = json.loads(g.to_json())
    assert isinstance(saved["options"]["tables"], dict)
    path.unlink()
    assert load_game(g.to_json()).tables.walls_completes_on == 5


def test_syracuse_tables_a_broken_file_is_explained_with_its_line(tmp_path: Path):
    path = tmp_path / "broken.toml"
    text = DEFAULT_PATH.read_text(encoding="utf-8").replace('"1:1" = ["A1",', '"1:1" = ["A9",', 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TablesError, match=r"line \d+") as err:
        load_tables(str(path))
    assert "1:1" in str(err.value)
    text = DEFAULT_PATH.read_text(encoding="utf-8").replace("[surrender.bad_omens]\nvalue = 1",
                                                           "[surrender.bad_omens]\nvalue = 40")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TablesError, match="from -6 to 6"):
        load_tables(str(path))


def test_syracuse_tables_every_value_says_if_it_is_printed_or_reconstructed():
    t = load_tables()
    assert t.reconstructed
    rows = t.rows_for_lessons()
    assert rows and all(r["basis"] in ("printed", "reconstructed") and r["note"] for r in rows)
    assert any(r["basis"] == "printed" for r in rows) and any(r["basis"] == "reconstructed" for r in rows)
