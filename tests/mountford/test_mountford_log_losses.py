"""Every loss is told once in the log: one ``eliminated`` row in plain words, citing its rule once (in the
``rule`` column), with the figures a class reads with pandas (``city``, ``h_lost``, ``c_lost``, ``n_lost``,
``cause``, ``space``). No other row counts the same SPs again (a storm's, a march's, ships burnt or laid up,
troops left without ships: each used to have a second row saying the same loss)."""

from __future__ import annotations

import re

import pytest
from mountford_helpers import do, events, legal_texts, position, sps

from peloponnesos.core import RandomBot, play
from peloponnesos.games.mountford import MountfordGame, economy
from peloponnesos.games.mountford.bots import HeuristicBot
from peloponnesos.games.mountford.combat import result_words

LOSS_COLUMNS = ("h_lost", "c_lost", "n_lost", "sp_lost")


def _told(game) -> list:
    """The rows that tell a loss: any row with a loss figure, or saying in words that SPs are lost."""
    return [e for e in game.log if any(e.data.get(c) for c in LOSS_COLUMNS)
            or (e.kind != "roll" and (" lost" in e.text or " loses " in e.text))]


def _one_line(game, cause: str, rule: str):
    told = _told(game)
    assert [e.kind for e in told] == ["eliminated"] * len(told) and told, [e.text for e in told]
    assert {e.data["cause"] for e in told} == {cause}
    for e in told:
        assert e.rule == f"Mountford {rule}" and "Mountford" not in e.text and "(" not in e.text, e
    return told


def test_mountford_4_2_a_storms_losses_are_told_once():
    g = position({"taenarum": {"sparta": (0, 0, 3)}}, side="Sparta", turn=6, owners={"syracuse": "corinth"})
    do(g, "activate Gylippus at taenarum", "form an army of 0H 0C 3N")
    g.dice.force(5)
    g.apply("move to syracuse by the Taenarum crossing")
    (loss,) = _one_line(g, "storm", "4.2")
    assert loss.text == "Sparta loses 3 naval SPs in the storm."
    assert (loss.data["city"], loss.data["n_lost"], loss.data["space"]) == ("sparta", 3, "syracuse")
    (storm,) = events(g, "storm")  # the storm's own row: its die and the leader set aside, before the loss
    assert storm.data == {"die": 5} and storm.index < loss.index and "Gylippus" in storm.text
    assert not events(g, "destroyed")


def test_mountford_5_1_ships_burnt_are_told_once():
    g = position({"siphae": {"thebes": (0, 0, 2)}, "piraeus": {"athens": (0, 0, 3)}}, owners={"siphae": "thebes"})
    do(g, "activate Phormio at piraeus", "form an army of 0H 0C 3N", "attack siphae")
    while "ships at siphae burn themselves" not in legal_texts(g):
        g.apply(legal_texts(g)[0])
    g.apply("ships at siphae burn themselves")
    assert sps(g, "siphae", "thebes") == (0, 0, 0)
    (loss,) = _one_line(g, "burnt", "5.1")
    assert loss.text == "Thebes's crews at Siphae burn their ships rather than fight: 2 naval SPs lost."
    assert (loss.data["n_lost"], loss.data["space"], loss.side) == (2, "siphae", "Sparta")
    assert loss.data["battle"] == events(g, "battle")[0].data["battle"] == 1  # burnt in battle 1, and told so
    assert not events(g, "burn")


def test_mountford_4_5_2_losses_on_the_march_are_told_once_a_city_state():
    g = position({"corinth": {"corinth": (3, 1, 0)}}, side="Sparta", owners={"megara": "athens"})
    do(g, "activate Brasidas at corinth", "form an army of 3H 1C 0N")
    g.dice.force(5, 6, 1, 6)  # a pass into unfriendly Megara: two hoplites and the horse fall
    g.apply("move to megara")
    (loss,) = _one_line(g, "pass", "4.5.2")
    assert loss.text == "Corinth loses 2 hoplite SPs and 1 cavalry SP on the opposed pass into Megara."
    assert (loss.data["h_lost"], loss.data["c_lost"], loss.data["space"]) == (2, 1, "megara")
    (march,) = events(g, "attrition")  # what is at stake comes first, before the dice
    assert march.index < loss.index and march.data == {"space": "megara", "cause": "pass", "sps": 4}
    assert sps(g, "megara", "corinth") == (1, 0, 0)


def test_mountford_4_5_an_army_lost_on_the_march_is_told_once():
    g = position({"corinth": {"corinth": (2, 0, 0)}}, side="Sparta", owners={"megara": "athens"})
    do(g, "activate Brasidas at corinth", "form an army of 2H 0C 0N")
    g.dice.force(5, 6)
    g.apply("move to megara")
    (loss,) = _one_line(g, "pass", "4.5.2")
    assert loss.data["h_lost"] == 2 and g.state.op is None and not events(g, "destroyed")


def test_mountford_4_3_land_sps_left_without_ships_are_told_once():
    g = position({"piraeus": {"athens": (2, 0, 4)}})
    do(g, "activate Phormio at piraeus", "form an army of 2H 0C 4N")
    g.state.op["route"] = [g.board.index[x] for x in ("piraeus", "aegina", "kithnos")]
    g.state.op["army"]["athens"] = [2, 0, 2]  # ships lost on the way: too few for both hoplites
    g.state.step = "transport"
    g._legal = None
    g.apply("eliminate 1H 0C to keep sailing")
    (loss,) = _one_line(g, "transport", "4.3")
    assert loss.text == "Athens loses 1 hoplite SP in Piraeus: too few ships are left to carry them."
    assert not events(g, "transport")


def test_mountford_10_4_ships_laid_up_are_told_once():
    g = position({"piraeus": {"athens": (0, 0, 10)}})
    g.state.treasury["athens"] = 80
    economy.upkeep(g)
    (loss,) = _one_line(g, "laid up", "10.4")
    assert loss.text == "Athens lays up 8 naval SPs: there is no money to pay the crews." and loss.data["n_lost"] == 8
    (paid,) = events(g, "upkeep")
    assert paid.text == "Athens pays 80 talents for 2 naval SPs." and "n_lost" not in paid.data


def _all_sps(game) -> int:
    total = sum(sum(t) for stacks in game.state.forces.values() for t in stacks.values())
    return total + (sum(sum(t) for t in game.state.op["army"].values()) if game.state.op else 0)


@pytest.mark.parametrize("seed", [3, 11])
def test_mountford_5_4_a_class_summing_the_losses_of_a_log_gets_the_sps_lost(seed):
    """The audit's games: a pandas sum of every loss column, over every row, is what the war cost — no loss is
    counted twice — and each row that tells a loss cites its rule."""
    bots = ({"Athens": HeuristicBot(seed), "Sparta": HeuristicBot(seed + 1)} if seed == 3
            else {"Athens": RandomBot(seed), "Sparta": RandomBot(seed + 10_000)})
    game = MountfordGame(seed=seed)
    start = _all_sps(game)
    play(game, bots)
    df = game.log.to_dataframe()
    lost = sum(int(df[c].fillna(0).sum()) for c in LOSS_COLUMNS if c in df)
    gained = int(df["sp_gained"].fillna(0).sum())
    assert start + gained - lost == _all_sps(game)
    losses = df[df["kind"] == "eliminated"]
    assert len(losses) and losses["rule"].str.startswith("Mountford ").all()
    assert not losses["text"].str.contains("Mountford").any()
    assert set(df[df[["h_lost", "c_lost", "n_lost"]].fillna(0).sum(axis=1) > 0]["kind"]) == {"eliminated"}


# -- a battle's rows: the result, then each SP it took, all with the battle's number ----------------------------
def _siphae_at_sea_and_on_land():
    """Phormio's 2H 3N against Thebes' 2H 2N in Siphae: Athens wins at sea (6+5 against 1+0), then on land."""
    g = position({"siphae": {"athens": (2, 0, 3), "thebes": (2, 0, 2)}}, owners={"siphae": "thebes"})
    do(g, "activate Phormio at siphae")
    g.dice.force(6, 1, 6, 1)
    do(g, "form an army of 2H 0C 3N", "ships at siphae join the battle", "fight a hoplite battle")
    assert g.state.battle is None
    return g


def test_mountford_5_4_a_battles_result_row_comes_first_then_one_eliminated_row_per_sp_it_took():
    g = _siphae_at_sea_and_on_land()
    rows = [e for e in g.log if e.kind != "roll" and e.index >= events(g, "battle")[0].index]
    assert [e.kind for e in rows] == [
        "battle", "participate",
        "naval_battle", "eliminated", "eliminated", "bellicosity", "bellicosity",
        "land_battle", "eliminated", "eliminated", "bellicosity", "bellicosity", "hostages",
        "op_end"]
    assert rows[0].text == "Battle 1 in Siphae: Athens against Sparta."
    naval, land = rows[2], rows[7]
    assert naval.rule == "Mountford 5.1" and naval.text.endswith(
        "Athens wins; Sparta must give up 2 naval SPs, each named on a line that follows.")
    assert land.rule == "Mountford 5.2" and land.text.endswith(
        "Athens wins; Sparta must give up 2 SPs, each named on a line that follows.")
    assert [e.text for e in rows if e.kind == "eliminated"] == (
        ["Thebes loses 1 naval SP in battle 1."] * 2 + ["Thebes loses 1 hoplite SP in battle 1."] * 2)
    for e in rows[:-1]:  # every row of the battle carries its number; the operation's end is not the battle's
        assert e.data["battle"] == 1, e
    assert "battle" not in rows[-1].data
    for e in rows[2:12]:  # the result rows and the SPs lost: the battle's space too
        assert e.kind not in ("naval_battle", "land_battle", "eliminated") or e.data["space"] == "siphae", e
    assert all(e.rule == "Mountford 5.4" and e.data["cause"] == "battle" for e in rows if e.kind == "eliminated")


def test_mountford_5_4_a_class_groups_a_battles_losses_by_its_number():
    g = _siphae_at_sea_and_on_land()
    df = g.log.to_dataframe()
    lost = df[df["cause"] == "battle"].groupby("battle")[["h_lost", "c_lost", "n_lost"]].sum()
    assert lost.to_dict("index") == {1: {"h_lost": 2, "c_lost": 0, "n_lost": 2}}
    results = df[df["kind"].isin(["naval_battle", "land_battle"])]
    assert results["losses"].map(sum).sum() == 4 == len(df[df["kind"] == "eliminated"])


def test_mountford_5_2_a_result_row_says_what_each_side_must_give_up():
    sides = ["Athens", "Sparta"]
    assert result_words(sides, None, (1, 1)) == ("a draw; Athens must give up 1 SP and Sparta 1 SP, each named on "
                                                 "a line that follows")
    assert result_words(sides, None, (0, 0)) == "a draw; neither side gives up an SP"
    assert result_words(sides, 0, (0, 1), "naval ") == ("Athens wins; Sparta must give up 1 naval SP, named on the "
                                                        "line that follows")
    assert result_words(sides, 1, (3, 0)) == "Sparta wins; Athens must give up 3 SPs, each named on a line that follows"


@pytest.mark.parametrize("seed", [3, 11])
def test_mountford_5_4_in_a_whole_game_each_battles_sps_lost_follow_its_result_rows_and_add_up_to_them(seed):
    """The audit's games: battles numbered 1, 2 … in order; each SP lost in a battle is a row after a result row
    of the same battle and fight (at sea: naval SPs), in the battle's space; per battle, the SPs lost are what its
    result rows said."""
    bots = ({"Athens": HeuristicBot(seed), "Sparta": HeuristicBot(seed + 1)} if seed == 3
            else {"Athens": RandomBot(seed), "Sparta": RandomBot(seed + 10_000)})
    game = MountfordGame(seed=seed)
    play(game, bots)
    opened = events(game, "battle")
    assert [e.data["battle"] for e in opened] == list(range(1, len(opened) + 1)) and opened
    where = {e.data["battle"]: e.data["space"] for e in opened}
    owed: dict[int, int] = {}
    taken: dict[int, int] = {}
    result = None
    for e in game.log:
        if e.kind in ("naval_battle", "land_battle"):
            result = e
            owed[e.data["battle"]] = owed.get(e.data["battle"], 0) + sum(e.data["losses"])
        elif e.kind == "eliminated" and e.data["cause"] == "battle":
            assert result is not None and result.data["battle"] == e.data["battle"], e
            assert (result.kind == "naval_battle") == (e.data["arm"] == "N"), e
            assert e.data["space"] == where[e.data["battle"]] == result.data["space"]
            assert e.data["h_lost"] + e.data["c_lost"] + e.data["n_lost"] == 1
            taken[e.data["battle"]] = taken.get(e.data["battle"], 0) + 1
    assert taken and {b: n for b, n in owed.items() if n} == taken


def test_mountford_5_a_battle_with_a_neutral_city_state_names_it_as_written():
    """Seeded game r0 (random bots) fights neutral Argos: its rows say "Argos", as the map does (not "argos", the
    city-state's id, which stays in the ``side`` and ``winner`` figures)."""
    game = MountfordGame(seed=0)
    play(game, {"Athens": RandomBot(0), "Sparta": RandomBot(10_000)})
    rows = [e for e in game.log if e.kind in ("battle", "naval_battle", "land_battle", "no_battle")]
    assert any("Sparta against Argos" in e.text for e in rows)
    lower = re.compile(r"\b(against|but) [a-z]|\b[a-z]+ (wins|must give up)\b|: [a-z]+'s forces")
    assert not [e.text for e in rows if lower.search(e.text)]
