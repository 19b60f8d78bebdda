"""Struggles (Diceless 4): the chits are turned over and settled area by area.

How it works (each point is a decision recorded in CLARIFICATIONS.md under Diceless 4):

* Areas are settled in the order in which they first received a chit this turn.
* Voids (and blanks) are turned over and set aside: they do nothing.
* A Star is like two chits of the kind it was played as, one after the other.
* A special chit fights for the side printed on it, whoever played it: it beats any ordinary chit;
  two special chits for different sides knock each other out.
* Each side's chits in the area wait in a line, in the order they were put down. The first chits of
  the two lines meet (the grid: Military beats Coup!, Coup! beats Influence, Influence beats
  Military); the loser leaves, a draw removes both, the winner stays and meets the next chit of the
  other line. When one line is empty, every chit left in the other line acts once.
* Acting is a *step*: take away one enemy counter (the last one leaves the area neutral); with no
  enemy counter, add a counter of your own, up to two (Diceless 5). Special chits act as
  ``data/chits.toml`` says (``SpecialChit``).

``resolve_struggles`` changes the counters of the state in place and returns the step records the
panel shows one by one, or nothing when asked not to record (searching bots).
"""

from __future__ import annotations

from .board import Board
from .chits import DRAW, LOSE, SPECIAL, STAR, VOID, WIN, ChitSet
from .state import SIDES, DicelessState

POSSESSIVE = {"Sparta": "Sparta's", "Athens": "Athens'"}
ADJECTIVE = {"Sparta": "Spartan", "Athens": "Athenian"}
A_ADJECTIVE = {"Sparta": "a Spartan", "Athens": "an Athenian"}
REMOVED, ADDED, FULL, SWEPT = "removed", "added", "full", "swept"


def step(state: DicelessState, area: int, side: int, max_counters: int = 2) -> str:
    """One step for ``side`` in ``area``: take one enemy counter away, else add one of its own."""
    c = state.counters[area]
    own = c if side == 0 else -c
    sign = 1 if side == 0 else -1
    if own < 0:
        c += sign
        state.counters[area] = c
        if c == 0:
            state.owned[1 - side] &= ~(1 << area)
        return REMOVED
    if own < max_counters:
        state.counters[area] = c + sign
        state.owned[side] |= 1 << area
        return ADDED
    return FULL


def sweep(state: DicelessState, area: int, side: int) -> int:
    """Take every counter of the side that is not ``side`` out of ``area``; how many were taken."""
    c = state.counters[area]
    enemy = -c if side == 0 else c
    if enemy <= 0:
        return 0
    state.counters[area] = 0
    state.owned[1 - side] &= ~(1 << area)
    return enemy


def _counters(c: int) -> dict[str, int]:
    return {"Sparta": c if c > 0 else 0, "Athens": -c if c < 0 else 0}


def resolve_struggles(state: DicelessState, board: Board, chits: ChitSet, *, record: bool = True,
                      max_counters: int = 2) -> list[tuple] | None:
    """Settle every struggle of the chits in ``state.placed`` (Diceless 4).

    Returns compact step records (tuples; ``describe`` turns them into the panel's dicts), or ``None``
    when ``record`` is false. A token is ``(favour, kind, chit, placed_by, half)``.
    """
    records: list[tuple] | None = [] if record else None
    groups: dict[int, list[tuple]] = {}  # in the order the areas first got a chit
    for chit in state.placed:
        group = groups.get(chit[2])
        if group is None:
            groups[chit[2]] = [chit]
        else:
            group.append(chit)
    specials = chits.specials
    grid = chits.grid
    counters = state.counters
    for area, group in groups.items():
        sparta: list[tuple] = []
        athens: list[tuple] = []
        for side, code, _area, as_type in group:
            if code == VOID or as_type == VOID:
                if records is not None:
                    records.append(("void", area, (side, VOID, code, side, 0), counters[area]))
            elif code == STAR:
                line = sparta if side == 0 else athens
                line.append((side, as_type, code, side, 1))
                line.append((side, as_type, code, side, 2))
            elif code in specials:
                favour = 0 if specials[code].favours == "Sparta" else 1
                (sparta if favour == 0 else athens).append((favour, SPECIAL, code, side, 0))
            else:
                (sparta if side == 0 else athens).append((side, code, code, side, 0))
        i = j = 0
        if sparta and athens:
            while i < len(sparta) and j < len(athens):
                a, b = sparta[i], athens[j]
                ka, kb = a[1], b[1]
                if ka == SPECIAL:
                    outcome = DRAW if kb == SPECIAL else WIN
                elif kb == SPECIAL:
                    outcome = LOSE
                else:
                    outcome = grid[ka, kb]
                if records is not None:
                    records.append(("clash", area, a, b, outcome, counters[area]))
                if outcome == WIN:
                    j += 1
                elif outcome == LOSE:
                    i += 1
                else:
                    i += 1
                    j += 1
            survivors = sparta[i:] if i < len(sparta) else athens[j:]
        else:
            survivors = sparta or athens
        for token in survivors:
            if token[1] == SPECIAL:
                _act(state, board, chits, area, token, records, max_counters)
            else:
                effect = step(state, area, token[0], max_counters)
                if records is not None:
                    records.append(("step", area, token, effect, counters[area], 0, False))
    return records


def _act(state: DicelessState, board: Board, chits: ChitSet, area: int, token: tuple, records: list | None,
         max_counters: int) -> None:
    """A special chit that won its struggle acts (CLARIFICATIONS 2-e; ``SpecialChit`` says how)."""
    favour, _kind, code, _placed_by, _half = token
    special = chits.specials[code]
    c = state.counters[area]
    enemy_holds = (c < 0) if favour == 0 else (c > 0)
    if special.sweep and enemy_holds:
        taken = sweep(state, area, favour)
        if records is not None:
            records.append(("step", area, token, SWEPT, state.counters[area], taken, False))
    else:
        steps = special.steps
        if special.bonus and (
                (special.bonus_when == "home" and board.near1[board.capital[SIDES[favour]]] >> area & 1)
                or (special.bonus_when == "enemy_area" and enemy_holds)):
            steps += special.bonus
        for _ in range(steps):
            effect = step(state, area, favour, max_counters)
            if records is not None:
                records.append(("step", area, token, effect, state.counters[area], 0, False))
    if special.delphi:
        delphi = board.delphi
        effect = step(state, delphi, favour, max_counters)
        if records is not None:
            records.append(("step", delphi, token, effect, state.counters[delphi], 0, True))


# -- words and dicts for the panel and the log ------------------------------------------------------------
_EFFECT_WORDS = {
    REMOVED: "takes away one {enemy} counter",
    ADDED: "adds {a_own} counter",
    FULL: "can add nothing: {side} already has two counters there",
}


def _token_dict(token: tuple, chits: ChitSet) -> dict:
    favour, kind, code, placed_by, half = token
    d = {"side": SIDES[placed_by], "chit": code, "name": chits.name(code),
         "as": kind if code == STAR else (VOID if kind == VOID and code != VOID else None),
         "favours": SIDES[favour]}
    if half:
        d["half"] = half
    return d


def _token_words(token: tuple, chits: ChitSet) -> str:
    favour, kind, code, placed_by, half = token
    whose = POSSESSIVE[SIDES[placed_by]]
    if code == STAR:
        return f"{whose} Star (as {chits.name(kind)}{', second half' if half == 2 else ''})"
    if kind == SPECIAL and placed_by != favour:
        return f"{chits.name(code)} (played by {SIDES[placed_by]}, for {SIDES[favour]})"
    return f"{whose} {chits.name(code)}"


def describe(record: tuple, board: Board, chits: ChitSet) -> dict:
    """One step record as the panel shows it: area, chits, outcome, counters after, a sentence."""
    kind, area = record[0], record[1]
    a = board.areas[area]
    if kind == "void":
        token, c = record[2], record[3]
        side, code = SIDES[token[3]], token[2]
        blank = code != VOID
        text = (f"{a.name}: {POSSESSIVE[side]} " + (f"{chits.name(code)} was played as a blank" if blank else "Void")
                + " — nothing happens.")
        return {"area": a.id, "kind": "void", "rule": "Diceless 4", "chits": [_token_dict(token, chits)],
                "side": side, "counters": _counters(c), "text": text}
    if kind == "clash":
        _, _, ta, tb, outcome, c = record
        wa, wb = _token_words(ta, chits), _token_words(tb, chits)
        if outcome == WIN:
            text, winner = f"{a.name}: {wa} beats {wb}.", "Sparta"
        elif outcome == LOSE:
            text, winner = f"{a.name}: {wb} beats {wa}.", "Athens"
        else:
            text, winner = f"{a.name}: {wa} and {wb} are equal — both go back.", None
        return {"area": a.id, "kind": "clash", "rule": "Diceless 4", "chits": [_token_dict(ta, chits),
                _token_dict(tb, chits)], "winner": winner, "outcome": DRAW if winner is None else WIN,
                "counters": _counters(c), "text": text}
    _, _, token, effect, c, taken, at_delphi = record
    own, enemy = SIDES[token[0]], SIDES[1 - token[0]]
    if effect == SWEPT:
        what = f"throws out {'both' if taken == 2 else 'the'} {ADJECTIVE[enemy]} counter{'s' if taken != 1 else ''}"
    else:
        what = _EFFECT_WORDS[effect].format(a_own=A_ADJECTIVE[own], enemy=ADJECTIVE[enemy], side=own)
    if c == 0:
        now = f" {a.name} is neutral now."
    elif effect == ADDED and abs(c) == 1:
        now = f" {a.name} is on {POSSESSIVE[own]} side now."
    else:
        now = ""
    if at_delphi:
        text = f"Delphi: the {chits.name(token[2])} also {what}.{now}"
    else:
        text = f"{a.name}: {_token_words(token, chits)} {what}.{now}"
    return {"area": a.id, "kind": "step", "rule": "Diceless 4", "side": own, "chits": [_token_dict(token, chits)],
            "effect": effect, "counters": _counters(c), "text": text, **({"delphi": True} if at_delphi else {})}
