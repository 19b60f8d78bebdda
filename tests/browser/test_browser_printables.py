"""Real browser: every file of the printable pack printed to PDF in Chromium — the page count is the number of
sheets (so no sheet runs onto a second page), and nothing is wider than its page or cut off inside a box
(checked in the page, with the print layout)."""

from __future__ import annotations

import re

import pytest

from peloponnesos.printables import build

pytestmark = pytest.mark.browser

#: In the page: each sheet against its page's content box (A4 less the margins, portrait or landscape).
CHECK = """([margin]) => {
  const mm = 96 / 25.4, out = [];
  for (const s of document.querySelectorAll('section.sheet')) {
    const land = s.classList.contains('landscape');
    const w = ((land ? 297 : 210) - 2 * margin) * mm, h = ((land ? 210 : 297) - 2 * margin) * mm;
    const r = s.getBoundingClientRect();
    if (s.scrollHeight > h + 2) out.push(`${s.dataset.sheet}: ${Math.round(s.scrollHeight / mm)} mm tall`);
    if (s.scrollWidth > w + 2) out.push(`${s.dataset.sheet}: ${Math.round(s.scrollWidth / mm)} mm wide`);
    for (const el of s.querySelectorAll('*')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      const e = el.getBoundingClientRect();
      if (e.width && (e.right - r.left > w + 2 || e.left < r.left - 2)) {
        out.push(`${s.dataset.sheet}: <${el.tagName.toLowerCase()}> goes past the page`); break;
      }
      const st = getComputedStyle(el);
      if ((st.overflow === 'hidden' || st.overflowY === 'hidden') && el.scrollHeight > el.clientHeight + 2) {
        out.push(`${s.dataset.sheet}: <${el.tagName.toLowerCase()} class="${el.className}"> hides its text`); break;
      }
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    folder = tmp_path_factory.mktemp("print")
    return folder, build(folder)


def test_browser_printables_every_sheet_is_one_page_and_nothing_overflows(browser, pack, artifacts):
    from peloponnesos.printables.page import MARGIN_MM

    folder, manifest = pack
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    try:
        page = context.new_page()
        page.emulate_media(media="print")
        counts = {}
        for f in manifest["files"]:
            page.goto((folder / f["file"]).as_uri())
            page.wait_for_load_state("load")
            problems = page.evaluate(CHECK, [MARGIN_MM])
            assert problems == [], (f["file"], problems)
            pdf = page.pdf(prefer_css_page_size=True, print_background=True)
            counts[f["file"]] = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
            if f["file"] == "diceless_paper_game.html":
                (artifacts / "printable_diceless.pdf").write_bytes(pdf)
        assert counts == {f["file"]: f["pages"] for f in manifest["files"]}
    finally:
        context.close()


def test_browser_printables_chits_print_at_12_pt_or_more(browser, pack):
    folder, _ = pack
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    try:
        page = context.new_page()
        page.emulate_media(media="print")
        page.goto((folder / "diceless_paper_game.html").as_uri())
        # every element with words of its own (the pictures are drawings: their letters scale with the icon)
        smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.chit *')]
            .filter(e => !e.closest('svg') && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
            .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
        assert smallest * 72 / 96 >= 12 - 0.01  # CSS px to points
    finally:
        context.close()
