"""More than one source: the works registry, citations of any work, and a work added by one data entry.

The added works are two invented texts of our own (tests/data/invented: a prose chronicle cited
book.chapter.section and a short play cited by line), registered for the session with sizes and SHA-256 computed
from the files, downloaded from a loopback server exactly as Thucydides is. Nothing touches the internet.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import socket
from pathlib import Path

import pytest
from loopback import Server

from peloponnesos.display import passage_card
from peloponnesos.sources import (
    CREDIT,
    BadReference,
    Corpus,
    CorpusNotFound,
    WorkNotAvailable,
    corpus,
    locate,
    parse_reference,
    passage,
    reader_url,
    work,
    works,
)
from peloponnesos.sources.works import WorksFileError, load, make_work

ROOT = Path(__file__).resolve().parents[1]
INVENTED = ROOT / "tests" / "data" / "invented"
_ENV = os.environ.get("PELOPONNESOS_CORPUS")
CORPUS_DIR = Path(_ENV).resolve() if _ENV else ROOT.parent / "shared/corpus/thucydides"
SOURCE_MD = CORPUS_DIR / "SOURCE.md"
NOT_YET = ("diodorus", "pausanias", "xenophon_hellenica", "plutarch_nicias", "plutarch_alcibiades",
           "aristophanes_knights")


def pins(name: str) -> dict:
    data = (INVENTED / name).read_bytes()
    return {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def chronicle_entry(**changes) -> dict:
    entry = {
        "author": "Nikandros of Pharos", "title": "The Lamp-Keepers", "short": "Nikandros",
        "abbreviations": ["Nik.", "Nikandros"], "urn": "urn:cts:greekLit:tlg9999.tlg001",
        "scheme": ["book", "chapter", "section"], "folder": "nikandros",
        "what": "an invented chronicle written for these tests", "status": "available",
        "credit": "Nikandros, The Lamp-Keepers: an invented text written for the tests of peloponnesos.",
        "files": {
            "greek": {"name": "tlg9999.tlg001.test-grc1.xml", "urn": "urn:cts:greekLit:tlg9999.tlg001.test-grc1",
                      "label": "Greek (invented)", "url": "https://example.invalid/tlg9999.tlg001.test-grc1.xml",
                      **pins("tlg9999.tlg001.test-grc1.xml")},
            "english": {"name": "tlg9999.tlg001.test-eng1.xml", "urn": "urn:cts:greekLit:tlg9999.tlg001.test-eng1",
                        "label": "English (invented)", "url": "https://example.invalid/tlg9999.tlg001.test-eng1.xml",
                        **pins("tlg9999.tlg001.test-eng1.xml")},
        },
        "headnote": {"who": "Nikandros, an invented keeper of an invented lighthouse.",
                     "when": "Never: he was made up for these tests.",
                     "there": "Yes, he says he kept the lamp himself (Nik. 1.1.1).",
                     "why": "To test that a second work is read, credited and introduced like Thucydides.",
                     "children": "Nikandros is made up, for testing.", "passages": ["Nik. 1.1.1"]},
    }
    entry.update(changes)
    return entry


def play_entry() -> dict:
    return {
        "author": "Lychnides", "title": "The Lamp", "short": "Lychnides, Lamp",
        "abbreviations": ["Lych. Lamp", "Lychnides Lamp"], "urn": "urn:cts:greekLit:tlg9999.tlg002",
        "scheme": ["line"], "folder": "lychnides_lamp", "what": "an invented comedy written for these tests",
        "status": "available", "credit": "Lychnides, The Lamp: an invented play written for the tests of peloponnesos.",
        "files": {
            "greek": {"name": "tlg9999.tlg002.test-grc1.xml", "urn": "urn:cts:greekLit:tlg9999.tlg002.test-grc1",
                      "url": "https://example.invalid/g.xml", **pins("tlg9999.tlg002.test-grc1.xml")},
            "english": {"name": "tlg9999.tlg002.test-eng1.xml", "urn": "urn:cts:greekLit:tlg9999.tlg002.test-eng1",
                        "url": "https://example.invalid/e.xml", **pins("tlg9999.tlg002.test-eng1.xml")},
        },
        "headnote": {"who": "Lychnides, invented.", "when": "Never.", "there": "No.", "why": "For tests.",
                     "passages": []},
    }


def closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/"


@pytest.fixture
def offline(tmp_path, monkeypatch):
    """No corpus folder set, a private cache, and a download address where nobody answers."""
    monkeypatch.delenv(locate.ENV_CORPUS, raising=False)
    monkeypatch.setenv(locate.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.setenv(locate.ENV_URL, closed_port_url())
    locate.forget_failures()
    corpus.cache_clear()
    yield tmp_path / "cache"
    locate.forget_failures()
    corpus.cache_clear()


@pytest.fixture
def invented(offline):
    """The two invented works registered for the test, and removed after it."""
    works.register("nikandros", chronicle_entry())
    works.register("lychnides_lamp", play_entry())
    yield offline
    works.unregister("nikandros")
    works.unregister("lychnides_lamp")


@pytest.fixture
def server():
    servers: list[Server] = []

    def start(folder: Path = INVENTED) -> Server:
        servers.append(Server(folder))
        return servers[-1]

    yield start
    for s in servers:
        s.close()


# The registry ------------------------------------------------------------------------------------------------


def test_works_thucydides_is_the_default_and_keeps_its_pins_from_source_md():
    thuc = work()
    assert thuc.id == "thucydides" and thuc.available and thuc.scheme == ("book", "chapter", "section")
    assert thuc.credit == CREDIT
    source = SOURCE_MD.read_text(encoding="utf-8")
    for key in ("english", "greek"):
        spec = thuc.files[key]
        assert spec["sha256"] in source and f"{spec['size']:,}" in source and spec["git_blob"] in source
        assert thuc.commit in spec["url"] and spec["urn"] in source
    assert thuc.files["licence"]["git_blob"] in source


@pytest.mark.parametrize("work_id", NOT_YET)
def test_works_not_yet_available_are_listed_with_urns_and_no_invented_checksums(work_id):
    w = work(work_id)
    assert w.status == "not yet available" and not w.available
    assert re.fullmatch(r"urn:cts:greekLit:tlg\d{4}\.tlg\d{3}", w.urn)
    assert not w.commit and w.todo and "SOURCE.md" in w.todo
    for spec in w.files.values():
        assert "sha256" not in spec and "size" not in spec and "url" not in spec
        assert spec["urn"].startswith(w.urn + ".") and spec["name"].startswith(w.urn.rsplit(":", 1)[1])
        assert spec["path"].endswith(spec["name"])
    assert w.headnote.who and w.headnote.when and w.headnote.there and w.headnote.why and w.headnote.children


def test_works_every_work_has_a_headnote_answering_the_four_questions():
    for w in works.works():
        questions = [q for q, _ in w.headnote.items()]
        assert questions == ["Who wrote it?", "When?", "Was he there?", "For whom, and why?"]
        for ref in w.headnote.passages:
            assert parse_reference(ref).work == w.id


def test_works_thucydides_headnote_cites_his_own_statements_and_adds_no_reason_for_his_exile():
    note = work().headnote
    for ref in ("1.1.1", "1.22.1", "1.22.2–3", "1.22.4", "4.104.4", "5.26.5"):
        assert ref in str(note)
    assert "he does not say why" in note.there and "not at Pylos" in note.there


# Citations of any work ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "work_id", "text", "cts"),
    [
        ("Diod. 12.61", "diodorus", "Diod. 12.61", "12.61"),
        ("diod 12.61.1-3", "diodorus", "Diod. 12.61.1-3", "12.61.1-12.61.3"),
        ("Diodorus Siculus 12.63", "diodorus", "Diod. 12.63", "12.63"),
        ("Paus. 1.15.4", "pausanias", "Paus. 1.15.4", "1.15.4"),
        ("Xen. Hell. 1.1.1", "xenophon_hellenica", "Xen. Hell. 1.1.1", "1.1.1"),
        ("Plut. Nic. 7.2-8.1", "plutarch_nicias", "Plut. Nic. 7.2-8.1", "7.2-8.1"),
        ("Ar. Eq. 54-57", "aristophanes_knights", "Ar. Eq. 54-57", "54-57"),
        ("ar eq 54–57", "aristophanes_knights", "Ar. Eq. 54-57", "54-57"),
        ("Aristophanes, Knights 76", "aristophanes_knights", "Ar. Eq. 76", "76"),
        ("4.26.2", "thucydides", "4.26.2", "4.26.2"),
        ("Thuc. 4.26.2", "thucydides", "4.26.2", "4.26.2"),
    ],
)
def test_works_citations_name_their_work_and_normalise(written, work_id, text, cts):
    ref = parse_reference(written)
    assert (ref.work, ref.text, ref.cts) == (work_id, text, cts)


@pytest.mark.parametrize(
    ("written", "says"),
    [
        ("Hdt. 1.1", "not a work this package knows"),
        ("Ar. Eq. 54.2", "a line number"),
        ("Plut. Nic. 7.2.1", "chapter.section"),
        ("Diod. 12.61-13.1", "one book"),
        ("Ar. Eq. 57-54", "runs backwards"),
    ],
)
def test_works_bad_citations_say_what_to_write(written, says):
    with pytest.raises(BadReference) as caught:
        parse_reference(written)
    assert says in str(caught.value) and type(caught.value) is BadReference


def test_works_reader_links_need_no_text():
    assert reader_url("Diod. 12.61", "greek") == (
        "https://scaife.perseus.org/reader/urn:cts:greekLit:tlg0060.tlg001.perseus-grc3:12.61/")
    assert reader_url("Paus. 1.15.4").endswith("tlg0525.tlg001.perseus-eng1:1.15.4/")
    assert "perseus-grc2:54-57/" in reader_url("Ar. Eq. 54-57")  # no English here: the Greek


# A work not yet on this computer: one plain line, no network ------------------------------------------------


class Listener:
    """Counts connections to a port (a download would connect)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.sock.settimeout(0.2)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/"

    def connections(self) -> int:
        count = 0
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return count
            conn.close()
            count += 1


@pytest.mark.parametrize(("ref", "name"), [("Diod. 12.61", "Diodorus of Sicily, Library of History"),
                                           ("Paus. 1.15.4", "Pausanias, Description of Greece"),
                                           ("Ar. Eq. 54-57", "Aristophanes, Knights")])
def test_works_not_yet_here_say_so_in_one_line_and_never_download(offline, monkeypatch, ref, name):
    listener = Listener()
    monkeypatch.setenv(locate.ENV_URL, listener.url)
    with pytest.raises(WorkNotAvailable) as caught:
        passage(ref)
    hint = caught.value.hint
    assert hint.startswith(name) and hint.endswith("is not on this computer yet.") and "\n" not in hint
    assert work(parse_reference(ref).work).what in hint and len(hint) < 200
    assert isinstance(caught.value, CorpusNotFound) and "SOURCE.md" not in hint
    assert listener.connections() == 0
    with pytest.raises(WorkNotAvailable, match="cannot be downloaded yet"):
        locate.download(work=parse_reference(ref).work)  # even when asked for in so many words
    assert listener.connections() == 0
    listener.sock.close()


def test_works_card_for_a_work_not_yet_here_shows_reference_what_it_is_headnote_and_one_line(offline):
    card = passage_card("Diod. 12.61")
    html = card._repr_html_()
    assert card.passage is None and "Traceback" not in html
    assert card.title == "Diodorus 12.61" and "Diodorus 12.61" in html
    notes = re.findall(r'<p class="pelo-missing"[^>]*>(.*?)</p>', html, flags=re.S)
    assert len(notes) == 1 and "is not on this computer yet" in notes[0] and "history of the world" in notes[0]
    assert "pelo-headnote" in html and "Agyrium" in html and "urn:cts:greekLit:tlg0060.tlg001:12.61" in html
    assert str(card).splitlines() == ["Diodorus 12.61", card.problem.hint]
    assert repr(card) == "<PassageCard Diodorus 12.61 (text not available)>"


def test_works_a_pending_work_is_read_from_a_corpus_folder_that_holds_its_files(tmp_path, monkeypatch, offline):
    """The CEO completes a pending work by adding its folder: found beside the Thucydides folder at once."""
    folder = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, folder / "thucydides")
    (folder / "aristophanes_knights").mkdir()
    shutil.copyfile(INVENTED / "tlg9999.tlg002.test-grc1.xml",
                    folder / "aristophanes_knights" / "tlg0019.tlg002.perseus-grc2.xml")
    monkeypatch.setenv(locate.ENV_CORPUS, str(folder / "thucydides"))
    p = passage("Ar. Eq. 1-2")
    assert p.work == "aristophanes_knights" and p.citations == ("1", "2")
    assert p.title == "Aristophanes, Knights 1–2" and p.credit == work("aristophanes_knights").credit
    assert Corpus(work="aristophanes_knights").path == folder / "aristophanes_knights"


# An added work: downloaded, checked, cited and credited like Thucydides -------------------------------------------


def test_works_an_added_work_is_downloaded_from_the_pinned_place_and_checked(invented, server, monkeypatch):
    s = server()
    monkeypatch.setenv(locate.ENV_URL, s.url)
    p = passage("Nik. 1.1.1")
    assert sorted(s.requests) == ["/tlg9999.tlg001.test-eng1.xml", "/tlg9999.tlg001.test-grc1.xml"]
    assert (invented / "nikandros" / "tlg9999.tlg001.test-grc1.xml").is_file()
    assert p.work == "nikandros" and p.title == "Nikandros 1.1.1" and p.english.startswith("Nikandros of Pharos")
    assert p.urn == "urn:cts:greekLit:tlg9999.tlg001:1.1.1"
    assert p.urn_greek == "urn:cts:greekLit:tlg9999.tlg001.test-grc1:1.1.1"
    assert p.credit.startswith("Nikandros, The Lamp-Keepers")
    corpus.cache_clear()
    assert passage("Nik. 1.1.2").english and len(s.requests) == 2  # the cache is used, checked by its stamp


def test_works_an_added_work_with_a_wrong_checksum_is_refused(invented, server, monkeypatch, tmp_path):
    bad = tmp_path / "bad"
    shutil.copytree(INVENTED, bad)
    data = bytearray((bad / "tlg9999.tlg001.test-grc1.xml").read_bytes())
    data[-20] ^= 1
    (bad / "tlg9999.tlg001.test-grc1.xml").write_bytes(bytes(data))
    monkeypatch.setenv(locate.ENV_URL, server(bad).url)
    with pytest.raises(CorpusNotFound) as caught:
        passage("Nik. 1.1.1")
    assert "not the pinned file" in str(caught.value) and "Nikandros" in caught.value.hint
    assert caught.value.work == "nikandros"
    assert not (invented / "nikandros" / "tlg9999.tlg001.test-grc1.xml").exists()


def test_works_an_added_work_offline_says_so_naming_the_work(invented):
    with pytest.raises(CorpusNotFound) as caught:
        passage("Nik. 1.1.1")
    assert caught.value.hint.startswith("The text of Nikandros of Pharos, The Lamp-Keepers is not on this computer yet")
    html = passage_card("Nik. 1.1.1")._repr_html_()
    assert "Nikandros 1.1.1" in html and html.count('class="pelo-missing"') == 1


def test_works_an_added_work_is_found_beside_the_corpus_folder(invented, tmp_path, monkeypatch):
    root = tmp_path / "corpus"
    (root / "thucydides").mkdir(parents=True)
    shutil.copytree(INVENTED, root / "nikandros")
    for spec in locate.FILES.values():
        shutil.copyfile(CORPUS_DIR / spec["name"], root / "thucydides" / spec["name"])
    monkeypatch.setenv(locate.ENV_CORPUS, str(root / "thucydides"))
    assert Corpus(work="nikandros").path == root / "nikandros"
    assert Corpus(root, work="nikandros").path == root / "nikandros"  # or inside a folder given
    assert Corpus(root).path == root / "thucydides"  # a folder holding the corpus folders is accepted too
    assert passage("Nik. 2.1.1", corpus=corpus()).english == "In the following year a great storm came."


def test_works_an_added_work_is_cited_by_its_own_structure(invented, tmp_path):
    c = Corpus(INVENTED, work="nikandros")
    assert c.books() == (1, 2) and c.chapters(1) == (1, 2) and c.sections(1, 1) == (1, 2, 3)
    assert c.passage("Nik. 1.1").citations == ("1.1.1", "1.1.2", "1.1.3")
    with pytest.raises(BadReference, match="Nikandros of Pharos, The Lamp-Keepers has 2 books"):
        c.passage("Nik. 3.1")
    with pytest.raises(BadReference, match="book 1 has chapters 1–2"):
        c.passage("Nik. 1.9")
    with pytest.raises(BadReference, match="a passage of Nikandros"):
        Corpus(CORPUS_DIR).passage("Nik. 1.1.1")
    with pytest.raises(BadReference, match="use passage"):
        c.passage("4.26.2")
    assert c.search("lamp") == ["1.1.1", "1.1.2", "1.1.3", "1.2.2"]


def test_works_an_added_work_is_repaired_and_completed_like_thucydides(invented):
    c = Corpus(INVENTED, work="nikandros")
    p = c.passage("Nik. 1.1.2-3")
    assert "(ὁ μὲν μέγας, ὁ δὲ μικρότερος ἐγένετο)," in p.greek  # ʽ … ὀ repaired
    assert "ἐπῆλθον, τὸν" in p.greek  # the missing space restored
    assert "must not be shown" not in p.english  # the note left out
    assert p.english_context == (None, ("1.2.1", "many ships wandered in the dark."))
    assert p.extension_notes() == ["The English runs on into Nik. 1.2.1 to the end of its sentence."]
    q = c.passage("Nik. 1.2.1")
    assert q.english_context[0] == ("1.1.3", "One night the keepers of the small harbour crept up to the tower and "
                                             "put out the lamp, so that")
    assert q.english == "many ships wandered in the dark. Nobody slept in the harbour towns."  # the milestone
    assert c.passage("Nik. 1.2.2").english_context == (None, None)  # a book's last section runs on into nothing


def test_works_an_added_play_is_cited_by_line_with_its_translation_by_card(invented):
    c = Corpus(INVENTED, work="lychnides_lamp")
    p = c.passage("Lych. Lamp 3")
    assert p.greek == "Κύων: αὖ αὖ. Φύλαξ: σιώπα, κύον."  # half-lines 3 and 3b, with their speakers
    assert p.english_unit == "card" and [c for c, _ in p.english_sections] == ["1"]
    assert p.citations == ("3",)
    assert c.passage("Lych. Lamp 7-8").citations == ("8", "7")  # the editor's order, both lines
    assert [x for x, _ in c.passage("Lych. Lamp 5-6").english_sections] == ["1", "6"]
    with pytest.raises(BadReference, match="has 9 lines"):
        c.passage("Lych. Lamp 12")
    assert c.passage("Lych. Lamp 1").greek.startswith("Φύλαξ: ")


def test_works_an_added_work_is_credited_and_introduced_on_every_card(invented):
    html = passage_card("Nik. 1.1.3", corpus=INVENTED)._repr_html_()
    assert "Nikandros, The Lamp-Keepers: an invented text" in html  # the credit
    assert "About the source: Nikandros of Pharos, The Lamp-Keepers" in html and "Was he there?" in html
    assert "urn:cts:greekLit:tlg9999.tlg001:1.1.3" in html and "test-grc1:1.1.3/" in html and "test-eng1:1.1.3/" in html
    assert 'class="pelo-extended"' in html and "runs on into Nik. 1.2.1" in html
    play = passage_card("Lych. Lamp 6-7", corpus=INVENTED)._repr_html_()
    assert "not divided line by line" in play and "Lychnides, The Lamp: an invented play" in play


# The works file: checked, with messages naming the file and table -------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"status": "maybe"}, "status must be 'available' or 'not yet available'"),
        ({"scheme": ["page"]}, "scheme must be one of"),
        ({"urn": "tlg9999"}, "CTS URN"),
        ({"abbreviations": []}, "abbreviations"),
        ({"headnote": {"who": "x"}}, "needs when"),
    ],
)
def test_works_a_bad_entry_is_refused_naming_the_table_and_what_was_expected(changes, says):
    with pytest.raises(WorksFileError) as caught:
        make_work("nikandros", chronicle_entry(**changes))
    assert "[works.nikandros" in str(caught.value) and says in str(caught.value)


def test_works_available_needs_every_checksum_and_not_yet_available_may_have_none():
    entry = chronicle_entry()
    del entry["files"]["greek"]["sha256"]
    with pytest.raises(WorksFileError, match=r"files\.greek\] is marked available, so it needs url"):
        make_work("nikandros", entry)
    pending = chronicle_entry(status="not yet available")
    with pytest.raises(WorksFileError, match="has sha256 and size but the work is 'not yet available'"):
        make_work("nikandros", pending)


def test_works_a_works_file_error_names_the_file_and_line(tmp_path):
    path = tmp_path / "works.toml"
    path.write_text('[works.x]\nauthor = "A"\n', encoding="utf-8")
    with pytest.raises(WorksFileError, match=r"works\.toml, line 1: \[works\.x\] needs title"):
        load(path)
    path.write_text("not toml [", encoding="utf-8")
    with pytest.raises(WorksFileError, match="not a TOML file"):
        load(path)


def test_works_a_teacher_s_own_works_file_is_registered_from_toml(tmp_path, offline):
    def toml(value) -> str:
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k} = {toml(v)}" for k, v in value.items()) + "}"
        if isinstance(value, list):
            return "[" + ", ".join(toml(v) for v in value) + "]"
        return json.dumps(value)

    entry = chronicle_entry()
    path = tmp_path / "my_works.toml"
    path.write_text("[works.nikandros]\n" + "\n".join(f"{k} = {toml(v)}" for k, v in entry.items()), encoding="utf-8")
    try:
        (added,) = works.register_file(path)
        assert added.id == "nikandros" and passage("Nik. 2.1.1", corpus=INVENTED).english.endswith("storm came.")
    finally:
        works.unregister("nikandros")


def test_works_register_refuses_an_abbreviation_that_names_another_work():
    with pytest.raises(WorksFileError, match="already names thucydides"):
        works.register("copycat", chronicle_entry(abbreviations=["Thuc."]))
    with pytest.raises(ValueError, match="default"):
        works.unregister("thucydides")
