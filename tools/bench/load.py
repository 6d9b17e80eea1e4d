"""Load benchmark for Tabletown, side by side in one run, against the `make play` server
(tools/serve.py serving dist/: compressed copies, host headers) in Debian's headless Chromium.

    .venv/bin/python tools/bench/load.py [--runs 5] [--clicks 150] [--no-lighthouse] [--load-only] [--dist DIR]

Reports:
  wire       bytes over the wire and requests: a cold load (no service worker) and a first
             visit with the service worker (its precache included), counted by the server
  paint      first contentful paint (the picker, from the page's HTML), cold
  ready      time to `html.ready` cold, warm (from the service worker's cache and the start-up
             snapshot, which the first visit makes once ready) and for a bare PyScript page on
             the same runtime (alternating, same run), and the ratio
  parts      what the warm starts were made of, and a cold start beside the bare page's, from
             their performance marks
  open       time to open a game the first time (its zip fetched) and from the cache
  click      click -> board updated (next frame) p50/p95 per game
  lighthouse performance and accessibility scores, desktop and mobile (Lighthouse pinned in
             tools/bench/package.json; CHROME_PATH=/usr/bin/chromium)

Measurements to read, not pass/fail tests: the machine's load varies.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tools" / "bench"))
import chromium  # type: ignore[import-not-found]  # noqa: E402
from figures import pct  # type: ignore[import-not-found]  # noqa: E402
from serve import Handler, serve  # type: ignore[import-not-found]  # noqa: E402
from tables import GAMES  # type: ignore[import-not-found]  # noqa: E402  (every registered game)

CLICK_BOT_PAUSE_MS = 100
CLICK = """async () => {
  const el = document.querySelector('#board [data-action]');
  if (!el || document.querySelector('#handoff:not([hidden])')) return null;
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
}"""
FCP = "() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null"
# The parts of a start: PyScript's progress events, the start-up snapshot's marks
# (static/pyodide.mjs), when Pyodide's WebAssembly was compiled, and the page's own times.
PARTS_INIT = """
addEventListener('py:progress', (e) => performance.mark('py:' + e.detail));
document.addEventListener('py:ready', () => performance.mark('py:ready'), true);
const streaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = function (...args) {
  performance.mark('wasm: instantiateStreaming');
  const p = streaming.apply(this, args);
  p.then(() => performance.mark('wasm: instantiated'));
  return p;
};
"""
PARTS = """() => {
  const out = {};
  for (const m of performance.getEntriesByType('mark')) out[m.name] = m.startTime;
  const nav = performance.getEntriesByType('navigation')[0];
  out['page: DOMContentLoaded'] = nav.domContentLoadedEventEnd;
  out['main.py: runs'] = window.pyMainAt;
  out['main.py: page imported'] = window.pyImportedAt;
  out['html.ready'] = window.readyAt;
  return out;
}"""


# Whether this page's start-up snapshot business is over: restored from one, or made one.
SNAPSHOT_SETTLED = """() => ['tabletown:snapshot-restored', 'tabletown:snapshot-made']
  .some((name) => performance.getEntriesByName(name).length > 0)"""




def bare_page() -> None:
    """A bare PyScript page on the same runtime and plugin set, written into dist/bench/."""
    (runtime,) = [p.relative_to(DIST).as_posix() for p in (DIST / "assets").glob("runtime.*") if p.is_dir()]
    folder = DIST / "bench"
    folder.mkdir(exist_ok=True)
    (folder / "bare.toml").write_text(
        f'interpreter = "../{runtime}/pyodide/pyodide.mjs"\n'
        'plugins = ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]\n'
    )
    (folder / "bare.html").write_text(
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>Bare PyScript page</title>"
        f'<script type="module" src="../{runtime}/pyscript/core.js"></script></head><body>'
        "<mpy-config hidden>{\"plugins\": [\"!codemirror\", \"!deprecations-manager\", \"!donkey\", "
        "\"!py-editor\", \"!py-game\", \"!py-terminal\"]}</mpy-config>"
        '<script type="py" config="bare.toml">\nimport js\njs.document.documentElement.classList.add("ready")\n'
        "js.window.readyAt = js.performance.now()\n</script></body></html>"
    )


def visit(browser, url: str, service_worker: bool) -> dict:
    ctx = browser.new_context(service_workers="allow" if service_worker else "block")
    ctx.add_init_script(PARTS_INIT)
    page = ctx.new_page()
    Handler.count.clear()
    Handler.sent_bytes = 0
    page.goto(url)
    page.wait_for_selector("html.ready", timeout=180_000)
    out = {"ready": page.evaluate("window.readyAt"), "fcp": page.evaluate(FCP), "cold_parts": page.evaluate(PARTS)}
    if service_worker:
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.wait_for_timeout(300)
    out["bytes"] = Handler.sent_bytes
    out["requests"] = sum(Handler.count.values())
    if service_worker:
        page.wait_for_function(SNAPSHOT_SETTLED, timeout=180_000)  # the first visit makes the snapshot
        warm, parts = [], []
        for _ in range(3):
            page.goto(url)
            page.wait_for_selector("html.ready", timeout=180_000)
            warm.append(page.evaluate("window.readyAt"))
            parts.append(page.evaluate(PARTS))
            # A visitor stays the few seconds it takes a worker to make the start-up snapshot
            # (after the page is ready) when there is none: the next warm load starts from it.
            page.wait_for_function(SNAPSHOT_SETTLED, timeout=180_000)
        out["warm"] = warm
        out["parts"] = parts
    ctx.close()
    return out


def open_game(page, base: str, game: str, seats: str, query: str) -> float:
    """Open a game from the picker of a fresh page load; its opening time (ms), as the page measured it."""
    page.goto(base + query + "#")
    page.wait_for_selector("html.ready", timeout=180_000)
    page.evaluate(f"location.hash = '#new/{game}?seats={seats}&seed=1'")
    page.wait_for_selector("#board svg", timeout=60_000)
    opens = page.evaluate("Array.from(window.tabletownStats.opens)")
    return opens[0] if opens else float("nan")


def open_and_click(browser, base: str, game: str, seats: str, clicks: int) -> dict:
    # The first time: nothing cached (no service worker, a fresh HTTP cache).
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    # The bots wait longer than a frame (the page's default is 450 ms), so the frame after a
    # click shows the player's own move, as it does in play; a bot's move is not part of it.
    first = open_game(page, base, game, seats, f"?botpause={CLICK_BOT_PAUSE_MS}")
    times: list[float] = []
    seed = 1
    while len(times) < clicks:
        if page.locator("#board[data-game-over]").count():
            seed += 1
            page.evaluate(f"location.hash = '#new/{game}?seats={seats}&seed={seed}'")
            page.wait_for_selector("#board svg")
            continue
        took = page.evaluate(CLICK)
        if took is None:
            page.wait_for_timeout(5)
        else:
            times.append(took)
    inside = page.evaluate("Array.from(window.tabletownStats.clicks)")
    ctx.close()
    # From the cache: the service worker has precached every game; a later page load opens it.
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(base + "?botpause=0#")
    page.wait_for_selector("html.ready", timeout=180_000)
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    cached = open_game(page, base, game, seats, "?botpause=0&again=1")
    ctx.close()
    return {"first": first, "cached": cached, "clicks": times, "python": inside}


def lighthouse(url: str, preset: str) -> dict:
    binary = ROOT / "tools" / "bench" / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        return {"error": "Lighthouse is not installed: run `make bench` (it runs npm ci in tools/bench)"}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        args = [str(binary), url, "--output=json", f"--output-path={out}", "--quiet",
                "--only-categories=performance,accessibility", "--max-wait-for-load=240000",
                "--chrome-flags=--headless=new --no-sandbox --disable-gpu"]
        if preset == "desktop":
            args.append("--preset=desktop")
        env = dict(os.environ, CHROME_PATH=chromium.PATH)
        run = subprocess.run(args, env=env, capture_output=True, text=True, timeout=600)
        if run.returncode != 0 or not out.exists():
            lines = [ln for ln in (run.stderr or run.stdout).splitlines() if ln.strip() and not ln.lstrip().startswith("at ")]
            return {"error": " | ".join(lines[-4:])[:400]}
        report = json.loads(out.read_text())
    audits = report["audits"]
    return {
        "performance": round(100 * (report["categories"]["performance"]["score"] or 0)),
        "accessibility": round(100 * (report["categories"]["accessibility"]["score"] or 0)),
        "fcp": audits["first-contentful-paint"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "tbt": audits["total-blocking-time"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "tti": audits.get("interactive", {}).get("numericValue"),
    }


def report_load(cold: list[dict], first: list[dict], bare: list[dict], med) -> None:
    """Print the load figures: bytes, requests, paint, ready cold and warm, the parts of a warm start."""
    warm = [w for r in first for w in r["warm"]]
    print(f"wire   cold load: {med(cold, 'bytes') / 1e6:.2f} MB in {med(cold, 'requests'):.0f} requests "
          "(service worker blocked)")
    print(f"wire   first visit with the service worker: {med(first, 'bytes') / 1e6:.2f} MB in "
          f"{med(first, 'requests'):.0f} requests (goal: at most 7 MB)")
    print(f"paint  picker (first contentful paint), cold: median {med(cold, 'fcp'):.0f} ms "
          f"{sorted(round(r['fcp']) for r in cold)} (goal: at most 500 ms)")
    print(f"ready  cold: median {med(cold, 'ready'):.0f} ms {sorted(round(r['ready']) for r in cold)}")
    print(f"ready  warm (service worker cache): median {statistics.median(warm):.0f} ms "
          f"{sorted(round(w) for w in warm)} (goal: at most 1000 ms)")
    rows = [p for r in first for p in r["parts"]]
    from_snapshot = [p["html.ready"] for p in rows if "tabletown:snapshot-restored" in p]
    if from_snapshot:
        print(f"ready  warm from the start-up snapshot: median {statistics.median(from_snapshot):.0f} ms "
              f"{sorted(round(w) for w in from_snapshot)}")
    print("parts  of a warm start, median ms from navigation over the warm loads that start from a snapshot "
          "(any warm load that started without one, in brackets):")
    restored = [p for p in rows if "tabletown:snapshot-restore" in p] or rows
    making = [p for p in rows if "tabletown:snapshot-restore" not in p]
    for name in sorted(restored[-1], key=lambda k: restored[-1][k] or 0):
        values = [p[name] for p in restored if p.get(name) is not None]
        also = [p[name] for p in making if p.get(name) is not None]
        extra = f" [{statistics.median(also):.0f}]" if also else ""
        print(f"         {statistics.median(values):7.0f}{extra}  {name}")
    print(f"ready  bare PyScript page, same runtime, cold: median {med(bare, 'ready'):.0f} ms "
          f"{sorted(round(r['ready']) for r in bare)}")
    print_cold_parts(cold, bare)
    print(f"ready  Tabletown / bare = {med(cold, 'ready') / med(bare, 'ready'):.2f} (goal: at most 1.0)")


def print_cold_parts(cold: list[dict], bare: list[dict]) -> None:
    """The parts of a cold start (service worker blocked), median ms from navigation, Tabletown
    beside the bare page: where the two starts part ways."""
    def medians(rows: list[dict]) -> dict[str, float]:
        names = {name for r in rows for name in r["cold_parts"]}
        out = {}
        for name in names:
            values = [r["cold_parts"][name] for r in rows if r["cold_parts"].get(name) is not None]
            if values:
                out[name] = statistics.median(values)
        return out

    ours, theirs = medians(cold), medians(bare)
    print("parts  of a cold start, median ms from navigation: Tabletown, then the bare page:")
    for name in sorted(ours.keys() | theirs.keys(), key=lambda k: ours.get(k, theirs.get(k))):
        mine = f"{ours[name]:7.0f}" if name in ours else "      -"
        bare_ms = f"{theirs[name]:7.0f}" if name in theirs else "      -"
        print(f"       {mine} {bare_ms}  {name}")


def main() -> None:
    global DIST
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    # p95 of a few dozen clicks is one or two slow frames: enough clicks that it is a tail, not an accident
    parser.add_argument("--clicks", type=int, default=150)
    parser.add_argument("--no-lighthouse", action="store_true")
    parser.add_argument("--clicks-only", action="store_true", help="only open each game and time its clicks")
    parser.add_argument("--load-only", action="store_true", help="only the load figures: no game opened, no clicks")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to measure (default: dist/)")
    args = parser.parse_args()
    DIST = args.dist.resolve()
    if not (DIST / "index.html").exists():
        sys.exit("dist/ is missing: run `make dist` first")
    from playwright.sync_api import sync_playwright

    bare_page()
    server = serve(str(DIST))
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
            cold, first, bare = [], [], []
            for _ in range(0 if args.clicks_only else args.runs):
                bare.append(visit(browser, base + "bench/bare.html", service_worker=False))
                cold.append(visit(browser, base, service_worker=False))
                first.append(visit(browser, base, service_worker=True))
            med = lambda rows, key: statistics.median(r[key] for r in rows)  # noqa: E731
            if not args.clicks_only:
                report_load(cold, first, bare, med)
            for game, seats in ({} if args.load_only else GAMES).items():
                r = open_and_click(browser, base, game, seats, args.clicks)
                print(f"open   {game}: first time {r['first']:.0f} ms, from the cache {r['cached']:.0f} ms")
                print(f"click  {game}: {len(r['clicks'])} clicks to the next frame: p50 {pct(r['clicks'], 50):.1f} ms, "
                      f"p95 {pct(r['clicks'], 95):.1f} ms (goal: p95 within 50 ms); "
                      f"Python part p95 {pct(r['python'], 95):.1f} ms")
            browser.close()
        if not args.no_lighthouse:
            for preset in ("desktop", "mobile"):
                r = lighthouse(base, preset)
                if "error" in r:
                    print(f"lighthouse {preset}: could not run: {r['error']}")
                    continue
                print(f"lighthouse {preset}: performance {r['performance']}, accessibility {r['accessibility']} "
                      f"(FCP {r['fcp']:.0f} ms, LCP {r['lcp']:.0f} ms, TBT {r['tbt']:.0f} ms, CLS {r['cls']:.3f})")
    finally:
        server.shutdown()
        shutil.rmtree(DIST / "bench", ignore_errors=True)


if __name__ == "__main__":
    main()
