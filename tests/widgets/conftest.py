"""The widget tests import their helpers (walking a panel's widgets, counting live ones) from
``widget_helpers.py`` beside this file."""
