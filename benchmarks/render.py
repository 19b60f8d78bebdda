"""Python-side cost of redrawing the maps after an action (target: under 50 ms per update).

Prints ``name: value`` lines: the time to build the FigureWidget panel once, the median and 95th
percentile time of ``GamePanel.refresh`` (observation → tokens → batch update of the FigureWidget,
action list, log, status) over a game played by bots, and the median time to fit the map to a new screen
size (names placed again, the picture redrawn: only when the window changes).
"""

from __future__ import annotations

import statistics
import time

from peloponnesos.core import RandomBot


def measure(name: str, make_game, actions: int = 200) -> None:
    from peloponnesos.widgets.launch import panel

    started = time.perf_counter()
    p = panel(name, mode="bots", game=make_game())
    build = time.perf_counter() - started
    times = []
    bot = RandomBot(1)
    for _ in range(actions):
        game = p.session.game
        if game.is_over():
            break
        game.apply(bot.choose(game, game.current_player()))
        t = time.perf_counter()
        p.refresh()
        times.append(time.perf_counter() - t)
    times.sort()
    sizes = [(934, 650), (1336, 760), (1500, 960), (600, 570), (934, 650)]
    fits = []
    for width, height in sizes:
        t = time.perf_counter()
        p.fit_to_screen(width, height)
        fits.append(time.perf_counter() - t)
    print(f"{name}_panel_build_seconds: {build:.2f}")
    print(f"{name}_update_ms_median: {1000 * statistics.median(times):.1f}")
    print(f"{name}_update_ms_p95: {1000 * times[int(0.95 * (len(times) - 1))]:.1f}")
    print(f"{name}_updates_measured: {len(times)}")
    print(f"{name}_fit_to_screen_ms_median: {1000 * statistics.median(fits):.1f}")


if __name__ == "__main__":
    from peloponnesos import new_game

    measure("sfacteria", lambda: new_game("sfacteria", seed=1))
    measure("diceless", lambda: new_game("diceless", seed=1, first_placer="Sparta"))
