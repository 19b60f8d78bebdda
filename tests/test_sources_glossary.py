"""The shared glossary, the adapted passages for ages 8–11 and the translation comparison: data checked against
the corpus, the API the lessons use, and our own words (no run of 12 words copied from the translation)."""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path

import pytest

from peloponnesos.sources import Corpus, parse_reference, work, works
from peloponnesos.sources.adapted import NoAdaptedVersion, adapted, adapted_passages
from peloponnesos.sources.compare import UnknownComparison, comparison
from peloponnesos.sources.glossary import UnknownTerm, find_terms, glossary, term

ROOT = Path(__file__).resolve().parents[1]
_ENV = os.environ.get("PELOPONNESOS_CORPUS")
CORPUS_DIR = Path(_ENV).resolve() if _ENV else ROOT.parent / "shared/corpus/thucydides"
RUN = 12  # the pre-stop check flags 12 words in a row copied from the corpus


@pytest.fixture(scope="module")
def thuc() -> Corpus:
    return Corpus(CORPUS_DIR)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.fixture(scope="module")
def crawley_runs(thuc) -> set[tuple[str, ...]]:
    """Every run of 12 words in Crawley's English."""
    runs = set()
    for section in thuc.edition("english").sections.values():
        w = words(section)
        runs.update(tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1))
    return runs


def copied(text: str, runs) -> list[str]:
    w = words(text)
    return [" ".join(w[i:i + RUN]) for i in range(len(w) - RUN + 1) if tuple(w[i:i + RUN]) in runs]


# Glossary --------------------------------------------------------------------------------------------------------


def test_glossary_has_the_terms_the_lessons_need():
    names = {t.term for t in glossary()}
    assert {"hoplite", "trireme", "Helot", "Spartiate", "perioikos", "strategos", "Lacedaemonian", "ephor",
            "light troops", "democracy", "oligarchy", "stasis", "Messenians", "stade"} <= names
    assert [t.term.casefold() for t in glossary()] == sorted(t.term.casefold() for t in glossary())


def test_glossary_every_term_is_complete_and_its_passages_exist(thuc):
    names = {t.term for t in glossary()}
    for t in glossary():
        assert t.definition and t.simple and t.greek and t.latin and t.forms and t.passages, t.term
        assert len(t.simple.split()) <= 40, t.term  # a child can read it
        assert set(t.see) <= names, t.term
        for ref in t.passages:
            assert thuc.passage(ref).english, (t.term, ref)
        for ref in re.findall(r"\((\d+\.\d+(?:\.\d+)?(?:[–-]\d+(?:\.\d+){0,2})?)", t.definition):
            assert thuc.passage(ref.replace("–", "-")).english, (t.term, ref)


@pytest.mark.parametrize(
    ("name", "headword"),
    [("Helot", "Helot"), ("helots", "Helot"), ("Εἵλωτες", "Helot"), ("heavy infantry", "hoplite"),
     ("ὁπλίτης", "hoplite"), ("Perioeci", "perioikos"), ("perioikoi", "perioikos"), ("galleys", "trireme"),
     ("strategoi", "strategos"), ("targeteers", "peltast"), ("psiloi", "light troops"), ("Spartans", "Spartiate"),
     ("  LACEDAEMONIANS ", "Lacedaemonian"), ("στάσις", "stasis")],
)
def test_glossary_term_finds_a_word_by_any_of_its_names(name, headword):
    assert term(name).term == headword


def test_glossary_unknown_word_suggests_the_nearest():
    with pytest.raises(UnknownTerm) as caught:
        term("Helott")
    message = str(caught.value)
    assert "no 'Helott'" in message and "Did you mean 'Helot'?" in message and not message.startswith('"')
    assert isinstance(caught.value, KeyError)
    with pytest.raises(UnknownTerm, match="give a word"):
        term("")


def test_glossary_find_terms_takes_longest_forms_first_and_respects_case():
    found = find_terms("Four hundred and twenty heavy infantry, with their Helot attendants; the Helots ran.")
    assert [(t.term, start) for t, start, _ in found] == [("hoplite", 24), ("Helot", 51)]
    assert [t.term for t, _, _ in find_terms("the Four Hundred sent to the Spartans")] == ["Four Hundred",
                                                                                         "Spartiate"]
    assert find_terms("the spartans") == []  # 'Spartans' is Crawley's word for Spartiates only as a name


def test_glossary_spartiate_note_matches_the_greek_behind_crawley_s_spartans(thuc):
    for ref in ("4.8.1", "4.38.5", "5.15.1"):
        p = thuc.passage(ref)
        assert "Spartans" in p.english and "Σπαρτιᾶται" in p.greek


def test_glossary_terms_are_plain_data():
    data = json.loads(json.dumps([t.to_dict() for t in glossary()]))
    helot = next(d for d in data if d["term"] == "Helot")
    assert helot["lookup_url"].startswith("https://logeion.uchicago.edu/") and "4.26.5-6" in helot["passages"]
    assert str(term("hoplite")).startswith("hoplite (ὁπλίτης): A foot soldier")
    assert term("Helot").explain(simple=True).endswith("rise up.")


# Adapted passages ------------------------------------------------------------------------------------------------


def diceless_lesson_passages() -> set[str]:
    """The passages the diceless lesson uses: its notebook's list and every special chit's passages."""
    chits = tomllib.loads((ROOT / "peloponnesos/games/diceless/data/chits.toml").read_text(encoding="utf-8"))
    refs = {r for chit in chits["special"] for r in chit["passages"]}
    notebook = json.loads((ROOT / "notebooks/03_diceless_influence.ipynb").read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            refs |= set(re.findall(r'story\("([\d.]+)"', source))
            for listed in re.findall(r"lesson = \[(.*?)\]", source, flags=re.S):
                refs |= set(re.findall(r'"([\d.]+)"', listed))
    return refs


def test_adapted_every_passage_of_the_diceless_lesson_has_a_retelling():
    refs = diceless_lesson_passages()
    assert len(refs) >= 25
    assert sorted(r for r in refs if not any(a.covers(r) for a in adapted_passages())) == []


def test_adapted_retellings_are_short_plain_and_cite_real_passages(thuc):
    names = {t.term for t in glossary()}
    for a in adapted_passages():
        assert thuc.passage(a.ref).english, a.ref
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", a.text) if s]
        assert 2 <= len(sentences) <= 5 and len(a.text.split()) <= 80, a.ref
        assert max(len(s.split()) for s in sentences) <= 32, a.ref
        assert set(a.words) <= names, a.ref
        assert a.ages == "8–11" and a.title


def test_adapted_lookup_by_section_or_range():
    assert adapted("6.92.3").ref == "6.92.2-4" and adapted("6.92.2-4").ref == "6.92.2-4"
    assert adapted("Thuc. 1.118.3").title == "The Spartans ask the god at Delphi"
    assert adapted("6.61.6").covers("6.61.7") and not adapted("6.61.6").covers("6.61.8")
    with pytest.raises(NoAdaptedVersion, match=r"no adapted version of 4\.26\.2 yet"):
        adapted("4.26.2")
    data = adapted("5.26.5").to_dict()
    assert data["adapted"] is True and "twenty years" in data["text"]


def test_adapted_delphi_keeps_thucydides_caution_and_exile_adds_no_reason():
    assert "reported" in adapted("1.118.3").text and "was said" in adapted("1.118.3").source_note
    assert "does not tell us why" in adapted("5.26.5").text
    assert "not a change of sides" in adapted("8.70.2").source_note


# The translation comparison --------------------------------------------------------------------------------------


def test_compare_cleon_words_are_in_their_passages(thuc):
    c = comparison("cleon")
    assert "κουφολογία" in c.question and "μανιώδης" in c.question
    for w in c.words:
        p = thuc.passage(w.ref)
        assert w.english in p.english and w.greek in p.greek and w.lemma.startswith(w.greek)
    with pytest.raises(UnknownComparison, match="cleon"):
        comparison("pericles")


# Our own words ---------------------------------------------------------------------------------------------------


def test_our_texts_copy_no_run_of_twelve_words_from_crawley(crawley_runs):
    texts = []
    for t in glossary():
        texts += [t.definition, t.simple, t.note]
    for a in adapted_passages():
        texts += [a.text, a.source_note]
    for c in [comparison("cleon")]:
        texts += [c.introduction] + [w.think for w in c.words]
    for w in works.works():
        texts += [w.what, *(answer for _, answer in w.headnote.items()), w.headnote.children]
    found = [run for text in texts for run in copied(text, crawley_runs)]
    assert found == []


def test_headnote_passages_of_other_works_parse_as_their_work():
    for w in works.works():
        for ref in w.headnote.passages:
            assert parse_reference(ref).work == w.id
    assert work("pausanias").headnote.passages == ("Paus. 1.15.4",)
