"""Rule 10.6, night combat: declared by the attacker (never at sea, 8.1). In a skirmish the night modifiers of
the skirmish and flight tables apply. Before a night pitched battle both sides roll a D10: rolling no more than
one's ML shifts the odds one column in one's favour (both: they cancel out), a natural 1 gives a favourable die
modifier of 1 (both: they cancel out); the attacker sets up in any row no higher than a D10 (8.1, 10.6).
"""

from __future__ import annotations


def battle_rolls(g, attacker: int) -> dict:
    """The night rolls before a pitched battle: per side the column shift and die modifier it earns."""
    st = g.state
    t = g.tables.drm["night"]
    shift = [0, 0]
    drm = [0, 0]
    rolls = [0, 0]
    for side in (attacker, 1 - attacker):
        roll = g.roll(side, 10, "the night battle (Syracuse 10.6)")
        rolls[side] = roll
        if roll <= st.ml[side]:
            shift[side] = t["battle_column_shift"]
        if roll == 1:
            drm[side] = t["battle_natural_one"]
    if shift[0] and shift[1]:
        shift = [0, 0]
    if drm[0] and drm[1]:
        drm = [0, 0]
    if g.log.enabled:
        g.event("night", f"Night battle: Athens rolls {rolls[0]}, Syracuse {rolls[1]}; column shifts "
                f"{shift[0]}/{shift[1]}, die modifiers {drm[0]}/{drm[1]}.", rule="10.6", shift_Athens=shift[0],
                shift_Syracuse=shift[1], drm_Athens=drm[0], drm_Syracuse=drm[1])
    return {"shift": shift, "drm": drm}


def attacker_rows(g, attacker: int) -> int:
    """Rule 10.6: the attacker sets up in any row numbered no higher than a D10."""
    return g.roll(attacker, 10, "the attacker's set-up rows at night (Syracuse 10.6)")
