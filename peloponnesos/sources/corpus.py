"""A work's texts (both languages, parsed lazily) and the passages looked up in them.

>>> p = passage("4.26.2")                               # doctest: +SKIP
>>> p.urn, p.url                                        # doctest: +SKIP
('urn:cts:greekLit:tlg0003.tlg001:4.26.2', 'https://scaife.perseus.org/reader/urn:cts:...')

A passage is at most ``MAX_SECTIONS`` citable units long (sections; lines of a play), whether it is cited as a
book, a chapter or a range; ``allow_long=True`` lifts the limit.

Sections are numbered by the Greek, and a translator's sentence does not always end where a section does
(Crawley's English of 4.30.2 stops mid-sentence; 4.37.1 starts in the middle of one). A passage therefore also
carries, for each language, the part of the section before it where its first sentence starts and the part of
the section after it where its last sentence ends (:attr:`Passage.english_context`); ``whole("english")`` is
the passage in whole sentences, and :meth:`Passage.extension_notes` says in words where it runs over.
"""

from __future__ import annotations

import functools
import os
import re
import unicodedata
from dataclasses import dataclass, field

from . import tei
from . import works as _works
from .locate import MANIFEST, find_corpus, unreadable
from .references import BadReference, Reference, format_citation, parse_reference

__all__ = ["CREDIT", "MAX_SECTIONS", "Corpus", "Passage", "corpus", "passage", "reader_url"]

CREDIT: str = MANIFEST["credit"]
WORK_URN: str = MANIFEST["work_urn"]
LANGUAGES = {"english": "english", "en": "english", "eng": "english",
             "greek": "greek", "grc": "greek", "el": "greek"}

Section = tuple[str, str]  # (citation, text)
Context = tuple[Section | None, Section | None]  # (the end of the section before, the start of the one after)

# The longest passage shown without allow_long=True, in sections, for books, chapters and ranges alike. The
# longest chapter has 14 sections (4.118); 40 sections are some 12,000 characters of English (a few pages, a
# lesson's reading: 4 to 11 chapters). A whole book has 363 to 576. A play's lines count the same way.
MAX_SECTIONS = 40


def _language(language) -> str:
    name = LANGUAGES.get(language.lower()) if isinstance(language, str) else None
    if name is None:
        raise ValueError(f"no {language!r} text: choose 'english' or 'greek'")
    return name


def _reference(ref) -> Reference:
    return ref if isinstance(ref, Reference) else parse_reference(ref)


def reader_url(ref: str | Reference, language: str = "english") -> str:
    """The passage in the Scaife reader, online; needs no corpus: ``reader_url("4.26.2")``, ``reader_url("Diod.
    12.61", "greek")``. A work without that language here links its other one."""
    reference = _reference(ref)
    name = _language(language)
    w = _works.work(reference.work)
    spec = w.file(name) or w.file("greek" if name == "english" else "english")
    return f"{w.reader}{spec['urn']}:{reference.cts}/"


def _join(sections) -> str:
    return " ".join(text for _, text in sections if text)


@dataclass(frozen=True)
class Passage:
    """A passage in English and Greek, with its URNs, a link to read it online, and the credit line.

    ``english_sections`` / ``greek_sections`` hold (citation, text) per section; a section missing
    from one language (2.103.2 and 6.23.4 have no Greek) has empty text there. For a play the Greek is by line
    and a translation cut into cards by card (``english_unit`` "card"). ``english_context`` /
    ``greek_context`` hold the ends of the neighbouring sections that complete the first and last sentences.
    """

    ref: str
    english_sections: tuple[Section, ...] = field(repr=False)
    greek_sections: tuple[Section, ...] = field(repr=False)
    work: str = field(default=_works.DEFAULT, repr=False)
    english_context: Context = field(default=(None, None), repr=False, compare=False)
    greek_context: Context = field(default=(None, None), repr=False, compare=False)
    english_unit: str = field(default="section", repr=False, compare=False)
    cited: tuple[str, ...] = field(default=(), repr=False, compare=False)

    @property
    def source(self) -> _works.Work:
        """The :class:`~peloponnesos.sources.works.Work` the passage is from."""
        return _works.work(self.work)

    @property
    def english(self) -> str:
        return _join(self.english_sections)

    @property
    def greek(self) -> str:
        return _join(self.greek_sections)

    @property
    def citations(self) -> tuple[str, ...]:
        """The sections (or lines) cited, in order."""
        return self.cited or tuple(citation for citation, _ in self.english_sections)

    @property
    def label(self) -> str:
        """The citation with an en dash for a range: ``"4.26–4.27"``."""
        return self.ref.replace("-", "–")

    @property
    def title(self) -> str:
        """``"Thucydides 4.26.2"``, ``"Diodorus 12.61"``, ``"Aristophanes, Knights 54–57"``."""
        return f"{self.source.short} {self._reference.numbers.replace('-', '–')}"

    @property
    def _reference(self) -> Reference:
        return parse_reference(self.ref)

    @property
    def _cts(self) -> str:
        return self._reference.cts

    @property
    def urn(self) -> str:
        """The work-level CTS URN: ``urn:cts:greekLit:tlg0003.tlg001:4.26.2``."""
        return f"{self.source.urn}:{self._cts}"

    def _urn(self, language: str) -> str:
        spec = self.source.file(language)
        return f"{spec['urn']}:{self._cts}" if spec else ""

    @property
    def urn_english(self) -> str:
        return self._urn("english")

    @property
    def urn_greek(self) -> str:
        return self._urn("greek")

    @property
    def url(self) -> str:
        """The English in the Scaife reader (the Greek if the work has no English here)."""
        return reader_url(self.ref)

    @property
    def url_greek(self) -> str:
        return reader_url(self.ref, "greek")

    @property
    def credit(self) -> str:
        return self.source.credit

    def context(self, language: str) -> Context:
        return self.english_context if _language(language) == "english" else self.greek_context

    def whole(self, language: str = "english") -> str:
        """The passage in ``language`` in whole sentences: with the start of its first sentence and the end of
        its last one taken from the neighbouring sections where they run over."""
        name = _language(language)
        before, after = self.context(name)
        sections = self.english_sections if name == "english" else self.greek_sections
        return " ".join(t for t in (before and before[1], _join(sections), after and after[1]) if t)

    def extension_notes(self, language: str = "english") -> list[str]:
        """What ``whole(language)`` adds, in words: ``["The English runs on into 4.30.3 to the end of its
        sentence."]``."""
        name = _language(language)
        before, after = self.context(name)
        notes = []
        if before:
            notes.append(f"The {name.capitalize()} starts earlier, in {self._cite(before[0])}, where its sentence "
                         f"begins.")
        if after:
            notes.append(f"The {name.capitalize()} runs on into {self._cite(after[0])} to the end of its sentence.")
        return notes

    def _cite(self, citation: str) -> str:
        return f"{self.source.abbreviation} {citation}".strip()

    def to_dict(self) -> dict:
        """Plain data (JSON-ready) with every field and property."""
        names = ("ref", "work", "label", "title", "urn", "urn_english", "urn_greek", "url", "url_greek",
                 "english", "greek", "credit")
        data = {name: getattr(self, name) for name in names}
        data["english_sections"] = [list(s) for s in self.english_sections]
        data["greek_sections"] = [list(s) for s in self.greek_sections]
        data["english_whole"] = self.whole("english")
        data["greek_whole"] = self.whole("greek")
        return data

    def __str__(self) -> str:
        lines = [self.title, self.english, self.greek, f"({self.credit})"]
        return "\n".join(line for line in lines if line)


class Corpus:
    """One work's texts (default Thucydides, in Crawley's English and Stuart Jones's Greek), from Perseus TEI files.

    ``Corpus()`` finds the folder as :func:`~peloponnesos.sources.locate.find_corpus` does; each
    language is parsed on first use (a damaged file raises :class:`CorpusNotFound`, never a parser's error).
    Citations missing from one language count as existing.
    """

    def __init__(self, path: str | os.PathLike | None = None, *, download: bool = True,
                 work: str | _works.Work = _works.DEFAULT) -> None:
        self.work = _works.work(work)
        self.path = find_corpus(path, download=download, work=self.work)
        self._editions: dict[str, tei.Edition] = {}
        self._folded: dict[str, dict[tei.Key, str]] = {}
        self._all: list[tei.Key] | None = None
        self._position: dict[tei.Key, int] = {}
        self._children: dict[tuple[int, ...], list[int]] = {}
        self._lookup = functools.lru_cache(maxsize=512)(self._build)

    def __repr__(self) -> str:
        if self.work.id == _works.DEFAULT:
            return f"Corpus({str(self.path)!r})"
        return f"Corpus({str(self.path)!r}, work={self.work.id!r})"

    def edition(self, language: str) -> tei.Edition:
        """The parsed file(s) of ``language`` ("english" or "greek"; volumes are joined in order)."""
        name = _language(language)
        if name not in self._editions:
            parts = []
            for spec in self.work.text_files(name):
                path = self.path / spec["name"]
                try:
                    parts.append(tei.parse(path, levels=self.work.scheme, language=name))
                except (tei.TEIError, OSError) as error:
                    raise unreadable(path, error, self.work) from None
            sections: dict[tei.Key, str] = {}
            for part in parts:
                sections.update(part.sections)
            first = parts[0] if parts else None
            self._editions[name] = tei.Edition(urn=first.urn if first else None,
                                               language=first.language if first else None, sections=sections,
                                               unit=first.unit if first else self.work.scheme[-1])
        return self._editions[name]

    # Structure -------------------------------------------------------------------------------------

    def _texts(self) -> tuple[str, ...]:
        return self.work.texts

    def _structure(self) -> list[tei.Key]:
        """Every citable key, in order; ``_children`` maps a key's beginning to the numbers that follow it."""
        if self._all is None:
            unit = self.work.scheme[-1]
            editions = [self.edition(t) for t in self._texts() if self.edition(t).unit == unit]
            if unit == "line":  # a play keeps the order of its file: editors move lines (Knights 16 before 15)
                keys = list(dict.fromkeys(k for e in editions for k in e.sections))
            else:
                keys = sorted(set().union(*(e.sections for e in editions)))
            children: dict[tuple[int, ...], dict[int, None]] = {}
            for key in keys:
                for depth in range(len(key)):
                    children.setdefault(key[:depth], {})[key[depth]] = None
            self._children = {prefix: list(numbers) for prefix, numbers in children.items()}
            self._position = {key: i for i, key in enumerate(keys)}
            self._all = keys
        return self._all

    def books(self) -> tuple[int, ...]:
        self._structure()
        return tuple(self._children.get((), ()))

    def chapters(self, book: int) -> tuple[int, ...]:
        self._check((book,), str(book))
        return tuple(self._children[(book,)])

    def sections(self, book: int, chapter: int) -> tuple[int, ...]:
        self._check((book, chapter), f"{book}.{chapter}")
        return tuple(self._children[(book, chapter)])

    def _name(self) -> str:
        return "Thucydides" if self.work.id == _works.DEFAULT else self.work.label

    def _check(self, numbers: tuple[int, ...], cited: str) -> None:
        """Raise :class:`BadReference` saying what exists if ``numbers`` names nothing in the work."""
        self._structure()
        for depth in range(1, len(numbers) + 1):
            known = self._children.get(numbers[: depth - 1], [])
            if numbers[depth - 1] in known:
                continue
            level = self.work.scheme[depth - 1]
            if depth == 1:
                raise BadReference(f"no such passage {cited!r}: {self._name()} has {len(known)} {level}s "
                                   f"({_span(known)})")
            parent = numbers[: depth - 1]
            where = f"{self.work.scheme[0]} {parent[0]}" if depth == 2 else format_citation(parent)
            raise BadReference(f"no such passage {cited!r}: {where} has {level}s {_span(known)}")

    # Passages --------------------------------------------------------------------------------------

    def passage(self, ref: str | Reference, *, allow_long: bool = False) -> Passage:
        """The passage at ``ref``; one over ``MAX_SECTIONS`` sections (a whole book) only with ``allow_long=True``."""
        reference = _reference(ref)
        if reference.work != self.work.id:
            other = _works.work(reference.work)
            raise BadReference(f"{reference.text!r} is a passage of {other.label}, and this corpus holds "
                               f"{self.work.label}: use passage({reference.text!r})")
        found = self._lookup(reference.text)
        if len(found.citations) > MAX_SECTIONS and not allow_long:
            raise BadReference(_too_long(reference, found.citations, self.work))
        return found

    def _keys(self, reference: Reference) -> list[tei.Key]:
        """The keys of a citation, in order; :class:`BadReference` if it names what the author did not write."""
        keys = self._structure()
        first, last = reference.first, reference.last
        self._check(first, reference.text)
        self._check(last, reference.text)
        found = [k for k in keys if first <= k[: len(first)] and k[: len(last)] <= last]
        if not found:
            raise BadReference(f"{reference.text!r} runs backwards: write the earlier citation first")
        return found

    def _build(self, text: str) -> Passage:
        reference = parse_reference(text)
        keys = self._keys(reference)
        texts = {name: self.edition(name) for name in ("english", "greek") if name in self._texts()}
        cited = tuple(format_citation(k) for k in keys)
        parts: dict[str, tuple[Section, ...]] = {}
        contexts: dict[str, Context] = {}
        unit = self.work.scheme[-1]
        english_unit = unit
        for name in ("english", "greek"):
            edition = texts.get(name)
            if edition is None:
                parts[name] = tuple((c, "") for c in cited)
                contexts[name] = (None, None)
            elif edition.unit == "card":
                english_unit = "card" if name == "english" else english_unit
                parts[name] = _cards(edition.sections, keys)
                contexts[name] = (None, None)
            else:
                parts[name] = tuple((format_citation(k), edition.sections.get(k, "")) for k in keys)
                contexts[name] = (None, None) if unit == "line" else self._context(edition, name, keys)
        return Passage(ref=reference.text, english_sections=parts["english"], greek_sections=parts["greek"],
                       work=self.work.id, english_context=contexts["english"], greek_context=contexts["greek"],
                       english_unit=english_unit, cited=cited if english_unit == "card" else ())

    def _context(self, edition: tei.Edition, language: str, keys: list[tei.Key]) -> Context:
        """The end of the section before ``keys`` where the first sentence starts, and the start of the section
        after where the last one ends; None where the sentence does not run over (or the neighbour is in
        another book, or missing)."""
        order, sections = self._all, edition.sections
        before = after = None
        i, j = self._position[keys[0]], self._position[keys[-1]]
        first, last = sections.get(keys[0], ""), sections.get(keys[-1], "")
        if i > 0 and first and order[i - 1][0] == keys[0][0]:
            previous = sections.get(order[i - 1], "")
            if previous and not _ends_sentence(previous, language):
                before = (format_citation(order[i - 1]), _last_sentence(previous, language))
        if j + 1 < len(order) and last and order[j + 1][0] == keys[-1][0] and not _ends_sentence(last, language):
            following = sections.get(order[j + 1], "")
            if following:
                after = (format_citation(order[j + 1]), _first_sentence(following, language))
        return before, after

    def search(self, word: str, language: str = "english", limit: int | None = 20) -> list[str]:
        """Citations of the sections containing ``word``, ignoring case and accents, in text order."""
        if not isinstance(word, str) or not word.strip():
            raise ValueError("give a word to search for, e.g. search('Pylos')")
        name = _language(language)
        if name not in self._folded:
            self._folded[name] = {k: _fold(t) for k, t in self.edition(name).sections.items()}
        needle = _fold(" ".join(word.split()))
        found = (format_citation(k) for k, text in self._folded[name].items() if needle in text)
        return [c for _, c in zip(range(limit), found, strict=False)] if limit is not None else list(found)


def _cards(cards: dict[tei.Key, str], lines: list[tei.Key]) -> tuple[Section, ...]:
    """The cards of a translation that cover ``lines`` (a card runs from its number to the next card's)."""
    starts = sorted(cards)
    low, high = min(k[0] for k in lines), max(k[0] for k in lines)
    chosen = []
    for n, start in enumerate(starts):
        end = starts[n + 1][0] - 1 if n + 1 < len(starts) else float("inf")
        if start[0] <= high and end >= low:
            chosen.append((format_citation(start), cards[start]))
    return tuple(chosen)


# Sentences: where they end and begin -------------------------------------------------------------------------

_CLOSERS = "’”\"')\\]»"
_STOPS = {"english": ".!?", "greek": ".;;"}  # a Greek ";" is a question mark; "·" is a pause inside a sentence
_END = {lang: re.compile(rf"[{stops}][{_CLOSERS}]*$") for lang, stops in _STOPS.items()}
_START = {"english": re.compile(rf"[.!?][{_CLOSERS}]*\s+(?=[“\"‘'(\[]*[A-Z])"),
          "greek": re.compile(rf"[.;;][{_CLOSERS}]*\s+")}
_FIRST_END = {lang: re.compile(rf"[{stops}][{_CLOSERS}]*(?=\s|$)") for lang, stops in _STOPS.items()}


def _ends_sentence(text: str, language: str) -> bool:
    return bool(_END[language].search(text.rstrip()))


def _last_sentence(text: str, language: str) -> str:
    """The last sentence of ``text``, unfinished (all of it if no sentence ends in it)."""
    starts = list(_START[language].finditer(text))
    return text[starts[-1].end():] if starts else text


def _first_sentence(text: str, language: str) -> str:
    """The start of ``text`` to the end of its first sentence (all of it if none ends)."""
    end = _FIRST_END[language].search(text)
    return text[: end.end()] if end else text


_MARKS = re.compile(r"[\u0300-\u036f]")


def _fold(text: str) -> str:
    """Lower case without accents or breathings, so "περικλης" finds Περικλῆς."""
    return _MARKS.sub("", unicodedata.normalize("NFD", text)).casefold()


def _too_long(reference: Reference, citations: tuple[str, ...], work: _works.Work) -> str:
    units = "lines" if work.scheme == ("line",) else "sections"
    limit = f"a passage shows at most {MAX_SECTIONS} {units} (a few pages) unless you pass allow_long=True"
    if reference.is_whole_book:
        book = reference.book
        a = f"{work.abbreviation} " if work.abbreviation else ""
        return (f"{reference.text!r} is a whole book ({len(citations)} sections), too long to show: {limit}. Cite a "
                f"chapter such as '{a}{book}.1' or a range such as '{a}{book}.1-{book}.3'")
    shorter = f"{work.abbreviation} {citations[0]}-{citations[MAX_SECTIONS - 1]}".strip()
    return (f"{reference.text!r} is {len(citations)} {units} long, too long to show: {limit}. Cite a shorter range, "
            f"such as {shorter!r}")


def _span(numbers) -> str:
    numbers = list(numbers)
    if not numbers:
        return "none"
    return f"{numbers[0]}–{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])


@functools.lru_cache(maxsize=16)
def corpus(path: str | os.PathLike | None = None, work: str = _works.DEFAULT) -> Corpus:
    """The texts of ``work`` at ``path`` (default: ``$PELOPONNESOS_CORPUS``, the cache, or a download), opened once.

    The default is resolved once per process; ``corpus.cache_clear()`` forgets it.
    """
    return Corpus(path, work=work)


_open = corpus  # passage() has a parameter named corpus


def passage(ref: str, corpus: Corpus | str | os.PathLike | None = None, *, allow_long: bool = False) -> Passage:
    """A passage by citation: ``passage("4.26.2")`` (Thucydides), ``passage("4.26-4.27")``, ``passage("Diod.
    12.61")``, ``passage("Ar. Eq. 54-57")``.

    Raises :class:`BadReference` for a citation that is not one (or too long: see ``MAX_SECTIONS``) and
    :class:`CorpusNotFound` if the text is not on this computer and cannot be downloaded. ``corpus`` is a
    :class:`Corpus` or a folder; another work is looked for beside it.
    """
    reference = _reference(ref)  # a bad citation says so before any download
    if isinstance(corpus, Corpus):
        if corpus.work.id == reference.work:
            return corpus.passage(reference, allow_long=allow_long)
        corpus = corpus.path
    if corpus is not None and not isinstance(corpus, (str, os.PathLike)):
        find_corpus(corpus)  # raises CorpusNotFound, saying what corpus= should be
    return _open(corpus, reference.work).passage(reference, allow_long=allow_long)

