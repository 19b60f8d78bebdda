"""What a class waits for, each figure beside its target (issue 17); prints ``name: value`` lines.

    python benchmarks/classroom.py [--runs N] [--only NAME[,NAME...]] [--cells]

Every figure is the median of ``--runs`` runs (default 5; lessons 3), each in a NEW Jupyter kernel (started
with jupyter_client, the kernel a lesson runs in) or a new Python process, so nothing a previous run
imported or cached helps the next. Beside each figure: its target, whether it holds, the runs' range and
the machine's 1-minute load average when the runs started (the machine may be shared: a figure measured
under a load above the number of cores is slower than a class would see on its own computer). The first lines,
``machine_reference_loop_seconds`` and ``machine_memory_step_ns``, time a fixed pure-Python loop and a walk
through a few megabytes of objects: a virtual machine whose host is busy runs slower without any load showing
(on 1 Dec 2026 the loop ran as fast as on other days, but a step through memory took about 340 ns and the
games three times as long as on 25 Nov), and these say so when two days' figures are compared.

first_panel_seconds       a fresh kernel runs one cell: ``from peloponnesos.widgets import panel`` and
                          ``panel("sfacteria", ...)`` as lesson 02 shows it; from the cell sent to the kernel
                          idle again with the panel's output sent (target: under 1 s)
first_map_seconds         a fresh kernel runs ``import peloponnesos as pp``, ``from peloponnesos.render import
                          draw`` and ``draw(pp.new_game(...))`` as lesson 01 shows it (target: under 0.4 s)
lesson_<notebook>_seconds every code cell of the notebook, top to bottom, in a fresh kernel started in the
                          notebook's folder (kernel start not counted: it starts while the page opens);
                          target 5 s for lesson 04, 4 s for the others (``--cells``: the slowest cells too)
log_on_over_off_diceless  the README's loop (``new_game`` then ``play`` with two ``RandomBot``), event log on
                          over log off, CPU time of 300 diceless games each, in alternation (target: 1.5)
sfacteria_game_kept_kb    memory a finished Sfacteria game (random bots) keeps with its event log as
                          ``run_games(keep_logs=True)`` keeps it (the log packed), measured with tracemalloc
                          after 300 games have filled the engine's shared tables; median of 9 seeds (target:
                          under 100 KB); also the same game with its log unpacked, and with the log off
run_games_sfacteria_1000_seconds
                          a fresh kernel that has imported ``run_games`` runs ``run_games("sfacteria", 1000)``
                          (target: under 2 s on a 2-core machine); its CPU seconds, in all processes, too;
                          and the CPU seconds of the same games played again with ``workers=1`` in that kernel
                          (its engine's memo tables filled by then: the cost of the games alone); and the
                          seconds the kernel spent in garbage collections during the call
class_of_30_*             a class of 30 on one 2-core school server, each student running lesson 02's panel
                          and ``run_games("sfacteria", 1000)``: the CPU seconds (30 times one student's), how
                          long the class waits if all start together on 2 cores, and the memory (30 kernels
                          at their peak, plus each run's worker processes while they play)

The kernels get ``PYTHONPATH`` = this checkout and lose ``PYTHONDONTWRITEBYTECODE`` (a teacher's computer
keeps compiled files; the first, uncounted, run writes them), so a figure is what a class sees after the
first lesson on a computer. ``--only first_panel,lessons`` picks figures by name.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "corpus" / "thucydides"
if "PELOPONNESOS_CORPUS" not in os.environ and SHARED.is_dir():
    os.environ["PELOPONNESOS_CORPUS"] = str(SHARED)

CLASS_SIZE = 30
SERVER_CORES = 2


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return env


def load() -> float:
    return os.getloadavg()[0]


# -- a fresh Jupyter kernel --------------------------------------------------------------------------
class Kernel:
    """A new IPython kernel (the one JupyterLab and Voilà start), cells timed as a user waits for them."""

    def __init__(self, cwd: Path = ROOT) -> None:
        from jupyter_client.manager import start_new_kernel

        started = time.perf_counter()
        self.manager, self.client = start_new_kernel(kernel_name="python3", cwd=str(cwd), env=environment(),
                                                     startup_timeout=120, stderr=subprocess.DEVNULL)
        self.start_seconds = time.perf_counter() - started

    def run(self, code: str, timeout: float = 600) -> tuple[float, str]:
        """Seconds from sending ``code`` until the kernel is idle again (its output sent), and what it printed."""
        started = time.perf_counter()
        msg_id = self.client.execute(code, store_history=False)
        printed, error = [], None
        while True:
            msg = self.client.get_iopub_msg(timeout=timeout)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                printed.append(content["text"])
            elif kind == "error":
                error = f"{content['ename']}: {content['evalue']}"
            elif kind == "status" and content["execution_state"] == "idle":
                break
        seconds = time.perf_counter() - started
        if error:
            raise RuntimeError(f"the kernel raised {error} running:\n{code[:400]}")
        return seconds, "".join(printed)

    def close(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


def in_fresh_kernel(*cells: str, timed: slice = slice(None), cwd: Path = ROOT) -> tuple[float, list[str]]:
    """Run ``cells`` in a new kernel; the seconds of the ``timed`` ones, and what each printed."""
    kernel = Kernel(cwd)
    try:
        results = [kernel.run(cell) for cell in cells]
    finally:
        kernel.close()
    return sum(s for s, _ in results[timed]), [out for _, out in results]


# -- reporting ----------------------------------------------------------------------------------------
def report(name: str, values: list[float], target: float, unit: str, *, fmt: str = "{:.2f}",
           note: str = "", loads: list[float] | None = None) -> float:
    value = statistics.median(values)
    verdict = "holds" if value < target or (unit == "x" and value <= target) else "MISSED"
    spread = f"runs {fmt.format(min(values))}-{fmt.format(max(values))}" if len(values) > 1 else "1 run"
    load_text = f"load {statistics.mean(loads):.2f}" if loads else f"load {load():.2f}"
    bound = "at most" if unit == "x" else "under"
    print(f"{name}: {fmt.format(value)}  (target {bound} {fmt.format(target)}{' ' + unit if unit != 'x' else ''}: "
          f"{verdict}; median of {len(values)}, {spread}; {load_text}){' ' + note if note else ''}", flush=True)
    return value


def reference_loop() -> float:
    """CPU seconds of ten million additions in a Python loop (best of three): how fast this machine runs Python
    today, whatever the load average says (a virtual machine's host may be busy with other machines)."""
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        total = 0
        for i in range(10_000_000):
            total += i
        best = min(best, time.process_time() - started)
    return best


def memory_step() -> float:
    """Nanoseconds a step of a walk through 100,000 list items in a random order (a few megabytes, as the engines'
    memo tables), best of three: a virtual machine whose neighbours fill the shared cache is slow here, and the
    games with it, while the loop above is not."""
    import random

    n, steps = 100_000, 1_000_000
    order = list(range(n))
    random.Random(1).shuffle(order)
    after = [0] * n
    for a, b in zip(order, order[1:] + order[:1], strict=True):
        after[a] = b
    best = float("inf")
    for _ in range(3):
        i = 0
        started = time.perf_counter()
        for _ in range(steps):
            i = after[i]
        best = min(best, time.perf_counter() - started)
    return best / steps * 1e9


def repeat(runs: int, measure) -> tuple[list[float], list[float]]:
    values, loads = [], []
    for _ in range(runs):
        loads.append(load())
        values.append(measure())
    return values, loads


# -- the figures --------------------------------------------------------------------------------------
PANEL_CELL = """from peloponnesos.widgets import panel
panel("sfacteria", mode="vs_bot", side="Athens", seed=2026)"""

MAP_CELL = """import peloponnesos as pp
from peloponnesos.render import draw
draw(pp.new_game("sfacteria", seed=425, scenario="blockade"))"""


def first_panel(runs: int) -> None:
    in_fresh_kernel(PANEL_CELL)  # writes the compiled files a teacher's computer keeps (not counted)
    values, loads = repeat(runs, lambda: in_fresh_kernel(PANEL_CELL)[0])
    report("first_panel_seconds", values, 1.0, "s", loads=loads)


def first_map(runs: int) -> None:
    in_fresh_kernel(MAP_CELL)
    values, loads = repeat(runs, lambda: in_fresh_kernel(MAP_CELL)[0])
    report("first_map_seconds", values, 0.4, "s", loads=loads)


def notebooks() -> list[Path]:
    return sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks" / "exercises").glob("*.ipynb"))


def code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code" and "".join(c["source"]).strip()]


def run_notebook(path: Path) -> list[float]:
    kernel = Kernel(path.parent)
    try:
        return [kernel.run(cell)[0] for cell in code_cells(path)]
    finally:
        kernel.close()


def lessons(runs: int, show_cells: bool, only: str = "") -> None:
    for path in notebooks():
        if only not in path.name:
            continue
        run_notebook(path)  # compiled files, the corpus index cache: what a second lesson on a computer finds
        per_run, loads = repeat(runs, lambda p=path: run_notebook(p))
        totals = [sum(cells) for cells in per_run]
        target = 5.0 if path.name.startswith("04_") else 4.0
        name = path.stem if path.parent.name == "notebooks" else f"{path.parent.name}_{path.stem}"
        report(f"lesson_{name}_seconds", totals, target, "s", loads=loads)
        if show_cells:
            medians = [statistics.median(run[k] for run in per_run) for k in range(len(per_run[0]))]
            slow = sorted(range(len(medians)), key=medians.__getitem__, reverse=True)[:4]
            print("    slowest code cells: " + ", ".join(f"#{k + 1} {medians[k]:.2f} s" for k in slow))


LOG_LOOP = """
import json, sys, time
import peloponnesos as pp

def loop(log, n, first, read=False):
    start = time.process_time()
    for i in range(n):
        game = pp.new_game("diceless", seed=first + i)
        game.log.enabled = log
        pp.play(game, {side: pp.RandomBot(seed=2) for side in game.players})
        if read:
            game.log.to_records()
    return time.process_time() - start

loop(True, 50, 10**6); loop(False, 50, 10**6)  # warm-up: data files, range tables
ratios, read = [], []
for r in range(int(sys.argv[1])):
    first = 1000 * r
    if r % 2:
        off = loop(False, 300, first); on = loop(True, 300, first)
    else:
        on = loop(True, 300, first); off = loop(False, 300, first)
    ratios.append(on / off)
    read.append(loop(True, 300, first, read=True) / off)
print(json.dumps({"ratios": ratios, "read": read}))
"""


def python(code: str, *args: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code, *args], check=True, capture_output=True, text=True,
                         env=environment(), cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def log_cost(runs: int) -> None:
    started = load()
    out = python(LOG_LOOP, str(runs))
    report("log_on_over_off_diceless", out["ratios"], 1.5, "x", loads=[started, load()])
    print(f"log_on_and_read_over_off_diceless: {statistics.median(out['read']):.2f}  (the same, each game's log "
          f"then read as rows with log.to_records(): the sentences are written then)")


KEPT = """
import gc, json, sys, tracemalloc
import peloponnesos as pp

def finished(seed, log):
    game = pp.new_game("sfacteria", seed=seed)
    game.log.enabled = log
    pp.play(game, {side: pp.RandomBot(seed + 17 * k) for k, side in enumerate(game.players)})
    return game

for seed in range(300):  # warm-up: the engine's tables of moves fill over the first games; they are not a game's
    finished(seed, seed % 2 == 0)
out = {}
for how in ("packed", "log", "no log"):
    sizes = []
    for seed in range(1000, 1009):
        gc.collect()
        tracemalloc.start()
        game = finished(seed, how != "no log")
        if how == "packed" and hasattr(game.log, "pack"):  # (older versions of the package cannot pack)
            game.log.pack()  # as run_games(keep_logs=True) keeps a game
        gc.collect()
        sizes.append(tracemalloc.get_traced_memory()[0] / 1024)
        tracemalloc.stop()
        del game
    out[how] = sizes
print(json.dumps(out))
"""


def game_kept() -> None:
    started = load()
    sizes = python(KEPT)
    loads = [started, load()]
    report("sfacteria_game_kept_kb", sizes["packed"], 100, "KB", fmt="{:.0f}", loads=loads,
           note="(as run_games(keep_logs=True) keeps it: log packed; random bots, seeds 1000-1008)")
    print(f"sfacteria_game_kept_log_unpacked_kb: {statistics.median(sizes['log']):.0f}  (while played, or once "
          f"its log.events was asked for)")
    print(f"sfacteria_game_kept_without_log_kb: {statistics.median(sizes['no log']):.0f}")


RUN_CELL = """import gc, os, resource, time
collecting = [0.0, 0.0]
def timed(phase, info):
    if phase == "start":
        collecting[1] = time.perf_counter()
    else:
        collecting[0] += time.perf_counter() - collecting[1]
gc.callbacks.append(timed)
cpu = sum(os.times()[:4]); wall = time.perf_counter()
table = run_games("sfacteria", 1000)
wall = time.perf_counter() - wall
gc.callbacks.remove(timed)
cpu_all = table.attrs.get("cpu_seconds", sum(os.times()[:4]) - cpu)
print(f"{wall} {cpu_all} {table.attrs.get('processes', 1)} {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024} "
      f"{collecting[0]}")
"""
LESSON_START = """import pandas as pd
import plotly.express as px
from peloponnesos.analysis import run_games
from peloponnesos.widgets import panel
panel("sfacteria", mode="vs_bot", side="Athens", seed=2026)"""

WORKER_MEMORY = """
import json, resource
import peloponnesos as pp
for seed in range(300):
    game = pp.new_game("sfacteria", seed=seed)
    game.log.enabled = False
    pp.play(game, {side: pp.RandomBot(seed + 17 * k) for k, side in enumerate(game.players)})
print(json.dumps(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))
"""


SAME_CELL = """import time
cpu = time.process_time()
try:
    one = run_games("sfacteria", 1000, workers=1)
except TypeError:  # a version of the package before run_games had workers
    one = run_games("sfacteria", 1000)
print(one.equals(table), table.attrs.get("processes", 1), time.process_time() - cpu)"""


def many_games(runs: int) -> None:
    _, printed = in_fresh_kernel(LESSON_START, RUN_CELL, SAME_CELL)  # also: the table of one process?
    same, processes, one_cpu = printed[-1].split()
    print(f"run_games_sfacteria_1000_same_table_as_one_process: {'yes' if same == 'True' else 'NO'}  "
          f"(compared with workers=1; the run used {processes} processes)", flush=True)
    print(f"run_games_sfacteria_1000_one_process_cpu_seconds: {float(one_cpu):.2f}  (workers=1, the same games played "
          f"again in the same kernel: its memo tables already filled)", flush=True)
    walls, cpus, peaks, loads, collecting, workers = [], [], [], [], [], 1
    for _ in range(runs):
        loads.append(load())
        _, printed = in_fresh_kernel(LESSON_START, RUN_CELL)
        wall, cpu, workers, peak, gc_seconds = printed[-1].split()
        collecting.append(float(gc_seconds))
        walls.append(float(wall))
        cpus.append(float(cpu))
        peaks.append(float(peak))
        workers = int(workers)
    report("run_games_sfacteria_1000_seconds", walls, 2.0, "s", loads=loads,
           note=f"({workers} process{'es' if workers > 1 else ''})")
    cpu = statistics.median(cpus)
    print(f"run_games_sfacteria_1000_cpu_seconds: {cpu:.2f}  (all processes)")
    print(f"run_games_sfacteria_1000_kernel_gc_seconds: {statistics.median(collecting):.3f}  (the kernel's garbage "
          f"collections during the call, median)")
    kernel_mb = statistics.median(peaks)
    worker_mb = python(WORKER_MEMORY) if workers > 1 else 0.0
    helpers = workers - 1 if workers > 1 else 0  # the kernel plays too; its own memory is counted above
    total_cpu = CLASS_SIZE * cpu
    print(f"class_of_{CLASS_SIZE}_cpu_seconds: {total_cpu:.0f}  ({CLASS_SIZE} x {cpu:.2f} s: each student opens "
          f"the panel and runs run_games('sfacteria', 1000))")
    print(f"class_of_{CLASS_SIZE}_seconds_if_all_start_together: {total_cpu / SERVER_CORES:.0f}  "
          f"(on {SERVER_CORES} cores)")
    peak_gb = CLASS_SIZE * (kernel_mb + helpers * worker_mb) / 1024
    print(f"class_of_{CLASS_SIZE}_memory_gb: {CLASS_SIZE * kernel_mb / 1024:.1f} in the kernels, {peak_gb:.1f} at most "
          f"while every run plays  (a kernel's peak {kernel_mb:.0f} MB; a worker process {worker_mb:.0f} MB, "
          f"{helpers} a run; PELOPONNESOS_WORKERS=1 on the server keeps every run in its kernel)")


FIGURES = ("first_panel", "first_map", "lessons", "log", "kept", "run_games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (lessons: at most 3)")
    parser.add_argument("--only", default=",".join(FIGURES), help=f"figures to measure: {', '.join(FIGURES)}")
    parser.add_argument("--cells", action="store_true", help="print each lesson's slowest code cells")
    parser.add_argument("--notebook", default="", help="only the notebooks whose file name contains this")
    args = parser.parse_args()
    only = set(args.only.split(","))
    unknown = only - set(FIGURES)
    if unknown:
        parser.error(f"unknown figure(s) {', '.join(sorted(unknown))}; choose from {', '.join(FIGURES)}")
    print(f"machine: {os.cpu_count()} cores, load average {load():.2f} at the start; python {sys.version.split()[0]}")
    print(f"machine_reference_loop_seconds: {reference_loop():.2f}  (a fixed pure-Python loop, best of 3)")
    print(f"machine_memory_step_ns: {memory_step():.0f}  (a step through a few MB of objects in a random order, "
          f"best of 3; the engines' memo tables are read like this)")
    if "first_panel" in only:
        first_panel(args.runs)
    if "first_map" in only:
        first_map(args.runs)
    if "lessons" in only:
        lessons(min(args.runs, 3), args.cells, args.notebook)
    if "log" in only:
        log_cost(args.runs)
    if "kept" in only:
        game_kept()
    if "run_games" in only:
        many_games(args.runs)


if __name__ == "__main__":
    main()
