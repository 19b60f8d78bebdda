"""Names a class reads on a projector, checked from the placer's own boxes: on the diceless map and on every view
of Mountford's map no two names overlap or stand so close that they read as one ("Samos Ionia"), every name
stays near its own dot where the audit found them wandering, and the Attica view names each of its places,
inside the part shown (Sunium was cut off at its edge, Piraeus and Phlius had no name); and in a game in
progress no name is hidden under a counter (checked against the counters as the figure draws them)."""

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



# -- names in a game in progress: never under a counter --------------------------------------------------------
# plotly draws a marker of size s as a square s wide; a diamond's corners reach 1.3 s/2, a star's points 1.4 s/2
MARKER_REACH = {"diamond": 1.3, "star": 1.4}
SCREENS = {"1024": (900, 650), "1366": (960, 640), "1920": (1500, 960)}  # as the panel is sized in JupyterLab
MOST_HIDDEN = 0.15  # of a name's area: a graze; more, and a pupil cannot read it


def counters_drawn(mf, fig) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each counter as the figure draws it (its traces' points, sizes and shapes), as a box in the picture's
    pixels, with its text."""
    out = []
    for index in mf.side_traces.values():
        trace = fig.data[index]
        symbols = trace.marker.symbol
        for k, (x, y, size) in enumerate(zip(trace.x, trace.y, trace.marker.size, strict=True)):
            symbol = symbols if isinstance(symbols, str) else symbols[k]
            px, py = mf.to_px(x, y)
            half = size / 2 * MARKER_REACH.get(symbol.replace("-open", ""), 1.0)
            out.append((trace.text[k], (px - half, py - half, px + half, py + half)))
    return out


def names_under_counters(mf, fig) -> list[str]:
    counters = counters_drawn(mf, fig)
    shown = []
    for p in mf.placed:
        region = mf.regions[p.key]
        if region.frame or region.fixed_label:
            continue  # a track's numbers: its markers stand in its boxes
        x0, y0, x1, y1 = p.box
        share = sum(overlap(p.box, box, pad=0) for _text, box in counters) / ((x1 - x0) * (y1 - y0))
        if share > MOST_HIDDEN:
            shown.append(f"{p.text} {share:.0%} under " + " ".join(t for t, b in counters if overlap(p.box, b, pad=0)))
    return shown


def game_in_progress(game: str, moves: int, screen: str, view: str = "", sized_first: bool = True):
    """A panel of ``game`` played ``moves`` seeded random moves (the positions of the review's screenshots),
    sized for ``screen`` before the game (as in class: the map stays that size while the game goes on) or after."""
    import random

    from peloponnesos.widgets.launch import panel

    p = panel(game, mode="hotseat", seed=1)
    if view:
        p.view_choice.value = next(k for k, v in enumerate(p.renderer.views()) if v.name == view)
    if sized_first:
        p.fit_to_screen(*SCREENS[screen])
    rng = random.Random(5)
    for _ in range(moves):
        actions = [] if p.session.game.is_over() else p.session.legal_actions()
        if not actions:
            break
        p.do(rng.choice(actions))
    if not sized_first:
        p.fit_to_screen(*SCREENS[screen])
    return p


@pytest.mark.parametrize("sized_first", [True, False], ids=["sized-then-played", "played-then-sized"])
@pytest.mark.parametrize("screen", SCREENS)
def test_labels_syracuse_in_progress_no_name_under_a_counter(screen, sized_first):
    """The review: in a game in progress "L-18" was mostly under the A×10 stack, "I-1" and "L-1" under the
    Syracusan counters; every name must stay readable beside the counters."""
    p = game_in_progress("syracuse", 20, screen, sized_first=sized_first)
    assert names_under_counters(p.mapfig, p.fig) == []


@pytest.mark.parametrize("sized_first", [True, False], ids=["sized-then-played", "played-then-sized"])
@pytest.mark.parametrize("screen", SCREENS)
def test_labels_mountford_attica_in_progress_no_name_under_a_counter(screen, sized_first):
    """The review: in the Attica view "Piraeus" was half under the Athenian counters and Phormio's star."""
    p = game_in_progress("mountford", 6, screen, view=ATTICA, sized_first=sized_first)
    assert names_under_counters(p.mapfig, p.fig) == []
