"""Names a class reads on a projector, checked from the placer's own boxes: on the diceless map and on every view
of Mountford's map no two names overlap or stand so close that they read as one ("Samos Ionia"), every name
stays near its own dot where the audit found them wandering, and the Attica view names each of its places,
inside the part shown (Sunium was cut off at its edge, Piraeus and Phlius had no name)."""

import itertools

import pytest

from peloponnesos.render import renderer_for
from peloponnesos.render.labels import air, apart, overlap
from peloponnesos.render.mapfig import Route

HEIGHTS = (343, 400, 520, 640, 760, 950)  # 1024 px to a 1920 projector
ATTICA = "Attica, the Isthmus, the Peloponnese"


def drawn(game: str, height: int):
    renderer = renderer_for(game)
    mf = renderer.map_figure()
    fig = mf.build()
    mf.resize(fig, *mf.fit(None, height))
    return renderer, mf, fig


def names_keep_apart(mf) -> None:
    """No two names share a pixel; two names a player reads (not a track's numbers) keep ``air`` between them."""
    fixed = {r.id for r in mf.regions.values() if r.frame or r.fixed_label}
    for a, b in itertools.combinations(mf.placed, 2):
        assert overlap(a.box, b.box, pad=0) == 0, (a.text, b.text)
        if a.key not in fixed and b.key not in fixed:
            assert apart(a.box, b.box, *air(max(a.size, b.size))), f"{a.text!r} and {b.text!r} read as one"
    assert all(p.clear for p in mf.placed), [p.text for p in mf.placed if not p.clear]


@pytest.mark.parametrize("height", HEIGHTS)
def test_labels_diceless_names_never_overlap_nor_read_as_one(height):
    _r, mf, _fig = drawn("diceless", height)
    names_keep_apart(mf)


@pytest.mark.parametrize("height", HEIGHTS[1:])
def test_labels_diceless_crowded_names_sit_by_their_own_dots(height):
    """The audit: "Athens ★" stood below-right, beside Chios' name; Samos' and Ionia's, Thebes' and Plataea's ran
    together. Each of these names is now nearer its own dot than any other."""
    _r, mf, _fig = drawn("diceless", height)
    dots = {k: mf.to_px(*mf.xy(*r.anchor)) for k, r in mf.regions.items() if r.marker_size}
    placed = {p.key: p for p in mf.placed}
    for key in ("athens", "chios", "samos", "ionia", "plataea", "megara", "lesbos"):
        cx, cy = placed[key].centre
        distance = {k: (cx - x) ** 2 + (cy - y) ** 2 for k, (x, y) in dots.items()}
        assert min(distance, key=distance.get) == key, (placed[key].text, height)


@pytest.mark.parametrize("height", HEIGHTS)
def test_labels_mountford_names_never_overlap_in_any_view(height):
    renderer, mf, fig = drawn("mountford", height)
    for view in renderer.views():
        mf.view(fig, view.zoom, view.centre, view.places)
        names_keep_apart(mf)
        shown = mf.view_px()
        for p in mf.placed:
            if not (mf.regions[p.key].frame or mf.regions[p.key].fixed_label):
                assert shown[0] <= p.box[0] and shown[1] <= p.box[1] and p.box[2] <= shown[2] \
                    and p.box[3] <= shown[3], (view.name, p.text)  # no name cut at the view's edge


@pytest.mark.parametrize("height", HEIGHTS)
def test_labels_mountford_attica_view_names_each_of_its_places_inside_it(height):
    renderer, mf, fig = drawn("mountford", height)
    view = next(v for v in renderer.views() if v.name == ATTICA)
    assert {"sunium", "piraeus", "phlius", "athens", "sparta", "corinth", "taenarum"} <= set(view.places)
    mf.view(fig, view.zoom, view.centre, view.places)
    (x0, x1), (y0, y1) = fig.layout.xaxis.range, fig.layout.yaxis.range
    shown = mf.view_px()
    placed = {p.key: p for p in mf.placed}
    for place in view.places:
        x, y = mf.xy(*mf.regions[place].anchor)
        assert x0 <= x <= x1 and y0 <= y <= y1, f"{place} is outside the view"
        assert place in placed, f"{place} has no name in the view"
        box = placed[place].box
        assert shown[0] <= box[0] and shown[1] <= box[1] and box[2] <= shown[2] and box[3] <= shown[3], place


def test_labels_mountford_a_route_note_stays_inside_the_view():
    renderer, mf, fig = drawn("mountford", 640)
    view = next(v for v in renderer.views() if v.name == ATTICA)
    mf.view(fig, view.zoom, view.centre, view.places)
    notes = mf._route_annotations(Route(("athens", "sunium"), ("", "72% to arrive")))
    assert len(notes) == 1
    (x0, x1), (y0, y1) = fig.layout.xaxis.range, fig.layout.yaxis.range
    note = notes[0]
    half = (len(note["text"]) * note["font"]["size"] * 0.7 / 2) / mf.px_per_unit()
    assert x0 <= note["x"] - half and note["x"] + half <= x1 and y0 <= note["y"] <= y1

