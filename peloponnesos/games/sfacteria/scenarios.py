"""Starting positions (``data/scenarios.toml``): the historical set-up, the blockade lesson, an empty
board. Set-up positions are *reconstructed*: the rule text refers to the printed map for them."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"


@cache
def _scenarios() -> dict:
    with open(DATA / "scenarios.toml", "rb") as f:
        return tomllib.load(f)["scenario"]


def scenario_names() -> list[str]:
    return list(_scenarios())


def load_scenario(name: str) -> dict:
    scenarios = _scenarios()
    if not isinstance(name, str) or name not in scenarios:
        raise ValueError(f"there is no scenario {name!r}; the scenarios are: {', '.join(scenarios)}")
    return scenarios[name]
