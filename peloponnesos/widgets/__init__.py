"""ipywidgets panels over a :class:`Session` (the session itself imports no widgets).

``play("sfacteria")`` shows a start screen, then the game; ``panel("sfacteria", mode="vs_bot")`` builds
a panel directly. Importing this package does not import ipywidgets until one of them is called.
"""

import sys
import types

from .session import MODES, Outcome, Session


def play(name: str, **defaults):
    """Show the start screen of game ``name``: how to play, which side, which computer player."""
    from .launch import play as _play

    return _play(name, **defaults)


def panel(name: str, **kwargs):
    """A game panel, ready to play: ``panel("sfacteria", mode="vs_bot", side="Athens", seed=1)``."""
    from .launch import panel as _panel

    return _panel(name, **kwargs)


__all__ = ["MODES", "Outcome", "Session", "panel", "play"]


class _Package(types.ModuleType):
    """This package, keeping ``panel`` the function: importing the module ``panel.py`` would otherwise put
    the module in its place, and ``from peloponnesos.widgets import panel`` run again in the same kernel
    (a lesson's "Run All Cells" a second time) would give a module that cannot be called. The module's
    contents are reached with ``from peloponnesos.widgets.panel import GamePanel``."""

    def __setattr__(self, name: str, value) -> None:
        if name == "panel" and isinstance(value, types.ModuleType):
            return  # the module stays reachable as sys.modules["peloponnesos.widgets.panel"]
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
