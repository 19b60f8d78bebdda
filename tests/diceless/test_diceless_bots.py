"""The bots: random, greedy and searching players all play legal games; greedy beats random; the
searching bot keeps to its time budget."""

import time

from diceless_helpers import put, start

from peloponnesos.core import RandomBot, play
from peloponnesos.games.diceless import DicelessGame, PlaceChit
from peloponnesos.games.diceless.bots import GreedyBot, SearchBot, evaluate, greedy_action, score_placements


def test_diceless_bots_play_complete_legal_games():
    for i, bots in enumerate([(RandomBot(1), RandomBot(2)), (GreedyBot(), RandomBot(3)),
                              (SearchBot(simulations=12, seconds=0.5, seed=4), GreedyBot())]):
        game = DicelessGame(seed=100 + i)
        result = play(game, dict(zip(game.players, bots, strict=True)))
        assert game.is_over() and result.winner in ("Sparta", "Athens", None)


def test_diceless_greedy_beats_random():
    wins = 0
    for i in range(20):
        game = DicelessGame(seed=i, first_placer="Sparta")
        game.log.enabled = False
        greedy = game.players[i % 2]
        other = game.players[1 - i % 2]
        result = play(game, {greedy: GreedyBot(), other: RandomBot(i)})
        wins += result.winner == greedy
    assert wins >= 18


def test_diceless_greedy_scores_every_legal_placement_and_picks_the_best():
    game = start(("Star", "Coup", "Void", "persian_gold"))
    legal = game.legal_actions()
    scores = score_placements(game, 0, legal)
    assert len(scores) == len(legal)
    best = greedy_action(game, 0)
    assert best in legal and scores[legal.index(best)] == max(scores)


def test_diceless_greedy_puts_an_enemy_special_where_it_does_least_harm():
    game = start(("pericles", "Void", "Coup", "Coup"), ("Military", "Influence", "Military", "Influence"))
    put(game, "boeotia", 1)
    put(game, "syracuse", 1)
    scores = dict(zip(game.legal_actions(), score_placements(game, 0, game.legal_actions()), strict=True))
    harm = {a.area: v for a, v in scores.items() if a.chit == "pericles"}
    # next to Athens, Pericles would make three Athenian steps, far away two; on an Athenian area he
    # could only add a second counter
    assert harm["boeotia"] < harm["syracuse"] < harm["athens"]


def test_diceless_search_bot_keeps_its_time_budget_and_plays_legally(monkeypatch):
    # a made-up clock (every reading 10 ms later than the last), so the test does not depend on the machine's load
    ticks = iter(range(10**9))
    from peloponnesos.games.diceless import bots

    monkeypatch.setattr(bots.time, "perf_counter", lambda: next(ticks) * 0.01)
    game = start()
    bot = SearchBot(simulations=100_000, seconds=0.3, seed=1)
    action = bot.choose(game, "Sparta")
    assert action in game.legal_actions()
    assert 1 <= bot.last_simulations < 1000 and bot.last_seconds < 0.4  # stopped by the clock, not the budget


def test_diceless_search_bot_is_reproducible_with_a_seed():
    game = start()
    a = SearchBot(simulations=60, seconds=5, seed=7).choose(game, "Sparta")
    b = SearchBot(simulations=60, seconds=5, seed=7).choose(game, "Sparta")
    assert a == b


def test_diceless_search_bot_does_not_touch_the_real_game():
    game = start()
    before = game.digest()
    SearchBot(simulations=40, seconds=5, seed=2).choose(game, "Sparta")
    assert game.digest() == before and len(game.dice.rolls) == 3


def test_diceless_evaluate_prefers_more_areas():
    game = start()
    before = evaluate(game, 0), evaluate(game, 1)
    put(game, "corinth", 1)
    assert evaluate(game, 0) > before[0] and evaluate(game, 1) < before[1]


def test_diceless_bots_do_not_peek_at_the_opponents_chits():
    game = start(("Star", "Coup", "Void", "Military"), ("pericles", "Influence", "Coup", "Void"), toss=2)
    game.apply(PlaceChit("pericles", "megara"))
    for seed in range(10):
        other = game.determinize("Sparta", seed)  # the opponent's hand and face-down chit dealt again
        assert greedy_action(other, 0) == greedy_action(game, 0)
        assert evaluate(other, 0) == evaluate(game, 0)


def test_diceless_bots_are_listed_in_the_catalogue_strongest_first():
    from peloponnesos.core import bots_for

    bots = bots_for("diceless")
    assert list(bots) == ["search", "greedy", "random"]
    assert all(bot.choose for bot in (cls(seed=1) for cls in bots.values()))


def test_diceless_search_bot_stops_at_its_simulations_not_at_a_clock(monkeypatch):
    """The same seed gives the same choices on a slow laptop as on a fast one: by default the budget is a
    number of simulations, and the clock is not read to decide when to stop."""
    import peloponnesos.games.diceless.bots as bots

    def choices(clock) -> list:
        monkeypatch.setattr(bots.time, "perf_counter", clock)
        game = DicelessGame(seed=31, first_placer="Sparta")
        bot = SearchBot(simulations=60, seed=5)
        made = []
        for _ in range(8):
            side = game.current_player()
            action = bot.choose(game, side) if side == "Sparta" else GreedyBot().choose(game, side)
            made.append((str(action), bot.last_simulations if side == "Sparta" else None))
            game.apply(action)
        return made

    fast = choices(time.perf_counter)
    ticks = iter(range(0, 10**9, 1000))  # a machine on which every step takes 1000 s
    slow = choices(lambda: float(next(ticks)))
    assert fast == slow
    assert SearchBot().seconds is None


def test_diceless_search_bot_refuses_a_budget_it_cannot_use_in_plain_words():
    import pytest

    from peloponnesos.core.errors import OptionError

    with pytest.raises(OptionError, match="at least 1 simulation"):
        SearchBot(simulations=0)
    with pytest.raises(OptionError, match="positive number of seconds"):
        SearchBot(seconds=-1)
