"""Exact odds of one resolution on the battle board — a fire (8.3.1), an assault (8.3.2), a ram (8.3.4) — by
enumerating the dice with :mod:`peloponnesos.core.odds`, and Monte Carlo of whole pitched battles from a line-up
(who wins, how many rounds, steps lost), for lessons and for bots.

The ``*_odds`` functions read a position (a game with a battle on); the ``*_distribution`` ones take plain
numbers, so a lesson can ask "what if": ``fire_distribution(cf=2, drm=1, disrupted=False, ml=6)``.
"""

from __future__ import annotations

from ....core.odds import Distribution, die
from ..pieces import fire_cf, ram_cf
from .board import grid


def fire_distribution(cf: int, drm: int, disrupted: bool, ml: int) -> Distribution:
    """Rule 8.3.1: "miss", "disrupted", or for a target already Disrupted "routed" / "eliminated"."""
    def outcome(d6: int):
        if d6 + drm > cf:
            return "miss"
        if not disrupted:
            return "disrupted"
        return die(10).map(lambda d10: "routed" if d10 <= ml else "eliminated")

    return die(6).then(outcome)


def assault_distribution(tables, attack: int, defence: int, shift: int = 0, drm: int = 0) -> Distribution:
    """Rule 8.3.2: the CRT results (their text, "D1 Dd") for these totals, column shift and die modifier."""
    column = tables.column(attack, defence) + shift
    return die(6).map(lambda d6: str(tables.result(column, d6 + drm)))


def ram_distribution(cf: int, drm: int, target_steps: int) -> Distribution:
    """Rule 8.3.4: "miss", "step" (the target loses a step) or "sunk"."""
    return die(10).map(lambda d10: "miss" if d10 + drm > cf else ("sunk" if target_steps <= 1 else "step"))


def naval_assault_distribution(drm: int, ml: int) -> Distribution:
    """Rule 8.3.3, the check before boarding: "attacks", "cannot" or "lost"."""
    return die(10).map(lambda d10: "lost" if d10 + drm >= 10 else ("attacks" if d10 + drm <= ml else "cannot"))


# --- from a position --------------------------------------------------------------------------------------------
def fire_odds(g, unit: str, square: str) -> Distribution:
    """The exact odds of ``unit`` firing at ``square`` now (the battle in progress)."""
    from .fire import modifiers

    st = g.state
    b = st.battle
    u = g.unit_named(unit)
    piece = st.aboard[u] if b["naval"] else u
    sq = grid(g).index[square]
    target = b["stack"][sq][-1]
    drm = sum(v for _, v in modifiers(g, b, u, piece, sq))
    return fire_distribution(fire_cf(g, u), drm, st.status[target] == 1, st.ml[st.uside[target]])


def assault_odds(g, square: str) -> Distribution:
    """The exact odds of the phasing side assaulting ``square`` now, with every unit that would join in."""
    from .assault import attackers, defence, drms, shifts

    b = g.state.battle
    sq = grid(g).index[square]
    att = attackers(g, b, sq, b["side"])
    from ..pieces import assault_cf

    shift = sum(v for _, v in shifts(g, b, sq, att, list(b["stack"][sq])))
    drm = sum(v for _, v in drms(g, b, sq, att))
    return assault_distribution(g.tables, sum(assault_cf(g, u) for u in att), defence(g, b, sq), shift, drm)


def ram_odds(g, ship: str, target: str) -> Distribution:
    from .naval import ram_modifiers

    st = g.state
    b = st.battle
    s, t = g.unit_named(ship), g.unit_named(target)
    drm = sum(v for _, v in ram_modifiers(g, b, s, t))
    return ram_distribution(ram_cf(g, s), drm, st.steps[t])


# --- Monte Carlo of whole battles ---------------------------------------------------------------------------------
def battle_position(line_up: dict, *, seed: int = 0, area: str = "L-1", attacker: str = "Athens", night: bool = False,
                    ml=(7, 7), wants_log: bool = False):
    """A game in which the pitched battle of ``line_up`` (``{"Athens": ["A-H1", "Lamachus"], "Syracuse": [...]}``,
    ships with ``"A-N1>A-H1"`` to put a unit aboard) is about to be set up in ``area``."""
    from .. import SyracuseGame
    from ..combat import fighters
    from .sequence import start

    g = SyracuseGame(seed=seed)
    g.log.enabled = wants_log
    g.clear_board()
    st = g.state
    st.ml = list(ml)
    for names in line_up.values():
        for name in names:
            ship = None
            if ">" in name:
                ship, name = name.split(">")
            g.place(name, area, aboard=ship)
    att = g.players.index(attacker)
    st.active_side = att
    st.step, st.agenda, st.to_act = "", [("battle_over",)], -1
    where = g.map.index[area]
    for side in (0, 1):
        for u in fighters(g, where, side):
            st.fought[u] = True
    start(g, where, att, night)
    return g


def simulate(line_up: dict, n: int = 200, *, seed: int = 0, bots=None, **position) -> dict:
    """Monte Carlo of ``n`` pitched battles from ``line_up``, played by ``bots`` (``{"Athens": bot, ...}``; the
    heuristic battle bots by default): win shares, mean rounds, mean steps lost per side, with the seeds used."""
    from ..bots import SyracuseHeuristicBot

    wins = {"Athens": 0, "Syracuse": 0, None: 0}
    rounds = 0
    lost = {"Athens": 0, "Syracuse": 0}
    for k in range(n):
        g = battle_position(line_up, seed=seed + k, **position)
        players = bots or {p: SyracuseHeuristicBot(seed=seed + k + i) for i, p in enumerate(g.players)}
        while g.state.battle is not None:
            p = g.current_player()
            g.apply(players[p].choose(g, p))
        r = g.state.last_combat
        wins[r["winner"]] += 1
        rounds += r["rounds"]
        for side in lost:
            lost[side] += r["steps_lost"][side]
    return {"battles": n, "seed": seed, "wins": {k or "nobody": v / n for k, v in wins.items()},
            "mean_rounds": rounds / n, "mean_steps_lost": {k: v / n for k, v in lost.items()}}
