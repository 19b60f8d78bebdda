"""The Sfacteria turn sheet and supply track: the sequence of play (rule 3) and the supply rule (7, 7.1) in our
words with their passages, the two supply markers from the scenario's start, and a record of the seven turns
(for a class without laptops, or beside the notebook). Read from the game's own rules and scenario."""

from __future__ import annotations

from html import escape

from .page import Document, Sheet, kicker

CSS = """
.turnsheet { font-size: 12pt; line-height: 1.28; }
.turnsheet h1 { font-size: 20pt; }
.phase { display: grid; grid-template-columns: 14mm 1fr; gap: 2mm; border-bottom: 0.3mm solid #999;
         padding: 1.2mm 0; }
.phase .letter { font-size: 20pt; font-weight: bold; text-align: center; }
.track { display: flex; align-items: center; gap: 2mm; margin: 2mm 0; }
.track .name { width: 58mm; font-size: 15pt; font-weight: bold; border-left: 3mm solid; padding-left: 2mm; }
.track .cell { width: 22mm; height: 22mm; border: 0.6mm solid #000; display: flex; align-items: center;
               justify-content: center; font-size: 22pt; font-weight: bold; }
.track .cell.start { outline: 1.2mm dashed #000; outline-offset: -3mm; }
.track .cell.zero { background: #EEEEEE; }
table.record td { height: 10mm; }
"""


def _phase_rows(book) -> str:
    rows = []
    for number in ("3.A", "3.B", "3.C", "3.D", "3.E"):
        s = book[number]
        refs = f" <span class=\"small\">(Thucydides {escape(', '.join(s.passages))})</span>" if s.passages else ""
        rows.append(f'<div class="phase"><div class="letter">{escape(number[-1])}</div><div><strong>'
                    f"{escape(s.title)}</strong> (rule {escape(number)}). {escape(s.summary)}{refs}</div></div>")
    return "".join(rows)


def _track(name: str, colour: str, start: int) -> str:
    cells = "".join(f'<div class="cell{" start" if n == start else ""}{" zero" if n == 0 else ""}">{n}</div>'
                    for n in (3, 2, 1, 0))
    return f'<div class="track"><div class="name" style="border-color:{colour}">{escape(name)}</div>{cells}</div>'


def turn_sheets() -> tuple[Sheet, Sheet]:
    from .. import new_game, rules

    book = rules("sfacteria")
    game = new_game("sfacteria", seed=1)
    scenario = game.scenario
    turns = game.observation(None)["turns"]
    start = scenario["supply"]
    first = Sheet(
        f'<div class="turnsheet">{kicker("Sfacteria, 425 BC · lessons 01 and 02 · ages 11–18 · turn sheet")}'
        f"<h1>A turn of <em>Sfacteria</em>: five phases</h1>"
        f"<p>{escape(book['3'].summary)} Rules in our words; the numbers are the rulebook's.</p>"
        f"{_phase_rows(book)}<h2>Supply (rule 7)</h2><p>{escape(book['7'].summary)}</p>"
        f'<p class="small">Thucydides for rule 7: {escape(", ".join(book["7"].passages))}.</p></div>',
        label="sfacteria:turn")
    rows = "".join(f"<tr><td>{t}</td><td></td><td></td><td></td><td></td><td></td><td></td></tr>"
                   for t in range(1, turns + 1))
    second = Sheet(
        f'<div class="turnsheet">{kicker("Sfacteria, 425 BC · supply track and turn record")}'
        f"<h1>The supply track</h1>"
        f"<p><strong>Capitulation (rule 7.1).</strong> {escape(book['7.1'].summary)} "
        f'<span class="small">(Thucydides {escape(", ".join(book["7.1"].passages))})</span></p>'
        f"<p>Put a coin on each track at its start (the dashed box: {start['Athens']} for Pylos, "
        f"{start['Sparta']} for the island). At each end of turn move it one box as rule 7 says; a coin on 0 means "
        f"capitulation (rule 7.1).</p>"
        f"{_track('Pylos (Athenians in T6)', '#0072B2', start['Athens'])}"
        f"{_track('The island (Lacedaemonians on T7–T10)', '#E69F00', start['Sparta'])}"
        f'<p><strong>Helot run (rule 7):</strong> for each Helot unit in T11 or T12 you send, roll a die: '
        f"<strong>even</strong>, the island's coin goes up one box (never above 3); <strong>odd</strong>, the Helot "
        f"unit is reduced (or removed if it was reduced already). In Thucydides the Helots were promised their freedom "
        f"(4.26.5): a die cannot show that.</p>"
        f"<h2>Turn record</h2>"
        f'<table class="grid record"><tr><th style="width:10%">Turn</th><th>Initiative</th><th>PA Athens / '
        f"Sparta</th><th>Helot runs sent / won</th><th>Pylos marker</th><th>Island marker</th><th style=\"width:26%\">"
        f"What happened (one line)</th></tr>{rows}</table>"
        f'<p class="small">Scenario: {escape(scenario["title"])}. Set-up and unit values are '
        f'<span class="recon">reconstructed</span>: the rule text does not print them.</p></div>',
        label="sfacteria:track")
    return first, second


def sfacteria_document() -> Document:
    return Document("sfacteria_turn_sheet", "Sfacteria — turn sheet and supply track", turn_sheets(), css=CSS,
                    about="Ages 11–18 (lessons 01, 02): the five phases of a turn, the supply rule, a supply track "
                          "to play with coins, and a record of the seven turns.")
