"""The adapted stories for ages 8–11: one story a page, in 20 pt, marked *adapted*, with its word bank (the simple
glossary), who wrote the original, where to find it, and a box to draw what happened (``sources/adapted.toml``)."""

from __future__ import annotations

from html import escape

from .page import Document, Sheet, kicker

CSS = """
.story { font-size: 20pt; line-height: 1.45; }
.story h1 { font-size: 26pt; }
.story .wordbank { font-size: 16pt; }
.story .headnote { font-size: 15pt; }
.draw { border: 0.6mm solid #000; border-radius: 3mm; height: 40mm; padding: 2mm 4mm; font-size: 14pt;
        color: #444; margin-top: 3mm; }
"""


def story_sheet(a) -> Sheet:
    from ..sources import parse_reference, reader_url, work
    from ..sources.glossary import UnknownTerm, term

    w = work(parse_reference(a.ref).work)
    words = []
    for name in a.words:
        try:
            t = term(name)
        except UnknownTerm:
            continue
        words.append(f"<li><strong>{escape(t.term)}</strong>: {escape(t.simple)}</li>")
    bank = f'<div class="wordbank"><strong>Word bank</strong><ul>{"".join(words)}</ul></div>' if words else ""
    say = f"<p><em>Say it:</em> {escape(a.say)}</p>" if a.say else ""
    possessive = f"{w.author}'" if w.author.endswith("s") else f"{w.author}'s"
    body = (f'<div class="story">{kicker(f"A story from the war · ages {a.ages} · lesson 03")}'
            f'<h1>{escape(a.title)} <span class="adapted">adapted</span></h1>'
            f"<p>{escape(a.text)}</p>{say}{bank}"
            f'<div class="headnote"><strong>Who wrote the original? Was he there?</strong> '
            f"{escape(w.headnote.children)}</div>"
            f'<p class="small"><em>Adapted</em>: retold by us in simple words. These are not {escape(possessive)} own '
            f"words: the original is {escape(w.short)} {escape(parse_reference(a.ref).numbers)} "
            f'(<span class="url">{escape(reader_url(a.ref))}</span>).</p>'
            f'<div class="draw">Draw what happened, or write one question you would ask someone who was there.</div>'
            "</div>")
    return Sheet(body, label=f"story:{a.ref}")


def stories_document() -> Document:
    from ..sources import adapted_passages

    stories = adapted_passages()
    return Document("stories_adapted", "Stories from the war, adapted for ages 8–11",
                    tuple(story_sheet(a) for a in stories), css=CSS,
                    about=f"Ages 8–11 (lesson 03): {len(stories)} short retellings, one a page in 20 pt, marked "
                          "adapted, each with its word bank and the reference of the original.")
