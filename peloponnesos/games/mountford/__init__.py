"""Brian Mountford's Peloponnesian War: chapters 4 (movement) and 5 (combat) on a reconstructed map of the
Greek world, with a small reconstructed frame (rules 10.x, ours) that makes a two-player game.

>>> from peloponnesos.games.mountford import MountfordGame
"""

from .engine import MountfordGame
from .tables import load_tables

__all__ = ["MountfordGame", "load_tables"]
