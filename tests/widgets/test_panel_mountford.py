"""The Mountford panel without a browser, through its session: leaders chosen on the map, the army formed with
sliders, the route planner (a destination clicked → the shortest legal route drawn with each space's exact odds),
equal routes, the battle and siege previews, the zones of influence, the board described for screen readers,
saving, and whole games — hot-seat, against the computer, the computer against itself."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest
from widget_helpers import page_text

from peloponnesos.games.mountford import MountfordGame
from peloponnesos.render.mountford import in_words
from peloponnesos.widgets.launch import StartScreen
from peloponnesos.widgets.launch import panel as make_panel
from peloponnesos.widgets.mountford import MountfordPanel
from peloponnesos.widgets.panel import Group

IDS = tuple(MountfordGame(seed=1).board.ids)
CODE = re.compile(r"(?<![\w-])(" + "|".join(IDS) + r")(?![\w-])")  # a space's id, lower case, as a word


def shown(p) -> str:
    """What a player reads: controls, lists, odds, log, status, description, and the map's words."""
    parts = [p.prompt.value, p.message.value, p.last_move.value, p.status.value, p.log.value, p.help.value,
             p.describe.value, p.dice.value, p.odds.value, p.form_text.value]
    parts += [label for label, _ in p.actions.options] + [label for label, _ in p.place.options]
    parts += [label for label, _ in p.piece.options]
    for trace in p.fig.data:
        parts += [t for t in (trace.text or ()) if isinstance(t, str)]
        parts += [t for t in (trace.hovertext or ()) if isinstance(t, str)]
    parts += [a.text for a in p.fig.layout.annotations]
    parts.append(p.fig.layout.title.text or "")
    return re.sub(r"<[^>]+>", " ", "\n".join(parts))


def position(forces: dict, side: str, seed: int = 1) -> MountfordGame:
    g = MountfordGame(seed=seed)
    g.clear_forces()
    for space, stacks in forces.items():
        for city, (h, c, n) in stacks.items():
            g.place(space, city, h, c, n)
    g.give_operation(side)
    return g


def choose(p, text: str) -> None:
    """Choose the list line that reads ``text`` (as a player would) and press Do it."""
    for label, value in p.actions.options:
        if not isinstance(value, Group) and label.strip().startswith(text):
            p.actions.value = value
            p.do()
            assert not p.session.message, p.session.message
            return
    raise AssertionError(f"{text!r} not in {[label for label, _ in p.actions.options]}")


def archidamus_marching(mode="hotseat", **kw):
    """Sparta's turn in 431: Archidamus takes command at Sparta (chosen on the map) and forms his army."""
    p = make_panel("mountford", mode=mode, seed=1, **kw)
    p.click_place("sparta")
    assert p.place.value == "sparta"
    choose(p, "Archidamus takes command here (battle 2, interception 0)")
    assert p.form_box.layout.display == "flex" and p.actions.layout.display == "none"
    p.hoplites.value, p.cavalry.value, p.naval.value = 7, 0, 0
    p.do()
    assert p.session.game.state.step == "op_objective", p.session.message
    return p


# -- the route planner -----------------------------------------------------------------------------------------
def test_panel_mountford_a_destination_clicked_on_the_map_draws_the_route_and_its_exact_odds():
    p = archidamus_marching()
    p.click_place("athens")
    assert p.actions.value.dest == "athens"
    plan = p.session.game.plan_routes("sparta", "sparta", "athens", 7, 0, 0)[0]
    route = p.fig.data[p.mapfig.route_trace + 1]
    assert len(route.x) == len(plan["route"]) and route.marker.symbol[-1] == "arrow"
    assert route.line.color == "#E69F00"  # Sparta's colour, with a black edge under it
    notes = [a.text for a in p.fig.layout.annotations]
    assert any(n.startswith("intercept 67%") and "arrives intact 17%" in n for n in notes), notes
    assert "intercept 50%" in notes
    assert in_words(plan["p_intact"]) == "1 in 6 (17%)" and "1 in 6 (17%)" in p.odds.value
    assert "Eleusis" in p.odds.value and "Athens needs 4+" in p.odds.value  # the table, space by space
    assert p.plan() is None  # the route replaces the straight arrow


def test_panel_mountford_a_click_on_a_place_the_route_passes_through_picks_that_place():
    p = archidamus_marching()
    p.click_place("athens")
    trace = p.mapfig.route_trace + 1
    route = list(p.session.game.plan_routes("sparta", "sparta", "athens", 7, 0, 0)[0]["route"])
    k = route.index("megara")
    assert p.mapfig.target_at(trace, k).region == "megara"  # the route's dot over Megara is Megara
    assert p.fig.data[trace]._click_callbacks  # and it answers clicks, like the names and the counters
    p.fig.data[trace]._click_callbacks[0](p.fig.data[trace], type("Points", (), {"point_inds": [k],
                                                                               "trace_index": trace})(), None)
    assert p.actions.value.dest == "megara" and "Sparta to Megara" in p.odds.value


def test_panel_mountford_choosing_another_destination_in_the_list_redraws_only_the_route():
    p = archidamus_marching()
    p.click_place("athens")
    first = list(p.fig.data[p.mapfig.route_trace + 1].x)
    megara = next(v for label, v in p.actions.options if label.strip() == "Move to Megara")
    p.actions.value = megara
    again = list(p.fig.data[p.mapfig.route_trace + 1].x)
    assert again and again != first and "Sparta to Megara" in p.odds.value


def test_panel_mountford_a_route_chosen_before_a_browser_has_drawn_the_map_is_in_the_state_it_will_draw():
    # (Voila runs the notebook before any view exists: a view drawn later draws the figure's full state)
    p = archidamus_marching()
    p.click_place("athens")
    megara = next(v for label, v in p.actions.options if label.strip() == "Move to Megara")
    p.actions.value = megara
    route = p.mapfig.route_trace + 1
    assert list(p.fig._widget_data[route]["x"]) == list(p.fig.data[route].x)
    assert p.fig._widget_layout.get("annotations", []) == [a.to_plotly_json() for a in p.fig.layout.annotations]


def test_panel_mountford_an_attack_shows_the_battle_and_no_siege_it_cannot_pay_for():
    """Mountford 5.8: 7 SPs cost 700 talents an attempt; Sparta holds less, so no siege odds are promised."""
    p = archidamus_marching()
    p.click_place("athens")
    odds = shown(p)
    assert "On land at Athens" in odds and "Sparta wins" in odds and "Archidamus falls" in odds
    cash = p.session.game.state.treasury["sparta"]
    assert (f"No siege of Athens: the treasury of Sparta holds {cash} talents and a siege attempt by 7 SPs costs "
            "700 (100 a SP) (Mountford 5.8).") in odds
    assert "A siege of Athens" not in odds and "taken at attempt" not in odds
    preview = p.session.game.preview_battle("athens", "sparta", [7, 0, 0], leader="Archidamus")
    win = preview["land"].probability(lambda o: o.winner == 0)
    assert f"Sparta wins {in_words(win)}" in odds


def _eurymachus_to_plataea(p) -> str:
    p.click_place("thebes")
    choose(p, "Eurymachus takes command here")
    p.hoplites.value, p.cavalry.value, p.naval.value = 3, 0, 0
    p.do()
    p.actions.value = next(v for label, v in p.actions.options if label.strip() == "Attack Plataea")
    return shown(p)


def test_panel_mountford_5_8_a_siege_charted_is_a_siege_offered():
    """The chart of a siege of Plataea is followed by the siege decision (Sparta's ships in their own ports are
    at home, CLARIFICATIONS 5.8)."""
    p = make_panel("mountford", mode="hotseat", seed=5)
    odds = _eurymachus_to_plataea(p)
    assert "A siege of Plataea by 3 SPs" in odds and "taken at attempt" in odds and "No siege" not in odds
    choose(p, "Attack Plataea")
    assert p.session.game.state.step == "siege"


def test_panel_mountford_5_8_no_siege_odds_while_friendly_forces_are_in_the_field():
    g = position({"thebes": {"thebes": (3, 0, 0)}, "eleusis": {"corinth": (1, 0, 0)}}, "Sparta")
    p = make_panel("mountford", mode="hotseat", game=g)
    odds = _eurymachus_to_plataea(p)
    assert ("No siege of Plataea: other friendly forces are in the field (Eleusis), not at home, on station in a "
            "friendly fortress or in a siege (Mountford 5.8).") in odds
    assert "A siege of Plataea" not in odds
    choose(p, "Attack Plataea")
    assert "No siege of Plataea: other friendly forces are in the field (Eleusis)" in shown(p)


def test_panel_mountford_equal_routes_are_chosen_between_each_drawn_with_its_own_odds():
    g = position({"athens": {"athens": (3, 0, 0)}, "thebes": {"thebes": (1, 0, 0)}}, "Athens")
    p = make_panel("mountford", mode="hotseat", game=g)
    p.click_place("athens")
    choose(p, "Pericles takes command here")
    p.hoplites.value = 3
    p.do()
    p.click_place("thebes")
    assert "2 routes are equally short" in p.odds.value
    choose(p, "Attack Thebes")
    assert p.session.game.state.step == "op_route"
    lines = [(label, v) for label, v in p.actions.options if not isinstance(v, Group)]
    assert {label for label, _ in lines} == {"By Decelea, Tanagra", "By Eleusis, Plataea"}
    chances = set()
    for _label, value in lines:
        p.actions.value = value
        assert list(p.fig.data[p.mapfig.route_trace + 1].x)
        chances.add(re.search(r"no interception and no loss: <b>([^<]+)</b>", p.odds.value).group(1))
    assert chances == {"1 in 6 (17%)", "1 in 3 (33%)"}


def test_panel_mountford_4_2_the_taenarum_crossing_shows_the_storm_that_may_destroy_the_army():
    g = MountfordGame(seed=1)
    g.start_turn(6)
    g.clear_forces()
    g.place("taenarum", "sparta", 0, 0, 3)
    g.set_owner("syracuse", "corinth")
    g.give_operation("Sparta")
    p = make_panel("mountford", mode="hotseat", game=g)
    p.click_place("taenarum")
    choose(p, "Gylippus takes command here")
    p.naval.value = 3
    p.do()
    crossing = next(v for label, v in p.actions.options if label.strip() == "Move to Syracuse by the Taenarum crossing")
    p.actions.value = crossing
    assert "a 5 or 6 on a die destroys the army" in p.help.value
    assert "storm 1 in 3 (33%)" in p.odds.value  # in the table, space by space
    notes = [a.text for a in p.fig.layout.annotations]
    assert any("storm 33%" in n for n in notes), notes  # and on the map


def test_panel_mountford_4_5_2_a_pass_into_unfriendly_country_shows_its_risk_of_losses():
    g = position({"eleusis": {"sparta": (5, 0, 0)}}, "Sparta")
    p = make_panel("mountford", mode="hotseat", game=g)
    p.click_place("eleusis")
    choose(p, "Archidamus takes command here")
    p.hoplites.value = 5
    p.do()
    p.click_place("plataea")
    assert "a pass into unfriendly country (4.5.2): each SP lost on 5–6" in p.odds.value
    assert any("losses" in a.text for a in p.fig.layout.annotations)


def test_panel_mountford_the_army_is_formed_with_sliders_and_its_cost_in_words():
    p = make_panel("mountford", mode="hotseat", seed=1)
    p.click_place("sparta")
    choose(p, "Archidamus takes command here (battle 2, interception 0)")
    assert p.hoplites.max == 7 and p.naval.layout.display == "none"  # no ships at Sparta
    p.hoplites.value, p.cavalry.value = 5, 1
    assert "Cost: <b>60</b> talents" in p.form_text.value and "Sparta has 500" in p.form_text.value
    assert not p.do_button.disabled
    p.hoplites.value, p.cavalry.value = 0, 0
    assert p.do_button.disabled and "at least one SP" in p.form_text.value
    p.hoplites.value = 2
    p.do()
    army = p.session.game.observation()["army"]
    assert army["sps"] == {"sparta": [2, 0, 0]} and p.session.game.state.treasury["sparta"] == 480


def test_panel_mountford_choosing_an_operation_nothing_is_chosen_for_the_player():
    p = make_panel("mountford", mode="hotseat", seed=1)
    assert p.actions.value is None  # "Do it" must not pass the turn or declare war
    assert "Click one of your spaces on the map" in p.help.value
    lines = [label for label, v in p.actions.options if not isinstance(v, Group)]
    assert lines[0].startswith("Pass") and all(line.startswith("Declare war") for line in lines[1:])
    p.do()
    assert p.session.game.state.step == "op_choose" and p.session.message == p.NOTHING_CHOSEN
    p.click_place("sparta")  # a space chosen: its leaders are listed, none chosen for the player
    assert p.actions.value is None and not p.do_button.disabled
    p.actions.value = next(v for _, v in p.actions.options if getattr(v, "kind", "") == "activate")
    p.do()
    assert p.session.game.state.step == "op_form"


def test_panel_mountford_a_leader_is_chosen_by_clicking_his_space_and_the_list_groups_leaders():
    p = make_panel("mountford", mode="hotseat", seed=1)
    assert p.session.to_act() == "Sparta" and "sparta" in p.highlight()
    p.click_place("corinth")
    heads = [label for label, v in p.actions.options if isinstance(v, Group)]
    assert any("Brasidas" in h for h in heads) and not p.session.message
    p.click_place("naxos")  # an Athenian island: nothing for Sparta to do there
    assert "Nothing you can do" in p.session.message


# -- battles -----------------------------------------------------------------------------------------------------
def test_panel_mountford_a_battle_is_fought_through_the_panel_with_its_odds_before_each_choice():
    g = position({"piraeus": {"athens": (0, 0, 4)}, "aegina": {"corinth": (0, 0, 6)}}, "Athens")
    p = make_panel("mountford", mode="hotseat", game=g)
    p.click_place("piraeus")
    choose(p, "Phormio takes command here")
    p.naval.value = 4
    p.do()
    p.click_place("aegina")
    assert "At sea at Aegina" in p.odds.value
    choose(p, "Attack Aegina")
    assert p.session.to_act() == "Sparta" and p.session.game.state.step == "participate"
    assert "The sea fight at Aegina (if they join)" in p.odds.value and "Athens wins" in p.odds.value
    choose(p, "The ships at Aegina join the battle")
    log = p.log.value
    assert "Naval battle in Aegina" in log
    while p.session.game.state.step == "loss":
        p.actions.value = next(v for _, v in p.actions.options if not isinstance(v, Group))
        p.do()
    assert not CODE.search(shown(p))


def test_panel_mountford_the_skirmish_choice_shows_both_ways_of_fighting():
    g = position({"eleusis": {"sparta": (4, 0, 0)}, "athens": {"athens": (2, 2, 0)}}, "Sparta")
    p = make_panel("mountford", mode="hotseat", game=g)
    p.click_place("eleusis")
    choose(p, "Archidamus takes command here (battle 2, interception 0)")
    p.hoplites.value = 4
    p.do()
    p.click_place("athens")
    choose(p, "Attack Athens")
    for _ in range(10):
        step = p.session.game.state.step
        if step == "skirmish_choice":
            break
        text = {"intercept": "Let it pass", "participate": "The troops at Athens join the battle",
                "home_leader": "No leader"}[step]
        choose(p, text)
    assert p.session.to_act() == "Athens"
    assert "A hoplite battle at Athens" in p.odds.value and "If Athens tries for a running skirmish" in p.odds.value
    choose(p, "Try for a running skirmish")
    assert "running skirmish" in p.log.value


def test_panel_mountford_a_siege_attempt_shows_how_long_the_siege_may_take():
    g = position({"eleusis": {"sparta": (5, 0, 0)}}, "Sparta")
    g.set_owner("plataea", "athens")  # walls and no defenders: the siege decision comes at once
    p = make_panel("mountford", mode="hotseat", game=g)
    p.click_place("eleusis")
    choose(p, "Archidamus takes command here (battle 2, interception 0)")
    p.hoplites.value = 5
    p.do()
    p.click_place("plataea")
    choose(p, "Attack Plataea")
    assert p.session.game.state.step == "siege", p.session.game.state.step
    sps = sum(sum(t) for t in p.session.game.state.op["army"].values())  # the pass into Boeotia may cost SPs
    assert f"The siege of Plataea from now, by {sps} SPs" in p.odds.value and "taken at attempt 2" in p.odds.value


# -- the map ---------------------------------------------------------------------------------------------------
def test_panel_mountford_zones_of_influence_on_request():
    p = make_panel("mountford", mode="hotseat", seed=1)
    reach = p.fig.data[p.mapfig.reach_trace]
    assert not list(reach.x)
    p.reach_choice.value = "Athens:naval"
    zoi = p.renderer.reach(p.session.observation(), "Athens", "naval")
    assert len(p.fig.data[p.mapfig.reach_trace].x) == len(zoi.places) and "aegina" in zoi.places
    assert "kithnos" in zoi.places and "sparta" not in zoi.places  # two naval paths from Piraeus (4.6)
    p.reach_choice.value = ""
    assert not list(p.fig.data[p.mapfig.reach_trace].x)


def test_panel_mountford_the_board_is_described_in_a_sentence_and_a_table():
    p = make_panel("mountford", mode="hotseat", seed=1)
    text = p.describe.value
    assert "<table" in text and "<th scope='col'>held by</th>" in text
    assert "Athens 7H 1C 0N" in text and "Piraeus" in text and "garrison of Athens" in text
    assert "pelo-sr-only" in p.live.value and "Sparta's forces:" in html.unescape(p.live.value)


def test_panel_mountford_every_space_holder_shows_its_letter_as_well_as_its_colour():
    p = make_panel("mountford", mode="hotseat", seed=1)
    held = p.fig.data[p.mapfig.control_points_trace]
    letters = set(held.text)
    assert {"A", "S", "N"} <= letters and len(held.text) == len(held.x)


# -- whole games, saving ---------------------------------------------------------------------------------------
def test_panel_mountford_a_whole_game_against_the_computer_without_internal_codes_on_screen():
    p = make_panel("mountford", mode="vs_bot", side="Athens", bot="heuristic", seed=3)
    for n in range(600):
        if p.session.game.is_over():
            break
        if n % 25 == 0:
            text = shown(p)
            assert not CODE.search(text), CODE.search(text).group(0)
        legal = p.session.legal_actions()
        if p.session.game.state.step == "op_form":
            p.do()  # the sliders' army
            continue
        p.do(legal[-1] if n % 3 else legal[0])  # pass often, so the game ends
    assert p.session.game.is_over()
    assert "The war is over" in p.prompt.value and not CODE.search(shown(p))


def test_panel_mountford_the_computer_plays_both_sides_step_by_step():
    p = make_panel("mountford", mode="bots", bot="heuristic", seed=2)
    log = p.log.value
    for _ in range(40):
        p.step()
    assert p.log.value != log and p.last_move.value


def test_panel_mountford_save_and_load_in_the_panel(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    p = archidamus_marching()
    path = p.save()
    assert path and path.exists() and "Game saved" in p.files_message.value
    p.click_place("athens")
    choose(p, "Attack Athens")
    p.load(path.read_text())
    assert p.session.game.state.step == "op_objective" and "Game loaded" in p.files_message.value
    p.load(b"not a game")
    assert "unchanged" in p.files_message.value


def test_panel_mountford_undo_takes_back_a_leader_or_an_army_but_not_a_march_that_rolled_dice():
    p = make_panel("mountford", mode="hotseat", seed=1)
    p.click_place("sparta")
    choose(p, "Archidamus takes command here (battle 2, interception 0)")
    assert not p.undo_button.disabled
    p.undo()
    g = p.session.game
    assert g.state.step == "op_choose" and g.state.leader_status["Archidamus"] == "ready"
    p.click_place("sparta")
    choose(p, "Archidamus takes command here (battle 2, interception 0)")
    p.hoplites.value, p.cavalry.value = 7, 0
    p.do()
    assert p.session.game.state.treasury["sparta"] == 500 - 70  # 10 talents a land SP (frame 10.3)
    p.undo()  # the army unformed, its talents back, the sliders shown again
    g = p.session.game
    assert g.state.step == "op_form" and g.state.treasury["sparta"] == 500 and p.form_box.layout.display == "flex"
    p.hoplites.value = 7
    p.do()
    p.click_place("megara")
    choose(p, "Move to Megara")  # the march ends Sparta's operation: Athens is to choose
    p.undo()
    assert "can" in p.session.message and p.session.game.state.op is None
    assert "Megara" in p.log.value


def test_panel_mountford_start_screen_starts_the_game():
    screen = StartScreen("mountford")
    assert screen.playable and screen.start.layout.display != "none"
    screen.mode.value = "hotseat"
    p = screen.begin()
    assert isinstance(p, MountfordPanel) and p.session.legal_actions()


@pytest.mark.parametrize("size", [(934, 650), (1500, 960)])
def test_panel_mountford_map_and_controls_side_by_side(size):
    p = make_panel("mountford", mode="vs_bot", seed=3)
    p.sizer.width, p.sizer.height = size
    controls = int(p.controls_box.layout.max_width.rstrip("px"))
    assert p.fig.layout.width + 16 + controls <= size[0]
    assert p.fig.layout.height + 44 <= size[1]  # the map, and the row of map options under it
    assert p.map_options in p.map_column.children


def test_panel_mountford_no_secret_to_hide_so_hot_seat_needs_no_curtain():
    p = make_panel("mountford", mode="hotseat", seed=1)
    assert not p.session.curtain and p.session.viewer == "Sparta"
    text = page_text(p)
    assert "Pass the screen" not in re.sub(r"<[^>]+>", "", p.prompt.value) and text


def test_panel_mountford_exact_fraction_words():
    assert in_words(Fraction(2, 9)) == "2 in 9 (22%)" and in_words(Fraction(1)) == "certain"


def test_panel_mountford_part_of_the_map_shown_larger_names_placed_again_clicks_still_work():
    p = make_panel("mountford", mode="hotseat", seed=1)
    whole = list(p.fig.layout.xaxis.range)
    view = p.renderer.views()[2]
    assert view.name == "Attica, the Isthmus, the Peloponnese"
    names = len({q.key for q in p.mapfig.placed} & set(view.places))
    p.view_choice.value = 2
    part = list(p.fig.layout.xaxis.range)
    assert part[1] - part[0] < (whole[1] - whole[0]) / 2.4
    assert len({q.key for q in p.mapfig.placed} & set(view.places)) > names  # room for more names
    p.click_place("corinth")
    assert p.place.value == "corinth" and not p.session.message
    p.view_choice.value = 0
    assert list(p.fig.layout.xaxis.range) == whole


# -- every decision a person takes, through the panel -----------------------------------------------------------
def hotseat(g: MountfordGame):
    return make_panel("mountford", mode="hotseat", game=g)


def operation(p, space: str, leader: str, sps: tuple[int, int, int], objective: str) -> None:
    """The side to act activates ``leader`` at ``space`` (clicked on the map), forms ``sps`` with the sliders and
    chooses ``objective`` in the list ("Move to Naxos", "Attack Plataea")."""
    p.click_place(space)
    choose(p, f"{leader} takes command here")
    p.hoplites.value, p.cavalry.value, p.naval.value = sps
    p.do()
    assert p.session.game.state.step == "op_objective", p.session.message
    choose(p, objective)


def cnemus_sailing_past_athens():
    """Sparta's Cnemus sails from Methana to Naxos past the Athenian fleet in Piraeus (Mountford 4.6)."""
    g = position({"methana": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 5)}}, "Sparta")
    p = hotseat(g)
    operation(p, "methana", "Cnemus", (0, 0, 2), "Move to Naxos")
    assert p.session.game.state.step == "intercept" and p.session.to_act() == "Athens"
    return p


def test_panel_mountford_4_6_a_person_decides_an_interception_with_its_exact_chance():
    p = cnemus_sailing_past_athens()
    odds = html.unescape(p.odds.value)
    assert "Intercepting Cnemus' army at Aegina" in odds
    assert "4+ needed" in odds and "1 in 2 (50%)" in odds  # 4, 5 or 6 on one die
    assert [label for label, _ in p.actions.options] == ["Intercept", "Let it pass"]
    p.session.game.dice.force(4)
    choose(p, "Intercept")
    assert "the interception succeeds" in p.log.value and p.session.game.state.step == "participate"
    assert "do your SPs at Piraeus take part in the battle at Aegina?" in p.prompt.value
    assert "The sea fight at Aegina" in p.odds.value  # the battle it brings, charted before the next choice


def test_panel_mountford_4_6_letting_the_army_pass():
    p = cnemus_sailing_past_athens()
    choose(p, "Let it pass")
    assert "lets the army pass" in p.log.value
    assert p.session.game.state.op is None or p.session.game.state.op["icept"]["space"] != 0


def test_panel_mountford_4_6_the_beaten_army_retreats_or_remains():
    g = position({"methana": {"sparta": (0, 0, 4)}, "piraeus": {"athens": (0, 0, 2)}}, "Sparta")
    p = hotseat(g)
    operation(p, "methana", "Cnemus", (0, 0, 4), "Move to Naxos")
    g = p.session.game
    g.dice.force(6, 2, 5)  # intercepted; Sparta 2+2, Athens 5+1: Athens wins by 2
    choose(p, "Intercept")
    choose(p, "The ships at Piraeus join the battle")
    while g.state.step == "loss":
        choose(p, "Lose 1 naval SP of Sparta")
    assert g.state.step == "retreat" and p.session.to_act() == "Sparta"
    assert [label for label, _ in p.actions.options] == ["Retreat to the space it came from",
                                                         "Remain in the battle space"]
    choose(p, "Retreat to the space it came from")
    assert g.state.forces[g.board.index["methana"]]["sparta"] == (0, 0, 2) and g.state.op is None
    assert "Methana" in p.describe.value and "S2" in shown(p)


def test_panel_mountford_5_2_1_an_intercepted_army_puts_to_sea_rather_than_fight():
    g = position({"piraeus": {"athens": (1, 0, 2)}, "aegina": {"sparta": (3, 0, 0)}}, "Athens")
    g.set_owner("aegina", "sparta")
    p = hotseat(g)
    operation(p, "piraeus", "Phormio", (1, 0, 2), "Move to Kithnos")
    if p.session.game.state.step == "op_route":
        choose(p, "By Aegina")
    p.session.game.dice.force(6)
    choose(p, "Intercept")
    assert p.session.game.state.step == "put_to_sea" and p.session.to_act() == "Athens"
    assert "On land at Aegina, if the army stands and fights" in p.odds.value  # what standing to fight risks
    assert [label for label, _ in p.actions.options] == ["Put to sea", "Stand and fight"]
    choose(p, "Put to sea")
    assert "Hoplite battle" not in p.log.value


def siphae_sea_fight():
    g = position({"siphae": {"athens": (0, 0, 3), "thebes": (0, 0, 2)}, "naupactus": {"athens": (0, 0, 2)},
                  "corinth": {"corinth": (0, 0, 2)}}, "Athens")
    p = hotseat(g)
    operation(p, "siphae", "Phormio", (0, 0, 3), "Attack Siphae")
    assert p.session.game.state.step == "participate" and p.session.to_act() == "Sparta"
    return p


def test_panel_mountford_5_1_ships_burnt_by_their_crews_rather_than_fight():
    p = siphae_sea_fight()
    assert "The sea fight at Siphae (if they join)" in p.odds.value
    assert "Sparta: do your SPs at Siphae take part in the battle there?" in p.prompt.value
    burn = "The ships here are burnt by their crews rather than fight"
    assert burn in [label for label, _ in p.actions.options]
    p.actions.value = next(v for label, v in p.actions.options if label == burn)
    assert "the enemy wins nothing" in p.help.value
    p.do()
    g = p.session.game
    assert "thebes" not in g.state.forces.get(g.board.index["siphae"], {}) and "burn" in p.log.value.lower()


def test_mountford_5_1_the_panel_decides_no_battle_for_the_pupil():
    """The list of actions chooses nothing: "Do it" pressed before a line is picked says what to do and changes
    nothing (it used to play the first line, joining the battle)."""
    p = siphae_sea_fight()
    g = p.session.game
    before, done = g.digest(), len(g.history)
    assert p.actions.value is None and not p.do_button.disabled
    p.do_button.click()
    assert p.session.message == p.NOTHING_CHOSEN and "choose what to do in the list" in p.message.value
    assert g.digest() == before and len(g.history) == done and g.state.step == "participate"
    choose(p, "The ships here join the battle")
    assert len(g.history) == done + 1


def test_mountford_5_4_the_panel_takes_no_loss_the_pupil_did_not_choose():
    """After a loss is taken, the next loss offers the same line again: it is not chosen for the pupil."""
    p = plataea_attacked(athens=(3, 1, 0))
    choose(p, "The troops here join the battle")
    p.session.game.dice.force(6, 1)  # Sparta 6+4 against Athens 1+2: three SPs lost
    choose(p, "Fight a hoplite battle")
    g = p.session.game
    both = ["Lose 1 cavalry SP of Athens", "Lose 1 hoplite SP of Athens"]
    assert g.state.step == "loss" and [label for label, _ in p.actions.options] == both and p.actions.value is None
    choose(p, "Lose 1 hoplite SP of Athens")
    assert g.state.step == "loss" and [label for label, _ in p.actions.options] == both
    assert p.actions.value is None  # the line just played is offered again, and is still the pupil's to choose
    before = g.digest()
    p.do()
    assert p.session.message == p.NOTHING_CHOSEN and g.digest() == before
    choose(p, "Lose 1 cavalry SP of Athens")
    assert g.state.forces[g.board.index["plataea"]]["athens"] == (1, 0, 0)


def plataea_attacked(athens=(2, 0, 0)):
    g = position({"plataea": {"sparta": (4, 0, 0), "athens": athens}}, "Sparta")
    p = hotseat(g)
    operation(p, "plataea", "Archidamus", (4, 0, 0), "Attack Plataea")
    assert p.session.to_act() == "Athens" and p.session.game.state.step == "participate"
    return p


def test_panel_mountford_5_2_staying_behind_the_walls_then_the_land_ravaged_and_marked_on_the_map():
    p = plataea_attacked()
    choose(p, "The troops here stay out of it")
    assert p.session.to_act() == "Sparta" and p.session.game.state.step == "ravage"
    assert [label for label, _ in p.actions.options] == ["Ravage the space", "Spare the space"]
    choose(p, "Ravage the space")
    fire = [t for t in p.renderer.tokens(p.session.observation()) if t.id == "ravaged:plataea"]
    assert fire and "Plataea ravaged" in p.describe.value and "Sparta ravages Plataea" in p.log.value


def test_panel_mountford_5_4_the_loser_chooses_which_sps_are_lost():
    p = plataea_attacked(athens=(1, 2, 0))
    choose(p, "The troops here join the battle")
    assert p.session.game.state.step == "skirmish_choice"
    p.session.game.dice.force(6, 1)  # Sparta 6+5 against Athens 1+2: two SPs lost
    choose(p, "Fight a hoplite battle")
    assert p.session.game.state.step == "loss" and p.session.to_act() == "Athens"
    assert [label for label, _ in p.actions.options] == ["Lose 1 cavalry SP of Athens", "Lose 1 hoplite SP of Athens"]
    choose(p, "Lose 1 cavalry SP of Athens")  # the hoplite that must be among the losses is then taken (5.2)
    g = p.session.game
    assert g.state.forces[g.board.index["plataea"]]["athens"] == (0, 1, 0)
    assert "Hoplite battle in Plataea" in p.log.value and "(Mountford 5.2)" in p.log.value


def test_panel_mountford_5_8_a_siege_pressed_until_the_city_falls_then_a_garrison_on_the_map():
    g = position({"eleusis": {"sparta": (5, 0, 0)}}, "Sparta")
    g.set_owner("plataea", "athens")
    g.state.siege[g.board.index["plataea"]] = ["sparta", 2]  # a siege begun in an earlier operation: 2 of 3 points
    p = hotseat(g)
    assert any(t.id == "siege:plataea" and t.text == "2/3" for t in p.renderer.tokens(p.session.observation()))
    operation(p, "eleusis", "Archidamus", (5, 0, 0), "Attack Plataea")
    g = p.session.game
    assert g.state.step == "siege" and "The siege of Plataea from now" in p.odds.value
    g.dice.force(6)
    choose(p, "Make a siege attempt")
    assert g.state.step == "garrison", g.state.step
    choose(p, "Place a garrison")
    assert g.state.owner[g.board.index["plataea"]] == "sparta"
    assert any(t.id == "garrison:plataea" for t in p.renderer.tokens(p.session.observation()))
    assert "Siege of Plataea" in p.log.value


def test_panel_mountford_5_a_major_places_a_leader_in_its_home_space_for_the_battle():
    g = position({"thebes": {"athens": (4, 0, 0), "thebes": (2, 0, 0)}}, "Athens")
    g.set_owner("thebes", "thebes")
    p = hotseat(g)
    operation(p, "thebes", "Pericles", (4, 0, 0), "Attack Thebes")
    choose(p, "The troops here join the battle")
    assert p.session.game.state.step == "home_leader" and p.session.to_act() == "Sparta"
    assert "A hoplite battle at Thebes" in p.odds.value
    choose(p, "Eurymachus takes command in the home space")
    assert p.session.game.state.battle["leaders"][1] == "Eurymachus"


def test_panel_mountford_4_3_ships_lost_on_the_way_the_army_takes_a_route_on_land():
    g = position({"corinth": {"corinth": (2, 0, 4)}}, "Sparta")
    g.apply("activate Brasidas at corinth")
    g.apply("form an army of 2H 0C 4N")
    st = g.state
    st.op["army"]["corinth"] = [2, 0, 0]  # every ship lost (as in a sea fight on the way)
    st.op["route"] = [g.board.index[x] for x in ("corinth", "siphae", "thebes")]
    st.op["dest"] = g.board.index["thebes"]
    st.step = "transport"
    g._legal = None
    p = hotseat(g)
    assert [label for label, _ in p.actions.options] == ["Take a route that needs no ships", "Abort the operation"]
    g.dice.force(*[1] * 20)
    choose(p, "Take a route that needs no ships")
    assert g.state.forces[g.board.index["thebes"]]["corinth"] == (2, 0, 0)


def test_panel_mountford_frame_declaring_war_and_building_ships_in_the_economy_phase():
    p = make_panel("mountford", mode="hotseat", seed=1)
    choose(p, "Declare war on Argos")
    assert "war" in p.log.value.lower() and "Argos" in p.log.value
    g = p.session.game
    for _ in range(40):
        if g.state.step == "build":
            break
        choose(p, "Pass: no more operations this game turn")
    assert g.state.step == "build", g.state.step
    lines = [label for label, _ in p.actions.options]
    assert any(re.fullmatch(r"\w+ builds 2 naval SPs \(200 talents\)", label) for label in lines), lines
    city = g.state.build_queue[0]
    before = g.state.treasury[city]
    choose(p, lines[-1])
    assert g.state.treasury[city] <= before


def test_panel_mountford_the_rule_card_shows_the_rule_applied_with_its_passages_and_the_log_its_number():
    p = cnemus_sailing_past_athens()
    p.session.game.dice.force(1)
    choose(p, "Intercept")
    assert 'data-rule="Mountford 4.6"' in p.rule.value  # the rule just applied
    assert re.search(r"\([1-8]\.\d{1,3}(\.\d+)?", p.rule.value)  # with passages of Thucydides it models
    assert "slips past" in p.log.value and "(Mountford 4.6)" in p.log.value


# -- whole games ---------------------------------------------------------------------------------------------
def test_panel_mountford_the_computer_plays_a_whole_game_against_itself_to_the_end():
    p = make_panel("mountford", mode="bots", bot="heuristic", seed=2)
    for _ in range(2000):
        if p.session.game.is_over():
            break
        p.step()
    assert p.session.game.is_over() and "The war is over" in p.prompt.value
    assert "wins" in p.fig.layout.title.text and not CODE.search(shown(p))
    assert p.step_button.description == "Next move" and not p.session.step().ok  # nothing more to play


def test_panel_mountford_two_people_play_a_whole_game_at_one_screen():
    p = make_panel("mountford", mode="hotseat", seed=4)
    sides = set()
    for n in range(3000):
        if p.session.game.is_over():
            break
        sides.add(p.session.to_act())
        assert not p.session.curtain  # nothing hidden in this game
        if p.session.game.state.step == "op_form":
            p.do()
            continue
        legal = p.session.legal_actions()
        p.do(legal[-1] if n % 3 else legal[0])
        assert not p.session.message, p.session.message
    assert p.session.game.is_over() and sides == {"Athens", "Sparta"}
    assert p.session.game.result().winner in ("Athens", "Sparta", None)


# -- the map's own choices under it ----------------------------------------------------------------------------------
def test_panel_mountford_the_map_choices_shrink_to_a_narrow_map_column():
    """Beside the controls at 1024x700 the map column is 276 px wide; "map: Attica, the Isthmus, the Peloponnese"
    ran past it. The two lists under the map may shrink to the column (the browser then shortens the shown text)."""
    p = make_panel("mountford", mode="hotseat", seed=1)
    for choice in (p.view_choice, p.reach_choice):
        assert choice.layout.max_width == "100%"
    assert p.map_options in p.map_column.children and p.map_options.layout.flex_flow == "row wrap"
