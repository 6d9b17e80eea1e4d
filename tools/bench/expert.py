"""The expert bot's decision time in the browser, desktop and on a phone-class CPU.

    .venv/bin/python tools/bench/expert.py [--games 2] [--game ruthless] [--throttle 4] [--level hard]

For each game, bot-only games with an expert in every seat are played on the built site in
headless Chromium, once at full speed and once with the CPU slowed `--throttle` times (the
DevTools throttling that stands for a phone). Printed per game and speed: decisions, p50 and
p95 of a decision's time from the first slice of thinking to its move (budget: 300 ms at p95),
how many of the searches their clock cut short before all their trials, the median number of
trials a search made, how many of the decisions a game solves itself (Tavern Tussle's round
ends) were solved before the clock, the p95 of a decided move's playing and drawing (done in a
turn of the page of its own), and the longest gap between two animation frames while the bots
played (the page must keep answering).
A measurement to read, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tools" / "bench"))
import chromium  # type: ignore[import-not-found]  # noqa: E402
import serve as local_server  # type: ignore[import-not-found]  # noqa: E402
from figures import pct  # type: ignore[import-not-found]  # noqa: E402

from tabletown import games  # noqa: E402

GAMES = [g for g in games.ready_ids() if "expert" in games.load(g).SPEC.bots]
BUDGET_MS = 300.0

# The longest gap between animation frames since the last reset: a page that answers draws
# every frame or two, even while a bot thinks.
FRAME_WATCH = """() => {
  window.benchGap = 0;
  if (window.benchWatching) return;
  window.benchWatching = true;
  let last = performance.now();
  const tick = (now) => { window.benchGap = Math.max(window.benchGap, now - last); last = now; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}"""


def play(page, game: str, seed: int, budget_s: int, level: str = "expert") -> float:
    """One bot-only game played to its end; the longest gap between frames while it was played."""
    seats = ",".join([f"bot:{level}"] * 2)
    page.evaluate(f"location.hash = '#new/{game}?seats={seats}&seed={seed}'")
    page.wait_for_selector("#board", timeout=budget_s * 1000)
    page.evaluate("window.benchGap = 0")  # opening the game is measured elsewhere (tools/bench/load.py)
    page.wait_for_selector("#board[data-game-over]", timeout=budget_s * 1000)
    return page.evaluate("window.benchGap")


def measure(browser, base: str, game: str, n_games: int, throttle: float,
            level: str = "expert") -> tuple[list[float], list[int], list[int], list[float], float]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    page.goto(base + "?botpause=0#")
    page.wait_for_selector("html.ready", timeout=120_000)
    if throttle > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.evaluate(FRAME_WATCH)
    gap = 0.0
    for seed in range(1, n_games + 1):
        gap = max(gap, play(page, game, seed, budget_s=1800, level=level))
    times = page.evaluate("Array.from(window.tabletownStats.bots)")
    trials = page.evaluate("Array.from(window.tabletownStats.searchTrials)")
    solved = page.evaluate("Array.from(window.tabletownStats.solved)")
    drawn = page.evaluate("Array.from(window.tabletownStats.botMoves)")
    ctx.close()
    return times, trials, solved, drawn, gap


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--game", action="append", help="one game (repeatable); all five by default")
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--level", default="expert", help="another level, to compare its frame gaps")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = local_server.serve(str(ROOT / "dist"))
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"{'game':24} {'cpu':>5} {'moves':>6} {'p50 ms':>8} {'p95 ms':>8} {'cut':>6} {'trials p50':>10} {'solved':>9} {'drawn p95':>10} {'frame gap':>10}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        for game in args.game or GAMES:
            full = games.load(game).BOTS["expert"].trials
            for throttle in (1.0, args.throttle):
                times, trials, solved, drawn, gap = measure(browser, base, game, args.games, throttle, args.level)
                cut = sum(1 for t in trials if t < full) / max(1, len(trials))
                in_time = f"{sum(solved)}/{len(solved)}" if solved else "-"
                print(f"{game:24} {f'{throttle:g}x':>5} {len(times):6d} {pct(times, 50):8.1f} {pct(times, 95):8.1f}"
                      f" {100 * cut:5.0f}% {pct(trials, 50):10.0f} {in_time:>9} {pct(drawn, 95):7.0f} ms {gap:7.0f} ms")
        browser.close()
    server.shutdown()
    print(f"budget: p95 within {BUDGET_MS:.0f} ms at {args.throttle:g}x; 'cut': searches stopped by their clock")


if __name__ == "__main__":
    main()
