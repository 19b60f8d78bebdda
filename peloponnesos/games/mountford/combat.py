"""Mountford 5: combat — its steps (naval battle 5.1, land battle or skirmish 5.2-5.3, then the siege
5.8 in a combat operation), who fights on each side, who may stay out (5.1, 5.2), the home-space leader,
losses (5.4), bellicosity (5.5), hostages (5.6), leader casualties (5.7) and ravaging.

The two sides (CLARIFICATIONS 5): in a combat operation, the active city-state's side against the group
of city-states whose forces hold the objective; in an interception (4.6), the moving army alone
against the intercepting group. Every SP of a side whose ZOI reaches the combat space may take part.

A battle is a dict ``state.battle`` worked through stage by stage (``advance``); it stops whenever a
player must decide (``state.step``) and goes on when the decision is applied. Its log rows are numbered
(``battle``, ``game.battle_number``): each fight's result row says what the table takes, then each SP taken is
an ``eliminated`` row (the order and fields: the log in ``engine.py``'s docstring).
"""

from __future__ import annotations

from . import hostages, land_battle, losses, movement, naval_battle, sieges
from .actions import (
    AcceptBattle,
    NoLeader,
    Participate,
    PlaceLeader,
    PutToSea,
    Ravage,
    Remain,
    Retreat,
    Spare,
    StandAndFight,
    TakeLoss,
    TrySkirmish,
)
from .control import FRIENDLY, control
from .leaders import dies
from .routes import army_sps

PUT_TO_SEA, STAND = PutToSea(), StandAndFight()
TRY_SKIRMISH, ACCEPT_BATTLE = TrySkirmish(), AcceptBattle()
RAVAGE, SPARE = Ravage(), Spare()
RETREAT, REMAIN = Retreat(), Remain()
NO_LEADER = NoLeader()
ARMY = -1  # "where" of the moving army in participation lists


def start(game, kind: str, space: int, defender_group: str) -> None:
    """Mountford 5: a battle in ``space`` between the moving army's side and ``defender_group`` begins."""
    st = game.state
    op = st.op
    ctl = control(game)
    st.battle = {"kind": kind, "space": space, "groups": [ctl.group[op["city"]], defender_group],
                 "queue": [], "part": {"naval": [], "land": []}, "to_sea": False, "leaders": ["", ""],
                 "lost": [False, False], "avoided_here": [False, False], "losses": [], "stage": "sea_choice",
                 "homes": [], "ravaged": False, "fought": False, "naval_result": None, "land_result": None}
    game.battle_number += 1
    if game.log.enabled:
        names = [game.city_name(g) for g in st.battle["groups"]]
        game.event("battle", f"Battle {game.battle_number} in {game.space_name(space)}: {names[0]} against {names[1]}.",
                   rule="5", space=game.board.ids[space], battle_kind=kind)
    advance(game)


# -- who may fight ---------------------------------------------------------------------------------
def _candidates(game, k: int, arm: str) -> list[list]:
    """[where, city, must] for side ``k``'s SPs of ``arm`` that may take part (ARMY = the moving army)."""
    st = game.state
    b = st.battle
    op = st.op
    ctl = control(game)
    board = game.board
    space = b["space"]
    idx = 2 if arm == "naval" else None
    out = []
    if k == 0:
        if not (arm == "land" and b["to_sea"]):
            for city in sorted(op["army"]):
                t = op["army"][city]
                if t[2] if arm == "naval" else t[0] + t[1]:
                    out.append([ARMY, city, True])
        if b["kind"] == "interception":
            return out  # the moving army alone (CLARIFICATIONS 4.6)
    group = b["groups"][k]
    tables = game.tables
    forces = st.forces
    for j in board.zoi_order[arm][space]:
        stacks = forces.get(j)
        if not stacks:
            continue
        for city in sorted(stacks):
            t = stacks[city]
            has = t[idx] if idx is not None else t[0] + t[1]
            if not has or ctl.group[city] != group:
                continue
            if j == space:
                walls = board.spaces[j].fortress and ctl.relation(city, st.owner[j]) == FRIENDLY
                must = not (tables.avoid_behind_walls and walls)
            else:
                must = not tables.avoid_from_a_distance
            out.append([j, city, must])
    return out


def _queue_participation(game) -> None:
    b = game.state.battle
    for arm in ("naval", "land"):
        sides = [_candidates(game, 0, arm), _candidates(game, 1, arm)]
        if not (sides[0] and sides[1]):
            continue
        for k in (1, 0):
            seen = set()
            for where, city, must in sides[k]:
                if where == ARMY:
                    b["part"][arm].append([k, ARMY, city])
                    continue
                key = (where, must)
                if must and arm == "land":
                    b["part"][arm].append([k, where, city])
                    continue
                if key in seen:
                    continue
                seen.add(key)
                b["queue"].append([k, where, arm, must])


def _entries(game, k: int, arm: str) -> list[list]:
    """Participating [where, city, h, c, n] of side ``k`` for ``arm``, as the SPs stand now."""
    st = game.state
    b = st.battle
    out = []
    for kk, where, city in b["part"][arm]:
        if kk != k:
            continue
        t = st.op["army"].get(city, [0, 0, 0]) if where == ARMY else st.forces.get(where, {}).get(city, (0, 0, 0))
        if arm == "naval":
            out.append([where, city, 0, 0, t[2]])
        else:
            out.append([where, city, t[0], t[1], 0])
    return out


def totals(game, k: int, arm: str) -> tuple[int, int, int]:
    """(hoplite, cavalry, naval) SPs of side ``k`` taking part with ``arm``, as they stand now."""
    h = c = n = 0
    for _where, _city, eh, ec, en in _entries(game, k, arm):
        h += eh
        c += ec
        n += en
    return h, c, n


def _decider(game, k: int) -> int | None:
    return game.player_of_group(game.state.battle["groups"][k])


# -- the stages --------------------------------------------------------------------------------------
def advance(game) -> None:
    """Work the battle through its stages (5.1-5.8) until a player must decide or it is over."""
    st = game.state
    b = st.battle
    while True:
        stage = b["stage"]
        if stage == "sea_choice":
            b["stage"] = "participation"
            if b["kind"] == "interception" and _can_put_to_sea(game):
                st.to_act = st.op["side"]
                st.step = "put_to_sea"
                return
        elif stage == "participation":
            _queue_participation(game)
            b["stage"] = "queue"
        elif stage == "queue":
            if b["queue"]:
                k, where, arm, must = b["queue"][0]
                player = _decider(game, k)
                if player is None:  # a non-player city-state joins with what is in the space, keeps away otherwise
                    b["queue"].pop(0)
                    if where == b["space"] or must:
                        _join(game, k, where, arm)
                    continue
                st.to_act = player
                st.step = "participate"
                return
            b["stage"] = "home"
            b["homes"] = _home_leader_offers(game)
        elif stage == "home":
            if b["homes"]:
                city = b["homes"][0]
                st.to_act = game.side_of_city(city)
                st.step = "home_leader"
                return
            _choose_leaders(game)
            b["stage"] = "naval"
        elif stage == "naval":
            b["stage"] = "land_choice"
            if totals(game, 0, "naval")[2] and totals(game, 1, "naval")[2]:
                _naval(game)
                if b["losses"]:
                    b["stage"] = "losses_then_land_choice"
        elif stage in AFTER_LOSSES:  # the losses are taken one SP at a time, then their effects (5.4-5.7)
            if b["losses"]:
                if _ask_loss(game):
                    return
                continue
            settle, following = AFTER_LOSSES[stage]
            settle(game)
            b["stage"] = following
        elif stage == "land_choice":
            b["stage"] = "ravage"
            a, d = totals(game, 0, "land"), totals(game, 1, "land")
            if a[0] + a[1] and d[0] + d[1]:
                friend = _friendly_side(game)
                b["skirmish"] = False
                if friend is not None:
                    player = _decider(game, friend)
                    b["chooser"] = friend
                    if player is None:
                        if totals(game, friend, "land")[0] < totals(game, 1 - friend, "land")[0]:
                            _skirmish_roll(game, friend)
                        b["stage"] = "land"
                        continue
                    st.to_act = player
                    st.step = "skirmish_choice"
                    b["stage"] = "land"
                    return
                b["stage"] = "land"
        elif stage == "land":
            b["stage"] = "ravage"
            _land(game)
            if b["losses"]:
                b["stage"] = "losses_then_ravage"
        elif stage == "ravage":
            b["stage"] = "after"
            k = _ravager(game)
            if k is not None:
                player = _decider(game, k)
                if player is not None:
                    b["ravager"] = k
                    st.to_act = player
                    st.step = "ravage"
                    return
        elif stage == "after":
            _say_no_battle(game)
            _after(game)
            return


def _can_put_to_sea(game) -> bool:
    """5.2.1: an intercepted army eligible for naval transport, with land SPs the interceptors could fight."""
    op = game.state.op
    h, c, n = army_sps(op["army"])
    if not (h + c) or not movement.eligible(h, c, n):
        return False
    return bool(_candidates(game, 1, "land"))


def _join(game, k: int, where: int, arm: str) -> None:
    st = game.state
    b = st.battle
    ctl = control(game)
    group = b["groups"][k]
    idx = 2 if arm == "naval" else None
    for city in sorted(st.forces.get(where, {})):
        t = st.forces[where][city]
        has = t[idx] if idx is not None else t[0] + t[1]
        if has and ctl.group[city] == group and [k, where, city] not in b["part"][arm]:
            b["part"][arm].append([k, where, city])


# participation decisions
def legal_participate(game) -> list:
    """Mountford 5.1, 5.2: join, stay out or (ships) burn — staying out only where the tables allow."""
    b = game.state.battle
    _k, where, arm, must = b["queue"][0]
    sid = game.board.ids[where]
    if must:
        return [Participate(sid, arm, "join"), Participate(sid, arm, "burn")]
    acts = [Participate(sid, arm, "join"), Participate(sid, arm, "avoid")]
    if arm == "naval":
        acts.append(Participate(sid, arm, "burn"))
    return acts


def apply_participate(game, action) -> None:
    """Mountford 5.1, 5.2: the SPs of one arm in one space join, stay out, or burn their ships."""
    st = game.state
    b = st.battle
    k, where, arm, _must = b["queue"].pop(0)
    name = game.space_name(where)
    if action.choice == "join":
        _join(game, k, where, arm)
        if game.log.enabled:
            game.event("participate", f"The {'ships' if arm == 'naval' else 'troops'} at {name} join the battle.",
                       side=b["groups"][k], rule="5.1" if arm == "naval" else "5.2", space=game.board.ids[where])
    elif action.choice == "burn":
        ctl = control(game)
        for city in sorted(st.forces.get(where, {})):  # one line a city-state: the choice and its loss at once
            t = st.forces[where][city]
            if t[2] and ctl.group[city] == b["groups"][k]:
                game.note_losses(city, (0, 0, t[2]), "burnt", "5.1", space=where, side=b["groups"][k])
                game.remove_sps(where, city, (0, 0, t[2]))
    else:
        if arm == "land" and where == b["space"]:
            b["avoided_here"][k] = True
        if game.log.enabled:
            game.event("avoid", f"The {'ships' if arm == 'naval' else 'troops'} at {name} stay out of the battle.",
                       side=b["groups"][k], rule="5.1" if arm == "naval" else "5.2", space=game.board.ids[where])
    st.step = "battle"


def legal_put_to_sea(game) -> list:
    """Mountford 5.2.1: put to sea or stand and fight."""
    return [PUT_TO_SEA, STAND]


def apply_put_to_sea(game, action) -> None:
    """Mountford 5.2.1: an army that puts to sea takes no part in the land battle."""
    st = game.state
    if isinstance(action, PutToSea):
        st.battle["to_sea"] = True
        if game.log.enabled:
            game.event("put_to_sea", "The army puts to sea and avoids the land battle.",
                       side=game.players[st.op["side"]],
                       rule="5.2.1")
    st.step = "battle"


# home-space leaders (Mountford 5: usual rules of 3.2.1, CLARIFICATIONS 5)
def _home_leader_offers(game) -> list[str]:
    st = game.state
    b = st.battle
    out = []
    group = control(game).group
    taking_part = {(kk, b["space"] if where == ARMY else where, c) for arm in ("naval", "land")
                   for kk, where, c in b["part"][arm]}
    for city in ("athens", "sparta", "corinth", "thebes"):
        home = game.board.home_of.get(city)
        k = next((kk for kk in (0, 1) if group[city] == b["groups"][kk]), None)
        if home is None or k is None or game.side_of_city(city) is None:
            continue
        if (k, home, city) in taking_part and _ready_leaders(game, city) and not _leader_present(game, city, home):
            out.append(city)
    return out


def _ready_leaders(game, city: str) -> list[str]:
    st = game.state
    return [nm for nm in game.leader_order if game.leaders[nm].city == city and st.leader_status.get(nm) == "ready"]


def _leader_present(game, city: str, space: int) -> bool:
    st = game.state
    if st.op and st.op["city"] == city and st.op["at"] == space:
        return True
    return any(game.leaders[nm].city == city and st.leader_status.get(nm) == "used" and st.leader_at.get(nm) == space
               for nm in game.leader_order)


def legal_home_leader(game) -> list:
    """Mountford 5: a ready leader of the city-state, or none."""
    city = game.state.battle["homes"][0]
    return [PlaceLeader(nm) for nm in _ready_leaders(game, city)] + [NO_LEADER]


def apply_home_leader(game, action) -> None:
    """Mountford 5: the chosen leader takes command in his home space for this battle."""
    st = game.state
    b = st.battle
    city = b["homes"].pop(0)
    if isinstance(action, PlaceLeader):
        home = game.board.home_of[city]
        st.leader_status[action.leader] = "used"
        st.leader_at[action.leader] = home
        if game.log.enabled:
            game.event("home_leader", f"{action.leader} takes command in {game.space_name(home)}.",
                       side=game.players[game.side_of_city(city)], rule="5", leader=action.leader)
    st.step = "battle"


def _choose_leaders(game) -> None:
    """The leader who leads each side: the best battle rating among those with its SPs (5.7)."""
    st = game.state
    b = st.battle
    group = control(game).group
    for k in (0, 1):
        where = {b["space"] if w == ARMY else w for arm in ("naval", "land") for kk, w, _c in b["part"][arm] if kk == k}
        cands = []
        if k == 0 and st.op and st.op.get("leader") and st.leader_status.get(st.op["leader"]) == "used":
            cands.append(st.op["leader"])
        for nm in game.leader_order:
            if nm in cands or st.leader_status[nm] != "used" or st.leader_at[nm] not in where:
                continue
            if group[game.leaders[nm].city] == b["groups"][k]:
                cands.append(nm)
        cands.sort(key=lambda nm: (-game.leaders[nm].battle, not game.cities[game.leaders[nm].city].get("dominant"),
                                   nm))
        b["leaders"][k] = cands[0] if cands else ""


def _rating(game, k: int) -> int:
    nm = game.state.battle["leaders"][k]
    return game.leaders[nm].battle if nm else -1


def _skill(game, k: int, arm: str, table: dict) -> int:
    cities = {e[1] for e in _entries(game, k, arm) if (e[4] if arm == "naval" else e[2])}
    return max([table.get(c, 0) for c in cities] or [0])


# -- the result row of a fight (5.1-5.3) -------------------------------------------------------------
def result_words(groups: list, win: int | None, lost, arm: str = "") -> str:
    """Who won and what the table takes, pointing at the rows that follow: "Athens wins; Sparta must give up
    2 SPs, each named on a line that follows" (each SP lost is its own ``eliminated`` row, 5.4)."""
    head = "a draw" if win is None else f"{groups[win]} wins"
    owing = [k for k in (0, 1) if lost[k]]
    if not owing:
        return f"{head}; neither side gives up an SP"
    sps = [f"{lost[k]} {arm}SP{'s' if lost[k] != 1 else ''}" for k in owing]
    owed = f"{groups[owing[0]]} must give up {sps[0]}"
    if len(owing) == 2:  # a draw that costs both sides
        owed += f" and {groups[owing[1]]} {sps[1]}"
    each = "each named on a line that follows" if sum(lost) > 1 else "named on the line that follows"
    return f"{head}; {owed}, {each}"


# -- naval battle (5.1) ------------------------------------------------------------------------------
def _naval(game) -> None:
    st = game.state
    b = st.battle
    t = game.tables
    n = [totals(game, 0, "naval")[2], totals(game, 1, "naval")[2]]
    mods = [naval_battle.modifier(t, n[k], n[1 - k], _rating(game, k), _skill(game, k, "naval", t.naval["skill"]))
            for k in (0, 1)]
    dice = [game.dice.d6(who=b["groups"][k], why="naval battle (Mountford 5.1)") for k in (0, 1)]
    a, d = dice[0] + mods[0], dice[1] + mods[1]
    win = naval_battle.winner(a, d, _rating(game, 0), _rating(game, 1))
    lost = naval_battle.losses(win, abs(a - d), n[0], n[1])
    b["fought"] = True
    b["naval_result"] = {"dice": dice, "mods": mods, "winner": win, "lost": list(lost), "sps": n}
    if game.log.enabled:
        g = [game.city_name(group) for group in b["groups"]]
        game.event("naval_battle",
                   f"Naval battle in {game.space_name(b['space'])} (battle {game.battle_number}): {g[0]} {n[0]}N "
                   f"against {g[1]} {n[1]}N; dice {dice[0]}+{mods[0]} and {dice[1]}+{mods[1]}: "
                   f"{result_words(g, win, lost, 'naval ')}.", rule="5.1", space=game.board.ids[b["space"]],
                   dice=dice, modifiers=mods, winner=None if win is None else b["groups"][win], losses=list(lost))
    b["naval_majors"] = [sorted({e[1] for e in _entries(game, k, "naval") if e[4] and game.cities[e[1]].get("major")})
                         for k in (0, 1)]
    for k in (0, 1):
        if win is not None and win != k:
            b["lost"][k] = True
        loss = losses.new_loss(game, k, "naval", lost[k], _entries(game, k, "naval"))
        if loss:
            b["losses"].append(loss)
    b["pending_effects"] = "naval"


def _after_naval_losses(game) -> None:
    st = game.state
    b = st.battle
    r = b["naval_result"]
    win = r["winner"]
    if win is not None:
        for k in (0, 1):
            for city in b["naval_majors"][k]:
                game.change_bellicosity(city, 1 if k == win else -1, "5.5", "naval battle")
    for k in (0, 1):
        nm = b["leaders"][k]
        if nm and naval_battle.leader_dies(r["dice"][k], game.leaders[nm].bravery, win == k):
            game.kill_leader(nm, "5.7", "falls in the sea fight")


# -- land battle or skirmish (5.2, 5.3) --------------------------------------------------------------
def _friendly_side(game) -> int | None:
    st = game.state
    b = st.battle
    ctl = control(game)
    owner = st.owner[b["space"]]
    if not owner:
        return None
    for k in (0, 1):
        if ctl.group[owner] == b["groups"][k]:
            return k
    return None


def legal_skirmish_choice(game) -> list:
    """Mountford 5.2: try for a running skirmish, or accept a hoplite battle."""
    return [TRY_SKIRMISH, ACCEPT_BATTLE]


def apply_skirmish_choice(game, action) -> None:
    """Mountford 5.2: the side the space is friendly to rolls for a running skirmish."""
    b = game.state.battle
    if isinstance(action, TrySkirmish):
        _skirmish_roll(game, b["chooser"])
    game.state.step = "battle"


def _skirmish_roll(game, k: int) -> None:
    b = game.state.battle
    own, enemy = totals(game, k, "land"), totals(game, 1 - k, "land")
    mod = land_battle.skirmish_choice_modifier(game.tables, own[0], own[1], enemy[0], enemy[1], _rating(game, k))
    die = game.dice.d6(who=b["groups"][k], why="trying for a running skirmish (Mountford 5.2)")
    need = game.tables.skirmish_choice["needed"]
    b["skirmish"] = die + mod >= need
    if game.log.enabled:
        game.event("skirmish_choice", f"{b['groups'][k]} tries for a running skirmish: {die}+{mod} against {need}: "
                   f"{'a skirmish' if b['skirmish'] else 'a hoplite battle'}.", rule="5.2", die=die, modifier=mod,
                   needed=need, skirmish=b["skirmish"])


def _land(game) -> None:
    st = game.state
    b = st.battle
    t = game.tables
    a, d = totals(game, 0, "land"), totals(game, 1, "land")
    if not (a[0] + a[1] and d[0] + d[1]):
        return
    b["fought"] = True
    friend = _friendly_side(game)
    sides = (a, d)
    skirmish = b.get("skirmish", False)
    if skirmish:
        mods = [land_battle.skirmish_modifier(t, sides[k][1], sides[1 - k][1], _rating(game, k), friend == k)
                for k in (0, 1)]
        rule, what = "5.3", "Skirmish"
    else:
        mods = [land_battle.hoplite_modifier(t, sides[k][0], sides[k][1], sides[1 - k][0], sides[1 - k][1],
                                             _rating(game, k), friend == k, _skill(game, k, "land", t.hoplite["skill"]))
                for k in (0, 1)]
        rule, what = "5.2", "Hoplite battle"
    dice = [game.dice.d6(who=b["groups"][k], why=f"{what.lower()} (Mountford {rule})") for k in (0, 1)]
    x, y = dice[0] + mods[0], dice[1] + mods[1]
    win = naval_battle.winner(x, y, _rating(game, 0), _rating(game, 1))
    if skirmish:
        lost = land_battle.skirmish_losses(win, a[0] + a[1], d[0] + d[1])
    else:
        lost = land_battle.hoplite_losses(win, abs(x - y), (a[0], a[1]), (d[0], d[1]))
    b["land_result"] = {"dice": dice, "mods": mods, "winner": win, "lost": list(lost), "skirmish": skirmish,
                        "sps": [list(a), list(d)]}
    if game.log.enabled:
        g = [game.city_name(group) for group in b["groups"]]
        game.event("land_battle",
                   f"{what} in {game.space_name(b['space'])} (battle {game.battle_number}): {g[0]} {a[0]}H {a[1]}C "
                   f"against {g[1]} {d[0]}H {d[1]}C; dice {dice[0]}+{mods[0]} and {dice[1]}+{mods[1]}: "
                   f"{result_words(g, win, lost)}.", rule=rule, space=game.board.ids[b["space"]],
                   dice=dice, modifiers=mods, winner=None if win is None else b["groups"][win], losses=list(lost),
                   skirmish=skirmish)
    b["land_majors"] = [sorted({e[1] for e in _entries(game, k, "land") if e[2] and game.cities[e[1]].get("major")})
                        for k in (0, 1)]
    b["land_all_majors"] = [sorted({e[1] for e in _entries(game, k, "land") if game.cities[e[1]].get("major")})
                            for k in (0, 1)]
    for k in (0, 1):
        if win is not None and win != k:
            b["lost"][k] = True
        loss = losses.new_loss(game, k, "land", lost[k], _entries(game, k, "land"))
        if loss:
            b["losses"].append(loss)
    b["land_taken"] = [[], []]


def _after_land_losses(game) -> None:
    st = game.state
    b = st.battle
    r = b.get("land_result")
    if not r:
        return
    win = r["winner"]
    if win is not None and not r["skirmish"]:
        change = land_battle.bellicosity_change(r["lost"][1 - win])
        for k in (0, 1):
            for city in b["land_majors"][k]:
                game.change_bellicosity(city, change if k == win else -change, "5.5", "hoplite battle")
        # 5.6 hostages: a major winning a hoplite battle that cost another major hoplite SPs
        hit = sorted({city for city, arm in b["land_taken"][1 - win] if arm == "H" and game.cities[city].get("major")})
        holder = hostages.holder_for(game, b["land_all_majors"][win])
        if hit and holder:
            hostages.take(game, holder, hit)
    for k in (0, 1):
        nm = b["leaders"][k]
        if not nm or st.leader_status.get(nm) == "dead":
            continue
        if r["skirmish"]:
            if _side_wiped_out(game, k):
                game.kill_leader(nm, "5.7", "dies with the last of his men")
        elif dies(r["dice"][k], game.leaders[nm].bravery):
            game.kill_leader(nm, "5.7", "falls in the front rank")


def _side_wiped_out(game, k: int) -> bool:
    st = game.state
    b = st.battle
    ctl = control(game)
    if k == 0 and st.op and any(any(t) for t in st.op["army"].values()):
        return False
    return not any(ctl.group[c] == b["groups"][k] and sum(t) for c, t in st.forces.get(b["space"], {}).items())


# -- loss allocation (5.4) ---------------------------------------------------------------------------
def _ask_loss(game) -> bool:
    """Ask the losing side's player for the next SP lost; a non-player side takes the first option.
    Returns True when a decision is pending."""
    st = game.state
    b = st.battle
    loss = b["losses"][0]
    opts = losses.options(game, loss, _entries(game, loss["k"], loss["arm"]))
    if not opts or len(loss["taken"]) >= loss["count"]:
        b["losses"].pop(0)
        return False
    player = _decider(game, loss["k"])
    if player is None:
        apply_loss(game, opts[0])
        return False
    st.to_act = player
    st.step = "loss"
    return True


def legal_loss(game) -> list:
    """Mountford 5.4: the SPs that may be lost next while the rest can still be taken within the rules."""
    b = game.state.battle
    loss = b["losses"][0]
    return losses.options(game, loss, _entries(game, loss["k"], loss["arm"]))


def apply_loss(game, action: TakeLoss) -> None:
    """Mountford 5.4: one SP lost, from the moving army first, then the battle space, then the other spaces."""
    st = game.state
    b = st.battle
    loss = b["losses"][0]
    k = loss["k"]
    arm = losses.ARM_INDEX[action.arm]
    # take it from the moving army first, then the combat space, then the farthest stacks
    order = sorted(_entries(game, k, loss["arm"]), key=lambda e: (e[0] != ARMY, e[0] != b["space"], e[0]))
    for e in order:
        have = e[2 + arm]
        if e[1] != action.city or not have:
            continue
        one = tuple(1 if i == arm else 0 for i in range(3))
        if e[0] == ARMY:
            t = st.op["army"][action.city]
            t[arm] -= 1
        else:
            game.remove_sps(e[0], action.city, one)
        game.note_losses(action.city, one, "battle", rule="5.4", space=b["space"], side=b["groups"][k],
                         arm=action.arm)
        break
    losses.take(loss, action)
    losses.settle_major_req(game, loss, action)
    if loss["arm"] == "land":
        b.setdefault("land_taken", [[], []])[k].append([action.city, action.arm])
    if len(loss["taken"]) >= loss["count"]:
        b["losses"].pop(0)
    st.step = "battle"


# -- ravaging --------------------------------------------------------------------------------------
def _ravager(game) -> int | None:
    """The side that may ravage the combat space: the other side of land SPs there that stayed out (5.2),
    unless hostages forbid it (5.6)."""
    b = game.state.battle
    for k in (0, 1):
        if b["avoided_here"][k] and not b["ravaged"]:
            other = 1 - k
            if _present(game, other) and not banned_by_hostages(game, other, b["space"]):
                return other
    return None


def _present(game, k: int) -> bool:
    st = game.state
    b = st.battle
    if k == 0 and st.op and any(any(t) for t in st.op["army"].values()):
        return True
    ctl = control(game)
    return any(ctl.group[c] == b["groups"][k] and sum(t) for c, t in st.forces.get(b["space"], {}).items())


def banned_by_hostages(game, k: int, space: int) -> bool:
    """Mountford 5.6: a major (its leader, or an army with its SPs) may not ravage the home space of a major
    that holds its hostages."""
    st = game.state
    b = st.battle
    if not game.space_home(space):
        return False
    cities = set()
    if k == 0 and st.op:
        cities |= {c for c, t in st.op["army"].items() if any(t)}
        cities.add(st.op["city"])
    ctl = control(game)
    cities |= {c for c, t in st.forces.get(space, {}).items() if ctl.group[c] == b["groups"][k] and sum(t)}
    nm = b["leaders"][k]
    if nm:
        cities.add(game.leaders[nm].city)
    return hostages.ravage_banned(game, cities, space)


def legal_ravage(game) -> list:
    """Mountford 5.2: ravage or spare."""
    return [RAVAGE, SPARE]


def apply_ravage(game, action) -> None:
    """Mountford 5.2: the side whose enemy stayed out may ravage the space."""
    st = game.state
    b = st.battle
    if isinstance(action, Ravage):
        ravage(game, b["space"], b["groups"][b["ravager"]])
    st.step = "battle"


def ravage(game, space: int, by: str) -> None:
    """Mountford 5.2: ravage ``space`` (no income from it this game turn; frame 10.5 for a home space)."""
    st = game.state
    st.battle["ravaged"] = True
    st.ravaged[space] = True
    if game.log.enabled:
        game.event("ravage", f"{by} ravages {game.space_name(space)}.", side=by, rule="5.2",
                   space=game.board.ids[space])
    home = game.space_home(space)
    if home and home not in st.peace and game.tables.frame["ravaged_home"]:
        game.change_bellicosity(home, game.tables.frame["ravaged_home"], "10.5", "its home land ravaged")


# -- after the battle --------------------------------------------------------------------------------
def _say_no_battle(game) -> None:
    """A battle begun (an interception that succeeded, an attack) where nobody fought: the log says why in a
    plain sentence — the other side's forces all stayed out (4.6, 5.1, 5.2), or no arms could meet."""
    st = game.state
    b = st.battle
    if b["fought"] or b["to_sea"] or not game.log.enabled:
        return
    where = game.space_name(b["space"])
    foe, name = b["groups"][1], game.city_name(b["groups"][1])
    foe_in = any(totals(game, 1, arm)[0] + totals(game, 1, arm)[1] + totals(game, 1, arm)[2]
                 for arm in ("naval", "land"))
    if b["kind"] == "interception":
        rule = "4.6"
        text = (f"No battle in {where}: the interception succeeded, but {name}'s forces stay out of the battle; "
                "the army may march on" if not foe_in else
                f"No battle in {where}: the interceptors and the army have no SPs of the same arm to fight with; "
                "the army may march on")
    else:
        rule = "5"
        text = (f"No battle in {where}: {name}'s forces stay out of the battle" if not foe_in else
                f"No battle in {where}: the two sides have no SPs of the same arm to fight with")
    game.event("no_battle", f"{text} (Mountford {rule}).", side=foe, rule=rule, space=game.board.ids[b["space"]])


def _after(game) -> None:
    st = game.state
    b = st.battle
    op = st.op
    if b["lost"][0]:
        op["lost"] = True
    if b["avoided_here"][0]:
        op["avoided"] = True
    if b["lost"][0]:
        sieges.reset(game, b["space"], "the besiegers lost a battle")
    leader_gone = st.leader_status.get(op["leader"]) == "dead"
    empty = not any(any(t) for t in op["army"].values())
    kind = b["kind"]
    st.battle = None
    if empty or leader_gone:
        st.step = "op_end"
        return
    if op["lost"]:
        if op["prev"] >= 0 and op["prev"] != op["at"]:
            st.to_act = op["side"]
            st.step = "retreat"
            return
        st.step = "op_end"
        return
    if kind == "interception":
        st.to_act = op["side"]
        movement.after_battle_continue(game)
        return
    sieges.offer(game)


def legal_retreat(game) -> list:
    """Mountford 4.6: retreat or remain."""
    return [RETREAT, REMAIN]


def apply_retreat(game, action) -> None:
    """Mountford 4.6: a beaten army goes back to the space it came from, or stays; its operation ends."""
    st = game.state
    op = st.op
    if isinstance(action, Retreat):
        op["at"] = op["prev"]
        if game.log.enabled:
            game.event("retreat", f"{op['leader']}'s army falls back to {game.space_name(op['at'])}.",
                       side=game.players[op["side"]], rule="4.6", space=game.board.ids[op["at"]])
    else:
        if game.log.enabled:
            game.event("remain", f"{op['leader']}'s army stays in {game.space_name(op['at'])}.",
                       side=game.players[op["side"]], rule="4.6")
    st.step = "op_end"


#: the battle stages that take losses, with what follows them: their effects, then the next stage
AFTER_LOSSES = {"losses_then_land_choice": (_after_naval_losses, "land_choice"),
                "losses_then_ravage": (_after_land_losses, "ravage")}
