"""The Siege of Syracuse on the real ground: the area map (rules 3, 7, 9, 10.2, 10.3), its counters, walls, the
Circle Fort, supply lines on request and the tracks (morale, initiative, turn, impulses); the board in words and as
a table for screen readers; every decision in words, grouped by the area it starts from and the unit it moves.

The outlines are *reconstructed* (``data/syracuse_layout.toml``: traced on the GSHHG shoreline around the anchors of
the engine's ``areas.toml``); a magnifying glass (``lens.py``) gives the city and the harbours room. Everything
drawn comes from a player's observation (the Sicels another player holds in secret never reach the figure); the
supply lines come from :func:`peloponnesos.games.syracuse.supply_lines.supply_lines`, which reads only what both
sides can see. The pitched battles are drawn on their own board (``battle_board.py``).
"""

from __future__ import annotations

import tomllib
from functools import cache
from html import escape
from pathlib import Path

from .choices import OTHER, Choice, sentence_case, substitute
from .geometry import inside, shared_border
from .key import swatch_marker
from .lens import Lens, lenses
from .mapfig import LineStyle, MapFigure, Overlay, Region, Stroke, Token
from .odds import table_html
from .palette import BLACK, BLUE, GREY, LAND_CLEAR, LAND_DIFFICULT, SEA, VERMILION, WHITE, side_style
from .tracks import track

SIDES = ("Athens", "Syracuse")  # Athens' counters to the left of an area's name, Syracuse's to the right
LAYOUT = Path(__file__).parent / "data" / "syracuse_layout.toml"
TERRAIN_FILL = {"low": LAND_CLEAR, "high": LAND_DIFFICULT, "bog": "#D3E4CF", "city": "#EBD3C9", "sea": SEA}
TERRAIN_PATTERN = {"bog": "-", "city": "+"}
TERRAIN_WORDS = {"low": "low ground", "high": "high ground of Epipolae", "bog": "bog (marsh)",
                 "city": "the walled city (closed to Athenians)", "sea": "sea"}
ADJECTIVE = {"Athens": "Athenian", "Syracuse": "Syracusan", None: "Sicel"}
TYPE_WORDS = {"H": "hoplites", "LI": "light infantry", "P": "peltasts", "AR": "archers", "C": "cavalry",
              "SI": "Sicel foot", "SC": "Sicel horse", "N": "ships"}
TYPE_LETTER = {"H": "H", "LI": "LI", "P": "P", "AR": "Ar", "C": "C", "SI": "Si", "SC": "SC", "N": "N"}
# a counter's shape tells its kind (the side is told by its colour, its letter in the key and its hover, and a
# ship's triangle points up for Athens, down for Syracuse)
TYPE_SYMBOL = {"H": None, "LI": "circle", "P": "pentagon", "AR": "hexagon", "C": "star-square", "SI": "circle",
               "SC": "star-square", "N": None}
SHIP_SYMBOL = {"Athens": "triangle-up", "Syracuse": "triangle-down"}
STATUS_BADGE = {"disrupted": "D", "routed": "R"}
TASK_BADGE = {"building": "W", "tearing down": "T"}
OFF = "OFF"
OFF_ANCHOR = (15.3255, 37.0955)  # ships off the map (rule 7.2.1) wait in a box on the open sea to the east
# The magnifying glass over the city, Ortygia and the Great Harbour (projected degrees; 0 power: none).
LENS_CENTRE, LENS_RADIUS, LENS_POWER = (15.281, 37.066), 0.062, 1.35
# The tracks, printed in the open sea north-east of the city (rules 4, 5, 6.1).
TRACK_X, TRACK_TOP, BOX, ROW = 15.2875, 37.1655, (0.0046, 0.0052), 0.0062
# a wall is drawn along its area's border, the outline drawn in towards the area's anchor by these factors
WALL_INSET = {"Athens": (0.90, 0.82), "Syracuse": (0.74, 0.66)}
WALL_STYLES = {"Athens": "Athenian siege wall", "Syracuse": "Syracusan counter-wall"}
BUILDING = "a wall being built"
SUPPLY_STYLES = {"Athens": "Athenian supply line", "Syracuse": "Syracusan supply line"}
STEEP = "steep slope (no ground unit crosses it, 7.1)"
SEASON_WORDS = {"Autumn": "autumn", "Winter": "winter", "Spring": "spring", "Summer": "summer"}


def stack_face(tokens) -> str:
    """A closed stack's face: its side's letter and how many counters it holds ("A×12")."""
    return f"{side_style(tokens[0].side).letter}×{len(tokens)}"


@cache
def layout() -> dict:
    with open(LAYOUT, "rb") as f:
        return tomllib.load(f)


def _board() -> dict:
    from ..games.syracuse.board import default_board

    return default_board().to_dict()


def _counters():
    from ..games.syracuse.counters import default_counters

    return default_counters()


class SyracuseRenderer:
    """Regions, tokens, lines and words for The Siege of Syracuse."""

    game = "syracuse"

    def __init__(self, board: dict | None = None) -> None:
        self.board = board if board is not None else _board()
        self.areas = {a["id"]: a for a in self.board["areas"]}
        self.layout = layout()
        self.short = {aid: self.layout["area"][aid]["short"] for aid in self.areas}
        self.outlines = {aid: tuple(tuple(p) for p in self.layout["area"][aid]["outline"]) for aid in self.areas}
        counters = _counters()
        self.unit_types = {u.id: u.type for u in counters.units}
        self.unit_sides = {u.id: (SIDES[u.side] if u.side >= 0 else None) for u in counters.units}
        self.leaders = {ld.id: SIDES[ld.side] for ld in counters.leaders}
        self.vocabulary = self._vocabulary()
        self.steep = self._steep_strokes()
        self.wall_paths = {aid: {side: (self._wall_path(aid, side), self._wall_path(aid, side, 1)) for side in SIDES}
                           for aid, a in self.areas.items() if a["kind"] == "land"}
        from .battle_board import BattleBoardRenderer

        self.battle = BattleBoardRenderer(self)

    # -- the still map ---------------------------------------------------------------------------------------
    def regions(self) -> list[Region]:
        out = []
        for aid, a in self.areas.items():
            words = TERRAIN_WORDS[a["terrain"]]
            extra = []
            if a["west_edge"]:
                extra.append("on the west edge of the map")
            if a["map_edge"]:
                extra.append("open sea on the edge of the map")
            if a["coast"] and a["kind"] == "land":
                extra.append("coastal: " + ", ".join(a["coast"]))
            if a["steep"]:
                extra.append("steep slope to " + ", ".join(a["steep"]))
            passages = ", ".join(a["passages"])
            hover = (f"<b>{aid} {escape(a['name'])}</b><br>{words}" + "".join(f"<br>{e}" for e in extra)
                     + (f"<br>Thucydides {passages}" if passages else "") + "<br><i>reconstructed map</i>")
            out.append(Region(aid, a["name"], f"{aid} {self.short[aid]}", tuple(a["anchor"]), self.outlines[aid],
                              fill=TERRAIN_FILL[a["terrain"]], hover=hover,
                              pattern=TERRAIN_PATTERN.get(a["terrain"], ""), short_label=aid,
                              token_anchor=tuple(self.layout["area"][aid]["tokens"])
                              if "tokens" in self.layout["area"][aid] else None))
        out.append(Region(OFF, "Off the map", "Off the map", OFF_ANCHOR, fill=WHITE, marker_size=16,
                          text_position="bottom center",
                          hover="<b>Off the map</b><br>ships that left the map; each may try to come back in a naval "
                                "impulse (a D10 no more than the morale level, rule 7.2.1)",
                          token_anchor=(OFF_ANCHOR[0], OFF_ANCHOR[1] - 0.0062)))
        out.extend(self.track_regions())
        return out

    def track_regions(self) -> list[Region]:
        """Turn 1–9, morale 1–10, initiative 1–10 and the impulses left (0–5), in the sea north-east of the city."""
        from ..games.syracuse.setup import default_setup

        names = default_setup()["turns"]["names"]
        rows = [("turn", "Turn", range(1, 10), "Turn {value} (rule 4)",
                 {i + 1: f"Turn {i + 1}: {name}" for i, name in enumerate(names)}),
                ("ml", "Morale", range(1, 11), "Morale level {value} (rule 5.1)", None),
                ("il", "Initiative", range(1, 11), "Initiative level {value} (rule 5.2)", None),
                ("ops", "Impulses", range(0, 6), "{value} impulses left (rule 6.1)", None)]
        out = []
        for k, (prefix, title, values, hover, hovers) in enumerate(rows):
            out += track(prefix, title, values, (TRACK_X, TRACK_TOP - k * ROW), box=BOX, hover=hover, hovers=hovers)
        lat = TRACK_TOP - len(rows) * ROW
        out += track("now", "Impulse", ("side",), (TRACK_X, lat), box=(BOX[0] * 2, BOX[1]),
                     hover="The impulse being played: whose, ground or naval (rule 6.2)", labels={"side": ""})
        return out

    def _steep_strokes(self) -> list[Stroke]:
        """The steep slopes (rule 7.1): each border between the plateau and the low ground that no ground unit
        crosses, drawn with ticks on its low side."""
        strokes = []
        for aid, a in self.areas.items():
            if a["terrain"] != "high":
                continue
            for other in a["steep"]:
                for run in shared_border(self.outlines[aid], self.outlines[other]):
                    strokes.append(Stroke(tuple(run), colour="#5A4A2A", width=2.5, ticks="left", key=STEEP))
        return strokes

    def _wall_path(self, aid: str, side: str, n: int = 0) -> tuple[tuple[float, float], ...]:
        """Where a side's ``n``-th siege wall in an area is drawn: along the area's border, just inside it (the
        Athenian wall outermost, the Syracusan within it; a second wall a little further in), so that a chain
        of walled areas shows the lines of the siege (Thucydides 6.99, 6.101, 7.4–7.6)."""
        lon, lat = self.areas[aid]["anchor"]
        outline = self.outlines[aid]
        ring = []
        for x, y in outline:
            scale = WALL_INSET[side][min(n, 1)]
            while scale > 0.1 and not inside((lon + (x - lon) * scale, lat + (y - lat) * scale), outline):
                scale -= 0.05  # a concave corner: drawn in further, so the wall stays inside its area
            ring.append((lon + (x - lon) * scale, lat + (y - lat) * scale))
        return (*ring, ring[0])

    def line_styles(self) -> list[LineStyle]:
        return [LineStyle(WALL_STYLES["Athens"], BLUE, 6, "solid", marker="square"),
                LineStyle(WALL_STYLES["Syracuse"], VERMILION, 6, "dash", marker="diamond"),
                LineStyle(BUILDING, GREY, 5, "dot", marker="circle-open"),
                LineStyle(SUPPLY_STYLES["Athens"], BLUE, 2, "dot", arrow=True),
                LineStyle(SUPPLY_STYLES["Syracuse"], VERMILION, 2, "dashdot", arrow=True)]

    def map_figure(self, height: int = 760) -> MapFigure:
        fig = MapFigure(self.regions(), sides=SIDES, title="The Siege of Syracuse", height=height,
                        token_spacing=0.0042, token_columns=3, side_offset=0.0034, background=WHITE, label_size=13,
                        backdrop=[tuple(map(tuple, islet)) for islet in self.layout["meta"]["islets"]],
                        strokes=self.steep, line_styles=self.line_styles(), badges=True, min_label=11,
                        stack_face=stack_face, names_inside=True,
                        caption="Areas <i>reconstructed</i> on the real ground from the rules and Thucydides books 6–7 "
                                "(not the printed map); the city and harbours magnified. Shoreline: GSHHG, LGPL-3.0.")
        fig.transform = lenses(fig.k, Lens(LENS_CENTRE, LENS_RADIUS, LENS_POWER))
        return fig

    def boards(self) -> list:
        """The other boards a panel shows when they are in use: the battle board during a pitched battle."""
        return [self.battle]

    # -- words --------------------------------------------------------------------------------------------------
    def _vocabulary(self) -> dict[str, str]:
        """Counter ids, as the log writes them, with the words shown instead ("A-H3": Athenian hoplites 3)."""
        words = {}
        for uid, code in self.unit_types.items():
            words[uid] = self.unit_name(uid, code)
        words[OFF] = "off the map"
        return words

    def unit_name(self, uid: str, code: str | None = None, side: str | None = None) -> str:
        code = code or self.unit_types.get(uid, "")
        number = "".join(ch for ch in uid.split("-")[-1] if ch.isdigit())
        if uid.startswith("SIC"):
            return f"{TYPE_WORDS.get(code, 'Sicels')} {number}"
        side = side or self.unit_sides.get(uid)
        return f"{ADJECTIVE.get(side, '')} {TYPE_WORDS.get(code, code)} {number}".strip()

    def words(self, text: str) -> str:
        """``text`` (a log line, a prompt) with counters named in words, never by their codes."""
        return substitute(text, self.vocabulary)

    def place_words(self, place: str) -> str:
        """An area as the map writes it, with its name ("L-10 Dascon"); a square of the battle board by its name."""
        if place in self.areas:
            return f"{place} {self.short[place]}"
        if place == OFF:
            return "off the map"
        return self.battle.place_words(place)

    def piece_words(self, piece: str) -> str:
        return self.vocabulary.get(piece, piece)

    # -- what changes -------------------------------------------------------------------------------------------
    def tokens(self, obs: dict) -> list[Token]:
        """A counter for each unit and leader on the map or off it (rule 2): its kind's shape, its kind and steps
        ("H5"), a badge for its status; the markers on the tracks; the Circle Fort (rule 10.3)."""
        out = []
        carried: dict[str, list[str]] = {}
        for u in obs["units"]:
            if u["aboard"]:
                carried.setdefault(u["aboard"], []).append(self.piece_words(u["id"]))
        order = {c: i for i, c in enumerate(("N", "H", "C", "SC", "LI", "SI", "P", "AR"))}
        for u in sorted(obs["units"], key=lambda u: (order.get(u["type"], 9), -u["steps"])):
            out.append(self._unit_token(u, carried.get(u["id"], [])))
        for ld in obs["leaders"]:
            if ld["area"] is None:
                continue
            style = side_style(ld["side"])
            hover = (f"<b>{ld['id']}</b> ({ld['side']}), leader, rating {ld['rating']}"
                     + (" (reduced)" if ld["reduced"] else "")
                     + ("; has activated this turn" if ld["activated"] else "")
                     + (f"<br>aboard {self.piece_words(ld['aboard'])}" if ld["aboard"] else "")
                     + f"<br>in {self.place_words(ld['area'])} (rule 10.4)")
            out.append(Token(ld["id"], ld["area"], ld["side"], ld["id"][0], hover, symbol="star", size=24,
                             colour=style.colour, piece=ld["id"], stack=True, reduced=ld["reduced"]))
        fort = obs["circle_fort"]
        if fort["area"]:
            out.append(Token("circle-fort", fort["area"], None, "", "<b>The Circle Fort</b> (rule 10.3, Thucydides "
                             "6.98.2): counts as an Athenian siege wall" + ("" if fort["built"] else " (being built)"),
                             symbol="circle-open-dot", colour=BLUE, size=30))
        out += self._track_tokens(obs)
        return out

    def _unit_token(self, u: dict, carrying: list[str]) -> Token:
        side = u["side"]
        code = u["type"]
        symbol = SHIP_SYMBOL.get(side, "triangle-up") if code == "N" else (TYPE_SYMBOL.get(code) or "")
        text = f"{TYPE_LETTER.get(code, code)}{u['steps']}" if u["max_steps"] > 1 else TYPE_LETTER.get(code, code)
        state = [u["status"]]
        if u["face"] == "reduced":
            state.append("reduced face")
        if u["task"]:
            state.append(f"{u['task']} a siege wall")
        if u["out_of_supply"]:
            state.append("out of supply")
        if u["activated"]:
            state.append("activated this turn")
        hover = (f"<b>{self.piece_words(u['id'])}</b> ({side})<br>{u['steps']} of {u['max_steps']} steps, "
                 f"{', '.join(state)}<br>assault {u['assault']}, fire {u['fire']}, {u['mp']} MP"
                 + (f"<br>aboard {self.piece_words(u['aboard'])}" if u["aboard"] else "")
                 + (f"<br>carrying {', '.join(carrying)}" if carrying else "")
                 + f"<br>in {self.place_words(u['area'])}")
        badge = STATUS_BADGE.get(u["status"]) or TASK_BADGE.get(u["task"], "") or ("S" if u["out_of_supply"] else "")
        return Token(u["id"], u["area"], side, text, hover, symbol=symbol, size=22, reduced=u["face"] == "reduced",
                     piece=u["id"], stack=True, strength=u["steps"], badge=badge)

    def _track_tokens(self, obs: dict) -> list[Token]:
        out = [Token("turn-marker", f"turn:{obs['turn']}", None, "T", f"Turn {obs['turn']}: {obs['season']}",
                     symbol="square", colour=WHITE, size=17)]
        for side in SIDES:
            letter = side_style(side).letter
            out.append(Token(f"ml-{side}", f"ml:{obs['ml'][side]}", side, letter,
                             f"{side}: morale level {obs['ml'][side]} (rule 5.1)", size=17))
            out.append(Token(f"il-{side}", f"il:{obs['il'][side]}", side, letter,
                             f"{side}: initiative level {obs['il'][side]} (rule 5.2)", size=17))
            left = max(0, min(5, obs["impulses_left"][side]))
            out.append(Token(f"ops-{side}", f"ops:{left}", side, letter,
                             f"{side}: {obs['impulses_left'][side]} impulses left (rule 6.1)", size=17))
        now = obs.get("impulse")
        if now:
            glyph = "\uf21a" if now["kind"] == "naval" else "\uf54b"  # Font Awesome: ship, footprints
            out.append(Token("impulse-marker", "now:side", now["side"], glyph,
                             f"{now['side']}: a {now['kind']} impulse (rule 6.2)", size=20, icon=True,
                             symbol="square"))
        return out

    overlays = (("supply", "Show supply lines (rule 9)"),)

    def annotate(self, obs: dict, game=None, shown=()) -> dict:
        """What a panel adds to an observation from the game itself, all of it public: the odds of the attacks
        possible on the battle board and, if asked for (``"supply" in shown``), both sides' supply lines."""
        if game is None:
            return obs
        obs = self.battle.annotate(obs, game)
        if "supply" in shown:
            from ..games.syracuse.supply_lines import supply_lines

            obs = {**obs, "supply": {side: supply_lines(game, side) for side in SIDES}}
        return obs

    def lines(self, obs: dict) -> list[Overlay]:
        """Siege walls where they stand (two a side at most, rule 10.2; one being built is dotted) and, if the
        observation carries them (:meth:`annotate`), each side's supply lines."""
        out = []
        for aid, w in obs["walls"].items():
            for side in SIDES:
                paths = self.wall_paths.get(aid, {}).get(side)
                if not paths:
                    continue
                done = w[side]
                building = side in w["building"]
                for n in range(done + (1 if building else 0)):
                    style = BUILDING if n >= done else WALL_STYLES[side]
                    hover = (f"{'A wall being built' if n >= done else WALL_STYLES[side].capitalize()} in "
                             f"{self.place_words(aid)} ({side}, rule 10.2)")
                    out.append(Overlay(style, paths[min(n, 1)], hover))
        for side, network in (obs.get("supply") or {}).items():
            sicel = set(map(tuple, network.get("sicel_links", ())))
            for a, b in [*network["links"], *network.get("sicel_links", ())]:
                if a in self.areas and b in self.areas:
                    who = "its Sicels' " if (a, b) in sicel else ""
                    out.append(Overlay(SUPPLY_STYLES[side], (tuple(self.areas[a]["anchor"]),
                                                             tuple(self.areas[b]["anchor"])),
                                       f"{side}: {who}supply line {self.place_words(a)} → {self.place_words(b)} "
                                       "(rule 9.2)"))
        return out

    def control(self, obs: dict) -> dict[str, str]:
        """Who holds each area: the one side with units there (ships at sea, troops on land)."""
        sides: dict[str, set] = {}
        for u in obs["units"]:
            if u["area"] in self.areas and not u["aboard"] and u["status"] != "routed":
                sides.setdefault(u["area"], set()).add(u["side"])
        return {a: next(iter(s)) for a, s in sides.items() if len(s) == 1}

    def title(self, obs: dict) -> str:
        if obs.get("result"):
            r = obs["result"]
            return f"The Siege of Syracuse — game over: {r['winner'] or 'nobody'} wins"
        now = obs.get("impulse")
        doing = f" — {now['side']}: {now['kind']} impulse" if now else ""
        if obs.get("battle"):
            doing = f" — pitched battle in {obs['battle']['area']}"
        return f"Siege of Syracuse — turn {obs['turn']} of {obs['turns']} ({obs['season']}){doing}"

    def status(self, obs: dict) -> list[tuple[str, str]]:
        rows = [("Turn", f"{obs['turn']} of {obs['turns']}, {obs['season']}"),
                ("To act", str(obs["to_act"] or "—")),
                ("Morale (ML)", f"Athens {obs['ml']['Athens']}, Syracuse {obs['ml']['Syracuse']}"),
                ("Initiative (IL)", f"Athens {obs['il']['Athens']}, Syracuse {obs['il']['Syracuse']}; "
                                    f"{obs['initiative']} has the initiative"),
                ("Impulses left", f"Athens {obs['impulses_left']['Athens']}, "
                                  f"Syracuse {obs['impulses_left']['Syracuse']}")]
        if obs.get("event"):
            rows.append(("Random event", f"{obs['event']['roll']}: {obs['event']['name']}"))
        walls = {side: sum(w[side] for w in obs["walls"].values()) for side in SIDES}
        rows.append(("Siege walls", f"Athens {walls['Athens']}, Syracuse {walls['Syracuse']} "
                                    f"(of {obs['wall_markers']} each)"))
        fort = obs["circle_fort"]
        rows.append(("Circle Fort", "destroyed" if fort["destroyed"] else (f"in {fort['area']}" if fort["area"] else
                                                                             "not built")))
        hand = obs["sicels"]["hand"]
        if hand:
            rows.append(("Your Sicels to place", ", ".join(self.piece_words(u) for u in hand)))
        held = {s: n for s, n in obs["sicels"]["hands"].items() if n}
        if held:
            rows.append(("Sicels drawn, not placed", ", ".join(f"{s} {n}" for s, n in held.items())))
        due = [k for k, w in obs["reinforcements"].items() if w["ready"] and (w["units"] or w["leaders"])]
        if due:
            names = {"w1": "the first allied wave", "w2": "the second allied wave", "exp": "Demosthenes' expedition"}
            rows.append(("Reinforcements due", ", ".join(names.get(k, k) for k in due)))
        if obs.get("last_combat"):
            c = obs["last_combat"]
            rows.append(("Last combat", f"{c.get('kind', 'combat')} in {c.get('area', '?')}: "
                                        f"{c.get('winner') or 'nobody'} won"))
        return rows

    def describe(self, obs: dict) -> str:
        """The board in sentences: whose turn, every occupied area, walls, the fort, morale and initiative."""
        parts = [self.title(obs) + "."]
        if obs.get("prompt"):
            parts.append(self.words(obs["prompt"]))
        for aid, by_side in self._by_area(obs).items():
            text = "; ".join(f"{side}: {', '.join(items)}" for side, items in by_side.items())
            parts.append(f"{self.place_words(aid)}: {text}.")
        walls = [f"{self.place_words(a)} ({', '.join(f'{s} {w[s]}' for s in SIDES if w[s])}"
                 + (f"; {', '.join(w['building'])} building" if w["building"] else "") + ")"
                 for a, w in obs["walls"].items()]
        parts.append("Siege walls: " + ("; ".join(walls) if walls else "none") + ".")
        fort = obs["circle_fort"]
        if fort["area"] or fort["destroyed"]:
            parts.append("The Circle Fort " + ("was destroyed." if fort["destroyed"] else
                                                f"stands in {self.place_words(fort['area'])}."))
        parts.append(f"Morale: Athens {obs['ml']['Athens']}, Syracuse {obs['ml']['Syracuse']}. Initiative: Athens "
                     f"{obs['il']['Athens']}, Syracuse {obs['il']['Syracuse']}.")
        if obs.get("battle"):
            parts.append(self.battle.describe(obs))
        return " ".join(parts)

    def _by_area(self, obs: dict) -> dict[str, dict[str, list[str]]]:
        """Per area and side, its counters in words, alike ones counted together ("3 hoplites 5/5 steps")."""
        found: dict[str, dict[str, dict[str, int]]] = {}
        for u in obs["units"]:
            text = f"{TYPE_WORDS.get(u['type'], u['type'])} {u['steps']}/{u['max_steps']} steps"
            if u["status"] != "normal":
                text += f", {u['status']}"
            if u["aboard"]:
                text += ", aboard ship"
            if u["task"]:
                text += f", {u['task']} a wall"
            side = found.setdefault(u["area"], {}).setdefault(u["side"], {})
            side[text] = side.get(text, 0) + 1
        for ld in obs["leaders"]:
            if ld["area"] is not None:
                found.setdefault(ld["area"], {}).setdefault(ld["side"], {})[f"leader {ld['id']}"] = 1
        out = {}
        for aid in [*self.areas, OFF]:
            if aid in found:
                out[aid] = {side: [f"{n} × {text}" if n > 1 else text for text, n in items.items()]
                            for side, items in found[aid].items()}
        return out

    def describe_table(self, obs: dict) -> tuple[list[str], list[list[str]]]:
        """The board as a table (for screen readers and a printout): each area with units or walls."""
        walls = obs["walls"]
        by_area = self._by_area(obs)
        rows = []
        for aid in [*self.areas, OFF]:
            if aid not in by_area and aid not in walls:
                continue
            cells = [", ".join(by_area.get(aid, {}).get(side, [])) or "—" for side in SIDES]
            w = walls.get(aid)
            wall = ("; ".join(f"{s} {w[s]}" for s in SIDES if w[s])
                    + (f" (building: {', '.join(w['building'])})" if w["building"] else "")) if w else ""
            rows.append([self.place_words(aid), *cells, wall or "—"])
        return ["Area", "Athens", "Syracuse", "Siege walls"], rows

    def table(self, obs: dict) -> str:
        """:meth:`describe_table` as HTML, captioned."""
        return table_html(*self.describe_table(obs), f"Units and walls on the map, turn {obs['turn']}")

    # -- the decisions, in words ---------------------------------------------------------------------------------
    def choice(self, action, obs: dict | None = None) -> Choice:
        """One legal action in words, grouped by the area it starts from (or happens in) and the piece it moves."""
        if obs is not None and obs.get("battle") and action.kind in self.battle.KINDS:
            return self.battle.choice(action, obs)
        kind = action.kind
        where = self._where(obs)
        place, piece, to, help_text = OTHER, "", "", ""
        name = self.piece_words
        area = self.place_words
        if kind == "declare_impulse":
            naval = action.impulse == "naval"
            label = ("Declare a naval impulse: your ships move" if naval
                     else "Declare a ground impulse: your troops move")
            help_text = ("An impulse activates one area with a leader (or a few units), which then moves, fights and "
                         "builds; the other side may react (rules 6.2–6.4).")
        elif kind == "pass":
            label = "Pass (two passes in a row end the operations, rule 6.1.2)"
        elif kind == "activate_area":
            place = action.area
            label = f"Activate {area(action.area)}" + (" and the leaders next to it" if action.adjacent else "")
            help_text = "The leader there and the units with him may move, fight and build (rule 6.2)."
        elif kind in ("activate_unit", "exchange", "react", "supply_unit", "replace", "choose_deserter"):
            piece = action.unit
            place = where.get(piece, OTHER)
            label = {"activate_unit": "activate this unit (rule 6.3)",
                     "exchange": "swap cavalry and light infantry (rule 10.5)",
                     "react": "try to react: a die against the initiative level (rule 6.4)",
                     "supply_unit": "feed it from the city's stores (rule 9.2.1)",
                     "replace": "try to bring back a step: a die against the morale level (rule 9.4)",
                     "choose_deserter": "this Sicel unit deserts (rule 10.1.1)"}[kind]
        elif kind == "move":
            piece, to = action.piece, action.dest
            place = where.get(piece, OTHER)
            label = f"march to {area(action.dest)}"
        elif kind == "move_stack":
            place, to = action.origin, action.dest
            label = f"Move everything that can from here to {area(action.dest)}"
        elif kind == "embark":
            piece = action.piece
            place = where.get(piece, OTHER)
            label = f"go aboard {name(action.ship)} (rule 7.2.2)"
        elif kind in ("sail", "relocate"):
            piece = action.ship
            place = where.get(piece, OTHER)
            to = action.dest
            label = "sail off the map" if action.dest == OFF else f"sail to {area(action.dest)}"
            if kind == "relocate":
                label = "put to sea " + ("off the map" if action.dest == OFF else f"in {area(action.dest)}")
        elif kind == "return_ship":
            piece, to, place = action.ship, action.dest, OFF
            label = f"try to come back in {area(action.dest)}: a die against the morale level (rule 7.2.1)"
        elif kind == "reinforce":
            place = action.area
            label = f"Reinforcements arrive in {area(action.area)}"
        elif kind == "react_move":
            piece = action.unit
            place = where.get(piece, OTHER)
            to = action.dest if action.dest and action.dest != place else ""
            label = f"react: move to {area(action.dest)}" if to else "stay where it is"
        elif kind == "fight":
            place = action.area
            label = f"Fight the combat in {area(action.area)}"
        elif kind == "choose_time":
            label = ("Fight by night (rule 10.6: surprise, but confusion)" if action.night else "Fight by day")
        elif kind == "call_builders":
            label = ("Call the builders to fight (the wall is abandoned)" if action.fight
                     else "Keep the builders at the wall (rule 10.2)")
        elif kind == "want_battle":
            label = ("Ask for a pitched battle on the battle board (rule 8.1)" if action.yes
                     else "No pitched battle: a skirmish (rule 8.2)")
        elif kind == "stack_leader":
            piece = action.leader
            place = where.get(piece, OTHER)
            label = f"stack with {name(action.unit)} (rule 8.2)"
        elif kind == "line_up":
            piece = action.unit
            place = where.get(piece, OTHER)
            label = ("hold back (rule 8.2)" if not action.opposite
                     else f"line up against {name(action.opposite)} (rule 8.2)")
        elif kind == "attack":
            piece = action.unit
            place = where.get(piece, OTHER)
            label = f"attack {name(action.target)} with its {action.cf} factor (a D6, rule 8.2)"
        elif kind == "flee":
            piece = action.unit
            place = where.get(piece, OTHER)
            label = "try to flee: a die against the morale level (rule 8.2)"
        elif kind == "refuge":
            piece = action.piece
            place = where.get(piece, OTHER)
            to = action.area
            label = f"take refuge in {area(action.area)}"
        elif kind in ("build_wall", "tear_down"):
            place = action.area
            label = (f"Build a siege wall in {area(action.area)} (a D6, rule 10.2.1)" if kind == "build_wall"
                     else f"Tear down the {action.wall} wall in {area(action.area)} (rule 10.2.2)")
        elif kind == "place_sicel":
            piece, place = action.unit, action.area
            label = f"place {name(action.unit)} here (rule 10.1.1)"
        else:
            label = self.words(str(action))
        label = self.words(label)
        if piece:
            sentence = f"{name(piece)}: {label}" + (f", from {area(place)}" if place not in (OTHER, to) else "")
        else:
            sentence = label
        return Choice(action, sentence_case(label), sentence_case(sentence), place, piece,
                      name(piece) if piece else "", to, self.words(help_text))

    @staticmethod
    def _where(obs: dict | None) -> dict[str, str]:
        if not obs:
            return {}
        out = {u["id"]: u["area"] for u in obs["units"]}
        out.update({ld["id"]: ld["area"] for ld in obs["leaders"] if ld["area"]})
        return out

    def key_items(self) -> list[tuple[str, str]]:
        """The counters' shapes and badges, for the key under the map."""
        items = [(swatch_marker("triangle-up", "#BBBBBB") + swatch_marker("triangle-down", "#BBBBBB"),
                  "ships (N): Athenian point up, Syracusan point down"),
                 (swatch_marker("square", "#BBBBBB") + swatch_marker("diamond", "#BBBBBB"), "hoplites (H)")]
        items += [(swatch_marker(symbol, "#BBBBBB"), words) for symbol, words in (
            ("circle", "light infantry (LI), Sicel foot (Si)"), ("pentagon", "peltasts (P)"),
            ("hexagon", "archers (Ar)"), ("star-square", "cavalry (C, SC)"), ("star", "a leader"))]
        items.append((swatch_marker("square-open", "#555555"), "reduced face (hollow)"))
        items.append(("<b>H5</b>", "kind and steps left; a closed stack shows its side and total steps — click it"))
        items.append((swatch_marker("circle", WHITE, "D", BLACK, 16),
                      "Disrupted (D), Routed (R), building a wall (W), tearing one down (T), out of supply (S)"))
        items.append((swatch_marker("circle-open", BLUE, "", BLACK), "the Circle Fort"))
        return items
