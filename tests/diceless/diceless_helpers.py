"""Helpers that set up diceless positions: forced draws, counters put straight on the map, turns played."""

from __future__ import annotations

from collections import Counter

from peloponnesos.games.diceless import DicelessGame, KeepChits, PlaceChit, PlaceCounter
from peloponnesos.games.diceless.state import SIDES

FULL_CUP = Counter({"Military": 4, "Influence": 4, "Coup": 4, "Void": 3, "Star": 1, "persian_gold": 1,
                    "oracle": 1, "the_few": 1, "pericles": 1, "the_people": 1, "alcibiades": 1})


def start(sparta_hand=("Military", "Influence", "Coup", "Void"), athens_hand=("Military", "Influence", "Coup", "Void"),
          *, toss: int | None = 1, sparta_free: str = "arcadia", athens_free: str = "megara",
          **options) -> DicelessGame:
    """A game at the first placement of turn 1: free counters down, hands drawn as given, the Gods'
    toss forced (1: badge up, so Sparta, the tosser on turn 1, places first; 2: Athens first)."""
    options.setdefault("first_placer", "Sparta")
    game = DicelessGame(seed=11, **options)
    game.apply(PlaceCounter(sparta_free) if game.current_player() == "Sparta" else PlaceCounter(athens_free))
    forced = [tuple(sparta_hand), tuple(athens_hand)]
    if toss is not None:
        forced.append(toss)
    game.dice.force(*forced)
    game.apply(PlaceCounter(athens_free) if game.current_player() == "Athens" else PlaceCounter(sparta_free))
    return game


def put(game: DicelessGame, area: str, n: int) -> None:
    """Set the counters of an area directly: ``n`` > 0 Spartan, < 0 Athenian, 0 neutral."""
    i = game.map.index[area]
    s = game.state
    s.counters[i] = n
    bit = 1 << i
    s.owned[0] = s.owned[0] | bit if n > 0 else s.owned[0] & ~bit
    s.owned[1] = s.owned[1] | bit if n < 0 else s.owned[1] & ~bit


def give(game: DicelessGame, side: str, chits) -> None:
    """Replace a hand (chits are taken from the cup, the old hand goes back), keeping the chit count."""
    s = game.state
    i = SIDES.index(side)
    s.cup.extend(s.hands[i])
    s.hands[i] = []
    for code in chits:
        s.cup.remove(code)
        s.hands[i].append(code)
    s.hands[i].sort(key=game.chits.order.__getitem__)


def counters(game: DicelessGame, area: str) -> int:
    return game.state.counters[game.map.index[area]]


def place(game: DicelessGame, *moves) -> None:
    """Apply placements in turn order; each move is (chit, area) or (chit, area, as_type)."""
    for move in moves:
        game.apply(PlaceChit(*move))


def all_chits(game: DicelessGame) -> Counter:
    s = game.state
    return (Counter(s.cup) + Counter(s.hands[0]) + Counter(s.hands[1]) + Counter(p[1] for p in s.placed)
            + Counter(s.specials_used))




def play_turn(game: DicelessGame, sparta_moves, athens_moves, *, keep=None) -> list[dict]:
    """Give each side exactly the chits of its three moves plus one to keep (``keep``, or whatever the
    cup still has), play the moves in turn order (whoever the Gods' toss put first), and return the
    struggle records of the reveal."""
    if game.phase == "delphi":
        game.apply(KeepChits())
    s = game.state
    s.cup.extend(s.hands[0] + s.hands[1])
    s.hands = [[], []]
    hands = [[m[0] for m in sparta_moves], [m[0] for m in athens_moves]]
    for i in (0, 1):
        for code in hands[i]:
            s.cup.remove(code)
    for i in (0, 1):
        extra = keep[i] if keep else next(c for c in ("Influence", "Military", "Coup", "Void", "Star") if c in s.cup)
        s.cup.remove(extra)
        hands[i].append(extra)
        s.hands[i] = sorted(hands[i], key=game.chits.order.__getitem__)
    lines = {"Sparta": list(sparta_moves), "Athens": list(athens_moves)}
    for _ in range(6):
        game.apply(PlaceChit(*lines[game.current_player()].pop(0)))
    return game.observation(None)["struggles"]
