"""The HTML shell of every printable file: A4 pages a browser prints well (File → Print, "Save as PDF" or paper).

One :class:`Sheet` is one printed page (``break-after: page``), portrait or landscape; a sheet is designed to fit
its page, and the tests print every file in Chromium and check that no sheet runs onto a second page and that no
element is wider than the page. Fonts are the system's (no download); colours are Okabe–Ito and never carry
meaning alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

#: Page sizes in millimetres and the margin every page keeps.
A4 = (210.0, 297.0)
MARGIN_MM = 12.0

CSS = f"""
@page {{ size: A4 portrait; margin: {MARGIN_MM:g}mm; }}
@page landscape {{ size: A4 landscape; margin: {MARGIN_MM:g}mm; }}
* {{ box-sizing: border-box; }}
html, body {{ margin: 0; padding: 0; }}
body {{ font-family: "Atkinson Hyperlegible", Arial, Helvetica, sans-serif; font-size: 16pt; line-height: 1.35;
       color: #000; background: #fff; -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
.sheet {{ break-after: page; page-break-after: always; width: {A4[0] - 2 * MARGIN_MM:g}mm; }}
.sheet:last-child {{ break-after: auto; page-break-after: auto; }}
.landscape {{ page: landscape; width: {A4[1] - 2 * MARGIN_MM:g}mm; }}
h1 {{ font-size: 22pt; margin: 0 0 3mm 0; line-height: 1.15; }}
h2 {{ font-size: 18pt; margin: 3mm 0 2mm 0; line-height: 1.2; }}
h3 {{ font-size: 16pt; margin: 2mm 0 1mm 0; }}
p {{ margin: 0 0 2.5mm 0; }}
.kicker {{ font-size: 11pt; color: #333; margin: 0 0 2mm 0; }}
.greek {{ font-family: "GFS Didot", "Gentium Plus", "Noto Serif", "DejaVu Serif", "Times New Roman", serif; }}
.box {{ border: 0.5mm solid #000; border-radius: 2mm; padding: 3mm 4mm; margin: 0 0 3mm 0; }}
.headnote {{ border-left: 2mm solid #0072B2; background: #EEF5FB; padding: 2mm 4mm; margin: 0 0 3mm 0; }}
.wordbank {{ border: 0.5mm dashed #000; padding: 2mm 4mm; margin: 3mm 0 0 0; }}
.wordbank ul {{ margin: 1mm 0 0 0; padding-left: 6mm; }}
.recon {{ background: #F0E442; color: #000; padding: 0.5mm 2mm; font-weight: bold; font-size: 11pt; }}
.adapted {{ background: #F0E442; color: #000; border: 0.4mm solid #000; border-radius: 3mm; padding: 0 2mm;
            font-size: 12pt; font-weight: bold; }}
.missing {{ border-left: 2mm solid #E69F00; background: #F4F4F4; padding: 2mm 4mm; }}
.credit {{ font-size: 10pt; color: #333; margin-top: 3mm; }}
.small {{ font-size: 11pt; }}
table.grid {{ border-collapse: collapse; width: 100%; table-layout: fixed; }}
table.grid th, table.grid td {{ border: 0.35mm solid #000; padding: 1.5mm 2mm; vertical-align: top; text-align: left;
                               overflow-wrap: anywhere; }}
.write {{ height: 100%; }}
.lines {{ background: repeating-linear-gradient(#fff, #fff 9mm, #999 9mm, #999 9.3mm); }}
.url {{ font-size: 10pt; overflow-wrap: anywhere; }}
"""


@dataclass(frozen=True, slots=True)
class Sheet:
    """One printed page: its HTML body, and whether it is landscape."""

    body: str
    landscape: bool = False
    label: str = ""

    def html(self) -> str:
        cls = "sheet landscape" if self.landscape else "sheet"
        label = f' data-sheet="{escape(self.label)}"' if self.label else ""
        return f'<section class="{cls}"{label}>{self.body}</section>'


@dataclass(frozen=True, slots=True)
class Document:
    """A printable file: a title, its sheets, and any extra CSS it needs."""

    name: str  # the file name, without .html
    title: str
    sheets: tuple[Sheet, ...]
    css: str = ""
    about: str = ""  # one line for the contents page: what it is and for whom

    @property
    def pages(self) -> int:
        return len(self.sheets)

    def html(self) -> str:
        body = "\n".join(s.html() for s in self.sheets)
        return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{escape(self.title)}</title>'
                f'<meta name="viewport" content="width=device-width"><style>{CSS}{self.css}</style></head>'
                f"<body>\n{body}\n</body></html>\n")


def kicker(text: str) -> str:
    """The small line at the top of a sheet (what it is, for which lesson)."""
    return f'<p class="kicker">{escape(text)}</p>'
