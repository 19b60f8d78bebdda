"""The same seeded games give the same games: final digests and log fingerprints recorded from the engine as
it landed (commit b915dc3), so a change made for speed or clarity cannot change any game's result.

A log fingerprint hashes every event's turn, phase, side, kind, rule and figures (dice included) — not its
wording, which may be improved. Seeds: random bots ``r0``..``r29`` (Athens ``RandomBot(seed)``, Sparta
``RandomBot(seed + 10000)``), the heuristic against itself ``h0``..``h2``, the search bot for Athens ``s5`` (one
game turn). A game played with the log off ends in the same position as with the log on. One record changed on
purpose: ``s5``, a one-turn war, now ends with the victory rule's judgement instead of a draw (frame 10.6,
CLARIFICATIONS) — the same moves, another result. All records changed on purpose when forces in spaces their own
city-state holds came to count as at home for a siege (CLARIFICATIONS 5.8: games where a siege became possible
play differently) and a siege that cannot be made came to be logged (``no_siege``, a new event in every
fingerprint that meets one).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from peloponnesos.core import RandomBot, play
from peloponnesos.games.mountford import MountfordGame
from peloponnesos.games.mountford.bots import HeuristicBot, SearchBot

RECORDED = {
    "r0": ("04ee86f7bdba8098", "3454e5a78bc84848"),
    "r1": ("9a93e6b327fb8aba", "e7e25eba16d2d43f"),
    "r2": ("df27b3a1fd2de81a", "eba57233ef3ae5bb"),
    "r3": ("54be27dfe7921679", "3c441b33143f4efd"),
    "r4": ("07f0e46b166fcf77", "96a23ba8cb5b7d76"),
    "r5": ("0774ddb3173de23f", "f87fb5df6c7a100d"),
    "r6": ("f6d3a2066bc323d3", "144555f8f1f38265"),
    "r7": ("b21701f143410064", "705cf5c2fe7cf35f"),
    "r8": ("eecb560eca00e506", "f2d0fa14535841ae"),
    "r9": ("eecd5853c09448df", "81361cf50c98a307"),
    "r10": ("4ef1728f08f3bb1d", "d52d8693587e1043"),
    "r11": ("cc24432c15103995", "63e0192669e82ba9"),
    "r12": ("0c58816a260f7d4a", "b15d5038d217362a"),
    "r13": ("8b8f1599343cc885", "3ed2f64ee9565637"),
    "r14": ("aefc50d66c3a9995", "29dc260ad6d8b6a6"),
    "r15": ("09ea1f3e1ce58103", "99748c8752119ac9"),
    "r16": ("da858a8f64f3fc8c", "3958ff789fa26f90"),
    "r17": ("b7de4d477b4ef9e8", "df63a97d6467b486"),
    "r18": ("4d41fbc1fdc7e824", "c51125eca7cb484b"),
    "r19": ("169e2ece0553ee31", "0e3a088e1025095f"),
    "r20": ("6c2d795925dd2d80", "fa99edce5612286c"),
    "r21": ("5880854e846c39a8", "9689108ee5b8969c"),
    "r22": ("674105f8ece3479a", "b4e22153a99f9ec1"),
    "r23": ("e2d3cc30dd57b1fd", "c2e0375b70790ff7"),
    "r24": ("5b133e9b4a55ccdd", "bcc198bb505304a4"),
    "r25": ("e1e5ee9a0cd07d7f", "a8caf8ed4bc33bd5"),
    "r26": ("46fc4dd12928f7e4", "2164c74526b259f1"),
    "r27": ("bdf4ca2db112b8f4", "31884adbbde19f73"),
    "r28": ("00196aea9447c8a5", "fdca8bfaef578077"),
    "r29": ("80a82f5efd5fb1d3", "5edd66f9b60f357e"),
    "h0": ("a8df7c8ae76cbc8e", "1fc18a23aa9b3a16"),
    "h1": ("0d2755e74a3326d5", "06b345337fa0cad6"),
    "h2": ("ee859268a3b9e1c0", "bec701f46c7c3798"),
    "s5": ("7950e0c17d6a15b8", "2392ae1a84cae14c"),  # the same moves; judged at its last turn (frame 10.6)
}


def log_fingerprint(game: MountfordGame) -> str:
    rows = [[e.turn, e.phase, e.side, e.kind, e.rule, e.data, e.private_to] for e in game.log]
    return hashlib.sha256(json.dumps(rows, sort_keys=True, default=list).encode()).hexdigest()[:16]


def played(key: str, *, log: bool = True) -> MountfordGame:
    seed = int(key[1:])
    if key[0] == "r":
        game, bots = MountfordGame(seed=seed), {"Athens": RandomBot(seed), "Sparta": RandomBot(seed + 10_000)}
    elif key[0] == "h":
        game, bots = MountfordGame(seed=seed), {"Athens": HeuristicBot(seed), "Sparta": HeuristicBot(seed + 1)}
    else:
        game, bots = MountfordGame(seed=seed, turns=1), {"Athens": SearchBot(seed), "Sparta": HeuristicBot(seed + 1)}
    game.log.enabled = log
    play(game, bots)
    return game


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_mountford_seeded_games_end_as_recorded(key):
    game = played(key)
    assert (game.digest(), log_fingerprint(game)) == RECORDED[key]


@pytest.mark.parametrize("key", ["r0", "r7", "r19", "h1"])
def test_mountford_the_log_switched_off_changes_no_game(key):
    assert played(key, log=False).digest() == RECORDED[key][0]
