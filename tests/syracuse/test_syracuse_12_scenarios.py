"""Prepared positions for a single lesson (option ``scenario``, ``scenarios.py`` and ``data/scenarios.toml``,
*reconstructed* from Thucydides): Gylippus' arrival on the map, three pitched battles set up on the battle board.
Each starts where the data says, plays by the rules, replays from a save, and a bad name is refused in words."""

from __future__ import annotations

import pytest

from peloponnesos import load_game, new_game
from peloponnesos.core import OptionError
from peloponnesos.core.registry import bots_for
from peloponnesos.games.syracuse import scenarios

BATTLES = [name for name, s in scenarios.scenarios().items() if "battle" in s]


def where(g, piece):
    kind, i = g.counters.piece(piece)
    a = g.state.loc[i] if kind == "unit" else g.state.lloc[i]
    return g.aid(a) if a >= 0 else {-1: "OFF", -2: "POOL", -3: "ELIM"}[a]


def play_out(g, seed=1, limit=4000):
    bots = {p: bots_for("syracuse")["heuristic"](seed=seed + i) for i, p in enumerate(g.players)}
    for _ in range(limit):
        if g.is_over():
            return
        p = g.current_player()
        g.apply(bots[p].choose(g, p))
    raise AssertionError("the prepared game did not end")


def test_syracuse_12_gylippus_arrives_the_position_of_summer_414():
    g = new_game("syracuse", seed=1, scenario="gylippus")
    st = g.state
    assert st.turn == 4 and g.last_turn == 4 and g.observation(None)["season"] == "Summer 414"
    assert g.aid(st.fort) == "H-5" and st.fort_built  # the Circle at Syke (6.98.2, rule 10.3)
    walls = {g.aid(a): tuple(w) for a, w in enumerate(st.walls) if w != [0, 0]}
    assert walls == {"H-2": (1, 0), "H-6": (1, 0), "L-20": (1, 0), "B-1": (1, 0), "L-8": (0, 1)}
    assert where(g, "Lamachus") == "ELIM" and where(g, "Nicias") == "H-5"  # killed by the marsh, 6.101.6
    assert where(g, "Gylippus") == "POOL" and g.observation(None)["reinforcements"]["w1"]["ready"]  # 7.1–7.2
    assert any(e.kind == "scenario" for e in g.log) and g.observation(None)["ml"] == {"Athens": 7, "Syracuse": 6}
    assert g.current_player() in g.players and g.state.phase == "operations"


def test_syracuse_12_the_gylippus_scenario_ends_after_its_turn():
    g = new_game("syracuse", seed=2, scenario="gylippus")
    play_out(g)
    assert g.state.turn == 4 and g.result().level in ("draw", "surrender", "automatic")


def test_syracuse_12_a_teacher_may_give_the_lesson_more_turns():
    assert new_game("syracuse", seed=1, scenario="gylippus", last_turn=6).last_turn == 6


@pytest.mark.parametrize("name", BATTLES)
def test_syracuse_8_1_a_prepared_battle_opens_with_the_defender_setting_up_and_its_winner_wins(name):
    spec = scenarios.scenarios()[name]["battle"]
    g = new_game("syracuse", seed=3, scenario=name)
    b = g.state.battle
    assert b is not None and b["phase"] == "deploy" and g.aid(b["area"]) == spec["area"]
    assert g.players[b["attacker"]] == spec["attacker"] and b["night"] == spec["night"]
    assert g.current_player() != spec["attacker"]  # the defender sets up first (rule 8.1)
    play_out(g)
    combat = g.state.last_combat
    assert combat["kind"] == "pitched battle" and g.result().level == "battle"
    assert g.result().winner == combat["winner"]


def test_syracuse_8_3_3_the_harbour_battle_puts_the_men_aboard_their_ships():
    g = new_game("syracuse", seed=1, scenario="battle_harbour")
    st = g.state
    assert g.state.battle["naval"]
    assert st.aboard[g.unit_named("A-H1")] == g.unit_named("A-N1")
    assert st.laboard[g.counters.leader_index["Ariston"]] == g.unit_named("S-N1")  # rule 10.4.4


@pytest.mark.parametrize("name", ["gylippus", "battle_epipolae"])
def test_syracuse_12_a_prepared_game_saved_midway_loads_back_exactly(name):
    g = new_game("syracuse", seed=5, scenario=name)
    bots = {p: bots_for("syracuse")["heuristic"](seed=i) for i, p in enumerate(g.players)}
    for _ in range(25):
        if g.is_over():
            break
        p = g.current_player()
        g.apply(bots[p].choose(g, p))
    again = load_game(g.to_json())
    assert again.digest() == g.digest() and again.options["scenario"] == name


def test_syracuse_12_an_unknown_scenario_is_refused_in_plain_words():
    with pytest.raises(OptionError) as e:
        new_game("syracuse", scenario="marathon")
    assert "gylippus" in str(e.value) and "prepared position" in str(e.value)


def test_syracuse_12_the_start_screen_lists_the_campaign_first_then_every_scenario():
    choices = scenarios.choices()
    assert choices[0][1] is None and [n for _, n in choices[1:]] == list(scenarios.names())
    assert all(title for title, _ in choices)


def test_syracuse_10_1_the_sicel_drawn_for_the_prepared_position_is_drawn_in_secret():
    g = new_game("syracuse", seed=1, scenario="gylippus")
    draws = [e for e in g.log if e.kind == "draw" and "prepared position" in e.text]
    assert draws and all(e.private_to == "Athens" for e in draws)
