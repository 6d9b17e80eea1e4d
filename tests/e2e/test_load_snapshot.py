"""A returning visitor's start: from a memory snapshot of the interpreter with the page's Python
already imported (static/pyodide.mjs), kept in Cache Storage under the build's hash. The snapshot
is made by a worker once the page is ready and the service worker keeps the site (from the end
of a first visit on), so the page that makes it starts as any other. A damaged snapshot means a
normal start (and a fresh snapshot), never a broken page; with the service worker blocked
nothing is stored and the page starts as on a first visit."""

from __future__ import annotations

from .conftest import check_guard, guarded_context
from .helpers import BOOT_TIMEOUT, FAST, open_page

MARKS = "performance.getEntriesByType('mark').map((m) => m.name).filter((n) => n.startsWith('tabletown:'))"
STORED = """async () => {
  const store = await caches.open("tabletown.snapshot");
  const keys = await store.keys();
  const sizes = [];
  for (const key of keys) sizes.push((await (await store.match(key)).arrayBuffer()).byteLength);
  return keys.map((k, i) => [new URL(k.url).pathname, sizes[i]]);
}"""

# The worker that makes the snapshot starts after the page is ready, so the start never waits for it.
MADE_AFTER_READY = "performance.getEntriesByName('tabletown:snapshot-make')[0].startTime >= window.readyAt"


def reload(page) -> list[str]:
    page.reload()
    page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
    return page.evaluate(MARKS)


def wait_for_snapshot(page) -> list:
    """The snapshot is made after the page is ready; wait until it is stored."""
    page.wait_for_function("() => performance.getEntriesByName('tabletown:snapshot-made').length > 0",
                           timeout=BOOT_TIMEOUT)
    return page.evaluate(STORED)


def test_a_returning_visitor_starts_from_a_snapshot_and_every_game_still_opens(browser, base_url):
    ctx = guarded_context(browser, base_url)
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#")
        # A first visit starts without one, and makes it once the page is ready and the service
        # worker has kept the site.
        assert page.evaluate(MARKS) in ([], ["tabletown:snapshot-make"])
        [(name, size)] = wait_for_snapshot(page)
        assert page.evaluate(MARKS) == ["tabletown:snapshot-make", "tabletown:snapshot-made"]
        assert page.evaluate(MADE_AFTER_READY) is True
        assert page.locator("#pick-h").is_visible()
        assert name.startswith("/assets/pyodide.") and name.endswith(".mjs.snapshot")
        assert size > 1_000_000
        assert reload(page) == ["tabletown:snapshot-restore", "tabletown:snapshot-restored"]
        # Modules the start did not import come from the boot zip, unpacked again, and a game's own zip.
        page.goto(base_url + FAST + "#new/tumble-town?seats=human,bot&seed=2")
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        assert page.evaluate(MARKS) == ["tabletown:snapshot-restore", "tabletown:snapshot-restored"]
        page.wait_for_selector("#board svg")
        page.goto(base_url + FAST + "#rules/ruthless")
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        page.wait_for_selector("#rules-h")
        assert "Ruthless" in page.locator("#rules-h").inner_text()
    finally:
        ctx.close()
    check_guard(ctx)


def test_a_damaged_snapshot_means_a_normal_start_and_a_new_snapshot(browser, base_url):
    ctx = guarded_context(browser, base_url)
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#")
        [(name, _)] = wait_for_snapshot(page)
        page.evaluate("""async (name) => {
          const store = await caches.open("tabletown.snapshot");
          await store.put(name, new Response(new Uint8Array(4096).fill(7)));
        }""", name)
        # Refused, then the plain start; a new snapshot is made once the page is ready.
        assert reload(page)[:1] == ["tabletown:snapshot-restore"]
        assert "tabletown:snapshot-restored" not in page.evaluate(MARKS)
        assert page.locator("#pick-h").is_visible()
        assert [size > 1_000_000 for _, size in wait_for_snapshot(page)] == [True]
        assert page.evaluate(MADE_AFTER_READY) is True
        assert reload(page) == ["tabletown:snapshot-restore", "tabletown:snapshot-restored"]
        assert page.locator("#pick-h").is_visible()
    finally:
        ctx.close()
    check_guard(ctx)


def test_with_the_service_worker_blocked_nothing_is_stored(browser, base_url):
    ctx = guarded_context(browser, base_url, service_workers="block")
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#")
        assert reload(page) == []
        page.wait_for_timeout(3000)  # past the moment a snapshot would be made
        assert page.evaluate(MARKS) == []
        assert page.evaluate(STORED) == []
        assert page.locator("#pick-h").is_visible()
    finally:
        ctx.close()
    check_guard(ctx)
