"""The game panel: a board, not a document — the map and the decision controls side by side on one screen.

Only wiring lives here; what may be done, undo, bots and the hot-seat curtain are in
:class:`~peloponnesos.widgets.session.Session`. Every control is a real widget with a text label, so a
keyboard reaches everything; the map is a shortcut: a click on a place lists what can be done from it, a
click on a stack opens it, a click on a counter chooses that piece, and a click on a place it can go picks
the move.

Layout (shared by every game's panel): the map on the left, sized by :class:`~.sizer.ScreenSize` to the
room the screen offers (wider on a projector, with bigger names); on the right, the prompt, any message
about the last thing done, the game's decision controls (``controls()``), then a hint for a bigger map, the
dice, the other side's last move and the state of the game, never taller than the screen shows (it scrolls on
its own beyond). Below the board, for who wants them: the map described in words (also read by screen
readers), the game log, saving, and the rule card. When the row is too narrow for a good map beside the
controls (JupyterLab's file browser open on a 1024×768 projector), the controls go under the map, which then
leaves them the room a turn needs (``PLAY_ROOM``): the map and the button that plays stay on one screen.

A game may have more than one board (``renderer.boards()``: The Siege of Syracuse's battle board): each is a
figure of its own, shown in the map's place while it is in use (``board.active(obs)``), with a switch to look at
the other; clicks on it go through the same lists. A renderer may add public facts worked out from the game to
what the screen shows (``renderer.annotate(obs, game, shown)``: odds, supply lines) and offer lines to show on
request (``renderer.overlays``: tick boxes under the map).

In hot-seat, while the "what happened" screen or the curtain is up, every control is filled from what
both sides may see (the hand lists are emptied, choices and typed text cleared), so nothing of the
previous player's hand stays in the page. ``close()`` closes every widget a panel made.
"""

from __future__ import annotations

import base64
import contextlib
import time
from html import escape
from pathlib import Path
from typing import NamedTuple

import ipywidgets as w

from ..core.errors import SaveFileError
from ..render.choices import OTHER, Choice, generic_choice, marks_from_events, split_rule
from ..render.mapfig import Marks, resync
from ..render.odds import table_html
from . import saving
from .closing import close_all, owned_widgets
from .session import PLAY, Session
from .sizer import ScreenSize

STYLE = """<style>
.pelo-panel { font-size: clamp(15px, 0.42vw + 10px, 21px); line-height: 1.35; }
.pelo-panel .widget-button, .pelo-panel .jupyter-button { font-size: 1em; min-height: 40px; height: auto;
  line-height: 1.2; padding: 6px 12px; }
.pelo-panel .widget-select select, .pelo-panel .widget-dropdown select { font-size: 1em; }
.pelo-panel .widget-label, .pelo-panel .widget-html, .pelo-panel .widget-html-content { font-size: 1em; }
.pelo-panel .widget-inline-hbox .widget-label { min-width: 0; }
.pelo-panel .pelo-board { gap: 0 16px; align-items: flex-start; }
.pelo-panel .pelo-map { flex: 0 0 auto; }
.pelo-panel .pelo-controls { flex: 1 1 300px; min-width: 280px; max-width: 560px; overflow-y: auto;
  overflow-x: hidden; padding-right: 4px; }
.pelo-panel .pelo-controls > *, .pelo-panel .pelo-controls .widget-vbox > * { flex-shrink: 0; }
.pelo-panel .pelo-prompt { font-size: 1.15em; font-weight: 700; margin: 0 0 4px 0; }
.pelo-panel .pelo-message { color: #000; background: #F0E442; padding: 4px 8px; margin: 4px 0;
  border-left: 6px solid #D55E00; }
.pelo-panel .pelo-rule { font-size: 0.85em; color: #333; white-space: nowrap; }
.pelo-panel .pelo-last { font-size: 0.9em; border-left: 5px dashed #555; padding: 2px 8px; margin: 4px 0; }
.pelo-panel .pelo-last ul { margin: 2px 0; padding-left: 18px; }
.pelo-panel .pelo-help { font-size: 0.92em; background: #EEF5FB; padding: 4px 8px; margin: 2px 0; }
.pelo-panel .pelo-curtain { font-size: 1.4em; text-align: center; padding: 40px; border: 3px dashed #000; }
.pelo-panel .pelo-review { border: 3px solid #0072B2; border-radius: 8px; padding: 6px 12px; margin: 4px 0; }
.pelo-panel .pelo-review ul { margin: 4px 0; }
.pelo-panel .pelo-log li { margin: 1px 0; }
.pelo-panel .pelo-status { font-size: 0.88em; border-collapse: collapse; }
.pelo-panel .pelo-status td { padding: 1px 10px 1px 0; vertical-align: top; }
.pelo-panel .pelo-key { font-size: 0.8em; line-height: 1.9; }
.pelo-panel .pelo-key span { white-space: nowrap; margin-right: 12px; }
.pelo-panel .pelo-caption { font-size: 0.75em; margin: 0; color: #222; }
.pelo-panel .pelo-sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
.pelo-panel .pelo-files .widget-upload { width: auto; min-width: 190px; }
.pelo-panel .pelo-files .widget-html { margin: 0 12px 0 4px; }
.pelo-panel .widget-html-content { white-space: normal; }
.pelo-panel .pelo-controls .widget-html-content { line-height: 1.35; }
.pelo-panel .pelo-hint { font-size: 0.85em; background: #EEF5FB; border-left: 5px solid #0072B2; padding: 2px 8px;
  margin: 4px 0; }
</style>"""

SAVE_FOLDER = saving.SAVE_FOLDER  # relative to the notebook's folder
WHAT_HAPPENED_LINES = 12
LAST_MOVE_LINES = 4
FIRST_HEIGHT = 600  # the map's height until the browser says how much room there is
SETUP_PHASES = ("setup",)  # an event's phase while the pieces are put on the board before play
QUIET_KINDS = ("phase", "action_phase", "forced", "turn_end", "roll", "draw", "draw_stratagems", "setup")


def _format_message(text: str) -> str:
    """A message as HTML: what happened first, in plain words, and the rule it applies after it, small."""
    words, rule = split_rule(text)
    tag = f' <span class="pelo-rule">({escape(rule)})</span>' if rule else ""
    return f'<div class="pelo-message" role="alert">{escape(words)}{tag}</div>'


class BasePanel:
    """What every game panel has: the map, the prompt, messages, the hot-seat curtain, the bots' play
    controls, dice, log, description, rule card, and saving. Subclasses add their decision controls
    (``controls()``) and fill them in ``refresh_controls()``."""

    CONTROLS_MIN = 300  # px: the narrowest the decision controls may be beside the map
    CONTROLS_MAX = 520
    MAP_MIN = 260  # px: the narrowest map beside the controls
    PLAY_ROOM = 300  # px (at the smallest font): the height of what a turn needs under the map (prompt to button)
    UNDER_GAIN = 1.15  # the map goes above the controls only if it is this much taller there
    MAP_LOW = 220  # px: the map above the controls is never lower than this
    UNDO_TOOLTIP = "Take back your last action"  # (when Undo cannot work, the tooltip says why instead)
    NOTHING_CHOSEN = ("Nothing is chosen yet: choose what to do in the list (or click a place on the map), "
                      "then press Do it.")

    def __init__(self, session: Session, renderer, *, log_lines: int = 12, show_rule_card: bool = True) -> None:
        self.session = session
        self.renderer = renderer
        self.log_lines = log_lines
        self.show_rule_card = show_rule_card
        self.selected: str | None = None
        self._rule_shown: str | None = None
        self._rule_cache: dict[str, str] = {}
        self.timings: list[float] = []
        self.closed = False
        self._slot = "controls"  # where the next message is shown: beside the controls or the files
        self._own_mark: dict[str, int] = {}  # side -> log length just before its last action at this screen

        # Until a browser view has drawn a figure, updates sent as messages would be lost (Voilà runs the
        # whole notebook first): keep the figure's full state in step instead (about 1 ms). A view's first report
        # brings it once more what changes (``_drawn``).
        self._ready: set[int] = set()  # the figures a browser view has drawn
        self.boards: list[Board] = [self._board(renderer, "Map")]  # the map, then any other board of the game
        for extra in getattr(renderer, "boards", list)():
            self.boards.append(self._board(extra, getattr(extra, "name", "Board")))
        self.board_index = 0
        self.mapfig, self.fig = self.boards[0].mapfig, self.boards[0].fig  # the board shown now
        self._screen = (0, 0)
        self.under = False  # the controls under the map (a narrow screen), not beside it
        self._auto_board = 0  # the board the game itself last asked to show
        self.board_switch = w.ToggleButtons(options=[(b.name, i) for i, b in enumerate(self.boards)], value=0,
                                            style={"button_width": "auto"},
                                            tooltips=[f"Show the {b.name.lower()}" for b in self.boards],
                                            layout=w.Layout(display="none"))
        self.board_switch.observe(lambda change: self.show_board(change["new"]), names="value")
        self.overlay_boxes = {key: w.Checkbox(value=False, description=text, indent=False,
                                              layout=w.Layout(width="auto"))
                              for key, text in getattr(renderer, "overlays", ())}
        for box in self.overlay_boxes.values():
            box.observe(lambda _: self._overlays_changed(), names="value")
        self.sizer = ScreenSize()
        self.sizer.observe(self._on_screen, names=["width", "height"])

        self.prompt = w.HTML(layout=w.Layout(width="100%"))
        self.hint = w.HTML()  # how to get a bigger map, when the screen leaves it small
        self.message = w.HTML()
        self.last_move = w.HTML()
        self.status = w.HTML()
        self.dice = w.HTML()
        self.curtain_button = w.Button(description="Show my side", button_style="warning",
                                       layout=w.Layout(width="auto", min_width="320px", height="60px"))
        self.curtain_text = w.HTML()
        self.curtain_message = w.HTML()
        self.review_text = w.HTML()
        self.review_message = w.HTML()
        self.pass_button = w.Button(description="Done: pass the screen", button_style="warning", icon="share",
                                    tooltip="Hide your side and let the other player take the screen",
                                    layout=w.Layout(width="auto", min_width="320px", height="48px"))
        self.review_undo = w.Button(description="Undo my move", icon="undo",
                                    tooltip="Take back the move you have just made (nothing new has been shown)",
                                    layout=w.Layout(width="auto", min_width="200px", height="48px"))
        self.save_button = w.Button(description="Save game", icon="save", layout=w.Layout(width="auto"))
        self.save_link = w.HTML()
        self.print_map = w.HTML()  # the board without counters, as a picture to print
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load game",
                                   layout=w.Layout(width="auto", min_width="190px"))
        self.files_message = w.HTML()
        self.log = w.HTML()
        self.describe = w.HTML()
        self.describe_box = w.Accordion(children=[self.describe], titles=("Describe the board in words",),
                                        selected_index=None)
        self.live = w.HTML()  # for screen readers: the board in words, read when it changes, not shown
        self.key = w.HTML(layout=w.Layout(width="100%"))  # under the board: what the map's marks mean
        self.rule = w.HTML()
        self.step_button = w.Button(description="Next move", icon="step-forward", layout=w.Layout(width="auto"))
        self.player = w.Play(value=0, min=0, max=100_000, step=1, interval=800, description="Play")
        self.speed = w.IntSlider(value=800, min=100, max=3000, step=100, description="ms per move",
                                 style={"description_width": "initial"}, layout=w.Layout(width="280px"))

        self.curtain_button.on_click(lambda _: self.lift_curtain())
        self.pass_button.on_click(lambda _: self.pass_screen())
        self.review_undo.on_click(lambda _: self.undo())
        self.save_button.on_click(lambda _: self.save())
        self.upload.observe(self._on_upload, names="value")
        self.step_button.on_click(lambda _: self.step())
        self.player.observe(lambda change: self.step(), names="value")
        self._speed_link = w.jslink((self.speed, "value"), (self.player, "interval"))

        self.curtain = w.VBox([self.curtain_text, self.curtain_button, self.curtain_message],
                              layout=w.Layout(align_items="center"))
        self.curtain.add_class("pelo-curtain")
        self.review = w.VBox([self.review_text, w.HBox([self.pass_button, self.review_undo],
                                                       layout=w.Layout(flex_flow="row wrap")),
                              self.review_message])
        self.review.add_class("pelo-review")
        bot_row = ([w.HBox([self.step_button, self.player], layout=w.Layout(flex_flow="row wrap")), self.speed]
                   if session.mode == "bots" else [])
        self.overlay_row = w.HBox(list(self.overlay_boxes.values()), layout=w.Layout(flex_flow="row wrap"))
        self.map_column = w.VBox(self._map_children(),
                                 layout=w.Layout(width=f"{self.mapfig.width}px", max_width="100%"))
        self.map_column.add_class("pelo-map")
        # what a turn needs first (the prompt, the controls that play it), then the advice and the state of the game
        self.controls_box = w.VBox([self.prompt, *bot_row, self.message, self.controls(), self.hint, self.dice,
                                    self.last_move, self.status])
        self.controls_box.add_class("pelo-controls")
        self.board = w.HBox([self.map_column, self.controls_box], layout=w.Layout(flex_flow="row wrap"))
        self.board.add_class("pelo-board")
        files = w.HBox([self.save_button, self.upload, self.save_link, self.print_map, self.files_message],
                       layout=w.Layout(flex_flow="row wrap", align_items="center"))
        files.add_class("pelo-files")
        self.caption = w.HTML(f'<p class="pelo-caption">{self.mapfig.caption}</p>')  # trusted, ours
        self.widget = w.VBox([w.HTML(STYLE), self.curtain, self.review, self.board, self.key, self.live, self.caption,
                              self.describe_box, self.log, files, self.rule])
        self.widget.add_class("pelo-panel")
        self.key.value = self._key_html()
        self._print_link()
        self.refresh()

    def _board(self, renderer, name: str) -> Board:
        """A board's figure, sized for the first drawing, its clicks wired to the panel."""
        mapfig = renderer.map_figure()
        mapfig.width, mapfig.height = mapfig.fit(None, min(FIRST_HEIGHT, mapfig.design_height))
        fig = mapfig.build(widget=True)
        fig.observe(lambda change: self._drawn(change, mapfig, fig),
                    names=["_js2py_layoutDelta", "_js2py_traceDeltas", "_js2py_relayout", "_js2py_pointsCallback"])
        route = mapfig.route_trace + 1  # a place on a route drawn over the map is clicked through it
        for index in [mapfig.grid_trace, mapfig.labels_trace, route, *mapfig.side_traces.values()]:
            if index >= 0:
                fig.data[index].on_click(self._on_map_click)
        return Board(name, renderer, mapfig, fig)

    def _drawn(self, change, mapfig, fig) -> None:
        """A view of ``fig`` reports (it has drawn it): from now on, changes travel as messages. The first report since
        the board was shown brings it what changes once more (``MapFigure.resend``): the view drew the full state it
        had been sent, and may have missed a message that came while it was drawing."""
        if not change["new"] or id(fig) in self._ready or self.closed:  # (None: plotly clearing the report)
            return
        self._ready.add(id(fig))
        mapfig.resend(fig)

    @property
    def _frontend_ready(self) -> bool:
        """Has a browser view drawn the figure shown now (updates then travel as small messages)?"""
        return id(self.fig) in self._ready

    def _keep_full_state(self) -> None:
        """After a change to the board shown: until a browser view has drawn it, copy its full state too, for the
        view to come (it draws from the full state, and is not there yet for the messages)."""
        if not self._frontend_ready:
            resync(self.fig, self.mapfig.still_traces)

    @property
    def board_renderer(self):
        """The renderer of the board shown now (the game's renderer for its map)."""
        return self.boards[self.board_index].renderer

    def show_board(self, index: int) -> None:
        """Show board ``index`` (0: the map) in the map's place, sized to the screen and up to date."""
        if index == self.board_index or not 0 <= index < len(self.boards) or self.closed:
            return
        self.board_index = index
        board = self.boards[index]
        self.mapfig, self.fig = board.mapfig, board.fig
        self._ready.discard(id(self.fig))  # a new view of it is drawn from its full state
        if self._screen[0]:
            self.fit_to_screen(*self._screen)
        self.map_column.children = self._map_children()
        if self.board_switch.value != index:
            self.board_switch.value = index
        self.key.value = self._key_html()
        self.caption.value = f'<p class="pelo-caption">{self.mapfig.caption}</p>'
        self.refresh_map()
        resync(self.fig, self.mapfig.still_traces)

    def _map_children(self) -> list:
        """The map column: the switch between boards (a game with more than one), the board shown, the tick boxes
        for lines on request (if the game has any), the screen-size probe."""
        return [*([self.board_switch] if len(self.boards) > 1 else []), self.fig,
                *([self.overlay_row] if self.overlay_boxes else []), self.sizer]

    def _wanted_board(self, obs: dict) -> int:
        """The board the game is played on now: the first other board in use, else the map."""
        for i, board in enumerate(self.boards[1:], 1):
            if getattr(board.renderer, "active", lambda _obs: False)(obs):
                return i
        return 0

    def _sync_board(self, obs: dict) -> None:
        """Follow the game: a battle begins, its board comes up; it ends, the map comes back. In between a
        player may look at the other with the switch above it."""
        wanted = self._wanted_board(obs)
        self.board_switch.layout.display = "flex" if wanted else "none"
        if wanted != self._auto_board:
            self._auto_board = wanted
            self.show_board(wanted)

    def _overlays_changed(self) -> None:
        self.refresh_map()

    def shown_overlays(self) -> set[str]:
        return {key for key, box in self.overlay_boxes.items() if box.value}

    def observe(self) -> dict:
        """What the screen shows now: the session's observation, with the public facts the renderer adds."""
        obs = self.session.observation()
        annotate = getattr(self.renderer, "annotate", None)
        return annotate(obs, self.session.game, self.shown_overlays()) if annotate else obs

    def controls(self) -> w.Widget:
        """The decision controls beside the map (subclasses)."""
        return w.VBox([])

    def refresh_controls(self, obs: dict) -> None:
        """Fill the decision controls for the current state (subclasses)."""

    def forget_private(self) -> None:
        """Clear what the player who had the screen chose or typed (the review screen and the curtain are
        public). Subclasses clear their own controls too."""
        self.selected = None

    def highlight(self) -> list[str]:
        """The places outlined on the map as choosable now."""
        return sorted(self.session.selectable_places())

    def opened(self) -> list[str]:
        """The places whose stacks are drawn open (their pieces side by side)."""
        return [self.selected] if self.selected else []

    def plan(self) -> tuple[str, str] | None:
        """The move chosen but not yet made, drawn as an arrow (subclasses)."""
        return None

    def tokens(self, obs: dict):
        return self.board_renderer.tokens(obs)

    def map_extras(self, obs: dict) -> dict:
        """More to draw over the map (``MapFigure.update``'s ``route``, ``reach``): subclasses."""
        return {}

    def player_name(self, side: str | None, obs: dict | None = None) -> str:
        """A side as the screen names its player: "Marco (Athens)" when the game knows the players' names."""
        if side is None:
            return ""
        names = (obs or self.session.game.observation(None)).get("names") or {}
        name = names.get(side)
        return f"{name} ({side})" if name and name != side else side

    # -- fitting the screen -------------------------------------------------------------------------------
    def _on_screen(self, _change=None) -> None:
        self.fit_to_screen(self.sizer.width, self.sizer.height)
        small = 0 < self.mapfig.height < 420 and 0 < self.sizer.width < 0.72 * self.sizer.window_width
        self.hint.value = ('<div class="pelo-hint" role="note">For a bigger map, close the side panel (JupyterLab: '
                           "View → Appearance → uncheck “Show Left Sidebar”, or Ctrl+B).</div>" if small else "")
        self._print_link()

    def fit_to_screen(self, width: int, height: int) -> None:
        """Size the map for a board row ``width`` pixels wide on a page showing ``height`` pixels: beside the
        controls, as big as the height allows, unless the map is much bigger above them (a narrow row: JupyterLab's
        file browser open on a projector's 1024×768); then it leaves under it the room a turn needs
        (``play_room``), so the controls that play a turn are on the same screen as the map."""
        if width < 200 or height < 200 or self.closed:
            return
        self._screen = (width, height)
        room = height - 20  # the cell's padding
        if len(self.boards) > 1 or self.overlay_boxes:
            room -= 44  # the switch between boards, the tick boxes under the map
        controls = min(max(width * 0.34, self.CONTROLS_MIN), self.CONTROLS_MAX)
        beside = self.mapfig.fit(width - controls - 16, room) if width - controls - 16 >= self.MAP_MIN else None
        under = self.mapfig.fit(width, max(self.MAP_LOW, room - self.play_room()))
        self.under = beside is None or under[1] > beside[1] * self.UNDER_GAIN
        if self.under:  # the map above, the controls under it, across the row
            size = under
            self.controls_box.layout.max_height = None
            self.controls_box.layout.max_width = None
            self.controls_box.layout.width = "100%"
        else:
            size = beside
            self.controls_box.layout.max_height = f"{max(size[1], room)}px"  # as tall as the screen shows
            room = min(width - size[0] - 16, self.CONTROLS_MAX + 80)
            self.controls_box.layout.max_width = f"{max(self.CONTROLS_MIN, room)}px"
            self.controls_box.layout.width = None
        if self.mapfig.resize(self.fig, *size):
            self._keep_full_state()
        self.map_column.layout.width = f"{size[0]}px"
        self.controls_arranged()

    def play_room(self) -> float:
        """The height (px) a turn's controls need under the map: ``PLAY_ROOM`` at the panel's smallest font, larger
        as the font grows with the window (the stylesheet's ``clamp``)."""
        font = min(max(0.0042 * self.sizer.window_width + 10, 15), 21)
        return self.PLAY_ROOM * font / 15

    def controls_arranged(self) -> None:
        """Hook: the controls have gone beside the map or under it (``self.under``); subclasses adjust theirs."""

    # -- display ----------------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        """Close every widget of this panel (the map too), so a long lesson does not pile them up in the
        kernel. The game stays readable in ``panel.session.game``; the panel cannot be shown again."""
        if self.closed:
            return
        self.closed = True
        self.player.playing = False
        close_all([self.widget, *(b.fig for b in self.boards), *owned_widgets(self)])

    # -- user actions --------------------------------------------------------------------------------------
    def _on_map_click(self, trace, points, _selector) -> None:
        if not points.point_inds:  # plotly calls every trace's handler; only the clicked one has points
            return
        index = points.point_inds[0] if isinstance(points.point_inds[0], int) else None  # fills: no index
        target = self.mapfig.target_at(points.trace_index, index)
        if target is None:
            return
        self._slot = "controls"
        if target.piece and not target.stack:
            self.click_piece(target.piece, target.region)
        else:
            self.click_place(target.region)

    def click_place(self, place: str) -> None:
        """A click on the map (subclasses choose what it selects)."""
        self.selected = place
        self.refresh()

    def click_piece(self, piece: str, place: str) -> None:
        """A click on a counter (subclasses may choose the piece); by default, a click on its place."""
        self.click_place(place)

    def do(self, action) -> None:
        """Carry out ``action`` for the person at the screen (refused with the rule if illegal)."""
        started = time.perf_counter()
        self._slot = "controls"
        s = self.session
        mover, mark = s.to_act(), len(s.game.log)
        if action is None:
            s.message = self.NOTHING_CHOSEN
        elif s.apply(action).ok:
            self._own_mark[mover] = mark
            self.after_action()
        self.refresh()
        self.timings.append(time.perf_counter() - started)

    def after_action(self) -> None:
        """Hook: reset choices after a successful action."""
        self.selected = None

    def _refresh_undo(self) -> None:
        """Undo is offered only when it can work; when not, its tooltip says why (the computer has answered, a
        die was rolled …), so that a greyed button is not a mystery."""
        s = self.session
        why = s.undo_refusal  # (looked at once: can_undo is the same question)
        if s.stage != PLAY:
            why = why or "Not now: the game is not being played."
        self.undo_button.disabled = why is not None
        self.undo_button.tooltip = self.UNDO_TOOLTIP if why is None else f"Undo is not possible now. {why}"

    def undo(self) -> None:
        self._slot = "controls"
        self.session.undo()
        self.refresh()

    def lift_curtain(self) -> None:
        self.session.lift_curtain()
        self.refresh()

    def pass_screen(self) -> None:
        """The player who has finished hides their side: the curtain falls for the next one."""
        self.session.pass_screen()
        self.refresh()

    def step(self) -> None:
        outcome = self.session.step()
        if not outcome.ok:
            self.player.playing = False
        self.refresh()

    def save(self) -> Path | None:
        """Save the game in the folder ``saved_games`` and offer a download link (which needs no disk).
        If the disk refuses (full, read-only, a file in the way), the panel says so in plain words and
        the link is still there; returns the file's path, or ``None`` if nothing could be written."""
        self._slot = "files"
        try:
            text = self.session.save()
        except SaveFileError as e:  # a position set up by hand: a save could not give it back
            self.session.message = str(e)
            self.save_link.value = ""
            self.refresh()
            return None
        stem = saving.save_stem(self.session.game)
        try:
            path = saving.write_save(text, SAVE_FOLDER, stem)
        except saving.SaveNotWritten as e:
            path, name = None, f"{stem}.json"
            where = "<strong>Not saved on this computer.</strong> "
            self.session.message = (f"The game could not be saved on this computer: {e}. Use “download a copy” "
                                    "to keep it.")
        else:
            name = path.name
            where = f"Saved as <code>{escape(str(path))}</code> — "
            self.session.message = "Game saved."
        data = base64.b64encode(text.encode()).decode()
        self.save_link.value = (f'{where}<a download="{escape(name)}" href="data:application/json;base64,{data}">'
                                "download a copy</a>")
        self.refresh()
        return path

    def _on_upload(self, change) -> None:
        """A file chosen with "Load game": whatever it holds, the panel says what happened in words."""
        files = change["new"]
        if not files:
            return
        self._slot = "files"
        try:
            item = files[0] if isinstance(files, (tuple, list)) else next(iter(files.values()))
            content = bytes(item["content"])
        except Exception:  # an upload of an unexpected shape: say so rather than fail in the kernel
            self.session.message = "That file could not be read. Choose a saved game (a .json file)."
            self.refresh()
        else:
            self.load(content)
        with contextlib.suppress(Exception):  # an older ipywidgets may not allow it
            self.upload.value = ()  # so that the same file can be chosen again

    def load(self, text: str | bytes) -> None:
        """Resume a saved game; a file that cannot be loaded is refused in the panel and nothing changes."""
        self._slot = "files"
        if self.session.load(text).ok:
            self._own_mark.clear()
            self.after_action()
        self.refresh()

    # -- the other side's last move ------------------------------------------------------------------------
    def last_events(self) -> tuple[str | None, list]:
        """The other side's public events since the person at the screen last acted (on the "what happened"
        screen, what both may see; watching bots, the last move)."""
        s = self.session
        events = s.game.log.events
        if s.review:
            shown = s.what_happened()
            side = next((e.side for e in reversed(shown) if e.side), None)
            return side, [e for e in shown if e.side == side]
        if s.mode == "bots" or s.stage != PLAY:
            side = next((e.side for e in reversed(s.last_events) if e.side), None)
            return side, [e for e in s.last_events if e.private_to is None and e.side == side]
        viewer = s.viewer
        start = self._own_mark.get(viewer, 0)
        others = [e for e in events[start:] if e.private_to is None and e.side not in (None, viewer)]
        side = others[-1].side if others else None
        return side, [e for e in others if e.side == side]

    def last_move_marks(self) -> Marks:
        """What the map outlines as the other side's last move: its moves, not its set-up (a deployment puts
        a whole army on the board, which the counters already show; outlining every square it took hid the
        board)."""
        side, events = self.last_events()
        marks = marks_from_events([e for e in events if e.phase not in SETUP_PHASES], side)
        mover = getattr(self.renderer, "last_move_filter", None)
        return mover(marks) if mover else marks

    def _last_move_html(self, obs: dict | None = None) -> str:
        side, events = self.last_events()
        shown = [e for e in events if e.kind not in QUIET_KINDS]
        if not shown or self.session.review:
            return ""
        words = getattr(self.renderer, "words", str)
        items = "".join(f"<li>{escape(words(e.text))}</li>" for e in shown[-LAST_MOVE_LINES:])
        more = len(shown) - LAST_MOVE_LINES
        extra = f"<li>… and {more} more before (see the game log)</li>" if more > 0 else ""
        who = escape(self.player_name(side, obs))
        return (f'<div class="pelo-last" aria-label="{who}\'s last move"><strong>{who}\'s last move</strong> '
                f"(dashed on the map):<ul>{extra}{items}</ul></div>")

    # -- drawing ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.closed:
            return
        s = self.session
        if s.stage != PLAY:
            self.forget_private()
        obs = self.observe()
        self._sync_board(obs)
        self.refresh_controls(obs)
        self.refresh_map(obs)
        words = getattr(self.renderer, "words", str)
        prompt = self.prompt_text(obs)
        self.prompt.value = f'<div class="pelo-prompt" aria-live="polite">{escape(prompt)}</div>'
        self._show_message()
        self.curtain.layout.display = "flex" if s.curtain else "none"
        self.board.layout.display = "none" if s.curtain else "flex"
        self.key.layout.display = "none" if s.curtain else "flex"
        if s.curtain:
            who = self.player_name(s.to_act(), obs)
            self.curtain_button.description = f"I am {who}: show my side"
            self.curtain_text.value = (f"<p>Pass the screen to <strong>{escape(who)}</strong>. "
                                       "The other player looks away.</p>")
        self._refresh_review(obs)
        self.last_move.value = self._last_move_html(obs)
        rows = "".join(f"<tr><td>{escape(k)}</td><td><strong>{escape(v)}</strong></td></tr>"
                       for k, v in self.renderer.status(obs))
        self.status.value = f'<table class="pelo-status">{rows}</table>'
        rolls = s.last_rolls()
        self.dice.value = ("<div><strong>Dice:</strong> " + "; ".join(escape(words(e.text)) for e in rolls)
                           + "</div>" if rolls else "")
        items = "".join(f"<li>{self._event_html(e)}</li>" for e in reversed(s.log_lines(self.log_lines)))
        self.log.value = (f'<details open><summary>Game log (newest first)</summary><ul class="pelo-log">{items}'
                          "</ul></details>")
        text = escape(words(self.renderer.describe(obs)))
        table = getattr(self.renderer, "describe_table", None)
        if table is not None:  # the board as a table too (a screen reader can move through it cell by cell)
            heads, rows = table(obs)
            self.describe.value = f"<p>{text}</p>" + table_html(heads, rows, "The board, space by space")
        else:
            self.describe.value = f"<p>{text}</p>"
        self.live.value = f'<div class="pelo-sr-only" role="status" aria-live="polite">{text}</div>'
        self._show_rule(s.current_rule())

    def prompt_text(self, obs: dict) -> str:
        words = getattr(self.renderer, "words", str)
        return words(self.session.prompt())

    def refresh_map(self, obs: dict | None = None) -> None:
        """Redraw the board shown for the state on the screen (counters, who holds what, highlights, last move,
        the lines that change)."""
        obs = obs if obs is not None else self.observe()
        r = self.board_renderer
        control = r.control(obs) if hasattr(r, "control") else None
        lines = r.lines(obs) if hasattr(r, "lines") else ()
        self.mapfig.update(self.fig, self.tokens(obs), highlight=self.highlight(), selected=self.selected,
                           title=r.title(obs), control=control, last_move=self.last_move_marks(),
                           plan=self.plan(), opened=self.opened(), lines=lines, **self.map_extras(obs))
        self._keep_full_state()

    def _show_message(self) -> None:
        """The session's message beside what caused it: the decision controls, the files, the review screen
        or the curtain."""
        s = self.session
        html = _format_message(s.message) if s.message else ""
        slot = "curtain" if s.curtain else "review" if s.review else self._slot
        for name, widget in self._message_slots():
            widget.value = html if name == slot else ""

    def _message_slots(self) -> tuple[tuple[str, w.HTML], ...]:
        """Where a message may be shown, by the name of what caused it."""
        return (("controls", self.message), ("files", self.files_message), ("curtain", self.curtain_message),
                ("review", self.review_message))

    def _refresh_review(self, obs: dict) -> None:
        """The public "what happened" screen of hot-seat: the events both may see, then pass the screen."""
        s = self.session
        if not s.review:
            self.review.layout.display = "none"
            return
        events = s.what_happened()
        shown = events[-WHAT_HAPPENED_LINES:]
        items = "".join(f"<li>{self._event_html(e)}</li>" for e in shown)
        earlier = (f"<p>… and {len(events) - len(shown)} earlier: see the game log.</p>"
                   if len(events) > len(shown) else "")
        self.review_text.value = ("<p><strong>What happened</strong> — both players may look: this screen shows "
                                  f"only what both sides may see (dashed on the map).</p>{earlier}<ul>{items}</ul>")
        over = s.game.is_over()
        self.pass_button.description = f"Done: pass the screen to {self.player_name(s.to_act(), obs)}"
        self.pass_button.layout.display = "none" if over else "flex"
        self.review_undo.layout.display = "flex" if s.can_undo else "none"
        self.review.layout.display = "flex"

    def _event_html(self, e) -> str:
        words = getattr(self.renderer, "words", str)
        turn = f"T{e.turn} " if e.turn is not None else ""
        text = words(e.text)
        rule = f' <span class="pelo-rule">({escape(e.rule)})</span>' if e.rule else ""
        if e.rule:  # a line whose own words cite its rule ("… (Mountford 5.8).", a roll's reason): once is enough
            cited = f"({e.rule})"
            if text.endswith(cited):
                text = text[: -len(cited)].rstrip()
            elif text.endswith(cited + "."):
                text = text[: -len(cited) - 1].rstrip() + "."
            elif cited in text:
                rule = ""
        return f"{turn}{escape(text)}{rule}"

    def _print_link(self) -> None:
        """A link to the board as a picture (SVG, without counters), to print for a class or a paper game."""
        data = base64.b64encode(self.mapfig.picture.encode("utf-8")).decode("ascii")
        name = f"{self.session.game.name}-map.svg"
        self.print_map.value = (f'<a download="{name}" href="data:image/svg+xml;base64,{data}" '
                                'title="The board without counters, as a picture to print">map to print</a>')

    def _key_html(self) -> str:
        items = [*self.mapfig.key_items(), *getattr(self.board_renderer, "key_items", list)()]
        spans = "".join(f"<span>{pic} {escape(words)}</span>" for pic, words in items)  # pictures: ours, trusted
        return f'<div class="pelo-key" role="note" aria-label="Key to the map">{spans}</div>'

    def _show_rule(self, number: str | None) -> None:
        if not self.show_rule_card or number is None or number == self._rule_shown:
            return
        self._rule_shown = number
        if number not in self._rule_cache:
            from ..display.cards import RuleCard

            book = self.session.game.rules()
            if number not in book:
                return
            try:  # without the text of Thucydides the card shows the references and one plain line
                html = RuleCard(book[number], greek=True)._repr_html_()
            except Exception as e:  # nothing about a passage may stop the game: the rule, and one line
                reason = " ".join(str(e).split())[:160] or type(e).__name__
                html = (RuleCard(book[number], passages=False)._repr_html_() + '<p class="pelo-missing" role="note">'
                        f"The passages of Thucydides for this rule cannot be shown: {escape(reason)}</p>")
            self._rule_cache[number] = html
        self.rule.value = self._rule_cache[number]


class Board(NamedTuple):
    """A board of a panel: its name (on the switch), renderer, map figure and Plotly figure widget."""

    name: str
    renderer: object
    mapfig: object
    fig: object


class Group(NamedTuple):
    """A heading in the list of actions: choosing it lists that place's (or that piece's) actions."""

    place: str
    piece: str = ""


EVERYTHING = ""
OTHER_PLACE = "(other)"  # the "Where" list's entry for what happens nowhere in particular
BACK = Group("(back)")
GROUP_AT = 14  # a list longer than this is shown as headings that open


class GamePanel(BasePanel):
    """The panel for games of many small decisions (Sfacteria, and any game without its own panel yet):
    where (a place on the map or in the list), which piece, which action, "Do it". Long lists are grouped by
    place and by piece; a click on the map does the same as the lists."""

    CONTROLS_MIN = 300
    CONTROLS_MAX = 480
    LIST_ROWS_UNDER = 6
    DO_TOOLTIP = "Carry out the action chosen in the list"
    DO_TOOLTIP_NOTHING = "Choose what to do in the list first, then press Do it"

    def controls(self) -> w.Widget:
        self.piece_selected = ""
        self._choices: list[Choice] = []
        self._list_lines = 0
        self._quiet = False
        self.place = w.Dropdown(description="Where", options=[("everything you can do", EVERYTHING)],
                                value=EVERYTHING, style={"description_width": "initial"},
                                layout=w.Layout(width="100%"))
        self.piece = w.Dropdown(description="Piece", options=[("every piece here", "")], value="",
                                style={"description_width": "initial"}, layout=w.Layout(width="100%"))
        # Nothing is chosen until the pupil picks a line (ipywidgets 8: value None is index None, no line lit);
        # "Do it" with nothing chosen says what to do instead of playing the first line.
        self.actions = w.Select(options=[], value=None, rows=9, layout=w.Layout(width="100%", min_height="120px"))
        self.help = w.HTML()
        self.do_button = w.Button(description="Do it", button_style="primary", icon="check",
                                  tooltip=self.DO_TOOLTIP, layout=w.Layout(width="auto"))
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip=self.UNDO_TOOLTIP,
                                    layout=w.Layout(width="auto"))
        self.typed = w.Text(placeholder="type an action as it reads in the list", continuous_update=False,
                            layout=w.Layout(width="auto", flex="1 1 160px"))
        self.typed_button = w.Button(description="Try it", tooltip="Carry out the action typed in the box",
                                     layout=w.Layout(width="auto"))
        self.place.observe(self._on_place, names="value")
        self.piece.observe(self._on_piece, names="value")
        self.actions.observe(self._on_action, names="value")
        self.do_button.on_click(lambda _: self.do())
        self.undo_button.on_click(lambda _: self.undo())
        self.typed_button.on_click(lambda _: self.do_typed())
        self.typed.observe(lambda _: self.do_typed(), names="value")  # Enter in the box
        self.typed_message = w.HTML()  # what the rules say of the action typed, beside the box it was typed in
        self.typing = w.Accordion(children=[w.VBox([w.HBox([self.typed, self.typed_button]), self.typed_message])],
                                  titles=("Type an action",), selected_index=None)
        return w.VBox([self.place, self.piece, self.actions, self.help,
                       w.HBox([self.do_button, self.undo_button], layout=w.Layout(flex_flow="row wrap")),
                       self.typing])

    # -- what may be done, in words ---------------------------------------------------------------------
    def choices(self, obs: dict | None = None) -> list[Choice]:
        make = getattr(self.renderer, "choice", None)
        legal = self.session.legal_actions()
        if make is None:
            return [generic_choice(a, getattr(self.renderer, "words", str)) for a in legal]
        return [make(a, obs) for a in legal]

    def place_words(self, place: str) -> str:
        name = getattr(self.renderer, "place_words", None)
        if name is not None:
            return name(place)
        region = self.mapfig.regions.get(place)
        return region.name if region else place

    def _scope(self) -> list[Choice]:
        """The choices the lists show now: of the chosen place (and piece), or all of them."""
        place = self.selected
        if not place:
            return self._choices
        if place == OTHER_PLACE:
            return [c for c in self._choices if c.place == OTHER]
        here = [c for c in self._choices if c.place == place]
        if not here:  # a place things can only go to
            return [c for c in self._choices if c.to == place]
        if self.piece_selected:
            return [c for c in here if c.piece == self.piece_selected]
        return here

    def highlight(self) -> list[str]:
        if not self.selected or self.selected == OTHER_PLACE:
            return sorted({c.place for c in self._choices if c.place})
        return sorted({c.to for c in self._scope() if c.to and c.to != self.selected})

    def opened(self) -> list[str]:
        return [self.selected] if self.selected and self.selected in self.mapfig.regions else []

    def plan(self) -> tuple[str, str] | None:
        chosen = self._chosen()
        return (chosen.place, chosen.to) if chosen and chosen.place and chosen.to else None

    def _chosen(self) -> Choice | None:
        value = self.actions.value
        if value is None or isinstance(value, Group):
            return None
        # the list may still hold an equal action of an earlier refresh (ipywidgets keeps options equal to new ones)
        return next((c for c in self._choices if c.action is value), None) or next(
            (c for c in self._choices if c.action == value), None)

    # -- the map --------------------------------------------------------------------------------------------
    def click_place(self, place: str) -> None:
        """A click on the map: a place the chosen piece (or place) can go to picks that move; a place with
        something to do lists it, its stacks opened; a place pieces can go to lists those moves."""
        choices = self._choices
        if self.selected and place != self.selected:
            hits = [c for c in self._scope() if c.to == place]
            if hits:
                self.session.message = ""
                self._select_action(hits[0])
                return
        if any(c.place == place for c in choices) or any(c.to == place for c in choices):
            self.session.message = ""
            self.selected, self.piece_selected = place, ""
            self._reselect()
            return
        self.session.message = f"Nothing you can do in {self.place_words(place)} now."
        self._show_message()

    def click_piece(self, piece: str, place: str) -> None:
        """A click on a counter: choose that piece (its moves light up), if it can do something now."""
        if self.selected and place != self.selected and any(c.to == place for c in self._scope()):
            self.click_place(place)  # the counter stands where the chosen piece can go: that move
            return
        mine = [c for c in self._choices if c.piece == piece and c.place]
        if not mine:
            self.click_place(place)
            if not self.session.message:
                name = getattr(self.renderer, "piece_words", str)(piece)
                self.session.message = f"{name} cannot do anything now."
                self._show_message()
            return
        self.session.message = ""
        self.selected, self.piece_selected = mine[0].place, piece
        self._reselect()

    def _select_action(self, choice: Choice) -> None:
        """Choose ``choice`` in the list (it is shown if the list holds it; the list is narrowed if not)."""
        values = [v for _, v in self.actions.options]
        if not any(v is choice.action for v in values):
            self.piece_selected = choice.piece
            self._reselect()
        self.actions.value = choice.action
        self._show_message()

    def _reselect(self) -> None:
        """A new place or piece chosen (nothing done): the lists, the map and the message; not the log."""
        self._refresh_choice_controls()
        self.refresh_map()
        self._show_message()

    # -- the lists ---------------------------------------------------------------------------------------
    def _on_place(self, change) -> None:
        """A place chosen in the list: its actions, its stacks open on the map."""
        if self._quiet:
            return
        self.selected = change["new"] or None
        self.piece_selected = ""
        self._refresh_choice_controls()
        self.refresh_map()

    def _on_piece(self, change) -> None:
        if self._quiet:
            return
        self.piece_selected = change["new"] or ""
        self._refresh_choice_controls()
        self.refresh_map()

    def _on_action(self, change) -> None:
        """A line chosen in the list: a heading opens its group; an action shows what it does and its arrow."""
        if self._quiet:
            return
        value = change["new"]
        if isinstance(value, Group):
            if value == BACK:
                self.selected, self.piece_selected = None, ""
            elif value.piece:
                self.selected, self.piece_selected = value.place, value.piece
            else:
                self.selected, self.piece_selected = value.place, ""
            self._refresh_choice_controls()
            self.refresh_map()
            return
        self._show_chosen()
        self.mapfig.update_selected(self.fig, self.selected, plan=self.plan())
        self._keep_full_state()

    def _show_chosen(self) -> None:
        """The line chosen: its help under the list; "Do it" may be pressed whenever there is something to do,
        and with nothing chosen it says what to do (``do``), as its tooltip says beforehand."""
        chosen = self._chosen()
        self.help.value = (f'<div class="pelo-help">{escape(chosen.help)}</div>' if chosen and chosen.help else "")
        self.do_button.disabled = not self._choices
        self.do_button.tooltip = self.DO_TOOLTIP if chosen is not None else self.DO_TOOLTIP_NOTHING

    def forget_private(self) -> None:
        super().forget_private()
        self.piece_selected = ""
        self.typed.value = ""

    def after_action(self) -> None:
        """After an action the same place stays chosen if something can still be done there (move the next
        piece of an activated zone); the piece does not, nor the line of the list (the next decision starts
        with nothing chosen, even if the same line is offered again)."""
        self.piece_selected = ""
        self._quiet = True
        try:
            self.actions.value = None
        finally:
            self._quiet = False

    def do_typed(self) -> None:
        """Carry out the action typed in the box (as the list or the rules write it); if the rules forbid it,
        the panel says which rule."""
        text = " ".join(self.typed.value.split())
        if not text:
            return
        lowered = text.lower()
        match = next((c.action for c in self._choices
                      if lowered in (c.sentence.lower(), c.label.lower(), str(c.action).lower())), None)
        super().do(match if match is not None else text)
        if not self.session.message:
            self.typed.value = ""
        else:  # said beside the box the pupil is looking at, with how an action is written here
            self._slot = "typed"
            self._show_message()
            legal = self.session.legal_actions()
            if legal:
                self.typed_message.value += (f'<p class="pelo-hint">Actions are written as in the list, for example '
                                             f"<code>{escape(str(legal[0]))}</code>.</p>")

    def _message_slots(self) -> tuple[tuple[str, w.HTML], ...]:
        return (*super()._message_slots(), ("typed", self.typed_message))

    def do(self, action=None) -> None:
        """Carry out ``action`` or the one chosen in the list."""
        if action is None:
            action = self.actions.value
            if isinstance(action, Group):
                action = None
        super().do(action)

    def refresh_controls(self, obs: dict) -> None:
        self._choices = self.choices(obs)
        self._refresh_choice_controls()

    def _refresh_choice_controls(self) -> None:
        choices = self._choices
        places = [p for p in dict.fromkeys(c.place for c in choices) if p]
        if self.selected and self.selected not in places and self.selected != OTHER_PLACE \
                and not any(c.to == self.selected for c in choices):
            self.selected, self.piece_selected = None, ""
        counts = {p: sum(1 for c in choices if c.place == p) for p in places}
        order = list(self.mapfig.regions)
        places.sort(key=lambda p: order.index(p) if p in order else len(order))
        options = [(f"everything you can do ({len(choices)})" if choices else "nothing to do now", EVERYTHING)]
        options += [(f"{self.place_words(p)} — {counts[p]}", p) for p in places]
        others = sum(1 for c in choices if c.place == OTHER)
        if others and places:
            options.append((f"other choices — {others}", OTHER_PLACE))
        if self.selected and self.selected not in places and self.selected != OTHER_PLACE:
            options.append((f"{self.place_words(self.selected)} — moves that end here", self.selected))
        here = self._scope() if self.selected else []
        pieces = list(dict.fromkeys(c.piece for c in here if c.piece)) if self.selected in places else []
        if self.piece_selected and self.piece_selected not in pieces:
            self.piece_selected = ""
        piece_names = {c.piece: c.piece_name for c in here if c.piece}
        self._quiet = True
        try:
            with self.place.hold_trait_notifications():
                if self.place.options != tuple(options):
                    self.place.options = options
                self.place.value = self.selected or EVERYTHING
            piece_options = [("every piece here", "")] + [(piece_names[p], p) for p in pieces]
            if self.piece.options != tuple(piece_options):
                self.piece.options = piece_options
            self.piece.value = self.piece_selected if self.piece_selected in pieces else ""
            self.piece.layout.display = "flex" if len(pieces) > 1 or (pieces and self.piece_selected) else "none"
            lines = self._lines()
            previous = self.actions.value
            self.actions.options = lines
            actions = [v for _, v in lines if not isinstance(v, Group)]
            keep = next((v for v in actions if v is previous or v == previous), None)
            self.actions.value = keep  # the pupil's own choice, if it is still there; else nothing chosen
        finally:
            self._quiet = False
        self._show_chosen()
        self._refresh_undo()
        self._list_lines = len(lines)
        self.actions.rows = self.list_rows()

    def list_rows(self) -> int:
        """The list's height in lines: as many as it holds, from 4 to 12; under the map at most ``LIST_ROWS_UNDER``
        (it scrolls), so that "Do it" stays on the screen."""
        return min(self.LIST_ROWS_UNDER if self.under else 12, max(4, self._list_lines))

    def controls_arranged(self) -> None:
        self.actions.rows = self.list_rows()

    def _lines(self) -> list[tuple[str, object]]:
        """The list's lines: the actions, under headings when the list is long (a heading opens its group)."""
        indent = "\u2003"
        if not self.selected:
            if len(self._choices) <= GROUP_AT:
                return [(c.sentence, c.action) for c in self._choices]
            lines = [(c.sentence, c.action) for c in self._choices if c.place == OTHER]
            for place in dict.fromkeys(c.place for c in self._choices if c.place):
                n = sum(1 for c in self._choices if c.place == place)
                lines.append((f"▸ {self.place_words(place)}: {n} choice{'s' if n > 1 else ''}", Group(place)))
            return lines
        back = [("◂ back to everything you can do", BACK)]
        scope = self._scope()
        if self.selected == OTHER_PLACE:
            return back + [(c.sentence, c.action) for c in scope]
        if not any(c.place == self.selected for c in scope):  # moves that end here
            return back + [(f"{c.piece_name or c.sentence}: from {self.place_words(c.place)}" if c.piece_name
                            else c.sentence, c.action) for c in scope]
        if self.piece_selected:
            name = scope[0].piece_name if scope else ""
            return back + [(f"── {name} ──", Group(self.selected))] + [(indent + c.label, c.action) for c in scope]
        lines = back + [(c.label, c.action) for c in scope if not c.piece]
        pieces = list(dict.fromkeys(c.piece for c in scope if c.piece))
        expand = len(scope) <= GROUP_AT or len(pieces) <= 1
        for piece in pieces:
            mine = [c for c in scope if c.piece == piece]
            if expand:
                lines.append((f"── {mine[0].piece_name} ──", Group(self.selected, piece)))
                lines += [(indent + c.label, c.action) for c in mine]
            else:
                lines.append((f"▸ {mine[0].piece_name}: {len(mine)} choice{'s' if len(mine) > 1 else ''}",
                              Group(self.selected, piece)))
        return lines
