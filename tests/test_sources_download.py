"""Finding, downloading and caching the corpus. Never touches the internet: a loopback server or file://."""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import socket
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import platformdirs
import pytest

from peloponnesos.sources import Corpus, CorpusNotFound, locate

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


class Server:
    """A loopback HTTP server over a folder that records the paths requested."""

    def __init__(self, folder: Path) -> None:
        self.requests: list[str] = []
        server = self

        class Handler(SimpleHTTPRequestHandler):
            def do_GET(self):
                server.requests.append(self.path)
                super().do_GET()

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.02,), daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def serve():
    servers: list[Server] = []

    def start(folder: Path) -> Server:
        servers.append(Server(folder))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


def closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/"


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch) -> Path:
    """No corpus in the environment, a private cache, and a download base that goes nowhere by default."""
    monkeypatch.delenv(locate.ENV_CORPUS, raising=False)
    monkeypatch.setenv(locate.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.setenv(locate.ENV_URL, closed_port_url())
    monkeypatch.setattr(locate, "BASE_URL", None)
    return tmp_path / "cache" / "thucydides"


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
