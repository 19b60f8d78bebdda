"""Prepared positions for a single lesson (option ``scenario``): a moment of the siege set out on the map, or a
pitched battle set up on the battle board. The rule text has none: ``data/scenarios.toml`` holds them,
*reconstructed* from Thucydides, each unit placed where the passages put the men it stands for.

    >>> from peloponnesos import new_game
    >>> game = new_game("syracuse", seed=1, scenario="gylippus")
    >>> game.state.turn, game.aid(game.state.fort)
    (4, 'H-5')

A position starts at the beginning of its turn (random events, supply, initiative, then the impulses) and ends
after ``last_turn``; a battle starts with the defender setting up on the battle board and the game ends with the
battle, its winner winning. Everything is dealt from the game's seed, so a saved game replays exactly (the save
records only the scenario's name). The whole campaign (rule 12) is the game without a scenario.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "scenarios.toml"
CAMPAIGN = "The whole campaign, 415–413 BC (rule 12)"


@cache
def scenarios() -> dict[str, dict]:
    """Every prepared position by name, as in ``data/scenarios.toml``."""
    with open(DATA, "rb") as f:
        return tomllib.load(f)


def names() -> tuple[str, ...]:
    return tuple(scenarios())


def choices() -> list[tuple[str, str | None]]:
    """(title, name) for a start screen: the campaign first (``None``), then every prepared position."""
    return [(CAMPAIGN, None), *((s["title"], name) for name, s in scenarios().items())]


def prepare(g, name: str) -> None:
    """Set out scenario ``name`` on a game whose campaign set-up has just been made (``setup.set_up``)."""
    data = scenarios()[name]
    st = g.state
    arrivals = st.arrivals  # the reinforcements of rule 12 keep their schedule
    g.clear_board()
    st.turn = int(data["turn"])
    st.ml = [int(data["ml"]["Athens"]), int(data["ml"]["Syracuse"])]
    if g.options["last_turn"] is None:
        g.last_turn = int(data.get("last_turn", st.turn))
    if "battle" in data:
        _battle(g, name, data)
        return
    st.arrivals = arrivals
    for key in ("athens", "syracuse"):
        for area, pieces in data.get(key, {}).items():
            _put(g, pieces, area)
    for piece in data.get("eliminated", ()):
        g.place(piece, "ELIM")
    for area, (athens, syracuse) in data.get("walls", {}).items():
        g.set_walls(area, athens, syracuse)
    if data.get("fort"):
        st.fort = g.map.index[data["fort"]]
        st.fort_built = True
    from . import sicels

    for side, (count, area) in data.get("sicels", {}).items():
        s = g.players.index(side)
        for u in sicels.draw(g, s, int(count), f"the prepared position {data['title']}"):
            sicels.place(g, u, g.map.index[area], "10.1.1")
    st.agenda = [("turn",)]
    st.serial += 1
    g.event("scenario", f"Prepared position: {data['title']}. {data.get('note', '')}".strip(), rule="12",
            scenario=name)


def _put(g, pieces, area: str) -> None:
    """Place counters as the data file writes them: "A-N1>A-H1" aboard, "-" reduced, "~" Disrupted."""
    for raw in pieces:
        reduced = raw.startswith("-")
        status = 1 if raw.lstrip("-").startswith("~") else 0
        raw = raw.lstrip("-~")
        ship = None
        if ">" in raw:
            ship, raw = raw.split(">")
        kind, i = g.counters.piece(raw)
        steps = g.types[g.counters.units[i].type].flip_at if kind == "unit" and reduced else None
        g.place(raw, area, steps=steps, status=status, aboard=ship)


def _battle(g, name: str, data: dict) -> None:
    """A pitched battle set up on the battle board (rule 8.1 step 3 onwards), as ``battle.odds.battle_position``
    sets one up for the Monte Carlo, here from a scenario of its own so that a save replays it."""
    from .battle import start
    from .combat import fighters

    st = g.state
    spec = data["battle"]
    where = g.map.index[spec["area"]]
    for side in ("athens", "syracuse"):
        _put(g, spec[side], spec["area"])
    attacker = g.players.index(spec["attacker"])
    st.active_side = attacker
    st.step, st.to_act = "", -1
    st.agenda = [("scenario_over", name)]
    for side in (0, 1):
        for u in fighters(g, where, side):
            st.fought[u] = True
    g.event("scenario", f"Prepared battle: {data['title']}. {data.get('note', '')}".strip(), rule="8.3",
            scenario=name)
    start(g, where, attacker, bool(spec.get("night", False)))


def scenario_over(g, name: str) -> None:
    """The end of a prepared battle: its winner wins the game (rule 8.3 decides the battle)."""
    result = g.state.last_combat or {}
    winner = result.get("winner")
    title = scenarios()[name]["title"]
    if winner is None:
        g.finish(None, "battle", f"the battle ({title}) was drawn", "8.3")
    else:
        g.finish(g.players.index(winner), "battle", f"{winner} won the battle ({title})", "8.3")


TASKS = {"scenario_over": scenario_over}
