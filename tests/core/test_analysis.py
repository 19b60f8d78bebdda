import peloponnesos as pp
from peloponnesos.analysis import events, run_games, win_rates


def test_run_games_tabulates_results_and_is_reproducible():
    a = run_games("duel", n=30, seed=3)
    b = run_games("duel", n=30, seed=3)
    assert len(a) == 30 and a.equals(b)
    assert set(a["winner"]) <= {"Argos", "Sparta", "draw"}
    assert {"score_Argos", "score_Sparta", "actions", "turns"} <= set(a.columns)
    shares = win_rates(a)
    assert abs(shares.sum() - 1) < 1e-9


def test_run_games_keeps_logs_and_records_custom_columns():
    table, games = run_games("duel", n=5, seed=1, keep_logs=True,
                             record=lambda g: {"strikes": len(g.log.of_kind("strike"))})
    assert len(games) == 5 and list(table["strikes"]) == [len(g.log.of_kind("strike")) for g in games]
    log = events(games)
    assert set(log["game"]) == set(range(5))


def test_run_games_with_given_bots():
    table = run_games("duel", n=3, bots={"Argos": pp.RandomBot, "Sparta": pp.RandomBot})
    assert len(table) == 3
