"""A board drawn by a browser for the first time, without a browser: until a view of the figure reports, the panel keeps
the figure's full state in step (a view draws from it); the view's first report brings it once more, in one message,
what changes (a message that came while it was drawing is lost to it); later reports bring nothing; a board shown
again is drawn anew. A view's report is made here as plotly's view makes it when it has drawn the figure."""

from __future__ import annotations

import json
from copy import deepcopy

import pytest
from plotly.basedatatypes import Undefined

from peloponnesos.widgets.launch import panel as make_panel

LAYOUT = ("title", "width", "height", "margin", "images", "annotations")


def a_panel(name: str):
    return make_panel(name, mode="bots", seed=2)


def listen(fig) -> list[dict]:
    """The update messages ``fig`` sends to the browser from now on."""
    sent: list[dict] = []
    fig.observe(lambda change: sent.append(change["new"]) if change["new"] else None, names="_py2js_update")
    return sent


def report(fig) -> None:
    """What plotly's view sends once it has drawn the figure (and after each message it has applied)."""
    fig._js2py_traceDeltas = {"trace_deltas": [], "trace_edit_id": fig._last_trace_edit_id}


def set_path(props: dict, path: str, value) -> None:
    *parents, last = path.split(".")
    for key in parents:
        props = props.setdefault(key, {})
    props[last] = value


def apply(message: dict, data: list[dict], layout: dict) -> None:
    """What plotly's view does with an update message (the paths this project sends)."""
    for path, values in message["style_data"].items():
        for value, index in zip(values, message["style_traces"], strict=True):
            if value is not Undefined:
                set_path(data[index], path, value)
    for path, value in message["layout_data"].items():
        set_path(layout, path, value)


def plain(value):
    return json.loads(json.dumps(value, default=list))


@pytest.mark.parametrize("name", ["sfacteria", "diceless", "mountford", "syracuse"])
def test_the_first_report_of_a_view_brings_it_what_changes_in_one_message_later_reports_nothing(name):
    p = a_panel(name)
    try:
        fig, mapfig = p.fig, p.mapfig
        sent = listen(fig)
        assert not p._frontend_ready
        report(fig)
        assert p._frontend_ready and len(sent) == 1
        message = sent[0]
        assert mapfig.grid_trace not in message["style_traces"]  # the click grid never changes: not sent again
        assert sorted(message["style_traces"] + [mapfig.grid_trace] * (mapfig.grid_trace >= 0)) == list(
            range(len(fig.data)))
        assert message["layout_data"]["title.text"] == fig.layout.title.text
        for side, index in mapfig.side_traces.items():  # the counters as Python's figure holds them
            k = message["style_traces"].index(index)
            assert plain(message["style_data"]["x"][k]) == plain(fig.data[index].x), side
        # only what can change: not the click grid, nor what a trace is drawn with (its hover text, its patterns)
        assert not {"hoverinfo", "fillpattern.shape", "mode"} & set(message["style_data"])
        assert "template" not in json.dumps(list(message["layout_data"]))
        report(fig)
        p.step()
        report(fig)
        assert len(sent) <= 2 and all("title.font.family" not in m["layout_data"] for m in sent[1:])
    finally:
        p.close()


def test_a_view_that_drew_an_older_state_and_missed_a_move_shows_the_move_after_its_first_report():
    p = a_panel("syracuse")
    try:
        fig, mapfig = p.fig, p.mapfig
        drawn = deepcopy(fig._widget_data), deepcopy(fig._widget_layout)  # what the view drew from
        title = fig.layout.title.text
        p.step()  # a move while the view was drawing: its message lost to the view, the full state too late for it
        assert fig.layout.title.text != title and fig._widget_layout["title"]["text"] == fig.layout.title.text
        sent = listen(fig)
        report(fig)
        assert len(sent) == 1
        data, layout = drawn
        apply(sent[0], data, layout)
        for index, trace in enumerate(fig._data):
            if index != mapfig.grid_trace:
                assert plain(data[index]) == plain(trace), fig.data[index].name
        for key in LAYOUT:
            assert plain(layout.get(key, [])) == plain(fig._layout.get(key, [])), key
        assert layout["xaxis"]["range"] == list(fig.layout.xaxis.range)
    finally:
        p.close()


def test_a_board_shown_is_drawn_anew_and_its_first_report_brings_it_what_changes():
    p = a_panel("syracuse")
    try:
        game_map, battle = p.boards[0].fig, p.boards[1].fig
        report(game_map)
        assert p._frontend_ready
        on_map, on_battle = listen(game_map), listen(battle)
        p.show_board(1)  # the battle board: a view of it is drawn from its full state
        assert p.fig is battle and not p._frontend_ready
        assert battle._widget_layout["title"]["text"] == battle.layout.title.text
        before = len(on_battle)
        report(battle)
        assert p._frontend_ready and len(on_battle) == before + 1
        assert on_battle[-1]["layout_data"]["title.text"] == battle.layout.title.text
        p.show_board(0)  # the map again: a new view of it
        assert not p._frontend_ready
        before = len(on_map)
        report(game_map)
        assert len(on_map) == before + 1 and on_map[-1]["layout_data"]["title.text"] == game_map.layout.title.text
    finally:
        p.close()


def test_a_report_after_the_panel_is_closed_sends_nothing():
    p = a_panel("diceless")
    fig = p.fig
    sent = listen(fig)
    p.close()
    report(fig)
    assert sent == []


@pytest.mark.parametrize("name", ["sfacteria", "diceless", "mountford", "syracuse"])
def test_a_page_that_asks_for_a_board_after_moves_gets_it_as_it_is_now(name):
    """A page reloaded, or a second browser tab, asks the kernel for each widget's full state: the board's must be
    the figure as it is now, not as it was when it was first drawn (updates since then went as messages only)."""
    p = a_panel(name)
    try:
        fig = p.fig
        report(fig)  # drawn in a first page: from now on the panel sends messages only
        first = fig.get_state()["_widget_layout"]["title"]["text"]
        for _ in range(12):
            p.step()
            if fig.layout.title.text != first:
                break
        assert fig.layout.title.text != first, "no move changed the title"
        sent = listen(fig)
        state = fig.get_state()  # what ipywidgets answers a page's request for the widget's state
        assert not sent  # asking sends nothing to the first page
        assert state["_widget_layout"]["title"]["text"] == fig.layout.title.text
        for index in p.mapfig.side_traces.values():  # the counters where they stand now
            assert plain(state["_widget_data"][index].get("x")) == plain(fig.data[index].x)
        assert plain(state["_widget_data"]) == plain(deepcopy(fig._data))
    finally:
        p.close()
