"""A game being played at one screen: who is human, the bots, the hot-seat curtain, undo, save/load.

No ipywidgets here: pytest drives every interaction of a panel through this class, and the widget
layer only wires buttons and map clicks to it.

Modes:
* ``"hotseat"`` — two players share the screen; where the game hides information, each side sees only
  its own secrets: when a player has finished, a public "what happened" screen shows both players what
  they may now see (a reveal, the other side's moves), then a curtain falls ("pass the laptop") until
  the next player asks to see their side;
* ``"vs_bot"`` — one player against a bot; the bot answers at once;
* ``"bots"`` — two bots play; ``step()`` advances one action (the panel plays them at a chosen speed).

Undo belongs to the side that moved: only its last action, only while that player still has the screen
and only while nothing new came to light since — no die rolled or chit drawn, no event of kind
``"reveal"``, nothing done by or shown about another side, the game not over. Games mark an event that
turns hidden information over with ``kind="reveal"`` or with the side whose secret it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from ..core import Action, Bot, Game, IllegalAction, SaveFileError, load_game
from ..core.log import Event

MODES = ("hotseat", "vs_bot", "bots")
PLAY, REVIEW, CURTAIN = "play", "review", "curtain"  # hot-seat stages: a player's view, what happened, the curtain


@dataclass(slots=True)
class Outcome:
    """What happened when the screen asked for an action: done, or refused with the rule and reason."""

    ok: bool
    message: str
    rule: str | None = None
    events: list[Event] = field(default_factory=list)


@dataclass(slots=True)
class _Undoable:
    """What is needed to take back one action: the game before it, who took it, and how far dice, log and
    history had got then (anything added since is compared with these)."""

    before: Game
    side: str
    rolls: int
    events: int
    actions: int


def _brings_news(event: Event, mover: str) -> bool:
    """Does ``event`` show ``mover`` something new, so that taking back the move would let them choose again
    knowing it? A die or a draw, a reveal, or anything done by, or shown only to, another side."""
    return (event.kind in ("roll", "draw", "reveal") or event.private_to not in (None, mover)
            or event.side not in (None, mover))


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
        self.stage = PLAY
        self.viewer: str | None = None
        self.message = ""
        self.last_action: Action | None = None
        self.last_events: list[Event] = []
        self._undo: list[_Undoable] = []  # only the last own action can be taken back
        self._secrets = False  # has the game dealt anything secret yet? (then hot-seat needs the curtain)
        self._scanned = 0  # log events looked at for secrets so far
        self._shown = 0  # log events up to here were on a screen both players could see
        self._hand_over()
        if mode == "vs_bot":
            self.run_bots()

    # -- whose turn -----------------------------------------------------------------------------------
    def to_act(self) -> str | None:
        return self.game.current_player()

    def is_human_turn(self) -> bool:
        return self.to_act() in self.humans

    @property
    def curtain(self) -> bool:
        """The curtain is down: the screen waits for the next player and shows nothing of anyone's hand."""
        return self.stage == CURTAIN

    @property
    def review(self) -> bool:
        """The public "what happened" screen is up: a hot-seat player has finished, both may look."""
        return self.stage == REVIEW

    def _screen_is_shared(self) -> bool:
        """Two players at one screen and something in the game is secret (private events have been logged)."""
        if self.mode != "hotseat" or not self.hidden_information:
            return False
        if not self._secrets:
            events = self.game.log.events
            self._secrets = any(e.private_to is not None for e in events[self._scanned:])
            self._scanned = len(events)
        return self._secrets

    def _hand_over(self) -> None:
        """A fresh start (new or loaded game): in hot-seat with secrets the curtain falls first, since anyone
        may be looking; otherwise the view goes to the side to act."""
        self.stage, self.viewer, self._secrets, self._scanned = PLAY, None, False, 0
        self._shown = len(self.game.log)
        side = self.to_act()
        if self._screen_is_shared():
            self.stage = CURTAIN if side in self.humans else REVIEW
        elif side in self.humans:
            self.viewer = side
        elif self.humans and self.mode != "bots":
            self.viewer = self.humans[0]

    def _sync_viewer(self) -> None:
        """After something was done: point the view at the side to act or, in hot-seat with secrets, put
        up the public "what happened" screen when the player at the screen has finished, something was
        turned over, the first secret was dealt (both were looking until then) or the game is over."""
        side = self.to_act()
        was_shared = self._secrets
        if not self._screen_is_shared():
            if side in self.humans:
                self.viewer = side
            self._shown = len(self.game.log)
            return
        if self.stage != PLAY:
            return
        news = any(e.kind == "reveal" or (e.private_to is None and e.side not in (None, self.viewer))
                   for e in self.game.log.events[self._shown:])
        if not was_shared or self.viewer is None or side != self.viewer or news or self.game.is_over():
            self.stage = REVIEW

    def what_happened(self) -> list[Event]:
        """The public events since both players last looked at the screen together (the review screen)."""
        return [e for e in self.game.log.events[self._shown:] if e.private_to is None]

    def pass_screen(self) -> Outcome:
        """The player who has finished is done looking at "what happened": the curtain falls, and from now on
        nothing done before it can be taken back."""
        if self.stage != REVIEW:
            return self._refuse("There is nothing to pass on now.")
        if self.game.is_over():
            return self._refuse("The game is over. Start a new game or load a saved one.")
        self.stage = CURTAIN
        self._shown = len(self.game.log)
        self._undo.clear()
        self.message = ""
        return Outcome(True, "")

    def lift_curtain(self) -> None:
        """The next player has the screen: show that side's view."""
        if self.stage == REVIEW:
            self.pass_screen()
        if self.stage != CURTAIN:
            return
        self.stage = PLAY
        self._shown = len(self.game.log)
        side = self.to_act()
        if side in self.humans:
            self.viewer = side

    def _screen_viewer(self) -> str | None:
        """Whose secrets the screen may show now (``None``: only what both sides may see)."""
        return self.viewer if self.stage == PLAY and self.mode != "bots" else None

    def observation(self) -> dict:
        """What the screen shows now: the viewer's view, or a spectator's on the review screen or the curtain."""
        return self.game.observation(self._screen_viewer())

    # -- choosing actions -------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """What the person at the screen may do now (nothing while a bot is to act or the curtain is down)."""
        if self.stage != PLAY or not self.is_human_turn() or self.game.is_over():
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
        if self.review and not self.game.is_over():
            return self._refuse("You have finished: click the button to pass the screen "
                                f"to {self.to_act()}.")
        if self.game.is_over():
            return self._refuse("The game is over. Start a new game or load a saved one.")
        if not self.is_human_turn():
            return self._refuse(f"It is {self.to_act()}'s turn, played by the computer.")
        game = self.game
        mover = self.to_act()
        before = game.clone(log=True)
        events = len(game.log)
        undoable = _Undoable(before, mover, len(game.dice.rolls), events, len(game.history))
        try:
            game.apply(action)
        except IllegalAction as e:
            return self._refuse(str(e), e.rule)
        self._undo[:] = [undoable]  # only the last own action can be undone
        self.last_action = self.game.history[-1]
        return self._moved(events)

    def _moved(self, events: int) -> Outcome:
        """After a person's move (or moves made for them): what happened since log event ``events``, then the
        computer's answer in a game against it."""
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

    def autoplay(self, bot: Bot, until: Callable[[Game], bool], limit: int = 2_000) -> Outcome:
        """The computer (``bot``) decides for every side, people's too, until ``until(game)`` holds, the game ends
        or ``limit`` decisions were made: a class watches a stretch of open play (The Siege of Syracuse: one round
        of a pitched battle). Only for what both sides may see; nothing done may be taken back."""
        if self.curtain or self.review:
            return self._refuse("Pass the screen first: the next player must click to see their side.")
        if self.game.is_over():
            return self._refuse("The game is over. Start a new game or load a saved one.")
        events = len(self.game.log)
        for _ in range(limit):
            if self.game.is_over() or until(self.game):
                break
            side = self.to_act()
            self.last_action = self.bots.get(side, bot).choose(self.game, side)
            self.game.apply(self.last_action)
        self._undo.clear()
        return self._moved(events)

    # -- undo ------------------------------------------------------------------------------------------
    def _undo_refusal(self) -> str | None:
        """Why the last action cannot be taken back now (``None``: it can)."""
        if not self._undo:
            return "There is nothing of yours to undo."
        last = self._undo[-1]
        game = self.game
        if self.curtain or last.side != self.viewer:
            if self._screen_is_shared():
                return f"Only {last.side} can take back {last.side}'s move, before passing the screen."
            return f"Only {last.side} can take back {last.side}'s move, and only before the other side has moved."
        if game.is_over():
            return "The game is over: its last move cannot be taken back."
        if len(game.dice.rolls) != last.rolls:
            return "That can't be undone: dice were rolled (or chits drawn) since."
        if len(game.history) != last.actions + 1 or any(_brings_news(e, last.side)
                                                        for e in game.log.events[last.events:]):
            return "That can't be undone: something new has been shown since."
        return None

    @property
    def can_undo(self) -> bool:
        """The person at the screen may take back their last action (see the module's docstring)."""
        return self._undo_refusal() is None

    @property
    def undo_refusal(self) -> str | None:
        """Why the person at the screen cannot take back their last action now, in words (``None``: they can)."""
        return self._undo_refusal()

    def undo(self) -> Outcome:
        """Take back the last action of the player at the screen, if nothing new came to light since."""
        refusal = self._undo_refusal()
        if refusal is not None:
            return self._refuse(refusal)
        last = self._undo.pop()
        self.game = last.before
        self._secrets, self._scanned = False, 0  # looked at again in the game as it was
        self.last_action = None
        self.last_events = []
        self.message = "Undone."
        if self.stage == REVIEW:
            # the "what happened" screen may have been seen by both: the mover's side comes back behind the curtain
            self.stage = CURTAIN
            self.message = f"Undone. {last.side}: click the button to see your side again."
        self.viewer = last.side
        return Outcome(True, self.message)

    # -- saving ----------------------------------------------------------------------------------------
    def save(self) -> str:
        return self.game.to_json()

    def load(self, text: str | bytes) -> Outcome:
        """Resume a saved game (same sides and bots). Whatever is wrong with the file — not a save, damaged,
        empty, not text, a game of another kind — it is refused in words and nothing changes."""
        if isinstance(text, (bytearray, memoryview)):
            text = bytes(text)
        if not isinstance(text, (str, bytes)):
            return self._refuse_file("This is not a saved game that can be loaded: expected the text of a saved "
                                     f"game, not {type(text).__name__}.")
        if not text.strip():
            return self._refuse_file("This is not a saved game that can be loaded: the file is empty.")
        try:
            game = load_game(text)
        except SaveFileError as e:
            return self._refuse_file(str(e))
        except Exception:  # anything else the loader did not foresee: still a sentence, never a traceback
            return self._refuse_file("This is not a saved game that can be loaded: the file could not be read as "
                                     "one (it may be damaged, or made by another program).")
        if game.name != self.game.name:
            return self._refuse_file(f"That file is a game of {game.title}, not of {self.game.title}.")
        self.resume(game)
        self.message = "Game loaded."
        return Outcome(True, "Game loaded.")

    def resume(self, game: Game) -> None:
        """Go on with ``game`` (a game of the same kind) in this session: same sides and computer players; the
        screen is handed to whoever is to act, and the computer plays if it is its turn."""
        self.game = game
        self._undo.clear()
        self.last_action, self.last_events = None, []
        self._hand_over()
        if self.mode == "vs_bot":
            self.run_bots()

    def _refuse_file(self, reason: str) -> Outcome:
        return self._refuse(f"{reason.rstrip('.')}. The game on the screen is unchanged.")

    # -- what to show ----------------------------------------------------------------------------------
    def log_lines(self, n: int = 12) -> list[Event]:
        """The last ``n`` events the person at the screen may see."""
        return self.game.log.tail(n, self._screen_viewer())

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
        if self.review and not self.game.is_over():
            return (f"What happened: both players may look. Then pass the screen to {self.to_act()}.")
        text = self.game.prompt()
        if not self.game.is_over() and self.to_act() in self.bots:
            text += " (the computer plays this side)"
        return text
