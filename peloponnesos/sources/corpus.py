"""The corpus (both languages, parsed lazily) and the passages looked up in it.

>>> p = passage("4.26.2")                               # doctest: +SKIP
>>> p.urn, p.url                                        # doctest: +SKIP
('urn:cts:greekLit:tlg0003.tlg001:4.26.2', 'https://scaife.perseus.org/reader/urn:cts:...')

A passage is at most ``MAX_SECTIONS`` sections long, whether it is cited as a book, a chapter or a range;
``allow_long=True`` lifts the limit.
"""

from __future__ import annotations

import functools
import os
import re
import unicodedata
from dataclasses import dataclass, field

from . import tei
from .locate import FILES, MANIFEST, TEXTS, find_corpus, unreadable
from .references import BadReference, Reference, format_citation, parse_reference

__all__ = ["CREDIT", "MAX_SECTIONS", "Corpus", "Passage", "corpus", "passage", "reader_url"]

CREDIT: str = MANIFEST["credit"]
WORK_URN: str = MANIFEST["work_urn"]
LANGUAGES = {"english": "english", "en": "english", "eng": "english",
             "greek": "greek", "grc": "greek", "el": "greek"}

Section = tuple[str, str]  # (citation, text)

# The longest passage shown without allow_long=True, in sections, for books, chapters and ranges alike. The
# longest chapter has 14 sections (4.118); 40 sections are some 12,000 characters of English (a few pages, a
# lesson's reading: 4 to 11 chapters). A whole book has 363 to 576.
MAX_SECTIONS = 40


def reader_url(ref: str | Reference, language: str = "english") -> str:
    """The passage in the Scaife reader, online; needs no corpus: ``reader_url("4.26.2")``."""
    reference = parse_reference(ref.text if isinstance(ref, Reference) else ref)
    name = LANGUAGES.get(language.lower()) if isinstance(language, str) else None
    if name is None:
        raise ValueError(f"no {language!r} text: choose 'english' or 'greek'")
    return f"{MANIFEST['reader']}{FILES[name]['urn']}:{reference.cts}/"


def _join(sections: tuple[Section, ...]) -> str:
    return " ".join(text for _, text in sections if text)


@dataclass(frozen=True)
class Passage:
    """A passage in English and Greek, with its URNs, a link to read it online, and the credit line.

    ``english_sections`` / ``greek_sections`` hold (citation, text) per section; a section missing
    from one language (2.103.2 and 6.23.4 have no Greek) has empty text there.
    """

    ref: str
    english_sections: tuple[Section, ...] = field(repr=False)
    greek_sections: tuple[Section, ...] = field(repr=False)

    @property
    def english(self) -> str:
        return _join(self.english_sections)

    @property
    def greek(self) -> str:
        return _join(self.greek_sections)

    @property
    def citations(self) -> tuple[str, ...]:
        return tuple(citation for citation, _ in self.english_sections)

    @property
    def label(self) -> str:
        """The citation with an en dash for a range: ``"4.26–4.27"``."""
        return self.ref.replace("-", "–")

    @property
    def title(self) -> str:
        return f"Thucydides {self.label}"

    @property
    def _cts(self) -> str:
        return parse_reference(self.ref).cts

    @property
    def urn(self) -> str:
        """The work-level CTS URN: ``urn:cts:greekLit:tlg0003.tlg001:4.26.2``."""
        return f"{WORK_URN}:{self._cts}"

    @property
    def urn_english(self) -> str:
        return f"{FILES['english']['urn']}:{self._cts}"

    @property
    def urn_greek(self) -> str:
        return f"{FILES['greek']['urn']}:{self._cts}"

    @property
    def url(self) -> str:
        """The English in the Scaife reader."""
        return reader_url(self.ref)

    @property
    def url_greek(self) -> str:
        return reader_url(self.ref, "greek")

    @property
    def credit(self) -> str:
        return CREDIT

    def to_dict(self) -> dict:
        """Plain data (JSON-ready) with every field and property."""
        names = ("ref", "label", "title", "urn", "urn_english", "urn_greek", "url", "url_greek",
                 "english", "greek", "credit")
        data = {name: getattr(self, name) for name in names}
        data["english_sections"] = [list(s) for s in self.english_sections]
        data["greek_sections"] = [list(s) for s in self.greek_sections]
        return data

    def __str__(self) -> str:
        lines = [self.title, self.english, self.greek, f"({self.credit})"]
        return "\n".join(line for line in lines if line)


class Corpus:
    """Thucydides in English (Crawley) and Greek (Stuart Jones), read from the Perseus TEI files.

    ``Corpus()`` finds the folder as :func:`~peloponnesos.sources.locate.find_corpus` does; each
    language is parsed on first use (a damaged file raises :class:`CorpusNotFound`, never a parser's error).
    Citations missing from one language count as existing.
    """

    def __init__(self, path: str | os.PathLike | None = None, *, download: bool = True) -> None:
        self.path = find_corpus(path, download=download)
        self._editions: dict[str, tei.Edition] = {}
        self._folded: dict[str, dict[tei.Key, str]] = {}
        self._tree: dict[int, dict[int, tuple[int, ...]]] | None = None
        self._order: dict[int, list[tei.Key]] = {}
        self._position: dict[tei.Key, int] = {}
        self._lookup = functools.lru_cache(maxsize=512)(self._build)

    def __repr__(self) -> str:
        return f"Corpus({str(self.path)!r})"

    def edition(self, language: str) -> tei.Edition:
        """The parsed file of ``language`` ("english" or "greek")."""
        name = LANGUAGES.get(language.lower()) if isinstance(language, str) else None
        if name is None:
            raise ValueError(f"no {language!r} text: choose 'english' or 'greek'")
        if name not in self._editions:
            path = self.path / FILES[name]["name"]
            try:
                self._editions[name] = tei.parse(path)
            except (tei.TEIError, OSError) as error:
                raise unreadable(path, error) from None
        return self._editions[name]

    # Structure -------------------------------------------------------------------------------------

    def _structure(self) -> dict[int, dict[int, tuple[int, ...]]]:
        if self._tree is None:
            keys = sorted(set().union(*(self.edition(t).sections for t in TEXTS)))
            tree: dict[int, dict[int, list[int]]] = {}
            for book, chapter, section in keys:
                tree.setdefault(book, {}).setdefault(chapter, []).append(section)
                self._position[book, chapter, section] = len(self._order.setdefault(book, []))
                self._order[book].append((book, chapter, section))
            self._tree = {b: {c: tuple(s) for c, s in chs.items()} for b, chs in tree.items()}
        return self._tree

    def books(self) -> tuple[int, ...]:
        return tuple(self._structure())

    def chapters(self, book: int) -> tuple[int, ...]:
        return tuple(self._chapters(book, str(book)))

    def sections(self, book: int, chapter: int) -> tuple[int, ...]:
        return self._sections(book, chapter, f"{book}.{chapter}")

    def _chapters(self, book: int, cited: str) -> dict[int, tuple[int, ...]]:
        tree = self._structure()
        if book not in tree:
            raise BadReference(f"no such passage {cited!r}: Thucydides has {len(tree)} books "
                               f"({_span(tree)})")
        return tree[book]

    def _sections(self, book: int, chapter: int, cited: str) -> tuple[int, ...]:
        chapters = self._chapters(book, cited)
        if chapter not in chapters:
            raise BadReference(f"no such passage {cited!r}: book {book} has chapters {_span(chapters)}")
        return chapters[chapter]

    def _key(self, numbers: tuple[int, ...], cited: str, *, end: bool) -> tei.Key:
        """The first (or, with ``end``, last) section of a book, chapter or section citation."""
        pick = -1 if end else 0
        book = numbers[0]
        if len(numbers) == 1:
            chapters = self._chapters(book, cited)
            chapter = list(chapters)[pick]
            return book, chapter, chapters[chapter][pick]
        sections = self._sections(book, numbers[1], cited)
        if len(numbers) == 2:
            return book, numbers[1], sections[pick]
        if numbers[2] not in sections:
            raise BadReference(f"no such passage {cited!r}: {book}.{numbers[1]} has sections "
                               f"{_span(sections)}")
        return book, numbers[1], numbers[2]

    # Passages --------------------------------------------------------------------------------------

    def passage(self, ref: str | Reference, *, allow_long: bool = False) -> Passage:
        """The passage at ``ref``; one over ``MAX_SECTIONS`` sections (a whole book) only with ``allow_long=True``."""
        reference = parse_reference(ref.text if isinstance(ref, Reference) else ref)
        found = self._lookup(reference.text)
        if len(found.english_sections) > MAX_SECTIONS and not allow_long:
            raise BadReference(_too_long(reference, found.citations))
        return found

    def _keys(self, text: str) -> list[tei.Key]:
        """The sections of a citation, in order; :class:`BadReference` if it names what Thucydides did not write."""
        reference = parse_reference(text)
        first = self._key(reference.first, text, end=False)
        last = self._key(reference.last, text, end=True)
        keys = self._order[reference.book][self._position[first]: self._position[last] + 1]
        if not keys:
            raise BadReference(f"{text!r} runs backwards: write the earlier citation first")
        return keys

    def _build(self, text: str) -> Passage:
        keys = self._keys(text)
        english, greek = (self.edition(t).sections for t in TEXTS)
        return Passage(
            ref=text,
            english_sections=tuple((format_citation(k), english.get(k, "")) for k in keys),
            greek_sections=tuple((format_citation(k), greek.get(k, "")) for k in keys),
        )

    def search(self, word: str, language: str = "english", limit: int | None = 20) -> list[str]:
        """Citations of the sections containing ``word``, ignoring case and accents, in text order."""
        if not isinstance(word, str) or not word.strip():
            raise ValueError("give a word to search for, e.g. search('Pylos')")
        name = LANGUAGES.get(language.lower(), language) if isinstance(language, str) else language
        if name not in self._folded:
            self._folded[name] = {k: _fold(t) for k, t in self.edition(name).sections.items()}
        needle = _fold(" ".join(word.split()))
        found = (format_citation(k) for k, text in self._folded[name].items() if needle in text)
        return [c for _, c in zip(range(limit), found, strict=False)] if limit is not None else list(found)


_MARKS = re.compile(r"[\u0300-\u036f]")


def _fold(text: str) -> str:
    """Lower case without accents or breathings, so "περικλης" finds Περικλῆς."""
    return _MARKS.sub("", unicodedata.normalize("NFD", text)).casefold()


def _too_long(reference: Reference, citations: tuple[str, ...]) -> str:
    limit = f"a passage shows at most {MAX_SECTIONS} sections (a few pages) unless you pass allow_long=True"
    if reference.is_whole_book:
        book = reference.book
        return (f"{reference.text!r} is a whole book ({len(citations)} sections), too long to show: {limit}. Cite a "
                f"chapter such as '{book}.1' or a range such as '{book}.1-{book}.3'")
    shorter = f"{citations[0]}-{citations[MAX_SECTIONS - 1]}"
    return (f"{reference.text!r} is {len(citations)} sections long, too long to show: {limit}. Cite a shorter range, "
            f"such as {shorter!r}")


def _span(numbers) -> str:
    numbers = list(numbers)
    return f"{numbers[0]}–{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])


@functools.lru_cache(maxsize=8)
def corpus(path: str | os.PathLike | None = None) -> Corpus:
    """The corpus at ``path`` (default: ``$PELOPONNESOS_CORPUS``, the cache, or a download), opened once.

    The default is resolved once per process; ``corpus.cache_clear()`` forgets it.
    """
    return Corpus(path)


_open = corpus  # passage() has a parameter named corpus


def passage(ref: str, corpus: Corpus | str | os.PathLike | None = None, *, allow_long: bool = False) -> Passage:
    """A passage of Thucydides by citation: ``passage("4.26.2")``, ``passage("4.26-4.27")``.

    Raises :class:`BadReference` for a citation that is not one (or too long: see ``MAX_SECTIONS``) and
    :class:`CorpusNotFound` if the text is not on this computer and cannot be downloaded.
    """
    if isinstance(corpus, Corpus):
        return corpus.passage(ref, allow_long=allow_long)
    parse_reference(ref.text if isinstance(ref, Reference) else ref)  # a bad citation says so before any download
    if corpus is not None and not isinstance(corpus, (str, os.PathLike)):
        find_corpus(corpus)  # raises CorpusNotFound, saying what corpus= should be
    return _open(corpus).passage(ref, allow_long=allow_long)
