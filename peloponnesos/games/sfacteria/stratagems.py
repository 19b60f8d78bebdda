"""Stratagem chits (rules 2.3, 3.A, 8): the double-faced chits of ``data/stratagems.toml``, who may
play which face, when a face applies, and how two faces played together cancel or add up.

A chit is named by its front number (1–10); a face by its own number (front n, back n + 10).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"
COLOURS = {"blue": (0,), "red": (1,), "yellow": (0, 1)}  # rule 8: own colour or neutral
WINDOWS = ("B", "action", "combat", "E")
EFFECTS = ("extra_pa_cleon", "extra_pa_fleet", "truce", "combat_modifier", "herald", "helot_wind", "divers",
           "lookout", "fire", "thirst", "half_rations", "storm")


@dataclass(frozen=True, slots=True)
class Face:
    number: int
    chit: int
    title: str
    colour: str
    once: bool  # red number: the chit leaves play when this face is used (rule 3.A)
    window: str
    effect: str
    text: str
    passages: tuple[str, ...]
    source: str
    value: int = 0
    combat: str = ""  # "land" / "naval" / ""
    role: str = "any"  # "attack" / "defend" / "any"
    zones: tuple[str, ...] = ()
    beaches: bool = False
    requires: str = ""  # "light_troops" / "spartiates" / ""
    ignore_defender_stars: bool = False
    ignore_defender_ground: bool = False
    cancelled_by: tuple[int, ...] = ()
    cancels: tuple[int, ...] = ()

    @property
    def sides(self) -> tuple[int, ...]:
        return COLOURS[self.colour]

    def usable_by(self, side: int) -> bool:
        return side in COLOURS[self.colour]

    def to_dict(self) -> dict:
        return {"number": self.number, "chit": self.chit, "title": self.title, "colour": self.colour,
                "once": self.once, "window": self.window, "effect": self.effect, "text": self.text,
                "passages": list(self.passages)}


class StratagemSet:
    def __init__(self, path: Path = DATA / "stratagems.toml") -> None:
        with open(path, "rb") as f:
            data = tomllib.load(f)
        self.faces: dict[int, Face] = {}
        self.chits: dict[int, tuple[Face, Face]] = {}
        for chit in data["chit"]:
            n = int(chit["number"])
            pair = []
            for side in ("front", "back"):
                f = chit[side]
                if f["colour"] not in COLOURS or f["window"] not in WINDOWS or f["effect"] not in EFFECTS:
                    raise ValueError(f"stratagems.toml: face {f.get('number')} has a bad colour, window or effect")
                face = Face(int(f["number"]), n, f["title"], f["colour"], bool(f["once"]), f["window"], f["effect"],
                            f["text"], tuple(f.get("passages", ())), f.get("source", ""), int(f.get("value", 0)),
                            f.get("combat", ""), f.get("role", "any"), tuple(f.get("zones", ())),
                            bool(f.get("beaches", False)), f.get("requires", ""),
                            bool(f.get("ignore_defender_stars", False)), bool(f.get("ignore_defender_ground", False)),
                            tuple(f.get("cancelled_by", ())), tuple(f.get("cancels", ())))
                if face.number in self.faces:
                    raise ValueError(f"stratagems.toml: face number {face.number} is used twice")
                self.faces[face.number] = face
                pair.append(face)
            self.chits[n] = (pair[0], pair[1])
        self.chit_numbers = tuple(sorted(self.chits))
        self._usable: dict[tuple[str, int], dict[int, tuple[Face, ...]]] = {}
        self._in_play: dict[tuple, tuple[Face, ...]] = {}  # see in_play (a few thousand keys at the very most)
        # by_window[window][side] is usable(window, side), looked up without building a key
        self.by_window = {window: (self.usable(window, 0), self.usable(window, 1)) for window in WINDOWS}

    def faces_of(self, chit: int) -> tuple[Face, Face]:
        return self.chits[chit]

    def usable(self, window: str, side: int) -> dict[int, tuple[Face, ...]]:
        """Chit -> its faces played in ``window`` that ``side`` may use (its colour or neutral, rule 8)."""
        key = (window, side)
        found = self._usable.get(key)
        if found is None:
            found = self._usable[key] = {
                chit: tuple(f for f in faces if f.window == window and f.usable_by(side))
                for chit, faces in self.chits.items()}
        return found

    def in_play(self, window: str, side: int, out: list[int]) -> tuple[Face, ...]:
        """The faces ``side`` may use in ``window`` (rule 8) on every chit still in play, that is not in ``out``
        (the chits out of play): what it might hold as far as its opponent can tell. Memoised."""
        key = (window, side, *out)
        found = self._in_play.get(key)
        if found is None:
            usable = self.by_window[window][side]
            found = self._in_play[key] = tuple(f for chit in self.chit_numbers if chit not in out
                                               for f in usable[chit])
        return found

    def face(self, number: int) -> Face:
        return self.faces[number]


@cache
def default_stratagems() -> StratagemSet:
    return StratagemSet()


def resolve_pair(faces: dict[int, Face | None]) -> dict[int, bool]:
    """Which of the faces played together in one window take effect (rule 8: they may cancel).
    ``faces`` maps side to the face it played (or None); the answer maps side to True/False."""
    active = {}
    for side, face in faces.items():
        if face is None:
            continue
        other = faces.get(1 - side)
        void = other is not None and (other.number in face.cancelled_by or face.number in other.cancels)
        active[side] = not void
    return active
