"""Real browser: 02_play_sfacteria.ipynb in JupyterLab — click a zone on the map and a control button,
and see the map and the log change; time click → repaint. And the same notebook rendered by Voilà."""

import json
import re

import pytest

from .lab import (
    cell_errors,
    click_button,
    click_region,
    install_panel_helpers,
    open_notebook,
    run_all_cells,
    select_options,
    signature,
)

pytestmark = pytest.mark.browser
NOTEBOOK = "notebooks/02_play_sfacteria.ipynb"
ZONE = re.compile(r"^(T|N)\d+\s")


def wait_for_panel(page):
    page.wait_for_selector(".pelo-panel .js-plotly-plot", state="attached")
    page.wait_for_function("() => { const g = document.querySelector('.pelo-panel .js-plotly-plot');"
                           " return g && g.data && g.data.length > 5; }")
    install_panel_helpers(page)


def test_browser_sfacteria_click_zone_and_button_changes_map_and_log(lab, page, artifacts):
    open_notebook(page, lab, NOTEBOOK)
    run_all_cells(page)
    assert cell_errors(page) == []
    wait_for_panel(page)
    page.locator(".pelo-panel .js-plotly-plot").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "sfacteria_start.png"))
    timings = {"button_ms": [], "zone_ms": []}
    # Take the first offered action until a zone on the map can be chosen (each is a button click).
    for _ in range(40):
        places = [p for p in select_options(page, "Place") if ZONE.match(p.strip())]
        if places:
            break
        ms = click_button(page, "Do it")
        assert ms >= 0, "the Do it button is missing or disabled"
        timings["button_ms"].append(ms)
    assert places, "no zone became selectable"
    zone = places[0].split()[0]
    log_before = page.locator(".pelo-panel .pelo-log").inner_text()
    map_before = signature(page)
    timings["zone_ms"].append(click_region(page, zone))
    assert signature(page) != map_before  # the chosen zone is outlined
    page.wait_for_function("z => [...document.querySelectorAll('.pelo-panel .widget-dropdown select')]"
                           ".some(s => s.options[s.selectedIndex] && s.options[s.selectedIndex].text.startsWith(z))",
                           arg=zone)
    others = [p.strip().split()[0] for p in places[1:3]]
    for other in [*others, zone] if others else []:  # a few more clicks, each changing the selection
        timings["zone_ms"].append(click_region(page, other))
    map_before = signature(page)
    timings["button_ms"].append(click_button(page, "Do it"))
    page.wait_for_function("b => document.querySelector('.pelo-panel .pelo-log').innerText !== b", arg=log_before)
    assert signature(page) != map_before
    page.screenshot(path=str(artifacts / "sfacteria_after_click.png"))
    (artifacts / "sfacteria_click_timings.json").write_text(json.dumps(timings, indent=1))
    print("click-to-repaint ms:", json.dumps(timings))


def test_browser_sfacteria_voila_shows_map_and_controls(voila, page, artifacts):
    page.goto(f"{voila.url}/voila/render/02_play_sfacteria.ipynb", timeout=180_000)
    page.wait_for_selector(".pelo-panel .js-plotly-plot", state="attached", timeout=180_000)
    wait_for_panel(page)
    pictures = page.evaluate("() => peloGraph().querySelectorAll('image').length")
    zones = page.evaluate("() => new Set(peloGraph().data[peloTrace('zones')].customdata).size")
    counters = page.evaluate("() => peloGraph().data.filter(t => /Athens|Sparta/.test(t.name || ''))"
                             ".reduce((n, t) => n + (t.x || []).length, 0)")
    assert pictures >= 1 and zones >= 21 and counters > 5
    buttons = page.eval_on_selector_all(".pelo-panel button", "bs => bs.map(b => b.innerText.trim())")
    assert "Do it" in buttons and "Save game" in buttons
    ms = click_button(page, "Do it")
    assert ms >= 0
    panel = page.locator(".pelo-panel .js-plotly-plot").first
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "sfacteria_voila.png"))
