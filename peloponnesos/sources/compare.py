"""Translation comparisons (``translations.toml``): a Greek word, the English the translator chose, and what the
Greek says word for word, for close reading in Classics classes.

>>> [w.english for w in comparison("cleon").words]
['fatuity', 'crazy']

``display.compare_card("cleon")`` shows them side by side with the words highlighted.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from importlib import resources

from ..core.errors import PeloponnesosError

__all__ = ["Comparison", "UnknownComparison", "WordChoice", "comparison", "comparisons"]


class UnknownComparison(PeloponnesosError, LookupError):
    """No comparison of that name; the message lists those there are."""


@dataclass(frozen=True)
class WordChoice:
    """A Greek word in a passage (``greek``: the form or its beginning) and its rendering (``english``)."""

    ref: str
    greek: str
    english: str
    lemma: str = ""
    literal: str = ""
    parts: str = ""
    think: str = ""


@dataclass(frozen=True)
class Comparison:
    id: str
    question: str
    words: tuple[WordChoice, ...]
    introduction: str = ""
    ages: str = ""


@functools.cache
def comparisons() -> dict[str, Comparison]:
    data = tomllib.loads(resources.files(__package__).joinpath("translations.toml").read_text("utf-8"))
    found = {}
    for key, entry in data["comparison"].items():
        words = tuple(WordChoice(**{k: " ".join(str(v).split()) for k, v in w.items()}) for w in entry["word"])
        found[key] = Comparison(id=key, question=entry["question"], words=words, ages=entry.get("ages", ""),
                                introduction=" ".join(entry.get("introduction", "").split()))
    return found


def comparison(name: str) -> Comparison:
    """A comparison by name: ``comparison("cleon")``."""
    found = comparisons()
    if name not in found:
        raise UnknownComparison(f"no comparison called {name!r}: there are {', '.join(found)}")
    return found[name]
