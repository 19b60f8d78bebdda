"""Property tests: random legal games played to the end keep every promise the rules make."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.games.syracuse.state import ELIM, ROUTED


def check_invariants(g: SyracuseGame) -> None:
    s = g.state
    b = g.map
    assert all(1 <= v <= 10 for v in s.ml) and all(1 <= v <= 10 for v in s.il)  # rules 5, 5.2.1
    assert all(0 <= v <= 5 for v in s.ops)  # rule 6.1.1
    for a in b.land:
        assert all(0 <= n <= 2 for n in s.walls[a])  # rule 10.2.1 (a third Athenian wall becomes the fort)
    assert s.fort < 0 or s.fort in b.epipolae
    for u in g.unit_range:
        assert not (s.status[u] == ROUTED and s.active[u])  # a routed unit never moves
        if s.loc[u] >= 0:
            t = g.types[s.utype[u]]
            assert 1 <= s.steps[u] <= t.steps and s.uside[u] in (0, 1)
            if s.uside[u] == 0 and s.aboard[u] < 0:
                assert s.loc[u] not in b.city  # rule 7.1
            if s.utype[u] != "N" and s.aboard[u] < 0:
                assert b.is_land[s.loc[u]]  # ground units at sea only aboard a ship (7.2.2)
            if s.aboard[u] >= 0:
                assert s.loc[s.aboard[u]] == s.loc[u] and s.utype[s.aboard[u]] == "N"
        if s.utype[u] != g.counters.units[u].type:
            assert g.counters.units[u].exchange  # rule 10.5
    for side in (0, 1):
        assert sum(s.walls[a][side] + s.wip[a][side] for a in b.land) <= g.counters.wall_markers


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), bot_seed=st.integers(0, 2**31), peltast=st.booleans())
def test_syracuse_random_games_keep_the_rules_invariants_and_end(seed, bot_seed, peltast):
    g = SyracuseGame(seed=seed, extra_peltast=peltast)
    rng = random.Random(bot_seed)
    eliminated: set[int] = set()
    for n in range(20000):
        if g.is_over():
            break
        actions = g.legal_actions()
        assert actions, f"{g.state.step}: the side to act always has something to do"
        g.apply(actions[rng.randrange(len(actions))])
        check_invariants(g)
        now = {u for u in g.unit_range if g.state.loc[u] == ELIM}
        assert eliminated <= now  # nothing comes back except by rule 12.2 (checked there)
        eliminated = now if not g.state.expedition["met_turn"] else set()
        if n % 53 == 0:
            json.dumps(g.observation("Athens"))
            json.dumps(g.observation(None))
    assert g.is_over(), "every game ends by victory, surrender or the last turn"
    r = g.result()
    assert r.level in ("automatic", "surrender", "draw") and (r.winner is None) == (r.level == "draw")
    assert g.state.turn <= g.last_turn
