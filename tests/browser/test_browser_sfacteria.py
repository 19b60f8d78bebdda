"""Real browser: 02_play_sfacteria.ipynb at a school Chromebook's size (1366×768, JupyterLab's file browser
open) and in Voilà — the map and the decision controls on one screen, then a turn played on the map: a
click on a zone lists the moves from it, a click on a counter chooses the piece, a click where it can go
picks the move, "Do it" makes it; click → repaint timed. Screenshots at 1366×768, 1024×700 and 1920×1080."""

import json
import re

import pytest

from .lab import (
    assert_board_on_one_screen,
    cell_errors,
    choose_first_line,
    click_button,
    click_piece,
    click_region,
    lesson_on_a_chromebook_and_a_projector,
    open_notebook,
    run_all_cells,
    screenshots,
    select_options,
    selected_text,
    signature,
    wait_for_fit,
    wait_for_panel,
)

pytestmark = pytest.mark.browser
NOTEBOOK = "notebooks/02_play_sfacteria.ipynb"
ZONE = re.compile(r"^(T|N)\d+\s")
DESTINATION = re.compile(r"\bto ((?:T|N)\d+)\b")


def wait_chosen(page, description: str, start: str) -> str:
    """Wait until the dropdown ``description`` shows a choice starting with ``start`` (any but the first
    if ``start`` is empty): a repaint comes in a few messages. Returns its text."""
    page.wait_for_function(
        """([d, s]) => { const box = [...peloPanel().querySelectorAll('.widget-dropdown')].find(
              x => x.innerText.trim().startsWith(d) && x.offsetParent !== null);
          const e = box && box.querySelector('select');
          return e && e.selectedIndex >= 0 && (s ? e.options[e.selectedIndex].innerText.trim().startsWith(s)
                                                 : e.selectedIndex > 0); }""", arg=[description, start])
    return selected_text(page, description)


def actions_lines(page) -> list[str]:
    lines = page.evaluate("() => [...peloPanel().querySelectorAll('.pelo-controls .widget-select select option')]"
                          ".map(o => o.innerText.trim())")
    return [" ".join(line.split()) for line in lines]


def test_browser_sfacteria_board_on_one_chromebook_screen_played_on_the_map(lab, chromebook, artifacts):
    page = chromebook
    open_notebook(page, lab, NOTEBOOK)
    run_all_cells(page)
    assert cell_errors(page) == []
    layouts = lesson_on_a_chromebook_and_a_projector(page, artifacts, "sfacteria_lab")
    assert_board_on_one_screen(layouts["1366x768"])  # also once the screenshots have gone round every size
    page.screenshot(path=str(artifacts / "sfacteria_start.png"))

    timings = {"button_ms": [], "zone_ms": [], "counter_ms": [], "destination_ms": []}
    moved = False
    for _ in range(60):
        zones = [o.split()[0] for o in select_options(page, "Where") if ZONE.match(o)]
        if not zones:
            assert choose_first_line(page), "no action in the list"  # (the list chooses nothing by itself)
            ms = click_button(page, "Do it")
            assert ms >= 0, "the Do it button is missing or disabled"
            timings["button_ms"].append(ms)
            continue
        zone = zones[0]
        timings["zone_ms"].append(click_region(page, zone))
        wait_chosen(page, "Where", zone)  # a click on a zone lists what can be done from it
        lines = actions_lines(page)
        if any(line.startswith("▸") for line in lines) or any(DESTINATION.search(line) for line in lines):
            side = page.evaluate("() => peloPanel().querySelector('.pelo-prompt').innerText.split(':')[0]")
            if any(line.startswith("▸") for line in lines):  # grouped by piece: choose one by its counter
                timings["counter_ms"].append(click_piece(page, side, zone))
                piece = wait_chosen(page, "Piece", "")
                assert piece != "every piece here"
                page.wait_for_function("p => [...peloPanel().querySelectorAll('.pelo-controls select option')]"
                                       ".some(o => o.innerText.replace(/\\s+/g, ' ').includes('── ' + p))",
                                       arg=" ".join(piece.split()))
                lines = actions_lines(page)
            # the last place it can go (a click on it chooses that move in the list)
            dest = next((DESTINATION.search(line).group(1) for line in reversed(lines) if DESTINATION.search(line)),
                        None)
            assert dest, lines
            before = signature(page)
            timings["destination_ms"].append(click_region(page, dest))  # a click where it can go picks the move
            # the arrow of the chosen move (the map may repaint a moment after the list that the click changed)
            page.wait_for_function("b => peloSignature(0) !== b", arg=before, timeout=30_000)
            assert signature(page) != before
            log_before = page.locator(".pelo-panel .pelo-log").first.inner_text()
            timings["button_ms"].append(click_button(page, "Do it"))
            page.wait_for_function("b => document.querySelector('.pelo-panel .pelo-log').innerText !== b",
                                   arg=log_before)
            moved = True
            break
        assert choose_first_line(page), lines  # activate the zone first (the first line)
        timings["button_ms"].append(click_button(page, "Do it"))
    assert moved, "no piece could be moved on the map"
    page.screenshot(path=str(artifacts / "sfacteria_after_click.png"))
    assert not [u for u in page.requests if not u.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:http://127.0.0.1"))]
    (artifacts / "sfacteria_click_timings.json").write_text(json.dumps(timings, indent=1))
    print("click-to-repaint ms:", json.dumps(timings))


def test_browser_sfacteria_voila_board_on_one_screen_without_internet(voila, chromebook, artifacts):
    page = chromebook
    page.goto(f"{voila.url}/voila/render/02_play_sfacteria.ipynb", timeout=180_000)
    page.wait_for_selector(".pelo-panel .js-plotly-plot", state="attached", timeout=180_000)
    wait_for_panel(page)
    pictures = page.evaluate("() => peloGraph().querySelectorAll('image').length")
    zones = page.evaluate("() => new Set(peloGraph().data[peloTrace('zones')].customdata).size")
    counters = page.evaluate("() => peloGraph().data.filter(t => /^(Athens|Sparta) \\(/.test(t.name || ''))"
                             ".reduce((n, t) => n + (t.x || []).length, 0)")
    assert pictures >= 1 and zones >= 21 and counters > 5
    buttons = page.eval_on_selector_all(".pelo-panel button", "bs => bs.map(b => b.innerText.trim())")
    assert "Do it" in buttons and "Save game" in buttons
    layout = wait_for_fit(page)
    assert_board_on_one_screen(layout)
    assert page.evaluate("() => document.querySelectorAll('.pelo-panel .modebar').length") == 0  # no icon row
    layouts = screenshots(page, artifacts, "sfacteria_voila")
    assert_board_on_one_screen(layouts["1920x1080"])
    assert choose_first_line(page)  # a line chosen, as a pupil would (nothing is chosen for them)
    assert click_button(page, "Do it") >= 0
    page.screenshot(path=str(artifacts / "sfacteria_voila.png"))
    outside = [u for u in page.requests if not u.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:http://127.0.0.1"))]
    assert outside == [], outside  # no CDN: a classroom may be offline
