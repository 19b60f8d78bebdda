"""Helpers for the panel tests: every widget a panel shows, what the page holds, how many widgets live."""

from __future__ import annotations

import json

import ipywidgets as w


def widget_tree(root: w.Widget) -> list[w.Widget]:
    """``root`` and every widget reachable from it through its synced traits (children, layout, style …)."""
    seen: dict[int, w.Widget] = {}
    stack = [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen[id(widget)] = widget
        for key in widget.keys:
            value = getattr(widget, key, None)
            for item in value if isinstance(value, (list, tuple)) else (value,):
                if isinstance(item, w.Widget):
                    stack.append(item)
    return list(seen.values())


def page_text(panel) -> str:
    """Everything the browser could be sent from the panel: the state of each of its widgets (the map's
    traces included), hidden ones too."""
    parts = [json.dumps(widget.get_state(), default=str, ensure_ascii=False) for widget in widget_tree(panel.widget)]
    parts.append(json.dumps([trace.to_plotly_json() for trace in panel.fig.data], default=str, ensure_ascii=False))
    return "\n".join(parts)


def live_widgets() -> int:
    """How many widgets are open in this kernel (ipywidgets 8 keeps them in ``widget._instances``)."""
    try:
        from ipywidgets.widgets.widget import _instances
    except ImportError:  # ipywidgets 7
        return len(w.Widget.widgets)
    return len(_instances)
