"""Passage cards and rule cards, with the corpus and without it (offline, a network that drops packets)."""

from __future__ import annotations

import os
import re
import shutil
from html import unescape
from pathlib import Path

import pytest
from loopback import Silent

import peloponnesos as pp
from peloponnesos.display import PassageCard, RuleCard, passage_card, rule_card
from peloponnesos.sources import CREDIT, BadReference, corpus, locate

_ENV = os.environ.get("PELOPONNESOS_CORPUS")
CORPUS_DIR = Path(_ENV).resolve() if _ENV else Path(__file__).resolve().parents[2] / "shared/corpus/thucydides"
GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")


def visible_text(html: str) -> str:
    """What a reader sees at first: the HTML without tags, collapsed <details> left out."""
    html = re.sub(r"<details.*?</details>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def notes(html: str) -> list[str]:
    """The texts of the one-line notes that stand in for a passage."""
    return [visible_text(m) for m in re.findall(r'<p class="pelo-missing".*?</p>', html, flags=re.S)]


@pytest.fixture
def offline(tmp_path, monkeypatch):
    """No corpus anywhere, and the download address is a silent server (short timeout, for speed)."""
    server = Silent()
    monkeypatch.delenv(locate.ENV_CORPUS, raising=False)
    monkeypatch.setenv(locate.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.setenv(locate.ENV_URL, server.url)
    monkeypatch.setattr(locate, "TIMEOUT", 0.3)
    locate.forget_failures()
    corpus.cache_clear()
    yield server
    server.close()
    locate.forget_failures()
    corpus.cache_clear()


# With the corpus -----------------------------------------------------------------------------------------


def test_cards_passage_card_shows_english_greek_link_and_credit():
    card = passage_card("4.26.2-3", corpus=CORPUS_DIR)
    html = card._repr_html_()
    assert isinstance(card, PassageCard) and card.problem is None
    assert card.passage.english and card.passage.english[:40] in unescape(html)
    assert GREEK.search(visible_text(html))
    assert "scaife.perseus.org" in html and unescape(CREDIT) in unescape(html)
    assert 'data-ref="4.26.2-3"' in html and "pelo-missing" not in html
    text = str(card)
    assert text.startswith("Thucydides 4.26.2-3") and CREDIT in text
    english_only = passage_card("4.26.2", corpus=CORPUS_DIR, greek=False)._repr_html_()
    assert not GREEK.search(visible_text(english_only).replace("Ἑλληνιστί", ""))


def test_cards_rule_card_shows_the_rule_and_each_of_its_passages():
    card = rule_card("sfacteria", "7", corpus=CORPUS_DIR)
    html = card._repr_html_()
    refs = pp.rules("sfacteria")["7"].passages
    assert refs and isinstance(card, RuleCard)
    assert html.count("pelo-passage-card") == len(refs)
    assert "pelo-missing" not in html


def test_cards_bad_citation_is_still_a_bad_reference():
    with pytest.raises(BadReference, match="chapters 1–135"):
        passage_card("4.999", corpus=CORPUS_DIR)


# Without the corpus: the reference and one plain line ------------------------------------------------------


def test_cards_passage_card_without_the_corpus_shows_the_reference_and_one_plain_line(offline):
    card = passage_card("4.26.2")
    assert card.passage is None and card.problem is not None
    html = card._repr_html_()
    assert "Traceback" not in html
    assert 'data-ref="4.26.2"' in html and "Thucydides 4.26.2" in visible_text(html)
    (note,) = notes(html)
    assert note.startswith("The text of Thucydides is not on this computer yet")
    assert "\n" not in note and len(note) < 200
    assert "urn:cts:greekLit:tlg0003.tlg001.perseus-eng6:4.26.2" in html  # still a link to read it online
    assert str(card).splitlines() == ["Thucydides 4.26.2", note]
    assert repr(card) == "<PassageCard Thucydides 4.26.2 (text not available)>"


def test_cards_rule_card_without_the_corpus_lists_its_references_and_one_line(offline):
    refs = pp.rules("sfacteria")["7"].passages
    html = rule_card("sfacteria", "7")._repr_html_()
    assert "Traceback" not in html and "pelo-passage-card" not in html
    text = visible_text(html)
    assert all(ref in text for ref in refs)
    assert len(notes(html)) == 1  # one line for the card, not one per passage
    assert notes(html)[0].startswith("The text of Thucydides is not on this computer yet")


def test_cards_second_card_does_not_try_the_network_again(offline):
    passage_card("4.26.2")._repr_html_()
    assert offline.count() == 1
    passage_card("2.65")._repr_html_()
    rule_card("sfacteria", "7")._repr_html_()
    rule_card("diceless", "4")._repr_html_()
    passage_card("4.26.2")._repr_html_()  # the same card again
    assert offline.count() == 1


def test_cards_damaged_corpus_gives_one_line_too(tmp_path):
    folder = tmp_path / "copy"
    folder.mkdir()
    for spec in locate.FILES.values():
        shutil.copyfile(CORPUS_DIR / spec["name"], folder / spec["name"])
    (folder / locate.FILES["english"]["name"]).write_bytes(b"<TEI><text")
    html = passage_card("4.26.2", corpus=folder)._repr_html_()
    (note,) = notes(html)
    assert "damaged" in note and "Traceback" not in html
    html = rule_card("sfacteria", "7", corpus=folder)._repr_html_()
    assert len(notes(html)) == 1


def test_cards_wrong_folder_gives_one_line(tmp_path):
    (note,) = notes(passage_card("4.26.2", corpus=tmp_path / "nowhere")._repr_html_())
    assert "folder" in note and len(note) < 200


def test_cards_panel_rule_card_degrades_to_one_line_and_tries_the_network_once(offline):
    from peloponnesos.games.sfacteria.engine import SfacteriaGame
    from peloponnesos.widgets.launch import panel as make_panel

    p = make_panel("sfacteria", mode="hotseat", game=SfacteriaGame(seed=1))
    book = p.session.game.rules()
    with_passages = set()
    for _ in range(60):  # play on until a few rules with passages have been shown
        number = p.session.current_rule()
        html = p.rule.value
        if number in book and book[number].passages:
            assert "pelo-rule-card" in html and "Traceback" not in html
            assert all(ref in visible_text(html) for ref in book[number].passages)
            assert len(notes(html)) == 1 and "not on this computer yet" in notes(html)[0]
            with_passages.add(number)
        if p.session.review:  # hot-seat: the public "what happened" screen, then the curtain
            p.pass_button.click()
        if p.session.curtain:
            p.lift_curtain()
        p.do(p.session.legal_actions()[0])
    assert len(with_passages) >= 2
    assert offline.count() == 1


def test_cards_panel_shows_any_other_trouble_with_a_rule_card_in_one_line(monkeypatch):
    from peloponnesos.display.cards import RuleCard as Card
    from peloponnesos.games.sfacteria.engine import SfacteriaGame
    from peloponnesos.widgets.launch import panel as make_panel

    real = Card._passage_cards

    def broken(self):
        if self.show_passages:
            raise RuntimeError("something unexpected\n" + "x" * 5000)
        return real(self)

    monkeypatch.setattr(Card, "_passage_cards", broken)
    p = make_panel("sfacteria", mode="hotseat", game=SfacteriaGame(seed=1))
    (note,) = notes(p.rule.value)
    assert note.startswith("The passages of Thucydides for this rule cannot be shown: something unexpected")
    assert len(note) < 250 and "pelo-rule-card" in p.rule.value


# Headnote, URN, links, dictionary, glossary words ------------------------------------------------------------------


MORPH = "https://www.perseus.tufts.edu/hopper/morph?la=greek&amp;l="


def test_cards_every_passage_card_has_a_headnote_the_urn_and_both_links():
    html = passage_card("4.26.2", corpus=CORPUS_DIR)._repr_html_()
    assert '<details class="pelo-headnote" open' in html
    for words in ("Who wrote it?", "When?", "Was he there?", "For whom, and why?", "1.22.4", "5.26.5"):
        assert words in html
    assert "CTS URN: <code>urn:cts:greekLit:tlg0003.tlg001:4.26.2</code>" in html
    assert "perseus-eng6:4.26.2/" in html and "perseus-grc2:4.26.2/" in html
    assert "read the English online" in html and "read the Greek online" in html
    text = str(passage_card("4.26.2", corpus=CORPUS_DIR))
    assert "Was he there?" in text and "urn:cts:greekLit:tlg0003.tlg001:4.26.2" in text
    assert "pelo-headnote" not in passage_card("4.26.2", corpus=CORPUS_DIR, headnote=False)._repr_html_()
    assert '<details class="pelo-headnote" style' in passage_card("4.26.2", corpus=CORPUS_DIR,
                                                                  headnote="folded")._repr_html_()


def test_cards_headnote_and_links_show_without_the_text_too(offline):
    html = passage_card("4.26.2")._repr_html_()
    assert "pelo-headnote" in html and "urn:cts:greekLit:tlg0003.tlg001:4.26.2" in html
    assert "read the Greek online" in html and len(notes(html)) == 1


def test_cards_each_greek_word_links_to_a_dictionary_look_up():
    card = passage_card("4.39.3", corpus=CORPUS_DIR)
    html = card._repr_html_()
    greek_words = card.passage.greek.split()
    links = re.findall(re.escape(MORPH) + r'([^"]+)"', html)
    assert len(links) == len(greek_words)
    assert f'{MORPH}μανιώδης"' in html
    assert "Click a Greek word to look it up" in html
    greek_column = re.search(r'<div class="pelo-greek".*?</div></div>', html, flags=re.S)[0]
    assert card.passage.greek in unescape(re.sub(r"<[^>]+>", "", greek_column))  # the text reads as before
    assert MORPH not in passage_card("4.39.3", corpus=CORPUS_DIR, dictionary=False)._repr_html_()


def test_cards_glossary_words_are_underlined_once_and_explained():
    html = passage_card("4.8.9", corpus=CORPUS_DIR)._repr_html_()
    terms = re.findall(r'<span class="pelo-term" data-term="([^"]+)"', html)
    assert "hoplite" in terms and "Helot" in terms and len(terms) == len(set(terms))
    assert "Words on this card" in html and "Thucydides gives no number for the Helots on the island" in html
    assert "Εἵλως" in html  # the Greek of the term
    english_only = passage_card("4.8.9", corpus=CORPUS_DIR, greek=False)._repr_html_()
    assert not GREEK.search(visible_text(english_only).replace("Ἑλληνιστί", ""))
    assert "pelo-term" not in passage_card("4.8.9", corpus=CORPUS_DIR, terms=False)._repr_html_()


def test_cards_rule_card_explains_each_glossary_word_once_for_all_its_passages():
    html = rule_card("sfacteria", "7", corpus=CORPUS_DIR)._repr_html_()
    terms = re.findall(r'<span class="pelo-term" data-term="([^"]+)"', html)
    assert "Helot" in terms and len(terms) == len(set(terms))
    assert html.count("Words on this card") == 1 and html.count("pelo-headnote") == 1
    assert html.count('class="pelo-credit"') == len(pp.rules("sfacteria")["7"].passages)


# Adapted passages for ages 8–11 ------------------------------------------------------------------------------------


def test_cards_adapted_shows_our_retelling_marked_adapted_with_the_original_one_click_away():
    card = passage_card("1.118.3", corpus=CORPUS_DIR, adapted=True)
    html = card._repr_html_()
    text = " ".join(unescape(re.sub(r"<[^>]+>", "", re.sub(r"<details.*?</details>", " ", html, flags=re.S))).split())
    assert ">adapted</span>" in html and "Adapted: retold by us in simple words, for ages 8–11" in text
    assert "These are not Thucydides' own words" in text
    assert "People said the god answered" in text and "Say it: Delphi: DEL-fye" in text
    assert "Word bank" in text and "A holy place where people asked a god questions" in text
    assert "Who wrote this? Was he there?" in text  # the headnote for children, the full one folded
    original = re.search(r'<details class="pelo-original">(.*?)</details>\s*<p class="pelo-urn"', html, re.S)[1]
    assert "Read the original: Thucydides 1.118.3" in original
    assert card.passage.english[:60] in unescape(re.sub(r"<[^>]+>", "", original))
    assert "pelo-credit" in original
    assert str(card).splitlines()[2] == "The Spartans ask the god at Delphi (adapted)"


def test_cards_adapted_without_the_text_still_tells_the_story(offline):
    html = passage_card("5.26.5", adapted=True)._repr_html_()
    assert "does not tell us why" in html and "Traceback" not in html
    assert len(notes(html)) == 1  # inside the folded original


def test_cards_adapted_for_a_passage_without_a_retelling_shows_the_original_and_says_so():
    html = passage_card("4.26.2", corpus=CORPUS_DIR, adapted=True)._repr_html_()
    assert "There is no adapted version of 4.26.2 yet: here is the original." in html
    assert "pelo-adapted" not in html and "pelo-english" in html


# Translation comparison, glossary cards ------------------------------------------------------------------------


def test_cards_compare_cleon_marks_each_greek_word_and_crawley_s_english():
    from peloponnesos.display import compare_card, word_card

    card = compare_card("cleon", corpus=CORPUS_DIR)
    html = card._repr_html_()
    marked = [visible_text(m) for m in re.findall(r'<mark class="pelo-mark"[^>]*>(.*?)</mark>', html)]
    assert marked == ["fatuity", "κουφολογίᾳ", "crazy", "μανιώδης"]
    assert "How do κουφολογία (4.28.5) and μανιώδης (4.39.3) shape our view of Cleon?" in html
    assert "light talk" in html and "κοῦφος" in html and html.count("pelo-passage-card") == 2
    assert f'{MORPH}κουφολογία"' in html  # the lemma's look-up
    assert str(card).startswith("How do κουφολογία")
    one = word_card("4.28.5", "κουφολογ", "fatuity", corpus=CORPUS_DIR)._repr_html_()
    assert one.count('class="pelo-mark"') == 2


def test_cards_glossary_and_term_cards():
    from peloponnesos.display import glossary_card, term_card
    from peloponnesos.sources.glossary import glossary, term

    html = glossary_card()._repr_html_()
    assert html.count("<dt") == len(glossary()) and "logeion.uchicago.edu" in html
    kids = glossary_card("Helot", "hoplite", simple=True, greek=False)
    assert "rise up" in kids._repr_html_() and not GREEK.search(visible_text(kids._repr_html_()))
    assert str(kids).startswith("Helot (")
    assert 'data-term="Spartiate"' in term_card("Spartiate")._repr_html_()
    assert term("Helot")._repr_html_() == term_card(term("Helot"))._repr_html_()
