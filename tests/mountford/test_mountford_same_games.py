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
They changed again, the games not (every digest as before), when every loss came to be told once: a storm's,
a march's, ships burnt or laid up and troops left without ships are each one ``eliminated`` row citing its rule;
the ``burn``, ``transport`` and ``destroyed`` rows are gone, and the ``storm``, ``attrition`` and ``upkeep``
rows no longer count the SPs lost (the march's row now comes before its dice).
They changed again, the games not (every digest as before), when a battle's rows came to be numbered: every row
a battle writes has ``battle`` (its number in the game), and a fight's result row and each SP lost in it
(``eliminated``, cause "battle") have the battle's ``space``, so a class can group them (engine docstring).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from peloponnesos.core import RandomBot, play
from peloponnesos.games.mountford import MountfordGame
from peloponnesos.games.mountford.bots import HeuristicBot, SearchBot

RECORDED = {
    "r0": ("04ee86f7bdba8098", "40f62fc46c581072"),
    "r1": ("9a93e6b327fb8aba", "00436755b27fbba6"),
    "r2": ("df27b3a1fd2de81a", "3222ff6c430ee9d5"),
    "r3": ("54be27dfe7921679", "8a14eb2b1058c8e2"),
    "r4": ("07f0e46b166fcf77", "0ab91442776c9a05"),
    "r5": ("0774ddb3173de23f", "d7f3c4da94034372"),
    "r6": ("f6d3a2066bc323d3", "8729b78b31ef3dd4"),
    "r7": ("b21701f143410064", "a5b587a3d8939dff"),
    "r8": ("eecb560eca00e506", "7e67659a41cd7362"),
    "r9": ("eecd5853c09448df", "1b7915977f1b8b44"),
    "r10": ("4ef1728f08f3bb1d", "dc854fb062710b66"),
    "r11": ("cc24432c15103995", "12fb526e9d8abc9b"),
    "r12": ("0c58816a260f7d4a", "911aa5e4dae8e062"),
    "r13": ("8b8f1599343cc885", "83965a620cfb82bd"),
    "r14": ("aefc50d66c3a9995", "0898571b175fcfde"),
    "r15": ("09ea1f3e1ce58103", "6e4d49c3baa58002"),
    "r16": ("da858a8f64f3fc8c", "da0648bd272dbfff"),
    "r17": ("b7de4d477b4ef9e8", "0b2741752dca574e"),
    "r18": ("4d41fbc1fdc7e824", "2579220840fa15d0"),
    "r19": ("169e2ece0553ee31", "d6e79f4ce1b994dd"),
    "r20": ("6c2d795925dd2d80", "6c4bceb5e01ea131"),
    "r21": ("5880854e846c39a8", "93b80f1f349ef8ad"),
    "r22": ("674105f8ece3479a", "6f68ec4b45de3d2b"),
    "r23": ("e2d3cc30dd57b1fd", "b1a821b075be03be"),
    "r24": ("5b133e9b4a55ccdd", "63d155a6ad96d937"),
    "r25": ("e1e5ee9a0cd07d7f", "49fbfdf873d80367"),
    "r26": ("46fc4dd12928f7e4", "906fa2f6ffc56fa3"),
    "r27": ("bdf4ca2db112b8f4", "257c5ecb3bbbb0f5"),
    "r28": ("00196aea9447c8a5", "3ce0a03717267752"),
    "r29": ("80a82f5efd5fb1d3", "ca7d8347b1da5c9c"),
    "h0": ("a8df7c8ae76cbc8e", "1d54ba3891f0bcea"),
    "h1": ("0d2755e74a3326d5", "c4acf334f56549bd"),
    "h2": ("ee859268a3b9e1c0", "e4ae7f44d3821fe8"),
    "s5": ("7950e0c17d6a15b8", "64dc872bed1a9a48"),  # the same moves; judged at its last turn (frame 10.6)
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
