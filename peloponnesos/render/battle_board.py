"""The tactical battle board of The Siege of Syracuse (rules 6.5, 7.3, 8.3): the pitched battle square by square —
rows 1 (the attacker's edge) to 11 (the defender's), each unit with the way it faces, its steps and status, the
leaders with their units; the fire, assaults and rams that may be made now drawn as arrows with their chance of
hurting the target written beside them (exact odds, ``battle/forecast.py``); every decision in words.

A board of its own (:class:`~.grid.GridFigure`), shown by the panel in place of the area map while a battle is
fought (``active``). The board's 8 columns are *reconstructed* (the rule text gives only its 11 rows).
"""

from __future__ import annotations

from fractions import Fraction

from .choices import OTHER, Choice, sentence_case
from .grid import TOP, GridFigure
from .key import swatch_marker
from .mapfig import LineStyle, Overlay, Token
from .odds import table_html
from .palette import BLACK, GREY, ORANGE, PURPLE, VERMILION, side_style
from .syracuse import SHIP_SYMBOL, TYPE_LETTER, TYPE_SYMBOL

FACING_DEGREES = {"N": 0, "E": 90, "S": 180, "W": 270}
FACING_WORDS = {"N": "north (towards row 11)", "E": "east (towards column H)", "S": "south (towards row 1)",
                "W": "west (towards column A)"}
STEP = {"N": (1, 0), "E": (0, 1), "S": (-1, 0), "W": (0, -1)}  # (rows, columns) one square that way
PHASE_WORDS = {"deploy": "sets up", "move": "moves", "fire": "fires", "cavalry": "may ride back (cavalry)",
               "assault": "assaults", "rally": "rallies", "end": "ends the round"}
STYLES = {"fire": "fire (who may shoot at whom)", "assault": "assault (who may attack)",
          "ram": "ramming or boarding"}
STATUS_BADGE = {"disrupted": "D", "routed": "R"}
COLUMNS = "ABCDEFGHIJKLMNOPQRST"


OUTCOME_WORDS = {"miss": "no effect", "disrupted": "Disrupted", "routed": "Routed", "eliminated": "eliminated",
                 "step": "loses a step", "sunk": "sunk", "attacks": "boards", "cannot": "cannot board",
                 "lost": "lost overboard", "-": "no effect"}


def outcome_words(outcome: str) -> str:
    return OUTCOME_WORDS.get(outcome, outcome)


def chances(outcomes: list) -> str:
    """Exact odds in words: "no effect 5 in 6, Disrupted 1 in 6"."""
    parts = []
    for outcome, fraction, _ in outcomes:
        n, d = fraction.split("/")
        parts.append(f"{outcome_words(outcome)} {n} in {d}")
    return ", ".join(parts)


def _default_size() -> tuple[int, int]:
    from ..games.syracuse.tables import load_tables

    t = load_tables(None)
    return t.board_rows, t.board_columns


class BattleBoardRenderer:
    """The battle board: its grid, counters, attack lines, words and decisions. ``parent`` is the campaign's
    renderer (names of units and areas)."""

    name = "Battle board"
    KINDS = frozenset({"deploy", "deploy_rest", "advance", "turn", "halt", "end_phase", "fire", "assault",
                       "naval_assault", "ram", "retreat_cavalry"})

    def __init__(self, parent) -> None:
        self.parent = parent
        self.rows, self.columns = _default_size()

    def active(self, obs: dict) -> bool:
        """Is there a pitched battle to show?"""
        return obs.get("battle") is not None

    def annotate(self, obs: dict, game) -> dict:
        """The odds of the attacks that may be made now (public: the board is open to both sides)."""
        if obs.get("battle") is not None and game is not None:
            from ..games.syracuse.battle.forecast import next_attacks

            obs["battle"] = {**obs["battle"], "attacks": next_attacks(game)}
        return obs

    # -- the board ----------------------------------------------------------------------------------------------
    def line_styles(self) -> list[LineStyle]:
        return [LineStyle(STYLES["fire"], ORANGE, 3, "dash", arrow=True),
                LineStyle(STYLES["assault"], PURPLE, 5, "solid", arrow=True),
                LineStyle(STYLES["ram"], GREY, 4, "dashdot", arrow=True)]

    def map_figure(self, height: int = 640) -> GridFigure:
        return GridFigure(self.rows, self.columns, title="The battle board", height=height,
                          hover=lambda sq: f"square {sq} of the battle board (rule 7.3)",
                          edges=("row 1: the attacker's edge", "row 11: the defender's edge"),
                          line_styles=self.line_styles(), sides=("Athens", "Syracuse"),
                          caption="The battle board: 11 rows (rule 7.3); its 8 columns are <i>reconstructed</i>.")

    def tokens(self, obs: dict) -> list[Token]:
        b = obs.get("battle")
        if not b:
            return []
        out = []
        words = self.parent.piece_words
        for u in b["units"]:
            code = self.parent.unit_types.get(u["id"], "")
            side = u["side"]
            symbol = SHIP_SYMBOL.get(side, "triangle-up") if code == "N" else (TYPE_SYMBOL.get(code) or "")
            text = f"{TYPE_LETTER.get(code, code)}{u['steps']}"
            leaders = [j for j, host in b["leaders"].items() if host == u["id"]]
            hover = (f"<b>{words(u['id'])}</b> ({side}) in {u['square']}, facing {FACING_WORDS[u['facing']]}<br>"
                     f"{u['steps']} steps, {u['status']}"
                     + (f"<br>with {', '.join(leaders)}" if leaders else "")
                     + (f"<br>aboard: {', '.join(words(c) for c in u['aboard'])}" if u["aboard"] else ""))
            out.append(Token(u["id"], u["square"], side, text, hover, symbol=symbol, size=30, piece=u["id"],
                             badge=STATUS_BADGE.get(u["status"], ""), facing=FACING_DEGREES[u["facing"]]))
        where = {u["id"]: u for u in b["units"]}
        for leader, host in b["leaders"].items():
            if host in where:
                side = where[host]["side"]
                out.append(Token(f"leader-{leader}", where[host]["square"] + TOP, side, leader[0],
                                 f"<b>{leader}</b>, leader ({side}), with {words(host)} (rule 10.4)", symbol="star",
                                 size=15, colour=side_style(side).colour))
        return out

    def lines(self, obs: dict) -> list[Overlay]:
        """The attacks that may be made now, each an arrow with its chance of hurting the target beside it."""
        b = obs.get("battle") or {}
        out = []
        squares = {u["id"]: u["square"] for u in b.get("units", ())}
        for att in b.get("attacks", ()):
            target = self._centre(att["square"])
            label = f"{round(att['hit'] * 100)}%"
            hover = f"{self.parent.words(att['action'])}: {chances(att['outcomes'])}"
            if att["kind"] == "assault":
                for u in att.get("attackers", ()):
                    if u in squares:
                        out.append(Overlay(STYLES["assault"], (self._centre(squares[u]), target),
                                           hover + f" (column {att.get('column', '?')})", label))
                        label = ""  # written once per assault
            elif att["origin"]:
                style = STYLES["fire"] if att["kind"] == "fire" else STYLES["ram"]
                out.append(Overlay(style, (self._centre(att["origin"]), target), hover, label))
        return out

    def _centre(self, square: str) -> tuple[float, float]:
        column = COLUMNS.index(square[0])
        row = int(square[1:]) - 1
        return column + 0.5, row + 0.5

    def control(self, obs: dict) -> dict[str, str]:
        return {}

    def title(self, obs: dict) -> str:
        b = obs.get("battle")
        if not b:
            return "The battle board — no pitched battle now"
        who = f"{b['side']} {PHASE_WORDS.get(b['phase'], b['phase'])}" if b["side"] else PHASE_WORDS.get(b["phase"], "")
        return f"{self.parent.place_words(b['area'])}, round {b['round']} of {b['rounds']}: {who}"

    def describe(self, obs: dict) -> str:
        """The battle in sentences: where, which round and phase, every unit's square, facing, steps, status."""
        b = obs.get("battle")
        if not b:
            return ""
        words = self.parent.piece_words
        when = "by night" if b["night"] else "by day"
        where = "at sea" if b["naval"] else "on land"
        parts = [f"A pitched battle {where}, {when}: {self.title(obs)}."]
        for side in ("Athens", "Syracuse"):
            units = [u for u in b["units"] if u["side"] == side]
            items = [f"{words(u['id'])} in {u['square']} facing {u['facing']}, {u['steps']} steps"
                     + (f", {u['status']}" if u["status"] != "normal" else "") for u in units]
            parts.append(f"{side} ({'attacker' if side == b['attacker'] else 'defender'}): "
                         + ("; ".join(items) if items else "nobody left on the board") + ".")
        lost = b["steps_lost"]
        parts.append(f"Steps lost so far: Athens {lost['Athens']}, Syracuse {lost['Syracuse']}.")
        for att in b.get("attacks", ()):
            parts.append(f"Possible: {self.parent.words(att['action'])} ({chances(att['outcomes'])}).")
        return " ".join(parts)

    def place_words(self, square: str) -> str:
        if square.endswith(TOP):
            square = square[:-1]
        return f"square {square}"

    def ahead(self, square: str, facing: str) -> str:
        """The square next to ``square`` the way ``facing`` points ("" off the board)."""
        dr, dc = STEP[facing]
        column = COLUMNS.index(square[0]) + dc
        row = int(square[1:]) + dr
        if 0 <= column < self.columns and 1 <= row <= self.rows:
            return f"{COLUMNS[column]}{row}"
        return ""

    # -- the decisions ------------------------------------------------------------------------------------------
    def choice(self, action, obs: dict) -> Choice:
        b = obs.get("battle") or {}
        units = {u["id"]: u for u in b.get("units", ())}
        attacks = {a["action"]: a for a in b.get("attacks", ())}
        name = self.parent.piece_words
        kind = action.kind
        place, piece, to, help_text = OTHER, "", "", ""
        if kind == "deploy":
            piece, place = action.piece, action.square
            leader = action.piece in self.parent.leaders
            label = f"put {action.piece} with the unit here" if leader else f"set up here, in {action.square}"
        elif kind == "deploy_rest":
            label = "Set up the rest from left to right (rule 8.1)"
        elif kind in ("advance", "turn", "halt"):
            piece = action.unit
            u = units.get(piece)
            place = u["square"] if u else OTHER
            with_stack = " with its leader's stack" if getattr(action, "stack", False) else ""
            if kind == "advance":
                to = self.ahead(u["square"], u["facing"]) if u else ""
                label = f"advance to {to or 'the next square'}{with_stack} (1 MP)"
            elif kind == "turn":
                label = f"turn to face {FACING_WORDS[action.facing]}{with_stack} (1 MP)"
            else:
                label = "stop moving"
        elif kind == "end_phase":
            label = {"move": "End the movement", "fire": "Fire no more", "assault": "Assault no more",
                     "cavalry": "No cavalry rides back"}.get(b.get("phase", ""), "End the phase")
        elif kind in ("fire", "naval_assault", "ram", "retreat_cavalry"):
            piece = action.ship if kind == "ram" else action.unit
            att = attacks.get(str(action))
            if kind == "ram":
                target = units.get(action.target)
                to = target["square"] if target else ""
                place = units[piece]["square"] if piece in units else OTHER
                label = f"ram {name(action.target)} in {to}"
            else:
                to = action.square
                host = units.get(piece)
                if host is None:  # the men aboard a ship act from its square
                    host = next((u for u in units.values() if piece in u["aboard"]), None)
                place = host["square"] if host else OTHER
                label = {"fire": f"fire at {to}", "naval_assault": f"board the enemy ship in {to}",
                         "retreat_cavalry": f"try to ride back to {to} (rule 10.7)"}[kind]
            if att:
                label += f" — {round(att['hit'] * 100)}% to hurt it"
                help_text = f"Exact odds (rule {action.rule}): {chances(att['outcomes'])}."
        elif kind == "assault":
            place = action.square
            att = attacks.get(str(action))
            label = f"Assault {action.square}"
            if att:
                who = ", ".join(name(u) for u in att.get("attackers", ()))
                label += (f" with {who}: {att.get('attack')} against {att.get('defence')}, column "
                          f"{att.get('column')} — {round(att['hit'] * 100)}% to hurt the defenders")
                help_text = f"Exact odds (rule 8.3.2, results of the assault table): {chances(att['outcomes'])}."
        else:
            label = self.parent.words(str(action))
        label = self.parent.words(label)
        sentence = f"{name(piece)}: {label}" if piece else label
        return Choice(action, sentence_case(label), sentence_case(sentence), place, piece,
                      name(piece) if piece else "", to, help_text)

    def key_items(self) -> list[tuple[str, str]]:
        return [(swatch_marker("triangle-up", GREY), "the way a unit faces (the arrow beside it)"),
                (swatch_marker("star", BLACK), "a leader, with the unit in his square"),
                ("<b>67%</b>", "the chance that an attack hurts its target (exact odds)")]


OUTCOME_COLOURS = {"miss": "", "-": "", "disrupted": ORANGE, "routed": VERMILION, "eliminated": BLACK,
                   "step": VERMILION, "sunk": BLACK}


def odds_rows(attack: dict) -> list[tuple[str, Fraction, str]]:
    """One attack's outcomes as rows of (words, exact chance, colour) for a bar chart (``render/odds.py``)."""
    return [(outcome_words(o), Fraction(fraction), OUTCOME_COLOURS.get(o, "")) for o, fraction, _ in attack["outcomes"]]


def odds_table(obs: dict, words=str) -> str:
    """The attacks possible now and their exact odds, as an HTML table (for the panel and screen readers)."""
    attacks = (obs.get("battle") or {}).get("attacks") or ()
    if not attacks:
        return ""
    rows = [[words(a["action"]), f"{round(a['hit'] * 100)}%", chances(a["outcomes"])] for a in attacks]
    return table_html(["Attack", "Hurts", "All outcomes"], rows, "Attacks possible now (exact odds)")
