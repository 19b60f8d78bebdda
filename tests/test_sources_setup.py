"""Setting up a classroom computer: ``python -m peloponnesos.setup_lab`` and ``make venv`` / ``make lab``.

No internet: the download goes to a closed loopback port or a local folder given as a file:// URL.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from peloponnesos import setup_lab
from peloponnesos.sources import corpus, locate

ROOT = Path(__file__).resolve().parents[1]
_ENV = os.environ.get("PELOPONNESOS_CORPUS")
CORPUS_DIR = Path(_ENV).resolve() if _ENV else ROOT.parent / "shared/corpus/thucydides"


def closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/"


@pytest.fixture(autouse=True)
def offline(tmp_path, monkeypatch):
    """No corpus configured, an empty private cache, and a download address where nobody answers."""
    monkeypatch.delenv(locate.ENV_CORPUS, raising=False)
    monkeypatch.setenv(locate.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.setenv(locate.ENV_URL, closed_port_url())
    locate.forget_failures()
    corpus.cache_clear()
    yield tmp_path / "cache" / "thucydides"
    locate.forget_failures()
    corpus.cache_clear()


@pytest.fixture
def prefix(tmp_path) -> Path:
    return tmp_path / "env"


def lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def test_setup_lab_fetches_the_corpus_first_then_writes_the_settings(offline, prefix, capsys, monkeypatch):
    monkeypatch.setenv(locate.ENV_URL, CORPUS_DIR.as_uri())
    setup_lab.main(prefix=prefix)
    out = lines(capsys.readouterr().out)
    assert out[0].startswith("Thucydides corpus ready") and str(offline) in out[0]
    assert out[1].startswith("JupyterLab settings written")
    settings = json.loads((prefix / "share/jupyter/lab/settings/overrides.json").read_text())
    assert settings["@jupyterlab/apputils-extension:notification"]["checkForUpdates"] is False
    assert settings["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]["markdown"] == "Markdown Preview"


def test_setup_lab_offline_says_so_in_plain_words_and_still_writes_the_settings(offline, prefix, capsys):
    setup_lab.main(prefix=prefix)
    captured = capsys.readouterr()
    out = lines(captured.out)
    assert "not on this computer yet" in out[0] and "tries again" in out[0]
    assert any(line.startswith("JupyterLab settings written") for line in out)
    assert "Traceback" not in captured.out + captured.err


@pytest.mark.parametrize("blocker", ["file", "bad-json", "not-a-table"])
def test_setup_lab_carries_on_when_it_cannot_write_the_settings(offline, prefix, capsys, monkeypatch, blocker):
    monkeypatch.setenv(locate.ENV_URL, CORPUS_DIR.as_uri())
    settings = prefix / "share/jupyter/lab/settings/overrides.json"
    if blocker == "file":  # a read-only prefix, as root cannot be stopped by permissions: a file in the way
        prefix.mkdir(parents=True)
        (prefix / "share").write_text("not a folder")
    else:
        settings.parent.mkdir(parents=True)
        settings.write_text("{oops" if blocker == "bad-json" else "[1, 2]")
    before = settings.read_text() if settings.is_file() else None
    setup_lab.main(prefix=prefix)  # does not raise
    out = lines(capsys.readouterr().out)
    assert out[0].startswith("Thucydides corpus ready")
    notes = [line for line in out if "JupyterLab settings" in line]
    assert len(notes) == 1 and "could not write" in notes[0] and "carrying on" in notes[0]
    assert (settings.read_text() if settings.is_file() else None) == before


def test_setup_lab_main_runs_as_a_module_and_exits_zero_offline(offline, tmp_path):
    env = {**os.environ, "PELOPONNESOS_CACHE_DIR": str(tmp_path / "cache"), "PELOPONNESOS_CORPUS_URL":
           closed_port_url()}
    env.pop("PELOPONNESOS_CORPUS", None)
    done = subprocess.run([os.sys.executable, "-m", "peloponnesos.setup_lab"], env=env, capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "not on this computer yet" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


# make venv / make lab: install once, check the corpus every time ---------------------------------------


def make_dry_run(target: str, venv: Path) -> str:
    done = subprocess.run(["make", "-n", "-C", str(ROOT), f"VENV={venv}", target], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
@pytest.mark.parametrize("target", ["venv", "lab"])
def test_make_checks_the_corpus_on_every_run_but_installs_packages_once(tmp_path, target):
    venv = tmp_path / "venv"
    first = make_dry_run(target, venv)
    assert "pip install" in first and "peloponnesos.setup_lab" in first
    (venv / "bin").mkdir(parents=True)
    (venv / ".installed").touch()  # installed: newer than pyproject.toml
    later = make_dry_run(target, venv)
    assert "pip install" not in later
    assert "peloponnesos.setup_lab" in later
