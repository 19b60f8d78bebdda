"""The first map in a fresh kernel without a second's wait for a parser nobody uses (issue 17).

Plotly's ``FigureWidget`` and its notebook renderers import nbformat, which imports jsonschema, whose format
checkers import ``rfc3987_syntax`` (it comes with JupyterLab, through jupyter-events). That package builds
about forty Lark parsers the moment it is imported: 1 to 2 seconds of every lesson's first map or panel, for
checking the "iri" format of JSON schemas, which drawing a map never does (python-jsonschema/jsonschema#1428).

:func:`install` (run by ``import peloponnesos``) puts a small stand-in under that name before anything imports
it. The stand-in's ``is_valid_syntax`` (the one name jsonschema takes from it) and every other name load the
real package on first use, and from then on the real package is the one ``import rfc3987_syntax`` gives: a
schema that checks an IRI is checked exactly as before, the first time about a second later.

Nothing is replaced when the package is not installed, or was imported already.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
import types
from typing import Any

NAME = "rfc3987_syntax"

_lock = threading.RLock()


class LazyModule(types.ModuleType):
    """Stands in for a module until one of its names is used, then hands over to the real module."""

    def __getattr__(self, name: str) -> Any:
        if name == "__all__":  # ``from rfc3987_syntax import *``: every public name of the real module
            return [n for n in dir(load()) if not n.startswith("_")]
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return getattr(load(), name)

    def __dir__(self) -> list[str]:
        return dir(load())


def is_valid_syntax(term: str, value: str) -> bool:
    """``rfc3987_syntax.is_valid_syntax``, loading the real package on the first call."""
    return load().is_valid_syntax(term, value)


def load() -> types.ModuleType:
    """The real ``rfc3987_syntax`` (imported now if only the stand-in is there)."""
    with _lock:
        current = sys.modules.get(NAME)
        if current is not None and not isinstance(current, LazyModule):
            return current
        stand_in = sys.modules.pop(NAME, None)
        try:
            return importlib.import_module(NAME)
        except BaseException:
            if stand_in is not None:
                sys.modules[NAME] = stand_in
            raise


def install() -> bool:
    """Put the stand-in in place if that saves the import (True if it did)."""
    with _lock:
        if NAME in sys.modules or "jsonschema._format" in sys.modules:
            return False  # already imported (or jsonschema took what it wanted): nothing left to save
        try:
            spec = importlib.util.find_spec(NAME)
        except (ImportError, ValueError):
            spec = None
        if spec is None:
            return False  # not installed: jsonschema does without it, and so do we
        stand_in = LazyModule(NAME, __doc__)
        stand_in.__spec__ = spec
        stand_in.__loader__ = spec.loader
        stand_in.__file__ = spec.origin
        if spec.submodule_search_locations is not None:
            stand_in.__path__ = list(spec.submodule_search_locations)
        stand_in.is_valid_syntax = is_valid_syntax
        sys.modules[NAME] = stand_in
        return True


def installed() -> bool:
    """True while the stand-in is in place (the real package not loaded yet)."""
    return isinstance(sys.modules.get(NAME), LazyModule)
