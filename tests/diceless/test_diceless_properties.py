"""Property tests: random legal games keep every promise of the rules (hypothesis, bounded)."""

import json

from diceless_helpers import FULL_CUP, all_chits
from hypothesis import given, settings
from hypothesis import strategies as st

from peloponnesos.core import IllegalAction, RandomBot
from peloponnesos.games.diceless import DicelessGame, PlaceChit
from peloponnesos.games.diceless.board import default_board
from peloponnesos.games.diceless.chits import default_chits
from peloponnesos.games.diceless.victory import areas, counters, target

SEEDS = st.integers(min_value=0, max_value=2**40)
OPTIONS = st.fixed_dictionaries({
    "first_placer": st.sampled_from([None, "Sparta", "Athens"]),
    "turns": st.sampled_from([None, None, 3, 15]),
})
CODES = sorted(set(default_chits().cup))
AREAS = [a.id for a in default_board().areas]


def _check_invariants(game: DicelessGame) -> None:
    s = game.state
    for i, c in enumerate(s.counters):
        assert -2 <= c <= 2  # Diceless 5: at most two counters of a side, never both sides
        assert bool(s.owned[0] >> i & 1) == (c > 0) and bool(s.owned[1] >> i & 1) == (c < 0)
    assert all_chits(game) == FULL_CUP  # Diceless 4: every chit comes back, used specials are set aside
    assert len(set(s.specials_used)) == len(s.specials_used)
    assert s.turn <= game.n_turns


def _check_result(game: DicelessGame) -> None:
    s = game.state
    result = game.result()
    n = (areas(s, 0), areas(s, 1))
    k = (counters(s, 0), counters(s, 1))
    if result.level == "victory":
        w = 0 if result.winner == "Sparta" else 1
        assert n[w] >= target(s, game.map, w) and n[1 - w] < target(s, game.map, 1 - w)
    elif result.level == "most areas":
        w = 0 if result.winner == "Sparta" else 1
        assert n[w] > n[1 - w]
    elif result.level == "most counters":
        w = 0 if result.winner == "Sparta" else 1
        assert n[0] == n[1] and k[w] > k[1 - w]
    else:
        assert result.level == "draw" and result.winner is None and n[0] == n[1] and k[0] == k[1]
    if s.turn < game.n_turns:  # ended early: someone reached the target (Diceless 6)
        assert any(n[i] >= target(s, game.map, i) for i in (0, 1))


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, bot_seed=SEEDS, options=OPTIONS)
def test_diceless_property_random_games_keep_the_rules(seed, bot_seed, options):
    game = DicelessGame(seed=seed, **options)
    bot = RandomBot(bot_seed)
    steps = 0
    while not game.is_over():
        player = game.current_player()
        legal = game.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        action = bot.choose(game, player)
        game.apply(action)
        _check_invariants(game)
        steps += 1
        if steps % 7 == 0:
            for viewer in ("Sparta", "Athens", None):
                obs = game.observation(viewer)
                json.dumps(obs)
                for chits in obs["chits_on_map"].values():
                    for chit in chits:
                        assert (chit["chit"] is None) == (chit["side"] != viewer)
        assert steps < 400
    assert game.turn <= game.n_turns
    _check_result(game)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, moves=st.integers(0, 40),
       tries=st.lists(st.tuples(st.sampled_from(CODES), st.sampled_from(AREAS),
                                st.sampled_from([None, "Military", "Influence", "Coup", "Void"])), max_size=12))
def test_diceless_property_illegal_placements_change_nothing(seed, moves, tries):
    game = DicelessGame(seed=seed, first_placer="Sparta")
    bot = RandomBot(seed)
    for _ in range(moves):
        if game.is_over():
            return
        game.apply(bot.choose(game, game.current_player()))
    for chit, area, as_type in tries:
        if game.is_over():
            return
        action = PlaceChit(chit, area, as_type)
        legal = game.legal_actions()
        before, history = game.digest(), len(game.history)
        if action in legal:
            game.apply(action)
            continue
        try:
            game.apply(action)
        except IllegalAction as err:
            assert err.rule.startswith("Diceless ")
            assert game.digest() == before and len(game.history) == history
        else:
            raise AssertionError(f"{action} was accepted but is not among the legal actions")


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS)
def test_diceless_property_replay_from_save_gives_the_same_game(seed):
    from peloponnesos.core import load_game

    game = DicelessGame(seed=seed)
    bot = RandomBot(seed + 1)
    while not game.is_over():
        game.apply(bot.choose(game, game.current_player()))
    assert load_game(game.to_json()).digest() == game.digest()
