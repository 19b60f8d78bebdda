"""Many games by bots, in this process or on every core of the computer (what ``run_games`` runs on).

Game ``i`` of a run always has the seed ``seed * 1_000_003 + i`` and bots built from it, so a row depends
only on the run's arguments and ``i``: the games may be played in any process, in any order, and the table
is the same. A run starts here; when the games left would take more than about half a second, worker
processes are started, and from then on every process, this one too, takes the next games from a shared counter
until none is left (this one goes on playing while the workers start, so a run never waits for them).

The workers are started fresh (``forkserver`` where the system has it, which starts one clean process per
kernel, with the engine of its first run's game imported, and forks the workers from it; ``spawn``
elsewhere), never by forking the kernel itself, whose threads make that unsafe. What they need (the game's
name and options, the bot factories, ``record``) goes to them with cloudpickle, which sends functions and
classes written in a notebook by value; a run whose arguments cannot be sent at all is played here.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

from ..core import Game, RandomBot, new_game, play

#: a run is shared with worker processes only if the games left would take at least this long here (seconds)
PARALLEL_AFTER_SECONDS = 0.5
#: the first games are played here for about this long, to see how long a game takes
PROBE_SECONDS = 0.15
#: at most this long a chunk of games taken from the shared counter, so that the last ones end together
CHUNK_SECONDS = 0.1


class Job:
    """Everything needed to play game ``i`` of a run, in any process."""

    def __init__(self, name: str, seed: int, options: Mapping[str, Any] | None, bots: Mapping[str, Callable] | None,
                 record: Callable[[Game], Mapping[str, Any]] | None, keep_logs: bool) -> None:
        self.name, self.seed, self.options = name, seed, dict(options or {})
        self.bots, self.record, self.keep_logs = (dict(bots) if bots else None), record, keep_logs

    @property
    def makes_cycles(self) -> bool:
        """May the games leave cycles for the garbage collector? Not with the engine's own random bots and no
        ``record`` (tested for every engine); perhaps with bots or a ``record`` of the class's own."""
        return self.bots is not None or self.record is not None

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
        rows = []
        for i in range(start, stop):
            rows.append(self.play(i)[0])
            collect_if_due()
        return rows


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
def claim(next_game, n: int, processes: int, cap: int) -> tuple[int, int]:
    """Take the next games to play from the run's shared counter: a share of what is left (a quarter of an even
    share: large at first, smaller towards the end, so that every process finishes at about the same time),
    at most ``cap``. ``(n, n)`` when none is left."""
    with next_game.get_lock():
        start = next_game.value
        stop = min(n, start + max(1, min(cap, (n - start) // (4 * processes))))
        next_game.value = stop
    return start, stop


def work(payload: bytes, next_game, n: int, processes: int, cap: int, out, lock) -> None:
    """A worker: take games from the counter and send their rows back (``("rows", pid, start, rows)``) until none
    is left, then say so (``("done", pid, CPU seconds, None)``). A chunk that fails (a bot's error, a row that cannot be
    sent) ends the worker without its rows: the process that asked plays those games itself, and meets the
    same error there, with its own traceback."""
    import pickle

    try:
        job = pickle.loads(payload)
        with _collector_paused(job.makes_cycles):
            while True:
                start, stop = claim(next_game, n, processes, cap)
                if start >= n:
                    break
                rows = job.play_rows(start, stop)
                with lock:
                    out.send(("rows", os.getpid(), start, rows))
    except Exception:  # (the games are played again where the run started, which reports the error)
        pass
    with lock:
        out.send(("done", os.getpid(), time.process_time(), None))


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


#: while games are played, garbage is collected only when this many new objects are waiting
COLLECT_AFTER = 200_000
_paused = [False]  # is the collector paused by a run (not by the program itself)?
_collecting = [True]  # does the run paused collect when due (its bots or ``record`` are the class's own)?


@contextlib.contextmanager
def _collector_paused(collect: bool = True):
    """While the games are played, the garbage collector neither goes through the objects that existed before
    (a notebook's kernel holds a million: pandas, Plotly, the widgets; ``gc.freeze``) nor runs after every 700
    new objects as Python has it: the engines' games leave no cycles behind, so that work finds nothing. With
    ``collect`` (a run whose bots or ``record`` the class wrote: they may leave cycles) it runs when
    ``COLLECT_AFTER`` new objects are waiting (``collect_if_due``), so that memory stays bounded; a run of the
    engine's own random games never collects. When the run ends, the objects it made join the old ones as they
    are (frozen, then unfrozen with them) instead of being gone through, object by object, by the collections
    Python would otherwise start while the table is made and the run still counts
    (``run_games_sfacteria_1000_kernel_gc_seconds`` in ``benchmarks/classroom.py``: 0.146 s before, 0.001 s after,
    on 2 December 2026). A program that froze its own objects or turned the collector off is left as it is."""
    if not gc.isenabled() or _paused[0]:
        yield
        return
    freeze = not gc.get_freeze_count()
    if freeze:
        gc.freeze()
    gc.disable()
    _paused[0], _collecting[0] = True, collect
    try:
        yield
    finally:
        _paused[0], _collecting[0] = False, True
        if freeze:
            gc.freeze()  # (the run's objects too)
        gc.enable()
        if freeze:
            gc.unfreeze()


def collect_if_due() -> None:
    """Between games: collect the garbage if enough new objects are waiting (see ``_collector_paused``)."""
    if _paused[0] and _collecting[0] and gc.get_count()[0] > COLLECT_AFTER:
        gc.collect()


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

    The first games are played here while their time is watched; as soon as the games still to play would
    take more than ``PARALLEL_AFTER_SECONDS``, worker processes are started. From then on every process, this
    one too, takes the next games from a shared counter (``claim``) until none is left, so none waits for
    another while games remain, and a worker that is slow to start simply leaves more to the others."""

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
        self._next = 0  # the first game not yet played or given to the workers
        self._payload: bytes | None = None
        self._workers: list = []  # the worker processes, while they play
        self._starter = None  # the thread that starts them
        self._per_game: float | None = None  # seconds a game takes here, as judged before sharing
        self._first_game = 0.0  # when the first game ended
        self._pid = os.getpid()
        self.games_played: dict[int, int] = {self._pid: 0}  # by process id, this one first

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
        self.games_played[self._pid] += 1
        collect_if_due()

    def play(self) -> tuple[list[dict[str, Any]], list[Game]]:
        with _collector_paused(self.job.makes_cycles):
            return self._play()

    def _play(self) -> tuple[list[dict[str, Any]], list[Game]]:
        self._started, cpu = time.perf_counter(), time.process_time()
        self._payload = self._shareable() if self.auto or self.workers > 1 else None
        if self.progress is not None:
            self.progress.start(self.n, 1)
        try:
            if self._payload is not None and not self.auto:
                self._start_workers()
            while self._next < self.n and self._starter is None:  # here, watching the time if workers may help
                i = self._next
                self._next += 1
                self._play_here(i, self._watch if self._payload is not None else None)
                if self._payload is not None and self._starter is None:
                    self._consider_workers()
                if self.progress is not None:
                    self.progress.update(self.done)
            if self._starter is not None:
                self._share()
        finally:
            if self._starter is not None:
                self._starter.join()
            for process in self._workers:
                if process.is_alive():
                    process.terminate()
        self.cpu_seconds += time.process_time() - cpu
        self.seconds = time.perf_counter() - self._started
        _ACTIONS[self.job.name] = sum(row["actions"] for row in self.rows) / self.n if self.n else 0
        if self.progress is not None:
            self.progress.finish(self.n, self.seconds, self.processes)
        return self.rows, self.games  # type: ignore[return-value]

    def _watch(self, game, side, action) -> None:
        """After every action of a game played here while the run may still be shared."""
        if self._starter is None and time.perf_counter() - self._started > PROBE_SECONDS:
            self._consider_workers(game)

    def _consider_workers(self, playing: Game | None = None) -> None:
        """Start the workers if the games still to play would take long enough; stop watching if not. After
        two games, the second one's time tells (the first one's includes loading the game); during a long
        first game, its actions so far and the length of earlier games of the same kind tell."""
        now = time.perf_counter()
        elapsed = now - self._started
        if playing is None and self.done == 1:
            self._first_game = now
            return
        if playing is None and self.done == 2:
            per_game = now - self._first_game
        elif elapsed >= PROBE_SECONDS:
            per_game = elapsed / max(self.done, 1)  # while a game is being played: at least this
            typical = _ACTIONS.get(self.job.name)
            if playing is not None and not self.done and typical and len(playing.history) >= 3:
                per_game = max(per_game, elapsed / len(playing.history) * typical)
        else:
            return
        left = self.n - self._next
        if left * per_game >= PARALLEL_AFTER_SECONDS:
            self._per_game = per_game
            self._start_workers()
        elif playing is None:
            self._payload = None  # not worth it: the rest is played here without watching

    def _start_workers(self) -> None:
        """Start the workers from a thread of this process, which goes on playing meanwhile (starting them takes
        about a tenth of a second, longer the first time in a kernel)."""
        import threading

        helpers = max(1, self.workers - 1)
        context = _context(self.job.name)
        self.processes = helpers + 1
        self._cap = max(1, int(CHUNK_SECONDS / self._per_game)) if self._per_game else self.n
        self._counter = context.Value("q", self._next)
        self._inbox, outbox = context.Pipe(duplex=False)
        self._lock = context.Lock()  # (kept here while the workers live: a lock no process holds is deleted)
        args = (self._payload, self._counter, self.n, self.processes, self._cap, outbox, self._lock)

        def start() -> None:
            try:
                with _main_left_alone():
                    for _ in range(helpers):
                        process = context.Process(target=work, args=args, daemon=True)
                        process.start()
                        self._workers.append(process)
            except Exception:  # no worker could start (a system without processes): the games are played here
                pass
            finally:
                outbox.close()  # (the workers have their own)

        self._starter = threading.Thread(target=start, name="run_games: starting workers", daemon=True)
        self._starter.start()
        if self.progress is not None:
            self.progress.processes = self.processes

    def _share(self) -> None:
        """Play games from the shared counter here too, reading the workers' rows between chunks; then wait
        for the workers to finish theirs. Games whose rows never came (a worker that failed or was stopped)
        are played here at the end."""
        from multiprocessing.connection import wait

        self._cpu: dict[int, float] = {}
        if "pandas" not in sys.modules:  # the table's library, loaded now that other cores play: not after the games
            with contextlib.suppress(ImportError):
                import pandas  # noqa: F401
        while True:
            self._read()
            start, stop = claim(self._counter, self.n, self.processes, self._cap)
            if start >= self.n:
                break
            for i in range(start, stop):
                self._play_here(i)
            if self.progress is not None:
                self.progress.update(self.done)
        self._starter.join()
        self.processes = 1 + len(self._workers)  # those that did start
        live = {process.sentinel for process in self._workers}
        while live:
            ready = wait([self._inbox, *live], timeout=0.5)
            self._read()
            for sentinel in ready:
                if sentinel in live:
                    self._read()  # what it sent before it ended
                    live.discard(sentinel)
            if self.progress is not None:
                self.progress.update(self.done)
        self._inbox.close()
        for i in range(self.n):
            if self.rows[i] is None:
                self._play_here(i)
        self.cpu_seconds += sum(self._cpu.values())

    def _read(self) -> None:
        """Take in every message the workers have sent so far."""
        while self._inbox.poll():
            try:
                kind, pid, a, b = self._inbox.recv()
            except EOFError:  # every worker has ended
                return
            if kind == "rows":
                self.rows[a:a + len(b)] = b
                self.done += len(b)
                self.games_played[pid] = self.games_played.get(pid, 0) + len(b)
            else:
                self._cpu[pid] = a
