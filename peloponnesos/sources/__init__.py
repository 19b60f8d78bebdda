"""Ancient sources by citation: Thucydides (the default) and the other works of ``works.toml``.

>>> from peloponnesos.sources import passage
>>> p = passage("4.26.2")              # doctest: +SKIP
>>> print(p)                           # doctest: +SKIP

Every passage shown must carry its work's credit (``CREDIT`` for Thucydides). The corpus folder is ``corpus=``
if given, else ``$PELOPONNESOS_CORPUS``, else the user cache (``$PELOPONNESOS_CACHE_DIR`` overrides it), which
is filled once from pinned, checksummed URLs (``$PELOPONNESOS_CORPUS_URL`` overrides their base) and checked
by SHA-256. A failed download is tried once per session; every problem is a :class:`CorpusNotFound` whose
``hint`` says it in one plain line. A bad citation, or one over ``MAX_SECTIONS`` sections without
``allow_long=True``, is a :class:`BadReference`.
"""

from __future__ import annotations

from . import works
from .corpus import CREDIT, MAX_SECTIONS, Corpus, Passage, corpus, passage, reader_url
from .locate import CorpusNotFound, WorkNotAvailable
from .references import BadReference, Reference, parse_reference
from .works import Headnote, Work, work

__all__ = [
    "CREDIT", "MAX_SECTIONS", "BadReference", "Corpus", "CorpusNotFound", "Headnote", "Passage", "Reference",
    "Work", "WorkNotAvailable", "corpus", "parse_reference", "passage", "reader_url", "work", "works",
]
