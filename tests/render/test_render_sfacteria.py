"""The Sfacteria map: every zone and counter of a started game is drawn; the description names them."""

import pytest

from peloponnesos.games.sfacteria.engine import SfacteriaGame
from peloponnesos.render import describe, draw
from peloponnesos.render.palette import SIDES
from peloponnesos.render.sfacteria import SfacteriaRenderer


@pytest.fixture(scope="module")
def renderer():
    return SfacteriaRenderer()


def test_render_sfacteria_every_zone_and_base_is_a_region_with_a_label(renderer):
    board = SfacteriaGame.board()
    ids = {r.id for r in renderer.regions()}
    assert {z["id"] for z in board["zones"]} <= ids
    assert {b["id"] for b in board["bases"]} <= ids
    assert {f"turn:{t}" for t in range(1, 8)} <= ids and {"supply_A:3", "supply_S:0", "advantage"} <= ids


def test_render_sfacteria_every_zone_is_drawn_named_and_clickable(renderer):
    board = SfacteriaGame.board()
    mf = renderer.map_figure()
    fig = mf.build()
    places = set(fig.data[mf.labels_trace].customdata)
    clickable = set(fig.data[mf.grid_trace].customdata)
    for zone in board["zones"]:
        assert zone["id"] in places and zone["id"] in clickable
        assert f">{zone['id']}" in mf.picture  # its label is written on the picture of the bay
    assert len(fig.layout.images) == 1 and fig.layout.images[0].source.startswith("data:image/svg+xml")


def test_render_sfacteria_every_counter_of_a_started_game_appears_in_the_figure(renderer):
    game = SfacteriaGame(seed=3)
    fig = draw(game, "Athens")
    obs = game.observation("Athens")
    shown = " ".join(t for trace in fig.data for t in (trace.text or ()) if isinstance(t, str))
    hovers = " ".join(h for trace in fig.data for h in (trace.hovertext or ()) if isinstance(h, str))
    for unit in obs["units"]:
        assert f"{unit['label']}:" in hovers, unit
    for leader in obs["leaders"]:
        assert leader["name"] in hovers
    for zone in obs["zones"]:
        assert f" in {zone} " in hovers, zone
    assert "T6 Pylos" in shown


def test_render_sfacteria_sides_differ_by_shape_and_letter_not_colour_alone(renderer):
    game = SfacteriaGame(seed=1)
    tokens = renderer.tokens(game.observation(None))
    athens = [t for t in tokens if t.side == "Athens" and ":" in t.id and not t.id.startswith(("pa", "supply"))]
    sparta = [t for t in tokens if t.side == "Sparta" and ":" in t.id and not t.id.startswith(("pa", "supply"))]
    assert athens and sparta
    assert all(t.text.startswith("A:") for t in athens) and all(t.text.startswith("S:") for t in sparta)
    assert SIDES["Athens"].symbol != SIDES["Sparta"].symbol


def test_render_sfacteria_description_names_every_occupied_zone():
    game = SfacteriaGame(seed=2)
    text = describe(game, None)
    for zone in game.observation(None)["zones"]:
        assert f"{zone} " in text
    assert "Supply: Athens 3 of 3" in text and "Advantage:" in text


def test_render_sfacteria_hidden_stratagems_never_reach_the_other_side(renderer):
    game = SfacteriaGame(seed=4)
    own = game.observation("Athens")["stratagems"]["hand"]
    assert own
    rows = dict(renderer.status(game.observation("Sparta")))
    titles = [face["title"] for chit in own for face in chit["faces"]]
    assert not any(t in rows.get("Your stratagems", "") for t in titles)
    assert "Athens 2" in rows["Stratagems held"]


def test_render_sfacteria_tracks_show_turn_supply_pa_and_advantage(renderer):
    game = SfacteriaGame(seed=5)
    obs = game.observation(None)
    where = {t.id: t.region for t in renderer.tokens(obs)}
    assert where["turn-marker"] == f"turn:{obs['turn']}"
    assert where["supply-Athens"] == "supply_A:3" and where["supply-Sparta"] == "supply_S:3"
    assert where["advantage-marker"] == "advantage"
    assert where["pa-Athens"].startswith("pa:")
