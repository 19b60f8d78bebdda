"""The panel's log cites a line's rule once, whatever the game, also when the engine's sentence already ends by
citing it with its full stop ("No siege of Athens: … (Mountford 5.8).")."""

from __future__ import annotations

import re

import pytest

import peloponnesos as pp
from peloponnesos.core.registry import games
from peloponnesos.widgets.launch import panel as make_panel

GAMES = [info.name for info in games(include_planned=False)]


@pytest.mark.parametrize("name", GAMES)
def test_panel_log_cites_each_rule_once_in_every_game(name):
    p = make_panel(name, mode="hotseat", seed=1)
    cited = 0
    for seed in range(4):
        game = pp.new_game(name, seed=seed)
        pp.play(game, {side: pp.RandomBot(seed + k) for k, side in enumerate(game.players)})
        for event in game.log:
            if not event.rule:
                continue
            line = re.sub("<[^>]+>", "", p._event_html(event))
            assert line.count(f"({event.rule})") == 1, line
            assert not line.endswith(".."), line
            cited += f"({event.rule})" in event.text
    if name in ("mountford", "sfacteria"):  # (lines that do: no siege, no battle; the stratagem draws)
        assert cited, "no line of these games cites its rule in its own words: the test would test nothing"
