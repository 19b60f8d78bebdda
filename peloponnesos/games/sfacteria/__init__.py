"""Sfacteria, 425 BC: the fight for Pylos and Sphacteria (Thucydides 4.2–4.41) as a headless engine.

>>> from peloponnesos.games.sfacteria import SfacteriaGame, SfacteriaHeuristicBot
"""

from .bots import SfacteriaHeuristicBot
from .engine import SfacteriaGame, odds_column
from .tables import load_tables

__all__ = ["SfacteriaGame", "SfacteriaHeuristicBot", "load_tables", "odds_column"]
