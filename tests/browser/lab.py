"""Playwright steps for JupyterLab: open a notebook, wait for the kernel, run all cells."""

from __future__ import annotations

import json

IDLE = "() => /\\|\\s*Idle/.test(document.querySelector('.jp-StatusBar-Widget')?.innerText || '')"
LONG = 90_000


def write_notebook(server, name: str, source: str) -> None:
    """A one-cell notebook ``name`` (a prepared position) beside the test server's lesson notebooks (never into the
    repository's notebooks)."""
    cell = {"cell_type": "code", "execution_count": None, "id": "position", "metadata": {}, "outputs": [],
            "source": source.splitlines(keepends=True)}
    notebook = {"cells": [cell], "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                             "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}
    (server.root / "notebooks" / name).write_text(json.dumps(notebook), encoding="utf-8")


def open_notebook(page, server, relpath: str) -> None:
    page.goto(f"{server.url}/lab/tree/{relpath}?reset", timeout=LONG)
    page.wait_for_selector(".jp-Notebook", state="attached", timeout=LONG)
    page.wait_for_function(IDLE, timeout=LONG)


def run_all_cells(page) -> None:
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    # Cells run in order; wait until none is queued or running ("[*]") and the kernel is idle again.
    page.wait_for_function(
        "() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')].map(e => e.innerText);"
        " return p.some(t => /\\[\\d+\\]/.test(t)) && !p.some(t => t.includes('*')); }", timeout=LONG)
    page.wait_for_function(IDLE, timeout=LONG)


def cell_errors(page) -> list[str]:
    return page.eval_on_selector_all(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], .jp-RenderedText.jp-mod-error",
        "els => els.map(e => e.innerText.slice(0, 500))")


# -- the game panel's map, read through plotly's graph div -------------------------------------------------
PANEL_JS = """
window.peloGraph = (n = 0) => document.querySelectorAll('.pelo-panel .js-plotly-plot')[n];
window.peloPanel = (n = 0) => peloGraph(n).closest('.pelo-panel');
window.peloButton = (text, n = 0) => [...peloPanel(n).querySelectorAll('button')].find(  // shown and enabled
    x => x.innerText.trim() === text && x.offsetParent !== null && !x.disabled);
window.peloTrace = (name, n = 0) => peloGraph(n).data.findIndex(t => t.name === name);
window.peloSignature = (n = 0) => {
    // what changes when the game changes: the counters, the highlighted and the selected places
    const gd = peloGraph(n);
    if (!gd || !gd.data) return '';
    const live = gd.data.filter(t => /Athens|Sparta|Argos|Syracuse|markers|selected|choose|move/.test(t.name || ''));
    return live.map(t => [t.name, (t.x || []).length, Array.isArray(t.text) ? t.text.join('|') : '',
                          (t.x || []).slice(0, 60).join(',')].join(';')).join('/');
};
window.peloPageSignature = (n = 0) => {
    const panel = peloPanel(n);
    const text = sel => [...panel.querySelectorAll(sel)].map(e => e.innerText).join('|');
    const lists = [...panel.querySelectorAll('.pelo-controls select')].map(e => e.value + ':' + e.options.length);
    return peloSignature(n) + text('.pelo-prompt') + text('.pelo-log') + text('.pelo-struggle') + lists.join(',');
};
window.peloRegionXY = (region, n = 0) => {
    const gd = peloGraph(n);
    const t = gd.data[peloTrace('places', n)];
    const i = t.customdata.indexOf(region);
    if (i < 0) return null;
    const fl = gd._fullLayout, box = gd.getBoundingClientRect();
    return [box.left + fl.xaxis._offset + fl.xaxis.l2p(t.x[i]), box.top + fl.yaxis._offset + fl.yaxis.l2p(t.y[i])];
};
window.peloRegionByLabel = (label, n = 0) => {
    const t = peloGraph(n).data[peloTrace('places', n)];
    const i = t.text.findIndex(x => x === label || x.startsWith(label + ' '));
    return i < 0 ? null : t.customdata[i];
};
window.peloPieceXY = (side, region, n = 0) => {
    // the first counter of ``side`` drawn in ``region`` (its stack opened), in page pixels
    const gd = peloGraph(n);
    const t = gd.data.find(t => (t.name || '').startsWith(side + ' ('));
    if (!t) return null;
    const i = (t.customdata || []).findIndex((r, k) => r === region && t.text[k]);
    if (i < 0) return null;
    const fl = gd._fullLayout, box = gd.getBoundingClientRect();
    return [box.left + fl.xaxis._offset + fl.xaxis.l2p(t.x[i]), box.top + fl.yaxis._offset + fl.yaxis.l2p(t.y[i])];
};
window.peloVisibleArea = () => {
    // what the reader sees: JupyterLab's notebook area, or the window (Voila)
    const s = [...document.querySelectorAll('.jp-NotebookPanel .jp-WindowedPanel-outer')].find(e => e.offsetParent);
    const r = s ? s.getBoundingClientRect() : {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
    return {left: r.left, top: r.top, right: Math.min(r.right, innerWidth), bottom: Math.min(r.bottom, innerHeight)};
};
window.peloRect = e => { const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; };
window.peloLayout = (n = 0) => {
    const panel = peloPanel(n), gd = peloGraph(n);
    const svg = gd.querySelector('.main-svg');
    const buttons = [...panel.querySelectorAll('.pelo-controls button')].filter(b => b.offsetParent !== null);
    return {area: peloVisibleArea(), map: peloRect(svg || gd),
            controls: peloRect(panel.querySelector('.pelo-controls')),
            buttons: buttons.map(b => [b.innerText.trim(), peloRect(b)]),
            lists: [...panel.querySelectorAll('.pelo-controls select')].filter(e => e.offsetParent !== null)
                   .map(e => peloRect(e)),
            fileBrowser: !!document.querySelector('.jp-FileBrowser:not(.lm-mod-hidden)')};
};
window.peloTimeUntilChange = (before, t0, limit = 30000, n = 0) => new Promise(resolve => {
    const tick = () => {
        if (peloPageSignature(n) !== before) resolve(performance.now() - t0);
        else if (performance.now() - t0 > limit) resolve(-1);  // no repaint: the caller fails clearly
        else requestAnimationFrame(tick);
    };
    tick();
});
"""


def install_panel_helpers(page) -> None:
    page.evaluate(PANEL_JS)


def signature(page, n: int = 0) -> str:
    return page.evaluate("n => peloSignature(n)", n)


def region_by_label(page, label: str, n: int = 0) -> str | None:
    return page.evaluate("([l, n]) => peloRegionByLabel(l, n)", [label, n])


def click_region(page, region: str, n: int = 0) -> float:
    """Click a region's label on panel ``n``'s map; return the ms until the panel repainted."""
    page.locator(".pelo-panel .js-plotly-plot").nth(n).scroll_into_view_if_needed()
    xy = page.evaluate("([r, n]) => peloRegionXY(r, n)", [region, n])
    assert xy, f"region {region} not on the map"
    page.mouse.move(xy[0], xy[1])  # a person's pointer hovers before it clicks; plotly picks the point on hover
    page.wait_for_timeout(150)
    page.evaluate("n => { window.__before = peloPageSignature(n); window.__t0 = performance.now(); }", n)
    page.mouse.click(xy[0], xy[1])
    ms = page.evaluate("n => peloTimeUntilChange(window.__before, window.__t0, 30000, n)", n)
    assert ms >= 0, f"the map did not change within 30 s of a click on {region}"
    return ms


def click_button(page, text: str, n: int = 0) -> float:
    """Click a panel button by its text (in the page, so the timing is the page's); ms until the panel repainted
    (map, prompt or log), -1 if the button is missing or nothing changed within 30 s."""
    return page.evaluate(
        """([text, n]) => {
            const b = peloButton(text, n);
            if (!b) return -1;
            const before = peloPageSignature(n), t0 = performance.now();
            b.click();
            return peloTimeUntilChange(before, t0, 30000, n);
        }""", [text, n])


def wait_for_button(page, text: str, n: int = 0, timeout: int = 30_000) -> None:
    """Wait until panel ``n`` shows the button ``text`` enabled (the kernel enables some only once it has a choice)."""
    page.wait_for_function("([text, n]) => !!peloButton(text, n)", arg=[text, n], timeout=timeout)


def button_shown(page, text: str, n: int = 0) -> bool:
    return page.evaluate("([text, n]) => !!peloButton(text, n)", [text, n])


def choose_first_line(page, n: int = 0) -> str:
    """Choose the first action of panel ``n``'s action list (not a heading), as a pupil clicks a line: the list
    chooses nothing by itself, and "Do it" with nothing chosen only says what to do. Its text ('' if the list is
    hidden — the army's sliders — or holds no action)."""
    return page.evaluate(
        """n => { const sel = [...peloPanel(n).querySelectorAll('.pelo-controls .widget-select select')]
              .find(e => e.offsetParent !== null);
          const i = sel ? [...sel.options].findIndex(o => !/^\\s*(▸|◂|──)/.test(o.innerText)) : -1;
          if (i < 0) return '';
          sel.selectedIndex = i; sel.dispatchEvent(new Event('change', {bubbles: true}));
          return sel.options[i].innerText.trim(); }""", n)


def select_options(page, description: str, n: int = 0) -> list[str]:
    """The visible option texts of panel ``n``'s dropdown labelled ``description``."""
    return page.evaluate(
        """([d, n]) => { const box = [...peloPanel(n).querySelectorAll('.widget-dropdown')].find(
            x => x.innerText.trim().startsWith(d) && x.offsetParent !== null);
          return box ? [...box.querySelectorAll('option')].map(o => o.innerText.trim()) : []; }""", [description, n])


def click_toggle(page, index: int = 0, n: int = 0) -> str:
    """Choose the ``index``-th visible toggle button of panel ``n`` (a chit in the hand); returns its text. One
    already chosen is not clicked again (as a person would not: a second click would take the choice back)."""
    return page.evaluate(
        """([i, n]) => { const bs = [...peloPanel(n).querySelectorAll('.widget-toggle-buttons button')]
              .filter(b => b.offsetParent !== null);
          if (!bs[i]) return ''; if (!bs[i].classList.contains('mod-active')) bs[i].click();
          return bs[i].innerText.trim(); }""", [index, n])


def click_piece(page, side: str, region: str, n: int = 0) -> float:
    """Click the first counter of ``side`` drawn in ``region`` (its stack open); ms until the panel repainted."""
    xy = page.evaluate("([s, r, n]) => peloPieceXY(s, r, n)", [side, region, n])
    assert xy, f"no counter of {side} drawn in {region}"
    page.mouse.move(xy[0], xy[1])
    page.wait_for_timeout(150)
    page.evaluate("n => { window.__before = peloPageSignature(n); window.__t0 = performance.now(); }", n)
    page.mouse.click(xy[0], xy[1])
    ms = page.evaluate("n => peloTimeUntilChange(window.__before, window.__t0, 30000, n)", n)
    assert ms >= 0, f"the panel did not change within 30 s of a click on a counter in {region}"
    return ms


def selected_text(page, description: str, n: int = 0) -> str:
    """The chosen option's text in panel ``n``'s dropdown labelled ``description``."""
    return page.evaluate(
        """([d, n]) => { const box = [...peloPanel(n).querySelectorAll('.widget-dropdown')].find(
            x => x.innerText.trim().startsWith(d) && x.offsetParent !== null);
          const s = box && box.querySelector('select');
          return s && s.selectedIndex >= 0 ? s.options[s.selectedIndex].innerText.trim() : ''; }""", [description, n])


def show_panel(page, n: int = 0) -> None:
    """Scroll panel ``n`` to the top of what the reader sees, as a pupil would before playing."""
    page.evaluate("n => peloPanel(n).scrollIntoView({block: 'start'})", n)
    page.wait_for_timeout(300)


def wait_for_fit(page, n: int = 0, settle_ms: int = 600, limit_ms: int = 20_000) -> dict:
    """Wait until the panel has sized its map to the window (the size stops changing), then its layout."""
    page.wait_for_function(
        """([n, settle]) => new Promise(resolve => {
            let last = '', since = performance.now();
            const tick = () => {
                const gd = peloGraph(n), c = peloPanel(n).querySelector('.pelo-controls');
                const fl = gd && gd._fullLayout;
                const now = fl ? [fl.width, fl.height, c.style.maxHeight].join() : '';
                if (now !== last) { last = now; since = performance.now(); }
                if (now && c.style.maxWidth !== undefined && performance.now() - since > settle) resolve(true);
                else requestAnimationFrame(tick);
            };
            tick();
        })""", arg=[n, settle_ms], timeout=limit_ms)
    show_panel(page, n)
    return page.evaluate("n => peloLayout(n)", n)


def inside(rect: dict, area: dict, slack: float = 1.0) -> bool:
    return (rect["left"] >= area["left"] - slack and rect["top"] >= area["top"] - slack
            and rect["right"] <= area["right"] + slack and rect["bottom"] <= area["bottom"] + slack)


def seen(rect: dict, layout: dict) -> bool:
    """Is a control wholly in sight: inside what the reader sees and not scrolled out of the controls' column?"""
    return inside(rect, layout["area"]) and inside(rect, layout["controls"])


def screenshots(page, artifacts, stem: str, n: int = 0) -> dict:
    """The panel at a Chromebook's, a classroom projector's (1024×768), a small laptop's and a full-HD
    projector's size: a screenshot each, and the layout measured at each (the map's size, where the controls
    are)."""
    layouts = {}
    for width, height in ((1366, 768), (1024, 768), (1024, 700), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(800)
        layouts[f"{width}x{height}"] = wait_for_fit(page, n)
        page.screenshot(path=str(artifacts / f"{stem}_{width}x{height}.png"))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_timeout(800)
    wait_for_fit(page, n)
    return layouts


def wait_for_panel(page) -> None:
    """Wait until a panel's map has been drawn, then install the helpers the tests click with."""
    page.wait_for_selector(".pelo-panel .js-plotly-plot", state="attached")
    page.wait_for_function("() => { const g = document.querySelector('.pelo-panel .js-plotly-plot');"
                           " return g && g.data && g.data.length > 5; }")
    install_panel_helpers(page)


def lesson_on_a_chromebook_and_a_projector(page, artifacts, stem: str) -> dict:
    """After a lesson has run in JupyterLab: its panel drawn, the file browser open as in a classroom, the board on
    one screen at the Chromebook's size, at a full-HD projector's the board still on one screen with a larger map,
    and at a 1024×768 projector's the map and the controls that play a turn on one screen. The layouts measured at
    each size (``screenshots``, named ``stem``)."""
    wait_for_panel(page)
    layout = wait_for_fit(page)
    assert layout["fileBrowser"], "JupyterLab's file browser should be open, as in a classroom"
    assert_board_on_one_screen(layout)
    layouts = screenshots(page, artifacts, stem)
    assert layouts["1920x1080"]["map"]["height"] > layouts["1366x768"]["map"]["height"] * 1.2  # grows on a projector
    assert_board_on_one_screen(layouts["1920x1080"])
    assert layouts["1024x768"]["fileBrowser"]
    assert_play_on_one_screen(layouts["1024x768"])
    return layouts


def assert_board_on_one_screen(layout: dict, button: str = "Do it") -> None:
    """The map, the list of choices and the button that plays them are all inside what the student sees, the map
    and the controls side by side."""
    area = layout["area"]
    assert inside(layout["map"], area), (layout["map"], area)
    buttons = dict(layout["buttons"])
    assert button in buttons and seen(buttons[button], layout), (buttons.get(button), area)
    assert layout["lists"] and all(seen(r, layout) for r in layout["lists"]), (layout["lists"], area)
    assert layout["map"]["right"] <= layout["controls"]["left"] + 1


def assert_play_on_one_screen(layout: dict, button: str = "Do it", also: tuple[str, ...] = ()) -> None:
    """A narrow screen (a 1024×768 projector, JupyterLab's file browser open): the map, the lists and the button
    that plays (and the buttons ``also``: a hand of chits) are all inside what the student sees without scrolling,
    the controls beside the map or under it."""
    area, map_ = layout["area"], layout["map"]
    assert inside(map_, area), (map_, area)
    for name in (button, *also):
        found = [rect for text, rect in layout["buttons"] if text == name]
        assert found and all(seen(rect, layout) for rect in found), (name, found, area)
    assert layout["lists"] and all(seen(r, layout) for r in layout["lists"]), (layout["lists"], area)
    play = dict(layout["buttons"])[button]
    assert play["left"] >= map_["right"] - 1 or play["top"] >= map_["bottom"] - 1, (play, map_)
