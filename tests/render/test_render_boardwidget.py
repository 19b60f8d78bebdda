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

from peloponnesos.render import draw
from peloponnesos.render.boardwidget import LOADER, BoardWidget, plotly_key
from peloponnesos.widgets import panel


def test_every_board_of_a_panel_is_a_board_widget_carrying_plotly_code_beside_a_small_module():
    p = panel("syracuse", mode="bots", seed=2)  # two boards: the map and the battle board
    bundle = (Path(basewidget.__file__).parent / "package_data" / "widgetbundle.js").read_text("utf-8")
    try:
        assert len(p.boards) == 2
        for board in p.boards:
            fig = board.fig
            assert isinstance(fig, BoardWidget) and isinstance(fig, go.FigureWidget)
            state = fig.get_state()
            assert state["_esm"] == LOADER and len(LOADER) < 3000  # what anywidget loads and initializes: small
            assert state["_plotly_code"] == bundle  # Plotly's module, loaded by the small one
            assert state["_plotly_key"] == plotly_key() and plotly.__version__ in plotly_key()
            assert "_py2js_update" not in LOADER  # (the browser tests find Plotly's module by that word)
        assert p.boards[0].fig._plotly_code is p.boards[1].fig._plotly_code  # read once, not once per board
    finally:
        p.close()


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
const loader = await import("data:text/javascript;base64," + Buffer.from(process.env.LOADER).toString("base64"));
const PLOTLY = `globalThis.evaluated = (globalThis.evaluated || 0) + 1;
export default () => { let m; return {
  initialize({ model }) { m = model; model.log.push("initialize"); },
  render({ el }) { m.log.push("render " + el); return () => "cleanup " + el; } }; };`;
const model = (code, key) => {
  const s = { _plotly_code: code, _plotly_key: key };
  return { get: (k) => s[k], log: [] };
};
const out = {};
const [a, b] = [model(PLOTLY, "v1"), model(PLOTLY, "v1")];
const [wa, wb] = [loader.default(), loader.default()];
out.initialized = [wa.initialize({ model: a }), wb.initialize({ model: b })].every((r) => r === undefined);
out.before = [...a.log];
const [ca, cb] = [await wa.render({ model: a, el: "A" }), await wb.render({ model: b, el: "B" })];
Object.assign(out, { evaluated: globalThis.evaluated, a: a.log, b: b.log, cleanup: [ca(), cb()] });
const [bad, good] = [model("export default (", "v2"), model(PLOTLY, "v2")];
const wbad = loader.default();
wbad.initialize({ model: bad });
out.failed = await wbad.render({ model: bad, el: "C" }).then(() => false, () => true);
const wgood = loader.default();
wgood.initialize({ model: good });
out.retried = (await wgood.render({ model: good, el: "D" }))();
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
    assert out["evaluated"] == 1  # two boards, one load
    assert out["a"] == ["initialize", "render A"] and out["b"] == ["initialize", "render B"]
    assert out["cleanup"] == ["cleanup A", "cleanup B"]  # a view taken away is cleaned up by Plotly's own code
    assert out["failed"] and out["retried"] == "cleanup D"  # a failed load is tried again by the next board
