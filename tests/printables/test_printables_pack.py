"""The printable pack (python -m peloponnesos.printables, make print): every file written from the package's data,
every sheet one page, the sizes the issue asks for (passages and word banks 16 pt, adapted stories larger, the
diceless chits 12 pt or more), the texts from the corpus and a plain line for a work not on this computer.
Printing them in Chromium is tests/browser/test_browser_printables.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from peloponnesos.printables import build, documents
from peloponnesos.printables.__main__ import main
from peloponnesos.printables.diceless import CSS as DICELESS_CSS
from peloponnesos.printables.diceless import chit_cards
from peloponnesos.printables.page import CSS
from peloponnesos.printables.passages import passage_sets
from peloponnesos.sources import adapted_passages

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = {"teachers_timeline", "passages_01_pylos_supply", "passages_02_sphacteria", "passages_05_sea_and_land",
            "passages_06_syracuse", "passages_07_pylos_sources",
            "passages_09_text_against_terrain", "stories_adapted", "sfacteria_turn_sheet", "organisers",
            "diceless_paper_game", "glossary"}


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    folder = tmp_path_factory.mktemp("print")
    return folder, build(folder)


def _html(folder: Path, name: str) -> str:
    return (folder / f"{name}.html").read_text(encoding="utf-8")


def test_pack_one_command_writes_every_file_and_a_contents_page(pack):
    folder, manifest = pack
    names = {f["file"].removesuffix(".html") for f in manifest["files"]}
    assert names == EXPECTED
    assert (folder / "index.html").is_file() and (folder / "diceless_map.svg").is_file()
    assert json.loads((folder / "manifest.json").read_text(encoding="utf-8")) == manifest
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert all(f'href="{f["file"]}"' in index for f in manifest["files"])


def test_pack_every_sheet_is_counted_in_the_manifest(pack):
    folder, manifest = pack
    for f in manifest["files"]:
        html = (folder / f["file"]).read_text(encoding="utf-8")
        assert html.count('<section class="sheet') == f["pages"], f["file"]
        assert len(re.findall(r'<section class="sheet landscape"', html)) == len(f["landscape"])


def test_pack_pages_are_a4_with_text_at_16_pt():
    assert "size: A4 portrait" in CSS and "size: A4 landscape" in CSS
    assert re.search(r"body \{[^}]*font-size: 16pt", CSS)


def test_pack_passage_sheets_english_and_greek_with_headnote_and_word_bank(pack):
    folder, _ = pack
    html = _html(folder, "passages_01_pylos_supply")
    assert html.count(':en"') >= 6 and html.count(':grc"') >= 6  # every passage in both languages
    assert 'lang="grc"' in html and "Helot" in html and 'class="wordbank"' in html and 'class="headnote"' in html
    assert "About the sources" in html and "Crawley" in html  # the full headnote, and the credit
    assert "Εἵλωτ" in html or "Εἱλωτ" in html  # the Greek of 4.26.5-6


def test_pack_works_not_here_get_a_sheet_that_says_so_in_one_line(pack):
    folder, _ = pack
    html = _html(folder, "passages_07_pylos_sources")
    for ref in ("Diod. 12.61", "Paus. 1.15.4", "Ar. Eq. 843-859"):
        assert f':{ref}:online"' in html  # works this version cannot fetch: read online, no promise of a reprint
    assert html.count('class="missing"') == 5 and "scaife.perseus.org" in html
    assert "cannot bring this work onto the computer yet" in html and "restart the kernel" not in html
    assert "Agyrium" in html  # Diodorus' headnote still printed


def test_pack_printed_without_thucydides_says_so_on_paper_on_the_contents_and_on_the_command_line(
        tmp_path, monkeypatch, capsys):
    from peloponnesos.sources import corpus, locate

    monkeypatch.setenv(locate.ENV_CORPUS, str(tmp_path / "nowhere"))  # no text here, in the cache, or online
    monkeypatch.setenv(locate.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.setenv(locate.ENV_URL, "http://127.0.0.1:9/")
    monkeypatch.setattr(locate, "BASE_URL", None)
    locate.forget_failures()
    corpus.cache_clear()
    try:
        assert main(["--out", str(tmp_path / "out")]) == 0
    finally:
        locate.forget_failures()
        corpus.cache_clear()
    said = capsys.readouterr()
    assert "Careful: 41 passages (4.8.6," in said.err and "run make print again" in said.err
    html = (tmp_path / "out" / "passages_01_pylos_supply.html").read_text(encoding="utf-8")
    assert ':4.26.2-3:missing"' in html and "not on the computer when the sheet was printed" in html
    assert "restart the kernel" not in html and "run this cell" not in html  # words for a screen, not for paper
    assert "41 passages were printed without their text" in (tmp_path / "out" / "index.html").read_text(
        encoding="utf-8")
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text(encoding="utf-8"))
    assert {f["file"]: f["missing"] for f in manifest["files"]}["passages_06_syracuse.html"] == [
        "6.98.2", "7.2.1-4", "7.11.4", "7.44.1", "7.71.1"]


def test_pack_long_passages_are_cut_at_their_sections():
    from peloponnesos.printables.passages import WORDS_PER_PAGE, _chunks
    from peloponnesos.sources import passage

    chunks = _chunks(passage("4.26.2-8"))
    assert len(chunks) > 1 and all(sum(len(e.split()) for _, e, _ in c) <= WORDS_PER_PAGE or len(c) == 1
                                   for c in chunks)
    assert [c for chunk in chunks for c, _, _ in chunk] == list(passage("4.26.2-8").citations)


def test_pack_adapted_stories_one_a_page_marked_adapted(pack):
    folder, manifest = pack
    html = _html(folder, "stories_adapted")
    pages = next(f["pages"] for f in manifest["files"] if f["file"] == "stories_adapted.html")
    assert pages == len(adapted_passages()) and html.count('class="adapted"') == pages
    assert ".story { font-size: 20pt" in html and "Word bank" in html


def test_pack_diceless_chits_are_12_pt_or_more():
    chit_rules = re.findall(r"\.(name|what|where|foot|effect|q|game)[^{]*\{([^}]*)\}", DICELESS_CSS)
    sizes = [float(m) for _, body in chit_rules for m in re.findall(r"font-size:\s*([\d.]+)pt", body)]
    assert sizes and min(sizes) >= 12
    assert "font-size" not in "".join(chit_cards()).replace("font-size=", "")  # no inline sizes on the chits
    assert len(chit_cards()) == 22


def test_pack_sfacteria_turn_sheet_and_supply_track_from_the_rules(pack):
    folder, _ = pack
    html = _html(folder, "sfacteria_turn_sheet")
    for title in ("Drawing stratagems", "Action points and initiative", "Reinforcements", "Activation phase",
                  "End of turn"):
        assert title in html
    assert html.count('class="cell') >= 8 and "Turn record" in html and "4.26.5" in html


def test_pack_teachers_timeline_has_the_plague_the_places_and_the_map_in_words(pack):
    folder, _ = pack
    html = _html(folder, "teachers_timeline")
    assert "The plague at Athens" in html and "2.47.3" in html and "Cleon&#x27;s demands" in html
    assert "<svg" in html and "A: with Athens" in html and "S: with Sparta" in html
    assert "The map in words" in html and "Corcyra" in html
    # lesson plan 08 sends teachers to these pages: 1 the timeline, 6 the map, 7 the map in words
    pages = html.split('<section class="sheet')[1:]
    assert len(pages) == 7 and "For the teacher" in pages[0] and "<svg" in pages[5] and "The map in words" in pages[6]
    plan = (ROOT / "lesson_plans" / "08_map_of_the_war.md").read_text(encoding="utf-8")
    assert "pages 1 and 6 (the timeline and" in plan and "page 7 of the printable" in plan


def test_pack_organisers_and_glossary(pack):
    folder, _ = pack
    organisers = _html(folder, "organisers")
    assert all(w in organisers for w in ("Sourcing", "Contextualisation", "Close reading", "Corroboration",
                                         "Observe", "Agora shield"))
    glossary = _html(folder, "glossary")
    assert "perioikos" in glossary and "Spartiate" in glossary and "Word bank" in glossary


def test_pack_passage_sets_name_only_citable_passages():
    from peloponnesos.sources import parse_reference

    for ps in passage_sets():
        assert list((ROOT / "notebooks").glob(f"{ps.lesson}_*.ipynb")), ps  # a lesson that exists
        assert all(parse_reference(r) for r in ps.passages)


def test_pack_command_line_writes_and_says_where(tmp_path, capsys):
    assert main(["--out", str(tmp_path / "out")]) == 0
    said = capsys.readouterr().out
    assert f"Wrote {len(EXPECTED)} files" in said and "index.html" in said
    blocked = tmp_path / "a-file"
    blocked.write_text("x", encoding="utf-8")
    assert main(["--out", str(blocked)]) == 1
    assert "Could not write the pack" in capsys.readouterr().err


def test_pack_make_print_and_voila_targets():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^print: .*\n\t\$\(BIN\)/python -m peloponnesos.printables --out print$", makefile, re.M)
    voila = makefile.split("\nvoila:", 1)[1].split("\n\n", 1)[0]
    assert "03_diceless_influence.ipynb" in voila and "02_play_sfacteria.ipynb" in voila
    assert "$(BIN)/voila notebooks " in voila  # the folder, so both lessons are served
    assert "print/" in (ROOT / ".gitignore").read_text(encoding="utf-8")  # printed passages are never committed


def test_pack_documents_need_no_files_outside_the_package():
    docs = documents()
    assert {d.name for d in docs} == EXPECTED and all(d.pages >= 1 for d in docs)


#: What the pages that lesson plans send teachers to must hold ("page 4 of `print/organisers.html`").
CITED_PAGES = {("organisers", 1): "Agora shield", ("organisers", 3): "Observe", ("organisers", 4): "A rule against",
               ("glossary", 1): "Glossary", ("glossary", 3): "Glossary", ("glossary", 4): "Word bank",
               ("glossary", 6): "Word bank", ("diceless_paper_game", 6): "Chits", ("diceless_paper_game", 8): "Chits",
               ("diceless_paper_game", 9): "Counters"}


def test_pack_the_files_and_pages_the_lesson_plans_name_are_there(pack):
    folder, manifest = pack
    pages = {f["file"].removesuffix(".html"): f["pages"] for f in manifest["files"]}
    plans = [*(ROOT / "lesson_plans").glob("*.md"), *(ROOT / "lesson_plans" / "print").glob("*.md")]
    cited = set()
    for plan in plans:
        text = " ".join(plan.read_text(encoding="utf-8").split())
        for name in re.findall(r"`print/([\w.-]+)\.html`", text):
            assert name in pages or name == "index", (plan.name, name)
        for first, last, name in re.findall(r"pages? (\d+)(?:–(\d+))? of `print/(\w+)\.html`", text):
            for n in range(int(first), int(last or first) + 1):
                assert n <= pages[name], (plan.name, name, n)
                cited.add((name, n))
    assert cited >= {("organisers", 3), ("organisers", 4), ("glossary", 1), ("diceless_paper_game", 9)}
    for name, n in sorted(cited):
        if (name, n) in CITED_PAGES:
            page = _html(folder, name).split('<section class="sheet')[n]
            assert CITED_PAGES[name, n] in page, (name, n)
