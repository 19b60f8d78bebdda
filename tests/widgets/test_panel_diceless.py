"""The children's panel driven without a browser: pick a chit, click an area, put it, see struggles."""

import pytest

from peloponnesos.games.diceless.actions import PlaceChit
from peloponnesos.widgets.launch import panel as make_panel


@pytest.fixture
def kid():
    p = make_panel("diceless", mode="vs_bot", side="Sparta", bot="greedy", seed=3)
    p.choices.children[0].click()  # "Sparta places first"
    p.click_place(p.area.options[0][1])
    p.put.click()
    return p


def test_panel_diceless_choosing_a_chit_lights_up_only_its_areas(kid):
    kid.hand.value = kid.hand.options[0][1]
    lit = set(kid.highlight())
    legal = {a.area for a in kid.session.legal_actions() if isinstance(a, PlaceChit) and a.chit == kid.hand.value}
    assert lit == legal and {v for _, v in kid.area.options} == legal


def test_panel_diceless_out_of_range_click_explains_in_words_and_changes_nothing(kid):
    ranged = next((v for _, v in kid.hand.options if v in ("Influence", "Military")), None)
    if ranged is None:
        pytest.skip("no ranged chit in this hand")
    kid.hand.value = ranged
    far = next(a for a in kid.renderer.names if a not in set(kid.highlight()))
    digest = kid.session.game.digest()
    kid.click_place(far)
    assert "Diceless" in kid.session.message and kid.renderer.names[far] in kid.session.message
    kid.put.click()
    assert kid.session.game.digest() == digest


def test_panel_diceless_place_three_chits_then_struggles_step_by_step(kid):
    for _ in range(3):
        kid.hand.value = kid.hand.options[0][1]
        kid.click_place(kid.area.options[0][1])
        kid.put.click()
    records = kid.session.observation()["struggles"]
    assert records, "the reveal should have produced struggles"
    assert kid.struggle_box.layout.display == "flex" and "1 of" in kid.struggle.value
    if len(records) > 1:
        kid.next.click()
        assert "2 of" in kid.struggle.value and kid.highlight()


def test_panel_diceless_hotseat_look_away_screen():
    p = make_panel("diceless", mode="hotseat", seed=4)
    p.choices.children[0].click()
    for _ in range(10):
        if p.session.curtain:
            break
        if p.area.options:
            p.click_place(p.area.options[0][1])
            p.put.click()
        elif p.hand.options:
            p.hand.value = p.hand.options[0][1]
    assert p.session.curtain and p.board.layout.display == "none"
    p.curtain_button.click()
    assert not p.session.curtain


def test_start_screen_asks_names_for_the_diceless_game_and_starts_it():
    from peloponnesos.widgets.launch import StartScreen

    screen = StartScreen("diceless")
    assert set(screen.names) == {"Sparta", "Athens"}
    screen.names["Sparta"].value = "Lucia"
    screen.mode.value = "hotseat"
    panel = screen.begin()
    assert panel.session.game.options["names"]["Sparta"] == "Lucia"
    assert screen.widget.children == (panel.widget,)
