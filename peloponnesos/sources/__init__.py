"""Thucydides by citation, in Crawley's English and Stuart Jones's Greek, from the Perseus TEI files.

>>> from peloponnesos.sources import passage
>>> p = passage("4.26.2")              # doctest: +SKIP
>>> print(p)                           # doctest: +SKIP

Every passage shown must carry ``CREDIT``. The corpus folder is ``corpus=`` if given, else
``$PELOPONNESOS_CORPUS``, else the user cache (``$PELOPONNESOS_CACHE_DIR`` overrides it), which is
filled once from pinned, checksummed URLs (``$PELOPONNESOS_CORPUS_URL`` overrides their base).
"""

from __future__ import annotations

from .corpus import CREDIT, Corpus, Passage, corpus, passage
from .locate import CorpusNotFound
from .references import BadReference, Reference, parse_reference

__all__ = [
    "CREDIT", "BadReference", "Corpus", "CorpusNotFound", "Passage", "Reference", "corpus", "parse_reference",
    "passage",
]
