"""The diceless game's panel, made for children aged 8–11: one decision at a time, big buttons with
pictures, the map to click, a "look away" screen between players, and the struggles shown one by one.

1. Pick a chit from your hand (big picture buttons). The areas where it may go light up on the map.
2. Click an area (or choose it in the list), then "Put it here".
3. After both players have placed three chits, the chits are turned over and the struggles are shown
   area by area with "Next ▶".
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..games.diceless.actions import ChooseFirstPlacer, PlaceChit, PlaceCounter
from ..render.choices import split_rule
from .closing import close_all
from .panel import BasePanel

KIDS_STYLE = """<style>
.pelo-kids .widget-toggle-buttons .widget-toggle-button { font-size: 1em; height: 52px; display: inline-flex;
  flex-direction: row-reverse; justify-content: center; align-items: center; gap: 6px; padding: 0 4px;
  white-space: normal; line-height: 1.1; }
.pelo-kids .widget-toggle-button i.fa { font-size: 1.3em; }
.pelo-kids .widget-toggle-button.mod-active { background: #F0E442; color: #000; outline: 4px solid #000;
  outline-offset: -4px; font-weight: bold; }
.pelo-kids .pelo-big, .pelo-kids .pelo-big.jupyter-button { font-size: 1.1em; min-height: 52px; display: inline-flex;
  align-items: center; justify-content: center; gap: 8px; }
.pelo-kids .pelo-big i.fa { font-size: 1.1em; margin: 0; }
.pelo-kids .pelo-help { font-size: 1.05em; line-height: 1.4; }
.pelo-kids .pelo-struggle { font-size: 1.05em; border: 3px solid #0072B2; border-radius: 8px; padding: 6px 10px; }
</style>"""
STAR_KINDS = (("Military", "Military"), ("Influence", "Influence"), ("Coup!", "Coup"))


class DicelessPanel(BasePanel):
    """Big-button controls over the shared panel (map, curtain, log, saving)."""

    CONTROLS_MIN = 300
    CONTROLS_MAX = 420
    UNDO_TOOLTIP = "Take back your last placement"
    HAND_WIDTH = ("150px", "134px")  # a chit's button beside the map, under it (four in a row)

    def prompt_text(self, obs: dict) -> str:
        """The prompt in a child's words: what to do, without the rule's number (the rule card shows it)."""
        return split_rule(super().prompt_text(obs))[0]

    def controls(self) -> w.Widget:
        big = w.Layout(width="100%", max_width="340px", height="auto")
        self.choices = w.VBox()
        self._choice_actions: list = []  # the actions of the big buttons now in ``choices``
        self._quiet = False  # set while the panel itself resets the chit controls
        self.hand = w.ToggleButtons(options=[], value=None, style={"button_width": self.HAND_WIDTH[0]})
        self.star_as = w.ToggleButtons(options=STAR_KINDS, value="Military", description="Star as",
                                       icons=[self.renderer.picture_name(code) for _, code in STAR_KINDS],
                                       style={"button_width": "110px", "description_width": "initial"})
        self.area = w.Dropdown(description="Where", options=[], style={"description_width": "initial"},
                               layout=w.Layout(width="100%", max_width="340px"))
        self.put = w.Button(description="Put it here", button_style="success", icon="hand-point-down", layout=big,
                            tooltip="Put the chosen chit (or counter) face down on the chosen area")
        self.put.add_class("pelo-big")
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip=self.UNDO_TOOLTIP,
                                    layout=w.Layout(width="auto", min_height="52px"))
        self.help = w.HTML()
        self.struggle = w.HTML()
        self.back = w.Button(description="◀ Back", tooltip="The previous struggle", layout=w.Layout(width="auto"))
        self.next = w.Button(description="Next ▶", button_style="info", tooltip="The next struggle",
                             layout=w.Layout(width="auto"))
        self.struggle_box = w.VBox([self.struggle, w.HBox([self.back, self.next])])
        self.struggle_step = 0
        self._struggles_seen = None

        self.hand.observe(lambda _: self._chit_chosen(), names="value")
        self.star_as.observe(lambda _: self._chit_chosen(), names="value")

        self.area.observe(self._area_chosen, names="value")
        self.put.on_click(lambda _: self.place())
        self.undo_button.on_click(lambda _: self.undo())
        self.back.on_click(lambda _: self.show_struggle(self.struggle_step - 1))
        self.next.on_click(lambda _: self.show_struggle(self.struggle_step + 1))
        box = w.VBox([w.HTML(KIDS_STYLE), self.choices, self.hand, self.star_as, self.help, self.area,
                      w.HBox([self.put, self.undo_button], layout=w.Layout(flex_flow="row wrap")), self.struggle_box],
                     layout=w.Layout(width="100%"))
        box.add_class("pelo-kids")
        return box

    def controls_arranged(self) -> None:
        """Under the map the row is wide: the hand's four chits in one row, so "Put it here" stays on the screen."""
        self.hand.style.button_width = self.HAND_WIDTH[self.under]

    # -- what the child may do now ----------------------------------------------------------------------
    def _hand(self) -> list[dict]:
        return self.session.observation().get("hand") or []

    def _kind(self) -> str | None:
        """The kind of the chit chosen in the hand (a second chit of a kind is told apart as "Influence#2")."""
        value = self.hand.value
        return value.partition("#")[0] if isinstance(value, str) else value

    def _chit(self) -> dict | None:
        return next((c for c in self._hand() if c["chit"] == self._kind()), None)

    def placements(self) -> list:
        """The legal placements for the chit (and Star kind) chosen now."""
        legal = [a for a in self.session.legal_actions() if isinstance(a, PlaceChit) and a.chit == self._kind()]
        if self._kind() == "Star":
            legal = [a for a in legal if a.as_type in (self.star_as.value, "Void")]
        return legal

    def highlight(self) -> list[str]:
        legal = self.session.legal_actions()
        if self.hand.value is not None and any(isinstance(a, PlaceChit) for a in legal):
            return sorted({a.area for a in self.placements()})
        records = self._struggle_records()
        if records:  # the struggle on show
            return [records[min(self.struggle_step, len(records) - 1)]["area"]]
        return sorted(self.session.selectable_places())

    def forget_private(self) -> None:
        """The review screen and the curtain show no chit of the player who had the screen: the hand is
        emptied (in ``refresh_controls``), and what they had picked is reset."""
        super().forget_private()
        self._quiet = True
        try:
            self.hand.value = None
            self.star_as.value = STAR_KINDS[0][1]
        finally:
            self._quiet = False

    def _chit_chosen(self) -> None:
        if self._quiet:
            return
        self.area.value = None
        self.selected = None
        self.session.message = ""  # ("First pick a chit", or why the last chit could not go there: done with)
        self.refresh()

    def _area_chosen(self, change) -> None:
        if not self._quiet and change["new"] and change["new"] != self.selected:
            self.selected = change["new"]
            self.refresh()

    def click_place(self, place: str) -> None:
        """A click on an area: choose it if the chit (or counter) may go there, else say why not."""
        legal = self.session.legal_actions()
        targets = ({a.area for a in self.placements()} if any(isinstance(a, PlaceChit) for a in legal)
                   else {a.area for a in legal if isinstance(a, PlaceCounter)})
        name = self.renderer.names.get(place, place)
        if place in targets:
            self.selected = place
            self.session.message = ""
        elif any(isinstance(a, PlaceChit) for a in legal) and self.hand.value is None:
            self.session.message = "First pick a chit from your hand (the big buttons)."
        elif any(isinstance(a, PlaceChit) for a in legal):
            self.session.message = self._why_not(place) or f"Your chit cannot go to {name} now."
        elif targets:
            self.session.message = f"Your counter cannot go to {name}. Choose one of the areas that light up."
        self.refresh()

    def _why_not(self, place: str) -> str:
        """The engine's own words for why the chosen chit may not go to ``place`` (nothing is changed)."""
        game = self.session.game
        as_type = self.star_as.value if self._kind() == "Star" else None
        try:
            game.check(PlaceChit(self._kind(), place, as_type))
        except Exception as e:  # IllegalAction: its message names the rule
            return str(e)
        return ""

    def place(self) -> None:
        """"Put it here": place the chosen chit, or the set-up counter, on the chosen area."""
        legal = self.session.legal_actions()
        if any(isinstance(a, PlaceCounter) for a in legal):
            action = next((a for a in legal if isinstance(a, PlaceCounter) and a.area == self.selected), None)
            if action is None:
                self.session.message = "Click an area that lights up to put your counter there."
                self.refresh()
                return
            self.do(action)
            return
        if self.hand.value is None:
            self.session.message = "First pick a chit from your hand (the big buttons)."
            self.refresh()
            return
        if self.selected is None:
            self.session.message = "Now click an area on the map (or choose one in the list)."
            self.refresh()
            return
        action = next((a for a in self.placements() if a.area == self.selected), None)
        if action is None:
            self.session.message = self._why_not(self.selected) or "That chit cannot go there."
            self.refresh()
            return
        self.do(action)

    def after_action(self) -> None:
        super().after_action()
        self.hand.value = None

    def _button_words(self, action) -> str:
        """A big button's words: who is younger names the player as well as the side ("Sparta (Lucia)")."""
        if isinstance(action, ChooseFirstPlacer):
            game = self.session.game
            return f"{game.label(game.players.index(action.side))} is the younger: goes first"
        return str(action)

    # -- struggles, one by one -------------------------------------------------------------------------
    def _struggle_records(self) -> list[dict]:
        """The struggles of the last reveal (they stay on show into the next turn)."""
        return self.session.observation().get("struggles") or []

    def show_struggle(self, step: int) -> None:
        records = self._struggle_records()
        if records:
            self.struggle_step = max(0, min(step, len(records) - 1))
        self.refresh()

    def tokens(self, obs: dict):
        records = self._struggle_records()
        if records and self.struggle_step < len(records) - 1:
            # Stepping: the areas still to come show their counters before the struggles reached them.
            shown = {}
            for record in records[: self.struggle_step + 1]:
                shown[record["area"]] = record["counters"]
            return self.renderer.tokens(obs, counters=shown)
        return self.renderer.tokens(obs)

    # -- filling the controls --------------------------------------------------------------------------
    def refresh_controls(self, obs: dict) -> None:
        s = self.session
        legal = s.legal_actions()
        placing = any(isinstance(a, PlaceChit) for a in legal)
        setting_up = any(isinstance(a, PlaceCounter) for a in legal)
        # simple decisions (who is younger, Delphi): one big button each
        simple = [a for a in legal if not isinstance(a, (PlaceChit, PlaceCounter))]
        if simple != self._choice_actions:  # new decisions: new buttons, and the old ones closed
            old = self.choices.children
            buttons = []
            for action in simple:
                b = w.Button(description=self._button_words(action), layout=w.Layout(
                    width="100%", max_width="340px", min_height="52px"))
                b.add_class("pelo-big")
                b.on_click(lambda _, action=action: self.do(action))
                buttons.append(b)
            self.choices.children = buttons
            self._choice_actions = simple
            close_all(old)
        # the hand
        hand = obs.get("hand") or []
        # each with its picture (an icon, not an emoji); two chits of a kind are two values, so that a click on the
        # second lights the second (ToggleButtons finds a value's button by the value: the first of equal ones)
        seen: dict[str, int] = {}
        options = []
        for c in hand:
            seen[c["chit"]] = seen.get(c["chit"], 0) + 1
            options.append((c["name"], c["chit"] if seen[c["chit"]] == 1 else f"{c['chit']}#{seen[c['chit']]}"))
        with self.hand.hold_trait_notifications():
            if list(self.hand.options) != options:
                self.hand.options = options
                self.hand.icons = [self.renderer.picture_name(c["chit"]) for c in hand]
                self.hand.value = None
        self.hand.layout.display = "flex" if placing else "none"
        self.star_as.layout.display = "flex" if placing and self._kind() == "Star" else "none"
        chit = self._chit()
        if placing and chit:
            extra = (f" It favours {chit['favours']}, whoever plays it."
                     if chit.get("special") and chit.get("favours") else "")
            words, name = escape(chit["range_words"]), escape(chit["name"])
            icon = self.renderer.picture_html(chit["chit"])
            self.help.value = (f'<div class="pelo-help">{icon} <strong>{name}</strong>: it can go {words}.'
                               f"{escape(extra)} The places it can go light up on the map.</div>")
        elif placing:
            self.help.value = '<div class="pelo-help">Pick one of your chits.</div>'
        elif setting_up:
            self.help.value = '<div class="pelo-help">Click an area for your free counter.</div>'
        else:
            self.help.value = ""
        # where
        if placing:
            areas = sorted({a.area for a in self.placements()}, key=lambda a: self.renderer.names.get(a, a))
        elif setting_up:
            areas = sorted({a.area for a in legal if isinstance(a, PlaceCounter)},
                           key=lambda a: self.renderer.names.get(a, a))
        else:
            areas = []
        area_options = [(self.renderer.names.get(a, a), a) for a in areas]
        self._quiet = True  # new options make the dropdown pick their first one: that is not the child's choice
        try:
            with self.area.hold_trait_notifications():
                if list(self.area.options) != area_options:
                    self.area.options = area_options
                self.area.value = self.selected if self.selected in areas else None
        finally:
            self._quiet = False
        show_where = placing or setting_up
        self.area.layout.display = "flex" if show_where else "none"
        self.put.layout.display = "flex" if show_where else "none"
        self.put.description = "Put my counter here" if setting_up else "Put it here"
        self._refresh_undo()
        # struggles
        records = self._struggle_records()
        key = (obs.get("struggles_turn"), len(records))
        if key != self._struggles_seen:
            self._struggles_seen = key
            self.struggle_step = 0
        if records:
            record = records[self.struggle_step]
            text = self.renderer.words(record["text"])
            self.struggle.value = (f'<div class="pelo-struggle" aria-live="polite"><strong>What happened '
                                   f"({self.struggle_step + 1} of {len(records)}):</strong> {escape(text)}"
                                   f' <span class="pelo-rule">({escape(record.get("rule", ""))})</span></div>')
            self.back.disabled = self.struggle_step == 0
            self.next.disabled = self.struggle_step >= len(records) - 1
            self.struggle_box.layout.display = "flex"
        else:
            self.struggle_box.layout.display = "none"
