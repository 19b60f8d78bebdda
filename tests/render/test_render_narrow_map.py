"""A narrow map (a 1024×768 projector with JupyterLab's file browser open puts Sfacteria's map beside the controls at
276 px): the tracks' names and the title stay whole inside the figure instead of being cut at its edge."""

import pytest

from peloponnesos.core import new_game
from peloponnesos.render import renderer_for
from peloponnesos.render.labels import overlap, text_width

TRACK_NAMES = {"turn:label": ("Turn",), "supply_A:label": ("Pylos supply", "Pylos"),
               "supply_S:label": ("Island supply", "Island"), "pa:label": ("Action points", "PA")}


def sfacteria_map(width: int):
    renderer = renderer_for("sfacteria")
    mf = renderer.map_figure()
    fig = mf.build()
    mf.resize(fig, *mf.fit(width, 2000))
    obs = new_game("sfacteria", seed=1).observation()
    mf.update(fig, renderer.tokens(obs), title=renderer.title(obs))
    return mf, fig


@pytest.mark.parametrize("width", [276, 312, 400])
def test_sfacteria_2_4_narrow_map_track_names_stay_inside_and_off_the_boxes(width):
    """Sfacteria 2.4's tracks: "Action points" was cut to "ction points" and "Island supply" ran over the boxes of
    the Pylos supply track; a name too long for its room is written short ("PA", "Island") or smaller."""
    mf, _fig = sfacteria_map(width)
    placed = {p.key: p for p in mf.placed if p.key in TRACK_NAMES}
    assert set(placed) == set(TRACK_NAMES)
    left = mf.view_px()[0]
    for key, label in placed.items():
        assert label.text in TRACK_NAMES[key], label.text
        assert label.box[0] >= left - 0.5, (label.text, label.box, left)
        assert all(overlap(label.box, box, pad=0) == 0 for box in mf._track_boxes()), label.text


def test_sfacteria_2_4_wide_map_writes_the_tracks_names_whole():
    mf, _fig = sfacteria_map(520)
    assert {p.text for p in mf.placed if p.key in TRACK_NAMES} == {names[0] for names in TRACK_NAMES.values()}


@pytest.mark.parametrize("width", [276, 400, 700])
def test_map_title_fits_the_figures_width(width):
    """Plotly cuts a title at the figure's edge ("phase B: A"): a long one is written smaller (not below 12 px)."""
    mf, fig = sfacteria_map(width)
    title, size = fig.layout.title.text, fig.layout.title.font.size
    assert title.startswith("Sfacteria") and size >= 12
    assert text_width(title, size) <= mf.width - 12 or size == 12
    if width >= 700:
        assert size == mf.title_px()  # a wide map keeps its usual title size
    mf.update(fig, [], title=title + ", and a much longer title than any the game writes")
    assert fig.layout.title.font.size < size or fig.layout.title.font.size == 12


@pytest.mark.parametrize("name", ["diceless", "mountford", "sfacteria", "syracuse"])
def test_map_still_figures_caption_sits_in_the_maps_corner_clear_of_the_names(name):
    """A lesson's still map writes where the map comes from in its lower left corner: it ran past the map's right
    edge ("centre" cut on the diceless map) and hid the name under it (Cythera). Now it is broken into lines as wide
    as the map, anchored to the map (not the page, which may be wider), and no name is placed under it."""
    from peloponnesos.render import draw

    renderer = renderer_for(name)
    mf = renderer.map_figure()
    fig = mf.build()  # a still figure, as draw() makes
    notes = [a for a in fig.layout.annotations if "reconstructed" in (a.text or "")]
    assert len(notes) == 1 and (notes[0].xref, notes[0].yref) == ("x domain", "y domain")
    plot_w, _plot_h = mf.canvas_size()
    caption = mf._caption_box
    assert caption is not None and caption[2] <= plot_w
    assert all(overlap(p.box, caption, pad=0) == 0 for p in mf.placed), [p.text for p in mf.placed
                                                                          if overlap(p.box, caption, pad=0)]
    assert draw(new_game(name, seed=1)).layout.annotations[0].text == notes[0].text
    widget = renderer_for(name).map_figure()
    widget.build(widget=True)
    assert widget._caption_box is None  # a panel's map has no caption: its names need not keep off one
