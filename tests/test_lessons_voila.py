"""Two readers of a lesson: in JupyterLab a reader runs cells, in Voilà a class sees a page (README.md, "Two
readers"). Every instruction about running or editing cells is in a cell tagged ``notebook-only``, which the
package's Voilà template leaves out of the page (and does not run); a sentence only for the page is in an element
of class ``voila-only`` with ``hidden="hidden"`` (JupyterLab hides it, the template shows it)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import re
from pathlib import Path

import pytest
from notebook_instructions import NOTEBOOK_ONLY, VOILA_ONLY, instructions

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _tags(cell: dict) -> list[str]:
    return cell["metadata"].get("tags", [])


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_voila_every_notebook_instruction_of_a_lesson_is_in_a_notebook_only_cell(path):
    for cell in _cells(path):
        if cell["cell_type"] != "markdown" or NOTEBOOK_ONLY in _tags(cell):
            continue
        page = VOILA_ONLY.sub("", "".join(cell["source"]))
        assert instructions(page) == [], f"{path.name}: tag the cell {cell['id']} {NOTEBOOK_ONLY!r} or reword it"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_voila_a_lesson_s_page_only_sentences_are_hidden_in_jupyterlab(path):
    for cell in _cells(path):
        source = "".join(cell["source"])
        for element in re.findall(r"<\w+\b[^>]*\bvoila-only\b[^>]*>", source):
            # JupyterLab's sanitizer drops an attribute without a value: a bare "hidden" would not hide it there
            assert 'hidden="hidden"' in element, f"{path.name} {cell['id']}: {element} needs hidden=\"hidden\""
        assert cell["cell_type"] == "markdown" or "voila-only" not in source


def test_voila_the_lessons_use_both_marks():
    # the marks are in use (the test above would pass on lessons that had none)
    cells = [c for path in LESSONS for c in _cells(path)]
    assert sum(NOTEBOOK_ONLY in _tags(c) for c in cells) >= 10
    assert sum(bool(VOILA_ONLY.search("".join(c["source"]))) for c in cells) >= 5
    kept = [line for c in cells if NOTEBOOK_ONLY in _tags(c) for line in instructions("".join(c["source"]))]
    assert any("Shift + Enter" in line for line in kept)


def _render(tmp_path: Path, cells: list) -> tuple[str, list[str]]:
    """The page the package's template makes of a notebook, as Voilà makes it, with a stand-in for the kernel:
    the HTML, and the sources of the cells Voilà was given to run."""
    import nbformat
    from jupyter_core.paths import jupyter_path
    from voila.exporter import VoilaExporter
    from voila.paths import collect_template_paths

    from peloponnesos.widgets.voila_template import NAME, install

    install(tmp_path, default=False)
    paths = collect_template_paths(["voila", "nbconvert"], NAME,
                                   root_dirs=[str(tmp_path / "share" / "jupyter"), *jupyter_path()])
    exporter = VoilaExporter(template_paths=paths, template_name=NAME)
    given: list[str] = []

    async def cell_generator(nb, kernel_id):
        for cell in nb.cells:
            given.append(cell.source)
            yield cell

    async def page() -> str:
        context = {"kernel_start": lambda nb: "kernel", "cell_generator": cell_generator, "frontend": "voila"}
        parts = [html async for html, _ in exporter.generate_from_notebook_node(
            nbformat.v4.new_notebook(cells=cells), resources={}, extra_context=context)]
        return "".join(parts)

    # (in a thread of its own: a browser test earlier in the run may have left an event loop running in this one)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, page()).result(), given


def test_voila_template_leaves_notebook_only_cells_out_and_does_not_run_them(tmp_path):
    import nbformat

    only = {"tags": [NOTEBOOK_ONLY]}
    html, given = _render(tmp_path, [
        nbformat.v4.new_markdown_cell("## For both readers"),
        nbformat.v4.new_markdown_cell("Change `LANE` and run the cell again.", metadata=only),
        nbformat.v4.new_code_cell("computer_plays_a_game()", metadata=only),
        nbformat.v4.new_code_cell("show_the_panel()"),
        nbformat.v4.new_markdown_cell('<p class="voila-only" hidden="hidden">Use the buttons below.</p>'),
    ])
    assert "For both readers" in html and "run the cell again" not in html
    page_only = '<p class="voila-only" hidden="hidden">Use the buttons below.</p>'
    assert given == ["## For both readers", "show_the_panel()", page_only]
    assert "Use the buttons below." in html
    style = re.search(r"\.voila-only\[hidden\]\s*\{([^}]*)\}", html)
    assert style and "display: block !important" in style[1]
