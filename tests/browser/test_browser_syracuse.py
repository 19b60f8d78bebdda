"""Real browser: The Siege of Syracuse panel at a school Chromebook's size (1366×768) in JupyterLab and in Voilà —
an area activated by a click on the map (rule 6.2), a unit moved by clicks into the enemy's area, the skirmish
resolved (rule 8.2); then a pitched battle set up on the battle board (rule 8.1), a square clicked, and one round
stepped. A prepared position is written next to the lesson notebooks of the test servers (never into the
repository's notebooks)."""

from __future__ import annotations

import pytest

from .lab import (
    button_shown,
    cell_errors,
    choose_first_line,
    click_button,
    click_piece,
    click_region,
    inside,
    open_notebook,
    run_all_cells,
    wait_for_button,
    wait_for_fit,
    wait_for_panel,
    write_notebook,
)
from .test_browser_sfacteria import actions_lines, wait_chosen

pytestmark = pytest.mark.browser
NOTEBOOK = "syracuse_browser_position.ipynb"
SKIRMISH_FOUGHT = "skirmish in L-6"  # the status table's "Last combat" row (rule 8.2)
SOURCE = """from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.widgets import panel

# Athens' ground impulse: Nicias' stack at Dascon (L-10), Lamachus at Cyane (L-2), Syracusan hoplites at the Anapus
# bridge (L-6) next to Dascon; the computer plays Syracuse.
game = SyracuseGame(seed=2)
game.clear_board()
for area, names in {"L-10": ["A-H1", "A-LI1", "Nicias"], "L-2": ["A-H2", "Lamachus"], "L-6": ["S-H1"]}.items():
    for name in names:
        game.place(name, area)
game.start_impulse("Athens", "ground")
siege = panel("syracuse", mode="vs_bot", side="Athens", bot="heuristic", game=game)
siege"""


def write_position(server) -> None:
    write_notebook(server, NOTEBOOK, SOURCE)


def log_text(page) -> str:
    return page.locator(".pelo-panel .pelo-log").first.inner_text()


def choose_line(page, start: str) -> bool:
    """Choose the line of the action list that starts with ``start``, as a pupil would; False if there is none."""
    return page.evaluate(
        """s => { const sel = [...peloPanel().querySelectorAll('.pelo-controls .widget-select select')]
              .find(e => e.offsetParent !== null);
          const i = sel ? [...sel.options].findIndex(o => o.innerText.replace(/\\s+/g, ' ').trim().startsWith(s)) : -1;
          if (i < 0) return false;
          sel.selectedIndex = i; sel.dispatchEvent(new Event('change', {bubbles: true})); return true; }""", start)


def title(page) -> str:
    return page.evaluate("() => peloGraph()._fullLayout.title.text || ''")


def set_up_battle(page) -> None:
    """Open "A pitched battle on the board" and click "Set up this battle" until the panel says the battle is set up
    (round 0); a click that was lost (the panel was being redrawn) is made again, at most three times."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(3):
        if not button_shown(page, "Set up this battle"):
            page.get_by_text("A pitched battle on the board").first.click()
            wait_for_button(page, "Set up this battle")
        page.wait_for_timeout(300)  # (the accordion opening)
        click_button(page, "Set up this battle")
        try:
            page.wait_for_function("() => /round 0: set up/.test(peloPanel().innerText)", timeout=45_000)
        except PlaywrightTimeout:
            continue
        # the battle board, drawn for the first time, shows it too (it kept the title it was built with when anywidget
        # gave up on Plotly's code on a slow machine, before BoardWidget; test_browser_first_drawing.py makes that)
        page.wait_for_function("() => /round 0 of/.test(peloGraph()._fullLayout.title.text || '')", timeout=30_000)
        return
    raise AssertionError(f"the pitched battle was not set up after three clicks on its button; the map's title: "
                         f"{title(page)!r}; the panel: {page.locator('.pelo-panel').first.inner_text()[:800]!r}")


def play_skirmish_and_battle(page, artifacts, stem: str) -> None:
    """Activate, move, fight a skirmish; set up a pitched battle, click a square, step a round."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    layout = wait_for_fit(page)
    assert inside(layout["map"], layout["area"]) and "Do it" in dict(layout["buttons"])
    # 1. activate an area: a click on Dascon lists what can be done there
    click_region(page, "L-10")
    wait_chosen(page, "Where", "L-10")
    assert any(line.startswith("Activate L-10") for line in actions_lines(page)), actions_lines(page)
    assert choose_line(page, "Activate L-10")  # (the list writes its spaces as no-break spaces)
    before = log_text(page)
    assert click_button(page, "Do it") >= 0
    page.wait_for_function("b => document.querySelector('.pelo-panel .pelo-log').innerText !== b", arg=before)
    assert "activates L-10" in log_text(page)
    # 2. move: the place, a counter, then where it goes
    click_region(page, "L-10")
    wait_chosen(page, "Where", "L-10")
    click_piece(page, "Athens", "L-10")
    piece = wait_chosen(page, "Piece", "")
    assert "Athenian" in piece, piece
    click_region(page, "L-6")
    page.wait_for_function("() => [...peloPanel().querySelectorAll('.pelo-controls .widget-select select')]"
                           ".some(s => s.selectedIndex >= 0 && /L-6/.test(s.options[s.selectedIndex].innerText))")
    before = log_text(page)
    assert click_button(page, "Do it") >= 0
    page.wait_for_function("b => document.querySelector('.pelo-panel .pelo-log').innerText !== b", arg=before)
    assert "to L-6" in log_text(page)
    # 3. the skirmish (no pitched battle): on until the first attack is rolled. The computer answers at once, so
    # what the screen said after each click is kept (the log shows only the last lines; the dice, this turn's rolls).
    # (On a slow machine the attack's lines may have left the 12-line log before it is read again; the status
    # table's "Last combat" row then says that the skirmish was fought.)
    seen_text = ""
    for _ in range(12):
        seen_text += log_text(page) + page.locator(".pelo-panel .pelo-controls").first.inner_text()
        if " attacks " in seen_text or SKIRMISH_FOUGHT in page.locator(".pelo-panel").first.inner_text():
            break
        if not choose_line(page, "No pitched battle"):
            assert choose_first_line(page)  # (nothing is chosen for the pupil: a line is picked before "Do it")
        assert click_button(page, "Do it") >= 0
    if " attacks " in seen_text and "8.2" not in seen_text:  # the log's line comes a moment after the controls'
        page.wait_for_function("() => /8\\.2/.test(document.querySelector('.pelo-panel .pelo-log').innerText)",
                               timeout=30_000)
        seen_text += log_text(page)
    fought = SKIRMISH_FOUGHT in page.locator(".pelo-panel").first.inner_text()
    assert (" attacks " in seen_text and "8.2" in seen_text) or fought, seen_text[-600:]
    page.screenshot(path=str(artifacts / f"{stem}_skirmish.png"))
    # 4. a pitched battle on the board
    set_up_battle(page)
    assert "Athens must fight the pitched battle" in page.locator(".pelo-panel").first.inner_text()
    click_region(page, "A1")  # a square of the battle board: the set-up there is listed
    page.wait_for_function("() => [...peloPanel().querySelectorAll('.pelo-controls .widget-select select option')]"
                           ".some(o => /in\\sA1/.test(o.innerText))")
    assert choose_line(page, "Set up here, in A1")
    # (Do it is enabled once the kernel has the line chosen: on a slow machine a click may come before that)
    wait_for_button(page, "Do it")
    # the first unit set up in A1 by a click on its square
    assert click_button(page, "Do it") >= 0
    page.wait_for_function("() => peloGraph().data.some(t => /^Athens \\(/.test(t.name || '')"
                           " && (t.customdata || []).includes('A1'))")
    # the rest follow from left to right (rule 8.1), typed as the rules write it (the keyboard way to act)
    page.get_by_text("Type an action").first.click()
    typed = page.locator(".pelo-panel input[placeholder^='type an action']").first
    typed.wait_for(state="visible")
    typed.fill("set up the rest from left to right")
    typed.press("Enter")
    round_one = "() => /round 1 of/.test(peloGraph()._fullLayout.title.text || '')"
    try:
        page.wait_for_function(round_one, timeout=30_000)
    except PlaywrightTimeout:  # a command lost while the panel was redrawn (seen once, both cores busy): once more
        typed.fill("set up the rest from left to right")
        typed.press("Enter")
        page.wait_for_function(round_one)
    assert "round 1 of" in title(page), title(page)
    assert click_button(page, "Step one round") >= 0
    page.wait_for_function("() => /round 2 of/.test(peloGraph()._fullLayout.title.text || '')")
    counters = page.evaluate("() => peloGraph().data.filter(t => /^(Athens|Syracuse) \\(/.test(t.name || ''))"
                             ".reduce((n, t) => n + (t.x || []).length, 0)")
    assert counters > 10
    page.screenshot(path=str(artifacts / f"{stem}_battle_round_2.png"))
    outside = [u for u in page.requests if not u.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:",
                                                             "blob:http://127.0.0.1"))]
    assert outside == [], outside  # no CDN: a classroom may be offline


def test_browser_syracuse_skirmish_and_a_pitched_battle_round_in_jupyterlab(lab, chromebook, artifacts):
    page = chromebook
    write_position(lab)
    open_notebook(page, lab, f"notebooks/{NOTEBOOK}")
    run_all_cells(page)
    assert cell_errors(page) == []
    wait_for_panel(page)
    play_skirmish_and_battle(page, artifacts, "syracuse_lab")


def test_browser_syracuse_skirmish_and_a_pitched_battle_round_in_voila(voila, chromebook, artifacts):
    page = chromebook
    write_position(voila)
    page.goto(f"{voila.url}/voila/render/{NOTEBOOK}", timeout=180_000)
    page.wait_for_selector(".pelo-panel .js-plotly-plot", state="attached", timeout=180_000)
    wait_for_panel(page)
    play_skirmish_and_battle(page, artifacts, "syracuse_voila")
