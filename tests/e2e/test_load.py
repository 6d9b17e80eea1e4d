"""Loading as a player on a real connection meets it: something to see at once, each file
fetched once, a game chosen before Python is ready, hostile addresses, hot-seat secrets,
and a new version offered without taking over an open page."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .conftest import check_guard, guarded_context
from .helpers import BOOT_TIMEOUT, FAST, is_over, open_page, play_to_end, take_turn, wait_for_humans

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from serve import Handler  # type: ignore[import-not-found]  # noqa: E402

WATCH = """
window.__shifts = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts += e.value;
}).observe({type: "layout-shift", buffered: true});
document.addEventListener("DOMContentLoaded", () => {
  const picker = document.querySelector(".games");
  window.__pickerBeforeReady = !!picker && picker.getBoundingClientRect().height > 0 &&
    !document.documentElement.classList.contains("ready");
  // What the first frame shows (the saved games drawn by static/boot.js, before Python).
  requestAnimationFrame(() => {
    const rows = document.getElementById("save-rows");
    window.__firstFrame = {rows: rows ? rows.innerText : null,
                           ready: document.documentElement.classList.contains("ready")};
  });
});
"""


def precached(page) -> list[str]:
    return page.evaluate(
        """async () => {
            const names = (await caches.keys()).filter((n) => n.startsWith("tabletown-") && n !== "tabletown-versions");
            const cache = await caches.open(names[0]);
            return (await cache.keys()).map((r) => new URL(r.url).pathname);
        }"""
    )


def test_a_first_visit_fetches_each_file_once_and_shows_the_picker_before_python(browser, base_url):
    ctx = guarded_context(browser, base_url)
    ctx.add_init_script(WATCH)
    Handler.count.clear()
    try:
        page = ctx.new_page()
        page.goto(base_url)
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        assert page.evaluate("window.__pickerBeforeReady") is True
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")  # installed: everything precached
        cached = precached(page)
        sent = dict(Handler.count)
        twice = {path: n for path, n in sent.items() if n > 1}
        assert twice == {}, f"fetched more than once: {twice}"
        # The worker kept every game (offline play) and took the rest from what the page fetched.
        assert any(p.startswith("/assets/games/tumble_town.") for p in cached)
        assert set(sent) - {"/sw.js"} <= set(cached) | {"/"}
        assert page.evaluate("window.__shifts") == 0
    finally:
        ctx.close()
    check_guard(ctx)


def test_the_runtime_arrives_compressed(page, base_url):
    sizes = {}

    def seen(response):
        if response.url.endswith(".wasm"):
            sizes["encoding"] = response.headers.get("content-encoding")
            sizes["length"] = int(response.headers.get("content-length", "0"))

    page.on("response", seen)
    open_page(page, base_url)
    assert sizes["encoding"] == "br" and sizes["length"] < 4_000_000


def test_choosing_a_game_before_python_is_ready_shows_the_bar_and_goes_on_into_it(page, base_url):
    # Hold the runtime back until the player has chosen, so the choice surely comes before Python.
    held = []
    page.route("**/*.wasm", lambda route: held.append(route))
    page.goto(base_url)
    page.wait_for_selector(".games a[href='#setup/tumble-town']")
    page.click(".games a[href='#setup/tumble-town']")
    loading = page.locator("#loading")
    loading.wait_for(state="visible")  # the hash changes (and the bar appears) a moment after the click
    assert "Opening Tumble Town" in page.locator("#loading-text").inner_text()
    assert page.locator(".games").is_hidden()
    assert page.locator("html.ready").count() == 0
    for route in held:
        route.continue_()
    page.unroute("**/*.wasm")
    page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
    page.wait_for_selector("#setup-form[data-game='tumble-town']")
    assert page.locator("#loading").count() == 0


def test_saved_games_are_in_the_list_before_the_page_can_first_paint_it(browser, base_url):
    # A browser paints the parsed page while PyScript's module still loads (DOMContentLoaded
    # waits for it); on a slow device the list must not be painted empty and then grow,
    # pushing everything below it down. Hold the module back to make that moment last
    # (with no service worker, which would answer before the test's hold could).
    ctx = guarded_context(browser, base_url, service_workers="block")
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&names=Ann,Bo&seed=3")
        take_turn(page)
        wait_for_humans(page)
        held = []
        page.route("**/start.*.mjs", lambda route: held.append(route))
        page.goto(base_url + "#", wait_until="commit")
        page.wait_for_selector("#save-notes", state="attached")
        assert page.evaluate("document.readyState") != "complete"
        assert held, "PyScript's start module was not held back"
        assert "Ann, Bo" in page.locator("#save-rows").inner_text()
        for route in held:
            route.continue_()
        page.unroute("**/start.*.mjs")
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
    finally:
        ctx.close()
    check_guard(ctx)


def test_saved_games_are_listed_before_python_and_nothing_moves_when_it_takes_over(browser, base_url):
    ctx = guarded_context(browser, base_url)
    ctx.add_init_script(WATCH)
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&names=Ann,Bo&seed=3")
        take_turn(page)
        wait_for_humans(page)
        # A save as the game kit writes it (schema 3, with its summary): plain JavaScript can list it.
        page.evaluate(
            """() => {
                const key = Object.keys(localStorage).find((k) => k.startsWith("tabletown:save:"));
                const entry = JSON.parse(localStorage.getItem(key));
                entry.schema = 3;
                entry.summary = {game: "tavern-tussle", title: "Tavern Tussle", names: ["Ann", "Bo"],
                                 moves: entry.record.log.length, status: ""};
                localStorage.setItem(key, JSON.stringify(entry));
            }"""
        )
        page.goto(base_url + "#")
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        first = page.evaluate("window.__firstFrame")
        assert first["ready"] is False and "Ann, Bo" in first["rows"]
        assert page.locator("#save-rows").inner_text() == first["rows"]
        assert page.evaluate("window.__shifts") == 0
    finally:
        ctx.close()
    check_guard(ctx)


def test_hostile_query_values_never_stop_the_page(page, base_url):
    for query in ("?botpause=²", "?botpause=" + "9" * 1000, "?botpause=%F0%9F%8E%B2"):
        page.goto(base_url + query + "#new/tavern-tussle?seats=human,bot&seed=2")
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        page.wait_for_selector("#board svg")
    for fragment in ("#setup/%C2%B2", "#game/" + "x" * 5000, "#play=1." + "A" * 50_000):
        page.goto(base_url + FAST + fragment)
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        page.locator("[role=alert]").wait_for()
        assert page.locator(".games").count() == 1


def test_behind_the_handoff_screen_the_page_is_inert_and_undo_is_off(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,human&names=Ann,Bob&seed=5")
    assert take_turn(page) == "handoff"  # Ann takes the device
    while page.locator("#handoff:not([hidden])").count() == 0:
        assert take_turn(page) == "move"  # Ann picks face down until Bob must choose
    assert "Bob" in page.locator("#handoff").inner_text()
    assert page.evaluate("document.getElementById('undo').closest('[inert]') !== null")
    assert page.evaluate("document.querySelector('header').inert")
    # Tab never leaves the hand-off card: no way to reach Undo or the board from behind it.
    for _ in range(12):
        page.keyboard.press("Tab")
        assert page.evaluate("!!document.activeElement.closest('#handoff') || document.activeElement === document.body")
    page.click("#handoff [data-action=handoff]")
    # Bob holds the device: Undo would take back Ann's hidden pick, so it stays off.
    assert page.locator("#undo").is_disabled()
    assert page.evaluate("document.getElementById('undo').closest('[inert]') === null")


def test_the_share_box_of_a_game_with_secrets_warns_until_the_game_is_over(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&seed=6")
    wait_for_humans(page)
    page.click("#share")
    note = page.locator("#share-note").inner_text()
    assert "Whoever opens this link can work out every hidden card" in note
    play_to_end(page)
    page.click("#share")
    assert "safe to share" in page.locator("#share-note").inner_text()
    assert is_over(page)


def test_a_new_version_waits_for_the_next_load_and_is_offered(browser, base_url):
    sw = ROOT / "dist" / "sw.js"
    original = sw.read_text()
    packed = {p: p.read_bytes() for p in (sw.with_name("sw.js.br"), sw.with_name("sw.js.gz")) if p.exists()}
    ctx = guarded_context(browser, base_url)
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#")
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.reload()
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        first = page.evaluate("navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL")
        assert first and page.locator("#update").is_hidden()
        # A new build appears on the host while the page is open.
        for path in packed:
            path.unlink()
        sw.write_text(original.replace('const VERSION = "', 'const VERSION = "next-', 1))
        page.evaluate("async () => { const r = await navigator.serviceWorker.getRegistration(); await r.update(); }")
        page.locator("#update").wait_for(timeout=60_000)
        assert "A new version of Tabletown is ready" in page.locator("#update").inner_text()
        # Until asked, the open page keeps its own version.
        waiting = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)")
        assert waiting is True
        with page.expect_navigation(timeout=60_000):
            page.click("#update-reload")
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        names = page.evaluate("caches.keys()")
        assert any("next-" in n for n in names)
    finally:
        sw.write_text(original)
        for path, data in packed.items():
            path.write_bytes(data)
        ctx.close()
    check_guard(ctx)


def test_a_game_played_after_the_page_is_offline_loads_its_files_from_the_cache(browser, base_url):
    ctx = guarded_context(browser, base_url)
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#")
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        ctx.set_offline(True)
        page.goto(base_url + FAST + "#new/tumble-town?seats=human,bot&seed=2")
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        page.wait_for_selector("#board svg")
        record = json.loads(page.evaluate(
            "localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('tabletown:save:')))"
        ))
        assert record["record"]["game"] == "tumble-town"
    finally:
        ctx.close()
