"""Prepare this machine for class: ``python -m peloponnesos.setup_lab`` (``make venv`` and ``make lab`` run it
every time; it takes a moment once the text is there).

1. Makes sure the Thucydides corpus is available offline: checks the copy in the cache, or downloads it
   (5 MB) if no copy is configured, so nothing needs the internet during a lesson. Offline, it says so in
   one line and the next run tries again.
2. Writes JupyterLab settings for this environment that keep a classroom screen quiet (no news
   pop-up, no update check) and open Markdown files (the lesson plans) as pages to read. If they cannot be
   written (a read-only installation), it says so in one line and carries on: JupyterLab works without them.
3. Installs the Voilà template ``peloponnesos`` (Voilà's own, without requests to a CDN) as this
   environment's default, so a lesson shown with Voilà asks nothing of the internet.

It never stops with an error: a lesson can still be opened, and its cards say what is missing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

LAB_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    # the lesson plans open as pages to read (headings, tables), not as Markdown text with its stars and bars
    "@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Markdown Preview"}},
}


def write_lab_overrides(prefix: Path = Path(sys.prefix)) -> Path:
    """Merge ``LAB_OVERRIDES`` into ``<prefix>/share/jupyter/lab/settings/overrides.json``.

    Raises ``OSError`` if it cannot be written, ``ValueError`` if the file there is not a JSON table (it is
    then left as it is).
    """
    path = Path(prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    current = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    if not isinstance(current, dict):
        raise ValueError(f"{path} is not a table of settings")
    for plugin, values in LAB_OVERRIDES.items():
        if not isinstance(current.setdefault(plugin, {}), dict):
            raise ValueError(f"{path}: the settings of {plugin} are not a table")
        current[plugin].update(values)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(current, indent=2), encoding="utf-8")
    return path


def ensure_corpus() -> str:
    """One line: where the corpus is, or why it is not there yet (after one try to download it)."""
    from .sources import CorpusNotFound, locate

    try:
        return f"Thucydides corpus ready: {locate.find_corpus()}"
    except CorpusNotFound as e:
        return (f"WARNING: the text of Thucydides is not on this computer yet; running this again (as make lab "
                f"does each time) tries again. The lessons work without it, showing references only. "
                f"Why: {' '.join(str(e).split())}")


def main(prefix: Path = Path(sys.prefix)) -> None:
    try:
        print(ensure_corpus(), flush=True)
    except ImportError as e:  # the sources module is not importable: report, do not stop set-up
        print(f"WARNING: could not check the Thucydides corpus ({e}); carrying on.")
    try:
        print(f"JupyterLab settings written: {write_lab_overrides(prefix)}")
    except (OSError, ValueError) as e:
        print(f"Note: could not write JupyterLab settings ({e}); carrying on: JupyterLab works without them.")
    try:
        from .widgets.voila_template import install

        print(f"Voila template installed: {install(prefix)}")
    except (OSError, ValueError) as e:
        print(f"Note: could not install the Voila template ({e}); carrying on: Voila works without it, but asks a "
              "CDN for its icons' stylesheet.")


if __name__ == "__main__":
    main()
