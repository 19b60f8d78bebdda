"""The rulebook's own three examples, exactly as the text tells them, on the reconstructed map."""

from __future__ import annotations

from fractions import Fraction

from mountford_helpers import do, legal_texts, position

from peloponnesos.games.mountford.movement import needs_roll


def test_mountford_4_6_example_the_spartan_fleet_slips_past_piraeus_to_naxos():
    g = position({"methana": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 12)}}, side="Sparta")
    (plan,) = g.plan_routes("sparta", "methana", "naxos", naval=2)
    assert plan["route"] == ["methana", "aegina", "kithnos", "naxos"]
    chances = {s["space"]: [(i["group"], i["needed"], i["chance"]) for i in s["interception"]] for s in plan["steps"]}
    assert chances["methana"] == []  # friendly to Sparta: no interception there
    assert chances["aegina"] == [("Athens", 4, Fraction(1, 2))]  # 4 or better
    assert chances["kithnos"] == [("Athens", 5, Fraction(1, 3))]  # 5 or better
    assert chances["naxos"] == []  # out of the Piraeus fleet's reach
    assert plan["p_intact"] == Fraction(1, 2) * Fraction(2, 3)


def test_mountford_4_6_example_played_the_athenians_are_asked_in_aegina_and_kithnos_only():
    g = position({"methana": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 12)}}, side="Sparta")
    do(g, "activate Cnemus at methana", "form an army of 0H 0C 2N", "move to naxos")
    asked = []
    while g.state.step == "intercept":
        asked.append(g.board.ids[g.state.op["icept"]["space"]])
        g.apply("let it pass")
    assert asked == ["aegina", "kithnos"]
    assert g.state.forces[g.board.index["naxos"]]["sparta"] == (0, 0, 2)


def test_mountford_4_5_example_corinthian_army_with_megara_friendly():
    g = position({"corinth": {"corinth": (2, 0, 0)}})
    b = g.board.index
    # Megara (friendly to Corinth) is two land paths from Athens: no roll entering Athens ...
    assert needs_roll(g, "corinth", (2, 0, 0), b["eleusis"], b["athens"]) == ""
    # ... but Piraeus is two spaces from Megara only by sea, three by land: a roll for each SP
    assert needs_roll(g, "corinth", (2, 0, 0), b["athens"], b["piraeus"]) == "unfamiliar"
    assert g.board.land_dist[b["megara"]][b["piraeus"]] == 3
    assert min(d for j, d in g.board.zoi_naval[b["piraeus"]].items() if j == b["megara"]) == 2


def test_mountford_4_5_example_without_megara_athens_too_needs_a_roll():
    g = position({"corinth": {"corinth": (2, 0, 0)}}, owners={"megara": "athens"})
    b = g.board.index
    assert needs_roll(g, "corinth", (2, 0, 0), b["eleusis"], b["athens"]) == "unfamiliar"


def test_mountford_5_1_example_the_athenian_attack_on_a_theban_fleet_at_siphae():
    g = position({"siphae": {"athens": (0, 0, 3), "thebes": (0, 0, 2)}, "naupactus": {"athens": (0, 0, 2)},
                  "corinth": {"corinth": (0, 0, 2)}})
    do(g, "activate Phormio at siphae", "form an army of 0H 0C 3N", "attack siphae")
    # Siphae is not a city-state: the Theban ships there must fight (or burn)
    assert g.current_player() == "Sparta"
    assert legal_texts(g) == ["ships at siphae join the battle", "ships at siphae burn themselves"]
    g.apply("ships at siphae join the battle")
    # Corinth is friendly to Thebes: its ships may take part, but need not
    assert legal_texts(g) == ["ships at corinth join the battle", "ships at corinth stay out",
                              "ships at corinth burn themselves"]
    g.apply("ships at corinth stay out")
    # Athenian ships at Naupactus may take part too, but need not
    assert g.current_player() == "Athens"
    assert "ships at naupactus join the battle" in legal_texts(g)
    assert "ships at naupactus stay out" in legal_texts(g)
