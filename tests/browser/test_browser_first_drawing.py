"""Real browser: a board drawn for the first time on a slow machine, in JupyterLab and in Voilà, still shows the game
as it goes on. The Siege of Syracuse played by the computer (two boards, two figures on the page); beside the panel,
the title Python's figure holds after each move, which the page's drawing of the board must come to show.

Made in the page: a slow machine, where Plotly's widget code waits 3 s before it runs, longer than the 2 s anywidget
gives a widget's code to load (past that, anywidget refused every message to the figure: the board kept its first
title); and the race of a first drawing, where a move's message reaches the page just before the board is drawn, the
messages after it late (the board drawn without the move, which only the first report's resending brings). Also:
Plotly's code reaches a page once, and a page reloaded mid-game draws the board as the game stands. A prepared
notebook is written next to the lesson notebooks of the test servers (never into the repository's notebooks)."""

from __future__ import annotations

import json

import pytest

from .lab import click_button, install_panel_helpers, open_notebook, run_all_cells, write_notebook

pytestmark = pytest.mark.browser
NOTEBOOK = "first_drawing_position.ipynb"
SOURCE = """from html import escape

import ipywidgets as w

from peloponnesos.widgets import panel

siege = panel("syracuse", mode="bots", seed=2)
held = w.HTML()


def show_held(_=None):
    held.value = f'<p class="held-title">{escape(siege.fig.layout.title.text)}</p>'


show_held()
siege.step_button.on_click(show_held)  # after the panel's own handler: the title of the move just made
w.VBox([siege.widget, held])"""

# Plotly's widget code (the one module of megabytes that handles "_py2js_update" messages) made to wait: ``before`` is
# the JavaScript put in front of it (an await).
HOLD_PLOTLY = """before => {
  const Plain = window.Blob;
  function Blob(parts, options) {
    if (parts && typeof parts[0] === 'string' && parts[0].length > 1e6 && parts[0].includes('_py2js_update'))
      parts = [before + '\\n' + parts[0], ...parts.slice(1)];
    return new Plain(parts, options);
  }
  Blob.prototype = Plain.prototype;
  window.Blob = Blob;
}"""

# The race of a first drawing, made in the page: Plotly's widget code waits until the test lets it run; once armed, the
# first message from the kernel that changes a board's title goes through and the messages after it are held (a slow
# kernel, a busy page) until the test delivers them. Plotly's code is let run in between: the board is drawn from the
# state the page had, without the new title, whose message came before the view listened.
RACE = """() => {
  window.__peloPlotly = new Promise(resolve => { window.__peloRunPlotly = resolve; });
  const Socket = window.WebSocket, decoder = new TextDecoder();
  let holding = null, held = [];
  function WebSocket(...args) {
    const ws = new Socket(...args);
    let handler = null;
    Object.defineProperty(ws, 'onmessage', {get: () => handler, set: h => { handler = h; }});
    ws.addEventListener('message', event => {
      if (holding === ws) { held.push([ws, event]); return; }
      if (handler) handler.call(ws, event);
      if (!window.__peloArmed) return;
      const data = typeof event.data === 'string' ? event.data : decoder.decode(event.data);
      if (data.includes('"_py2js_update"') && data.includes('"title.text"')) {
        window.__peloArmed = false;
        holding = ws;
        setTimeout(() => window.__peloRunPlotly(), 500);  // the title's message handled, the view not yet there
      }
    });
    return ws;
  }
  WebSocket.prototype = Socket.prototype;
  Object.assign(WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = WebSocket;
  window.__peloDeliver = () => {
    const late = held;
    holding = null;
    held = [];
    for (const [ws, event] of late) if (ws.onmessage) ws.onmessage(event);
    return late.length;
  };
}"""

DRAWN = "() => (document.querySelector('.pelo-panel .js-plotly-plot .gtitle')?.textContent || '').trim()"
HELD = "() => (document.querySelector('.held-title')?.textContent || '').trim()"


def write_position(server, name: str = NOTEBOOK, before: str = "") -> None:
    write_notebook(server, name, before + SOURCE)


def count_received_bytes(page) -> list[int]:
    """The bytes the page receives on its websockets (the kernel's messages), counted as they come."""
    received = [0]

    def count(frame) -> None:
        received[0] += len(frame if isinstance(frame, bytes) else frame.encode("utf-8"))

    page.on("websocket", lambda ws: ws.on("framereceived", count))
    return received


def hold_plotly(page, before: str) -> None:
    page.add_init_script(f"({HOLD_PLOTLY})({json.dumps(before)})")


def slow_plotly(page, ms: int = 3000) -> None:
    hold_plotly(page, f"await new Promise(r => setTimeout(r, {ms}));")


def drawn_and_held(page) -> tuple[str, str]:
    return page.evaluate(DRAWN), page.evaluate(HELD)


def step_until_the_title_changes(page, tries: int = 8) -> str:
    """Click "Next move" until Python's figure holds another title; that title."""
    before = page.evaluate(HELD)
    for _ in range(tries):
        click_button(page, "Next move")
        try:
            page.wait_for_function(f"b => ({HELD})() !== b", arg=before, timeout=15_000)
            return page.evaluate(HELD)
        except Exception:  # a move that left the title as it was: another
            continue
    raise AssertionError(f"the title stayed {before!r} after {tries} moves")


def assert_the_board_follows_the_game(page) -> None:
    page.wait_for_selector(".pelo-panel .js-plotly-plot .gtitle", state="attached", timeout=120_000)
    install_panel_helpers(page)
    page.wait_for_function(f"() => ({DRAWN})() === ({HELD})()", timeout=30_000)  # first drawn as Python holds it
    assert_drawn(page, step_until_the_title_changes(page))


def assert_drawn(page, held: str) -> None:
    """The page's drawing of the board comes to show ``held``, the title Python's figure holds."""
    try:
        page.wait_for_function(f"h => ({DRAWN})() === h", arg=held, timeout=30_000)
    except Exception:
        drawn, now = drawn_and_held(page)
        raise AssertionError(f"the board still shows {drawn!r}; Python's figure holds {now!r}") from None


def test_browser_board_whose_code_loads_slowly_follows_the_game_in_voila(voila, chromebook):
    page = chromebook
    slow_plotly(page)
    write_position(voila)
    page.goto(f"{voila.url}/voila/render/{NOTEBOOK}", timeout=180_000)
    note = page.locator(".pelo-panel .pelo-board-note").first  # meanwhile, not an empty box
    note.wait_for(timeout=120_000)
    assert note.inner_text().startswith("Loading the map")
    assert_the_board_follows_the_game(page)
    assert page.locator(".pelo-board-note").count() == 0


def test_browser_board_whose_code_loads_slowly_follows_the_game_in_jupyterlab(lab, chromebook):
    page = chromebook
    slow_plotly(page)
    write_position(lab)
    open_notebook(page, lab, f"notebooks/{NOTEBOOK}")
    run_all_cells(page)
    assert_the_board_follows_the_game(page)


def test_browser_board_drawn_while_a_move_came_shows_the_move_in_voila(voila, chromebook):
    page = chromebook
    page.add_init_script(f"({RACE})()")
    hold_plotly(page, "await window.__peloPlotly;")
    write_position(voila)
    page.goto(f"{voila.url}/voila/render/{NOTEBOOK}", timeout=180_000)
    page.get_by_role("button", name="Next move").wait_for(timeout=120_000)
    before = page.evaluate(HELD)
    page.evaluate("() => { window.__peloArmed = true; }")
    for _ in range(8):  # until a move changes the title (its message is the one that goes through)
        page.get_by_role("button", name="Next move").click()
        try:
            page.wait_for_function("() => !window.__peloArmed", timeout=15_000)
            break
        except Exception:
            continue
    page.wait_for_selector(".pelo-panel .js-plotly-plot .gtitle", state="attached", timeout=60_000)
    assert page.evaluate(DRAWN) == before, "the race was not made: the board was drawn with the new title"
    assert page.evaluate("() => window.__peloDeliver()") > 0
    page.wait_for_function(f"b => ({HELD})() !== b", arg=before, timeout=30_000)
    assert_drawn(page, page.evaluate(HELD))


PLOTLY_CODE_BYTES = 4_500_000  # Plotly's widget code, about 5 MB


def test_browser_a_page_with_two_boards_receives_plotly_code_once_in_voila(voila, chromebook):
    page = chromebook
    received = count_received_bytes(page)
    write_position(voila)
    page.goto(f"{voila.url}/voila/render/{NOTEBOOK}", timeout=180_000)
    assert_the_board_follows_the_game(page)
    print(f"the page received {received[0]:,} bytes")  # (shown by pytest -s)
    assert PLOTLY_CODE_BYTES < received[0] < 2 * PLOTLY_CODE_BYTES, f"{received[0]:,} bytes received"


def test_browser_boards_whose_page_has_no_plotly_code_ask_the_kernel_for_it_in_voila(voila, chromebook):
    page = chromebook
    received = count_received_bytes(page)
    # the kernel's first board, which carried the code, closed before the page came: the two boards bring none
    write_position(voila, "first_drawing_asking.ipynb", "from peloponnesos.render.boardwidget import BoardWidget\n"
                   "BoardWidget().close()\n")
    page.goto(f"{voila.url}/voila/render/first_drawing_asking.ipynb", timeout=180_000)
    assert_the_board_follows_the_game(page)
    print(f"the page received {received[0]:,} bytes")  # (shown by pytest -s)
    assert PLOTLY_CODE_BYTES < received[0] < 2 * PLOTLY_CODE_BYTES, f"{received[0]:,} bytes received"


def test_browser_board_shown_again_after_the_page_is_reloaded_shows_the_game_as_it_is_now_in_jupyterlab(lab,
                                                                                                        chromebook):
    """A pupil reloads the page in the middle of a game: the kernel goes on, and the board is drawn anew from the full
    state the kernel gives the page, which must be the game as it is now (not as the board was first drawn)."""
    page = chromebook
    write_position(lab, "first_drawing_reload.ipynb")
    open_notebook(page, lab, "notebooks/first_drawing_reload.ipynb")
    run_all_cells(page)
    assert_the_board_follows_the_game(page)
    moved = step_until_the_title_changes(page)
    assert_drawn(page, moved)
    page.keyboard.press("Control+s")  # (the notebook keeps the board's place; the kernel keeps the game)
    page.wait_for_function("() => !document.querySelector('.jp-mod-dirty')", timeout=30_000)
    page.reload(timeout=180_000)
    page.wait_for_selector(".pelo-panel .js-plotly-plot .gtitle", state="attached", timeout=120_000)
    assert page.evaluate(HELD) == moved
    assert_drawn(page, moved)
