"""Sfacteria engine speed: full random-vs-random games on one core, and the cost of copying a state.

    python benchmarks/sfacteria.py [--games N] [--seed S]

Prints ``name: value`` lines. ``games_per_second``, ``actions_per_second`` and ``mean_actions_per_game``
are for games as a class plays them (every event logged); the ``*_playout`` lines are the same games
with the log switched off, as a searching bot plays its copies (``game.clone()`` does this).
``clone_microseconds`` is the cost of ``game.clone()`` in the middle of a game; ``state_copy_microseconds``
of ``game.state.copy()`` alone; ``heuristic_selfplay_seconds_per_game`` is the heuristic bot playing both
sides (it tries candidate moves on copies). Targets (issue 3): 200 games/s and 30,000 actions/s.
The machine may be shared: note the load average (``uptime``) and take the best of several runs.
"""

from __future__ import annotations

import argparse
import time

from peloponnesos.core import RandomBot
from peloponnesos.games.sfacteria import SfacteriaGame, SfacteriaHeuristicBot


def run_games(n: int, seed: int, log: bool) -> tuple[float, int]:
    actions = 0
    start = time.perf_counter()
    for k in range(n):
        game = SfacteriaGame(seed=seed + k)
        game.log.enabled = log
        bots = (RandomBot(seed + k), RandomBot(seed + k + 100_000))
        while not game.is_over():
            side = game.state.to_act
            game.apply(bots[side].choose(game, game.players[side]))
            actions += 1
    return time.perf_counter() - start, actions


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
    args = parser.parse_args()
    run_games(10, args.seed, True)  # warm the caches (data files, path tables)
    seconds, actions = run_games(args.games, args.seed, True)
    print(f"games_per_second: {args.games / seconds:.1f}")
    print(f"actions_per_second: {actions / seconds:.0f}")
    print(f"mean_actions_per_game: {actions / args.games:.1f}")
    seconds, actions = run_games(args.games, args.seed, False)
    print(f"games_per_second_playout: {args.games / seconds:.1f}")
    print(f"actions_per_second_playout: {actions / seconds:.0f}")
    clone_us, copy_us = clone_cost(args.seed)
    print(f"clone_microseconds: {clone_us:.1f}")
    print(f"state_copy_microseconds: {copy_us:.1f}")
    print(f"heuristic_selfplay_seconds_per_game: {heuristic_speed(args.seed):.2f}")


if __name__ == "__main__":
    main()
