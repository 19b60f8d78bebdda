"""``run_games`` on several processes (issue 17): the same table as one process, whatever the bots are, and
never a surprise (runs that keep games or watch actions stay here; a script without a main guard runs once)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading

import pytest

import peloponnesos as pp
from peloponnesos.analysis import run_games
from peloponnesos.analysis.progress import Progress, progress_for
from peloponnesos.games.diceless.bots import GreedyBot


def opening_chit(game) -> dict:
    """A ``record`` that reads the game (as lesson 04's do)."""
    first = next((a for a in game.history if type(a).__name__ == "PlaceChit"), None)
    return {"first_chit": getattr(first, "chit", None), "events": len(game.log)}


def test_two_processes_give_the_table_of_one():
    kwargs = {"seed": 5, "record": opening_chit, "options": {"first_placer": "Athens"}}
    here = run_games("diceless", 60, workers=1, **kwargs)
    shared = run_games("diceless", 60, workers=2, **kwargs)
    assert here.attrs["processes"] == 1 and shared.attrs["processes"] == 2
    assert shared.equals(here)
    assert list(shared["game"]) == list(range(60)) and shared.attrs["cpu_seconds"] > 0


class Slow:
    """A random bot that takes its time (5 ms a move), so that a short run is worth sharing."""

    name = "slow"

    def __init__(self, seed=None):
        self.bot = pp.RandomBot(seed)

    def choose(self, game, player):
        import time

        time.sleep(0.005)
        return self.bot.choose(game, player)


def test_every_process_takes_games_until_none_is_left():
    bots = {"Argos": Slow, "Sparta": Slow}
    shared = run_games("duel", 40, seed=4, bots=bots, workers=2)
    played = shared.attrs["games_per_process"]
    assert len(played) == 2 and sum(played) == 40 and min(played) > 0  # the worker played its share too
    assert shared.equals(run_games("duel", 40, seed=4, bots=bots, workers=1))


def test_games_a_worker_could_not_play_are_played_here():
    import os

    here = os.getpid()

    def only_here(seed):  # a bot that cannot work in another process
        if os.getpid() != here:
            raise RuntimeError("not in a worker")
        return Slow(seed)

    table = run_games("duel", 12, seed=6, bots={"Argos": only_here}, workers=2)
    assert table.attrs["games_per_process"] == [12]
    assert table.equals(run_games("duel", 12, seed=6, bots={"Argos": only_here}, workers=1))


def test_bots_and_records_written_in_a_notebook_go_to_the_workers_by_value():
    class Cautious:  # defined here, like a class in a notebook cell: not importable by a worker
        name = "cautious"

        def __init__(self, seed=None):
            self.greedy = GreedyBot(seed)

        def choose(self, game, player):
            return self.greedy.choose(game, player)

    bots = {"Sparta": Cautious, "Athens": lambda seed: pp.RandomBot(seed + 1)}
    record = lambda game: {"placements": sum(type(a).__name__ == "PlaceChit" for a in game.history)}  # noqa: E731
    here = run_games("diceless", 12, seed=2, bots=bots, record=record, workers=1)
    shared = run_games("diceless", 12, seed=2, bots=bots, record=record, workers=2)
    assert shared.attrs["processes"] == 2 and shared.equals(here)


def test_what_cannot_leave_this_process_is_played_here():
    lock = threading.Lock()  # a bot holding a lock cannot be sent to another process

    def locked_bot(seed):
        bot = pp.RandomBot(seed)
        bot.lock = lock
        return bot

    table = run_games("duel", 20, bots={"Argos": locked_bot}, workers=2)
    assert table.attrs["processes"] == 1 and table.equals(run_games("duel", 20, bots={"Argos": locked_bot},
                                                                       workers=1))


def test_kept_games_and_watched_actions_stay_here_and_read_the_same():
    seen = []
    table, games = run_games("diceless", 4, seed=9, keep_logs=True, workers=2,
                             on_action=lambda game, side, action: seen.append(side))
    assert table.attrs["processes"] == 1 and len(seen) == table["actions"].sum()
    for row, game in zip(table.itertuples(), games, strict=True):
        assert game.log.packed  # kept in a fraction of the memory ...
        again = pp.new_game("diceless", seed=row.seed)
        pp.play(again, {side: pp.RandomBot(row.seed + 17 * k) for k, side in enumerate(again.players)})
        assert game.log.to_records() == again.log.to_records()  # ... and read exactly as a log never packed
        assert [e.to_dict() for e in game.log] == [e.to_dict() for e in again.log]


def test_an_error_in_a_worker_is_the_same_error_here():
    def broken(seed):
        raise ValueError(f"no bot for seed {seed}")

    with pytest.raises(ValueError, match="no bot for seed"):
        run_games("duel", 10, bots={"Argos": broken}, workers=2)


def test_a_script_without_a_main_guard_runs_once(tmp_path):
    script = tmp_path / "study.py"
    script.write_text(textwrap.dedent("""
        from peloponnesos.analysis import run_games
        table = run_games("diceless", 40, seed=1, workers=2)
        print("rows", len(table), "processes", table.attrs["processes"])
    """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["rows", "40", "processes", "2"]


def test_progress_is_shown_only_in_a_notebook_and_ends_with_what_was_done(monkeypatch):
    assert progress_for("games", None) is None  # the tests are not a notebook
    shown = []

    class Handle:
        def update(self, bundle, raw):
            shown.append(bundle)

    def display(bundle, raw, display_id):
        shown.append(bundle)
        return Handle()

    import IPython.display

    monkeypatch.setattr(IPython.display, "display", display)
    bar = Progress("1,000 games of sfacteria", after_seconds=0)
    bar.start(1000, 2)
    bar.update(400)
    bar.finish(1000, 1.84, 2)
    assert 'value="400" max="1000"' in shown[0]["text/html"]
    assert shown[-1]["text/plain"] == "1,000 games of sfacteria: 1,000 games played in 1.8 s on 2 processes."
    assert "<progress" in shown[-1]["text/html"] and 'aria-label="1,000 games of sfacteria"' in shown[-1]["text/html"]


def test_a_school_server_can_keep_every_run_in_its_kernel(monkeypatch):
    monkeypatch.setenv("PELOPONNESOS_WORKERS", "1")
    table = run_games("diceless", 3000, seed=1)  # long enough to be shared otherwise
    assert table.attrs["processes"] == 1
    monkeypatch.setenv("PELOPONNESOS_WORKERS", "two")
    with pytest.raises(pp.core.OptionError, match=r"PELOPONNESOS_WORKERS .* not 'two'"):
        run_games("duel", 3)


def test_the_garbage_collector_is_left_as_it_was_after_a_run():
    import gc

    assert gc.get_freeze_count() == 0
    during = []
    run_games("duel", 5, seed=1, workers=1, record=lambda game: during.append(gc.isenabled()) or {})
    assert during == [False] * 5  # no collection after every 700 new objects while the games are played ...
    assert gc.get_freeze_count() == 0 and gc.isenabled()  # ... and afterwards all as it was
    gc.freeze()  # a program that froze its own objects (a server, say) keeps them frozen
    try:
        frozen = gc.get_freeze_count()
        run_games("duel", 5, seed=1, workers=1)
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def test_a_run_still_collects_the_cycles_a_bot_of_the_class_leaves(monkeypatch):
    import gc

    from peloponnesos.analysis import runs

    class Knot:  # an object in a cycle with itself: freed only by the garbage collector
        def __init__(self):
            self.me = self

    monkeypatch.setattr(runs, "COLLECT_AFTER", 1_000)
    collections = []

    def watch(phase, info):
        if phase == "stop" and runs._paused[0]:  # (only collections made while the run had the collector paused)
            collections.append(info["collected"])

    gc.callbacks.append(watch)
    try:
        run_games("duel", 20, seed=1, workers=1, record=lambda game: [Knot() for _ in range(500)] and {})
    finally:
        gc.callbacks.remove(watch)
    assert collections and sum(collections) >= 1_000  # collected while the games went on, not only at the end


def test_a_run_of_the_engines_own_games_never_collects_and_leaves_nothing_waiting_for_the_collector(monkeypatch):
    """Random bots and no ``record``: the games leave no cycles (see the test below), so the run never collects; its
    objects then join the old ones as they are, none left for the next collections to go through one by one."""
    import gc

    from peloponnesos.analysis import runs

    monkeypatch.setattr(runs, "COLLECT_AFTER", 1_000)
    collections = []

    def watch(phase, info):
        if phase == "stop":
            collections.append(info["generation"])

    made = []
    gc.callbacks.append(watch)
    try:
        rows, _ = runs.Run(runs.Job("duel", 1, None, None, None, False), 20, workers=1).play()
        waiting = gc.get_count()[0]
        made.append(len(rows))
    finally:
        gc.callbacks.remove(watch)
    assert made == [20] and collections == [] and waiting < 50
    assert runs.Job("duel", 1, None, None, None, False).makes_cycles is False
    assert runs.Job("duel", 1, None, {"A": runs.RandomBot}, None, False).makes_cycles is True
    assert runs.Job("duel", 1, None, None, lambda game: {}, False).makes_cycles is True


def test_a_program_that_turned_the_collector_off_keeps_it_off():
    import gc

    gc.disable()
    try:
        run_games("duel", 5, seed=1, workers=1)
        assert not gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("name", [info.name for info in pp.games(False)])
def test_the_engines_games_leave_no_cycles_for_the_collector(name):
    """Why a run may pause the garbage collector: a game played by bots, once dropped, is freed by reference
    counting alone (with the log off, as runs play, and on)."""
    import gc

    from peloponnesos.analysis.runs import Job

    Job(name, 3, None, None, None, False).play_rows(0, 2)  # (the engine's shared tables filled first)
    gc.collect()
    gc.disable()
    try:
        Job(name, 3, None, None, None, False).play_rows(2, 8)
        Job(name, 3, None, None, None, True).play_rows(8, 10)
        assert gc.collect() == 0
    finally:
        gc.enable()
