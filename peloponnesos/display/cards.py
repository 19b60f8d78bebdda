"""HTML cards: :func:`passage_card` ("4.26.2") and :func:`rule_card` ("sfacteria", "7").

Styles are inline (no CSS file, no CDN), use JupyterLab's theme variables where they exist, and keep
text at projector size. English and Greek sit side by side and stack on a narrow screen.

Without the text of Thucydides (not downloaded yet, no network, a damaged file) a card still shows: the
reference(s), a link to read them online, and one plain line saying what to do (the details folded
away, for whoever looks after the computer), never a traceback.
"""

from __future__ import annotations

from html import escape

CARD = ("font-family: var(--jp-content-font-family, system-ui, sans-serif); font-size: 17px; line-height: 1.5;"
        "border: 2px solid #0072B2; border-radius: 8px; padding: 12px 16px; margin: 8px 0; max-width: 1100px;"
        "color: var(--jp-content-font-color1, #111); background: var(--jp-layout-color0, #fff);")
HEAD = "font-size: 19px; font-weight: 700; margin: 0 0 8px 0;"
COLS = "display: flex; flex-wrap: wrap; gap: 16px;"
COL = "flex: 1 1 320px; min-width: 260px;"
LABEL = "font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--jp-content-font-color2, #444);"
GREEK = "font-family: 'GFS Didot', 'Gentium Plus', 'Noto Serif', 'Times New Roman', serif; font-size: 18px;"
CREDIT_STYLE = "font-size: 13px; color: var(--jp-content-font-color2, #444); margin-top: 10px;"
MISSING = ("margin: 6px 0; padding: 4px 10px; border-left: 6px solid #E69F00; font-size: 17px;"
           "background: var(--jp-layout-color2, #f4f4f4);")
LINK = "font-size: 14px; font-weight: 400;"
DETAILS = "font-size: 13px; color: var(--jp-content-font-color2, #444); margin: 4px 0 0 0;"
BADGE = ("display: inline-block; font-size: 13px; font-weight: 700; padding: 1px 8px; border-radius: 10px;"
         "border: 1px solid #000; background: #F0E442; color: #000; margin-left: 8px;")


def _sections(pairs, lang: str, style: str = "") -> str:
    out = []
    for ref, text in pairs:
        if not text:
            continue
        number = ref.rsplit(".", 1)[-1] if len(pairs) > 1 else ""
        sup = f'<sup style="color:#555">{escape(number)}</sup>&nbsp;' if number else ""
        out.append(f'<span lang="{lang}" style="{style}">{sup}{escape(text)}</span>')
    return " ".join(out) or '<em>(no text for this passage in this language)</em>'


def _link(ref: str, text: str, style: str = "") -> str:
    """A link to the passage in the online reader (it needs no corpus); the bare text if ``ref`` is not a citation."""
    from ..sources import BadReference, reader_url

    try:
        url = reader_url(ref)
    except BadReference:
        return escape(text)
    return f'<a href="{escape(url)}" target="_blank" rel="noopener" style="{style}">{escape(text)}</a>'


def _missing_html(problem: Exception) -> str:
    """One plain line saying why the text is missing and what to do; the full message folded away."""
    hint = getattr(problem, "hint", None) or str(problem)
    return (f'<p class="pelo-missing" role="note" style="{MISSING}">{escape(hint)}</p>'
            f'<details style="{DETAILS}"><summary>Details for whoever looks after this computer</summary>'
            f'{escape(str(problem))}</details>')


class PassageCard:
    """A passage shown in English and Greek with its citation, a link to read it online and the credit.

    Without the text (``passage`` None, ``problem`` the :class:`~peloponnesos.sources.CorpusNotFound`): the
    citation, the link and one plain line.
    """

    def __init__(self, passage, *, english: bool = True, greek: bool = True, note: str = "",
                 ref: str | None = None, problem: Exception | None = None) -> None:
        self.passage = passage
        self.ref = passage.ref if passage is not None else ref
        self.problem = problem
        self.english = english
        self.greek = greek
        self.note = note

    def _repr_html_(self) -> str:
        p = self.passage
        note = f'<p style="margin:0 0 8px 0"><em>{escape(self.note)}</em></p>' if self.note else ""
        head = f'<p style="{HEAD}">Thucydides {escape(self.ref)} {_link(self.ref, "read it online", LINK)}</p>{note}'
        if p is None:
            return (f'<div class="pelo-card pelo-passage-card pelo-passage-missing" data-ref="{escape(self.ref)}" '
                    f'style="{CARD}">{head}{_missing_html(self.problem)}</div>')
        cols = []
        if self.english:
            cols.append(f'<div class="pelo-english" style="{COL}"><div style="{LABEL}">English (Crawley)</div>'
                        f'{_sections(p.english_sections, "en")}</div>')
        if self.greek:
            cols.append(f'<div class="pelo-greek" lang="grc" style="{COL}"><div style="{LABEL}">'
                        f'Ἑλληνιστί — Greek</div>{_sections(p.greek_sections, "grc", GREEK)}</div>')
        return (
            f'<div class="pelo-card pelo-passage-card" data-ref="{escape(p.ref)}" style="{CARD}">'
            f'{head}<div style="{COLS}">{"".join(cols)}</div>'
            f'<div class="pelo-credit" style="{CREDIT_STYLE}">{escape(p.credit)}</div></div>'
        )

    def __str__(self) -> str:
        p = self.passage
        if p is None:
            return f"Thucydides {self.ref}\n{getattr(self.problem, 'hint', self.problem)}"
        parts = [f"Thucydides {p.ref}"]
        if self.english:
            parts.append(p.english)
        if self.greek and p.greek:
            parts.append(p.greek)
        parts.append(p.credit)
        return "\n\n".join(parts)

    def __repr__(self) -> str:
        missing = " (text not available)" if self.passage is None else ""
        return f"<PassageCard Thucydides {self.ref}{missing}>"


def passage_card(ref: str, *, corpus=None, english: bool = True, greek: bool = True, note: str = "") -> PassageCard:
    """Show a passage: ``passage_card("4.26.2")`` (``greek=False`` for English only).

    A citation that is not one raises :class:`~peloponnesos.sources.BadReference`; without the text of
    Thucydides the card shows the citation and one line saying how to get the text.
    """
    from ..sources import CorpusNotFound, Reference, parse_reference, passage

    try:
        found = passage(ref, corpus=corpus)
    except CorpusNotFound as problem:
        text = parse_reference(ref.text if isinstance(ref, Reference) else ref).text
        return PassageCard(None, ref=text, problem=problem, english=english, greek=greek, note=note)
    return PassageCard(found, english=english, greek=greek, note=note)


class RuleCard:
    """A rule explained in our words, with the passages of Thucydides it models.

    Without the text of Thucydides: the rule, its references as links, and one plain line for them all.
    """

    def __init__(self, section, *, passages: bool = True, corpus=None, greek: bool = True) -> None:
        self.section = section
        self.show_passages = passages
        self.corpus = corpus
        self.greek = greek

    def _passage_cards(self) -> tuple[list[PassageCard], Exception | None]:
        """The cards of the rule's passages, or none and the problem if the text is not available."""
        if not self.show_passages:
            return [], None
        from ..sources import CorpusNotFound, passage

        cards = []
        for ref in self.section.passages:
            try:
                cards.append(PassageCard(passage(ref, corpus=self.corpus), greek=self.greek))
            except CorpusNotFound as problem:  # the same for every passage: say it once
                return [], problem
        return cards, None

    def _repr_html_(self) -> str:
        s = self.section
        badge = ""
        if s.reconstructed:
            badge = f'<span style="{BADGE}" title="{escape(s.reconstructed)}">reconstructed</span>'
        recon = (f'<p style="{CREDIT_STYLE}"><strong>Reconstructed:</strong> {escape(s.reconstructed)}</p>'
                 if s.reconstructed else "")
        refs = ", ".join(_link(r, r) for r in s.passages) or "none"
        cards, problem = self._passage_cards()
        body = _missing_html(problem) if problem is not None else "".join(c._repr_html_() for c in cards)
        return (
            f'<div class="pelo-card pelo-rule-card" data-rule="{escape(s.citation)}" style="{CARD}'
            f'border-color:#E69F00">'
            f'<p style="{HEAD}">{escape(s.citation)} — {escape(s.title)}{badge}</p>'
            f'<p style="margin:0 0 6px 0">{escape(s.summary)}</p>{recon}'
            f'<p style="{CREDIT_STYLE}">Thucydides: {refs}. The rule is explained in our own words; '
            f'numbers follow the rulebook.</p>{body}</div>'
        )

    def __str__(self) -> str:
        s = self.section
        text = f"{s.citation} — {s.title}\n{s.summary}"
        if s.reconstructed:
            text += f"\nReconstructed: {s.reconstructed}"
        if s.passages:
            text += f"\nThucydides: {', '.join(s.passages)}"
        return text

    def __repr__(self) -> str:
        return f"<RuleCard {self.section.citation}>"


def rule_card(game: str, number: str, *, passages: bool = True, corpus=None, greek: bool = True) -> RuleCard:
    """Show a rule with its passages: ``rule_card("sfacteria", "7")``."""
    from .. import rules

    return RuleCard(rules(game)[number], passages=passages, corpus=corpus, greek=greek)
