"""HTML cards: :func:`passage_card` ("4.26.2", "Diod. 12.61"), :func:`rule_card` ("sfacteria", "7"),
:func:`compare_card` ("cleon"), :func:`glossary_card` and :func:`term_card`.

Styles are inline (no CSS file, no CDN), use JupyterLab's theme variables where they exist, and keep
text at projector size. English and Greek sit side by side and stack on a narrow screen.

Every passage card shows its headnote (who wrote it, when, was he there, for whom and why), the CTS URN,
links to read the English and the Greek online, and the credit line; glossary words in the English are
underlined and explained under the text; each Greek word links to a dictionary (online; nothing needs the
internet to show). Where a translator's sentence runs over a section boundary the card shows it whole, the
extra words set apart and said so in words. ``adapted=True`` shows our retelling for ages 8–11, marked
*adapted*, with the original one click away.

Without the text (not downloaded yet, no network, a damaged file, a work not yet on this computer) a card
still shows: the reference, what the work is, links to read it online, and one plain line saying what to do
(the details folded away, for whoever looks after the computer), never a traceback.
"""

from __future__ import annotations

import re
import unicodedata
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
SMALL = "font-size: 14px; color: var(--jp-content-font-color2, #444); margin: 4px 0;"
MISSING = ("margin: 6px 0; padding: 4px 10px; border-left: 6px solid #E69F00; font-size: 17px;"
           "background: var(--jp-layout-color2, #f4f4f4);")
LINK = "font-size: 14px; font-weight: 400;"
DETAILS = "font-size: 13px; color: var(--jp-content-font-color2, #444); margin: 4px 0 0 0;"
BADGE = ("display: inline-block; font-size: 13px; font-weight: 700; padding: 1px 8px; border-radius: 10px;"
         "border: 1px solid #000; background: #F0E442; color: #000; margin-left: 8px;")
HEADNOTE = ("font-size: 15px; margin: 0 0 10px 0; padding: 6px 10px; border-left: 4px solid #0072B2;"
            "background: var(--jp-layout-color1, #f7fbff);")
TERM = "border-bottom: 2px dotted #0072B2; cursor: help;"
CONTEXT = "color: var(--jp-content-font-color2, #555); font-style: italic;"
MARK = "background: #F0E442; color: #000; font-weight: 700; padding: 0 2px; border-bottom: 3px solid #000;"
ADAPTED_TEXT = "font-size: 22px; line-height: 1.6; margin: 6px 0 10px 0;"
WORD_LINK = "color:inherit;text-decoration:none"
MORPH = "https://www.perseus.tufts.edu/hopper/morph?la=greek&l="


# Pieces shared by the cards -------------------------------------------------------------------------------------


def _link(ref: str, text: str, style: str = "", language: str = "english") -> str:
    """A link to the passage in the online reader (it needs no corpus); the bare text if ``ref`` is not a citation."""
    from ..sources import BadReference, reader_url

    try:
        url = reader_url(ref, language)
    except BadReference:
        return escape(text)
    return f'<a href="{escape(url)}" target="_blank" rel="noopener" style="{style}">{escape(text)}</a>'


def _missing_html(problem: Exception) -> str:
    """One plain line saying why the text is missing and what to do; the full message folded away."""
    hint = getattr(problem, "hint", None) or str(problem)
    return (f'<p class="pelo-missing" role="note" style="{MISSING}">{escape(hint)}</p>'
            f'<details style="{DETAILS}"><summary>Details for whoever looks after this computer</summary>'
            f'{escape(str(problem))}</details>')


def dictionary_url(word: str) -> str:
    """The Perseus morphology and dictionary look-up of a Greek word form (online). The Greek stays as it is (a
    browser encodes it when the link is followed), which keeps a card with hundreds of linked words small."""
    return MORPH + unicodedata.normalize("NFC", word).replace("&", "").replace("#", "")


_GREEK_WORD = re.compile(r"([^\w\u0300-\u036f’᾽ʼ']*)([\w\u0300-\u036f’᾽ʼ']+?)([’᾽ʼ']?)([^\w\u0300-\u036f]*)$")


def greek_words_html(text: str) -> str:
    """Greek text with each word a link to its dictionary look-up (punctuation left outside the links)."""
    out = []
    for token in re.split(r"(\s+)", text):
        match = _GREEK_WORD.match(token) if token and not token.isspace() else None
        if match is None or not any("\u0370" <= ch <= "\u03ff" or "\u1f00" <= ch <= "\u1fff" for ch in match[2]):
            out.append(escape(token))
            continue
        lead, word, elision, tail = match.groups()
        # no target="_blank" here: JupyterLab and Voilà open links from an output in a new tab themselves
        out.append(f'{escape(lead)}<a href="{escape(dictionary_url(word))}" style="{WORD_LINK}">'
                   f'{escape(word + elision)}</a>{escape(tail)}')
    return "".join(out)


def _terms_html(text: str, seen: set[str], found: list) -> str:
    """English text with the first appearance on the card of each glossary word underlined and titled."""
    from ..sources.glossary import find_terms

    out, at = [], 0
    for term, start, end in find_terms(text):
        if term.term in seen:
            continue
        seen.add(term.term)
        found.append(term)
        out.append(escape(text[at:start]))
        out.append(f'<span class="pelo-term" data-term="{escape(term.term)}" title="{escape(term.definition)}" '
                   f'style="{TERM}">{escape(text[start:end])}</span>')
        at = end
    out.append(escape(text[at:]))
    return "".join(out)


def _text_html(text: str, lang: str, *, seen: set[str] | None, found: list, dictionary: bool) -> str:
    if lang == "grc":
        return greek_words_html(text) if dictionary else escape(text)
    return _terms_html(text, seen, found) if seen is not None else escape(text)


def _sections(pairs, lang: str, style: str = "", *, context=(None, None), seen: set[str] | None = None,
              found: list | None = None, dictionary: bool = False, numbered: bool | None = None) -> str:
    found = [] if found is None else found
    numbered = len(pairs) > 1 or any(context) if numbered is None else numbered
    out = []
    before, after = context

    def extra(part: tuple[str, str]) -> str:  # words of a neighbouring section that complete a sentence
        text = _text_html(part[1], lang, seen=seen, found=found, dictionary=dictionary)
        return (f'<span class="pelo-context" lang="{lang}" style="{style}{CONTEXT}"><sup>[{escape(part[0])}]'
                f'</sup>&nbsp;{text}</span>')

    if before:
        out.append(extra(before))
    for ref, text in pairs:
        if not text:
            continue
        number = ref.rsplit(".", 1)[-1] if numbered else ""
        sup = f'<sup style="color:#555">{escape(number)}</sup>&nbsp;' if number else ""
        body = _text_html(text, lang, seen=seen, found=found, dictionary=dictionary)
        out.append(f'<span lang="{lang}" style="{style}">{sup}{body}</span>')
    if after:
        out.append(extra(after))
    if not any(text for _, text in pairs):
        return '<em>(no text for this passage in this language)</em>'
    return " ".join(out)


def headnote_html(work, *, folded: bool = False, children: bool = False) -> str:
    """The work's headnote: who wrote it, when, whether he was there, for whom and why (our words, cited), open
    (it can be folded away) or ``folded``; ``children`` puts the version for ages 8–11 first, the rest folded."""
    note = work.headnote
    rows = "".join(f'<p style="margin:2px 0"><strong>{escape(q)}</strong> {escape(a)}</p>' for q, a in note.items())
    title = f"About the source: {escape(work.label)}"
    if children and note.children:
        return (f'<div class="pelo-headnote" role="note" style="{HEADNOTE}font-size:17px">'
                f'<p style="margin:0"><strong>Who wrote this? Was he there?</strong> {escape(note.children)}</p>'
                f'<details style="font-size:15px"><summary>More about {escape(work.author)} (for the teacher)</summary>'
                f'{rows}</details></div>')
    opened = "" if folded else " open"
    return (f'<details class="pelo-headnote"{opened} style="{HEADNOTE}"><summary><strong>{title}</strong> '
            f'(who wrote it, when, was he there, for whom and why?)</summary>{rows}</details>')


def _words_html(terms, *, simple: bool = False, greek: bool = True) -> str:
    """The glossary words met on the card, each explained in one line (bigger, and simpler, for ages 8–11)."""
    if not terms:
        return ""
    rows = []
    for t in terms:
        name = f"{t.term} ({t.greek})" if greek else t.term
        rows.append(f'<li><strong>{escape(name)}</strong>: {escape(t.simple if simple else t.definition)}</li>')
    style = SMALL + ("font-size:17px;" if simple else "")
    return (f'<div class="pelo-words" style="{style}"><strong>{"Word bank" if simple else "Words on this card"}'
            f'</strong><ul style="margin:2px 0 0 18px;padding:0">{"".join(rows)}</ul></div>')


def _urn_html(p) -> str:
    english = p.source.file("english")
    greek = p.source.file("greek")
    links = []
    if english:
        links.append(_link(p.ref, "read the English online", LINK, "english"))
    if greek:
        links.append(_link(p.ref, "read the Greek online", LINK, "greek"))
    return (f'<p class="pelo-urn" style="{SMALL}">CTS URN: <code>{escape(p.urn)}</code> · '
            f'{" · ".join(links)}</p>')


def _title(ref: str) -> tuple[str, object]:
    """The card's title for a citation ("Thucydides 4.26.2", "Diodorus 12.61") and its work."""
    from ..sources import parse_reference, work

    reference = parse_reference(ref)
    w = work(reference.work)
    return f"{w.short} {reference.numbers}", w


# Passage cards --------------------------------------------------------------------------------------------------


class PassageCard:
    """A passage shown in English and Greek with its headnote, URN, links online and the credit.

    Without the text (``passage`` None, ``problem`` the :class:`~peloponnesos.sources.CorpusNotFound`): the
    citation, what the work is, the links and one plain line. ``adapted`` (an
    :class:`~peloponnesos.sources.adapted.Adapted`) shows our retelling first, the original one click away.
    """

    def __init__(self, passage, *, english: bool = True, greek: bool = True, note: str = "",
                 ref: str | None = None, problem: Exception | None = None, adapted=None, headnote: bool | str = True,
                 whole_sentences: bool = True, dictionary: bool = True, terms: bool = True,
                 highlight: dict | None = None) -> None:
        self.passage = passage
        self.ref = passage.ref if passage is not None else ref
        self.problem = problem
        self.english = english
        self.greek = greek
        self.note = note
        self.adapted = adapted
        self.headnote = headnote
        self.whole_sentences = whole_sentences
        self.dictionary = dictionary
        self.terms = terms
        self.highlight = highlight or {}

    @property
    def title(self) -> str:
        """``"Thucydides 4.26.2-3"``, ``"Diodorus 12.61"``."""
        return _title(self.ref)[0]

    @property
    def work(self):
        return self.passage.source if self.passage is not None else _title(self.ref)[1]

    def _head(self) -> str:
        note = f'<p style="margin:0 0 8px 0"><em>{escape(self.note)}</em></p>' if self.note else ""
        badge = f'<span style="{BADGE}">adapted</span>' if self.adapted is not None else ""
        links = _link(self.ref, "read it online", LINK)
        return f'<p style="{HEAD}">{escape(self.title)}{badge} {links}</p>{note}'

    def _columns(self, p, found: list, seen: set[str] | None) -> str:
        seen = seen if self.terms else None
        cols = []
        if self.english:
            context = p.english_context if self.whole_sentences else (None, None)
            label = p.source.file("english")["label"] if p.source.file("english") else "English"
            card_note = ""
            if p.english_unit == "card" and p.english_sections:
                cards = ", ".join(c for c, _ in p.english_sections)
                card_note = (f'<p style="{SMALL}">This translation is not divided line by line: shown is its '
                             f'passage for lines {escape(cards)} onwards, which holds {escape(p.label)}.</p>')
            body = _sections(p.english_sections, "en", context=context, seen=seen, found=found,
                             numbered=False if p.english_unit == "card" else None)
            body = _highlight(body, self.highlight.get("english"))
            cols.append(f'<div class="pelo-english" style="{COL}"><div style="{LABEL}">{escape(label)}</div>'
                        f'{card_note}{body}</div>')
        if self.greek:
            context = p.greek_context if self.whole_sentences else (None, None)
            label = "Ἑλληνιστί — Greek"
            hint = (f'<div style="{SMALL}">Click a Greek word to look it up (Perseus dictionary, online).</div>'
                    if self.dictionary and p.greek else "")
            body = _sections(p.greek_sections, "grc", GREEK, context=context, dictionary=self.dictionary)
            body = _highlight(body, self.highlight.get("greek"), greek=True)
            cols.append(f'<div class="pelo-greek" lang="grc" style="{COL}"><div style="{LABEL}">'
                        f'{label}</div>{hint}{body}</div>')
        return f'<div style="{COLS}">{"".join(cols)}</div>'

    def _extensions(self, p) -> str:
        if not self.whole_sentences:
            return ""
        notes = (p.extension_notes("english") if self.english else []) + (p.extension_notes("greek") if self.greek
                                                                            else [])
        if not notes:
            return ""
        text = " ".join(notes) + " The extra words are set in italics, with their section in brackets."
        return f'<p class="pelo-extended" role="note" style="{SMALL}">{escape(text)}</p>'

    def _original_html(self, found: list, seen: set[str], words: bool = True) -> str:
        p = self.passage
        if p is None:
            return _missing_html(self.problem)
        columns = self._columns(p, found, seen)  # first: it collects the glossary words listed below
        listed = _words_html(found, greek=self.greek) if words else ""
        return (f'{columns}{self._extensions(p)}{listed}'
                f'<div class="pelo-credit" style="{CREDIT_STYLE}">{escape(p.credit)}</div>')

    def _adapted_html(self) -> str:
        a = self.adapted
        from ..sources.glossary import UnknownTerm, term

        words = []
        for name in a.words:
            try:
                words.append(term(name))
            except UnknownTerm:
                continue
        say = f'<p style="font-size:17px;margin:4px 0">Say it: {escape(a.say)}</p>' if a.say else ""
        author = self.work.author
        possessive = f"{author}'" if author.endswith("s") else f"{author}'s"
        original = self._original_html([], set())
        return (f'<div class="pelo-adapted" lang="en"><p style="font-size:19px;font-weight:700;margin:4px 0">'
                f'{escape(a.title)}</p><p style="{ADAPTED_TEXT}">{escape(a.text)}</p>'
                f'<p style="font-size:15px;margin:4px 0"><em>Adapted</em>: retold by us in simple words, for ages '
                f'{escape(a.ages)}. These are not {escape(possessive)} own words: open the original below.</p>{say}'
                f'{_words_html(words, simple=True, greek=self.greek)}</div>'
                f'<details class="pelo-original"><summary style="font-size:17px;cursor:pointer">Read the original: '
                f'{escape(self.title)}</summary>{original}</details>')

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, *, seen: set[str] | None = None, found: list | None = None, words: bool = True) -> str:
        """The card's HTML; a card inside another (a rule card) passes the glossary words already explained
        (``seen``) and collects the new ones (``found``) instead of listing them (``words=False``)."""
        work = self.work
        headnote = (headnote_html(work, folded=self.headnote == "folded", children=self.adapted is not None)
                    if self.headnote else "")
        urn = _urn_html(self.passage) if self.passage is not None else _urn_missing(self.ref)
        classes = "pelo-card pelo-passage-card" + (" pelo-passage-missing" if self.passage is None else "")
        if self.adapted is not None:
            body = self._adapted_html()
        elif self.passage is None:
            from ..sources import WorkNotAvailable

            what = ("" if isinstance(self.problem, WorkNotAvailable)  # its one line says what the work is
                    else f'<p style="{SMALL}">{escape(work.describe())}</p>')
            body = f'{what}{_missing_html(self.problem)}'
        else:
            body = self._original_html([] if found is None else found, set() if seen is None else seen, words)
        return (f'<div class="{classes}" data-ref="{escape(self.ref)}" data-work="{escape(work.id)}" style="{CARD}">'
                f'{self._head()}{headnote}{body}{urn}</div>')

    def __str__(self) -> str:
        p = self.passage
        if p is None:
            return f"{self.title}\n{getattr(self.problem, 'hint', self.problem)}"
        parts = [self.title]
        if self.adapted is not None:
            parts.append(f"{self.adapted.title} (adapted)\n{self.adapted.text}")
        if self.english:
            parts.append(p.whole("english") if self.whole_sentences else p.english)
        if self.greek and p.greek:
            parts.append(p.whole("greek") if self.whole_sentences else p.greek)
        if self.headnote:
            parts.append(str(p.source.headnote))
        parts.append(f"{p.urn}\n{p.credit}")
        return "\n\n".join(parts)

    def __repr__(self) -> str:
        missing = " (text not available)" if self.passage is None else ""
        return f"<PassageCard {self.title}{missing}>"


def _urn_missing(ref: str) -> str:
    from ..sources import parse_reference, work

    reference = parse_reference(ref)
    w = work(reference.work)
    links = [_link(ref, f"read the {name.capitalize()} online", LINK, name) for name in w.texts]
    return (f'<p class="pelo-urn" style="{SMALL}">CTS URN: <code>{escape(w.urn)}:{escape(reference.cts)}</code> · '
            f'{" · ".join(links)}</p>')


def _highlight(html: str, words, *, greek: bool = False) -> str:
    """Mark the first of ``words`` (a Greek form or its beginning, or English words) in the text of card HTML,
    never inside a tag; Greek is matched without accents, so "μανιωδ" finds μανιώδης."""
    if not words:
        return html
    for word in [words] if isinstance(words, str) else words:
        parts = re.split(r"(<[^>]+>)", html)
        target = _fold(word) if greek else word.casefold()
        for i, part in enumerate(parts):
            if part.startswith("<"):
                continue
            text = _fold(part) if greek else part.casefold()
            at = text.find(target)
            if greek:
                while at > 0 and text[at - 1].isalpha():  # the start of a word only
                    at = text.find(target, at + 1)
            elif at >= 0:
                after = text[at + len(target):at + len(target) + 1]
                if (at > 0 and text[at - 1].isalnum()) or after.isalnum():
                    at = -1
            if at < 0:
                continue
            end = at + len(target)
            while greek and end < len(part) and part[end].isalpha():
                end += 1  # the rest of the Greek word
            parts[i] = f'{part[:at]}<mark class="pelo-mark" style="{MARK}">{part[at:end]}</mark>{part[end:]}'
            break
        html = "".join(parts)
    return html


def _fold(text: str) -> str:
    """Lower case without accents, keeping one character per character of ``text`` (precomposed Greek)."""
    return "".join(unicodedata.normalize("NFD", ch)[0] for ch in unicodedata.normalize("NFC", text)).casefold()


def passage_card(ref: str, *, corpus=None, english: bool = True, greek: bool = True, note: str = "",
                 adapted: bool = False, headnote: bool | str = True, whole_sentences: bool = True,
                 dictionary: bool = True, terms: bool = True) -> PassageCard:
    """Show a passage: ``passage_card("4.26.2")``, ``passage_card("Diod. 12.61")`` (``greek=False`` for English only).

    ``adapted=True`` shows our retelling for ages 8–11 first (the original one click away; a passage without one
    shows the original and says so). ``headnote`` is shown open (the reader can fold it), ``"folded"`` or not at all
    (False). ``whole_sentences`` completes sentences that run over a section boundary;
    ``dictionary`` links each Greek word to a dictionary; ``terms`` underlines and explains glossary words.

    A citation that is not one raises :class:`~peloponnesos.sources.BadReference`; without the text the card
    shows the citation, what the work is and one line saying how to get the text.
    """
    from ..sources import CorpusNotFound, Reference, parse_reference, passage
    from ..sources.adapted import NoAdaptedVersion
    from ..sources.adapted import adapted as find_adapted

    reference = ref if isinstance(ref, Reference) else parse_reference(ref)
    retold = None
    if adapted:
        try:
            retold = find_adapted(reference)
        except NoAdaptedVersion:
            missing = f"There is no adapted version of {reference.label} yet: here is the original."
            note = f"{note} {missing}" if note else missing
    options = {"english": english, "greek": greek, "note": note, "adapted": retold, "headnote": headnote,
               "whole_sentences": whole_sentences, "dictionary": dictionary, "terms": terms}
    try:
        found = passage(reference, corpus=corpus)
    except CorpusNotFound as problem:
        return PassageCard(None, ref=reference.text, problem=problem, **options)
    return PassageCard(found, **options)


# Translation comparison ------------------------------------------------------------------------------------------


class CompareCard:
    """A translation comparison: for each word, its passage with the Greek word and the English rendering marked,
    the literal meaning, how the word is built, and a question."""

    def __init__(self, comparison, cards: list[PassageCard]) -> None:
        self.comparison = comparison
        self.cards = cards

    def html(self) -> str:
        """The card's HTML (for a printable page)."""
        return self._repr_html_()

    def _repr_html_(self) -> str:
        c = self.comparison
        parts = [f'<p style="{HEAD}">{escape(c.question)}</p>']
        if c.introduction:
            parts.append(f'<p style="margin:0 0 8px 0">{escape(c.introduction)}</p>')
        for word, card in zip(c.words, self.cards, strict=True):
            shown = word.lemma or f"{word.greek}…"
            link = (f'<a href="{escape(dictionary_url(word.lemma or word.greek))}" target="_blank" '
                    f'rel="noopener">dictionary</a>')
            parts.append(
                f'<div class="pelo-word-choice" style="margin:10px 0 4px 0"><p style="font-size:19px;margin:0">'
                f'<mark style="{MARK}" lang="grc">{escape(shown)}</mark> ({escape(word.ref)}) → Crawley: '
                f'<mark style="{MARK}">{escape(word.english)}</mark></p>'
                f'<p style="margin:2px 0">Word for word: <em>{escape(word.literal)}</em>'
                f'{" — " + escape(word.parts) if word.parts else ""} ({link}).</p>'
                f'<p style="margin:2px 0"><strong>Think:</strong> {escape(word.think)}</p></div>')
            parts.append(card._repr_html_())
        return (f'<div class="pelo-card pelo-compare-card" data-comparison="{escape(c.id)}" '
                f'style="{CARD}border-color:#009E73">{"".join(parts)}</div>')

    def __str__(self) -> str:
        c = self.comparison
        lines = [c.question]
        for w in c.words:
            lines.append(f"{w.ref}: {w.lemma or w.greek} → {w.english} (word for word: {w.literal}). {w.think}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<CompareCard {self.comparison.id}>"


def compare_card(name: str = "cleon", *, corpus=None) -> CompareCard:
    """The translation comparison ``name`` (``translations.toml``): ``compare_card("cleon")`` marks κουφολογία
    (4.28.5) and μανιώδης (4.39.3) and Crawley's English for them."""
    from ..sources.compare import comparison

    c = comparison(name)
    cards = []
    for word in c.words:
        card = passage_card(word.ref, corpus=corpus, headnote=False)
        card.highlight = {"greek": word.greek, "english": word.english}
        cards.append(card)
    return CompareCard(c, cards)


def word_card(ref: str, greek: str, english: str, *, corpus=None, note: str = "") -> PassageCard:
    """A passage with one Greek word (``greek``: the form or its beginning) and its English rendering marked:
    ``word_card("4.39.3", "μανιώδ", "crazy")``."""
    card = passage_card(ref, corpus=corpus, note=note)
    card.highlight = {"greek": greek, "english": english}
    return card


# Glossary --------------------------------------------------------------------------------------------------------


class GlossaryCard:
    """Glossary terms with their Greek, our definition (or the simple one for ages 8–11) and their passages."""

    def __init__(self, terms, *, simple: bool = False, greek: bool = True) -> None:
        self.terms = list(terms)
        self.simple = simple
        self.greek = greek

    def _row(self, t) -> str:
        greek = (f' <span lang="grc" style="{GREEK}"><a href="{escape(t.lookup_url)}" target="_blank" '
                 f'rel="noopener" style="{WORD_LINK}">{escape(t.greek)}</a></span> <em>{escape(t.latin)}</em>'
                 if self.greek else "")
        refs = ", ".join(_link(r, r) for r in t.passages)
        note = f'<br><span style="{SMALL}">{escape(t.note)}</span>' if t.note and not self.simple else ""
        see = f' See also: {escape(", ".join(t.see))}.' if t.see and not self.simple else ""
        return (f'<dt style="font-weight:700;margin-top:8px" data-term="{escape(t.term)}">{escape(t.term)}{greek}</dt>'
                f'<dd style="margin:0 0 0 16px">{escape(t.simple if self.simple else t.definition)}{note}'
                f'<br><span style="{SMALL}">Passages: {refs}.{see}</span></dd>')

    def html(self) -> str:
        """The card's HTML (for a printable page)."""
        return self._repr_html_()

    def _repr_html_(self) -> str:
        rows = "".join(self._row(t) for t in self.terms)
        return (f'<div class="pelo-card pelo-glossary" style="{CARD}border-color:#009E73">'
                f'<p style="{HEAD}">Glossary</p><dl style="margin:0">{rows}</dl>'
                f'<p style="{CREDIT_STYLE}">Definitions written for peloponnesos; passages are Thucydides unless '
                f'marked otherwise.</p></div>')

    def __str__(self) -> str:
        return "\n".join(t.explain(self.simple) for t in self.terms)

    def __repr__(self) -> str:
        return f"<GlossaryCard {len(self.terms)} terms>"


def glossary_card(*names: str, simple: bool = False, greek: bool = True) -> GlossaryCard:
    """The glossary (or the terms named): ``glossary_card()``, ``glossary_card("Helot", "hoplite", simple=True)``."""
    from ..sources.glossary import glossary, term

    return GlossaryCard([term(n) for n in names] if names else glossary(), simple=simple, greek=greek)


def term_card(t, *, simple: bool = False) -> GlossaryCard:
    """One glossary term as a card: ``term_card(term("Helot"))``."""
    from ..sources.glossary import term

    return GlossaryCard([term(t) if isinstance(t, str) else t], simple=simple)


# Rule cards ------------------------------------------------------------------------------------------------------


class RuleCard:
    """A rule explained in our words, with the passages it models (the headnote of their source folded once).

    Without the text: the rule, its references as links, and one plain line for them all.
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
                cards.append(PassageCard(passage(ref, corpus=self.corpus), greek=self.greek, headnote=False))
            except CorpusNotFound as problem:  # the same for every passage: say it once
                return [], problem
        return cards, None

    def html(self) -> str:
        """The card's HTML (for a printable page)."""
        return self._repr_html_()

    def _repr_html_(self) -> str:
        from ..sources import BadReference, parse_reference, work

        s = self.section
        badge = ""
        if s.reconstructed:
            badge = f'<span style="{BADGE}" title="{escape(s.reconstructed)}">reconstructed</span>'
        recon = (f'<p style="{CREDIT_STYLE}"><strong>Reconstructed:</strong> {escape(s.reconstructed)}</p>'
                 if s.reconstructed else "")
        refs = ", ".join(_link(r, r) for r in s.passages) or "none"
        found: list = []
        seen: set[str] = set()
        summary = _terms_html(s.summary, seen, found)
        cards, problem = self._passage_cards()
        body = (_missing_html(problem) if problem is not None
                else "".join(c.html(seen=seen, found=found, words=False) for c in cards))
        sources = []
        for ref in s.passages:
            try:
                w = work(parse_reference(ref).work)
            except BadReference:
                continue
            if w not in sources:
                sources.append(w)
        headnotes = "".join(headnote_html(w, folded=True) for w in sources) if self.show_passages else ""
        return (
            f'<div class="pelo-card pelo-rule-card" data-rule="{escape(s.citation)}" style="{CARD}'
            f'border-color:#E69F00">'
            f'<p style="{HEAD}">{escape(s.citation)} — {escape(s.title)}{badge}</p>'
            f'<p style="margin:0 0 6px 0">{summary}</p>{recon}'
            f'<p style="{CREDIT_STYLE}">Thucydides: {refs}. The rule is explained in our own words; '
            f'numbers follow the rulebook.</p>{headnotes}{body}{_words_html(found, greek=self.greek)}</div>'
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
