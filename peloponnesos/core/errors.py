"""Errors that speak to a student: each names the rule (or the file) at fault."""

from __future__ import annotations


class PeloponnesosError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalAction(PeloponnesosError):
    """An action the rules forbid. The game it was tried on is left unchanged.

    ``rule`` is the full citation ("Sfacteria 5"), ``reason`` plain words for a student.
    """

    def __init__(self, rule: str, reason: str, *, action: object = None) -> None:
        self.rule = rule
        self.reason = reason
        self.action = action
        super().__init__(f"{rule}: {reason}")


class UnknownRule(PeloponnesosError, KeyError):
    """A rule number a game's rule book does not have (``rules("mountford")["9.9"]``, ``rule_card``); the
    message names the game and the rule numbers it has. A KeyError too, for code that looks rules up."""

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return str(self.args[0]) if self.args else ""


class SaveFileError(PeloponnesosError, ValueError):
    """A saved game that cannot be loaded: corrupted, hand-edited or from another program."""


class UnknownGame(PeloponnesosError, ValueError):
    """A game name that is not in the collection."""


class OptionError(PeloponnesosError, ValueError):
    """An option given to ``new_game`` that the game does not have, or a value it cannot take."""


class TablesError(PeloponnesosError, ValueError):
    """A tables file (a teacher's published values) that cannot be used: the message names the file, the
    line where it can be found, and what was expected there."""
