"""A game being played at one screen: who is human, the bots, the hot-seat curtain, undo, save/load.

No ipywidgets here: pytest drives every interaction of a panel through this class, and the widget
layer only wires buttons and map clicks to it.

Modes:
* ``"hotseat"`` — two players share the screen; where the game hides information, a curtain falls
  between turns ("pass the laptop") and each side sees only its own secrets;
* ``"vs_bot"`` — one player against a bot; the bot answers at once;
* ``"bots"`` — two bots play; ``step()`` advances one action (the panel plays them at a chosen speed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..core import Action, Bot, Game, IllegalAction, SaveFileError, load_game
from ..core.log import Event

MODES = ("hotseat", "vs_bot", "bots")


@dataclass(slots=True)
class Outcome:
    """What happened when the screen asked for an action: done, or refused with the rule and reason."""

    ok: bool
    message: str
    rule: str | None = None
    events: list[Event] = field(default_factory=list)


class Session:
    """Holds a game and everything about the people (and bots) playing it at one screen."""

    def __init__(self, game: Game, *, mode: str = "hotseat", humans: Iterable[str] | None = None,
                 bots: Mapping[str, Bot] | None = None, hidden_information: bool = True) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.game = game
        self.mode = mode
        bots = dict(bots or {})
        if humans is None:
            humans = {"hotseat": game.players, "vs_bot": game.players[:1], "bots": ()}[mode]
        self.humans = tuple(h for h in game.players if h in set(humans))
        unknown = set(humans) - set(game.players)
        if unknown:
            raise ValueError(f"{', '.join(sorted(unknown))} is not a side of {game.title}; sides: "
                             f"{', '.join(game.players)}")
        missing = [p for p in game.players if p not in self.humans and p not in bots]
        if missing:
            raise ValueError(f"no one plays {', '.join(missing)}: give a bot for it or make it human")
        self.bots = {p: b for p, b in bots.items() if p not in self.humans}
        self.hidden_information = hidden_information
        self.curtain = False
        first = game.current_player()
        self.viewer: str | None = first if first in self.humans else (self.humans[0] if self.humans else None)
        self.message = ""
        self.last_action: Action | None = None
        self.last_events: list[Event] = []
        self._undo: list[tuple[Game, int]] = []  # (copy before a human's action, number of rolls then)
        self._sync_viewer()
        if mode == "vs_bot":
            self.run_bots()

    # -- whose turn -----------------------------------------------------------------------------------
    def to_act(self) -> str | None:
        return self.game.current_player()

    def is_human_turn(self) -> bool:
        return self.to_act() in self.humans

    def _sync_viewer(self) -> None:
        """Point the view at the side to act; in hot-seat with secrets, drop the curtain first."""
        side = self.to_act()
        if side is None or side not in self.humans:
            return
        if side != self.viewer:
            if self.mode == "hotseat" and self.hidden_information and self.viewer is not None:
                self.curtain = True
            else:
                self.viewer = side

    def lift_curtain(self) -> None:
        """The next player has the screen: show that side's view."""
        self.curtain = False
        side = self.to_act()
        if side in self.humans:
            self.viewer = side

    def observation(self) -> dict:
        """What the screen shows now: the viewer's view, or a spectator's while the curtain is down."""
        return self.game.observation(None if self.curtain else self.viewer)

    # -- choosing actions -------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """What the person at the screen may do now (nothing while a bot is to act or the curtain is down)."""
        if self.curtain or not self.is_human_turn() or self.game.is_over():
            return []
        return self.game.legal_actions()

    def actions_at(self, place: str) -> list[Action]:
        """The legal actions that concern a zone or area: the main one first, then the others."""
        actions = self.legal_actions()
        main = [a for a in actions if a.places()[:1] == (place,)]
        other = [a for a in actions if place in a.places()[1:]]
        return main + other

    def selectable_places(self) -> set[str]:
        return {p for a in self.legal_actions() for p in a.places()[:1]}

    def apply(self, action: Action | str | dict) -> Outcome:
        """Carry out the person's action; an illegal one is refused with the rule and nothing changes."""
        if self.curtain:
            return self._refuse("Pass the screen first: the other player must click to see their side.")
        if self.game.is_over():
            return self._refuse("The game is over. Start a new game or load a saved one.")
        if not self.is_human_turn():
            return self._refuse(f"It is {self.to_act()}'s turn, played by the computer.")
        before = self.game.clone(log=True)
        rolls = len(self.game.dice.rolls)
        events = len(self.game.log)
        try:
            self.game.apply(action)
        except IllegalAction as e:
            return self._refuse(str(e), e.rule)
        self._undo.append((before, rolls))
        del self._undo[:-1]  # only the last own action can be undone
        self.last_action = self.game.history[-1]
        self.last_events = list(self.game.log)[events:]
        self.message = ""
        if self.mode == "vs_bot":
            self.last_events += self.run_bots()
        self._sync_viewer()
        return Outcome(True, "", None, self.last_events)

    def _refuse(self, message: str, rule: str | None = None) -> Outcome:
        self.message = message
        return Outcome(False, message, rule)

    # -- bots ------------------------------------------------------------------------------------------
    def run_bots(self, limit: int = 10_000) -> list[Event]:
        """Let bots act until a human must decide or the game ends; returns what happened."""
        events = len(self.game.log)
        for _ in range(limit):
            side = self.to_act()
            if side is None or side not in self.bots:
                break
            self.last_action = self.bots[side].choose(self.game, side)
            self.game.apply(self.last_action)
        self._sync_viewer()
        return list(self.game.log)[events:]

    def step(self) -> Outcome:
        """One bot action (the "watch two bots" mode and its replay speed)."""
        side = self.to_act()
        if side is None:
            return Outcome(False, "The game is over.")
        if side not in self.bots:
            return Outcome(False, f"{side} is played by a person.")
        events = len(self.game.log)
        self.last_action = self.bots[side].choose(self.game, side)
        self.game.apply(self.last_action)
        self.last_events = list(self.game.log)[events:]
        return Outcome(True, "", None, self.last_events)

    # -- undo ------------------------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """The last own action can be undone if no die was rolled (nor chit drawn) since it was taken."""
        if not self._undo or self.curtain:
            return False
        _, rolls = self._undo[-1]
        return len(self.game.dice.rolls) == rolls

    def undo(self) -> Outcome:
        if not self._undo:
            return self._refuse("There is nothing of yours to undo.")
        if not self.can_undo:
            return self._refuse("That can't be undone: dice were rolled (or chits drawn) since.")
        before, _ = self._undo.pop()
        self.game = before
        self.last_action = None
        self.last_events = []
        self.message = "Undone."
        side = self.to_act()
        if side in self.humans:
            self.viewer = side
        return Outcome(True, "Undone.")

    # -- saving ----------------------------------------------------------------------------------------
    def save(self) -> str:
        return self.game.to_json()

    def load(self, text: str | bytes) -> Outcome:
        """Resume a saved game (same sides and bots); a bad file is refused and nothing changes."""
        try:
            game = load_game(text)
        except SaveFileError as e:
            return self._refuse(str(e))
        if game.name != self.game.name:
            return self._refuse(f"That file is a game of {game.title}, not of {self.game.title}.")
        self.game = game
        self._undo.clear()
        self.curtain = False
        self.viewer = self.humans[0] if self.humans else None
        self.last_action, self.last_events, self.message = None, [], "Game loaded."
        self._sync_viewer()
        if self.mode == "vs_bot":
            self.run_bots()
        return Outcome(True, "Game loaded.")

    # -- what to show ----------------------------------------------------------------------------------
    def log_lines(self, n: int = 12) -> list[Event]:
        """The last ``n`` events the person at the screen may see."""
        viewer = None if self.curtain else self.viewer
        if self.mode == "bots":
            viewer = None
        return self.game.log.tail(n, viewer)

    def last_rolls(self) -> list[Event]:
        return [e for e in self.last_events if e.kind == "roll"]

    def current_rule(self) -> str | None:
        """The rule section to show on the rule card: the last action's, else the one being decided."""
        if self.last_action is not None and self.last_action.rule:
            return self.last_action.rule
        actions = self.game.legal_actions() if not self.game.is_over() else []
        return actions[0].rule if actions and actions[0].rule else None

    def prompt(self) -> str:
        if self.curtain:
            return f"Pass the screen to {self.to_act()}. {self.to_act()}: click the button when the other " \
                   "player is not looking."
        text = self.game.prompt()
        if not self.game.is_over() and self.to_act() in self.bots:
            text += " (the computer plays this side)"
        return text
