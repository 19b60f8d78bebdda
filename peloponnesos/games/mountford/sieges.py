"""Mountford 5.8: sieges.

In a combat operation the active army may besiege a fortress in an unfriendly or neutral space (never a
neutral city-state) after any battles there, if in this operation it has not lost or avoided a battle,
it has land SPs to build the wall, it is not outnumbered in the space in naval or cavalry SPs (Athens
counts the ships in Piraeus), and every other friendly force is at home, on station in a friendly
fortress, or itself in a siege (*reconstructed* list, CLARIFICATIONS 5.8). An attempt costs 100
talents per friendly SP in the space, rolls one die on the siege table (tables.toml [siege]) and puts
a ravaged marker in the space. Three points take a city-state or a space with defenders or a garrison,
one any other space. Points are kept while the conditions hold, and lost the moment they do not.
"""

from __future__ import annotations

from .actions import Besiege, NoGarrison, NoSiege, PlaceGarrison
from .control import FRIENDLY, NEUTRAL, UNFRIENDLY, control

BESIEGE, NO_SIEGE = Besiege(), NoSiege()
GARRISON, NO_GARRISON = PlaceGarrison(), NoGarrison()


def besiegeable(game, city: str, space: int) -> bool:
    """A fortress in an unfriendly space, or a neutral one that is not a city-state (5.8)."""
    sp = game.board.spaces[space]
    if not sp.fortress:
        return False
    rel = control(game).relation(city, game.state.owner[space])
    if rel == UNFRIENDLY:
        return True
    return rel == NEUTRAL and not sp.city_state


def _naval_and_cavalry(game, group: str, space: int, *, friendly: bool) -> tuple[int, int]:
    """(naval, cavalry) SPs in ``space`` of the besiegers (``friendly``) or of their enemies; for Athens,
    the ships in Piraeus count as in Athens too (5.8)."""
    st = game.state
    ctl = control(game)
    spaces = [space]
    if space == game.board.athens:
        spaces.append(game.board.piraeus)
    naval = cav = 0
    for j in spaces:
        for c, t in st.forces.get(j, {}).items():
            ours = ctl.group[c] == group if friendly else (ctl.group[c], group) in ctl.hostile_pairs
            if ours:
                naval += t[2]
                if j == space:
                    cav += t[1]
    op = st.op
    if friendly and op and op["at"] == space and ctl.group[op["city"]] == group:
        naval += sum(t[2] for t in op["army"].values())
        cav += sum(t[1] for t in op["army"].values())
    return naval, cav


def _hostile_to(game, city: str, group: str) -> bool:
    ctl = control(game)
    return (ctl.group[city], group) in ctl.hostile_pairs


def defenders(game, group: str, space: int) -> int:
    """SPs unfriendly to ``group`` in ``space`` (5.8)."""
    st = game.state
    return sum(sum(t) for c, t in st.forces.get(space, {}).items() if _hostile_to(game, c, group))


def needed(game, group: str, space: int) -> int:
    """Siege points that take ``space`` (5.8): the table's number for a city-state or a defended or garrisoned
    space (three), else its number for any other (one)."""
    sp = game.board.spaces[space]
    t = game.tables
    if sp.city_state or game.state.garrison[space] or defenders(game, group, space):
        return t.siege_needed_city
    return t.siege_needed_other


def friendly_sps_here(game, space: int) -> int:
    """The active army's SPs and its side's in ``space``: each costs the table's price (100 talents) an attempt
    (5.8)."""
    st = game.state
    op = st.op
    ctl = control(game)
    total = sum(sum(t) for t in op["army"].values())
    total += sum(sum(t) for c, t in st.forces.get(space, {}).items() if ctl.friends(c, op["city"]))
    return total


def others_settled(game, city: str, space: int, unsettled: frozenset[int] | None = None) -> bool:
    """Every other friendly force is at home, on station in a friendly fortress, or in a siege (5.8).
    ``unsettled``: ``unsettled_spaces(game, city)``, if the caller has it (a bot weighing many sieges)."""
    if unsettled is None:
        unsettled = unsettled_spaces(game, city)
    board = game.board
    # a fleet off Piraeus takes part in a siege of Athens
    return all(j == space or (space == board.athens and j == board.piraeus) for j in unsettled)


def unsettled_spaces(game, city: str) -> frozenset[int]:
    """The spaces holding SPs friendly to ``city`` that are in the field (5.8): not at home (a space their own
    city-state holds, walled or not: ships in their own dockyard count), not on station (a friendly fortress)
    and not besieging (CLARIFICATIONS 5.8)."""
    st = game.state
    ctl = control(game)
    fortress = game.board.fortress
    out = set()
    for j, stacks in st.forces.items():
        for c, t in stacks.items():
            if not sum(t) or not ctl.friends(c, city):
                continue
            if st.owner[j] == c:  # at home
                continue
            if fortress[j] and ctl.relation(c, st.owner[j]) == FRIENDLY:
                continue
            if j in st.siege and st.siege[j][1] > 0 and ctl.friends(st.siege[j][0], c):
                continue
            out.add(j)
            break
    return frozenset(out)


# Why a siege may not be made, in words (each from Mountford 5.8); the log and the panel say them as they are.
NOT_OBJECTIVE = "sieges are made only at the objective of a combat operation"
LOST_OR_AVOIDED = "the army lost or avoided a battle in this operation"
NO_LAND = "a siege needs land SPs to build the wall"
OUTNUMBERED = "the besiegers are outnumbered in naval or cavalry SPs"


def why_not_besiegeable(game, city: str, space: int) -> str | None:
    """Why ``city`` may not besiege ``space`` at all, whatever its army (5.8), in words; None if it may. The one
    wording of it: ``preview_siege`` refuses with it, the panel and the log (``no_siege``) give it as a reason."""
    if besiegeable(game, city, space):
        return None
    if not game.board.spaces[space].fortress:
        return "it has no walls: only a fortress can be besieged"
    owner = game.state.owner[space]
    if control(game).relation(city, owner) == NEUTRAL:  # besiegeable: a neutral fortress that is a city-state
        return (f"it is held by {game.city_name(owner)}, a neutral city-state: war must be declared on it first, "
                "as rule 10.8 allows")
    if owner == city:
        return f"it is held by {game.city_name(city)} itself"
    return f"it is held by {game.city_name(owner)}, on {game.city_name(city)}'s own side"


def _silent(game, city: str, space: int) -> bool:
    """No ``no_siege`` row for a space that is no siege's business: no walls, or walls of the army's own side."""
    sp = game.board.spaces[space]
    return not sp.fortress or control(game).relation(city, game.state.owner[space]) == FRIENDLY


def _field_reason(game, city: str, space: int) -> str | None:
    if others_settled(game, city, space):
        return None
    board = game.board
    where = sorted(game.space_name(j) for j in unsettled_spaces(game, city)
                   if not (j == space or (space == board.athens and j == board.piraeus)))
    return (f"other friendly forces are in the field ({_and(where)}), not at home, on station in a friendly fortress "
            "or in a siege")


def _treasury_reason(game, city: str, sps: int) -> str | None:
    cost = game.tables.siege_cost * sps
    have = game.state.treasury.get(city, 0)
    if have >= cost:
        return None
    return (f"the treasury of {game.city_name(city)} holds {have} talents and a siege attempt by {sps} SPs costs "
            f"{cost} ({game.tables.siege_cost} a SP)")


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def conditions(game) -> list[str]:
    """Why the active army may not besiege now ([] if it may), in words (5.8)."""
    st = game.state
    op = st.op
    space = op["at"]
    city = op["city"]
    group = control(game).group[city]
    why = []
    if not op["combat"] or space != op["dest"]:
        why.append(NOT_OBJECTIVE)
    fort = why_not_besiegeable(game, city, space)
    if fort:
        why.append(fort)
    if op["lost"] or op["avoided"]:
        why.append(LOST_OR_AVOIDED)
    if not any(t[0] + t[1] for t in op["army"].values()):
        why.append(NO_LAND)
    own_n, own_c = _naval_and_cavalry(game, group, space, friendly=True)
    foe_n, foe_c = _naval_and_cavalry(game, group, space, friendly=False)
    if own_n < foe_n or own_c < foe_c:
        why.append(OUTNUMBERED)
    why += [r for r in (_field_reason(game, city, space),
                        _treasury_reason(game, city, friendly_sps_here(game, space))) if r]
    return why


def blockers(game, city: str, space: str | int, sps: int, land: bool = True) -> list[str]:
    """Before an operation: the reasons a siege of ``space`` by an army of ``city`` with ``sps`` SPs (``land``:
    some of them hoplites or cavalry) could not be made, whatever the battles there bring ([] if none) (5.8).
    The army is not on the map yet: forces elsewhere are judged as they stand; friendly SPs already in
    ``space`` are added to the cost."""
    st = game.state
    i = space if isinstance(space, int) else game.board.index[space]
    ctl = control(game)
    here = sum(sum(t) for c, t in st.forces.get(i, {}).items() if ctl.friends(c, city))
    why = [r for r in (why_not_besiegeable(game, city, i),) if r]
    if not land:
        why.append(NO_LAND)
    why += [r for r in (_field_reason(game, city, i), _treasury_reason(game, city, sps + here)) if r]
    return why


def no_siege_words(place: str, reasons: list[str]) -> str:
    """"No siege of <place>: <reasons> (Mountford 5.8)." — what the log and the panel say when a siege cannot
    be made."""
    return f"No siege of {place}: {'; '.join(reasons)} (Mountford 5.8)."


def offer(game) -> None:
    """After the battles of a combat operation: the siege decision, or the end of the operation. A siege that
    cannot be made at a walled objective is logged with its reasons (5.8)."""
    st = game.state
    op = st.op
    why = conditions(game) if op["combat"] else [NOT_OBJECTIVE]
    if not why:
        st.to_act = op["side"]
        st.step = "siege"
        return
    walled = op["combat"] and op["at"] == op["dest"] and not _silent(game, op["city"], op["at"])
    if walled and game.log.enabled:
        game.event("no_siege", no_siege_words(game.space_name(op["at"]), why), side=game.players[op["side"]],
                   rule="5.8", space=game.board.ids[op["at"]], reasons="; ".join(why))
    st.step = "op_end"


def legal(game) -> list:
    """Mountford 5.8: make a siege attempt, or not."""
    return [BESIEGE, NO_SIEGE]


def apply(game, action) -> None:
    """Mountford 5.8: pay, roll on the siege table, mark the space ravaged; enough points take it."""
    st = game.state
    op = st.op
    if isinstance(action, NoSiege):
        st.step = "op_end"
        return
    space, city = op["at"], op["city"]
    group = control(game).group[city]
    cost = game.tables.siege_cost * friendly_sps_here(game, space)
    st.treasury[city] -= cost
    die = game.dice.d6(who=game.players[op["side"]], why=f"siege of {game.board.ids[space]} (Mountford 5.8)")
    gain = game.tables.siege_gain(die, st.rebellion[space])
    entry = st.siege.get(space)
    if entry is None or not control(game).friends(entry[0], city):
        entry = st.siege[space] = [city, 0]
    entry[1] += gain
    st.ravaged[space] = True
    need = needed(game, group, space)
    if game.log.enabled:
        game.event("siege", f"Siege of {game.space_name(space)}: {cost} talents, die {die}: {gain} point(s), "
                   f"{entry[1]} of {need}.", side=game.players[op["side"]], rule="5.8", die=die, points=entry[1],
                   needed=need, talents=-cost, city=city, space=game.board.ids[space])
    if entry[1] >= need:
        capture(game, space, city)
        if st.phase == "over":
            return
        st.to_act = op["side"]
        st.step = "garrison"
        return
    st.step = "op_end"


def capture(game, space: int, city: str) -> None:
    """Mountford 5.8: ``city`` takes ``space``: its enemies there are eliminated, their leaders die."""
    st = game.state
    ctl = control(game)
    group = ctl.group[city]
    old_owner = st.owner[space]
    was_rebel = st.rebellion[space]
    for c in list(st.forces.get(space, {})):
        if _hostile_to(game, c, group) or (ctl.relation(city, old_owner) == NEUTRAL and not ctl.friends(c, city)):
            t = st.forces[space][c]
            game.note_losses(c, t, "siege", "5.8", space=space)
            game.remove_sps(space, c, t)
    for nm in game.leader_order:
        alive_here = st.leader_at.get(nm) == space and st.leader_status.get(nm) != "dead"
        if alive_here and not ctl.friends(game.leaders[nm].city, city):
            game.kill_leader(nm, "5.8", "dies as the town falls")
    st.garrison[space] = ""
    st.rebellion[space] = False
    st.owner[space] = city
    game._owner_changes += 1
    st.siege.pop(space, None)
    if game.log.enabled:
        game.event("capture", f"{game.space_name(space)} falls to {game.city_name(city)}.", side=group, rule="5.8",
                   space=game.board.ids[space], city=city)
    if game.board.spaces[space].city_state and not was_rebel:
        game.change_bellicosity(city, 1, "5.8", "took a city-state")
    game.after_capture(space, old_owner, city)


def legal_garrison(game) -> list:
    """Mountford 5.8: leave a garrison, or not."""
    return [GARRISON, NO_GARRISON]


def apply_garrison(game, action) -> None:
    """Mountford 5.8: a garrison marker in the captured space."""
    st = game.state
    op = st.op
    if isinstance(action, PlaceGarrison):
        st.garrison[op["at"]] = op["city"]
        if game.log.enabled:
            game.event("garrison", f"A {game.city_name(op['city'])} garrison holds {game.space_name(op['at'])}.",
                       side=game.players[op["side"]], rule="5.8")
    st.step = "op_end"


def reset(game, space: int, why: str) -> None:
    """Mountford 5.8: the siege of ``space`` loses its points (``why`` is logged)."""
    st = game.state
    if space in st.siege and st.siege[space][1] and game.log.enabled:
        game.event("siege_lost", f"The siege of {game.space_name(space)} must start again: {why}.", rule="5.8",
                   space=game.board.ids[space])
    st.siege.pop(space, None)


def check_all(game) -> None:
    """Drop the points of every siege whose conditions no longer hold (5.8): the besiegers gone, or
    outnumbered in naval or cavalry SPs."""
    st = game.state
    ctl = control(game)
    for space in list(st.siege):
        city = st.siege[space][0]
        group = ctl.group[city]
        here = st.forces.get(space, {})
        if not any(ctl.group[c] == group and (t[0] + t[1]) for c, t in here.items()):
            reset(game, space, "the besiegers moved away")
            continue
        own_n, own_c = _naval_and_cavalry(game, group, space, friendly=True)
        foe_n, foe_c = _naval_and_cavalry(game, group, space, friendly=False)
        if own_n < foe_n or own_c < foe_c:
            reset(game, space, "the besiegers are outnumbered in naval or cavalry SPs")
