"""Supply and capitulation (rules 7, 7.1, 7.1.1).

Supply concerns only Athenian land units in Pylos (T6) and Spartan land units on Sphacteria (T7–T10).
At the end of each turn:

* Pylos is cut off when N7 and N8 both hold Spartan triremes and no Athenian piece: the Athenian marker
  falls one box; otherwise it climbs one box back towards 3.
* Sphacteria is cut off when N8 and N9 both hold Athenian triremes and no Spartan piece: the Spartan
  marker falls one box; otherwise it climbs one box. Just before, each Helot unit in T11 or T12 may try
  a run: an even die raises the Spartan marker (at most 3), an odd die reduces the Helot unit
  (eliminates it if it was reduced already).
* A marker at 0 is a capitulation: the land units in the supplied zones (and their leaders) are
  eliminated.
* 7.1.1: as soon as a side has no land unit left in its supplied zones (they left, were driven out or
  capitulated) its check is suspended; as soon as one is back, the marker goes to 3 and the check runs
  again — within a turn too (:func:`follow_presence`, called wherever land units come and go: a move,
  a battle and its retreats, units sent back unpaid, a move taken back).

:func:`forecast` tells a lesson what the next end-of-turn check will do without changing anything.
"""

from __future__ import annotations

from .stacking import Occupancy

SUPPLIED = {0: ("T6",), 1: ("T7", "T8", "T9", "T10")}
LIFELINES = {0: ("N7", "N8"), 1: ("N8", "N9")}  # the water that, held by the enemy alone, cuts supply
HELOT_ZONES = ("T11", "T12")


def supplied_mask(game, side: int) -> int:
    return _masks(game)[0][side]


def _masks(game) -> tuple:
    """(supplied zones of each side as masks, the Helot zones, each side's lifelines, supplied zones as a
    set of indices) on the game's board, computed once."""
    masks = _MASKS.get(game.map)
    if masks is None:
        index = game.map.index
        masks = _MASKS[game.map] = (tuple(sum(1 << index[z] for z in SUPPLIED[s]) for s in (0, 1)),
                                    frozenset(index[z] for z in HELOT_ZONES),
                                    tuple(tuple(index[z] for z in LIFELINES[s]) for s in (0, 1)),
                                    tuple(frozenset(index[z] for z in SUPPLIED[s]) for s in (0, 1)))
    return masks


_MASKS: dict = {}


def any_concerned(game, side: int) -> bool:
    """Has the side any land unit in its supplied zones (rule 7)?"""
    return not _masks(game)[3][side].isdisjoint(game.oob.of_land[side](game.state.uz))


def concerned_units(game, side: int) -> list[int]:
    """The side's land units in its supplied zones (rule 7)."""
    mask = supplied_mask(game, side)
    uz = game.state.uz
    return [i for i in game.oob.by_side[side][0] if uz[i] >= 0 and mask >> uz[i] & 1]


def cut_off(game, side: int, occ: Occupancy | None = None) -> bool:
    """Are ``side``'s lifelines held by enemy triremes alone (rule 7)?"""
    enemy = 1 - side
    lifelines = _masks(game)[2][side]
    if occ is not None:
        return all(occ.naval[enemy] >> z & 1 and not occ.any[side] >> z & 1 for z in lifelines)
    st, oob = game.state, game.oob  # only two zones to look at: no need for the counts
    ships, own = oob.of_naval[enemy](st.uz), oob.of_side[side](st.uz)
    own_leaders = [z for j, z in enumerate(st.lz) if oob.l_side[j] == side]
    return all(z in ships and z not in own and z not in own_leaders for z in lifelines)


def helots_ready(game) -> list[int]:
    """Helot units (Spartan allied hoplites) in T11 or T12 that have not run this turn."""
    st = game.state
    zones = _masks(game)[1]
    uz, done = st.uz, st.helots_done
    return [i for i in game.oob.helots if uz[i] in zones and not done >> i & 1]


def helot_runs_possible(game) -> bool:
    """Runs are offered while the Spartan check is running (units on the island, not suspended) and the
    marker is below 3 — at 3 a success could not raise it (see CLARIFICATIONS.md, rule 7)."""
    st = game.state
    if st.e_flags.get("truce"):
        return False
    if not any_concerned(game, 1):
        return False
    if st.suspended[1]:
        return False
    return st.supply[1] < 3 and bool(helots_ready(game))


def helot_run(game, i: int) -> bool:
    """One Helot run (rule 7). Returns True on success."""
    st = game.state
    st.helots_done |= 1 << i
    oob = game.oob
    uid = oob.units[i].id
    zone = game.map.ids[st.uz[i]]
    wind = st.e_flags.get("helot_wind", False)
    face = game.roll_d6(1, f"Helot supply run by {uid} from {zone} (Sfacteria 7)")
    success = face >= 2 if wind else face % 2 == 0
    if success:
        st.supply[1] = min(3, st.supply[1] + 1)
        if game.log.enabled:
            game.event("helot_run", f"{uid} gets through with food: Spartan supply rises to {st.supply[1]}.",
                       side="Sparta", rule="7", unit=uid, zone=zone, die=face, success=True, supply=st.supply[1])
    else:
        if game.log.enabled:
            game.event("helot_run", f"{uid} is caught (die {face}).", side="Sparta", rule="7", unit=uid, zone=zone,
                       die=face, success=False, supply=st.supply[1])
        if st.e_flags.get("lookout") or st.ured[i]:
            game.eliminate_unit(i, "7", "caught running supplies")
        else:
            st.ured[i] = True
            if game.log.enabled:
                game.event("reduced", f"{uid} is reduced.", side="Sparta", rule="7", unit=uid, zone=zone,
                           pf_lost=oob.u_full[i] - oob.u_red[i])
    return success


def follow_presence(game) -> None:
    """Rule 7.1.1, kept up at once: a side whose land units have all left its supplied zones has its check
    suspended; when one is back the marker goes to 3 and the check runs again (see CLARIFICATIONS.md)."""
    st = game.state
    supplied, of_land, uz = _masks(game)[3], game.oob.of_land, st.uz
    for side in (0, 1):
        here = not supplied[side].isdisjoint(of_land[side](uz))  # (any_concerned, for both sides at once)
        if here == st.suspended[side]:  # present and checked, or absent and suspended: nothing to do
            if here:
                _restart(game, side)
            else:
                _suspend(game, side)


def _suspend(game, side: int) -> None:
    st = game.state
    st.suspended[side] = True
    if game.log.enabled:
        name = game.players[side]
        game.event("supply_suspended", f"No {name} land units are left in {'Pylos' if side == 0 else 'Sphacteria'}: "
                   f"the {name} supply check is suspended.", side=name, rule="7.1.1", suspended=True,
                   supply=st.supply[side])


def _restart(game, side: int) -> None:
    st = game.state
    st.suspended[side] = False
    before = st.supply[side]
    st.supply[side] = 3
    if game.log.enabled:
        name = game.players[side]
        game.event("supply_suspended", f"{name} land units are back in {'Pylos' if side == 0 else 'Sphacteria'}: "
                   f"the {name} supply check starts again, its marker at 3 (it was {before}).", side=name,
                   rule="7.1.1", suspended=False, supply=3)


def check(game, side: int) -> None:
    """The end-of-turn supply check for ``side`` (rules 7, 7.1, 7.1.1), stratagem effects included.

    Logs one event of kind "supply" for the side, whatever happens (the marker may not move): columns
    ``level_before``, ``level``, ``change``, ``suspended``, ``cut_off`` and ``effect`` (the stratagem that
    changed the check, or None); the rule is 7, 7.1 (the marker reached 0) or 7.1.1 (suspended or
    restarted). A capitulation follows the event."""
    st = game.state
    name = game.players[side]
    where = "Pylos" if side == 0 else "Sphacteria"
    before = st.supply[side]
    if not concerned_units(game, side):
        still = st.suspended[side]
        st.suspended[side] = True
        if game.log.enabled:
            game.event("supply", f"No {name} land units in {where}: its supply check is {'still ' if still else ''}"
                       f"suspended (the marker stays at {before}).", side=name, rule="7.1.1", level_before=before,
                       level=before, change=0, suspended=True, cut_off=False, effect=None, supply=before)
        return
    rule = "7"
    said = []
    if st.suspended[side]:
        st.suspended[side] = False
        st.supply[side] = 3
        rule = "7.1.1"
        said.append(f"{name} units are back in {where}: the check starts again at 3")
    effect = None
    blocked = False
    flags = st.e_flags
    if flags.get("truce"):
        effect = "truce"
        said.append(f"truce (stratagem): {name} supply stays at {st.supply[side]}")
    else:
        blocked = cut_off(game, side)
        reason = "the enemy holds " + " and ".join(LIFELINES[side])
        if side == 0 and flags.get("thirst") and not blocked:
            blocked, reason, effect = True, "thirst (stratagem 16)", "thirst"
        if side == 1 and flags.get("divers"):
            st.supply[1] = min(3, st.supply[1] + 1)
            effect = "divers"
            said.append(f"divers bring food across (stratagem): Spartan supply {st.supply[1]}")
        level = st.supply[side]
        if blocked:
            if side == 1 and flags.get("half_rations"):
                effect = "half_rations"
                said.append(f"{where} is cut off ({reason}), but on half rations the Spartan supply does not "
                            f"fall this turn (stratagem): it stays at {level}")
            else:
                st.supply[side] = max(0, level - 1)
                said.append(f"{where} is cut off ({reason}): {name} supply falls to {st.supply[side]}")
                if st.supply[side] == 0:
                    rule = "7.1"
        elif level < 3:
            st.supply[side] = level + 1
            said.append(f"{where} is supplied: {name} supply rises to {st.supply[side]}")
        else:
            said.append(f"{where} is supplied: {name} supply stays at 3")
    level = st.supply[side]
    text = "; ".join(said)
    if game.log.enabled:
        game.event("supply", text[0].upper() + text[1:] + ".", side=name, rule=rule, level_before=before, level=level,
                   change=level - before, suspended=False, cut_off=blocked, effect=effect, supply=level)
    if rule == "7.1":
        capitulate(game, side)


def capitulate(game, side: int) -> None:
    """Rule 7.1: everything of ``side`` in the supplied zones surrenders; 10.1 may end the game."""
    st, oob = game.state, game.oob
    mask = supplied_mask(game, side)
    name = game.players[side]
    lost = [i for i, z in enumerate(st.uz) if z >= 0 and mask >> z & 1 and oob.u_side[i] == side
            and not oob.u_naval[i]]
    if game.log.enabled:
        game.event("capitulation", f"{name} supply is exhausted: the garrison of "
                   f"{'Pylos' if side == 0 else 'Sphacteria'} capitulates.", side=name, rule="7.1",
                   units=[oob.units[i].id for i in lost])
    for i in lost:
        game.eliminate_unit(i, "7.1", "capitulated")
    for j, z in enumerate(st.lz):
        if z >= 0 and mask >> z & 1 and oob.l_side[j] == side:
            game.lose_leader(j, "7.1", "capitulated with his men")
    st.suspended[side] = True
    hoplites = sum(1 for i in lost if oob.u_type[i] == "H")
    if len(lost) >= 2 and hoplites >= 1:
        game.turn_end_event()  # the turn ends here, with the game
        game.finish(1 - side, "total", f"the {name} garrison capitulated with {len(lost)} units, "
                    f"{hoplites} of them hoplites (Sfacteria 10.1)", rule="10.1")
    else:
        if game.log.enabled:
            game.event("capitulation", "Too small a capitulation for a total victory (it needs two units, one of "
                       "them hoplites; Sfacteria 10.1).", side=name, rule="10.1")


def forecast(game) -> dict:
    """What the next end-of-turn supply checks would do, ignoring stratagems and Helot runs: per side
    the marker now, whether it is checked, whether it is cut off, the marker after, and capitulation."""
    st = game.state
    occ = Occupancy(game)
    out = {}
    for side in (0, 1):
        units = concerned_units(game, side)
        marker = st.supply[side]
        checked = bool(units)
        suspended = st.suspended[side]
        if checked and suspended:
            marker = 3
        blocked = checked and cut_off(game, side, occ)
        after = (max(0, marker - 1) if blocked else min(3, marker + 1)) if checked else marker
        entry = {
            "marker": st.supply[side], "checked": checked, "suspended": suspended and not checked,
            "cut_off": blocked, "lifelines": list(LIFELINES[side]), "after": after,
            "capitulates": checked and after == 0, "units": [game.oob.units[i].id for i in units],
        }
        if side == 1:
            entry["helots_ready"] = [game.oob.units[i].id for i in helots_ready(game)]
        out[game.players[side]] = entry
    return out


def would_change(game) -> dict:
    """Per side, by how much the supply marker would move at the next check (-1, 0 or +1)."""
    return {side: f["after"] - (3 if f["checked"] and game.state.suspended[i] else f["marker"])
            for i, (side, f) in enumerate(forecast(game).items())}
