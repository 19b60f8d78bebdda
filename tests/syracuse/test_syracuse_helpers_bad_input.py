"""The Siege of Syracuse's public helpers for lessons and prepared positions (place, set_walls, start_impulse,
start_admin) and its tables option refuse bad input with the package's own error and a sentence naming the bad
value, and a refused edit changes nothing; names are accepted in any case; tables may be given as TOML text."""

from __future__ import annotations

import pytest
from syracuse_helpers import where

import peloponnesos as pp
from peloponnesos.core.errors import OptionError, PeloponnesosError, TablesError
from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.games.syracuse.tables import DEFAULT_PATH


def refused(game, call, *names) -> str:
    """The OptionError ``call`` raises: one line, naming each of ``names``; ``game`` is left unchanged."""
    before = game.digest()
    with pytest.raises(OptionError) as err:
        call()
    message = str(err.value)
    assert "\n" not in message and len(message) < 400, message
    for name in names:
        assert name in message, message
    assert game.digest() == before
    return message


@pytest.fixture
def g():
    return SyracuseGame(seed=1)


# -- place ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args,kw,named", [
    (("A-H1", "Q-99"), {}, "'Q-99'"),
    (("A-H1", None), {}, "None"),
    (("A-H1", 7), {}, "7"),
    (("ZZZ", "L-7"), {}, "'ZZZ'"),
    (("A-H", "L-7"), {}, "did you mean"),
    ((None, "L-7"), {}, "None"),
    (("A-H1", "L-7"), {"steps": 0}, "0"),
    (("A-H1", "L-7"), {"steps": 9}, "9"),
    (("A-H1", "L-7"), {"steps": "2"}, "'2'"),
    (("A-H1", "L-7"), {"status": 3}, "3"),
    (("A-H1", "L-7"), {"status": True}, "True"),
    (("A-H1", "L-7"), {"aboard": "ZZZ"}, "'ZZZ'"),
    (("A-H1", "L-7"), {"aboard": "A-H2"}, "naval unit"),
    (("A-N1", "S-1"), {"aboard": "A-N1"}, "naval unit"),
    (("A-H1", "L-7"), {"side": "Sparta"}, "'Sparta'"),
    (("A-H1", "L-7"), {"side": "Syracuse"}, "belongs to Athens"),
    (("SIC1", "L-7"), {}, "side="),
    (("Nicias", "L-7"), {"steps": 2}, "leader"),
    (("Nicias", "L-7"), {"status": 1}, "leader"),
])
def test_syracuse_place_bad_arguments_are_refused_in_words_and_change_nothing(g, args, kw, named):
    refused(g, lambda: g.place(*args, **kw), named)


def test_syracuse_place_unknown_area_lists_some_areas_and_the_places_off_the_map(g):
    message = refused(g, lambda: g.place("A-H1", "Q-99"), "L-9", "OFF, POOL or ELIM")
    assert "did you mean" not in message


def test_syracuse_place_accepts_names_in_any_case(g):
    g.place("a-h1", "l-9")
    g.place("NICIAS", "l-9")
    g.place("sic1", "h-5", side="athens")
    g.place("s-h1", "elim")
    assert (where(g, "A-H1"), where(g, "Nicias"), where(g, "SIC1"), where(g, "S-H1")) == ("L-9", "L-9", "H-5", "ELIM")
    assert next(u for u in g.observation(None)["units"] if u["id"] == "SIC1")["side"] == "Athens"


def test_syracuse_place_a_sicel_in_the_pool_needs_no_side(g):
    g.place("SIC1", "POOL")
    assert where(g, "SIC1") == "POOL"


# -- set_walls --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args,named", [
    (("Q-99",), "'Q-99'"),
    ((None, 1), "None"),
    (("L-9", -1), "-1"),
    (("L-9", 3), "3"),
    (("H-5", 4), "4"),
    (("L-9", 0, 3), "3"),
    (("L-9", "1"), "'1'"),
    (("L-9", 1.0), "1.0"),
    (("S-1", 1), "sea area"),
])
def test_syracuse_set_walls_bad_arguments_are_refused_and_change_nothing(g, args, named):
    refused(g, lambda: g.set_walls(*args), named)


def test_syracuse_set_walls_accepts_an_area_in_any_case_and_three_athenian_walls_on_epipolae(g):
    g.set_walls("l-9", 2, 1)
    g.set_walls("H-5", 3, 0)
    walls = g.observation(None)["walls"]
    assert (walls["L-9"]["Athens"], walls["L-9"]["Syracuse"], walls["H-5"]["Athens"]) == (2, 1, 3)


# -- start_impulse and start_admin ----------------------------------------------------------------------------
@pytest.mark.parametrize("args,kw,named", [
    (("Sparta",), {}, "'Sparta'"),
    ((None,), {}, "None"),
    ((0,), {}, "Athens and Syracuse"),
    (("Athens", "air"), {}, "'air'"),
    (("Athens", None), {}, "ground or naval"),
    (("Athens",), {"ops": 0}, "0"),
    (("Athens",), {"ops": 6}, "6"),
    (("Athens",), {"ops": "3"}, "'3'"),
    (("Athens",), {"other_ops": -1}, "-1"),
    (("Athens",), {"turn": 42}, "42"),
    (("Athens",), {"turn": 0}, "0"),
    (("Athens",), {"turn": "3"}, "'3'"),
])
def test_syracuse_start_impulse_bad_arguments_are_refused_and_change_nothing(g, args, kw, named):
    refused(g, lambda: g.start_impulse(*args, **kw), named)


def test_syracuse_start_impulse_turn_beyond_a_shortened_game_is_refused():
    game = SyracuseGame(seed=1, last_turn=3)
    refused(game, lambda: game.start_impulse("Athens", turn=4), "4", "last turn is 3")


def test_syracuse_start_impulse_accepts_names_in_any_case():
    game = SyracuseGame(seed=1)
    game.start_impulse("syracuse", "Naval", ops=2, turn=5)
    obs = game.observation(None)
    assert obs["turn"] == 5 and obs["impulse"]["side"] == "Syracuse" and obs["impulse"]["kind"] == "naval"
    assert obs["impulses_left"]["Syracuse"] == 1


@pytest.mark.parametrize("turn", [42, 0, -1, "2", 2.0, True])
def test_syracuse_start_admin_bad_turn_is_refused_and_changes_nothing(g, turn):
    refused(g, lambda: g.start_admin(turn), repr(turn))


def test_syracuse_helper_refusals_are_the_packages_errors_and_value_errors(g):
    with pytest.raises(PeloponnesosError):
        g.place("A-H1", "Q-99")
    with pytest.raises(ValueError):
        g.set_walls("Q-99")


# -- the tables option: a path, or a tables file's contents ---------------------------------------------------
def test_syracuse_tables_given_as_toml_text_are_read_as_the_files_contents():
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    game = SyracuseGame(seed=1, tables=text)
    assert game.digest() == SyracuseGame(seed=1).digest()
    assert pp.load_game(game.to_json()).digest() == game.digest()  # the save carries the tables as data


def test_syracuse_tables_text_that_is_not_toml_is_explained_not_taken_for_a_file_name():
    with pytest.raises(TablesError) as err:
        SyracuseGame(seed=1, tables="[[[ this is not toml")
    message = str(err.value)
    assert "given as text" in message and "not valid TOML" in message and "no such file" not in message


def test_syracuse_tables_text_with_a_wrong_value_names_its_line():
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    broken = text.replace('name = "Sickness in the marshes"', "name = 5", 1)
    assert broken != text
    line = broken.splitlines().index("name = 5") + 1
    with pytest.raises(TablesError) as err:
        SyracuseGame(seed=1, tables=broken)
    message = str(err.value)
    assert "given as text" in message and f"line {line}" in message and "\n" not in message


@pytest.mark.parametrize("tables", ["", "   ", "\n"])
def test_syracuse_tables_empty_text_is_refused_in_words(tables):
    with pytest.raises(TablesError, match="No tables file was named"):
        SyracuseGame(seed=1, tables=tables)


def test_syracuse_tables_a_path_is_still_a_path(tmp_path):
    path = tmp_path / "published.toml"
    path.write_text(DEFAULT_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    assert SyracuseGame(seed=1, tables=str(path)).digest() == SyracuseGame(seed=1).digest()
    with pytest.raises(TablesError, match="no such file"):
        SyracuseGame(seed=1, tables=str(tmp_path / "missing.toml"))
