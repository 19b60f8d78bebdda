"""The Siege of Syracuse: engine speed and the bots' results, as ``name: value`` lines.

    python benchmarks/syracuse.py [--games N] [--battles N] [--seed S] [--runs R] [--quick]

* ``games_per_second``: full random-vs-random games (``RandomBot`` both sides) on one core, in CPU time of this
  process, the best of ``--runs`` runs; the event log off, as bots and analyses play (``*_with_log``: on, as the
  classroom panel plays). ``actions_per_second``, ``mean_actions_per_game``, ``impulse_microseconds`` (CPU time
  of the games divided by the impulses they played) come from the same runs.
* ``battles_per_second``: random pitched battles — a random line-up of 2 to 6 units and a leader a side, set up
  and fought on the battle board by ``RandomBot`` (``battle.odds.battle_position``), log off;
  ``heuristic_battles_per_second`` the same with the heuristic bots (``battle.odds.simulate``).
* ``clone_microseconds``: ``game.clone()`` in the middle of a game (what a searching bot pays per playout).
* Bots' results, each with its seeds and number of games: heuristic against heuristic, heuristic against random
  (both ways), the search bot (24 playouts a key decision) against the heuristic bot.

Targets (issues 12 and 13): 20 random games a second, 200 random battles a second.
"""

from __future__ import annotations

import argparse
import random
import time

from peloponnesos.core import RandomBot, play
from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.games.syracuse.battle.odds import battle_position, simulate
from peloponnesos.games.syracuse.bots import SyracuseHeuristicBot, SyracuseSearchBot

ATHENS = ["A-H1", "A-H2", "A-H3", "A-H4", "A-LI1", "A-LI2", "A-P1", "A-AR1", "A-C1"]
SYRACUSE = ["S-H1", "S-H2", "S-H3", "S-LI1", "S-P1", "S-AR1", "S-C1", "S-C2", "S-C3"]


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


def match(make_a, make_b, n: int, seed: int) -> dict:
    """``make_a`` plays Athens, ``make_b`` Syracuse; results by winner."""
    out = {"Athens": 0, "Syracuse": 0, "nobody": 0}
    for k in range(n):
        g = SyracuseGame(seed=seed + k)
        g.log.enabled = False
        r = play(g, {"Athens": make_a(seed + k), "Syracuse": make_b(seed + k + 1)})
        out[r.winner or "nobody"] += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--battles", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="only the speed figures")
    args = ap.parse_args()
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
    line = {"Athens": ["A-H1", "A-H2", "A-LI1", "A-AR1", "Lamachus"], "Syracuse": ["S-H1", "S-C1", "S-C2", "S-P1",
                                                                                      "Gylippus"]}
    result = simulate(line, n=200, seed=seed)
    print(f"heuristic_battles_per_second: {200 / (time.process_time() - start):.1f}")
    print(f"clone_microseconds: {clone_cost(seed):.0f}")
    if args.quick:
        return
    print(f"heuristic_battle_example: {result} (line-up {line})")
    n = 100
    print(f"heuristic_vs_heuristic: {match(SyracuseHeuristicBot, SyracuseHeuristicBot, n, seed)} "
          f"({n} games, seeds {seed}..{seed + n - 1})")
    print(f"heuristic_athens_vs_random: {match(SyracuseHeuristicBot, RandomBot, n, seed)} ({n} games)")
    print(f"random_vs_heuristic_syracuse: {match(RandomBot, SyracuseHeuristicBot, n, seed)} ({n} games)")
    m = 10
    search = lambda s: SyracuseSearchBot(seed=s, simulations=24)  # noqa: E731
    print(f"search_athens_vs_heuristic: {match(search, SyracuseHeuristicBot, m, seed)} ({m} games, seeds "
          f"{seed}..{seed + m - 1}, 24 playouts a key decision)")
    print(f"heuristic_vs_search_syracuse: {match(SyracuseHeuristicBot, search, m, seed)} ({m} games)")


if __name__ == "__main__":
    main()
