"""The campaign map of Mountford's Peloponnesian War: every mark the issue asks for is drawn where it belongs
and told apart without colour — who holds each space, fortresses and home spaces, paths by kind, armies and
fleets with their SPs and leaders, garrisons, rebellion, ravaged and siege markers, the war chest (bellicosity
tracks, treasuries, hostages boxes), zones of influence on request — and the board is described in a sentence
and a table for screen readers."""

import pytest

from peloponnesos.games.mountford.actions import Activate, Form
from peloponnesos.games.mountford.engine import MountfordGame
from peloponnesos.render.mountford import BELL_MAX, MAJORS, MountfordRenderer


@pytest.fixture(scope="module")
def renderer():
    return MountfordRenderer()


def marked_game() -> MountfordGame:
    """The 431 position with one of every marker: a garrison, a rebellion, a ravaged space, a siege, hostages,
    and an army on campaign."""
    g = MountfordGame(seed=1)
    st, ix = g.state, g.board.index
    st.garrison[ix["potidaea"]] = "athens"
    st.rebellion[ix["mytilene"]] = True
    st.ravaged[ix["eleusis"]] = True
    st.siege[ix["plataea"]] = ["thebes", 1]
    st.hostages.append(["athens", "sparta"])
    return g


def drawn(renderer, obs):
    """The map updated for ``obs``: the figure, its map, and the hover text of every counter and marker drawn."""
    mf = renderer.map_figure()
    fig = mf.build()
    tokens = renderer.tokens(obs)
    mf.update(fig, tokens, control=renderer.control(obs))
    hovers = [h for i in [*mf.side_traces.values()] for h in (fig.data[i].hovertext or ())]
    return mf, fig, tokens, hovers


def test_mountford_map_the_war_chest_has_a_row_for_every_major_city_state(renderer):
    ids = {r.id for r in renderer.chest_regions()}
    for city in MAJORS:
        assert {f"money:{city}", f"hostages:{city}", f"chest:{city}"} <= ids
        assert {f"bell:{city}:{v}" for v in range(BELL_MAX + 1)} <= ids
    boxes = {r.id: r for r in renderer.chest_regions()}
    rows = {boxes[f"money:{city}"].anchor[1] for city in MAJORS}
    assert len(rows) == len(MAJORS)  # one row each, not drawn over each other


def test_mountford_map_treasuries_bellicosity_and_hostages_are_drawn_in_their_boxes(renderer):
    g = marked_game()
    obs = g.observation()
    mf, _fig, tokens, hovers = drawn(renderer, obs)
    where = mf.token_positions(tokens)
    for city in MAJORS:
        name = renderer.city(city)
        money, bell = f"money:{city}", f"bell:{city}"
        assert money in where and bell in where, city
        assert f"{name}'s treasury: {obs['tracks']['treasury'][city]} talents" in hovers
        assert f"{name}'s bellicosity: {obs['tracks']['bellicosity'][city]}" in hovers
    assert len({where[f"money:{c}"] for c in MAJORS}) == len(MAJORS)
    hostage = next(t for t in tokens if t.id.startswith("hostage:"))
    assert hostage.region == "hostages:athens" and hostage.text == "Sp" and hostage.id in where
    assert any(h.startswith("Athens holds hostages of Sparta") for h in hovers)



@pytest.mark.parametrize("values", [None, {"athens": 0, "sparta": 20, "corinth": 7, "thebes": 13},
                                    {"athens": 20, "sparta": 0, "corinth": 1, "thebes": 19}])
def test_mountford_map_bellicosity_markers_sit_in_the_box_of_their_value(renderer, values):
    """The map's side offset (0.17, set for its spaces) was nearly a whole bellicosity box: Athens' marker stood
    in the box below its value, Sparta's, Corinth's and Thebes' in the box above (10 drawn as 9 and 11)."""
    obs = MountfordGame(seed=1).observation()
    if values:
        obs = {**obs, "tracks": {**obs["tracks"], "bellicosity": {**obs["tracks"]["bellicosity"], **values}}}
    mf = renderer.map_figure()
    tokens = renderer.tokens(obs)
    where = mf.token_positions(tokens)
    for city in MAJORS:
        value = obs["tracks"]["bellicosity"][city]
        xs = [mf.xy(*p)[0] for p in mf.regions[f"bell:{city}:{value}"].outline]
        assert min(xs) < where[f"bell:{city}"][0] < max(xs), (city, value)


def test_mountford_map_garrison_rebellion_ravaged_and_siege_markers_in_their_spaces(renderer):
    g = marked_game()
    _mf, _fig, tokens, hovers = drawn(renderer, g.observation())
    marks = {t.id: t for t in tokens if t.id.split(":")[0] in ("garrison", "rebellion", "ravaged", "siege")}
    assert marks["garrison:potidaea"].text == "G" and marks["rebellion:mytilene"].text == "R"
    assert marks["ravaged:eleusis"].icon and marks["siege:plataea"].text.startswith("1/")
    for t in marks.values():  # a letter, a number or a picture on each, never colour alone
        assert t.text and t.hover in hovers
    assert any("besieges Plataea: 1 of" in h for h in hovers)


def test_mountford_map_armies_fleets_and_leaders_drawn_with_their_sps(renderer):
    g = MountfordGame(seed=1)
    obs = g.observation()
    _mf, _fig, tokens, _hovers = drawn(renderer, obs)
    fleet = next(t for t in tokens if t.id == "piraeus:athens:N")
    assert fleet.symbol == "triangle-up" and fleet.text == "A12" and fleet.side == "Athens"
    hoplites = next(t for t in tokens if t.id == "sparta:sparta:H")
    assert hoplites.text.startswith("S") and hoplites.side == "Sparta"


def test_mountford_map_an_army_on_campaign_is_drawn_where_it_stands_with_its_leader(renderer):
    g = MountfordGame(seed=1)
    g.apply(Activate("Archidamus", "sparta"))
    g.apply(Form(5, 0, 0))
    obs = g.observation()
    _mf, _fig, tokens, hovers = drawn(renderer, obs)
    army = [t for t in tokens if t.id.startswith("army:")]
    assert [t.text for t in army] == ["S5"] and army[0].region == obs["army"]["at"]
    assert any("the army of Archidamus, on campaign" in h.replace("<br>", " ") for h in hovers)  # (lines broken)
    leader = next(t for t in tokens if t.id == "leader:Archidamus")
    assert leader.region == obs["army"]["at"] and leader.symbol == "star" and leader.text == "Ar"


def test_mountford_map_every_space_held_shows_its_holder_by_letter_and_walls_and_homes_by_shape(renderer):
    obs = MountfordGame(seed=1).observation()
    control = renderer.control(obs)
    assert control["athens"] == "Athens" and control["sparta"] == "Sparta"
    assert "neutral" in control.values()
    regions = {r.id: r for r in renderer.regions()}
    kinds = {s["id"]: s["kind"] for s in obs["spaces"]}
    assert {regions[s].symbol for s, k in kinds.items() if k == "fortress"} == {"hexagon"}
    assert all(regions[c].label.endswith("★") for c in MAJORS)  # the major city-states' home spaces
    assert all("home space of" in regions[s["id"]].hover for s in obs["spaces"] if s["home"])


def test_mountford_map_paths_by_kind_with_the_isthmus_and_the_taenarum_crossing(renderer):
    kinds = {link.kind for link in renderer.links()}
    assert kinds == {"land", "naval", "combined", "pass", "mountain", "isthmus", "crossing"}
    mf = renderer.map_figure()
    key = " ".join(words for _, words in mf.key_items())
    for kind in ("pass", "mountain", "Isthmus"):
        assert kind.lower() in key.lower(), kind


def test_mountford_map_zones_of_influence_of_a_side_on_request(renderer):
    obs = MountfordGame(seed=1).observation()
    fleets, troops = renderer.reach(obs, "Athens", "naval"), renderer.reach(obs, "Sparta", "land")
    assert "aegina" in fleets.places and "sparta" not in fleets.places  # Mountford 4.6: two naval paths
    assert {"eleusis", "megara", "thebes"} <= set(troops.places) and "athens" not in troops.places
    assert renderer.reach(obs, "Athens", "land").side == "Athens" and "eleusis" in renderer.reach(obs, "Athens",
                                                                                                   "land").places


def test_mountford_map_described_in_a_sentence_and_a_table_with_every_marker(renderer):
    g = marked_game()
    obs = g.observation()
    sentence = renderer.describe(obs)
    for words in ("Plataea besieged", "Eleusis ravaged", "Mytilene in rebellion", "Athens holds hostages of Sparta",
                  "garrison of Athens in Potidaea", "Bellicosity:", "Talents:"):
        assert words in sentence, words
    heads, rows = renderer.describe_table(obs)
    assert heads == ["space", "held by", "forces", "markers"]
    table = {r[0]: r for r in rows}
    assert "garrison of Athens" in table["Potidaea"][3] and "ravaged" in table["Eleusis"][3]
    assert "in rebellion" in table["Mytilene"][3] and "besieged by Thebes" in table["Plataea"][3]
    assert "7H 1C 0N" in table["Athens"][2]


def _brasidas_at_athens() -> MountfordGame:
    g = MountfordGame(seed=1)
    g.clear_forces()
    g.place("athens", "sparta", 3, 0, 0)
    g.place("piraeus", "athens", 0, 0, 3)
    g.place("eleusis", "athens", 2, 0, 0)
    g.place("thebes", "thebes", 1, 0, 0)
    g.give_operation("Sparta")
    return g


@pytest.mark.parametrize("case", ["brasidas athens-plataea", "archidamus sparta-athens", "phormio piraeus-naupactus",
                                  "sparta-plataea"])
def test_mountford_4_6_route_table_starts_where_the_leader_is_placed_and_multiplies_to_the_headline(renderer, case):
    """Mountford 4.6: the space where the leader is placed counts as entered, so it has its row; each row's
    chance of getting through multiplies, over the route, to the plan's chance of arriving intact (exact)."""
    from fractions import Fraction
    from math import prod

    from peloponnesos.render.mountford import in_words

    g = MountfordGame(seed=1)
    plans = {"archidamus sparta-athens": lambda: g.plan_routes("sparta", "sparta", "athens", 7, 1, 0),
             "phormio piraeus-naupactus": lambda: g.plan_routes("athens", "piraeus", "naupactus", 0, 0, 3),
             "sparta-plataea": lambda: g.plan_routes("sparta", "sparta", "plataea", 7, 0, 0),
             "brasidas athens-plataea": lambda: _brasidas_at_athens().plan_routes("sparta", "athens", "plataea",
                                                                                  3, 0, 0)}[case]()
    assert plans
    for plan in plans:
        rows = renderer.route_rows(plan)
        assert len(rows) == len(plan["route"])  # the starting space too
        assert rows[0]["space"] == renderer.place_words(plan["route"][0])
        assert rows[0]["by"].startswith("starts here") and "4.6" in rows[0]["by"]
        through = [r["p_through"] for r in rows]
        assert all(isinstance(p, Fraction) for p in through)
        assert prod(through) == plan["p_intact"]
        assert [r["gets through"] for r in rows] == [in_words(p) for p in through]
    if case == "brasidas athens-plataea":  # Athens may intercept him where he is placed
        assert rows[0]["chance"] != "—" and plans[0]["steps"][0]["interception"]
