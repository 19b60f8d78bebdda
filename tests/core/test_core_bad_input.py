"""Bad input of every kind gets the package's own error, with a sentence a teacher can read, and changes
nothing: saved games (SaveFileError), actions built by hand (IllegalAction naming a rule), options
(OptionError). Each case here once gave a raw Python exception."""

import json
import os

import pytest

import peloponnesos as pp
from peloponnesos.core import IllegalAction, RandomBot, SaveFileError
from peloponnesos.core.errors import OptionError, PeloponnesosError
from peloponnesos.games.diceless.actions import PlaceChit
from peloponnesos.games.sfacteria.actions import Activate, AnnouncePA, Move, Transport


def played(name: str, seed: int = 3, n: int = 40):
    game = pp.new_game(name, seed=seed)
    bot = RandomBot(seed)
    for _ in range(n):
        if game.is_over():
            break
        game.apply(bot.choose(game, game.current_player()))
    return game


def save_data(name: str = "sfacteria") -> dict:
    return json.loads(played(name).to_json())


def refused(source) -> str:
    with pytest.raises(SaveFileError) as err:
        pp.load_game(source)
    assert "\n" not in str(err.value) and len(str(err.value)) < 400
    return str(err.value)


# -- saved games ------------------------------------------------------------------------------------
def test_load_refuses_deeply_nested_json():
    assert "nest" in refused('{"format": ' + "[" * 100_000 + "]" * 100_000 + "}")
    data = save_data()
    deep: list = []
    for _ in range(200):
        deep = [deep]
    data["options"]["scenario"] = deep
    assert "nested" in refused(json.dumps(data))


def test_load_refuses_digit_like_keys_in_forced_dice():
    data = save_data()
    for key in ("²", "١", "-1", "1e3", " 1"):
        data["forced_dice"] = {key: [3]}
        assert "roll number" in refused(json.dumps(data))


def test_load_refuses_forced_dice_that_are_not_faces():
    data = save_data()
    for value in ([True], [None], [[1]], [], {"a": 1}, 3):
        data["forced_dice"] = {"0": value}
        refused(json.dumps(data))


@pytest.mark.parametrize("name", ["sfacteria", "mountford", "syracuse"])
def test_load_refuses_dice_fixed_for_rolls_not_yet_made(name):
    """An edited save cannot load the dice for the rolls to come (all sixes, or a face no die has). (The dice a class
    typed in for rolls already made load as before: the save-and-replay tests of each game.)"""
    game = played(name)
    rolled = len(game.dice.rolls)
    data = json.loads(game.to_json())
    data.pop("digest")
    data["forced_dice"] = {str(rolled + k): [6] for k in range(20)}
    assert "dice that have not been rolled yet" in refused(json.dumps(data))
    data["forced_dice"] = {str(rolled): [99]}
    assert "dice that have not been rolled yet" in refused(json.dumps(data))


@pytest.mark.parametrize("halves", ["3", None, [3], 2.5, True, {"x": 1}])
def test_load_refuses_ill_typed_action_fields(halves):
    data = save_data()
    index = next(i for i, a in enumerate(data["actions"]) if a["type"] == AnnouncePA.kind)
    data["actions"][index]["halves"] = halves
    message = refused(json.dumps(data))
    assert f"action {index + 1} of" in message


def test_load_refuses_booleans_where_numbers_are_expected():
    data = save_data("duel")
    data["options"] = {"strength": True}
    assert "whole number" in refused(json.dumps(data))
    data["options"] = {}
    data["seed"] = True
    refused(json.dumps(data))


def test_load_refuses_absurd_numbers():
    data = save_data("duel")
    text = json.dumps(data).replace(f'"seed": {data["seed"]}', '"seed": ' + "9" * 5000)
    refused(text)
    data["seed"] = 2**70
    refused(json.dumps(data))


def test_load_refuses_a_folder_a_missing_file_and_text_that_is_not_a_save(tmp_path):
    assert "folder" in refused(tmp_path)
    assert "folder" in refused(str(tmp_path))
    assert "no file" in refused(tmp_path / "missing.json")
    assert "no file" in refused("missing-save.json")
    refused("")
    refused(b"\xff\xfe not text")
    refused(12)
    refused(["a", "list"])
    refused("not json{")


def test_load_reads_a_file_given_by_its_path(tmp_path):
    game = played("duel")
    path = tmp_path / "duel.json"
    path.write_text(game.to_json(), encoding="utf-8")
    assert pp.load_game(path).digest() == game.digest()
    assert pp.load_game(str(path)).digest() == game.digest()


def test_a_save_never_makes_the_loader_open_a_file(tmp_path, monkeypatch):
    data = save_data()
    published = tmp_path / "published.toml"
    published.write_text("whatever", encoding="utf-8")
    data["options"]["tables"] = str(published)
    opened = []
    real_open = open
    monkeypatch.setattr("builtins.open", lambda *a, **k: opened.append(a[0]) or real_open(*a, **k))
    assert "names a file" in refused(json.dumps(data))
    assert str(published) not in map(str, opened)


def test_a_huge_save_file_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(50_000_000)
    assert "larger" in refused(path)


# -- actions built by hand ----------------------------------------------------------------------------
def unchanged_after(game, action) -> IllegalAction:
    before, log, history = game.digest(), len(game.log), list(game.history)
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert (game.digest(), len(game.log), game.history) == (before, log, history)
    assert err.value.rule.startswith(game.rules().prefix)  # names a rule of this game
    return err.value


@pytest.mark.parametrize("action", [
    PlaceChit("Coup", ["corinth"]), PlaceChit(["Coup"], "corinth"), PlaceChit("Coup", "corinth", 3),
    PlaceChit(None, None), {"type": "place_chit", "chit": "Coup", "area": {"a": 1}},
    {"type": "place_chit", "chit": 1, "area": "corinth"}, 3.5, None, object(),
])
def test_diceless_ill_typed_actions_are_illegal_and_change_nothing(action):
    game = played("diceless", n=5)
    error = unchanged_after(game, action)
    assert "must be" in error.reason or "not an action" in error.reason or "not" in error.reason


@pytest.mark.parametrize("action", [
    Move(["H1"], "T1", "T2"), Move("AH1", "T1", 7), Activate(["T6"]), Activate(None), AnnouncePA("2"),
    AnnouncePA(True), AnnouncePA(2.0), Transport("AT1", "N1", "N2", ["N1"]), Transport("AT1", "N1", "N2", (1, 2)),
    {"type": "announce_pa", "halves": "3"}, {"type": "move", "piece": "AH1", "origin": "T1", "dest": None},
])
def test_sfacteria_ill_typed_moves_and_activations_are_illegal_and_change_nothing(action):
    game = played("sfacteria", n=5)
    unchanged_after(game, action)


def test_an_action_text_far_too_long_is_refused():
    game = played("duel", n=1)
    unchanged_after(game, "strike" * 10_000)


# -- options ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "options"), [
    ("duel", {"strength": True}), ("duel", {"strength": "3"}), ("duel", {"rounds": 0}),
    ("sfacteria", {"optional_strategos": 1}), ("sfacteria", {"scenario": 3}), ("sfacteria", {"tables": 3}),
    ("diceless", {"turns": True}), ("diceless", {"ages": {"Sparta": True, "Athens": 9}}),
    ("diceless", {"first_placer": 1}), ("duel", {"colour": "red"}),
])
def test_options_of_the_wrong_kind_are_refused_in_plain_words(name, options):
    with pytest.raises(OptionError) as err:
        pp.new_game(name, seed=1, **options)
    assert isinstance(err.value, PeloponnesosError) and "option" in str(err.value)


def test_the_kernel_error_types_are_the_packages_own():
    for cls in (SaveFileError, OptionError, IllegalAction):
        assert issubclass(cls, PeloponnesosError)
    assert os.sep  # (keeps the os import meaningful on every platform)


# -- observation: who is looking -------------------------------------------------------------------------
def _ready_games() -> list[str]:
    from peloponnesos.core.registry import games

    return [info.name for info in games(include_planned=False)]


@pytest.mark.parametrize("name", _ready_games())
@pytest.mark.parametrize("viewer", ["Persia", 3, "", ["Athens"], True])
def test_observation_for_no_side_is_refused_in_words_by_every_game(name, viewer):
    game = pp.new_game(name, seed=1)
    before = game.digest()
    with pytest.raises(OptionError) as err:
        game.observation(viewer)
    message = str(err.value)
    assert "\n" not in message and repr(viewer) in message and " and ".join(game.players) in message, message
    assert game.digest() == before


@pytest.mark.parametrize("name", _ready_games())
def test_observation_takes_a_side_in_any_case_and_none_for_a_spectator_in_every_game(name):
    game = pp.new_game(name, seed=1)
    for side in game.players:
        assert game.observation(f" {side.upper()} ") == game.observation(side)
    assert game.observation(None) == game.observation()
