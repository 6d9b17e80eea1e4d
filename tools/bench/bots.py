"""Bot decision time in CPython, every game, every bot level, every seat count.

    .venv/bin/python tools/bench/bots.py [--games 3] [--game tumble-town]

Prints, per game, level and seat count, the CPU time of one decision (a bot choosing
among more than one legal action): p50, p95 and the worst, against the 100 ms budget a
bot has before the page feels slow. A measurement to read, not a pass/fail test: CPU
time still moves with the machine's load and the interpreter's garbage collector. The
browser's figures (the same bots under Pyodide) come from tools/bench/browser.py.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools" / "bench"))
from figures import pct  # type: ignore[import-not-found]  # noqa: E402

from tabletown import games  # noqa: E402
from tabletown.engine.bots import playout  # noqa: E402
from tabletown.engine.prng import Rng, seed_state  # noqa: E402
from tabletown.engine.spec import BadSetup  # noqa: E402

BUDGET_MS = 100.0




def decision_times(game_id: str, level: str, seats: int, n_games: int) -> list[float]:
    """CPU milliseconds of every decision with a real choice, all seats played by `level`."""
    game = games.load(game_id)
    rules, bot = game.RULES, game.BOTS[level]
    options = game.SPEC.normalize(seats, {})
    times: list[float] = []

    def timed(rules_: Any, view: Any, seat: int, legal: list[Any], rng: Rng) -> Any:
        """The bot, its CPU time noted when it had a real choice."""
        t0 = time.process_time()
        action = bot(rules_, view, seat, legal, rng)
        if len(legal) > 1:
            times.append((time.process_time() - t0) * 1000)
        return action

    for seed in range(1, n_games + 1):
        try:
            state = rules.setup(seed, seats, options)
        except BadSetup:  # a seat count the default options do not play (a two-posse scenario)
            return times
        playout(rules, state, timed, Rng(seed_state(seed)), max_steps=5000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", action="append", help="a game id (repeatable); default every game")
    args = parser.parse_args()
    print(f"{'game':24} {'bot':5} {'seats':>5} {'moves':>6} {'p50 ms':>8} {'p95 ms':>8} {'worst':>8}")
    over = []
    for spec in games.SPECS:
        if not spec.ready or (args.game and spec.id not in args.game):
            continue
        for level in spec.bots:
            for seats in range(spec.seats[0], spec.seats[1] + 1):
                t = decision_times(spec.id, level, seats, args.games)
                if not t:
                    continue
                worst = max(t)
                print(f"{spec.id:24} {level:5} {seats:5d} {len(t):6d} {pct(t, 50):8.1f} {pct(t, 95):8.1f} {worst:8.1f}", flush=True)
                if pct(t, 95) > BUDGET_MS:
                    over.append(f"{spec.id} {level} {seats}p")
    print(f"p95 over the {BUDGET_MS:.0f} ms budget: " + (", ".join(over) if over else "none"))


if __name__ == "__main__":
    main()
