"""A board, not a document (issue 15), without a browser: the map and the controls side by side and sized to
the screen, play on the map (zones, counters, stacks), the other side's last move, words for people."""

import json
import re
from pathlib import Path

import pytest
from widget_helpers import widget_tree

from peloponnesos.core.errors import OptionError
from peloponnesos.core.registry import bots_for
from peloponnesos.games.sfacteria.engine import SfacteriaGame
from peloponnesos.widgets import launch
from peloponnesos.widgets.launch import StartScreen
from peloponnesos.widgets.launch import panel as make_panel
from peloponnesos.widgets.panel import BACK, Group

CODES = re.compile(r"\b[AS][THPA]\d+\b|BASE_[A-Z_]+|\b(alcibiades|persian_gold|the_few|the_people|pericles|oracle)\b")


def listed(p):
    return [a for _, a in p.actions.options if not isinstance(a, Group)]


def headings(p):
    return [(label, g) for label, g in p.actions.options if isinstance(g, Group)]


def athens_moving_from_pylos(seed=2026):
    """A game against the computer where Athens has activated Pylos (T6) and may move its pieces out."""
    p = make_panel("sfacteria", mode="vs_bot", side="Athens", game=SfacteriaGame(seed=seed))
    for _ in range(80):
        legal = p.session.legal_actions()
        if any(a.kind == "move" and a.origin == "T6" for a in legal):
            return p
        activate = [a for a in legal if a.kind == "activate" and a.zone == "T6"]
        announce = sorted((a for a in legal if a.kind == "announce_pa"), key=lambda a: -a.halves)
        p.do((activate or announce or legal)[0])
    raise AssertionError("Athens never got to move from Pylos")


def shown_text(p) -> str:
    """The words a player can read on the panel: controls, lists, log, and the map's texts and hovers."""
    parts = [p.prompt.value, p.message.value, p.last_move.value, p.status.value, p.log.value, p.help.value,
             p.describe.value, p.dice.value, p.review_text.value, p.curtain_text.value]
    parts += [label for label, _ in p.actions.options] + [label for label, _ in p.place.options]
    parts += [label for label, _ in p.piece.options]
    for trace in p.fig.data:
        parts += [t for t in (trace.text or ()) if isinstance(t, str)]
        parts += [t for t in (trace.hovertext or ()) if isinstance(t, str)]
    parts.append(p.fig.layout.title.text or "")
    return "\n".join(parts)


# -- play on the map ---------------------------------------------------------------------------------------
def test_panel_board_a_click_on_a_zone_with_your_units_offers_the_moves_from_it():
    """The reported case: 'Nothing you can do in Pylos' while the moves from T6 were listed."""
    p = athens_moving_from_pylos()
    from_pylos = [a for a in p.session.legal_actions() if getattr(a, "origin", None) == "T6"]
    assert len(from_pylos) > 5
    p.click_place("T6")
    assert not p.session.message and p.place.value == "T6"
    assert "T6" in p.opened()  # Athens' stack in Pylos is drawn open
    in_the_list = [c.action for c in p._scope()]
    assert set(from_pylos) <= set(in_the_list)
    assert headings(p) or listed(p)
    for label, group in headings(p):  # grouped by piece: each heading names a piece in words
        if group != BACK:
            assert group.piece and not CODES.search(label)


def test_panel_board_a_click_on_a_counter_chooses_the_piece_its_destinations_light_up_and_a_click_there_picks_it():
    p = athens_moving_from_pylos()
    move = next(a for a in p.session.legal_actions() if a.kind == "move" and a.origin == "T6")
    p.click_piece(move.piece, "T6")
    assert p.piece.value == move.piece and p.piece_selected == move.piece
    destinations = {a.dest for a in p.session.legal_actions() if getattr(a, "piece", None) == move.piece}
    assert set(p.highlight()) == destinations  # lit on the map
    assert all(getattr(a, "piece", None) == move.piece for a in listed(p))
    p.click_place(move.dest)  # a click on a lit zone picks that move: an arrow shows it, "Do it" makes it
    assert p.actions.value.dest == move.dest and p.plan() == ("T6", move.dest)
    assert list(p.fig.data[p.mapfig.plan_trace].x)
    before = p.session.game.digest()
    p.do()
    assert not p.session.message and p.session.game.digest() != before
    assert p.session.game.history[-1].dest == move.dest


def test_panel_board_stacks_open_when_their_place_is_chosen():
    p = athens_moving_from_pylos()
    athens = p.mapfig.side_traces["Athens"]

    def counters_in_pylos():
        return [t for t in p.mapfig._targets[athens] if t.region == "T6" and (t.piece or t.stack)]

    p.click_place("T5" if "T5" in {c.place for c in p._choices} else "T6")
    p.selected = None
    p.refresh()
    closed = counters_in_pylos()
    assert any(t.stack for t in closed)  # one stack (and its depth) for Athens in Pylos
    p.click_place("T6")
    opened = counters_in_pylos()
    assert not any(t.stack for t in opened) and len({t.piece for t in opened}) > 1


def test_panel_board_long_lists_are_grouped_by_zone_and_headings_open_them():
    p = athens_moving_from_pylos()
    p.place.value = ""  # everything
    if len(p._choices) <= 14:
        pytest.skip("a short list is not grouped")
    groups = headings(p)
    assert groups and all(label.startswith("▸") for label, _ in groups)
    assert len(p.actions.options) < len(p._choices)
    label, group = next((label, g) for label, g in groups if g.place == "T6")
    assert "T6" in label
    p.actions.value = group  # choosing a heading opens it
    assert p.selected == "T6" and p.place.value == "T6"
    p.actions.value = BACK
    assert p.selected is None and p.place.value == ""


def test_panel_board_the_other_sides_last_move_is_drawn_and_told():
    p = make_panel("sfacteria", mode="vs_bot", side="Athens", game=SfacteriaGame(seed=7))
    for _ in range(200):
        if p.last_move_marks().arrows or p.session.game.is_over():
            break
        legal = p.session.legal_actions()
        end = [a for a in legal if a.kind in ("end_movement", "decline_stratagem", "decline_advantage")]
        p.do((end or legal)[0])
    marks = p.last_move_marks()
    assert marks.arrows and marks.side == "Sparta"
    trace = p.fig.data[p.mapfig.last_move_trace]
    assert list(trace.x) and "Sparta" in trace.name
    assert "Sparta's last move" in p.last_move.value and "<li>" in p.last_move.value
    assert not CODES.search(p.last_move.value)


def test_panel_board_no_internal_codes_on_screen_in_a_whole_game_against_the_computer():
    p = make_panel("sfacteria", mode="vs_bot", side="Athens", game=SfacteriaGame(seed=11))
    for n in range(400):
        if p.session.game.is_over():
            break
        if n % 7 == 0:
            text = shown_text(p)
            assert not CODES.search(text), CODES.search(text).group(0)
        legal = p.session.legal_actions()
        p.do(legal[n % len(legal)])
    assert not CODES.search(shown_text(p))


def test_panel_board_a_message_is_shown_beside_the_control_that_caused_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    p = make_panel("sfacteria", mode="vs_bot", side="Athens", game=SfacteriaGame(seed=2))
    p.do({"type": "attack", "zone": "T6"})
    assert p.message.value and not p.files_message.value
    text = re.sub("<[^>]+>", "", p.message.value)
    assert not text.startswith("Sfacteria") and text.rstrip().endswith(")")  # words first, the rule after
    assert re.search(r"\(Sfacteria [\d.A-Z]+\)", text)
    p.save()
    assert "Game saved" in p.files_message.value and not p.message.value


def test_panel_board_the_description_for_screen_readers_is_not_a_visible_wall_of_italics():
    p = make_panel("sfacteria", mode="vs_bot", side="Athens", game=SfacteriaGame(seed=2))
    assert p.describe_box.selected_index is None  # folded: "Describe the board in words"
    assert p.describe_box.get_title(0) == "Describe the board in words"
    assert "pelo-sr-only" in p.live.value and 'aria-live="polite"' in p.live.value
    assert "<em>" not in p.describe.value and "T6" in p.describe.value


# -- the screen ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["sfacteria", "diceless", "mountford", "syracuse"])
def test_panel_board_map_and_controls_side_by_side_on_a_chromebook_bigger_on_a_projector(name):
    p = make_panel(name, mode="vs_bot", seed=3)
    p.sizer.width, p.sizer.height = 934, 650  # JupyterLab at 1366×768 with the file browser open
    width, height = p.fig.layout.width, p.fig.layout.height
    controls = int(p.controls_box.layout.max_width.rstrip("px"))
    assert width + 16 + controls <= 934 and controls >= p.CONTROLS_MIN
    assert height <= 650 and int(p.controls_box.layout.max_height.rstrip("px")) <= 650
    assert p.map_column.layout.width == f"{width}px"
    label = p.mapfig.label_px()
    p.sizer.width, p.sizer.height = 1500, 960  # a projector
    assert p.fig.layout.width > width and p.fig.layout.height > height and p.mapfig.label_px() > label
    p.sizer.width, p.sizer.height = 520, 640  # a narrow window: a smaller map above the controls
    assert p.fig.layout.width <= 520 and p.fig.layout.height <= 640 * 0.6
    assert p.under and p.controls_box.layout.max_height is None


@pytest.mark.parametrize(("name", "under"), [("diceless", True), ("mountford", True), ("sfacteria", False),
                                             ("syracuse", False)])
def test_panel_board_on_a_1024x768_projector_with_the_file_browser_open_a_turn_fits_on_one_screen(name, under):
    """JupyterLab at 1024×768 with the file browser open leaves the board a row 592 px wide on a page showing 647 px:
    a wide map (diceless, Mountford) goes above the controls and leaves under it the room a turn needs; a tall one
    (Sfacteria, Syracuse) stays beside them, as large as the row allows."""
    p = make_panel(name, mode="vs_bot", seed=3)
    p.sizer.window_width = 1024
    p.sizer.width, p.sizer.height = 592, 647
    width, height = p.fig.layout.width, p.fig.layout.height
    assert p.under is under
    if under:
        assert width <= 592 and height >= 260 and height + p.PLAY_ROOM <= 647 - 20
        assert p.controls_box.layout.width == "100%" and p.controls_box.layout.max_height is None
    else:
        assert width >= p.MAP_MIN and height >= 300
        assert width + 16 + int(p.controls_box.layout.max_width.rstrip("px")) <= 592
    if name == "diceless":  # the hand's four chits in one row under the map
        assert 4 * int(p.hand.style.button_width.rstrip("px")) + 3 * 4 <= 560
    if name == "mountford":  # the list scrolls, "Do it" under it stays in sight
        assert p.actions.rows <= p.LIST_ROWS_UNDER
    p.sizer.window_width = 1366
    p.sizer.width, p.sizer.height = 934, 650  # the Chromebook: beside again
    assert not p.under and p.fig.layout.width > width


def test_panel_board_plotly_menu_of_icons_is_not_shown():
    p = make_panel("diceless", mode="vs_bot", seed=3)
    assert p.fig._config["displayModeBar"] is False


# -- the children's game --------------------------------------------------------------------------------------
def test_panel_board_childrens_messages_start_with_words_not_a_rule_number():
    p = make_panel("diceless", mode="vs_bot", side="Sparta", bot="greedy", seed=3)
    assert "(Diceless" not in p.prompt.value and "Diceless 1.1" not in p.prompt.value
    p.choices.children[0].click()
    p.click_place(p.area.options[0][1])
    p.put.click()
    ranged = next((v for _, v in p.hand.options if v in ("Influence", "Military")), None)
    if ranged is None:
        pytest.skip("no ranged chit in this hand")
    p.hand.value = ranged
    far = next(a for a in p.renderer.names if a not in set(p.highlight()))
    p.click_place(far)
    text = re.sub("<[^>]+>", "", p.message.value)
    assert text and not text.startswith("Diceless") and "(Diceless" in text
    first_sentence = text.split(". ")[0]
    assert "Diceless" not in first_sentence


def test_panel_board_childrens_names_are_on_the_curtain():
    p = make_panel("diceless", mode="hotseat", seed=4, names={"Sparta": "Lucia", "Athens": "Marco"})
    for _ in range(200):
        s = p.session
        if s.curtain and s.game.turn:
            break
        if s.review:
            p.pass_button.click()
        elif s.curtain:
            p.curtain_button.click()
        elif p.choices.children:
            p.choices.children[0].click()
        elif p.hand.options and p.hand.value is None:
            p.hand.value = p.hand.options[0][1]
        else:
            p.click_place(p.area.options[0][1])
            p.put.click()
    who = {"Sparta": "Lucia", "Athens": "Marco"}[p.session.to_act()]
    assert f"I am {who} ({p.session.to_act()})" in p.curtain_button.description
    assert who in p.curtain_text.value


# -- start screens ---------------------------------------------------------------------------------------------
def test_start_screen_labels_are_not_cut_off():
    screen = StartScreen("sfacteria")
    for control in (screen.side, screen.bot, screen.seed):
        assert control.style.description_width == "initial"
    assert screen.bot.description == "Computer player" and screen.seed.description == "Game number"
    p = make_panel("sfacteria", mode="vs_bot", game=SfacteriaGame(seed=1))
    assert p.upload.layout.width == "auto" and p.upload.description == "Load game"


@pytest.mark.parametrize(("name", "lessons_player"), [("sfacteria", "heuristic"), ("diceless", "greedy"),
                                                     ("mountford", "heuristic"), ("syracuse", "heuristic")])
def test_start_screen_and_panel_meet_the_lessons_computer_player_not_the_strongest(name, lessons_player):
    """A pair that starts from the start screen meets the player the lessons and plans use; the stronger one is
    there to choose."""
    screen = StartScreen(name)
    assert screen.bot.value == lessons_player == launch.default_bot(name)
    assert screen.bot.options[0] != lessons_player  # (the strongest, first in the list, is still offered)
    assert type(make_panel(name, mode="vs_bot").session.bots[screen.side.options[1]]).__name__ == \
        type(bots_for(name)[lessons_player](seed=1)).__name__


def test_a_computer_player_that_does_not_exist_is_refused_in_plain_words():
    with pytest.raises(OptionError, match=r"no computer player called .grandmaster.*choose from"):
        make_panel("sfacteria", bot="grandmaster")


@pytest.mark.parametrize(("options", "words"), [
    ({"mode": "xx"}, "'xx' is not a way to play: choose 'hotseat', 'vs_bot', 'bots'"),
    ({"side": "Persia"}, "'Persia' is not a side of Brian Mountford's Peloponnesian War: choose 'Athens' or 'Sparta'"),
    ({"side": 3}, "3 is not a side"),
    ({"seed": "abc"}, "A game number (seed) is a whole number, 0 or more, not 'abc'"),
])
def test_a_panel_asked_for_in_bad_words_is_refused_in_plain_words(options, words):
    with pytest.raises(OptionError) as refused:
        make_panel("mountford", **options)
    assert words in str(refused.value)


def test_a_side_named_in_small_letters_is_the_side():
    assert make_panel("mountford", mode="vs_bot", side="sparta").session.humans == ("Sparta",)


def test_start_screen_of_the_example_game_starts_a_panel_that_plays():
    screen = launch.play("duel")
    assert screen.playable and screen.start.layout.display != "none"
    p = screen.begin()
    assert screen.widget.children[0] is p.widget
    log = p.log.value
    p.actions.value = p.session.legal_actions()[0]  # chosen in the list (nothing is chosen for the player)
    p.do()
    assert p.log.value != log and not p.session.message


def test_start_screen_of_a_game_with_rules_but_no_board_says_so_and_shows_no_start_button(monkeypatch):
    monkeypatch.setattr(launch, "PANELS", {k: v for k, v in launch.PANELS.items() if k != "duel"})
    screen = launch.play("duel")
    assert not screen.playable and screen.start.layout.display == "none"
    assert screen.start not in widget_tree(screen.widget)
    assert "not on the screen yet" in screen.why_not.value and 'new_game("duel")' in screen.why_not.value
    monkeypatch.setattr(launch, "PANELS", {k: v for k, v in launch.PANELS.items() if k != "mountford"})
    engine_only = launch.play("mountford")  # its rules built, its board taken off the screen for this test
    assert not engine_only.playable and engine_only.start not in widget_tree(engine_only.widget)
    assert 'new_game("mountford")' in engine_only.why_not.value


def test_start_screen_of_a_planned_game_says_it_is_still_being_built(monkeypatch):
    import dataclasses

    from peloponnesos.core import registry

    planned = dataclasses.replace(registry.game_info("syracuse"), status="planned")
    monkeypatch.setattr(launch, "game_info", lambda name: planned if name == "syracuse" else registry.game_info(name))
    screen = launch.play("syracuse")
    assert "still being built" in screen.why_not.value and screen.start not in widget_tree(screen.widget)


def test_voila_template_is_installed_without_any_cdn(tmp_path):
    from peloponnesos.widgets.voila_template import install

    folder = install(tmp_path)
    assert json.loads((folder / "conf.json").read_text())["base_template"] == "lab"
    template = (folder / "index.html.j2").read_text()
    assert "extends 'lab/index.html.j2'" in template and "cdn.jsdelivr.net' not in line" in template
    config = json.loads((tmp_path / "etc" / "jupyter" / "voila.json").read_text())
    assert config["VoilaConfiguration"]["template"] == "peloponnesos"
    # the start page's two pages, made from the environment's Voilà without the CDN line (also when Voilà's
    # templates live beside the package's, as in a teacher's environment)
    for name in ("page.html", "base_page.html"):
        assert (folder / name).is_file() and "cdn.jsdelivr.net" not in (folder / name).read_text()
    assert "voila/templates/peloponnesos/base_page.html" in (folder / "page.html").read_text()


def test_voila_template_start_page_is_made_beside_voilas_own_templates(tmp_path, monkeypatch):
    import shutil

    from jupyter_core.paths import jupyter_path

    from peloponnesos.widgets.voila_template import install

    share = tmp_path / "share" / "jupyter"
    for relative in ("base/page.html", "lab/page.html"):
        source = next(p for p in (Path(d) / relative for d in jupyter_path("voila", "templates")) if p.is_file())
        (share / "voila" / "templates" / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, share / "voila" / "templates" / relative)
    monkeypatch.setattr("jupyter_core.paths.jupyter_path", lambda *parts: [str(share.joinpath(*parts))])
    folder = install(tmp_path, default=False)  # (Voilà's templates only here, beside where the package's go)
    assert (folder / "page.html").is_file() and "cdn.jsdelivr.net" not in (folder / "base_page.html").read_text()


@pytest.mark.parametrize("game", ["duel", "sfacteria", "syracuse", "mountford"])  # (diceless: chits, no list)
def test_panel_nothing_is_chosen_until_the_pupil_picks_and_do_it_then_says_what_to_do(game):
    """The shared list of actions (GamePanel) never chooses for the pupil: "Do it" pressed before a line is picked
    says in words what to do, and the game is as it was; after an action, the next decision starts unchosen."""
    p = make_panel(game, mode="vs_bot", seed=3)
    s = p.session
    for _ in range(3):
        if not s.is_human_turn() or s.game.is_over() or p.actions.layout.display == "none":
            break
        assert p.actions.value is None and p.actions.index is None and not p.do_button.disabled
        assert "first" in p.do_button.tooltip
        before, done = s.game.digest(), len(s.game.history)
        p.do_button.click()
        assert p.session.message == p.NOTHING_CHOSEN and "Do it" in p.message.value
        assert s.game.digest() == before and len(s.game.history) == done
        p.actions.value = next(v for _, v in p.actions.options if not isinstance(v, Group))
        assert p.do_button.tooltip == p.DO_TOOLTIP
        p.do()
        assert not s.message and len(s.game.history) > done
