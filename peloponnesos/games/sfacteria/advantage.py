"""The advantage (rule 9).

Its holder may once choose one of five uses; afterwards it passes to the other side, which may use
it from the next phase on (``state.serial`` counts phases and action phases). Where each use is
offered (see CLARIFICATIONS.md, rule 9):

* +2 PA and swapping the initiative: in phase B, after the rolls and stratagems;
* a re-roll: after each combat die and after the dice of a Storm;
* a reduced unit back to full strength, an eliminated leader back: in phase B and at the start of the
  holder's own action phases.
"""

from __future__ import annotations

from . import sequence  # (sequence imports this module too: its functions are looked up when called)
from .actions import DeclineAdvantage, UseAdvantage
from .movement import intern
from .state import ELIM, OFF

DECLINE = DeclineAdvantage()


def usable(game, side: int) -> bool:
    st = game.state
    return st.adv == side and st.serial > st.adv_lock


def offer(game, step: str) -> bool:
    """If the holder may use the advantage now, the next decision is ``step``, his; says whether it was offered."""
    st = game.state
    if not usable(game, st.adv):
        return False
    st.step, st.to_act = step, st.adv
    return True


def reducible_targets(game, side: int) -> list[str]:
    """Reduced units of ``side`` the advantage could restore (a strait's limit permitting)."""
    return [game.oob.units[i].id for i in sequence.recoverable(game, side)]


def returnable_leaders(game, side: int) -> list[str]:
    """Eliminated leaders of ``side``, and those waiting to come back as Strategòs (rule 11.2)."""
    st, oob = game.state, game.oob
    if ELIM not in st.lz and True not in st.lstrat:
        return []
    out = []
    for j, z in enumerate(st.lz):
        if oob.l_side[j] != side:
            continue
        if z == ELIM or (z == OFF and st.lstrat[j] and st.larr[j] > st.turn):
            out.append(oob.leaders[j].id)
    return out


def options(game, side: int, where: str) -> list:
    """The uses open to ``side`` at ``where``: "B", "action" (start of own action phase), "reroll"."""
    if not usable(game, side):
        return []
    out = []
    if where == "reroll":
        return [intern(UseAdvantage, "reroll", "")]
    if where == "B":
        out.append(intern(UseAdvantage, "extra_pa", ""))
        out.append(intern(UseAdvantage, "reverse_initiative", ""))
    out += [intern(UseAdvantage, "recover_unit", u) for u in reducible_targets(game, side)]
    out += [intern(UseAdvantage, "return_leader", ld) for ld in returnable_leaders(game, side)]
    return out


def pass_on(game, side: int, use: str) -> None:
    st = game.state
    st.adv = 1 - side
    st.adv_lock = st.serial
    if game.log.enabled:
        game.event("advantage", f"{game.players[side]} uses the advantage ({use.replace('_', ' ')}); it passes to "
                   f"{game.players[1 - side]}, who may use it from the next phase.", side=game.players[side], rule="9",
                   use=use)
