"""The Voilà template of peloponnesos: Voilà's own "lab" template without requests to a CDN.

Voilà's "lab" template asks cdn.jsdelivr.net for Font Awesome's stylesheets, although Voilà bundles the font
itself; offline (a classroom without internet) the request fails or hangs. :func:`install` copies the template
``peloponnesos`` (in ``voila/`` beside this module) into ``<prefix>/share/jupyter/voila/templates`` and makes it
this environment's default (``<prefix>/etc/jupyter/voila.json``), so ``voila notebook.ipynb`` and
``make voila`` use it. ``python -m peloponnesos.setup_lab`` (run by ``make venv``) calls it.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

NAME = "peloponnesos"
SOURCE = Path(__file__).parent / "voila" / NAME


def install(prefix: Path = Path(sys.prefix), *, default: bool = True) -> Path:
    """Copy the template into ``prefix`` (and, if ``default``, make it Voilà's default there); returns the
    template's folder. Raises ``OSError`` if it cannot be written."""
    target = Path(prefix) / "share" / "jupyter" / "voila" / "templates" / NAME
    target.mkdir(parents=True, exist_ok=True)
    for item in SOURCE.iterdir():
        if item.is_file():
            shutil.copyfile(item, target / item.name)
    if default:
        config = Path(prefix) / "etc" / "jupyter" / "voila.json"
        current = json.loads(config.read_text(encoding="utf-8")) if config.is_file() else {}
        if not isinstance(current, dict):
            raise OSError(f"{config} is not a table of settings")
        current.setdefault("VoilaConfiguration", {})["template"] = NAME
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(json.dumps(current, indent=2), encoding="utf-8")
    return target
