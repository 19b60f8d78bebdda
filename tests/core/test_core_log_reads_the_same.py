"""The event log reads exactly as it did before it was made cheap (issue 17): the same events, texts, rules,
columns and ``to_dataframe()`` for seeded games, whether the log is read at once, later, packed, or copied.

``FINGERPRINTS`` were taken with the log as it was before (every event written out at once): a game's
records, for each viewer, as JSON, hashed. A change of a game's rules or words changes its fingerprint on
purpose; then run ``python tests/core/test_core_log_reads_the_same.py`` and copy the new values here,
after checking that the change is the one intended.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import peloponnesos as pp

GAMES = [("duel", 1, {}), ("duel", 7, {}), ("diceless", 1, {"first_placer": "Sparta"}), ("diceless", 2, {}),
         ("diceless", 3, {"names": {"Sparta": "Lucia", "Athens": "Marco"}, "first_placer": "Athens"}),
         ("sfacteria", 1, {}), ("sfacteria", 2, {})]

FINGERPRINTS = {
    "duel-1": "7011deecaab78275d530",
    "duel-7": "0756e521b5c575aefb9c",
    "diceless-1": "ba6ff90214ac995d8bca",
    "diceless-2": "005100f81c86a6c35550",
    "diceless-3": "747cd59f59e679d16c48",
    "sfacteria-1": "71e1443c8c60a32dd43e",
    "sfacteria-2": "69e628db70d28b1488d1",
}


def finished(name: str, seed: int, options: dict) -> pp.Game:
    game = pp.new_game(name, seed=seed, **options)
    if game.current_player() is not None and game.phase == "choose-first":
        game.apply(game.legal_actions()[0])
    pp.play(game, {side: pp.RandomBot(seed + 17 * k) for k, side in enumerate(game.players)})
    return game


def fingerprint(log, players) -> str:
    views = {str(viewer): log.to_records(viewer) for viewer in (None, *players)}
    views["events"] = [e.to_dict() for e in log]
    text = json.dumps(views, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


@pytest.mark.parametrize(("name", "seed", "options"), GAMES, ids=[f"{n}-{s}" for n, s, _ in GAMES])
def test_a_seeded_game_logs_what_it_logged_before(name, seed, options):
    game = finished(name, seed, options)
    assert fingerprint(game.log, game.players) == FINGERPRINTS[f"{name}-{seed}"]


if __name__ == "__main__":
    for name, seed, options in GAMES:
        game = finished(name, seed, options)
        print(f'    "{name}-{seed}": "{fingerprint(game.log, game.players)}",')
