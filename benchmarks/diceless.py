"""Speed and strength of the diceless game; prints ``name: value`` lines.

games_per_second: full random games (kernel ``play`` with two ``RandomBot``) on one core (CPU time of
    this process), event log switched off (``game.log.enabled = False``), best of three runs of 1,000
    new seeds after a warm-up. Target: 2,000.
games_per_second_with_log: the same with the event log on (as the classroom panel plays).
search_bot_seconds_per_move / search_bot_max_seconds_per_move: the searching bot at its default budget
    deciding every move of a few games against the greedy bot. Target: under 1 s.
greedy_vs_random_win_rate: the greedy bot's share of wins, both seats.
balance_<bots>_sparta / _athens / _draws (with ``--balance N``): the same bot on both sides, N games with
    seeds 20000..20000+N-1 (the first placer alternating with the seed), as shares of the N games, with the
    standard error of a share, and the share won by the side that placed its free counter first (rule 1.1):
    the figures CLARIFICATIONS 2-f quotes.
search_vs_greedy_win_rate (with ``--full``): the searching bot's share of wins, both seats, several hundred
    games on two processes (takes a while: about 8 s a game).

Run: ``python benchmarks/diceless.py`` (quick), ``python benchmarks/diceless.py --balance 10000`` (the balance,
about 15 s on two cores) or ``python benchmarks/diceless.py --full``.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from peloponnesos.core import RandomBot, play
from peloponnesos.games.diceless import DicelessGame
from peloponnesos.games.diceless.bots import GreedyBot, SearchBot


def games_per_second(games: int = 1000, *, log: bool = False, runs: int = 3) -> float:
    bots = {side: RandomBot(7) for side in DicelessGame.players}

    def run(n: int, offset: int) -> float:
        start = time.process_time()  # CPU time of this process: one core, whatever else the machine runs
        for i in range(n):
            game = DicelessGame(seed=offset + i, first_placer="Sparta")
            game.log.enabled = log
            play(game, bots)
        return n / (time.process_time() - start)

    run(max(games // 5, 50), 10**6)  # warm-up: the range tables fill their caches
    return max(run(games, 1000 * r) for r in range(runs))


def search_seconds_per_move(games: int = 2) -> tuple[float, float, int]:
    times: list[float] = []

    class Timed(SearchBot):
        def choose(self, game, player):
            start = time.perf_counter()
            action = super().choose(game, player)
            times.append(time.perf_counter() - start)
            return action

    for i in range(games):
        game = DicelessGame(seed=500 + i, first_placer="Sparta")
        game.log.enabled = False
        search_side = game.players[i % 2]
        bots = {search_side: Timed(seed=i), game.players[1 - i % 2]: GreedyBot()}
        play(game, bots)
    return sum(times) / len(times), max(times), len(times)


def _make(kind: str, seed: int, simulations: int | None):
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot()
    return SearchBot(seed=seed) if simulations is None else SearchBot(simulations=simulations, seed=seed)


def _match_chunk(args: tuple) -> tuple[int, int, int, int, int]:
    """Over games ``start..stop``, each seed played from both seats: wins of a, wins of b, draws, and
    a's wins as Sparta and as Athens."""
    a, b, start, stop, simulations = args
    wins_a = wins_b = draws = a_sparta = a_athens = 0
    for i in range(start, stop):
        for seat in (0, 1):
            game = DicelessGame(seed=10_000 + 2 * i + seat, first_placer=("Sparta", "Athens")[i % 2])
            game.log.enabled = False
            side_a, side_b = game.players[seat], game.players[1 - seat]
            result = play(game, {side_a: _make(a, i, simulations), side_b: _make(b, i + 1, simulations)})
            if result.winner == side_a:
                wins_a += 1
                a_sparta += side_a == "Sparta"
                a_athens += side_a == "Athens"
            elif result.winner == side_b:
                wins_b += 1
            else:
                draws += 1
    return wins_a, wins_b, draws, a_sparta, a_athens


def match(a: str, b: str, pairs: int, *, workers: int = 1,
          simulations: int | None = None) -> tuple[int, int, int, int, int]:
    """Play ``pairs`` seeds from both seats (``2 * pairs`` games): wins of a, wins of b, draws, and a's
    wins as Sparta and as Athens (``pairs`` games each)."""
    step = max(1, pairs // (workers * 4))
    chunks = [(a, b, s, min(s + step, pairs), simulations) for s in range(0, pairs, step)]
    if workers == 1:
        results = [_match_chunk(c) for c in chunks]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_match_chunk, chunks))
    return tuple(sum(r[k] for r in results) for k in range(5))  # type: ignore[return-value]


def _balance_chunk(args: tuple) -> tuple[int, int, int, int]:
    kind, start, stop = args
    sparta = athens = draws = first = 0
    for seed in range(start, stop):
        first_placer = ("Sparta", "Athens")[seed % 2]
        game = DicelessGame(seed=seed, first_placer=first_placer)
        game.log.enabled = False
        result = play(game, {side: _make(kind, seed + k, None) for k, side in enumerate(game.players)})
        sparta += result.winner == "Sparta"
        athens += result.winner == "Athens"
        draws += result.winner is None
        first += result.winner == first_placer
    return sparta, athens, draws, first


def balance(kind: str, games: int, *, first_seed: int = 20_000, workers: int = 1) -> tuple[int, int, int, int]:
    """Wins of Sparta, of Athens, draws, and wins of the side that placed its free counter first (rule 1.1),
    when ``kind`` plays both sides, seeds first_seed.. (N games, the first placer alternating)."""
    step = max(1, games // (workers * 4))
    chunks = [(kind, s, min(s + step, first_seed + games)) for s in range(first_seed, first_seed + games, step)]
    if workers == 1:
        results = [_balance_chunk(c) for c in chunks]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_balance_chunk, chunks))
    return tuple(sum(r[k] for r in results) for k in range(4))  # type: ignore[return-value]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="also measure the searching bot's win rates")
    parser.add_argument("--pairs", type=int, default=150, help="seeds per pairing with --full (2 games each)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--balance", type=int, default=0, metavar="N",
                        help="also measure the balance: N games of greedy against greedy and of random against random")
    args = parser.parse_args()

    print(f"games_per_second: {games_per_second():.0f}")
    print(f"games_per_second_with_log: {games_per_second(400, log=True):.0f}")
    mean, worst, moves = search_seconds_per_move()
    print(f"search_bot_seconds_per_move: {mean:.3f}")
    print(f"search_bot_max_seconds_per_move: {worst:.3f}")
    print(f"search_bot_moves_timed: {moves}")
    g, r, d, _, _ = match("greedy", "random", 100)
    print(f"greedy_vs_random_win_rate: {g / (g + r + d):.3f}")
    print("greedy_vs_random_games: 200")
    if args.balance:
        for kind in ("greedy", "random"):
            sparta, athens, draws, first = balance(kind, args.balance, workers=args.workers)
            n = sparta + athens + draws
            print(f"balance_{kind}_vs_{kind}_games: {n} (seeds 20000-{20000 + n - 1}, first placer alternating)")
            for name, wins in (("sparta", sparta), ("athens", athens), ("draws", draws), ("first_placer", first)):
                share = wins / n
                print(f"balance_{kind}_vs_{kind}_{name}: {share:.3f} (± {(share * (1 - share) / n) ** 0.5:.3f} s.e.)")
    if args.full:
        for a, b in (("search", "greedy"), ("search", "random")):
            wa, wb, dr, as_sparta, as_athens = match(a, b, args.pairs, workers=args.workers)
            n = wa + wb + dr
            print(f"{a}_vs_{b}_win_rate: {wa / n:.3f}")
            print(f"{a}_vs_{b}_games: {n}")
            print(f"{a}_vs_{b}_record: {wa}-{wb}-{dr}")
            print(f"{a}_vs_{b}_win_rate_as_sparta: {as_sparta / (n // 2):.3f}")
            print(f"{a}_vs_{b}_win_rate_as_athens: {as_athens / (n // 2):.3f}")


if __name__ == "__main__":
    main()
