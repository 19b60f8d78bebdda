"""What the lessons' "notebook only" tests share: the instructions that make sense only to someone running the
notebook in JupyterLab ("run the cell", "Shift + Enter", "change `LANE` and run it again" …), which a Voilà page,
where nothing can be run or edited, must not show (README.md, "Two readers")."""

from __future__ import annotations

import re

NOTEBOOK_ONLY = "notebook-only"

INSTRUCTION = re.compile(r"""
      \brun(?:s|ning)?\s+(?:it|them|this|that|these|the|each|every|all|a)?\s*(?:grey\s+|next\s+|following\s+)?cells?\b
    | \brun\s+(?:it|them)\b | \brun\s+again\b | \bre-?run\b
    | \bcells?\s+(?:below|above)\b | \b(?:next|following|previous|grey|markdown)\s+cells?\b
    | shift\s*\+\s*enter | \brun\s*→ | \brun\s+all\b | \bkernel\s*→ | \brestart\s+kernel\b
    | \bdouble-click | \bpresentation\s+mode\b
    | \b(?:change|edit)\b[^.\n]{0,60}\band\s+run\b | \bchange\s+`
""", re.I | re.X)

# Markdown only for the Voilà page: <p class="voila-only" hidden="hidden">…</p> (any element, classes in any order).
VOILA_ONLY = re.compile(r"<(\w+)\b(?=[^>]*\bclass=\"[^\"]*\bvoila-only\b)[^>]*>.*?</\1>", re.S)


def instructions(text: str) -> list[str]:
    """The lines of ``text`` that tell the reader to run or edit something."""
    return [line.strip() for line in text.splitlines() if INSTRUCTION.search(line)]
