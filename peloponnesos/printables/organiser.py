"""Historical-thinking organisers: the Pylos enquiry's five sources against the four moves of historical thinking
(sourcing, contextualisation, corroboration, close reading: the Stanford History Education Group, now the
Digital Inquiry Group), a one-source organiser with an Observe–Reflect–Question version for ages 8–11, and a
"rule against source" sheet for any game (pedagogy §5)."""

from __future__ import annotations

from html import escape

from .page import Document, Sheet, kicker

CSS = """
.organiser { font-size: 13pt; line-height: 1.3; }
.organiser h1 { font-size: 20pt; }
.organiser table.grid td { height: 26mm; }
.organiser table.grid th { font-size: 12pt; }
.prompt { font-weight: bold; }
.young { font-size: 16pt; }
.young .box { min-height: 40mm; }
"""


def pylos_sheet() -> Sheet:
    from ..history import pylos

    moves = pylos.moves()
    srcs = pylos.sources()
    head = "".join(f"<th>{escape(s.short)}<br><span class=\"small\">{escape(s.written_label)}</span></th>"
                   for s in srcs)
    prompts = {
        "sourcing": moves["sourcing"],
        "contextualisation": moves["contextualisation"],
        "close_reading": moves["close_reading"],
        "corroboration": moves["corroboration"],
    }
    rows = "".join(f'<tr><th style="width:20%"><span class="prompt">{escape(name.replace("_", " ").capitalize())}'
                   f'</span><br><span class="small">{escape(q)}</span></th>' + "<td></td>" * len(srcs) + "</tr>"
                   for name, q in prompts.items())
    body = (f'<div class="organiser">{kicker("Lesson 07 · ages 14–18 · historical-thinking organiser")}'
            f"<h1>{escape(pylos.enquiry())}</h1>"
            f'<table class="grid"><tr><th>The four moves</th>{head}</tr>{rows}</table>'
            '<p class="small">My answer to the enquiry, with two sources that agree and one that does not '
            "(write it on the back): ______________________________________________</p></div>")
    return Sheet(body, landscape=True, label="organiser:pylos")


def one_source_sheet() -> Sheet:
    rows = [
        ("Sourcing", "Who made it? When? Was the maker there? For whom, and why?"),
        ("Contextualisation", "What was happening when it was made? How might that shape it?"),
        ("Close reading", "Which words or details stand out? What do they make the reader think or feel?"),
        ("Corroboration", "What does another source say? Do they agree? Are they independent of each other?"),
        ("What it is worth", "Good evidence for … but not for …"),
    ]
    table = "".join(f'<tr><th style="width:28%">{escape(a)}<br><span class="small">{escape(b)}</span></th>'
                    f"<td></td></tr>" for a, b in rows)
    body = (f'<div class="organiser">{kicker("Ages 12–18 · any source · historical-thinking organiser")}'
            "<h1>One source, four moves</h1><p>Source (reference): ____________________________</p>"
            f'<table class="grid">{table}</table></div>')
    return Sheet(body, label="organiser:one")


def young_sheet() -> Sheet:
    body = (f'<div class="young">{kicker("Ages 8–11 · any story · Observe, Reflect, Question")}'
            "<h1>Observe · Reflect · Question</h1><p>Story: ________________________________</p>"
            '<div class="box"><strong>Observe.</strong> What do I see or hear in the story? Who is in it?</div>'
            '<div class="box"><strong>Reflect.</strong> Why did they do it? How did they feel?</div>'
            '<div class="box"><strong>Question.</strong> What do I still wonder? What would I ask someone who was '
            "there?</div>"
            '<div class="box"><strong>Who wrote this? Was he there? Whose side was he on?</strong></div></div>')
    return Sheet(body, label="organiser:young")


def rule_sheet() -> Sheet:
    rows = [
        ("The rule (game and number)", ""),
        ("The passage it models (reference)", ""),
        ("What the rule assumes", "What must be true for the rule to work?"),
        ("What the passage says", "In your own words, with the section number."),
        ("What the rule leaves out", "People, chance, politics, fear, the weather …"),
        ("Why the designer simplified", "Scale, playability, missing evidence?"),
        ("Redesign (ages 14–18)", "Rewrite the rule to fit the passage better. What would players lose?"),
    ]
    table = "".join(f'<tr><th style="width:30%">{escape(a)}<br><span class="small">{escape(b)}</span></th>'
                    f"<td></td></tr>" for a, b in rows)
    body = (f'<div class="organiser">{kicker("Ages 11–18 · any game · a rule against its source")}'
            f'<h1>A rule against its source</h1><table class="grid">{table}</table></div>')
    return Sheet(body, label="organiser:rule")


def organiser_document() -> Document:
    return Document("organisers", "Historical-thinking organisers",
                    (pylos_sheet(), one_source_sheet(), young_sheet(), rule_sheet()), css=CSS,
                    about="The Pylos enquiry's five sources against the four moves (lesson 07, landscape); one source "
                          "and four moves; Observe–Reflect–Question for ages 8–11; a rule against its source.")
