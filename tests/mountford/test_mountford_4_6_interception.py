"""Mountford 4.6: interception."""

from __future__ import annotations

from mountford_helpers import do, events, legal_texts, position, sps

from peloponnesos.games.mountford import interception


def test_mountford_4_6_the_initial_space_counts_as_entered():
    g = position({"aegina": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 5)}}, side="Sparta",
                 owners={"aegina": "athens"})
    do(g, "activate Cnemus at aegina", "form an army of 0H 0C 2N", "move to methana")
    assert g.state.step == "intercept" and g.current_player() == "Athens"
    assert g.state.op["icept"]["space"] == g.board.index["aegina"]


def test_mountford_4_6_no_interception_in_a_friendly_space_without_enemy_forces():
    g = position({"methana": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 5)}}, side="Sparta")
    b = g.board.index
    assert interception.groups_here_plan(g, "sparta", b["methana"], (0, 0, 2)) == []
    assert interception.groups_here_plan(g, "sparta", b["aegina"], (0, 0, 2)) == ["Athens"]


def test_mountford_4_6_only_once_in_each_space():
    g = position({"aegina": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 5)}}, side="Sparta")
    do(g, "activate Cnemus at aegina", "form an army of 0H 0C 2N", "move to methana")
    g.apply("let it pass")
    assert [e.kind for e in g.log if e.kind in ("no_interception",)] == ["no_interception"]
    assert g.state.op is None  # Methana is friendly: no more attempts, the army arrived
    assert sps(g, "methana", "sparta") == (0, 0, 2)


def test_mountford_4_6_friendly_city_states_combine_in_one_attempt():
    g = position({"methana": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 5)},
                  "sunium": {"chios": (0, 0, 2)}}, side="Sparta")
    b = g.board.index
    assert interception.groups_here_plan(g, "sparta", b["kithnos"], (0, 0, 2)) == ["Athens"]
    need, _mod, _ = interception.target(g, "Athens", b["kithnos"], (0, 0, 2))
    assert need == 4  # the Chian ships at Sunium are one path from Kithnos: the group uses the nearest


def test_mountford_4_6_unfriendly_groups_try_in_turn_those_in_the_space_first():
    g = position({"catana": {"athens": (0, 0, 4)}, "syracuse": {"syracuse": (0, 0, 2), "corinth": (0, 0, 2)}})
    g.state.war.append(["Athens", "syracuse"])
    g._control = None
    b = g.board.index
    g.state.op = {"tried": [], "city": "athens"}
    order = interception.groups_here(g, "athens", b["syracuse"], (0, 0, 4))
    assert sorted(order) == ["Sparta", "syracuse"]
    g.state.op = None


def test_mountford_4_6_a_leader_adds_his_interception_rating():
    g = position({"methana": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 5)}}, side="Sparta")
    g.state.leader_status["Phormio"] = "used"
    g.state.leader_at["Phormio"] = g.board.index["piraeus"]
    need, mod, who = interception.target(g, "Athens", g.board.index["aegina"], (0, 0, 2))
    assert (need, mod, who) == (4, 2, "Phormio")


def test_mountford_4_6_a_failed_attempt_lets_the_army_go_on():
    g = position({"methana": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 5)}}, side="Sparta")
    do(g, "activate Cnemus at methana", "form an army of 0H 0C 2N", "move to naxos")
    g.dice.force(3)
    g.apply("intercept")
    assert events(g, "interception")[-1].data["success"] is False
    assert g.state.op["icept"]["space"] == g.board.index["kithnos"]


def test_mountford_4_6_a_success_means_a_battle_in_that_space():
    g = position({"methana": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 5)}}, side="Sparta")
    do(g, "activate Cnemus at methana", "form an army of 0H 0C 2N", "move to naxos")
    g.dice.force(4)
    g.apply("intercept")
    assert events(g, "battle")[-1].data["space"] == "aegina"
    assert g.state.step == "participate" and g.current_player() == "Athens"  # the Piraeus ships fight from afar
    (said,) = events(g, "interception")
    assert said.text == ("Athens tries to intercept in Aegina: needs 4, rolls 4: the interception succeeds: a battle "
                         "follows unless the intercepting forces stay out of it.")


def test_mountford_4_6_a_failed_attempt_says_the_army_slips_past_in_one_sentence():
    g = position({"methana": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 5)}}, side="Sparta")
    do(g, "activate Cnemus at methana", "form an army of 0H 0C 2N", "move to naxos")
    g.dice.force(1)
    g.apply("intercept")
    (said,) = events(g, "interception")
    assert said.text == "Athens tries to intercept in Aegina: needs 4, rolls 1: the army slips past."


def test_mountford_4_6_interceptors_who_stay_out_leave_no_battle_and_the_log_says_so():
    """4.6: a successful interception brings a battle unless the interceptors avoid it; if they all stay out, the
    log says plainly that no battle was fought and the army may go on."""
    g = position({"methana": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 5)}}, side="Sparta")
    do(g, "activate Cnemus at methana", "form an army of 0H 0C 2N", "move to naxos")
    g.dice.force(4)
    g.apply("intercept")
    g.apply("ships at piraeus stay out")
    texts = [e.text for e in g.log if e.kind in ("interception", "battle", "avoid", "no_battle")]
    assert texts[-1] == ("No battle in Aegina: the interception succeeded, but Athens's forces stay out of the battle; "
                         "the army may march on (Mountford 4.6).")
    assert not events(g, "naval_battle") and not events(g, "eliminated")
    assert events(g, "no_battle")[0].rule == "Mountford 4.6"


def _intercepted_and_beaten():
    g = position({"methana": {"sparta": (0, 0, 4)}, "piraeus": {"athens": (0, 0, 2)}}, side="Sparta")
    do(g, "activate Cnemus at methana", "form an army of 0H 0C 4N", "move to naxos")
    g.dice.force(6, 2, 5)  # interception; the naval battle: Sparta 2+2 (numbers), Athens 5+1 (seamanship)
    g.apply("intercept")
    g.apply("ships at piraeus join the battle")
    while g.state.step == "loss":
        g.apply(legal_texts(g)[0])
    return g


def test_mountford_4_6_a_beaten_army_aborts_remains_or_falls_back():
    g = _intercepted_and_beaten()
    assert g.state.step == "retreat" and g.current_player() == "Sparta"
    assert g.state.op["army"]["sparta"] == [0, 0, 2]  # lost the difference, capped by the winner's 2 SPs
    g.apply("retreat to the space it came from")
    assert sps(g, "methana", "sparta") == (0, 0, 2) and g.state.op is None
    assert all(e.data.get("space") != "naxos" for e in events(g, "op_end"))


def test_mountford_4_6_interceptors_never_move_or_retreat():
    g = _intercepted_and_beaten()
    assert sps(g, "piraeus", "athens") == (0, 0, 2)
    g.apply("remain in the battle space")
    assert sps(g, "piraeus", "athens") == (0, 0, 2)
    assert sps(g, "aegina", "sparta") == (0, 0, 2)


def test_mountford_4_6_land_sps_do_not_intercept_a_fleet_alone():
    g = position({"methana": {"sparta": (0, 0, 2)}, "aegina": {"athens": (3, 0, 0)}}, side="Sparta")
    b = g.board.index
    assert interception.groups_here_plan(g, "sparta", b["aegina"], (0, 0, 2)) == []
