"""The Sfacteria panel driven without a browser: map clicks, the action list, errors, curtain, saving."""

import json

import pytest

from peloponnesos.games.sfacteria.engine import SfacteriaGame
from peloponnesos.widgets.launch import panel as make_panel


def tokens_text(p):
    return [list(p.fig.data[i].text or ()) for i in p.mapfig.side_traces.values()]


@pytest.fixture
def hotseat():
    return make_panel("sfacteria", mode="hotseat", game=SfacteriaGame(seed=1))


def play_until_movement(p):
    """Take the first offered action until the side to act may activate zones on the map."""
    for _ in range(60):
        if p.session.curtain:
            p.lift_curtain()
        if p.session.game.state.step == "D_move" and p.session.selectable_places():
            return
        p.do(p.session.legal_actions()[0])
    raise AssertionError("never reached the movement step")


def test_panel_sfacteria_click_a_zone_lists_its_actions_and_doing_one_changes_map_and_log(hotseat):
    p = hotseat
    play_until_movement(p)
    place = sorted(p.session.selectable_places())[0]
    p.click_place(place)
    assert p.place.value == place
    options = [a for _, a in p.actions.options]
    assert options and all(place in a.places() for a in options)
    before_tokens, before_log = tokens_text(p), p.log.value
    p.do()
    assert p.log.value != before_log
    assert not p.session.message
    # activation costs PA: the PA markers or counters moved, the title or status changed
    assert tokens_text(p) != before_tokens or p.status.value


def test_panel_sfacteria_typed_illegal_action_shows_rule_and_changes_nothing(hotseat):
    p = hotseat
    digest = p.session.game.digest()
    p.do({"type": "attack", "zone": "T6"})
    assert "Sfacteria" in p.message.value
    assert p.session.game.digest() == digest


def test_panel_sfacteria_hotseat_curtain_hides_the_board_between_players(hotseat):
    p = hotseat
    first = p.session.to_act()
    for _ in range(40):
        p.do(p.session.legal_actions()[0])
        if p.session.curtain:
            break
    assert p.session.curtain and p.session.to_act() != first
    assert p.board.layout.display == "none" and p.curtain.layout.display == "flex"
    assert p.session.to_act() in p.curtain_button.description
    p.lift_curtain()
    assert p.board.layout.display == "flex" and p.session.viewer == p.session.to_act()


def test_panel_sfacteria_vs_bot_and_save_load(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    p = make_panel("sfacteria", mode="vs_bot", side="Athens", game=SfacteriaGame(seed=2))
    for _ in range(15):
        if p.session.game.is_over() or not p.session.legal_actions():
            break
        p.do(p.session.legal_actions()[-1])
    path = p.save()
    assert path.exists() and json.loads(path.read_text())["game"] == "sfacteria"
    assert "download" in p.save_link.value
    digest = p.session.game.digest()
    other = make_panel("sfacteria", mode="vs_bot", side="Athens", game=SfacteriaGame(seed=9))
    other.load(path.read_text())
    assert other.session.game.digest() == digest
    other.load("not a save")
    assert "not valid JSON" in other.message.value and other.session.game.digest() == digest


def test_panel_sfacteria_bots_mode_steps(tmp_path):
    p = make_panel("sfacteria", mode="bots", game=SfacteriaGame(seed=3))
    assert p.session.legal_actions() == []
    n = len(p.session.game.history)
    for _ in range(5):
        p.step()
    assert len(p.session.game.history) == n + 5


def test_panel_sfacteria_typed_action_box(hotseat):
    p = hotseat
    digest = p.session.game.digest()
    p.typed.value = "sail the whole fleet to Sparta"
    p.do_typed()
    assert "Sfacteria" in p.message.value and p.session.game.digest() == digest
    p.typed.value = str(p.session.legal_actions()[0])
    p.do_typed()
    assert not p.session.message and p.typed.value == "" and p.session.game.digest() != digest
