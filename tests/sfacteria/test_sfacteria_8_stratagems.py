"""Rule 8: stratagems — colours, one per action phase, simultaneous plays that cancel or add up; the
effects of the faces (stratagems.toml)."""

from __future__ import annotations

from sfacteria_helpers import do, illegal, position, reduced, schedule, unit_zone

from peloponnesos.games.sfacteria.actions import DeclineStratagem, PlayStratagem


def _to_battle(g, attacker, zone_from, zone_to, units, pa=3):
    g.start_action_phase(attacker, pa=pa)
    do(g, f"announce {pa} PA", f"activate {zone_from}", *[f"move {u} {zone_from}→{zone_to}" for u in units],
       "end movement", "pay 1 PA and fight")


def test_sfacteria_8_a_player_never_plays_the_other_sides_colour():
    g = position({"T8": ["SH1"], "T9": ["AH4", "AA2"]})
    g.give_stratagems("Sparta", [2, 7])  # κύκλος (blue) / the entrances closed (red); Σπαρτιάται (red)
    _to_battle(g, "Athens", "T9", "T8", ["AH4", "AA2"])
    assert g.state.step == "window" and g.current_player() == "Sparta"  # asked: it could play Σπαρτιάται
    assert PlayStratagem(2) not in g.legal_actions()
    err = illegal(g, PlayStratagem(2), "8")
    assert "colour" in err.reason


def test_sfacteria_8_a_window_asks_whoever_might_hold_a_face_and_only_them():
    """Rule 8 (see CLARIFICATIONS.md): a secret window asks a side that holds a chit when some chit still in
    play has a face it could play there, whatever its own chits are — "no stratagem" may then be all it
    can answer. A side whose colour has no face for this window among the chits in play is not asked."""
    g = position({"T8": ["SH1"], "T9": ["AH4", "AA2"]})
    g.give_stratagems("Sparta", [2])  # κύκλος is blue; the entrances closed is for a sea battle
    g.give_stratagems("Athens", [1])  # Cleon (phase B) / the truce (phase E): nothing for a battle
    start = len(g.log)
    _to_battle(g, "Athens", "T9", "T8", ["AH4", "AA2"])
    # Athens might hold κύκλος (chit 2 is in play): asked; Sparta has no face for this battle in any chit in play
    assert g.state.step == "window" and g.state.window == [0] and g.current_player() == "Athens"
    assert g.legal_actions() == [DeclineStratagem()]
    assert g.observation("Sparta")["pending"]["text"] == "Athens is deciding in secret whether to play a stratagem."
    do(g, "no stratagem")
    assert g.state.step == "C_reroll"
    public = [e.text for e in list(g.log)[start:] if e.kind in ("stratagem", "stratagem_choice") and not e.private_to]
    assert public == ["Athens has made its choice."]
    assert g.state.hands == [[1], [2]]  # nothing was played or revealed
    g2 = position({"T8": ["SH1"], "T9": ["AH4", "AA2"]})
    g2.give_stratagems("Sparta", [7])
    g2.give_stratagems("Athens", [1])  # chit 7's blue face (shouts and dust) would apply: Athens is asked too
    _to_battle(g2, "Athens", "T9", "T8", ["AH4", "AA2"])
    assert g2.current_player() == "Athens" and g2.state.window == [0, 1]


def test_sfacteria_8_kuklos_cancels_spartiatai_when_both_are_played():
    g = position({"T8": ["SH1"], "T9": ["AH4", "AA2"]})
    g.give_stratagems("Athens", [2])
    g.give_stratagems("Sparta", [7])
    _to_battle(g, "Athens", "T9", "T8", ["AH4", "AA2"])
    do(g, "play stratagem 2 κύκλος")
    # Sparta chooses without seeing Athens' choice
    obs = g.observation("Sparta")
    assert obs["stratagems"]["counts"]["Athens"] == 1 and obs["pending"]["kind"] == "stratagem"
    assert obs["last_combat"] is None and obs["combat"]["zone"] == "T8"
    assert not [e for e in g.log.visible_to("Sparta") if e.data.get("face") == 2]
    assert [e.data.get("face") for e in g.log.visible_to("Athens") if e.private_to == "Athens"][-1] == 2
    g.dice.force(4)
    do(g, "play stratagem 7 Σπαρτιάται", "keep the advantage")
    mods = {m["name"]: m["value"] for m in g.observation(None)["last_combat"]["modifiers"]}
    assert mods["stratagem 2 κύκλος"] == 2 and not any(name.startswith("stratagem 7") for name in mods)
    assert any("cancelled" in e.text for e in g.log if e.kind == "stratagem")
    assert 2 not in g.state.out_chits and 7 not in g.state.out_chits  # black numbers go back to the bowl


def test_sfacteria_8_effects_played_together_add_up():
    g = position({"T10": ["SH3"], "T9": ["AH4", "AA2"]})
    g.give_stratagems("Athens", [2])
    g.give_stratagems("Sparta", [3])  # back: a sea fight from the land (red, beaches)
    _to_battle(g, "Athens", "T9", "T10", ["AH4", "AA2"])
    g.dice.force(4)
    do(g, "play stratagem 2 κύκλος", "play stratagem 13 A sea fight from the land", "keep the advantage")
    mods = {m["name"]: m["value"] for m in g.observation(None)["last_combat"]["modifiers"]}
    assert mods["stratagem 2 κύκλος"] == 2 and mods["stratagem 13 A sea fight from the land"] == -2


def test_sfacteria_8_one_stratagem_per_action_phase():
    g = position({"T9": ["SH2"], "T8": ["AH4", "AA2"]})
    g.give_stratagems("Athens", [6, 2])
    g.start_action_phase("Athens", pa=3)
    do(g, "play stratagem 6 Fire on the island")
    assert [a for a in g.legal_actions() if a.kind == "play_stratagem"] == []
    do(g, "announce 3 PA", "activate T8", "move AH4 T8→T9", "move AA2 T8→T9", "end movement")
    g.dice.force(4)
    do(g, "pay 1 PA and fight")
    assert g.state.step == "C_reroll"  # no stratagem window: Athens already played one this action phase
    do(g, "keep the advantage")
    # the fire has cleared T9: no modifier for difficult ground
    assert "difficult_ground" not in {m["name"] for m in g.observation(None)["last_combat"]["modifiers"]}


def test_sfacteria_8_fire_clears_the_woods_of_t7_and_t9_for_the_rest_of_the_game():
    g = position({"T9": ["SH2"], "T8": ["AH4"], "T6": ["AH1"]})
    g.give_stratagems("Athens", [6])
    g.start_action_phase("Athens", pa=3)
    do(g, "play stratagem 6 Fire on the island")
    assert g.observation(None)["cleared"] == ["T7", "T9"]
    assert 6 in g.state.out_chits  # red number


def test_sfacteria_8_storm_damages_ships_at_sea_but_not_on_a_beach():
    g = position({"N7": ["AT2", "-AT3"], "T5": ["AT1"], "N4": ["ST1"], "T8": ["SH1"]})
    g.give_stratagems("Sparta", [10])
    g.start_action_phase("Sparta", pa=2)
    g.dice.force(1, 2, 6)  # AT2, AT3, ST1 in board order of units
    do(g, "play stratagem 20 Storm")
    if g.state.step == "D_storm_reroll":
        do(g, "keep the advantage")
    assert reduced(g, "AT2") and unit_zone(g, "AT3") == "ELIM" and not reduced(g, "ST1")
    assert not reduced(g, "AT1")


def test_sfacteria_8_the_herald_makes_the_defeated_spartans_surrender():
    g = position({"T10": ["SH3", "SH5"], "T9": ["AH3", "AH4"]})
    g.give_stratagems("Athens", [9])
    _to_battle(g, "Athens", "T9", "T10", ["AH3", "AH4"])
    g.dice.force(5)
    do(g, "play stratagem 9 The herald", "keep the advantage")
    assert g.observation(None)["last_combat"]["winner"] == "Athens"
    assert unit_zone(g, "SH3") == unit_zone(g, "SH5") == "ELIM"
    assert 9 in g.state.out_chits


def test_sfacteria_8_the_truce_freezes_supply_and_costs_sparta_its_ships():
    g = position({"N8": ["AT1"], "N9": ["AT2"], "N4": ["ST1"], "T8": ["SH1"], "T6": ["AH1"], "T11": ["SH6"]})
    g.set_supply("Sparta", 1)
    g.give_stratagems("Sparta", [1])
    g.start_end_phase(turn=3)
    do(g, "play stratagem 11 Σπονδαί: the truce")
    assert g.state.supply == [3, 1] and reduced(g, "ST1")
    assert unit_zone(g, "SH1") == "T8"


def test_sfacteria_8_divers_raise_the_spartan_marker_before_the_check():
    g = position({"N8": ["AT1"], "N9": ["AT2"], "T8": ["SH1"], "T6": ["AH1"]})
    g.set_supply("Sparta", 2)
    g.give_stratagems("Sparta", [5])
    g.start_end_phase(turn=3)
    do(g, "play stratagem 5 Divers from the harbour")
    assert g.state.supply[1] == 2  # +1 by the divers, -1 for the blockade
    assert 5 in g.state.out_chits


def test_sfacteria_8_the_watch_on_the_shore_cancels_the_helots_wind_and_failed_runs_are_eliminated():
    g = position({"N8": ["AT1"], "N9": ["AT2"], "T8": ["SH1"], "T6": ["AH1"], "T11": ["SH6"]})
    g.set_supply("Sparta", 2)
    g.give_stratagems("Sparta", [4])
    g.give_stratagems("Athens", [5])
    g.start_end_phase(turn=3)
    do(g, "play stratagem 15 The watch on the shore", "play stratagem 4 Helots before the wind")
    assert g.state.e_flags == {"lookout": True}
    g.dice.force(3)  # odd: with the wind it would have succeeded
    do(g, "Helot run with SH6 from T11")
    assert unit_zone(g, "SH6") == "ELIM"


def test_sfacteria_8_cleon_brings_his_men_early_and_one_more_pa():
    g = position({"T6": ["AH1"], "T8": ["SH1"]})
    for p in ("Cleon", "AH5", "AP2", "AA2"):
        schedule(g, p, 5)
    g.give_stratagems("Athens", [1])
    g.dice.force((3, 3), (2, 2))
    g.start_turn(3)
    do(g, "play stratagem 1 Κλέων: twenty days")
    assert g.state.pa[0] == 8 and g.state.pa[1] == 4  # 3 PA + 1, and 2 PA
    for p in ("Cleon", "AH5", "AP2", "AA2"):
        assert unit_zone(g, p) == "BASE_ATH_LAND"
    assert 1 in g.state.out_chits
