"""A lesson's "Show our game" button: after playing, a class looks at its own game, in JupyterLab and in Voilà.

A Voilà page runs the lesson once, before anyone plays, so a cell that looks at "the game played above" would
always find it empty. A button looks when it is pressed::

    our_game_button([start_screen, game_panel], show=analyse, description="Analyse our game")

takes, at each press, the game played furthest of the panels (or start screens, or games) given and calls
``show(game)`` under the button; before the first move it says plainly "Nobody has played yet". Lessons 02 and 03
use it; so can any lesson with a panel above a section about the game played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

NOBODY = "<b>Nobody has played yet.</b> Play the game above first."


def game_of(source: Any):
    """The game of ``source``: a game panel's game, a start screen's (``None`` before its game starts), or the
    game itself."""
    if source is None or hasattr(source, "history"):
        return source
    if hasattr(source, "session"):  # a game panel
        return source.session.game
    if hasattr(source, "panel"):  # a start screen: its panel, once the class pressed "Start the game"
        return game_of(source.panel)
    from ..core.errors import OptionError
    from ..core.inputs import shown

    raise OptionError(f"our_game_button looks at games, game panels or start screens; {shown(source)} is none of "
                      f"these")


def our_game(*sources: Any):
    """The class's game: of the games of ``sources`` (panels, start screens, games), the one played furthest
    (the first given, on a tie); ``None`` if none has started."""
    games = [game for game in map(game_of, sources) if game is not None]
    return max(games, key=lambda game: len(game.history), default=None)


class OurGameButton:
    """A button and what it shows: ``widget`` (the button above the space where ``show(game)`` displays the
    class's game), ``button``, ``message`` (a plain line: nobody has played yet, or what went wrong) and
    ``output``. ``press()`` does what a click does."""

    def __init__(self, sources: Iterable[Any], show: Callable[[Any], Any], *, description: str = "Show our game",
                 icon: str = "eye", font_size: str = "1.3em", nobody: str = NOBODY) -> None:
        import ipywidgets as w

        self.sources = list(sources)
        self.show = show
        self.nobody = f'<p style="font-size:{font_size}">{nobody}</p>'
        self.font_size = font_size
        # A button as wide as its words: in a column of widgets, width "auto" alone stretches it across the page.
        self.button = w.Button(description=description, icon=icon, button_style="primary", tooltip=description,
                               layout=w.Layout(width="auto", min_height="48px", align_self="flex-start"))
        self.button.style.font_size = font_size  # (the words on the button as large as the lines it shows)
        self.message = w.HTML()
        self.output = w.Output()
        self.widget = w.VBox([self.button, self.message, self.output])
        self.button.on_click(lambda _: self.press())

    def press(self):
        """Show the class's game now (as a click does); returns what ``show`` returned, ``None`` if nobody has
        played yet or the game could not be shown."""
        game = our_game(*self.sources)
        self.output.clear_output(wait=True)
        if game is None or not game.history:
            self.message.value = self.nobody
            return None
        self.message.value = ""
        with self.output:
            try:
                return self.show(game)
            except Exception as error:  # a page to read shows one plain line, not a traceback
                self.message.value = (f'<p style="font-size:{self.font_size}"><b>This game could not be shown.</b> '
                                      f"{escape(type(error).__name__)}: {escape(str(error))}</p>")
                return None

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def our_game_button(sources: Iterable[Any], show: Callable[[Any], Any], **options: Any) -> OurGameButton:
    """A button that shows the class's own game: at each press, ``show(game)`` on the game played furthest of
    ``sources`` (game panels, start screens or games), or "Nobody has played yet" before the first move.
    ``description`` (default "Show our game"), ``icon``, ``font_size`` and ``nobody`` (the message) can be set."""
    return OurGameButton(sources, show, **options)
