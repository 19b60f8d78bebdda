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


def test_odds_table_lists_exact_outcomes_most_likely_first():
    from peloponnesos.analysis import odds_table
    from peloponnesos.core.odds import combine, die
    from peloponnesos.games.mountford import odds
    from peloponnesos.games.mountford.tables import load_tables

    table = odds_table(combine(lambda a, b: a + b, die(), die()), name="total")
    assert list(table.columns) == ["total", "probability", "exact"]
    assert table.iloc[0]["total"] == 7 and table.iloc[0]["exact"] == "1/6"
    battle = odds_table(odds.naval_battle_odds(load_tables(), odds.Side(naval=4), odds.Side(naval=3)))
    assert {"winner", "lost_a", "lost_b", "probability"} <= set(battle.columns)
    assert abs(battle["probability"].sum() - 1) < 1e-9
