"""What one click costs in Python, per game, in CPython: the page's pure path after a press.

    .venv/bin/python tools/bench/click_python.py [--clicks 40] [--games ruthless,townsfolk-tussle] [--profile GAME]
                                                 [--parts GAME]

Plays seeded games the way `tools/bench/load.py` clicks in the browser (the same seats and
seeds; the human presses the first control on the board; bots answer between presses, not
timed) and times the steps the page takes for one press (`GameScreen.play_action`, web/game_screen.py):

  apply   the move checked and played, with the passes owed after it (`Session.apply`)
  save    the autosave entry as JSON, with the game's status line
  screen  whose turn is shown and the status line (`policy.game_screen`), the "Why?" topic
  legal   the legal actions and parameter kinds for the seat on screen
  view    the view of the seat on screen
  render  the game's `render(view, ui)`
  diff    what to redraw (`policy.plan_redraw`) and the changed parts' size

Reports p50/p95 per step and of the whole, and the bytes sent to the DOM per click.
`--profile GAME` prints cProfile's top functions over that game's clicks; `--parts GAME`
which board parts its clicks redraw, how often and how large.
Times are this thread's CPU time (`time.thread_time`), so other work on a shared machine
stretches them less than wall time; still, compare runs made one after the other.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools" / "bench"))
from figures import pct  # type: ignore[import-not-found]  # noqa: E402
from tables import GAMES  # type: ignore[import-not-found]  # noqa: E402  (every registered game)

from tabletown import games  # noqa: E402
from tabletown.engine.saves import summarize  # noqa: E402
from tabletown.engine.session import Session, new_record  # noqa: E402
from tabletown.web import policy, rulebook  # noqa: E402

STEPS = ("apply", "save", "screen", "legal", "view", "render", "diff")
clock = time.thread_time  # CPU time of this thread: a busy machine stretches wall time, not this
_FIRST_ACTION = re.compile(r'data-action="([0-9]+)"')




class Page:
    """The game screen's pure path (what `web/game_screen.py` does on a press), timed step by step."""

    def __init__(self, game_id: str, seats: str, seed: int):
        self.game = games.load(game_id)
        seat_list = [{"kind": "human"} if s == "human" else {"kind": "bot", "level": "easy"} for s in seats.split(",")]
        options = self.game.SPEC.normalize(len(seat_list), {})
        seat_list = policy.seats_at_one_device(self.game.RULES, seat_list, options)
        self.session = Session(self.game, new_record(self.game, seat_list, options, seed))
        self.secrets = bool(self.game.SPEC.secrets)
        humans = policy.humans(self.session)
        self.shown_seat = humans[0] if len(humans) == 1 else None
        self.painted = None
        self.legal: list = []
        self.screen = None
        self.drawing = ""
        self.sent = 0
        self.render_game({})

    def render_game(self, took: dict) -> None:
        session = self.session
        rules = session.rules
        t0 = clock()
        names = list(session.names)  # raw, as the page gives them (the render kit escapes)
        screen = policy.game_screen(session, self.secrets, self.shown_seat)
        self.screen = screen
        self.shown_seat = screen.shown_seat
        if screen.acting is not None:
            rules.topic(session.state, screen.acting)  # the "Why?" link's topic
        t1 = clock()
        acting = screen.acting
        self.legal = rules.legal(session.state, acting) if acting is not None else []
        kinds = list(rules.params(session.state, acting)) if acting is not None else []
        t2 = clock()
        view = rules.view(session.state, screen.view_seat)
        if acting is not None:
            rulebook.prompt_topic(rules, session.state, acting, self.legal, view, {})
        t3 = clock()
        ui = {"viewer": screen.view_seat, "legal": self.legal, "params": kinds, "armed": None,
              "cursor": None, "names": names, "narrow": False}
        drawing = session.game.render(view, ui)
        t4 = clock()
        changes, self.painted = policy.plan_redraw(self.painted, drawing)
        self.sent = sum(len(svg) for _, svg in changes)
        self.changed = [(key or "(whole)", len(svg)) for key, svg in changes]
        self.whole = bool(changes) and changes[0][0] is None
        t5 = clock()
        self.drawing = str(drawing)
        for step, a, b in (("screen", t0, t1), ("legal", t1, t2), ("view", t2, t3), ("render", t3, t4), ("diff", t4, t5)):
            took[step] = took.get(step, 0.0) + (b - a) * 1000

    def press_first(self) -> dict | None:
        """Press the first control on the board, as the browser benchmark does; None if there is none."""
        if self.screen is None or self.screen.acting is None:
            return None
        found = _FIRST_ACTION.search(self.drawing)
        if found is None or int(found.group(1)) >= len(self.legal):
            return None
        took: dict = {}
        t0 = clock()
        self.session.apply(self.screen.acting, self.legal[int(found.group(1))])
        t1 = clock()
        self.autosave()
        t2 = clock()
        took["apply"] = (t1 - t0) * 1000
        took["save"] = (t2 - t1) * 1000
        self.render_game(took)
        took["total"] = (clock() - t0) * 1000
        took["bytes"] = self.sent
        took["whole"] = self.whole
        took["board"] = len(self.drawing)
        took["changed"] = self.changed
        return took

    def autosave(self) -> None:
        session = self.session
        status = str(session.rules.status(session.state) or "")
        over = session.over()
        entry = {"schema": 3, "id": "bench", "updated": 0, "over": over,
                 "summary": summarize(session.record, session.spec.title, over, status), "record": session.record}
        json.dumps(entry, separators=(",", ":"))

    def bots_move(self) -> bool:
        """Bots play until a human is asked (not timed); False when the game is over."""
        session = self.session
        for _ in range(10_000):
            if session.over():
                return False
            bots = [s for s in session.active() if policy.is_bot(session, s)]
            if not bots or (self.screen is not None and self.screen.acting is not None):
                return True
            session.bot_move(bots[0])
            self.render_game({})
        return True


def clicks_of(game_id: str, seats: str, count: int) -> list[dict]:
    out: list[dict] = []
    seed = 1
    page = Page(game_id, seats, seed)
    stuck = 0
    while len(out) < count:
        if not page.bots_move():
            seed += 1
            page = Page(game_id, seats, seed)
            continue
        took = page.press_first()
        if took is None:
            stuck += 1
            if stuck > 50:
                raise SystemExit(f"{game_id}: no control to press (seed {seed})")
            page.render_game({})
            continue
        stuck = 0
        out.append(took)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--profile", default="", help="a game id: print cProfile's top functions for its clicks")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--parts", default="", help="a game id: how often each board part is redrawn, and its size")
    args = parser.parse_args()
    if args.parts:
        rows = clicks_of(args.parts, GAMES[args.parts], args.clicks)
        redrawn: dict[str, list[int]] = {}
        for r in rows:
            for key, size in r["changed"]:
                redrawn.setdefault(key, []).append(size)
        print(f"{args.parts}: parts redrawn over {len(rows)} clicks (a key with <svg> was only moved or resized)")
        for key, sizes in sorted(redrawn.items(), key=lambda kv: -sum(kv[1])):
            print(f"  {key:32} {len(sizes):3} times, {sum(sizes) / len(rows) / 1000:6.2f} KB a click, "
                  f"up to {max(sizes) / 1000:5.1f} KB")
        return
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        clicks_of(args.profile, GAMES[args.profile], args.clicks)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(args.top)
        out.write("\n")
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.top)
        print(out.getvalue())
        return
    print(f"{'game':24} {'total p50':>9} {'p95':>7} | " + " ".join(f"{s + ' p95':>11}" for s in STEPS) + " | DOM KB p50 p95 of board, whole")
    for game_id in args.games.split(","):
        rows = clicks_of(game_id, GAMES[game_id], args.clicks)
        total = [r["total"] for r in rows]
        cells = " ".join(f"{pct([r.get(s, 0.0) for r in rows], 95):11.2f}" for s in STEPS)
        print(f"{game_id:24} {pct(total, 50):9.2f} {pct(total, 95):7.2f} | {cells} | "
              f"{pct([r['bytes'] for r in rows], 50) / 1000:5.1f} {pct([r['bytes'] for r in rows], 95) / 1000:5.1f} "
              f"of {pct([r['board'] for r in rows], 50) / 1000:5.1f}, {sum(r['whole'] for r in rows)}/{len(rows)}")


if __name__ == "__main__":
    main()
