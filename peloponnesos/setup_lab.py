"""Prepare this machine for class: ``python -m peloponnesos.setup_lab`` (``make lab`` runs it).

1. Makes sure the Thucydides corpus is available offline (downloads it once into the cache if no
   copy is configured), so nothing needs the internet during a lesson.
2. Writes JupyterLab settings for this environment that keep a classroom screen quiet (no news
   pop-up, no update check).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

LAB_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}


def write_lab_overrides(prefix: Path = Path(sys.prefix)) -> Path:
    path = prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    current = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    for plugin, values in LAB_OVERRIDES.items():
        current.setdefault(plugin, {}).update(values)
    path.write_text(json.dumps(current, indent=2), encoding="utf-8")
    return path


def ensure_corpus() -> str:
    from .sources import CorpusNotFound, corpus

    try:
        return f"Thucydides corpus ready: {corpus().path}"
    except CorpusNotFound as e:
        return f"WARNING: the Thucydides corpus is not available yet ({e}). Passages will be fetched " \
               "the first time a lesson needs them, which needs the internet once."


def main() -> None:
    print(f"JupyterLab settings written: {write_lab_overrides()}")
    try:
        print(ensure_corpus())
    except ImportError as e:  # the sources module is not importable: report, do not stop set-up
        print(f"WARNING: could not check the corpus: {e}")


if __name__ == "__main__":
    main()
