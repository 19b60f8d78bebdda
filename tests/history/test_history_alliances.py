"""The alliances of 431 on a real map (lesson 08): sides read from the Mountford engine's own 431 position and
checked against Thucydides 2.9; the figure tells the sides by letter and shape as well as colour, carries the
GSHHG coastline offline, says reconstructed, and has a text alternative."""

from __future__ import annotations

import pytest

from peloponnesos import new_game, passage
from peloponnesos.history import alliances_431, by_side, coastline, describe_alliances
from peloponnesos.render.history import alliances_map


def test_alliances_follow_the_engines_431_position():
    observation = new_game("mountford").observation(None)
    engine = {s["id"]: s["side"] for s in observation["spaces"]}
    for p in alliances_431():
        assert p.side == (engine[p.id] if engine[p.id] in ("Athens", "Sparta") else "neutral"), p.id


def test_alliances_match_thucydides_2_9_where_he_names_them():
    sides = {p.id: p.side for p in alliances_431()}
    english = passage("2.9.2-4").english
    assert "Argives and Achaeans, who were neutral" in english and sides["argos"] == "neutral"
    for place in ("megara", "thebes", "corinth", "sparta", "elis", "ambracia", "leucas"):
        assert sides[place] == "Sparta", place
    for place in ("chios", "mytilene", "plataea", "naupactus", "corcyra", "zacynthus", "athens"):
        assert sides[place] == "Athens", place
    assert sides["melos"] == "neutral" and "except Melos and Thera" in english


def test_alliances_text_alternative_names_every_place_once():
    text = describe_alliances()
    groups = by_side()
    assert sum(len(g) for g in groups.values()) == len(alliances_431()) == 80
    for p in alliances_431():
        assert p.name in text
    assert "A, blue squares" in text and "S, orange diamonds" in text and "N, grey circles" in text


def test_alliances_coastline_is_shipped_with_its_licence():
    lines = coastline()
    assert len(lines) > 400 and all(len(line) >= 2 for line in lines)
    from peloponnesos.history.alliances import DATA

    notice = (DATA / "COASTLINE-NOTICE.md").read_text(encoding="utf-8")
    assert "LGPL-3.0" in notice and "Wessel" in notice


@pytest.mark.parametrize("view", ["all", "greece"])
def test_alliances_map_tells_sides_by_letter_and_shape_and_says_reconstructed(view):
    fig = alliances_map(view)
    markers = {t.name: t for t in fig.data if t.mode == "markers+text"}
    assert {n: t.marker.symbol for n, t in markers.items()} == {
        "With Athens (A, square)": "square", "With Sparta (S, diamond)": "diamond",
        "Neutral or outside (N, circle)": "circle"}
    assert set(markers["With Athens (A, square)"].text) == {"A"}
    assert set(markers["With Sparta (S, diamond)"].text) == {"S"}
    assert any("reconstructed" in a.text for a in fig.layout.annotations)
    assert any("GSHHG" in a.text for a in fig.layout.annotations)
    assert fig.layout.font.size >= 16 and {t.type for t in fig.data} == {"scatter"}  # plain traces, no map tiles
    assert fig.layout.yaxis.scaleanchor == "x"  # the shape of Greece is not squashed


def test_alliances_map_refuses_an_unknown_view():
    with pytest.raises(ValueError, match="two views"):
        alliances_map("sicily")
