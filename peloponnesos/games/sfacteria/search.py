"""A searching computer player for Sfacteria: information-set Monte Carlo over the secret stratagems and the dice.

:class:`SfacteriaSearchBot` (the "hard" opponent of the panel) plays either side. At each decision that has
more than one answer it

1. draws up a short list of candidates: the heuristic bot's favourites (:mod:`.bots`) — the moves that score
   best one step ahead, every zone it could activate, "end movement", every answer of a battle decision;
2. plays each candidate out in many *determinized* copies of the game (``game.determinize(player, seed)``):
   each copy deals the opponent's stratagem chits again from what the bot cannot see and gives the dice
   another future, so the bot never reads the opponent's real hand or the real dice;
3. in each copy, after the candidate, both sides play on with a quick greedy policy (the heuristic bot's
   evaluation, each piece placed in turn) to the end of the current action phase — battles, stratagems in
   battle, the advantage's re-roll and retreats included — or, in the end-of-turn phase, through the supply
   checks; the position is scored with the heuristic's :func:`.bots.evaluate`, plus what the coming
   end-of-turn supply checks would do to the markers as the ships then stand (:func:`supply_outlook`);
4. compares the candidates by sequential halving (each round gives every surviving candidate the same deals —
   common random numbers — and keeps the better half) down to two finalists, which are then played out
   further, through the other side's next action phase: its reply.

What it does better than the heuristic bot: it sees a whole activation through (two units that together
can take a zone, one alone cannot), it rolls the battles' dice instead of guessing their value, and it
weighs the other side's replies in battle (stratagems, the advantage's re-roll, retreats) and its next action
phase, and it sees a blockade starving a garrison before the end of the turn comes.

Its budget is a number of simulations, not seconds, so a game replays the same on any computer for the same
seed; ``benchmarks/sfacteria.py`` prints its time per decision (under a second on one core) and its results
against the heuristic bot with each side. Decisions it does not search (announcing PA, the advantage in
phase B, which chit to keep) it takes as the heuristic bot does.
"""

from __future__ import annotations

import random
import time

from ...core.halving import sequential_halving
from . import supply
from .actions import Activate, Move, Sail, Transport
from .bots import SfacteriaHeuristicBot, evaluate
from .movement import END_MOVEMENT, MOVES, apply_move
from .stacking import occupancy

MOVE_TYPES = (Move, Transport, Sail)
# decisions worth searching, and those the heuristic bot takes alone (their worth shows only turns later)
SEARCHED = frozenset({"D_move", "D_pay", "D_attack", "C_retreat", "C_reroll", "D_storm_reroll", "window", "E_helot"})


def quick_value(game, action, side: int) -> float:
    """The heuristic score for ``side`` after the move ``action`` (a move of the legal list), worked out on a
    bare copy: the piece moved and captures checked, nothing else (no next decision, no log, no dice)."""
    sim = game.clone()
    kind, idx, dest, seas, _ = MOVES[id(action)]
    apply_move(sim, kind, idx, dest, seas)
    if dest in sim.state.lz:
        sim.capture_check(dest)
    return evaluate(sim, side)


class _Playout(SfacteriaHeuristicBot):
    """The heuristic bot as the quick policy inside a copy: it tries its moves on plain clones of the copy (the
    copy already holds only what the searching side may know), and in movement it only finishes moving the
    pieces already freed — each piece in turn goes where it scores best, or stays — then ends the movement."""

    def __init__(self, seed: int, activate_more: bool = False) -> None:
        super().__init__(seed)
        self.activate_more = activate_more  # once its freed pieces are placed, choose another zone to activate
        self._stay: tuple = (None, set())  # (the action phase, pieces that chose to stay in it)

    def _copy(self, game, side: int):
        return game.clone(reseed=self.rng.randrange(1 << 62))

    def _activation(self, game, actions, side, here: float, can_end: bool):
        """As the heuristic bot's choice of a zone to activate, each zone's moves scored on bare copies."""
        budget = game.state.budget
        best_act, best_gain = None, self.margin if can_end else -1e9
        for act in actions:
            if not isinstance(act, Activate):
                continue
            sim = game.clone()
            sim.execute(act)
            cost = (budget - sim.state.budget) * 0.4
            options = [a for a in sim.legal_actions() if isinstance(a, MOVE_TYPES) and a.origin == act.zone]
            gain = max(quick_value(sim, a, side) for a in options) - here if options else -cost
            if gain - cost > best_gain:
                best_act, best_gain = act, gain - cost
        if best_act is not None:
            return best_act
        return END_MOVEMENT if can_end else actions[0]

    def _D_move(self, game, actions, side):
        st = game.state
        if not st.activated:  # a new action phase inside the play-out: choose the first zone to activate
            return self._activation(game, actions, side, evaluate(game, side), END_MOVEMENT in actions)
        if self._stay[0] != st.serial:
            self._stay = (st.serial, set())
        stay = self._stay[1]
        can_end = END_MOVEMENT in actions
        here = evaluate(game, side)
        best, best_score = None, None
        for a in actions:
            if not isinstance(a, MOVE_TYPES) or a.piece in stay:
                continue
            if best is not None and a.piece != best.piece and best_score > here + self.margin:
                break  # the piece before has found a better place: it moves
            if best is not None and a.piece != best.piece:
                stay.add(best.piece)  # no better place for the piece before: it stays
                best = None
            score = quick_value(game, a, side)
            if best is None or score > best_score:
                best, best_score = a, score
        if best is not None and (best_score > here + self.margin or not can_end):
            return best
        if best is not None:
            stay.add(best.piece)
        if self.activate_more and st.budget > 0:
            return self._activation(game, actions, side, here, can_end)
        if can_end:
            return END_MOVEMENT
        moves = [a for a in actions if isinstance(a, MOVE_TYPES)]  # over a stacking limit: someone must move
        return max(moves, key=lambda a: quick_value(game, a, side)) if moves else actions[0]


class SfacteriaSearchBot:
    """Information-set Monte Carlo search over the heuristic bot's candidates (see the module docstring).

    ``simulations``: play-outs per decision (the budget: the same seed gives the same choice on any machine;
    the default, 24 and 4 deep for each finalist, keeps a decision well under a second on one core);
    ``candidates``: how many of the best-scoring moves are searched in movement (every activation and "end
    movement" are searched as well); ``finalists`` and ``deep_simulations``: how many candidates are played out
    through the other side's reply, and how many times each (0: never); ``seconds``: an optional time limit per
    decision (``None``, the default: no limit — with one, how far the search gets depends on the machine)."""

    name = "sfacteria-search"

    def __init__(self, seed: int | None = None, simulations: int = 24, candidates: int = 6, finalists: int = 2,
                 deep_simulations: int = 4, seconds: float | None = None) -> None:
        if simulations < 1 or candidates < 1 or finalists < 1 or deep_simulations < 0 or (
                seconds is not None and seconds <= 0):
            raise ValueError("simulations, candidates and finalists must be at least 1, deep_simulations at least 0, "
                             "and seconds (if given) positive")
        self.simulations = simulations
        self.candidates = candidates
        self.finalists = finalists
        self.deep_simulations = deep_simulations
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.heuristic = SfacteriaHeuristicBot(self.rng.randrange(1 << 62))
        self.last_simulations = 0
        self.last_seconds = 0.0

    def __repr__(self) -> str:
        return f"SfacteriaSearchBot(simulations={self.simulations}, candidates={self.candidates})"

    # -- the decision ------------------------------------------------------------------------------------
    def choose(self, game, player: str):
        start = time.perf_counter()
        self.last_simulations = 0
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        side = game.players.index(player)
        step = game.state.step
        if step not in SEARCHED or (step == "window" and game.state.window_kind == "B"):
            choice = self.heuristic.choose(game, player)
        else:
            alive = self._candidates(game, side, actions)
            choice = alive[0] if len(alive) == 1 else self._search(game, player, side, alive, start)
        self.last_seconds = time.perf_counter() - start
        return choice

    def _candidates(self, game, side: int, actions: list) -> list:
        """The answers worth searching, the heuristic bot's own choice first (it wins ties)."""
        favourite = self.heuristic.choose(game, game.players[side])
        out = [favourite]
        if game.state.step == "D_move":
            moves = [a for a in actions if isinstance(a, MOVE_TYPES)]
            if len(moves) > self.candidates:  # ranked on a determinized copy, like everything the bot tries (its
                base = game.determinize(game.players[side], 0)  # deal does not matter here: no chit, no die)
                scored = sorted(((quick_value(base, a, side), k) for k, a in enumerate(moves)), reverse=True)
                moves = [moves[k] for _, k in scored[: self.candidates]]
            out += [a for a in actions if isinstance(a, Activate)] + moves
            if END_MOVEMENT in actions:
                out.append(END_MOVEMENT)
        else:
            out += actions
        seen = set()
        return [a for a in out if not (a in seen or seen.add(a))]

    def _search(self, game, player: str, side: int, alive: list, start: float):
        deadline = None if self.seconds is None else start + self.seconds
        # 1. to the end of this action phase: sequential halving down to the finalists
        race = sequential_halving(alive, lambda a, seed: self._simulate(game, player, side, a, seed, False), self.rng,
                                  simulations=self.simulations, keep=self.finalists, deadline=deadline)
        alive, sims = race.ranked, race.simulations
        if race.cut_short:
            self.last_simulations = sims
            return alive[0]
        # 2. the finalists, through the other side's next action phase too (its reply)
        if len(alive) > 1:
            totals = dict.fromkeys(alive, 0.0)
            for _ in range(max(self.deep_simulations, 1)):
                seed = self.rng.getrandbits(62)
                for a in alive:
                    totals[a] += self._simulate(game, player, side, a, seed, self.deep_simulations > 0)
                    sims += 1
                if deadline is not None and time.perf_counter() > deadline:
                    break
            alive.sort(key=lambda a: -totals[a])
        self.last_simulations = sims
        return alive[0]

    def _simulate(self, game, player: str, side: int, action, seed: int, deep: bool) -> float:
        """Play ``action`` in a determinized copy, then both sides greedily to the end of this action phase (with
        ``deep``: and through the other side's next one), or of the turn; the score for ``side``."""
        sim = game.determinize(player, seed)
        st = sim.state
        serial, turn = st.serial, st.turn
        sim.execute(action)
        policy = _Playout(seed, activate_more=deep)
        players = sim.players
        st = sim.state
        for _ in range(1000):
            if st.phase == "over" or st.turn != turn:
                break  # the game or the turn is over
            if st.serial != serial and st.phase == "D" and (not deep or st.active == side):
                break  # the next action phase begins (deep: the next one of this side)
            actions = sim.legal_actions()
            if len(actions) == 1:
                sim.execute(actions[0])
            else:
                mover = st.to_act
                sim.execute(policy.choose(sim, players[mover]))
            st = sim.state
        value = evaluate(sim, side)
        if st.phase == "D":  # the end-of-turn supply checks are still to come: count what they would do
            value += supply_outlook(sim, side)
        return value


# a box of each side's supply marker in the heuristic's evaluation (its own aims and the other side's)
BOX_WORTH = (6.0, 8.0)
CAPITULATION = 300.0  # a garrison starved into surrender: a total defeat if two units, one of hoplites, give in
OUTLOOK_WEIGHT = 0.7  # the other side may still open the way before the end of the turn


def supply_outlook(game, side: int) -> float:
    """For ``side``: what the coming end-of-turn supply checks would do to the markers as the ships stand now
    (rules 7, 7.1, 7.1.1), in the evaluation's units, a capitulation counted as nearly a lost game."""
    st, oob = game.state, game.oob
    occ = occupancy(game)
    total = 0.0
    for s in (0, 1):
        units = supply.concerned_units(game, s)
        if not units:
            continue
        marker = 3 if st.suspended[s] else st.supply[s]
        after = marker - 1 if supply.cut_off(game, s, occ) else min(3, marker + 1)
        value = (after - st.supply[s]) * BOX_WORTH[s]
        if after <= 0 and len(units) >= 2 and any(oob.u_type[i] == "H" for i in units):
            value -= CAPITULATION
        total += value if s == side else -value
    return OUTLOOK_WEIGHT * total


__all__ = ["SfacteriaSearchBot"]
