"""The panel of The Siege of Syracuse: the area map on the real ground, and the battle board when a pitched battle is
fought (rules 7.3, 8.1, 8.3).

Over the shared game panel (``GamePanel``: where, which piece, which action, "Do it"; the hot-seat curtain, undo,
saving, the log and the rule card), the Syracuse panel adds:

1. **The battle board** in the map's place while a pitched battle is fought, with a switch back to the map; a click
   on a square lists what may be done there (set up, advance, fire, assault).
2. **The odds of the next attack**: the attack chosen in the list as a bar chart of its exact outcomes
   (``battle/forecast.py``), and every attack possible now in a table (also on the board, as arrows with their
   chance beside them).
3. **Step one round**: the computer plays both sides until the battle's round ends (a class watches a round
   unfold; a teacher shows how the phases follow each other). Nothing done this way can be undone.
4. **Practise a pitched battle**: one of the prepared battles (rule 8.1; Thucydides 6.67–6.70, 7.43–7.45,
   7.70–7.71) set up on the board in place of the game on the screen (save it first to come back to it).
5. **Supply lines** on request (a tick box under the map, rule 9).
"""

from __future__ import annotations

import ipywidgets as w

from ..core.registry import bots_for
from ..render.battle_board import odds_rows
from ..render.odds import ODDS_STYLE, odds_html, table_html
from .panel import GamePanel
from .session import PLAY

BATTLE_BOT = "heuristic"  # who decides for both sides when a round is stepped (fast: a round in a few ms)


def battle_scenarios() -> list[tuple[str, str]]:
    """(title, scenario name) of the prepared pitched battles."""
    from ..games.syracuse.scenarios import choices

    return [(title, name) for title, name in choices() if name and name.startswith("battle_")]


class SyracusePanel(GamePanel):
    """The area map (or the battle board) beside the decision controls, with the odds of every attack."""

    CONTROLS_MIN = 300
    CONTROLS_MAX = 500

    def controls(self) -> w.Widget:
        base = super().controls()
        self.odds = w.HTML()
        self.round_button = w.Button(description="Step one round", icon="forward", layout=w.Layout(width="auto"),
                                     tooltip="The computer plays both sides until this round of the battle ends "
                                             "(it cannot be undone)")
        self.round_button.on_click(lambda _: self.step_round())
        self.battle_choice = w.Dropdown(options=battle_scenarios(), layout=w.Layout(width="auto", max_width="100%"),
                                        description="Practise", style={"description_width": "initial"})
        self.battle_button = w.Button(description="Set up this battle", icon="flag", layout=w.Layout(width="auto"),
                                      tooltip="A prepared pitched battle takes the place of the game on the screen; "
                                              "'Back to the game' returns to it")
        self.battle_button.on_click(lambda _: self.set_up_battle(self.battle_choice.value))
        self.back_button = w.Button(description="Back to the game", icon="arrow-left",
                                    layout=w.Layout(width="auto", display="none"),
                                    tooltip="Leave the practice battle and go on with the game you were playing")
        self.back_button.on_click(lambda _: self.back_to_game())
        self._kept = None  # the game a practice battle took the place of (the game itself: it may not be savable)
        self.battle_setup = w.Accordion(
            children=[w.VBox([self.battle_choice, w.HBox([self.battle_button, self.back_button],
                                                         layout=w.Layout(flex_flow="row wrap"))])],
            titles=("A pitched battle on the board",), selected_index=None)
        return w.VBox([w.HTML(ODDS_STYLE), base, self.odds, self.round_button, self.battle_setup])

    # -- the battle -----------------------------------------------------------------------------------------
    def in_battle(self) -> bool:
        return self.session.game.observation(None).get("battle") is not None

    def step_round(self) -> None:
        """The computer plays both sides to the end of the battle's round (or of the battle)."""
        game = self.session.game
        battle = game.observation(None).get("battle")
        if battle is None:
            self.session.message = "There is no pitched battle to step: set one up, or ask for one (rule 8.1)."
            self.refresh()
            return
        start = battle["round"]

        def round_over(g) -> bool:
            b = g.observation(None).get("battle")
            return b is None or b["round"] != start

        bot = bots_for("syracuse")[BATTLE_BOT](seed=getattr(game, "seed", 1))
        self.session.autoplay(bot, round_over)
        self.selected, self.piece_selected = None, ""
        self.refresh()

    def set_up_battle(self, name: str) -> None:
        """Replace the game on the screen by the prepared battle ``name`` (same players, computer and game number)."""
        from ..core.registry import new_game

        game = self.session.game
        if self._kept is None:  # (a second practice keeps the game played before the first)
            self._kept = game
        seed = getattr(game, "seed", 1)
        self.session.resume(new_game("syracuse", seed=seed, scenario=name))
        self.session.message = (f"{dict((n, t) for t, n in battle_scenarios())[name]}: set up on the battle board. "
                                "The game you were playing is kept: 'Back to the game' returns to it.")
        self.selected, self.piece_selected = None, ""
        self.refresh()

    def back_to_game(self) -> None:
        """Leave the practice battle: the game it took the place of comes back as it was."""
        if self._kept is None:
            return
        kept, self._kept = self._kept, None
        self.session.resume(kept)
        self.session.message = "Back to the game you were playing, as you left it."
        self.selected, self.piece_selected = None, ""
        self.show_board(0)
        self.refresh()

    def refresh_controls(self, obs: dict) -> None:
        super().refresh_controls(obs)
        battle = obs.get("battle")
        self.round_button.layout.display = "flex" if battle else "none"
        self.round_button.disabled = self.session.stage != PLAY or self.session.game.is_over()
        self.back_button.layout.display = "flex" if self._kept is not None else "none"
        self._show_odds(obs)

    def _on_action(self, change) -> None:
        super()._on_action(change)
        if not self._quiet:
            self._show_odds(self.observe())

    def _show_odds(self, obs: dict) -> None:
        """The chosen attack's outcomes as bars; every attack possible now in a table."""
        attacks = (obs.get("battle") or {}).get("attacks") or []
        if not attacks:
            self.odds.value = ""
            return
        words = self.renderer.words
        chosen = self._chosen()
        html = ""
        if chosen is not None:
            att = next((a for a in attacks if a["action"] == str(chosen.action)), None)
            if att is not None:
                html = odds_html(odds_rows(att), f"Odds of this attack: {words(att['action'])}",
                                 note="Exact odds from the rules' tables (rule "
                                      f"{getattr(chosen.action, 'rule', '8.3')}).")
        rows = [[words(a["action"]), f"{round(a['hit'] * 100)}%"] for a in attacks]
        html += table_html(["Attack possible now", "Chance to hurt"], rows, "Every attack possible now")
        self.odds.value = html


__all__ = ["SyracusePanel", "battle_scenarios"]
