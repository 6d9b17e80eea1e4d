"""Driving the page the way a player does: click `data-action` elements."""

from __future__ import annotations

import time
from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

BOOT_TIMEOUT = 90_000
FAST = "?botpause=20"


def open_page(page, base_url: str, fragment: str = "", fast: bool = True) -> None:
    page.goto(base_url + (FAST if fast else "") + fragment)
    page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)


def log_lines(page) -> list[str]:
    return page.locator("#log li:not(.muted)").all_inner_texts()


def is_over(page) -> bool:
    return page.locator("#board[data-game-over]").count() > 0


def take_turn(page, choose=0) -> str:
    """Do one thing the page offers: pass a hand-off screen or click a board action.

    Returns "handoff", "move" or "wait" (bots are thinking).
    """
    handoff = page.locator("#handoff:not([hidden]) [data-action=handoff]")
    if handoff.count():
        handoff.click()
        return "handoff"
    actions = page.locator("#board [data-action]")
    count = actions.count()
    if count:
        before = len(log_lines(page))
        pick = choose(count) if callable(choose) else min(choose, count - 1)
        actions.nth(pick).click()
        return "move" if before != -1 else "move"
    time.sleep(0.05)
    return "wait"


def play_to_end(page, choose=0, max_steps=3000, on_step=None) -> dict[str, int]:
    """Click through the game until the board says it is over; returns what was done."""
    done = {"handoff": 0, "move": 0, "wait": 0}
    for _ in range(max_steps):
        if is_over(page):
            return done
        what = take_turn(page, choose)
        done[what] += 1
        if on_step is not None:
            on_step(what)
    raise AssertionError(f"the game did not end: {done}")


def run_axe(page) -> list:
    """axe-core's serious and critical accessibility violations on the current page."""
    # Evaluated through the devtools protocol: the page's CSP rightly refuses an inline script tag.
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text() + "\n;undefined")
    result = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in result
        if v["impact"] in ("serious", "critical")
    ]


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def middle(n: int) -> int:
    return n // 2


def last(n: int) -> int:
    return n - 1


def wait_for_humans(page) -> None:
    """Wait until no bot is thinking: the page is asking a human (or the game is over)."""
    # A function, not an expression string: Playwright evaluates a string with eval, which the page's CSP refuses.
    page.wait_for_function("() => !document.querySelector('#status').textContent.includes('thinking')")


def reload_and_check(page) -> None:
    wait_for_humans(page)
    lines = log_lines(page)
    url = page.url
    page.reload()
    page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
    assert page.url == url
    assert log_lines(page) == lines


def share_and_open(browser, page, also=None) -> None:
    """Share the game, open the link in a fresh browser, and check it is at the same point.

    `also(other_page)` may check more while the fresh page is open.
    """
    wait_for_humans(page)
    page.click("#share")
    link = page.locator("#share-link").get_attribute("href")
    assert "#play=1." in link and link == page.locator("#share-link").inner_text()
    lines = log_lines(page)
    fresh = browser.new_context()
    try:
        other = fresh.new_page()
        other.goto(link.replace("#play", FAST + "#play"))
        other.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        other.wait_for_selector("#board svg")
        assert log_lines(other) == lines
        assert other.locator("#status").inner_text() == page.locator("#status").inner_text()
        if also is not None:
            also(other)
    finally:
        fresh.close()


def check_phone_and_axe(browser, base_url: str, fragment: str, moves: int = 6) -> None:
    """A few moves into a game at 390 px: no sideways scrolling, no serious axe violation."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        open_page(page, base_url, fragment)
        for _ in range(moves):
            take_turn(page, middle)
        wait_for_humans(page)
        assert page_width(page) <= 390
        assert run_axe(page) == []
    finally:
        ctx.close()
