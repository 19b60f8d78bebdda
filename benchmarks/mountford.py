"""Speed and strength of Mountford's Peloponnesian War; prints ``name: value`` lines.

battle_odds_ms: exact odds of a naval battle and of a land combat with the skirmish choice (odds.py), by
    enumerating the dice; mean of 200 runs each. Target: under 10 ms.
shortest_route_ms: all shortest legal routes between two far spaces of the full map (Corcyra to Byzantium
    for a fleet, Elis to Larisa for an army) without the cache: a fresh search each time. Target: under 1 ms.
games_per_second: full random games (kernel ``play`` with two ``RandomBot``), event log off (as bots and
    analyses play), on one core (CPU time of this process), best of three runs of 200 seeds after a warm-up.
    Target: 100. games_per_second_with_log: the same with the log on.
search_bot_seconds_per_move / search_bot_max_seconds_per_move: the searching bot at its default budget
    (48 simulations) deciding its operations against the heuristic for two game turns. Target: under 1 s.
<a>_vs_<b>_athens_wins / _sparta_wins: the bot <a> for Athens against <b> for Sparta, N games (``--games``,
    default 40) with seeds 1000..1000+N-1, as counts of N.

Run: ``python benchmarks/mountford.py`` (about a minute) or ``python benchmarks/mountford.py --games 200``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from peloponnesos.core import RandomBot, play
from peloponnesos.games.mountford import MountfordGame, odds
from peloponnesos.games.mountford.bots import HeuristicBot, SearchBot
from peloponnesos.games.mountford.odds import Side
from peloponnesos.games.mountford.routes import Legal, shortest_routes
from peloponnesos.games.mountford.tables import load_tables


def battle_odds_ms(runs: int = 200) -> float:
    t = load_tables()
    start = time.perf_counter()
    for _ in range(runs):
        odds.naval_battle_odds(t, Side(naval=12, rating=3, bravery=1, skill=1), Side(naval=9, rating=1, bravery=2))
        odds.land_combat(t, Side(7, 1, 0, 2, 1, 1, False), Side(3, 5, 0, 1, 2, 0, True), try_skirmish=True)
    return (time.perf_counter() - start) / runs * 1000


def shortest_route_ms(runs: int = 500) -> float:
    g = MountfordGame(seed=1)
    b = g.board.index
    start = time.perf_counter()
    for _ in range(runs):
        shortest_routes(Legal(g, "athens", 0, 0, 5), b["corcyra"], b["byzantium"])
        shortest_routes(Legal(g, "sparta", 4, 1, 0), b["elis"], b["larisa"])
    return (time.perf_counter() - start) / (2 * runs) * 1000


def games_per_second(games: int = 200, *, log: bool = False, runs: int = 3) -> float:
    bots = {side: RandomBot(7) for side in MountfordGame.players}

    def run(n: int, offset: int) -> float:
        start = time.process_time()
        for i in range(n):
            game = MountfordGame(seed=offset + i)
            game.log.enabled = log
            play(game, bots)
        return n / (time.process_time() - start)

    run(max(games // 4, 20), 10**6)
    return max(run(games, 1000 * r) for r in range(runs))


def search_seconds_per_move() -> tuple[float, float, int]:
    times: list[float] = []

    class Timed(SearchBot):
        def choose(self, game, player):
            start = time.perf_counter()
            action = super().choose(game, player)
            if game.state.step == "op_choose":
                times.append(time.perf_counter() - start)
            return action

    g = MountfordGame(seed=42, turns=2)
    play(g, {"Athens": HeuristicBot(1), "Sparta": Timed(2)})
    g = MountfordGame(seed=43, turns=2)
    play(g, {"Athens": Timed(3), "Sparta": HeuristicBot(4)})
    return sum(times) / len(times), max(times), len(times)


def match(a: str, b: str, games: int) -> tuple[int, int, int]:
    make = {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}
    athens = sparta = draws = 0
    for seed in range(1000, 1000 + games):
        g = MountfordGame(seed=seed)
        g.log.enabled = False
        r = play(g, {"Athens": make[a](seed), "Sparta": make[b](seed + 1)})
        athens += r.winner == "Athens"
        sparta += r.winner == "Sparta"
        draws += r.winner is None
    return athens, sparta, draws


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per bot pairing")
    args = parser.parse_args()
    print(f"battle_odds_ms: {battle_odds_ms():.2f}")
    print(f"shortest_route_ms: {shortest_route_ms():.3f}")
    print(f"games_per_second: {games_per_second():.0f}")
    print(f"games_per_second_with_log: {games_per_second(100, log=True, runs=1):.0f}")
    mean, worst, n = search_seconds_per_move()
    print(f"search_bot_seconds_per_move: {mean:.3f}")
    print(f"search_bot_max_seconds_per_move: {worst:.3f}")
    print(f"search_bot_moves_timed: {n}")
    pairings = [("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic")]
    for a, b in pairings:
        athens, sparta, _draws = match(a, b, args.games)
        print(f"{a}_vs_{b}_athens_wins: {athens} of {args.games} (seeds 1000..{999 + args.games})")
        print(f"{a}_vs_{b}_sparta_wins: {sparta} of {args.games}")
    small = max(4, args.games // 5)
    for a, b in (("search", "heuristic"), ("heuristic", "search")):
        athens, sparta, _draws = match(a, b, small)
        print(f"{a}_vs_{b}_athens_wins: {athens} of {small} (seeds 1000..{999 + small})")
        print(f"{a}_vs_{b}_sparta_wins: {sparta} of {small}")


if __name__ == "__main__":
    main()
