"""Ancient sources by citation: Thucydides (the default) and the other works of ``works.toml``, with the shared
glossary, adapted passages for ages 8–11 and translation comparisons.

Passages (read at run time from the Perseus TEI files; never copied into the repository)::

    from peloponnesos.sources import passage
    p = passage("4.26.2")            # Thucydides: book.chapter.section; "4.26", "4.26-4.27", "4.26.2-5"
    p = passage("Diod. 12.61")       # another work: its abbreviation, then its numbers ("Paus. 1.15.4",
    p = passage("Ar. Eq. 54-57")     #   "Xen. Hell. 1.1.1", "Plut. Nic. 7.2"; a play by line)
    p.english, p.greek               # the sections cited; p.english_sections: (citation, text) pairs
    p.whole("english")               # in whole sentences (4.30.2 runs on into 4.30.3)
    p.extension_notes()              # that, in words, for a card
    p.title, p.urn, p.url, p.url_greek, p.credit, p.source  # p.source: the Work, with its .headnote

Every passage shown must carry its credit (``p.credit``; ``CREDIT`` is Thucydides'). Works and their
headnotes (who wrote it, when, was he there, for whom and why; ``.children`` for ages 8–11)::

    from peloponnesos.sources import work, works
    work("Diod.").headnote.there     # our words, citing the passages they rest on
    [w.id for w in works.works()]    # thucydides, diodorus, pausanias, xenophon_hellenica, plutarch_nicias, ...
    work("pausanias").available      # False until its corpus folder and SOURCE.md are added (see works.toml)

Glossary (``glossary.toml``; a definition for 12–18 and a ``simple`` one for 8–11, Greek, passages)::

    from peloponnesos.sources import glossary, term, find_terms
    term("Helot").definition, term("Helots").simple, term("heavy infantry").term   # -> "hoplite"
    [t.term for t in glossary()]     # every term, alphabetical
    find_terms(text)                 # (term, start, end): the first place each term appears in an English text

Adapted passages for ages 8–11 (``adapted.toml``, our retellings, marked *adapted*) and comparisons::

    from peloponnesos.sources import adapted, adapted_passages, comparison
    adapted("1.118.3").text          # or a section inside a retold range: adapted("6.92.3")
    comparison("cleon").words        # κουφολογία (4.28.5) and μανιώδης (4.39.3), Crawley's English, our gloss

Cards to show them are in :mod:`peloponnesos.display`: ``passage_card(ref, adapted=True, greek=False)``,
``rule_card(game, number)``, ``compare_card("cleon")``, ``word_card(ref, greek, english)``,
``glossary_card("Helot", "hoplite", simple=True)``, ``term_card("Spartiate")`` (``headnote="folded"`` or
``headnote=False`` on a passage card for a lesson that introduces the author once); each has ``_repr_html_``
(notebooks, Voilà) and ``str()`` (plain text); ``card.html()`` gives the HTML for a printable page.

The corpus folder is ``corpus=`` if given, else ``$PELOPONNESOS_CORPUS``, else the user cache
(``$PELOPONNESOS_CACHE_DIR`` overrides it), which is filled once from pinned, checksummed URLs
(``$PELOPONNESOS_CORPUS_URL`` overrides their base) and checked by SHA-256; another work is looked for in the
same folder, in a sub-folder named for it, or beside it (the layout of ``shared/corpus``). A failed download is
tried once per session; every problem is a :class:`CorpusNotFound` whose ``hint`` says it in one plain line (a
work listed but not yet on this computer: :class:`WorkNotAvailable`, never downloaded). A bad citation, or one
over ``MAX_SECTIONS`` sections without ``allow_long=True``, is a :class:`BadReference`; an unknown glossary word an
:class:`~peloponnesos.sources.glossary.UnknownTerm`; a passage with no retelling a
:class:`~peloponnesos.sources.adapted.NoAdaptedVersion`.
"""

from __future__ import annotations

from . import works
from .adapted import Adapted, NoAdaptedVersion, adapted, adapted_passages
from .compare import Comparison, comparison, comparisons
from .corpus import CREDIT, MAX_SECTIONS, Corpus, Passage, corpus, passage, reader_url
from .glossary import Term, UnknownTerm, find_terms, glossary, term
from .locate import CorpusNotFound, WorkNotAvailable
from .references import BadReference, Reference, parse_reference
from .works import Headnote, Work, work

__all__ = [
    "CREDIT", "MAX_SECTIONS", "Adapted", "BadReference", "Comparison", "Corpus", "CorpusNotFound", "Headnote",
    "NoAdaptedVersion", "Passage", "Reference", "Term", "UnknownTerm", "Work", "WorkNotAvailable", "adapted",
    "adapted_passages", "comparison", "comparisons", "corpus", "find_terms", "glossary", "parse_reference", "passage",
    "reader_url", "term", "work", "works",
]
