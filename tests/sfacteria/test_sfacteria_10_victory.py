"""Rule 10: victory — total victory at the end of turn 7, marginal victory by victory points."""

from __future__ import annotations

from sfacteria_helpers import position

from peloponnesos.games.sfacteria import SfacteriaGame
from peloponnesos.games.sfacteria.victory import victory_points


def test_sfacteria_10_1_athens_wins_totally_with_hoplites_in_t6_t7_and_t10_messenians_count():
    g = position({"T6": ["AH1"], "T7": ["AH2"], "T10": ["AH3"], "T8": ["SH1"]})
    g.start_end_phase(turn=7)
    r = g.result()
    assert (r.winner, r.level) == ("Athens", "total")


def test_sfacteria_10_1_spartan_total_victory_needs_spartans_not_helots():
    g = position({"T6": ["SH10"], "T7": ["SH4"], "T10": ["SH5"], "N7": ["AT2"]})
    g.start_end_phase(turn=7, initiative="Sparta")
    assert g.result().level != "total"
    g = position({"T6": ["SH10"], "T7": ["SH4"], "T10": ["SH3"], "N7": ["AT2"]})
    g.start_end_phase(turn=7, initiative="Sparta")
    assert (g.result().winner, g.result().level) == ("Sparta", "total")


def test_sfacteria_10_2_victory_points_decide_otherwise():
    g = position({"T6": ["AH1"], "T8": ["SH1"], "N8": ["AT1"]})
    g.place("SH2", "ELIM")
    (athens, sparta), lines = victory_points(g)
    assert dict(lines[0]) == {"holds Pylos (T6)": 5, "SH2 eliminated (hoplites)": 3, "holds N8": 1,
                              "supply marker 3": 3}
    assert dict(lines[1]) == {"holds T8": 2, "supply marker 3": 3}
    assert (athens, sparta) == (12, 5)
    g.start_end_phase(turn=7)
    assert (g.result().winner, g.result().level) == ("Athens", "marginal")
    assert g.result().scores == {"Athens": 12, "Sparta": 5}


def test_sfacteria_10_2_equal_points_are_a_draw():
    g = position({"T6": ["AH1"], "N8": ["AT1"], "T7": ["SH4"], "T8": ["SH1"], "T9": ["SH2"]})
    assert victory_points(g)[0] == [9, 9]
    g.start_end_phase(turn=7)
    r = g.result()
    assert r.winner is None and r.level == "draw"
    assert g.is_over() and g.current_player() is None and g.legal_actions() == []


def test_sfacteria_10_2_published_tables_are_not_kept_alive_by_the_victory_count():
    """A long lesson that starts many games with published tables must not keep every tables object."""
    import gc
    import weakref

    from peloponnesos.games.sfacteria import victory
    from peloponnesos.games.sfacteria.tables import load_tables

    data = load_tables().data
    refs = []
    for _ in range(3 * victory.PREPARED_LIMIT):
        game = SfacteriaGame(seed=1, tables={**data})
        victory.victory_points(game)
        refs.append(weakref.ref(game.tables))
        del game
    gc.collect()
    assert len(victory._PREPARED) <= victory.PREPARED_LIMIT
    assert sum(r() is not None for r in refs) <= victory.PREPARED_LIMIT
