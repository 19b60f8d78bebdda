"""Exercises on Brian Mountford's *Peloponnesian War* (ages 14–18).

>>> from peloponnesos.exercises.mountford import EXERCISES
>>> EXERCISES["1"].check(None).correct
False

* **1, 2, 6, 7** — judgements about sources (which passage the map's sides rest on; which source to trust for
  what; which passage a rule models; what the model leaves out), checked with explanations and hints; their
  answers are sealed from the teacher's key (:mod:`.judgement`).
* **3, 4, 5** — exact odds from lesson 05 (an Athenian fleet sailing to Cythera, Phormio off Naupactus, the
  siege of Plataea): a chance, written as a fraction ("1/6", "1 in 6") or a decimal. The engine works out the right
  value when ``check`` runs, from the position the question states; no function here returns it, and
  ``answer()`` names the teacher's key (``lesson_plans/exercises_mountford.md``).

The map, the tables and the frame (rules 10.x) are *reconstructed*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .base import Exercise
from .judgement import judgements

__all__ = ["EXERCISES", "fresh_exercises", "read_chance"]

KEY = "lesson_plans/exercises_mountford.md"
TOLERANCE = 0.006  # a decimal within this of the exact chance is right ("0.17" for 1/6)


@dataclass
class OddsExercise(Exercise):
    """An exercise whose answer is a chance the engine works out when ``check`` runs."""

    def answer(self) -> Any:
        raise PermissionError(f"The answer key is for the teacher: {KEY}. check() tells you whether your answer is "
                              "right, and gives a hint if it is not.")


# -- reading a chance -------------------------------------------------------------------------------------
FRACTION = re.compile(r"^\s*(\d+)\s*(?:/|in|out of)\s*(\d+)\s*$", re.IGNORECASE)
PERCENT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*$")


def read_chance(answer: Any) -> Fraction | float:
    """A chance as a student writes it: ``Fraction(1, 6)``, ``"1/6"``, ``"1 in 6"``, ``0.167``, ``"17%"``."""
    if isinstance(answer, bool):
        raise ValueError("give a chance as a fraction in quotes, like \"1/6\", not True or False")
    if isinstance(answer, Fraction):
        value: Fraction | float = answer
    elif isinstance(answer, int):
        value = Fraction(answer)
    elif isinstance(answer, float):
        value = answer
    elif isinstance(answer, str):
        m = FRACTION.match(answer)
        p = PERCENT.match(answer)
        if m:
            if int(m.group(2)) == 0:
                raise ValueError("a fraction cannot have 0 below the line")
            value = Fraction(int(m.group(1)), int(m.group(2)))
        elif p:
            value = float(p.group(1)) / 100
        else:
            try:
                value = float(answer)
            except ValueError:
                raise ValueError(f"write the chance as a fraction in quotes, like \"1/6\" or \"1 in 6\", not "
                                 f"{answer!r}") from None
    else:
        raise ValueError(f"write the chance as a fraction in quotes, like \"1/6\", not a {type(answer).__name__}")
    if not 0 <= value <= 1:
        raise ValueError(f"a chance is between 0 and 1 (or 0% and 100%), not {answer!r}")
    return value


def _same(given: Fraction | float, exact: Fraction) -> bool:
    if isinstance(given, Fraction):
        return given == exact
    return abs(given - float(exact)) <= TOLERANCE


# -- the positions the questions state ----------------------------------------------------------------------
def position_3():
    """431 BC, the opening: Sparta to act, every force where the scenario puts it."""
    from .. import new_game

    return new_game("mountford", seed=1)


def _judge_3(answer: Any) -> tuple[bool, str]:
    game = position_3()
    plan = game.plan_routes("athens", "piraeus", "cythera", naval=10)[0]
    exact = plan["p_intact"]
    given = read_chance(answer)
    if _same(given, exact):
        return True, ("Two spaces where the Spartan ships of Gythium can try, one after the other: the chances of "
                      "getting through multiply. A fleet that carries no troops fears only fleets.")
    steps = [s for s in plan["steps"] if s["interception"]]
    through = [1 - s["interception"][0]["chance"] for s in steps]
    tries = [s["interception"][0]["chance"] for s in steps]
    if any(_same(given, p) for p in through):
        return False, "That is the chance of getting through one space only. Where else may the Spartans try?"
    if _same(given, 1 - exact):
        return False, "That is the chance that the fleet IS intercepted somewhere. The question asks the opposite."
    if any(_same(given, p) for p in tries) or _same(given, tries[0] * tries[-1]):
        return False, "Those are chances of an interception, not of getting through."
    return False, "Follow the route space by space: whose ships can reach each space, and what do they need to roll?"


def _phormio():
    from .. import new_game
    from ..games.mountford.odds import Side, naval_battle_odds
    from ..games.mountford.tables import load_tables

    leader = new_game("mountford", seed=1).leaders["Phormio"]
    tables = load_tables()
    skill = tables.naval["skill"].get("athens", 0)
    return naval_battle_odds(tables, Side(naval=1, rating=leader.battle, bravery=leader.bravery, skill=skill),
                             Side(naval=2))


def _judge_4(answer: Any) -> tuple[bool, str]:
    dist = _phormio()
    exact = dist.probability(lambda o: o.winner == 0)
    given = read_chance(answer)
    if _same(given, exact):
        return True, ("Outnumbered two to one, yet his rating and the Athenian crews' skill outweigh the numbers — "
                      "and a tie goes to the side with the better leader (Mountford 5.1).")
    if _same(given, dist.probability(lambda o: o.winner == 1)):
        return False, "That is the Peloponnesians' chance. Whose chance does the question ask?"
    if _same(given, Fraction(1, 2)) or _same(given, Fraction(15, 36)):
        return False, "Did you add every modifier? Numbers, the leader's rating, seamanship — and who wins a tie?"
    return False, "List each side's modifiers first, then count the pairs of dice (36 of them) Phormio wins."


def _judge_5(answer: Any) -> tuple[bool, str]:
    game = position_3()
    dist = game.preview_siege("plataea", "sparta", 7)
    exact = dist.probability(lambda o: o[1] is not None and o[0] <= 2)
    given = read_chance(answer)
    if _same(given, exact):
        return True, ("Three points are needed and one die gives at most two: the city can never fall at the first "
                      "attempt, and falls at the second only with good dice. Plataea held out for two years.")
    if _same(given, dist.probability(lambda o: o[1] is not None and o[0] <= 1)):
        return False, "Can one attempt ever give three points? Look at the most a single die gives."
    if _same(given, Fraction(1, 36)):
        return False, "Two sixes work, but are they the only way to reach three points in two attempts?"
    return False, "Write the points each die face gives, then count the pairs of faces that make three or more."


QUESTIONS = {
    "3": dict(question="The war begins (431 BC, the opening position). An Athenian fleet of 10 naval SPs, carrying no "
                       "troops, sails from Piraeus to the island of Cythera by the shortest route. What is the exact "
                       "chance that it is not intercepted anywhere on the way? Write it as a fraction, like \"1/4\".",
              judge=_judge_3, rule="Mountford 4.6", passages=("2.23.2", "4.53.1"),
              hints=("Use game.plan_routes(...) or the route planner: which spaces show an interception chance?",
                     "Only ships can intercept a fleet with no troops (4.6). In each of those spaces, what is the "
                     "chance the Spartans' roll fails?",
                     "The fleet must get through every one of them: combine the chances of getting through.")),
    "4": dict(question="Off Naupactus (429 BC) Phormio's twenty Athenian ships beat forty-seven. In the game: 1 naval "
                       "SP with Phormio (and Athenian seamanship) against 2 Peloponnesian naval SPs with no leader. "
                       "What is the exact chance that Phormio's side wins?",
              judge=_judge_4, rule="Mountford 5.1", passages=("2.83.3", "2.84.3", "2.89.1"),
              hints=("rule_card(\"mountford\", \"5.1\"): which modifiers does each side add to its die?",
                     "Phormio's battle rating is on his counter (game.leaders[\"Phormio\"]); seamanship is "
                     "in the tables. The Peloponnesians have at least twice as many SPs.",
                     "Count the pairs of dice (x, y) where x plus Athens' total is at least y plus theirs: "
                     "a tie goes to the better leader.")),
    "5": dict(question="Archidamus besieges Plataea with 7 SPs (Athenian garrison, no defenders). What is the exact "
                       "chance that it falls within the first two siege attempts (two operations)?",
              judge=_judge_5, rule="Mountford 5.8", passages=("2.75.1", "2.78.1", "3.52.1"),
              hints=("How many siege points does a city-state need, and how many does each die face give?",
                     "One attempt can never be enough: how many points do the best two attempts give?",
                     "List the pairs of faces whose points add up to three or more, out of 36.")),
}


def fresh_exercises() -> dict[str, Exercise]:
    """A new set with the attempt counters at zero (each student's notebook, or each test)."""
    out: dict[str, Exercise] = dict(judgements("mountford"))
    for number, spec in QUESTIONS.items():
        out[number] = OddsExercise(id=number, **spec,
                                   well_done="Exact, from the dice themselves: no need to play a thousand games.")
    return dict(sorted(out.items(), key=lambda item: int(item[0])))


EXERCISES: dict[str, Exercise] = fresh_exercises()
