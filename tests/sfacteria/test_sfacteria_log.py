"""The game log is enough for a lesson's charts: PF lost per turn and side, supply over time, Helot runs,
recoveries and a snapshot at each end of turn, all from ``game.log.to_dataframe()`` without replaying."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from peloponnesos.core import RandomBot, play
from peloponnesos.games.sfacteria import SfacteriaGame
from peloponnesos.games.sfacteria import engine as engine_module

SIDES = ("Athens", "Sparta")
OPTIONS = [{}, {"optional_voluntary_reduction": True, "optional_strategos": True}, {"scenario": "blockade"}]
LOSSES = ("reduced", "eliminated", "unpaid", "storm")  # the kinds that take PF from a unit
SUPPLY_RULES = {"Sfacteria 7", "Sfacteria 7.1", "Sfacteria 7.1.1"}


def _played(k: int) -> SfacteriaGame:
    game = SfacteriaGame(seed=700 + k, **OPTIONS[k % len(OPTIONS)])
    play(game, {"Athens": RandomBot(k), "Sparta": RandomBot(k + 50)})
    return game


@pytest.fixture(scope="module")
def games() -> list[SfacteriaGame]:
    return [_played(k) for k in range(12)]


def _sum(frame, column: str) -> float:
    return float(frame[column].fillna(0).sum()) if column in frame else 0.0


def test_sfacteria_log_pf_lost_per_turn_and_side_explains_the_snapshots(games):
    """Between two snapshots (set-up, then each end of turn) each side's PF in play changes by exactly what the
    log says: reinforcements and recoveries in, losses out."""
    checked = 0
    for game in games:
        df = game.log.to_dataframe()
        snaps = df[df["kind"].isin(["setup", "turn_end"])]
        assert snaps["kind"].iloc[0] == "setup" and (snaps["kind"].iloc[1:] == "turn_end").all()
        # one end of turn per turn played, the last one included (also when a capitulation ends the game)
        assert list(snaps["turn"].iloc[1:]) == list(range(int(snaps["turn"].iloc[0]), game.turn + 1))
        by_turn = df.groupby(["turn", "side"])[["pf_lost", "pf_gained", "pf_arrived"]].sum()
        for (_, before), (_, after) in zip(snaps.iloc[:-1].iterrows(), snaps.iloc[1:].iterrows(), strict=True):
            between = df[(df["index"] > before["index"]) & (df["index"] <= after["index"])]
            assert set(between["turn"]) == {after["turn"]}  # a turn's events lie between its snapshots
            for side in SIDES:
                mine = between[between["side"] == side]
                change = after[f"pf_on_map_{side}"] - before[f"pf_on_map_{side}"]
                assert change == _sum(mine, "pf_arrived") + _sum(mine, "pf_gained") - _sum(mine, "pf_lost"), (
                    game.dice.seed, after["turn"], side)
                key = (after["turn"], side)
                lost = by_turn.loc[key, "pf_lost"] if key in by_turn.index else 0
                assert lost == _sum(mine, "pf_lost")
                checked += 1
        final = game.totals()
        assert {k: snaps.iloc[-1][k] for k in final} == final
    assert checked > 100


def test_sfacteria_log_every_loss_names_the_unit_the_side_and_the_rule(games):
    seen = set()
    for game in games:
        for e in game.log:
            if e.kind in LOSSES and "unit" in e.data:
                assert isinstance(e.data["pf_lost"], int) and e.data["pf_lost"] > 0, e
                assert e.side in SIDES and e.rule and e.data["unit"] in game.oob.unit_index
                assert game.oob.u_side[game.oob.unit_index[e.data["unit"]]] == SIDES.index(e.side)
                seen.add((e.kind, e.rule))
            if "pf_lost" in e.data:
                assert e.kind in LOSSES and "unit" in e.data
            if e.kind == "recover":
                assert e.data["unit"] in game.oob.unit_index and e.data["pf_gained"] > 0
                assert e.rule in ("Sfacteria 3.E", "Sfacteria 8", "Sfacteria 9")
    # combat, unpaid battles, storms, Helot runs, truces, voluntary reduction and capitulation all showed up
    rules = {rule for _, rule in seen}
    assert {"Sfacteria 6.1", "Sfacteria 6.2", "Sfacteria 8", "Sfacteria 11.1"} <= rules, seen


def test_sfacteria_log_supply_is_logged_for_each_side_at_every_end_of_turn(games):
    for game in games:
        df = game.log.to_dataframe()
        supply = df[df["kind"] == "supply"]
        assert set(supply["rule"]) <= SUPPLY_RULES
        assert supply[["level_before", "level", "suspended"]].notna().all().all()
        for _, end in df[df["kind"] == "turn_end"].iterrows():
            turn = supply[supply["turn"] == end["turn"]]
            capitulated = ((df["kind"] == "capitulation") & (df["turn"] == end["turn"])).any()
            assert set(turn["side"]) == set(SIDES) or (capitulated and game.is_over() and len(turn) >= 1)
            for side, row in turn.groupby("side").last().iterrows():
                assert row["level"] == end[f"supply_{side}"]  # the snapshot shows the marker after the check
                assert row["change"] == row["level"] - row["level_before"]


def test_sfacteria_log_a_still_marker_is_logged_too():
    game = SfacteriaGame(seed=3)
    game.start_end_phase()
    while game.state.step != "turn_end" and game.turn == 1:
        legal = game.legal_actions()
        game.apply(legal[-1])
    supply = [e for e in game.log if e.kind == "supply"]
    assert [(e.side, e.data["level_before"], e.data["level"], e.data["suspended"]) for e in supply] == [
        ("Athens", 3, 3, False), ("Sparta", 3, 3, False)]
    assert all(e.rule == "Sfacteria 7" and "stays at 3" in e.text for e in supply)


def test_sfacteria_log_helot_runs_cite_rule_7_and_log_their_outcome(games):
    runs = 0
    for game in games:
        df = game.log.to_dataframe()
        dice = df[(df["kind"] == "roll") & df["why"].astype(str).str.contains("Helot")]
        outcome = df[df["kind"] == "helot_run"]
        assert len(dice) == len(outcome) and (dice["rule"] == "Sfacteria 7").all()
        if outcome.empty:
            continue
        assert (outcome["rule"] == "Sfacteria 7").all()
        assert outcome["zone"].isin(["T11", "T12"]).all() and outcome["unit"].notna().all()
        assert outcome["success"].isin([True, False]).all()
        runs += len(outcome)
    assert runs
    for game in games:
        rolls = game.log.to_dataframe().query("kind == 'roll'")
        assert rolls["rule"].str.match(r"Sfacteria \d").all()  # every die says which rule it is for


def test_sfacteria_log_private_events_stay_private(games):
    for game in games:
        private = {side: {e.index for e in game.log if e.private_to == side} for side in SIDES}
        assert private["Athens"] and private["Sparta"]
        assert not set(game.log.to_dataframe(None)["index"]) & (private["Athens"] | private["Sparta"])
        for me, other in (SIDES, SIDES[::-1]):
            seen = game.log.to_dataframe(other)
            assert not set(seen["index"]) & private[me]
            assert set(seen["index"]) >= private[other]
        for e in game.log:  # what was drawn, and a face chosen in secret, are shown only to their owner
            if e.kind == "draw" or "chits" in e.data or (e.kind == "stratagem" and "chooses" in e.text):
                assert e.private_to == e.side, e


def test_sfacteria_log_the_docstring_table_names_every_kind_and_column(games):
    doc = engine_module.__doc__
    table = doc[doc.index("The log (``game.log``)"):doc.index("Helpers for lessons")]
    kinds = set(re.findall(r"^``(\w+)``", table, flags=re.MULTILINE))
    columns = set(re.findall(r"``(\w+)``", table))
    frames = [game.log.to_dataframe() for game in games]
    assert set(pd.concat(frames)["kind"]) <= kinds
    logged = set().union(*(frame.columns for frame in frames))
    assert logged - {"index", "turn", "phase", "side", "kind", "rule", "text"} <= columns, logged - columns


@pytest.mark.parametrize("k", range(6))
def test_sfacteria_log_switched_off_plays_the_same_game(k):
    """A bot's playout (log off) is the same game as a logged one: same actions, dice and result; only the
    event log stays as it was (the dice still record every roll)."""
    logged = _played(k)
    quiet = SfacteriaGame(seed=700 + k, **OPTIONS[k % len(OPTIONS)])
    quiet.log.enabled = False
    at_start = len(quiet.log.events)  # the set-up, logged before the switch
    play(quiet, {"Athens": RandomBot(k), "Sparta": RandomBot(k + 50)})
    assert quiet.history == logged.history
    assert quiet.dice.rolls == logged.dice.rolls and quiet.dice.rolls
    assert quiet.result() == logged.result()
    assert len(quiet.log.events) == at_start < len(logged.log.events)
