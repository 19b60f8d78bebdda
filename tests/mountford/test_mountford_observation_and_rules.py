"""What a map, a panel and a route planner read: the observation, the prompt, the rule registry, the map data."""

from __future__ import annotations

import csv
import json
import re
import tomllib
from pathlib import Path

import peloponnesos as pp
from peloponnesos.games.mountford import MountfordGame
from peloponnesos.games.mountford.board import default_board

PACKAGE = Path(pp.__file__).parent / "games" / "mountford"
GAZETTEER = Path(__file__).resolve().parents[3] / "shared" / "design" / "gazetteer.csv"


def test_mountford_observation_holds_what_a_map_needs_and_is_json():
    g = MountfordGame(seed=1)
    obs = g.observation("Athens")
    json.dumps(obs)
    assert obs | {"viewer": "Sparta"} == g.observation("Sparta")  # nothing is hidden
    athens = next(s for s in obs["spaces"] if s["id"] == "athens")
    assert athens["forces"] == {"athens": [7, 1, 0]} and athens["side"] == "Athens" and athens["fortress"]
    assert {"treasury", "bellicosity", "hostages", "tribute_held", "athenian_fleet", "kings"} <= set(obs["tracks"])
    status = {ld["name"]: ld["status"] for ld in obs["leaders"]}
    assert status["Pericles"] == "ready" and status["Lysander"] == "off"  # Lysander commands from 407
    assert obs["prompt"].startswith("Sparta:")
    assert obs["reconstructed"] == {"map": True, "tables": True, "frame": True}


def test_mountford_the_map_has_every_place_the_chapters_and_the_scenario_name():
    b = default_board()
    named = ["athens", "piraeus", "sparta", "corinth", "thebes", "cenchreae", "taenarum", "syracuse", "byzantium",
             "perinthus", "cyzicus", "naupactus", "patrae", "panormus", "megara", "methana", "aegina", "kithnos",
             "naxos", "siphae", "mytilene", "chios", "potidaea", "larisa", "heraclea", "corcyra", "ambracia", "stratus",
             "atalante", "plataea", "sicyon", "phlius", "epidaurus", "argos", "thyrea", "tegea", "lepreum", "taras",
             "gythium", "elis", "cyllene", "rhegium", "segesta", "leontini", "gela"]
    assert set(named) <= set(b.ids)
    assert {"persia", "macedon", "odrysians"} == set(b.kings)
    kinds = {b.path_notes and k for _a, _b, k in b.paths}
    assert kinds == set(range(7))


def test_mountford_map_positions_and_pleiades_ids_match_the_gazetteer():
    if not GAZETTEER.exists():
        return
    rows = {r["pleiades_id"]: r for r in csv.DictReader(GAZETTEER.open(encoding="utf-8")) if r["pleiades_id"]}
    checked = tomllib.loads((PACKAGE / "data" / "map.toml").read_text(encoding="utf-8"))["pleiades_checks"]
    for sp in default_board().spaces:
        assert 36.0 <= sp.lat <= 42.5 and 12.0 <= sp.lon <= 29.5, sp.id
        if sp.pleiades and sp.pleiades not in rows:
            assert "Pleiades" in sp.note or sp.id in checked, \
                f"{sp.id}: Pleiades id {sp.pleiades} is neither in the gazetteer nor sourced"
        elif sp.pleiades:
            row = rows[sp.pleiades]
            assert abs(float(row["lat"]) - sp.lat) < 0.05 and abs(float(row["lon"]) - sp.lon) < 0.05, sp.id


def test_mountford_every_rule_the_engine_cites_is_in_the_registry():
    book = MountfordGame.rules()
    cited = set()
    for path in PACKAGE.glob("*.py"):
        cited |= set(re.findall(r'rule(?:=|: ClassVar\[str\] = )"([0-9.]+)"', path.read_text(encoding="utf-8")))
        cited |= set(re.findall(r'"(\d+(?:\.\d+)*)"\)', path.read_text(encoding="utf-8"))) & set(s.number for s in book)
    assert cited and cited <= {s.number for s in book}
    for section in book:
        for ref in section.passages:
            assert re.fullmatch(r"\d+\.\d+(\.\d+)?(-\d+)?", ref), ref
    assert book["10"].title.endswith("(ours)")


def test_mountford_a_passage_cited_by_a_rule_can_be_read(corpus=None):
    import os

    if not os.environ.get("PELOPONNESOS_CORPUS"):
        return
    text = pp.passage(MountfordGame.rules()["4.2"].passages[0])
    assert text is not None
