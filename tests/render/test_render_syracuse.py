"""The area map of Syracuse on the real ground: its outlines (reconstructed) agree with the engine's map, the steep
slopes lie where rule 7.1 puts them, the names never overprint, the counters show step and status, walls and the
Circle Fort are drawn, supply lines only on request, the board in words and as a table, no secret of the other side
on the screen, and every decision in words without counter codes."""

from __future__ import annotations

import itertools
import math
import random
import re

import pytest

from peloponnesos import new_game
from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.render import draw, renderer_for
from peloponnesos.render.choices import OTHER
from peloponnesos.render.geometry import inside, length, shared_border
from peloponnesos.render.labels import overlap
from peloponnesos.render.syracuse import OFF, STEEP, SUPPLY_STYLES, WALL_STYLES, layout

CODES = re.compile(r"\b[AS]-(?:H|N|LI|P|AR|C)\d+\b|\bSIC\d+\b")
K = math.cos(math.radians(37.09))
HEIGHTS = (343, 400, 520, 640, 760, 950)


@pytest.fixture(scope="module")
def renderer():
    return renderer_for("syracuse")


@pytest.fixture(scope="module")
def engine_map():
    return SyracuseGame.board()


def position(pieces: dict, *, seed=1, walls=None):
    g = SyracuseGame(seed=seed)
    g.clear_board()
    for area, names in pieces.items():
        for name in names:
            side = None
            if "@" in name:
                name, side = name.split("@")
            g.place(name, area, side=side)
    for area, (a, s) in (walls or {}).items():
        g.set_walls(area, a, s)
    return g


# -- the ground ---------------------------------------------------------------------------------------------------
def test_syracuse_map_every_area_has_an_outline_holding_its_anchor(renderer, engine_map):
    for a in engine_map["areas"]:
        outline = renderer.outlines[a["id"]]
        assert len(outline) >= 4 and inside(tuple(a["anchor"]), outline), a["id"]
    assert set(renderer.outlines) == {a["id"] for a in engine_map["areas"]}


def test_syracuse_map_areas_touch_exactly_where_the_rules_make_them_neighbours(renderer, engine_map):
    """Rule 3 and areas.toml: land neighbours, sea neighbours and the coasts; nothing else shares a border."""
    want = set()
    for a in engine_map["areas"]:
        for b in a["adjacent"] + (a["coast"] if a["kind"] == "land" else []):
            want.add(frozenset((a["id"], b)))
    found = set()
    for a, b in itertools.combinations(renderer.outlines, 2):
        runs = shared_border(renderer.outlines[a], renderer.outlines[b])
        if sum(length(r, K) for r in runs) > 0:
            found.add(frozenset((a, b)))
    assert found == want, (sorted(map(sorted, found - want)), sorted(map(sorted, want - found)))


def test_syracuse_map_steep_slopes_are_drawn_between_epipolae_and_the_low_ground_ticked_downhill(renderer,
                                                                                               engine_map):
    pairs = {frozenset((a["id"], b)) for a in engine_map["areas"] for b in a["steep"]}
    assert pairs and all({x[0] for x in p} == {"H", "L"} for p in pairs)  # rule 7.1: the plateau's edges
    drawn = set()
    for stroke in renderer.steep:
        assert stroke.key == STEEP and stroke.ticks == "left"
        (x1, y1), (x2, y2) = stroke.points[:2]
        mid, nx, ny = ((x1 + x2) / 2, (y1 + y2) / 2), (y2 - y1), -(x2 - x1)  # right of the way it runs (y up)
        scale = 2e-4 / math.hypot(nx, ny)
        below = (mid[0] + nx * scale, mid[1] + ny * scale)
        low = next(aid for aid, o in renderer.outlines.items() if aid.startswith(("L", "B")) and inside(below, o))
        high = next(aid for aid, o in renderer.outlines.items() if aid.startswith("H")
                    and inside((mid[0] - nx * scale, mid[1] - ny * scale), o))
        drawn.add(frozenset((low, high)))  # the ticks point down, onto the low ground
    assert drawn == pairs


def test_syracuse_map_the_west_edge_areas_reach_the_maps_west_side(renderer, engine_map):
    west = layout()["meta"]["frame"][0]
    for a in engine_map["areas"]:
        touches = any(abs(x - west) < 1e-6 for x, _ in renderer.outlines[a["id"]])
        assert touches == (a["kind"] == "land" and a["west_edge"]), a["id"]


@pytest.mark.parametrize("height", HEIGHTS)
def test_syracuse_map_names_never_overprint_each_other_nor_a_place_at_any_size(renderer, height):
    mf = renderer.map_figure()
    mf.width, mf.height = mf.fit(None, height)
    placed = mf.place_names()
    assert placed and all(p.clear for p in placed), [p.text for p in placed if not p.clear]
    for a, b in itertools.combinations(placed, 2):
        assert overlap(a.box, b.box, pad=0) == 0, (a.text, b.text)
    w, h = mf.plot_size()
    assert all(p.box[0] >= 0 and p.box[1] >= 0 and p.box[2] <= w and p.box[3] <= h for p in placed)
    if height >= 640:
        assert sum(" " in p.text and p.key[:2] in ("L-", "S-", "H-", "I-", "B-") for p in placed) >= 4


def test_syracuse_map_is_magnified_over_the_city_and_grows_on_a_projector(renderer):
    mf = renderer.map_figure()
    x0, _ = mf.xy(15.28, 37.06)
    x1, _ = mf.xy(15.29, 37.06)
    far0, _ = mf.xy(15.18, 37.14)
    far1, _ = mf.xy(15.19, 37.14)
    assert (x1 - x0) > 1.5 * (far1 - far0)  # the city and harbours drawn larger than the country
    assert mf.fit(1100, 980)[1] > mf.fit(600, 640)[1]


# -- what changes ---------------------------------------------------------------------------------------------------
def test_syracuse_counters_show_kind_steps_status_side_and_ships_point_by_side(renderer):
    g = position({"L-10": ["A-H1", "A-N1", "Nicias"], "L-7": ["S-N1", "S-C1"], "H-5": ["A-LI1"]})
    g.state.steps[g.unit_named("A-H1")] = 3
    g.state.status[g.unit_named("S-C1")] = 1
    tokens = {t.id: t for t in renderer.tokens(g.observation(None))}
    assert tokens["A-H1"].text == "H3" and tokens["A-H1"].reduced  # flipped after two losses (8.4)
    assert tokens["S-C1"].badge == "D" and "disrupted" in tokens["S-C1"].hover
    assert tokens["A-N1"].symbol == "triangle-up" and tokens["S-N1"].symbol == "triangle-down"
    assert tokens["Nicias"].symbol == "star" and tokens["A-LI1"].region == "H-5"
    assert {"turn-marker", "ml-Athens", "ml-Syracuse", "il-Athens", "ops-Syracuse"} <= set(tokens)
    assert tokens["ml-Syracuse"].region == f"ml:{g.state.ml[1]}"


def test_syracuse_walls_and_the_circle_fort_are_drawn_where_they_stand(renderer):
    g = position({"H-5": ["A-H1"]}, walls={"H-4": (2, 0), "H-7": (0, 1)})
    g.state.fort, g.state.fort_built = g.map.index["H-5"], True
    obs = g.observation(None)
    lines = renderer.lines(obs)
    styles = sorted(line.style for line in lines)
    assert styles == sorted([WALL_STYLES["Athens"]] * 2 + [WALL_STYLES["Syracuse"]])
    h4 = [line for line in lines if "H-4" in line.hover]
    assert len(h4) == 2 and h4[0].points != h4[1].points  # two walls, two lines
    assert all(inside(p, renderer.outlines["H-4"]) for line in h4 for p in line.points[:-1])
    assert any(t.id == "circle-fort" and t.region == "H-5" for t in renderer.tokens(obs))


def test_syracuse_supply_lines_are_drawn_only_when_asked_for(renderer):
    g = new_game("syracuse", seed=1)
    obs = g.observation("Athens")
    assert not [x for x in renderer.lines(renderer.annotate(obs, g)) if x.style in SUPPLY_STYLES.values()]
    shown = renderer.lines(renderer.annotate(obs, g, {"supply"}))
    athens = [x for x in shown if x.style == SUPPLY_STYLES["Athens"]]
    assert athens and any("L-18" in x.hover for x in athens)


def test_syracuse_who_holds_an_area_is_the_one_side_there(renderer):
    g = position({"L-10": ["A-H1"], "L-1": ["S-H1", "A-H2"], "S-2": ["S-N1"]})
    assert renderer.control(g.observation(None)) == {"L-10": "Athens", "S-2": "Syracuse"}


# -- words ---------------------------------------------------------------------------------------------------------
def test_syracuse_the_board_in_sentences_and_in_a_table_for_screen_readers(renderer):
    g = new_game("syracuse", seed=1)
    obs = g.observation("Athens")
    text = renderer.describe(obs)
    assert "L-10 Dascon: Athens: 4 × ships 2/2 steps" in text and "leader Nicias" in text
    assert "Siege walls: L-18 Thapsus (Athens 1); L-10 Dascon (Athens 1)." in text
    table = renderer.table(obs)
    assert table.startswith("<table") and "<caption>" in table and table.count("<tr>") >= 10
    assert "scope='col'" in table and "scope='row'" in table and not CODES.search(text + table)


def test_syracuse_no_counter_codes_in_what_the_screen_says(renderer):
    g = new_game("syracuse", seed=7)
    rng = random.Random(7)
    for _ in range(400):
        if g.is_over():
            break
        obs = g.observation(g.current_player())
        for action in g.legal_actions():
            c = renderer.choice(action, obs)
            assert not CODES.search(c.label + c.sentence + c.help), c.sentence
            assert c.place == OTHER or c.place in renderer.areas or c.place == OFF or re.fullmatch(
                r"[A-H]\d+", c.place), (action, c.place)
        g.apply(rng.choice(g.legal_actions()))
    for e in g.log:
        assert not CODES.search(renderer.words(e.text)), e.text
    obs = g.observation(None)
    words = renderer.title(obs) + " ".join(v for _, v in renderer.status(obs)) + renderer.describe(obs)
    assert not CODES.search(words)


def test_syracuse_a_move_is_listed_under_the_area_it_starts_from_and_the_unit_it_moves(renderer):
    g = position({"L-10": ["A-H1", "A-H2", "Nicias"], "L-18": ["A-N1"]})
    g.start_impulse("Athens", "ground")
    if "activate L-10" in [str(a) for a in g.legal_actions()]:  # the only leader's area is activated by itself
        g.apply("activate L-10")
    obs = g.observation("Athens")
    moves = [renderer.choice(a, obs) for a in g.legal_actions() if a.kind == "move"]
    assert moves and all(c.place == "L-10" and c.to == c.action.dest for c in moves)
    assert {c.piece_name for c in moves} >= {"Athenian hoplites 1", "Nicias"}
    stack = next(renderer.choice(a, obs) for a in g.legal_actions() if a.kind == "move_stack")
    assert stack.place == "L-10" and stack.to and stack.label.startswith("Move everything")


def test_syracuse_the_other_sides_secret_sicels_never_reach_the_screen(renderer):
    g = position({"L-10": ["A-H1"], "L-7": ["S-H1"]})
    g.state.hands[1] = [g.unit_named("SIC2")]
    g.state.uside[g.unit_named("SIC2")] = 1
    athens = g.observation("Athens")
    seen = (renderer.describe(athens) + str(renderer.status(athens)) + renderer.table(athens)
            + str([t.hover for t in renderer.tokens(athens)]))
    assert "Sicel foot 2" not in seen and "SIC2" not in seen
    assert ("Sicels drawn, not placed", "Syracuse 1") in renderer.status(athens)
    assert ("Your Sicels to place", "Sicel foot 2") in renderer.status(g.observation("Syracuse"))


def test_syracuse_draw_gives_a_still_figure_for_a_notebook():
    fig = draw(new_game("syracuse", seed=1), "Athens")
    names = {t.name for t in fig.data}
    assert {"Athens (A, squares)", "Syracuse (Sy, diamonds)", WALL_STYLES["Athens"]} <= names
    assert fig.layout.images[0].source.startswith("data:image/svg+xml")


def _track_markers(renderer, g):
    """Each side's morale, initiative and impulse marker: (track box it belongs in, its x, the box's left and right)."""
    mf = renderer.map_figure()
    obs = g.observation(None)
    tokens = [t for t in renderer.tokens(obs) if t.id.split("-")[0] in ("ml", "il", "ops")]
    where = mf.token_positions(tokens)
    out = []
    for t in tokens:
        prefix, side = t.id.split("-")
        key = {"ml": "ml", "il": "il", "ops": "impulses_left"}[prefix]
        value = max(0, min(5, obs[key][side])) if prefix == "ops" else obs[key][side]
        box = mf.regions[f"{prefix}:{value}"]
        xs = [mf.xy(*p)[0] for p in box.outline]
        out.append((t.id, value, where[t.id][0], min(xs), max(xs)))
    return out


@pytest.mark.parametrize("ml, il, ops", [((8, 7), (9, 4), (5, 1)), ((1, 10), (10, 1), (0, 5)),
                                         ((5, 5), (3, 3), (2, 2)), ((10, 1), (1, 10), (5, 0))])
def test_render_syracuse_tracks_markers_sit_in_the_box_of_their_value(renderer, ml, il, ops):
    """Morale 8/7 was drawn as 7/8, impulses 5/1 as 4/2: the map's side offset (set for its areas) was nearly a
    whole track box, so Athens' marker stood in the box below its value and Syracuse's in the box above. Each
    marker now lies inside its own value's box (not merely nearest to it), Athens left of Syracuse when they share
    one."""
    games = [new_game("syracuse", seed=1), new_game("syracuse", seed=414, scenario="gylippus")]
    g = new_game("syracuse", seed=1)
    g.state.ml, g.state.il, g.state.ops = list(ml), list(il), list(ops)
    assert g.observation(None)["ml"] == {"Athens": ml[0], "Syracuse": ml[1]}
    games.append(g)
    for game in games:
        markers = _track_markers(renderer, game)
        assert len(markers) == 6
        for tid, value, x, left, right in markers:
            margin = (right - left) * 0.1
            assert left + margin < x < right - margin, (tid, value, x, left, right)
        for track in ("ml", "il", "ops"):
            (_, va, xa, *_), (_, vs, xs, *_) = (m for m in markers if m[0].startswith(track + "-"))
            if va == vs:
                assert xa < xs  # side by side in one box: Athens on the left
            else:
                assert (xa < xs) == (va < vs)  # the higher value further right
