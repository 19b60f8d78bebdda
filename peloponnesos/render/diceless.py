"""The map of Greece for the diceless game: areas at their real places over a coastline, land and sea
connections, orientation counters (Sparta's on the left of an area, Athens' on the right, as the
rulebook places them), chits face down until they are revealed, and the board in words.

The areas, connections and coastline are the game's data (*reconstructed*: the published map is not in
the rule text); the coastline is derived from GSHHG (LGPL-3.0, see the game's data folder).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from .choices import generic_choice, substitute
from .lens import Lens, lens
from .mapfig import MapFigure, Region, Token
from .palette import WHITE, YELLOW, side_style

SIDES = ("Sparta", "Athens")  # Sparta left, Athens right (Diceless 3)
LAYOUT = Path(__file__).parent / "data" / "diceless_layout.toml"
SEA_BACKGROUND = "#E8F3FA"
CHIT_LIFT = 0.30  # degrees of latitude between an area and its row of chits
# The heart of Greece (Attica, Boeotia, the Isthmus) holds many areas close together: the map enlarges
# it with a fisheye lens, so places keep their real positions relative to the coast but have room.
FOCUS = (23.1, 37.95)  # lon, lat of the lens centre (the Saronic Gulf)
FOCUS_RADIUS = 3.2  # in projected degrees
FOCUS_POWER = 3.2  # 0: no lens; the centre is enlarged (1 + power) times


def fisheye(k: float):
    """The diceless map's lens (a Sarkar–Brown graphical fisheye, ``lens.Lens``) around the Saronic Gulf, in
    projected coordinates (x = lon·k, y = lat)."""
    return lens(k, Lens(FOCUS, FOCUS_RADIUS, FOCUS_POWER))


class DicelessRenderer:
    """Regions, tokens and words for A Peloponnesian War (diceless)."""

    game = "diceless"

    def __init__(self, board: dict | None = None) -> None:
        if board is None:
            from ..games.diceless.engine import DicelessGame

            board = DicelessGame.board()
        self.board = board
        self.names = {a["id"]: a["name"] for a in board["areas"]}
        kinds = board["chits"]["kinds"] + board["chits"].get("specials", [])
        self.capitals = {area: side for side, area in board["capitals"].items()}
        with open(LAYOUT, "rb") as f:
            layout = tomllib.load(f)
        self.label_positions = layout.get("label", {})
        self.pictures = layout.get("picture", {})  # chit code -> {"fa": icon name, "glyph": code point}
        missing = sorted({k["code"] for k in kinds} - set(self.pictures))
        if missing:
            raise ValueError(f"{LAYOUT.name}: no [picture] for the chits {', '.join(missing)}")
        # the special chits' codes ("alcibiades", "persian_gold") reach the log: the screen shows their names
        self.vocabulary = {k["code"]: k["name"] for k in board["chits"].get("specials", [])}
        self.vocabulary.update({a["id"]: a["name"] for a in board["areas"] if a["id"] != a["name"].lower()})

    # -- pictures of the chits --------------------------------------------------------------------------
    def picture_name(self, code: str) -> str:
        """The Font Awesome icon of a chit kind or special chit, for ``ipywidgets`` buttons' ``icon(s)``."""
        return self.pictures[code]["fa"]

    def picture_html(self, code: str, size: str = "") -> str:
        """The chit's picture as HTML (the icon font JupyterLab and Voilà serve), hidden from screen readers,
        which read the chit's name beside it."""
        style = f' style="font-size:{size}"' if size else ""
        return f'<i class="fa fa-{self.picture_name(code)}" aria-hidden="true"{style}></i>'

    def picture_glyph(self, code: str) -> str:
        """The chit's picture as one character of the icon font (for the map: ``Token(icon=True)``)."""
        return chr(int(self.pictures[code]["glyph"], 16))

    # -- the static map --------------------------------------------------------------------------------
    def regions(self) -> list[Region]:
        out = []
        for a in self.board["areas"]:
            note = a.get("note", "")
            refs = ", ".join(a.get("passages", []))
            extra = []
            if a["id"] in self.capitals:
                extra.append(f"home city of {self.capitals[a['id']]}")
            if a["id"] == self.board.get("delphi"):
                extra.append("the oracle: who holds it may swap a chit (Diceless 3)")
            hover = (f"<b>{a['name']}</b> ({a.get('place', a['name'])})" + "".join(f"<br>{e}" for e in extra)
                     + f"<br>{note}" + (f"<br>Thucydides {refs}" if refs else "") + "<br><i>reconstructed map</i>")
            capital = self.capitals.get(a["id"])
            fill = side_style(capital).colour if capital else (YELLOW if a["id"] == self.board.get("delphi") else WHITE)
            label = f"{a['name']} ★" if capital else a["name"]
            out.append(Region(a["id"], a["name"], label, (a["lon"], a["lat"]), fill=fill, hover=hover,
                              marker_size=22,
                              text_position=self.label_positions.get(a["id"], "bottom center"),
                              token_anchor=(a["lon"], a["lat"])))
            out.append(Region(f"{a['id']}:chits", f"chits on {a['name']}", "", (a["lon"], a["lat"]),
                              hover=f"chits placed on {a['name']}", click_as=a["id"], label_offset=(0, CHIT_LIFT),
                              token_anchor=(a["lon"], a["lat"]), token_offset=(0, CHIT_LIFT)))
        return out

    def links(self):
        from .mapfig import Link

        return [Link(c["a"], c["b"], c["kind"]) for c in self.board["connections"]]

    def map_figure(self, height: int = 560) -> MapFigure:  # Greece is twice as wide as it is high
        coast = self.board.get("coastline", {}).get("lines", [])
        figure = MapFigure(self.regions(), self.links(), backdrop=coast, sides=SIDES,
                           title=self.board.get("title", "Greece"), height=height, token_spacing=0.24,
                           token_columns=2, side_offset=0.30, background=SEA_BACKGROUND, label_size=16,
                           caption="Map <i>reconstructed</i> for peloponnesos from Thucydides (not the published "
                                   "game's map); centre enlarged. Coastline: GSHHG, LGPL-3.0.")
        figure.transform = fisheye(figure.k)
        return figure

    # -- words ----------------------------------------------------------------------------------------
    def words(self, text: str) -> str:
        """``text`` with the special chits and areas named in words, never by their codes."""
        return substitute(text, self.vocabulary)

    def choice(self, action, obs: dict | None = None):
        return generic_choice(action, self.words, self.names)

    def control(self, obs: dict) -> dict[str, str]:
        """Who holds each area (Diceless 5): the side whose counters are on it."""
        return {area: side for area, side in (obs.get("owner") or {}).items() if side}

    def key_items(self) -> list[tuple[str, str]]:
        """The counters and chits, for the key under the map."""
        from .key import swatch_marker

        return [(swatch_marker("diamond", side_style("Sparta").colour, "S") + swatch_marker(
                    "square", side_style("Athens").colour, "A", "#FFFFFF"), "a side's counters (two at most)"),
                (swatch_marker("square", "#DDDDDD", "?"), "a chit put face down"),
                (swatch_marker("circle", YELLOW), "Delphi"), ("★", "a side's home city")]

    # -- what changes ---------------------------------------------------------------------------------
    def tokens(self, obs: dict, counters: dict | None = None) -> list[Token]:
        """Counters (``counters`` may override some areas, to step through struggles) and chits."""
        tokens = []
        areas = dict(obs["areas"])
        areas.update(counters or {})
        for area, per_side in areas.items():
            for side in SIDES:
                for k in range(per_side.get(side, 0)):
                    style = side_style(side)
                    tokens.append(Token(f"{area}:{side}:{k}", area, side, style.letter,
                                        f"{side} orientation counter on {self.names.get(area, area)}", size=20))
        shown = obs.get("chits_on_map") or {}
        revealed = obs.get("revealed") or {}
        for area, chits in (shown or revealed).items():
            for k, chit in enumerate(chits):
                side = chit["side"]
                if chit.get("face_down") or not chit.get("chit"):
                    text, icon, hover = "?", False, f"a face-down chit of {side} on {self.names.get(area, area)}"
                else:
                    as_kind = f" as {chit['as']}" if chit.get("as") else ""
                    text, icon = self.picture_glyph(chit["chit"]), True  # every chit has one (checked above)
                    hover = f"{side}: {chit.get('name', chit['chit'])}{as_kind} on {self.names.get(area, area)}"
                tokens.append(Token(f"{area}:chit:{side}:{k}", f"{area}:chits", side, text, hover,
                                    symbol="square", colour="#DDDDDD", size=22, icon=icon))
        return tokens

    def title(self, obs: dict) -> str:
        score, targets = obs["score"], obs["targets"]
        if obs.get("result"):
            r = obs["result"]
            return f"Game over — {r['winner'] or 'a draw'} ({r['reason']})"
        turn = f"turn {obs['turn']} of {obs['turns']}" if obs["turn"] else "set-up"
        return (f"{turn[0].upper()}{turn[1:]} — areas: Sparta {score['Sparta']} of {targets['Sparta']}, "
                f"Athens {score['Athens']} of {targets['Athens']}")

    def status(self, obs: dict) -> list[tuple[str, str]]:
        names = obs.get("names") or {}
        rows = [("Turn", f"{obs['turn']} of {obs['turns']}" if obs["turn"] else "set-up"),
                ("To play", str(names.get(obs["to_act"], obs["to_act"]) or "—")),
                ("Areas", f"Sparta {obs['score']['Sparta']}, Athens {obs['score']['Athens']}"),
                ("Counters on the map", f"Sparta {obs['counters']['Sparta']}, Athens {obs['counters']['Athens']}"),
                ("Delphi", str(obs.get("delphi") or "nobody")),
                ("Chits in the cup", str(obs["cup_count"]))]
        if obs.get("first_player"):
            rows.append(("Plays first this turn", str(obs["first_player"])))
        if obs.get("hand"):
            rows.append(("Your chits", ", ".join(c["name"] for c in obs["hand"])))
        if obs.get("specials_used"):
            rows.append(("Special chits used", ", ".join(self.words(c) for c in obs["specials_used"])))
        return rows

    def describe(self, obs: dict) -> str:
        parts = [self.title(obs) + "."]
        if obs.get("prompt"):
            parts.append(obs["prompt"])
        for side in SIDES:
            held = [f"{self.names[a]} ({c[side]})" for a, c in obs["areas"].items() if c.get(side)]
            parts.append(f"{side} holds {len(held)} area{'' if len(held) == 1 else 's'}: "
                         f"{', '.join(held) if held else 'none'}.")
        chits = obs.get("chits_on_map") or {}
        if chits:
            parts.append("Chits waiting on the map: " + "; ".join(
                f"{self.names.get(a, a)}: " + ", ".join(
                    f"{c['side']} {'face down' if c.get('face_down') else c.get('name', c.get('chit'))}" for c in cs)
                for a, cs in chits.items()) + ".")
        if obs.get("struggles") and not chits:
            parts.append(f"Last reveal: {len(obs['struggles'])} struggle steps.")
        return " ".join(parts)


@cache
def _default_renderer() -> DicelessRenderer:
    return DicelessRenderer()


def chit_picture(code: str, size: str = "") -> str:
    """A chit's picture as HTML, for lessons: ``chit_picture("Coup")``, ``chit_picture("pericles", "30px")``.
    The same icons as on the buttons and the map; they show on any machine, offline, without an emoji font."""
    return _default_renderer().picture_html(code, size)
