"""The map of Greece: every area and counter is drawn, chits stay face down for the other side."""

import peloponnesos as pp
from peloponnesos.core import RandomBot
from peloponnesos.render import describe, draw
from peloponnesos.render.diceless import DicelessRenderer, chit_picture, fisheye
from peloponnesos.render.mapfig import ICON_FONT


def game_in_placement(seed=1, placements=3):
    g = pp.new_game("diceless", seed=seed)
    bot = RandomBot(seed)
    while not (g.turn == 2 and g.phase == "place"):
        g.apply(bot.choose(g, g.current_player()))
    for _ in range(placements):
        g.apply(bot.choose(g, g.current_player()))
    return g


def test_render_diceless_every_area_is_on_the_map_with_its_name():
    r = DicelessRenderer()
    board = pp.new_game("diceless", seed=1).board()
    regions = {x.id: x for x in r.regions()}
    for area in board["areas"]:
        assert area["id"] in regions and area["name"] in regions[area["id"]].label
        assert regions[f"{area['id']}:chits"].click_as == area["id"]


def test_render_diceless_every_counter_is_drawn_left_sparta_right_athens():
    g = game_in_placement()
    r = DicelessRenderer()
    obs = g.observation(None)
    tokens = [t for t in r.tokens(obs) if ":chit:" not in t.id]
    expected = sum(n for per in obs["areas"].values() for n in per.values())
    assert len(tokens) == expected
    mf = r.map_figure()
    pos = mf.token_positions(tokens)
    for area, per in obs["areas"].items():
        if per["Sparta"] and per["Athens"]:
            assert pos[f"{area}:Sparta:0"][0] < pos[f"{area}:Athens:0"][0]


def test_render_diceless_opponent_chits_are_face_down():
    g = game_in_placement(placements=3)
    r = DicelessRenderer()
    mover = g.history[-1]
    placer = "Sparta" if g.current_player() == "Athens" else "Athens"
    own = [t for t in r.tokens(g.observation(placer)) if ":chit:" in t.id and t.side == placer]
    other = [t for t in r.tokens(g.observation(g.players[0] if placer == g.players[1] else g.players[1]))
             if ":chit:" in t.id and t.side == placer]
    assert own and other and mover
    assert all(t.text == "?" for t in other)
    assert not any(t.text == "?" for t in own)


def test_render_diceless_every_chit_has_a_picture_drawn_without_an_emoji_font():
    """Buttons, help line and map show each chit as a Font Awesome icon (served by JupyterLab and Voilà)."""
    r = DicelessRenderer()
    board = pp.new_game("diceless", seed=1).board()
    codes = [k["code"] for k in board["chits"]["kinds"]] + [c["code"] for c in board["chits"]["specials"]]
    names = {r.picture_name(code) for code in codes}
    assert len(names) == len(codes) == 11  # one picture each, all different
    assert chit_picture("Coup") == '<i class="fa fa-user-secret" aria-hidden="true"></i>'
    assert 'style="font-size:30px"' in chit_picture("pericles", "30px")
    assert all(0xF000 <= ord(r.picture_glyph(code)) <= 0xF8FF for code in codes)  # the icon font's private area


def test_render_diceless_revealed_chits_are_pictures_on_the_map():
    g = game_in_placement(placements=3)
    r = DicelessRenderer()
    placer = "Sparta" if g.current_player() == "Athens" else "Athens"
    own = [t for t in r.tokens(g.observation(placer)) if ":chit:" in t.id and t.side == placer]
    assert own and all(t.icon and len(t.text) == 1 for t in own)
    fig = draw(g, placer)
    fonts = [f for trace in fig.data if trace.textfont and isinstance(trace.textfont.family, tuple)
             for f in trace.textfont.family]
    assert ICON_FONT in fonts


def test_render_diceless_figure_and_description_name_every_held_area():
    g = game_in_placement()
    fig = draw(g, None)
    assert len(fig.data) > 5
    text = describe(g, None)
    names = {a["id"]: a["name"] for a in g.board()["areas"]}
    for area, per in g.observation(None)["areas"].items():
        if per["Sparta"] or per["Athens"]:
            assert names[area] in text


def test_render_diceless_fisheye_keeps_far_places_and_spreads_the_centre():
    lens = fisheye(0.8)
    assert lens(10.0, 30.0) == (10.0, 30.0)
    a, b = lens(23.0 * 0.8, 37.9), lens(23.3 * 0.8, 38.0)
    assert abs(a[0] - b[0]) > 0.3 * 0.8
