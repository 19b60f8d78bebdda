"""A table of the games for the start page: what each teaches, for whom, and where its lesson is."""

from __future__ import annotations

from html import escape

from .cards import CARD

CELL = "border-bottom: 1px solid #999; padding: 6px 10px; text-align: left; vertical-align: top;"


class GamesTable:
    def __init__(self, games) -> None:
        self.games = list(games)

    def _repr_html_(self) -> str:
        rows = []
        for g in self.games:
            lesson = (f'<a href="{escape(g.lesson.removeprefix("notebooks/"))}">{escape(g.lesson)}</a>'
                      if g.lesson else "—")
            status = "ready to play" if g.ready else "being built"
            rows.append(
                f"<tr><td style='{CELL}'><strong>{escape(g.title)}</strong><br><code>{escape(g.name)}</code></td>"
                f"<td style='{CELL}'>{escape(g.ages)}</td><td style='{CELL}'>{escape(g.summary)}</td>"
                f"<td style='{CELL}'>{escape(g.teaches)}</td><td style='{CELL}'>{lesson}</td>"
                f"<td style='{CELL}'>{status}</td></tr>")
        head = "".join(f"<th style='{CELL}'>{h}</th>" for h in
                       ("Game", "Ages", "What you do", "What it teaches", "Lesson", "Status"))
        return (f"<div class='pelo-card pelo-games' style='{CARD}'><table style='border-collapse: collapse'>"
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")

    def __str__(self) -> str:
        return "\n".join(f"{g.title} ({g.name}), ages {g.ages}: {g.summary}" for g in self.games)


def games_table(include_planned: bool = True) -> GamesTable:
    """The collection as a table: ``games_table()``."""
    from ..core.registry import games

    return GamesTable(games(include_planned))
