"""Every illegal action is refused with the rule's number and a reason, and changes nothing."""

from __future__ import annotations

from sfacteria_helpers import do, illegal, position

from peloponnesos.core import IllegalAction
from peloponnesos.games.sfacteria import SfacteriaGame
from peloponnesos.games.sfacteria.actions import (
    Activate,
    Attack,
    EndMovement,
    HelotRun,
    KeepStratagem,
    Move,
    PayAttacks,
    PlayStratagem,
    Retreat,
    UseAdvantage,
)


def test_sfacteria_illegal_actions_name_the_rule_and_change_nothing():
    g = SfacteriaGame(seed=2)
    illegal(g, Move("AH1", "T6", "T5"), "3.D")  # it is the stratagem window of phase B
    illegal(g, PlayStratagem(99), "2.3")
    illegal(g, Attack("T6"), "6.2")
    illegal(g, PayAttacks(), "6.1")
    illegal(g, EndMovement(), "3.D")
    illegal(g, HelotRun("SH6", "T11"), "7")
    illegal(g, KeepStratagem(3), "3.E")
    illegal(g, Retreat("AH1", "T6", "T5"), "6.3")
    illegal(g, UseAdvantage("reroll"), "9")


def test_sfacteria_moving_the_enemys_pieces_or_unactivated_ones_is_refused():
    g = position({"T6": ["AH1"], "T5": ["AH3"], "T8": ["SH1"], "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=3)
    do(g, "announce 3 PA", "activate T5")
    illegal(g, Move("SH1", "T8", "T9"), "3.D")
    err = illegal(g, Move("AH1", "T6", "T5"), "3.D")
    assert "activated" in err.reason
    err = illegal(g, Move("AH3", "T6", "T5"), "4")
    assert "is in T5" in err.reason
    illegal(g, Activate("T13"), "1.3")


def test_sfacteria_a_dict_or_text_action_is_checked_the_same_way():
    g = position({"T6": ["AH1"], "BASE_ATH_LAND": ["AH5"]})
    g.start_action_phase("Athens", pa=3)
    before = g.digest()
    try:
        g.apply({"type": "announce_pa", "halves": 9})
    except IllegalAction as e:
        assert e.rule == "Sfacteria 3.D"
    assert g.digest() == before
    g.apply({"type": "announce_pa", "halves": 6})
    assert g.state.budget == 6
