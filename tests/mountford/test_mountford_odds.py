"""Exact odds (odds.py) checked against random runs of the same rules, and against the engine."""

from __future__ import annotations

from fractions import Fraction

from mountford_helpers import do, position

from peloponnesos.core.odds import Distribution, agrees, monte_carlo
from peloponnesos.games.mountford import land_battle, naval_battle, odds
from peloponnesos.games.mountford.odds import Outcome, Side
from peloponnesos.games.mountford.tables import load_tables

T = load_tables()
N = 20_000


def test_mountford_odds_naval_battle_agrees_with_random_battles():
    a, b = Side(naval=5, rating=2, bravery=1, skill=1), Side(naval=7, rating=0, bravery=2)
    exact = odds.naval_battle_odds(T, a, b)
    assert sum(exact.values()) == 1

    def sample(rng):
        x, y = rng.randint(1, 6), rng.randint(1, 6)
        ma = naval_battle.modifier(T, 5, 7, 2, 1)
        mb = naval_battle.modifier(T, 7, 5, 0, 0)
        win = naval_battle.winner(x + ma, y + mb, 2, 0)
        la, lb = naval_battle.losses(win, abs(x + ma - y - mb), 5, 7)
        return Outcome("naval", win, la, lb, naval_battle.leader_dies(x, 1, win == 0),
                       naval_battle.leader_dies(y, 2, win == 1), 0 if win is None else (1 if win == 0 else -1))

    assert agrees(exact, monte_carlo(sample, N, seed=1))


def test_mountford_odds_land_combat_with_the_skirmish_choice_agrees_with_random_combats():
    a, b = Side(4, 0, 0, 2, 1, 1, False), Side(2, 3, 0, -1, 0, 0, True)
    exact = odds.land_combat(T, a, b, try_skirmish=True)
    p = odds.skirmish_choice_chance(T, b, a)
    assert exact.probability(lambda o: o.kind == "skirmish") == p

    def sample(rng):
        choice = rng.randint(1, 6) + land_battle.skirmish_choice_modifier(T, 2, 3, 4, 0, -1) >= 7
        x, y = rng.randint(1, 6), rng.randint(1, 6)
        if choice:
            ma = land_battle.skirmish_modifier(T, 0, 3, 2, False)
            mb = land_battle.skirmish_modifier(T, 3, 0, -1, True)
            win = naval_battle.winner(x + ma, y + mb, 2, -1)
            la, lb = land_battle.skirmish_losses(win, 4, 5)
            return Outcome("skirmish", win, la, lb, False, False, 0)
        ma = land_battle.hoplite_modifier(T, 4, 0, 2, 3, 2, False, 1)
        mb = land_battle.hoplite_modifier(T, 2, 3, 4, 0, -1, True, 0)
        win = naval_battle.winner(x + ma, y + mb, 2, -1)
        la, lb = land_battle.hoplite_losses(win, abs(x + ma - y - mb), (4, 0), (2, 3))
        bell = 0 if win is None else (land_battle.bellicosity_change(lb if win == 0 else la) * (1 if win == 0 else -1))
        return Outcome("hoplite", win, la, lb, x <= 1, False, bell)

    assert agrees(exact, monte_carlo(sample, N, seed=2))


def test_mountford_odds_attrition_storm_and_interception():
    assert odds.attrition(3)[0] == Fraction(8, 27)
    assert agrees(odds.attrition(4), monte_carlo(lambda r: sum(r.randint(1, 6) >= 5 for _ in range(4)), N, seed=3))
    assert odds.storm()["destroyed"] == Fraction(1, 3)
    assert odds.interception_chance(4) == Fraction(1, 2)
    assert odds.interception_chance(5, 2) == Fraction(2, 3)


def test_mountford_odds_siege_counts_operations_and_talents():
    exact = odds.siege(T, 3, False, 4)
    assert exact.probability(lambda o: o[1] is not None) > Fraction(99, 100)
    assert all(talents is None or talents == ops * 400 for ops, talents in exact)

    def sample(rng):
        pts, ops = 0, 0
        while pts < 3 and ops < 12:
            pts += T.siege_gain(rng.randint(1, 6), False)
            ops += 1
        return (ops, ops * 400) if pts >= 3 else (12, None)

    assert agrees(exact, monte_carlo(sample, N, seed=4))


def test_mountford_odds_the_engine_intercepts_as_often_as_the_exact_chance_says():
    hits = 0
    runs = 300
    for seed in range(runs):
        g = position({"methana": {"sparta": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 12)}}, side="Sparta", seed=seed)
        do(g, "activate Cnemus at methana", "form an army of 0H 0C 2N", "move to naxos")
        g.apply("intercept")
        hits += [e for e in g.log if e.kind == "interception"][-1].data["success"]
    exact = Distribution({True: odds.interception_chance(4), False: 1 - odds.interception_chance(4)})
    assert agrees(exact, {True: hits, False: runs - hits})


def test_mountford_odds_preview_battle_from_a_position():
    g = position({"plataea": {"sparta": (4, 0, 0), "athens": (2, 0, 0)}}, side="Sparta")
    preview = g.preview_battle("plataea", "sparta", leader="Archidamus")
    assert preview["naval"] is None
    land = preview["land"]
    assert sum(land.values()) == 1
    assert land.probability(lambda o: o.winner == 0) > Fraction(1, 2)


def test_mountford_odds_route_plan_gives_the_chance_of_arriving_intact():
    g = position({"corinth": {"corinth": (2, 0, 0)}}, side="Sparta")
    plans = g.plan_routes("corinth", "corinth", "piraeus", hoplites=2)
    plan = plans[0]
    piraeus = plan["steps"][-1]
    assert piraeus["march"] == "unfamiliar"
    assert piraeus["march_loss"][0] == Fraction(4, 9)
    assert plan["p_intact"] <= Fraction(4, 9)


def test_mountford_odds_a_battle_is_computed_exactly_and_fast_enough_to_preview():
    exact = odds.naval_battle_odds(T, Side(naval=12, rating=3, skill=1), Side(naval=9, rating=1))
    assert all(isinstance(p, Fraction) for p in exact.values())


def test_mountford_odds_the_chance_of_arriving_intact_matches_the_engine():
    forces = {"corinth": {"corinth": (2, 0, 0)}, "athens": {"athens": (2, 0, 0)}}
    plan = position(forces, side="Sparta").plan_routes("corinth", "corinth", "piraeus", hoplites=2)[0]
    assert plan["route"] == ["corinth", "megara", "eleusis", "athens", "piraeus"]
    intact, runs = 0, 400
    for seed in range(runs):
        g = position(forces, side="Sparta", seed=seed)
        do(g, "activate Aristeus at corinth", "form an army of 2H 0C 0N", "move to piraeus")
        caught = False
        while g.state.step == "intercept":
            g.apply("intercept")
            if g.state.battle is not None or any(e.kind == "battle" for e in g.log):
                caught = True
                break
        lost = sum(e.data["h_lost"] + e.data["c_lost"] for e in g.log if e.kind == "eliminated")
        intact += not caught and lost == 0
    exact = Distribution({True: plan["p_intact"], False: 1 - plan["p_intact"]})
    assert agrees(exact, {True: intact, False: runs - intact})
