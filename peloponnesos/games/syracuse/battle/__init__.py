"""The tactical battle board (rules 6.5, 7.3, 8.3): placeholder until the board is built."""

from __future__ import annotations

ACTION_TYPES: tuple = ()
TASKS: dict = {}
STEPS: dict = {}


def start(g, area: int, attacker: int, night: bool) -> None:
    from .. import skirmish

    skirmish.start(g, area, attacker, night)


def parse(text: str):
    return None


def explain(g, a):
    return None
