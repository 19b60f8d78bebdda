"""peloponnesos — play the campaigns of the Peloponnesian War beside the passages of Thucydides.

>>> import peloponnesos as pp
>>> game = pp.new_game("duel", seed=1)
>>> result = pp.play(game, {side: pp.RandomBot(seed=2) for side in game.players})
>>> result.winner in game.players + (None,)
True
"""

from __future__ import annotations

from . import (
    games,  # a callable package: peloponnesos.games() lists the games
    lazy_imports,
)
from .core import (
    Action,
    Bot,
    Game,
    IllegalAction,
    RandomBot,
    Result,
    SaveFileError,
    load_game,
    new_game,
    play,
)

__version__ = "0.1.0"

lazy_imports.install()  # before anything imports plotly: the first map a second sooner (see lazy_imports.py)


def _plain_errors_in_notebooks() -> None:
    """In a Jupyter kernel, this package's errors show as one plain sentence (``display.errors``)."""
    import sys

    if "IPython" in sys.modules:  # only where IPython already runs: importing it here would cost time
        from .display.errors import install

        install()


_plain_errors_in_notebooks()


def rules(game: str):
    """The rule book of ``game``: ``rules("sfacteria")["7"].passages``."""
    from .core.registry import game_class

    return game_class(game).rules()


def passage(ref: str, corpus=None, *, allow_long: bool = False):
    """A passage of Thucydides by citation: ``passage("4.26.2")`` (English and Greek, with credit); a longer
    stretch than ``sources.MAX_SECTIONS`` sections needs ``allow_long=True``."""
    from .sources import passage as _passage

    return _passage(ref, corpus=corpus, allow_long=allow_long)


__all__ = [
    "Action", "Bot", "Game", "IllegalAction", "RandomBot", "Result", "SaveFileError", "__version__",
    "games", "load_game", "new_game", "passage", "play", "rules",
]
