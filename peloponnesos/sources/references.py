"""Citations: ``"4.26.2"`` (Thucydides, the default), ``"Thuc. 4.26.2–4.26.5"``, ``"Diod. 12.61"``,
``"Paus. 1.15.4"``, ``"Plut. Nic. 7.2"``, ``"Ar. Eq. 54-57"``.

A citation is an optional work (any abbreviation of ``works.toml``; case, dots and spaces do not matter) and
numbers in the work's scheme: book.chapter.section for the historians (each part optional from the right),
chapter.section for a Life of Plutarch, a line for a play. A range joins two citations with a hyphen or a dash;
its end may be shortened to its last parts, as scholars write "4.26.2-5" for sections 2 to 5 of 4.26. Ranges
must run forwards and, in a work cut into books, stay in one book. Anything else (not text, empty, over 60
characters, digits other than 0–9, a work the package does not know) is a :class:`BadReference` that says what
to write.

>>> r = parse_reference(" Thuc. 4.26.2 – 5 ")
>>> r.text, r.cts, r.label, r.work
('4.26.2-5', '4.26.2-4.26.5', '4.26.2–5', 'thucydides')
>>> parse_reference("diod 12.61").text
'Diod. 12.61'
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field

from ..core.errors import PeloponnesosError
from . import works as _works

__all__ = ["BadReference", "Reference", "format_citation", "parse_reference"]

EXAMPLES = "e.g. '4.26' (a chapter), '4.26.2' (a section), '4.26-4.27' or '4.26.2-5' (a range)"
MAX_LENGTH = 60  # characters: "Thucydides 4.126.12 – 4.127.3" is 29; anything much longer is not a citation
DASHES = "-‐‑–—"


class BadReference(PeloponnesosError, ValueError):
    """A citation that is malformed or names a passage its author did not write."""


def format_citation(numbers: tuple[int, ...]) -> str:
    """``(4, 26, 2)`` → ``"4.26.2"``."""
    return ".".join(str(n) for n in numbers)


@dataclass(frozen=True)
class Reference:
    """A parsed citation: ``first`` and ``last`` are tuples (book, chapter?, section?), equal if no range.

    ``text`` is the citation as written, normalised: the work's abbreviation (none for Thucydides), no spaces
    in the numbers, a hyphen for the dash. ``work`` is the id of the work in ``works.toml``.
    """

    first: tuple[int, ...]
    last: tuple[int, ...]
    text: str = field(default="", compare=False)
    work: str = _works.DEFAULT

    @property
    def book(self) -> int:
        return self.first[0]

    @property
    def is_range(self) -> bool:
        return self.first != self.last

    @property
    def is_whole_book(self) -> bool:
        scheme = _works.work(self.work).scheme
        return scheme[0] == "book" and len(scheme) > 1 and len(self.first) == 1 and len(self.last) == 1

    @property
    def numbers(self) -> str:
        """The citation without the work: ``"12.61"``, ``"4.26.2-5"``."""
        return self.text.split(" ")[-1] if self.text else self.cts

    @property
    def cts(self) -> str:
        """The CTS passage form, with both ends in full: ``"4.26.2-4.26.5"``."""
        if not self.is_range:
            return format_citation(self.first)
        return f"{format_citation(self.first)}-{format_citation(self.last)}"

    @property
    def label(self) -> str:
        """``text`` with an en dash, for titles: ``"4.26.2–5"``."""
        return self.text.replace("-", "–")

    def __str__(self) -> str:
        return self.text


def _name(work: _works.Work) -> str:
    return "Thucydides" if work.id == _works.DEFAULT else work.label


def _examples(work: _works.Work) -> str:
    if work.id == _works.DEFAULT:
        return EXAMPLES
    a = work.abbreviation
    if work.scheme == ("line",):
        return f"e.g. '{a} 54' (a line) or '{a} 54-57' (lines 54 to 57)"
    if len(work.scheme) == 2:
        return f"e.g. '{a} 7' (a {work.scheme[0]}), '{a} 7.2' (a {work.scheme[1]}) or '{a} 7.2-4' (a range)"
    return f"e.g. '{a} 1.15' (a chapter), '{a} 1.15.4' (a section) or '{a} 1.15.4-5' (a range)"


def _form(work: _works.Work) -> str:
    if work.scheme == ("line",):
        return "a line number"
    levels = [".".join(work.scheme[: n + 1]) for n in range(1, len(work.scheme))]
    return " or ".join(levels)


def parse_reference(text: str) -> Reference:
    """Parse a citation; raise :class:`BadReference` if it is not text, malformed, backwards, spans two books or
    names an unknown work. Whether the passage exists is checked by the corpus, which knows the sections."""
    if not isinstance(text, str):
        if isinstance(text, (int, float)) and not isinstance(text, bool):
            raise BadReference(f"a citation of Thucydides is text: write it in quotes, as in '{text}', "
                               f"not {text!r} (a number would lose its zeros: 4.10 would become 4.1)")
        if text is None:
            raise BadReference("a citation of Thucydides is text such as '4.26.2', not None (nothing was given)")
        several = ": give one citation at a time" if isinstance(text, (list, tuple, set, frozenset)) else ""
        raise BadReference(f"a citation of Thucydides is text such as '4.26.2', not {_shown(text)}{several}")
    if len(text) > MAX_LENGTH:
        raise BadReference(f"{text[:20]!r}... ({len(text):,} characters) is too long to be a citation of "
                           f"Thucydides: {EXAMPLES}")
    if not text.isascii() and any(ch.isdecimal() and not ch.isascii() for ch in text):
        raise BadReference(f"{text!r} has digits other than 0–9 (from another keyboard layout): "
                           f"write {_ascii(text)!r}")
    return _parse(text)


def _shown(value: object) -> str:
    """A short description of a value that is not text, for a message."""
    shown = repr(value)
    return f"a {type(value).__name__} ({shown if len(shown) <= 40 else shown[:37] + '...'})"


def _ascii(text: str) -> str:
    """``"４．２６"`` → ``"4.26"``: the citation with the digits 0–9, normalised if it can be read."""
    text = unicodedata.normalize("NFKC", text)
    text = " ".join("".join(str(unicodedata.decimal(ch)) if ch.isdecimal() else ch for ch in text).split())
    try:
        return _parse(text).text
    except BadReference:
        return text


@functools.lru_cache(maxsize=16)
def _pattern(depth: int) -> re.Pattern:
    citation = rf"[0-9]+(?:\.[0-9]+){{0,{depth - 1}}}"
    return re.compile(rf"(?P<first>{citation})(?:\s*[{DASHES}]\s*(?P<last>{citation}))?\s*")


_FIRST_DIGIT = re.compile(r"[0-9]")


def _split(text: str) -> tuple[str, str]:
    """``"Ar. Eq. 54-57"`` → ``("Ar. Eq.", "54-57")``: the work's name, and the numbers."""
    match = _FIRST_DIGIT.search(text)
    if match is None:
        return text.strip(), ""
    return text[: match.start()].strip(), text[match.start():]


def _unknown_work(text: str, prefix: str) -> BadReference:
    names = ", ".join(w.abbreviations[0] for w in _works.works() if w.id != _works.DEFAULT)
    return BadReference(f"cannot read {text!r} as a citation: {prefix!r} is not a work this package knows. Write "
                        f"the numbers alone for Thucydides ({EXAMPLES}), or start with one of {names}")


def _parse(text: str) -> Reference:
    # the works can change in a session (works.register), so the cache is keyed by them too
    return _parse_cached(text, tuple(_works._REGISTRY))


@functools.lru_cache(maxsize=1024)
def _parse_cached(text: str, _works_known: tuple[str, ...]) -> Reference:
    prefix, numbers = _split(text)
    if not prefix and not numbers.strip():
        raise BadReference(f"no citation given: write book.chapter or book.chapter.section, {EXAMPLES}")
    work = _works.find_work(prefix) if prefix else _works.work()
    if work is None:
        if not numbers:  # no number at all: not a citation, whatever the words
            raise BadReference(f"cannot read {text!r} as a citation of Thucydides: write book.chapter or "
                               f"book.chapter.section, {EXAMPLES}")
        raise _unknown_work(text, prefix)
    name = _name(work)
    match = _pattern(len(work.scheme)).fullmatch(numbers)
    if match is None:
        raise BadReference(f"cannot read {text!r} as a citation of {name}: write {_form(work)}, "
                           f"{_examples(work)}")
    first = tuple(int(n) for n in match["first"].split("."))
    prefix_text = f"{work.abbreviation} " if work.abbreviation else ""
    if match["last"] is None:
        return Reference(first, first, prefix_text + format_citation(first), work.id)
    written = tuple(int(n) for n in match["last"].split("."))
    # A shortened end replaces the last parts of the start: 4.26.2-5 → 4.26.5, 4.26.5-27.1 → 4.27.1.
    last = first[: len(first) - len(written)] + written if len(written) <= len(first) else written
    normal = f"{format_citation(first)}-{format_citation(written)}"
    if work.scheme[0] == "book" and last[0] != first[0]:
        raise BadReference(f"{prefix_text + normal!r} starts in book {first[0]} and ends in book {last[0]}: a range "
                           f"must stay in one book (a shortened end gives only the last parts, as in "
                           f"'{prefix_text}4.26.5-27.1')")
    common = min(len(first), len(last))
    if first[:common] > last[:common]:
        raise BadReference(f"{prefix_text + normal!r} is read as {format_citation(first)} to "
                           f"{format_citation(last)}, which runs backwards: write the earlier citation first; a "
                           f"shortened end gives only the last parts, as in '4.26.2-5' or '4.26.5-27.1'")
    return Reference(first, last, prefix_text + normal, work.id)
