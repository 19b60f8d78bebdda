"""Mountford 4: armies, shortest legal routes, the Isthmus (4.1), straits (4.4)."""

from __future__ import annotations

from mountford_helpers import do, illegal, legal_texts, position, sps

from peloponnesos.games.mountford import MountfordGame
from peloponnesos.games.mountford.board import ISTHMUS, default_board
from peloponnesos.games.mountford.routes import Legal, distances, eligible, shortest_routes


def test_mountford_4_an_army_moves_any_distance_by_the_shortest_route():
    g = position({"sparta": {"sparta": (3, 0, 0)}}, side="Sparta")
    do(g, "activate Archidamus at sparta", "form an army of 3H 0C 0N", "move to megara")
    route = [e for e in g.log if e.kind == "route"][-1].data["route"]
    b = g.board
    legal = Legal(g, "sparta", 3, 0, 0)
    assert len(route) - 1 == distances(legal, b.index["sparta"])[b.index["megara"]]
    assert sps(g, "megara", "sparta") == (3, 0, 0)


def test_mountford_4_equal_routes_are_the_active_players_choice():
    g = position({"thebes": {"thebes": (2, 0, 0)}}, side="Sparta")
    do(g, "activate Eurymachus at thebes", "form an army of 2H 0C 0N", "move to athens")
    assert g.state.step == "op_route"
    assert legal_texts(g) == ["route thebes-plataea-eleusis-athens", "route thebes-tanagra-decelea-athens"]
    g.dice.force(1, 1, 1, 1, 1, 1)  # no losses on the way
    g.apply("route thebes-tanagra-decelea-athens")
    while g.state.step == "intercept":
        g.apply("let it pass")
    assert sps(g, "athens", "thebes") == (2, 0, 0)


def test_mountford_4_a_route_must_be_one_of_the_shortest():
    g = position({"thebes": {"thebes": (2, 0, 0)}}, side="Sparta")
    do(g, "activate Eurymachus at thebes", "form an army of 2H 0C 0N", "move to athens")
    illegal(g, "route thebes-plataea-megara-eleusis-athens", "4")


def test_mountford_4_neutral_city_states_are_avoided():
    g = position({"tegea": {"sparta": (2, 0, 0)}}, side="Sparta")
    legal = Legal(g, "sparta", 2, 0, 0)
    b = g.board.index
    for route in shortest_routes(legal, b["tegea"], b["epidaurus"]):
        assert b["argos"] not in route  # Argos is neutral in 431
    assert b["argos"] not in distances(legal, b["tegea"])


def test_mountford_4_an_army_may_pass_through_enemy_spaces():
    g = position({"thebes": {"thebes": (3, 0, 0)}}, side="Sparta")
    b = g.board.index
    routes = shortest_routes(Legal(g, "thebes", 3, 0, 0), b["thebes"], b["athens"])
    assert routes and all(g.state.owner[x] == "athens" for x in routes[0][-2:])


def test_mountford_4_naval_sps_never_use_land_paths_and_land_sps_need_ships_for_naval_paths():
    g = position({})
    b = g.board.index
    fleet = Legal(g, "athens", 0, 0, 3)
    assert not fleet.step_ok(b["piraeus"], b["athens"], g.board.kind_between[(b["piraeus"], b["athens"])])
    army = Legal(g, "athens", 3, 0, 0)
    assert not army.step_ok(b["piraeus"], b["aegina"], g.board.kind_between[(b["piraeus"], b["aegina"])])
    assert b["aegina"] not in distances(army, b["piraeus"])


def test_mountford_4_a_leader_never_moves_without_sps():
    g = position({"piraeus": {"athens": (0, 0, 2)}})
    do(g, "activate Phormio at piraeus")
    assert "form an army of 0H 0C 0N" not in legal_texts(g)
    illegal(g, "form an army of 0H 0C 0N", "4")


def test_mountford_4_1_naval_sps_cross_the_isthmus_only_when_both_ends_are_friendly():
    g = position({"corinth": {"corinth": (0, 0, 2)}}, side="Sparta")
    b = g.board.index
    fleet = Legal(g, "corinth", 0, 0, 2)
    assert fleet.step_ok(b["corinth"], b["cenchreae"], ISTHMUS)
    g.set_owner("cenchreae", "athens")
    assert not Legal(g, "corinth", 0, 0, 2).step_ok(b["corinth"], b["cenchreae"], ISTHMUS)
    assert Legal(g, "corinth", 2, 0, 0).step_ok(b["corinth"], b["cenchreae"], ISTHMUS)  # land SPs always may


def test_mountford_4_1_the_isthmus_counts_for_the_shortest_route_but_not_for_naval_zoi():
    board = default_board()
    b = board.index
    assert board.kind_between[(b["corinth"], b["cenchreae"])] == ISTHMUS
    assert board.zoi_naval[b["cenchreae"]].get(b["corinth"], 99) > 1  # never one step across the Isthmus
    g = position({"corinth": {"corinth": (0, 0, 2)}}, side="Sparta")
    assert shortest_routes(Legal(g, "corinth", 0, 0, 2), b["corinth"], b["aegina"])[0][:2] == (b["corinth"],
                                                                                              b["cenchreae"])


def test_mountford_4_3_naval_transport_needs_two_ships_a_land_sp_and_at_most_one_cavalry():
    assert eligible(1, 0, 2) and eligible(2, 1, 6) and eligible(0, 0, 1)
    assert not eligible(1, 0, 1) and not eligible(0, 2, 4) and not eligible(3, 0, 5)


def test_mountford_4_4_a_land_army_cannot_pass_naupactus_in_one_operation():
    g = position({"patrae": {"sparta": (2, 0, 0)}}, side="Sparta")
    b = g.board.index
    legal = Legal(g, "sparta", 2, 0, 0)
    reach = distances(legal, b["patrae"])
    assert b["naupactus"] in reach
    for route in shortest_routes(legal, b["patrae"], b["delphi"]):
        assert b["naupactus"] not in route
    # from Naupactus itself (its objective on an earlier operation) it may go on
    assert b["delphi"] in distances(legal, b["naupactus"])


def test_mountford_4_4_byzantium_perinthus_to_cyzicus_needs_two_operations_without_ships():
    g = position({"perinthus": {"athens": (2, 0, 0)}})
    b = g.board.index
    legal = Legal(g, "athens", 2, 0, 0)
    assert b["cyzicus"] not in distances(legal, b["perinthus"]) or all(
        b["byzantium"] not in r for r in shortest_routes(legal, b["perinthus"], b["cyzicus"]))
    assert b["cyzicus"] in distances(legal, b["byzantium"])
    transport = Legal(g, "athens", 1, 0, 2)
    assert shortest_routes(transport, b["perinthus"], b["cyzicus"])[0] == (b["perinthus"], b["byzantium"], b["cyzicus"])


def test_mountford_4_4_straits_are_byzantium_and_naupactus():
    board = default_board()
    assert sorted(board.ids[s] for s in board.straits) == ["byzantium", "naupactus"]


def test_mountford_4_3_the_431_raid_from_piraeus_takes_its_hoplites_aboard_only_after_they_march_down():
    """Lesson 05's raid (1 hoplite SP and 10 naval SPs from Piraeus to Cyllene): in 431 the hoplites are in Athens and
    the ships in Piraeus, and a leader commands only the SPs where he takes command (rule 4): refused in words, the
    game unchanged; one operation marches a hoplite SP down, and the next forms the raid as the lesson plans it."""
    g = MountfordGame(seed=431)
    g.apply("pass")  # Sparta
    g.apply("activate Phormio at piraeus")
    err = illegal(g, "form an army of 1H 0C 10N", "4")
    assert err.reason == ("Phormio commands only the SPs in Piraeus, where he takes command, and only 0H 0C 12N of "
                          "Athens' side stand there")
    g = MountfordGame(seed=431)
    do(g, "pass", "activate Pericles at athens", "form an army of 1H 0C 0N", "move to piraeus")
    assert sps(g, "piraeus", "athens") == (1, 0, 12) and g.current_player() == "Athens"
    do(g, "activate Phormio at piraeus", "form an army of 1H 0C 10N")
    assert "attack cyllene" in legal_texts(g)
    (raid,) = g.plan_routes("athens", "piraeus", "cyllene", hoplites=1, naval=10)
    assert raid["eligible_for_transport"] and raid["route"][-1] == "cyllene"
