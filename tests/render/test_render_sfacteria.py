"""The Sfacteria map: every zone and counter of a started game is drawn; the description names them."""

import pytest

from peloponnesos.games.sfacteria.engine import SfacteriaGame
from peloponnesos.render import describe
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
    # one picture of the bay; the image over the traces holds no name until a mark crosses one
    assert [image.layer for image in fig.layout.images] == ["below", "above"] and not fig.layout.images[1].source
    assert fig.layout.images[0].source.startswith("data:image/svg+xml")


def test_render_sfacteria_every_counter_of_a_started_game_appears_in_the_figure(renderer):
    game = SfacteriaGame(seed=3)
    obs = game.observation("Athens")
    mf = renderer.map_figure()
    fig = mf.build()
    zones = sorted({u["zone"] for u in obs["units"]})
    mf.update(fig, renderer.tokens(obs), opened=zones)  # every stack open: one counter per piece
    shown = [t for i in mf.side_traces.values() for t in mf._targets[i]]
    pieces = {t.piece for t in shown if t.piece}
    assert {u["id"] for u in obs["units"]} | {ldr["id"] for ldr in obs["leaders"]} <= pieces
    hovers = " ".join(h for trace in fig.data for h in (trace.hovertext or ()) if isinstance(h, str))
    for unit in obs["units"]:
        assert renderer.piece_words(unit["id"]) in hovers, unit
    for leader in obs["leaders"]:
        assert leader["name"] in hovers
    assert "T6 Pylos" in mf.picture


def test_render_sfacteria_sides_differ_by_shape_and_letter_not_colour_alone(renderer):
    game = SfacteriaGame(seed=1)
    tokens = [t for t in renderer.tokens(game.observation(None)) if t.piece]
    athens = [t for t in tokens if t.side == "Athens"]
    sparta = [t for t in tokens if t.side == "Sparta"]
    assert athens and sparta
    assert all(t.text.startswith("A") for t in athens) and all(t.text.startswith("S") for t in sparta)
    assert SIDES["Athens"].symbol != SIDES["Sparta"].symbol
    # pieces of one type have the shape of their type; hoplites the side's own shape
    assert {t.symbol for t in tokens if t.id.startswith(("AT", "ST"))} == {"triangle-up"}
    assert {t.symbol for t in tokens if t.id in ("Demosthenes", "Epitadas")} == {"star"}


def test_render_sfacteria_a_side_in_a_zone_is_one_stack_with_its_letter_and_strength_until_opened(renderer):
    game = SfacteriaGame(seed=1)
    obs = game.observation("Athens")
    tokens = renderer.tokens(obs)
    mf = renderer.map_figure()
    fig = mf.build(widget=True)
    pylos = [t for t in tokens if t.region == "T6" and t.side == "Athens"]
    assert len(pylos) >= 3
    mf.update(fig, tokens)
    index = mf.side_traces["Athens"]
    faces = [(text, target) for text, target in zip(fig.data[index].text, mf._targets[index], strict=True)
             if target.region == "T6" and text]
    total = sum(u["pf"] for u in obs["units"] if u["zone"] == "T6")
    assert faces == [(f"A{total}", faces[0][1])] and faces[0][1].stack  # one face: A and the total PF
    mf.update(fig, tokens, opened=["T6"])
    opened = [t for t in mf._targets[index] if t.region == "T6"]
    assert len(opened) == len(pylos) and {t.piece for t in opened} == {t.piece for t in pylos}
    assert not any(t.stack for t in opened)
    point = next(i for i, t in enumerate(mf._targets[index]) if t.piece == pylos[0].piece)
    assert mf.target_at(index, point).piece == pylos[0].piece  # a click on a counter names the piece


def test_render_sfacteria_zones_are_tinted_and_patterned_by_who_holds_them(renderer):
    game = SfacteriaGame(seed=1)
    obs = game.observation(None)
    control = renderer.control(obs)
    assert control["T6"] == "Athens" and control["T8"] == "Sparta"
    assert all(not z.startswith("BASE") for z in control)
    mf = renderer.map_figure()
    fig = mf.build()
    mf.update(fig, renderer.tokens(obs), control=control)
    for side in ("Athens", "Sparta"):
        trace = fig.data[mf.control_traces[side]]
        assert trace.fill == "toself" and trace.fillpattern.shape  # a pattern, not colour alone
        held = sum(1 for v in trace.x if v is None)
        assert held == sum(1 for s in control.values() if s == side)


def test_render_sfacteria_no_internal_code_in_the_words_of_any_choice_or_log_line(renderer):
    import re

    from peloponnesos.core import RandomBot

    game = SfacteriaGame(seed=5)
    bot = RandomBot(5)
    codes = re.compile(r"\b(A|S)(T|H|P|A)\d+\b|BASE_|_")
    seen = 0
    while not game.is_over() and seen < 400:
        obs = game.observation(game.current_player())
        for action in game.legal_actions():
            choice = renderer.choice(action, obs)
            for text in (choice.label, choice.sentence, choice.piece_name):
                assert not codes.search(text), text
        game.apply(bot.choose(game, game.current_player()))
        seen += 1
    for event in game.log:
        assert not codes.search(renderer.words(event.text)), event.text


def test_render_sfacteria_stratagems_are_named_by_number_and_effect_where_actions_cite_them(renderer):
    from peloponnesos.games.sfacteria.actions import KeepStratagem, PlayStratagem
    from peloponnesos.games.sfacteria.stratagems import default_stratagems

    face = default_stratagems().face(20)
    choice = renderer.choice(PlayStratagem(20), None)
    assert choice.label.startswith("Play stratagem 20") and face.title in choice.label
    assert renderer.words(face.text) in choice.help and "20" in choice.help
    game = SfacteriaGame(seed=4)
    obs = game.observation("Athens")
    chit = obs["stratagems"]["hand"][0]
    keep = renderer.choice(KeepStratagem(chit["chit"]), obs)
    for f in chit["faces"]:
        assert str(f["number"]) in keep.label and renderer.words(f["text"]) in keep.help


def test_render_sfacteria_moves_group_under_the_zone_they_start_from(renderer):
    from peloponnesos.games.sfacteria.actions import Activate, Move, Transport

    move = renderer.choice(Move("AH1", "T6", "T2"), None)
    assert (move.place, move.piece, move.to) == ("T6", "AH1", "T2")
    assert move.piece_name == "Garrison hoplites" and "T2" in move.label and "AH1" not in move.sentence
    ship = renderer.choice(Transport("SH1", "T8", "T12", ("N5",)), None)
    assert (ship.place, ship.to) == ("T8", "T12") and "N5" in ship.label
    assert renderer.choice(Activate("T6"), None).place == "T6"
    # two counters with the same name are told apart
    assert renderer.piece_words("AT3") != renderer.piece_words("AT4")


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
