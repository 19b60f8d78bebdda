"""Real browser: `make voila` serves the lessons folder, so lesson 03 (the diceless game for ages 8–11) shows in
Voilà too — its panel with the chit buttons, and its story cards, adapted, with the original one click away. A
Voilà page is read, not run: it says nothing about running cells; lesson 03's §4 shows the class's own game on a
button, and lesson 02's §3 analyses it (tables and charts) on another, each button as wide as its words."""

from __future__ import annotations

import pytest
from notebook_instructions import instructions

from .lab import (
    choose_first_line,
    click_button,
    click_region,
    install_panel_helpers,
    region_by_label,
    select_options,
    wait_for_panel,
)

pytestmark = pytest.mark.browser


def test_browser_voila_serves_lesson_03_with_panel_and_adapted_stories(voila, page, artifacts):
    page.goto(f"{voila.url}/voila/render/03_diceless_influence.ipynb", timeout=180_000)
    page.wait_for_selector(".pelo-panel .js-plotly-plot", state="attached", timeout=180_000)
    page.wait_for_selector(".pelo-adapted", state="attached", timeout=180_000)
    stories = page.locator(".pelo-adapted").count()
    originals = page.locator("details.pelo-original").count()
    assert stories >= 7 and originals >= stories
    first = page.locator("details.pelo-original").first
    first.scroll_into_view_if_needed()
    first.locator("summary").click()
    assert first.evaluate("d => d.open") and first.locator(".pelo-english").count() == 1
    buttons = page.eval_on_selector_all(".pelo-panel button", "bs => bs.map(b => b.innerText.trim())")
    assert buttons
    page.screenshot(path=str(artifacts / "diceless_voila.png"))
    # A page to read: no "run the cell", "Shift + Enter" or "change ... and run it again" (those cells are tagged
    # notebook-only), and the sentences written for the page are shown.
    text = page.inner_text("body")
    assert instructions(text) == [] and "Shift" not in text
    # §4's game of the computer against itself is for notebook readers: not run on the page, nobody "wins" yet
    assert "computer plays a whole" not in text and " wins — " not in text
    assert "F11" in text and page.locator(".voila-only").first.is_visible()
    # §4: the class's own game, on a button, as far as it went.
    show = page.locator("button", has_text="Show our game")
    show.scroll_into_view_if_needed()
    assert_as_wide_as_its_words(page, show)
    show.click()
    page.wait_for_selector("text=Nobody has played yet", timeout=30_000)
    install_panel_helpers(page)
    page.locator(".pelo-panel .js-plotly-plot").first.scroll_into_view_if_needed()
    where = select_options(page, "Where")
    assert where and click_region(page, region_by_label(page, where[0])) >= 0
    assert click_button(page, "Put my counter here") >= 0
    maps = page.locator(".js-plotly-plot").count()
    show.scroll_into_view_if_needed()
    show.click()
    page.wait_for_selector("text=Not over yet", timeout=60_000)
    page.wait_for_function("n => document.querySelectorAll('.js-plotly-plot').length > n", arg=maps, timeout=60_000)
    page.locator("text=Not over yet").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "diceless_voila_our_game.png"))


def assert_as_wide_as_its_words(page, button) -> None:
    # a button, not a bar across the page (width "auto" alone stretched it over the whole column)
    width = button.bounding_box()["width"]
    column = button.evaluate("b => b.closest('.widget-vbox').parentElement.getBoundingClientRect().width")
    assert 100 < width < 320 and width < column / 2, (width, column)


def test_browser_voila_lesson_02_analyses_the_class_s_own_game_on_a_button(voila, page, artifacts):
    page.goto(f"{voila.url}/voila/render/02_play_sfacteria.ipynb", timeout=180_000)
    wait_for_panel(page)
    analyse = page.locator("button", has_text="Analyse our game")
    analyse.wait_for(state="attached", timeout=180_000)
    text = page.inner_text("body")
    # §3's game of the computer against itself is for notebook readers: not run on the page, and the page does not
    # send its readers to JupyterLab to analyse their own game
    assert "The game is over" not in text and "events in the record" not in text and "JupyterLab" not in text
    assert instructions(text) == [], instructions(text)
    analyse.scroll_into_view_if_needed()
    assert_as_wide_as_its_words(page, analyse)
    analyse.click()
    page.wait_for_selector("text=Nobody has played yet", timeout=30_000)
    # one move in the ready panel (Athens against the computer), as a pupil makes it
    page.locator(".pelo-panel .js-plotly-plot").first.scroll_into_view_if_needed()
    assert choose_first_line(page)
    assert click_button(page, "Do it") >= 0
    charts = page.locator(".js-plotly-plot").count()
    analyse.scroll_into_view_if_needed()
    analyse.click()
    page.wait_for_selector("text=Not over yet", timeout=60_000)
    page.wait_for_function("n => document.querySelectorAll('.js-plotly-plot').length >= n + 2", arg=charts,
                           timeout=60_000)
    text = page.inner_text("body")
    assert "Nobody has played yet" not in text
    assert "events in the record" in text and "PF lost Athens" in text  # the record, and the table turn by turn
    assert "none yet of those that decide a game" in text and "['battle'" not in text  # in words, not code
    assert "Island supply at the end of each turn" in text  # the charts in words
    page.wait_for_function(  # both charts drawn (a chart's div comes before plotly has drawn it)
        """() => { const titles = [...document.querySelectorAll('.js-plotly-plot')].map(
                       g => ((g.layout || {}).title || {}).text || '');
                   return titles.some(t => t.startsWith('Strength (PF) lost in each turn'))
                       && titles.some(t => t.startsWith('Supply markers at the end of each turn')); }""",
        timeout=60_000)
    page.locator("text=Not over yet").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "sfacteria_voila_our_game.png"))
    page.locator("text=Island supply at the end of each turn").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "sfacteria_voila_our_game_in_words.png"))  # the charts, then in words


def test_browser_voila_start_page_lists_the_lessons_and_asks_nothing_of_the_internet(voila, page):
    """`make voila`'s start page (the list of lessons): Voilà's own base page asks a CDN for Font Awesome, a
    stylesheet that holds the page up when a classroom is offline; the package's template drops that request."""
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{voila.url}/voila/tree", timeout=180_000)
    page.wait_for_selector("text=03_diceless_influence.ipynb", timeout=90_000)
    assert "02_play_sfacteria.ipynb" in page.inner_text("body")
    outside = [u for u in requests if not u.startswith(("http://127.0.0.1", "data:", "blob:"))]
    assert outside == [], outside


@pytest.mark.parametrize("lesson", ["00_start_here", "09_text_against_terrain"])
def test_browser_voila_lesson_page_says_nothing_about_running_cells(voila, page, lesson):
    # Two lessons full of notebook instructions (how to run a cell; "change `LANE` and run the cell again"): on
    # the page, only what a reader of the page can do.
    page.goto(f"{voila.url}/voila/render/{lesson}.ipynb", timeout=180_000)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=180_000)
    text = page.inner_text("body")
    assert instructions(text) == [], instructions(text)
    shown = page.locator(".voila-only")
    assert shown.count() >= 1 and all(shown.nth(i).is_visible() for i in range(shown.count()))
