"""Rule 6.2 and 10.2: the reconstructed tables, and a teacher's published tables loaded instead."""

from __future__ import annotations

import pytest
from sfacteria_helpers import do, position

from peloponnesos import load_game
from peloponnesos.core import RandomBot
from peloponnesos.core.errors import SaveFileError
from peloponnesos.games.sfacteria import SfacteriaGame, load_tables
from peloponnesos.games.sfacteria.tables import DEFAULT_PATH, TablesError


def test_sfacteria_6_2_the_reconstructed_tables_are_marked_and_complete():
    t = load_tables()
    assert t.reconstructed and t.columns == ("1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1")
    for table in (t.land, t.naval):
        assert len(table) == 7 and all(len(col) == t.rows == 8 for col in table)
    # at even odds without modifiers the attacker wins on 4, 5, 6
    assert [t.outcome("land", 2, d).winner for d in range(1, 7)] == ["defender"] * 3 + ["attacker"] * 3
    # better odds never make the attacker worse off
    for kind in ("land", "naval"):
        for row in range(8):
            wins = [t.outcome(kind, c, row).winner == "attacker" for c in range(7)]
            assert wins == sorted(wins)


def test_sfacteria_6_2_a_teacher_can_load_the_published_tables(tmp_path):
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    old_row, new_row = '"2:1" = ["1/0 D", "1/1 D", "1/1 A", "0/1 A"', '"2:1" = ["1/0 D", "1/1 D", "1/1 A", "0/3 A"'
    published = text.replace(old_row, new_row, 1)
    published = published.replace("reconstructed = true", "reconstructed = false", 1)
    path = tmp_path / "published.toml"
    path.write_text(published, encoding="utf-8")
    g = position({"T8": ["SH2"], "T9": ["AH4", "AH6"]}, tables=str(path))
    assert not g.tables.reconstructed
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T9", "move AH4 T9→T8", "move AH6 T9→T8")
    g.dice.force(3)
    do(g, "pay 1 PA and fight", "keep the advantage")
    assert g.observation(None)["last_combat"]["result"] == "0/3 A"
    # the path is a plain option: a game started with it saves, and loads with the same tables
    started = SfacteriaGame(seed=1, tables=str(path))
    assert not load_game(started.to_json()).tables.reconstructed


def test_sfacteria_6_2_a_broken_tables_file_is_explained(tmp_path):
    bad = tmp_path / "bad.toml"
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    bad.write_text(text.replace('"1:1" = ["2/0 D"', '"1:1" = ["lots"', 1), encoding="utf-8")
    with pytest.raises(TablesError, match=r"line \d+, \[land\] `1:1`, entry 1 must be a result like"):
        load_tables(bad)
    with pytest.raises(TablesError, match="no such file"):
        load_tables(tmp_path / "missing.toml")


def test_sfacteria_6_2_a_save_carries_the_published_tables_to_another_computer(tmp_path):
    text = DEFAULT_PATH.read_text(encoding="utf-8").replace("reconstructed = true", "reconstructed = false", 1)
    path = tmp_path / "published.toml"
    path.write_text(text.replace('"1:1" = ["2/0 D"', '"1:1" = ["2/1 D"', 1), encoding="utf-8")
    game = SfacteriaGame(seed=5, tables=str(path))
    bot = RandomBot(5)
    for _ in range(150):
        game.apply(bot.choose(game, game.current_player()))
    saved = game.to_json()
    assert str(path) not in saved  # the tables' data travel in the save, not this computer's path
    path.unlink()  # the other computer has no such file
    loaded = load_game(saved)
    assert loaded.digest() == game.digest() and not loaded.tables.reconstructed
    assert loaded.tables.land == game.tables.land and str(loaded.tables.land[2][0]) == "2/1 D"
    assert load_game(loaded.to_json()).digest() == game.digest()  # and saved again, the same
    broken = saved.replace('"2/1 D"', '"lots"', 1)
    with pytest.raises(SaveFileError, match=r"\[land\] `1:1`, entry 1 must be a result like"):
        load_game(broken)  # the tables in a save are checked like a file
