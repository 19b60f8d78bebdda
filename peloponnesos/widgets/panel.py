"""The game panel: the map, whose turn it is, the actions allowed now, dice, log and the rule card.

Only wiring lives here; what may be done, undo, bots and the hot-seat curtain are in
:class:`~peloponnesos.widgets.session.Session`. Every control is a real widget with a text label, so a
keyboard reaches everything; a click on the map is a shortcut that picks the place in the list.

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

import ipywidgets as w

from ..render.mapfig import resync
from . import saving
from .closing import close_all, owned_widgets
from .session import PLAY, Session

STYLE = """<style>
.pelo-panel { font-size: 17px; }
.pelo-panel .widget-button, .pelo-panel .jupyter-button { font-size: 17px; height: 42px; }
.pelo-panel .widget-select select, .pelo-panel .widget-dropdown select { font-size: 17px; }
.pelo-panel .widget-label, .pelo-panel .widget-html { font-size: 17px; }
.pelo-panel .pelo-prompt { font-size: 21px; font-weight: 700; margin: 4px 0; }
.pelo-panel .pelo-message { font-size: 18px; color: #000; background: #F0E442; padding: 4px 8px;
  border-left: 6px solid #D55E00; }
.pelo-panel .pelo-curtain { font-size: 24px; text-align: center; padding: 40px; border: 3px dashed #000; }
.pelo-panel .pelo-review { border: 3px solid #0072B2; border-radius: 8px; padding: 6px 12px; margin: 4px 0; }
.pelo-panel .pelo-review ul { margin: 4px 0; }
.pelo-panel .pelo-review .jupyter-button { line-height: 40px; padding: 0 16px; }
.pelo-panel .pelo-log li { margin: 1px 0; }
.pelo-panel .pelo-status td { padding: 2px 10px 2px 0; }
</style>"""

SAVE_FOLDER = saving.SAVE_FOLDER  # relative to the notebook's folder
WHAT_HAPPENED_LINES = 12


class BasePanel:
    """What every game panel has: the map, the prompt, messages, the hot-seat curtain, the bots' play
    controls, dice, log, description, rule card, and saving. Subclasses add their decision controls
    (``controls()``) and fill them in ``refresh_controls()``."""

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

        self.mapfig = renderer.map_figure()
        self.fig = self.mapfig.build(widget=True)
        # Until a browser view has drawn the figure, updates sent as messages would be lost (Voilà runs the
        # whole notebook first): keep the figure's full state in step instead (about 1 ms).
        self._frontend_ready = False
        self.fig.observe(self._on_frontend, names=["_js2py_layoutDelta", "_js2py_traceDeltas", "_js2py_relayout",
                                                   "_js2py_pointsCallback"])
        for index in [self.mapfig.grid_trace, self.mapfig.labels_trace, *self.mapfig.side_traces.values()]:
            if index >= 0:
                self.fig.data[index].on_click(self._on_map_click)

        self.prompt = w.HTML(layout=w.Layout(width="100%"))
        self.message = w.HTML()
        self.status = w.HTML()
        self.dice = w.HTML()
        self.curtain_button = w.Button(description="Show my side", button_style="warning",
                                       layout=w.Layout(width="320px", height="60px"))
        self.curtain_text = w.HTML()
        self.review_text = w.HTML()
        self.pass_button = w.Button(description="Done: pass the screen", button_style="warning", icon="share",
                                    tooltip="Hide your side and let the other player take the screen",
                                    layout=w.Layout(width="auto", min_width="320px", height="48px"))
        self.review_undo = w.Button(description="Undo my move", icon="undo",
                                    tooltip="Take back the move you have just made (nothing new has been shown)",
                                    layout=w.Layout(width="auto", min_width="200px", height="48px"))
        self.save_button = w.Button(description="Save game", icon="save")
        self.save_link = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load game")
        self.log = w.HTML()
        self.describe = w.HTML()
        self.rule = w.HTML()
        self.step_button = w.Button(description="Next move", icon="step-forward")
        self.player = w.Play(value=0, min=0, max=100_000, step=1, interval=800, description="Play")
        self.speed = w.IntSlider(value=800, min=100, max=3000, step=100, description="ms per move",
                                 style={"description_width": "100px"})

        self.curtain_button.on_click(lambda _: self.lift_curtain())
        self.pass_button.on_click(lambda _: self.pass_screen())
        self.review_undo.on_click(lambda _: self.undo())
        self.save_button.on_click(lambda _: self.save())
        self.upload.observe(self._on_upload, names="value")
        self.step_button.on_click(lambda _: self.step())
        self.player.observe(lambda change: self.step(), names="value")
        self._speed_link = w.jslink((self.speed, "value"), (self.player, "interval"))

        self.curtain = w.VBox([self.curtain_text, self.curtain_button], layout=w.Layout(align_items="center"))
        self.curtain.add_class("pelo-curtain")
        self.review = w.VBox([self.review_text, w.HBox([self.pass_button, self.review_undo])])
        self.review.add_class("pelo-review")
        bot_row = [w.HBox([self.step_button, self.player, self.speed])] if session.mode == "bots" else []
        # The map takes the room there is; on a narrow screen the controls wrap below it.
        self.board = w.HBox([w.Box([self.fig], layout=w.Layout(flex="1 1 620px", min_width="480px", overflow="hidden")),
                             self.controls()], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        files = w.HBox([self.save_button, self.upload, self.save_link])
        caption = w.HTML(f'<p style="font-size:14px;margin:0">{self.mapfig.caption}</p>')  # trusted, ours
        self.widget = w.VBox([w.HTML(STYLE), self.prompt, self.message, self.curtain, self.review, *bot_row, self.board,
                              caption, self.describe, self.log, files, self.rule])
        self.widget.add_class("pelo-panel")
        self.refresh()

    def _on_frontend(self, _change) -> None:
        self._frontend_ready = True

    def controls(self) -> w.Widget:
        """The decision controls beside the map (subclasses)."""
        return w.VBox([self.dice, self.status])

    def refresh_controls(self, obs: dict) -> None:
        """Fill the decision controls for the current state (subclasses)."""

    def forget_private(self) -> None:
        """Clear what the player who had the screen chose or typed (the review screen and the curtain are
        public). Subclasses clear their own controls too."""
        self.selected = None

    def highlight(self) -> list[str]:
        """The places outlined on the map as choosable now."""
        return sorted(self.session.selectable_places())

    def tokens(self, obs: dict):
        return self.renderer.tokens(obs)

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
        close_all([self.widget, self.fig, *owned_widgets(self)])

    # -- user actions --------------------------------------------------------------------------------------
    def _on_map_click(self, trace, points, _selector) -> None:
        if not points.point_inds:  # plotly calls every trace's handler; only the clicked one has points
            return
        index = points.point_inds[0] if isinstance(points.point_inds[0], int) else None  # fills: no index
        place = self.mapfig.region_at(points.trace_index, index)
        if place is not None:
            self.click_place(place)

    def click_place(self, place: str) -> None:
        """A click on the map (subclasses choose what it selects)."""
        self.selected = place
        self.refresh()

    def do(self, action) -> None:
        """Carry out ``action`` for the person at the screen (refused with the rule if illegal)."""
        started = time.perf_counter()
        if action is None:
            self.session.message = "Choose an action first."
        elif self.session.apply(action).ok:
            self.selected = None
            self.after_action()
        self.refresh()
        self.timings.append(time.perf_counter() - started)

    def after_action(self) -> None:
        """Hook: reset choices after a successful action."""

    def undo(self) -> None:
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
        text = self.session.save()
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
        if self.session.load(text).ok:
            self.selected = None
            self.after_action()
        self.refresh()

    # -- drawing ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.closed:
            return
        s = self.session
        if s.stage != PLAY:
            self.forget_private()
        obs = s.observation()
        self.refresh_controls(obs)
        self.mapfig.update(self.fig, self.tokens(obs), highlight=self.highlight(), selected=self.selected,
                           title=self.renderer.title(obs))
        if not self._frontend_ready:
            resync(self.fig)
        self.prompt.value = f'<div class="pelo-prompt" aria-live="polite">{escape(s.prompt())}</div>'
        self.message.value = (f'<div class="pelo-message" role="alert">{escape(s.message)}</div>'
                              if s.message else "")
        self.curtain.layout.display = "flex" if s.curtain else "none"
        self.board.layout.display = "none" if s.curtain else "flex"
        if s.curtain:
            self.curtain_button.description = f"I am {s.to_act()}: show my side"
            self.curtain_text.value = (f"<p>Pass the screen to <strong>{escape(str(s.to_act()))}</strong>. "
                                       "The other player looks away.</p>")
        self._refresh_review()
        rows = "".join(f"<tr><td>{escape(k)}</td><td><strong>{escape(v)}</strong></td></tr>"
                       for k, v in self.renderer.status(obs))
        self.status.value = f'<table class="pelo-status">{rows}</table>'
        rolls = s.last_rolls()
        self.dice.value = ("<div><strong>Dice:</strong> " + "; ".join(escape(e.text) for e in rolls) + "</div>"
                           if rolls else "")
        items = "".join(f"<li>{self._event_html(e)}</li>" for e in reversed(s.log_lines(self.log_lines)))
        self.log.value = (f'<details open><summary>Game log (newest first)</summary><ul class="pelo-log">{items}'
                          "</ul></details>")
        self.describe.value = f'<p aria-live="polite"><em>{escape(self.renderer.describe(obs))}</em></p>'
        self._show_rule(s.current_rule())

    def _refresh_review(self) -> None:
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
                                  f"only what both sides may see.</p>{earlier}<ul>{items}</ul>")
        over = s.game.is_over()
        self.pass_button.description = f"Done: pass the screen to {s.to_act()}"
        self.pass_button.layout.display = "none" if over else "flex"
        self.review_undo.layout.display = "flex" if s.can_undo else "none"
        self.review.layout.display = "flex"

    @staticmethod
    def _event_html(e) -> str:
        turn = f"T{e.turn} " if e.turn is not None else ""
        rule = f' <span style="color:#444">({escape(e.rule)})</span>' if e.rule else ""
        return f"{turn}{escape(e.text)}{rule}"

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


class GamePanel(BasePanel):
    """The panel for games of many small decisions (Sfacteria): a place list, the actions there, Do it."""

    def controls(self) -> w.Widget:
        self.place = w.Dropdown(description="Place", options=[("every place", "")], value="",
                                style={"description_width": "60px"}, layout=w.Layout(width="340px"))
        self.actions = w.Select(options=[], rows=9, layout=w.Layout(width="100%", min_height="200px"))
        self.do_button = w.Button(description="Do it", button_style="primary", icon="check",
                                  tooltip="Carry out the action chosen in the list")
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip="Take back your last action")
        self.typed = w.Text(placeholder="or type an action, as it is written in the list", continuous_update=False,
                            layout=w.Layout(width="270px"))
        self.typed_button = w.Button(description="Try it", tooltip="Carry out the action typed in the box",
                                     layout=w.Layout(width="90px"))
        self.place.observe(self._on_place, names="value")
        self.do_button.on_click(lambda _: self.do())
        self.undo_button.on_click(lambda _: self.undo())
        self.typed_button.on_click(lambda _: self.do_typed())
        self.typed.observe(lambda _: self.do_typed(), names="value")  # Enter in the box
        return w.VBox([self.place, self.actions, w.HBox([self.do_button, self.undo_button]),
                       w.HBox([self.typed, self.typed_button]), self.dice, self.status], layout=w.Layout(width="380px"))

    def forget_private(self) -> None:
        super().forget_private()
        self.typed.value = ""

    def do_typed(self) -> None:
        """Carry out the action typed in the box; if the rules forbid it, the panel says which rule."""
        text = self.typed.value.strip()
        if text:
            super().do(text)
            if not self.session.message:
                self.typed.value = ""

    def click_place(self, place: str) -> None:
        """A click on the map: choose that place in the list (if something can be done there)."""
        self.selected = place
        values = [v for _, v in self.place.options]
        if place in values:
            self.place.value = place
        else:
            name = self.mapfig.regions[place].name if place in self.mapfig.regions else place
            self.session.message = f"Nothing you can do in {name} now."
            self.refresh()

    def _on_place(self, change) -> None:
        """A place chosen (in the list or on the map): only the outline and the action list change."""
        self.selected = change["new"] or None
        self.refresh_controls(None)
        self.mapfig.update_selected(self.fig, self.selected)
        if not self._frontend_ready:
            resync(self.fig)

    def do(self, action=None) -> None:
        """Carry out ``action`` or the one chosen in the list."""
        super().do(action if action is not None else self.actions.value)

    def refresh_controls(self, obs: dict) -> None:
        s = self.session
        legal = s.legal_actions()
        places = sorted({p for a in legal for p in a.places()[:1]})
        names = {rid: r.name for rid, r in self.mapfig.regions.items()}
        options = [("every place", "")] + [(f"{p} {names.get(p, '')}".strip(), p) for p in places]
        with self.place.hold_trait_notifications():
            if self.place.options != tuple(options):
                self.place.options = options
            wanted = self.selected if self.selected in places else ""
            if self.place.value != wanted:
                self.place.value = wanted
        chosen = s.actions_at(self.selected) if self.selected in places else legal
        self.actions.options = [(str(a), a) for a in chosen]
        self.actions.value = chosen[0] if chosen else None
        self.do_button.disabled = not chosen
        self.undo_button.disabled = s.stage != PLAY or not s.can_undo
