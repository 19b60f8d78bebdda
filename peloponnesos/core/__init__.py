"""The kernel every game shares: actions, errors, dice, the event log, rules, saving, bots, tables files
(``core.tables``) and exact odds (``core.odds``).

Standard library only: no plotly, ipywidgets or pandas here (pandas is imported lazily by
``EventLog.to_dataframe``).
"""

from .actions import Action
from .bots import Bot, GameTooLong, RandomBot, play
from .dice import Dice, Roll
from .errors import IllegalAction, OptionError, PeloponnesosError, SaveFileError, TablesError, UnknownGame, UnknownRule
from .game import Game, Result
from .log import Event, EventLog
from .registry import GameInfo, bots_for, game_class, game_info, games, new_game
from .rules import RuleBook, RuleSection
from .save import load_game

__all__ = [
    "Action", "Bot", "Dice", "Event", "EventLog", "Game", "GameInfo", "GameTooLong", "IllegalAction", "OptionError",
    "PeloponnesosError", "RandomBot", "Result", "Roll", "RuleBook", "RuleSection", "SaveFileError",
    "TablesError", "UnknownGame", "UnknownRule", "bots_for", "game_class",
    "game_info", "games", "load_game", "new_game", "play",
]
