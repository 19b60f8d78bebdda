"""A saved game damaged anywhere (a value changed, an item gone, the digest kept or dropped) is either loaded as
a game that plays on, or refused with the package's own error: never a raw Python exception, for every game
(property test: hypothesis picks the places and the values)."""

from __future__ import annotations

import copy
import json
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import play_some

import peloponnesos as pp
from peloponnesos.core.errors import PeloponnesosError
from peloponnesos.core.registry import games

GAMES = [g.name for g in games(include_planned=False)]
# what a hand edit or a damaged file puts in place of a value
VALUES = st.sampled_from([None, True, False, 0, -1, 1, 2, 7, 10**30, -(10**30), 1.5, "", "x", "A1", "turn", "1",
                          [], [0], [[]], {}, {"a": 1}])


@cache
def saved(name: str, actions: int) -> str:
    """A game of ``name`` after ``actions`` random actions, saved."""
    return play_some(pp.new_game(name, seed=actions), actions, seed=actions).to_json()


def places(data, path=()):
    """Every value's place in the save (keys and list positions from the top)."""
    yield path
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from places(value, (*path, key))


def damage(data, path, value) -> None:
    """Put ``value`` at ``path`` (``None`` as value with a list position: remove that item)."""
    *parents, last = path
    for key in parents:
        data = data[key]
    if isinstance(data, list) and value is None:
        del data[last]
    else:
        data[last] = value


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(GAMES), actions=st.sampled_from([0, 30, 150]), keep_digest=st.booleans(),
       edits=st.lists(st.tuples(st.integers(min_value=1), VALUES), min_size=1, max_size=3))
def test_a_damaged_save_loads_and_plays_on_or_is_refused_in_words(name, actions, keep_digest, edits):
    data = json.loads(saved(name, actions))
    if not keep_digest:
        data.pop("digest", None)
    for where, value in edits:
        spots = list(places(data))[1:]
        damage(data, spots[where % len(spots)], copy.deepcopy(value))  # (never one list in two places)
    try:
        game = pp.load_game(json.dumps(data))
        for _ in range(3):  # a save that loads is a game: it plays on, shows each side its view and saves again
            if game.is_over():
                break
            game.apply(game.legal_actions()[0])
        for side in game.players:
            game.observation(side)
        pp.load_game(game.to_json())
    except PeloponnesosError as error:
        assert str(error) and "\n" not in str(error)
