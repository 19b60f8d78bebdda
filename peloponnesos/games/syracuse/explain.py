"""Why an action is not allowed now, in plain words with the rule (for ``IllegalAction``)."""

from __future__ import annotations

from . import movement, naval
from .actions import (
    ActivateArea,
    ActivateUnit,
    Attack,
    BuildWall,
    DeclareImpulse,
    Embark,
    Flee,
    Move,
    MoveStack,
    Pass,
    React,
    Sail,
    TearDown,
)
from .state import ROUTED

#: the step in which each kind of action is taken, and the words for when that is
WHEN = {
    "declare_impulse": ("declare", "6.1.2", "impulses are declared in the Operations Phase, one side after the other"),
    "pass": ("declare", "6.1.2", "a player passes instead of declaring an impulse"),
    "activate_area": ("activate", "6.2", "a leader's area is activated after the activation roll"),
    "activate_unit": ("activate_units", "6.3", "units are activated one by one only when no leader is left"),
    "end_activation": ("activate_units", "6.2", "there is no activation going on"),
    "move": ("move", "7.1", "units move in the movement step of an impulse"),
    "move_stack": ("move", "7.1", "units move in the movement step of an impulse"),
    "exchange": ("move", "10.5", "a cavalry unit is exchanged as its activation starts"),
    "embark": ("move", "7.2.2", "troops board ships in the movement step of a naval impulse"),
    "sail": ("move", "7.2", "ships sail in the movement step of a naval impulse"),
    "return_ship": ("move", "7.2.1", "ships come back onto the map in a naval impulse"),
    "reinforce": ("arrive", "12", "reinforcements arrive at the start of an impulse"),
    "end_movement": ("move", "6.2", "there is no movement going on"),
    "react": ("react", "6.4", "reactions come after the other side has moved"),
    "react_move": ("react_move", "6.4", "a unit moves after passing its reaction check"),
    "end_reaction": ("react", "6.4", "there is no reaction going on"),
    "fight": ("fight", "8", "combats are fought after movement and reaction"),
    "choose_time": ("time", "8.1", "the attacker chooses day or night as a combat begins"),
    "call_builders": ("builders", "10.2", "builders are called to fight as a combat begins"),
    "want_battle": ("want", "8.1", "pitched battles are asked for as a combat begins"),
    "stack_leader": ("stack_leader", "8.2", "leaders are stacked as a skirmish lines up"),
    "line_up": ("lineup", "8.2", "units line up as a skirmish begins"),
    "line_up_rest": ("lineup", "8.2", "units line up as a skirmish begins"),
    "attack": ("skirmish", "8.2", "units attack during a skirmish"),
    "flee": ("skirmish", "8.2", "units flee during a skirmish"),
    "cavalry_retreat": ("cav_retreat", "10.7", "cavalry retreats when it is attacked by no cavalry"),
    "refuge": ("refuge", "8.2", "a refuge is chosen when a unit flees or routs"),
    "relocate": ("relocate", "7.1", "beached ships put to sea when enemy ground units reach them"),
    "build_wall": ("walls", "10.2.1", "walls are built at the end of an impulse"),
    "tear_down": ("walls", "10.2.2", "walls are torn down at the end of an impulse"),
    "end_walls": ("walls", "6.2", "there is no wall building going on"),
    "supply_unit": ("city_supply", "9.2.1", "the city's stores are shared out in the supply phase"),
    "supply_rest": ("city_supply", "9.2.1", "the city's stores are shared out in the supply phase"),
    "replace": ("replace", "9.4", "replacements come in the Administrative Phase"),
    "end_replacements": ("replace", "9.4", "there are no replacements being given"),
    "place_sicel": ("place_sicel", "10.1.1", "Sicels are placed after they are drawn"),
    "choose_deserter": ("deserter", "10.1.1", "a deserter is chosen after a recruitment roll of 10"),
}


def explain(g, a) -> tuple[str, str]:
    st = g.state
    now = f"now: {g.prompt()}"
    when = WHEN.get(a.kind)
    if when is None:
        from . import battle

        found = battle.explain(g, a)
        if found is not None:
            return found
        return g.turn_rule(), f"{a} is not possible; {now}"
    step, rule, words = when
    if st.step != step:
        return rule, f"{words}; {now}"
    me = g.players[st.to_act]
    if isinstance(a, DeclareImpulse):
        if a.impulse not in ("ground", "naval"):
            return "6.2", "an impulse is either ground or naval."
        return "6.2", f"{me} has no naval units in play for a naval impulse."
    if isinstance(a, Pass):
        return "6.1.2", now
    if isinstance(a, ActivateArea):
        area = g.area_named(a.area)
        if area is None:
            return "7", f"there is no area called {a.area}."
        if a.adjacent and st.ctx.get("roll", 1) % 2:
            return "6.2", "only an even roll lets the leaders next to the area activate too."
        return "6.2", f"{a.area} has no {me} leader who has not activated this turn, with units that could activate."
    if isinstance(a, ActivateUnit):
        return "6.3", (f"{a.unit} cannot activate now: it must be a {me} unit on the map, not Routed, not already "
                       "active, and in Normal Status if it has activated this turn already.")
    if isinstance(a, Move | MoveStack):
        return _explain_move(g, a)
    if isinstance(a, Sail | Embark):
        return _explain_naval(g, a)
    if isinstance(a, React):
        return "6.4", (f"{a.unit} cannot react: a unit reacts once per impulse, if it is in an area with enemy units, "
                       "or next to one with an un-activated leader of its own.")
    if isinstance(a, Attack):
        return "8.2", (f"{a.unit} cannot attack {a.target} with its {a.cf} CF: a unit attacks the enemy opposite it, "
                       "with a CF of at least 1, and each unit acts once before any acts again.")
    if isinstance(a, Flee):
        return "8.2", f"{a.unit} cannot flee: there is no refuge for it (L-7, or an Athenian wall free of enemies)."
    if isinstance(a, BuildWall | TearDown):
        return "10.2", (f"no wall work in {a.area}: it needs activated units there that did not fight, at most two "
                        "walls per side (a third on Epipolae becomes the Circle Fort) and a free wall marker.")
    return rule, f"{a} is not one of the choices; {now}"


def _explain_move(g, a) -> tuple[str, str]:
    st, b = g.state, g.map
    if st.impulse_kind == "naval":
        return "6.2", "in a naval impulse only naval units (and what they carry) move."
    side = st.to_act
    if isinstance(a, MoveStack):
        return "7.1", f"nothing activated in {a.origin} can reach {a.dest}."
    dest = g.area_named(a.dest)
    if dest is None:
        return "7", f"there is no area called {a.dest}."
    u = g.unit_named(a.piece)
    j = g.leader_named(a.piece)
    if u is None and j is None:
        return "2", f"there is no counter called {a.piece}."
    if u is not None:
        if st.uside[u] != side:
            return "7.1", f"{a.piece} is not a {g.players[side]} unit."
        if not st.active[u]:
            return "6.2", f"{a.piece} has not been activated in this impulse."
        if st.moved[u]:
            return "7.1", f"{a.piece} has already moved in this impulse."
        if st.status[u] == ROUTED:
            return "7.2.2", f"{a.piece} is Routed and cannot move at all."
        origin = st.loc[u]
    else:
        if g.counters.leaders[j].side != side or not st.lactive[j] or st.lmoved[j]:
            return "6.2", f"{a.piece} cannot move now: he is not an activated {g.players[side]} leader still to move."
        origin = st.lloc[j]
    if b.is_sea[dest]:
        return "7.1", "ground units enter sea areas only aboard a naval unit (7.2.2)."
    if side == 0 and dest in b.city:
        return "7.1", f"Athenian units may never enter {a.dest}: it is part of the walled city of Syracuse."
    if origin >= 0 and dest in b.adj[origin] and dest in b.steep[origin]:
        return "7.1", f"a steep slope lies between {g.aid(origin)} and {a.dest}: ground units cannot cross it."
    if u is not None and dest not in movement.reach(g, u):
        return "7.1", (f"{a.piece} has {movement.movement_points(g, u)} MP: {a.dest} is out of its reach (1 MP an "
                       "area, +1 for Normal enemy units, enemy walls or enemy cavalry superiority, and a unit stops "
                       "on entering an area with enemy units or a bog).")
    return "7.1", f"{a.piece} cannot reach {a.dest}."


def _explain_naval(g, a) -> tuple[str, str]:
    st = g.state
    if st.impulse_kind != "naval":
        return "6.2", "ships sail and troops board only in a naval impulse."
    if isinstance(a, Embark):
        return "7.2.2", (f"{a.piece} cannot board {a.ship}: the ship must be activated and in the same land area, "
                         "not yet moved, with room (two units, one hoplite at most; one when reduced); nobody boards "
                         "in an enemy-held area, a bog or the city, and Routed units never board.")
    ship = g.unit_named(a.ship)
    if ship is None or st.utype[ship] != "N":
        return "7.2", f"{a.ship} is not a naval unit."
    if not st.active[ship] or st.moved[ship]:
        return "7.2", f"{a.ship} is not an activated naval unit still to move."
    dest = -1 if a.dest == "OFF" else g.area_named(a.dest)
    if dest not in naval.reach(g, ship):
        return "7.2", (f"{a.ship} cannot get to {a.dest}: a fleet stops on entering a sea area with enemy ships, "
                       "beaches only where no enemy is, and leaves the map only from a map-edge sea area.")
    return "7.2", f"{a} is not possible now."
