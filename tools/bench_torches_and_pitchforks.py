"""Torches & Pitchforks in CPython: what one move costs (apply, view, the board wide and on a
phone) and what the bots take to decide, over bot games.

    .venv/bin/python tools/bench_torches_and_pitchforks.py [--games 5] [--seats 4]

Times are CPU time of this process (so other work on the machine does not inflate them);
the browser runs the same code in Pyodide, several times slower.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from tabletown.engine.bots import bot_seed  # noqa: E402
from tabletown.engine.prng import Rng  # noqa: E402
from tabletown.games.torches_and_pitchforks.game import BOTS, RULES, render  # noqa: E402


def _ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"mean {1000 * sum(ordered) / len(ordered):.2f} ms, p95 {1000 * p95:.2f} ms, max {1000 * ordered[-1]:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    clock = time.process_time
    cost: dict[str, list[float]] = {"apply": [], "view": [], "render wide": [], "render phone": [], "easy": [],
                                    "hard": []}
    names = [f"Player {i + 1}" for i in range(args.seats)]
    for g in range(args.games):
        state = RULES.setup(500 + g, args.seats, {})
        step = 0
        while RULES.active(state):
            seat = RULES.active(state)[0]
            legal = RULES.legal(state, seat)
            t0 = clock()
            view = RULES.view(state, seat)
            t1 = clock()
            render(view, {"viewer": seat, "legal": legal, "names": names})
            t2 = clock()
            render(view, {"viewer": seat, "legal": legal, "names": names, "narrow": True})
            t3 = clock()
            level = "hard" if seat == 0 else "easy"
            action = BOTS[level](RULES, view, seat, legal, Rng(bot_seed(500 + g, step, seat)))
            t4 = clock()
            state, _ = RULES.apply(state, seat, action)
            t5 = clock()
            cost["view"].append(t1 - t0)
            cost["render wide"].append(t2 - t1)
            cost["render phone"].append(t3 - t2)
            cost[level].append(t4 - t3)
            cost["apply"].append(t5 - t4)
            step += 1
    print(f"Torches & Pitchforks, {args.games} games of {args.seats} (a hard bot at seat 1, easy bots elsewhere), "
          f"{len(cost['apply'])} moves, CPU time:")
    for key, samples in cost.items():
        print(f"  {key:13} {_ms(samples)}")


if __name__ == "__main__":
    main()
