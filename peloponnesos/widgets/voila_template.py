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
CDN = "cdn.jsdelivr.net"


def _without_cdn(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if CDN not in line)


def _start_page(target: Path) -> None:
    """Voilà's start page (the list of lessons) and its error pages extend a base page that asks the CDN for Font
    Awesome outside any block a template could replace. The template gets both pages without that line, made from
    this environment's own Voilà (nothing of Voilà's is kept in this package); without them Voilà's are used."""
    from jupyter_core.paths import jupyter_path

    def voila_file(relative: str) -> Path | None:
        for folder in jupyter_path("voila", "templates"):
            path = Path(folder) / relative
            if path.is_file():
                return path
        return None

    base, lab = voila_file("base/page.html"), voila_file("lab/page.html")
    if base is None or lab is None or "voila/templates/base/page.html" not in lab.read_text(encoding="utf-8"):
        return
    (target / "base_page.html").write_text(_without_cdn(base.read_text(encoding="utf-8")), encoding="utf-8")
    page = lab.read_text(encoding="utf-8").replace("voila/templates/base/page.html",
                                                  f"voila/templates/{NAME}/base_page.html")
    (target / "page.html").write_text(_without_cdn(page), encoding="utf-8")


def install(prefix: Path = Path(sys.prefix), *, default: bool = True) -> Path:
    """Copy the template into ``prefix`` (and, if ``default``, make it Voilà's default there); returns the
    template's folder. Raises ``OSError`` if it cannot be written."""
    target = Path(prefix) / "share" / "jupyter" / "voila" / "templates" / NAME
    target.mkdir(parents=True, exist_ok=True)
    for item in SOURCE.iterdir():
        if item.is_file():
            shutil.copyfile(item, target / item.name)
    _start_page(target)
    if default:
        config = Path(prefix) / "etc" / "jupyter" / "voila.json"
        current = json.loads(config.read_text(encoding="utf-8")) if config.is_file() else {}
        if not isinstance(current, dict):
            raise OSError(f"{config} is not a table of settings")
        current.setdefault("VoilaConfiguration", {})["template"] = NAME
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(json.dumps(current, indent=2), encoding="utf-8")
    return target
