"""Property tests: random legal games played to the end keep the promises of the rules."""

from __future__ import annotations

import json
import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from peloponnesos.games.mountford import MountfordGame
from peloponnesos.games.mountford.routes import Legal, distances, eligible, routes_for, shortest_routes
from peloponnesos.games.mountford.victory import athenian_fleet


def _check_route(g: MountfordGame) -> None:
    """Mountford 4: the route the army took is a shortest route legal for every SP in it."""
    op = g.state.op
    route = op["route"]
    army = tuple(sum(t[k] for t in op["army"].values()) for k in range(3))
    legal = Legal(g, op["city"], *army, op["via"])
    for a, b in pairwise(route):
        assert legal.step_ok(a, b, g.board.kind_between[(a, b)]), (route, army)
    assert len(route) - 1 == distances(legal, route[0])[route[-1]]
    cached = routes_for(g, op["city"], *army, op["via"], route[0], route[-1], limit=64)
    assert tuple(route) in cached
    assert cached == shortest_routes(legal, route[0], route[-1], limit=64)  # the kept searches agree with a fresh one


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
        g.apply(acts[rng.randrange(len(acts))])
        op = g.state.op
        if op is not None and step in ("op_objective", "op_route") and g.state.step != "op_route" \
                and op["pos"] == 0 and len(op["route"]) > 1:
            _check_route(g)
            checked += 1
    assert checked or g.is_over()


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
            sps = [int(x) for x in text.split(": ")[1].split("N against ")[0:1]] + [
                int(text.split("N against ")[1].split("N")[0])]
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
