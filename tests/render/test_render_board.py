"""The shared board machinery: a map sized to the room it has, names that never overprint, the other
side's last move, and the words that replace internal codes."""

import itertools

import pytest

from peloponnesos.render import renderer_for
from peloponnesos.render.choices import Choice, generic_choice, marks_from_events, split_rule, substitute
from peloponnesos.render.labels import overlap
from peloponnesos.render.mapfig import CONFIG

HEIGHTS = (343, 400, 520, 640, 760, 950)  # 1024 px to a 1920 projector


@pytest.fixture(scope="module", params=["sfacteria", "diceless", "duel"])
def renderer(request):
    return renderer_for(request.param)


@pytest.mark.parametrize("height", HEIGHTS)
def test_board_names_never_overprint_each_other_nor_a_place_at_any_size(renderer, height):
    mf = renderer.map_figure()
    mf.width, mf.height = mf.fit(None, height)
    placed = mf.place_names()
    assert placed and all(p.clear for p in placed), [p.text for p in placed if not p.clear]
    for a, b in itertools.combinations(placed, 2):
        assert overlap(a.box, b.box, pad=0) == 0, (a.text, b.text)
    dots, _ = mf._slot_boxes()
    for p in placed:
        assert not any(overlap(p.box, d, pad=0) for d in dots), p.text
        w, h = mf.plot_size()
        assert p.box[0] >= 0 and p.box[1] >= 0 and p.box[2] <= w and p.box[3] <= h, p.text


def test_board_fits_the_room_it_is_given_and_grows_on_a_projector(renderer):
    mf = renderer.map_figure()
    small = mf.fit(600, 640)
    large = mf.fit(1100, 980)
    assert small[0] <= 600 and small[1] <= 640 and (small[0] >= 590 or small[1] >= 630)  # fills one side
    assert large[0] > small[0] and large[1] > small[1]
    fig = mf.build(widget=True)
    mf.resize(fig, *small)
    label_small, picture_small = mf.label_px(), mf.picture
    mf.resize(fig, *large)
    assert (fig.layout.width, fig.layout.height) == large
    assert mf.label_px() > label_small >= 11  # names at least 11 px, bigger on a big screen
    assert mf.picture != picture_small and fig.layout.images[0].source.startswith("data:image/svg+xml")
    assert not mf.resize(fig, *large)  # the same size again: nothing redrawn


def test_board_shows_no_plotly_menu_of_icons(renderer):
    fig = renderer.map_figure().build(widget=True)
    assert fig._config["displayModeBar"] is False and CONFIG["displayModeBar"] is False


def test_board_key_names_every_mark_in_words(renderer):
    mf = renderer.map_figure()
    words = " ".join(w for _, w in mf.key_items())
    for side in mf.sides:
        assert side in words and f"held by {side}" in words
    assert "you can choose here" in words and "last move" in words


def test_board_the_other_sides_last_move_is_drawn_from_the_public_log():
    from peloponnesos.core.log import Event

    def ev(**data):
        return Event(0, 1, "D", "Sparta", "move", "x", None, data, None)

    marks = marks_from_events([ev(piece="SH1", origin="T8", zone="T7"), ev(zone="T11"), ev(origin="T8", zone="T7"),
                               ev(area="megara")], "Sparta")
    assert marks.side == "Sparta" and marks.arrows == (("T8", "T7"),) and marks.places == ("T11", "megara")
    r = renderer_for("sfacteria")
    mf = r.map_figure()
    fig = mf.build(widget=True)
    mf.update(fig, [], last_move=marks)
    trace = fig.data[mf.last_move_trace]
    assert "arrow" in trace.marker.symbol and trace.line.dash == "dash" and "Sparta" in trace.name


def test_board_words_and_rules_apart():
    assert split_rule("Sfacteria 5: at most 4 units per side.") == ("At most 4 units per side.", "Sfacteria 5")
    assert split_rule("Sparta: put chit 1 of 3 face down on an area (Diceless 3).") == (
        "Sparta: put chit 1 of 3 face down on an area.", "Diceless 3")
    assert split_rule("Game saved.") == ("Game saved.", "")
    assert substitute("AH1 and AH10 go to BASE_ATH_LAND", {"AH1": "Garrison hoplites", "AH10": "X",
                                                           "BASE_ATH_LAND": "the land base"}) == \
        "Garrison hoplites and X go to the land base"


def test_board_a_game_without_words_of_its_own_still_groups_its_actions_by_place_and_piece():
    from dataclasses import dataclass

    from peloponnesos.core import Action

    @dataclass(frozen=True, slots=True)
    class March(Action):
        piece: str
        origin: str
        dest: str

        def __str__(self):
            return f"march {self.piece} {self.origin}-{self.dest}"

    choice = generic_choice(March("army1", "athens", "megara"), names={"megara": "Megara", "army1": "First army"})
    assert isinstance(choice, Choice) and (choice.place, choice.piece, choice.to) == ("athens", "army1", "megara")
    assert choice.piece_name == "First army" and choice.label.startswith("to Megara")


def test_diceless_codes_of_special_chits_are_shown_as_their_names():
    r = renderer_for("diceless")
    assert r.words("Sparta draws Influence, Coup, alcibiades, persian_gold") == \
        "Sparta draws Influence, Coup, Alcibiades, Persian Gold"
    rows = dict(r.status({"turn": 1, "turns": 6, "names": {}, "to_act": "Sparta", "score": {"Sparta": 1, "Athens": 1},
                          "counters": {"Sparta": 1, "Athens": 1}, "delphi": None, "cup_count": 3,
                          "specials_used": ["alcibiades", "the_few"]}))
    assert "alcibiades" not in rows["Special chits used"] and "Alcibiades" in rows["Special chits used"]
