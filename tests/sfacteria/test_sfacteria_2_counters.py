"""Rules 1.1, 2, 2.1–2.4: the 68 counters of the box."""

from __future__ import annotations

import collections

from peloponnesos.games.sfacteria.order_of_battle import default_order_of_battle
from peloponnesos.games.sfacteria.stratagems import default_stratagems


def test_sfacteria_1_1_the_box_holds_68_counters():
    oob = default_order_of_battle()
    chits = default_stratagems().chits
    assert len(oob.units) + len(oob.leaders) + len(chits) + len(oob.markers) == 68
    assert oob.counters["total"] == 68
    assert collections.Counter(u.side for u in oob.units) == {0: 22, 1: 22}


def test_sfacteria_2_helots_are_h5_to_h9_and_allies_carry_the_band():
    oob = default_order_of_battle()
    helots = [u.id for u in oob.units if u.side == 1 and u.ally]
    assert helots == ["SH5", "SH6", "SH7", "SH8", "SH9"]
    assert all(oob.units[oob.unit_index[h]].type == "H" and oob.units[oob.unit_index[h]].label == f"H{h[2:]}"
               for h in helots)
    messenians = [u.id for u in oob.units if u.side == 0 and u.ally]
    assert messenians == ["AH2", "AP4"]


def test_sfacteria_2_1_units_have_full_and_reduced_faces_and_types():
    oob = default_order_of_battle()
    for u in oob.units:
        assert u.type in "THPA" and 1 <= u.reduced <= u.full
        assert u.source.startswith("*reconstructed*")
    assert oob.units[oob.unit_index["AT2"]].label == "T2*"
    athenian_ships = sum(u.full for u in oob.units if u.side == 0 and u.type == "T")
    spartan_ships = sum(u.full for u in oob.units if u.side == 1 and u.type == "T")
    # 4.13.2 (fifty) + 4.23.2 (twenty) + Demosthenes' three (4.8.3, 4.9.1) = seventy and a little over (4.32.2); 4.8.2
    assert athenian_ships == 73 and spartan_ships == 60


def test_sfacteria_2_2_leaders_have_stars_and_strategos_backs():
    oob = default_order_of_battle()
    assert {ld.id for ld in oob.leaders if ld.bonus} == {"Demosthenes", "Eurymedon", "Epitadas", "Thrasymelidas"}
    assert all(ld.strategos for ld in oob.leaders)
    assert oob.leaders[oob.leader_index["Epitadas"]].strategos == "Hippagretas"  # 4.38.1


def test_sfacteria_2_3_stratagems_are_double_faced_and_the_named_ones_are_there():
    strat = default_stratagems()
    assert len(strat.chits) == 10
    assert strat.face(10).title == "Βρασίδας" and strat.face(10).once and strat.face(10).chit == 10
    assert strat.face(20).title == "Storm" and not strat.face(20).once and strat.face(20).chit == 10
    assert strat.face(2).title == "κύκλος" and strat.face(7).title == "Σπαρτιάται"
    colours = collections.Counter(f.colour for f in strat.faces.values())
    assert colours == {"blue": 9, "red": 9, "yellow": 2}
    assert all(f.passages for f in strat.faces.values())
