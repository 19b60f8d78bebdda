"""A save records only the moves, so a position changed by hand (place(), clear_board()) cannot be saved: it is
refused in plain words when saved, rather than coming back as another position when loaded."""

from __future__ import annotations

import pytest

import peloponnesos as pp
from peloponnesos.core.errors import SaveFileError


@pytest.mark.parametrize("name, edit", [
    ("sfacteria", lambda g: g.clear_board()),
    ("syracuse", lambda g: g.clear_board()),
    ("mountford", lambda g: g.place("athens", "athens", hoplites=3)),
])
def test_core_save_a_position_changed_by_hand_is_refused_in_plain_words(name, edit):
    game = pp.new_game(name, seed=3)
    edit(game)
    digest = game.digest()
    with pytest.raises(SaveFileError, match="changed by hand"):
        game.to_json()
    assert game.digest() == digest  # the game itself is left as it was


@pytest.mark.parametrize("name", ["sfacteria", "diceless", "mountford", "syracuse"])
def test_core_save_a_game_played_by_moves_saves_and_loads_back(name):
    game = pp.new_game(name, seed=3)
    for _ in range(12):
        if game.is_over():
            break
        game.apply(game.legal_actions()[0])
    assert pp.load_game(game.to_json()).digest() == game.digest()


def test_core_save_the_panel_says_why_a_hand_made_position_is_not_saved(tmp_path, monkeypatch):
    from peloponnesos.widgets.launch import panel as make_panel

    monkeypatch.chdir(tmp_path)
    shown = make_panel("sfacteria", mode="vs_bot", side="Athens", bot="random", seed=3)
    shown.session.game.clear_board()
    assert shown.save() is None
    assert "changed by hand" in shown.session.message and "changed by hand" in shown.files_message.value
    assert not (tmp_path / "saved_games").exists() or not list((tmp_path / "saved_games").iterdir())
