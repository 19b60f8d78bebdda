"""The boards' figure widget: a ``FigureWidget`` whose browser module is a few lines that initialize at once, with
Plotly's own code sent beside it to be loaded once per page (``boardwidget.py`` says why)."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import plotly
import plotly.graph_objects as go
import pytest
from plotly import basewidget

from peloponnesos.render import boardwidget, draw
from peloponnesos.render.boardwidget import LOADER, BoardWidget, plotly_code, plotly_key
from peloponnesos.widgets import panel


@pytest.fixture
def new_kernel(monkeypatch):
    """As in a kernel that has made no board yet."""
    monkeypatch.setattr(boardwidget, "_carrier", [None])


def test_every_board_of_a_panel_is_a_board_widget_with_a_small_module_and_plotly_code_goes_once_per_kernel(new_kernel):
    p = panel("syracuse", mode="bots", seed=2)  # two boards: the map and the battle board
    bundle = (Path(basewidget.__file__).parent / "package_data" / "widgetbundle.js").read_text("utf-8")
    try:
        assert len(p.boards) == 2
        states = []
        for board in p.boards:
            fig = board.fig
            assert isinstance(fig, BoardWidget) and isinstance(fig, go.FigureWidget)
            state = fig.get_state()
            assert state["_esm"] == LOADER and len(LOADER) < 3000  # what anywidget loads and initializes: small
            assert state["_plotly_key"] == plotly_key() and plotly.__version__ in plotly_key()
            assert "_py2js_update" not in LOADER  # (the browser tests find Plotly's module by that word)
            states.append(state)
        # Plotly's module (5 MB) goes to the page with one board of the kernel, not with each
        codes = [state["_plotly_code"] for state in states]
        assert codes == [bundle, ""]
        assert len(json.dumps(states[1], default=str)) < 100_000
    finally:
        p.close()


def test_the_first_open_board_of_the_kernel_carries_plotly_code_and_when_it_closes_the_next_one_does(new_kernel):
    first = second = third = BoardWidget()
    try:
        assert first.get_state()["_plotly_code"] == plotly_code()
        second = BoardWidget()
        assert second.get_state()["_plotly_code"] == ""
        first.close()
        third = BoardWidget()
        assert third.get_state()["_plotly_code"] == plotly_code()
        assert second.get_state()["_plotly_code"] == ""  # (already in its page, or asked for)
    finally:
        for board in (first, second, third):
            board.close()


def test_a_board_whose_page_has_no_plotly_code_gets_it_when_it_asks():
    board = BoardWidget()
    sent = []
    board.send = lambda content, buffers=None: sent.append((content, buffers))
    try:
        ask = {"content": {"data": {"method": "custom", "content": {"peloponnesos": "plotly-code",
                                                                        "key": plotly_key()}}}, "buffers": []}
        board._handle_msg(ask)
        ((content, buffers),) = sent
        assert content == {"peloponnesos": "plotly-code", "key": plotly_key()}
        assert buffers == [plotly_code().encode("utf-8")]  # as bytes beside the message, not inside it
        other = {"content": {"data": {"method": "custom", "content": {"something": "else"}}}, "buffers": []}
        board._handle_msg(other)
        assert len(sent) == 1  # other messages are not answered
    finally:
        board.close()


def test_a_figure_drawn_as_a_widget_is_a_board_widget_and_a_static_one_a_plain_figure():
    from peloponnesos.games.diceless import DicelessGame

    game = DicelessGame(seed=3)
    live = draw(game, widget=True)
    assert isinstance(live, BoardWidget) and live.layout.title.text
    assert type(draw(game)) is go.Figure
    live.close()


NODE_HARNESS = """
globalThis.Blob = class { constructor(parts) { this.text = parts.join(""); } };
URL.createObjectURL = (blob) => "data:text/javascript;base64," + Buffer.from(blob.text).toString("base64");
URL.revokeObjectURL = () => {};
console.error = () => {};
globalThis.document = { createElement: (tag) => ({ tag, className: "", textContent: "" }) };
const element = (name) => {  // a view's element: what it holds, and its name as the fake Plotly writes it
  const el = { children: [], toString: () => name, shows: () => el.children.map((c) => c.textContent) };
  el.appendChild = (child) => {
    el.children.push(child);
    child.remove = () => el.children.splice(el.children.indexOf(child), 1);
    return child;
  };
  return el;
};
const loader = await import("data:text/javascript;base64," + Buffer.from(process.env.LOADER).toString("base64"));
const PLOTLY = `globalThis.evaluated = (globalThis.evaluated || 0) + 1;
export default () => { let m; return {
  initialize({ model }) { m = model; model.log.push("initialize"); },
  render({ el }) { m.log.push("render " + el); return () => "cleanup " + el; } }; };`;
const asked = [];
const model = (code, key) => {  // a board's model; its kernel answers a request for the code with the code as bytes
  const s = { _plotly_code: code, _plotly_key: key }, handlers = new Set();
  const m = { get: (k) => s[k], log: [], on: (e, h) => handlers.add(h), off: (e, h) => handlers.delete(h) };
  m.send = (message) => {
    asked.push(message);
    const bytes = new TextEncoder().encode(PLOTLY);
    const answer = { peloponnesos: "plotly-code", key };
    setTimeout(() => handlers.forEach((h) => h(answer, [new DataView(bytes.buffer)])), 10);
  };
  return m;
};
const out = {};
// the kernel's first board carries the code, the other brings none (and is made first): one load, nothing asked
const [a, b] = [model(PLOTLY, "v1"), model("", "v1")];
const [wa, wb] = [loader.default(), loader.default()];
out.initialized = [wb.initialize({ model: b }), wa.initialize({ model: a })].every((r) => r === undefined);
out.before = [...a.log];
const [ea, eb] = [element("A"), element("B")];
const [ca, cb] = [await wa.render({ model: a, el: ea }), await wb.render({ model: b, el: eb })];
out.notesLeft = [...ea.shows(), ...eb.shows()];
await new Promise((r) => setTimeout(r, 700));
Object.assign(out, { evaluated: globalThis.evaluated, a: a.log, b: b.log, cleanup: [ca(), cb()], asked: asked.length });
// a failed load is tried again by the next board
const [bad, good] = [model("export default (", "v2"), model(PLOTLY, "v2")];
const wbad = loader.default();
wbad.initialize({ model: bad });
const ec = element("C");
out.failed = await wbad.render({ model: bad, el: ec }).then(() => false, () => true);
out.failedShows = ec.shows();
const wgood = loader.default();
wgood.initialize({ model: good });
out.retried = (await wgood.render({ model: good, el: element("D") }))();
// a board whose page has no board carrying the code (a page reloaded after the first board closed) asks for it
const lone = model("", "v3"), wlone = loader.default();
wlone.initialize({ model: lone });
const t0 = Date.now(), ee = element("E");
const drawing = wlone.render({ model: lone, el: ee });
await new Promise((r) => setTimeout(r, 100));
out.loneWaiting = ee.shows();
out.lone = (await drawing)();
out.loneAfter = ee.shows();
Object.assign(out, { loneWaited: Date.now() - t0, loneAsked: asked });
console.log(JSON.stringify(out));
"""


def test_the_loader_initializes_at_once_loads_plotly_once_per_page_and_draws_when_it_has_loaded():
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js to run the loader outside a browser (the browser tests run it in one)")
    result = subprocess.run([node, "--input-type=module", "-e", NODE_HARNESS], capture_output=True, text=True,
                            timeout=60, env={**os.environ, "LOADER": LOADER})
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["initialized"] and out["before"] == []  # anywidget is not kept waiting for Plotly's code
    assert out["evaluated"] == 1 and out["asked"] == 0  # two boards, one load, nothing asked of the kernel
    assert out["a"] == ["initialize", "render A"] and out["b"] == ["initialize", "render B"]
    assert out["cleanup"] == ["cleanup A", "cleanup B"]  # a view taken away is cleaned up by Plotly's own code
    assert out["failed"] and out["retried"] == "cleanup D"  # a failed load is tried again by the next board
    assert out["lone"] == "cleanup E" and out["loneAsked"] == [{"peloponnesos": "plotly-code", "key": "v3"}]
    assert out["loneWaiting"] == ["Loading the map\u2026"] and out["loneAfter"] == []  # a note while the code comes
    assert out["notesLeft"] == [] and "could not be drawn" in out["failedShows"][0]
    assert out["loneWaited"] >= 400  # asked once, after giving a board that carries the code time to come


def _page_reports_what_it_drew(fig) -> None:
    """What Plotly's page sends back after drawing a figure: every trace's properties and the layout's, as deltas."""
    deltas = [{"uid": t.uid, **{k: v for k, v in fig._data[i].items() if k in ("name", "line", "marker", "fillcolor",
                                                                              "text", "hovertext")}}
              for i, t in enumerate(fig.data)]
    fig._js2py_traceDeltas = {"trace_deltas": deltas, "trace_edit_id": fig._last_trace_edit_id}
    fig._js2py_layoutDelta = {"layout_delta": {"title": dict(fig._layout.get("title", {}))},
                              "layout_edit_id": fig._last_layout_edit_id}


@pytest.mark.parametrize("name", ["sfacteria", "diceless", "mountford", "syracuse"])
def test_a_board_sent_again_after_the_page_drew_it_keeps_its_names_colours_and_title(name):
    """A board's full state sent again (the map shown again after the battle board, a page reloaded) is the figure
    as the kernel has it: Plotly must not have taken out what the page reported (Syracuse's map came back in
    Plotly's own colours after the battle board)."""
    p = panel(name, mode="hotseat")
    for board in p.boards:
        fig = board.fig
        before = boardwidget.copy_data(fig, set())
        title = json.dumps(fig._layout.get("title"), sort_keys=True)
        _page_reports_what_it_drew(fig)
        assert boardwidget.copy_data(fig, set()) == before
        assert json.dumps(fig._layout.get("title"), sort_keys=True) == title
    p.close()
