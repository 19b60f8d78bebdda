"""The bay of Navarino for Sfacteria: zones by terrain, bases, tracks, counters; and the board in words.

Everything is drawn from the game's ``board.toml`` (zone polygons in longitude/latitude, *reconstructed*
from the rulebook, Thucydides and the GSHHG shoreline) and from a player's observation, so the
opponent's hidden stratagems never reach the figure.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from .choices import OTHER, Choice, sentence_case, substitute
from .key import swatch_marker
from .mapfig import MapFigure, Region, Token
from .palette import BASE, BEACH, LAND_CLEAR, LAND_DIFFICULT, SEA, STRAIT, WHITE, side_style

SIDES = ("Sparta", "Athens")  # Sparta's counters to the left of a zone's label, Athens' to the right
TERRAIN_FILL = {"clear": LAND_CLEAR, "difficult": LAND_DIFFICULT, "beach": BEACH, "sea": SEA, "strait": STRAIT}
TERRAIN_PATTERN = {"difficult": ".", "beach": "/", "strait": "-"}
TERRAIN_WORDS = {"clear": "clear ground", "difficult": "difficult ground (woods, rocks)", "beach": "beach",
                 "sea": "open water", "strait": "strait"}
TYPE_WORDS = {"T": "triremes", "H": "hoplites", "P": "peltasts (light troops)", "A": "archers"}
TYPE_SYMBOL = {"T": "triangle-up", "H": None, "P": "circle", "A": "hexagon"}  # None: the side's own shape
# The ally band (rule 2) marks Helots on the Spartan side and Messenians on the Athenian side. Helots were
# attendants and boatmen, not soldiers (Thucydides 4.8.9, 4.26.5–7): the rules make them H counters, but
# the words a reader hears say "Helots".
ALLY_WORDS = {"Sparta": "Helots", "Athens": "Messenian"}


def unit_words(u: dict, short: bool = False) -> str:
    """What a unit is, in words: "hoplites", "Helots", "Messenian hoplites" (``short``: first word of the type)."""
    kind = TYPE_WORDS[u["type"]].split(" ")[0] if short else TYPE_WORDS[u["type"]]
    if not u.get("ally"):
        return kind
    ally = ALLY_WORDS.get(u["side"], "allied")
    return ally if ally == "Helots" else f"{ally} {kind}"
SHORT_NAMES = {"T6": "Pylos", "N8": "strait", "N9": "strait"}
ADVANTAGE_WORDS = {"extra pa": "+2 PA", "reverse initiative": "to swap the initiative", "reroll": "to roll again",
                   "recover unit": "to bring a unit back to full strength", "return leader": "to bring a leader back"}

# The tracks are drawn below the map (rule 2.4: turn, advantage, action points, supply markers).
TRACK_TOP = 36.874
ROW = 0.0105
BOX_W = 0.0125
PA_MAX = 10
TRACK_SHORT = {"Pylos supply": "Pylos", "Island supply": "Island", "Action points": "PA"}  # on a narrow map
LAYOUT = Path(__file__).parent / "data" / "sfacteria_layout.toml"


def _box(lon: float, lat: float, w: float = BOX_W, h: float = ROW * 0.8) -> tuple:
    return ((lon, lat), (lon + w, lat), (lon + w, lat - h), (lon, lat - h))


def track_regions(x0: float) -> list[Region]:
    """Turn track 1–7 and advantage box; supply tracks 0–3 for Pylos and Sphacteria; PA track 0–10+."""
    regions = []

    def row(prefix, title, values, lon, lat, hover):
        regions.append(Region(f"{prefix}:label", title, title, (lon + 0.0005, lat - ROW * 0.4), fill=WHITE,
                              line=WHITE, hover=hover, text_position="middle left", fixed_label=True,
                              short_label=TRACK_SHORT.get(title, "")))
        for i, v in enumerate(values):
            left = lon + 0.002 + i * BOX_W
            regions.append(Region(f"{prefix}:{v}", f"{title} {v}", str(v), (left + BOX_W / 2, lat - ROW * 0.18),
                                  _box(left, lat), fill=WHITE, hover=f"{hover}: {v}", frame=True,
                                  token_anchor=(left + BOX_W / 2, lat - ROW * 0.55)))

    x0 += 0.014  # room on the left for the tracks' names
    row("turn", "Turn", range(1, 8), x0 + 0.018, TRACK_TOP, "Game turn (Sfacteria 3)")
    regions.append(Region("advantage", "Advantage", "Advantage", (x0 + 0.142, TRACK_TOP - ROW * 0.18),
                          _box(x0 + 0.128, TRACK_TOP, 0.028), fill=WHITE, frame=True,
                          hover="Who holds the advantage (Sfacteria 9)",
                          token_anchor=(x0 + 0.142, TRACK_TOP - ROW * 0.55)))
    row("supply_A", "Pylos supply", range(4), x0 + 0.018, TRACK_TOP - ROW, "Athenian supply at Pylos (Sfacteria 7)")
    row("supply_S", "Island supply", range(4), x0 + 0.112, TRACK_TOP - ROW,
        "Spartan supply on Sphacteria (Sfacteria 7)")
    row("pa", "Action points", [*range(PA_MAX), f"{PA_MAX}+"], x0 + 0.018, TRACK_TOP - 2 * ROW,
        "Action points not yet announced (Sfacteria 3.B)")
    return regions


class SfacteriaRenderer:
    """Regions, tokens and words for Sfacteria."""

    game = "sfacteria"

    def __init__(self, board: dict | None = None) -> None:
        if board is None:
            from ..games.sfacteria.engine import SfacteriaGame

            board = SfacteriaGame.board()
        self.board = board
        self.zone_names = {z["id"]: z["name"] for z in board["zones"]}
        self.zone_ids = set(self.zone_names)
        self.zone_names.update({b["id"]: b["name"] for b in board["bases"]})
        with open(LAYOUT, "rb") as f:
            layout = tomllib.load(f)
        self.layout = layout.get("zone", {})
        self.notes = [(tuple(n["at"]), n["text"], n.get("size", 14), n.get("angle", 0)) for n in layout.get("note", [])]
        self.vocabulary = self._vocabulary()

    # -- the static map --------------------------------------------------------------------------------
    def regions(self) -> list[Region]:
        out = []
        for z in self.board["zones"]:
            words = TERRAIN_WORDS[z["terrain"]]
            extra = []
            if z.get("strait_limit"):
                extra.append(f"at most {z['strait_limit']} PF of triremes per side (Sfacteria 5)")
            if z.get("fort"):
                extra.append("fortified")
            passages = ", ".join(z.get("passages", []))
            hover = (f"<b>{z['id']} {z['name']}</b><br>{words}" + "".join(f"<br>{e}" for e in extra)
                     + (f"<br>Thucydides {passages}" if passages else "") + "<br><i>reconstructed map</i>")
            short = SHORT_NAMES.get(z["id"])
            label = f"{z['id']} {short}" if short else z["id"]
            place = self.layout.get(z["id"], {})
            out.append(Region(z["id"], z["name"], label, tuple(place.get("label", z["label"])),
                              tuple(tuple(p) for p in z["polygon"]), fill=TERRAIN_FILL[z["terrain"]],
                              hover=hover, pattern=TERRAIN_PATTERN.get(z["terrain"], ""),
                              token_anchor=tuple(place["anchor"]) if "anchor" in place else None,
                              token_text=place.get("text", ""), short_label=z["id"] if short else ""))
        for b in self.board["bases"]:
            style = side_style(b["side"])
            label = f"{style.letter} {b['kind']} base"
            hover = f"<b>{b['name']}</b><br>enters the map at {b['arrow']} (Sfacteria 3.C, 4)"
            out.append(Region(b["id"], b["name"], label, tuple(b["label"]), tuple(tuple(p) for p in b["box"]),
                              fill=BASE, line=style.colour, hover=hover,
                              label_offset=(0, 0.008), short_label=f"{style.letter} {b['kind']}"))
        x0 = self.board["meta"].get("frame", [21.575])[0]
        out.extend(track_regions(x0))
        return out

    def map_figure(self, height: int = 820) -> MapFigure:
        return MapFigure(self.regions(), sides=SIDES, title="Sfacteria, 425 BC", height=height,
                         token_spacing=0.0055, token_columns=3, side_offset=0.0028, background=WHITE,
                         label_size=15, notes=self.notes,
                         caption="Zones <i>reconstructed</i> from the rulebook and Thucydides 4.3–4.41 (not the "
                                 "printed map). Shoreline: GSHHG, LGPL-3.0.")

    # -- words ----------------------------------------------------------------------------------------
    def _vocabulary(self) -> dict[str, str]:
        """Internal codes that reach the log, with the words shown instead: pieces and bases."""
        from ..games.sfacteria.order_of_battle import default_order_of_battle

        oob = default_order_of_battle()
        counts: dict[tuple[int, str], int] = {}
        for u in oob.units:
            counts[(u.side, u.name)] = counts.get((u.side, u.name), 0) + 1
        seen: dict[tuple[int, str], int] = {}
        words = {}
        for u in oob.units:  # same name twice on one side (the Zakynthos fleet, the Helots): numbered
            key = (u.side, u.name)
            seen[key] = seen.get(key, 0) + 1
            words[u.id] = f"{u.name} ({seen[key]})" if counts[key] > 1 else u.name
        words.update({b["id"]: b["name"] for b in self.board["bases"]})
        words.update(ADVANTAGE_WORDS)
        return words

    def words(self, text: str) -> str:
        """``text`` (a log line, a prompt) with pieces and bases named in words, never by their codes."""
        return substitute(text, self.vocabulary)

    def place_words(self, zone: str) -> str:
        """A zone as the map writes it with its name ("T6 Pylos (Koryphasion)"); a base by its name."""
        name = self.zone_names.get(zone, zone)
        return name if zone.startswith("BASE_") or zone not in self.zone_names else f"{zone} {name}"

    def piece_words(self, piece: str) -> str:
        return self.vocabulary.get(piece, piece)

    def choice(self, action, obs: dict | None = None):
        """One legal action in words, grouped by the zone it starts from and the piece it moves."""
        from ..games.sfacteria.stratagems import default_stratagems

        kind = action.kind
        place, piece, to, help_text = OTHER, "", "", ""
        zone = self.place_words
        if kind in ("move", "sail", "transport", "retreat"):
            place, piece, to = action.origin, action.piece, action.dest
            verb = {"move": "march", "sail": "sail", "retreat": "retreat", "transport": "go by sea"}[kind]
            label = f"{verb} to {zone(action.dest)}"
            if kind == "transport":
                label += f" (ships through {', '.join(action.via)})"
            sentence = f"{self.piece_words(piece)}: {label}, from {zone(action.origin)}"
        elif kind == "activate":
            place = action.zone
            label = f"Activate {zone(action.zone)}, so that its pieces may move"
            sentence = label
            help_text = ("Activating a zone costs ½ PA with a starred leader in it (or a base), 1 PA with another "
                         "leader, 2 PA without one (Sfacteria 3.D).")
        elif kind == "attack":
            place = action.zone
            label = sentence = f"Fight the battle in {zone(action.zone)}"
        elif kind == "reduce_unit":
            place, piece = action.zone, action.unit
            label = "flip to its reduced face (optional rule 11.1)"
            sentence = f"{self.piece_words(piece)}: {label}"
        elif kind == "helot_run":
            place, piece = action.zone, action.unit
            label = "try a supply run to the island (an even die gets through)"
            sentence = f"{self.piece_words(piece)}: {label}"
        elif kind == "recover_unit":
            piece = action.unit
            place = self._zone_of(piece, obs)
            label = "back to full strength"
            sentence = f"{self.piece_words(piece)}: {label}"
        elif kind == "play_stratagem":
            try:
                face = default_stratagems().face(action.face)
            except KeyError:
                label = sentence = f"Play stratagem {action.face}"
            else:
                label = sentence = f"Play stratagem {face.number}: {face.title}"
                help_text = f"Stratagem {face.number}, {face.title}: {face.text}"
        elif kind == "keep_stratagem":
            if not action.chit:
                label = sentence = "Keep no stratagem chit"
            else:
                faces = self._chit_faces(action.chit, obs)
                titles = " / ".join(f"{f['number']} {f['title']}" for f in faces)
                label = sentence = f"Keep chit {action.chit}" + (f" ({titles})" if titles else "")
                help_text = " ".join(f"Stratagem {f['number']}, {f['title']}: {f['text']}" for f in faces)
        elif kind == "use_advantage" and getattr(action, "target", ""):
            piece = action.target
            label = sentence = self.words(str(action))
        else:
            label = sentence = self.words(str(action))
        return Choice(action, sentence_case(label), sentence_case(sentence), place, piece,
                      self.piece_words(piece) if piece else "", to, self.words(help_text))

    @staticmethod
    def _zone_of(piece: str, obs: dict | None) -> str:
        for p in [*(obs or {}).get("units", ()), *(obs or {}).get("leaders", ())]:
            if p["id"] == piece:
                return p["zone"]
        return OTHER

    @staticmethod
    def _chit_faces(chit: int, obs: dict | None) -> list[dict]:
        for held in ((obs or {}).get("stratagems") or {}).get("hand") or ():
            if held["chit"] == chit:
                return held["faces"]
        return []

    def control(self, obs: dict) -> dict[str, str]:
        """Who holds each zone: the one side with pieces there (contested zones and bases: nobody)."""
        sides: dict[str, set] = {}
        for p in [*obs["units"], *obs["leaders"]]:
            sides.setdefault(p["zone"], set()).add(p["side"])
        return {z: next(iter(s)) for z, s in sides.items() if len(s) == 1 and z in self.zone_ids}

    def key_items(self) -> list[tuple[str, str]]:
        """The counters' shapes, for the key under the map."""
        items = [(swatch_marker(symbol, "#BBBBBB"), words) for symbol, words in (
            ("triangle-up", "ships (triremes)"), ("circle", "peltasts"), ("hexagon", "archers"),
            ("star", "a leader"))]
        items.append((swatch_marker("square", "#BBBBBB") + swatch_marker("diamond", "#BBBBBB"), "hoplites"))
        items.append((swatch_marker("square-open", "#555555"), "reduced (hollow)"))
        items.append(("<b>A9</b>", "a side's letter and strength (PF); a stack shows its total — click it to open"))
        return items

    # -- what changes ---------------------------------------------------------------------------------
    def tokens(self, obs: dict) -> list[Token]:
        """A counter for every piece (rule 2): the shape of its type, the side's letter and its strength; the
        pieces of a side in one zone stack, and a click opens the stack. Track markers as before."""
        tokens = []
        order = {t: i for i, t in enumerate("THPA")}
        units = sorted(obs["units"], key=lambda u: (order[u["type"]], -u["pf"]))
        for u in units:
            style = side_style(u["side"])
            state = "reduced" if u["reduced"] else "full strength"
            extra = "; the rules make them an H counter" if u["ally"] and u["side"] == "Sparta" else ""
            hover = (f"<b>{self.piece_words(u['id'])}</b> ({u['side']})<br>counter {u['label']}: {unit_words(u)}, "
                     f"{u['pf']} PF, {state}" + (", bonus unit" if u["bonus"] else "") + extra
                     + f"<br>in {self.place_words(u['zone'])}")
            tokens.append(Token(u["id"], u["zone"], u["side"], f"{style.letter}{u['pf']}", hover,
                                symbol=TYPE_SYMBOL[u["type"]] or "", size=22, reduced=u["reduced"], piece=u["id"],
                                stack=True, strength=u["pf"]))
        for ldr in obs["leaders"]:
            style = side_style(ldr["side"])
            hover = (f"<b>{ldr['name']}</b> ({ldr['side']}), leader" + (" with a star" if ldr["bonus"] else "")
                     + (" (Strategòs)" if ldr["strategos"] else "") + f"<br>in {self.place_words(ldr['zone'])}")
            tokens.append(Token(ldr["id"], ldr["zone"], ldr["side"], style.letter, hover, symbol="star", size=26,
                                piece=ldr["id"], stack=True))
        tokens.append(Token("turn-marker", f"turn:{obs['turn']}", None, "T", "Game turn", symbol="square",
                            colour="#FFFFFF", size=18))
        holder = obs["advantage"]["holder"]
        if holder:
            tokens.append(Token("advantage-marker", "advantage", holder, side_style(holder).letter,
                                f"{holder} holds the advantage"
                                + ("" if obs["advantage"]["usable"] else " (usable from the next phase)"),
                                size=20))
        for side, track in (("Athens", "supply_A"), ("Sparta", "supply_S")):
            s = obs["supply"][side]
            tokens.append(Token(f"supply-{side}", f"{track}:{s['level']}", side, side_style(side).letter,
                                f"{side} supply {s['level']} of 3" + (" (suspended)" if s["suspended"] else ""),
                                size=20, reduced=s["suspended"]))
        for side in SIDES:
            pa = obs["pa"][side]
            left = pa["available"] + pa.get("announced_left", 0)
            box = f"{PA_MAX}+" if left >= PA_MAX else str(int(left))
            tokens.append(Token(f"pa-{side}", f"pa:{box}", side, side_style(side).letter,
                                f"{side}: {left:g} PA left", size=20))
        return tokens

    def title(self, obs: dict) -> str:
        phase = obs["phase"]
        over = obs.get("result")
        if over:
            return f"Sfacteria — game over: {over['winner'] or 'draw'} ({over['level']})"
        return f"Sfacteria — turn {obs['turn']} of {obs['turns']}, phase {phase['code']}: {phase['name']}"

    def status(self, obs: dict) -> list[tuple[str, str]]:
        rows = [("Turn", f"{obs['turn']} of {obs['turns']}"),
                ("Phase", f"{obs['phase']['code']} {obs['phase']['name']}"),
                ("To act", str(obs["to_act"] or "—")), ("Initiative", str(obs["initiative"] or "—"))]
        for side in ("Athens", "Sparta"):
            pa = obs["pa"][side]
            rows.append((f"{side} PA", f"{pa['available']:g} left" + (f", {pa['announced_left']:g} announced"
                                                                         if pa.get("announced_left") else "")))
        rows.append(("Supply", f"Pylos {obs['supply']['Athens']['level']}/3 · Sphacteria "
                               f"{obs['supply']['Sparta']['level']}/3"))
        rows.append(("Advantage", str(obs["advantage"]["holder"] or "—")))
        hand = obs["stratagems"].get("hand")
        if hand:
            titles = [" / ".join(f"{f['number']} {f['title']}" for f in chit["faces"]) for chit in hand]
            rows.append(("Your stratagems", "; ".join(titles)))
        counts = obs["stratagems"]["counts"]
        rows.append(("Stratagems held", f"Athens {counts['Athens']}, Sparta {counts['Sparta']}"))
        vp = obs.get("victory_points")
        if vp:
            rows.append(("Victory points now", f"Athens {vp['Athens']}, Sparta {vp['Sparta']}"))
        return rows

    def describe(self, obs: dict) -> str:
        """The board in sentences: every occupied zone, supply, advantage, whose turn."""
        pieces = {u["id"]: u for u in obs["units"]}
        leaders = {ldr["id"]: ldr for ldr in obs["leaders"]}
        parts = [self.title(obs) + "."]
        if obs.get("prompt"):
            parts.append(self.words(obs["prompt"]))
        where = {}
        for p in [*obs["units"], *obs["leaders"]]:
            where.setdefault(p["zone"], []).append(p["id"])
        zone_order = [z["id"] for z in self.board["zones"]] + [b["id"] for b in self.board["bases"]]
        for zid in zone_order:
            ids = where.get(zid)
            if not ids:
                continue
            by_side: dict[str, list[str]] = {}
            for pid in ids:
                if pid in pieces:
                    u = pieces[pid]
                    text = f"{unit_words(u, short=True)} {u['pf']} PF" + (" reduced" if u["reduced"] else "")
                    by_side.setdefault(u["side"], []).append(text)
                else:
                    ldr = leaders[pid]
                    by_side.setdefault(ldr["side"], []).append(f"leader {ldr['name']}")
            text = "; ".join(f"{side}: {', '.join(items)}" for side, items in by_side.items())
            parts.append(f"{self.place_words(zid)}: {text}.")
        a, s = obs["supply"]["Athens"], obs["supply"]["Sparta"]
        parts.append(f"Supply: Athens {a['level']} of 3 at Pylos{' (suspended)' if a['suspended'] else ''}; "
                     f"Sparta {s['level']} of 3 on Sphacteria{' (suspended)' if s['suspended'] else ''}.")
        parts.append(f"Advantage: {obs['advantage']['holder'] or 'nobody'}.")
        return " ".join(parts)
