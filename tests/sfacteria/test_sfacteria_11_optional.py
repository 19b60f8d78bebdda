"""Rule 11: the optional rules — 11.1 voluntary reduction, 11.2 Strategòs."""

from __future__ import annotations

from sfacteria_helpers import do, illegal, position, reduced, unit_zone

from peloponnesos.games.sfacteria.actions import ReduceUnit


def test_sfacteria_11_1_voluntary_reduction_lets_a_squadron_fit_into_the_narrow_strait():
    g = position({"N7": ["AT2"], "T6": ["AH1"]}, optional_voluntary_reduction=True)
    g.start_action_phase("Athens", pa=2)
    do(g, "announce 2 PA", "activate N7")
    assert "N8" not in {a.dest for a in g.legal_actions() if getattr(a, "piece", "") == "AT2"}
    do(g, "reduce AT2 in N7", "sail AT2 N7→N8")
    assert reduced(g, "AT2") and unit_zone(g, "AT2") == "N8"


def test_sfacteria_11_1_without_the_option_there_is_no_voluntary_reduction():
    g = position({"N7": ["AT2"], "T6": ["AH1"]})
    g.start_action_phase("Athens", pa=2)
    do(g, "announce 2 PA", "activate N7")
    err = illegal(g, ReduceUnit("AT2", "N7"), "11.1")
    assert "optional rule" in err.reason


def _capture_polemarch(**options):
    g = position({"T11": ["Polemarch", "-SH10"], "T1": ["AH3", "AH4"], "T8": ["Epitadas", "SH1"]}, **options)
    g.start_action_phase("Athens", pa=3, turn=3)
    do(g, "announce 3 PA", "activate T1", "move AH3 T1→T11", "move AH4 T1→T11", "end movement")
    g.dice.force(6)
    do(g, "pay 1 PA and fight", "keep the advantage")
    return g


def test_sfacteria_11_2_a_lost_leader_comes_back_next_turn_as_strategos():
    g = _capture_polemarch(optional_strategos=True)
    assert unit_zone(g, "Polemarch") == "OFF"
    g.start_end_phase(turn=3)
    if g.state.step == "B_adv":
        do(g, "keep the advantage")
    assert g.state.turn == 4 and g.state.phase == "D" and unit_zone(g, "Polemarch") == "BASE_SPA_LAND"
    leader = next(ld for ld in g.observation(None)["leaders"] if ld["id"] == "Polemarch")
    assert leader["strategos"] and leader["name"] == "Strategòs" and leader["bonus"] is False


def test_sfacteria_11_2_without_the_option_a_lost_leader_stays_lost():
    g = _capture_polemarch()
    g.start_end_phase(turn=3)
    assert unit_zone(g, "Polemarch") == "ELIM"
