"""Citations of Thucydides: ``"4.26"``, ``"4.26.2"``, ``"4.26-4.27"``, ``"4.26.2-5"``, ``"Thuc. 4.26.2–4.26.5"``.

A citation is book.chapter.section (each part optional from the right). A range joins two citations
with a hyphen or a dash; its end may be shortened to its last parts, as scholars write "4.26.2-5"
for sections 2 to 5 of 4.26. Ranges must run forwards and stay in one book. Anything else (not text,
empty, over 60 characters, digits other than 0–9) is a :class:`BadReference` that says what to write.

>>> r = parse_reference(" Thuc. 4.26.2 – 5 ")
>>> r.text, r.cts, r.label
('4.26.2-5', '4.26.2-4.26.5', '4.26.2–5')
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field

from ..core.errors import PeloponnesosError

__all__ = ["BadReference", "Reference", "format_citation", "parse_reference"]

_CITATION = r"[0-9]+(?:\.[0-9]+){0,2}"
_PATTERN = re.compile(
    rf"\s*(?:thuc(?:ydides)?\.?\s*)?(?P<first>{_CITATION})(?:\s*[-‐‑–—]\s*(?P<last>{_CITATION}))?\s*",
    re.IGNORECASE,
)
EXAMPLES = "e.g. '4.26' (a chapter), '4.26.2' (a section), '4.26-4.27' or '4.26.2-5' (a range)"
MAX_LENGTH = 60  # characters: "Thucydides 4.126.12 – 4.127.3" is 29; anything much longer is not a citation


class BadReference(PeloponnesosError, ValueError):
    """A citation that is malformed or names a passage Thucydides did not write."""


def format_citation(numbers: tuple[int, ...]) -> str:
    """``(4, 26, 2)`` → ``"4.26.2"``."""
    return ".".join(str(n) for n in numbers)


@dataclass(frozen=True)
class Reference:
    """A parsed citation: ``first`` and ``last`` are tuples (book, chapter?, section?), equal if no range.

    ``text`` is the citation as written, normalised: no prefix or spaces, a hyphen for the dash.
    """

    first: tuple[int, ...]
    last: tuple[int, ...]
    text: str = field(default="", compare=False)

    @property
    def book(self) -> int:
        return self.first[0]

    @property
    def is_range(self) -> bool:
        return self.first != self.last

    @property
    def is_whole_book(self) -> bool:
        return len(self.first) == 1 and len(self.last) == 1

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


def parse_reference(text: str) -> Reference:
    """Parse a citation; raise :class:`BadReference` if it is not text, malformed, backwards or spans two books.

    Whether the passage exists is checked by the corpus, which knows the chapters and sections.
    """
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


@functools.lru_cache(maxsize=1024)
def _parse(text: str) -> Reference:
    match = _PATTERN.fullmatch(text)
    if match is None and not text.strip():
        raise BadReference(f"no citation given: write book.chapter or book.chapter.section, {EXAMPLES}")
    if match is None:
        raise BadReference(f"cannot read {text!r} as a citation of Thucydides: write book.chapter or "
                           f"book.chapter.section, {EXAMPLES}")
    first = tuple(int(n) for n in match["first"].split("."))
    if match["last"] is None:
        return Reference(first, first, format_citation(first))
    written = tuple(int(n) for n in match["last"].split("."))
    # A shortened end replaces the last parts of the start: 4.26.2-5 → 4.26.5, 4.26.5-27.1 → 4.27.1.
    last = first[: len(first) - len(written)] + written if len(written) <= len(first) else written
    normal = f"{format_citation(first)}-{format_citation(written)}"
    if last[0] != first[0]:
        raise BadReference(f"{normal!r} starts in book {first[0]} and ends in book {last[0]}: a range must "
                           f"stay in one book (a shortened end gives only the last parts, as in '4.26.5-27.1')")
    common = min(len(first), len(last))
    if first[:common] > last[:common]:
        raise BadReference(f"{normal!r} is read as {format_citation(first)} to {format_citation(last)}, "
                           f"which runs backwards: write the earlier citation first; a shortened end gives "
                           f"only the last parts, as in '4.26.2-5' or '4.26.5-27.1'")
    return Reference(first, last, normal)
