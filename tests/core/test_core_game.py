"""The kernel through the example game: legal actions, apply, errors, log, save/load, bots."""

import json

import pytest

import peloponnesos as pp
from peloponnesos.core import IllegalAction, SaveFileError, UnknownGame
from peloponnesos.games.duel import StandFirm, Strike


def test_games_lists_all_four_games_and_the_example():
    names = [g.name for g in pp.games()]
    assert {"duel", "sfacteria", "diceless", "mountford", "syracuse"} <= set(names)
    assert all(g.title and g.players and g.summary for g in pp.games())


def test_new_game_unknown_name_says_what_exists():
    with pytest.raises(UnknownGame, match="the games are: duel"):
        pp.new_game("chess")


def test_new_game_unknown_option_is_refused():
    with pytest.raises(ValueError, match="no option"):
        pp.new_game("duel", colour="red")


def test_duel_same_seed_same_game():
    a, b = pp.new_game("duel", seed=3), pp.new_game("duel", seed=3)
    pp.play(a, {p: pp.RandomBot(1) for p in a.players})
    pp.play(b, {p: pp.RandomBot(1) for p in b.players})
    assert a.digest() == b.digest() and [e.text for e in a.log] == [e.text for e in b.log]


def test_duel_2_2_illegal_action_names_rule_and_changes_nothing():
    g = pp.new_game("duel", seed=1)
    g.apply(StandFirm())
    g.apply(StandFirm())  # the other side
    before, log_len, history = g.digest(), len(g.log), list(g.history)
    with pytest.raises(IllegalAction) as err:
        g.apply(StandFirm())
    assert err.value.rule == "Duel 2.2"
    assert "twice running" in str(err.value)
    assert g.digest() == before and len(g.log) == log_len and g.history == history


def test_duel_actions_by_text_and_by_dict():
    g = pp.new_game("duel", seed=1)
    g.apply("stand firm")
    g.apply({"type": "strike"})
    assert [type(a) for a in g.history] == [StandFirm, Strike]
    with pytest.raises(IllegalAction, match="not one of the actions possible now"):
        g.apply("castle kingside")
    with pytest.raises(IllegalAction, match="unknown action type"):
        g.apply({"type": "teleport"})


def test_duel_3_game_ends_and_no_action_after():
    g = pp.new_game("duel", seed=5)
    result = pp.play(g, {p: pp.RandomBot(5) for p in g.players})
    assert g.is_over() and g.current_player() is None and g.legal_actions() == []
    assert result == g.result() and result.level in {"total", "marginal", "draw"}
    with pytest.raises(IllegalAction, match="game is over"):
        g.apply(Strike())


def test_duel_2_1_forced_dice_decide_a_hit():
    g = pp.new_game("duel", seed=1)
    side = g.current_player()
    enemy = g.enemy(side)
    g.dice.force(4)
    g.apply(Strike())
    assert g.state.strength[enemy] == 2
    assert g.log.of_kind("strike")[-1].data["hit"] is True


def test_event_log_to_dataframe_has_rule_and_figures():
    g = pp.new_game("duel", seed=2)
    pp.play(g, {p: pp.RandomBot(2) for p in g.players})
    df = g.log.to_dataframe()
    assert {"turn", "kind", "rule", "text", "side"} <= set(df.columns)
    strikes = df[df.kind == "strike"]
    assert len(strikes) > 0 and set(strikes["rule"]) == {"Duel 2.1"}
    assert strikes["strength_lost"].sum() == sum(3 - v for v in g.state.strength.values())


def test_save_and_load_round_trip_mid_game():
    g = pp.new_game("duel", seed=8)
    g.dice.force(6)
    g.apply(Strike())
    g.apply(StandFirm())
    text = g.to_json()
    restored = pp.load_game(text)
    assert restored.digest() == g.digest()
    assert restored.history == g.history
    # both continue identically
    for game in (g, restored):
        pp.play(game, {p: pp.RandomBot(4) for p in game.players})
    assert restored.digest() == g.digest()


def test_save_has_format_and_version():
    data = json.loads(pp.new_game("duel", seed=1).to_json())
    assert data["format"] == "peloponnesos-save" and data["version"] == 1 and data["game"] == "duel"


@pytest.mark.parametrize("mutate, message", [
    (lambda d: "not json{", "not valid JSON"),
    (lambda d: json.dumps([1, 2]), "format"),
    (lambda d: json.dumps({**d, "version": 99}), "newer peloponnesos"),
    (lambda d: json.dumps({**d, "version": "1"}), "version"),
    (lambda d: json.dumps({**d, "game": "chess"}), "no game called"),
    (lambda d: json.dumps({**d, "seed": "abc"}), "seed"),
    (lambda d: json.dumps({**d, "options": {"colour": "red"}}), "options are not valid"),
    (lambda d: json.dumps({**d, "actions": [{"type": "stand_firm"}] * 3}), "not allowed at that point"),
    (lambda d: json.dumps({**d, "actions": [{"type": "__import__('os')"}]}), "damaged|unknown action"),
    (lambda d: json.dumps({**d, "actions": [{"type": "strike", "evil": 1}]}), "unknown field"),
    (lambda d: json.dumps({**d, "digest": "0" * 16}), "does not give the position"),
    (lambda d: json.dumps({**d, "forced_dice": {"x": [1]}}), "forced_dice"),
])
def test_load_refuses_bad_files_with_a_clear_message(mutate, message):
    data = json.loads(pp.new_game("duel", seed=1).to_json())
    with pytest.raises(SaveFileError, match=message):
        pp.load_game(mutate(data))


def test_load_accepts_bytes_and_paths(tmp_path):
    g = pp.new_game("duel", seed=6)
    g.apply(Strike())
    path = tmp_path / "game.json"
    path.write_text(g.to_json(), encoding="utf-8")
    assert pp.load_game(path).digest() == g.digest()
    assert pp.load_game(path.read_bytes()).digest() == g.digest()
    with pytest.raises(SaveFileError, match="not text"):
        pp.load_game(b"\xff\xfe\x00")


def test_clone_is_independent():
    g = pp.new_game("duel", seed=1)
    c = g.clone()
    c.apply(Strike())
    assert len(g.history) == 0 and len(c.history) == 1
    assert len(c.log) == 0  # clones do not log unless asked


def test_random_bot_only_picks_legal_actions():
    g = pp.new_game("duel", seed=10)
    bot = pp.RandomBot(3)
    while not g.is_over():
        a = bot.choose(g, g.current_player())
        assert a in g.legal_actions()
        g.apply(a)


def test_rules_registry_answers_which_passages_a_rule_models():
    book = pp.rules("duel")
    assert book["3"].citation == "Duel 3"
    assert book.passages_for("3") == ["5.41.2"]
    assert [s.number for s in book.within("2")] == ["2", "2.1", "2.2"]
    assert [s.number for s in book.sections_for_passage("5.41.2")] == ["1", "3"]
    with pytest.raises(KeyError, match="its sections are"):
        book["9"]


def test_prompt_says_who_acts_and_how_it_ended():
    g = pp.new_game("duel", seed=1)
    assert g.current_player() in g.prompt()
    pp.play(g, {p: pp.RandomBot(1) for p in g.players})
    assert "over" in g.prompt()
