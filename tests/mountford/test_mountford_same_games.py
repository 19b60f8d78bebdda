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
fingerprint that meets one). The fingerprints changed again, the games not, when a loss chosen after a battle
came to be one ``eliminated`` row (no ``loss`` row beside it) and a battle nobody fought a ``no_battle`` row.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from peloponnesos.core import RandomBot, play
from peloponnesos.games.mountford import MountfordGame
from peloponnesos.games.mountford.bots import HeuristicBot, SearchBot

RECORDED = {
    "r0": ("04ee86f7bdba8098", "722b57aed7c3d83f"),
    "r1": ("9a93e6b327fb8aba", "fbe58e69013c98de"),
    "r2": ("df27b3a1fd2de81a", "167a7f349d3deccf"),
    "r3": ("54be27dfe7921679", "32dcacc301f8e338"),
    "r4": ("07f0e46b166fcf77", "84600da26aecbefd"),
    "r5": ("0774ddb3173de23f", "47c903a231c64ec0"),
    "r6": ("f6d3a2066bc323d3", "668f91bae34522df"),
    "r7": ("b21701f143410064", "9eee9284a1517767"),
    "r8": ("eecb560eca00e506", "3e38bb4cfbfdcfc9"),
    "r9": ("eecd5853c09448df", "e394c5322bfcf0c5"),
    "r10": ("4ef1728f08f3bb1d", "79d314075f4867e8"),
    "r11": ("cc24432c15103995", "0e7fc0c83a195b16"),
    "r12": ("0c58816a260f7d4a", "29aec4cc09a2feb1"),
    "r13": ("8b8f1599343cc885", "1d9cce324142fd90"),
    "r14": ("aefc50d66c3a9995", "5b6c6924ad808ae9"),
    "r15": ("09ea1f3e1ce58103", "f7522bfba08d175f"),
    "r16": ("da858a8f64f3fc8c", "0122593e98b57ff6"),
    "r17": ("b7de4d477b4ef9e8", "3ace1727dffd61c4"),
    "r18": ("4d41fbc1fdc7e824", "e4d3f3c0289ce632"),
    "r19": ("169e2ece0553ee31", "d3ee950cfba1db26"),
    "r20": ("6c2d795925dd2d80", "5747136ddac94770"),
    "r21": ("5880854e846c39a8", "f6f4587324966506"),
    "r22": ("674105f8ece3479a", "c067765348c98640"),
    "r23": ("e2d3cc30dd57b1fd", "4d82d00578c923a0"),
    "r24": ("5b133e9b4a55ccdd", "b384422c18f534f8"),
    "r25": ("e1e5ee9a0cd07d7f", "996bfbf218ea5ba7"),
    "r26": ("46fc4dd12928f7e4", "0733730a30f36a16"),
    "r27": ("bdf4ca2db112b8f4", "4c97aab4d53c45ae"),
    "r28": ("00196aea9447c8a5", "b5ffa18ffc6c934c"),
    "r29": ("80a82f5efd5fb1d3", "3a2ba6df730474a3"),
    "h0": ("a8df7c8ae76cbc8e", "52935ff61df6b51c"),
    "h1": ("0d2755e74a3326d5", "e00d4c857642118a"),
    "h2": ("ee859268a3b9e1c0", "294d837f00f3df85"),
    "s5": ("7950e0c17d6a15b8", "060db47c1295da06"),  # the same moves; judged at its last turn (frame 10.6)
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
