"""HTML cards: :func:`passage_card` ("4.26.2") and :func:`rule_card` ("sfacteria", "7").

Styles are inline (no CSS file, no CDN), use JupyterLab's theme variables where they exist, and keep
text at projector size. English and Greek sit side by side and stack on a narrow screen.
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


class PassageCard:
    """A passage shown in English and Greek with its citation, a link to read it online and the credit."""

    def __init__(self, passage, *, english: bool = True, greek: bool = True, note: str = "") -> None:
        self.passage = passage
        self.english = english
        self.greek = greek
        self.note = note

    def _repr_html_(self) -> str:
        p = self.passage
        cols = []
        if self.english:
            cols.append(f'<div class="pelo-english" style="{COL}"><div style="{LABEL}">English (Crawley)</div>'
                        f'{_sections(p.english_sections, "en")}</div>')
        if self.greek:
            cols.append(f'<div class="pelo-greek" lang="grc" style="{COL}"><div style="{LABEL}">'
                        f'Ἑλληνιστί — Greek</div>{_sections(p.greek_sections, "grc", GREEK)}</div>')
        note = f'<p style="margin:0 0 8px 0"><em>{escape(self.note)}</em></p>' if self.note else ""
        return (
            f'<div class="pelo-card pelo-passage-card" data-ref="{escape(p.ref)}" style="{CARD}">'
            f'<p style="{HEAD}">Thucydides {escape(p.ref)} '
            f'<a href="{escape(p.url)}" target="_blank" rel="noopener" style="font-size:14px;font-weight:400">'
            f'read it online</a></p>{note}<div style="{COLS}">{"".join(cols)}</div>'
            f'<div class="pelo-credit" style="{CREDIT_STYLE}">{escape(p.credit)}</div></div>'
        )

    def __str__(self) -> str:
        p = self.passage
        parts = [f"Thucydides {p.ref}"]
        if self.english:
            parts.append(p.english)
        if self.greek and p.greek:
            parts.append(p.greek)
        parts.append(p.credit)
        return "\n\n".join(parts)

    def __repr__(self) -> str:
        return f"<PassageCard Thucydides {self.passage.ref}>"


def passage_card(ref: str, *, corpus=None, english: bool = True, greek: bool = True, note: str = "") -> PassageCard:
    """Show a passage: ``passage_card("4.26.2")`` (``greek=False`` for English only)."""
    from ..sources import passage

    return PassageCard(passage(ref, corpus=corpus), english=english, greek=greek, note=note)


class RuleCard:
    """A rule explained in our words, with the passages of Thucydides it models."""

    def __init__(self, section, *, passages: bool = True, corpus=None, greek: bool = True) -> None:
        self.section = section
        self.show_passages = passages
        self.corpus = corpus
        self.greek = greek

    def _passage_cards(self) -> list[PassageCard]:
        if not self.show_passages:
            return []
        from ..sources import passage

        return [PassageCard(passage(ref, corpus=self.corpus), greek=self.greek) for ref in self.section.passages]

    def _repr_html_(self) -> str:
        s = self.section
        badge = ""
        if s.reconstructed:
            badge = f'<span style="{BADGE}" title="{escape(s.reconstructed)}">reconstructed</span>'
        recon = (f'<p style="{CREDIT_STYLE}"><strong>Reconstructed:</strong> {escape(s.reconstructed)}</p>'
                 if s.reconstructed else "")
        refs = ", ".join(escape(r) for r in s.passages) or "none"
        cards = "".join(c._repr_html_() for c in self._passage_cards())
        return (
            f'<div class="pelo-card pelo-rule-card" data-rule="{escape(s.citation)}" style="{CARD}'
            f'border-color:#E69F00">'
            f'<p style="{HEAD}">{escape(s.citation)} — {escape(s.title)}{badge}</p>'
            f'<p style="margin:0 0 6px 0">{escape(s.summary)}</p>{recon}'
            f'<p style="{CREDIT_STYLE}">Thucydides: {refs}. The rule is explained in our own words; '
            f'numbers follow the rulebook.</p>{cards}</div>'
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
