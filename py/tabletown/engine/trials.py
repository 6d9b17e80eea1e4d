"""Measuring with many seeded bot games: play them on every core, and give each rate its interval.

- `run(fn, tasks, jobs)`: `fn` over the tasks in `jobs` processes, the results in task order
  (each task is seeded, so the figures do not depend on the number of processes), with the
  progress told on standard error.
- `wilson(wins, games)`: a win rate and its 95 % Wilson interval. A shared win counts its share
  (a two-way tie is half a win), which the interval takes as it comes.
- `rotations(levels)`: the paired design: one seed played once for each turn of the bot levels
  round the table, so every level sits in every seat with the same cards and dice.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import sys
import time
from typing import Any, Callable, Optional, Sequence


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float, float]:
    """(rate, low, high): the 95 % Wilson score interval of `wins` in `games` (0, 0, 1 for none)."""
    if games <= 0:
        return 0.0, 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def rotations(levels: Sequence[str]) -> list[tuple[str, ...]]:
    """Each turn of `levels` round the table: seat s of turn r plays `levels[(s - r) % n]`."""
    n = len(levels)
    return [tuple(levels[(s - r) % n] for s in range(n)) for r in range(n)]


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


def run(fn: Callable[[Any], Any], tasks: list[Any], jobs: Optional[int] = None,
        label: str = "games", quiet: bool = False) -> list[Any]:
    """`fn` (a module-level function, so other processes can call it) over `tasks`, in `jobs`
    processes (every core by default; 1 plays them here), results in task order. Progress goes
    to standard error about every five seconds: done, elapsed and an estimate of what is left."""
    jobs = default_jobs() if jobs is None else max(1, jobs)
    started = last = time.perf_counter()
    results: list[Any] = []

    def tell(done: int) -> None:
        nonlocal last
        now = time.perf_counter()
        if quiet or (now - last < 5 and done < len(tasks)):
            return
        last = now
        left = (now - started) / done * (len(tasks) - done) if done else float("nan")
        print(f"  {done}/{len(tasks)} {label}, {now - started:.0f} s, about {left:.0f} s left", file=sys.stderr, flush=True)

    if jobs == 1 or len(tasks) < 2:
        for task in tasks:
            results.append(fn(task))
            tell(len(results))
        return results
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for result in pool.imap(fn, tasks, chunksize=1):
            results.append(result)
            tell(len(results))
    return results
