"""The shared board pieces the Siege of Syracuse needed, which every game may use: a counter's status badge and
facing arrow, lines drawn in the picture (a steep slope) and lines that change (walls, supply, fire), names kept
inside their zones, tracks, a magnifying glass, plane geometry, and a board of squares."""

import math

import pytest

from peloponnesos.render import renderer_for
from peloponnesos.render.geometry import inside, length, point_along, shared_border
from peloponnesos.render.grid import TOP, GridFigure, square_name
from peloponnesos.render.key import swatch_line, swatch_marker
from peloponnesos.render.lens import Lens, lenses
from peloponnesos.render.mapfig import LineStyle, MapFigure, Overlay, Region, Stroke, Token
from peloponnesos.render.picture import picture_svg
from peloponnesos.render.tracks import track

SQUARE = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
NEXT = ((1.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0))


def board(**kwargs) -> MapFigure:
    regions = [Region("a", "Alpha", "Alpha", (0.5, 0.5), SQUARE), Region("b", "Beta", "Beta", (1.5, 0.5), NEXT)]
    return MapFigure(regions, sides=("Athens", "Syracuse"), lat0=0.0, token_spacing=0.2, **kwargs)


def trace(fig, name):
    return next(t for t in fig.data if t.name == name)


# -- geometry, lens, tracks -----------------------------------------------------------------------------------------
def test_geometry_inside_shared_border_and_length():
    assert inside((0.5, 0.5), SQUARE) and not inside((1.5, 0.5), SQUARE)
    assert shared_border(SQUARE, NEXT) == [[(1.0, 0.0), (1.0, 1.0)]]
    corner = ((1.0, 1.0), (2.0, 1.0), (2.0, 2.0), (1.0, 2.0))
    assert shared_border(SQUARE, corner) == []  # touching at a corner is not a border
    assert length([(0, 0), (3, 4)]) == 5 and math.isclose(length([(0, 0), (2, 0)], k=0.5), 1.0)
    (x, y), angle = point_along([(0, 0), (2, 0), (2, 2)], 0.75)
    assert (x, y) == (2.0, 1.0) and math.isclose(angle, math.pi / 2)


def test_lens_enlarges_the_centre_and_moves_nothing_outside_its_circle():
    lens = lenses(1.0, Lens((0.0, 0.0), radius=1.0, power=2.0))
    assert lens(0.0, 0.0) == (0.0, 0.0) and lens(3.0, 0.0) == (3.0, 0.0) and lens(1.0, 0.0) == (1.0, 0.0)
    x, _ = lens(0.1, 0.0)
    assert math.isclose(x, 0.1 * 3 / 1.2)  # near the centre, (1 + power) times bigger
    a, b = lens(0.2, 0.0)[0], lens(0.6, 0.0)[0]
    assert 0.2 < a < b < 1.0  # order kept: nothing folds over


def test_tracks_are_rows_of_numbered_boxes_with_their_title():
    regions = track("ml", "Morale", range(1, 11), (10.0, 5.0), box=(0.5, 0.4), hover="morale {value}")
    assert [r.id for r in regions][:3] == ["ml:label", "ml:1", "ml:2"] and len(regions) == 11
    box = regions[3]
    assert box.frame and box.label == "3" and box.hover == "morale 3" and box.outline[0] == (11.0, 5.0)
    assert regions[0].fixed_label and regions[0].text_position == "middle left"


# -- badges, facings, strokes, changing lines ---------------------------------------------------------------------
def test_a_counter_shows_its_status_badge_and_the_way_it_faces_only_where_the_board_asks():
    tokens = [Token("u", "a", "Athens", "H5", badge="D", facing=90), Token("v", "b", "Syracuse", "C2")]
    plain = board()
    fig = plain.build(widget=True)
    plain.update(fig, tokens)
    assert plain.badges_trace == -1 and plain.facings_trace == -1  # other games: no extra traces
    marked = board(badges=True, facings=True)
    fig = marked.build(widget=True)
    marked.update(fig, tokens)
    badge, facing = fig.data[marked.badges_trace], fig.data[marked.facings_trace]
    assert list(badge.text) == ["D"] and list(facing.marker.angle) == [90]
    x, y = marked.token_positions(tokens)["u"]
    assert badge.x[0] > x and badge.y[0] > y  # the badge at the counter's upper right corner
    assert facing.x[0] > x and math.isclose(facing.y[0], y)  # facing 90°: the arrow to its right


def test_a_stroke_is_drawn_in_the_picture_with_ticks_and_named_in_the_key():
    mf = board(strokes=[Stroke(((1.0, 0.0), (1.0, 1.0)), colour="#5A4A2A", ticks="left", key="steep slope")])
    mf.build()
    svg = picture_svg(mf, mf.bounds(), *mf.plot_size())
    assert svg.count('stroke="#5A4A2A"') >= 2  # the line and its ticks
    assert any(words == "steep slope" for _, words in mf.key_items())
    assert "<line" in swatch_line("#000", "", 2, ticks=True)


def test_changing_lines_are_one_trace_per_style_with_hover_labels_and_arrowheads():
    styles = [LineStyle("wall", "#0072B2", 5), LineStyle("fire", "#E69F00", 3, "dash", arrow=True)]
    mf = board(line_styles=styles)
    fig = mf.build(widget=True)
    mf.update(fig, [], lines=[Overlay("wall", ((0.1, 0.1), (0.9, 0.1), (0.9, 0.9)), "a wall"),
                              Overlay("fire", ((0.5, 0.5), (1.5, 0.5)), "A fires at B", "50%"),
                              Overlay("nobody", ((0, 0), (1, 1)), "an unknown style is ignored")])
    wall, fire = fig.data[mf.line_traces["wall"]], fig.data[mf.line_traces["fire"]]
    assert list(wall.x) == [0.1, 0.9, 0.9, None] and "a wall" in wall.hovertext
    assert list(fire.text).count("50%") == 1 and fire.marker.symbol[2] == "arrow"  # label at the middle, arrow
    assert {w for _, w in mf.key_items()} >= {"wall", "fire"}
    mf.update(fig, [], lines=[])
    assert list(fig.data[mf.line_traces["wall"]].x) == []


def test_names_stay_inside_their_zone_or_give_way_to_the_short_name():
    long_name = "A name much too long for its zone"
    regions = [Region("a", "Alpha", long_name, (0.5, 0.5), SQUARE, short_label="A"),
               Region("b", "Beta", "Beta", (1.5, 0.5), NEXT, short_label="B")]
    mf = MapFigure(regions, lat0=0.0, token_spacing=0.2, names_inside=True, height=400)
    mf.build()
    names = {p.key: p.text for p in mf.place_names()}
    assert names == {"a": "A", "b": "Beta"}


def test_a_click_on_a_track_box_drawn_over_a_zone_is_not_a_click_on_the_zone():
    box = ((0.05, 0.95), (0.2, 0.95), (0.2, 0.8), (0.05, 0.8))
    regions = [Region("a", "Alpha", "Alpha", (0.5, 0.5), SQUARE), Region("t:1", "box", "1", (0.12, 0.9), box,
                                                                          frame=True)]
    mf = MapFigure(regions, lat0=0.0, token_spacing=0.1, click_spacing=0.04)
    fig = mf.build()
    grid = fig.data[mf.grid_trace]
    assert not any(0.05 < x < 0.2 and 0.8 < y < 0.95 for x, y in zip(grid.x, grid.y, strict=True))


def test_key_swatches_draw_the_new_shapes():
    for symbol in ("triangle-down", "pentagon", "star-square"):
        assert "<svg" in swatch_marker(symbol, "#999999") and "circle" not in swatch_marker(symbol, "#999999")


# -- a board of squares --------------------------------------------------------------------------------------------
def test_grid_squares_named_from_the_bottom_left_with_a_strip_for_markers_that_clicks_as_the_square():
    g = GridFigure(11, 8, sides=("Athens", "Syracuse"))
    squares = [r for r in g.regions if TOP not in r]
    assert len(squares) == 88 and square_name(0, 0) == "A1" and square_name(10, 7) == "H11"
    assert g.regions["D11" + TOP].click_as == "D11" and g.centre("A1") == (0.5, 0.5)
    fig = g.build(widget=True)
    g.update(fig, [Token("x", "D11" + TOP, "Athens", "N", piece="")])
    index = g.side_traces["Athens"]
    assert g.target_at(index, 0).region == "D11"
    assert 0.6 < g.aspect() < 0.8  # 8 columns by 11 rows, with room for the letters and numbers


@pytest.mark.parametrize("height", (400, 640, 950))
def test_grid_never_writes_a_name_over_another(height):
    g = GridFigure(11, 8, edges=("row 1: the attacker's edge", "row 11: the defender's edge"))
    g.width, g.height = g.fit(None, height)
    assert all(p.clear for p in g.place_names())


def test_other_games_boards_are_unchanged_by_the_new_pieces():
    for name in ("sfacteria", "diceless", "duel"):
        mf = renderer_for(name).map_figure()
        fig = mf.build(widget=True)
        assert mf.badges_trace == -1 and mf.facings_trace == -1 and not mf.line_traces
        assert not any(t.name in ("status", "facing") for t in fig.data)
