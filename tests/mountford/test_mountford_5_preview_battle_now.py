"""preview.battle_now: the exact odds of the battle being decided now (Mountford 5.1-5.3), shown by the panel
before a player decides who joins or whether to try for a running skirmish — checked against the engine's own
battles, and checked to change nothing."""

from __future__ import annotations

from fractions import Fraction

from mountford_helpers import do, position

from peloponnesos.core.odds import Distribution, agrees
from peloponnesos.games.mountford import odds
from peloponnesos.games.mountford.odds import Side
from peloponnesos.games.mountford.preview import battle_now

FLEETS = {"piraeus": {"athens": (0, 0, 4)}, "aegina": {"corinth": (0, 0, 6)}}


def at_sea(seed: int = 1):
    """Phormio's 4 Athenian naval SPs attack 6 Corinthian ones at Aegina; Sparta decides whether they fight."""
    g = position(FLEETS, side="Athens", seed=seed)
    do(g, "activate Phormio at piraeus", "form an army of 0H 0C 4N", "attack aegina")
    assert g.state.step == "participate" and g.current_player() == "Sparta"
    return g


def test_mountford_5_1_battle_now_counts_the_ships_being_decided_on_if_they_join():
    g = at_sea()
    before = g.digest()
    now = battle_now(g)
    assert g.digest() == before  # nothing changed
    assert now["sps"]["naval"] == [[0, 0, 4], [0, 0, 6]] and now["leaders"] == ["Phormio", ""]
    phormio = g.leaders["Phormio"]
    exact = odds.naval_battle_odds(g.tables, Side(naval=4, rating=phormio.battle, bravery=phormio.bravery, skill=1),
                                   Side(naval=6))
    assert now["naval"] == exact and now["land"] is None
    assert battle_now(g, joining=False)["naval"] is None  # without them, nobody to fight at sea yet


def test_mountford_5_1_battle_now_agrees_with_the_battles_the_engine_fights():
    exact = battle_now(at_sea())["naval"].map(lambda o: (o.winner, o.lost_a, o.lost_b))
    seen: dict = {}
    for seed in range(300):
        g = at_sea(seed)
        g.apply("ships at aegina join the battle")
        result = next(e for e in g.log if e.kind == "naval_battle").data
        winner = {"Athens": 0, "Sparta": 1, None: None}[result["winner"]]
        key = (winner, *result["losses"])
        seen[key] = seen.get(key, 0) + 1
    assert agrees(exact, seen)


def test_mountford_5_2_battle_now_offers_the_skirmish_to_the_side_the_space_is_friendly_to():
    forces = {"eleusis": {"sparta": (4, 0, 0)}, "athens": {"athens": (2, 2, 0)}}
    g = position(forces, side="Sparta")
    do(g, "activate Archidamus at eleusis", "form an army of 4H 0C 0N", "attack athens")
    while g.state.step != "skirmish_choice":
        assert g.state.step in ("intercept", "participate", "home_leader"), g.state.step
        join = [a for a in g.legal_actions() if str(a) in ("let it pass", "no leader") or "join" in str(a)]
        g.apply(join[0])
    now = battle_now(g)
    assert now["skirmish_chooser"] == 1 and g.current_player() == "Athens"  # Athens' home ground
    battle, skirmish = now["land"], now["land_if_skirmish"]
    assert all(o.kind == "hoplite" for o in battle)
    tries = skirmish.probability(lambda o: o.kind == "skirmish")
    assert Fraction(0) < tries < 1
    a, d = now["sps"]["land"]
    assert a == [4, 0, 0] and d == [2, 2, 0]
    assert sum(battle.values()) == sum(skirmish.values()) == 1
    assert isinstance(battle, Distribution)


def test_mountford_5_battle_now_is_none_without_a_battle():
    g = position(FLEETS, side="Athens")
    assert battle_now(g) is None
