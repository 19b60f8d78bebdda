"""Saving and loading (also in the middle of a skirmish), exact replays, hidden information (the Sicels drawn
in secret, rule 10.1), bad input of every kind, and the tables a teacher can load."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from syracuse_helpers import illegal, position

from peloponnesos import load_game, new_game
from peloponnesos.core import IllegalAction, RandomBot, SaveFileError, TablesError
from peloponnesos.games.syracuse import SyracuseGame
from peloponnesos.games.syracuse.tables import DEFAULT_PATH, load_tables


def _play(game, n, seed=3, until=None):
    bots = {p: RandomBot(seed + i) for i, p in enumerate(game.players)}
    for _ in range(n):
        if game.is_over() or (until is not None and until(game)):
            break
        p = game.current_player()
        game.apply(bots[p].choose(game, p))


def test_syracuse_save_and_load_mid_game_round_trips_and_plays_on_the_same():
    g = new_game("syracuse", seed=21)
    _play(g, 120)
    back = load_game(g.to_json())
    assert back.digest() == g.digest() and back.observation("Athens") == g.observation("Athens")
    _play(back, 60, seed=9)
    _play(g, 60, seed=9)
    assert back.digest() == g.digest()


def test_syracuse_save_in_the_middle_of_a_skirmish_loads_back_exactly():
    for seed in range(40):
        g = new_game("syracuse", seed=seed)
        _play(g, 3000, seed=seed, until=lambda x: x.state.skirmish is not None and x.state.step == "skirmish")
        if g.state.skirmish is not None:
            break
    else:
        pytest.skip("no skirmish in these games")
    back = load_game(g.to_json())
    assert back.state.skirmish == g.state.skirmish and back.legal_actions() == g.legal_actions()


def test_syracuse_a_seed_replays_a_game_exactly():
    a, b = SyracuseGame(seed=5), SyracuseGame(seed=5)
    _play(a, 300)
    _play(b, 300)
    assert a.history == b.history and a.digest() == b.digest()
    assert [e.text for e in a.log] == [e.text for e in b.log]


def test_syracuse_a_hand_edited_save_is_refused():
    g = SyracuseGame(seed=6)
    _play(g, 40)
    data = json.loads(g.to_json())
    data["actions"][3] = {"type": "move", "piece": "A-H1", "dest": "L-7"}
    with pytest.raises(SaveFileError):
        load_game(json.dumps(data))


def test_syracuse_illegal_actions_name_the_rule_and_change_nothing():
    g = position({"L-10": ["A-H1", "Nicias"], "L-7": ["S-H1"]})
    g.dice.force(1)
    g.start_impulse("Athens")
    err = illegal(g, "move A-H1 to L-7", "7.1")
    assert "city" in err.reason
    illegal(g, "move A-H1 to L-99", "7")
    illegal(g, "move S-H1 to L-8", "7.1")
    illegal(g, "pass", "6.1.2")
    illegal(g, "build a siege wall in L-10", "10.2.1")
    illegal(g, {"type": "move", "piece": 3, "dest": "L-1"}, "7.1")


def test_syracuse_bad_input_of_every_kind_is_refused_in_words():
    g = SyracuseGame(seed=2)
    before = g.digest()
    for bad in ("castle kingside", "x" * 600, 42, None, {"type": "teleport"}, {"type": "move", "piece": ["A"]},
                {"type": "move", "piece": "A-H1", "dest": "L-1", "extra": 1}):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert g.digest() == before
    with pytest.raises(ValueError):
        SyracuseGame(seed=1, last_turn=12)
    with pytest.raises(ValueError):
        SyracuseGame(seed=1, extra_peltast="yes")
    with pytest.raises(ValueError):
        SyracuseGame(seed=1, tables=3)


def test_syracuse_10_1_the_other_side_cannot_tell_which_sicels_were_drawn():
    def game(draw):
        g = position({"L-10": ["A-H1", "A-N1", "Nicias"], "L-7": ["S-H1"]}, ml=(8, 6), seed=4)
        g.state.step, g.state.agenda = "", [("operations",)]
        g.dice.force(draw, 9)
        g.then(("sicel_recruitment",))
        g._advance()
        return g

    a, b = game(("SIC1", "SIC2")), game(("SIC4", "SIC6"))
    assert a.state.hands[0] != b.state.hands[0]
    for viewer in ("Syracuse", None):
        assert a.observation(viewer) == b.observation(viewer)
        assert [e.to_dict() for e in a.log.visible_to(viewer)] == [e.to_dict() for e in b.log.visible_to(viewer)]
    assert a.prompt() == b.prompt() and a.current_player() == b.current_player() == "Athens"
    assert a.observation("Athens") != b.observation("Athens")


def test_syracuse_10_1_determinize_redeals_only_the_other_sides_hidden_sicels():
    g = position({"L-10": ["A-H1", "A-N1", "Nicias"], "L-7": ["S-H1"]}, ml=(8, 6), seed=4)
    g.state.step, g.state.agenda = "", [("operations",)]
    g.dice.force(("SIC1", "SIC2"), 9)
    g.then(("sicel_recruitment",))
    g._advance()
    seen = set()
    for seed in range(20):
        d = g.determinize("Syracuse", seed)
        assert len(d.state.hands[0]) == 2
        seen.add(tuple(sorted(d.state.hands[0])))
        assert d.observation("Syracuse") == g.observation("Syracuse")
    assert len(seen) > 3
    mine = g.determinize("Athens", 1)
    assert mine.state.hands == g.state.hands


def test_syracuse_random_games_never_show_a_hidden_sicel_to_the_other_side():
    for seed in range(6):
        g = SyracuseGame(seed=seed)
        bots = {p: RandomBot(seed + i) for i, p in enumerate(g.players)}
        for _ in range(2500):
            if g.is_over():
                break
            for side in (0, 1):
                hidden = {g.uid(u) for u in g.state.hands[side]}
                if hidden:
                    other = g.players[1 - side]
                    text = json.dumps(g.observation(other))
                    assert not any(f'"{h}"' in text for h in hidden)
                    assert g.prompt() == SyracuseGame.prompt(g)
            for e in g.log:
                if e.kind in ("draw", "sicel_hand"):
                    assert e.private_to == e.side and not e.visible_to(g.players[1 - g.players.index(e.side)])
            p = g.current_player()
            g.apply(bots[p].choose(g, p))


def test_syracuse_tables_a_teacher_can_load_the_published_values(tmp_path: Path):
    path = tmp_path / "published.toml"
    shutil.copy(DEFAULT_PATH, path)
    text = path.read_text(encoding="utf-8").replace("[walls]\ncompletes_on = 4", "[walls]\ncompletes_on = 5")
    path.write_text(text, encoding="utf-8")
    g = SyracuseGame(seed=1, tables=str(path))
    assert g.tables.walls_completes_on == 5
    saved = json.loads(g.to_json())
    assert isinstance(saved["options"]["tables"], dict)
    path.unlink()
    assert load_game(g.to_json()).tables.walls_completes_on == 5


def test_syracuse_tables_a_broken_file_is_explained_with_its_line(tmp_path: Path):
    path = tmp_path / "broken.toml"
    text = DEFAULT_PATH.read_text(encoding="utf-8").replace('"1:1" = ["A1",', '"1:1" = ["A9",', 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TablesError, match=r"line \d+") as err:
        load_tables(str(path))
    assert "1:1" in str(err.value)
    text = DEFAULT_PATH.read_text(encoding="utf-8").replace("[surrender.bad_omens]\nvalue = 1",
                                                           "[surrender.bad_omens]\nvalue = 40")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TablesError, match="from -6 to 6"):
        load_tables(str(path))


def test_syracuse_tables_every_value_says_if_it_is_printed_or_reconstructed():
    t = load_tables()
    assert t.reconstructed
    rows = t.rows_for_lessons()
    assert rows and all(r["basis"] in ("printed", "reconstructed") and r["note"] for r in rows)
    assert any(r["basis"] == "printed" for r in rows) and any(r["basis"] == "reconstructed" for r in rows)
