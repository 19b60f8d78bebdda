"""Starting a game in a notebook: ``play("sfacteria")`` shows a start screen (how to play, which side,
which computer player), then the game panel; ``panel(...)`` builds a panel directly.

A game whose rules are built but whose board is not on the screen yet (a new game's first days), or a game
still being built, gets a start screen that says so plainly, with what can be done instead: it never shows a
start button that does nothing."""

from __future__ import annotations

import importlib
from html import escape
from typing import Any

import ipywidgets as w

from ..core.errors import OptionError
from ..core.inputs import find_name
from ..core.registry import bots_for, game_info, games, new_game
from .closing import close_all, owned_widgets
from .panel import STYLE
from .session import Session

PANELS = {
    "sfacteria": "peloponnesos.widgets.panel:GamePanel",
    "diceless": "peloponnesos.widgets.diceless:DicelessPanel",
    "duel": "peloponnesos.widgets.panel:GamePanel",
    "mountford": "peloponnesos.widgets.mountford:MountfordPanel",
    "syracuse": "peloponnesos.widgets.syracuse:SyracusePanel",
}
HIDDEN_INFORMATION = {"sfacteria": True, "diceless": True, "duel": False, "mountford": False, "syracuse": True}
# Games with prepared positions (option ``scenario``): where the start screen finds their (title, name) choices.
SCENARIOS = {"syracuse": "peloponnesos.games.syracuse.scenarios:choices"}
MODE_CHOICES = (("Two players, one screen", "hotseat"), ("Against the computer", "vs_bot"),
                ("Watch the computer play", "bots"))
MODES = tuple(mode for _, mode in MODE_CHOICES)


def has_panel(name: str) -> bool:
    """Can game ``name`` be played on the screen (a panel and a map)?"""
    from ..render import RENDERERS

    return name in PANELS and name in RENDERERS


def default_bot(name: str) -> str:
    """The computer player a class meets unless it chooses another: the catalogue's ``default_bot`` (the one
    the lessons use, not the strongest), else the first listed."""
    info = game_info(name)
    return info.default_bot or (info.bots[0][0] if info.bots else "random")


def _panel_class(name: str):
    if not has_panel(name):
        raise ValueError(f"there is no panel for {name!r} yet; panels exist for: {', '.join(PANELS)}")
    module, _, cls = PANELS[name].partition(":")
    return getattr(importlib.import_module(module), cls)


def make_session(name: str, *, mode: str = "vs_bot", side: str | None = None, bot: str | None = None,
                 seed: int | None = None, game=None, **options: Any) -> Session:
    """A session of game ``name``: ``mode`` hotseat / vs_bot / bots, the human ``side``, the ``bot``'s name."""
    if mode not in MODES:
        raise OptionError(f"mode={mode!r} is not a way to play: choose {', '.join(map(repr, MODES))} "
                          f"({'; '.join(f'{m!r}: {label.lower()}' for label, m in MODE_CHOICES)}).")
    game = game if game is not None else new_game(name, seed=seed, **options)
    if side is not None:
        named = find_name(side, game.players)
        if named is None:
            raise OptionError(f"side={side!r} is not a side of {game.title}: choose "
                              f"{' or '.join(map(repr, game.players))}.")
        side = named
    bots = bots_for(name)
    choice = bot or default_bot(name)
    if choice not in bots:
        raise OptionError(f"no computer player called {choice!r} for {game.title}; choose from {', '.join(bots)}")
    humans = {"hotseat": game.players, "vs_bot": (side or game.players[0],), "bots": ()}[mode]
    seats = [p for p in game.players if p not in humans]
    bot_seed = (seed or 0) + 1
    players = {p: bots[choice](seed=bot_seed + i) for i, p in enumerate(seats)}
    return Session(game, mode=mode, humans=humans, bots=players,
                   hidden_information=HIDDEN_INFORMATION.get(name, True))


def panel(name: str, *, mode: str = "vs_bot", side: str | None = None, bot: str | None = None,
          seed: int | None = None, game=None, **options: Any):
    """The game panel, ready to play: ``panel("sfacteria", mode="vs_bot", side="Athens")``."""
    session = make_session(name, mode=mode, side=side, bot=bot, seed=seed, game=game, **options)
    cls = _panel_class(name)
    from ..render import renderer_for

    return cls(session, renderer_for(name))


class StartScreen:
    """Choose how to play, then the panel replaces this screen. "New game" under the panel brings the choices
    back; the game on the screen stays (and "Back to the game" returns to it) until another one starts,
    and then its panel is closed. ``close()`` closes the screen and its panel."""

    def __init__(self, name: str, **defaults: Any) -> None:
        self.name = name
        self.info = game_info(name)
        self.panel = None
        self.playable = self.info.ready and has_panel(name)
        self._style = w.HTML(STYLE)
        intro = w.HTML(f"<h3 style='margin:4px 0'>{escape(self.info.title)}</h3><p>{escape(self.info.summary)}</p>")
        self.start = w.Button(description="Start the game", button_style="success", icon="play",
                              layout=w.Layout(width="auto", min_width="240px", height="48px"))
        self.back = w.Button(description="Back to the game", icon="arrow-left", layout=w.Layout(height="48px",
                             width="auto", display="none"), tooltip="Go on with the game you were playing")
        self.new_game = w.Button(description="New game", icon="redo", layout=w.Layout(width="auto"),
                                 tooltip="Choose again how to play; this game stays until you start another one")
        if not self.playable:  # say why, plainly, and show no button that would do nothing
            self.start.layout.display = "none"
            self.why_not = w.HTML(self._why_not())
            self.form = w.VBox([intro, self.why_not])
            self.widget = w.VBox([self._style, self.form])
            self.widget.add_class("pelo-panel")
            return
        self.bots = bots_for(name)
        game_cls = _game_class(name)
        wide = {"description_width": "initial"}
        self.mode = w.ToggleButtons(options=MODE_CHOICES, value=defaults.get("mode", "vs_bot"),
                                    style={"button_width": "auto"}, tooltips=[
                                        "Two players share this screen and take turns",
                                        "You play one side, the computer the other",
                                        "The computer plays both sides, at the speed you choose"])
        self.side = w.Dropdown(options=list(self.info.players), value=defaults.get("side", self.info.players[0]),
                               description="Your side", style=wide)
        self.bot = w.Dropdown(options=list(self.bots),
                              value=defaults.get("bot", default_bot(name)),
                              description="Computer player", style=wide)
        self.seed = w.IntText(value=defaults.get("seed", 1), description="Game number", style=wide,
                              layout=w.Layout(width="260px"),
                              tooltip="The same number gives the same dice: useful to replay a game as a class")
        scenarios = _scenario_choices(name)
        self.scenario = w.Dropdown(options=scenarios or [("", None)], value=defaults.get("scenario"),
                                   description="What to play", style=wide, layout=w.Layout(
                                       width="auto", max_width="100%", display="flex" if scenarios else "none"))
        self.options = {
            key: w.Checkbox(value=bool(default), description=key.replace("optional_", "optional rule: ")
                            .replace("_", " "), indent=False, layout=w.Layout(width="auto"))
            for key, default in game_cls.option_defaults.items() if isinstance(default, bool)
        }
        # Games that know the players' names (the diceless game: rule 1.1 asks who is younger) ask for them.
        self.names = ({side: w.Text(description=f"{side}:", placeholder="a name (optional)", style=wide)
                       for side in self.info.players} if "names" in game_cls.option_defaults else {})
        self.start.on_click(lambda _: self.begin())
        self.back.on_click(lambda _: self.show_game())
        self.new_game.on_click(lambda _: self.show_choices())
        self.mode.observe(lambda _: self._sync(), names="value")
        how = w.HTML("<b>How do you want to play?</b>")
        names_row = ([w.HTML("<b>Players' names</b> (shown on the screen that says whose turn it is)"),
                      w.HBox(list(self.names.values()), layout=w.Layout(flex_flow="row wrap"))]
                     if self.names else [])
        self.form = w.VBox([intro, how, self.mode, w.HBox([self.side, self.bot], layout=w.Layout(flex_flow="row wrap")),
                            *names_row, self.scenario, self.seed, *self.options.values(),
                            w.HBox([self.start, self.back])])
        self.widget = w.VBox([self._style, self.form])
        self.widget.add_class("pelo-panel")
        self._sync()

    def _why_not(self) -> str:
        title = escape(self.info.title)
        if not self.info.ready:
            return (f'<p class="pelo-message" role="note"><b>{title} is still being built</b>: it cannot be played '
                    f"yet. The games ready now: {escape(', '.join(g.name for g in _ready_games()))}.</p>")
        return (f'<p class="pelo-message" role="note"><b>The board of {title} is not on the screen yet</b>, so it '
                "cannot be started here. Its rules are ready: students who code can play it from Python, for "
                f'example <code>game = pp.new_game("{escape(self.name)}")</code>, then '
                "<code>game.legal_actions()</code> and <code>game.apply(…)</code>.</p>")

    def _sync(self) -> None:
        self.side.layout.display = "flex" if self.mode.value == "vs_bot" else "none"
        self.bot.layout.display = "none" if self.mode.value == "hotseat" else "flex"

    def begin(self):
        options = {k: box.value for k, box in self.options.items()}
        if self.scenario.value:
            options["scenario"] = self.scenario.value
        names = {side: box.value.strip() for side, box in self.names.items() if box.value.strip()}
        if names:
            options["names"] = {side: names.get(side, side) for side in self.info.players}
        new = panel(self.name, mode=self.mode.value, side=self.side.value, bot=self.bot.value, seed=self.seed.value,
                    **options)
        old, self.panel = self.panel, new
        if old is not None:
            old.close()  # its widgets (a hundred, and the map) would otherwise stay alive in the kernel
        self.show_game()
        return new

    def show_game(self) -> None:
        """The game's panel, with "New game" under it."""
        if self.panel is not None:
            self.widget.children = [self.panel.widget, self.new_game]

    def show_choices(self) -> None:
        """The choices again; the game on the screen is kept until "Start the game" is clicked."""
        self.back.layout.display = "flex" if self.panel is not None else "none"
        self.widget.children = [self._style, self.form]

    def close(self) -> None:
        """Close this screen, its panel and every widget they made."""
        if self.panel is not None:
            self.panel.close()
        close_all([self.widget, self.form, *owned_widgets(self)])

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def _scenario_choices(name: str) -> list[tuple[str, str | None]]:
    """The prepared positions a game offers on its start screen, (title, scenario name), if any."""
    if name not in SCENARIOS:
        return []
    module, _, attr = SCENARIOS[name].partition(":")
    return list(getattr(importlib.import_module(module), attr)())


def _ready_games():
    return [g for g in games(include_planned=False) if has_panel(g.name)]


def _game_class(name: str):
    from ..core.registry import game_class

    return game_class(name)


def play(name: str, **defaults: Any) -> StartScreen:
    """Show the start screen of game ``name`` in a notebook: ``play("sfacteria")``."""
    return StartScreen(name, **defaults)
