"""Diceless 4: struggles — the grid, chits against counters, several chits in an area, Void, Star, specials."""

import pytest
from diceless_helpers import FULL_CUP, all_chits, counters, play_turn, put, start

# chits put far away, where they cannot disturb the area a test looks at
ELSEWHERE_S = [("Coup", "syracuse"), ("Coup", "corcyra")]
ELSEWHERE_A = [("Coup", "byzantium"), ("Coup", "ionia")]


def _one_clash(sparta_chit, athens_chit, area="corinth", before=0):
    game = start()
    put(game, area, before)
    records = play_turn(game, [(sparta_chit, area), *ELSEWHERE_S[:1], ("Void", "elis")],
                        [(athens_chit, area), *ELSEWHERE_A[:1], ("Void", "euboea")], keep=("Influence", "Influence"))
    return game, [r for r in records if r["area"] == area]


@pytest.mark.parametrize(("sparta", "athens", "winner"), [
    ("Military", "Coup", "Sparta"), ("Coup", "Influence", "Sparta"), ("Influence", "Military", "Sparta"),
    ("Coup", "Military", "Athens"), ("Influence", "Coup", "Athens"), ("Military", "Influence", "Athens"),
])
def test_diceless_4_struggle_grid(sparta, athens, winner):
    game, records = _one_clash(sparta, athens)
    clash, step = records
    assert clash["kind"] == "clash" and clash["winner"] == winner
    assert step["kind"] == "step" and step["side"] == winner and step["effect"] == "added"
    assert counters(game, "corinth") == (1 if winner == "Sparta" else -1)


def test_diceless_4_struggle_military_beats_coup():
    game, records = _one_clash("Military", "Coup")
    assert records[0]["text"] == "Corinth: Sparta's Military Option beats Athens' Coup!."
    assert records[1]["text"] == ("Corinth: Sparta's Military Option adds a Spartan counter. "
                                  "Corinth is on Sparta's side now.")
    assert counters(game, "corinth") == 1


@pytest.mark.parametrize("kind", ["Military", "Influence", "Coup"])
def test_diceless_4_struggle_same_kind_both_retired(kind):
    game, records = _one_clash(kind, kind, before=-1)
    assert [r["kind"] for r in records] == ["clash"] and records[0]["winner"] is None
    assert counters(game, "corinth") == -1
    assert all_chits(game) == FULL_CUP


def test_diceless_4_one_chit_removes_one_counter_area_turns_neutral():
    game = start()
    put(game, "corinth", -1)
    records = play_turn(game, [("Coup", "corinth"), ("Void", "elis"), ("Coup", "syracuse")],
                        [("Void", "euboea"), ("Coup", "byzantium"), ("Coup", "ionia")])
    step = next(r for r in records if r["area"] == "corinth")
    assert step["effect"] == "removed" and step["counters"] == {"Sparta": 0, "Athens": 0}
    assert step["text"].endswith("takes away one Athenian counter. Corinth is neutral now.")
    assert counters(game, "corinth") == 0


def test_diceless_4_two_chits_turn_an_area():
    game = start()
    put(game, "corinth", -1)
    play_turn(game, [("Coup", "corinth"), ("Influence", "corinth"), ("Void", "elis")],
              [("Void", "euboea"), ("Coup", "byzantium"), ("Coup", "ionia")])
    assert counters(game, "corinth") == 1


def test_diceless_4_two_enemy_counters_one_chit_removes_only_one():
    game = start()
    put(game, "corinth", -2)
    play_turn(game, [("Coup", "corinth"), ("Void", "elis"), ("Coup", "syracuse")],
              [("Void", "euboea"), ("Coup", "byzantium"), ("Coup", "ionia")])
    assert counters(game, "corinth") == -1


def test_diceless_4_reinforce_own_area():
    game = start()
    play_turn(game, [("Influence", "arcadia"), ("Void", "elis"), ("Coup", "syracuse")],
              [("Void", "euboea"), ("Coup", "byzantium"), ("Coup", "ionia")])
    assert counters(game, "arcadia") == 2


def test_diceless_4_winner_stays_and_meets_next_chit():
    # Athens: Coup then Influence; Sparta: Military. Military beats Coup, then Influence beats Military.
    game = start()
    records = play_turn(game, [("Military", "corinth"), ("Void", "elis"), ("Coup", "syracuse")],
                        [("Coup", "corinth"), ("Influence", "corinth"), ("Void", "euboea")])
    at = [r for r in records if r["area"] == "corinth"]
    assert [(r["kind"], r.get("winner")) for r in at] == [("clash", "Sparta"), ("clash", "Athens"), ("step", None)]
    assert at[2]["side"] == "Athens" and counters(game, "corinth") == -1


def test_diceless_4_order_of_placement_matters():
    # the same chits, Athens' in the other order: Influence meets the Military first and survives it,
    # then Sparta has no chit left, so both Athenian chits act
    game = start()
    records = play_turn(game, [("Military", "corinth"), ("Void", "elis"), ("Coup", "syracuse")],
                        [("Influence", "corinth"), ("Coup", "corinth"), ("Void", "euboea")])
    at = [r for r in records if r["area"] == "corinth"]
    assert [(r["kind"], r.get("side")) for r in at] == [("clash", None), ("step", "Athens"), ("step", "Athens")]
    assert counters(game, "corinth") == -2


def test_diceless_4_void_does_nothing_and_blocks_nothing():
    game = start()
    put(game, "corinth", -1)
    records = play_turn(game, [("Coup", "corinth"), ("Void", "elis"), ("Coup", "syracuse")],
                        [("Void", "corinth"), ("Coup", "byzantium"), ("Coup", "ionia")])
    at = [r for r in records if r["area"] == "corinth"]
    assert [r["kind"] for r in at] == ["void", "step"]  # the Void is turned over and set aside first
    assert at[0]["text"] == "Corinth: Athens' Void — nothing happens."
    assert counters(game, "corinth") == 0


def test_diceless_4_star_beats_same_kind_and_keeps_one_half():
    game = start()
    records = play_turn(game, [("Star", "corinth", "Military"), ("Void", "elis"), ("Coup", "syracuse")],
                        [("Military", "corinth"), ("Void", "euboea"), ("Coup", "ionia")])
    at = [r for r in records if r["area"] == "corinth"]
    assert [r["kind"] for r in at] == ["clash", "step"]
    assert at[0]["winner"] is None and at[1]["chits"][0]["half"] == 2
    assert counters(game, "corinth") == 1


def test_diceless_4_star_loses_both_halves_to_beating_kind():
    game = start()
    records = play_turn(game, [("Star", "corinth", "Military"), ("Void", "elis"), ("Coup", "syracuse")],
                        [("Influence", "corinth"), ("Void", "euboea"), ("Coup", "ionia")])
    at = [r for r in records if r["area"] == "corinth"]
    assert [(r["kind"], r.get("winner"), r.get("side")) for r in at] == [
        ("clash", "Athens", None), ("clash", "Athens", None), ("step", None, "Athens")]
    assert counters(game, "corinth") == -1


def test_diceless_4_star_flips_single_counter_area():
    game = start()
    put(game, "corinth", -1)
    play_turn(game, [("Star", "corinth", "Coup"), ("Void", "elis"), ("Coup", "syracuse")],
              [("Void", "euboea"), ("Coup", "byzantium"), ("Coup", "ionia")])
    assert counters(game, "corinth") == 1


def test_diceless_4_star_clears_two_counters():
    game = start()
    put(game, "corinth", -2)
    play_turn(game, [("Star", "corinth", "Coup"), ("Void", "elis"), ("Coup", "syracuse")],
              [("Void", "euboea"), ("Coup", "byzantium"), ("Coup", "ionia")])
    assert counters(game, "corinth") == 0


def test_diceless_4_special_beats_ordinary_chit():
    game = start()
    records = play_turn(game, [("Military", "corinth"), ("Coup", "corinth"), ("Void", "elis")],
                        [("the_people", "corinth"), ("Void", "euboea"), ("Coup", "ionia")])
    at = [r for r in records if r["area"] == "corinth"]
    assert [(r["kind"], r.get("winner")) for r in at] == [("clash", "Athens"), ("clash", "Athens"), ("step", None)]
    assert counters(game, "corinth") == -1


def test_diceless_4_special_against_special_both_retired():
    game = start()
    records = play_turn(game, [("persian_gold", "corinth"), ("Void", "elis"), ("Coup", "syracuse")],
                        [("pericles", "corinth"), ("Void", "euboea"), ("Coup", "ionia")])
    at = [r for r in records if r["area"] == "corinth"]
    assert [(r["kind"], r.get("winner")) for r in at] == [("clash", None)]
    assert counters(game, "corinth") == 0
    assert sorted(game.state.specials_used) == ["pericles", "persian_gold"]


def test_diceless_4_special_played_by_the_enemy_stands_in_its_own_sides_line():
    # Sparta plays The People (Athens' chit) on Corinth beside its own Coup: Athens wins Corinth
    game = start()
    put(game, "corinth", 1)
    records = play_turn(game, [("the_people", "corinth"), ("Coup", "corinth"), ("Void", "elis")],
                        [("Void", "euboea"), ("Coup", "byzantium"), ("Coup", "ionia")])
    at = [r for r in records if r["area"] == "corinth"]
    assert at[0]["kind"] == "clash" and at[0]["winner"] == "Athens"
    assert at[0]["chits"][1] == {"side": "Sparta", "chit": "the_people", "name": "The People", "as": None,
                                 "favours": "Athens"}
    assert "played by Sparta, for Athens" in at[0]["text"]
    assert counters(game, "corinth") == 0  # The People threw out the Spartan counter


@pytest.mark.parametrize(("chit", "area", "before", "after"), [
    ("persian_gold", "corinth", 0, 2), ("persian_gold", "corinth", -2, 0),
    ("the_few", "corinth", -2, 0), ("the_few", "corinth", 0, 1), ("the_few", "corinth", 1, 2),
    ("oracle", "corinth", 0, 1),
])
def test_diceless_4_special_effects_for_sparta(chit, area, before, after):
    game = start()
    put(game, area, before)
    play_turn(game, [(chit, area), ("Void", "elis"), ("Coup", "syracuse")],
              [("Void", "euboea"), ("Coup", "byzantium"), ("Coup", "ionia")])
    assert counters(game, area) == after


def test_diceless_4_special_oracle_also_steps_at_delphi():
    game = start()
    put(game, "delphi", -1)
    records = play_turn(game, [("oracle", "corinth"), ("Void", "elis"), ("Coup", "syracuse")],
                        [("Void", "euboea"), ("Coup", "byzantium"), ("Coup", "ionia")])
    assert counters(game, "corinth") == 1 and counters(game, "delphi") == 0
    delphi = next(r for r in records if r["area"] == "delphi")
    assert delphi.get("delphi") is True and delphi["text"].startswith("Delphi: the Oracle of Delphi also takes away")


@pytest.mark.parametrize(("chit", "area", "before", "after"), [
    ("pericles", "megara", 0, -2), ("pericles", "boeotia", 2, -1), ("pericles", "boeotia", 1, -2),
    ("pericles", "corcyra", 1, -1), ("pericles", "corcyra", 0, -2),
    ("the_people", "corinth", 2, 0), ("the_people", "corinth", 0, -1),
    ("alcibiades", "corinth", 1, -2), ("alcibiades", "corinth", 2, -1), ("alcibiades", "corinth", 0, -2),
])
def test_diceless_4_special_effects_for_athens(chit, area, before, after):
    game = start(toss=2)
    put(game, area, before)
    play_turn(game, [("Void", "elis"), ("Coup", "syracuse"), ("Coup", "corcyra" if area != "corcyra" else "ionia")],
              [(chit, area), ("Void", "euboea"), ("Coup", "byzantium")])
    assert counters(game, area) == after


def test_diceless_4_areas_settled_in_order_of_first_chit():
    game = start(toss=2)
    records = play_turn(game, [("Coup", "syracuse"), ("Coup", "corinth"), ("Void", "elis")],
                        [("Coup", "ionia"), ("Military", "corinth"), ("Void", "euboea")])
    areas = []
    for r in records:
        if r["area"] not in areas:
            areas.append(r["area"])
    assert areas == ["ionia", "syracuse", "corinth", "euboea", "elis"]


def test_diceless_4_chits_return_to_cup_specials_set_aside():
    game = start()
    play_turn(game, [("persian_gold", "corinth"), ("Military", "corinth"), ("Void", "elis")],
              [("Coup", "corinth"), ("Influence", "corinth"), ("Void", "euboea")])
    s = game.state
    assert s.placed == [] and s.specials_used == ["persian_gold"]
    assert all_chits(game) == FULL_CUP
    assert game.observation(None)["cup_count"] == len(s.cup) == 22 - 1 - 8  # Persian Gold gone, 8 in hands


def test_diceless_4_struggle_records_for_the_panel():
    game = start()
    records = play_turn(game, [("Military", "corinth"), ("Void", "elis"), ("Coup", "syracuse")],
                        [("Coup", "corinth"), ("Void", "euboea"), ("Coup", "ionia")])
    for r in records:
        assert {"area", "kind", "chits", "counters", "text", "rule"} <= set(r)
        assert r["rule"] == "Diceless 4" and r["text"]
        assert r["kind"] in ("void", "clash", "step")
    assert game.observation("Athens")["struggles"] == records


def test_diceless_4_every_chit_acts_only_in_its_own_turn():
    game = start()
    play_turn(game, [("Military", "corinth"), ("Void", "elis"), ("Coup", "syracuse")],
              [("Coup", "corinth"), ("Void", "euboea"), ("Coup", "ionia")])
    assert game.turn == 2 and game.state.placed == [] and game.observation(None)["chits_on_map"] == {}
    game.apply(game.legal_actions()[0])
    assert len(game.state.placed) == 1
