"""Exercises on the diceless game, *A Peloponnesian War* (Lumaca Games 2014), for ages 8–14 (the youngest
with the teacher at the keyboard).

>>> from peloponnesos.exercises.diceless import EXERCISES
>>> EXERCISES["1"].check(None).correct
False

Every answer is worked out by the engine when ``check`` runs: from the chit data (the grid of rule 4,
the special chits and their passages), from the position a question states (built through the game's
own actions, with the draws and the Gods' toss fixed) or from chits played out by the engine. No answer
is written here or in the notebook. Teachers find the answers, with the reasoning, in
``lesson_plans/exercises_diceless.md``. The map and the special chits are *reconstructed* (see the
game's ``CLARIFICATIONS.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .base import Exercise, as_int, normalise_text, read_reference, with_solutions
from .judgement import judgements

__all__ = ["EXERCISES", "Exercise", "fresh_exercises"]

SEED = 5  # the positions below fix every draw they use; the seed only fills the cup's order


# ------------------------------------------------------------------------------------------------------
# positions the questions state
# ------------------------------------------------------------------------------------------------------
def _start(sparta_free: str, athens_free: str, sparta_hand: Sequence[str], athens_hand: Sequence[str]):
    """Turn 1 of a new game, free counters down (Diceless 1.1), each hand drawn as given and the Gods'
    toss landing badge up, so Sparta (the tosser on turn 1) puts the first chit down (Diceless 3)."""
    from ..games.diceless import DicelessGame, PlaceCounter

    game = DicelessGame(seed=SEED, first_placer="Sparta")
    game.apply(PlaceCounter(sparta_free))
    game.dice.force(tuple(sparta_hand), tuple(athens_hand), 1)
    game.apply(PlaceCounter(athens_free))
    return game


def _play(game, moves: Sequence[tuple]):
    """Put the chits down in turn order (Sparta, Athens, Sparta, ...); the sixth one turns them over."""
    from ..games.diceless import PlaceChit

    for move in moves:
        game.apply(PlaceChit(*move))
    return game


def position_2():
    """Athens holds Athens and Naupactus (its free counter); Sparta holds Sparta and Arcadia."""
    return _start("arcadia", "naupactus", ("Military", "Influence", "Coup", "Void"),
                  ("Military", "Influence", "Coup", "Void"))


MEGARA = (("Coup", "megara"), ("Influence", "megara"), ("Military", "megara"),
          ("Void", "athens"), ("Void", "sparta"), ("Coup", "syracuse"))


def position_4():
    """Sparta holds Sparta and Corinth, Athens holds Athens and Megara (one counter each)."""
    return _start("corinth", "megara", ("Military", "Influence", "Coup", "Void"),
                  ("Military", "Influence", "Coup", "Void"))


THEBES = (("Influence", "sparta"), ("Star", "boeotia", "Coup"), ("Military", "argos"),
          ("Influence", "megara"), ("Void", "cythera"), ("Void", "athens"))


def position_5():
    """Sparta holds Sparta and Thebes; Athens holds Athens and Megara; Athens has drawn the Star."""
    return _start("boeotia", "megara", ("Military", "Influence", "Coup", "Void"),
                  ("Military", "Influence", "Void", "Star"))


CORCYRA = (("Influence", "arcadia"), ("the_few", "corcyra"), ("Military", "argos"),
           ("Influence", "athens"), ("Void", "cythera"), ("Void", "megara"))


def position_6():
    """Athens holds Athens and Corcyra; it has drawn The Few."""
    return _start("arcadia", "corcyra", ("Military", "Influence", "Coup", "Void"),
                  ("Influence", "Coup", "Void", "the_few"))


SPARTA_TAKEN = (("Influence", "arcadia"), ("Star", "sparta", "Coup"), ("Coup", "persia"),
                ("Influence", "megara"), ("Military", "argos"), ("Void", "athens"))


def position_7():
    """After turn 1: Athens has taken the city of Sparta (its Star, played as a Coup!, did it)."""
    return _play(_start("arcadia", "megara", ("Military", "Influence", "Coup", "Void"),
                        ("Influence", "Coup", "Void", "Star")), SPARTA_TAKEN)


# ------------------------------------------------------------------------------------------------------
# answers, worked out by the engine
# ------------------------------------------------------------------------------------------------------
def _chits():
    from ..games.diceless.chits import default_chits

    return default_chits()


def answer_1() -> str:
    """The ordinary kind that wins against a Coup! in the grid of rule 4."""
    chits = _chits()
    (kind,) = [k for k in ("Military", "Influence", "Coup") if chits.fight(k, "Coup") == "win"]
    return kind


def answer_2() -> str:
    return "yes" if position_2().in_range("Athens", "Influence", "corcyra") else "no"


def answer_3() -> str:
    return "yes" if position_2().in_range("Athens", "Military", "corcyra") else "no"


def answer_4() -> int:
    return _play(position_4(), MEGARA).observation(None)["areas"]["megara"]["Sparta"]


def answer_5() -> str:
    return _play(position_5(), THEBES).observation(None)["owner"]["boeotia"] or "nobody"


def answer_6() -> str:
    return _play(position_6(), CORCYRA).observation(None)["owner"]["corcyra"] or "nobody"


def answer_7() -> int:
    game = position_7()
    if game.observation(None)["owner"]["sparta"] != "Athens":
        raise RuntimeError("Athens does not hold Sparta: the position of exercise 7 has changed")
    return game.observation(None)["targets"]["Sparta"]


PERSIAN_GOLD_CHOICES = ("1.118.3", "2.65.7", "3.82.1", "8.18.1")


def answer_8() -> tuple[str, ...]:
    """The passages behind the Persian Gold chit (chits.toml), and which of the four choices is one."""
    return tuple(_chits().specials["persian_gold"].passages)


# ------------------------------------------------------------------------------------------------------
# reading answers
# ------------------------------------------------------------------------------------------------------
KIND_WORDS = {"military": "Military", "military option": "Military", "army": "Military",
              "influence": "Influence", "coup": "Coup", "coup!": "Coup", "void": "Void", "star": "Star"}
ICONS = {"⚔": "Military", "🗣": "Influence", "🗡": "Coup", "❔": "Void", "⭐": "Star"}
YES = {"yes", "y", "true", "it can", "yes it can", "yes, it can", "can"}
NO = {"no", "n", "false", "it cannot", "no it cannot", "no, it cannot", "cannot", "can't", "no it can't"}
NOBODY = {"nobody", "no one", "noone", "no-one", "none", "neither", "neutral", "empty", "nobody's"}


def read_kind(answer: Any) -> str:
    text = normalise_text(answer).strip(" .")
    for icon, kind in ICONS.items():
        if text.startswith(icon):
            return kind
    text = text.removesuffix(" chit").removeprefix("a ").removeprefix("the ")
    if text in KIND_WORDS:
        return KIND_WORDS[text]
    specials = {s.name.lower(): code for code, s in _chits().specials.items()}
    if text in specials:
        return specials[text]
    raise ValueError(f"give the name of a kind of chit, like \"Void\" or \"Star\", not {answer!r}")


def read_yes_no(answer: Any) -> str:
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    text = normalise_text(answer).strip(" .!")
    if text in YES:
        return "yes"
    if text in NO:
        return "no"
    raise ValueError(f"answer \"yes\" or \"no\", not {answer!r}")


def read_side(answer: Any) -> str:
    text = normalise_text(answer).strip(" .!")
    text = text.removeprefix("the ")
    if text in ("sparta", "spartans", "lacedaemon", "lacedaemonians"):
        return "Sparta"
    if text in ("athens", "athenians"):
        return "Athens"
    if text in NOBODY:
        return "nobody"
    raise ValueError(f"answer \"Sparta\", \"Athens\" or \"nobody\", not {answer!r}")


# ------------------------------------------------------------------------------------------------------
# judges: (correct?, a remark on a common mistake — never the answer)
# ------------------------------------------------------------------------------------------------------
def judge_1(answer: Any) -> tuple[bool, str]:
    given, right = read_kind(answer), answer_1()
    if given == right:
        return True, "An army can stop a handful of plotters inside a city (Diceless 4)."
    if given == "Coup":
        return False, "Two chits of the same kind are a draw: both go back to the cup (Diceless 4)."
    if given in ("Military", "Influence", "Coup"):
        return False, f"Look at the grid again: a Coup! wins against {_chits().name(given)}."
    if given == "Void":
        return False, "A Void has no value: it never wins a struggle (Diceless 2)."
    if given == "Star":
        return False, "The Star can be any kind. Which of the three ordinary kinds wins against a Coup!?"
    return False, "A special chit beats any ordinary chit, but the question asks about the three ordinary kinds."


def _steps_to_corcyra() -> int:
    """The fewest steps from an area Athens holds (in the position of exercises 2 and 3) to Corcyra."""
    game = position_2()
    held = [area for area, side in game.observation(None)["owner"].items() if side == "Athens"]
    return min(game.map.distance(area, "corcyra") for area in held)


def judge_2(answer: Any) -> tuple[bool, str]:
    given, right = read_yes_no(answer), answer_2()
    if given == right:
        return True, (f"Corcyra is {_steps_to_corcyra()} steps from the nearest Athenian area, and Influence "
                      "reaches only an area of your side or an area next to one (Diceless 2).")
    return False, "Count the lines between Corcyra and each area Athens holds. Influence reaches less far than an army."


def judge_3(answer: Any) -> tuple[bool, str]:
    given, right = read_yes_no(answer), answer_3()
    if given == right:
        return True, (f"Corcyra is {_steps_to_corcyra()} steps from the nearest Athenian area, and a Military "
                      "Option reaches up to two steps (Diceless 2).")
    return False, "A Military Option reaches further than Influence. Count the steps from every area Athens holds."


def judge_4(answer: Any) -> tuple[bool, str]:
    given, right = as_int(answer), answer_4()
    if given == right:
        return True, ("The Coup! beats the Influence and stays; then each Spartan chit acts in turn, in the "
                      "order it was put down (Diceless 4, CLARIFICATIONS 4-b and 4-e).")
    if not 0 <= given <= 2:
        return False, "A side can have at most two counters in an area (Diceless 5)."
    if given < right:
        return False, "When the other side has no chits left in the area, every chit still standing acts."
    return False, ("A chit that takes an enemy counter away is used up: it does not also put its own counter "
                   "down (CLARIFICATIONS 4-e).")


def judge_5(answer: Any) -> tuple[bool, str]:
    given, right = read_side(answer), answer_5()
    if given == right:
        return True, "The first half of the Star emptied Thebes, the second half took it (CLARIFICATIONS 4-d)."
    if given == "nobody":
        return False, "The Star counts as two chits. What does the second half do, in an area with no counter?"
    return False, "Sparta put no chit on Thebes, so nothing stands in the Star's way."


def judge_6(answer: Any) -> tuple[bool, str]:
    given, right = read_side(answer), answer_6()
    if given == right:
        return True, ("The Few works for Sparta even when Athens plays it, and it throws out every Athenian "
                      "counter; it adds none of its own in that struggle.")
    if given == "Athens":
        return False, "A special chit helps the side printed on it, whoever puts it down (Diceless 2)."
    return False, "The Few does help Sparta. But what exactly does it do in an area the other side holds?"


def judge_7(answer: Any) -> tuple[bool, str]:
    given, right = as_int(answer), answer_7()
    if given == right:
        return True, "Losing your own city makes winning harder (Diceless 6)."
    if given == 10:
        return False, "That is the usual target. Read the end of rule 6: what changes when your own city is lost?"
    if given > 30:
        return False, "The map has 30 areas."
    return False, "Count again from rule 6: the usual target, and what losing your own city adds."


def _chapters(refs) -> set[str]:
    return {".".join(r.split(".")[:2]) for r in refs}


def judge_8(answer: Any) -> tuple[bool, str]:
    ref = read_reference(answer, "1.1.1")
    right = answer_8()
    text = ".".join(str(n) for n in ref.first)
    if ref.is_range or len(ref.first) < 2:
        return False, "Give one passage: book.chapter.section, like the four choices."
    if text in right or (len(ref.first) == 2 and text in _chapters(right)):
        return True, "Persian money for Sparta's fleet: the treaty with the King and his governors' pay."
    others = [s.name for code, s in _chits().specials.items() if code != "persian_gold" and text in s.passages]
    if len(others) == 1:
        return False, f"{text} is behind another special chit: {others[0]}."
    if others:
        return False, f"{text} is behind other special chits: {' and '.join(others)}."
    return False, f"{text} is not one of the passages behind the special chits. Choose among the four."


# ------------------------------------------------------------------------------------------------------
# the exercises
# ------------------------------------------------------------------------------------------------------
ANSWERS: dict[str, Callable[[], Any]] = {"1": answer_1, "2": answer_2, "3": answer_3, "4": answer_4,
                                         "5": answer_5, "6": answer_6, "7": answer_7, "8": answer_8}


def _exercises() -> dict[str, Exercise]:
    return {
        "1": Exercise(
            id="1",
            question="Which kind of chit wins against a Coup!? Answer with its name, like \"Void\".",
            judge=judge_1,
            hints=("Rule 4 works like rock–paper–scissors: each of the three kinds wins against one kind and "
                   "loses against another.",
                   "A Coup! is a few friends inside a city trying to seize power. What could stop them by force?",
                   "Look at the grid in lesson 03 (or rule_card(\"diceless\", \"4\")): find the kind that the "
                   "Coup! loses against."),
            rule="Diceless 4",
            passages=("3.82.1",),
        ),
        "2": Exercise(
            id="2",
            question=("Athens holds two areas: Athens and Naupactus. May Athens put an Influence chit on "
                      "Corcyra this turn? Answer \"yes\" or \"no\"."),
            judge=judge_2,
            hints=("Rule 2: Influence goes on an area of your side, or on an area next to one of yours.",
                   "List the areas joined by a single line to Athens, and those joined by a single line to "
                   "Naupactus.",
                   "Is Corcyra in your list? Its lines go to Elis, Acarnania and Syracuse."),
            rule="Diceless 2",
            passages=("3.70.1",),
            position=position_2,
        ),
        "3": Exercise(
            id="3",
            question=("Same position: Athens holds Athens and Naupactus. May Athens put a Military Option on "
                      "Corcyra this turn? Answer \"yes\" or \"no\"."),
            judge=judge_3,
            hints=("Rule 2: a Military Option goes on an area at most two steps from an area of your side.",
                   "Start at Naupactus. Which areas are a single step away? And from each of those, which are "
                   "a step further?",
                   "Count the fewest lines you must walk along from Naupactus to Corcyra."),
            rule="Diceless 2",
            passages=("1.24.1", "6.30.1"),
            position=position_2,
        ),
        "4": Exercise(
            id="4",
            question=("Megara holds an Athenian counter. In this order, Sparta puts a Coup! on Megara, Athens "
                      "puts an Influence on Megara, Sparta puts a Military Option on Megara (their other chits go "
                      "elsewhere). The chits are turned over. How many Spartan counters stand on Megara after "
                      "the struggle?"),
            judge=judge_4,
            hints=("Each side's chits wait in a line, in the order they were put down. The first chits of the "
                   "two lines meet: look up Coup! against Influence (Diceless 4).",
                   "The winner stays. When the other side has no chits left, each chit still standing acts in "
                   "turn: it takes away an enemy counter or, if there is no enemy counter, adds a counter of "
                   "its side.",
                   "Start from the Athenian counter on Megara and work through the Spartan chits in the order "
                   "they were put down."),
            rule="Diceless 4",
            passages=("1.139.1",),
            position=position_4,
        ),
        "5": Exercise(
            id="5",
            question=("Thebes holds a Spartan counter. Athens plays its Star as a Coup! on Thebes; Sparta puts "
                      "no chit there. After the struggle, who holds Thebes: \"Sparta\", \"Athens\" or "
                      "\"nobody\"?"),
            judge=judge_5,
            hints=("Rule 2: the Star counts double. The game treats it as two chits of the kind chosen, one "
                   "after the other.",
                   "The first half acts on the Spartan counter. What is left on Thebes after that?",
                   "A chit that finds no enemy counter puts down a counter of its own side."),
            rule="Diceless 2, 4",
            passages=("2.2.1",),
            position=position_5,
        ),
        "6": Exercise(
            id="6",
            question=("Corcyra holds an Athenian counter. The Athenian player has drawn The Few and puts it on "
                      "Corcyra; Sparta puts no chit there. After the struggle, who holds Corcyra: \"Sparta\", "
                      "\"Athens\" or \"nobody\"?"),
            judge=judge_6,
            hints=("Which side does The Few help? Look at its card in lesson 03: the side printed on a special "
                   "chit matters, not the player who puts it down.",
                   "The Few's card: in an area held by the other side, it throws out every counter of that "
                   "side.",
                   "After it has thrown the counters out, The Few has done its work in that struggle."),
            rule="Diceless 2",
            passages=("3.82.1", "3.70.1"),
            position=position_6,
        ),
        "7": Exercise(
            id="7",
            question=("Athens has taken the city of Sparta: an Athenian counter stands on it. How many areas "
                      "does Sparta now need to win the game?"),
            judge=judge_7,
            hints=("Rule 6 says how many areas win the game.",
                   "Read the end of rule 6 again: it changes the target when your own city is held by the "
                   "other side.",
                   "Your own city is in enemy hands, so the usual target goes up (Diceless 6). By how much?"),
            rule="Diceless 6",
            passages=("8.70.2",),
            position=position_7,
        ),
        "8": Exercise(
            id="8",
            question=("Which of these passages tells the story behind the Persian Gold chit: "
                      f"{', '.join(PERSIAN_GOLD_CHOICES[:-1])} or {PERSIAN_GOLD_CHOICES[-1]}? "
                      "Answer with the reference as text."),
            judge=judge_8,
            hints=("Persian Gold is money from the Great King of Persia for Sparta's fleet (lesson 03).",
                   "Read each choice with passage_card(...): which one is about the King and the Spartans "
                   "making an agreement?",
                   "Persia joins the war late: look for the choice from the last book Thucydides wrote."),
            rule="Diceless 2 (special chits, reconstructed)",
            passages=(),
        ),
    }


def fresh_exercises() -> dict[str, Exercise]:
    """A new set with the attempt counters at zero (each student's notebook, or each test): the exercises worked
    out by the engine, then the judgements about sources (exercises 9–10, :mod:`.judgement`), whose answers are
    kept in the teacher's key only."""
    return {**with_solutions(_exercises(), ANSWERS), **judgements("diceless")}


EXERCISES: dict[str, Exercise] = fresh_exercises()
