"""Hover texts a small map can show: Plotly never wraps a hover label, so every line is kept short (render/hover.py)."""

import re

import pytest

from peloponnesos.core import new_game
from peloponnesos.history import alliances_431
from peloponnesos.render import draw
from peloponnesos.render.hover import HOVER_WIDTH, wrap_hover
from peloponnesos.render.mapfig import Overlay, Region, Token
from tests.random_play import play_some

TAG = re.compile(r"<[^>]*>")


def visible_lines(text: str) -> list[str]:
    return [TAG.sub("", line) for line in text.split("<br>")]


def too_long(text: str) -> list[str]:
    """Lines over the width that could have been broken (a single longer word may stay)."""
    return [line for line in visible_lines(text) if len(line) > HOVER_WIDTH and " " in line.strip()]


def test_hover_a_long_sentence_is_broken_at_spaces_into_short_lines_and_keeps_every_word():
    text = ("<b>Delphi</b> (Delphi)<br>Apollo's sanctuary, where Greeks asked the oracle for advice; people said the "
            "god had promised to help Sparta.<br>Thucydides 1.118.3<br><i>reconstructed map</i>")
    wrapped = wrap_hover(text)
    assert not too_long(wrapped) and len(wrapped.split("<br>")) > len(text.split("<br>"))
    assert " ".join(visible_lines(wrapped)).split() == " ".join(visible_lines(text)).split()
    assert wrapped.startswith("<b>Delphi</b> (Delphi)<br>Apollo's")  # short lines are left as they are


def test_hover_a_tag_open_at_a_break_is_closed_there_and_opened_again():
    wrapped = wrap_hover("<i>" + "a reconstructed position, drawn from the rulebook and from Thucydides " * 2 + "</i>")
    lines = wrapped.split("<br>")
    assert len(lines) > 2 and all(line.startswith("<i>") and line.endswith("</i>") for line in lines)
    assert all(line.count("<i>") == line.count("</i>") == 1 for line in lines)


def test_hover_short_texts_single_long_words_and_wrapped_texts_are_unchanged():
    assert wrap_hover("Pylos") == "Pylos"
    assert wrap_hover("x" * 60) == "x" * 60
    once = wrap_hover("the army of Archidamus, on campaign since the spring, with five hoplite SPs of Sparta")
    assert wrap_hover(once) == once  # (dataclasses.replace builds a board object again)


def test_hover_the_boards_objects_break_their_hover_when_made():
    long = "ships that left the map; each may try to come back in a naval impulse (rule 7.2.1)"
    for made in (Region("a", "A", "A", (0, 0), hover=long), Token("t", "a", None, "A3", hover=long),
                 Overlay("wall", ((0, 0), (1, 1)), hover=long)):
        assert made.hover == wrap_hover(long) and not too_long(made.hover)
    assert Region("a", "A", "A", (0, 0), hover="Pylos").hover == "Pylos"


@pytest.mark.parametrize("name", ["sfacteria", "diceless", "mountford", "syracuse", "duel"])
def test_hover_every_line_a_games_map_shows_fits_a_small_map(name):
    """Diceless' Delphi (173 characters), Mountford's bellicosity track (119) and Syracuse's ships off the map
    (119) ran off a 480 px map; a game in progress too (counters, lines)."""
    for game in (new_game(name, seed=3), play_some(new_game(name, seed=3), 40, seed=3)):
        for trace in draw(game).data:
            for text in [trace.hovertext] if isinstance(trace.hovertext, str) else (trace.hovertext or ()):
                if isinstance(text, str):
                    assert not too_long(text), (name, trace.name, text)


def test_hover_the_alliances_map_of_431_and_the_timeline_keep_their_lines_short():
    from peloponnesos.render.history import alliances_map, timeline_figure

    notes = [row[1] for trace in alliances_map().data if trace.customdata is not None for row in trace.customdata]
    assert notes and not [n for n in notes if too_long(n)]
    assert set(notes) - {""} <= {wrap_hover(p.note or "") for p in alliances_431()}
    titles = [row[0] for trace in timeline_figure().data if trace.customdata is not None for row in trace.customdata]
    assert titles and not [t for t in titles if too_long(t)]
