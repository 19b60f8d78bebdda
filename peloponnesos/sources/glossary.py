"""The shared glossary (``glossary.toml``): the words of the war, defined in our own words with their passages.

>>> term("Helots").term, term("ὁπλίτης").term, term("heavy infantry").term
('Helot', 'hoplite', 'hoplite')
>>> [t.term for t, _, _ in find_terms("The Helots rowed the galleys.")]
['Helot', 'trireme']

A :class:`Term` has ``definition`` (ages 12–18) and ``simple`` (8–11), its Greek, the ``passages`` it rests on,
``forms`` (how it appears in English, Crawley's renderings included: "heavy infantry", "galleys",
"targeteers") and ``see`` (related terms). An unknown word is an :class:`UnknownTerm` that suggests the nearest.
"""

from __future__ import annotations

import difflib
import functools
import re
import tomllib
import unicodedata
from dataclasses import dataclass
from importlib import resources
from urllib.parse import quote

from ..core.errors import PeloponnesosError

__all__ = ["Term", "UnknownTerm", "find_terms", "glossary", "term"]


class UnknownTerm(PeloponnesosError, KeyError):
    """A word the glossary does not have; the message names the nearest ones."""

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    term: str
    greek: str
    latin: str
    definition: str
    simple: str
    forms: tuple[str, ...] = ()
    passages: tuple[str, ...] = ()
    see: tuple[str, ...] = ()
    note: str = ""
    case: bool = False

    @property
    def lookup_url(self) -> str:
        """The Greek headword in the Logeion dictionaries, online."""
        word = re.split(r"[,(]", self.greek)[0].split()[-1] if self.greek else self.term
        return f"https://logeion.uchicago.edu/{quote(unicodedata.normalize('NFC', word))}"

    def explain(self, simple: bool = False) -> str:
        """One line: ``"Helot (Εἵλως…): definition"`` (the simple one for ages 8–11 if ``simple``)."""
        return f"{self.term} ({self.greek}): {self.simple if simple else self.definition}"

    def to_dict(self) -> dict:
        return {"term": self.term, "greek": self.greek, "latin": self.latin, "definition": self.definition,
                "simple": self.simple, "forms": list(self.forms), "passages": list(self.passages),
                "see": list(self.see), "note": self.note, "lookup_url": self.lookup_url}

    def __str__(self) -> str:
        return self.explain()

    def _repr_html_(self) -> str:
        from ..display.cards import term_card

        return term_card(self)._repr_html_()


def _fold(text: str) -> str:
    """Compare words without case, accents or breathings."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch)).casefold()


@functools.cache
def glossary() -> tuple[Term, ...]:
    """Every term, in alphabetical order."""
    data = tomllib.loads(resources.files(__package__).joinpath("glossary.toml").read_text("utf-8"))
    terms = []
    for entry in data["term"]:
        text = {k: " ".join(entry[k].split()) for k in ("term", "greek", "latin", "definition", "simple")}
        terms.append(Term(**text, forms=tuple(entry.get("forms", ())), passages=tuple(entry.get("passages", ())),
                          see=tuple(entry.get("see", ())), note=" ".join(entry.get("note", "").split()),
                          case=bool(entry.get("case", False))))
    return tuple(sorted(terms, key=lambda t: t.term.casefold()))


@functools.cache
def _index() -> dict[str, Term]:
    index: dict[str, Term] = {}
    for t in glossary():
        names = [t.term, *t.forms, *re.split(r"[,()]", t.latin), *re.split(r"[,()]", t.greek)]
        for name in names:
            name = name.strip().removeprefix("plural ")
            if name:
                index.setdefault(_fold(name), t)
    for t in glossary():  # the headword wins over another term's form
        index[_fold(t.term)] = t
    return index


def term(name: str) -> Term:
    """A term by its headword, a form, its Greek or its transliteration, ignoring case and accents:
    ``term("Helot")``, ``term("helots")``, ``term("Εἵλωτες")``."""
    if not isinstance(name, str) or not name.strip():
        raise UnknownTerm(f"give a word to look up, such as term('Helot'), not {name!r}")
    index = _index()
    key = _fold(" ".join(name.split()))
    if key in index:
        return index[key]
    if key.endswith("s") and key[:-1] in index:
        return index[key[:-1]]
    near = difflib.get_close_matches(key, list(index), n=3, cutoff=0.6)
    suggested = dict.fromkeys(index[n].term for n in near)
    hint = f" Did you mean {' or '.join(repr(t) for t in suggested)}?" if near else ""
    words = ", ".join(t.term for t in glossary())
    raise UnknownTerm(f"the glossary has no {name!r}.{hint} It has: {words}.")


@functools.cache
def _pattern() -> re.Pattern:
    forms = sorted({f for t in glossary() for f in t.forms}, key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(re.escape(f) for f in forms) + r")\b", re.IGNORECASE)


@functools.cache
def _by_form() -> dict[str, tuple[Term, str]]:
    return {f.casefold(): (t, f) for t in glossary() for f in t.forms}


def find_terms(text: str) -> list[tuple[Term, int, int]]:
    """The first place each term appears in an English ``text``: (term, start, end), in text order. Longer forms
    win ("light troops" before "troops"); a term with ``case`` matches only as written ("Four Hundred", not
    "four hundred and twenty")."""
    seen: set[str] = set()
    found = []
    for match in _pattern().finditer(text):
        t, form = _by_form()[match[0].casefold()]
        if t.term in seen or (t.case and match[0] != form):
            continue
        seen.add(t.term)
        found.append((t, match.start(), match.end()))
    return found
