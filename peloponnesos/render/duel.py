"""The field of Thyrea for Battle of the Champions, the example game: the two bands face each other, one
counter per point of strength, the rounds on a track below. The smallest complete renderer — the template
for a new game's board (regions once, tokens from each observation, words, who holds what, choices).

The field is a picture, not a map: the bands' places are *reconstructed* for the screen (the example game
has no map; the old quarrel over Thyrea is in Thucydides 5.41.2).
"""

from __future__ import annotations

from .choices import OTHER, Choice, substitute
from .mapfig import MapFigure, Region, Token
from .palette import WHITE, side_style

SIDES = ("Argos", "Sparta")
FIELD = {"Argos": (22.56, 37.40), "Sparta": (22.70, 37.40)}
TRACK_Y = 37.34


class DuelRenderer:
    """Regions, tokens and words for the example game."""

    game = "duel"

    def __init__(self) -> None:
        self.names = {f"band:{side}": f"{side}'s champions" for side in SIDES}
        self.vocabulary: dict[str, str] = {}

    def regions(self, rounds: int = 6) -> list[Region]:
        out = []
        for side, (lon, lat) in FIELD.items():
            style = side_style(side)
            out.append(Region(f"band:{side}", f"{side}'s champions", f"{side}'s champions", (lon, lat),
                              fill=style.colour, marker_size=22, text_position="top center",
                              hover=f"<b>{side}'s band of champions</b><br>one counter for each point of strength",
                              token_anchor=(lon, lat - 0.028)))
        for r in range(1, rounds + 1):
            lon = 22.58 + (r - 1) * 0.02
            box = ((lon - 0.009, TRACK_Y + 0.009), (lon + 0.009, TRACK_Y + 0.009), (lon + 0.009, TRACK_Y - 0.009),
                   (lon - 0.009, TRACK_Y - 0.009))
            out.append(Region(f"round:{r}", f"round {r}", str(r), (lon, TRACK_Y + 0.004), box, fill=WHITE,
                              frame=True, hover=f"round {r} of {rounds} (Duel 3)",
                              token_anchor=(lon, TRACK_Y - 0.003)))
        out.append(Region("round:label", "Round", "Round", (22.565, TRACK_Y), fill=WHITE, line=WHITE,
                          text_position="middle left", fixed_label=True))
        return out

    def map_figure(self, height: int = 420) -> MapFigure:
        return MapFigure(self.regions(), sides=SIDES, title="The field of Thyrea", height=height,
                         token_spacing=0.013, token_columns=5, background="#F3EBD3", label_size=16,
                         caption="The example game's field, <i>reconstructed</i> for the screen (Thucydides 5.41.2).")

    def tokens(self, obs: dict) -> list[Token]:
        tokens = []
        for side in SIDES:
            braced = obs["braced"].get(side)
            for k in range(obs["strength"][side]):
                hover = f"{side}: a champion ({obs['strength'][side]} strength left)" + (
                    "; standing firm: hit only on a 6" if braced else "")
                tokens.append(Token(f"{side}:{k}", f"band:{side}", side, side_style(side).letter, hover, size=22,
                                    reduced=bool(braced)))
        tokens.append(Token("round-marker", f"round:{obs['turn']}", None, "R", "the round being fought",
                            symbol="square", colour="#FFFFFF", size=18))
        return tokens

    def control(self, obs: dict) -> dict[str, str]:
        return {}

    def title(self, obs: dict) -> str:
        if obs.get("result"):
            r = obs["result"]
            return f"Game over — {r['winner'] or 'a draw'}"
        return f"Round {obs['turn']} of {obs['rounds']} — {obs['to_act']} to act"

    def status(self, obs: dict) -> list[tuple[str, str]]:
        return [("Round", f"{obs['turn']} of {obs['rounds']}"), ("To act", str(obs["to_act"] or "—"))] + [
            (f"{side}", f"strength {obs['strength'][side]}" + (", standing firm" if obs["braced"][side] else ""))
            for side in SIDES]

    def describe(self, obs: dict) -> str:
        bands = "; ".join(f"{side} has strength {obs['strength'][side]}"
                          + (" and stands firm" if obs["braced"][side] else "") for side in SIDES)
        return f"{self.title(obs)}. {bands}."

    def words(self, text: str) -> str:
        return substitute(text, self.vocabulary)

    def choice(self, action, obs: dict | None = None) -> Choice:
        if action.kind == "strike":
            return Choice(action, "Strike", "Strike", OTHER,
                          help="Roll a die: 4 or more hits the enemy band (6 if it stood firm) — Duel 2.1.")
        return Choice(action, "Stand firm", "Stand firm", OTHER,
                      help="Brace: until your next turn the enemy hits only on a 6; not twice running — Duel 2.2.")

    def key_items(self) -> list[tuple[str, str]]:
        return []
