"""Mountford 4.2 (Cape Taenarum–Syracuse), 4.3 (naval transport losses), 4.5 (unfamiliar country) and its
cases 4.5.1 (fleet support), 4.5.2 (passes), 4.5.3 (mountains), 4.5.4 (neighbouring kings)."""

from __future__ import annotations

from mountford_helpers import do, events, legal_texts, position, sps

from peloponnesos.games.mountford.movement import needs_roll
from peloponnesos.games.mountford.routes import Legal, distances, shortest_routes


def _taenarum(die: int):
    g = position({"taenarum": {"sparta": (0, 0, 3)}}, side="Sparta", turn=6, owners={"syracuse": "corinth"})
    do(g, "activate Gylippus at taenarum", "form an army of 0H 0C 3N")
    assert "move to syracuse by the Taenarum crossing" in legal_texts(g)
    g.dice.force(die)
    g.apply("move to syracuse by the Taenarum crossing")
    return g


def test_mountford_4_2_storm_on_5_or_6_destroys_the_army():
    for die in (5, 6):
        g = _taenarum(die)
        assert sps(g, "syracuse", "sparta") == (0, 0, 0)
        assert g.state.leader_status["Gylippus"] == "aside"
        assert sum(e.data["n_lost"] for e in events(g, "eliminated") if e.data["cause"] == "storm") == 3


def test_mountford_4_2_other_rolls_have_no_effect():
    for die in (1, 2, 3, 4):
        g = _taenarum(die)
        assert g.state.op is None or g.state.op["at"] == g.board.index["syracuse"]
        assert sps(g, "syracuse", "sparta") == (0, 0, 3) or g.state.battle is not None


def test_mountford_4_2_the_leader_set_aside_returns_next_game_turn():
    g = _taenarum(6)
    g.start_turn(7)
    assert g.state.leader_status["Gylippus"] == "ready"


def test_mountford_4_2_the_crossing_exists_only_when_chosen_and_for_nothing_else():
    g = position({"taenarum": {"sparta": (0, 0, 3)}}, side="Sparta", owners={"syracuse": "corinth"})
    b = g.board.index
    assert b["taenarum"] not in g.board.zoi_naval[b["syracuse"]]
    normal = distances(Legal(g, "sparta", 0, 0, 3), b["taenarum"])
    chosen = distances(Legal(g, "sparta", 0, 0, 3, "taenarum"), b["taenarum"])
    assert chosen[b["syracuse"]] == 1 < normal.get(b["syracuse"], 99)
    assert b["syracuse"] not in distances(Legal(g, "sparta", 2, 0, 0, "taenarum"), b["taenarum"]) or \
        distances(Legal(g, "sparta", 2, 0, 0, "taenarum"), b["taenarum"])[b["syracuse"]] > 1  # land SPs need ships


def _carried(side_spaces=("piraeus", "aegina", "kithnos")):
    g = position({"piraeus": {"athens": (2, 0, 4)}})
    do(g, "activate Phormio at piraeus", "form an army of 2H 0C 4N")
    st = g.state
    st.op["route"] = [g.board.index[x] for x in side_spaces]
    st.op["dest"] = g.board.index[side_spaces[-1]]
    return g


def test_mountford_4_3_losing_ships_on_the_way_forces_a_choice():
    g = _carried()
    g.state.op["army"]["athens"] = [2, 0, 2]  # two ships lost in a fight at Piraeus
    g.state.step = "battle"
    g.state.battle = None
    from peloponnesos.games.mountford import movement

    movement.after_battle_continue(g)
    assert g.state.step == "transport"
    g._legal = None
    assert legal_texts(g) == ["eliminate 1H 0C to keep sailing", "abort the operation"]


def test_mountford_4_3_drop_land_sps_to_keep_sailing():
    g = _carried()
    g.state.op["army"]["athens"] = [2, 0, 2]
    g.state.step = "transport"
    g._legal = None
    g.apply("eliminate 1H 0C to keep sailing")
    assert g.state.op is None and sps(g, "kithnos", "athens") == (1, 0, 2)


def test_mountford_4_3_a_route_without_ships_may_be_taken_instead():
    g = position({"corinth": {"corinth": (2, 0, 4)}}, side="Sparta")
    do(g, "activate Brasidas at corinth", "form an army of 2H 0C 4N")
    st = g.state
    st.op["army"]["corinth"] = [2, 0, 0]  # every ship lost
    st.op["route"] = [g.board.index[x] for x in ("corinth", "siphae", "thebes")]
    st.op["dest"] = g.board.index["thebes"]
    st.step = "transport"
    g._legal = None
    assert legal_texts(g) == ["take a route that needs no ships", "abort the operation"]
    g.dice.force(*[1] * 20)
    g.apply("take a route that needs no ships")
    assert sps(g, "thebes", "corinth") == (2, 0, 0)


def test_mountford_4_3_or_abort_leaving_the_army_where_it_is():
    g = position({"corinth": {"corinth": (2, 0, 4)}}, side="Sparta")
    do(g, "activate Brasidas at corinth", "form an army of 2H 0C 4N")
    st = g.state
    st.op["army"]["corinth"] = [2, 0, 1]
    st.op["route"] = [g.board.index[x] for x in ("corinth", "siphae", "delphi")]
    st.step = "transport"
    g._legal = None
    g.apply("abort the operation")
    assert sps(g, "corinth", "corinth") == (2, 0, 1)


def test_mountford_4_5_unfamiliar_country_rolls_a_die_per_sp_and_5_or_6_eliminates():
    g = position({"corinth": {"corinth": (3, 0, 0)}}, side="Sparta", owners={"megara": "athens"})
    do(g, "activate Brasidas at corinth", "form an army of 3H 0C 0N")
    # Megara is now Athenian: corinth - megara (pass into an unfriendly space: 4.5.2 rolls)
    g.dice.force(5, 6, 1)
    g.apply("move to megara")
    assert sps(g, "megara", "corinth") == (1, 0, 0)
    assert [(e.data["cause"], e.data["h_lost"]) for e in events(g, "eliminated")] == [("pass", 2)]


def test_mountford_4_5_losses_come_before_interception():
    g = position({"corinth": {"corinth": (2, 0, 0)}, "megara": {"athens": (1, 0, 0)}}, side="Sparta",
                 owners={"megara": "athens"})
    do(g, "activate Brasidas at corinth", "form an army of 2H 0C 0N")
    g.dice.force(6, 6)
    g.apply("attack megara")
    kinds = [e.kind for e in g.log if e.kind in ("attrition", "interception", "battle")]
    assert kinds[0] == "attrition"


def test_mountford_4_5_1_fleet_support_means_no_rolls():
    g = position({})
    b = g.board.index
    assert needs_roll(g, "athens", (1, 0, 2), b["cythera"], b["gythium"]) == ""
    assert needs_roll(g, "athens", (1, 0, 0), b["taenarum"], b["gythium"]) == "unfamiliar"


def test_mountford_4_5_2_pass_into_unfriendly_space_rolls_for_losses():
    g = position({})
    b = g.board.index
    # Thermopylae into Heraclea (Spartan) is a pass: Athenians roll even next to a friendly fortress (Atalante)
    assert needs_roll(g, "athens", (2, 0, 0), b["locris"], b["heraclea"]) == "pass"
    # into a friendly space no roll
    assert needs_roll(g, "sparta", (2, 0, 0), b["locris"], b["heraclea"]) == ""


def test_mountford_4_5_3_mountains_always_roll():
    g = position({})
    b = g.board.index
    assert needs_roll(g, "sparta", (2, 0, 0), b["sparta"], b["pylos"]) == "mountain"  # even into a friendly space


def test_mountford_4_5_3_an_army_may_ignore_mountain_paths():
    g = position({"sparta": {"sparta": (2, 0, 0)}}, side="Sparta")
    do(g, "activate Archidamus at sparta", "form an army of 2H 0C 0N")
    texts = legal_texts(g)
    assert "move to pylos" in texts and "move to pylos avoiding mountain paths" in texts


def test_mountford_4_5_3_non_player_armies_never_use_mountain_paths():
    g = position({})
    b = g.board.index
    player = shortest_routes(Legal(g, "sparta", 2, 0, 0), b["sparta"], b["pylos"])
    rules = shortest_routes(Legal(g, "sparta", 2, 0, 0, player=False), b["sparta"], b["pylos"])
    assert player[0] == (b["sparta"], b["pylos"])
    assert len(rules[0]) > 2


def test_mountford_4_5_4_a_friendly_king_means_no_rolls():
    g = position({})
    b = g.board.index
    assert needs_roll(g, "athens", (2, 0, 0), b["abdera"], b["thrace"]) == ""  # the Odrysian king is Athens' friend


def test_mountford_4_5_4_an_unfriendly_king_rolls_beyond_one_space_from_a_friendly_fortress():
    g = position({})
    b = g.board.index
    assert needs_roll(g, "sparta", (2, 0, 0), b["perinthus"], b["thrace"]) == "king"
    g.set_owner("perinthus", "sparta")
    assert needs_roll(g, "sparta", (2, 0, 0), b["perinthus"], b["thrace"]) == ""


def test_mountford_4_5_4_a_neutral_king_changes_nothing():
    g = position({})
    b = g.board.index
    assert needs_roll(g, "athens", (2, 0, 0), b["larisa"], b["macedon"]) == ""  # Larisa (ally) is next door
    assert needs_roll(g, "sparta", (2, 0, 0), b["potidaea"], b["macedon"]) == ""


def test_mountford_4_5_4_persia_turns_against_athens_in_413():
    g = position({}, turn=7, owners={"cyzicus": "sparta", "miletus": "sparta"})
    b = g.board.index
    assert needs_roll(g, "athens", (2, 0, 0), b["miletus"], b["sardis"]) == "king"
    g.start_turn(6)
    assert needs_roll(g, "athens", (2, 0, 0), b["miletus"], b["sardis"]) == ""  # neutral: Samos is two spaces off
    assert needs_roll(g, "sparta", (2, 0, 0), b["cyzicus"], b["sardis"]) == ""
