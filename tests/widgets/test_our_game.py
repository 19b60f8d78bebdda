"""A lesson's "Show our game" / "Analyse our game" button (lessons 02 and 03): at each press it takes the game
played furthest of the panels and start screens above, says "Nobody has played yet" before the first move, and is
as wide as its words."""

from __future__ import annotations

import pytest

import peloponnesos as pp
from peloponnesos.core.errors import OptionError
from peloponnesos.widgets import panel, play
from peloponnesos.widgets.our_game import game_of, our_game, our_game_button


def _move(game, n: int = 1) -> None:
    for _ in range(n):
        game.apply(game.legal_actions()[0])


def test_our_game_is_the_game_played_furthest_of_panels_start_screens_and_games():
    ready = panel("diceless", mode="hotseat", seed=1)
    start = play("diceless")
    other = pp.new_game("diceless", seed=2)
    assert game_of(start) is None and game_of(ready) is ready.session.game and game_of(other) is other
    assert our_game(start, ready) is ready.session.game  # before "Start the game", only the ready panel's game
    start.begin()
    assert game_of(start) is start.panel.session.game
    assert our_game(ready, start) is ready.session.game  # nobody has played: the first given
    _move(start.panel.session.game)
    assert our_game(ready, start) is start.panel.session.game
    _move(other, 2)
    assert our_game(ready, start, other) is other
    assert our_game() is None and our_game(play("diceless")) is None
    with pytest.raises(OptionError, match="'diceless' is none of these"):
        game_of("diceless")
    start.close()
    ready.close()


def test_our_game_button_says_nobody_has_played_then_shows_the_game_played():
    ready = panel("diceless", mode="hotseat", seed=1)
    start = play("diceless")
    shown = []
    button = our_game_button([ready, start], lambda game: shown.append(game) or len(game.history),
                             description="Analyse our game")
    assert button.button.description == "Analyse our game"
    assert button.press() is None and shown == []
    assert "Nobody has played yet" in button.message.value
    start.begin()  # a game started but not played: still nobody
    assert button.press() is None and "Nobody has played yet" in button.message.value
    _move(start.panel.session.game, 3)
    assert button.press() == 3 and shown == [start.panel.session.game] and button.message.value == ""
    button.button.click()  # a click does the same
    assert shown == [start.panel.session.game] * 2
    start.close()
    ready.close()


def test_our_game_button_says_plainly_when_the_game_cannot_be_shown():
    game = pp.new_game("diceless", seed=1)
    _move(game)

    def broken(_game):
        raise ValueError("no map <here>")

    button = our_game_button([game], broken)
    assert button.press() is None
    assert "could not be shown" in button.message.value and "no map &lt;here&gt;" in button.message.value


def test_our_game_button_is_as_wide_as_its_words():
    # width "auto" alone, in a column of widgets, stretched lesson 03's button across the whole page
    button = our_game_button([], print)
    assert button.widget.children[0] is button.button
    assert button.button.layout.width == "auto" and button.button.layout.align_self == "flex-start"
    assert button._repr_mimebundle_()


def test_our_game_button_words_are_as_large_as_the_lines_it_shows():
    button = our_game_button([], print, font_size="28px")  # lesson 03, ages 8–11
    assert button.button.style.font_size == "28px" and "font-size:28px" in button.nobody
