"""Sfacteria engine speed: full random-vs-random games on one core, and the cost of copying a state.

    python benchmarks/sfacteria.py [--games N] [--seed S] [--runs R]

Prints ``name: value`` lines. ``games_per_second``, ``actions_per_second`` and ``mean_actions_per_game`` are
for full games as bots play them, measured as in ``benchmarks/diceless.py``: every rule, every die rolled
through the game's logged dice (``game.dice.rolls``), the event log for the classroom switched off
(``game.log.enabled = False``; a searching bot's copies from ``game.clone()`` play this way). They are timed
in CPU time of this process, the best of ``--runs`` runs (default 3); ``games_per_second_wall`` is the same
best run in wall-clock time. The ``*_with_log`` lines are the same games with the event log on, as the
classroom panel plays them (about 500 events a game, each with its sentence). ``clone_microseconds`` is the
cost of ``game.clone()`` in the middle of a game; ``state_copy_microseconds`` of ``game.state.copy()`` alone;
``heuristic_selfplay_seconds_per_game`` is the heuristic bot playing both sides (it tries candidate moves on
copies). ``load_average`` is the machine's 1-minute load when the timing started. Targets (issue 3):
200 games/s and 30,000 actions/s.

The machine may be shared: CPU time is less disturbed by other work than wall time, but not immune
(caches, a second hardware thread); compare two versions in alternating runs, or count instructions,
which other work does not change at all (fix the string hashes so runs repeat exactly), e.g.

    PYTHONHASHSEED=0 valgrind --tool=callgrind python benchmarks/sfacteria.py --games 40 --runs 1 --quick

minus the same with ``--games 0``, divided by 40 (``--quick`` skips everything after the first figures).
"""

from __future__ import annotations

import argparse
import os
import time

from peloponnesos.core import RandomBot
from peloponnesos.games.sfacteria import SfacteriaGame, SfacteriaHeuristicBot


def run_games(n: int, seed: int, log: bool, clock=time.perf_counter) -> tuple[float, int]:
    actions = 0
    start = clock()
    for k in range(n):
        game = SfacteriaGame(seed=seed + k)
        game.log.enabled = log
        bots = (RandomBot(seed + k), RandomBot(seed + k + 100_000))
        while not game.is_over():
            side = game.state.to_act
            game.apply(bots[side].choose(game, game.players[side]))
            actions += 1
    return clock() - start, actions


def best_run(n: int, seed: int, log: bool, runs: int) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, actions) of the fastest of ``runs`` runs of the same ``n`` games."""
    best = None
    for _ in range(runs):
        wall = time.perf_counter()
        cpu, actions = run_games(n, seed, log, time.process_time)
        wall = time.perf_counter() - wall
        if best is None or cpu < best[0]:
            best = (cpu, wall, actions)
    return best


def clone_cost(seed: int) -> tuple[float, float]:
    game = SfacteriaGame(seed=seed)
    bot = RandomBot(seed)
    for _ in range(120):
        game.apply(bot.choose(game, game.current_player()))
    n = 20_000
    start = time.perf_counter()
    for _ in range(n):
        game.clone()
    clone_us = (time.perf_counter() - start) / n * 1e6
    start = time.perf_counter()
    for _ in range(n):
        game.state.copy()
    copy_us = (time.perf_counter() - start) / n * 1e6
    return clone_us, copy_us


def heuristic_speed(seed: int, n: int = 5) -> float:
    start = time.perf_counter()
    for k in range(n):
        game = SfacteriaGame(seed=seed + k)
        bots = {"Athens": SfacteriaHeuristicBot(k), "Sparta": SfacteriaHeuristicBot(k + 1)}
        while not game.is_over():
            side = game.current_player()
            game.apply(bots[side].choose(game, side))
    return (time.perf_counter() - start) / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="timed runs of the same games; the best is shown")
    parser.add_argument("--quick", action="store_true", help="only the first figures (for instruction counts)")
    args = parser.parse_args()
    run_games(10, args.seed, True)  # warm the caches (data files, path tables)
    print(f"load_average: {os.getloadavg()[0]:.2f}")
    if args.games <= 0:
        return
    cpu, wall, actions = best_run(args.games, args.seed, False, args.runs)
    print(f"games_per_second: {args.games / cpu:.1f}")
    print(f"actions_per_second: {actions / cpu:.0f}")
    print(f"mean_actions_per_game: {actions / args.games:.1f}")
    print(f"games_per_second_wall: {args.games / wall:.1f}")
    if args.quick:
        return
    cpu, _, actions = best_run(args.games, args.seed, True, args.runs)
    print(f"games_per_second_with_log: {args.games / cpu:.1f}")
    print(f"actions_per_second_with_log: {actions / cpu:.0f}")
    clone_us, copy_us = clone_cost(args.seed)
    print(f"clone_microseconds: {clone_us:.1f}")
    print(f"state_copy_microseconds: {copy_us:.1f}")
    print(f"heuristic_selfplay_seconds_per_game: {heuristic_speed(args.seed):.2f}")


if __name__ == "__main__":
    main()
