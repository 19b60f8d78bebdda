"""Fixtures for the real-browser tests: Debian's Chromium through Playwright, servers on loopback.

Without a Chromium these tests are skipped, unless ``PELOPONNESOS_REQUIRE_BROWSER=1`` (CI sets it),
in which case they fail. ``PELOPONNESOS_CHROMIUM`` points at a Chromium or Chrome binary.
"""

from __future__ import annotations

import os
import shutil

import pytest

from .servers import ARTIFACTS, copy_notebooks, start_lab, start_voila

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def find_chromium() -> str | None:
    candidates = [os.environ.get("PELOPONNESOS_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                  shutil.which("chromium-browser"), shutil.which("google-chrome"),
                  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"]
    return next((c for c in candidates if c and os.path.exists(c)), None)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        message = ("no Chromium found for the browser tests: install it (Debian/Ubuntu: apt install chromium) "
                   "or set PELOPONNESOS_CHROMIUM to a Chromium or Chrome binary")
        if os.environ.get("PELOPONNESOS_REQUIRE_BROWSER"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(90_000)
    yield pg
    context.close()


@pytest.fixture
def chromebook(browser):
    """A page the size of a school Chromebook's screen (1366 x 768) that keeps the addresses it asked for."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(90_000)
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.requests = requests
    yield page
    context.close()


@pytest.fixture(scope="session")
def lab(tmp_path_factory, chromium_path):
    server = start_lab(copy_notebooks(tmp_path_factory.mktemp("lab")))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila(tmp_path_factory, chromium_path):
    server = start_voila(copy_notebooks(tmp_path_factory.mktemp("voila")))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
