"""Sfacteria exercises, and the small helpers the Pylos lessons use to step through the end of a turn.

>>> from peloponnesos.exercises.sfacteria import EXERCISES
>>> EXERCISES["1"].check(None).correct
False

Every answer is worked out by the engine when ``check`` runs, from the position the question states;
no answer is written here or in the notebooks. Teachers find the answers, with the reasoning, in
``lesson_plans/exercises_sfacteria.md``.

Lesson helpers:

* :func:`end_turn` — play the end-of-turn phase (rule 3.E) the simple way, with a number of Helot runs;
* :func:`siege` — how long the island holds out from the ``blockade`` position, nothing moving but the
  Helots (a Monte Carlo of the supply rule uses it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from .base import Exercise, as_int, read_reference, with_solutions
from .judgement import judgements

__all__ = ["EXERCISES", "Exercise", "end_turn", "siege"]



# ------------------------------------------------------------------------------------------------------
# lesson helpers
# ------------------------------------------------------------------------------------------------------
def end_turn(game, helot_runs: int = 0, *, play: Iterable[int] = ()) -> list:
    """Play the end-of-turn phase of the current turn and return the events it logged.

    If the game is not in phase E yet, it jumps there (``start_end_phase``): nothing moves this turn,
    the position stays as it is. Every decision is answered the simple way: no stratagem (unless its
    face number is in ``play``), keep no chit, turn back reduced units when the rule allows, and Sparta
    sends up to ``helot_runs`` Helot units from T11/T12 (rule 7; the engine stops offering runs once
    the marker is back at 3).
    """
    from ..games.sfacteria.actions import EndHelotRuns, HelotRun, KeepStratagem, PlayStratagem

    wanted = set(play)
    first = len(game.log)
    if game.is_over():
        return []
    if game.phase != "E":
        game.start_end_phase(turn=game.turn)
    sent = 0
    while not game.is_over() and game.phase == "E":
        step = game.state.step
        legal = game.legal_actions()
        if step == "window":
            chosen = [a for a in legal if isinstance(a, PlayStratagem) and a.face in wanted]
            action = chosen[0] if chosen else legal[-1]  # the last one is "no stratagem"
        elif step == "E_keep":
            action = KeepStratagem(0)
        elif step == "E_helot":
            runs = [a for a in legal if isinstance(a, HelotRun)]
            if sent < helot_runs and runs:
                action = runs[0]
                sent += 1
            else:
                action = EndHelotRuns()
        else:  # E_recover: the first unit offered, until none is left to recover
            action = legal[0]
        game.apply(action)
    return list(game.log)[first:]


def siege(seed: int | None, helot_runs: int, scenario: str = "blockade") -> dict[str, Any]:
    """Play the ends of turns from ``scenario`` until the island capitulates or the game ends.

    Nothing moves but the Helots: Athens keeps both entrances closed, Sparta sends up to
    ``helot_runs`` Helot units each turn. Returns the turn the garrison capitulated in (``None`` if
    it held to the end), how many end-of-turn checks it came through, and the Helot runs made, won
    and lost.
    """
    from .. import new_game

    game = new_game("sfacteria", seed=seed, scenario=scenario)
    fell = None
    checks = 0
    runs = wins = 0
    while not game.is_over():
        turn = game.turn
        events = end_turn(game, helot_runs)
        runs += sum(1 for e in events if e.kind == "helot_run")
        wins += sum(1 for e in events if e.kind == "helot_run" and e.data.get("success"))
        if any(e.kind == "capitulation" and e.side == "Sparta" for e in events):
            fell = turn
            break
        checks += 1
    return {"helot_runs_per_turn": helot_runs, "capitulated_in_turn": fell, "checks_survived": checks,
            "runs": runs, "runs_won": wins, "seed": seed}


# ------------------------------------------------------------------------------------------------------
# positions the questions state
# ------------------------------------------------------------------------------------------------------
def _empty(seed: int = 1):
    from .. import new_game

    return new_game("sfacteria", seed=seed, scenario="empty")


def _place(game, pieces: dict[str, list[str]]):
    for zone, names in pieces.items():
        for name in names:
            game.place(name, zone)
    return game


ISLAND = {"T7": ["Styphon", "SH4"], "T8": ["Epitadas", "SH1", "SH2", "SH5"], "T10": ["SH3"]}


def position_1():
    """Turn 2 begins; the Athenians hold both entrances; no Helot is on the shore; Spartan marker 3."""
    game = _place(_empty(), {**ISLAND, "T6": ["Demosthenes", "AH1", "AP1"], "N8": ["AT1"], "N9": ["AT6", "AT7"],
                             "N7": ["Eurymedon", "AT2"]})
    game.set_supply("Sparta", 3)
    game.start_action_phase("Athens", pa=1, turn=2)  # turn 2, before anything has moved
    return game


def position_2():
    """Athens has landed AH3, AH4 and AP3 (full strength) in T8, held by SH1 and SH2 with Epitadas."""
    game = _place(_empty(), {"T8": ["Epitadas", "SH1", "SH2", "Demosthenes", "AH3", "AH4", "AP3"],
                             "T7": ["Styphon", "SH4"], "N7": ["Eurymedon", "AT2"], "N8": ["AT1"]})
    game.start_action_phase("Athens", pa=1)
    return game


def position_4():
    """The historical start: Demosthenes in Pylos (T6)."""
    from .. import new_game

    return new_game("sfacteria", seed=1)


HELOT_DICE = (4, 5)


def position_5():
    """End of a turn: both entrances Athenian, Spartan marker 1, Helots SH6 (T11) and SH7 (T12) ready."""
    game = _place(_empty(), {**ISLAND, "T6": ["Demosthenes", "AH1"], "N8": ["AT1"], "N9": ["AT6", "AT7"],
                             "T11": ["SH6"], "T12": ["SH7"]})
    game.set_supply("Sparta", 1)
    game.start_action_phase("Athens", pa=1, turn=3)  # turn 3; nothing will move before its end
    return game


# ------------------------------------------------------------------------------------------------------
# answers, worked out by the engine
# ------------------------------------------------------------------------------------------------------
def answer_1() -> int:
    """The turn at whose end the island capitulates, nothing moving and no Helot running."""
    game = position_1()
    while not game.is_over():
        turn = game.turn
        events = end_turn(game, 0)
        if any(e.kind == "capitulation" and e.side == "Sparta" for e in events):
            return turn
    raise RuntimeError("the island never capitulated: the position of exercise 1 has changed")


def answer_2() -> str:
    return position_2().preview_attack("T8", "Athens")["odds"]


STRATAGEM_3 = 19


def answer_3() -> tuple[str, ...]:
    game = _empty()
    return tuple(game.stratagems.face(STRATAGEM_3).passages)


def stratagem_3() -> dict:
    """The stratagem of exercise 3 (both faces shown in the notebook would give nothing away)."""
    face = _empty().stratagems.face(STRATAGEM_3)
    return {"number": face.number, "title": face.title, "text": face.text}


def answer_4() -> frozenset[str]:
    return frozenset(position_4().supply_forecast()["Athens"]["lifelines"])


def answer_5() -> int:
    game = position_5()
    game.start_end_phase(turn=game.turn)  # no chits, no reduced units: it stops at the Helot runs
    game.dice.force(*HELOT_DICE)
    end_turn(game, len(HELOT_DICE))
    return game.state.supply[1]


# ------------------------------------------------------------------------------------------------------
# reading answers
# ------------------------------------------------------------------------------------------------------
ODDS = re.compile(r"^\s*(\d+)\s*(?::|-|/|to|against|for)\s*(\d+)\s*$", re.IGNORECASE)
ZONE = re.compile(r"\b([TN])\s*(\d{1,2})\b", re.IGNORECASE)


def read_odds(answer: Any) -> str:
    if not isinstance(answer, str):
        raise ValueError(f"write the column as text in quotes, like \"2:1\", not {answer!r}")
    m = ODDS.match(answer)
    if not m:
        raise ValueError(f"write the column as two numbers with a colon between them, like \"2:1\", not {answer!r}")
    return f"{int(m.group(1))}:{int(m.group(2))}"


def read_zones(answer: Any) -> frozenset[str]:
    if isinstance(answer, str):
        items = [answer]
    elif isinstance(answer, (list, tuple, set, frozenset)):
        items = list(answer)
    else:
        raise ValueError(f"give the zones as text, like \"T1 and T2\" or [\"T1\", \"T2\"], not {answer!r}")
    zones = set()
    for item in items:
        if not isinstance(item, str):
            raise ValueError(f"each zone is text in quotes, like \"T1\", not {item!r}")
        found = ZONE.findall(item)
        if not found:
            raise ValueError(f"I found no zone name (a letter T or N and a number) in {item!r}")
        zones.update(f"{letter.upper()}{int(number)}" for letter, number in found)
    return frozenset(zones)


# ------------------------------------------------------------------------------------------------------
# judges: (correct?, a remark on a common mistake — never the answer)
# ------------------------------------------------------------------------------------------------------
def judge_1(answer: Any) -> tuple[bool, str]:
    given = as_int(answer)
    right = answer_1()
    if given == right:
        return True, "Three boxes, one per end-of-turn check: hunger, not battle, empties the island (rule 7.1)."
    if given < 2:
        return False, "The position starts in turn 2: the first check that can move the marker comes at its end."
    if given > 7:
        return False, "The game lasts seven turns (rule 3): count again, box by box."
    if given == right - 1:
        return False, ("At that point the marker still shows food on the island. Capitulation needs the marker "
                       "at 0, not just low (rule 7.1).")
    if given == right + 1:
        return False, "Too late: count again, starting with the check at the end of turn 2."
    return False, "Count the supply checks one by one: each end of turn moves the marker one box."


def judge_2(answer: Any) -> tuple[bool, str]:
    given = read_odds(answer)
    right = answer_2()
    from ..games.sfacteria.tables import load_tables

    columns = load_tables().columns
    if given == right:
        return True, "Leaders add no PF, and rule 6.2 rounds the ratio down to a column, for the defender."
    if given not in columns:
        return False, (f"{given} is not a column of the engagement table. The columns are fixed; round the "
                       "ratio to one of them (rule 6.2).")
    if columns.index(given) > columns.index(right):
        return False, ("That rounds in the attacker's favour. Rule 6.2 rounds for the defender: take the column "
                       "the attacker reaches in full.")
    return False, "The attacker has more PF than that column suggests: add up both sides again."


def _span(ref) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A reference as the lowest and highest (book, chapter, section) it covers."""
    return ref.first + (0,) * (3 - len(ref.first)), ref.last + (10_000,) * (3 - len(ref.last))


def judge_3(answer: Any) -> tuple[bool, str]:
    ref = read_reference(answer, "2.65.1")
    from ..sources.references import parse_reference

    targets = [_span(parse_reference(r)) for r in answer_3()]
    if len(ref.first) < 2:
        return False, "A whole book is too wide: give a chapter or a section (book.chapter.section)."
    lo, hi = _span(ref)
    chapters = {t_lo[:2] for t_lo, _ in targets} | {t_hi[:2] for _, t_hi in targets}
    if any(lo <= t_hi and t_lo <= hi for t_lo, t_hi in targets):
        if lo[:2] in chapters and hi[:2] in chapters:  # the section(s), or the chapter that holds them
            return True, "That is where Thucydides tells the episode the stratagem is built on."
        return False, "Too wide: narrow it down to one chapter, or to the section itself."
    if ref.first[:1] != (4,):
        return False, "The campaign of Pylos and Sphacteria is told in book 4."
    if ref.first[:2] == (4, 26):
        return False, ("Chapter 26 tells how food was smuggled in. This stratagem is about what the Spartans did "
                       "with the food they had: look later.")
    return False, "That passage does not tell this episode. Read the stratagem's title and text again."


def judge_4(answer: Any) -> tuple[bool, str]:
    given = read_zones(answer)
    right = answer_4()
    if given == right:
        return True, "Spartan ships alone in both of these zones would cut the fort off from the sea."
    if "T6" in given:
        return False, "T6 is Pylos itself. Rule 7 looks at the water around it, not at the fort."
    if any(z.startswith("T") for z in given):
        return False, "Rule 7 watches water zones (N), not land zones (T)."
    island = frozenset(_empty().supply_forecast()["Sparta"]["lifelines"])
    if given == island:
        return False, "Those are the waters rule 7 watches for the Spartans on the island, not for Pylos."
    if given < right:
        return False, "Part of it: rule 7 watches more than one water zone for Pylos."
    if given > right:
        return False, "Too many: not every water zone next to Pylos counts for its supply."
    return False, "Not these. Look at which water zones rule 7 names for the Athenians."


def judge_5(answer: Any) -> tuple[bool, str]:
    given = as_int(answer)
    right = answer_5()
    if given == right:
        return True, "One even die, one odd die, then the end-of-turn check: the island is no better off."
    if not 0 <= given <= 3:
        return False, "The supply marker runs from 0 to 3 (rule 7)."
    if given == right + 1:
        return False, ("You counted the Helot runs. What happens next in the end-of-turn phase, with both "
                       "entrances still closed?")
    if given > right + 1:
        return False, "An odd die is no success: that Helot unit is caught (rule 7)."
    return False, "The even die did bring food across (rule 7)."


# ------------------------------------------------------------------------------------------------------
# the exercises
# ------------------------------------------------------------------------------------------------------
ANSWERS: dict[str, Callable[[], Any]] = {"1": answer_1, "2": answer_2, "3": answer_3, "4": answer_4, "5": answer_5}


def _exercises() -> dict[str, Exercise]:
    return {
        "1": Exercise(
            id="1",
            question=("Turn 2 begins. Athenian triremes alone hold both entrances to the harbour, N8 and N9, and "
                      "they stay there. No Helot is on the mainland shore, so none can run food across. The "
                      "Spartan supply marker is at 3 and nothing moves. At the end of which turn do the "
                      "Spartans on the island capitulate? Answer with the turn number."),
            judge=judge_1,
            hints=("Rule 7: at the end of every turn the marker moves one box. Which way, while the Athenians "
                   "hold both entrances?",
                   "Write down the marker at the end of turn 2, at the end of turn 3, and so on. Stop when "
                   "rule 7.1 applies.",
                   "Capitulation comes when the marker reaches 0. It starts at 3 and the check at the end of "
                   "turn 2 is the first to move it."),
            rule="Sfacteria 7, 7.1",
            passages=("4.23.2", "4.26.1"),
            position=position_1,
        ),
        "2": Exercise(
            id="2",
            question=("Athens has moved AH3, AH4 and AP3, all at full strength, into T8 with Demosthenes; SH1 "
                      "and SH2 stand there with Epitadas. Athens attacks. Which odds column of the engagement "
                      "table does the battle use? Answer as text, like \"2:1\"."),
            judge=judge_2,
            hints=("Add up the PF of each side's combat units in T8 (the table under the map gives them). "
                   "Leaders have no PF.",
                   "Divide the attacker's PF by the defender's PF, and compare with the columns of the table.",
                   "Rule 6.2 rounds in the defender's favour: take the column the attacker fully reaches, "
                   "never the next one up."),
            rule="Sfacteria 6.2",
            passages=("4.31.1", "4.33.1"),
            position=position_2,
        ),
        "3": Exercise(
            id="3",
            question=(f"Stratagem {STRATAGEM_3}, \"Half rations\", stops the Spartan supply marker from going "
                      "down for one turn. Which passage of Thucydides is it built on? Answer with a "
                      "reference as text, like \"4.12.1\"."),
            judge=judge_3,
            hints=("The stratagem is about food that was still on the island. Thucydides mentions it after the "
                   "surrender, when he sums up the blockade.",
                   "Look in the chapter where Thucydides counts how many days the blockade lasted.",
                   "Search Thucydides for the two words of the stratagem's title together, with "
                   "corpus().search(...), and read what it finds in book 4."),
            rule="Sfacteria 8",
            passages=(),
            position=None,
        ),
        "4": Exercise(
            id="4",
            question=("Rule 7 checks the supply of the Athenians in Pylos (T6) by looking at two water zones. "
                      "Which two? Answer as text, like \"N1 and N2\"."),
            judge=judge_4,
            hints=("Find Pylos (T6) on the map and look at the water zones around it. Not all of them count.",
                   "The Athenian marker falls only when Spartan ships alone hold both zones: the ones that "
                   "carry supplies to the fort from the open sea.",
                   "One is the narrow northern entrance to the harbour; the other is the open sea off the fort."),
            rule="Sfacteria 7",
            passages=("4.26.2", "4.26.3"),
            position=position_4,
        ),
        "5": Exercise(
            id="5",
            question=("End of turn 3. Athenian triremes alone hold both entrances; the Spartan supply marker is "
                      "at 1. Sparta sends the Helots SH6 (from T11) and then SH7 (from T12) with food. The dice "
                      f"show {HELOT_DICE[0]} for SH6 and {HELOT_DICE[1]} for SH7. What does the Spartan "
                      "supply marker show after the supply check of that turn?"),
            judge=judge_5,
            hints=("Rule 7: which dice bring food across, and what happens to a Helot who is caught?",
                   "First the Helot runs move the marker, then the end-of-turn check is made.",
                   "Work it through box by box: after SH6, after SH7, after the check."),
            rule="Sfacteria 7",
            passages=("4.26.5", "4.26.6", "4.26.7"),
            position=position_5,
        ),
    }


def fresh_exercises() -> dict[str, Exercise]:
    """A new set with the attempt counters at zero (each student's notebook, or each test): the exercises worked
    out by the engine, then the judgements about sources (exercises 6–8, :mod:`.judgement`), whose answers are
    kept in the teacher's key only."""
    return {**with_solutions(_exercises(), ANSWERS), **judgements("sfacteria")}


EXERCISES: dict[str, Exercise] = fresh_exercises()
