"""The computer players: they play whole legal games, the same game for the same seeds, and are listed in the
catalogue strongest first."""

from __future__ import annotations

from peloponnesos.core import bots_for, play
from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.games.syracuse.bots import SyracuseHeuristicBot, SyracuseSearchBot, evaluate


def test_syracuse_bots_are_listed_in_the_catalogue_strongest_first():
    bots = bots_for("syracuse")
    assert list(bots) == ["search", "heuristic", "random"]
    assert bots["search"] is SyracuseSearchBot and bots["heuristic"] is SyracuseHeuristicBot


def test_syracuse_heuristic_bots_play_whole_games_the_same_for_the_same_seeds():
    results = []
    for _ in range(2):
        g = SyracuseGame(seed=4)
        g.log.enabled = False
        r = play(g, {"Athens": SyracuseHeuristicBot(seed=1), "Syracuse": SyracuseHeuristicBot(seed=2)})
        results.append((r, g.digest()))
    assert results[0] == results[1] and results[0][0].level in ("automatic", "surrender", "draw")


def test_syracuse_the_search_bot_plays_legal_moves_within_its_budget_and_repeats_for_a_seed():
    def run():
        g = SyracuseGame(seed=7)
        g.log.enabled = False
        bots = {"Athens": SyracuseSearchBot(seed=3, simulations=4, horizon=30),
                "Syracuse": SyracuseHeuristicBot(seed=5)}
        for _ in range(150):
            if g.is_over():
                break
            p = g.current_player()
            a = bots[p].choose(g, p)
            assert a in g.legal_actions()
            g.apply(a)
        return g.digest()

    assert run() == run()


def test_syracuse_the_evaluation_favours_the_side_with_more_steps_and_morale():
    g = SyracuseGame(seed=1)
    assert evaluate(g, 0) == -evaluate(g, 1)
    g.state.ml = [10, 1]
    assert evaluate(g, 0) > 0
