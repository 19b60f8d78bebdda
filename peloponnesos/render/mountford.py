"""The campaign map of Brian Mountford's *Peloponnesian War*: the Greek world from Sicily to the Hellespont over
the real coastline, every space at its real position (lenses enlarge the crowded corners), who holds each
space (its side's colour and letter), the paths by kind, the SPs of every city-state as counters (hoplites in
the side's shape, cavalry pentagons, ships triangles; a side's counters in a space stack and open on a click),
leaders, garrisons, rebellions, ravaged land and sieges, and the war chest in the sea south of Greece: each
major city-state's bellicosity, treasury and the hostages it holds. With the words a panel needs: every action
in a sentence, the board described for screen readers (a sentence and a table), routes with their odds.

The map is *reconstructed* (``games/mountford/data/map.toml``); the coastline is GSHHG (LGPL-3.0, the copy in
``peloponnesos/history/data``); the layout on the screen is ``data/mountford_layout.toml``.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import NamedTuple

from .choices import OTHER, Choice, sentence_case, substitute
from .key import swatch_marker
from .lens import Lens, lenses
from .mapfig import Link, MapFigure, Marks, Region, Route, Token
from .palette import GREEN, WHITE, YELLOW, side_style

SIDES = ("Athens", "Sparta")
LAYOUT = Path(__file__).parent / "data" / "mountford_layout.toml"
SEA_BACKGROUND = "#E8F3FA"
MAJORS = ("athens", "sparta", "corinth", "thebes")
MAJOR_LETTERS = {"athens": "At", "sparta": "Sp", "corinth": "Co", "thebes": "Th"}
ARMS = (("H", 0, "hoplite"), ("C", 1, "cavalry"), ("N", 2, "naval"))
ARM_SYMBOL = {"H": "", "C": "pentagon", "N": "triangle-up"}  # "": the side's own shape
KIND_DOT = {"city": ("circle", 17, 2.6), "fortress": ("hexagon", 14, 1.8), "place": ("circle", 10, 1.2)}
KIND_WORDS = {"city": "city-state (walled; three siege points to take)", "fortress": "fortress (walled)",
              "place": "open country, harbour or island"}
PATH_WORDS = {"land": "by land", "naval": "by sea", "combined": "along the coast", "pass": "through a pass",
              "mountain": "over the mountains", "isthmus": "across the Isthmus", "crossing": "across the open sea"}
FIRE = "\uf06d"  # Font Awesome "fire": a ravaged space
# the war chest, in the sea south of Sicily and the Peloponnese (lon, lat of its top-left corner, box sizes)
CHEST = (12.75, 35.95)
BOX_W, ROW_H = 0.22, 0.3
BELL_MAX = 20
ROW_NAME_W = 0.9


class View(NamedTuple):
    """A part of the map a panel can show closer (``mountford_layout.toml``'s ``[[view]]``)."""

    name: str
    zoom: float = 1.0
    centre: tuple[float, float] | None = None  # lon, lat; None: the middle of the map
    places: tuple[str, ...] = ()  # the spaces it is for: each inside it and named


def possessive(name: str) -> str:
    """"Archidamus'", "Phormio's"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def percent(p: Fraction | float) -> str:
    """A chance for the screen: "50%", "3%", "<1%", ">99%"."""
    value = float(p) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def in_words(p: Fraction) -> str:
    """A chance as a fraction and a percentage: "2 in 9 (22%)"."""
    return f"{p.numerator} in {p.denominator} ({percent(p)})" if 0 < p < 1 else ("certain" if p else "none")


@cache
def _layout() -> dict:
    with open(LAYOUT, "rb") as f:
        return tomllib.load(f)


@cache
def _static():
    from ..games.mountford.board import default_board
    from ..games.mountford.engine import MountfordGame

    with open(MountfordGame.data_dir / "scenario_431.toml", "rb") as f:
        scenario = tomllib.load(f)
    return default_board().to_dict(), {c: d["name"] for c, d in scenario["cities"].items()}


class MountfordRenderer:
    """Regions, tokens and words for Brian Mountford's Peloponnesian War."""

    game = "mountford"

    def __init__(self) -> None:
        board, cities = _static()
        self.board = board
        self.spaces = {s["id"]: s for s in board["spaces"]}
        self.names = {s["id"]: s["name"] for s in board["spaces"]}
        self.city_names = dict(cities)
        self.layout = _layout()
        # internal codes that reach the screen (actions read "activate Archidamus at sparta"): their words
        self.vocabulary = {**self.city_names, **self.names}

    # -- the static map ------------------------------------------------------------------------------------
    def label(self, sid: str) -> tuple[str, str, str]:
        """(the name written on the map, a shorter one, its preferred position)."""
        spec = self.layout.get("label", {}).get(sid, {})
        name = self.names[sid]
        text = spec.get("text") or name.split(" (")[0].removeprefix("Cape ").removeprefix("The ")
        return text, spec.get("short", ""), spec.get("position", "bottom center")

    def regions(self) -> list[Region]:
        out = []
        for s in self.board["spaces"]:
            symbol, size, rim = KIND_DOT[s["kind"]]
            text, short, position = self.label(s["id"])
            extra = [KIND_WORDS[s["kind"]]]
            if s["home"]:
                extra.append(f"home space of {self.city_names.get(s['home'], s['home'])}")
            if s["tribute"]:
                extra.append("pays tribute to Athens")
            if s["king"]:
                extra.append(f"under the influence of the king of {s['king'].title()} (Mountford 4.5.4)")
            if s["income"]:
                extra.append(f"income {s['income']} talents a game turn (frame 10.4, reconstructed)")
            hover = (f"<b>{s['name']}</b>" + "".join(f"<br>{e}" for e in extra)
                     + (f"<br>{s['note']}" if s.get("note") else "") + "<br><i>reconstructed map</i>")
            out.append(Region(s["id"], s["name"], text, (s["lon"], s["lat"]), fill=WHITE, hover=hover,
                              marker_size=size, text_position=position, short_label=short, symbol=symbol,
                              line_width=rim, minor=not s["home"]))
        out.extend(self.chest_regions())
        return out

    def chest_regions(self) -> list[Region]:
        """The war chest: for each major city-state a row with its bellicosity track (0–20), its treasury and
        the hostages it holds (Mountford 5.5, 5.6; frame 10.4, 10.5)."""
        lon0, top = CHEST
        out = []

        def box(rid, name, label, left, lat, width, hover, token=True, fixed=True):
            corners = ((left, lat), (left + width, lat), (left + width, lat - ROW_H * 0.86),
                       (left, lat - ROW_H * 0.86))
            mid = (left + width / 2, lat - ROW_H * 0.43)
            out.append(Region(rid, name, label, mid, corners, fill=WHITE, frame=True, hover=hover,
                              token_anchor=mid if token else None, fixed_label=fixed))

        bell0 = lon0 + ROW_NAME_W
        money0 = bell0 + (BELL_MAX + 1) * BOX_W + 0.1
        hostages0 = money0 + 1.1
        head = top + ROW_H * 0.8
        foot = top - len(MAJORS) * ROW_H - ROW_H * 0.4
        out.append(Region("chest:bellicosity", "Bellicosity", "Bellicosity", (lon0 + 0.02, head),
                          fill=WHITE, line=WHITE, text_position="middle right", fixed_label=True,
                          hover="Bellicosity: how willing each major city-state is to go on fighting; at 0 it "
                                "sues for peace (Mountford 5.5; frame 10.5)"))
        out.append(Region("chest:talents", "Treasury", "Talents", (money0 + 0.02, head), fill=WHITE,
                          line=WHITE, text_position="middle right", fixed_label=True,
                          hover="Treasury in talents of silver (frame 10.3, 10.4)"))
        out.append(Region("chest:hostages", "Hostages", "Hostages", (hostages0 + 0.02, foot),  # under: no room above
                          fill=WHITE, line=WHITE, text_position="middle right", fixed_label=True,
                          hover="Hostages taken in battle (Mountford 5.6, Thucydides 4.41.1)"))
        for row, city in enumerate(MAJORS):
            lat = top - row * ROW_H
            name = self.city_names[city]
            out.append(Region(f"chest:{city}", name, name, (lon0 + 0.02, lat - ROW_H * 0.43), fill=WHITE,
                              line=WHITE, text_position="middle right", fixed_label=True,
                              hover=f"{name}: bellicosity, treasury and hostages held"))
            for v in range(BELL_MAX + 1):
                box(f"bell:{city}:{v}", f"{name}'s bellicosity {v}", "", bell0 + v * BOX_W, lat, BOX_W,
                    f"{name}'s bellicosity {v} (Mountford 5.5)")
            box(f"money:{city}", f"{name}'s treasury", "", money0, lat, 1.0, f"{name}'s treasury (frame 10.4)")
            box(f"hostages:{city}", f"hostages held by {name}", "", hostages0, lat, 1.0,
                f"hostages held by {name} (Mountford 5.6)")
        for v in range(0, BELL_MAX + 1, 5):  # the numbers under the track's columns
            out.append(Region(f"chest:bell:{v}", f"bellicosity {v}", str(v), (bell0 + (v + 0.5) * BOX_W, foot),
                              fill=WHITE, line=WHITE, fixed_label=True, hover=f"bellicosity {v}"))
        return out

    def links(self) -> list[Link]:
        bends = {(b["a"], b["b"]): tuple(tuple(p) for p in b["via"]) for b in self.layout.get("bend", [])}
        return [Link(p["a"], p["b"], p["kind"], bends.get((p["a"], p["b"]), ())) for p in self.board["paths"]]

    def map_figure(self, height: int = 620) -> MapFigure:
        from ..history.alliances import coastline

        figure = MapFigure(self.regions(), self.links(), backdrop=coastline(), sides=SIDES,
                           title="The Greek world, 431 BC", height=height, token_spacing=0.2, token_columns=3,
                           side_offset=0.17, background=SEA_BACKGROUND, label_size=14,
                           control_letters=True, show_legend=False,
                           caption="Map <i>reconstructed</i> for peloponnesos from Mountford's rules and Thucydides, "
                                   "every place at its real position; crowded corners enlarged. Coastline: GSHHG, "
                                   "LGPL-3.0.")
        figure.transform = lenses(figure.k, *(Lens(tuple(z["centre"]), z["radius"], z["power"])
                                             for z in self.layout.get("lens", [])))
        return figure

    def views(self) -> list[View]:
        """The parts of the map a panel can show closer: words, zoom, centre (lon, lat), the places it is for."""
        return [View(v["name"], float(v.get("zoom", 1.0)), tuple(v["centre"]) if "centre" in v else None,
                     tuple(v.get("places", ()))) for v in self.layout.get("view", [])] or [View("the whole map")]

    # -- words ----------------------------------------------------------------------------------------
    def words(self, text: str) -> str:
        """``text`` with the spaces and city-states named in words, never by their codes."""
        return substitute(text, self.vocabulary)

    def place_words(self, sid: str) -> str:
        return self.names.get(sid, sid)

    def piece_words(self, piece: str) -> str:
        if piece.startswith("leader:"):
            return piece.split(":", 1)[1]
        parts = piece.split(":")
        if len(parts) == 3:
            return f"{self.city_names.get(parts[1], parts[1])} {dict((a, w) for a, _, w in ARMS)[parts[2]]} SPs"
        return piece

    def city(self, city: str) -> str:
        return self.city_names.get(city, city)

    def choice(self, action, obs: dict | None = None) -> Choice:
        """One legal action in words, with the place it starts from (a click there lists it) and where it ends."""
        kind = action.kind
        obs = obs or {}
        army = obs.get("army") or {}
        at = army.get("at") or OTHER
        place, piece, piece_name, to, help_text = OTHER, "", "", "", ""
        if kind == "activate":
            place, piece = action.space, f"leader:{action.leader}"
            info = next((ld for ld in obs.get("leaders", ()) if ld["name"] == action.leader), None)
            piece_name = action.leader
            label = f"{action.leader} takes command here"
            sentence = f"{action.leader} takes command at {self.place_words(action.space)}"
            if info:
                label += f" (battle {info['battle']}, interception {info['interception']})"
                help_text = (f"{action.leader} of {self.city(info['city'])}: battle rating {info['battle']}, bravery "
                             f"{info['bravery']}, interception {info['interception']} (frame 10.7, reconstructed). "
                             "He forms an army from the SPs of his side here, paid for by his city-state "
                             "(10 talents a land SP, 20 a naval SP; frame 10.3).")
        elif kind == "declare_war":
            label = sentence = f"Declare war on {self.city(action.city)}"
            help_text = (f"{self.city(action.city)} is neutral. After a declaration of war its spaces count as "
                         "unfriendly to your side: you may attack or besiege them (frame 10.8).")
        elif kind == "pass":
            label = sentence = "Pass: no more operations this game turn"
        elif kind == "form":
            label = sentence = (f"Form an army of {action.hoplites} hoplite, {action.cavalry} cavalry and "
                                f"{action.naval} naval SPs")
        elif kind == "objective":
            place, to = at, action.dest
            verb = "Attack" if action.combat else "Move to"
            how = {"no_mountains": " avoiding mountain paths", "taenarum": " by the Taenarum crossing"}.get(action.via,
                                                                                                            "")
            label = sentence = f"{verb} {self.place_words(action.dest)}{how}"
            help_text = ("Attack: fight any enemy there, then besiege it if you can (Mountford 5, 5.8). "
                         if action.combat else "Move: the army ends its march there (Mountford 4). ")
            if action.via == "taenarum":
                help_text += "The crossing from Cape Taenarum: a 5 or 6 on a die destroys the army (Mountford 4.2)."
            elif action.via == "no_mountains":
                help_text += "A longer route that keeps off the mountain paths (Mountford 4.5.3)."
        elif kind == "choose_route":
            place, to = at, action.route[-1]
            middle = [self.place_words(s) for s in action.route[1:-1]]
            label = sentence = "By " + (", ".join(middle) if middle else "the direct path")
            help_text = "The routes are equally short: choose which spaces the army passes through (Mountford 4)."
        elif kind == "participate":
            place = action.space
            what = "ships" if action.arm == "naval" else "troops"
            verb = {"join": "join the battle", "avoid": "stay out of it",
                    "burn": "are burnt by their crews rather than fight"}[action.choice]
            label = f"The {what} here {verb}"
            sentence = f"The {what} at {self.place_words(action.space)} {verb}"
            help_text = {"avoid": "They stay out: only SPs behind friendly walls or in another space may (Mountford "
                                  "5.1, 5.2, reconstructed).",
                         "burn": "The ships are lost, but the enemy wins nothing (Mountford 5.1).",
                         "join": "They fight in the battle."}[action.choice]
        elif kind == "take_loss":
            arm = dict((a, w) for a, _, w in ARMS)[action.arm]
            label = sentence = f"Lose 1 {arm} SP of {self.city(action.city)}"
        elif kind == "build":
            label = sentence = (f"{self.city(action.city)} builds {action.ships} naval SP"
                                f"{'s' if action.ships != 1 else ''}" + (f" ({action.ships * 100} talents)"
                                                                         if action.ships else ""))
        elif kind == "drop_land":
            label = sentence = (f"Leave behind {action.hoplites} hoplite and {action.cavalry} cavalry SPs so the "
                                "ships can carry the rest")
        elif kind == "place_leader":
            label = sentence = f"{action.leader} takes command in the home space"
        else:
            label = sentence = sentence_case(self.words(str(action)))
        return Choice(action, sentence_case(label), sentence_case(sentence), place, piece, piece_name, to, help_text)

    def control(self, obs: dict) -> dict[str, str]:
        """Who holds each space: the side of its owner ("neutral" for a neutral city-state's space)."""
        out = {}
        for s in obs["spaces"]:
            if s["owner"]:
                out[s["id"]] = s["side"] if s["side"] in SIDES else "neutral"
        return out

    def key_items(self) -> list[tuple[str, str]]:
        """The counters, markers and dots, for the key under the map."""
        grey = "#BBBBBB"
        return [
            (swatch_marker("square", grey) + swatch_marker("diamond", grey), "hoplite SPs (in the side's shape)"),
            (swatch_marker("pentagon", grey), "cavalry SPs"), (swatch_marker("triangle-up", grey), "naval SPs"),
            (swatch_marker("star", grey), "a leader"),
            ("<b>A7</b>", "a side's letter and SPs; a stack shows its total — click it to open"),
            (swatch_marker("square", WHITE, "G"), "a garrison"), (swatch_marker("circle", YELLOW, "R"), "in rebellion"),
            (swatch_marker("hexagon", WHITE, "1/3"), "a siege: points so far, of those needed"),
            ('<i class="fa fa-fire" aria-hidden="true"></i>', "ravaged this game turn"),
            (swatch_marker("circle", WHITE) + swatch_marker("hexagon", WHITE), "a city-state (large), a fortress"),
            ("★", "a major city-state's home space"),
        ]

    # -- what changes ---------------------------------------------------------------------------------
    def tokens(self, obs: dict) -> list[Token]:
        tokens: list[Token] = []
        cities = obs["cities"]

        def side_of(city: str) -> str | None:
            side = cities.get(city, {}).get("side")
            return side if side in SIDES else None

        def forces(sid: str, city: str, hcn, prefix: str = "", who: str = "") -> None:
            side = side_of(city)
            letter = side_style(side).letter
            for arm, k, words in ARMS:
                n = hcn[k]
                if not n:
                    continue
                hover = (f"<b>{self.city(city)}</b>: {n} {words} SP{'s' if n > 1 else ''}{who}<br>in "
                         f"{self.place_words(sid)}")
                tokens.append(Token(f"{prefix}{sid}:{city}:{arm}", sid, side, f"{letter}{n}", hover,
                                    symbol=ARM_SYMBOL[arm], size=20, piece=f"{sid}:{city}:{arm}", stack=True,
                                    strength=n))

        for s in obs["spaces"]:
            for city, hcn in s["forces"].items():
                forces(s["id"], city, hcn)
        army = obs.get("army")
        if army:
            for city, hcn in army["sps"].items():
                forces(army["at"], city, hcn, "army:", f" (the army of {army['leader']}, on campaign)")
        for ld in obs["leaders"]:
            where = ld["at"] or (army["at"] if army and army["leader"] == ld["name"] else None)
            if ld["status"] in ("used", "ready") and where:
                side = ld["side"] if ld["side"] in SIDES else None
                hover = (f"<b>{ld['name']}</b> of {self.city(ld['city'])}, leader<br>battle {ld['battle']}, bravery "
                         f"{ld['bravery']}, interception {ld['interception']}")
                tokens.append(Token(f"leader:{ld['name']}", where, side, ld["name"][:2], hover, symbol="star",
                                    size=24, piece=f"leader:{ld['name']}", stack=True))
        for s in obs["spaces"]:
            sid = s["id"]
            if s["garrison"]:
                tokens.append(Token(f"garrison:{sid}", sid, None, "G", f"a garrison of {self.city(s['garrison'])} in "
                                    f"{s['name']}", symbol="square", colour=WHITE, size=15))
            if s["rebellion"]:
                tokens.append(Token(f"rebellion:{sid}", sid, None, "R", f"{s['name']} is in rebellion", symbol="circle",
                                    colour=YELLOW, size=15))
            if s["ravaged"]:
                tokens.append(Token(f"ravaged:{sid}", sid, None, FIRE, f"{s['name']} was ravaged this game turn: no "
                                    "income from it (Mountford 5.2, frame 10.4)", symbol="square", colour="#FBEDE3",
                                    size=16, icon=True))
            if s["siege"]:
                sg = s["siege"]
                tokens.append(Token(f"siege:{sid}", sid, None, f"{sg['points']}/{sg['needed']}",
                                    f"{self.city(sg['city'])} besieges {s['name']}: {sg['points']} of {sg['needed']} "
                                    "siege points (Mountford 5.8)", symbol="hexagon", colour=WHITE, size=18))
        tracks = obs["tracks"]
        for city in MAJORS:
            side = side_of(city) or None
            value = tracks["bellicosity"].get(city, 0)
            peace = city in tracks.get("peace", ())
            box = f"bell:{city}:{min(max(value, 0), BELL_MAX)}"
            words = f"{self.city(city)}'s bellicosity: {value}" + (" (at peace)" if peace else "")
            tokens.append(Token(f"bell:{city}", box, side, MAJOR_LETTERS[city], words, size=17, reduced=peace))
            money = tracks["treasury"].get(city, 0)
            tokens.append(Token(f"money:{city}", f"money:{city}", None, f"{money}", f"{self.city(city)}'s treasury: "
                                f"{money} talents", symbol="square", colour=WHITE, size=26))
        for k, (holder, victim) in enumerate(tracks.get("hostages", ())):
            side = side_of(victim)
            tokens.append(Token(f"hostage:{k}", f"hostages:{holder}", side, MAJOR_LETTERS.get(victim, victim[:2]),
                                f"{self.city(holder)} holds hostages of {self.city(victim)}: its army may not ravage "
                                f"{self.city(holder)}'s home space (Mountford 5.6)", symbol="circle", size=16))
        return tokens

    def title(self, obs: dict) -> str:
        if obs.get("result"):
            r = obs["result"]
            return f"The war is over — {r['winner'] or 'nobody'} wins"
        who = obs.get("to_act") or "—"
        return f"{obs['year']} BC — game turn {obs['turn']} of {obs['turns']} · {who} to decide"

    def status(self, obs: dict) -> list[tuple[str, str]]:
        tracks = obs["tracks"]
        rows = [("Game turn", f"{obs['turn']} of {obs['turns']} ({obs['year']} BC)"),
                ("To decide", str(obs["to_act"] or "—"))]
        army = obs.get("army")
        if army:
            sps = [0, 0, 0]
            for hcn in army["sps"].values():
                sps = [sps[k] + hcn[k] for k in range(3)]
            rows.append(("Army on campaign", f"{army['leader']} at {self.place_words(army['at'])}: "
                                             f"{sps[0]}H {sps[1]}C {sps[2]}N"))
        rows.append(("Talents", ", ".join(f"{self.city(c)} {tracks['treasury'].get(c, 0)}" for c in MAJORS)))
        rows.append(("Bellicosity", ", ".join(f"{self.city(c)} {tracks['bellicosity'].get(c, 0)}" for c in MAJORS)))
        rows.append(("Athens' empire", f"{tracks['tribute_held']} tribute cities held, {tracks['athenian_fleet']} "
                                       "naval SPs of its own (frame 10.6)"))
        if tracks.get("hostages"):
            rows.append(("Hostages", "; ".join(f"{self.city(h)} holds {self.city(v)}'s"
                                               for h, v in tracks["hostages"])))
        if tracks.get("peace"):
            rows.append(("At peace", ", ".join(self.city(c) for c in tracks["peace"])))
        ready = [ld["name"] for ld in obs["leaders"] if ld["status"] == "ready" and ld["side"] == obs.get("to_act")]
        if ready:
            rows.append(("Leaders ready", ", ".join(ready)))
        return rows

    def space_rows(self, obs: dict) -> list[dict[str, str]]:
        """The board as a table (for screen readers and a text-only view): every space with a holder, forces or a
        marker, in map order."""
        rows = []
        army = obs.get("army")
        for s in obs["spaces"]:
            forces = [f"{self.city(c)} {h}H {cv}C {n}N" for c, (h, cv, n) in s["forces"].items()]
            if army and army["at"] == s["id"]:
                forces.append(f"army of {army['leader']}: " + ", ".join(
                    f"{self.city(c)} {h}H {cv}C {n}N" for c, (h, cv, n) in army["sps"].items()))
            marks = [w for w, on in (("garrison of " + self.city(s["garrison"]), s["garrison"]),
                                     ("in rebellion", s["rebellion"]), ("ravaged", s["ravaged"])) if on]
            if s["siege"]:
                marks.append(f"besieged by {self.city(s['siege']['city'])}, {s['siege']['points']} of "
                             f"{s['siege']['needed']} points")
            held = s["side"] if s["side"] in SIDES else ("neutral" if s["owner"] else "nobody")
            if not (forces or marks or s["owner"]):
                continue
            rows.append({"space": s["name"], "held by": held + (f" ({self.city(s['owner'])})" if s["owner"] else ""),
                         "forces": "; ".join(forces) or "—", "markers": ", ".join(marks) or "—"})
        return rows

    def describe_table(self, obs: dict) -> tuple[list[str], list[list[str]]]:
        """The board as a table: its column headings and rows."""
        rows = self.space_rows(obs)
        heads = ["space", "held by", "forces", "markers"]
        return heads, [[r[h] for h in heads] for r in rows]

    def describe(self, obs: dict) -> str:
        """The board in sentences: whose turn, who holds what, where the armies and fleets are."""
        parts = [self.title(obs) + "."]
        if obs.get("prompt"):
            parts.append(self.words(obs["prompt"]))
        held: dict[str, list[str]] = {}
        for s in obs["spaces"]:
            if s["owner"]:
                held.setdefault(s["side"] if s["side"] in SIDES else "neutral", []).append(s["name"])
        for side in (*SIDES, "neutral"):
            names = held.get(side, [])
            who = f"{side}'s side" if side in SIDES else "Neutral city-states"
            parts.append(f"{who} hold{'s' if side in SIDES else ''} {len(names)} spaces.")
        for side in SIDES:
            stacks = []
            for s in obs["spaces"]:
                mine = [(c, t) for c, t in s["forces"].items() if obs["cities"].get(c, {}).get("side") == side]
                if mine:
                    h = sum(t[0] for _, t in mine)
                    c = sum(t[1] for _, t in mine)
                    n = sum(t[2] for _, t in mine)
                    stacks.append(f"{s['name']} {h}H {c}C {n}N")
            parts.append(f"{side}'s forces: " + ("; ".join(stacks) if stacks else "none") + ".")
        army = obs.get("army")
        if army:
            parts.append(f"{army['leader']}'s army is at {self.place_words(army['at'])}, bound for "
                         f"{self.place_words(army['dest'])}.")
        marks = [f"{s['name']} besieged ({s['siege']['points']} of {s['siege']['needed']} points)"
                 for s in obs["spaces"] if s["siege"]]
        marks += [f"{s['name']} ravaged" for s in obs["spaces"] if s["ravaged"]]
        marks += [f"{s['name']} in rebellion" for s in obs["spaces"] if s["rebellion"]]
        marks += [f"a garrison of {self.city(s['garrison'])} in {s['name']}" for s in obs["spaces"] if s["garrison"]]
        if marks:
            parts.append("Markers: " + "; ".join(marks) + ".")
        tracks = obs["tracks"]
        if tracks.get("hostages"):
            parts.append("Hostages: " + "; ".join(f"{self.city(h)} holds hostages of {self.city(v)}"
                                                  for h, v in tracks["hostages"]) + ".")
        parts.append("Bellicosity: " + ", ".join(f"{self.city(c)} {tracks['bellicosity'].get(c, 0)}" for c in MAJORS)
                     + ". Talents: " + ", ".join(f"{self.city(c)} {tracks['treasury'].get(c, 0)}" for c in MAJORS)
                     + ".")
        parts.append("The table below lists every space.")
        return " ".join(parts)

    # -- routes and their odds -------------------------------------------------------------------------
    def route(self, plan: dict, side: str | None = None, *, name: str = "the route") -> Route:
        """A route of ``plan`` (one entry of ``game.plan_routes``) to draw: each space's risks as a short note,
        the chance of arriving intact at the end."""
        notes, hovers = [], []
        steps = plan["steps"]
        for i, step in enumerate(steps):
            bits, words = [], []
            chance = step_interception(step)
            if chance:
                bits.append(f"intercept {percent(chance)}")
                words += [f"{g['group']} intercepts on {g['needed']}+" + (f" with {g['leader']} (+{g['modifier']})"
                                                                         if g["modifier"] else "")
                          + f": {in_words(g['chance'])}" for g in step["interception"]]
            if step["storm"]:
                bits.append(f"storm {percent(step['storm'])}")
                words.append(f"the crossing: a storm on 5–6 destroys the army, {in_words(step['storm'])}")
            if step["march"]:
                loss = 1 - step["march_loss"][0]
                bits.append(f"losses {percent(loss)}")
                words.append(f"{MARCH_WORDS.get(step['march'], step['march'])}: each SP is lost on 5–6; some loss "
                             f"{in_words(loss)}")
            if i == len(steps) - 1 and len(steps) > 1:
                bits.append(f"arrives intact {percent(plan['p_intact'])}")
            notes.append(" · ".join(bits))
            hovers.append(f"<b>{self.place_words(step['space'])}</b>" + "".join(f"<br>{w}" for w in words))
        return Route(tuple(plan["route"]), tuple(notes), tuple(hovers), side, name)

    def route_rows(self, plan: dict) -> list[dict]:
        """A route as a table: each space the army is in, from the one where its leader is placed (entered for
        interception, 4.6), how it gets there, what may happen there, and the chance of getting through it with
        no interception and no loss ("gets through"; its exact value is ``p_through``): the rows' chances multiply to
        the plan's ``p_intact``."""
        rows = []
        kinds = {(p["a"], p["b"]): p["kind"] for p in self.board["paths"]}
        kinds.update({(b, a): k for (a, b), k in list(kinds.items())})
        route = plan["route"]
        for i, step in enumerate(plan["steps"]):
            chance = step_interception(step)
            through = 1 - chance
            risks = []
            if step["storm"]:
                risks.append(f"storm {in_words(step['storm'])}")
                through *= 1 - step["storm"]
            if step["march"]:
                risks.append(f"{MARCH_WORDS.get(step['march'], step['march'])}: each SP lost on 5–6")
                through *= step["march_loss"][0]
            how = (PATH_WORDS.get(kinds.get((route[i - 1], route[i]), ""), "") if i
                   else "starts here (counts as entered, Mountford 4.6)")
            rows.append({"space": self.place_words(step["space"]),
                         "by": how,
                         "interception": "; ".join(f"{g['group']} needs {g['needed']}+"
                                                   + (f" (+{g['modifier']} {g['leader']})" if g["modifier"] else "")
                                                   for g in step["interception"]) or "—",
                         "chance": in_words(chance) if chance else "—",
                         "other risks": "; ".join(risks) or "—",
                         "gets through": in_words(through),
                         "p_through": through})
        return rows

    def reach(self, obs: dict, side: str, arm: str) -> Marks:
        """The spaces the ``arm`` ("naval" or "land") SPs of ``side`` reach with their zone of influence (4.6)."""
        from ..games.mountford.board import default_board

        board = default_board()
        k = 2 if arm == "naval" else None
        sources = [board.index[s["id"]] for s in obs["spaces"]
                   if any(obs["cities"].get(c, {}).get("side") == side and (t[2] if k else t[0] + t[1])
                          for c, t in s["forces"].items())]
        zoi = board.zoi_naval if arm == "naval" else board.zoi_land
        reached = sorted({board.ids[j] for i in sources for j in zoi[i]})
        return Marks(side, (), tuple(reached))


MARCH_WORDS = {"unfamiliar": "unfamiliar country (Mountford 4.5)", "pass": "a pass into unfriendly country (4.5.2)",
               "mountain": "a mountain path (4.5.3)", "king": "a king's unfriendly land (4.5.4)"}


def step_interception(step: dict) -> Fraction:
    """The chance that at least one group intercepts the army in this space (each tries in turn)."""
    through = Fraction(1)
    for g in step["interception"]:
        through *= 1 - g["chance"]
    return 1 - through


def battle_rows(distribution, names: tuple[str, str]) -> list:
    """A battle's outcomes (:class:`~peloponnesos.games.mountford.odds.Outcome`) as chart rows: who wins and how
    many SPs the loser loses (a draw: what each loses), most likely first, each in the winner's colour."""
    from .odds import rows_from

    def words(o) -> str:
        how = " a running skirmish" if o.kind == "skirmish" else ""
        if o.winner is None:
            return f"draw{how}: {names[0]} loses {o.lost_a}, {names[1]} {o.lost_b}"
        lost = o.lost_b if o.winner == 0 else o.lost_a
        return f"{names[o.winner]} wins{how}; {names[1 - o.winner]} loses {lost} SP{'s' if lost != 1 else ''}"

    def colour(o) -> str:
        return side_style(names[o.winner]).colour if o.winner is not None and names[o.winner] in SIDES else ""

    return rows_from(distribution, words, colour, top=7)


def battle_summary(distribution, names: tuple[str, str], leaders: tuple[str, str] = ("", "")) -> str:
    """One sentence: each side's chance of winning, of a draw, and of each leader's death (Mountford 5.7)."""
    from .odds import chance_words

    win = [distribution.probability(lambda o, k=k: o.winner == k) for k in (0, 1)]
    draw = 1 - win[0] - win[1]
    parts = [f"{names[0]} wins {chance_words(win[0])}", f"{names[1]} wins {chance_words(win[1])}"]
    if draw:
        parts.append(f"a draw {chance_words(draw)}")
    for k, nm in enumerate(leaders):
        if nm:
            dies = distribution.probability(lambda o, k=k: o.killed_a if k == 0 else o.killed_b)
            if dies:
                parts.append(f"{nm} falls {chance_words(dies)}")
    return "; ".join(parts) + "."


def siege_rows(distribution, shown: int = 6) -> list:
    """A siege's outcomes (operations, talents) as chart rows: taken at the 1st, 2nd … attempt, then the rest."""
    rows = []
    rest = Fraction(0)
    for (ops, talents), p in sorted(distribution.items(), key=lambda item: (item[0][1] is None, item[0][0])):
        if talents is not None and ops <= shown:
            rows.append((f"taken at attempt {ops} ({talents} talents in all)", p, GREEN))
        else:
            rest += p
    if rest:
        rows.append((f"takes more than {shown} attempts", rest, ""))
    return rows


def route_figure(game, plan: dict, player: str | None = None, *, side: str | None = None, height: int = 560):
    """A still figure of ``game`` with one planned route and its odds drawn over it (for a notebook cell)."""
    renderer = MountfordRenderer()
    obs = game.observation(player)
    mapfig = renderer.map_figure(height=height)
    fig = mapfig.build()
    mapfig.update(fig, renderer.tokens(obs), title=f"{renderer.place_words(plan['route'][0])} to "
                  f"{renderer.place_words(plan['route'][-1])}: arrives intact {in_words(plan['p_intact'])}",
                  control=renderer.control(obs), route=renderer.route(plan, side))
    return fig


__all__ = ["MountfordRenderer", "battle_rows", "battle_summary", "in_words", "percent", "possessive",
           "route_figure",
           "siege_rows", "step_interception"]
