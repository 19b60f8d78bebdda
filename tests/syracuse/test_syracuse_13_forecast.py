"""Rules 8.3.1–8.3.4 forecast (``battle/forecast.py``): the exact odds of every attack the phasing side may make now
on the battle board, as the board draws them beside its lines — the same distributions as ``battle.odds``, read-only,
nothing before a fire or assault phase."""

from __future__ import annotations

from fractions import Fraction

from syracuse_helpers import arrange, battle

from peloponnesos.games.syracuse.battle import odds
from peloponnesos.games.syracuse.battle.forecast import next_attacks


def test_syracuse_8_3_1_the_fire_forecast_is_the_exact_odds_of_each_legal_shot():
    g = battle({"Athens": ["A-AR1"], "Syracuse": ["S-H1"]})
    arrange(g, {"A-AR1": "D5N", "S-H1": "D7S"}, phase="fire", side="Athens")
    before = g.digest()
    found = next_attacks(g)
    assert g.digest() == before
    shots = [a for a in found if a["kind"] == "fire"]
    assert shots and shots[0]["action"] == "A-AR1 fires at D7" and shots[0]["origin"] == "D5"
    dist = odds.fire_odds(g, "A-AR1", "D7")
    assert {o: Fraction(p) for o, p, _ in shots[0]["outcomes"]} == dict(dist)
    assert abs(sum(x for _, _, x in shots[0]["outcomes"]) - 1) < 1e-9
    assert shots[0]["hit"] == float(1 - dist["miss"])


def test_syracuse_8_3_2_the_assault_forecast_names_who_joins_the_totals_and_the_column():
    g = battle({"Athens": ["A-H1", "A-H2"], "Syracuse": ["S-H1"]})
    arrange(g, {"A-H1": "D5N", "A-H2": "C6E", "S-H1": "D6S"}, phase="assault", side="Athens")
    attack = next(a for a in next_attacks(g) if a["kind"] == "assault")
    assert attack["square"] == "D6" and set(attack["attackers"]) == {"A-H1", "A-H2"}
    assert (attack["attack"], attack["defence"]) == (10, 5)
    assert attack["column"] in g.tables.columns and attack["shift"] >= 1  # from two sides (8.3.2)
    assert {o: Fraction(p) for o, p, _ in attack["outcomes"]} == dict(odds.assault_odds(g, "D6"))


def test_syracuse_6_5_nothing_to_forecast_while_units_set_up_or_move():
    g = battle({"Athens": ["A-H1"], "Syracuse": ["S-H1"]}, deploy=False)
    assert g.state.battle["phase"] == "deploy" and next_attacks(g) == []
    g = battle({"Athens": ["A-H1"], "Syracuse": ["S-H1"]})
    assert g.state.battle["phase"] == "move" and next_attacks(g) == []
