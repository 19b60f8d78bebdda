"""Real browser: 03_diceless_influence.ipynb in JupyterLab — a child puts the free counter down, picks
chits and places them by clicking areas on the map; after the reveal the map has changed and the
struggles are shown one by one."""

import json

import pytest

from .lab import (
    cell_errors,
    click_button,
    click_region,
    click_toggle,
    install_panel_helpers,
    open_notebook,
    region_by_label,
    run_all_cells,
    select_options,
    signature,
)

pytestmark = pytest.mark.browser
NOTEBOOK = "notebooks/03_diceless_influence.ipynb"


def choose_lit_area(page, timings):
    """Click on the map the first area offered in the Where list (it lights up)."""
    names = select_options(page, "Where")
    assert names, "no area is offered"
    region = region_by_label(page, names[0])
    assert region, names[0]
    timings["area_click_ms"].append(click_region(page, region))
    return region


def test_browser_diceless_place_by_clicking_areas_then_reveal(lab, page, artifacts):
    open_notebook(page, lab, NOTEBOOK)
    run_all_cells(page)
    assert cell_errors(page) == []
    page.wait_for_selector(".pelo-panel .js-plotly-plot", state="attached")
    page.wait_for_function("() => { const g = document.querySelector('.pelo-panel .js-plotly-plot');"
                           " return g && g.data && g.data.length > 5; }")
    install_panel_helpers(page)
    timings = {"area_click_ms": [], "button_ms": []}
    start = signature(page)
    # Set-up (Diceless 1.1): the free counter.
    choose_lit_area(page, timings)
    timings["button_ms"].append(click_button(page, "Put my counter here"))
    assert signature(page) != start
    page.locator(".pelo-panel .js-plotly-plot").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "diceless_setup.png"))
    # Three chits, face down, each on an area clicked on the map (Diceless 3).
    # The chits' pictures are icons of the font JupyterLab serves itself: no emoji font, no internet needed,
    # in the lesson's text as on the buttons.
    in_text = page.evaluate("() => [...document.querySelectorAll('.jp-MarkdownOutput i.fa-shield-alt')].map("
                            "i => getComputedStyle(i, '::before').fontFamily)")
    assert in_text and all("Font Awesome" in family for family in in_text), in_text
    pictures = page.evaluate("() => [...peloPanel().querySelectorAll('.widget-toggle-button i.fa')].map("
                             "i => getComputedStyle(i, '::before').fontFamily)")
    assert pictures and all("Font Awesome" in family for family in pictures), pictures
    page.locator(".pelo-panel .widget-toggle-buttons").first.screenshot(path=str(artifacts / "diceless_hand.png"))
    for placed in range(3):
        chit = click_toggle(page, 0)
        assert chit, "no chit in the hand"
        page.wait_for_function("() => [...peloPanel().querySelectorAll('.widget-dropdown')].some("
                               "b => b.offsetParent !== null && b.innerText.startsWith('Where')"
                               " && b.querySelectorAll('option').length > 0)")
        before = signature(page)
        choose_lit_area(page, timings)
        ms = click_button(page, "Put it here")
        assert ms >= 0, f"chit {placed + 1} could not be placed"
        timings["button_ms"].append(ms)
        assert signature(page) != before
    # The reveal: the struggles are told one at a time, and the map shows their effect.
    page.wait_for_selector(".pelo-panel .pelo-struggle", state="visible")
    text = page.locator(".pelo-panel .pelo-struggle").first.inner_text()
    assert "What happened (1 of" in text
    page.locator(".pelo-panel .pelo-struggle").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "diceless_reveal.png"))
    assert page.evaluate("() => document.fonts.check('900 20px \"Font Awesome 5 Free\"')")
    page.locator(".pelo-panel .js-plotly-plot").first.screenshot(path=str(artifacts / "diceless_reveal_map.png"))
    (artifacts / "diceless_click_timings.json").write_text(json.dumps(timings, indent=1))
    print("diceless click-to-repaint ms:", json.dumps(timings))
