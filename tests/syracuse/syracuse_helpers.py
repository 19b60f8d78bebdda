"""Helpers for the Siege of Syracuse tests: build a position on an empty map, then play from it."""

from __future__ import annotations

import pytest

from peloponnesos.core import IllegalAction
from peloponnesos.games.syracuse import SyracuseGame


def position(pieces: dict[str, list[str]], *, seed: int = 1, walls: dict | None = None, ml=(7, 6), il=(5, 5),
             turn: int = 3, **options) -> SyracuseGame:
    """An empty map with ``pieces`` placed: ``{"L-10": ["A-H1", "-A-H2", "~A-LI1", "Nicias"]}``. A leading ``-``
    puts a unit on its reduced face (for a hoplite: 3 steps), ``~`` in Disrupted, ``!`` in Routed; ``A-N1>A-H1``
    puts A-H1 aboard A-N1 (list the ship first). A Sicel is given as ``SIC3@Athens``."""
    game = SyracuseGame(seed=seed, **options)
    game.clear_board()
    st = game.state
    st.turn = turn
    st.ml = list(ml)
    st.il = list(il)
    for area, names in pieces.items():
        for raw in names:
            status = 0
            reduced = False
            while raw[0] in "-~!":
                reduced |= raw[0] == "-"
                status = {"~": 1, "!": 2}.get(raw[0], status)
                raw = raw[1:]
            ship = None
            if ">" in raw:
                ship, raw = raw.split(">")
            side = None
            if "@" in raw:
                raw, side = raw.split("@")
            kind, i = game.counters.piece(raw)
            steps = None
            if kind == "unit" and reduced:
                steps = game.types[game.counters.units[i].type].flip_at
            game.place(raw, area, steps=steps, status=status, side=side, aboard=ship)
    for area, (a, s) in (walls or {}).items():
        game.set_walls(area, a, s)
    return game


def where(game: SyracuseGame, piece: str) -> str:
    kind, i = game.counters.piece(piece)
    a = game.state.loc[i] if kind == "unit" else game.state.lloc[i]
    return game.aid(a) if a >= 0 else {-1: "OFF", -2: "POOL", -3: "ELIM"}[a]


def status(game: SyracuseGame, unit: str) -> str:
    return ("normal", "disrupted", "routed")[game.state.status[game.unit_named(unit)]]


def steps(game: SyracuseGame, unit: str) -> int:
    return game.state.steps[game.unit_named(unit)]


def illegal(game: SyracuseGame, action, rule: str) -> IllegalAction:
    """Assert ``action`` is refused citing ``rule`` and that nothing changed."""
    before = game.digest()
    history = len(game.history)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.rule == f"Syracuse {rule}", info.value
    assert game.digest() == before
    assert len(game.history) == history
    return info.value


def do(game: SyracuseGame, *actions: str) -> None:
    """Apply actions by their text: ``do(g, "activate L-10", "move A-H1 to L-1", "end movement")``. An "end
    movement" the engine already took by itself (nothing else could move) is skipped."""
    for a in actions:
        if a == "end movement" and game.state.step != "move":
            continue
        game.apply(a)


def texts(game: SyracuseGame) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def log_kinds(game: SyracuseGame, kind: str) -> list:
    return [e for e in game.log if e.kind == kind]


def battle(line_up: dict, *, seed: int = 1, area: str = "L-1", night: bool = False, ml=(7, 7), deploy: bool = True):
    """A pitched battle about to be set up in ``area`` (Athens attacking): see ``battle.odds.battle_position``.
    With ``deploy`` both sides set up from left to right at once."""
    from peloponnesos.games.syracuse.battle.odds import battle_position

    marks = {}
    plain = {}
    for side, names in line_up.items():
        plain[side] = []
        for raw in names:
            head = raw.split(">")[-1]
            flags = head[: len(head) - len(head.lstrip("-~"))]
            name = raw.replace(flags, "", 1) if flags else raw
            plain[side].append(name)
            if flags:
                marks[name.split(">")[-1]] = flags
    g = battle_position(plain, seed=seed, area=area, night=night, ml=ml, wants_log=True)
    for name, flags in marks.items():
        u = g.unit_named(name)
        if "-" in flags:
            g.state.steps[u] = g.types[g.state.utype[u]].flip_at
        if "~" in flags:
            g.state.status[u] = 1
    if deploy:
        while g.state.battle is not None and g.state.battle["phase"] == "deploy":
            acts = g.legal_actions()
            g.apply(next((a for a in acts if a.kind == "deploy_rest"), acts[0]))
    return g


def arrange(g, placements: dict, phase: str = "move", side: str = "Athens") -> None:
    """Put units on the board where a test wants them, ``{"A-H1": "D5N"}`` (square then facing), and start
    ``phase`` for ``side`` (round 1)."""
    from peloponnesos.games.syracuse.battle import sequence
    from peloponnesos.games.syracuse.battle.board import FACINGS, grid, place

    b = g.state.battle
    gr = grid(g)
    for name, spot in placements.items():
        u = g.unit_named(name)
        place(b, u, gr.index[spot[:-1]])
        b["face"][u] = FACINGS.index(spot[-1])
    s = g.players.index(side)
    plan = sequence.phases(b["attacker"])
    b["i"] = plan.index((phase, s)) - 1
    sequence._next_phase(g, b)
    b["round"] = max(1, b["round"])
    g.ask("battle", s, phase=phase, round=b["round"])
    g._legal = None


def square(g, unit: str) -> str:
    from peloponnesos.games.syracuse.battle.board import grid

    b = g.state.battle
    u = g.unit_named(unit)
    return grid(g).names[b["pos"][u]] if u in b["pos"] else "off"
