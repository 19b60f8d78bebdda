"""Adapted passages for ages 8–11 (``adapted.toml``): a passage retold by us in a few plain sentences.

>>> a = adapted("1.118.3")
>>> a.title, a.ages
('The Spartans ask the god at Delphi', '8–11')
>>> adapted("6.92.3").ref          # a retelling of a range covers each of its sections
'6.92.2-4'

They are not the author's words: a card shows them marked *adapted*, with the original one click away
(``passage_card(ref, adapted=True)``). A passage without a retelling is a :class:`NoAdaptedVersion`.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from importlib import resources

from ..core.errors import PeloponnesosError
from .references import Reference, parse_reference

__all__ = ["Adapted", "NoAdaptedVersion", "adapted", "adapted_passages"]


class NoAdaptedVersion(PeloponnesosError, LookupError):
    """No adapted retelling of this passage yet; the message lists those there are."""


@dataclass(frozen=True)
class Adapted:
    """One retelling: ``text`` in our words, ``words`` (glossary terms in it), ``say`` (how to say a name)."""

    ref: str
    title: str
    text: str
    words: tuple[str, ...] = ()
    say: str = ""
    source_note: str = ""
    ages: str = "8–11"

    @property
    def reference(self) -> Reference:
        return parse_reference(self.ref)

    def covers(self, ref: str | Reference) -> bool:
        """Whether this retelling covers all of ``ref`` (a section inside a retold range counts)."""
        other = ref if isinstance(ref, Reference) else parse_reference(ref)
        mine = self.reference
        if other.work != mine.work:
            return False
        depth = max(len(mine.first), len(other.first))
        low = other.first + (0,) * (depth - len(other.first))
        high = other.last + (10_000,) * (depth - len(other.last))
        return (mine.first + (0,) * (depth - len(mine.first)) <= low
                and high <= mine.last + (10_000,) * (depth - len(mine.last)))

    def to_dict(self) -> dict:
        return {"ref": self.ref, "title": self.title, "text": self.text, "words": list(self.words),
                "say": self.say, "source_note": self.source_note, "ages": self.ages, "adapted": True}

    def __str__(self) -> str:
        return f"{self.title} (adapted from {self.reference.label})\n{self.text}"


@functools.cache
def adapted_passages() -> tuple[Adapted, ...]:
    """Every retelling, in the order of ``adapted.toml``."""
    data = tomllib.loads(resources.files(__package__).joinpath("adapted.toml").read_text("utf-8"))
    ages = data.get("ages", "8–11")
    return tuple(Adapted(ref=parse_reference(e["ref"]).text, title=e["title"], text=" ".join(e["text"].split()),
                         words=tuple(e.get("words", ())), say=e.get("say", ""),
                         source_note=" ".join(e.get("source_note", "").split()), ages=ages)
                 for e in data["passage"])


def adapted(ref: str | Reference) -> Adapted:
    """The retelling of ``ref`` (the same citation, or a retold range that holds it)."""
    reference = ref if isinstance(ref, Reference) else parse_reference(ref)
    for a in adapted_passages():
        if a.ref == reference.text:
            return a
    for a in adapted_passages():
        if a.covers(reference):
            return a
    known = ", ".join(a.ref for a in adapted_passages())
    raise NoAdaptedVersion(f"there is no adapted version of {reference.label} yet: the adapted passages are "
                           f"{known}")
