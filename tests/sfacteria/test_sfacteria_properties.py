"""Property tests: random legal games played to the end never break what the rules promise."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from peloponnesos.games.sfacteria import SfacteriaGame
from peloponnesos.games.sfacteria.board import bits
from peloponnesos.games.sfacteria.combat import contested_zones
from peloponnesos.games.sfacteria.stacking import Occupancy, free_to_leave, over_limit, violations
from peloponnesos.games.sfacteria.state import ELIM

FIGHTING = {"D_move", "D_pay", "D_attack", "C_reroll", "C_retreat"}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), bot_seed=st.integers(0, 2**31), scenario=st.sampled_from(["historical", "blockade"]),
       reduction=st.booleans(), strategos=st.booleans())
def test_sfacteria_random_games_keep_the_rules_invariants(seed, bot_seed, scenario, reduction, strategos):
    g = SfacteriaGame(seed=seed, scenario=scenario, optional_voluntary_reduction=reduction,
                      optional_strategos=strategos)
    rng = random.Random(bot_seed)
    eliminated: set[int] = set()
    on_map: set[int] = {i for i, z in enumerate(g.state.uz) if z >= 0}
    for n in range(3000):
        if g.is_over():
            break
        actions = g.legal_actions()
        assert actions, f"{g.state.step}: a player must always have something to do"
        g.apply(actions[rng.randrange(len(actions))])
        s = g.state
        # rule 5: stacking holds whenever movement is over (after every retreat and return too); while the
        # active side moves, a zone over the limit still holds enough of its units free to move out again
        if s.step == "D_move":
            occ = Occupancy(g)
            for z in bits(over_limit(g, occ, s.active)):
                n, pf = free_to_leave(g, s.active, z)
                limit = g.map.strait_limit[z]
                assert (occ.count[s.active][z] - n <= 4) if limit is None else (occ.tpf[s.active][z] - pf <= limit)
        else:
            assert violations(g) == [], s.step
        # rule 3.D: outside the moves and battles of an action phase no zone holds both sides
        if s.step not in FIGHTING and not (s.step == "window" and s.window_kind == "combat"):
            assert contested_zones(g) == [], (s.step, s.phase)
        # rule 7: supply markers stay in 0–3
        assert all(0 <= v <= 3 for v in s.supply)
        # units leave play only through a rule that says so in the log
        now_elim = {i for i, z in enumerate(s.uz) if z == ELIM}
        for i in now_elim - eliminated:
            uid = g.oob.units[i].id
            assert any(e.kind == "eliminated" and e.data.get("unit") == uid and e.rule for e in g.log), uid
        assert eliminated <= now_elim
        eliminated = now_elim
        # a unit once on the map stays on it (or in a base) until it is eliminated
        here = {i for i, z in enumerate(s.uz) if z >= 0}
        assert (on_map - here) <= now_elim
        on_map = here
        # the cached counts kept between moves agree with a fresh count
        if g._occ is not None and g._occ[0] is s:
            fresh = Occupancy(g)
            assert (g._occ[1].count, g._occ[1].tpf, g._occ[1].any) == (fresh.count, fresh.tpf, fresh.any)
        assert s.turn <= 7
        if n % 97 == 0:
            json.dumps(g.observation("Athens"), ensure_ascii=False)
            json.dumps(g.observation(None), ensure_ascii=False)
    assert g.is_over(), "the game ends by turn 7"
    r = g.result()
    assert r.level in ("total", "marginal", "draw")
    assert (r.winner is None) == (r.level == "draw")
