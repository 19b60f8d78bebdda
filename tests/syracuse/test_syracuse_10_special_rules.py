"""Rule 10: Sicels (10.1), siege walls (10.2), the Circle Fort (10.3), leaders (10.4), Syracusan cavalry and light
infantry (10.5)."""

from __future__ import annotations

from syracuse_helpers import do, illegal, log_kinds, position, status, texts, where

from peloponnesos.games.syracuse import circle_fort, sicels, walls
from peloponnesos.games.syracuse.pieces import rating


# --- 10.1 Sicels ---------------------------------------------------------------------------------------------------
def test_syracuse_10_1_1_the_higher_ml_draws_the_difference_the_lower_rolls():
    g = position({"L-10": ["A-H1", "A-N1", "Nicias"], "L-7": ["S-H1"]}, ml=(6, 8))
    g.state.step, g.state.agenda = "", [("operations",)]
    first = len(g.dice.rolls)
    g.dice.force(("SIC1", "SIC2"), 3, ("SIC3",))
    g.then(("sicel_recruitment",))
    g._advance()
    assert sorted(g.state.hands[1]) == [g.unit_named("SIC1"), g.unit_named("SIC2")] or g.state.step == "place_sicel"
    draws = [r for r in g.dice.rolls[first:] if r.kind == "draw"]
    assert [len(r.faces) for r in draws] == [2, 1]  # Syracuse draws 8 - 6 = 2; Athens rolls 3 <= 6 and draws 1
    assert all(r.private_to for r in draws)


def test_syracuse_10_1_1_a_10_makes_one_of_your_sicels_desert_chosen_by_the_enemy():
    g = position({"L-10": ["A-H1", "SIC1@Athens", "SIC2@Athens"], "L-7": ["S-H1"]}, ml=(6, 6))
    g.state.step, g.state.agenda = "", [("operations",)]
    g.dice.force(10, 10)
    g.then(("sicel_recruitment",))
    g._advance()
    assert g.state.step == "deserter" and g.current_player() == "Syracuse"
    assert texts(g) == ["SIC1 deserts", "SIC2 deserts"]
    do(g, "SIC2 deserts")
    assert where(g, "SIC2") == "POOL" and g.unit_named("SIC2") in sicels.container(g)


def test_syracuse_10_1_1_new_sicels_go_to_the_west_edge_or_a_supplied_leader():
    g = position({"L-10": ["A-H1", "A-N1", "Nicias"], "L-13": ["S-H1"], "L-7": ["S-H2"]})
    areas = {g.aid(a) for a in sicels.placement_areas(g, 0)}
    assert "L-10" in areas and "L-13" not in areas and {"L-14", "L-15", "L-5"} <= areas


def test_syracuse_10_1_the_drawn_sicel_is_seen_only_by_its_owner():
    g = position({"L-10": ["A-H1", "A-N1", "Nicias"], "L-7": ["S-H1"]}, ml=(8, 6))
    g.state.step, g.state.agenda = "", [("operations",)]
    g.dice.force(("SIC9", "SIC2"), 9)
    g.then(("sicel_recruitment",))
    g._advance()
    assert g.state.step == "place_sicel" and g.current_player() == "Athens"
    mine = g.observation("Athens")["sicels"]
    theirs = g.observation("Syracuse")["sicels"]
    assert mine["hand"] == ["SIC9", "SIC2"] and theirs["hand"] == [] and theirs["hands"]["Athens"] == 2
    public = " ".join(e.text for e in g.log.visible_to("Syracuse")) + str(g.log.to_records("Syracuse"))
    assert "SIC9" not in public and "SIC2" not in public


# --- 10.2 siege walls ------------------------------------------------------------------------------------------------
def _walls_position(roll, *extra, area="H-5", ml=(7, 6)):
    g = position({"H-3": ["A-H1", "A-H2", "A-H3", "Nicias", *extra], "L-7": ["S-H1"]}, ml=ml)
    g.dice.force(1)
    g.start_impulse("Athens")
    do(g, f"move everything that can from H-3 to {area}", "end movement")
    if g.state.step == "react":
        do(g, "no more reactions")
    g.dice.force(roll)
    return g


def test_syracuse_10_2_1_a_modified_4_or_more_completes_the_wall_at_once():
    g = _walls_position(1)
    assert "build a siege wall in H-5" in texts(g)
    do(g, "build a siege wall in H-5")  # 1 + 2 (two builders beyond the first) + 1 (a leader) = 4
    assert g.state.walls[g.map.index["H-5"]][0] == 1 and not g.state.wip[g.map.index["H-5"]][0]
    assert all(g.state.task[g.unit_named(u)] == 0 for u in ("A-H1", "A-H2", "A-H3"))


def test_syracuse_10_2_1_otherwise_the_work_goes_on_and_the_wall_is_finished_at_the_end_of_the_turn():
    g = _walls_position(1, area="H-1")
    a = g.map.index["H-1"]
    g.state.lloc[g.leader_named("Nicias")] = g.map.index["L-10"]
    do(g, "build a siege wall in H-1")  # 1 + 2 = 3: not yet
    assert g.state.wip[a][0] and g.state.walls[a][0] == 0
    walls.complete_at_turn_end(g)
    assert g.state.walls[a][0] == 1 and not g.state.wip[a][0]


def test_syracuse_10_2_1_a_builder_that_leaves_abandons_the_work():
    g = position({"H-1": ["A-H1"]})
    a = g.map.index["H-1"]
    g.state.wip[a][0] = True
    g.state.task[g.unit_named("A-H1")] = 1
    from peloponnesos.games.syracuse import movement

    movement.move_unit(g, g.unit_named("A-H1"), g.map.index["H-2"], "7.1")
    assert not g.state.wip[a][0]


def test_syracuse_10_2_1_two_walls_per_side_per_area_and_the_markers_run_out():
    g = position({"L-1": ["A-H1"]}, walls={"L-1": (2, 2)})
    assert not walls.can_start(g, g.map.index["L-1"], 0) and not walls.can_start(g, g.map.index["L-1"], 1)
    g = position({"L-1": ["A-H1"]})
    for _k, area in enumerate(("L-2", "L-3", "L-4", "L-5", "L-6", "L-10", "L-13", "L-14")):
        g.set_walls(area, 1, 0)
    assert walls.markers_in_use(g, 0) == 8 and not walls.can_start(g, g.map.index["L-1"], 0)


def test_syracuse_10_2_2_a_wall_torn_down_comes_down_at_the_end_of_the_administrative_phase():
    g = position({"L-1": ["A-H1", "Nicias"], "L-7": ["S-H1"]}, walls={"L-3": (0, 1)})
    g.dice.force(1)
    g.start_impulse("Athens")
    do(g, "move everything that can from L-1 to L-3")
    if g.state.step == "react":
        do(g, "no more reactions")
    do(g, "tear down the Syracuse siege wall in L-3")
    assert g.state.walls[g.map.index["L-3"]][1] == 1
    walls.complete_at_turn_end(g)
    assert g.state.walls[g.map.index["L-3"]][1] == 0


def test_syracuse_10_2_units_used_in_combat_build_nothing():
    g = position({"L-1": ["A-H1", "A-H2", "Nicias"], "L-3": ["S-LI1"]}, walls={"L-10": (1, 0)})
    g.dice.force(1)
    g.start_impulse("Athens")
    do(g, "move A-H1 to L-3", "end movement")
    assert g.state.fought[g.unit_named("A-H1")] is False
    g.state.fought[g.unit_named("A-H1")] = True
    assert walls.workers(g, g.map.index["L-3"], 0) == []


# --- 10.3 the Circle Fort --------------------------------------------------------------------------------------------
def test_syracuse_10_3_the_third_athenian_wall_on_epipolae_is_the_circle_fort():
    g = position({"H-5": ["A-H1"]}, walls={"H-5": (2, 0)})
    a = g.map.index["H-5"]
    assert walls.wall_limit(g, a, 0) == 3 and walls.wall_limit(g, g.map.index["L-1"], 0) == 2
    walls.complete(g, a, 0)
    assert g.state.fort == a and g.state.walls[a][0] == 0 and g.state.notes[0]["fort_built"] == 1
    assert walls.wall_limit(g, a, 0) == 0


def test_syracuse_10_3_a_normal_syracusan_unit_in_its_area_destroys_it_for_good():
    g = position({"H-5": ["A-H1", "~S-H1"]})
    a = g.map.index["H-5"]
    g.state.fort, g.state.fort_built = a, True
    circle_fort.destruction_check(g)
    assert g.state.fort == a  # a Disrupted unit is not enough
    g.state.status[g.unit_named("S-H1")] = 0
    circle_fort.destruction_check(g)
    assert g.state.fort == -1 and g.state.fort_destroyed
    assert walls.wall_limit(g, a, 0) == 2  # never rebuilt: the third wall is just a wall again


def test_syracuse_10_3_the_fort_helps_athenians_in_skirmishes_and_shelters_their_routed_units():
    from peloponnesos.games.syracuse import leaders

    g = position({"H-5": ["A-H1"], "L-7": ["S-H1"]})
    g.state.fort = g.map.index["H-5"]
    assert g.map.index["H-5"] in leaders.refuges(g, 0)


# --- 10.4 leaders ------------------------------------------------------------------------------------------------
def test_syracuse_10_4_4_ariston_rates_2_at_sea_and_1_on_land():
    g = position({"S-1": ["S-N1"]})
    j = g.leader_named("Ariston")
    assert rating(g, j, naval=True) == 2 and rating(g, j) == 1


def test_syracuse_10_4_a_new_leader_raises_the_ml_next_turn():
    from peloponnesos.games.syracuse import leaders, morale

    g = position({"L-7": ["S-H1"], "L-8": ["A-H1"], "L-20": ["A-H2"]}, ml=(6, 6))
    leaders.arrive(g, g.leader_named("Gylippus"), g.map.index["L-13"])
    g.state.prev_notes, g.state.notes = g.state.notes, [{}, {}]
    morale.morale_adjustment(g)
    assert g.state.ml[1] == 7


def test_syracuse_8_2_a_leader_left_alone_with_the_enemy_escapes_to_a_refuge():
    g = position({"L-1": ["Hermocrates", "~S-H1"], "L-3": ["A-H1", "A-H2", "Lamachus"]})
    from peloponnesos.games.syracuse import steps

    steps.eliminate(g, g.unit_named("S-H1"), "8.2", "test")
    assert where(g, "Hermocrates") == "L-1"  # no enemy there
    g.place("A-H1", "L-1")
    from peloponnesos.games.syracuse import leaders

    leaders.alone_check(g, g.map.index["L-1"])
    assert where(g, "Hermocrates") == "L-7"


# --- 10.5 Syracusan cavalry and light infantry ----------------------------------------------------------------------
def test_syracuse_10_5_syracusan_cavalry_is_exchanged_for_light_infantry_keeping_its_steps():
    g = position({"L-1": ["-S-C1", "S-C8"], "L-7": ["S-H1"]})
    g.dice.force(2)
    g.start_impulse("Syracuse")
    do(g, "activate S-C1", "activate S-C8")
    assert "exchange S-C1 (cavalry ⇄ light infantry)" in texts(g)
    assert not any(t.startswith("exchange S-C8") for t in texts(g))  # allied cavalry cannot be exchanged
    do(g, "exchange S-C1 (cavalry ⇄ light infantry)")
    u = g.unit_named("S-C1")
    assert g.state.utype[u] == "LI" and g.state.steps[u] == 1
    assert not any(t.startswith("exchange S-C1") for t in texts(g))  # once, as the activation starts
    illegal(g, "exchange S-C1 (cavalry ⇄ light infantry)", "10.5")
    assert status(g, "S-C1") == "normal" and log_kinds(g, "exchange")
