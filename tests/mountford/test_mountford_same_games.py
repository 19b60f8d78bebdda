"""The same seeded games give the same games: final digests and log fingerprints recorded from the engine as
it landed (commit b915dc3), so a change made for speed or clarity cannot change any game's result.

A log fingerprint hashes every event's turn, phase, side, kind, rule and figures (dice included) — not its
wording, which may be improved. Seeds: random bots ``r0``..``r29`` (Athens ``RandomBot(seed)``, Sparta
``RandomBot(seed + 10000)``), the heuristic against itself ``h0``..``h2``, the search bot for Athens ``s5`` (one
game turn). A game played with the log off ends in the same position as with the log on. One record changed on
purpose: ``s5``, a one-turn war, now ends with the victory rule's judgement instead of a draw (frame 10.6,
CLARIFICATIONS) — the same moves, another result.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from peloponnesos.core import RandomBot, play
from peloponnesos.games.mountford import MountfordGame
from peloponnesos.games.mountford.bots import HeuristicBot, SearchBot

RECORDED = {
    "r0": ("04ee86f7bdba8098", "f2eda99d27c3fd0f"),
    "r1": ("9a93e6b327fb8aba", "c265bc9a5603a603"),
    "r2": ("d55283dafed7aa1b", "7736e865cfe5c21e"),
    "r3": ("54be27dfe7921679", "9131a23be8654c25"),
    "r4": ("ab3a64551abd8988", "ef0fc023f3305555"),
    "r5": ("0774ddb3173de23f", "db2b156957401e30"),
    "r6": ("f6d3a2066bc323d3", "228fd56f3faa36c3"),
    "r7": ("b21701f143410064", "c3893781c38cce93"),
    "r8": ("eecb560eca00e506", "fc2f9925e433c4ba"),
    "r9": ("02becbd860891b1d", "75a8b1e0b1324c32"),
    "r10": ("60b84fe3f706b577", "48d99c9d95ab1cc2"),
    "r11": ("cc24432c15103995", "a371199812be6bb6"),
    "r12": ("0c58816a260f7d4a", "86852ca2b7289893"),
    "r13": ("78bdca0c4e8e8e75", "1d03f1d2125403e0"),
    "r14": ("aefc50d66c3a9995", "dbf401bdf56eb391"),
    "r15": ("09ea1f3e1ce58103", "c4b640ad6ec9d08c"),
    "r16": ("da858a8f64f3fc8c", "64bcd3a1ac380b05"),
    "r17": ("228d8b79955c3047", "1426b86bd4fe7f79"),
    "r18": ("4d41fbc1fdc7e824", "286cf3239358d528"),
    "r19": ("169e2ece0553ee31", "7b6429657db9b945"),
    "r20": ("6c2d795925dd2d80", "00bf7e20186e31af"),
    "r21": ("5880854e846c39a8", "96b6d5f8bade61e9"),
    "r22": ("674105f8ece3479a", "265ae924947bf64b"),
    "r23": ("af859fb83c19f901", "0843a547599425f2"),
    "r24": ("5b133e9b4a55ccdd", "2d8a5fc24144f1e5"),
    "r25": ("e1e5ee9a0cd07d7f", "5ea7d7b0ea8259a4"),
    "r26": ("46fc4dd12928f7e4", "35e2de4f04bd2848"),
    "r27": ("bdf4ca2db112b8f4", "c26dd8c9349492da"),
    "r28": ("96a6f3d0beb712ce", "478e313f1ac40c4a"),
    "r29": ("4e1fb4cf01302c19", "daf834b1fedf0f84"),
    "h0": ("a8df7c8ae76cbc8e", "d64a7d1e29a8f573"),
    "h1": ("0d2755e74a3326d5", "1b097bf13571e9b1"),
    "h2": ("68c063db1282bdfc", "7c0874b600a7cfe1"),
    "s5": ("7950e0c17d6a15b8", "72a8d16dfe02b8db"),  # the same moves; judged at its last turn (frame 10.6)
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
