"""Closing widgets: a panel that is replaced or closed must not leave its widgets alive in the kernel.

ipywidgets keeps every widget it has made in a registry until ``close()`` is called, and closing a widget
closes neither its children nor its ``layout`` and ``style`` (themselves widgets). A lesson that starts
game after game would pile them up (a panel is about a hundred widgets and a map), so panels and start
screens close everything they made: :func:`close_all` walks from the widgets it is given through their
synced traits (children, layout, style …) and closes each one once.

Closing is not enough for the map: anywidget (under Plotly's ``FigureWidget``) connects every new
widget to a class-wide "file changed" signal used for live reloading during development, so every map
ever drawn stays in memory (anywidget issue #929). :func:`close_all` also takes a closed widget off that
signal; if a later anywidget works differently, this does nothing. (The panels' boards, ``BoardWidget``, give
anywidget a module written in Python, not a file, and are not connected to it.)
"""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as w


def widget_family(roots: Iterable[w.Widget]) -> list[w.Widget]:
    """The given widgets and every widget reachable from them (children, layout, style, links …)."""
    found: dict[int, w.Widget] = {}
    stack = [r for r in roots if isinstance(r, w.Widget)]
    while stack:
        widget = stack.pop()
        if id(widget) in found:
            continue
        found[id(widget)] = widget
        for key in widget.keys:
            value = getattr(widget, key, None)
            if isinstance(value, w.Widget):
                stack.append(value)
            elif isinstance(value, (list, tuple)):
                stack.extend(v for v in value if isinstance(v, w.Widget))
    return list(found.values())


def owned_widgets(owner: object) -> list[w.Widget]:
    """The widgets an object holds in its attributes (single ones, or in lists, tuples and dict values)."""
    out: list[w.Widget] = []
    for value in vars(owner).values():
        if isinstance(value, w.Widget):
            out.append(value)
        elif isinstance(value, (list, tuple)):
            out.extend(v for v in value if isinstance(v, w.Widget))
        elif isinstance(value, dict):
            out.extend(v for v in value.values() if isinstance(v, w.Widget))
    return out


def close_all(roots: Iterable[w.Widget]) -> int:
    """Close the given widgets and all they contain; returns how many were closed."""
    family = widget_family(roots)
    for widget in family:
        widget.close()
        _release_from_file_watch(widget)
    return len(family)


def _release_from_file_watch(widget: w.Widget) -> None:
    """Disconnect ``widget`` from the class-wide signals anywidget keeps for live reloading (see above)."""
    for cls in type(widget).__mro__:
        for key in ("_esm", "_css"):
            signal = getattr(vars(cls).get(key), "changed", None)
            if signal is None:
                continue
            try:
                for slot in list(getattr(signal, "_slots", ())):
                    callback = slot.dereference()
                    if _refers_to(callback, widget):
                        signal.disconnect(callback)
            except Exception:  # another version of anywidget or psygnal: leave it as it is
                continue


def _refers_to(function, obj) -> bool:
    """Does ``function`` (a closure) hold ``obj`` among its free variables?"""
    for cell in getattr(function, "__closure__", None) or ():
        try:
            if cell.cell_contents is obj:
                return True
        except ValueError:  # an empty cell
            continue
    return False
