"""Finding, downloading and caching the corpus. Never touches the internet: a loopback server or file://."""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import platformdirs
import pytest
from loopback import Server, Silent

from peloponnesos.sources import Corpus, CorpusNotFound, corpus, locate, passage

_ENV = os.environ.get("PELOPONNESOS_CORPUS")
CORPUS_DIR = Path(_ENV).resolve() if _ENV else Path(__file__).resolve().parents[2] / "shared/corpus/thucydides"
NAMES = [spec["name"] for spec in locate.FILES.values()]
ENGLISH, GREEK, LICENCE = NAMES


@pytest.fixture(scope="module")
def mirror(tmp_path_factory) -> Path:
    """A folder with copies of the three pinned files, as a download server would hold them."""
    folder = tmp_path_factory.mktemp("mirror")
    for name in NAMES:
        shutil.copyfile(CORPUS_DIR / name, folder / name)
    return folder


@pytest.fixture(scope="module")
def bad_mirror(tmp_path_factory, mirror) -> Path:
    """Like ``mirror`` but the English file has one byte changed (same size)."""
    folder = tmp_path_factory.mktemp("bad_mirror")
    for name in NAMES:
        shutil.copyfile(mirror / name, folder / name)
    data = bytearray((folder / ENGLISH).read_bytes())
    data[-2] ^= 1
    (folder / ENGLISH).write_bytes(bytes(data))
    return folder


@pytest.fixture
def serve():
    servers: list[Server] = []

    def start(folder: Path) -> Server:
        servers.append(Server(folder))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def silent(monkeypatch):
    server = Silent()
    monkeypatch.setenv(locate.ENV_URL, server.url)
    monkeypatch.setattr(locate, "TIMEOUT", 0.3)
    yield server
    server.close()


def fill(folder: Path, source: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        shutil.copyfile(source / name, folder / name)


def damage(path: Path) -> None:
    """Change one byte in the middle, keeping the size."""
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x20
    path.write_bytes(bytes(data))


def closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/"


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """No corpus in the environment, a private cache, and a download base that goes nowhere by default."""
    monkeypatch.delenv(locate.ENV_CORPUS, raising=False)
    monkeypatch.setenv(locate.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.setenv(locate.ENV_URL, closed_port_url())
    monkeypatch.setattr(locate, "BASE_URL", None)
    locate.forget_failures()
    corpus.cache_clear()
    yield tmp_path / "cache" / "thucydides"
    locate.forget_failures()
    corpus.cache_clear()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part")) if folder.exists() else []


def test_sources_cache_folder_follows_env_or_platformdirs(isolated, monkeypatch):
    assert locate.cache_folder() == isolated
    monkeypatch.delenv(locate.ENV_CACHE)
    assert locate.cache_folder() == Path(platformdirs.user_cache_dir("peloponnesos")) / "thucydides"


def test_sources_download_from_loopback_server_fills_the_cache(isolated, mirror, serve, monkeypatch):
    server = serve(mirror)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    assert locate.find_corpus() == isolated
    assert sorted(server.requests) == sorted(f"/{name}" for name in NAMES)
    for spec in locate.FILES.values():
        assert sha256(isolated / spec["name"]) == spec["sha256"]
    assert leftovers(isolated) == []
    assert "Pylos" in Corpus().passage("4.26.2").english


def test_sources_download_happens_once_then_the_cache_is_used(isolated, mirror, serve, monkeypatch):
    server = serve(mirror)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    locate.find_corpus()
    assert len(server.requests) == 3
    assert Corpus().path == isolated
    assert locate.find_corpus() == isolated
    assert len(server.requests) == 3


def test_sources_download_fetches_only_missing_files(isolated, mirror, serve, monkeypatch):
    isolated.mkdir(parents=True)
    shutil.copyfile(mirror / ENGLISH, isolated / ENGLISH)
    server = serve(mirror)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    locate.find_corpus()
    assert sorted(server.requests) == sorted([f"/{GREEK}", f"/{LICENCE}"])


def test_sources_download_from_a_file_url(isolated, mirror, monkeypatch):
    monkeypatch.setenv(locate.ENV_URL, mirror.as_uri())
    assert locate.find_corpus() == isolated
    assert sha256(isolated / GREEK) == locate.FILES["greek"]["sha256"]


def test_sources_download_base_url_module_attribute(isolated, mirror, serve, monkeypatch):
    server = serve(mirror)
    monkeypatch.delenv(locate.ENV_URL)
    monkeypatch.setattr(locate, "BASE_URL", server.url)
    assert locate.find_corpus() == isolated
    assert len(server.requests) == 3


def test_sources_download_with_wrong_checksum_is_rejected_and_deleted(isolated, bad_mirror, serve, monkeypatch):
    server = serve(bad_mirror)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    with pytest.raises(CorpusNotFound) as caught:
        locate.find_corpus()
    message = str(caught.value)
    assert ENGLISH in message and "SHA-256" in message and "deleted" in message
    assert locate.FILES["english"]["sha256"] in message
    assert not (isolated / ENGLISH).exists()
    assert leftovers(isolated) == []


def test_sources_offline_without_corpus_says_how_to_point_at_a_copy(isolated):
    with pytest.raises(CorpusNotFound) as caught:
        Corpus()
    message = str(caught.value)
    assert "PELOPONNESOS_CORPUS" in message
    assert "corpus=" in message
    assert str(isolated) in message
    assert "Could not download" in message
    assert not (isolated / ENGLISH).exists()
    assert leftovers(isolated) == []


def test_sources_missing_file_on_server_is_corpus_not_found(isolated, tmp_path, serve, monkeypatch):
    empty = tmp_path / "empty_mirror"
    empty.mkdir()
    server = serve(empty)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    with pytest.raises(CorpusNotFound, match="404"):
        locate.find_corpus()


def test_sources_no_download_when_told_not_to(isolated, mirror, serve, monkeypatch):
    server = serve(mirror)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    with pytest.raises(CorpusNotFound, match=r"not on this computer.*PELOPONNESOS_CORPUS"):
        Corpus(download=False)
    assert server.requests == []


def test_sources_explicit_folder_without_files_is_an_error_not_a_download(tmp_path, mirror, serve, monkeypatch):
    server = serve(mirror)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copyfile(mirror / ENGLISH, folder / ENGLISH)
    with pytest.raises(CorpusNotFound) as caught:
        Corpus(folder)
    message = str(caught.value)
    assert f"which has no {GREEK}." in message
    assert "the corpus= argument" in message
    with pytest.raises(CorpusNotFound, match="not a folder"):
        locate.find_corpus(tmp_path / "nowhere")
    assert server.requests == []


def test_sources_env_folder_without_files_is_an_error_not_a_download(tmp_path, mirror, serve, monkeypatch):
    server = serve(mirror)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    monkeypatch.setenv(locate.ENV_CORPUS, str(tmp_path))
    with pytest.raises(CorpusNotFound) as caught:
        locate.find_corpus()
    assert "$PELOPONNESOS_CORPUS" in str(caught.value)
    assert ENGLISH in str(caught.value) and GREEK in str(caught.value)
    assert server.requests == []


def test_sources_explicit_folder_wins_over_env_and_env_over_cache(tmp_path, mirror, monkeypatch):
    monkeypatch.setenv(locate.ENV_CORPUS, str(mirror))
    assert locate.find_corpus() == mirror
    assert locate.find_corpus(CORPUS_DIR) == CORPUS_DIR
    monkeypatch.setenv(locate.ENV_CORPUS, str(tmp_path / "nowhere"))
    assert locate.find_corpus(mirror) == mirror


# A network that drops packets: one short try per session ----------------------------------------------


def test_sources_silent_network_is_tried_once_per_session_with_a_short_timeout(isolated, silent):
    assert locate.TIMEOUT == 0.3
    with pytest.raises(CorpusNotFound) as first:
        locate.find_corpus()
    assert "timed out" in str(first.value)
    assert silent.count() == 1
    for _ in range(3):  # every later card, lesson cell or Corpus() in this session
        with pytest.raises(CorpusNotFound) as again:
            Corpus()
        assert "not tried again" in str(again.value) and "restart the kernel" in str(again.value)
        with pytest.raises(CorpusNotFound):
            passage("4.26.2")
    assert silent.count() == 1
    assert leftovers(isolated) == []


def test_sources_default_timeout_is_short():
    assert 0 < locate.TIMEOUT <= 10
    assert locate.DEADLINE <= 600


def test_sources_explicit_download_tries_again_and_success_is_remembered(isolated, silent, mirror, serve, monkeypatch):
    with pytest.raises(CorpusNotFound):
        locate.find_corpus()
    server = serve(mirror)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    assert locate.download() == isolated  # asked for in so many words: tried again
    assert locate.find_corpus() == isolated
    assert "Pylos" in passage("4.26.2").english
    assert silent.count() == 1


def test_sources_once_per_session_is_per_folder_and_address(isolated, silent, tmp_path, monkeypatch):
    with pytest.raises(CorpusNotFound):
        locate.find_corpus()
    monkeypatch.setenv(locate.ENV_CACHE, str(tmp_path / "other_cache"))
    with pytest.raises(CorpusNotFound, match="timed out"):
        locate.find_corpus()
    assert silent.count() == 2


# The cache is checked by SHA-256 once, then trusted by its stamp --------------------------------------


def test_sources_damaged_cached_file_of_the_right_size_is_refused_and_deleted(isolated, mirror):
    fill(isolated, mirror)
    damage(isolated / ENGLISH)
    assert (isolated / ENGLISH).stat().st_size == locate.FILES["english"]["size"]
    with pytest.raises(CorpusNotFound) as caught:
        Corpus(download=False)
    message = str(caught.value)
    assert ENGLISH in message and "damaged" in message and "SHA-256" in message and "deleted" in message
    assert not (isolated / ENGLISH).exists()
    assert (isolated / GREEK).exists()


def test_sources_damaged_cached_file_is_downloaded_again(isolated, mirror, serve, monkeypatch):
    fill(isolated, mirror)
    damage(isolated / GREEK)
    server = serve(mirror)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    assert locate.find_corpus() == isolated
    assert server.requests == [f"/{GREEK}"]
    assert sha256(isolated / GREEK) == locate.FILES["greek"]["sha256"]
    assert "Περικλ" in Corpus().passage("2.65").greek


def test_sources_cache_is_hashed_once_then_trusted_by_its_stamp(isolated, mirror, monkeypatch):
    fill(isolated, mirror)
    hashed: list[str] = []
    real = locate.file_sha256

    def counting(path):
        hashed.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(locate, "file_sha256", counting)
    assert locate.find_corpus(download=False) == isolated
    assert sorted(hashed) == sorted(NAMES)
    assert (isolated / locate.STAMP).is_file()
    hashed.clear()
    for _ in range(3):
        locate.find_corpus(download=False)
    assert hashed == []
    os.utime(isolated / GREEK)  # the file changed (its time): hashed again
    locate.find_corpus(download=False)
    assert hashed == [GREEK]


def test_sources_downloaded_files_are_stamped_and_not_hashed_again(isolated, mirror, serve, monkeypatch):
    server = serve(mirror)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    locate.find_corpus()
    monkeypatch.setattr(locate, "file_sha256", lambda path: pytest.fail(f"{path} hashed again"))
    assert locate.find_corpus() == isolated


def test_sources_a_broken_stamp_only_means_hashing_again(isolated, mirror):
    fill(isolated, mirror)
    locate.find_corpus(download=False)
    for junk in ("{not json", "[1, 2]", '{"tlg0003.tlg001.perseus-eng6.xml": 5}', ""):
        (isolated / locate.STAMP).write_text(junk)
        assert locate.find_corpus(download=False) == isolated
    (isolated / locate.STAMP).unlink()
    (isolated / locate.STAMP).mkdir()
    assert locate.find_corpus(download=False) == isolated


def test_sources_stamp_does_not_hide_a_file_changed_in_place(isolated, mirror):
    """Same size and time as when it was checked, different bytes: the parse fails in plain words."""
    fill(isolated, mirror)
    locate.find_corpus(download=False)
    target = isolated / ENGLISH
    before = target.stat()
    target.write_bytes(b"<" * before.st_size)
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    thuc = Corpus(download=False)
    with pytest.raises(CorpusNotFound) as caught:
        thuc.passage("4.26.2")
    message = str(caught.value)
    assert ENGLISH in message and "damaged" in message and "deleted" in message
    assert caught.value.hint == locate.DAMAGED_CACHE
    assert not target.exists()
    with pytest.raises(CorpusNotFound) as again:  # the next card in the same session: still plain words
        thuc.passage("4.26.3")
    assert again.value.hint == locate.DAMAGED_CACHE and "cannot be read" in str(again.value)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"<TEI><text><body><div",  # cut short
        b"\xff\xfe\x00garbage\x00",
        b"<?xml version='1.0'?><html><body>Blocked by the school filter</body></html>",
        b"<TEI xmlns='http://www.tei-c.org/ns/1.0'><text><body><div type='edition'/></body></text></TEI>",
        b"<TEI xmlns='http://www.tei-c.org/ns/1.0'><text><body><div subtype='chapter' n='x'/></body></text></TEI>",
    ],
    ids=["empty", "cut-short", "binary", "html", "no-sections", "bad-number"],
)
def test_sources_corrupt_file_in_a_given_folder_is_corpus_not_found_never_a_parse_error(tmp_path, mirror, content):
    folder = tmp_path / "copy"
    fill(folder, mirror)
    (folder / ENGLISH).write_bytes(content)
    with pytest.raises(CorpusNotFound) as caught:
        passage("4.26.2", corpus=folder)
    message = str(caught.value)
    assert ENGLISH in message and str(folder) in message and "damaged" in message
    assert "ParseError" not in message
    assert (folder / ENGLISH).exists()  # a folder the user gave is never changed


def test_sources_unreadable_corpus_argument_is_corpus_not_found(tmp_path):
    with pytest.raises(CorpusNotFound, match="folder"):
        Corpus(5)
    (tmp_path / "copy").mkdir()
    (tmp_path / "copy" / ENGLISH).mkdir()
    with pytest.raises(CorpusNotFound, match=ENGLISH):
        Corpus(tmp_path / "copy")


# Size cap, time cap, leftovers ------------------------------------------------------------------------


def test_sources_download_larger_than_the_pinned_file_is_stopped(isolated, tmp_path, mirror, serve, monkeypatch):
    big = tmp_path / "big_mirror"
    fill(big, mirror)
    with (big / ENGLISH).open("ab") as out:
        out.write(b" " * 20_000_000)
    server = serve(big)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    with pytest.raises(CorpusNotFound) as caught:
        locate.find_corpus()
    message = str(caught.value)
    assert ENGLISH in message and "larger than" in message and f"{locate.FILES['english']['size']:,}" in message
    assert not (isolated / ENGLISH).exists()
    assert leftovers(isolated) == []


class Endless(SimpleHTTPRequestHandler):
    """Answers with no length and bytes that never stop (until the client hangs up)."""

    def do_GET(self):
        self.send_response(200)
        self.end_headers()
        try:
            while True:
                self.wfile.write(b" " * 65536)
        except OSError:
            pass

    def log_message(self, *args):
        pass


class Trickle(Endless):
    """Answers at once, then a few bytes now and then: never silent long enough for the timeout."""

    def do_GET(self):
        self.send_response(200)
        self.end_headers()
        try:
            while True:
                self.wfile.write(b" " * 100)
                self.wfile.flush()
                time.sleep(0.05)
        except OSError:
            pass


@pytest.fixture
def handler_server():
    started = []

    def start(handler) -> str:
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=httpd.serve_forever, args=(0.02,), daemon=True).start()
        started.append(httpd)
        return f"http://127.0.0.1:{httpd.server_address[1]}/"

    yield start
    for httpd in started:
        httpd.shutdown()
        httpd.server_close()


def test_sources_endless_download_is_stopped_at_the_size_cap(isolated, handler_server, monkeypatch):
    monkeypatch.setenv(locate.ENV_URL, handler_server(Endless))
    with pytest.raises(CorpusNotFound, match="larger than"):
        locate.find_corpus()
    assert leftovers(isolated) == []


def test_sources_download_that_never_finishes_is_stopped_at_the_deadline(isolated, handler_server, monkeypatch):
    monkeypatch.setenv(locate.ENV_URL, handler_server(Trickle))
    monkeypatch.setattr(locate, "DEADLINE", 0.5)
    with pytest.raises(CorpusNotFound, match="took longer than"):
        locate.find_corpus()
    assert leftovers(isolated) == []


def test_sources_part_files_left_by_a_killed_run_are_removed(isolated, mirror):
    fill(isolated, mirror)
    stale = isolated / f".{ENGLISH}.k1ll3d.part"
    fresh = isolated / f".{GREEK}.busy42.part"
    stale.write_bytes(b"half a file")
    fresh.write_bytes(b"another kernel downloading now")
    old = time.time() - 2 * locate.STALE_PART
    os.utime(stale, (old, old))
    assert locate.find_corpus(download=False) == isolated
    assert not stale.exists()
    assert fresh.exists()


def test_sources_part_files_are_removed_before_a_download_too(isolated, mirror, serve, monkeypatch):
    isolated.mkdir(parents=True)
    stale = isolated / f".{ENGLISH}.k1ll3d.part"
    stale.write_bytes(b"half a file")
    old = time.time() - 2 * locate.STALE_PART
    os.utime(stale, (old, old))
    server = serve(mirror)
    monkeypatch.setenv(locate.ENV_URL, server.url)
    locate.find_corpus()
    assert leftovers(isolated) == []
