"""Cards for notebooks: a passage of Thucydides in English and Greek, a rule with its passages.

They render as HTML in JupyterLab, Voilà and exported notebooks, and as plain text elsewhere.
"""

from .cards import PassageCard, RuleCard, passage_card, rule_card
from .catalogue import GamesTable, games_table

__all__ = ["GamesTable", "PassageCard", "RuleCard", "games_table", "passage_card", "rule_card"]
