"""ipywidgets panels over a :class:`Session` (the session itself imports no widgets).

``play("sfacteria")`` shows a start screen, then the game; ``panel("sfacteria", mode="vs_bot")`` builds
a panel directly. Importing this package does not import ipywidgets until one of them is called.
"""

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
