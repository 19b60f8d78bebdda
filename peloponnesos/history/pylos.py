"""The five sources of the Pylos enquiry (lesson 07) and what each says about five questions
(``data/pylos_sources.toml``, in our own words).

>>> from peloponnesos.history import pylos
>>> [s.id for s in pylos.sources()]
['thucydides', 'diodorus', 'pausanias', 'shield', 'aristophanes']
>>> pylos.claim("how_many").answers["diodorus"]
'120 Spartiates and 180 allies (Diod. 12.63).'

:func:`source_card` shows a source for a notebook or a printed page: sourcing (who, when, was he there, for whom
and why), our description, what it is worth, and questions; :func:`claims_card` the corroboration grid. The texts
themselves are passage cards (:func:`peloponnesos.display.passage_card`): they show the words when the work is on
this computer and one plain line until it is.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from html import escape

from .timeline import DATA


@dataclass(frozen=True, slots=True)
class Source:
    id: str
    kind: str  # "text" or "object"
    work: str  # the works.toml id ("" for an object)
    short: str
    title: str
    cite: str
    read: tuple[str, ...]
    written: int  # BC; negative for AD
    after: str
    there: str
    says: str
    angle: str
    worth: str
    ask: tuple[str, ...]
    note: str = ""
    when: str = ""  # how to say when it was made, if a single year would mislead ("431 to about 400 BC")
    museum: str = ""
    where: str = ""
    found: str = ""
    describe: str = ""
    inscription: str = ""
    inscription_greek: str = ""
    link: str = ""

    @property
    def written_label(self) -> str:
        if self.when:
            return self.when
        return f"{self.written} BC" if self.written > 0 else f"AD {-self.written}"

    @property
    def years_after(self) -> int:
        """Years between the surrender (425 BC) and when the source was made (there is no year 0)."""
        return 425 - self.written if self.written > 0 else 425 + (-self.written) - 1

    def available(self, corpus=None) -> bool:
        """Is the text of this source on this computer? (Always True for an object: there is no text to fetch.)"""
        if self.kind == "object":
            return True
        from ..sources import CorpusNotFound, passage

        try:
            passage(self.read[0] if self.read else self.cite, corpus=corpus)
        except CorpusNotFound:
            return False
        return True


@dataclass(frozen=True, slots=True)
class Claim:
    id: str
    question: str
    answers: dict  # source id -> what it says ("" if nothing)


@cache
def _data() -> dict:
    with open(DATA / "pylos_sources.toml", "rb") as f:
        return tomllib.load(f)


@cache
def sources() -> tuple[Source, ...]:
    """The sources in the order the lesson takes them."""
    fields = Source.__dataclass_fields__
    out = []
    for s in _data()["source"]:
        values = {k: (tuple(v) if isinstance(v, list) else v) for k, v in s.items() if k in fields}
        out.append(Source(**values))
    return tuple(out)


def source(source_id: str) -> Source:
    for s in sources():
        if s.id == source_id:
            return s
    raise KeyError(f"no source {source_id!r}: the sources are {', '.join(s.id for s in sources())}")


@cache
def claims() -> tuple[Claim, ...]:
    ids = [s.id for s in sources()]
    return tuple(Claim(c["id"], c["question"], {i: c.get(i, "") for i in ids}) for c in _data()["claim"])


def claim(claim_id: str) -> Claim:
    for c in claims():
        if c.id == claim_id:
            return c
    raise KeyError(f"no question {claim_id!r}: the questions are {', '.join(c.id for c in claims())}")


def enquiry() -> str:
    return _data()["enquiry"]


def moves() -> dict[str, str]:
    """The four moves of historical thinking (Stanford History Education Group, now the Digital Inquiry Group)."""
    return dict(_data()["moves"])


def sourcing_rows() -> list[dict]:
    """One row per source: what it is, when it was made, how long after, was its maker there."""
    from ..sources import work

    rows = []
    for s in sources():
        maker = work(s.work).author if s.work else "Athenian craftsmen, for the city"
        rows.append({"source": s.short, "made by": maker, "when": s.written_label, "after Pylos": s.after,
                     "was he there?": s.there.split(":")[0].split(".")[0]})
    return rows


# Cards -----------------------------------------------------------------------------------------------------------

CARD = ("font-family: var(--jp-content-font-family, system-ui, sans-serif); font-size: 17px; line-height: 1.5;"
        "border: 2px solid #009E73; border-radius: 8px; padding: 12px 16px; margin: 8px 0; max-width: 1100px;"
        "color: var(--jp-content-font-color1, #111); background: var(--jp-layout-color0, #fff);")
ROW = "margin: 4px 0;"
TABLE = "border-collapse: collapse; font-size: 16px; margin: 6px 0;"
CELL = "border: 1px solid #777; padding: 4px 8px; vertical-align: top; text-align: left;"


class SourceCard:
    """One source of the enquiry: sourcing, our description, its worth, questions (no ancient text copied)."""

    def __init__(self, s: Source, *, corpus=None) -> None:
        self.source = s
        self.corpus = corpus

    def html(self) -> str:
        from ..display.cards import headnote_html
        from ..sources import work

        s = self.source
        rows = []
        if s.work:
            w = work(s.work)
            rows.append(headnote_html(w, folded=True))
            status = ("its text is on this computer: read it below" if s.available(self.corpus) else
                      "its text is not on this computer yet: the description below is ours; the card under it "
                      "links to the text online")
            rows.append(f'<p style="{ROW}"><strong>{escape(s.title)}</strong> — {escape(status)}.</p>')
        else:
            link = (f' (<a href="{escape(s.link)}" target="_blank" rel="noopener">the museum\'s record, online</a>)'
                    if s.link else "")
            rows.append(f'<p style="{ROW}"><strong>{escape(s.museum)}</strong>, {escape(s.where)}{link}.</p>'
                        f'<p style="{ROW}"><strong>What it is:</strong> {escape(s.describe)}</p>'
                        f'<p style="{ROW}"><strong>Found:</strong> {escape(s.found)}</p>'
                        f'<p style="{ROW}"><strong>What it says:</strong> '
                        '<span lang="grc" style="letter-spacing:.08em">'
                        f'{escape(s.inscription_greek)}</span>. {escape(s.inscription)}</p>')
        rows.append(f'<p style="{ROW}"><strong>Made:</strong> {escape(s.written_label)}, {escape(s.after)}. '
                    f'<strong>Was its maker there?</strong> {escape(s.there)}</p>')
        rows.append(f'<p style="{ROW}"><strong>What it tells about Pylos (in our words):</strong> {escape(s.says)}</p>')
        rows.append(f'<p style="{ROW}"><strong>Why it tells it that way:</strong> {escape(s.angle)}</p>')
        rows.append(f'<p style="{ROW}"><strong>What it is worth:</strong> {escape(s.worth)}</p>')
        if s.note:
            rows.append(f'<p style="{ROW}font-size:14px"><em>{escape(s.note)}</em></p>')
        asks = "".join(f"<li>{escape(q)}</li>" for q in s.ask)
        rows.append(f'<p style="{ROW}"><strong>Ask:</strong></p><ul style="margin:0 0 0 20px">{asks}</ul>')
        return (f'<div class="pelo-card pelo-source-card" data-source="{escape(s.id)}" style="{CARD}">'
                f'<p style="font-size:19px;font-weight:700;margin:0 0 6px 0">{escape(s.short)}</p>'
                f'{"".join(rows)}</div>')

    def _repr_html_(self) -> str:
        return self.html()

    def __str__(self) -> str:
        s = self.source
        return "\n".join([s.title, f"Made: {s.written_label} ({s.after}). There? {s.there}", s.says,
                          f"Why: {s.angle}", f"Worth: {s.worth}"])

    def __repr__(self) -> str:
        return f"<SourceCard {self.source.id}>"


def source_card(source_id: str, *, corpus=None) -> SourceCard:
    return SourceCard(source(source_id), corpus=corpus)


class ClaimsCard:
    """The corroboration grid: each question against each source, with the gaps left empty on purpose."""

    def __init__(self, chosen: tuple[Claim, ...]) -> None:
        self.claims = chosen

    def rows(self) -> list[dict]:
        names = {s.id: s.short for s in sources()}
        return [{"question": c.question, **{names[k]: v or "—" for k, v in c.answers.items()}} for c in self.claims]

    def html(self) -> str:
        srcs = sources()
        head = "".join(f'<th scope="col" style="{CELL}">{escape(s.short)}</th>' for s in srcs)
        body = []
        for c in self.claims:
            cells = "".join(f'<td style="{CELL}">{escape(c.answers[s.id]) or "<em>says nothing</em>"}</td>'
                            for s in srcs)
            body.append(f'<tr><th scope="row" style="{CELL}">{escape(c.question)}</th>{cells}</tr>')
        return (f'<div class="pelo-card pelo-claims" style="{CARD}"><p style="font-size:19px;font-weight:700;'
                f'margin:0 0 6px 0">Who says what? (our summaries, with the passages)</p>'
                f'<div style="overflow-x:auto"><table style="{TABLE}"><tr><th style="{CELL}">Question</th>{head}</tr>'
                f'{"".join(body)}</table></div></div>')

    def _repr_html_(self) -> str:
        return self.html()

    def __str__(self) -> str:
        lines = []
        for row in self.rows():
            lines.append(row.pop("question"))
            lines.extend(f"  {k}: {v}" for k, v in row.items())
        return "\n".join(lines)


def claims_card(*claim_ids: str) -> ClaimsCard:
    """The grid for the questions named (all five if none)."""
    return ClaimsCard(tuple(claim(i) for i in claim_ids) if claim_ids else claims())
