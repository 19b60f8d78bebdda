"""The Siege of Syracuse (Turning Point Simulations), 415–413 BC, as a headless engine: the campaign on the area
map and pitched battles on the tactical battle board (Thucydides books 6–7).

>>> from peloponnesos.games.syracuse import SyracuseGame
"""

from .engine import SyracuseGame
from .tables import load_tables

__all__ = ["SyracuseGame", "load_tables"]
