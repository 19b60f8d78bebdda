"""What the "nothing copied" tests share: runs of twelve words, to compare our texts with a rulebook or the corpus."""

from __future__ import annotations

import re


def words(text: str) -> list[str]:
    """The words of ``text``, lower case, with curly apostrophes read as straight ones."""
    return re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))


def grams(text_words: list[str], n: int = 12) -> set[tuple]:
    """Every run of ``n`` consecutive words."""
    return {tuple(text_words[i:i + n]) for i in range(len(text_words) - n + 1)}
