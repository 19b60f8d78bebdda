"""The diceless tests import their position helpers from ``diceless_helpers.py`` beside this file."""
