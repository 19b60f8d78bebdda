"""Sequential halving with common random numbers (``peloponnesos.core.halving``), shared by the searching bots."""

from random import Random

import pytest

from peloponnesos.core.halving import sequential_halving

WORTH = {"a": 1.0, "b": 5.0, "c": 3.0, "d": 4.0, "e": 0.0, "f": 2.0, "g": 6.0, "h": 0.5}


def play(log):
    def simulate(candidate, seed):
        log.append((candidate, seed))
        return WORTH[candidate]
    return simulate


def test_halving_spreads_the_budget_over_the_rounds_and_keeps_the_better_half_each_round():
    log = []
    race = sequential_halving(list(WORTH), play(log), Random(1), simulations=24)
    assert race.ranked == ["g"] and race.simulations == 24 and not race.cut_short
    rounds = [[c for c, _ in log[:8]], [c for c, _ in log[8:16]], [c for c, _ in log[16:]]]
    assert sorted(set(rounds[0])) == sorted(WORTH)  # 8 candidates, one deal each
    assert sorted(set(rounds[1])) == ["b", "c", "d", "g"] and len(rounds[1]) == 8  # the better 4, two deals each
    assert sorted(set(rounds[2])) == ["b", "g"] and len(rounds[2]) == 8  # the better 2, four deals each


def test_halving_deals_every_candidate_the_same_futures():
    log = []
    sequential_halving(list(WORTH), play(log), Random(2), simulations=24)
    by_deal = {}
    for candidate, seed in log:
        by_deal.setdefault(seed, []).append(candidate)
    assert len(by_deal) == 1 + 2 + 4  # one seed a deal, shared by the candidates in the race
    assert all(len(set(c)) == len(c) for c in by_deal.values())


def test_halving_stops_at_keep_and_the_favourite_wins_ties():
    race = sequential_halving(["x", "y", "z", "w"], lambda c, s: 1.0, Random(3), simulations=8, keep=2)
    assert race.ranked == ["x", "y"] and race.simulations == 8  # one round (4 to 2), the whole budget
    assert sequential_halving(["only"], lambda c, s: 1.0, Random(3), simulations=8).ranked == ["only"]


@pytest.mark.parametrize("each_deal, played", [(False, 8 * 3), (True, 8)])
def test_halving_cut_short_by_the_time_limit_ranks_the_candidates_as_they_stand(each_deal, played):
    log = []
    race = sequential_halving(list(WORTH), play(log), Random(4), simulations=72, deadline=0.0,
                              check_each_deal=each_deal)
    assert race.cut_short and race.simulations == played == len(log)
    assert race.ranked == sorted(WORTH, key=lambda c: -WORTH[c])  # after the first round (or deal), none dropped


def test_halving_checking_each_deal_stops_when_the_budget_is_spent():
    race = sequential_halving(["a", "b", "c", "d"], play([]), Random(5), simulations=5, check_each_deal=True)
    assert race.cut_short and race.simulations == 6 and race.ranked == ["b", "d"]
