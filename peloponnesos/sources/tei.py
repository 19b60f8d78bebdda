"""Read a Perseus TEI (EpiDoc) edition of Thucydides into plain text, one string per section.

Levels are ``div``s whose ``@subtype`` or ``@type`` is ``book``, ``chapter`` or ``section`` (the pinned
files use ``type="textpart" subtype=...``; newer Perseus revisions use ``type="book"`` etc.), found at
any depth, so extra wrapper ``div``s do not matter.

A section's text is the text of everything in it (speakers of the Melian dialogue, quoted verse, place
names), whitespace normalised, except ``<note>``: the pinned English has two, Crawley's footnotes giving
the source of the Homeric hymn he quotes in 3.104. They are apparatus, not Thucydides, and would read as
part of his sentence in plain text, so they are left out.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from ..core.errors import PeloponnesosError

__all__ = ["Edition", "TEIError", "parse", "plain_text"]

TEI = "{http://www.tei-c.org/ns/1.0}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
LEVELS = ("book", "chapter", "section")
SKIPPED = frozenset({TEI + "note"})
BLOCKS = frozenset(TEI + name for name in ("p", "l", "lg", "sp", "speaker", "ab", "list", "item", "div"))

Key = tuple[int, int, int]


class TEIError(PeloponnesosError, ValueError):
    """A file that cannot be read as a TEI edition of Thucydides: damaged, cut short or another document."""


@dataclass(frozen=True)
class Edition:
    """One parsed file: ``sections`` maps (book, chapter, section) to plain text, in document order."""

    urn: str | None
    language: str | None
    sections: dict[Key, str] = field(repr=False)


def plain_text(element: ET.Element) -> str:
    """The text in ``element`` and its descendants, notes left out, whitespace normalised.

    Block elements (paragraphs, verse lines, speakers) are kept apart by a space.
    """
    parts: list[str] = []

    def walk(node: ET.Element) -> None:
        if node.text:
            parts.append(node.text)
        for child in node:
            if child.tag in BLOCKS:
                parts.append(" ")  # a block starts a new word even where the file has no space
            if child.tag not in SKIPPED:
                walk(child)
            if child.tag in BLOCKS:
                parts.append(" ")
            if child.tail:
                parts.append(child.tail)

    walk(element)
    return " ".join("".join(parts).split())


def _level(div: ET.Element) -> str | None:
    for name in (div.get("subtype"), div.get("type")):
        if name in LEVELS:
            return name
    return None


def parse(path: str | os.PathLike) -> Edition:
    """Parse one TEI file; raise :class:`TEIError` (which names the file and the problem) if it cannot be read
    as XML, has no sections, or a level lacks a number. A missing or unreadable file raises ``OSError``."""
    try:
        return _parse(path)
    except ET.ParseError as error:
        raise TEIError(f"{path}: not well-formed XML ({error})") from None
    except (LookupError, UnicodeError, RecursionError) as error:  # an unknown encoding, bad bytes, absurd nesting
        raise TEIError(f"{path}: cannot be read as XML ({type(error).__name__}: {error})") from None


def _parse(path: str | os.PathLike) -> Edition:
    root = ET.parse(path).getroot()
    body = root.find(f"{TEI}text/{TEI}body")
    if body is None:
        raise TEIError(f"{path}: not a TEI text (no text/body element)")
    version = next((d for d in body.iter(f"{TEI}div") if d.get("type") in ("edition", "translation")), None)
    sections: dict[Key, str] = {}

    def walk(div: ET.Element, numbers: tuple[int, ...]) -> None:
        level = _level(div)
        if level is not None:
            depth = LEVELS.index(level)
            number = div.get("n", "")
            if not (number.isascii() and number.isdigit()) or len(numbers) < depth:
                raise TEIError(f"{path}: a {level} div with number {number!r} under {numbers}")
            numbers = (*numbers[:depth], int(number))
            if level == "section":
                sections[numbers] = plain_text(div)  # type: ignore[index]
                return
        for child in div:
            if child.tag == f"{TEI}div":
                walk(child, numbers)

    walk(body, ())
    if not sections:
        raise TEIError(f"{path}: no book/chapter/section divs found")
    return Edition(
        urn=version.get("n") if version is not None else None,
        language=version.get(XML_LANG) if version is not None else None,
        sections=sections,
    )
