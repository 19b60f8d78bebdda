"""Battle of the Champions — the kernel's example game, in one screen of code.

Every real game follows this shape: a state object with ``copy``/``to_dict``, actions as frozen
dataclasses, ``check`` that raises with a rule number, ``execute`` that rolls and logs.
"""

from __future__ import annotations

import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import ClassVar

from ...core import Action, Game, Result
from ...core.game import whole_number

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True, slots=True)
class Strike(Action):
    """Rule 2.1: roll to hit the enemy band."""

    kind: ClassVar[str] = "strike"

    def __str__(self) -> str:
        return "strike"


@dataclass(frozen=True, slots=True)
class StandFirm(Action):
    """Rule 2.2: brace until your next turn."""

    kind: ClassVar[str] = "stand_firm"

    def __str__(self) -> str:
        return "stand firm"


@dataclass(slots=True)
class DuelState:
    strength: dict[str, int]
    to_act: str
    round: int = 1
    braced: dict[str, bool] = field(default_factory=dict)
    phase: str = "combat"
    actions_this_round: int = 0
    winner: str | None = None
    over: bool = False

    @property
    def turn(self) -> int:
        return self.round

    def copy(self) -> DuelState:
        return DuelState(dict(self.strength), self.to_act, self.round, dict(self.braced), self.phase,
                         self.actions_this_round, self.winner, self.over)

    def to_dict(self) -> dict:
        return asdict(self)


class DuelGame(Game):
    """Two bands of champions fight it out (rules 1–3 of ``data/rules.toml``)."""

    name = "duel"
    title = "Battle of the Champions"
    players = ("Argos", "Sparta")
    action_types: ClassVar[dict] = {cls.kind: cls for cls in (Strike, StandFirm)}
    data_dir = DATA
    option_defaults: ClassVar[dict] = {"strength": None, "rounds": None}
    option_checks: ClassVar[dict] = {key: (whole_number(1, 20), "a whole number from 1 to 20")
                                     for key in ("strength", "rounds")}

    def setup(self) -> None:
        with open(DATA / "setup.toml", "rb") as f:
            self.numbers = tomllib.load(f)
        for key in ("strength", "rounds"):  # checked by the kernel against option_checks
            if self.options[key] is not None:
                self.numbers[key] = self.options[key]
        strength = self.numbers["strength"]
        self.state = DuelState({p: strength for p in self.players}, self.players[0],
                               braced={p: False for p in self.players}, phase="set-up")
        first = self.players[0] if self.dice.d6(who="Umpire", why="who acts first (Duel 1)") <= 3 else self.players[1]
        self.state.to_act = first
        self.state.phase = "combat"
        self.event("setup", f"Both bands have strength {strength}; {first} acts first.", rule="1")

    def turn_rule(self) -> str:
        return "2"

    def current_player(self) -> str | None:
        return None if self.state.over else self.state.to_act

    def enemy(self, side: str) -> str:
        return self.players[1] if side == self.players[0] else self.players[0]

    def legal_actions(self) -> list[Action]:
        if self.state.over:
            return []
        if self.state.braced[self.state.to_act]:
            return [Strike()]
        return [Strike(), StandFirm()]

    def check(self, action: Action) -> None:
        if isinstance(action, StandFirm) and self.state.braced[self.state.to_act]:
            raise self.illegal("2.2", f"{self.state.to_act} stood firm last turn and may not do it twice running; "
                               "it must strike", action)

    def execute(self, action: Action) -> None:
        s = self.state
        side, enemy = s.to_act, self.enemy(s.to_act)
        s.braced[side] = False
        if isinstance(action, StandFirm):
            s.braced[side] = True
            self.event("stand", f"{side} stands firm: {enemy} will hit only on a 6.", side=side, rule="2.2")
        else:
            need = self.numbers["hit_on_braced"] if s.braced[enemy] else self.numbers["hit_on"]
            face = self.dice.d6(who=side, why=f"a strike (hits on {need}+, Duel 2.1)")
            hit = face >= need
            if hit:
                s.strength[enemy] -= 1
            self.event("strike", f"{side} strikes, rolls {face}: "
                       + (f"a hit! {enemy} falls to {s.strength[enemy]}." if hit else "a miss."),
                       side=side, rule="2.1", face=face, need=need, hit=hit,
                       strength_lost=int(hit), target=enemy)
        self._end_of_action(side, enemy)

    def _end_of_action(self, side: str, enemy: str) -> None:
        s = self.state
        if s.strength[enemy] <= 0:
            s.over, s.winner, s.phase = True, side, "over"
            self.event("victory", f"{enemy} has no strength left: {side} wins.", side=side, rule="3")
            return
        s.actions_this_round += 1
        s.to_act = enemy
        if s.actions_this_round == 2:
            s.actions_this_round = 0
            if s.round == self.numbers["rounds"]:
                s.over, s.phase = True, "over"
                a, b = self.players
                s.winner = a if s.strength[a] > s.strength[b] else b if s.strength[b] > s.strength[a] else None
                text = (f"After {s.round} rounds {s.winner} is stronger and wins." if s.winner else
                        f"After {s.round} rounds the bands are equal: both claim the victory — a draw.")
                self.event("victory", text, rule="3")
                return
            s.round += 1

    def is_over(self) -> bool:
        return self.state.over

    def result(self) -> Result | None:
        s = self.state
        if not s.over:
            return None
        if s.winner is None:
            return Result(None, "draw", "equal strength after the last round (Duel 3)", dict(s.strength))
        loser = self.enemy(s.winner)
        if s.strength[loser] <= 0:
            return Result(s.winner, "total", f"{loser}'s band was destroyed (Duel 3)", dict(s.strength))
        return Result(s.winner, "marginal", "stronger after the last round (Duel 3)", dict(s.strength))

    def observation(self, player: str | None) -> dict:
        s = self.state
        return {
            "game": self.name, "turn": s.round, "rounds": self.numbers["rounds"], "phase": s.phase,
            "to_act": self.current_player(), "strength": dict(s.strength), "braced": dict(s.braced),
            "viewer": player, "result": self.result().to_dict() if s.over else None,
        }
