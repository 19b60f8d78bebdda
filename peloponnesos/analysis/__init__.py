"""Game records as pandas tables, and many games played by bots (pandas is imported only here, lazily).

>>> from peloponnesos.analysis import run_games
>>> table = run_games("duel", n=20, seed=1)
>>> sorted(table.columns)[:3]
['game', 'level', 'reason']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core import Game, RandomBot, new_game, play

BotFactory = Callable[[int], Any]  # seed -> bot


def run_games(name: str, n: int = 100, *, bots: Mapping[str, BotFactory] | None = None, seed: int = 0,
              options: Mapping[str, Any] | None = None, record: Callable[[Game], Mapping[str, Any]] | None = None,
              keep_logs: bool = False, on_action: Callable[[Game, str, Any], None] | None = None):
    """Play ``n`` games of ``name`` with bots (random by default) and tabulate the results.

    Each row: game number, seed, winner, level, reason, the number of actions and turns, the scores per
    side, and whatever ``record(game)`` returns. With ``keep_logs=True`` the games are returned too;
    ``on_action(game, side, action)`` is called after every action (to study decisions as they happen).
    """
    import pandas as pd

    rows, games = [], []
    for i in range(n):
        game_seed = seed * 1_000_003 + i
        game = new_game(name, seed=game_seed, **dict(options or {}))
        if not keep_logs:
            game.log.enabled = False
        sides = {p: (bots[p](game_seed + 17 * k) if bots and p in bots else RandomBot(game_seed + 17 * k))
                 for k, p in enumerate(game.players)}
        result = play(game, sides, on_action=on_action)
        row = {"game": i, "seed": game_seed, "winner": result.winner or "draw", "level": result.level,
               "reason": result.reason, "actions": len(game.history), "turns": game.turn}
        row.update({f"score_{side}": value for side, value in result.scores.items()})
        if record is not None:
            row.update(record(game))
        rows.append(row)
        if keep_logs:
            games.append(game)
    table = pd.DataFrame(rows)
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
