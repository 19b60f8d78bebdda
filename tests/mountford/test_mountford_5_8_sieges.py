"""Mountford 5.8: sieges."""

from __future__ import annotations

from mountford_helpers import do, events, legal_texts, position, sps

from peloponnesos.games.mountford import MountfordGame, sieges


def _at_plataea(points: int | None = None, **forces):
    g = position({"plataea": {"sparta": (4, 0, 0)}, **forces}, side="Sparta")
    if points is not None:
        g.state.siege[g.board.index["plataea"]] = ["sparta", points]
    do(g, "activate Archidamus at plataea", "form an army of 4H 0C 0N", "attack plataea")
    return g


def test_mountford_5_8_a_siege_costs_100_talents_per_sp_and_ravages_the_space():
    g = _at_plataea()
    assert legal_texts(g) == ["make a siege attempt", "make no siege attempt"]
    cash = g.state.treasury["sparta"]
    g.dice.force(3)
    g.apply("make a siege attempt")
    assert g.state.treasury["sparta"] == cash - 4 * 100
    assert g.state.ravaged[g.board.index["plataea"]]
    assert g.state.siege[g.board.index["plataea"]] == ["sparta", 1]


def test_mountford_5_8_three_points_take_a_city_state():
    g = _at_plataea(points=2)
    g.dice.force(6)
    g.apply("make a siege attempt")
    b = g.board.index
    assert g.state.owner[b["plataea"]] == "sparta"
    assert g.state.garrison[b["plataea"]] == "" and b["plataea"] not in g.state.siege
    assert g.state.bell["sparta"] == 11  # a city-state taken
    assert legal_texts(g) == ["place a garrison", "leave no garrison"]
    g.apply("place a garrison")
    assert g.state.garrison[b["plataea"]] == "sparta"


def test_mountford_5_8_one_point_takes_an_undefended_place():
    g = position({"thyrea": {"athens": (2, 0, 0)}})
    g.set_owner("thyrea", "sparta")  # no garrison, no defenders, not a city-state
    assert sieges.needed(g, "Athens", g.board.index["thyrea"]) == 1
    g.set_owner("thyrea", "sparta", garrison=True)
    assert sieges.needed(g, "Athens", g.board.index["thyrea"]) == 3


def test_mountford_5_8_the_fall_kills_defenders_and_their_leader():
    g = _at_plataea(points=2, athens_leader=None) if False else None
    g = position({"plataea": {"sparta": (4, 0, 0), "athens": (1, 0, 0)}}, side="Sparta")
    g.state.siege[g.board.index["plataea"]] = ["sparta", 2]
    g.state.leader_status["Phormio"] = "used"
    g.state.leader_at["Phormio"] = g.board.index["plataea"]
    do(g, "activate Archidamus at plataea", "form an army of 4H 0C 0N", "attack plataea")
    g.apply("troops at plataea stay out")
    if g.state.step == "ravage":
        g.apply("spare the space")
    g.dice.force(6)
    g.apply("make a siege attempt")
    assert sps(g, "plataea", "athens") == (0, 0, 0)
    assert g.state.leader_status["Phormio"] == "dead"


def test_mountford_5_8_neutral_city_states_may_not_be_besieged():
    g = position({"argos": {"sparta": (2, 0, 0)}}, side="Sparta")
    assert not sieges.besiegeable(g, "sparta", g.board.index["argos"])
    g.state.war.append(["Sparta", "argos"])
    g._control = None
    assert sieges.besiegeable(g, "sparta", g.board.index["argos"])


def test_mountford_5_8_no_siege_if_other_friendly_forces_are_in_the_field():
    g = position({"plataea": {"sparta": (4, 0, 0)}, "eleusis": {"thebes": (1, 0, 0)}}, side="Sparta")
    do(g, "activate Archidamus at plataea", "form an army of 4H 0C 0N", "attack plataea")
    assert g.state.op is None  # no siege offered: the Theban SP at Eleusis is neither at home nor in a siege
    (said,) = events(g, "no_siege")
    assert said.text == ("No siege of Plataea: other friendly forces are in the field (Eleusis), not at home, on "
                         "station in a friendly fortress or in a siege (Mountford 5.8).")
    assert said.rule == "Mountford 5.8"


def test_mountford_5_8_no_siege_if_outnumbered_in_cavalry():
    g = position({"plataea": {"sparta": (4, 0, 0), "athens": (0, 1, 0)}}, side="Sparta")
    do(g, "activate Archidamus at plataea", "form an army of 4H 0C 0N", "attack plataea")
    g.apply("troops at plataea stay out")
    if g.state.step == "ravage":
        g.apply("spare the space")
    assert g.state.op is None or g.state.step != "siege"


def test_mountford_5_8_athens_needs_as_many_ships_in_piraeus_as_the_athenians():
    g = position({"athens": {"sparta": (6, 0, 0)}, "piraeus": {"athens": (0, 0, 2)}}, side="Sparta")
    g.state.treasury["sparta"] = 2000
    do(g, "activate Archidamus at athens", "form an army of 6H 0C 0N", "attack athens")
    assert g.state.step != "siege"
    g2 = position({"athens": {"sparta": (6, 0, 0)}, "piraeus": {"athens": (0, 0, 2), "corinth": (0, 0, 2)}},
                  side="Sparta")
    g2.state.treasury["sparta"] = 2000
    do(g2, "activate Archidamus at athens", "form an army of 6H 0C 0N", "attack athens")
    assert g2.state.step == "siege"


def test_mountford_5_8_points_are_lost_when_the_besiegers_move_away():
    g = position({"plataea": {"sparta": (4, 0, 0)}}, side="Sparta")
    g.state.siege[g.board.index["plataea"]] = ["sparta", 2]
    do(g, "activate Archidamus at plataea", "form an army of 4H 0C 0N")
    g.dice.force(*[1] * 10)
    g.apply("move to thebes")
    assert g.board.index["plataea"] not in g.state.siege
    assert events(g, "siege_lost")


def test_mountford_5_8_points_are_lost_when_the_besiegers_lose_a_battle():
    g = position({"plataea": {"sparta": (2, 0, 0), "athens": (3, 0, 0)}}, side="Sparta")
    g.state.siege[g.board.index["plataea"]] = ["sparta", 2]
    do(g, "activate Archidamus at plataea", "form an army of 2H 0C 0N", "attack plataea")
    g.apply("troops at plataea join the battle")
    g.dice.force(2, 6)
    g.apply("fight a hoplite battle")
    while g.state.step == "loss":
        g.apply(legal_texts(g)[0])
    assert g.board.index["plataea"] not in g.state.siege


def test_mountford_5_8_recapturing_a_rebel_gains_no_bellicosity():
    g = position({"potidaea": {"athens": (3, 0, 0)}})
    b = g.board.index
    g.state.siege[b["potidaea"]] = ["athens", 2]
    do(g, "activate Pericles at potidaea", "form an army of 3H 0C 0N", "attack potidaea")
    g.dice.force(6)
    g.apply("make a siege attempt")
    assert g.state.owner[b["potidaea"]] == "athens" and not g.state.rebellion[b["potidaea"]]
    assert g.state.bell["athens"] == 10


def test_mountford_5_8_no_siege_without_the_talents():
    g = position({"athens": {"sparta": (6, 0, 0)}, "piraeus": {"corinth": (0, 0, 2)}}, side="Sparta")
    do(g, "activate Archidamus at athens", "form an army of 6H 0C 0N", "attack athens")
    assert g.state.step != "siege"  # 600 talents needed, 440 left
    (said,) = events(g, "no_siege")
    have = g.state.treasury["sparta"]
    assert f"the treasury of Sparta holds {have} talents and a siege attempt by 6 SPs costs 600" in said.text
    assert said.text.startswith("No siege of Athens: ") and said.text.endswith("(Mountford 5.8).")


def test_mountford_5_8_ships_in_their_own_city_states_ports_are_at_home():
    """CLARIFICATIONS 5.8: SPs in a space their own city-state holds are at home, walled or not — the 431 ships
    of Sparta at Gythium and of Elis at Cyllene do not stop Thebes besieging Plataea."""
    g = MountfordGame(seed=5)
    assert not sieges.unsettled_spaces(g, "thebes")
    do(g, "activate Eurymachus at thebes", "form an army of 3H 0C 0N", "attack plataea")
    assert g.state.step == "siege" and not events(g, "no_siege")
    assert sieges.blockers(MountfordGame(seed=5), "thebes", "plataea", 3) == []


def test_mountford_5_8_ships_in_an_allys_unwalled_port_are_in_the_field():
    g = position({"plataea": {"sparta": (4, 0, 0)}, "cyllene": {"corinth": (0, 0, 1)}}, side="Sparta")
    do(g, "activate Archidamus at plataea", "form an army of 4H 0C 0N")
    assert sieges.blockers(g, "sparta", "plataea", 4) == [
        "other friendly forces are in the field (Cyllene), not at home, on station in a friendly fortress or in a "
        "siege"]
    g.apply("attack plataea")
    assert g.state.step != "siege" and "in the field (Cyllene)" in events(g, "no_siege")[0].text


def test_mountford_5_8_blockers_judge_a_siege_before_the_march():
    g = MountfordGame(seed=5)
    cash = g.state.treasury["sparta"]
    assert sieges.blockers(g, "sparta", "athens", 8) == [
        f"the treasury of Sparta holds {cash} talents and a siege attempt by 8 SPs costs 800 (100 a SP)"]
    assert sieges.blockers(g, "sparta", "argos", 2) == [sieges.why_not_besiegeable(g, "sparta", g.board.index["argos"])]
    assert sieges.blockers(g, "sparta", "eleusis", 2) == ["it has no walls: only a fortress can be besieged"]
    assert sieges.blockers(g, "sparta", "plataea", 2, land=False) == [sieges.NO_LAND]


# -- why a place cannot be besieged: one wording, for preview_siege, the panel and the log ---------------------
def test_mountford_5_8_why_a_place_cannot_be_besieged_is_said_one_way_everywhere():
    from peloponnesos.core.errors import OptionError

    g = MountfordGame(seed=431)
    said = {}
    for space, city in (("eleusis", "sparta"), ("sparta", "sparta"), ("corinth", "sparta"), ("argos", "sparta"),
                        ("athens", "athens"), ("plataea", "athens")):
        why = sieges.why_not_besiegeable(g, city, g.board.index[space])
        try:
            g.preview_siege(space, city, 3)
        except OptionError as refused:
            message = str(refused)
        place = g.space_name(g.board.index[space])
        assert message == f"{g.city_name(city)} cannot besiege {place} (Mountford 5.8): {why}"
        assert sieges.blockers(g, city, space, 3)[0] == why  # the panel's reasons open with the same words
        said[space, city] = why
    assert said["eleusis", "sparta"] == "it has no walls: only a fortress can be besieged"
    assert said["sparta", "sparta"] == "it is held by Sparta itself"
    assert said["athens", "athens"] == "it is held by Athens itself"
    assert said["corinth", "sparta"] == "it is held by Corinth, on Sparta's own side"  # no longer "no fortress here"
    assert said["argos", "sparta"].startswith("it is held by Argos, a neutral city-state: war must be declared on it")
    assert "10.8" in said["argos", "sparta"] and "(" not in said["argos", "sparta"]  # the log cites 5.8 alone
    assert sieges.why_not_besiegeable(g, "sparta", g.board.index["plataea"]) is None


def test_mountford_5_8_the_log_stays_silent_where_no_siege_is_in_question():
    # no walls at Eleusis: the battle, and not a word about a siege
    g = position({"eleusis": {"athens": (1, 0, 0)}, "megara": {"sparta": (4, 0, 0)}}, side="Sparta")
    do(g, "activate Archidamus at megara", "form an army of 4H 0C 0N", "attack eleusis")
    while g.state.step not in ("op_choose", "siege") and g.state.op is not None:
        g.apply(legal_texts(g)[0])
    assert not events(g, "no_siege")
    # Plataea, Athens's ally, held by Spartans: Athens drives them out, and does not besiege its own side
    g = position({"plataea": {"sparta": (1, 0, 0)}, "athens": {"athens": (4, 0, 0)}})
    do(g, "activate Pericles at athens", "form an army of 4H 0C 0N", "attack plataea")
    while g.state.op is not None:
        assert g.state.step != "siege"
        g.apply(legal_texts(g)[0])
    assert not events(g, "no_siege") and events(g, "op_end")
