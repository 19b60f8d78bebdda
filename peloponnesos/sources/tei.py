"""Read a Perseus TEI (EpiDoc) edition into plain text, one string per citable unit.

Prose is cited by nested ``div``s whose ``@subtype`` or ``@type`` names the level (``book``, ``chapter``,
``section``: the pinned Thucydides uses ``type="textpart" subtype=...``, newer Perseus revisions
``type="book"``, older TEI.2 files ``div1 type="Book"``), found at any depth, so wrapper ``div``s do not matter.
A play is cited by line: the Greek has ``<l n="54">`` (half-lines such as ``54b`` belong to line 54, and each
speech starts with its speaker's name); a translation that is not line by line is cut into "cards"
(``div type="card" n="40"``, the first line each covers), and is cited by card.

A unit's text is the text of everything in it (speakers, quoted verse, place names), whitespace normalised,
except ``<note>`` and ``<bibl>``: the pinned English of Thucydides has two notes, Crawley's footnotes on the
Homeric hymn he quotes in 3.104, and both files cite Homer in 1.9.4 ("Hom. Il. 2.108"); they are apparatus, and
would read as part of the sentence, so they are left out. Empty markers
(``milestone``, ``lb``, ``pb``) separate words: the English of 4.36.3 has a paragraph milestone between two
sentences and no space, and 6.78.3 lacks the space after a full stop ("prosperity.An idle wish"), which is added
where a stop is squeezed between a lower-case letter and a capitalised word.

The Greek of Thucydides was converted to Unicode from Beta Code with two slips that this reader repairs
(:func:`repair_greek`): the 260 opening parentheses came out as a modifier letter (ʽ) and their closing
partners as a breathing mark on the last letter of a word ("ἐγένοντὀ,"), an apostrophe ("εἶεν’") or a bare
combining comma; and some commas and stops lost the space after them ("ὕφυδροι,καλῳδίῳ").
"""

from __future__ import annotations

import os
import re
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from ..core.errors import PeloponnesosError

__all__ = ["Edition", "TEIError", "parse", "plain_text", "repair_greek"]

TEI = "{http://www.tei-c.org/ns/1.0}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
XML_BASE = "{http://www.w3.org/XML/1998/namespace}base"
LEVELS = ("book", "chapter", "section")
SKIPPED = frozenset({"note", "bibl"})  # apparatus: footnotes, and references such as "Hom. Il. 2.108"
BLOCKS = frozenset({"p", "l", "lg", "sp", "speaker", "ab", "list", "item", "div", "stage"})
BREAKS = frozenset({"milestone", "lb", "pb", "cb"})  # empty markers that stand between two words
DIVS = frozenset({"div", "div1", "div2", "div3", "div4"})

Key = tuple[int, ...]


class TEIError(PeloponnesosError, ValueError):
    """A file that cannot be read as a TEI edition: damaged, cut short or another document."""


@dataclass(frozen=True)
class Edition:
    """One parsed file: ``sections`` maps citation keys (``(4, 26, 2)``, or ``(54,)`` for a line) to plain text,
    in document order; ``unit`` is the last level ("section", "line" or "card": a translation of a play cut
    into passages, each keyed by its first line)."""

    urn: str | None
    language: str | None
    sections: dict[Key, str] = field(repr=False)
    unit: str = "section"


def _local(tag) -> str:
    """``{namespace}div`` → ``div``; comments and processing instructions → ""."""
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def plain_text(element: ET.Element) -> str:
    """The text in ``element`` and its descendants, notes left out, whitespace normalised.

    Block elements (paragraphs, verse lines, speakers) and empty markers (milestones, line breaks) are kept
    apart by a space; ``<lb break="no"/>`` joins the two halves of a word.
    """
    parts: list[str] = []

    def walk(node: ET.Element) -> None:
        if node.text:
            parts.append(node.text)
        for child in node:
            name = _local(child.tag)
            if name in BLOCKS or (name in BREAKS and child.get("break") != "no"):
                parts.append(" ")  # a block starts a new word even where the file has no space
            if name not in SKIPPED and name not in BREAKS:
                walk(child)
            if name in BLOCKS:
                parts.append(" ")
            if child.tail:
                parts.append(child.tail)

    walk(element)
    return " ".join("".join(parts).split())


def _level(div: ET.Element) -> str | None:
    for name in (div.get("subtype"), div.get("type")):
        if name and name.lower() in LEVELS:
            return name.lower()
    return None


def parse(path: str | os.PathLike, *, levels: tuple[str, ...] = LEVELS, language: str | None = None) -> Edition:
    """Parse one TEI file cited by ``levels`` (``("book", "chapter", "section")`` or ``("line",)``).

    Raise :class:`TEIError` (which names the file and the problem) if it cannot be read as XML, has no citable
    units, or a level lacks a number; a missing or unreadable file raises ``OSError``. Greek (``language`` or the
    file's ``xml:lang`` "grc") is repaired by :func:`repair_greek`.
    """
    try:
        return _parse(path, tuple(levels), language)
    except ET.ParseError as error:
        raise TEIError(f"{path}: not well-formed XML ({error})") from None
    except (LookupError, UnicodeError, RecursionError) as error:  # an unknown encoding, bad bytes, absurd nesting
        raise TEIError(f"{path}: cannot be read as XML ({type(error).__name__}: {error})") from None


def _parse(path, levels: tuple[str, ...], language: str | None) -> Edition:
    root = ET.parse(path).getroot()
    text = next((t for t in root if _local(t.tag) == "text"), None)
    body = next((b for b in text if _local(b.tag) == "body"), None) if text is not None else None
    if body is None:
        raise TEIError(f"{path}: not a TEI text (no text/body element)")
    version = next((d for d in body.iter() if _local(d.tag) in DIVS and d.get("type") in ("edition", "translation")),
                   None)
    holder = version if version is not None else text  # TEI.2 files put the URN and language on <text>
    urn = holder.get("n") if holder.get("n", "").startswith("urn:") else body.get(XML_BASE)  # newer files: xml:base
    lang = holder.get(XML_LANG) or holder.get("lang")
    if levels == ("line",):
        sections, unit = _lines(body), "line"
        if not sections:
            sections, unit = _cards(body, path), "card"
    else:
        sections, unit = _divs(body, levels, path), levels[-1]
    if not sections:
        raise TEIError(f"{path}: no {'/'.join(levels)} units found")
    if (language or lang or "").lower() in ("grc", "greek"):
        sections = repair_greek(sections)
    else:
        sections = {key: _ENGLISH_JOINED.sub(r"\1 ", value) for key, value in sections.items()}
    return Edition(urn=urn, language=lang, sections=sections, unit=unit)


def _divs(body: ET.Element, levels: tuple[str, ...], path) -> dict[Key, str]:
    sections: dict[Key, str] = {}
    last = levels[-1]

    def walk(div: ET.Element, numbers: tuple[int, ...]) -> None:
        level = _level(div)
        if level is not None and level in levels:
            depth = levels.index(level)
            number = div.get("n", "")
            if not (number.isascii() and number.isdigit()) or len(numbers) < depth:
                raise TEIError(f"{path}: a {level} div with number {number!r} under {numbers}")
            numbers = (*numbers[:depth], int(number))
            if level == last:
                sections[numbers] = plain_text(div)
                return
        for child in div:
            if _local(child.tag) in DIVS:
                walk(child, numbers)

    walk(body, ())
    return sections


_LINE = re.compile(r"([0-9]+)[a-z]?")


def _lines(body: ET.Element) -> dict[Key, str]:
    """Verse lines by number; a half-line (``7b``) joins its line, and a speech starts with its speaker."""
    lines: dict[Key, list[str]] = {}

    def walk(node: ET.Element, speaker: str | None) -> None:
        for child in node:
            name = _local(child.tag)
            if name == "sp":
                who = next((plain_text(s) for s in child if _local(s.tag) == "speaker"), None)
                walk(child, f"{who}:" if who else None)
                continue
            if name == "l":
                match = _LINE.fullmatch(child.get("n", ""))
                if match is None or child.get("style") == "hidden" or not plain_text(child):
                    continue
                words = lines.setdefault((int(match[1]),), [])
                if speaker:
                    words.append(speaker)
                    speaker = None
                words.append(plain_text(child))
                continue
            if name not in SKIPPED:
                walk(child, speaker)

    walk(body, None)
    return {key: " ".join(words) for key, words in lines.items()}


def _cards(body: ET.Element, path) -> dict[Key, str]:
    """A translation of a play cut into cards (``div type="card" n="40"``): each card keyed by its first line."""
    cards: dict[Key, str] = {}
    for div in body.iter():
        if _local(div.tag) in DIVS and "card" in (div.get("type"), div.get("subtype")):
            number = div.get("n", "")
            if not (number.isascii() and number.isdigit()):
                raise TEIError(f"{path}: a card div with number {number!r}")
            parts = [_speech(child) if _local(child.tag) == "sp" else plain_text(child) for child in div]
            cards[(int(number),)] = " ".join(" ".join(parts).split())
    return dict(sorted(cards.items()))


def _speech(sp: ET.Element) -> str:
    """A speech in a translation: "Keeper: Quiet, dog." (the speaker's abbreviation's full stop dropped)."""
    parts = []
    for child in sp:
        text = plain_text(child)
        parts.append(f"{text.rstrip('.')}:" if _local(child.tag) == "speaker" else text)
    return " ".join(parts)


# Repairing the Greek ------------------------------------------------------------------------------------------

OPEN = "\u02bd"  # MODIFIER LETTER REVERSED COMMA: an opening parenthesis in the pinned Greek
PSILI, DASIA = "\u0313", "\u0314"  # combining smooth and rough breathing
VOWELS = set("αεηιουωΑΕΗΙΟΥΩ")
_ENGLISH_JOINED = re.compile(r"(?<=[a-z])([.!?;:,])(?=[A-Z][a-z])")  # "prosperity.An idle wish" (6.78.3)
_PUNCTUATION_JOINED = re.compile(r"(?<=[^\W\d_])([,.;·:\u0387\u037e])(?=[^\W\d_])")


def _word_end(nfd: str, i: int) -> int:
    """The index after the marks following position ``i`` (a letter)."""
    j = i + 1
    while j < len(nfd) and unicodedata.combining(nfd[j]):
        j += 1
    return j


def _letters(nfd: str, end: int) -> str:
    """The base letters of the word ending at ``end``."""
    k = end
    while k > 0 and nfd[k - 1] != OPEN and (nfd[k - 1].isalpha() or unicodedata.combining(nfd[k - 1])):
        k -= 1
    return "".join(ch for ch in nfd[k:end] if not unicodedata.combining(ch))


def _stray_breathing(letters: str) -> bool:
    """A breathing on the last letter of this word cannot be Greek: a breathing stands on a word's first vowel
    (or the second of a first diphthong: οἱ, εἰ, αὐ), never after a consonant or further in."""
    if not letters:
        return False
    if letters[-1] not in VOWELS:
        return True
    return len(letters) >= 3 or (len(letters) == 2 and letters[0] not in VOWELS)


def repair_greek(sections: dict[Key, str]) -> dict[Key, str]:
    """Undo the Beta Code slips of the pinned Greek (see the module docstring), section after section, in order
    (a parenthesis may close in the next section of its chapter). Text without them comes back unchanged."""
    repaired: dict[Key, str] = {}
    depth, chapter = 0, None
    for key, text in sections.items():
        if key[:-1] != chapter:  # a parenthesis may run on into the next section, not the next chapter (the
            depth, chapter = 0, key[:-1]  # file never closes the one opened in 2.9.2)
        text, depth = _parentheses(text, depth)
        text = _PUNCTUATION_JOINED.sub(r"\1 ", text)
        repaired[key] = text
    return repaired


def _may_need_repair(nfd: str, depth: int) -> bool:
    """Could ``_parentheses`` change this text? Only with a parenthesis open or opening, or a breathing that ends
    a word (checked like the full pass does). Most sections have none, and skip the letter-by-letter pass."""
    if depth or OPEN in nfd:
        return True
    for mark in (PSILI, DASIA):
        i = nfd.find(mark)
        while i != -1:
            end = i + 1
            while end < len(nfd) and unicodedata.combining(nfd[end]):
                end += 1
            if (end >= len(nfd) or not nfd[end].isalpha()) and _stray_breathing(_letters(nfd, end)):
                return True
            i = nfd.find(mark, i + 1)
    return False


def _parentheses(text: str, depth: int) -> tuple[str, int]:
    nfd = unicodedata.normalize("NFD", text)
    if not _may_need_repair(nfd, depth):
        return unicodedata.normalize("NFC", nfd), depth
    out: list[str] = []
    i = 0
    while i < len(nfd):
        ch = nfd[i]
        if ch == OPEN:
            out.append("(")
            depth += 1
            i += 1
            continue
        if ch == "\u02bc" and depth:  # MODIFIER LETTER APOSTROPHE: one closing parenthesis, after "]" (2.21.1)
            out.append(")")
            depth -= 1
            i += 1
            continue
        if ch.isalpha() and not unicodedata.combining(ch):
            end = _word_end(nfd, i)
            at_word_end = end >= len(nfd) or not nfd[end].isalpha()
            marks = nfd[i + 1:end]
            if at_word_end and (PSILI in marks or DASIA in marks) and _stray_breathing(_letters(nfd, end)):
                mark = PSILI if PSILI in marks else DASIA
                out.append(ch + marks.replace(mark, "", 1))
                if mark == DASIA:  # a rough breathing after a word: an opening parenthesis misplaced before the space
                    out.append(" (")
                    depth += 1
                    if end < len(nfd) and nfd[end] == " ":
                        end += 1
                else:
                    out.append(")")
                    depth = max(depth - 1, 0)
                i = end
                continue
            if at_word_end and depth and end < len(nfd) and nfd[end] == "’" and _letters(nfd, end)[-1:] in ("ν", "ς"):
                out.append(nfd[i:end] + ")")  # an elided word ends in another consonant: δ’, ἐπ’, ἀλλ’
                depth -= 1
                i = end + 1
                continue
            out.append(nfd[i:end])
            i = end
            continue
        out.append(ch)
        i += 1
    return unicodedata.normalize("NFC", "".join(out)), depth
