"""A Peloponnesian War (diceless) — Lumaca Games, Marco Campari 2014: the rules engine, the map and bots.

>>> from peloponnesos.games.diceless import DicelessGame
>>> game = DicelessGame(seed=1, first_placer="Sparta")
>>> game.players
('Sparta', 'Athens')
"""

from .actions import ChooseFirstPlacer, KeepChits, PlaceChit, PlaceCounter, SwapChit
from .engine import DicelessGame

__all__ = ["ChooseFirstPlacer", "DicelessGame", "KeepChits", "PlaceChit", "PlaceCounter", "SwapChit"]
