"""Sfacteria: engine speed, the searching bot's speed and strength, and the balance of the game.

    python benchmarks/sfacteria.py [--games N] [--seed S] [--runs R] [--quick]   # speed (a minute)
    python benchmarks/sfacteria.py --full [--pairs 200] [--workers 2]           # search bot v heuristic bot
    python benchmarks/sfacteria.py --balance 1000 [--workers 2] [--full]        # who wins, how, and why
    python benchmarks/sfacteria.py --balance 1000 --balance-bots random         # random v random only
    python benchmarks/sfacteria.py --variations 400 [--workers 2]               # one reconstructed value changed
    python benchmarks/sfacteria.py --mirror 100 [--workers 2]                   # search bot v itself

Prints ``name: value`` lines; every win rate comes with its games, its seeds and its standard error
(``± s.e.``, the standard error of a share: sqrt(p(1 - p) / n)).

Speed. ``games_per_second``, ``actions_per_second`` and ``mean_actions_per_game`` are for full random-vs-random
games, measured as in ``benchmarks/diceless.py``: every rule, every die rolled through the game's logged dice,
the event log for the classroom switched off (``game.log.enabled = False``; a searching bot's copies play this
way). They are timed in CPU time of this process, the best of ``--runs`` runs (default 3);
``games_per_second_wall`` is the same best run in wall-clock time. The ``*_with_log`` lines are the same games
with the event log on, as the classroom panel plays them. ``clone_microseconds`` is the cost of
``game.clone()`` in the middle of a game; ``state_copy_microseconds`` of ``game.state.copy()`` alone;
``heuristic_selfplay_seconds_per_game`` is the heuristic bot playing both sides. ``search_bot_*`` time the
searching bot ("hard" in the panel) at its default budget deciding every move of two games against the heuristic
bot (one on each side), counting only decisions with more than one legal answer: CPU time of this process per
decision, mean, median and max (the target: under 1 s on one core), and wall time. ``load_average`` is the
machine's 1-minute load when the timing started. Targets (issue 3): 200 games/s and 30,000 actions/s. The
machine may be shared: CPU time is less disturbed by other work than wall time, but not immune; compare two
versions in alternating runs, or count instructions (fix the string hashes so runs repeat exactly), e.g.

    PYTHONHASHSEED=0 valgrind --tool=callgrind python benchmarks/sfacteria.py --games 40 --runs 1 --quick

minus the same with ``--games 0``, divided by 40 (``--quick`` skips everything after the first figures).

Strength (``--full``). The searching bot plays the heuristic bot ``--pairs`` times on each side (seeds 10000..,
each seed once with the searching bot as Athens and once as Sparta), on ``--workers`` processes (a few seconds
a game). Beside it, the heuristic bot against itself on the same seeds: the share the heuristic bot wins in
that seat, so "better than the heuristic bot in the same seat" can be read off.

Balance (``--balance N``). N games of each pairing — heuristic v heuristic (seeds 30000..), random v random
(seeds 40000..) — and, with ``--full``, the search v heuristic games above: the shares each side wins and how
(``total_capitulation``: the other garrison starved or gave in, rule 10.1; ``total_hoplites``: hoplites in T6,
T7 and T10 after turn 7; ``marginal``: victory points, 10.2), how often a game ends as 425 BC did
(``as_425bc``: no Spartan land unit left on Sphacteria, T7–T10, and at least one unit of Spartan hoplites —
Spartiates, not Helots — eliminated there in a fight: killed or taken, not starved; ``island_cleared``: the
same, whether by fighting or by starving the island, rule 7.1), how often Pylos is starved into surrender
(``pylos_starved``: an Athenian capitulation, rule 7.1) and the island (``island_starved``), in which turns
(``pylos_starved_in_turn``, ``island_starved_in_turn``: turn: games), and where the
victory points come from at the end (``vp_<side>_<source>``: the mean over the games of each line of rule
10.2's count), and the battles each side starts, on land and at sea, a game, with the share it wins
(``battles_sparta_attacks_pylos``: Spartan assaults on Pylos, T6).

Equal skill (``--mirror N``): the searching bot against itself, N games (seeds 60000..), reported like a
balance pairing: which side wins when both play as well as this toolkit's best player.

Variations (``--variations N``). Heuristic v heuristic, N games per variation on the same seeds (50000..), with
one reconstructed value changed at a time (tables passed as data, the way a teacher loads published ones; the
advantage or a reinforcement moved by editing the position after set-up): how far each moves the share Athens
wins. The list is ``VARIATIONS`` below.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import json
import os
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from peloponnesos.core import RandomBot, play
from peloponnesos.games.sfacteria import SfacteriaGame, SfacteriaHeuristicBot, load_tables, victory
from peloponnesos.games.sfacteria.search import SfacteriaSearchBot

SIDES = ("Athens", "Sparta")
ISLAND = ("T7", "T8", "T9", "T10")
FULL_FIRST_SEED, HEURISTIC_FIRST_SEED, RANDOM_FIRST_SEED, VARIATION_FIRST_SEED = 10_000, 30_000, 40_000, 50_000
SEARCH_FIRST_SEED = 60_000


# -- speed ---------------------------------------------------------------------------------------------------------

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


def search_speed(seed: int) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of every decision of the searching bot in two games (one on each side) that had more
    than one legal answer."""
    cpu: list[float] = []
    wall: list[float] = []

    class Timed(SfacteriaSearchBot):
        def choose(self, game, player):
            if len(game.legal_actions()) == 1:  # nothing to decide: not counted
                return super().choose(game, player)
            c, w = time.process_time(), time.perf_counter()
            action = super().choose(game, player)
            cpu.append(time.process_time() - c)
            wall.append(time.perf_counter() - w)
            return action

    for k, side in enumerate(SIDES):
        game = SfacteriaGame(seed=seed + k)
        game.log.enabled = False
        other = SIDES[1 - k]
        play(game, {side: Timed(seed=seed + k), other: SfacteriaHeuristicBot(seed + k + 1)})
    return cpu, wall


# -- playing many games on several processes --------------------------------------------------------------------------

def make_bot(kind: str, seed: int):
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return SfacteriaHeuristicBot(seed)
    return SfacteriaSearchBot(seed=seed)


def describe(game: SfacteriaGame) -> dict:
    """What a finished game's record says: who won and how, whether it ended as 425 BC did, whether Pylos or
    the island was starved into surrender, and the victory points line by line (rule 10.2)."""
    r = game.result()
    st, oob, board = game.state, game.oob, game.map
    island = {board.index[z] for z in ISLAND}
    cleared = not any(st.uz[i] in island for i in oob.side_units[1] if not oob.u_naval[i])
    spartiates = {u.id for u in oob.units if oob.u_spartiate[u.index]}
    lost_there = [e for e in game.log
                  if e.kind == "eliminated" and e.data.get("unit") in spartiates and e.data.get("zone") in ISLAND]
    taken = any(e.rule != "Sfacteria 7.1" for e in lost_there)  # killed or taken in a fight, not starved
    capitulated = {e.side: e.turn for e in game.log if e.kind == "capitulation" and e.rule == "Sfacteria 7.1"}
    how = r.level  # "marginal" or "draw"; a total victory by a capitulation, or by hoplites at the end
    if how == "total":
        how = "total_capitulation" if "capitulated" in r.reason else "total_hoplites"
    battles = Counter()  # (attacker, "land"/"sea", "attacks"/"won"/"pylos"/"pylos_won")
    attacker = zone = None
    for e in game.log:
        if e.kind == "battle" and "odds" in e.data:
            attacker, zone = e.side, e.data["zone"]
        elif e.kind == "battle" and "winner" in e.data and attacker is not None:
            where = "sea" if zone.startswith("N") else "land"
            battles[f"{attacker.lower()}_{where}_attacks"] += 1
            battles[f"{attacker.lower()}_{where}_won"] += e.data["winner"] == attacker
            if zone == "T6" and attacker == "Sparta":
                battles["sparta_pylos_attacks"] += 1
                battles["sparta_pylos_won"] += e.data["winner"] == "Sparta"
            attacker = None
    _, lines = victory.victory_points(game)
    sources = [Counter(), Counter()]
    for side in (0, 1):
        for text, points in lines[side]:
            sources[side][_source(text)] += points
    return {"winner": r.winner, "how": how, "as_425bc": cleared and taken,
            "island_cleared": cleared and bool(lost_there), "pylos_starved": "Athens" in capitulated,
            "island_starved": "Sparta" in capitulated, "starved_turn": capitulated,
            "vp": [dict(sources[0]), dict(sources[1])], "battles": dict(battles)}


def _source(line: str) -> str:
    if "leader" in line:
        return "enemy_leaders"
    if "eliminated" in line:
        return "enemy_units"
    if line.startswith("holds Pylos"):
        return "pylos"
    if line.startswith("holds N"):
        return "straits"
    if line.startswith("holds T"):
        return "island"
    return "supply"


def _play_chunk(job: tuple) -> list[dict]:
    """Games ``seeds`` with ``athens`` and ``sparta`` bots (kinds); each game's description (see ``describe``)."""
    athens, sparta, seeds, variation = job
    out = []
    for seed in seeds:
        game = make_game(seed, variation)
        record = describe_after(game, {"Athens": make_bot(athens, 2 * seed), "Sparta": make_bot(sparta, 2 * seed + 1)})
        record["seed"] = seed
        out.append(record)
    return out


def describe_after(game: SfacteriaGame, bots: dict) -> dict:
    play(game, bots)
    return describe(game)


def run_pairing(athens: str, sparta: str, seeds: range, workers: int, variation: str = "") -> list[dict]:
    return run_pairings({"games": (athens, sparta, seeds, variation)}, workers)["games"]


def run_pairings(pairings: dict, workers: int) -> dict[str, list[dict]]:
    """Several pairings ``name -> (athens, sparta, seeds, variation)`` played together, their games interleaved
    (a run stopped early has played each pairing as far); each name's records in seed order. Progress goes to
    stderr, and with ``RECORDS`` set (``--records FILE``) every game's record is appended to that file as JSON."""
    jobs = []
    for name, (athens, sparta, seeds, variation) in pairings.items():
        step = max(1, min(4, len(seeds) // (workers * 8)))
        jobs.append([(name, (athens, sparta, seeds[k:k + step], variation)) for k in range(0, len(seeds), step)])
    order = [job for row in itertools.zip_longest(*jobs) for job in row if job is not None]
    results: dict[str, list[dict]] = {name: [] for name in pairings}
    with ProcessPoolExecutor(workers) if workers > 1 else _InProcess() as pool:
        for (name, _), chunk in zip(order, pool.map(_play_chunk, [job for _, job in order]), strict=True):
            results[name] += chunk
            wins = Counter(r["winner"] for r in results[name])
            print(f"  {name}: {len(results[name])}/{len(pairings[name][2])} games, Athens {wins['Athens']}, "
                  f"Sparta {wins['Sparta']}, draws {wins[None]}", file=sys.stderr, flush=True)
            if RECORDS:
                with open(RECORDS, "a", encoding="utf-8") as f:
                    for r in chunk:
                        f.write(json.dumps({"pairing": name, **r}) + "\n")
    return results


RECORDS = ""


class _InProcess:
    """``pool.map`` in this process (``--workers 1``)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    @staticmethod
    def map(fn, jobs):
        return map(fn, jobs)


def share(k: int, n: int) -> str:
    p = k / n if n else 0.0
    return f"{p:.3f} (± {(p * (1 - p) / n) ** 0.5 if n else 0:.3f} s.e.)"


def report(name: str, records: list[dict], seeds: range, detail: bool = True) -> None:
    n = len(records)
    print(f"{name}_games: {n} (seeds {seeds.start}-{seeds.stop - 1})")
    wins = Counter(r["winner"] for r in records)
    for side in SIDES:
        print(f"{name}_{side.lower()}: {share(wins[side], n)}")
    print(f"{name}_draws: {share(wins[None], n)}")
    if not detail:
        return
    for side in SIDES:
        how = Counter(r["how"] for r in records if r["winner"] == side)
        for kind in ("total_capitulation", "total_hoplites", "marginal"):
            print(f"{name}_{side.lower()}_{kind}: {share(how[kind], n)}")
    for key in ("as_425bc", "island_cleared", "pylos_starved", "island_starved"):
        print(f"{name}_{key}: {share(sum(r.get(key, 0) for r in records), n)}")
    for side, place in (("Athens", "pylos"), ("Sparta", "island")):
        turns = Counter(r["starved_turn"][side] for r in records if side in r.get("starved_turn", {}))
        print(f"{name}_{place}_starved_in_turn: " + (", ".join(f"{t}: {turns[t]}" for t in sorted(turns)) or "never"))
    for s, side in enumerate(SIDES):
        totals = Counter()
        for r in records:
            totals.update(r["vp"][s])
        for source in ("pylos", "island", "straits", "supply", "enemy_units", "enemy_leaders"):
            print(f"{name}_vp_{side.lower()}_{source}: {totals[source] / n:.2f}")
    battles = Counter()
    for r in records:
        battles.update(r["battles"])
    for side in ("athens", "sparta"):
        for where in ("land", "sea"):
            attacks, won = battles[f"{side}_{where}_attacks"], battles[f"{side}_{where}_won"]
            print(f"{name}_battles_{side}_attacks_{where}: {attacks / n:.2f} a game, won {won / max(attacks, 1):.3f}")
    attacks, won = battles["sparta_pylos_attacks"], battles["sparta_pylos_won"]
    print(f"{name}_battles_sparta_attacks_pylos: {attacks / n:.2f} a game, won {won / max(attacks, 1):.3f}")


# -- variations of the reconstructed values -----------------------------------------------------------------------

def _vp(**changes):
    def tables():
        data = copy.deepcopy(load_tables().data)
        data["victory_points"].update(changes)
        return data
    return tables


def _modifier(name: str, value: int):
    def tables():
        data = copy.deepcopy(load_tables().data)
        data["modifiers"][name]["value"] = value
        return data
    return tables


def _swap_land_and_naval():
    data = copy.deepcopy(load_tables().data)
    data["land"], data["naval"] = data["naval"], data["land"]
    return data


def _even_tables():
    """Every column of both tables as the 1:1 column: the odds no longer matter, only the die and modifiers."""
    data = copy.deepcopy(load_tables().data)
    for kind in ("land", "naval"):
        even = data[kind]["1:1"]
        for column in data["odds"]["columns"]:
            data[kind][column] = list(even)
    return data


def _advantage_to_sparta(game: SfacteriaGame) -> None:
    game.state.adv = 1


def _fleet_a_turn_late(game: SfacteriaGame) -> None:
    for piece in ("AT2", "AT3", "AT4", "AT5", "AT6", "AT7", "Eurymedon", "Sophocles", "AH3", "AH4"):
        kind, idx = game.oob.piece_kind(piece)
        (game.state.uarr if kind == "unit" else game.state.larr)[idx] = 3


def _no_twenty_ships(game: SfacteriaGame) -> None:
    for piece in ("AT8", "AT9"):
        game.state.uarr[game.oob.unit_index[piece]] = 99


def _without_thirst(game: SfacteriaGame) -> None:
    chit = game.stratagems.face(16).chit
    game.state.hands = [[c for c in hand if c != chit] for hand in game.state.hands]
    game.state.out_chits.append(chit)


def _without_stratagems(game: SfacteriaGame) -> None:
    game.state.hands = [[], []]
    game.state.out_chits = list(game.stratagems.chit_numbers)


# name -> (what it changes, tables builder or None, position edit or None)
VARIATIONS = {
    "reconstructed": ("the game as shipped", None, None),
    "vp_hold_pylos_3": ("holding Pylos 3 VP instead of 5", _vp(hold_pylos=3), None),
    "vp_hold_pylos_8": ("holding Pylos 8 VP instead of 5", _vp(hold_pylos=8), None),
    "vp_island_zone_1": ("each island zone held 1 VP instead of 2", _vp(hold_island_zone=1), None),
    "vp_island_zone_3": ("each island zone held 3 VP instead of 2", _vp(hold_island_zone=3), None),
    "vp_supply_0": ("no VP for the supply marker (1 a box)", _vp(supply_marker=0), None),
    "vp_strait_0": ("no VP for the straits (1 each)", _vp(hold_strait=0), None),
    "vp_spartiate_bonus_3": ("each Spartan hoplite unit eliminated 2+3 VP instead of 2+1",
                             _vp(eliminated_spartiate_bonus=3), None),
    "vp_trireme_2": ("each trireme unit eliminated 2 VP instead of 1", _vp(eliminated_trireme=2), None),
    "tables_land_naval_swapped": ("the land and sea battle tables swapped", _swap_land_and_naval, None),
    "tables_odds_ignored": ("every odds column played as 1:1", _even_tables, None),
    "modifier_fort_0": ("no +1 for the forts (Pylos, the old fort)", _modifier("fort", 0), None),
    "modifier_strait_0": ("no -1 for attacking in a strait", _modifier("strait", 0), None),
    "modifier_difficult_0": ("no +1 for defending difficult ground", _modifier("difficult_ground", 0), None),
    "modifier_light_troops_0": ("no +1 for light troops in difficult ground",
                                _modifier("light_troops_in_difficult_ground", 0), None),
    "advantage_to_sparta": ("Sparta holds the advantage at the start", None, _advantage_to_sparta),
    "athenian_fleet_turn_3": ("the fleet from Zakynthos arrives in turn 3, not 2", None, _fleet_a_turn_late),
    "no_twenty_ships": ("the twenty ships from Athens (turn 4) never come", None, _no_twenty_ships),
    "stratagem_thirst_out": ("Thirst at Pylos (16) out of play", None, _without_thirst),
    "stratagems_out": ("no stratagems at all", None, _without_stratagems),
}

_TABLES_CACHE: dict[str, dict] = {}


def make_game(seed: int, variation: str = "") -> SfacteriaGame:
    if not variation:
        game = SfacteriaGame(seed=seed)
    else:
        _, tables, edit = VARIATIONS[variation]
        if tables is not None and variation not in _TABLES_CACHE:
            _TABLES_CACHE[variation] = tables()
        game = SfacteriaGame(seed=seed, tables=_TABLES_CACHE.get(variation))
        if edit is not None:
            edit(game)
            game._invalidate()
    return game


# -- main ----------------------------------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="timed runs of the same games; the best is shown")
    parser.add_argument("--quick", action="store_true", help="only the first figures (for instruction counts)")
    parser.add_argument("--full", action="store_true", help="the searching bot against the heuristic bot")
    parser.add_argument("--pairs", type=int, default=200, help="seeds with --full (one game on each side per seed)")
    parser.add_argument("--balance", type=int, default=0, metavar="N", help="N games of each bot against itself")
    parser.add_argument("--balance-bots", default="heuristic,random", metavar="KINDS",
                        help="which pairings --balance plays (heuristic, random or both, comma-separated)")
    parser.add_argument("--variations", type=int, default=0, metavar="N", help="N games per variation")
    parser.add_argument("--mirror", type=int, default=0, metavar="N",
                        help="N games of the searching bot against itself (about 15 s a game)")
    parser.add_argument("--workers", type=int, default=2, help="processes for --full, --balance, --variations")
    parser.add_argument("--records", default="", metavar="FILE", help="append every game's record to FILE (JSON lines)")
    args = parser.parse_args()
    global RECORDS
    RECORDS = args.records
    if args.full or args.balance or args.variations or args.mirror:
        long_runs(args)
        return
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
    cpu_times, wall_times = search_speed(args.seed)
    print(f"search_bot_cpu_seconds_per_decision: {sum(cpu_times) / len(cpu_times):.3f}")
    print(f"search_bot_median_cpu_seconds_per_decision: {statistics.median(cpu_times):.3f}")
    print(f"search_bot_max_cpu_seconds_per_decision: {max(cpu_times):.3f}")
    print(f"search_bot_wall_seconds_per_decision: {sum(wall_times) / len(wall_times):.3f}")
    print(f"search_bot_median_wall_seconds_per_decision: {statistics.median(wall_times):.3f}")
    print(f"search_bot_max_wall_seconds_per_decision: {max(wall_times):.3f}")
    print(f"search_bot_decisions_timed: {len(cpu_times)} (seeds {args.seed} as Athens, {args.seed + 1} as Sparta)")


def long_runs(args) -> None:
    started = time.perf_counter()
    print(f"load_average: {os.getloadavg()[0]:.2f}")
    print(f"workers: {args.workers}")
    if args.full:
        seeds = range(FULL_FIRST_SEED, FULL_FIRST_SEED + args.pairs)
        runs = run_pairings({"search_as_athens": ("search", "heuristic", seeds, ""),
                             "search_as_sparta": ("heuristic", "search", seeds, ""),
                             "heuristic_same_seeds": ("heuristic", "heuristic", seeds, "")}, args.workers)
        report("search_as_athens", runs["search_as_athens"], seeds)
        report("search_as_sparta", runs["search_as_sparta"], seeds)
        report("heuristic_same_seeds", runs["heuristic_same_seeds"], seeds)
    if args.balance:
        for kind, first in (("heuristic", HEURISTIC_FIRST_SEED), ("random", RANDOM_FIRST_SEED)):
            if kind not in args.balance_bots.split(","):
                continue
            seeds = range(first, first + args.balance)
            report(f"balance_{kind}_vs_{kind}", run_pairing(kind, kind, seeds, args.workers), seeds)
    if args.mirror:
        seeds = range(SEARCH_FIRST_SEED, SEARCH_FIRST_SEED + args.mirror)
        report("balance_search_vs_search", run_pairing("search", "search", seeds, args.workers), seeds)
    if args.variations:
        seeds = range(VARIATION_FIRST_SEED, VARIATION_FIRST_SEED + args.variations)
        print(f"variations_games: {args.variations} each (seeds {seeds.start}-{seeds.stop - 1}), heuristic v heuristic")
        for name, (what, _, _) in VARIATIONS.items():
            records = run_pairing("heuristic", "heuristic", seeds, args.workers, name)
            wins = Counter(r["winner"] for r in records)
            n = len(records)
            starved = sum(r["pylos_starved"] for r in records) / n
            print(f"variation_{name}_athens: {share(wins['Athens'], n)}; sparta {wins['Sparta'] / n:.3f}; "
                  f"draws {wins[None] / n:.3f}; pylos starved {starved:.3f}  # {what}")
    print(f"elapsed_seconds: {time.perf_counter() - started:.0f}")


if __name__ == "__main__":
    main()
