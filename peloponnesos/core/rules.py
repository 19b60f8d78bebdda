"""The rule registry: each game declares its rule sections, with the passages of Thucydides they model.

A game's ``data/rules.toml`` holds, per section: its number, a title, a short explanation written for
this project (never the rulebook's own sentences), the Thucydides references, and whether the rule
needed a reconstructed value (a map, a table) that the published game prints but the text lacks.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import UnknownRule
from .inputs import near_names


def _number_key(number: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in number.replace("-", ".").split("."))


@dataclass(frozen=True, slots=True)
class RuleSection:
    """One numbered section of a rulebook, explained in our own words."""

    game: str
    prefix: str  # how the rulebook is cited: "Sfacteria"
    number: str  # "7.1"
    title: str
    summary: str
    passages: tuple[str, ...] = ()
    reconstructed: str = ""  # what had to be reconstructed for this rule, if anything

    @property
    def citation(self) -> str:
        return f"{self.prefix} {self.number}"

    def is_within(self, number: str) -> bool:
        """True if this section is ``number`` or one of its subsections."""
        return self.number == number or self.number.startswith(number + ".")


class RuleBook:
    """All sections of one game's rules, in rulebook order."""

    def __init__(self, game: str, title: str, prefix: str, sections: list[RuleSection],
                 source: str = "") -> None:
        self.game = game
        self.title = title
        self.prefix = prefix
        self.source = source
        self._sections = {s.number: s for s in sorted(sections, key=lambda s: _number_key(s.number))}

    @classmethod
    def from_toml(cls, path: str | Path, game: str) -> RuleBook:
        with open(path, "rb") as f:
            data = tomllib.load(f)
        head = data.get("game", {})
        prefix = head.get("cite_as", head.get("title", game))
        sections = [
            RuleSection(game, prefix, str(s["number"]), s["title"], s.get("summary", "").strip(),
                        tuple(s.get("passages", ())), s.get("reconstructed", ""))
            for s in data.get("section", [])
        ]
        return cls(game, head.get("title", game), prefix, sections, head.get("source", ""))

    def __getitem__(self, number: str | int) -> RuleSection:
        number = str(number)
        if number.startswith(self.prefix + " "):
            number = number[len(self.prefix) + 1:]
        try:
            return self._sections[number]
        except KeyError:
            near = near_names(number, self._sections)
            hint = f" (did you mean {' or '.join(near)}?)" if near else ""
            raise UnknownRule(f"{self.title} has no rule {number[:40]!r}{hint}; its sections are: "
                              f"{', '.join(self._sections)}") from None

    def __contains__(self, number: object) -> bool:
        return str(number) in self._sections

    def __iter__(self) -> Iterator[RuleSection]:
        return iter(self._sections.values())

    def __len__(self) -> int:
        return len(self._sections)

    def cite(self, number: str) -> str:
        """"Sfacteria 7.1" for ``"7.1"``; unknown numbers are a programming error."""
        return self[number].citation

    def within(self, number: str) -> list[RuleSection]:
        """The section ``number`` and all its subsections."""
        return [s for s in self if s.is_within(str(number))]

    def passages_for(self, number: str | int, *, subsections: bool = True) -> list[str]:
        """The Thucydides references that rule ``number`` models (with its subsections by default)."""
        sections = self.within(str(number)) if subsections else [self[number]]
        if not sections:
            self[number]  # raises the UnknownRule that lists what exists
        refs: list[str] = []
        for s in sections:
            refs.extend(r for r in s.passages if r not in refs)
        return refs

    def sections_for_passage(self, ref: str) -> list[RuleSection]:
        """The rule sections that cite ``ref`` (or a range starting with it)."""
        return [s for s in self if any(p == ref or p.startswith(ref + ".") or p.startswith(ref + "-")
                                       for p in s.passages)]

    def to_records(self) -> list[dict]:
        return [{"rule": s.citation, "number": s.number, "title": s.title, "summary": s.summary,
                 "passages": ", ".join(s.passages), "reconstructed": s.reconstructed} for s in self]
