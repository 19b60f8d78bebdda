"""The exact-odds kernel: distributions from dice, combined, chained, repeated, and checked by Monte Carlo."""

from fractions import Fraction

import pytest

from peloponnesos.core.odds import Distribution, agrees, combine, dice, die, joint, monte_carlo, sequence


def test_a_die_and_two_dice():
    assert die()[3] == Fraction(1, 6) and sum(die().values()) == 1
    two = dice(2)
    assert two[7] == Fraction(6, 36) and two[2] == Fraction(1, 36) and len(two) == 11
    assert dice(0) == Distribution.certain(0)
    assert dice(3).expectation() == Fraction(21, 2)


def test_combine_gathers_equal_outcomes():
    battle = combine(lambda a, b: "A" if a > b else "B" if b > a else "draw", die(), die())
    assert battle["A"] == battle["B"] == Fraction(15, 36) and battle["draw"] == Fraction(6, 36)
    assert battle.probability(lambda o: o != "draw") == Fraction(5, 6)
    assert joint(die(2), die(2))[(1, 2)] == Fraction(1, 4)


def test_then_chains_dependent_chances():
    # roll a die; on 5-6 roll a second die and lose that many, else lose nothing
    loss = die().then(lambda f: die().map(lambda g: g) if f >= 5 else 0)
    assert loss[0] == Fraction(2, 3) and loss[6] == Fraction(1, 18)
    assert loss.expectation() == Fraction(1, 3) * Fraction(7, 2)


def test_given_and_most_likely():
    two = dice(2)
    assert two.most_likely() == 7
    high = two.given(lambda t: t >= 11)
    assert high[12] == Fraction(1, 3)
    with pytest.raises(ValueError):
        two.given(lambda t: t > 12)


def test_sequence_counts_steps_until_done_and_keeps_what_is_still_running():
    # a siege needing 3 points; each attempt gains 1 on 4-6
    attempts = sequence(0, lambda pts: die().map(lambda f: pts + (f >= 4)), lambda pts: pts >= 3, limit=5)
    assert sum(attempts.values()) == 1
    assert attempts[(3, 3)] == Fraction(1, 8)
    assert attempts.probability(lambda o: o[0] < 3) > 0  # not over after 5 attempts
    done_by = {n: attempts.probability(lambda o, n=n: o[0] == 3 and o[1] <= n) for n in range(6)}
    assert done_by[2] == 0 and done_by[5] == 1 - sum(Fraction(1, 32) * c for c in (1, 5, 10))


def test_distributions_refuse_nonsense():
    with pytest.raises(ValueError):
        Distribution({"a": Fraction(1, 2)})
    with pytest.raises(ValueError):
        Distribution({"a": -1, "b": 2})
    with pytest.raises(ValueError):
        Distribution.uniform([])
    assert Distribution.weighted({"a": 1, "b": 3})["b"] == Fraction(3, 4)


def test_monte_carlo_agrees_with_exact_odds_and_catches_a_wrong_one():
    exact = dice(2)
    counts = monte_carlo(lambda rng: rng.randint(1, 6) + rng.randint(1, 6), 20_000, seed=1)
    assert agrees(exact, counts)
    wrong = Distribution.uniform(range(2, 13))
    assert not agrees(wrong, counts)
    assert not agrees(exact, {13: 5})


def test_rows_give_numbers_and_exact_fractions():
    rows = die(2).rows("face")
    assert rows == [{"face": 1, "probability": 0.5, "exact": "1/2"}, {"face": 2, "probability": 0.5, "exact": "1/2"}]


def test_binomial_counts_successes_exactly_and_agrees_with_random_trials():
    from fractions import Fraction

    from peloponnesos.core.odds import agrees, binomial, monte_carlo

    d = binomial(3, Fraction(1, 3))
    assert d[0] == Fraction(8, 27) and d[3] == Fraction(1, 27) and sum(d.values()) == 1
    assert binomial(0, Fraction(1, 2)) == binomial(0, Fraction(1, 5))
    counts = monte_carlo(lambda rng: sum(rng.randint(1, 6) >= 5 for _ in range(3)), 20_000, seed=3)
    assert agrees(d, counts)
    import pytest

    with pytest.raises(ValueError):
        binomial(2, Fraction(3, 2))
