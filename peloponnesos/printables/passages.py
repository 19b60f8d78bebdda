"""Passage sheets: each passage in English (headnote in brief, word bank) and in Greek, 16 pt, from the corpus.

The sets are ``data/passage_sets.toml`` (one per lesson). Each set opens with a page about its sources (the full
headnote of every work in it); each passage then gets an English page and a Greek page. A passage too long for a
page is cut at its sections. Without the text (a work not yet on this computer, no download yet) the English
page still shows the reference, the headnote and one plain line, with the address to read it online.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from html import escape
from pathlib import Path

from .page import Document, Sheet, kicker

DATA = Path(__file__).parent / "data"
#: The most English (or Greek) words on one 16 pt page beside the headnote and word bank.
WORDS_PER_PAGE = 100
WORD_BANK_SIZE = 4
#: The most words of passage and word bank together on one 16 pt page (beside the title, headnote and credit).
PAGE_WORDS = 190
WORKS_PER_PAGE = 1  # a full headnote in 16 pt fills most of a page


@dataclass(frozen=True, slots=True)
class PassageSet:
    id: str
    title: str
    lesson: str
    ages: str
    passages: tuple[str, ...]


def passage_sets() -> list[PassageSet]:
    with open(DATA / "passage_sets.toml", "rb") as f:
        data = tomllib.load(f)
    return [PassageSet(s["id"], s["title"], s["lesson"], s["ages"], tuple(s["passages"])) for s in data["set"]]


def _words(text: str) -> int:
    return len(text.split())


def _chunks(p) -> list[list[tuple[str, str, str]]]:
    """The passage's sections as (citation, english, greek), cut into groups that fit a page each."""
    greek = dict(p.greek_sections)
    rows = [(c, e, greek.get(c, "")) for c, e in p.english_sections]
    if not rows:  # a work with Greek only
        rows = [(c, "", g) for c, g in p.greek_sections]
    chunks: list[list[tuple[str, str, str]]] = [[]]
    for row in rows:
        used = sum(max(_words(e), _words(g)) for _, e, g in chunks[-1])
        if chunks[-1] and used + max(_words(row[1]), _words(row[2])) > WORDS_PER_PAGE:
            chunks.append([])
        chunks[-1].append(row)
    return chunks


def _span(citations: list[str]) -> str:
    return citations[0] if len(citations) == 1 else f"{citations[0]}–{citations[-1].rsplit('.', 1)[-1]}"


def _word_bank(text: str) -> str:
    """The glossary words of the passage, the most used first, as many as fit the page beside the text."""
    from ..sources.glossary import find_terms

    found = []
    for t, start, end in find_terms(text):
        if t not in [f[0] for f in found]:
            found.append((t, text.count(text[start:end])))
    found.sort(key=lambda f: -f[1])  # stable: ties keep the order they appear in
    budget = PAGE_WORDS - len(text.split())
    chosen = []
    for t, _ in found:
        words = len(t.definition.split()) + 3
        if len(chosen) < WORD_BANK_SIZE and words <= budget:
            chosen.append(t)
            budget -= words
    if not chosen:
        return ""
    rows = "".join(f"<li><strong>{escape(t.term)}</strong> <span class=\"greek\">({escape(t.greek)})</span>: "
                   f"{escape(t.definition)}</li>" for t in chosen)
    return f'<div class="wordbank"><strong>Word bank</strong><ul>{rows}</ul></div>'


def _brief(work) -> str:
    """The headnote in brief for a passage page: who, and was he there (the full one opens the set)."""
    note = work.headnote
    text = note.children or f"{note.who} {note.there}"
    return f'<div class="headnote"><strong>Who wrote this? Was he there?</strong> {escape(text)}</div>'


def _source_page(works, ps: PassageSet, n: int = 1) -> Sheet:
    parts = [kicker(f"Lesson {ps.lesson} · ages {ps.ages} · passage sheets"), f"<h1>{escape(ps.title)}</h1>",
             "<h2>About the sources</h2>" if n == 1 else "<h2>About the sources (continued)</h2>"]
    for w in works:
        rows = "".join(f"<p><strong>{escape(q)}</strong> {escape(a)}</p>" for q, a in w.headnote.items())
        status = "" if w.available else ' <span class="recon">text not on this computer yet</span>'
        parts.append(f'<div class="headnote"><h3>{escape(w.label)}{status}</h3>{rows}</div>')
    parts.append('<p class="small">Headnotes written for peloponnesos; passages follow, each in English and in '
                 "Greek.</p>")
    return Sheet(f"<div>{''.join(parts)}</div>", label=f"{ps.id}:sources{n}")


def _english_page(ps: PassageSet, p, rows, part: str) -> Sheet:
    citations = [c for c, _, _ in rows]
    title = f"{p.source.short} {_span(citations)}"
    text = " ".join(f"<sup>{escape(c.rsplit('.', 1)[-1])}</sup>&nbsp;{escape(e)}" for c, e, _ in rows if e)
    english = " ".join(e for _, e, _ in rows)
    label = p.source.file("english")["label"] if p.source.file("english") else "English"
    body = (f"{kicker(f'{ps.title} · lesson {ps.lesson} · English{part}')}<h1>{escape(title)}</h1>"
            f"{_brief(p.source)}<p class=\"small\">{escape(label)}</p><div lang=\"en\">{text}</div>"
            f"{_word_bank(english)}<p class=\"credit\">{escape(p.credit)}<br>Read it online: "
            f'<span class="url">{escape(p.url)}</span></p>')
    return Sheet(body, label=f"{ps.id}:{_span(citations)}:en")


def _greek_page(ps: PassageSet, p, rows, part: str) -> Sheet:
    citations = [c for c, _, _ in rows]
    title = f"{p.source.short} {_span(citations)}"
    text = " ".join(f"<sup>{escape(c.rsplit('.', 1)[-1])}</sup>&nbsp;{escape(g)}" for c, _, g in rows if g)
    label = p.source.file("greek")["label"] if p.source.file("greek") else "Greek"
    body = (f"{kicker(f'{ps.title} · lesson {ps.lesson} · Greek{part}')}<h1>{escape(title)} "
            f'<span class="greek">— Ἑλληνιστί</span></h1><p class="small">{escape(label)}</p>'
            f'<div class="greek" lang="grc" style="font-size:17pt;line-height:1.5">{text}</div>'
            f'<p class="credit">{escape(p.credit)}<br>Look up any word: '
            f'<span class="url">https://www.perseus.tufts.edu/hopper/morph</span></p>')
    return Sheet(body, label=f"{ps.id}:{_span(citations)}:grc")


#: what a sheet printed without its text says (a card's "restart the kernel" means nothing on paper): the text
#: could have been fetched, or this version cannot fetch that work at all
ON_PAPER_MISSING = ("This passage's text was not on the computer when the sheet was printed. Read it at the address "
                    "below, or print the pack again once the computer has the text (connected to the internet, "
                    "make print fetches it once).")
ON_PAPER_ONLINE = ("This version of peloponnesos cannot bring this work onto the computer yet: read it at the address "
                   "below.")


def missing_passages(document: Document) -> list[str]:
    """The passages of a passage-sheet document printed without a text this computer could fetch (connected to the
    internet, the next print has them)."""
    return [s.label.split(":")[1] for s in document.sheets if s.label.endswith(":missing")]


def _missing_page(ps: PassageSet, ref: str, problem) -> Sheet:
    from ..sources import WorkNotAvailable, parse_reference, reader_url, work

    elsewhere = isinstance(problem, WorkNotAvailable)
    reference = parse_reference(ref)
    w = work(reference.work)
    body = (f"{kicker(f'{ps.title} · lesson {ps.lesson}')}<h1>{escape(w.short)} {escape(reference.numbers)}</h1>"
            f"{_brief(w)}<p>{escape(w.describe())}</p>"
            f'<p class="missing">{escape(ON_PAPER_ONLINE if elsewhere else ON_PAPER_MISSING)}</p>'
            f"<p>Read it online: <span class=\"url\">{escape(reader_url(reference))}</span></p>"
            f'<p class="credit">{escape(w.credit)}</p>')
    return Sheet(body, label=f"{ps.id}:{ref}:{'online' if elsewhere else 'missing'}")


def passage_document(ps: PassageSet, *, corpus=None) -> Document:
    from ..sources import CorpusNotFound, parse_reference, passage, work

    works = []
    for ref in ps.passages:
        w = work(parse_reference(ref).work)
        if w not in works:
            works.append(w)
    sheets = [_source_page(works[i:i + WORKS_PER_PAGE], ps, i // WORKS_PER_PAGE + 1)
              for i in range(0, len(works), WORKS_PER_PAGE)]
    for ref in ps.passages:
        try:
            p = passage(ref, corpus=corpus)
        except CorpusNotFound as problem:
            sheets.append(_missing_page(ps, ref, problem))
            continue
        chunks = _chunks(p)
        for i, rows in enumerate(chunks):
            part = f" (part {i + 1} of {len(chunks)})" if len(chunks) > 1 else ""
            if any(e for _, e, _ in rows):
                sheets.append(_english_page(ps, p, rows, part))
            if any(g for _, _, g in rows):
                sheets.append(_greek_page(ps, p, rows, part))
    return Document(f"passages_{ps.lesson}_{ps.id}", f"{ps.title} — passage sheets", tuple(sheets),
                    about=f"Lesson {ps.lesson}, ages {ps.ages}: {len(ps.passages)} passages in English and Greek, "
                          "with headnotes and word banks (16 pt).")


def documents(*, corpus=None) -> list[Document]:
    return [passage_document(ps, corpus=corpus) for ps in passage_sets()]
