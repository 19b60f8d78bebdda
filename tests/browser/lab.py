"""Playwright steps for JupyterLab: open a notebook, wait for the kernel, run all cells."""

from __future__ import annotations

IDLE = "() => /\\|\\s*Idle/.test(document.querySelector('.jp-StatusBar-Widget')?.innerText || '')"
LONG = 90_000


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
window.peloTrace = (name, n = 0) => peloGraph(n).data.findIndex(t => t.name === name);
window.peloSignature = (n = 0) => {
    // what changes when the game changes: the counters, the highlighted and the selected places
    const gd = peloGraph(n);
    if (!gd || !gd.data) return '';
    const live = gd.data.filter(t => /Athens|Sparta|Argos|Syracuse|markers|selected|choose/.test(t.name || ''));
    return live.map(t => [t.name, (t.x || []).length, Array.isArray(t.text) ? t.text.join('|') : '',
                          (t.x || []).slice(0, 60).join(',')].join(';')).join('/');
};
window.peloPageSignature = (n = 0) => {
    const panel = peloPanel(n);
    const text = sel => [...panel.querySelectorAll(sel)].map(e => e.innerText).join('|');
    return peloSignature(n) + text('.pelo-prompt') + text('.pelo-log') + text('.pelo-struggle');
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
            const b = [...peloPanel(n).querySelectorAll('button')].find(
                x => x.innerText.trim() === text && x.offsetParent !== null && !x.disabled);
            if (!b) return -1;
            const before = peloPageSignature(n), t0 = performance.now();
            b.click();
            return peloTimeUntilChange(before, t0, 30000, n);
        }""", [text, n])


def select_options(page, description: str, n: int = 0) -> list[str]:
    """The visible option texts of panel ``n``'s dropdown labelled ``description``."""
    return page.evaluate(
        """([d, n]) => { const box = [...peloPanel(n).querySelectorAll('.widget-dropdown')].find(
            x => x.innerText.trim().startsWith(d) && x.offsetParent !== null);
          return box ? [...box.querySelectorAll('option')].map(o => o.innerText.trim()) : []; }""", [description, n])


def click_toggle(page, index: int = 0, n: int = 0) -> str:
    """Click the ``index``-th visible toggle button of panel ``n`` (a chit in the hand); returns its text."""
    return page.evaluate(
        """([i, n]) => { const bs = [...peloPanel(n).querySelectorAll('.widget-toggle-buttons button')]
              .filter(b => b.offsetParent !== null);
          if (!bs[i]) return ''; bs[i].click(); return bs[i].innerText.trim(); }""", [index, n])
