"""Browser benchmarks for Tabletown's moves, in headless Chromium (Debian's), on the built site.

    .venv/bin/python tools/bench/browser.py [--games 20] [--game tavern-tussle] [--only-moves]

Loading (bytes, paint, ready cold and warm against a bare PyScript page, Lighthouse) is
measured by tools/bench/load.py. This prints:
  click   time from a click on a legal move to the next painted frame (p50, p95)
  bot     bot decision time, hard bot (p50, p95)
  memory  JS heap and wasm heap after 1 game and after N games in one page load

These are measurements to read, not pass/fail tests: the machine's load varies.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tools" / "bench"))
import chromium  # type: ignore[import-not-found]  # noqa: E402
import serve as local_server  # type: ignore[import-not-found]  # noqa: E402
from figures import pct  # type: ignore[import-not-found]  # noqa: E402

CLICK = """async () => {
  const el = document.querySelector('#board [data-action]');
  if (!el) return null;
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  await new Promise(r => requestAnimationFrame(() => r()));
  return performance.now() - t0;
}"""




def serve() -> tuple[object, str]:
    server = local_server.serve(str(ROOT / "dist"))
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def click_and_bot_times(browser, base: str, game: str, seats: str, games: int) -> tuple[list[float], list[float], list[float]]:
    clicks: list[float] = []
    inside: list[float] = []
    bots: list[float] = []
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(base + "?botpause=0#")
    page.wait_for_selector("html.ready", timeout=120_000)
    for seed in range(1, games + 1):
        page.evaluate(f"location.hash = '#new/{game}?seats={seats}&seed={seed}'")
        page.wait_for_selector("#board svg")
        for _ in range(2000):
            if page.locator("#board[data-game-over]").count():
                break
            took = page.evaluate(CLICK)
            if took is not None:
                clicks.append(took)
            else:
                page.wait_for_timeout(10)
        bots.extend(page.evaluate("Array.from(window.tabletownStats.bots)"))
        inside.extend(page.evaluate("Array.from(window.tabletownStats.clicks)"))
        page.evaluate("window.tabletownStats.bots.length = 0; window.tabletownStats.clicks.length = 0")
    ctx.close()
    return clicks, inside, bots


def memory_growth(browser, base: str, game: str, games: int) -> list[tuple[int, float, float, int]]:
    ctx = browser.new_context()
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    page.goto(base + "?botpause=0#")
    page.wait_for_selector("html.ready", timeout=120_000)
    samples = []
    for n in range(1, games + 1):
        page.evaluate(f"location.hash = '#new/{game}?seats=bot,bot,bot,bot&seed={n}'")
        page.wait_for_selector("#board[data-game-over]", timeout=120_000)
        page.evaluate("location.hash = '#'")
        page.wait_for_selector(".games")
        page.evaluate("window.gc && window.gc()")
        heap = cdp.send("Runtime.getHeapUsage")["usedSize"] / 1e6
        stats = page.evaluate("({wasm: window.tabletownStats.wasmBytes, objects: window.tabletownStats.pyObjects})")
        samples.append((n, heap, stats["wasm"] / 1e6, stats["objects"]))
    ctx.close()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--click-games", type=int, default=3)
    parser.add_argument("--game", default="tavern-tussle")
    parser.add_argument("--seats", default="human,bot:hard,bot:hard,bot:hard", help="seats for the click/bot games")
    parser.add_argument("--only-moves", action="store_true", help="measure clicks and bots only")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, base = serve()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        clicks, inside, bots = click_and_bot_times(browser, base, args.game, args.seats, args.click_games)
        print(f"click  {len(clicks)} clicks to next frame: p50 {pct(clicks, 50):.1f} ms, p95 {pct(clicks, 95):.1f} ms (goal: p95 within 50 ms)")
        print(f"click  of which Python (rules + render + innerHTML): p50 {pct(inside, 50):.1f} ms, p95 {pct(inside, 95):.1f} ms")
        print(f"bot    {len(bots)} hard-bot moves: p50 {pct(bots, 50):.1f} ms, p95 {pct(bots, 95):.1f} ms (goal: p95 within 300 ms)")
        if args.only_moves:
            browser.close()
            server.shutdown()
            return
        samples = memory_growth(browser, base, args.game, args.games)
        first, last = samples[0], samples[-1]
        print(f"memory after game 1: JS heap {first[1]:.1f} MB, wasm heap {first[2]:.1f} MB, Python objects {first[3]}")
        print(f"memory after game {last[0]}: JS heap {last[1]:.1f} MB, wasm heap {last[2]:.1f} MB, Python objects {last[3]}")
        print(f"memory growth over {last[0] - 1} games: JS {last[1] - first[1]:+.1f} MB, wasm {last[2] - first[2]:+.1f} MB (goal: within 20 MB)")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
