"""Bad input of every kind gets the package's own error, in words a teacher can read, and changes nothing."""

from __future__ import annotations

import pytest
from mountford_helpers import illegal, position

from peloponnesos.core import IllegalAction, OptionError, TablesError
from peloponnesos.games.mountford import MountfordGame, load_tables
from peloponnesos.games.mountford.actions import Activate, Form, Objective
from peloponnesos.games.mountford.tables import DEFAULT_PATH


def test_mountford_ill_typed_actions_are_refused_naming_the_rule():
    g = MountfordGame(seed=1)
    before = g.digest()
    for bad in (Form("3", 0, 0), Activate(7, "sparta"), Objective("athens", "yes", "")):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    with pytest.raises(IllegalAction):
        g.apply({"type": "activate", "leader": ["Archidamus"], "space": "sparta"})
    with pytest.raises(IllegalAction):
        g.apply({"type": "fly", "to": "olympus"})
    with pytest.raises(IllegalAction):
        g.apply("conquer the world")
    with pytest.raises(IllegalAction):
        g.apply(3.14)
    assert g.digest() == before


def test_mountford_unknown_leaders_and_spaces_are_explained():
    g = MountfordGame(seed=1)
    err = illegal(g, "activate Zeus at sparta", "10.3")
    assert "no leader called Zeus" in err.reason
    err = illegal(g, "activate Phormio at piraeus", "10.3")
    assert "does not lead" in err.reason


def test_mountford_a_wrong_step_action_says_what_is_expected_now():
    g = position({"piraeus": {"athens": (0, 0, 3)}})
    err = illegal(g, "move to naxos", "10.3")
    assert "choose a leader" in err.reason


def test_mountford_an_unreachable_objective_is_refused_with_the_movement_rule():
    g = position({"athens": {"athens": (3, 0, 0)}})
    g.apply("activate Pericles at athens")
    g.apply("form an army of 3H 0C 0N")
    err = illegal(g, "move to naxos", "4")
    assert "legal route" in err.reason


def test_mountford_bad_options_are_refused():
    with pytest.raises(OptionError):
        MountfordGame(seed=1, turns=0)
    with pytest.raises(OptionError):
        MountfordGame(seed=1, colour="red")
    with pytest.raises(OptionError):
        MountfordGame(seed=1, tables=42)


def test_mountford_a_shorter_war():
    g = MountfordGame(seed=1, turns=2)
    assert g.last_turn == 2


@pytest.mark.parametrize("old,new,words", [
    ("naval = [3, 4, 5]", "naval = [3, 4]", "exactly 3 entries"),
    ("needed = 7", "needed = \"seven\"", "whole number"),
    ("points = [0, 0, 1, 1, 1, 2]", "points = [0, 0, 1, 1, 1, 9]", "from 0 to 3"),
    ("skill = { athens = 1 }", "skill = { atlantis = 1 }", "major city-states"),
    ("turns = 9 ", "turns = -1 ", "from 1 to 30"),
    ("from_a_distance = true", "from_a_distance = 1", "true or false"),
])
def test_mountford_bad_tables_files_name_the_line_and_what_was_expected(tmp_path, old, new, words):
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(TablesError) as info:
        load_tables(str(path))
    assert words in str(info.value) and "line" in str(info.value) and "bad.toml" in str(info.value)


def test_mountford_a_tables_file_that_is_not_toml_or_not_there(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("[siege\npoints = ", encoding="utf-8")
    with pytest.raises(TablesError, match="not valid TOML"):
        load_tables(str(path))
    with pytest.raises(TablesError, match="no such file"):
        load_tables(str(tmp_path / "missing.toml"))
    with pytest.raises(TablesError):
        MountfordGame(seed=1, tables=str(tmp_path))
