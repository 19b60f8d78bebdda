"""Many games by bots, in this process or on every core of the computer (what ``run_games`` runs on).

Game ``i`` of a run always has the seed ``seed * 1_000_003 + i`` and bots built from it, so a row depends
only on the run's arguments and ``i``: the games may be played in any process, in any order, and the table
is the same. A run starts here; when the games left would take more than about half a second, they are cut
into chunks and shared between worker processes and this one (which goes on playing while they start).

The workers are started fresh (``forkserver`` where the system has it, which starts one clean process per
kernel, with the engine of its first run's game imported, and forks the workers from it; ``spawn``
elsewhere), never by forking the kernel itself, whose threads make that unsafe. What they need (the game's
name and options, the bot factories, ``record``) goes to them with cloudpickle, which sends functions and
classes written in a notebook by value; a run whose arguments cannot be sent at all is played here.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from ..core import Game, RandomBot, new_game, play

#: a run is shared with worker processes only if the games left would take at least this long here (seconds)
PARALLEL_AFTER_SECONDS = 0.5
#: the first games are played here for about this long, to see how long a game takes
PROBE_SECONDS = 0.15
#: each chunk of games sent to a worker takes about this long
CHUNK_SECONDS = 0.06


class Job:
    """Everything needed to play game ``i`` of a run, in any process."""

    def __init__(self, name: str, seed: int, options: Mapping[str, Any] | None, bots: Mapping[str, Callable] | None,
                 record: Callable[[Game], Mapping[str, Any]] | None, keep_logs: bool) -> None:
        self.name, self.seed, self.options = name, seed, dict(options or {})
        self.bots, self.record, self.keep_logs = (dict(bots) if bots else None), record, keep_logs

    def play(self, i: int, on_action=None) -> tuple[dict[str, Any], Game]:
        game_seed = self.seed * 1_000_003 + i
        game = new_game(self.name, seed=game_seed, **self.options)
        if not self.keep_logs:
            game.log.enabled = False
        bots = self.bots
        sides = {p: (bots[p](game_seed + 17 * k) if bots and p in bots else RandomBot(game_seed + 17 * k))
                 for k, p in enumerate(game.players)}
        result = play(game, sides, on_action=on_action)
        row = {"game": i, "seed": game_seed, "winner": result.winner or "draw", "level": result.level,
               "reason": result.reason, "actions": len(game.history), "turns": game.turn}
        row.update({f"score_{side}": value for side, value in result.scores.items()})
        if self.record is not None:
            row.update(self.record(game))
        return row, game

    def play_rows(self, start: int, stop: int) -> list[dict[str, Any]]:
        return [self.play(i)[0] for i in range(start, stop)]


def default_workers() -> int:
    """The processes a run may use when ``run_games`` is not told: ``PELOPONNESOS_WORKERS`` if set (a school
    server's administrator may set 1 for every kernel: on a server the other students' kernels use the cores),
    else every core this process may use."""
    value = os.environ.get("PELOPONNESOS_WORKERS", "").strip()
    if not value:
        return cores()
    if not value.isdigit() or int(value) < 1:
        from ..core.errors import OptionError

        raise OptionError(f"PELOPONNESOS_WORKERS says how many processes run_games may use: a whole number, 1 or "
                          f"more, not {value!r}")
    return int(value)


def cores() -> int:
    """The cores this process may use."""
    if hasattr(os, "process_cpu_count"):  # Python 3.13
        return os.process_cpu_count() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


# -- in a worker process -------------------------------------------------------------------------------------
_job: tuple[str, Job] | None = None  # (key, job): the run this worker plays for


def play_chunk(key: str, payload: bytes, start: int, stop: int) -> tuple[list[dict[str, Any]], int, float]:
    """In a worker: the rows of games ``start..stop``, this process's id and its CPU seconds so far."""
    global _job
    if _job is None or _job[0] != key:
        import pickle

        _job = (key, pickle.loads(payload))
    return _job[1].play_rows(start, stop), os.getpid(), time.process_time()


@contextlib.contextmanager
def _main_left_alone():
    """While the workers start, hide where this program's main module came from: a worker then neither runs
    it again (a script without ``if __name__ == "__main__":`` would start its run of games once more in every
    worker) nor imports it (in a notebook that is the whole kernel, half a second a worker). The workers need
    nothing from it: their job comes with them."""
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    saved = {key: main.__dict__[key] for key in ("__spec__", "__file__") if key in main.__dict__}
    main.__dict__.pop("__file__", None)
    main.__dict__["__spec__"] = None
    try:
        yield
    finally:
        main.__dict__.pop("__spec__", None)
        main.__dict__.update(saved)


#: actions per game in the runs played so far, by game: to judge early how long a slow game will take
_ACTIONS: dict[str, float] = {}


def _context(name: str):
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        # Imported once, in the clean process the workers are forked from (when the first run starts it): this
        # module and the engine of the game played then; a worker imports any other game it is given itself.
        from ..core.registry import game_info

        engine = game_info(name).engine.partition(":")[0]
        context.set_forkserver_preload(["peloponnesos.analysis.runs", *([engine] if engine else [])])
        return context
    return multiprocessing.get_context("spawn")


# -- in the process that asked ---------------------------------------------------------------------------------
class Run:
    """The games of one ``run_games`` call: ``play()`` gives the rows in order (and the games, if kept).

    The first games are played here while their time is watched (after every action); as soon as the games
    still to play would take more than ``PARALLEL_AFTER_SECONDS``, worker processes are started and given the
    rest in chunks, and this process goes on playing chunks too (``workers`` processes in all)."""

    def __init__(self, job: Job, n: int, *, workers: int | None = None, on_action=None, progress=None) -> None:
        self.job, self.n, self.on_action = job, n, on_action
        self.workers = default_workers() if workers is None else max(1, int(workers))
        self.auto = workers is None
        self.progress = progress
        self.rows: list[dict[str, Any] | None] = [None] * n
        self.games: list[Game] = []
        self.done = 0
        self.processes = 1
        self.cpu_seconds = 0.0
        self.seconds = 0.0
        self._started = 0.0
        self._next = 0  # the first game not yet given to anyone
        self._pool = None
        self._payload: bytes | None = None
        self._per_game: float | None = None  # seconds a game takes here, as judged before sharing

    def _shareable(self) -> bytes | None:
        """The job as bytes for the workers, or None if this run stays here."""
        if self.workers < 2 or self.n < 2 or self.job.keep_logs or self.on_action is not None:
            return None
        try:
            import cloudpickle
        except ImportError:
            return None
        try:
            return cloudpickle.dumps(self.job)
        except Exception:  # something that cannot leave this process (an open file, a widget): play here
            return None

    def _play_here(self, i: int, watch=None) -> None:
        row, game = self.job.play(i, self.on_action if watch is None else watch)
        self.rows[i] = row
        if self.job.keep_logs:
            game.log.pack()  # a finished game's log, kept in a tenth of the memory (EventLog.pack)
            self.games.append(game)
        self.done += 1

    def play(self) -> tuple[list[dict[str, Any]], list[Game]]:
        self._started, cpu = time.perf_counter(), time.process_time()
        self._payload = self._shareable() if self.auto or self.workers > 1 else None
        if self.progress is not None:
            self.progress.start(self.n, 1)
        try:
            if self._payload is not None and not self.auto:
                self._start_workers()
            while self._next < self.n and self._pool is None:  # here, watching the time if workers may help
                i = self._next
                self._next += 1
                self._play_here(i, self._watch if self._payload is not None else None)
                if self._payload is not None and self._pool is None:
                    self._consider_workers()
                if self.progress is not None:
                    self.progress.update(self.done)
            if self._pool is not None:
                self._share()
        finally:
            if self._pool is not None:
                self._pool.terminate()
        self.cpu_seconds += time.process_time() - cpu
        self.seconds = time.perf_counter() - self._started
        _ACTIONS[self.job.name] = sum(row["actions"] for row in self.rows) / self.n if self.n else 0
        if self.progress is not None:
            self.progress.finish(self.n, self.seconds, self.processes)
        return self.rows, self.games  # type: ignore[return-value]

    def _watch(self, game, side, action) -> None:
        """After every action of a game played here while the run may still be shared."""
        if self._pool is None and time.perf_counter() - self._started > PROBE_SECONDS:
            self._consider_workers(game)

    def _consider_workers(self, playing: Game | None = None) -> None:
        """Start the workers if the games still to play would take long enough; stop watching if not. During
        the first game, its actions so far and the length of earlier games of the same kind tell how long it
        will be."""
        elapsed = time.perf_counter() - self._started
        if elapsed < PROBE_SECONDS:
            return
        per_game = elapsed / max(self.done, 1)  # while a game is being played: at least this
        typical = _ACTIONS.get(self.job.name)
        if playing is not None and not self.done and typical and len(playing.history) >= 3:
            per_game = max(per_game, elapsed / len(playing.history) * typical)
        left = self.n - self._next
        if left * per_game >= PARALLEL_AFTER_SECONDS:
            self._per_game = per_game
            self._start_workers()
        elif playing is None:
            self._payload = None  # not worth it: the rest is played here without watching

    def _start_workers(self) -> None:
        helpers = max(1, self.workers - 1)
        context = _context(self.job.name)
        with _main_left_alone():
            self._pool = context.Pool(helpers)
        self.processes = helpers + 1
        if self.progress is not None:
            self.progress.processes = self.processes
        per_game = self._per_game
        left = self.n - self._next
        size = max(1, int(CHUNK_SECONDS / per_game)) if per_game else max(1, left // (8 * self.processes))
        self._pending = [(s, min(s + size, self.n)) for s in range(self._next, self.n, size)][::-1]
        self._next = self.n
        self._running: list[tuple[int, int, Any]] = []  # (start, stop, the worker's answer to come)
        self._key = uuid.uuid4().hex
        self._last_cpu: dict[int, float] = {}
        self._top_up(helpers)

    def _top_up(self, helpers: int) -> None:
        while self._pending and len(self._running) < 2 * helpers:
            start, stop = self._pending.pop()
            answer = self._pool.apply_async(play_chunk, (self._key, self._payload, start, stop))
            self._running.append((start, stop, answer))

    def _share(self) -> None:
        """Play the chunks left: the workers take them in turn, and this process takes one whenever it can."""
        helpers = self.processes - 1
        while self._pending or self._running:
            self._top_up(helpers)
            for item in [r for r in self._running if r[2].ready()]:
                self._running.remove(item)
                start, _, result = item
                rows, pid, cpu = result.get()
                self.rows[start:start + len(rows)] = rows
                self.done += len(rows)
                self._last_cpu[pid] = cpu
            if self._pending:
                start, stop = self._pending.pop()
                for k in range(start, stop):
                    self._play_here(k)
            elif self._running and not self._last_cpu:
                # nothing left to take, and no worker has answered yet (a fresh kernel's first run waits for its
                # workers to start): play their chunks here too, rather than wait. The same seeds give the same
                # rows, so a worker's copy, if it comes, is not needed; the pool is ended with the run.
                start, stop, _ = self._running.pop()
                for k in range(start, stop):
                    self._play_here(k)
            elif self._running:
                self._running[0][2].wait(0.02)
            if self.progress is not None:
                self.progress.update(self.done)
        self.cpu_seconds += sum(self._last_cpu.values())
