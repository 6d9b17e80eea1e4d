"""Benchmarks for Tavern Tussle: easy-bot game speed, hard-bot decision time, hard vs easy.

    python tools/bench_tavern_tussle.py speed [--games 300]
    python tools/bench_tavern_tussle.py timing [--games 4]
    python tools/bench_tavern_tussle.py duel [--games 200] [--seats 4] [--first-seed 1]
    python tools/bench_tavern_tussle.py spread [--games 500]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path[:0] = [os.path.join(os.path.dirname(__file__), "..", "py")]

from tabletown.engine.prng import Rng, seed_state  # noqa: E402
from tabletown.games.tavern_tussle import game as tt  # noqa: E402

RULES, BOTS = tt.RULES, tt.BOTS


def play(seed: int, seats: int, levels: list[str], options: dict | None = None, timings: list | None = None):
    """One whole game: every move calls active, legal, view, the bot and apply."""
    state = RULES.setup(seed, seats, RULES.spec.normalize(seats, options or {}))
    rng = Rng(seed_state(seed * 31 + 7))
    steps = 0
    while True:
        active = RULES.active(state)
        if not active:
            break
        seat = active[0]
        legal = RULES.legal(state, seat)
        view = RULES.view(state, seat)
        bot = BOTS[levels[seat]]
        if timings is not None and levels[seat] == "hard" and len(legal) > 1:
            t0 = time.process_time()
            action = bot(RULES, view, seat, legal, rng)
            timings.append(time.process_time() - t0)
        else:
            action = bot(RULES, view, seat, legal, rng)
        state = RULES.apply(state, seat, action)[0]
        steps += 1
    return RULES.outcome(state), steps


def speed(games: int) -> None:
    w0, t0 = time.perf_counter(), time.process_time()
    steps = 0
    for seed in range(1, games + 1):
        _, k = play(seed, 4, ["easy"] * 4)
        steps += k
    dt, wall = time.process_time() - t0, time.perf_counter() - w0
    print(f"easy 4-seat: {games} games, {steps / games:.0f} moves/game: {games / dt:.0f} games/s of CPU time "
          f"({dt:.2f}s), {games / wall:.0f} games/s wall clock ({wall:.2f}s)")


def timing(games: int) -> None:
    for seats in (2, 3, 4):
        times: list[float] = []
        for seed in range(1, games + 1):
            play(seed, seats, ["hard"] + ["easy"] * (seats - 1), timings=times)
        times.sort()
        p50 = times[len(times) // 2] * 1000
        p95 = times[int(len(times) * 0.95)] * 1000
        print(f"hard decision at {seats} seats: n={len(times)} mean={sum(times) / len(times) * 1000:.1f}ms "
              f"p50={p50:.1f}ms p95={p95:.1f}ms max={times[-1] * 1000:.1f}ms")


def duel(games: int, seats: int, first_seed: int, advanced: bool) -> None:
    wins = 0.0
    margin = 0
    t0 = time.process_time()
    for i, seed in enumerate(range(first_seed, first_seed + games)):
        hard = i % seats  # rotate the hard bot through every seat
        levels = ["easy"] * seats
        levels[hard] = "hard"
        out, _ = play(seed, seats, levels, {"advanced": advanced} if seats > 2 else {})
        if hard in out["winners"]:
            wins += 1.0 / len(out["winners"])
        best_other = max(out["scores"][p] for p in range(seats) if p != hard)
        margin += out["scores"][hard] - best_other
    dt = time.process_time() - t0
    print(f"1 hard vs {seats - 1} easy at {seats} seats{' (advanced)' if advanced else ''}: hard wins "
          f"{wins / games:.1%} of {games} (fair share {1 / seats:.0%}), mean margin {margin / games:+.2f}, {dt:.0f}s")


def spread(games: int) -> None:
    """Seat fairness and score spread with easy bots at every seat count."""
    for seats in (2, 3, 4):
        for adv in ([False, True] if seats > 2 else [False]):
            wins = [0.0] * seats
            total = [0] * seats
            tav_wins = [0.0] * 4
            tav_games = [0] * 4
            for seed in range(1, games + 1):
                state = RULES.setup(seed, seats, RULES.spec.normalize(seats, {"advanced": adv} if seats > 2 else {}))
                tavs = state["tav"]
                out, _ = play(seed, seats, ["easy"] * seats, {"advanced": adv} if seats > 2 else {})
                for s in range(seats):
                    total[s] += out["scores"][s]
                    tav_games[tavs[s]] += 1
                for w in out["winners"]:
                    wins[w] += 1 / len(out["winners"])
                    tav_wins[tavs[w]] += 1 / len(out["winners"])
            print(f"{seats} seats{' advanced' if adv else ''}: seat win% "
                  + " ".join(f"{w / games:.0%}" for w in wins)
                  + " | mean score " + " ".join(f"{t / games:.1f}" for t in total)
                  + " | taverner win rate / fair share (Alligator Bear Toucan Hare) "
                  + " ".join(f"{tw / max(tg, 1) * seats:.2f}" for tw, tg in zip(tav_wins, tav_games)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["speed", "timing", "duel", "spread"])
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--advanced", action="store_true")
    a = ap.parse_args()
    if a.what == "speed":
        speed(a.games or 300)
    elif a.what == "timing":
        timing(a.games or 3)
    elif a.what == "duel":
        duel(a.games or 200, a.seats, a.first_seed, a.advanced)
    else:
        spread(a.games or 300)


if __name__ == "__main__":
    main()
