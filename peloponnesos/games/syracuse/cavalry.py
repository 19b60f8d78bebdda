"""Rules 10.5 and 10.7: Syracusan cavalry and light infantry (the exchange itself is in ``movement.exchange``;
the cavalry's help to reactions is in the reaction table, 6.4) and cavalry retreating before combat: a
defending cavalry unit attacked by no cavalry rolls a D10, minus the rating of a leader stacked with it, plus 1
if Disrupted; no more than the ML and it gets away (one square back on the battle board, or the attack is
ignored in a skirmish); a 10 or more Disrupts it first, or eliminates it if it was Disrupted already.
"""

from __future__ import annotations

from .pieces import rating
from .state import DISRUPTED, NORMAL


def retreat_check(g, u: int, leader: int | None) -> str:
    """Roll for cavalry unit ``u``: "retreat", "stand" (the attack is resolved), or "eliminated"."""
    st = g.state
    side = st.uside[u]
    roll = g.roll(side, 10, f"{g.uid(u)} retreats before combat (Syracuse 10.7)")
    total = roll - (rating(g, leader) if leader is not None else 0) + (1 if st.status[u] == DISRUPTED else 0)
    if total <= st.ml[side]:
        outcome = "retreat"
    elif total >= 10:
        if st.status[u] == DISRUPTED:
            outcome = "eliminated"
        else:
            st.status[u] = DISRUPTED
            outcome = "stand"
    else:
        outcome = "stand"
    if g.log.enabled:
        g.event("cavalry_check", f"{g.uid(u)} rolls {roll} (modified {total}) against ML {st.ml[side]}: "
                + {"retreat": "it gets away.", "stand": "it must take the attack.",
                   "eliminated": "it is cut down."}[outcome], side=g.players[side], rule="10.7", unit=g.uid(u),
                die=roll, modified=total, outcome=outcome)
    return outcome


__all__ = ["NORMAL", "retreat_check"]
