"""The computer players: they play whole legal games, the same game for the same seeds, and are listed in the
catalogue strongest first."""

from __future__ import annotations

from syracuse_helpers import position

from peloponnesos.core import bots_for, play
from peloponnesos.games.syracuse import SyracuseGame, victory
from peloponnesos.games.syracuse.bots import SyracuseHeuristicBot, SyracuseSearchBot, evaluate, outlook


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


def test_syracuse_11_2_the_evaluation_weighs_the_surrender_check_the_lower_ml_faces():
    """The search bot's score follows rule 11.2: the lower ML checks, and its risk grows as its ML falls or its
    surrender modifiers grow; this turn's pitched battles count, as they will at the next adjustment (5.1)."""
    g = position({"L-10": ["A-H1", "A-N1", "Nicias"], "L-7": ["S-H1", "S-N1", "Hermocrates"]}, ml=(9, 7))
    risky = evaluate(g, 0)
    assert risky > 0
    g.state.ml = [9, 5]
    assert evaluate(g, 0) > risky  # Syracuse is nearer surrender
    g.state.ml = [9, 7]
    g.state.notes = [{"won_pitched_battle": 1}, {"lost_pitched_battle": 1}]
    assert evaluate(g, 0) > risky  # next turn: Athens 10, Syracuse 6
    g.state.notes = [{}, {}]
    g.state.lred[g.leader_named("Hermocrates")] = True
    assert evaluate(g, 0) > risky  # a surrender modifier for Syracuse
    g.state.result = {"winner": "Syracuse"}
    assert evaluate(g, 0) == -evaluate(g, 1) == -100


def test_syracuse_7_1_the_search_bot_plays_out_the_best_ground_moves_and_stopping():
    g = position({"L-10": ["A-H1", "A-H2", "A-H3", "Nicias"], "L-7": ["S-H1"]})
    g.dice.force(1)
    g.start_impulse("Athens")
    bot = SyracuseSearchBot(seed=1, simulations=4)
    actions = g.legal_actions()
    candidates = bot._candidates(g, actions, 0)
    assert len(candidates) == bot.MOVES + 1 and candidates[-1].kind == "end_movement"
    assert candidates[0] == bot.move_scores(g, actions, 0)[0][1]  # the rules of thumb's own choice is among them
    assert bot.choose(g, "Athens") in candidates


def test_syracuse_7_2_the_search_bot_plays_out_the_sailings_into_the_great_harbour_and_stopping():
    """In a naval impulse the search bot weighs the sailings that would hold the Great Harbour (a standing gain of
    the morale table, 5.1) against staying; the heuristic bot's ranking is the same list."""
    g = position({"S-3": ["A-N1", "A-N2", "Nicias"], "S-2": ["S-N1"]})
    g.dice.force(1)
    g.start_impulse("Athens", "naval")
    bot = SyracuseSearchBot(seed=1, simulations=6)
    actions = g.legal_actions()
    ranked = bot.sail_scores(g, actions, 0)
    assert [(a.ship, a.dest) for _, a in ranked] == [("A-N1", "S-1"), ("A-N2", "S-1")]  # S-2: not outnumbered
    candidates = bot._candidates(g, actions, 0)
    assert candidates == [a for _, a in ranked] + [next(a for a in actions if a.kind == "end_movement")]
    assert bot.choose(g, "Athens") in candidates


def test_syracuse_6_2_the_search_bot_repeats_its_choice_for_a_seed():
    """Its budget is a number of playouts, not seconds: the same seed and position give the same choice."""
    def choice():
        g = position({"L-10": ["A-H1", "A-H2", "A-H3", "Nicias"], "L-7": ["S-H1"]})
        g.dice.force(1)
        g.start_impulse("Athens")
        return SyracuseSearchBot(seed=9, simulations=10).choose(g, "Athens")

    assert choice() == choice()


def test_syracuse_11_2_with_both_ml_at_10_and_no_modifiers_nobody_surrenders():
    """Why games end with nobody winning (CLARIFICATIONS.md, "What decides the games"): a D10 never exceeds an ML
    of 10, so with no surrender modifier a side at 10 can only hold on or stay at 10."""
    for roll in range(1, 11):
        g = position({"L-10": ["A-H1", "A-N1"], "L-7": ["S-H1", "S-N1"]}, ml=(10, 10))
        g.dice.force(roll, roll)
        victory.victory_determination(g)
        assert not g.is_over() and g.state.ml == [10, 10] and g.state.surrender_checks == [1, 1]
    assert outlook((10, 10), (0, 0), (0, 0), (0, 0), 3, 9) == (0.0, 0.0)
    athens, syracuse = outlook((10, 10), (1, 0), (0, 0), (0, 0), 3, 9)  # Athens has a modifier: it may surrender
    assert athens == 0.0 and syracuse > 0.0


def test_syracuse_11_2_the_outlook_counts_the_checks_left_and_the_standing_gains():
    """The search bot's forecast of rule 11.2: none before turn 2, the lower ML checks, more turns mean more
    checks, and a side that gains ML every turn (5.1: the city open, the harbour held) soon stops checking."""
    assert outlook((7, 6), (0, 0), (0, 0), (0, 0), 1, 1) == (0.0, 0.0)  # turn 1: no check
    one = outlook((7, 6), (0, 0), (0, 0), (0, 0), 9, 9)
    assert one[1] == 0.0 and abs(one[0] - 0.4) < 1e-9  # Syracuse at 6 checks once: 7-10 surrender
    many = outlook((7, 6), (0, 0), (0, 0), (0, 0), 3, 9)
    assert many[0] > one[0]
    rising = outlook((7, 6), (0, 0), (0, 1), (0, 1), 3, 9)
    assert rising[0] < many[0]
