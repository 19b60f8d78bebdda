"""Real browser: the Mountford panel of lesson 05 (05_hoplites_and_triremes.ipynb) at a school Chromebook's size
(1366×768, JupyterLab's file browser open) and in Voilà. As a student would: click Sparta on the map, choose
Archidamus in the list, form his army, click Athens — the route is drawn with each space's odds and the chance of
arriving intact, and the battle and the siege ahead are charted; then play on with "Do it" until a battle is
fought, its exact odds charted before the decision. Every wait is on what the page shows, never a fixed sleep.
Screenshots under tests/artifacts/ (1366×768, 1024×700, 1920×1080, the route, the battle)."""

import re

import pytest

from .lab import (
    assert_board_on_one_screen,
    cell_errors,
    choose_first_line,
    click_button,
    click_region,
    lesson_on_a_chromebook_and_a_projector,
    open_notebook,
    run_all_cells,
    screenshots,
    wait_for_fit,
    wait_for_panel,
)

pytestmark = pytest.mark.browser
NOTEBOOK = "05_hoplites_and_triremes.ipynb"
LOOPBACK = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:http://127.0.0.1")
BATTLE = re.compile(r"(Naval|Hoplite) battle in ")
BATTLE_STEP_PROMPTS = ("take part in the battle", "running skirmish", "put to sea", "home space for this battle")


def wait_text(page, selector: str, text: str) -> None:
    """Wait until an element of the panel matching ``selector`` is shown and contains ``text``."""
    page.wait_for_function(
        """([sel, text]) => [...peloPanel().querySelectorAll(sel)].some(
              e => e.offsetParent !== null && e.innerText.replace(/\\s+/g, ' ').includes(text))""",
        arg=[selector, text])


def prompt(page) -> str:
    return page.evaluate("() => peloPanel().querySelector('.pelo-prompt').innerText.trim()")


def choose_line(page, start: str) -> None:
    """Choose the line of the action list that begins with ``start``, as a student clicks it (once the list
    shows it)."""
    page.wait_for_function(
        """start => { const s = peloPanel().querySelector('.pelo-controls .widget-select select');
            const i = s ? [...s.options].findIndex(o => o.textContent.replace(/\\s+/g, ' ').trim().startsWith(start))
                        : -1;
            if (i < 0) return false;
            s.selectedIndex = i; s.dispatchEvent(new Event('change', {bubbles: true})); return true; }""", arg=start)


ROUTE = "peloGraph().data[peloTrace('route edge') + 1]"  # the route's line and arrow (named for the army)


def route_points(page) -> int:
    return page.evaluate(f"() => ({ROUTE}.x || []).length")


def log_text(page) -> str:
    return page.evaluate("() => peloPanel().querySelector('.pelo-log').innerText")


def plan_the_invasion(page, artifacts, stem: str) -> None:
    """Archidamus takes command at Sparta (chosen on the map), his army formed, Athens clicked: the route and
    its odds appear on the map and beside the list."""
    assert "Sparta" in prompt(page) and route_points(page) == 0
    click_region(page, "sparta")
    choose_line(page, "Archidamus takes command here")
    wait_text(page, ".pelo-help", "Archidamus of Sparta: battle rating 2")
    assert click_button(page, "Do it") >= 0
    wait_text(page, ".pelo-controls", "Cost:")  # the army's sliders and what it costs
    assert page.evaluate("() => [...peloPanel().querySelectorAll('.widget-slider')].filter(e => e.offsetParent)"
                         ".map(e => e.innerText).join(' ')").count("SPs") >= 2
    assert click_button(page, "Do it") >= 0
    page.wait_for_function("() => /objective/i.test(peloPanel().querySelector('.pelo-prompt').innerText)")
    click_region(page, "megara")  # a first destination: its route and odds
    wait_text(page, ".pelo-route", "Sparta to Megara")
    megara = route_points(page)
    click_region(page, "athens")  # then another: the route is drawn again
    wait_text(page, ".pelo-route", "Sparta to Athens")
    page.wait_for_function(f"n => ({ROUTE}.x || []).length !== n", arg=megara)
    assert route_points(page) >= 3 and "route" in page.evaluate(f"() => {ROUTE}.name")
    odds = page.evaluate("() => peloPanel().querySelector('.pelo-route').innerText.replace(/\\s+/g, ' ')")
    assert "no interception and no loss: 1 in 6 (17%)" in odds and "Eleusis" in odds
    notes = page.evaluate("() => (peloGraph().layout.annotations || []).map(a => a.text)")
    assert any(n.startswith("intercept") for n in notes) and any("arrives intact 17%" in n for n in notes), notes
    wait_text(page, ".pelo-odds figcaption", "On land at Athens")  # the battle ahead, charted
    # no siege odds promised where the siege cannot be made: Sparta's treasury cannot pay for it (rule 5.8)
    wait_text(page, ".pelo-odds-note", "No siege of Athens")
    page.mouse.move(2, 2)  # the pointer off the map: no hover box over the route in the picture
    page.screenshot(path=str(artifacts / f"{stem}_route.png"))


def fight_a_battle(page, artifacts, stem: str) -> None:
    """"Attack Athens", then each decision (its first line chosen, as nothing is chosen for the pupil) with "Do it",
    until a battle is fought: before the battle decision the exact odds of the battle are charted beside the list."""
    assert click_button(page, "Do it") >= 0  # attack Athens (chosen by the click on Athens)
    charted = False
    for _ in range(60):
        if charted and BATTLE.search(log_text(page)):
            break
        words = prompt(page)
        if "choose a leader to activate" in words:  # Sparta's next operation: none (the computer's may bring a battle)
            choose_line(page, "Pass")
            page.wait_for_function("() => [...peloPanel().querySelectorAll('button')].some("
                                   "b => b.innerText.trim() === 'Do it' && !b.disabled && b.offsetParent !== null)")
        else:
            choose_first_line(page)  # (none while the army's sliders are shown: "Do it" forms that army)
        if any(w in words for w in BATTLE_STEP_PROMPTS):
            wait_text(page, ".pelo-odds figcaption", "at ")  # "The sea fight at …", "A hoplite battle at …"
            if not charted:
                page.mouse.move(2, 2)
                page.screenshot(path=str(artifacts / f"{stem}_battle_odds.png"))
            charted = True
        assert click_button(page, "Do it") >= 0, f"'Do it' missing or nothing happened at: {words}"
    assert charted, "no battle decision came with its odds"
    assert BATTLE.search(log_text(page)), log_text(page)[:500]
    page.screenshot(path=str(artifacts / f"{stem}_battle.png"))


def test_browser_mountford_lab_route_planner_and_a_battle_on_one_chromebook_screen(lab, chromebook, artifacts):
    page = chromebook
    open_notebook(page, lab, f"notebooks/{NOTEBOOK}")
    run_all_cells(page)
    assert cell_errors(page) == []
    lesson_on_a_chromebook_and_a_projector(page, artifacts, "mountford_lab")
    plan_the_invasion(page, artifacts, "mountford_lab")
    fight_a_battle(page, artifacts, "mountford_lab")
    outside = [u for u in page.requests if not u.startswith(LOOPBACK)]
    assert outside == [], outside


def test_browser_mountford_voila_route_planner_and_a_battle_without_internet(voila, chromebook, artifacts):
    page = chromebook
    page.goto(f"{voila.url}/voila/render/{NOTEBOOK}", timeout=180_000)
    page.wait_for_selector(".pelo-panel .js-plotly-plot", state="attached", timeout=180_000)
    wait_for_panel(page)
    assert page.evaluate("() => document.querySelectorAll('.pelo-panel .modebar').length") == 0
    layout = wait_for_fit(page)
    assert_board_on_one_screen(layout)
    layouts = screenshots(page, artifacts, "mountford_voila")  # a Chromebook, a small laptop, a projector
    assert_board_on_one_screen(layouts["1920x1080"])
    assert layouts["1920x1080"]["map"]["height"] > layouts["1366x768"]["map"]["height"] * 1.2
    plan_the_invasion(page, artifacts, "mountford_voila")
    fight_a_battle(page, artifacts, "mountford_voila")
    outside = [u for u in page.requests if not u.startswith(LOOPBACK)]
    assert outside == [], outside  # no CDN: a classroom may be offline
