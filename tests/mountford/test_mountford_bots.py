"""The computer players: they play legal games to the end, the searching one the same way for a seed."""

from __future__ import annotations

from peloponnesos.core import RandomBot, bots_for, play
from peloponnesos.games.mountford import MountfordGame
from peloponnesos.games.mountford.bots import HeuristicBot, SearchBot, evaluate


def test_mountford_bots_are_in_the_catalogue_strongest_first():
    assert list(bots_for("mountford")) == ["search", "heuristic", "random"]


def test_mountford_heuristic_bots_play_a_whole_game():
    g = MountfordGame(seed=5)
    r = play(g, {"Athens": HeuristicBot(1), "Sparta": HeuristicBot(2)})
    assert r.winner in ("Athens", "Sparta", None)
    assert any(e.kind == "ravage" for e in g.log)  # Sparta invades Attica (2.19-23)


def test_mountford_the_heuristic_beats_random_play():
    wins = 0
    for s in range(6):
        g = MountfordGame(seed=s)
        r = play(g, {"Athens": HeuristicBot(s), "Sparta": RandomBot(s)})
        wins += r.winner == "Athens"
    assert wins >= 5


def test_mountford_the_search_bot_is_deterministic_for_a_seed():
    def first_choices(seed):
        g = MountfordGame(seed=9, turns=1)
        bots = {"Athens": HeuristicBot(0), "Sparta": SearchBot(seed, simulations=6)}
        chosen = []
        for _ in range(12):
            if g.is_over():
                break
            who = g.current_player()
            a = bots[who].choose(g, who)
            chosen.append(str(a))
            g.apply(a)
        return chosen

    assert first_choices(4) == first_choices(4)


def test_mountford_evaluate_scores_a_win_as_100():
    g = MountfordGame(seed=1)
    g.state.bell["athens"] = 0
    from peloponnesos.games.mountford import economy

    economy.politics(g)
    assert evaluate(g, "Sparta") == 100 and evaluate(g, "Athens") == -100
