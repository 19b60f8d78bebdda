"""Long lessons: panels and start screens close every widget they made when they are closed or replaced,
so the number of live widgets in the kernel comes back to where it was."""

import gc

import pytest
from widget_helpers import live_widgets

from peloponnesos.games.sfacteria.engine import SfacteriaGame
from peloponnesos.widgets.launch import StartScreen
from peloponnesos.widgets.launch import panel as make_panel

SMALL = 2  # widgets that may stay (none expected)


def a_panel(name, mode):
    if name == "sfacteria":
        return make_panel(name, mode=mode, game=SfacteriaGame(seed=1))
    return make_panel(name, mode=mode, seed=3)


@pytest.mark.parametrize("name", ["sfacteria", "diceless"])
@pytest.mark.parametrize("mode", ["hotseat", "vs_bot", "bots"])
def test_panel_close_closes_every_widget_it_made(name, mode):
    start = live_widgets()
    for _ in range(3):
        p = a_panel(name, mode)
        assert live_widgets() > start + 50
        p.close()
        assert p.closed and not p.fig.comm
        p.close()  # twice is harmless
        p.refresh()  # and a closed panel ignores late events
    assert live_widgets() - start <= SMALL


def test_panel_diceless_choice_buttons_are_closed_when_replaced():
    p = make_panel("diceless", mode="hotseat", seed=3)
    assert p.choices.children  # "who is younger": one big button per side
    count = live_widgets()
    for _ in range(30):
        p.refresh()
    assert live_widgets() == count  # the same decisions: the same buttons
    old = p.choices.children
    p.choices.children[0].click()
    assert all(b.comm is None for b in old) and live_widgets() < count
    p.close()


def test_panel_close_after_playing_a_while():
    start = live_widgets()
    p = make_panel("diceless", mode="hotseat", seed=3)
    p.choices.children[0].click()
    for _ in range(4):
        if p.area.options:
            p.click_place(p.area.options[0][1])
            p.put.click()
    p.save_link.value = "x"
    p.close()
    assert live_widgets() - start <= SMALL


def test_start_screen_closes_its_old_panel_when_a_new_game_starts_and_everything_on_close():
    start = live_widgets()
    screen = StartScreen("diceless")
    form = live_widgets()
    first = screen.begin()
    with_one_panel = live_widgets()
    for _ in range(5):
        screen.new_game.click()  # back to the choices; the game stays until another starts
        assert screen.form in screen.widget.children and not first.closed
        screen.start.click()
        assert first.closed and screen.panel is not first and screen.panel.widget in screen.widget.children
        first = screen.panel
    assert abs(live_widgets() - with_one_panel) <= SMALL
    assert form > start
    screen.close()
    gc.collect()
    assert live_widgets() - start <= SMALL


def test_start_screen_back_to_the_game_keeps_it():
    screen = StartScreen("diceless")
    game_panel = screen.begin()
    screen.new_game.click()
    screen.back.click()
    assert screen.panel is game_panel and not game_panel.closed and game_panel.widget in screen.widget.children
    screen.close()


def test_many_panels_replaced_leave_no_widgets_behind():
    start = live_widgets()
    screen = StartScreen("sfacteria", mode="hotseat")
    for _ in range(20):
        screen.begin()
    screen.close()
    assert live_widgets() - start <= SMALL


@pytest.mark.parametrize("name", ["sfacteria", "diceless"])
def test_a_closed_panel_and_its_map_are_freed_from_memory(name):
    import weakref

    p = a_panel(name, "hotseat")
    refs = [weakref.ref(p), weakref.ref(p.fig), weakref.ref(p.prompt)]
    p.close()
    del p
    gc.collect()
    assert [r() for r in refs] == [None, None, None]  # nothing (not even the map's live-reload hook) keeps them


def test_start_screen_frees_the_panels_it_replaced():
    import weakref

    screen = StartScreen("diceless")
    old = weakref.ref(screen.begin())
    screen.begin()
    gc.collect()
    assert old() is None
    screen.close()
