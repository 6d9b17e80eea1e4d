"""The live table's figures: what a device is sent, how long a seat takes to connect, and how
soon a move made on one device is painted on the other.

    .venv/bin/python tools/bench/live.py [--sizes-only] [--moves 40]

Sizes (CPython): each game at its default seat count with one seat on another device, played
by bots for 200 moves; the "table" message that device is sent after each move, in bytes of
JSON (what the data channel carries), p50/p95/max, and the invitation and reply links' length
(measured in the browser).

In the browser (the built dist/, served on loopback; one headless Chromium, two contexts as
two devices, no Chromium flags): the time from the reply link being opened in the host's
browser to the seat's live mark on both devices, and for `--moves` moves of Tavern Tussle
made alternately on each device, the time from the press on one device to the next painted
frame that shows the move on the other (a MutationObserver on the other page's log, then one
requestAnimationFrame). Both pages' clocks are `performance.timeOrigin + performance.now()`,
one machine's clock. The budget is 100 ms at p95 over loopback.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tools" / "bench"))
from figures import pct  # type: ignore[import-not-found]  # noqa: E402

from tabletown import games  # noqa: E402
from tabletown.engine.session import Session, new_record  # noqa: E402
from tabletown.live.host import LiveHost  # noqa: E402

PAINTED = """
window.tabletownPainted = [];
new MutationObserver(() => {
  requestAnimationFrame(() => window.tabletownPainted.push(performance.timeOrigin + performance.now()));
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


class Wire:
    def __init__(self) -> None:
        self.sizes: list[int] = []

    def send(self, text: str) -> None:
        self.sizes.append(len(text.encode("utf-8")))

    def close(self) -> None:
        pass




def sizes() -> None:
    print("Bytes of the table a device is sent after each move (one remote seat, bots elsewhere, 200 moves):")
    print(f"{'game':28} {'seats':>5} {'p50':>8} {'p95':>8} {'max':>8}")
    for spec in games.SPECS:
        if not spec.ready:
            continue
        game = games.load(spec.id)
        count = spec.default_seats
        seats = [{"kind": "remote"}] + [{"kind": "bot"}] * (count - 1)
        session = Session(game, new_record(game, seats, {}, 5))
        host = LiveHost(session)
        wire = Wire()
        token = host.invite(0)
        host.receive(wire, token, json.dumps({"t": "hello", "token": token}))
        session.stand_ins.add(0)  # a bot plays the remote seat too, to move the game on
        for _ in range(200):
            if session.over():
                break
            session.bot_move(session.active()[0])
            host.send_tables()
        print(f"{spec.title:28} {count:>5} {pct(wire.sizes, 50):>8.0f} {pct(wire.sizes, 95):>8.0f} {max(wire.sizes):>8}")


def browser(moves: int) -> None:
    import chromium  # type: ignore[import-not-found]
    from playwright.sync_api import sync_playwright
    from serve import serve  # type: ignore[import-not-found]

    server = serve(str(ROOT / "dist"))
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    now = "performance.timeOrigin + performance.now()"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        host_ctx, guest_ctx = b.new_context(), b.new_context(viewport={"width": 390, "height": 844})
        for ctx in (host_ctx, guest_ctx):
            ctx.add_init_script(PAINTED)
        host, guest = host_ctx.new_page(), guest_ctx.new_page()
        host.goto(base + "?botpause=20#new/tavern-tussle?seats=human,remote&names=Ann,Bob&seed=3")
        invitation = host.wait_for_selector("[data-invitation]", timeout=90_000).get_attribute("data-invitation")
        guest.goto(invitation)
        reply = guest.wait_for_selector("[data-reply]", timeout=90_000).get_attribute("data-reply")
        tab = host_ctx.new_page()
        started = time.perf_counter()
        tab.goto(reply)
        host.wait_for_selector('[data-seat="1"][data-seat-live="1"]', timeout=90_000)
        guest.wait_for_selector('[data-seat="1"][data-seat-live="1"]', timeout=90_000)
        connected = time.perf_counter() - started
        tab.close()
        print(f"\nInvitation link {len(invitation)} characters, reply link {len(reply)} characters.")
        print(f"Reply link opened in a new tab of the host's browser -> live on both devices: {connected * 1000:.0f} ms "
              "(the new tab starts the page to hand the reply over)")
        latencies: dict[str, list[float]] = {"host -> guest": [], "guest -> host": []}
        for _ in range(moves * 4):
            if sum(len(v) for v in latencies.values()) >= moves:
                break
            for page, other, key in ((host, guest, "host -> guest"), (guest, host, "guest -> host")):
                actions = page.locator("#board [data-action]")
                if actions.count() == 0 or page.locator("#board[data-game-over]").count():
                    continue
                lines = other.locator("#log li:not(.muted)").count()
                other.evaluate("window.tabletownPainted = []")
                pressed = page.evaluate(now)
                actions.first.click()
                for _ in range(400):
                    if other.locator("#log li:not(.muted)").count() > lines:
                        break
                    time.sleep(0.005)
                else:
                    continue
                painted = other.evaluate("window.tabletownPainted.slice()")
                after = [t for t in painted if t >= pressed]
                if after:
                    latencies[key].append(max(after) - pressed)
            time.sleep(0.05)
        print("\nA move pressed on one device until it is painted on the other (ms):")
        for key, values in latencies.items():
            if values:
                print(f"  {key}: n={len(values)} p50={statistics.median(values):.0f} p95={pct(values, 95):.0f} "
                      f"max={max(values):.0f}")
        b.close()
    server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes-only", action="store_true")
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    sizes()
    if not args.sizes_only:
        browser(args.moves)


if __name__ == "__main__":
    main()
