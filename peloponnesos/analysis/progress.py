"""A progress bar for long runs of games, shown only in a notebook (plain HTML: no widget, no extra library).

The bar is one output of the cell, updated in place (at most ten times a second) and left at the end as one
line saying how many games were played, how long it took and on how many processes. A browser's own
``<progress>`` element, with its words beside it, so a screen reader reads it too. Outside a notebook (a
script, the tests) nothing is shown.
"""

from __future__ import annotations

import sys
import time


def in_notebook() -> bool:
    """True in a Jupyter kernel (JupyterLab, Voilà), where an output can be updated in place."""
    if "IPython" not in sys.modules:  # never import IPython just to ask
        return False
    from IPython import get_ipython

    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class Progress:
    """``start(total, processes)``, ``update(done)`` as games finish, ``finish(total, seconds, processes)``."""

    def __init__(self, title: str, *, after_seconds: float = 1.0, notebook: bool = True) -> None:
        self.title = title
        self.notebook = notebook  # False: plain lines on the terminal instead (a few, not one per update)
        self.after_seconds = after_seconds  # runs shorter than this show nothing at all
        self.handle = None
        self.total = 0
        self.processes = 1
        self.started = self.shown = 0.0

    def start(self, total: int, processes: int) -> None:
        self.total, self.processes = total, processes
        self.started = time.perf_counter()

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if now - self.shown < (0.1 if self.notebook else 2.0):
            return
        if self.handle is None and now - self.started < self.after_seconds / 4:
            return
        self.shown = now
        self._show(done, f"{done:,} of {self.total:,} games played{self._on()}…")

    def finish(self, total: int, seconds: float, processes: int) -> None:
        self.processes = processes
        if self.handle is None and seconds < self.after_seconds:
            return
        self._show(total, f"{total:,} games played in {seconds:.1f} s{self._on()}.")

    def _on(self) -> str:
        return f" on {self.processes} processes" if self.processes > 1 else ""

    def _show(self, done: int, words: str) -> None:
        if not self.notebook:
            print(f"{self.title}: {words}", flush=True)
            self.handle = True
            return
        from html import escape

        from IPython.display import display

        bundle = {
            "text/plain": f"{self.title}: {words}",
            "text/html": f'<div style="font-size:15px;margin:2px 0"><progress value="{done}" '
                         f'max="{max(self.total, 1)}" style="width:240px;vertical-align:middle" '
                         f'aria-label="{escape(self.title)}"></progress> {escape(self.title)}: {escape(words)}</div>',
        }
        if self.handle is None:
            self.handle = display(bundle, raw=True, display_id=True)
        else:
            self.handle.update(bundle, raw=True)


def progress_for(title: str, show: bool | None) -> Progress | None:
    """A progress bar if asked (``show=True``: shown even for a short run, in a notebook or as printed lines), or
    by default (``None``) in a notebook for runs longer than a second."""
    notebook = in_notebook()
    if show is False or (show is None and not notebook):
        return None
    return Progress(title, notebook=notebook, after_seconds=0.0 if show else 1.0)
