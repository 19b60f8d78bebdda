"""Speed of peloponnesos.sources; prints ``name: value`` lines.

parse_seconds: parse both TEI files (English and Greek) and build the index, cold, in a fresh process.
lookup_cached_microseconds: ``passage("4.26.2")`` once it has been looked up before.

Run: ``python benchmarks/sources.py``. The corpus is $PELOPONNESOS_CORPUS, else the shared copy beside
the repository (../shared/corpus/thucydides), else the usual cache.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "corpus" / "thucydides"
if "PELOPONNESOS_CORPUS" not in os.environ and SHARED.is_dir():
    os.environ["PELOPONNESOS_CORPUS"] = str(SHARED)
sys.path.insert(0, str(ROOT))

COLD = """
import json, time
from peloponnesos.sources import Corpus
corpus = Corpus()
start = time.perf_counter()
corpus.books()  # parses English and Greek and builds the structure
print(json.dumps(time.perf_counter() - start))
"""


def parse_seconds(runs: int = 5) -> float:
    """The best of ``runs`` cold parses, each in a new interpreter."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", COLD], check=True, capture_output=True, text=True, env=env)
        times.append(json.loads(out.stdout))
    return min(times)


def lookup_cached_microseconds(calls: int = 100_000) -> float:
    from peloponnesos.sources import passage

    passage("4.26.2")
    start = time.perf_counter()
    for _ in range(calls):
        passage("4.26.2")
    return (time.perf_counter() - start) / calls * 1e6


if __name__ == "__main__":
    print(f"parse_seconds: {parse_seconds():.3f}")
    print(f"lookup_cached_microseconds: {lookup_cached_microseconds():.2f}")
