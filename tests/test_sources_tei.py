"""Reading the Perseus TEI: the repairs the issue asked for, checked on the pinned Thucydides, and whole sentences.

- 260 opening parentheses of the Greek came out as ʽ and their closers as breathing marks ("ἐγένοντὀ,"),
  apostrophes ("εἶεν’") or a bare combining comma: read back as parentheses.
- Spaces lost after punctuation ("ὕφυδροι,καλῳδίῳ", "prosperity.An idle wish") and at a milestone
  ("retreated.The Athenians") are restored.
- Crawley's sentences do not always end with the Greek sections: the card for 4.30.2 stopped mid-sentence and
  4.37.1 started mid-sentence; a passage now carries the words that complete them.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import pytest

from peloponnesos.display import passage_card
from peloponnesos.sources import Corpus, passage, tei

_ENV = os.environ.get("PELOPONNESOS_CORPUS")
CORPUS_DIR = Path(_ENV).resolve() if _ENV else Path(__file__).resolve().parents[2] / "shared/corpus/thucydides"


@pytest.fixture(scope="module")
def thuc() -> Corpus:
    return Corpus(CORPUS_DIR)


@pytest.fixture(scope="module")
def greek(thuc) -> dict:
    return thuc.edition("greek").sections


def cited(ref: str):
    return passage(ref, corpus=CORPUS_DIR)


# Parentheses and breathings --------------------------------------------------------------------------------------


def test_tei_greek_repair_skips_only_sections_it_would_not_change(monkeypatch, greek):
    """The quick check that lets most sections skip the letter-by-letter repair gives the same text as the full
    pass on every section of the Greek (the skip is only a matter of speed)."""
    monkeypatch.setattr(tei, "_may_need_repair", lambda nfd, depth: True)
    every_letter = Corpus(CORPUS_DIR).edition("greek").sections
    assert every_letter == greek


def test_tei_greek_has_no_modifier_letter_left_and_its_parentheses_pair_up(greek):
    text = " ".join(greek.values())
    assert "\u02bd" not in text and "\u02bc" not in text
    assert text.count("(") == 326  # 64 printed as "(" in the file, 260 as ʽ, 2 as a rough breathing after a word
    assert text.count(")") == 325  # the file never closes the one opened in 2.9.2
    depth = 0
    for key, section in greek.items():
        for ch in section:
            depth += {"(": 1, ")": -1}.get(ch, 0)
            assert depth >= 0, key
        if key == (2, 9, 2):
            depth = 0
    assert depth <= 1


def test_tei_no_greek_word_ends_in_a_breathing(greek):
    """A breathing stands on a word's first vowel (οἱ, εἰ): never on the last letter of a longer word."""
    stray = []
    for key, section in greek.items():
        for word in re.findall(r"\w+", unicodedata.normalize("NFD", section)):
            letters = "".join(c for c in word if not unicodedata.combining(c))
            marks_on_last = word[word.rindex(letters[-1]) + 1:] if letters else ""
            if ("\u0313" in marks_on_last or "\u0314" in marks_on_last) and (
                    len(letters) >= 3 or letters[-1] not in "αεηιουωρ" or letters[0] not in "αεηιουωΑΕΗΙΟΥΩ"):
                stray.append((key, unicodedata.normalize("NFC", word)))
    assert stray == []


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("1.18.1", "(ἡ γὰρ Λακεδαίμων"),  # ʽ before a word with its own rough breathing
        ("1.18.1", "καθίστασαν),"),
        ("1.9.4", "(αὗται δὲ οὐκ ἂν πολλαὶ εἶεν) ἠπειρώτης"),  # closed by an apostrophe after ν
        ("1.26.5", "(ἔστι δ’ ἰσθμὸς τὸ χωρίον) ἐπολιόρκουν"),  # δ’ inside is an elision, kept
        ("1.42.3", "λῦσαι),"),  # opened in 1.42.2, closed in the next section
        ("2.21.1", "[τὴν ἀναχώρησιν])·"),  # closed by a modifier letter apostrophe
        ("7.60.2", "εἶχον (προπέμψαντες γὰρ"),  # opened by a rough breathing on the word before
        ("7.60.2", "μὴ ἐπάγειν) οὔτε"),
        ("8.52.1", "ἐγεγένητο)· ἐν ᾗ"),
        ("4.26.8", "ὕφυδροι, καλῳδίῳ"),  # the missing space after a comma
    ],
)
def test_tei_greek_repairs_on_the_passages_of_the_issue(ref, expected):
    assert expected in cited(ref).greek


def test_tei_the_issue_s_example_is_gone_everywhere(greek):
    text = " ".join(greek.values())
    assert "ἐγένοντὀ" not in text and "ὕφυδροι,καλῳδίῳ" not in text
    assert text.count("ἐγένοντο)") == 3
    assert not re.search(r"[^\W\d_][,.;·:][^\W\d_]", text)  # no punctuation squeezed between two words


def test_tei_homer_reference_in_1_9_4_is_apparatus_and_left_out(thuc):
    assert "Hom. Il." not in cited("1.9.4").greek and "Hom. Il." not in cited("1.9.4").english
    assert "ἀνάσσειν· οὐκ ἂν οὖν" in cited("1.9.4").greek


# Spaces in the English -------------------------------------------------------------------------------------------


def test_tei_english_milestone_separates_two_sentences():
    assert cited("4.36.3").english.endswith("retreated. The Athenians were already masters of the approaches")
    assert "prosperity. An idle wish" in cited("6.78.3").english


def test_tei_english_has_no_sentence_squeezed_against_the_next(thuc):
    text = " ".join(thuc.edition("english").sections.values())
    assert not re.search(r"[a-z][.!?;:][A-Z][a-z]", text)


# Whole sentences -------------------------------------------------------------------------------------------------


def test_sentences_4_30_2_runs_on_to_the_end_of_its_sentence_in_4_30_3():
    p = cited("4.30.2")
    assert p.english.endswith("how numerous the")  # the section itself, as numbered
    before, after = p.english_context
    assert before is None and after[0] == "4.30.3"
    assert after[1] == cited("4.30.3").english  # the sentence ends with that section
    assert p.whole("english").endswith("pushed forward his other preparations.")
    assert p.extension_notes() == ["The English runs on into 4.30.3 to the end of its sentence."]
    assert p.greek_context == (None, None)  # the Greek section is a whole sentence


def test_sentences_4_37_1_starts_at_the_start_of_its_sentence_in_4_36_3():
    p = cited("4.37.1")
    assert p.english.startswith("when Cleon and Demosthenes")
    before, after = p.english_context
    assert before == ("4.36.3", "The Athenians were already masters of the approaches") and after is None
    assert p.whole("english").startswith("The Athenians were already masters of the approaches when Cleon")
    assert p.extension_notes() == ["The English starts earlier, in 4.36.3, where its sentence begins."]


def test_sentences_a_range_is_completed_only_at_its_ends():
    p = cited("4.30.1-2")
    assert p.english_context[1][0] == "4.30.3"
    q = cited("4.30.2-3")
    assert q.english_context == (None, None) and q.whole("english") == q.english


def test_sentences_the_greek_is_completed_too():
    p = cited("1.42.3")
    before, after = p.greek_context
    assert before[0] == "1.42.2" and before[1].startswith("τό τε γὰρ ξυμφέρον")
    assert after[0] == "1.42.4" and after[1].endswith("ἔχειν.")


def test_sentences_every_english_section_shown_whole_starts_and_ends_a_sentence(thuc):
    """Across all 3,579 sections: a section shown whole starts after a finished sentence (or at a book's start,
    or with what completes it) and ends with one (or runs on into the next section)."""
    sections = thuc.edition("english").sections
    keys = list(sections)
    for i, key in enumerate(keys):
        p = thuc.passage(".".join(map(str, key)))
        before, after = p.english_context
        if before is None and i and keys[i - 1][0] == key[0]:
            assert re.search(r"[.!?][’”\"')\]]*$", sections[keys[i - 1]]), key
        if after is None and i + 1 < len(keys) and keys[i + 1][0] == key[0]:
            assert re.search(r"[.!?][’”\"')\]]*$", sections[key]), key


def test_sentences_the_card_shows_the_extra_words_apart_and_says_so():
    html = passage_card("4.30.2", corpus=CORPUS_DIR)._repr_html_()
    assert 'class="pelo-context"' in html and "[4.30.3]" in html
    (note,) = re.findall(r'<p class="pelo-extended"[^>]*>(.*?)</p>', html)
    assert "runs on into 4.30.3 to the end of its sentence" in note and "italics" in note
    plain = passage_card("4.30.2", corpus=CORPUS_DIR, whole_sentences=False)._repr_html_()
    assert "pelo-context" not in plain and "pelo-extended" not in plain
    assert str(passage_card("4.37.1", corpus=CORPUS_DIR, greek=False)).splitlines()[2].startswith(
        "The Athenians were already masters of the approaches when Cleon")


# The reader on other layouts -------------------------------------------------------------------------------------


def test_tei_reads_old_tei2_files_with_numbered_divs(tmp_path):
    """Older Perseus files (TEI.2, no namespace, div1/div2/div3 type="Book"), as some not yet pinned works are."""
    xml = """<TEI.2><text xml:lang="grc" n="urn:cts:greekLit:tlg9999.tlg003.test-grc1"><body>
      <div1 n="12" type="Book"><head>not text</head><argument><p>a summary, outside the sections</p></argument>
        <div2 type="chapter" n="61"><div3 type="section" n="1"><p><milestone unit="para"/>ἀρχὴ τοῦ λόγου,
          καὶ τέ<lb break="no"/>λος.</p></div3></div2></div1></body></text></TEI.2>"""
    path = tmp_path / "old.xml"
    path.write_text(xml, encoding="utf-8")
    edition = tei.parse(path)
    assert edition.urn == "urn:cts:greekLit:tlg9999.tlg003.test-grc1" and edition.language == "grc"
    assert edition.sections == {(12, 61, 1): "ἀρχὴ τοῦ λόγου, καὶ τέλος."}


def test_tei_a_play_without_lines_or_cards_is_a_tei_error(tmp_path):
    path = tmp_path / "empty.xml"
    path.write_text("<TEI><text><body><div type='edition'><p>x</p></div></body></text></TEI>", encoding="utf-8")
    with pytest.raises(tei.TEIError, match="no line units"):
        tei.parse(path, levels=("line",))
