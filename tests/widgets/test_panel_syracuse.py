"""The Siege of Syracuse panel without a browser, through its session: an area activated and a move made with clicks,
a skirmish fought (rule 8.2), a pitched battle set up on the battle board and stepped round by round with the odds of
the next attack (rules 8.1, 8.3), the Sicels each side holds kept hidden in hot-seat (rule 10.1), undo, saving, the
rule card with its passages, and whole stretches against the computer and computer against computer."""

from __future__ import annotations

import re

import pytest
from widget_helpers import page_text

from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.widgets.launch import StartScreen
from peloponnesos.widgets.launch import panel as make_panel
from peloponnesos.widgets.syracuse import SyracusePanel, battle_scenarios

CODES = re.compile(r"\b[AS]-(?:H|N|LI|P|AR|C)\d+\b|\bSIC\d+\b")


def position(pieces: dict, seed: int = 1) -> SyracuseGame:
    g = SyracuseGame(seed=seed)
    g.clear_board()
    for area, names in pieces.items():
        for name in names:
            g.place(name, area)
    return g


def hand_over(p) -> None:
    if p.session.review:
        p.pass_button.click()
    if p.session.curtain:
        p.curtain_button.click()


def shown(p) -> str:
    """What the player reads: lists, prompt, messages, log, status, the description and the board's words."""
    parts = [p.prompt.value, p.message.value, p.status.value, p.log.value, p.help.value, p.describe.value,
             p.odds.value]
    parts += [label for label, _ in p.actions.options] + [label for label, _ in p.place.options]
    parts += [label for label, _ in p.piece.options]
    for trace in p.fig.data:
        parts += [t for t in (trace.hovertext or ()) if isinstance(t, str)]
    return re.sub(r"<[^>]+>", " ", "\n".join(parts))


@pytest.fixture
def impulse():
    """Athens' ground impulse with Nicias' stack in L-10 (Dascon) and Syracusan light infantry in L-6."""
    g = position({"L-10": ["A-H1", "A-LI1", "Nicias"], "L-6": ["S-LI1"]})
    g.start_impulse("Athens", "ground")
    p = make_panel("syracuse", mode="hotseat", game=g)
    hand_over(p)
    return p


def test_panel_syracuse_is_the_syracuse_panel_with_the_map_and_the_battle_board():
    p = make_panel("syracuse", mode="hotseat", seed=1)
    assert isinstance(p, SyracusePanel)
    assert [b.name for b in p.boards] == ["Map", "Battle board"] and p.board_index == 0
    assert p.board_switch.layout.display == "none"  # no battle: only the map
    assert "reconstructed" in p.caption.value


def test_panel_syracuse_6_2_an_area_activated_its_units_move_by_clicks_on_the_map(impulse):
    p = impulse
    p.click_place("L-10")
    assert p.place.value == "L-10"
    assert {"Athenian hoplites 1", "Nicias"} <= {label for label, _ in p.piece.options}
    p.click_piece("A-H1", "L-10")
    assert "L-6" in p.highlight()
    p.click_place("L-6")
    assert p.actions.value.kind == "move" and p.actions.value.dest == "L-6"
    p.do()
    assert not p.session.message, p.session.message
    assert p.session.game.observation(None)["units"] and "Athenian hoplites 1 moves from L-10" in p.log.value
    assert not CODES.search(shown(p))


def _play(p, prefer: list[str], stop: str, limit: int = 40):
    """Act for whoever is to act, choosing the first action of the first kind in ``prefer`` (refusing a pitched
    battle), until an action of kind ``stop`` has been done."""
    s = p.session
    for _ in range(limit):
        hand_over(p)
        legal = s.legal_actions()
        assert legal, s.prompt()
        action = next((a for a in legal if a.kind == "want_battle" and not a.yes), None)
        action = action or next((a for k in prefer for a in legal if a.kind == k), legal[0])
        p.do(action)
        assert not s.message, s.message
        if action.kind == stop:
            return action
    raise AssertionError(f"no {stop} within {limit} decisions")


def test_panel_syracuse_8_2_a_skirmish_is_fought_through_the_panel(impulse):
    p = impulse
    p.click_place("L-10")
    p.click_piece("A-H1", "L-10")
    p.click_place("L-6")
    p.do()
    _play(p, ["end_movement", "end_reaction", "fight", "choose_time", "line_up", "attack"], "attack")
    log = p.session.game.log.text() if hasattr(p.session.game.log, "text") else " ".join(
        e.text for e in p.session.game.log)
    assert "attacks" in log and "(Syracuse 8.2)" in log
    assert "attacks" in p.log.value and not CODES.search(shown(p))


def test_panel_syracuse_10_1_the_other_sides_sicels_stay_hidden_in_hot_seat():
    g = position({"L-10": ["A-H1"], "L-7": ["S-H1"]})
    for side, unit in ((0, "SIC1"), (1, "SIC2")):  # each side holds a Sicel unit drawn in secret
        g.state.hands[side] = [g.unit_named(unit)]
        g.state.uside[g.unit_named(unit)] = side
    g.start_impulse("Athens", "ground")
    p = make_panel("syracuse", mode="hotseat", game=g)
    assert p.session.curtain  # the Sicels were drawn in secret: the game opens behind the curtain
    mine, theirs = p.renderer.piece_words("SIC1"), p.renderer.piece_words("SIC2")
    assert mine not in page_text(p) and theirs not in page_text(p)  # behind the curtain: nobody's hand
    p.curtain_button.click()
    assert p.session.viewer == "Athens"
    page = page_text(p)
    assert mine in page and theirs not in page
    assert "Sicels drawn, not placed" in p.status.value  # how many the other holds is public (rule 10.1.1)


def test_panel_syracuse_8_1_a_pitched_battle_set_up_on_the_board_and_stepped_round_by_round_with_its_odds():
    p = make_panel("syracuse", mode="vs_bot", side="Athens", seed=1)
    names = [name for _, name in battle_scenarios()]
    assert names == ["battle_anapus", "battle_epipolae", "battle_harbour"]
    p.set_up_battle("battle_anapus")
    s = p.session
    assert s.game.observation(None)["battle"] is not None
    assert p.board_index == 1 and p.mapfig.caption.startswith("The battle board")  # the board is in the map's place
    assert p.board_switch.layout.display == "flex" and p.round_button.layout.display == "flex"
    hand_over(p)
    # Athens sets up its army on its edge, then lets the rest follow from left to right (rule 8.1)
    squares = {a.square for a in s.legal_actions() if a.kind == "deploy"}
    assert squares and all(sq.endswith("1") for sq in squares)
    first = sorted(squares)[0]
    p.click_place(first)
    assert p.actions.value is None  # the square's choices are listed; the pupil picks one
    p.actions.value = next(v for _, v in p.actions.options if getattr(v, "kind", "") == "deploy" and v.square == first)
    p.do()
    rest = next(a for a in s.legal_actions() if a.kind == "deploy_rest")
    p.do(rest)
    battle = s.game.observation(None)["battle"]
    assert battle["round"] == 1
    counters = [t for i in p.mapfig.side_traces.values() for t in (p.fig.data[i].hovertext or ())]
    assert any("facing" in (t or "") for t in counters)
    p.step_round()  # the computer plays both sides to the end of round 1
    hand_over(p)
    assert s.game.observation(None)["battle"]["round"] == 2
    for _ in range(80):  # Athens moves on until it may attack: the odds of the next attack are shown
        legal = s.legal_actions()
        if any(a.kind in ("fire", "assault") for a in legal):
            break
        p.do(next((a for k in ("advance", "end_phase", "halt") for a in legal if a.kind == k), legal[0]))
        hand_over(p)
    assert "Every attack possible now" in p.odds.value and "%" in p.odds.value
    lines = [t for trace in p.fig.data if trace.name and ("fire" in trace.name or "assault" in trace.name)
             for t in (trace.text or ()) if t]
    assert any(t.endswith("%") for t in lines)  # the attacks drawn on the board with their chance
    attack = next(a for a in s.legal_actions() if a.kind in ("fire", "assault"))
    p.actions.value = attack
    assert "Odds of this attack" in p.odds.value and " in " in p.odds.value  # exact chances ("1 in 6")


def test_panel_syracuse_a_practice_battle_keeps_the_game_it_took_the_place_of():
    p = make_panel("syracuse", mode="hotseat", seed=414, scenario="gylippus")
    s = p.session
    for _ in range(3):
        hand_over(p)
        p.do(s.legal_actions()[0])
    hand_over(p)
    before, played = s.game.digest(), len(s.game.history)
    assert played and p.back_button.layout.display == "none"
    p.set_up_battle("battle_epipolae")
    assert s.game.observation(None)["battle"] is not None and "'Back to the game' returns to it" in s.message
    assert p.back_button.layout.display == "flex"
    p.set_up_battle("battle_anapus")  # a second practice still keeps the game played before the first
    p.back_to_game()
    assert s.game.digest() == before and len(s.game.history) == played and p.board_index == 0
    assert p.back_button.layout.display == "none" and "as you left it" in s.message


def test_panel_syracuse_a_practice_battle_also_keeps_a_position_set_up_by_hand():
    """A position set up with place() cannot be saved (its history does not give it), yet it is kept as it is."""
    game = position({"L-10": ["A-H1", "Nicias"], "L-6": ["S-H1"]}, seed=2)
    game.start_impulse("Athens", "ground")
    p = make_panel("syracuse", mode="vs_bot", side="Athens", game=game)
    before = p.session.game.digest()
    p.set_up_battle("battle_anapus")
    assert p.session.game.observation(None)["battle"] is not None
    p.back_to_game()
    assert p.session.game is game and game.digest() == before


def test_panel_syracuse_stepping_a_round_when_no_battle_says_so():
    p = make_panel("syracuse", mode="vs_bot", side="Athens", seed=1)
    assert p.round_button.layout.display == "none"
    p.step_round()
    assert "no pitched battle" in p.session.message


def test_panel_syracuse_undo_takes_back_a_move_before_any_die(impulse):
    p = impulse
    before = p.session.game.observation(None)
    p.click_place("L-10")
    p.click_piece("A-H1", "L-10")
    p.click_place("L-6")
    p.do()
    assert p.session.can_undo
    p.undo_button.click()
    assert p.session.game.observation(None) == before and p.session.message == "Undone."


def test_panel_syracuse_save_and_load_in_the_panel():
    p = make_panel("syracuse", mode="hotseat", seed=1, scenario="gylippus")
    hand_over(p)
    text = p.session.save()
    before = p.session.game.observation(None)
    p.do(p.session.legal_actions()[0])
    assert p.session.game.observation(None) != before
    p.load(text)
    hand_over(p)
    assert p.session.game.observation(None) == before and p.session.game.state.turn == 4
    p.load("not a save")
    assert "The game on the screen is unchanged" in p.session.message


def test_panel_syracuse_rule_card_shows_the_rule_and_its_passages(impulse):
    p = impulse
    assert p.rule.value and "Syracuse" in p.rule.value
    assert re.search(r"\b[67]\.\d+", p.rule.value)  # the passages of books 6-7 it models, by reference


def test_panel_syracuse_against_the_computer_whole_impulses_without_counter_codes():
    p = make_panel("syracuse", mode="vs_bot", side="Syracuse", seed=3, scenario="gylippus")
    s = p.session
    mine = 0
    for _ in range(25):
        hand_over(p)
        legal = s.legal_actions()
        if not legal:
            break
        p.do(legal[0])
        mine += 1
        assert not s.message, s.message
        assert not CODES.search(shown(p)), shown(p)
    assert len(s.game.history) > mine  # the computer answered in between


def test_panel_syracuse_the_computer_plays_both_sides_step_by_step():
    p = make_panel("syracuse", mode="bots", seed=2, scenario="battle_harbour")
    n = len(p.session.game.history)
    for _ in range(5):
        p.step()
    assert len(p.session.game.history) == n + 5 and p.board_index == 1


def test_panel_syracuse_start_screen_offers_the_prepared_positions():
    screen = StartScreen("syracuse")
    options = [value for _, value in screen.scenario.options]
    assert options[0] is None and "gylippus" in options and screen.scenario.layout.display == "flex"
    screen.scenario.value = "gylippus"
    screen.begin()
    assert screen.panel.session.game.state.turn == 4


def test_panel_syracuse_the_battle_board_fits_a_chromebook_and_grows_on_a_projector():
    p = make_panel("syracuse", mode="vs_bot", side="Athens", seed=1)
    p.sizer.width, p.sizer.height = 934, 650  # JupyterLab at 1366×768 with the file browser open
    p.set_up_battle("battle_epipolae")
    assert p.board_index == 1
    width, height = p.fig.layout.width, p.fig.layout.height
    controls = int(p.controls_box.layout.max_width.rstrip("px"))
    assert width + 16 + controls <= 934 and height <= 650
    p.sizer.width, p.sizer.height = 1500, 960  # a projector
    assert p.fig.layout.width > width and p.fig.layout.height > height
    p.board_switch.value = 0  # the switch shows the map again, sized to the same screen
    assert p.board_index == 0 and p.fig.layout.height <= 960


def test_panel_syracuse_8_1_the_other_sides_set_up_is_not_outlined_as_its_last_move():
    """After Athens deploys its whole army (rule 8.1), Syracuse's screen does not outline every square it took:
    the counters show the deployment; the dashed marks are kept for moves."""
    p = make_panel("syracuse", mode="hotseat", scenario="battle_anapus", seed=3)
    s = p.session
    seen = []
    for _ in range(200):
        if s.game.is_over() or s.game.state.phase != "setup":
            break
        if s.review:
            s.pass_screen()
        if s.curtain:
            s.lift_curtain()
            seen.append((s.viewer, p.last_move_marks(), p.last_events()[1]))
            continue
        s.apply(s.legal_actions()[0])
    deployed = [(viewer, marks) for viewer, marks, events in seen if any(e.kind == "battle_move" for e in events)]
    assert deployed  # the other side's deployment was there to be drawn ...
    assert all(not marks.places and not marks.arrows for _, marks in deployed)  # ... and is not outlined
