"""The Sfacteria panel driven without a browser: map clicks, the action list, errors, curtain, saving."""

import json

import pytest
from widget_helpers import page_text

from peloponnesos.games.sfacteria.engine import SfacteriaGame
from peloponnesos.widgets.launch import panel as make_panel
from peloponnesos.widgets.panel import Group


def tokens_text(p):
    """What the counters show and where (a piece moved changes both)."""
    return [(list(p.fig.data[i].text or ()), list(p.fig.data[i].x or ())) for i in p.mapfig.side_traces.values()]


@pytest.fixture
def hotseat():
    p = make_panel("sfacteria", mode="hotseat", game=SfacteriaGame(seed=1))
    assert p.session.curtain  # the stratagem chits are dealt before the first decision: the game opens hidden
    p.curtain_button.click()
    return p


def hand_over(p):
    """The player who has finished passes the screen; the next one clicks "show my side"."""
    if p.session.review:
        p.pass_button.click()
    if p.session.curtain:
        p.curtain_button.click()


def play_until_movement(p):
    """Take the first offered action until the side to act may activate zones on the map."""
    for _ in range(60):
        hand_over(p)
        if p.session.game.state.step == "D_move" and p.session.selectable_places():
            return
        p.do(p.session.legal_actions()[0])
    raise AssertionError("never reached the movement step")


def status_row(p, name):
    """The value of one row of the status table beside the map."""
    marker = f"<td>{name}</td><td><strong>"
    text = p.status.value
    return text[text.index(marker) + len(marker):].split("</strong>", 1)[0]


def listed(p):
    """The actions in the list (not its headings)."""
    return [a for _, a in p.actions.options if not isinstance(a, Group)]


def test_panel_sfacteria_click_a_zone_lists_its_actions_and_doing_one_changes_map_and_log(hotseat):
    p = hotseat
    play_until_movement(p)
    side = p.session.to_act()
    place = next(z for z in sorted(p.session.selectable_places())
                 if any(a.kind == "activate" for a in p.session.actions_at(z)))
    p.click_place(place)
    assert p.place.value == place
    options = listed(p)
    assert options and all(place in a.places() for a in options)
    # an activation costs PA (Sfacteria 3.D): the side's PA in the status table goes down, the log grows
    p.actions.value = next(a for a in options if a.kind == "activate")
    pa_before, log_before = status_row(p, f"{side} PA"), p.log.value
    p.do()
    assert not p.session.message
    assert p.log.value != log_before and status_row(p, f"{side} PA") != pa_before
    # a move: click a piece's counter, its moves are listed; done, the counter is drawn in its new zone
    p.click_place(place)
    assert any(isinstance(v, Group) for _, v in p.actions.options) or listed(p)  # grouped by piece when long
    piece = next(c.piece for c in p._choices if c.place == place and c.piece)
    p.click_piece(piece, place)
    move = next((a for a in listed(p) if a.kind in ("move", "sail", "transport")), None)
    assert move is not None, "the activated zone offers no move"
    assert all(getattr(a, "piece", None) == piece for a in listed(p))
    p.actions.value = move
    tokens_before = tokens_text(p)
    p.do()
    assert not p.session.message and tokens_text(p) != tokens_before


def test_panel_sfacteria_typed_illegal_action_shows_rule_and_changes_nothing(hotseat):
    p = hotseat
    digest = p.session.game.digest()
    p.do({"type": "attack", "zone": "T6"})
    assert "Sfacteria" in p.message.value
    assert p.session.game.digest() == digest


def test_panel_sfacteria_hotseat_what_happened_then_the_curtain_between_players(hotseat):
    p = hotseat
    first = p.session.to_act()
    for _ in range(40):
        p.do(p.session.legal_actions()[0])
        if p.session.review:
            break
    # the public "what happened" screen: the map as both may see it, the moves made, a button to pass on
    assert p.session.review and p.session.to_act() != first
    assert p.review.layout.display == "flex" and p.board.layout.display == "flex"
    assert p.curtain.layout.display == "none" and "<li>" in p.review_text.value  # the public events since
    assert p.session.to_act() in p.pass_button.description
    p.pass_button.click()
    assert p.board.layout.display == "none" and p.curtain.layout.display == "flex"
    assert p.review.layout.display == "none" and p.session.to_act() in p.curtain_button.description
    p.curtain_button.click()
    assert p.board.layout.display == "flex" and p.session.viewer == p.session.to_act() != first


def test_panel_sfacteria_hotseat_nothing_of_the_previous_players_hand_stays_in_the_page(hotseat):
    p = hotseat
    mover = p.session.viewer
    p.typed.value = "play stratagem 9"  # a guess typed in the box stays there when refused ...
    assert p.session.message and p.typed.value
    for _ in range(40):
        p.do(p.session.legal_actions()[0])
        if p.session.review:
            break
    assert p.session.review
    secrets = [e.text for e in p.session.game.log if e.private_to == mover]
    assert secrets
    for stage in ("what happened", "curtain"):
        text = page_text(p)
        assert not [t for t in secrets if t in text], stage
        assert "Your stratagems" not in text and "play stratagem 9" not in text, stage
        assert p.typed.value == "" and p.actions.options == () and p.selected is None, stage
        p.pass_button.click()


def test_panel_sfacteria_hotseat_the_next_player_cannot_undo_the_previous_players_move(hotseat):
    p = hotseat
    for _ in range(40):
        p.do(p.session.legal_actions()[0])
        if p.session.review:
            break
    hand_over(p)
    digest = p.session.game.digest()
    assert p.undo_button.disabled
    p.undo()
    assert p.session.game.digest() == digest and p.session.viewer == p.session.to_act()


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
    assert "not valid JSON" in other.files_message.value and other.session.game.digest() == digest


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
    # said beside the box being typed in (not out of sight at the top of the column), with how actions are written
    assert "Sfacteria" in p.typed_message.value and not p.message.value and p.session.game.digest() == digest
    assert f"for example <code>{p.session.legal_actions()[0]}</code>" in p.typed_message.value
    p.typed.value = str(p.session.legal_actions()[0])
    p.do_typed()
    assert not p.session.message and p.typed.value == "" and p.session.game.digest() != digest
    assert not p.typed_message.value


def test_panel_sfacteria_the_log_cites_each_rule_once_a_line():
    import re

    p = make_panel("sfacteria", mode="vs_bot", side="Athens", seed=2026)
    for _ in range(25):
        legal = p.session.legal_actions()
        if not legal:
            break
        p.do(legal[0])
    lines = [re.sub("<[^>]+>", "", li) for li in re.findall(r"<li[^>]*>(.*?)</li>", p.log.value)]
    assert any("rolls" in t for t in lines)
    assert not [t for t in lines if t.count("(Sfacteria") > 1]
