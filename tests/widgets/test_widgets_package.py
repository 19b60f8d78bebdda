"""``from peloponnesos.widgets import panel`` gives the function every time, even after the module
``peloponnesos/widgets/panel.py`` was imported (a lesson's "Run All Cells" a second time)."""

import importlib


def test_widgets_panel_stays_the_function_after_the_panel_module_is_imported():
    module = importlib.import_module("peloponnesos.widgets.panel")
    from peloponnesos.widgets import panel, play

    assert callable(panel) and panel.__module__ == "peloponnesos.widgets" and callable(play)
    assert module.GamePanel.__name__ == "GamePanel"
    from peloponnesos.widgets.panel import BasePanel

    assert BasePanel is module.BasePanel
