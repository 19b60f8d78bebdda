"""The panel of Brian Mountford's *Peloponnesian War*: the campaign map, a whole game played on it, and the odds
before every choice that involves dice.

Over the shared game panel (``GamePanel``: where, which piece, which action, "Do it"; the hot-seat curtain, undo,
saving, the log and the rule card):

1. **Choose a leader**: click a space with your SPs (or choose it under "Where"): the leaders who may take command
   there are listed, with their ratings.
2. **Form the army**: three sliders (hoplite, cavalry, naval SPs), what it costs and what the treasury holds.
3. **Choose the objective**: click a destination on the map (or in the list): the shortest legal route is drawn
   with the chance of an interception in each space it enters, the storm or the losses on the march where the
   rules roll for them, and the chance of arriving intact — exact figures from the engine (``plan_routes``).
   Equal routes are offered next, each drawn when chosen. An attack also shows the battle ahead (``preview_battle``)
   and, for a walled place, the siege (``preview_siege``).
4. **Battles**: before every decision (ships joining, putting to sea, the running skirmish) a chart of the exact
   outcomes of the battle as it stands (``preview.battle_now``); then losses, retreats, sieges and garrisons.

Under the map: the zones of influence of a side's fleets or troops, on request (Mountford 4.6).
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..render.mapfig import Route
from ..render.mountford import battle_rows, battle_summary, in_words, possessive, siege_rows
from ..render.odds import ODDS_STYLE, odds_html, table_html
from ..render.palette import side_style
from .panel import GamePanel
from .session import PLAY

REACH_CHOICES = (("zones of influence: none", ""), ("Athens' fleets reach", "Athens:naval"),
                 ("Athens' troops reach", "Athens:land"), ("Sparta's fleets reach", "Sparta:naval"),
                 ("Sparta's troops reach", "Sparta:land"))
BATTLE_STEPS = ("participate", "home_leader", "skirmish_choice")
MAP_OPTIONS_PX = 44  # the row of map options under the map
LIST_ROWS = 9  # the list of actions at most this tall (it scrolls): "Do it" stays in sight at 1366×768


class MountfordPanel(GamePanel):
    """The campaign map beside the decision controls, with routes and odds."""

    CONTROLS_MIN = 300
    CONTROLS_MAX = 500

    def controls(self) -> w.Widget:
        base = super().controls()
        # "Do it" right under the list, what the chosen line does under it: on a 1366×768 screen with JupyterLab's
        # file browser open, a long explanation must not push the button out of sight
        parts = [c for c in base.children if c is not self.help]
        buttons = next(k for k, c in enumerate(parts) if self.do_button in getattr(c, "children", ()))
        parts.insert(buttons + 1, self.help)
        base.children = parts
        wide = {"description_width": "9em"}
        self.hoplites = w.IntSlider(description="Hoplite SPs", min=0, max=0, style=wide,
                                    layout=w.Layout(width="100%"), continuous_update=False)
        self.cavalry = w.IntSlider(description="Cavalry SPs", min=0, max=0, style=wide,
                                   layout=w.Layout(width="100%"), continuous_update=False)
        self.naval = w.IntSlider(description="Naval SPs", min=0, max=0, style=wide,
                                 layout=w.Layout(width="100%"), continuous_update=False)
        self.form_text = w.HTML()
        for slider in (self.hoplites, self.cavalry, self.naval):
            slider.observe(lambda _: self._on_form(), names="value")
        self.form_box = w.VBox([w.HTML("<b>The army</b>: choose how many SPs march with the leader, then "
                                       "<b>Do it</b>."), self.hoplites, self.cavalry, self.naval, self.form_text])
        self.odds = w.HTML()
        self.reach_choice = w.Dropdown(options=REACH_CHOICES, value="", layout=w.Layout(width="auto", max_width="100%"),
                                       tooltip="Mountford 4.6: the spaces a side's SPs reach, for interceptions "
                                               "and battles")
        self.reach_choice.observe(lambda _: self.refresh_map(), names="value")
        views = self.renderer.views()
        self.view_choice = w.Dropdown(options=[(f"map: {view.name}", k) for k, view in enumerate(views)],
                                      value=0, layout=w.Layout(width="auto", max_width="100%"),
                                      tooltip="Show part of the map larger (the names and counters spread out)")
        self.view_choice.observe(lambda _: self.show_view(), names="value")
        self._route: Route | None = None
        self._odds_key = None
        self._form_for = None
        self._forming = False
        return w.VBox([w.HTML(ODDS_STYLE), self.form_box, base, self.odds])

    def __init__(self, session, renderer, **kwargs) -> None:
        super().__init__(session, renderer, **kwargs)
        self.map_options = w.HBox([self.view_choice, self.reach_choice], layout=w.Layout(flex_flow="row wrap"))
        self.map_column.children = [self.fig, self.map_options, self.sizer]

    def fit_to_screen(self, width: int, height: int) -> None:
        super().fit_to_screen(width, height - MAP_OPTIONS_PX)

    def show_view(self) -> None:
        """Show the part of the map chosen under it, larger (``MapFigure.view``)."""
        view = self.renderer.views()[self.view_choice.value]
        self.mapfig.view(self.fig, view.zoom, view.centre, view.places)
        self._keep_full_state()

    # -- what the game needs now ---------------------------------------------------------------------
    def _step(self) -> str:
        s = self.session
        return s.game.state.step if s.stage == PLAY and s.is_human_turn() and not s.game.is_over() else ""

    def refresh_controls(self, obs: dict) -> None:
        step = self._step()
        army = obs.get("army")
        super().refresh_controls(obs)
        if step in ("op_objective", "op_route") and army and not self.selected:
            self.selected = army["at"]  # a click on a destination then picks the move to it
            self._refresh_choice_controls()
        forming = step == "op_form"
        for widget in (self.place, self.actions):
            widget.layout.display = "none" if forming else "flex"
        self.typing.layout.display = "none" if forming else "flex"
        self.form_box.layout.display = "flex" if forming else "none"
        if forming:
            self._fill_form()
            self.do_button.disabled = self._form_action() is None
        self._show_odds(obs)

    def forget_private(self) -> None:
        super().forget_private()
        self._route = None

    def choices(self, obs: dict | None = None):
        """The choices in words; declaring war last (a weighty step, never the first line of the list)."""
        return sorted(super().choices(obs), key=lambda c: c.action.kind == "declare_war")

    def list_rows(self) -> int:
        return min(super().list_rows(), LIST_ROWS)

    def _refresh_choice_controls(self) -> None:
        super()._refresh_choice_controls()
        if self._step() == "op_choose" and not self.selected and self.actions.value is None:
            # choosing an operation, nothing chosen yet (the list never chooses for the player): where to start
            self.help.value = ('<div class="pelo-help">Click one of your spaces on the map (they are ringed) to see '
                               "the leaders who may take command there, or choose a line of the list.</div>")

    # -- forming the army (Mountford 4; paid for, frame 10.3) --------------------------------------------------
    def _fill_form(self) -> None:
        """Set the sliders for the army being formed (their largest values, and a first army: all the land SPs the
        treasury pays for, no ships unless there are no land SPs)."""
        legal = [a for a in self.session.legal_actions() if a.kind == "form"]
        key = (self.session.game.state.serial, len(legal))
        if self._form_for == key or not legal:
            return
        self._form_for = key
        self._forming = True
        try:
            tops = [max(getattr(a, f) for a in legal) for f in ("hoplites", "cavalry", "naval")]
            land = [a for a in legal if not a.naval]
            first = max(land or legal, key=lambda a: (a.hoplites + a.cavalry + a.naval, a.hoplites))
            for slider, top, value in zip((self.hoplites, self.cavalry, self.naval), tops,
                                          (first.hoplites, first.cavalry, first.naval), strict=True):
                slider.max = top
                slider.value = value
                slider.layout.display = "flex" if top else "none"
        finally:
            self._forming = False
        self._on_form()

    def _form_action(self):
        want = (self.hoplites.value, self.cavalry.value, self.naval.value)
        return next((a for a in self.session.legal_actions() if a.kind == "form"
                     and (a.hoplites, a.cavalry, a.naval) == want), None)

    def _on_form(self) -> None:
        if self._forming:
            return
        game = self.session.game
        op = game.state.op or {}
        city = op.get("city", "")
        h, c, n = self.hoplites.value, self.cavalry.value, self.naval.value
        frame = game.tables.frame
        price = (h + c) * frame["cost_land_sp"] + n * frame["cost_naval_sp"]
        cash = game.state.treasury.get(city, 0)
        name = self.renderer.city(city)
        action = self._form_action()
        if not (h + c + n):
            why = "An army needs at least one SP."
        elif action is None:
            why = f"{name} cannot pay for that army: it costs {price} talents."
        else:
            why = ""
        self.form_text.value = (f"<div>Cost: <b>{price}</b> talents (10 a land SP, 20 a naval SP; frame 10.3). "
                                f"{escape(name)} has {cash}.</div>"
                                + (f'<div class="pelo-message" role="alert">{escape(why)}</div>' if why else ""))
        self.do_button.disabled = action is None

    def do(self, action=None) -> None:
        if action is None and self._step() == "op_form":
            action = self._form_action()
            if action is None:
                self.session.message = "Choose an army the treasury can pay for (at least one SP)."
                self._show_message()
                return
        super().do(action)

    # -- routes and odds ------------------------------------------------------------------------------
    def plan(self):
        return None if self._route else super().plan()

    def map_extras(self, obs: dict) -> dict:
        reach = None
        if self.reach_choice.value:
            side, arm = self.reach_choice.value.split(":")
            reach = self.renderer.reach(obs, side, arm)
        return {"route": self._route, "reach": reach}

    def _on_action(self, change) -> None:
        super()._on_action(change)
        if self._quiet:
            return
        route = self._route
        self._show_odds(self.session.observation())
        if self._route != route:
            self.mapfig.update_route(self.fig, self._route)
            self.mapfig.update_selected(self.fig, self.selected, plan=self.plan())
            self._keep_full_state()

    def _plans(self, obs: dict, dest: str, via: str = "") -> list[dict]:
        game = self.session.game
        army = obs["army"]
        h = sum(t[0] for t in army["sps"].values())
        c = sum(t[1] for t in army["sps"].values())
        n = sum(t[2] for t in army["sps"].values())
        return game.plan_routes(army["city"], army["at"], dest, h, c, n, via)

    def _show_odds(self, obs: dict) -> None:
        """The route of the chosen objective (or route) with its odds, the battle or siege ahead, or the battle
        being decided: on the map and beside the list."""
        step = self._step()
        chosen = self._chosen()
        action = chosen.action if chosen else None
        key = (self.session.game.state.serial, step, action)
        if key == self._odds_key:
            return
        self._odds_key = key
        html, route = "", None
        try:
            if step == "op_objective" and action is not None and action.kind == "objective":
                html, route = self._objective_odds(obs, action)
            elif step == "op_route" and action is not None and action.kind == "choose_route":
                html, route = self._route_odds(obs, action)
            elif step == "intercept":
                html = self._intercept_odds()
            elif step == "put_to_sea":  # nobody has joined yet: the army against everything in the space
                html = self._attack_html(obs, obs["army"]["at"], standing=True)
            elif step in BATTLE_STEPS:
                html = self._battle_now_odds()
            elif step == "siege":
                html = self._siege_now_odds(obs)
            elif obs.get("army") and obs["army"]["route"] and step:
                army = obs["army"]
                route = Route(tuple(army["route"]), side=army["side"], name=f"{possessive(army['leader'])} route")
        except Exception as e:  # the odds help a decision; they must never stop the game
            html = f'<p class="pelo-odds-note">The odds cannot be shown here ({escape(type(e).__name__)}).</p>'
        self.odds.value = html
        self._route = route

    def _objective_odds(self, obs: dict, action) -> tuple[str, Route | None]:
        army = obs["army"]
        plans = self._plans(obs, action.dest, action.via)
        if not plans:
            return "", None
        plan = plans[0]
        side = army["side"]
        parts = [self._route_html(plan, len(plans))]
        if action.combat:
            parts.append(self._attack_html(obs, action.dest))
        return "".join(parts), self.renderer.route(plan, side, name=f"{possessive(army['leader'])} route")

    def _route_odds(self, obs: dict, action) -> tuple[str, Route | None]:
        army = obs["army"]
        plans = self._plans(obs, army["dest"], army["via"])
        plan = next((p for p in plans if tuple(p["route"]) == tuple(action.route)), None)
        if plan is None:
            return "", Route(tuple(action.route), side=army["side"])
        return self._route_html(plan, len(plans)), self.renderer.route(plan, army["side"],
                                                                     name=f"{possessive(army['leader'])} route")

    def _route_html(self, plan: dict, equal: int) -> str:
        r = self.renderer
        start, end = r.place_words(plan["route"][0]), r.place_words(plan["route"][-1])
        rows = r.route_rows(plan)
        heads = ["space", "by", "interception", "chance", "other risks", "gets through"]
        more = (f" {equal} routes are equally short: you choose one next." if equal > 1 else "")
        return (f'<div class="pelo-route"><b>{escape(start)} to {escape(end)}</b>: {plan["length"]} path'
                f'{"s" if plan["length"] != 1 else ""}. Chance of arriving with no interception and no loss: '
                f"<b>{escape(in_words(plan['p_intact']))}</b> (exact, Mountford 4.2–4.6: the product of each "
                f"space's chance to get through).{escape(more)}"
                + table_html(heads, [[row[h] for h in heads] for row in rows]) + "</div>")

    def _attack_html(self, obs: dict, dest: str, *, standing: bool = False) -> str:
        from ..games.mountford import sieges

        game = self.session.game
        army = obs["army"]
        hcn = [sum(t[k] for t in army["sps"].values()) for k in range(3)]
        preview = game.preview_battle(dest, army["city"], hcn, leader=army["leader"])
        space = next(s for s in obs["spaces"] if s["id"] == dest)
        defenders = [c for c in space["forces"] if obs["cities"][c]["side"] != army["side"]]
        enemy = obs["cities"][defenders[0]]["side"] if defenders else "the defenders"
        names = (army["side"], enemy if enemy in ("Athens", "Sparta") else self.renderer.city(enemy))
        parts = []
        for arm, words in (("naval", "At sea"), ("land", "On land")):
            dist = preview[arm]
            if dist is not None:
                title = (f"{words} at {self.renderer.place_words(dest)}, if the army stands and fights" if standing
                         else f"{words} at {self.renderer.place_words(dest)}, if the army fights everything there")
                parts.append(odds_html(battle_rows(dist, names), title,
                                       note=battle_summary(dist, names, (army["leader"], ""))))
        if not standing and sieges.besiegeable(game, army["city"], game.board.index[dest]):
            sps = sum(hcn)
            why = sieges.blockers(game, army["city"], dest, sps, land=bool(hcn[0] + hcn[1]))
            if why:  # the siege's conditions already fail: no odds to promise
                words = sieges.no_siege_words(self.renderer.place_words(dest), why)
                parts.append(f'<p class="pelo-odds-note">{escape(words)}</p>')
            else:
                dist = game.preview_siege(dest, army["city"], sps)
                parts.append(odds_html(siege_rows(dist), f"A siege of {self.renderer.place_words(dest)} by {sps} SPs",
                                       note="If no battle is lost and the siege's conditions hold (Mountford 5.8); "
                                            "each attempt is one operation and costs 100 talents a SP."))
        if not parts:
            return '<p class="pelo-odds-note">No enemy SPs there now: no battle (unless the army is intercepted).</p>'
        return "".join(parts)

    def _intercept_odds(self) -> str:
        """Mountford 4.6: the chance of intercepting the army in this space, exact, and what follows."""
        from fractions import Fraction

        from ..games.mountford import interception
        from ..games.mountford.routes import army_sps

        game = self.session.game
        op = game.state.op
        group, space = op["icept"]["groups"][0], op["icept"]["space"]
        hcn = army_sps(op["army"])
        need, mod, leader = interception.target(game, group, space, hcn)
        chance = Fraction(max(0, min(6, 7 - need + mod)), 6)
        where = self.renderer.place_words(game.board.ids[space])
        lead = f", +{mod} for {leader}" if mod else ""
        army = f"{hcn[0]}H {hcn[1]}C {hcn[2]}N"
        colour = side_style(self.session.to_act()).colour
        rows = [(f"intercepted: a battle at {where} at once", chance, colour), ("the army slips past", 1 - chance, "")]
        return odds_html(rows, f"Intercepting {possessive(op['leader'])} army at {where}",
                         note=f"One die: {need}+ needed{lead} (Mountford 4.6). The army has {army}; if you intercept, "
                              "your SPs within reach may join the battle.")

    def _battle_now_odds(self) -> str:
        from ..games.mountford.preview import battle_now

        game = self.session.game
        now = battle_now(game)
        if now is None:
            return ""
        sides = tuple(s if s in ("Athens", "Sparta") else self.renderer.city(s) for s in now["sides"])
        where = self.renderer.place_words(now["space"])
        joining = " (if they join)" if game.state.step == "participate" else ""
        parts = []
        if now["naval"] is not None:
            parts.append(odds_html(battle_rows(now["naval"], sides), f"The sea fight at {where}{joining}",
                                   note=battle_summary(now["naval"], sides, tuple(now["leaders"]))))
        if now["land"] is not None:
            parts.append(odds_html(battle_rows(now["land"], sides), f"A hoplite battle at {where}{joining}",
                                   note=battle_summary(now["land"], sides, tuple(now["leaders"]))))
        if now["land_if_skirmish"] is not None:
            chooser = sides[now["skirmish_chooser"]]
            parts.append(odds_html(battle_rows(now["land_if_skirmish"], sides),
                                   f"If {chooser} tries for a running skirmish",
                                   note=battle_summary(now["land_if_skirmish"], sides, tuple(now["leaders"]))))
        return "".join(parts)

    def _siege_now_odds(self, obs: dict) -> str:
        from ..games.mountford import sieges

        game = self.session.game
        op = game.state.op
        space = op["at"]
        sps = sieges.friendly_sps_here(game, space)
        dist = game.preview_siege(game.board.ids[space], op["city"], sps)
        name = self.renderer.place_words(game.board.ids[space])
        return odds_html(siege_rows(dist), f"The siege of {name} from now, by {sps} SPs",
                         note="Each attempt is one operation and costs 100 talents a SP (Mountford 5.8).")
