"""Trials: many seeded bot games for a balance page, played on every core, resumable, and
reported with the interval that says how far each figure can be trusted.

A balance page makes claims ("seat 1 wins more often", "this card is fair"); a rate from 40
games cannot carry them (its 95 % interval is some ± 15 points wide). So every page builds its
games as a list of tasks and hands them to `run`, which

- plays them in as many processes as the machine has cores (each task is seeded, so the
  results are the same however many processes play them, and come back in task order);
- shows its progress on stderr (done / total, time spent, time left), since a full page takes
  tens of minutes;
- with a `store` directory, appends every finished task's result there as a JSON line and,
  next time, reads back what is stored instead of playing it again: a stopped run goes on
  where it stopped. Each line carries the caller's `version` (the game's rules version), so
  games of older rules are never mixed into a page.

Then `wilson` (a win rate) and `mean_interval` (a mean) give each row's 95 % interval,
`paired` plays the same seed with the bots' seats swapped (a seat's luck then counts for and
against each bot alike), `seat_table` writes every page's "Seat advantage" section, and
`footer` says how many games the page took and how much CPU time. `MIN_GAMES` is the fewest
games a row that a claim rests on may have.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence

MIN_GAMES = 200  # ± about 7 points at a 50 % rate: the least a published row may have
Z = 1.96  # 95 %


class Tally:
    """Games played for a page and the CPU seconds they took (stored games count the time
    they took when they were played), for its footer."""

    def __init__(self) -> None:
        self.tasks = 0
        self.cpu = 0.0


def _timed(fn: Callable[[Any], Any], task: Any) -> tuple[Any, float]:
    started = time.process_time()
    result = fn(task)
    return result, time.process_time() - started


def _key(version: Optional[str], task: Any) -> str:
    return json.dumps([version, task], sort_keys=True, separators=(",", ":"))


def _store_file(store: str | Path, fn: Callable[[Any], Any]) -> Path:
    return Path(store) / f"{fn.__module__}.{fn.__qualname__}.jsonl"


def read_store(path: Path, version: Optional[str]) -> dict[str, tuple[Any, Any, float]]:
    """The stored (task, result, CPU seconds) of `version` by task key. A line cut short (a run
    killed while it wrote) is not JSON and is left out; so are lines of another version."""
    found: dict[str, tuple[Any, Any, float]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
                if row["v"] == version:
                    found[_key(version, row["task"])] = (row["task"], row["result"], row.get("cpu", 0.0))
            except (ValueError, KeyError, TypeError):
                continue
    return found


def stored(store: str | Path, fn: Callable[[Any], Any], version: Optional[str]) -> list[tuple[Any, Any]]:
    """Every (task, result) of `fn` kept in `store` under `version`, finished or not the run
    (a tool reading a long run while it goes on)."""
    return [(task, result) for task, result, _ in read_store(_store_file(store, fn), version).values()]


class _Progress:
    """`label: done/total, elapsed, about … left` on stderr, at most once a second."""

    def __init__(self, total: int, done: int, label: str, show: bool) -> None:
        self.total, self.done, self.label, self.show = total, done, label, show
        self.stored = done  # read back, not played: they say nothing of the time left
        self.started = time.monotonic()
        self.shown = 0.0

    def step(self) -> None:
        self.done += 1
        now = time.monotonic()
        if self.show and (now - self.shown >= 1 or self.done == self.total):
            self.shown = now
            elapsed = now - self.started
            played = self.done - self.stored
            left = elapsed / played * (self.total - self.done) if played else 0.0
            end = "\n" if self.done == self.total else ""
            print(f"\r{self.label}{self.done}/{self.total}, {_clock(elapsed)} elapsed, about {_clock(left)} left  ",
                  end=end, file=sys.stderr, flush=True)


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}h{s // 60 % 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s"


def run(tasks: Sequence[Any], fn: Callable[[Any], Any], jobs: Optional[int] = None, progress: bool = True,
        store: str | Path | None = None, version: Optional[str] = None, tally: Optional[Tally] = None,
        label: str = "") -> list[Any]:
    """`fn(task)` for every task, in task order. `fn` must be a module-level function (it is sent
    to other processes), the tasks and results JSON values: a result comes back as JSON would
    give it (tuples as lists) whether it was played now or read from the store, so a resumed
    page is the same page. `jobs` processes (default: every core; 1 plays here)."""
    jobs = jobs or os.cpu_count() or 1
    results: list[Any] = [None] * len(tasks)
    path = _store_file(store, fn) if store is not None else None
    kept = read_store(path, version) if path else {}
    todo = []
    for i, task in enumerate(tasks):
        key = _key(version, task)
        if key in kept:
            _, results[i], cpu = kept[key]
            if tally:
                tally.tasks += 1
                tally.cpu += cpu
        else:
            todo.append(i)
    bar = _Progress(len(tasks), len(tasks) - len(todo), label and label + ": ", progress)
    out = None
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        out = path.open("a", encoding="utf-8")
        if path.stat().st_size and not path.read_bytes().endswith(b"\n"):
            out.write("\n")  # the line a killed run cut short stays alone on its line

    def finished(i: int, result: Any, cpu: float) -> None:
        line = json.dumps({"v": version, "task": tasks[i], "result": result, "cpu": round(cpu, 4)},
                          separators=(",", ":"))
        results[i] = json.loads(line)["result"]
        if out:
            out.write(line + "\n")
            out.flush()
        if tally:
            tally.tasks += 1
            tally.cpu += cpu
        bar.step()

    try:
        if jobs > 1 and len(todo) > 1:
            try:
                pool = ProcessPoolExecutor(min(jobs, len(todo)))
            except (OSError, NotImplementedError, ImportError):  # no processes here (a browser)
                pool = None
        else:
            pool = None
        if pool is None:
            for i in todo:
                finished(i, *_timed(fn, tasks[i]))
        else:
            with pool:
                try:
                    pending = {pool.submit(_timed, fn, tasks[i]): i for i in todo}
                    while pending:
                        done, _ = wait(pending, return_when=FIRST_COMPLETED)
                        for future in done:
                            finished(pending.pop(future), *future.result())
                except BaseException:
                    pool.shutdown(wait=False, cancel_futures=True)
                    raise
    finally:
        if out:
            out.close()
    return results


def wilson(wins: float, n: int) -> tuple[float, float, float]:
    """(rate, low, high): the 95 % Wilson score interval of `wins` in `n` games. A tie counts
    half, so `wins` may be fractional. Wilson rather than rate ± 1.96·SE: it stays inside 0–1
    and stays honest at rates near 0 or 1 and on small samples, where the plain one says ± 0."""
    if n <= 0:
        return 0.0, 0.0, 1.0
    p = wins / n
    z2 = Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Iterable[float]) -> tuple[float, float]:
    """(mean, half-width of its 95 % interval), by the normal approximation (sound for the
    hundreds of games of a row; with fewer than two values the half-width is infinite)."""
    xs = list(values)
    n = len(xs)
    if not n:
        return 0.0, math.inf
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    return mean, Z * sd / math.sqrt(n)


def paired(seeds: Iterable[int], levels: Sequence[str]) -> list[tuple[int, tuple[str, ...]]]:
    """(seed, levels) for each seed played once with each turn of the bots round the table
    (hard, easy → hard, easy and easy, hard): the same deal and dice for every seating, so a
    seat's luck counts for and against each bot alike. Seatings that are the same (equal bots)
    are played once."""
    n = len(levels)
    turns = list(dict.fromkeys(tuple(levels[(s - t) % n] for s in range(n)) for t in range(n)))
    return [(seed, turn) for seed in seeds for turn in turns]


def percent(wins: float, n: int) -> str:
    """A rate with its 95 % interval: `48 % (41–55 %)`."""
    if n <= 0:
        return "— (0–100 %)"
    p, lo, hi = wilson(wins, n)
    return f"{100 * p:.0f} % ({100 * lo:.0f}–{100 * hi:.0f} %)"


def share(wins: float, n: int, seats: int) -> str:
    """A win rate over the fair share 1/seats (1.00 is fair) with its 95 % interval:
    `1.04 (0.92–1.17)`."""
    p, lo, hi = wilson(wins, n)
    return f"{p * seats:.2f} ({lo * seats:.2f}–{hi * seats:.2f})" if n > 0 else f"— (0.00–{seats:.2f})"


def plus_minus(values: Iterable[float], digits: int = 1) -> str:
    """A mean with the half-width of its 95 % interval: `38.1 ± 0.9`."""
    mean, half = mean_interval(values)
    return f"{mean:.{digits}f} ± " + (f"{half:.{digits}f}" if math.isfinite(half) else "?")


def seat_table(rows: Sequence[tuple[str, Sequence[float], int]], note: str = "", team: bool = False) -> list[str]:
    """The "Seat advantage" section: for each seat count (`label`, each seat's wins — ties
    count half — and the games), equal bots in every seat, each seat's win rate with its
    interval. A seat is ahead only where its interval leaves out the fair share (a `team`
    game has none: its seats win or lose together)."""
    most = max((len(wins) for _, wins, _ in rows), default=1)
    out = ["## Seat advantage", "",
           "Equal bots (hard) in every seat: each seat's win rate with its 95 % interval (a tie counts half). "
           "A seat has an advantage only where its interval leaves out the fair share." + (" " + note if note else ""),
           "", "| game | games | fair share | " + " | ".join(f"seat {s + 1}" for s in range(most)) + " |",
           "|---|---|---|" + "---|" * most]
    for label, wins, games in rows:
        cells = [percent(w, games) for w in wins] + [""] * (most - len(wins))
        fair = "— (a team)" if team else f"{100 / len(wins):.0f} %"
        out.append(f"| {label} | {games} | {fair} | " + " | ".join(cells) + " |")
    return out + [""]


def footer(games: int, cpu_seconds: float) -> str:
    """The page's last line: what it cost, so the next run knows what it is in for."""
    hours = cpu_seconds / 3600
    spent = (f"{hours:.1f} CPU-hours" if hours >= 1 else f"{cpu_seconds / 60:.0f} CPU-minutes" if cpu_seconds >= 120
             else f"{cpu_seconds:.0f} CPU-seconds")
    return f"_{games} games played, {spent} (one core of this machine; divide by the cores used)._"
