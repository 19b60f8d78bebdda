"""The battle board of The Siege of Syracuse as its own grid (rules 7.3, 8.1, 8.3): 11 rows, each unit in its square
with the way it faces, its steps and status, the leaders with their units, the attacks possible now drawn as arrows
with their exact chance beside them, the battle in words and every decision in words."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from peloponnesos import new_game
from peloponnesos.render import renderer_for
from peloponnesos.render.battle_board import FACING_DEGREES, STYLES, chances, odds_rows, odds_table

CODES = re.compile(r"\b[AS]-(?:H|N|LI|P|AR|C)\d+\b|\bSIC\d+\b")


@pytest.fixture(scope="module")
def renderer():
    return renderer_for("syracuse")


def to_first_attack(scenario: str = "battle_anapus", seed: int = 1):
    """The prepared battle played (both sides set up, then advancing) until an attack is possible."""
    g = new_game("syracuse", seed=seed, scenario=scenario)
    rng = random.Random(seed)
    for _ in range(600):
        legal = g.legal_actions()
        if any(a.kind in ("fire", "assault", "ram") for a in legal):
            return g
        pick = ([a for a in legal if a.kind == "deploy_rest"] or [a for a in legal if a.kind == "advance"]
                or [a for a in legal if a.kind == "end_phase"] or legal)
        g.apply(rng.choice(pick))
    raise AssertionError("no attack came within reach")


def test_syracuse_7_3_the_battle_board_is_a_grid_of_11_rows_shown_only_during_a_battle(renderer):
    board = renderer.battle
    g = new_game("syracuse", seed=1)
    assert not board.active(g.observation(None)) and board.tokens(g.observation(None)) == []
    mf = board.map_figure()
    assert board.rows == 11 and "reconstructed" in mf.caption
    fig = mf.build(widget=False)
    assert fig.layout.images[0].source.startswith("data:image/svg+xml")
    battle = new_game("syracuse", seed=1, scenario="battle_anapus")
    assert board.active(battle.observation(None))
    assert board.title(battle.observation(None)).startswith("L-1 Olympieion, round 0")


def test_syracuse_8_1_every_unit_stands_in_its_square_facing_the_way_it_faces(renderer):
    g = to_first_attack()
    obs = g.observation(None)
    tokens = {t.id: t for t in renderer.battle.tokens(obs)}
    for u in obs["battle"]["units"]:
        t = tokens[u["id"]]
        assert t.region == u["square"] and t.facing == FACING_DEGREES[u["facing"]]
        assert t.text.endswith(str(u["steps"])) and u["square"] in t.hover and "facing" in t.hover
        if u["status"] != "normal":
            assert t.badge in ("D", "R")
    leaders = [t for t in tokens.values() if t.id.startswith("leader-")]
    assert leaders and all(t.symbol == "star" for t in leaders)


def test_syracuse_8_3_the_attacks_possible_now_are_drawn_with_their_exact_chance(renderer):
    g = to_first_attack()
    obs = renderer.annotate(g.observation(g.current_player()), g)
    attacks = obs["battle"]["attacks"]
    assert attacks
    lines = renderer.battle.lines(obs)
    assert lines and {line.style for line in lines} <= set(STYLES.values())
    labels = [line.label for line in lines if line.label]
    assert all(label.endswith("%") for label in labels) and labels
    for att in attacks:
        total = sum(Fraction(f) for _, f, _ in att["outcomes"])
        assert total == 1  # every outcome, exact
        rows = odds_rows(att)
        assert sum(p for _, p, _ in rows) == 1 and all(isinstance(p, Fraction) for _, p, _ in rows)
        assert " in " in chances(att["outcomes"])
    table = odds_table(obs, renderer.words)
    assert "<caption>" in table and "scope='row'" in table and not CODES.search(table)


def test_syracuse_the_battle_in_words_and_every_decision_without_counter_codes(renderer):
    g = new_game("syracuse", seed=4, scenario="battle_harbour")
    rng = random.Random(4)
    for _ in range(250):
        obs = renderer.annotate(g.observation(g.current_player()), g)
        if not obs.get("battle"):
            break
        text = renderer.battle.describe(obs)
        assert "pitched battle at sea" in text and not CODES.search(text), text
        for action in g.legal_actions():
            c = renderer.choice(action, obs)
            assert not CODES.search(c.label + c.sentence + c.help), c.sentence
        g.apply(rng.choice(g.legal_actions()))
    assert len(g.history) > 50
