"""The boards' figure widget: Plotly's ``FigureWidget``, its browser code loaded once per page and never too late.

Under ``FigureWidget`` is anywidget, which gives a widget's browser module 2 seconds to load and initialize. Past
that it refuses every message the kernel sends to that widget for as long as the page stays open (anywidget 0.11:
the model's ``ready`` is rejected after ``AbortSignal.timeout(2000)``, and ``AnyModel._handle_comm_msg`` awaits it
before anything else), while the figure is still drawn once the module has loaded. Plotly's module is its whole
widget bundle (5 MB, plotly.js inside), loaded again for every figure: on a slow machine, or with two boards at once
(The Siege of Syracuse), it can take longer, and a board then stays as it was first drawn while the rest of the panel
goes on (seen in Voilà: the battle board kept its first title, and showed no round at all).

:class:`BoardWidget` gives anywidget a module of a few lines instead, which initializes at once. It loads Plotly's
module in the background, once per page for every board (``_plotly_key`` names the version), and draws the board when
it has loaded. Plotly's code (5 MB) goes to the page once, not once per figure: only the kernel's first board carries
it in ``_plotly_code`` (and, when that one is closed, the next); a board whose page has not got it (a page reloaded
after the first board was closed) asks the kernel for it with a message of its own. Meanwhile the board's place says
"Loading the map…". The full figure a page is given (a page reloaded mid-game, a second browser tab) is the figure as
it is now, not as it was first sent (``BoardWidget.get_state``). Python sees a ``FigureWidget`` in every other way.
"""

from __future__ import annotations

import weakref
from copy import deepcopy
from functools import cache
from pathlib import Path

import plotly
import plotly.graph_objects as go
import traitlets
from plotly import basewidget

LOADER = """
// Plotly's widget module, loaded once per page for every board; anywidget waits for none of it (see boardwidget.py)
const loaded = (globalThis.__peloponnesosPlotly ??= new Map());  // key -> the load of that code, given or awaited
const ASK_AFTER_MS = 500;  // a board without the code asks the kernel if no board has brought it by then

function load(key) {
  let entry = loaded.get(key);
  if (!entry) {
    let give;
    const code = new Promise((resolve) => { give = resolve; });
    entry = { given: false, give: (text) => { if (text && !entry.given) { entry.given = true; give(text); } } };
    entry.module = code.then((text) => {
      const url = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
      return import(url).finally(() => URL.revokeObjectURL(url));
    });
    entry.module.catch(() => { if (loaded.get(key) === entry) loaded.delete(key); });  // tried again by the next board
    loaded.set(key, entry);
  }
  return entry;
}

function plotlyModule(model) {
  const key = model.get("_plotly_key");
  const entry = load(key);
  entry.give(model.get("_plotly_code"));  // the kernel's first board carries the code; the others bring ""
  if (!entry.given) {
    setTimeout(() => {
      if (entry.given) return;
      const answer = (message, buffers) => {
        if (message?.peloponnesos !== "plotly-code" || message.key !== key || !buffers?.length) return;
        model.off("msg:custom", answer);
        entry.give(new TextDecoder().decode(buffers[0]));
      };
      model.on("msg:custom", answer);
      model.send({ peloponnesos: "plotly-code", key });
    }, ASK_AFTER_MS);
  }
  return entry.module;
}

export default () => {
  let figure;  // Plotly's widget for this model, once its module has loaded
  return {
    initialize({ model }) {
      figure = plotlyModule(model).then((module) => {
        const widget = module.default();
        widget.initialize({ model });
        return widget;
      });
      figure.catch((error) => console.error("[peloponnesos] the map's code could not be loaded", error));
    },
    async render({ model, el }) {
      const note = document.createElement("p");  // what a slow computer shows meanwhile, instead of an empty box
      note.className = "pelo-board-note";
      note.textContent = "Loading the map\u2026";
      el.appendChild(note);
      let widget;
      try {
        widget = await figure;
      } catch (error) {
        note.textContent = "The map could not be drawn. Reload the page; if it stays empty, restart the kernel.";
        throw error;
      }
      note.remove();
      return widget.render({ model, el });
    },
  };
};
"""


@cache
def plotly_code() -> str:
    """The browser code of Plotly's ``FigureWidget``: the text Plotly's own widget holds (read once per kernel, and
    shared with any plain ``FigureWidget`` of a notebook), or the file if that is not at hand."""
    esm = getattr(basewidget.BaseFigureWidget, "_esm", None)
    if esm is not None and not isinstance(esm, str):  # anywidget's FileContents: the text read once, kept
        esm = str(esm)
    if esm and len(esm) > 100_000:
        return esm
    return Path(basewidget.__file__).with_name("package_data").joinpath("widgetbundle.js").read_text("utf-8")


@cache
def plotly_key() -> str:
    """Names the code: boards built by two kernels with different Plotly versions on one page load each their own
    (the version and the length of the code; no checksum: 5 MB hashed would cost the first panel a few hundredths of a
    second on a slow computer)."""
    return f"plotly-{plotly.__version__}-{len(plotly_code())}"


def copy_data(fig, still) -> list:
    """A copy of a figure's traces for its full state; those numbered in ``still`` are copied once and kept."""
    kept = fig.__dict__.setdefault("_pelo_still", {})
    data = []
    for i, trace in enumerate(fig._data):
        if i in still:
            if i not in kept:
                kept[i] = deepcopy(trace)
            data.append(kept[i])
        else:
            data.append(deepcopy(trace))
    return data


#: the kernel's board that carries Plotly's code to the page (a weak reference), while it is open
_carrier: list[weakref.ref | None] = [None]


def _carries_the_code(board: BoardWidget) -> bool:
    """Whether ``board`` takes Plotly's code to the page: yes if no open board of this kernel does already (it then
    becomes the one that does)."""
    carrier = _carrier[0]() if _carrier[0] is not None else None
    if carrier is not None and carrier is not board and carrier.comm is not None:
        return False
    _carrier[0] = weakref.ref(board)
    return True


@cache
def plotly_code_bytes() -> bytes:
    return plotly_code().encode("utf-8")


def _answer(board: BoardWidget, content, buffers) -> None:
    """A board's page asks for Plotly's code (it had no board that brought it): send it, as bytes beside the message."""
    if isinstance(content, dict) and content.get("peloponnesos") == "plotly-code":
        board.send({"peloponnesos": "plotly-code", "key": plotly_key()}, buffers=[plotly_code_bytes()])


class BoardWidget(go.FigureWidget):
    """A ``FigureWidget`` whose browser module initializes at once and loads Plotly's code once per page."""

    _esm = LOADER
    _plotly_code = traitlets.Unicode().tag(sync=True)
    _plotly_key = traitlets.Unicode().tag(sync=True)

    #: traces whose full copy stays the same from one state sent to the next (the click grid, the names: set by
    #: ``MapFigure.build``, as ``resync`` is given them; a redraw at another size clears their copies, ``_pelo_still``)
    still_traces: tuple[int, ...] = ()

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.on_msg(_answer)

    @staticmethod
    def _remove_overlapping_props(input_data, delta_data, prop_path=()) -> list:
        """Keep every property the kernel gave the board. When a page reports the figure it drew, Plotly takes out
        of the kernel's figure each property the page also reported (a trace's name, its colours, the title) and keeps
        it only as a default; the board's full state, sent again from that figure (the map shown again after the
        battle board, a page reloaded), then lacked them, and the page drew Plotly's own colours."""
        return []

    def get_state(self, key=None, drop_defaults=False):
        """The widget's state; the whole of it (a page opening the widget, or asking for it again: reloaded, a second
        browser tab) with the figure as it is now. Plotly's ``FigureWidget`` sends the figure once and then only
        changes, so the full figure it keeps would be the first one; here it is copied from the figure then (set
        without a message of its own: the whole state is being sent)."""
        if key is None and "_data" in self.__dict__:  # (not while Plotly is still building the figure)
            self._trait_values["_widget_data"] = copy_data(self, self.still_traces)
            self._trait_values["_widget_layout"] = deepcopy(self._layout)
        return super().get_state(key, drop_defaults)

    @traitlets.default("_plotly_code")
    def _default_code(self) -> str:
        return plotly_code() if _carries_the_code(self) else ""

    @traitlets.default("_plotly_key")
    def _default_key(self) -> str:
        return plotly_key()
