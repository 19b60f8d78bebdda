"""Computer players for the diceless game: random (the kernel's ``RandomBot``), greedy and searching.

* :class:`GreedyBot` looks one placement ahead: it scores every legal action with a heuristic (how
  much the areas on its side would be worth if the chit works, less the risk from enemy chits already
  lying face down there, less what the chit would be worth kept for the next turn) and plays the best.
* :class:`SearchBot` searches over what it cannot see: information-set Monte Carlo. Each simulation
  deals the opponent's hand and face-down chits again at random (``game.determinize``), plays the
  candidate action and the rest of the turn with a noisy greedy policy for both sides, settles the
  struggles and scores the position. The candidates (the greedy bot's best few actions) are compared by
  sequential halving: each round gives every surviving candidate the same deals (common random
  numbers) and keeps the better half. Its budget is a number of simulations, so a game replays the same
  on a slow laptop as on a fast one (a time limit can be added, off by default).

Bots read only ``game.observation(player)``-level facts from the real game (their own hand, the map,
face-down chit positions) and search only on determinized copies, never on the real game.
"""

from __future__ import annotations

import random
import time
from functools import lru_cache

from ...core import Action
from ...core.errors import OptionError
from ...core.halving import sequential_halving
from .actions import ChooseFirstPlacer, KeepChits, SwapChit
from .chits import COUP, INFLUENCE, MILITARY, STAR, VOID
from .engine import DicelessGame
from .state import DELPHI, PLACE, SET_UP, SIDES

# value of an area for a side, by the number of its counters there (negative: the enemy's)
PHI = {-2: -1.35, -1: -1.0, 0: 0.0, 1: 1.0, 2: 1.35}
# what a chit is worth kept in the hand for the next turn (a special for the other side: see _keep)
KEEP = {MILITARY: 0.25, INFLUENCE: 0.25, COUP: 0.3, VOID: -0.25, STAR: 0.9}
KEEP_OWN_SPECIAL = 1.0
KEEP_ENEMY_SPECIAL = 0.1
SURVIVE = 0.55  # rough chance that a chit survives one unknown enemy chit in its area


class _Heuristic:
    """Area weights and special-chit step counts for one game (shared by the bots)."""

    def __init__(self, game: DicelessGame) -> None:
        board = game.map
        self.board = board
        self.chits = game.chits
        self.n = board.n
        self.weights = []
        for side in (0, 1):
            w = [1.0] * board.n
            w[board.delphi] = 1.4
            w[board.capital[SIDES[side]]] = 2.2
            w[board.capital[SIDES[1 - side]]] = 1.6
            self.weights.append(w)
        self.favour = {code: (0 if sp.favours == "Sparta" else 1) for code, sp in game.chits.specials.items()}
        # per side and area, for own-view counters -2..2 (index c + 2): the gains of one and of two steps
        # there when no enemy chit lies in the area (``_area_gains``, worked out once)
        self.gains = [[tuple((w[a] * (PHI[c + 1 if c < 2 else 2] - PHI[c]),
                              w[a] * (PHI[c + 2 if c < 1 else 2] - PHI[c])) for c in range(-2, 3))
                       for a in range(board.n)] for w in self.weights]

    def special_after(self, code: str, area: int, c: int) -> int:
        """Own-view counters after a special chit acts for its side in ``area`` (from own-view ``c``;
        its step at Delphi, if any, is counted by the caller)."""
        special = self.chits.specials[code]
        if special.sweep and c < 0:
            return 0
        steps = special.steps
        if special.bonus:
            if special.bonus_when == "home":
                if self.board.near1[self.board.capital[special.favours]] >> area & 1:
                    steps += special.bonus
            elif special.bonus_when == "enemy_area" and c < 0:
                steps += special.bonus
        return min(c + steps, 2)

    def keep(self, side: int, code: str) -> float:
        if code in self.favour:
            return KEEP_OWN_SPECIAL if self.favour[code] == side else KEEP_ENEMY_SPECIAL
        return KEEP[code]


_HEURISTICS: dict[int, _Heuristic] = {}


def _heuristic(game: DicelessGame) -> _Heuristic:
    h = _HEURISTICS.get(id(game.map))
    if h is None:
        h = _HEURISTICS[id(game.map)] = _Heuristic(game)
    return h


def evaluate(game: DicelessGame, side: int) -> float:
    """How good the position is for ``side`` (areas weighted, counters, the hand; a win is 100)."""
    s = game.state
    if s.over:
        return 0.0 if s.winner is None else (100.0 if s.winner == side else -100.0)
    h = _heuristic(game)
    w = h.weights[side]
    sign = 1 if side == 0 else -1
    total = 0.0
    for a, c in enumerate(s.counters):
        if c:
            total += w[a] * PHI[c * sign]
    total += 0.3 * sum(h.keep(side, code) for code in s.hands[side])
    own, enemy = s.owned[side].bit_count(), s.owned[1 - side].bit_count()
    total += 0.15 * (max(own - 6, 0) ** 2 - max(enemy - 6, 0) ** 2)  # closing in on 10 areas
    return total


def _planned_counters(game: DicelessGame, side: int) -> tuple[list[int], list[int]]:
    """Own-view counters per area if ``side``'s chits already placed this turn all work, and the
    number of enemy face-down chits per area."""
    s = game.state
    h = _heuristic(game)
    sign = 1 if side == 0 else -1
    view = [c * sign for c in s.counters]
    enemy_chits = [0] * h.n
    for who, code, area, as_type in s.placed:
        if who != side:
            enemy_chits[area] += 1
            continue
        if code == VOID or as_type == VOID:
            continue
        if code in h.favour:
            if h.favour[code] == side:
                view[area] = h.special_after(code, area, view[area])
            else:
                view[area] = -h.special_after(code, area, -view[area])
        else:
            view[area] = min(view[area] + (2 if code == STAR else 1), 2)
    return view, enemy_chits


def _area_gains(game: DicelessGame, side: int) -> tuple[list[int], list[int], list[float], list[float]]:
    """Per area: own-view counters as planned, enemy face-down chits, and the greedy gain of one and
    of two steps there (a chit, a Star)."""
    h = _heuristic(game)
    w = h.weights[side]
    gains = h.gains[side]
    view, enemy_chits = _planned_counters(game, side)
    one = []
    two = []
    for a, c in enumerate(view):
        g1, g2 = gains[a][c + 2]
        ne = enemy_chits[a]
        if ne:
            f = SURVIVE ** ne
            d = 0.35 * ne * w[a] * (PHI[c] - PHI[c - 1]) if c > 0 else 0.0  # defending an area of ours
            g1 = g1 * f + d
            g2 = g2 * f + d
        one.append(g1)
        two.append(g2)
    return view, enemy_chits, one, two


def _special_gain(game: DicelessGame, side: int, code: str, a: int, view: list[int], n_enemy: int) -> float:
    h = _heuristic(game)
    w = h.weights[side]
    c = view[a]
    if h.favour[code] != side:  # it works for the enemy: put it where it does least harm
        return w[a] * (PHI[-h.special_after(code, a, -c)] - PHI[c])
    gain = w[a] * (PHI[h.special_after(code, a, c)] - PHI[c])
    board = game.map
    if h.chits.specials[code].delphi and a != board.delphi:
        d = view[board.delphi]
        gain += w[board.delphi] * (PHI[min(d + 1, 2)] - PHI[d])
    return gain * 0.9 ** n_enemy  # specials beat ordinary chits


def _special_gains(game: DicelessGame, side: int, code: str, view: list[int], enemy_chits: list[int]) -> list[float]:
    """``_special_gain`` for every area at once (the same sums in the same order, so the same numbers): the
    greedy bot asks this for each special chit in its hand at every decision."""
    h = _heuristic(game)
    board = game.map
    w = h.weights[side]
    special = h.chits.specials[code]
    for_enemy = h.favour[code] != side
    sweep, steps, bonus, when = special.sweep, special.steps, special.bonus, special.bonus_when
    home = board.near1[board.capital[special.favours]] if bonus and when == "home" else 0
    delphi = board.delphi
    extra = special.delphi and not for_enemy
    if extra:
        d = view[delphi]
        delphi_gain = w[delphi] * (PHI[min(d + 1, 2)] - PHI[d])
    gains = []
    for a, c in enumerate(view):
        x = -c if for_enemy else c  # special_after, in the view of the side the chit works for
        if sweep and x < 0:
            after = 0
        else:
            k = steps
            if bonus and ((when == "home" and home >> a & 1) or (when == "enemy_area" and x < 0)):
                k += bonus
            after = min(x + k, 2)
        if for_enemy:
            gains.append(w[a] * (PHI[-after] - PHI[c]))
        else:
            gain = w[a] * (PHI[after] - PHI[c])
            if extra and a != delphi:
                gain += delphi_gain
            gains.append(gain * 0.9 ** enemy_chits[a])
    return gains


def score_placements(game: DicelessGame, side: int, actions: list[Action]) -> list[float]:
    """The greedy bot's score for each placement in ``actions`` (Diceless 2–4 as a one-ply guess)."""
    h = _heuristic(game)
    view, enemy_chits, one, two = _area_gains(game, side)
    index = game.map.index
    scores = []
    for action in actions:
        code, as_type = action.chit, action.as_type
        a = index[action.area]
        if code == VOID or as_type == VOID:
            gain = 0.02 * enemy_chits[a]  # a bluff is worth most where the enemy is busy
        elif code == STAR:
            gain = two[a]
        elif code in h.favour:
            gain = _special_gain(game, side, code, a, view, enemy_chits[a])
        else:
            gain = one[a]
        scores.append(gain - h.keep(side, code))
    return scores


def greedy_placement(game: DicelessGame, side: int) -> Action | None:
    """The greedy placement, found area by area from the range masks (no action list is built);
    ``None`` when no chit can reach any area (then the caller uses the legal actions)."""
    h = _heuristic(game)
    s = game.state
    tables = game.tables
    view, enemy_chits, one, two = _area_gains(game, side)
    owned = s.owned[side]
    best, best_value = None, -1e9
    prev = None
    for code in s.hands[side]:
        if code == prev:
            continue
        prev = code
        keep = h.keep(side, code)
        if code == STAR:
            options = ((MILITARY, tables.reach(MILITARY, owned)), (INFLUENCE, tables.reach(INFLUENCE, owned)),
                       (COUP, tables.board.all_mask))
            values = two
        elif code == VOID:
            options = ((None, tables.board.all_mask),)
            values = [0.02 * e for e in enemy_chits]
        elif code in h.favour:
            options = ((None, tables.board.all_mask),)
            values = _special_gains(game, side, code, view, enemy_chits)
        else:
            options = ((None, tables.reach(code, owned)),)
            values = one
        for as_type, mask in options:
            for a in _areas(mask):
                v = values[a] - keep
                if v > best_value:
                    best_value, best = v, tables.place[code, a, as_type]
    return best


@lru_cache(maxsize=8192)
def _areas(mask: int) -> tuple[int, ...]:
    """The areas of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _setup_scores(game: DicelessGame, side: int, actions: list[Action]) -> list[float]:
    board = game.map
    s = game.state
    owned = s.owned[side]
    base = board.within(owned, 2).bit_count()
    scores = []
    for action in actions:
        a = board.index[action.area]
        c = s.counters[a] * (1 if side == 0 else -1)
        value = (1.0 if c == 0 else 0.25) + (0.4 if a == board.delphi else 0.0)
        value += 0.06 * (board.within(owned | 1 << a, 2).bit_count() - base)
        scores.append(value)
    return scores


def greedy_action(game: DicelessGame, side: int, actions: list[Action] | None = None,
                  rng: random.Random | None = None, epsilon: float = 0.0) -> Action:
    """The greedy choice among the legal actions (with probability ``epsilon`` a random one)."""
    explore = rng is not None and epsilon > 0 and rng.random() < epsilon
    if actions is None:
        if not explore and game.state.phase == PLACE:
            best = greedy_placement(game, side)
            if best is not None:
                return best
        actions = game.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if explore:
        return actions[rng.randrange(len(actions))]
    scores = _scores(game, side, actions)
    return actions[max(range(len(actions)), key=scores.__getitem__)]


def _scores(game: DicelessGame, side: int, actions: list[Action]) -> list[float]:
    phase = game.state.phase
    if phase == PLACE:
        return score_placements(game, side, actions)
    if phase == SET_UP:
        return _setup_scores(game, side, actions)
    if phase == DELPHI:
        h = _heuristic(game)
        hand = game.state.hands[side]
        worst = min(hand, key=lambda c: h.keep(side, c))
        swap_gain = 0.22 - h.keep(side, worst)  # a fresh chit is worth about this much on average
        return [swap_gain if isinstance(a, SwapChit) and a.chit == worst else
                (0.0 if isinstance(a, KeepChits) else -1.0) for a in actions]
    # choose-first: let the other player put the free counter down first, then answer it
    return [1.0 if isinstance(a, ChooseFirstPlacer) and a.side != SIDES[side] else 0.0 for a in actions]


class GreedyBot:
    """One-ply heuristic player (see the module docstring). It is deterministic: ``seed`` is accepted
    only so that every bot of the collection can be made the same way."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, game: DicelessGame, player: str) -> Action:
        return greedy_action(game, SIDES.index(player))

    def __repr__(self) -> str:
        return "GreedyBot()"


class SearchBot:
    """Information-set Monte Carlo search with sequential halving over the greedy bot's best actions (see
    the module docstring).

    ``simulations``: simulations per decision (the budget: the same seed gives the same choice on any
    machine); ``seconds``: an optional time limit per decision (``None``, the default: no limit — with it,
    how far the search gets depends on the machine); ``candidates``: how many of the greedy bot's best
    actions are searched; ``epsilon``: how often the rollout policy plays a random legal action;
    ``horizon``: extra whole turns played after the current one before the position is scored (0: score at
    the next reveal).
    """

    name = "search"

    def __init__(self, simulations: int = 1500, seconds: float | None = None, *, candidates: int = 8,
                 epsilon: float = 0.1, horizon: int = 0, seed: int | None = None) -> None:
        if simulations < 1 or (seconds is not None and seconds <= 0):
            raise OptionError(f"The search player needs at least 1 simulation per decision and, if a time limit is "
                              f"given, a positive number of seconds (not simulations={simulations!r}, "
                              f"seconds={seconds!r}).")
        self.simulations = simulations
        self.seconds = seconds
        self.candidates = candidates
        self.epsilon = epsilon
        self.horizon = horizon
        self.rng = random.Random(seed)
        self.last_simulations = 0
        self.last_seconds = 0.0

    def __repr__(self) -> str:
        return f"SearchBot(simulations={self.simulations}, seconds={self.seconds})"

    def choose(self, game: DicelessGame, player: str) -> Action:
        start = time.perf_counter()
        side = SIDES.index(player)
        actions = game.legal_actions()
        if len(actions) == 1:
            self.last_simulations, self.last_seconds = 0, time.perf_counter() - start
            return actions[0]
        scores = _scores(game, side, actions)
        ranked = sorted(range(len(actions)), key=lambda i: -scores[i])
        alive = [actions[i] for i in ranked[: self.candidates]]
        baseline = evaluate(game, side)
        deadline = None if self.seconds is None else start + self.seconds
        race = sequential_halving(alive, lambda a, seed: self._simulate(game, player, side, a, baseline, seed),
                                  self.rng, simulations=self.simulations, deadline=deadline, check_each_deal=True)
        alive, sims = race.ranked, race.simulations
        self.last_simulations, self.last_seconds = sims, time.perf_counter() - start
        return alive[0]

    def _simulate(self, game: DicelessGame, player: str, side: int, action: Action, baseline: float,
                  seed: int) -> float:
        sim = game.determinize(player, seed)
        stop = max(sim.state.turn, 1) + self.horizon  # play on until this turn's reveal
        sim.execute(action)
        rng, eps = random.Random(seed), self.epsilon
        s = sim.state
        while not s.over and s.turn <= stop:
            sim.execute(greedy_action(sim, s.to_act, rng=rng, epsilon=eps))
        return evaluate(sim, side) - baseline


__all__ = ["GreedyBot", "SearchBot", "evaluate", "greedy_action", "score_placements"]
