"""The names the marks cross, written over them: the rings round the places a pupil can choose, the selected place's
circle and the last move's circles are traces, drawn over the picture that holds the names, and they crossed the first
letters of the names beside the dots (diceless map, Mountford's views). The names they cross are written again, in
a clear picture over the traces, exactly where the board's picture writes them (the names are not moved)."""

import base64
import math
import re

import pytest

from peloponnesos.render import renderer_for
from peloponnesos.render.mapfig import Marks
from peloponnesos.render.picture import names_svg

PANEL = (960, 640)  # the map's room in the panel on a 1366×768 screen (controls beside it)
TEXT = re.compile(r"<text [^>]*>[^<]*</text>")


def panel_size(mf):
    width, height = PANEL
    controls = min(max(width * 0.34, 300), 520)
    return mf.fit(width - controls - 16, height - 20)


def map_at_panel_size(game, view=None, widget=False):
    renderer = renderer_for(game)
    mf = renderer.map_figure()
    fig = mf.build(widget=widget)
    mf.resize(fig, *panel_size(mf))
    if view:
        v = next(v for v in renderer.views() if v.name.startswith(view))
        mf.view(fig, v.zoom, v.centre, v.places)
    return mf, fig


def points(mf):
    return [k for k, r in mf.regions.items() if r.marker_size and not r.outline]


def overlay_texts(fig) -> list[str]:
    """The <text> elements of the image drawn over the traces ([] if it shows nothing)."""
    source = fig.layout.images[1].source
    if not source:
        return []
    svg = base64.b64decode(source.split(",", 1)[1]).decode("utf-8")
    return TEXT.findall(svg)


def circles_drawn(mf, fig):
    """(x, y, inner radius, outer radius) in the picture's pixels of every circle the traces draw round a place: the
    ring markers, and the circles of the selected place and of the last move (polylines), measured from the traces."""
    out = []
    t = fig.data[mf.highlight_points_trace]
    half = t.marker.line.width / 2
    for x, y, size in zip(t.x, t.y, t.marker.size, strict=True):
        px, py = mf.to_px(x, y)
        out.append((px, py, size / 2 - half, size / 2 + half))
    for index in (mf.selected_trace, mf.last_move_trace):
        t = fig.data[index]
        half = t.line.width / 2
        run: list = []
        for x, y in zip([*t.x, None], [*t.y, None], strict=True):
            if x is not None:
                run.append(mf.to_px(x, y))
                continue
            if len(run) > 40:  # a circle (an arrow is two points), closed: its first point again at its end
                ring = run[:-1]
                cx, cy = sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring)
                r = math.hypot(run[0][0] - cx, run[0][1] - cy)
                out.append((cx, cy, r - half, r + half))
            run = []
    return out


def crossed(mf, circles) -> set[str]:
    """The names on the picture whose box one of ``circles`` crosses: some of the box inside the circle's outer edge
    and some of it outside its inner edge."""
    names = set()
    for p in mf.placed:
        x0, y0, x1, y1 = p.box
        for cx, cy, r_in, r_out in circles:
            near = math.hypot(cx - min(max(cx, x0), x1), cy - min(max(cy, y0), y1))
            far = max(math.hypot(x - cx, y - cy) for x in (x0, x1) for y in (y0, y1))
            if near <= r_out and far >= r_in:
                names.add(p.text)
    return names


def assert_overlay_is_the_crossed_names(mf, fig):
    texts = overlay_texts(fig)
    expected = crossed(mf, circles_drawn(mf, fig))
    assert expected, "the test wants a mark that crosses a name"
    assert sorted(re.sub(r"<[^>]*>", "", t).replace("&#x27;", "'") for t in texts) == sorted(expected)
    for text in texts:  # the very same text, at the very same place, as on the board's picture
        assert text in mf.picture, text
    svg = base64.b64decode(fig.layout.images[1].source.split(",", 1)[1]).decode("utf-8")
    assert svg.startswith(mf.picture[:mf.picture.index(">") + 1])  # the picture's size: laid over it exactly
    assert "<rect" not in svg.split("<mask")[0]  # clear: no background of its own


@pytest.mark.parametrize(("game", "view"), [("diceless", None), ("mountford", "Attica"), ("mountford", None)])
def test_render_names_over_marks_are_exactly_the_names_the_rings_cross(game, view):
    mf, fig = map_at_panel_size(game, view)
    image = fig.layout.images[1]
    assert image.layer == "above" and not image.source  # nothing to write over yet
    assert (image.x, image.y, image.sizex, image.sizey) == (fig.layout.images[0].x, fig.layout.images[0].y,
                                                          fig.layout.images[0].sizex, fig.layout.images[0].sizey)
    mf.update(fig, [], highlight=points(mf))
    assert_overlay_is_the_crossed_names(mf, fig)
    mf.update(fig, [], highlight=[])
    assert overlay_texts(fig) == [] and not fig.layout.images[1].source


def test_render_names_over_marks_the_selected_and_last_move_circles_too():
    mf, fig = map_at_panel_size("diceless")
    places = points(mf)
    mf.update(fig, [], selected=places[0], last_move=Marks("Sparta", (), tuple(places[1:])))
    assert_overlay_is_the_crossed_names(mf, fig)
    mf.update_selected(fig, places[3])
    assert_overlay_is_the_crossed_names(mf, fig)


def test_render_names_over_marks_follow_the_names_to_a_new_size_and_view():
    mf, fig = map_at_panel_size("mountford", widget=True)
    mf.update(fig, [], highlight=points(mf))
    before = overlay_texts(fig)
    sent = sent_layouts(fig)
    mf.resize(fig, *mf.fit(None, 760))
    assert overlay_texts(fig) != before
    assert_overlay_is_the_crossed_names(mf, fig)
    view = renderer_for("mountford").views()[2]
    mf.view(fig, view.zoom, view.centre, view.places)
    assert_overlay_is_the_crossed_names(mf, fig)
    # each time once, with the new picture
    assert [sorted(k for k in layout if k.startswith("images")) for layout in sent if "images.1.source" in layout] \
        == [["images.0.source", "images.1.source"]] * 2


def sent_layouts(fig) -> list[dict]:
    """Record what the figure sends the browser from now on (relayouts, alone or with restyles)."""
    sent: list[dict] = []
    fig._send_relayout_msg = lambda relayout_data, **_: sent.append(dict(relayout_data))
    fig._send_update_msg = lambda restyle_data, relayout_data, **_: sent.append(dict(relayout_data))
    return sent


def test_render_names_over_marks_an_update_with_the_same_marks_sends_no_new_overlay():
    mf, fig = map_at_panel_size("diceless", widget=True)
    places = points(mf)
    mf.update(fig, [], highlight=places, selected=places[0])
    assert overlay_texts(fig)
    sent = sent_layouts(fig)
    mf.update(fig, [], highlight=places, selected=places[0])
    mf.update_selected(fig, places[0])
    mf.update_selected(fig, places[0], highlight=places)
    assert not any("images" in key for layout in sent for key in layout), sent
    sent.clear()
    mf.update(fig, [], highlight=places[:1], selected=places[0])  # fewer rings: fewer names, sent alone, once
    assert [list(layout) for layout in sent] == [["images.1.source"]]


def test_render_names_over_marks_counters_stay_on_top():
    """A counter standing on a name the marks cross is not covered by it: the name is left out where it stands."""
    mf, fig = map_at_panel_size("diceless")
    mf.update(fig, [], highlight=points(mf))
    name = mf.names_over_marks(points(mf))[0]
    counter = (name.box[0] - 4, name.box[1] - 4, name.box[0] + 10, name.box[3] + 4)
    svg = names_svg([name], 100, 80, [counter])
    assert '<mask id="c"' in svg and 'mask="url(#c)"' in svg and f'x="{counter[0]:.1f}"' in svg
    assert names_svg([], 100, 80) == ""
