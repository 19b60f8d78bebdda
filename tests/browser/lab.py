"""Playwright steps for JupyterLab: open a notebook, wait for the kernel, run all cells."""

from __future__ import annotations

IDLE = "() => /\\|\\s*Idle/.test(document.querySelector('.jp-StatusBar-Widget')?.innerText || '')"
LONG = 90_000


def open_notebook(page, server, relpath: str) -> None:
    page.goto(f"{server.url}/lab/tree/{relpath}?reset", timeout=LONG)
    page.wait_for_selector(".jp-Notebook", state="attached", timeout=LONG)
    page.wait_for_function(IDLE, timeout=LONG)


def run_all_cells(page) -> None:
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    # Cells run in order; wait until none is queued or running ("[*]") and the kernel is idle again.
    page.wait_for_function(
        "() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')].map(e => e.innerText);"
        " return p.some(t => /\\[\\d+\\]/.test(t)) && !p.some(t => t.includes('*')); }", timeout=LONG)
    page.wait_for_function(IDLE, timeout=LONG)


def cell_errors(page) -> list[str]:
    return page.eval_on_selector_all(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], .jp-RenderedText.jp-mod-error",
        "els => els.map(e => e.innerText.slice(0, 500))")
