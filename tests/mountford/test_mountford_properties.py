"""Property tests: random legal games played to the end keep the promises of the rules."""

from __future__ import annotations

import json
import random
import re
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from peloponnesos.games.mountford import MountfordGame
from peloponnesos.games.mountford.routes import Legal, distances, eligible, routes_for, shortest_routes
from peloponnesos.games.mountford.victory import athenian_fleet


def _check_route(g: MountfordGame, route_ids: list[str], army: tuple[int, int, int], city: str, via: str) -> None:
    """Mountford 4: the route the army took is a shortest route legal for every SP in it."""
    b = g.board.index
    route = [b[x] for x in route_ids]
    legal = Legal(g, city, *army, via)
    for a, c in pairwise(route):
        assert legal.step_ok(a, c, g.board.kind_between[(a, c)]), (route_ids, army)
    assert len(route) - 1 == distances(legal, route[0])[route[-1]]
    fresh = shortest_routes(legal, route[0], route[-1], limit=64)
    assert tuple(route) in fresh
    assert routes_for(g, city, *army, via, route[0], route[-1], limit=64) == fresh  # the kept searches agree


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31), bot_seed=st.integers(0, 2**31))
def test_mountford_random_games_keep_the_rules_invariants(seed, bot_seed):
    g = MountfordGame(seed=seed)
    rng = random.Random(bot_seed)
    top = g.tables.frame["bellicosity_max"]
    for n in range(5000):
        if g.is_over():
            break
        acts = g.legal_actions()
        assert acts, g.state.step
        step = g.state.step
        before = {k: v for k, v in g.state.treasury.items()}
        g.apply(acts[rng.randrange(len(acts))])
        s = g.state
        assert all(v >= 0 for v in s.treasury.values()), (step, before, s.treasury)  # treasury never negative
        assert all(0 <= v <= top for v in s.bell.values())  # bellicosity bounded
        for stacks in s.forces.values():
            for t in stacks.values():
                assert min(t) >= 0 and any(t)
        if n % 53 == 0:
            json.dumps(g.observation("Athens"))
    assert g.is_over(), "the game ends"
    assert g.state.turn <= g.last_turn
    assert athenian_fleet(g) >= 0
    assert g.result().winner in ("Athens", "Sparta", None)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), bot_seed=st.integers(0, 2**31))
def test_mountford_every_route_taken_is_shortest_and_legal_for_every_sp(seed, bot_seed):
    g = MountfordGame(seed=seed)
    rng = random.Random(bot_seed)
    checked = 0
    for _ in range(3000):
        if g.is_over():
            break
        acts = g.legal_actions()
        step = g.state.step
        seen = len(g.log)
        g.apply(acts[rng.randrange(len(acts))])
        if step not in ("op_objective", "op_route"):
            continue
        new = g.log.events[seen:]
        routes = [e for e in new if e.kind == "route"]
        if not routes:
            continue
        army = [e for e in g.log if e.kind == "army"][-1]
        objective = [e for e in g.log if e.kind == "objective"][-1]
        _check_route(g, routes[0].data["route"], (army.data["hoplites"], army.data["cavalry"], army.data["naval"]),
                     army.data["city"], objective.data["via"])
        checked += 1
    assert checked


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), bot_seed=st.integers(0, 2**31))
def test_mountford_battle_losses_never_exceed_what_the_text_allows(seed, bot_seed):
    g = MountfordGame(seed=seed)
    rng = random.Random(bot_seed)
    for _ in range(3000):
        if g.is_over():
            break
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    for e in g.log:
        if e.kind == "naval_battle" and e.data["winner"] is not None:
            lost = e.data["losses"]
            text = e.text
            sps = [int(x) for x in re.search(r": .*? (\d+)N against .*? (\d+)N;", text).groups()]
            win = 0 if lost[0] == 0 else 1
            assert lost[1 - win] <= sps[win]  # capped by the winner's naval SPs (5.1)
            assert lost[win] == 0  # the winner loses nothing
        if e.kind == "land_battle" and e.data["winner"] is not None:
            lost = e.data["losses"]
            assert min(lost) == 0  # the winner loses nothing
            if e.data["skirmish"]:
                assert max(lost) == 1  # a skirmish costs the loser one SP (5.3)


def test_mountford_transport_eligibility_matches_the_rule():
    for h in range(4):
        for c in range(3):
            for n in range(9):
                assert eligible(h, c, n) == (c <= 1 and n >= 2 * (h + c))
