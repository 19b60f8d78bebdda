"""The printable pack: one command writes every printable page from the same data the notebooks use.

    make print                                   # or: python -m peloponnesos.printables [--out print]

writes, in ``print/`` (A4 HTML pages a browser prints well: open a file, then File → Print, or "Save as PDF"):

* ``passages_*.html`` — passage sheets for lessons 01, 02, 05, 06, 07 and 09: English and Greek, 16 pt, headnote
  and word bank;
* ``stories_adapted.html`` — the adapted stories for ages 8–11, one a page in 20 pt;
* ``sfacteria_turn_sheet.html`` — the Sfacteria turn sheet, supply track and turn record;
* ``organisers.html`` — historical-thinking organisers (the Pylos enquiry; one source; ages 8–11; rule vs source);
* ``diceless_paper_game.html`` (+ ``diceless_map.svg`` for A3) — the paper game of lesson 03, chits in 12 pt or more;
* ``teachers_timeline.html`` — the teacher's map of the war: timeline, events, the alliances of 431, in words;
* ``glossary.html`` — the shared glossary and the word bank;
* ``index.html`` — the contents, with the number of pages of each file, and ``manifest.json`` (the same, for tools).

From Python: ``build("print")`` writes them and returns the manifest; ``documents()`` gives them unwritten. The
passage sheets read the texts from the corpus (``corpus=`` as for :func:`peloponnesos.passage`); a work not on this
computer still gets its sheet, saying so in one line. Nothing here needs the internet.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from .page import Document, Sheet

__all__ = ["Document", "Sheet", "build", "documents"]


def documents(*, corpus=None) -> list[Document]:
    """Every printable document, in the order of the contents page."""
    from .diceless import diceless_document
    from .glossary import glossary_document
    from .organiser import organiser_document
    from .passages import documents as passage_documents
    from .sfacteria import sfacteria_document
    from .stories import stories_document
    from .timeline import timeline_document

    return [timeline_document(), *passage_documents(corpus=corpus), stories_document(), sfacteria_document(),
            organiser_document(), diceless_document(), glossary_document()]


def _index(docs: list[Document], missing: int = 0) -> str:
    """The contents page; ``missing``: how many passages were printed without their text (the manifest counts them)."""
    plural = missing != 1
    warning = (f'<p style="border-left:6px solid #E69F00;padding:4px 8px"><b>{missing} passage{"s" if plural else ""} '
               f'{"were" if plural else "was"} printed without {"their" if plural else "its"} text</b>: the texts were '
               "not on this computer. Their sheets give the reference and an address to read them online. Connect to "
               "the internet and run <code>make print</code> again to print them in full.</p>" if missing else "")
    rows = "".join(f'<tr><td><a href="{escape(d.name)}.html">{escape(d.title)}</a></td><td>{d.pages}</td>'
                   f"<td>{escape(d.about)}</td></tr>" for d in docs)
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>peloponnesos — the printable "
            "pack</title><style>body{font-family:Arial,Helvetica,sans-serif;font-size:14pt;margin:12mm;max-width:"
            "260mm}table{border-collapse:collapse}td,th{border:1px solid #666;padding:4px 8px;vertical-align:top;"
            "text-align:left}</style></head><body><h1>The printable pack</h1><p>Open a file and print it (File → "
            "Print; A4, 100 %, or \"Save as PDF\"). Every sheet is one page; some are landscape. Made by "
            "<code>python -m peloponnesos.printables</code> from the same data as the notebooks.</p>"
            f"{warning}<table><tr><th>File</th><th>Pages</th><th>What it is</th></tr>{rows}</table>"
            "<p>Also: <a href=\"diceless_map.svg\">diceless_map.svg</a>, the paper game's map for A3 paper.</p>"
            "</body></html>\n")


def build(out: str | Path = "print", *, corpus=None) -> dict:
    """Write the pack into ``out`` (made if missing) and return its manifest: each file, its title and pages."""
    from .diceless import extra_files
    from .passages import missing_passages

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    docs = documents(corpus=corpus)
    manifest = {"files": []}
    for d in docs:
        (folder / f"{d.name}.html").write_text(d.html(), encoding="utf-8")
        manifest["files"].append({"file": f"{d.name}.html", "title": d.title, "pages": d.pages,
                                  "landscape": [i for i, s in enumerate(d.sheets) if s.landscape],
                                  "missing": missing_passages(d)})
    for name, text in extra_files().items():
        (folder / name).write_text(text, encoding="utf-8")
    missing = sum(len(f["missing"]) for f in manifest["files"])
    (folder / "index.html").write_text(_index(docs, missing), encoding="utf-8")
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest
