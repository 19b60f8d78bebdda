"""Exercises on *The Siege of Syracuse*: judgements about sources (ages 14–18).

>>> from peloponnesos.exercises.syracuse import EXERCISES
>>> EXERCISES["1"].check(None).correct
False

* **1, 2** — judgements about sources (which passage the supply rule rests on; what the surrender rule leaves out),
  checked with explanations and hints; the answers are kept in the teacher's key only (see :mod:`.judgement`).
* **3, 4** — the race of the walls on Epipolae (lesson 06): the exact chance that a siege wall is completed
  (rule 10.2.1), from the position the question states. The engine works it out when ``check`` runs; ``answer()``
  names the teacher's key (``lesson_plans/exercises_syracuse.md``).

The area map, counter values and tables are *reconstructed*.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .base import Exercise
from .judgement import judgements
from .mountford import read_chance

__all__ = ["EXERCISES", "fresh_exercises", "position_3", "position_4"]

KEY = "lesson_plans/exercises_syracuse.md"
TOLERANCE = 0.006  # a decimal within this of the exact chance is right ("0.83" for 5/6)


class WallExercise(Exercise):
    """An exercise whose answer is a chance the engine works out when ``check`` runs."""

    def answer(self) -> Any:
        raise PermissionError(f"The answer key is for the teacher: {KEY}. check() tells you whether your answer is "
                              "right, and gives a hint if it is not.")


def _same(given: Fraction | float, exact: Fraction) -> bool:
    if isinstance(given, Fraction):
        return given == exact
    return abs(given - float(exact)) <= TOLERANCE


def _builders(pieces: dict[str, list[str]], area: str, side: int):
    """A position: ``pieces`` placed, those of ``side`` in ``area`` activated (they are the builders)."""
    from ..games.syracuse import SyracuseGame

    g = SyracuseGame(seed=1)
    g.clear_board()
    for where, names in pieces.items():
        for name in names:
            g.place(name, where)
    index = g.map.index[area]
    for u in g.unit_range:
        if g.state.loc[u] == index and g.state.uside[u] == side:
            g.state.active[u] = True
    return g, index


def position_3():
    """Summer 414: three Athenian hoplite units and Nicias on northern Epipolae (H-4); Syracusans next door (H-7)."""
    return _builders({"H-4": ["A-H1", "A-H2", "A-H3", "Nicias"], "H-7": ["S-H1"]}, "H-4", 0)


def position_4():
    """Gylippus' counter-wall: one Syracusan hoplite unit in eastern Epipolae (H-7), no leader, Athenians next door."""
    return _builders({"H-7": ["S-H1"], "H-4": ["A-H1"]}, "H-7", 1)


def _one_roll(g, area: int, side: int) -> tuple[Fraction, int]:
    """The chance that one D6 completes the wall, and the total modifier (rule 10.2.1)."""
    from ..games.syracuse.walls import build_modifiers, workers

    modifier = sum(v for _, v in build_modifiers(g, area, side, workers(g, area, side)))
    need = g.tables.walls_completes_on - modifier
    return Fraction(sum(1 for face in range(1, 7) if face >= need), 6), modifier


def _judge_3(answer: Any) -> tuple[bool, str]:
    g, area = position_3()
    exact, _ = _one_roll(g, area, 0)
    given = read_chance(answer)
    if _same(given, exact):
        return True, ("Extra builders and a leader outweigh the enemy next door: only a 1 fails. The Athenians "
                      "built the Circle so fast that the Syracusans were dismayed (6.98.2).")
    if _same(given, Fraction(1, 2)):
        return False, "That is the chance with no modifier at all. Who helps the builders, and who hinders them?"
    if _same(given, Fraction(1)):
        return False, "Nearly, but the Syracusans next door harass the work. Did you count every modifier?"
    if _same(given, 1 - exact):
        return False, "That is the chance that the work goes on. The question asks for the wall being completed."
    return False, "Write the modifiers first, then count the faces of one die that reach 4 or more."


def _judge_4(answer: Any) -> tuple[bool, str]:
    g, area = position_4()
    once, _ = _one_roll(g, area, 1)
    exact = 1 - (1 - once) ** 2
    given = read_chance(answer)
    if _same(given, exact):
        return True, ("The counter-wall is a gamble: even with two tries it is far from certain. Gylippus did not "
                      "leave it to a small party: he kept his army by the work and fought to cover it (7.4.1, 7.6.1).")
    if _same(given, once):
        return False, "That is the chance of one roll only. The question gives the builders two impulses."
    if _same(given, once * 2):
        return False, "Adding the two chances counts twice the case where both rolls succeed. Try the chance that " \
                      "both rolls fail instead."
    if _same(given, once * once):
        return False, "That is the chance that both rolls succeed. One success is enough."
    return False, "Find the chance of one roll first; then the chance that two rolls both fail."


QUESTIONS = {
    "3": dict(question="Summer 414 (lesson 06, §2). Three activated Athenian hoplite units and Nicias start a siege "
                       "wall on northern Epipolae (H-4); Syracusan hoplites stand next door in H-7. What is the exact "
                       "chance that one die completes the wall at once (rule 10.2.1)? Write it as a fraction, like "
                       "\"1/3\".",
              judge=_judge_3, rule="Syracuse 10.2.1", passages=("6.98.2", "6.99.1"),
              hints=("rule_card(\"syracuse\", \"10.2\"): what does one die need to complete a wall?",
                     "The modifiers are in lesson 06's table of wall modifiers (§2), or "
                     "pp.new_game(\"syracuse\").tables.drm[\"walls_drm\"]: builders beyond the first, a leader, "
                     "the enemy next door. Add them up.",
                     "With the total modifier, which faces of a D6 reach 4 or more? Count them out of 6.")),
    "4": dict(question="Gylippus' counter-wall (lesson 06, §3). One activated Syracusan hoplite unit, with no leader, "
                       "builds in eastern Epipolae (H-7); Athenian hoplites stand next door in H-4. It rolls once in "
                       "each of two impulses. What is the exact chance that the wall is completed by the second roll?",
              judge=_judge_4, rule="Syracuse 10.2.1", passages=("7.4.1", "7.6.1"),
              hints=("First the chance of one roll: which modifiers apply to one builder with the enemy next door?",
                     "The work goes on after a failed roll: the wall is done unless both rolls fail.",
                     "The chance that both fail is (chance one fails) × (chance one fails); the answer is 1 minus "
                     "that.")),
}


def fresh_exercises() -> dict[str, Exercise]:
    """A new set with the attempt counters at zero (each student's notebook, or each test)."""
    out: dict[str, Exercise] = dict(judgements("syracuse"))
    for number, spec in QUESTIONS.items():
        out[number] = WallExercise(id=number, **spec, well_done="Exact, from the die itself.")
    return dict(sorted(out.items(), key=lambda item: int(item[0])))


EXERCISES: dict[str, Exercise] = fresh_exercises()
