"""Real browser: JupyterLab runs 00_start_here.ipynb and shows a passage card with Greek text."""

import re

import pytest

from .lab import cell_errors, open_notebook, run_all_cells

pytestmark = pytest.mark.browser

GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]{3,}")


def test_browser_start_here_runs_and_shows_greek_passage(lab, page, artifacts):
    open_notebook(page, lab, "notebooks/00_start_here.ipynb")
    run_all_cells(page)
    card = page.locator(".pelo-passage-card").first
    card.wait_for(state="attached")
    greek = card.locator(".pelo-greek").inner_text()
    assert GREEK.search(greek), greek[:200]
    assert "CC BY-SA" in card.locator(".pelo-credit").inner_text()
    assert page.locator(".pelo-rule-card").count() >= 1
    assert cell_errors(page) == []
    card.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(artifacts / "start_here.png"), full_page=False)
