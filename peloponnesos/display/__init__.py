"""Cards for notebooks: a passage (of Thucydides or another work) in English and Greek with its headnote, a rule
with its passages, a translation comparison, the glossary.

They render as HTML in JupyterLab, Voilà and exported notebooks, and as plain text elsewhere.
"""

from .cards import (
    CompareCard,
    GlossaryCard,
    PassageCard,
    RuleCard,
    compare_card,
    glossary_card,
    passage_card,
    rule_card,
    term_card,
    word_card,
)
from .catalogue import GamesTable, games_table

__all__ = ["CompareCard", "GamesTable", "GlossaryCard", "PassageCard", "RuleCard", "compare_card", "games_table",
           "glossary_card", "passage_card", "rule_card", "term_card", "word_card"]
