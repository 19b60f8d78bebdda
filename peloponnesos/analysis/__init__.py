"""Game records as pandas tables, and many games played by bots (pandas is imported only here, lazily).

>>> from peloponnesos.analysis import run_games
>>> table = run_games("duel", n=20, seed=1)
>>> sorted(table.columns)[:3]
['game', 'level', 'reason']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core import Game

BotFactory = Callable[[int], Any]  # seed -> bot


def run_games(name: str, n: int = 100, *, bots: Mapping[str, BotFactory] | None = None, seed: int = 0,
              options: Mapping[str, Any] | None = None, record: Callable[[Game], Mapping[str, Any]] | None = None,
              keep_logs: bool = False, on_action: Callable[[Game, str, Any], None] | None = None,
              workers: int | None = None, progress: bool | None = None):
    """Play ``n`` games of ``name`` with bots (random by default) and tabulate the results.

    Each row: game number, seed, winner, level, reason, the number of actions and turns, the scores per
    side, and whatever ``record(game)`` returns. Game ``i`` has the seed ``seed * 1_000_003 + i`` and its bots
    are built from it (``bots[side](seed)``), so the same call gives the same table, however it is played.
    With ``keep_logs=True`` the games are returned too; ``on_action(game, side, action)`` is called after
    every action (to study decisions as they happen).

    Cores: a run whose games would take more than about half a second is shared between this process and
    worker processes, one per core besides this one (``workers=None``, the default, or the environment variable
    ``PELOPONNESOS_WORKERS``; ``workers=1`` plays everything here, ``workers=4`` uses four processes). Bots and
    ``record`` written in a notebook go with it; anything they change outside the game (a counter in a class,
    a list in the notebook) changes in the worker, not here: return it from ``record``, or pass ``workers=1``.
    ``keep_logs`` and ``on_action`` runs stay here.
    In a notebook a long run shows a progress bar (``progress=False``: never; ``True``: always).
    The table's ``attrs`` say how it was played: ``seconds``, ``cpu_seconds`` (in all processes), ``processes``,
    ``games_per_process`` (this process first).

    Time and memory: bots play with the event log off (``game.log.enabled = False``), as fast as the engine
    goes (on one core of the project's machine, Sfacteria about 4.0 ms a game, the diceless game about 0.3 ms).
    ``keep_logs=True`` plays here with the log on and keeps every game, its log packed (``EventLog.pack``: the
    sentences are written and compressed as each game ends, and read back unchanged): Sfacteria games take
    about 1.5 times as long and keep about 75 KB each (1,000 games: about 75 MB), diceless games about 3 times
    as long. ``python benchmarks/classroom.py`` measures these figures.
    """
    from ..core.registry import game_info
    from .progress import progress_for
    from .runs import Job, Run

    bar = progress_for(f"{n:,} games of {game_info(name).title}", progress)
    run = Run(Job(name, seed, options, bots, record, keep_logs), n, workers=workers, on_action=on_action,
              progress=bar)
    rows, games = run.play()
    import pandas as pd  # (a shared run has imported it while the workers played)

    table = pd.DataFrame(rows)
    table.attrs.update({"seconds": run.seconds, "cpu_seconds": run.cpu_seconds, "processes": run.processes,
                        "games_per_process": list(run.games_played.values())})
    return (table, games) if keep_logs else table


def events(games, player: str | None = None):
    """The logs of several games as one table, with a ``game`` column."""
    import pandas as pd

    frames = []
    for i, game in enumerate(games):
        frame = game.log.to_dataframe(player)
        frame.insert(0, "game", i)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def win_rates(table, by: str | None = None):
    """Share of wins per side (and per ``by`` column if given), from a ``run_games`` table."""
    if by is None:
        return table["winner"].value_counts(normalize=True).rename("share")
    return table.groupby(by)["winner"].value_counts(normalize=True).rename("share").unstack(fill_value=0)


__all__ = ["events", "run_games", "win_rates"]


def odds_table(distribution, name: str = "outcome"):
    """An exact distribution (``peloponnesos.core.odds``) as a pandas table, most likely outcome first: one
    column per field of the outcome (a dataclass, a named tuple, or ``name`` for a plain value), then the
    probability as a number and exactly ("5/36")."""
    import dataclasses

    import pandas as pd

    rows = []
    for outcome, p in sorted(distribution.items(), key=lambda item: -item[1]):
        if dataclasses.is_dataclass(outcome):
            row = {f.name: getattr(outcome, f.name) for f in dataclasses.fields(outcome)}
        elif isinstance(outcome, tuple) and hasattr(outcome, "_fields"):
            row = dict(outcome._asdict())
        else:
            row = {name: outcome}
        row["probability"] = float(p)
        row["exact"] = f"{p.numerator}/{p.denominator}"
        rows.append(row)
    return pd.DataFrame(rows)
