"""The kernel's secrets checker (core/secrets.py) and determinized copies (Game.determinize), tried on a tiny
game with hidden cards made for these tests — once sealed, once leaking the way an engine can leak — and on
the duel example, which hides nothing."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

import peloponnesos as pp
from peloponnesos.core import Action, Game, IllegalAction, Result
from peloponnesos.core.secrets import PARTS, compare, lockstep, public_json, public_view, twin


@dataclass(frozen=True, slots=True)
class PutDown(Action):
    """Put a card face down (its value is secret until the end)."""

    card: int
    kind: ClassVar[str] = "put_down"

    def __str__(self) -> str:
        return f"put down {self.card}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(slots=True)
class CardsState:
    hands: list[list[int]] = field(default_factory=lambda: [[], []])
    down: list[list[int]] = field(default_factory=lambda: [[], []])
    to_act: int = 0
    moves: int = 0

    def copy(self) -> CardsState:
        return CardsState([list(h) for h in self.hands], [list(d) for d in self.down], self.to_act, self.moves)

    def to_dict(self) -> dict:
        return {"hands": self.hands, "down": self.down, "to_act": self.to_act, "moves": self.moves}


class Cards(Game):
    """Each side draws three cards in secret, then four moves in turn: put a card face down, or pass. The
    higher total face down wins. ``leaky``: a side holding no card above 6 may only pass, and the engine passes
    for it, saying so in public — the leak the checker must find (its hand shows through)."""

    name = "cards"
    title = "Cards (a test game)"
    players = ("Red", "Blue")
    action_types: ClassVar[dict] = {"put_down": PutDown, "pass": Pass}
    option_defaults: ClassVar[dict] = {"leaky": False}
    secret_actions: ClassVar[frozenset[str]] = frozenset({"put_down"})

    def setup(self) -> None:
        self.state = CardsState()
        deck = list(range(1, 10))
        for side, name in enumerate(self.players):
            drawn = self.dice.draw(deck, 3, who=name, why="cards", private=True)
            for card in drawn:
                deck.remove(card)
            self.state.hands[side] = sorted(drawn)
        self._auto()

    def current_player(self) -> str | None:
        return None if self.is_over() else self.players[self.state.to_act]

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        hand = self.state.hands[self.state.to_act]
        if self.options["leaky"] and max(hand, default=0) < 7:
            return [Pass()]
        return [PutDown(c) for c in hand] + [Pass()]

    def check(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction("Cards 1", f"{action} is not possible now", action=action)

    def execute(self, action: Action) -> None:
        st = self.state
        name = self.players[st.to_act]
        if isinstance(action, PutDown):
            st.hands[st.to_act].remove(action.card)
            st.down[st.to_act].append(action.card)
            self.event("down", f"{name} puts a card face down.", side=name)
            self.event("down", f"{name} puts down {action.card}.", side=name, private_to=name, card=action.card)
        else:
            self.event("pass", f"{name} passes.", side=name)
        st.moves += 1
        st.to_act = 1 - st.to_act
        self._auto()

    def _auto(self) -> None:
        while not self.is_over() and len(self.legal_actions()) == 1:
            self.event("forced", f"{self.current_player()} passes (the only choice).")
            self.state.moves += 1
            self.state.to_act = 1 - self.state.to_act

    def is_over(self) -> bool:
        return self.state.moves >= 4

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        totals = [sum(d) for d in self.state.down]
        winner = None if totals[0] == totals[1] else self.players[totals.index(max(totals))]
        return Result(winner, "total", "higher cards", dict(zip(self.players, map(float, totals), strict=True)))

    def determinize(self, player: str, seed: int) -> Game:
        """The opponent's cards, in hand and face down, dealt again from those ``player`` has not seen."""
        other = super().determinize(player, seed)
        st = other.state
        me = self.players.index(player)
        unseen = sorted(set(range(1, 10)) - set(st.hands[me]) - set(st.down[me]))
        dealt = random.Random(seed).sample(unseen, len(st.hands[1 - me]) + len(st.down[1 - me]))
        n = len(st.hands[1 - me])
        st.hands[1 - me], st.down[1 - me] = sorted(dealt[:n]), dealt[n:]
        return other

    def observation(self, player: str | None) -> dict:
        st = self.state
        me = self.players.index(player) if player is not None else None
        return {"to_act": self.current_player(), "hand": st.hands[me] if me is not None else None,
                "hand_counts": [len(h) for h in st.hands], "face_down": [len(d) for d in st.down],
                "revealed": st.down if self.is_over() else None}


def first_pair(pairs):
    return pairs[-1]  # always "pass": the same public move in both games


# -- public views ----------------------------------------------------------------------------------------------

def test_public_view_shows_a_player_its_own_secrets_and_nobody_else_s():
    g = Cards(seed=4)
    red = public_view(g, "Red")
    assert set(red) == set(PARTS)
    assert red["observation"]["hand"] == g.state.hands[0]
    assert red["legal_actions"] == [str(a) for a in g.legal_actions()]  # Red is to act and sees its choices
    assert [d["faces"] for d in red["dice"]] == [list(g.dice.rolls[0].faces)]  # its own draw, not Blue's
    blue, spectator = public_view(g, "Blue"), public_view(g, None)
    assert blue["legal_actions"] is None and spectator["observation"]["hand"] is None
    assert [d["private_to"] for d in blue["dice"]] == ["Blue"] and spectator["dice"] == []
    assert json.loads(public_json(g, None)) == json.loads(json.dumps(spectator))


def test_compare_finds_the_part_that_differs_with_a_readable_diff():
    a, b = Cards(seed=4), Cards(seed=4)
    assert compare(a, b, ["Red", "Blue", None]) is None
    b.state.down[1].append(9)  # a card face down in one game only
    found = compare(a, b, ["Red", None])
    assert found.viewer == "Red" and found.part == "observation"
    text = str(found)
    assert "differ for Red, in 'observation'" in text and '"face_down"' in text and "-  0\n+  1" in text


# -- twins and lockstep ---------------------------------------------------------------------------------------

def test_twin_deals_other_cards_to_the_hidden_side_only():
    a = Cards(seed=4)
    b = twin(a, "Blue", seed=1)
    assert b.state.hands[0] == a.state.hands[0] and b.state.hands[1] != a.state.hands[1]
    assert not set(b.state.hands[1]) & set(b.state.hands[0])  # dealt from what was left
    assert [r.index for r in b.dice.rolls] == [r.index for r in a.dice.rolls]
    assert b.dice.counter == a.dice.counter and not any(r.forced for r in b.dice.rolls)
    with pytest.raises(ValueError, match="not a player"):
        twin(a, "Green")


def test_lockstep_passes_a_game_that_keeps_its_secrets():
    for seed in range(30):
        a = Cards(seed=seed)
        b = twin(a, "Blue", seed=seed)
        report = lockstep(a, b, hidden="Blue", choose=random.Random(seed).choice, determinize=True)
        assert report.divergence is None, str(report)
        assert report.ended in ("over", "no common move")


def test_lockstep_finds_a_decision_the_engine_takes_because_of_a_secret():
    """The leaky engine passes by itself for a side holding only low cards: the other side learns it."""
    found = []
    for seed in range(40):
        a = Cards(seed=seed, leaky=True)
        b = twin(a, "Blue", seed=seed)
        report = lockstep(a, b, hidden="Blue", choose=first_pair)
        if report.divergence is not None:
            found.append(report.divergence)
    assert found
    first = found[0]
    assert first.viewer == "Red" and first.part in ("current_player", "prompt", "log", "observation")
    assert "only choice" in "".join(str(d) for d in found) or first.part == "current_player"


def test_lockstep_stops_where_the_caller_says_secrets_are_shown():
    a = Cards(seed=2)
    b = twin(a, "Red", seed=2)
    report = lockstep(a, b, hidden="Red", choose=first_pair, stop=lambda x, y: x.state.moves >= 2)
    assert report.ended == "stopped" and report.steps == 2 and report.divergence is None


class LeakyCopies(Cards):
    def determinize(self, player: str, seed: int) -> Game:
        return self.clone(reseed=seed)  # forgets nothing: the opponent's real cards and draws travel


def test_lockstep_finds_a_determinized_copy_that_keeps_the_real_secrets():
    a = LeakyCopies(seed=5)
    b = twin(a, "Blue", seed=5)
    report = lockstep(a, b, hidden="Blue", choose=first_pair, determinize=True)
    assert report.divergence is not None and report.divergence.part.startswith("determinize")


# -- determinized copies ----------------------------------------------------------------------------------------

def test_determinize_keeps_only_what_the_player_saw():
    g = Cards(seed=6)
    while not g.is_over() and g.current_player() != "Blue":
        g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])  # Blue puts a card down in secret
    assert any(isinstance(a, PutDown) for a in g.history)
    g.dice.force((1, 2, 3))  # an outcome a test fixed for the real game's future
    copy = g.determinize("Red", 99)
    assert [r.private_to for r in copy.dice.rolls] == ["Red"]  # its own draw only
    assert copy.dice.pending_forced == 0 and copy.dice.seed == 99 != g.dice.seed
    assert not [a for a in copy.history if isinstance(a, PutDown)]
    assert len(copy.log) == 0
    logged = g.clone(log=True)
    logged._forget_secrets("Red")
    assert not [e for e in logged.log if e.private_to == "Blue"]
    assert [e.text for e in logged.log] == [e.text for e in g.log.visible_to("Red")]
    assert g.dice.pending_forced == 1 and len(g.dice.rolls) == 2  # the real game is untouched


def test_duel_determinize_hides_nothing_because_nothing_is_hidden():
    g = pp.new_game("duel", seed=3)
    for _ in range(5):
        g.apply(g.legal_actions()[0])
    copy = g.determinize("Argos", 7)
    assert copy.history == g.history and copy.dice.rolls == g.dice.rolls  # all public
    assert copy.state.to_dict() == g.state.to_dict() and copy.dice.seed == 7
    pp.play(copy, {p: pp.RandomBot(1) for p in copy.players})
    assert copy.is_over() and len(g.history) == 5


def test_the_module_example_runs():
    import doctest

    import peloponnesos.core.secrets as secrets

    assert doctest.testmod(secrets).failed == 0
