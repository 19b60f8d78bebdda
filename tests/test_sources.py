"""peloponnesos.sources: the Thucydides corpus by citation (reads the shared Perseus TEI files)."""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from peloponnesos.core.errors import PeloponnesosError
from peloponnesos.sources import (
    CREDIT,
    MAX_SECTIONS,
    BadReference,
    Corpus,
    Passage,
    corpus,
    parse_reference,
    passage,
    tei,
)

_ENV = os.environ.get("PELOPONNESOS_CORPUS")
CORPUS_DIR = Path(_ENV).resolve() if _ENV else Path(__file__).resolve().parents[2] / "shared/corpus/thucydides"
GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")
TEI_NS = "{http://www.tei-c.org/ns/1.0}"


@pytest.fixture(scope="module")
def thuc() -> Corpus:
    return Corpus(CORPUS_DIR)


def cited(ref: str) -> Passage:
    return passage(ref, corpus=CORPUS_DIR)


# The corpus and its structure --------------------------------------------------------------------------


def test_sources_corpus_has_eight_books_with_the_chapter_counts_of_source_md(thuc):
    assert thuc.books() == tuple(range(1, 9))
    counts = {book: len(thuc.chapters(book)) for book in thuc.books()}
    assert counts == {1: 146, 2: 103, 3: 116, 4: 135, 5: 116, 6: 105, 7: 87, 8: 109}
    assert thuc.chapters(4) == tuple(range(1, 136))
    assert thuc.sections(4, 26) == tuple(range(1, 10))
    assert thuc.path == CORPUS_DIR


def test_sources_chapter_counts_are_identical_in_both_languages(thuc):
    def chapters(language):
        return {(b, c) for b, c, _ in thuc.edition(language).sections}

    assert chapters("english") == chapters("greek")
    assert len(chapters("english")) == 917


def test_sources_english_has_two_sections_the_greek_lacks(thuc):
    english, greek = thuc.edition("english").sections, thuc.edition("greek").sections
    assert (len(english), len(greek)) == (3579, 3577)
    assert set(english) - set(greek) == {(2, 103, 2), (6, 23, 4)}
    assert set(greek) <= set(english)
    assert thuc.edition("english").urn == "urn:cts:greekLit:tlg0003.tlg001.perseus-eng6"
    assert thuc.edition("grc").language == "grc"


def test_sources_every_section_has_text(thuc):
    for language in ("english", "greek"):
        empty = [key for key, text in thuc.edition(language).sections.items() if not text]
        assert empty == [], language


# Known passages ----------------------------------------------------------------------------------------


def test_sources_section_comes_back_in_english_and_greek():
    p = cited("4.26.2")
    assert isinstance(p, Passage)
    assert p.ref == "4.26.2"
    assert "water" in p.english
    assert "Pylos" in p.english
    assert GREEK.search(p.greek)
    assert not GREEK.search(p.english)
    assert p.english == " ".join(p.english.split())
    assert p.english_sections == (("4.26.2", p.english),)
    assert p.greek_sections == (("4.26.2", p.greek),)


def test_sources_chapter_2_65_mentions_pericles_in_both_languages():
    p = cited("2.65")
    assert "Pericles" in p.english
    assert "Περικλ" in p.greek
    assert p.citations[0] == "2.65.1"


def test_sources_first_section_names_thucydides():
    assert cited("1.1.1").english.startswith("Thucydides")


def test_sources_section_text_matches_the_tei_read_independently():
    root = ET.parse(CORPUS_DIR / "tlg0003.tlg001.perseus-eng6.xml").getroot()
    xpath = f".//{TEI_NS}div[@n='4']/{TEI_NS}div[@n='26']/{TEI_NS}div[@n='5']"
    expected = " ".join("".join(root.find(xpath).itertext()).split())
    assert cited("4.26.5").english == expected
    assert "Helots" in expected


def test_sources_crawleys_footnotes_are_left_out(thuc):
    root = ET.parse(CORPUS_DIR / "tlg0003.tlg001.perseus-eng6.xml").getroot()
    notes = [" ".join("".join(n.itertext()).split()) for n in root.find(f"{TEI_NS}text").iter(f"{TEI_NS}note")]
    assert len(notes) == 2
    text = " ".join(thuc.edition("english").sections.values())
    assert all(note not in text for note in notes)


def test_sources_missing_greek_section_is_empty_not_an_error():
    p = cited("2.103")
    assert p.citations == ("2.103.1", "2.103.2")
    assert p.greek_sections[1] == ("2.103.2", "")
    assert p.greek == p.greek_sections[0][1]
    q = cited("6.23.4")
    assert q.english and q.greek == ""


# Ranges and citation forms -----------------------------------------------------------------------------


def test_sources_chapter_range_joins_every_section_in_order(thuc):
    p = cited("4.26-4.27")
    assert p.ref == "4.26-4.27"
    assert len(p.english_sections) == len(thuc.sections(4, 26)) + len(thuc.sections(4, 27))
    assert p.citations[0] == "4.26.1" and p.citations[-1] == f"4.27.{thuc.sections(4, 27)[-1]}"
    assert p.english == " ".join(cited(c).english for c in p.citations)
    assert p.greek == " ".join(cited(c).greek for c in p.citations)
    assert p.label == "4.26–4.27"
    assert p.title == "Thucydides 4.26–4.27"


def test_sources_shortened_section_range_means_sections_of_one_chapter():
    p = cited("4.26.2-5")
    assert p.citations == ("4.26.2", "4.26.3", "4.26.4", "4.26.5")
    assert p.ref == "4.26.2-5"
    assert p.urn == "urn:cts:greekLit:tlg0003.tlg001:4.26.2-4.26.5"


def test_sources_section_range_across_chapters():
    p = cited("4.26.5-4.27.1")
    assert p.citations == ("4.26.5", "4.26.6", "4.26.7", "4.26.8", "4.26.9", "4.27.1")
    assert cited("4.26.5-27.1").citations == p.citations


@pytest.mark.parametrize(
    ("written", "normal"),
    [
        ("4.26.2–4.26.5", "4.26.2-4.26.5"),
        ("Thuc. 4.26.2-4.26.5", "4.26.2-4.26.5"),
        ("  thuc 4.26.2 – 4.26.5 ", "4.26.2-4.26.5"),
        ("Thucydides 4.26.2—5", "4.26.2-5"),
        ("04.026.02-05", "4.26.2-5"),
    ],
)
def test_sources_dash_prefix_and_space_forms_are_normalised(written, normal):
    p = cited(written)
    assert p.ref == normal
    assert p.citations == ("4.26.2", "4.26.3", "4.26.4", "4.26.5")
    assert p.english == cited("4.26.2-5").english


def test_sources_parse_reference_fills_in_shortened_ends():
    assert parse_reference("4.26").first == (4, 26)
    assert parse_reference("4.26.2-5").last == (4, 26, 5)
    assert parse_reference("4.26.5-27.1").last == (4, 27, 1)
    assert parse_reference("4.26-27").last == (4, 27)
    assert parse_reference("4.26-27") == parse_reference("4.26-4.27")
    assert parse_reference("4.26.2-5").label == "4.26.2–5"
    assert parse_reference("4.26").is_range is False
    with pytest.raises(BadReference, match="in quotes"):
        parse_reference(4.26)


# Bad references ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ref", "says"),
    [
        ("9.1", "Thucydides has 8 books (1–8)"),
        ("0.1", "Thucydides has 8 books (1–8)"),
        ("4.999", "book 4 has chapters 1–135"),
        ("7.88", "book 7 has chapters 1–87"),
        ("4.26.99", "4.26 has sections 1–9"),
        ("four", "e.g. '4.26'"),
        ("", "no citation given"),
        ("4.26.1.1", "cannot read"),
        ("4.27-4.26", "runs backwards"),
        ("4.26.5-3", "runs backwards"),
        ("4.26-5.1", "one book"),
        ("4-5", "one book"),
    ],
)
def test_sources_bad_reference_says_what_exists(ref, says):
    with pytest.raises(BadReference) as caught:
        cited(ref)
    assert says in str(caught.value)


def test_sources_bad_reference_is_a_value_error_and_a_package_error():
    assert issubclass(BadReference, ValueError)
    assert issubclass(BadReference, PeloponnesosError)
    with pytest.raises(ValueError, match="chapters 1–135"):
        cited("4.999-4.1000")


def test_sources_whole_book_needs_allow_long(thuc):
    with pytest.raises(BadReference, match=r"whole book.*allow_long=True"):
        cited("4")
    book = thuc.passage("7", allow_long=True)
    assert book.citations[0] == "7.1.1"
    assert len({c.rsplit(".", 1)[0] for c in book.citations}) == 87


@pytest.mark.parametrize(
    ("ref", "says"),
    [
        (["4.26"], "a citation of Thucydides is text"),
        (("4", "26"), "a citation of Thucydides is text"),
        (None, "a citation of Thucydides is text"),
        (4.26, "write it in quotes"),
        (426, "write it in quotes"),
        (b"4.26", "a citation of Thucydides is text"),
        ("4" * 5000, "too long to be a citation"),
        ("4.26-" + "4" * 300, "too long to be a citation"),
        ("", "no citation given"),
        ("   \t\n", "no citation given"),
        ("４.２６", "write '4.26'"),
        ("٤.٢٦", "write '4.26'"),
        ("4.26.²", "cannot read"),
        ("99", "Thucydides has 8 books (1–8)"),
        ("99.1", "Thucydides has 8 books (1–8)"),
        ("0.0.0", "Thucydides has 8 books (1–8)"),
        ("4.999", "book 4 has chapters 1–135"),
        ("4.0", "book 4 has chapters 1–135"),
        ("4.26.999", "4.26 has sections 1–9"),
        ("4." + "9" * 40, "book 4 has chapters 1–135"),
        ("4.26-4.999", "book 4 has chapters 1–135"),
        ("4..26", "cannot read"),
        ("4.26.", "cannot read"),
        ("4.26 4.27", "cannot read"),
    ],
)
def test_sources_bad_input_is_a_bad_reference_a_teacher_can_read(ref, says):
    with pytest.raises(BadReference) as caught:
        cited(ref)
    assert says in str(caught.value)
    assert type(caught.value) is BadReference
    assert len(str(caught.value)) < 400


def test_sources_unicode_digits_are_refused_with_the_ascii_form_to_type():
    with pytest.raises(BadReference, match=r"digits other than 0–9.*write '4\.26\.2-5'"):
        cited("４.２６.２–５")


def test_sources_one_limit_for_whole_books_chapters_and_ranges(thuc):
    limit = MAX_SECTIONS
    # The longest chapter (4.118, 14 sections) and every range a lesson uses fit under the limit.
    assert max(len(thuc.sections(b, c)) for b in thuc.books() for c in thuc.chapters(b)) <= limit
    assert len(cited("4.118").citations) == 14
    # A range as long as a whole book is refused exactly as the book is, naming the limit.
    for ref in ("1", "1.1-1.146", "1.1.1-1.146.1", "4.1-4.60"):
        with pytest.raises(BadReference) as caught:
            cited(ref)
        message = str(caught.value)
        assert f"at most {limit} sections" in message and "allow_long=True" in message
    with pytest.raises(BadReference, match="whole book"):
        cited("1")
    assert len(thuc.passage("1.1-1.146", allow_long=True).citations) == 576
    assert thuc.passage("1", allow_long=True).citations == thuc.passage("1.1-1.146", allow_long=True).citations
    # Just over the limit is refused, exactly at the limit is shown.
    keys = [f"4.{c}.{s}" for c in thuc.chapters(4) for s in thuc.sections(4, c)]
    assert len(cited(f"{keys[0]}-{keys[limit - 1]}").citations) == limit
    with pytest.raises(BadReference, match=f"{limit + 1} sections"):
        cited(f"{keys[0]}-{keys[limit]}")


# URNs, links, credit -----------------------------------------------------------------------------------


def test_sources_urns_and_reader_link():
    p = cited("4.26.2")
    assert p.urn == "urn:cts:greekLit:tlg0003.tlg001:4.26.2"
    assert p.urn_english == "urn:cts:greekLit:tlg0003.tlg001.perseus-eng6:4.26.2"
    assert p.urn_greek == "urn:cts:greekLit:tlg0003.tlg001.perseus-grc2:4.26.2"
    assert p.url == "https://scaife.perseus.org/reader/urn:cts:greekLit:tlg0003.tlg001.perseus-eng6:4.26.2/"
    assert p.url_greek.endswith("perseus-grc2:4.26.2/")
    assert cited("4.26-4.27").urn == "urn:cts:greekLit:tlg0003.tlg001:4.26-4.27"


def test_sources_credit_names_translator_editor_perseus_and_licence():
    for words in ("Crawley", "Stuart Jones", "Perseus Digital Library", "Tufts University",
                  "canonical-greekLit", "CC BY-SA 4.0"):
        assert words in CREDIT
    assert cited("1.1.1").credit == CREDIT


def test_sources_str_and_to_dict():
    p = cited("4.26.2-3")
    text = str(p)
    assert text.startswith("Thucydides 4.26.2–3\n")
    assert p.english in text and p.greek in text and CREDIT in text
    data = json.loads(json.dumps(p.to_dict()))
    assert data["ref"] == "4.26.2-3"
    assert data["english"] == p.english
    assert [c for c, _ in data["greek_sections"]] == ["4.26.2", "4.26.3"]
    assert data["credit"] == CREDIT and data["url"] == p.url
    assert repr(p) == "Passage(ref='4.26.2-3')"


def test_sources_passage_is_frozen():
    p = cited("1.1.1")
    with pytest.raises(AttributeError):
        p.ref = "1.1.2"


# Caching and the default corpus ------------------------------------------------------------------------


def test_sources_looked_up_passage_is_cached(thuc):
    assert thuc.passage("4.26.2") is thuc.passage(" Thuc. 4.26.2")
    assert cited("4.26.2") is cited("4.26.2")
    assert corpus(CORPUS_DIR) is corpus(CORPUS_DIR)


def test_sources_default_corpus_comes_from_the_environment(thuc, monkeypatch):
    monkeypatch.setenv("PELOPONNESOS_CORPUS", str(CORPUS_DIR))
    corpus.cache_clear()
    try:
        assert corpus().path == CORPUS_DIR
        assert passage("4.26.2").english == thuc.passage("4.26.2").english
        default = corpus()
        assert passage("4.26.2", corpus=default) is default.passage("4.26.2")
    finally:
        corpus.cache_clear()


# Search ------------------------------------------------------------------------------------------------


def test_sources_search_finds_sections_ignoring_case_and_accents(thuc):
    found = thuc.search("helots", limit=None)
    assert "4.26.5" in found
    assert all("helots" in thuc.passage(c).english.lower() for c in found)
    assert thuc.search("Helots", limit=3) == found[:3]
    assert "4.26.2" in thuc.search("υδατ", language="greek", limit=None)
    assert thuc.search("Sphacteria")
    assert thuc.search("zzzz") == []
    with pytest.raises(ValueError, match="word"):
        thuc.search("  ")
    with pytest.raises(ValueError, match="english"):
        thuc.search("Pylos", language="latin")


# The TEI reader on a newer-style file ------------------------------------------------------------------


def test_sources_tei_reader_finds_levels_by_type_and_skips_notes(tmp_path):
    xml = """<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body>
      <div type="edition" n="urn:test" xml:lang="grc"><div type="wrapper">
        <div type="book" n="1"><div type="chapter" n="2">
          <div type="section" n="1"><p>alpha <placeName>beta</placeName>,
             gamma<note>a note</note></p></div>
          <div type="section" n="2"><sp><speaker>Delta</speaker><p>epsilon</p></sp></div>
        </div></div>
      </div></div></body></text></TEI>"""
    path = tmp_path / "mini.xml"
    path.write_text(xml, encoding="utf-8")
    edition = tei.parse(path)
    assert edition.urn == "urn:test" and edition.language == "grc"
    assert edition.sections == {(1, 2, 1): "alpha beta, gamma", (1, 2, 2): "Delta epsilon"}


CITATION_LIKE = r"(Thuc\. ?)?[0-9]{1,4}(\.[0-9]{0,4}){0,3}( ?[-–] ?[0-9]{1,4}(\.[0-9]{1,4}){0,2})?"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(
    st.from_regex(CITATION_LIKE, fullmatch=True),
    st.text(max_size=80),
    st.text(alphabet="0123456789.-–４٤ ", max_size=30),
    st.integers(), st.floats(), st.none(), st.booleans(), st.lists(st.text(max_size=5), max_size=3),
))
def test_sources_any_input_gives_a_passage_or_a_bad_reference(thuc, ref):
    """Whatever is typed, passage() answers with a passage (at most MAX_SECTIONS long) or a BadReference."""
    try:
        found = thuc.passage(ref)
    except BadReference as refused:
        assert type(refused) is BadReference and str(refused)
    else:
        assert 1 <= len(found.citations) <= MAX_SECTIONS and found.english


def test_the_package_level_passage_takes_allow_long_too():
    import peloponnesos as pp
    from peloponnesos.sources import MAX_SECTIONS

    long = pp.passage("1.1-1.30", allow_long=True)
    assert len(long.citations) > MAX_SECTIONS
    with pytest.raises(pp.sources.BadReference):
        pp.passage("1.1-1.30")
