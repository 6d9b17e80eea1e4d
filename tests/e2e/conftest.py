"""End-to-end fixtures: the built site (dist/) served as a host serves it, one headless Chromium.

The browser is Debian's Chromium (no browser download); every test gets a fresh
context (its own localStorage and service worker) unless it asks otherwise. Any
request to another origin, any uncaught page error and any Content-Security-Policy
violation fails the test: the page must be self-contained and run under its policy.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import chromium  # type: ignore[import-not-found]  # noqa: E402

BOOT_TIMEOUT = 90_000
ACTION_TIMEOUT = 90_000


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    from serve import serve  # type: ignore[import-not-found]

    missing = [p for p in ("dist/index.html", "dist/sw.js", "dist/pyscript.toml") if not (ROOT / p).exists()]
    if missing:
        pytest.fail("The page is not built (missing " + ", ".join(missing) + "): run `make dist` first.")
    server = serve(str(ROOT / "dist"))
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        yield browser
        browser.close()


# Every page reports Content-Security-Policy violations to the test (a console line
# that the guard collects), so the suite fails on any of them.
CSP_REPORTER = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error("CSP violation: " + e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber);
});
"""


class Guard:
    """Collects requests to other origins, uncaught page errors and CSP violations."""

    def __init__(self, base: str):
        self.base = base
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.csp: list[str] = []

    def watch(self, page) -> None:
        page.on("request", self._on_request)
        page.on("pageerror", lambda err: self.errors.append(str(err)))
        page.on("console", self._on_console)

    def _on_console(self, message) -> None:
        if message.text.startswith("CSP violation") or "Content Security Policy" in message.text:
            self.csp.append(message.text)

    def _on_request(self, request) -> None:
        url = request.url
        if not (url.startswith(self.base) or url.startswith("data:") or url.startswith("blob:")):
            self.foreign.append(url)


@pytest.fixture
def context(browser, base_url):
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    # While Pyodide starts, the page's main thread can be busy for long stretches on a loaded
    # machine, and every check Playwright makes runs on that thread: wait patiently.
    ctx.set_default_timeout(ACTION_TIMEOUT)
    ctx.add_init_script(CSP_REPORTER)
    guard = Guard(base_url)
    ctx.on("page", guard.watch)
    ctx.guard = guard  # type: ignore[attr-defined]
    yield ctx
    ctx.close()
    assert guard.foreign == [], f"the page requested other origins: {guard.foreign[:5]}"
    assert guard.errors == [], f"uncaught errors on the page: {guard.errors[:3]}"
    assert guard.csp == [], f"Content-Security-Policy violations: {guard.csp[:3]}"


def guarded_context(browser, base_url: str, **options):
    """A context with the same guards as the `context` fixture (call `check_guard` at the end)."""
    ctx = browser.new_context(**options)
    ctx.set_default_timeout(ACTION_TIMEOUT)
    ctx.add_init_script(CSP_REPORTER)
    guard = Guard(base_url)
    ctx.on("page", guard.watch)
    ctx.guard = guard  # type: ignore[attr-defined]
    return ctx


def check_guard(ctx) -> None:
    guard = ctx.guard
    assert guard.foreign == [], f"the page requested other origins: {guard.foreign[:5]}"
    assert guard.errors == [], f"uncaught errors on the page: {guard.errors[:3]}"
    assert guard.csp == [], f"Content-Security-Policy violations: {guard.csp[:3]}"


@pytest.fixture
def page(context):
    return context.new_page()
