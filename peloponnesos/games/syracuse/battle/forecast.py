"""The odds of every attack that may be made now on the battle board — each fire (8.3.1), assault (8.3.2),
ram (8.3.4) or boarding (8.3.3) among the legal actions — worked out exactly with :mod:`.odds`, as plain values a
board can draw beside its lines and a student can read before choosing. Read-only; nothing here is secret (the
board is open to both sides, rule 6.5).

    >>> from peloponnesos.games.syracuse.battle.odds import battle_position
    >>> g = battle_position({"Athens": ["A-AR1"], "Syracuse": ["S-H1"]})
    >>> next_attacks(g)  # setting up: nobody can attack yet
    []
"""

from __future__ import annotations

from fractions import Fraction

from .actions import Assault, Fire, NavalAssault, Ram
from .board import grid

GOOD = {"fire": ("disrupted", "routed", "eliminated"), "ram": ("step", "sunk"), "naval_assault": ("attacks",)}


def next_attacks(g) -> list[dict]:
    """One entry per attack among ``g.legal_actions()``: ``action`` (its text), ``kind``, ``unit`` (who attacks,
    "" for an assault by every unit facing the square), ``origin`` and ``square`` (from where, at which square),
    ``outcomes`` ([outcome, probability as "n/d", as a float]) from the most to the least likely, and ``hit``: the
    chance that the target suffers something (Disrupted, a step, sunk), for a short label."""
    st = g.state
    b = st.battle
    if b is None or st.step != "battle" or b["phase"] not in ("fire", "assault"):
        return []
    from . import odds

    names = grid(g).names
    out = []
    for a in g.legal_actions():
        if isinstance(a, Fire):
            dist = odds.fire_odds(g, a.unit, a.square)
            kind, unit, target = "fire", a.unit, a.square
            u = g.unit_named(a.unit)
            piece = st.aboard[u] if b["naval"] else u
            origin = names[b["pos"][piece]]
            hit = sum((p for o, p in dist.items() if o in GOOD["fire"]), Fraction(0))
        elif isinstance(a, Assault):
            dist = odds.assault_odds(g, a.square)
            kind, unit, target, origin = "assault", "", a.square, ""
            hit = sum((p for o, p in dist.items() if _hurts_defender(o)), Fraction(0))
            extra = _assault_column(g, a.square)
        elif isinstance(a, Ram):
            dist = odds.ram_odds(g, a.ship, a.target)
            kind, unit = "ram", a.ship
            origin = names[b["pos"][g.unit_named(a.ship)]]
            target = names[b["pos"][g.unit_named(a.target)]]
            hit = sum((p for o, p in dist.items() if o in GOOD["ram"]), Fraction(0))
        elif isinstance(a, NavalAssault):
            from .naval import boarding_modifiers

            u = g.unit_named(a.unit)
            ship = st.aboard[u]
            sq = grid(g).index[a.square]
            drm = sum(v for _, v in boarding_modifiers(g, b, u, ship, sq))
            dist = odds.naval_assault_distribution(drm, st.ml[st.uside[u]])
            kind, unit, target, origin = "naval_assault", a.unit, a.square, names[b["pos"][ship]]
            hit = dist["attacks"]
        else:
            continue
        rows = sorted(dist.items(), key=lambda x: (-x[1], str(x[0])))
        out.append({"action": str(a), "kind": kind, "unit": unit, "origin": origin, "square": target,
                    "outcomes": [[str(o), f"{p.numerator}/{p.denominator}", float(p)] for o, p in rows],
                    "hit": float(hit), **(extra if kind == "assault" else {})})
    return out


def _assault_column(g, square: str) -> dict:
    """Who joins an assault on ``square`` now, their total against the defence, and the odds column after the
    shifts (8.3.2)."""
    from ..pieces import assault_cf
    from .assault import attackers, defence, shifts

    b = g.state.battle
    sq = grid(g).index[square]
    att = attackers(g, b, sq, b["side"])
    t = g.tables
    total, against = sum(assault_cf(g, u) for u in att), defence(g, b, sq)
    shift = sum(v for _, v in shifts(g, b, sq, att, list(b["stack"][sq])))
    column = max(0, min(len(t.columns) - 1, t.column(total, against) + shift))
    return {"attackers": [g.uid(u) for u in att], "attack": total, "defence": against, "column": t.columns[column],
            "shift": shift}


def _hurts_defender(result: str) -> bool:
    """A CRT result (its text, "D1 Ad") that costs the defender a step or Disrupts it."""
    return any(part.startswith("D") for part in result.split())
