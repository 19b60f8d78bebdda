"""Rule 11, winning: automatic victory (11.1) and surrender (11.2), checked in the Victory Determination segment
of the Administrative Phase. Athens wins at once when Normal Status hoplites hold every land area next to L-7
and Syracuse has no naval unit in play; Syracuse wins at once when Athens has no naval unit in play and every
Athenian leader who came into the game is reduced or eliminated. Otherwise, from turn 2, the side with the
lower ML rolls a D10 with the surrender modifiers: no more than half its ML (fractions dropped), nothing
happens; up to its ML, its ML rises by 1; more than its ML, it surrenders and the other side wins.
"""

from __future__ import annotations

from . import supply
from .pieces import in_play_naval
from .state import ELIM, NORMAL, POOL
from .tables import modifiers_in_words


def automatic(g) -> tuple[int, str] | None:
    st, b = g.state, g.map
    held = []
    for a in b.ring:
        held.append(any(st.loc[u] == a and st.uside[u] == 0 and st.utype[u] == "H" and st.status[u] == NORMAL
                        and st.aboard[u] < 0 for u in g.unit_range))
    if b.ring and all(held) and in_play_naval(g, 1) == 0:
        return 0, f"Athenian hoplites hold {', '.join(b.ids[a] for a in b.ring)} around the city and Syracuse " \
                  "has no fleet left"
    athenians = [j for j, x in enumerate(st.lloc) if g.counters.leaders[j].side == 0 and x != POOL]
    if in_play_naval(g, 0) == 0 and athenians and all(st.lred[j] or st.lloc[j] == ELIM for j in athenians):
        return 1, "Athens has no fleet left and every Athenian leader is reduced or lost"
    return None


def surrender_modifiers(g, side: int) -> list[tuple[str, int]]:
    st = g.state
    t = g.tables.drm["surrender"]
    parts = []
    lost = sum(1 for j, x in enumerate(st.lloc) if g.counters.leaders[j].side == side and (st.lred[j] or x == ELIM))
    if lost:
        parts.append(("leader_lost", t["leader_lost"] * lost))
    if in_play_naval(g, side) == 0:
        parts.append(("no_naval_units", t["no_naval_units"]))
    if not supply.leaders_supplied(g, side):
        parts.append(("leader_out_of_supply", t["leader_out_of_supply"]))
    if st.omens[side] == "good":
        parts.append(("good_omens", t["good_omens"]))
    elif st.omens[side] == "bad":
        parts.append(("bad_omens", t["bad_omens"]))
    return parts


def surrender_check(g, side: int) -> bool:
    """Rule 11.2 for ``side``; returns whether it surrendered (the game is then over)."""
    st = g.state
    st.surrender_checks[side] += 1
    roll = g.roll(side, 10, "surrender (Syracuse 11.2)")
    parts = surrender_modifiers(g, side)
    total = roll + sum(v for _, v in parts)
    ml = st.ml[side]
    if total <= ml // 2:
        outcome = "holds on"
    elif total <= ml:
        outcome = "rallies"
        st.ml[side] = min(10, ml + 1)
    else:
        outcome = "surrenders"
    if g.log.enabled:
        why = modifiers_in_words(parts) or "no modifier"
        g.event("surrender_check", f"{g.players[side]} (ML {ml}) rolls {roll} ({why}) = {total}: {outcome}"
                + (f"; its ML rises to {st.ml[side]}." if outcome == "rallies" else "."), side=g.players[side],
                rule="11.2", die=roll, modified=total, ml=ml, outcome=outcome)
    if outcome == "surrenders":
        g.finish(1 - side, "surrender", f"{g.players[side]} surrendered in turn {st.turn}", "11.2")
        return True
    return False


def victory_determination(g) -> None:
    st = g.state
    st.phase = "admin"
    won = automatic(g)
    if won is not None:
        g.finish(won[0], "automatic", won[1], "11.1")
        return
    if st.turn < 2:
        return
    a, s = st.ml
    sides = [0, 1] if a == s else [0 if a < s else 1]
    for side in sides:
        if surrender_check(g, side):
            return


__all__ = ["NORMAL", "POOL"]
