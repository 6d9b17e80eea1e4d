"""End-to-end fixtures: the page served from this checkout, one headless Chromium.

The browser is Debian's Chromium (no browser download); every test gets a fresh
context (its own localStorage and service worker) unless it asks otherwise. Any
request to another origin fails the test: the page must be self-contained.
"""

from __future__ import annotations

import functools
import sys
import threading
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import chromium  # type: ignore[import-not-found]  # noqa: E402

BOOT_TIMEOUT = 90_000


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    from serve import Handler, Server  # type: ignore[import-not-found]

    missing = [p for p in ("static/vendor/pyodide/pyodide.asm.wasm", "static/gen/tabletown.zip", "sw.js") if not (ROOT / p).exists()]
    if missing:
        pytest.fail("The page is not built (missing " + ", ".join(missing) + "): run `make app` first.")
    server = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(ROOT)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        yield browser
        browser.close()


class Guard:
    """Collects requests to other origins and uncaught page errors."""

    def __init__(self, base: str):
        self.base = base
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def watch(self, page) -> None:
        page.on("request", self._on_request)
        page.on("pageerror", lambda err: self.errors.append(str(err)))

    def _on_request(self, request) -> None:
        url = request.url
        if not (url.startswith(self.base) or url.startswith("data:") or url.startswith("blob:")):
            self.foreign.append(url)


@pytest.fixture
def context(browser, base_url):
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    guard = Guard(base_url)
    ctx.on("page", guard.watch)
    ctx.guard = guard  # type: ignore[attr-defined]
    yield ctx
    ctx.close()
    assert guard.foreign == [], f"the page requested other origins: {guard.foreign[:5]}"
    assert guard.errors == [], f"uncaught errors on the page: {guard.errors[:3]}"


@pytest.fixture
def page(context):
    return context.new_page()
