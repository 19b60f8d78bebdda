"""The shared glossary, printed: every term with its Greek and our definition (ages 12–18), and the simple
definitions for ages 8–11 in large type (``sources/glossary.toml``, the same words the cards explain)."""

from __future__ import annotations

from html import escape

from .page import Document, Sheet, kicker

CSS = """
.gloss { font-size: 12pt; line-height: 1.25; columns: 2; column-gap: 8mm; }
.gloss dt { font-weight: bold; margin-top: 1.6mm; break-after: avoid; }
.gloss dd { margin: 0 0 0 4mm; break-inside: avoid; }
.gloss-young { font-size: 16pt; line-height: 1.3; }
.gloss-young dt { font-weight: bold; margin-top: 2mm; }
.gloss-young dd { margin: 0 0 0 6mm; }
"""
PER_PAGE = 10
PER_PAGE_YOUNG = 10


def _pages(items, n):
    return [items[i:i + n] for i in range(0, len(items), n)]


def glossary_document() -> Document:
    from ..sources import glossary

    terms = list(glossary())
    sheets = []
    pages = _pages(terms, PER_PAGE)
    for i, page in enumerate(pages, 1):
        rows = "".join(f'<dt>{escape(t.term)} <span class="greek">{escape(t.greek)}</span></dt><dd>'
                       f"{escape(t.definition)} <span class=\"small\">({escape(', '.join(t.passages))})</span></dd>"
                       for t in page)
        sheets.append(Sheet(f'{kicker(f"Glossary · ages 12–18 · page {i} of {len(pages)}")}<h1>Glossary</h1>'
                            f'<dl class="gloss">{rows}</dl>', label=f"glossary:{i}"))
    young = _pages(terms, PER_PAGE_YOUNG)
    for i, page in enumerate(young, 1):
        rows = "".join(f"<dt>{escape(t.term)}</dt><dd>{escape(t.simple)}</dd>" for t in page)
        sheets.append(Sheet(f'{kicker(f"Word bank · ages 8–11 · page {i} of {len(young)}")}<h1>Word bank</h1>'
                            f'<dl class="gloss-young">{rows}</dl>', label=f"wordbank:{i}"))
    return Document("glossary", "Glossary and word bank", tuple(sheets), css=CSS,
                    about=f"The shared glossary ({len(terms)} terms): Greek and definitions for ages 12–18, simple "
                          "definitions in 16 pt for ages 8–11.")
