"""Real browser: the names the rings cross are written again over the traces (a layout image, layer "above"), and a
click or a pointer on a place under them still reaches the map's traces — in a static page (``fig.write_html``) and
in the diceless panel in JupyterLab at a school Chromebook's size (1366×768)."""

from __future__ import annotations

import pytest

from peloponnesos.render import renderer_for
from peloponnesos.render.mapfig import CONFIG

from .lab import click_region, install_panel_helpers, open_notebook, run_all_cells, wait_for_fit, write_notebook
from .test_browser_sfacteria import wait_chosen

pytestmark = pytest.mark.browser
NOTEBOOK = "names_over_marks_position.ipynb"
SOURCE = """from peloponnesos.widgets import panel

# the class puts its free counter down: every area it may choose is ringed (Diceless 1.1)
kids_panel = panel("diceless", mode="vs_bot", side="Sparta", bot="greedy", seed=240, turns=6, first_placer="Sparta")
kids_panel"""

# The overlay's names, read back from the image the page drew; what is at a point of the page; plotly's events.
PAGE_JS = """
window.overlayNames = (gd) => {
    const image = gd._fullLayout.images.find(i => i.layer === 'above');
    if (!image || !image.source) return [];
    const bytes = Uint8Array.from(atob(image.source.split(',')[1]), c => c.charCodeAt(0));
    const svg = new DOMParser().parseFromString(new TextDecoder().decode(bytes), 'image/svg+xml');
    return [...svg.querySelectorAll('text')].map(t => t.textContent);
};
window.aboveImages = (gd) => [...gd.querySelectorAll('.layer-above image')].map(
    i => ({events: getComputedStyle(i).pointerEvents, href: (i.getAttribute('href') || '').slice(0, 22)}));
window.labelXY = (gd, region, which) => {
    // the dot (first point of the 'places' trace for ``region``) or the middle of its name (its last point)
    const t = gd.data.find(t => t.name === 'places');
    const i = which === 'name' ? t.customdata.lastIndexOf(region) : t.customdata.indexOf(region);
    const fl = gd._fullLayout, box = gd.getBoundingClientRect();
    return [box.left + fl.xaxis._offset + fl.xaxis.l2p(t.x[i]), box.top + fl.yaxis._offset + fl.yaxis.l2p(t.y[i])];
};
window.topAt = ([x, y]) => { const e = document.elementFromPoint(x, y);
    return e ? e.tagName + '.' + (e.getAttribute('class') || '') : ''; };
true;  // (not a function: the page would call it)
"""


def overlay_state(page, graph: str) -> dict:
    return page.evaluate(f"() => {{ const gd = {graph};"
                         " return {names: overlayNames(gd), images: aboveImages(gd)}; }")


def assert_overlay_drawn_and_let_through(state: dict) -> None:
    assert state["names"], "no name is written over the rings"
    images = [i for i in state["images"] if i["href"].startswith("data:image/svg+xml")]
    assert images and all(i["events"] == "none" for i in images), state["images"]


def test_browser_names_over_marks_static_page_clicks_and_hovers_reach_the_places(page, tmp_path, artifacts):
    renderer = renderer_for("diceless")
    mf = renderer.map_figure()
    fig = mf.build()
    mf.resize(fig, *mf.fit(960 - 326 - 16, 620))  # the map beside the controls at 1366×768
    places = [k for k, r in mf.regions.items() if r.marker_size and not r.outline]
    mf.update(fig, [], highlight=places)
    over = {p.key: p.text for p in mf.names_over_marks(places)}
    assert len(over) >= 5
    path = tmp_path / "names_over_marks.html"
    fig.write_html(path, config=CONFIG, include_plotlyjs=True,
                   post_script="const gd = document.getElementById('{plot_id}'); window.peloEvents = [];"
                               "for (const kind of ['plotly_click', 'plotly_hover']) gd.on(kind, d => window.peloEvents"
                               ".push([kind, ...d.points.map(p => [p.curveNumber, p.pointNumber])]));")
    page.set_viewport_size({"width": mf.width + 40, "height": mf.height + 40})
    page.goto(path.as_uri())
    page.wait_for_selector(".js-plotly-plot .layer-above image", state="attached")
    page.evaluate(PAGE_JS)
    graph = "document.querySelector('.js-plotly-plot')"
    state = overlay_state(page, graph)
    assert_overlay_drawn_and_let_through(state)
    assert sorted(state["names"]) == sorted(over.values())
    page.screenshot(path=str(artifacts / "names_over_marks_static.png"))
    for region in list(over)[:4]:
        for which in ("dot", "name"):  # the dot, and the name written over the ring
            xy = page.evaluate(f"([r, w]) => labelXY({graph}, r, w)", [region, which])
            assert not page.evaluate("xy => topAt(xy)", xy).startswith("IMAGE"), (region, which)
            page.evaluate("() => { window.peloEvents = []; }")
            page.mouse.move(*xy)
            page.wait_for_timeout(120)
            page.mouse.click(*xy)
            page.wait_for_function("() => window.peloEvents.some(e => e[0] === 'plotly_click')", timeout=5_000)
            events = page.evaluate("() => window.peloEvents")
            hovers = [e for e in events if e[0] == "plotly_hover"]
            clicks = [e for e in events if e[0] == "plotly_click"]
            assert hovers, (region, which, events)
            assert [mf.region_at(*point) for point in clicks[-1][1:2]] == [region], (region, which, events)


def test_browser_names_over_marks_panel_click_on_a_ringed_place_under_its_name(lab, chromebook, artifacts):
    page = chromebook
    write_notebook(lab, NOTEBOOK, SOURCE)
    open_notebook(page, lab, f"notebooks/{NOTEBOOK}")
    run_all_cells(page)
    page.wait_for_selector(".pelo-panel .js-plotly-plot .layer-above image", state="attached")
    install_panel_helpers(page)
    page.evaluate(PAGE_JS)
    wait_for_fit(page)
    graph = "peloGraph()"
    page.wait_for_function(f"() => overlayNames({graph}).length > 0")
    state = overlay_state(page, graph)
    assert_overlay_drawn_and_let_through(state)
    page.locator(".pelo-panel .js-plotly-plot").first.screenshot(path=str(artifacts / "names_over_marks_lab.png"))
    offered = page.evaluate(
        """() => { const box = [...peloPanel().querySelectorAll('.widget-dropdown')].find(
              x => x.innerText.trim().startsWith('Where') && x.offsetParent !== null);
          return box ? [...box.querySelectorAll('option')].map(o => o.innerText.trim()) : []; }""")
    names = [name for name in state["names"] if name in offered]
    assert len(names) >= 2, (state["names"], offered)
    for name, which in ((names[0], "dot"), (names[1], "name")):
        region = page.evaluate("l => peloRegionByLabel(l)", name)
        xy = page.evaluate(f"([r, w]) => labelXY({graph}, r, w)", [region, which])
        assert not page.evaluate("xy => topAt(xy)", xy).startswith("IMAGE"), (name, which)
        if which == "dot":
            click_region(page, region)  # the panel's own helper: a pointer over the dot, then a click
        else:
            page.mouse.move(*xy)
            page.wait_for_timeout(150)
            page.mouse.click(*xy)
        assert wait_chosen(page, "Where", name).startswith(name)
    # the selected place's circle: its name stays written over it
    assert names[1] in overlay_state(page, graph)["names"]
