"""The Siege of Syracuse: engine speed, the bots' results and what decides the games, as ``name: value`` lines.

    python benchmarks/syracuse.py [--games N] [--battles N] [--seed S] [--runs R]        # speed only (a minute)
    python benchmarks/syracuse.py --bots [--matches N] [--workers W]                     # the bots' results
    python benchmarks/syracuse.py --outcomes [--matches N] [--workers W]                 # why games end as they do

Speed (one core, CPU time of this process, the best of ``--runs`` runs):

* ``games_per_second``: full random-vs-random games (``RandomBot`` both sides), the event log off as bots and
  analyses play (``*_with_log``: on, as the classroom panel plays); ``actions_per_second``,
  ``mean_actions_per_game`` and ``impulse_microseconds`` (CPU time of the games divided by their impulses).
* ``battles_per_second``: random pitched battles, a random line-up of 2 to 6 units and a leader a side, set up and
  fought on the battle board by ``RandomBot`` (``battle.odds.battle_position``); ``heuristic_battles_per_second``
  the same with the heuristic bots (``battle.odds.simulate``).
* ``clone_microseconds``: ``game.clone()`` in the middle of a game (what a searching bot pays per playout).

``--bots`` (processes, ``--workers``; a long run): every match plays games ``seed .. seed+N-1``, the bot named first
holding Athens; results as wins for Athens / Syracuse / nobody, and the *score* of the side under test (a win 1, a
draw ½, a loss 0) with its 95 % interval, beside the heuristic bot's score on the same seeds and side. The search
bot's CPU seconds per searched decision (mean and the largest) come from the same games.

``--outcomes``: heuristic against heuristic on the same seeds, with the reconstructed tables and with the two
standing gains of the morale table (``city_open``, ``harbour_held``) set to 0 — when the games end, how many stall
with both ML at 10, and what moves the ML (see CLARIFICATIONS.md, "What decides the games").

Targets (issues 12 and 13): 20 random games a second, 200 random battles a second; the search bot under 1 s a
decision on one core.
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import time
import tomllib
from collections import Counter
from multiprocessing import Pool

from peloponnesos.core import RandomBot, play
from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.games.syracuse.battle.odds import battle_position, simulate
from peloponnesos.games.syracuse.bots import SyracuseHeuristicBot, SyracuseSearchBot
from peloponnesos.games.syracuse.tables import DEFAULT_PATH

ATHENS = ["A-H1", "A-H2", "A-H3", "A-H4", "A-LI1", "A-LI2", "A-P1", "A-AR1", "A-C1"]
SYRACUSE = ["S-H1", "S-H2", "S-H3", "S-LI1", "S-P1", "S-AR1", "S-C1", "S-C2", "S-C3"]
SIDES = ("Athens", "Syracuse")


# --- speed ---------------------------------------------------------------------------------------------------------
def run_games(n: int, seed: int, log: bool, clock=time.process_time) -> tuple[float, int, int]:
    actions = impulses = 0
    start = clock()
    for k in range(n):
        game = SyracuseGame(seed=seed + k)
        game.log.enabled = log
        bots = (RandomBot(seed + k), RandomBot(seed + k + 100_000))
        while not game.is_over():
            side = game.state.to_act
            action = bots[side].choose(game, game.players[side])
            if action.kind == "declare_impulse":
                impulses += 1
            game.apply(action)
            actions += 1
    return clock() - start, actions, impulses


def best(runs: int, fn, *args):
    out = None
    for _ in range(runs):
        r = fn(*args)
        if out is None or r[0] < out[0]:
            out = r
    return out


def line_up(rng: random.Random) -> dict:
    a = [*rng.sample(ATHENS, rng.randint(2, 6)), rng.choice(["Nicias", "Lamachus"])]
    s = [*rng.sample(SYRACUSE, rng.randint(2, 6)), rng.choice(["Hermocrates", "Gylippus"])]
    return {"Athens": a, "Syracuse": s}


def run_battles(n: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    lines = [line_up(rng) for _ in range(n)]
    rounds = 0
    start = time.process_time()
    for k, line in enumerate(lines):
        g = battle_position(line, seed=seed + k, night=k % 4 == 0)
        bots = (RandomBot(seed + k), RandomBot(seed + k + 1))
        while g.state.battle is not None:
            side = g.state.to_act
            g.apply(bots[side].choose(g, g.players[side]))
        rounds += g.state.last_combat["rounds"]
    return time.process_time() - start, rounds


def clone_cost(seed: int) -> float:
    g = SyracuseGame(seed=seed)
    bot = RandomBot(seed)
    for _ in range(150):
        if g.is_over():
            break
        g.apply(bot.choose(g, g.current_player()))
    n = 3000
    start = time.perf_counter()
    for _ in range(n):
        g.clone()
    return (time.perf_counter() - start) / n * 1e6


def speed(args) -> None:
    seed = args.seed
    cpu, actions, impulses = best(args.runs, run_games, args.games, seed, False)
    print(f"games: {args.games} (seeds {seed}..{seed + args.games - 1}, RandomBot both sides)")
    print(f"games_per_second: {args.games / cpu:.1f}")
    print(f"actions_per_second: {actions / cpu:.0f}")
    print(f"mean_actions_per_game: {actions / args.games:.1f}")
    print(f"impulse_microseconds: {cpu / max(1, impulses) * 1e6:.0f}")
    cpu_log, _, _ = best(1, run_games, args.games, seed, True)
    print(f"games_per_second_with_log: {args.games / cpu_log:.1f}")
    bcpu, rounds = best(args.runs, run_battles, args.battles, seed)
    print(f"battles: {args.battles} (random line-ups of 2-6 units and a leader a side, seed {seed}, RandomBot)")
    print(f"battles_per_second: {args.battles / bcpu:.1f}")
    print(f"mean_battle_rounds: {rounds / args.battles:.2f}")
    start = time.process_time()
    line = {"Athens": ["A-H1", "A-H2", "A-LI1", "A-AR1", "Lamachus"],
            "Syracuse": ["S-H1", "S-C1", "S-C2", "S-P1", "Gylippus"]}
    result = simulate(line, n=200, seed=seed)
    print(f"heuristic_battles_per_second: {200 / (time.process_time() - start):.1f}")
    print(f"heuristic_battle_example: {result} (line-up {line})")
    print(f"clone_microseconds: {clone_cost(seed):.0f}")


# --- the bots' results (processes) ---------------------------------------------------------------------------------
class Timed:
    """A bot whose searched decisions are timed (CPU seconds of this process)."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, game, player):
        searched = game.state.step in getattr(self.bot, "KEY_STEPS", ())
        start = time.process_time()
        action = self.bot.choose(game, player)
        if searched and len(game.legal_actions()) > 1:
            self.times.append(time.process_time() - start)
        return action


def make(kind: str, seed: int, simulations: int):
    if kind == "search":
        return Timed(SyracuseSearchBot(seed=seed, simulations=simulations))
    return {"heuristic": SyracuseHeuristicBot, "random": RandomBot}[kind](seed)


def one_game(job: tuple) -> tuple[str, list[float]]:
    athens, syracuse, seed, simulations = job
    g = SyracuseGame(seed=seed)
    g.log.enabled = False
    bots = {"Athens": make(athens, seed, simulations), "Syracuse": make(syracuse, seed + 1, simulations)}
    r = play(g, bots)
    times = [t for b in bots.values() if isinstance(b, Timed) for t in b.times]
    return r.winner or "nobody", times


def match(pool, athens: str, syracuse: str, n: int, seed: int, simulations: int) -> tuple[Counter, list[float]]:
    results = pool.map(one_game, [(athens, syracuse, seed + k, simulations) for k in range(n)], chunksize=1)
    return Counter(w for w, _ in results), [t for _, ts in results for t in ts]


def score(wins: Counter, side: str, n: int) -> tuple[float, float]:
    """The mean score of ``side`` (win 1, draw ½, loss 0) and the half-width of its 95 % interval."""
    values = [1.0] * wins[side] + [0.5] * wins["nobody"] + [0.0] * (n - wins[side] - wins["nobody"])
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def shown(wins: Counter) -> str:
    return ", ".join(f"{k} {wins[k]}" for k in ("Athens", "Syracuse", "nobody"))


def bots(args) -> None:
    n, seed, sims = args.matches, args.seed, args.simulations
    seeds = f"seeds {seed}..{seed + n - 1}"
    with Pool(args.workers) as pool:
        base, _ = match(pool, "heuristic", "heuristic", n, seed, sims)
        print(f"heuristic_vs_heuristic: {shown(base)} ({n} games, {seeds})")
        for name, a, s in (("heuristic_athens_vs_random", "heuristic", "random"),
                           ("random_vs_heuristic_syracuse", "random", "heuristic")):
            wins, _ = match(pool, a, s, n, seed, sims)
            print(f"{name}: {shown(wins)} ({n} games, {seeds})")
        for side, a, s in (("Athens", "search", "heuristic"), ("Syracuse", "heuristic", "search")):
            wins, times = match(pool, a, s, n, seed, sims)
            mine, half = score(wins, side, n)
            ref, ref_half = score(base, side, n)
            tag = f"search_{side.lower()}"
            print(f"{tag}_vs_heuristic: {shown(wins)} ({n} games, {seeds}, {sims} simulations a decision)")
            print(f"{tag}_score: {mine:.3f} ± {half:.3f} (the heuristic bot as {side} on the same seeds: "
                  f"{ref:.3f} ± {ref_half:.3f})")
            if times:
                print(f"{tag}_seconds_per_decision: mean {sum(times) / len(times):.3f}, max {max(times):.3f} "
                      f"({len(times)} searched decisions, CPU time, {args.workers} processes on this machine)")


# --- what decides the games ----------------------------------------------------------------------------------------
def _no_standing_gains() -> dict:
    data = copy.deepcopy(tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8")))
    for key in ("city_open", "harbour_held"):
        data["morale"][key]["value"] = 0
    return data


def one_outcome(job: tuple) -> tuple:
    variant, seed = job
    g = SyracuseGame(seed=seed, tables=_no_standing_gains() if variant == "no_standing_gains" else None)
    r = play(g, {"Athens": SyracuseHeuristicBot(seed), "Syracuse": SyracuseHeuristicBot(seed + 1)})
    both_ten = next((e.turn for e in g.log if e.kind == "turn_end" and e.data["ml_Athens"] == 10
                     and e.data["ml_Syracuse"] == 10), None)
    moves = Counter()
    for e in g.log:
        if e.kind == "morale":
            why = e.text.split("(", 1)[1].rsplit(")", 1)[0]
            for part in why.split(", ") if why != "no change" else ():
                key, value = part.rsplit(" ", 1)
                moves[f"{e.side}:{key}"] += int(value)
        elif e.kind == "surrender_check" and e.data["outcome"] == "rallies":
            moves[f"{e.side}:surrender_check_rally"] += 1
    return r.winner or "nobody", g.state.turn, both_ten, moves


def outcomes(args) -> None:
    n, seed = args.matches, args.seed
    with Pool(args.workers) as pool:
        for variant in ("reconstructed", "no_standing_gains"):
            res = pool.map(one_outcome, [(variant, seed + k) for k in range(n)], chunksize=4)
            wins = Counter(w for w, *_ in res)
            ended = Counter(t for w, t, *_ in res if w != "nobody")
            stalled = sum(1 for _, _, ten, _ in res if ten is not None and ten <= 4)
            turns = sum(t for _, t, *_ in res)
            moves = Counter()
            for *_, m in res:
                moves.update(m)
            tag = f"outcomes_{variant}"
            print(f"{tag}: {shown(wins)} (heuristic both sides, {n} games, seeds {seed}..{seed + n - 1})")
            print(f"{tag}_decided_games_by_the_turn_they_ended: {dict(sorted(ended.items()))}")
            print(f"{tag}_both_ml_10_by_the_end_of_turn_4: {stalled} of {n}")
            print(f"{tag}_ml_change_per_turn: " + ", ".join(
                f"{k} {v / turns:+.2f}" for k, v in sorted(moves.items(), key=lambda x: -abs(x[1]))[:12])
                + f" ({turns} turns played)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--battles", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--bots", action="store_true", help="the bots' results (long: use --workers)")
    ap.add_argument("--outcomes", action="store_true", help="what decides the games")
    ap.add_argument("--matches", type=int, default=200, help="games per match for --bots and --outcomes")
    ap.add_argument("--simulations", type=int, default=SyracuseSearchBot().simulations)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--quick", action="store_true", help="(kept for old scripts) the speed figures only")
    args = ap.parse_args()
    if args.bots:
        bots(args)
    elif args.outcomes:
        outcomes(args)
    else:
        speed(args)


if __name__ == "__main__":
    main()
