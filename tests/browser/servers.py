"""JupyterLab and Voilà servers on 127.0.0.1 for the browser tests, each on a copy of the notebooks."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"

# Lab settings for a test: no autosave (a long test must not write outputs into notebooks), no news
# pop-up over the page, and every cell rendered even when off-screen.
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                       "checkForUpdates": False},
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def copy_notebooks(target: Path) -> Path:
    """Copy the notebooks (``PELOPONNESOS_TEST_NOTEBOOKS`` may name another folder) into ``target``."""
    source = Path(os.environ.get("PELOPONNESOS_TEST_NOTEBOOKS", ROOT / "notebooks"))
    shutil.copytree(source, target / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints", "saved_games"))
    return target


def _wait_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"server not ready after {timeout} s:\n{log.read_text(errors='replace')[-3000:]}")


class Server:
    def __init__(self, proc: subprocess.Popen, url: str, root: Path, log: Path) -> None:
        self.proc, self.url, self.root, self.log = proc, url, root, log

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def _env(root: Path) -> dict:
    env = dict(os.environ)
    env.update({
        "JUPYTERLAB_SETTINGS_DIR": str(root / "lab-settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(root / "lab-workspaces"),
        "JUPYTER_RUNTIME_DIR": str(root / "runtime"),
        "PYTHONUNBUFFERED": "1",
    })
    for name, values in LAB_SETTINGS.items():
        path = root / "lab-settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    return env


def start_lab(root: Path) -> Server:
    port = free_port()
    log = root / "jupyterlab.log"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}",
           "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={root}",
           "--LabApp.extension_manager=readonly", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    proc = subprocess.Popen(cmd, env=_env(root), stdout=log.open("w"), stderr=subprocess.STDOUT, cwd=root)
    url = f"http://127.0.0.1:{port}"
    _wait_http(f"{url}/api/status", proc, log)
    return Server(proc, url, root, log)


def start_voila(root: Path) -> Server:
    """Voilà with the package's template (installed in a folder of the test, as ``setup_lab`` installs it in the
    environment): no request may leave the machine."""
    from peloponnesos.widgets.voila_template import NAME, install

    port = free_port()
    log = root / "voila.log"
    install(root / "prefix", default=False)
    env = _env(root)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(root / "prefix" / "share" / "jupyter"),
                                                        env.get("JUPYTER_PATH")]))
    cmd = [sys.executable, "-m", "voila", str(root / "notebooks"), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--show_tracebacks=True", f"--template={NAME}"]
    proc = subprocess.Popen(cmd, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT, cwd=root)
    url = f"http://127.0.0.1:{port}"
    _wait_http(f"{url}/voila/tree", proc, log)
    return Server(proc, url, root, log)
