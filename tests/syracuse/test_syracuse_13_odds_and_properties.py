"""Exact odds of one resolution on the battle board, checked against the engine's own dice (Monte Carlo), the
Monte Carlo of whole battles, and property tests over random battles (stacking, facing, steps, ten rounds)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from syracuse_helpers import arrange, battle

from peloponnesos.core.odds import agrees
from peloponnesos.games.syracuse.battle import odds
from peloponnesos.games.syracuse.tables import load_tables


def _engine_counts(g, action: str, outcome, n: int = 1500) -> dict:
    counts: dict = {}
    for k in range(n):
        c = g.clone(reseed=k, log=True)
        c.apply(action)
        o = outcome(c)
        counts[o] = counts.get(o, 0) + 1
    return counts


def test_syracuse_8_3_1_exact_fire_odds_match_the_engine():
    g = battle({"Athens": ["A-P1", "A-H1"], "Syracuse": ["~S-LI1", "S-H1"]}, ml=(7, 6))
    arrange(g, {"A-P1": "D3N", "A-H1": "A1N", "S-LI1": "D5S", "S-H1": "H11S"}, phase="fire")
    exact = odds.fire_odds(g, "A-P1", "D5")
    assert exact == odds.fire_distribution(2, 1, True, 6)  # range 2: +1
    assert exact["miss"] == Fraction(5, 6) and exact["routed"] == Fraction(1, 6) * Fraction(6, 10)

    def outcome(c):
        u = c.unit_named("S-LI1")
        if c.state.loc[u] == -3:
            return "eliminated"
        return "routed" if c.state.status[u] == 2 else "miss"

    assert agrees(exact, _engine_counts(g, "A-P1 fires at D5", outcome))


def test_syracuse_8_3_2_exact_assault_odds_match_the_engine():
    g = battle({"Athens": ["A-H1", "A-H2"], "Syracuse": ["S-H1", "S-P1"]})
    arrange(g, {"A-H1": "D4N", "A-H2": "A1N", "S-H1": "D5S", "S-P1": "H11S"}, phase="assault")
    exact = odds.assault_odds(g, "D5")
    assert exact == odds.assault_distribution(g.tables, 5, 5)
    assert sum(exact.values()) == 1

    def outcome(c):
        return next(e for e in reversed(c.log.events) if e.kind == "assault").data["result"]

    assert agrees(exact, _engine_counts(g, "assault D5", outcome))


def test_syracuse_8_3_4_exact_ram_odds_match_the_engine():
    g = battle({"Athens": ["A-N1"], "Syracuse": ["S-N1", "S-N2"]}, area="S-5")
    arrange(g, {"A-N1": "D5N", "S-N1": "D6S", "S-N2": "A11S"}, phase="assault")
    exact = odds.ram_odds(g, "A-N1", "S-N1")
    assert exact == odds.ram_distribution(4, 0, 2) and exact["step"] == Fraction(4, 10)

    def outcome(c):
        return "step" if c.state.steps[c.unit_named("S-N1")] == 1 else "miss"

    assert agrees(exact, _engine_counts(g, "A-N1 rams S-N1", outcome))


def test_syracuse_8_3_3_the_boarding_check_odds():
    d = odds.naval_assault_distribution(drm=0, ml=6)
    assert d["attacks"] == Fraction(6, 10) and d["lost"] == Fraction(1, 10) and d["cannot"] == Fraction(3, 10)


def test_syracuse_8_3_2_the_odds_column_is_rounded_for_the_defender():
    t = load_tables()
    assert t.columns[t.column(5, 5)] == "1:1" and t.columns[t.column(7, 5)] == "1:1"
    assert t.columns[t.column(8, 5)] == "3:2" and t.columns[t.column(1, 9)] == "1:3"
    assert t.columns[t.column(30, 1)] == "5:1"


def test_syracuse_8_3_monte_carlo_of_whole_battles_is_deterministic_for_a_seed():
    line = {"Athens": ["A-H1", "A-H2", "A-AR1", "Lamachus"], "Syracuse": ["S-H1", "S-C1", "S-P1"]}
    a = odds.simulate(line, n=20, seed=5)
    b = odds.simulate(line, n=20, seed=5)
    assert a == b and abs(sum(a["wins"].values()) - 1) < 1e-9 and 1 <= a["mean_rounds"] <= 10
    assert a["battles"] == 20 and a["seed"] == 5


def _check_board(g) -> None:
    b = g.state.battle
    if b is None:
        return
    s = g.state
    for sq, units in b["stack"].items():
        assert 1 <= len(units) <= 2  # rule 7.3.2
        cav = [s.utype[u] in ("C", "SC") for u in units]
        assert all(cav) or not any(cav)
        assert len({s.uside[u] for u in units}) == 1
        assert all(b["pos"][u] == sq for u in units)
    assert all(f in (0, 1, 2, 3) for f in b["face"].values())  # one of the four sides of a square
    for side in (0, 1):
        for u in b["units"][side]:
            assert s.steps[u] >= 1 and s.status[u] != 2 and u in b["pos"]
    assert 0 <= b["round"] <= g.tables.rounds


POOL_A = ["A-H1", "A-H2", "A-H3", "A-LI1", "A-P1", "A-AR1", "A-C1", "Lamachus", "Nicias"]
POOL_S = ["S-H1", "S-H2", "S-LI1", "S-P1", "S-AR1", "S-C1", "S-C2", "S-C3", "Gylippus", "Hermocrates"]
NAVAL_A = ["A-N1", "A-N2", "A-N3", "A-N1>A-H1", "A-N2>A-AR1", "A-N3>A-LI1"]
NAVAL_S = ["S-N1", "S-N2", "S-N1>S-H1", "S-N2>S-P1", "Ariston"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), bot=st.integers(0, 2**31), athens=st.sets(st.sampled_from(POOL_A), min_size=1),
       syracuse=st.sets(st.sampled_from(POOL_S), min_size=1), night=st.booleans(), naval=st.booleans())
def test_syracuse_random_battles_keep_the_board_rules_and_end_within_ten_rounds(seed, bot, athens, syracuse, night,
                                                                              naval):
    import random

    if naval:
        line = {"Athens": NAVAL_A, "Syracuse": NAVAL_S}
        area, night = "S-1", False
    else:
        line = {"Athens": sorted(athens), "Syracuse": sorted(syracuse)}
        if not any("-" in x for x in line["Athens"]) or not any("-" in x for x in line["Syracuse"]):
            return
        area = "L-1"
    g = odds.battle_position(line, seed=seed, area=area, night=night)
    rng = random.Random(bot)
    for _ in range(20000):
        if g.state.battle is None:
            break
        actions = g.legal_actions()
        assert actions
        g.apply(actions[rng.randrange(len(actions))])
        _check_board(g)
        for u in g.unit_range:
            assert g.state.steps[u] >= 0  # steps never negative
    assert g.state.battle is None and g.state.last_combat["rounds"] <= 10
