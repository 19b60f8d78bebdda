"""The Sfacteria exercises: right answers (worked out from the engine) are accepted in the forms a student
writes them, wrong ones are refused with feedback that never gives the answer away, and the lesson
helpers behave as the notebooks say."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from peloponnesos import new_game
from peloponnesos.exercises import Feedback
from peloponnesos.exercises.sfacteria import (
    EXERCISES,
    HELOT_DICE,
    STRATAGEM_3,
    end_turn,
    fresh_exercises,
    siege,
)
from peloponnesos.games.sfacteria import odds_column

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "exercises" / "sfacteria_exercises.ipynb"


@pytest.fixture
def ex():
    return fresh_exercises()


# ------------------------------------------------------------------------------------------------------
# the right answers, worked out from the engine in a second way
# ------------------------------------------------------------------------------------------------------
def engine_answer_1() -> int:
    game = EXERCISES["1"].position()
    while not game.is_over():
        turn = game.turn
        end_turn(game)
        if "SH1" in game.observation(None)["eliminated"]:
            return turn
    raise AssertionError("no capitulation")


def engine_answer_2() -> str:
    obs = EXERCISES["2"].position().observation(None)
    pf = {"Athens": 0, "Sparta": 0}
    for u in obs["units"]:
        if u["zone"] == "T8":
            pf[u["side"]] += u["pf"]
    return odds_column(pf["Athens"], pf["Sparta"])


def engine_answer_5() -> int:
    game = EXERCISES["5"].position()
    game.start_end_phase(turn=game.turn)
    game.dice.force(*HELOT_DICE)
    game.apply("Helot run with SH6 from T11")
    game.apply("Helot run with SH7 from T12")
    return game.observation(None)["supply"]["Sparta"]["level"]


def test_the_answers_come_from_the_engine():
    assert EXERCISES["1"].answer() == engine_answer_1()
    assert EXERCISES["2"].answer() == engine_answer_2()
    assert EXERCISES["3"].answer() == tuple(new_game("sfacteria", seed=1).stratagems.face(STRATAGEM_3).passages)
    assert EXERCISES["4"].answer() == frozenset(new_game("sfacteria", seed=1).supply_forecast()["Athens"]["lifelines"])
    assert EXERCISES["5"].answer() == engine_answer_5()


# ------------------------------------------------------------------------------------------------------
# right answers, in the forms students write them
# ------------------------------------------------------------------------------------------------------
def right_forms(number: str) -> list:
    right = EXERCISES[number].answer()
    if number in ("1", "5"):
        return [right, str(right), f" {right} ", float(right)]
    if number == "2":
        a, d = right.split(":")
        return [right, f"{a} : {d}", f"{a}-{d}", f"{a} to {d}", f"{a}/{d}"]
    if number == "3":
        first = right[0]
        chapter = ".".join(first.split(".")[:2])
        return [*right, chapter, f"Thuc. {first}", f"{chapter}.1-{first.split('.')[-1]}"]
    if number == "4":
        zones = sorted(right)
        return [" and ".join(zones), ", ".join(reversed(zones)), zones, set(zones), tuple(z.lower() for z in zones)]
    raise AssertionError(number)


@pytest.mark.parametrize("number", ["1", "2", "3", "4", "5"])
def test_right_answers_are_accepted(ex, number):
    for answer in right_forms(number):
        feedback = ex[number].check(answer)
        assert isinstance(feedback, Feedback)
        assert feedback.correct, (number, answer, feedback.message)
        assert "Right" in feedback._repr_html_()


# ------------------------------------------------------------------------------------------------------
# wrong answers: refused, with hints that never give the answer away
# ------------------------------------------------------------------------------------------------------
def wrong_answers(number: str) -> list:
    right = EXERCISES[number].answer()
    if number == "1":
        return [w for w in (right - 1, right + 1, 1, 9, right - 2, right + 2) if w != right]
    if number == "5":
        return [w for w in (right + 1, right + 2, right - 1, 7, 0, 3) if w != right]
    if number == "2":
        return [c for c in ("1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "4:3", "12:9") if c != right]
    if number == "3":
        return ["4.26.8", "4.39.1", "4.30-4.40", "4", "1.22.1", "4.38.5"]
    if number == "4":
        return ["N8 and N9", "T6", "N7", "N8", "N4 N7 N8", ["N4", "N8"], "N1, N2"]
    raise AssertionError(number)


def gives_away(number: str, message: str) -> bool:
    right = EXERCISES[number].answer()
    if number in ("1", "5"):  # the number on its own, not inside a rule number such as 7.1 or a zone such as T11
        return re.search(rf"(?<![\w.]){right}(?![\w.])", message) is not None
    if number == "2":
        return right in message
    if number == "3":
        chapters = {".".join(r.split(".")[:2]) for r in right}
        return any(c in message for c in chapters) or any(r in message for r in right)
    if number == "4":
        return any(re.search(rf"\b{z}\b", message) for z in right)
    raise AssertionError(number)


@pytest.mark.parametrize("number", ["1", "2", "3", "4", "5"])
def test_wrong_answers_are_refused_without_giving_the_answer(ex, number):
    messages = []
    for answer in wrong_answers(number):
        feedback = ex[number].check(answer)
        assert not feedback.correct, (number, answer)
        assert "Not yet" in feedback._repr_html_()
        assert not gives_away(number, feedback.message), (number, answer, feedback.message)
        messages.append(feedback.message)
    # every hint is reached, none gives the answer away, and each is shown at most after the previous one
    for hint in ex[number].hints:
        assert not gives_away(number, hint), (number, hint)
    assert any(ex[number].hints[-1] in m for m in messages)
    assert ex[number].hints[0] in messages[0]


@pytest.mark.parametrize("number", ["1", "2", "3", "4", "5"])
def test_hints_grow_one_per_try(ex, number):
    wrong = wrong_answers(number)[0]
    seen = [ex[number].check(wrong).message for _ in ex[number].hints]
    for message, hint in zip(seen, ex[number].hints, strict=True):
        assert hint in message


@pytest.mark.parametrize("number", ["1", "2", "3", "4", "5"])
def test_no_answer_yet_is_not_an_attempt(ex, number):
    feedback = ex[number].check(None)
    assert not feedback.correct and "None" in feedback.message
    assert ex[number].attempts == 0
    assert not gives_away(number, feedback.message)


@pytest.mark.parametrize("number, garbage", [("1", "four"), ("1", True), ("2", 2), ("2", "one to one"),
                                             ("3", "banana"), ("3", 4.39), ("4", 7), ("4", "the straits"),
                                             ("5", ["one"]), ("5", "x")])
def test_unreadable_answers_are_explained_not_crashed(ex, number, garbage):
    feedback = ex[number].check(garbage)
    assert not feedback.correct
    assert "could not read" in feedback.message
    assert not gives_away(number, feedback.message)


def test_feedback_html_escapes_what_the_student_typed(ex):
    html = ex["2"].check("<b>9:9</b>")._repr_html_()
    assert "<b>9:9" not in html


def test_every_exercise_cites_a_rule_and_shows_its_question():
    for number, exercise in EXERCISES.items():
        assert exercise.id == number and exercise.rule.startswith("Sfacteria")
        assert len(exercise.hints) >= 3
        html = exercise._repr_html_()
        assert html.startswith('<div class="pelo-exercise"') and f"<strong>{number}.</strong>" in html


def test_the_positions_match_the_questions():
    p1 = EXERCISES["1"].position()
    f1 = p1.supply_forecast()["Sparta"]
    assert p1.turn == 2 and f1["marker"] == 3 and f1["cut_off"] and not f1["helots_ready"]
    p5 = EXERCISES["5"].position()
    f5 = p5.supply_forecast()["Sparta"]
    assert p5.turn == 3 and f5["marker"] == 1 and f5["cut_off"] and f5["helots_ready"] == ["SH6", "SH7"]


# ------------------------------------------------------------------------------------------------------
# the notebook never holds an answer
# ------------------------------------------------------------------------------------------------------
def test_the_exercise_notebook_writes_no_answer_and_has_no_outputs():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert not any(c.get("outputs") for c in nb["cells"])
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    for number in EXERCISES:
        assert re.search(rf"^answer_{number} = None\b", code, re.MULTILINE)
        assert f'EXERCISES["{number}"].check(answer_{number})' in code
    assert ".answer()" not in code
    assert EXERCISES["2"].answer() not in code
    assert not any(r in code for r in EXERCISES["3"].answer())


# ------------------------------------------------------------------------------------------------------
# the lesson helpers
# ------------------------------------------------------------------------------------------------------
def test_end_turn_with_a_forced_helot_run_follows_rule_7():
    game = new_game("sfacteria", seed=3, scenario="blockade")
    game.dice.force(4)
    events = end_turn(game, helot_runs=1)
    runs = [e for e in events if e.kind == "helot_run"]
    assert [(e.data["unit"], e.data["success"], e.data["supply"]) for e in runs] == [("SH6", True, 3)]
    assert game.observation(None)["supply"]["Sparta"]["level"] == 2
    assert game.turn == 5 and game.phase != "E"


def test_end_turn_jumps_to_the_end_of_the_turn_and_can_play_a_stratagem():
    game = new_game("sfacteria", seed=3, scenario="blockade")
    end_turn(game)
    assert game.observation(None)["supply"]["Sparta"]["level"] == 1
    game.give_stratagems("Sparta", [6])
    events = end_turn(game, play=[16])
    assert any(e.kind == "stratagem" and "16" in e.text for e in events)
    assert game.observation(None)["supply"]["Athens"]["level"] == 2


def test_siege_more_helots_hold_out_longer():
    def mean(runs):
        return sum(siege(seed=500 * runs + i, helot_runs=runs)["checks_survived"] for i in range(40)) / 40

    without = [siege(seed=i, helot_runs=0) for i in range(5)]
    assert {s["capitulated_in_turn"] for s in without} == {5} and {s["checks_survived"] for s in without} == {1}
    assert mean(0) < mean(1) < mean(2)
