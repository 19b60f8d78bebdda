"""Bad input of every kind gets the package's own error, in words a teacher can read, and changes nothing."""

from __future__ import annotations

import pytest
from mountford_helpers import illegal, position

from peloponnesos.core import IllegalAction, OptionError, RandomBot, TablesError, play
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
    assert err.reason.startswith("the army cannot reach Naxos: an army without ships keeps to land paths")


def test_mountford_4_an_army_can_only_take_the_sps_that_stand_with_its_leader():
    g = position({"piraeus": {"athens": (0, 0, 3)}})
    g.apply("activate Phormio at piraeus")
    err = illegal(g, "form an army of 5H 0C 0N", "4")
    assert err.reason == ("Phormio commands only the SPs in Piraeus, where he takes command, and only 0H 0C 3N of "
                          "Athens' side stand there")
    assert illegal(g, "form an army of 0H 0C 0N", "4").reason == "an army needs at least one SP"


def test_mountford_10_3_an_army_its_city_cannot_pay_for_is_refused_saying_what_it_costs():
    g = position({"athens": {"athens": (3, 0, 0)}})
    g.state.treasury["athens"] = 25
    g.apply("activate Pericles at athens")
    err = illegal(g, "form an army of 3H 0C 0N", "10.3")
    assert err.reason == "Athens has 25 talents, and this army costs 30 (10 for each land SP, 20 for each naval SP)"


def test_mountford_objectives_that_change_nothing_or_meet_the_wrong_foe_are_explained():
    g = position({"athens": {"athens": (3, 0, 0)}, "megara": {"megara": (1, 0, 0)}})
    g.apply("activate Pericles at athens")
    g.apply("form an army of 3H 0C 0N")
    assert "enemy SPs hold Megara" in illegal(g, "move to megara", "4").reason
    assert "nothing to attack in Eleusis" in illegal(g, "attack eleusis", "5.8").reason
    assert "changes nothing" in illegal(g, "move to eleusis avoiding mountain paths", "4.5.3").reason
    fleet = position({"piraeus": {"athens": (0, 0, 3)}})
    fleet.apply("activate Phormio at piraeus")
    fleet.apply("form an army of 0H 0C 3N")
    assert "Taenarum crossing is no shorter" in illegal(fleet, "move to naxos by the Taenarum crossing", "4.2").reason


def test_mountford_10_8_war_is_declared_only_on_a_neutral_city_state():
    g = MountfordGame(seed=1)
    err = illegal(g, "declare war on athens", "10.8")
    assert "only on a neutral city-state" in err.reason


def test_mountford_an_action_for_another_moment_says_what_is_awaited():
    g = MountfordGame(seed=1)
    err = illegal(g, "intercept", "10.3")
    assert err.reason == "that cannot be done now. Sparta: choose a leader to activate for an operation, or pass."


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


def test_mountford_10_6_a_shorter_war_is_judged_at_its_last_turn():
    """Frame 10.6: a one-turn war ends after its turn with the victory rule's judgement, not as a draw."""
    g = MountfordGame(seed=3, turns=1)
    g.log.enabled = False
    result = play(g, {side: RandomBot(2) for side in g.players})
    assert g.state.turn == 1 and result.winner in ("Athens", "Sparta")
    assert result.reason != "no more game turns"


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
