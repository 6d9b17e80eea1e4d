"""Townsfolk Tussle's balance, measured with bot teams.

    python -m tabletown balance townsfolk-tussle [--quick] [--jobs N] [--resume DIR]
                                          # writes docs/balance/townsfolk-tussle.md

The games are played by the kit's trials (engine/trials.py): on every core (or N), with progress
on stderr, and with `--resume DIR` kept game by game so that a stopped run goes on where it
stopped. Every team size and bot level has at least `trials.MIN_GAMES` games in the full run, and
every rate its 95 % interval. The game is cooperative: its Seat advantage section shows that the
seats win or lose together.

Whole games are played by bot teams (every seat a bot of one level) on both sides of the Town Map.
Each fight is counted by its Ruffian and its level; games by team size and bot level. The bots see
what a player would (their seat's view, without the figures the board adds for drawing).
"""

from __future__ import annotations

import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Optional

from tabletown.engine import trials
from tabletown.engine.bots import bot_seed
from tabletown.engine.prng import Rng

from . import SPEC
from . import content as C
from .bots import BOTS
from .rules import RULES

LEVELS = ("chump", "scrapper", "brute", "outlaw", "final-fight")


def play_game(seed: int, seats: int, level: str, options: dict[str, Any],
              version: Optional[int] = None) -> dict[str, Any]:
    """One bot game: the result and every fight (Ruffian, level, won, rounds); `version`, an older
    rules version to play under (a game begun then)."""
    started = time.process_time()
    opts = SPEC.normalize(seats, options)
    state = RULES.setup(seed, seats, opts, version=version)
    fights: list[dict[str, Any]] = []
    current = None
    moves = 0
    bot = BOTS[level]
    while True:
        active = RULES.active(state)
        if not active:
            break
        seat = active[0]
        legal = RULES.legal(state, seat)
        action = bot(RULES, RULES.bot_view(state, seat), seat, legal, Rng(bot_seed(seed, moves, seat)))
        state, _ = RULES.apply(state, seat, action)
        moves += 1
        f = state["fight"]
        if f is not None and (current is None or current["rid"] != f["rid"]):
            current = {"rid": f["rid"], "level": f["level"], "won": None, "rounds": 0}
            fights.append(current)
        if f is not None and current is not None:
            current["rounds"] = max([current["rounds"]] + list(f["turns"].values()))
        if f is None and current is not None and current["won"] is None:
            current["won"] = True  # back in town: the Ruffian was defeated
    result = state["result"]
    if current is not None and current["won"] is None:
        current["won"] = bool(result["won"])
    return {"won": result["won"], "ending": result["ending"], "fights": fights, "moves": moves,
            "special": C.ENDINGS[result["ending"]]["result"] == "special", "cpu": time.process_time() - started}


def play(task: list[Any]) -> dict[str, Any]:
    """One task of the page, `[seed, seats, level, town map side]`."""
    seed, seats, level, side = task
    return play_game(seed, seats, level, {"town_map": side})


def tasks_of(games: int) -> dict[tuple[str, int], list[list[Any]]]:
    """`games` games for each bot level and team size, half on each side of the Town Map."""
    return {(level, seats): [[1000 * seats + (0 if level == "easy" else 500) + g, seats, level,
                              "standard" if g % 2 == 0 else "rough"] for g in range(games)]
            for level in ("easy", "hard") for seats in (2, 3, 4)}


def _mean(values: list[float], digits: int = 1) -> str:
    return trials.plus_minus(values, digits) if values else "—"


def report(quick: bool = False, jobs: Optional[int] = None, store: str | Path | None = None,
           progress: bool = True) -> str:
    """The balance page: every game played by `trials.run` (on `jobs` processes; with `store`,
    a directory, each finished game is kept there and a stopped run resumes)."""
    rows = tasks_of(1 if quick else trials.MIN_GAMES)
    tasks = [task for row in rows.values() for task in row]
    tally = trials.Tally()
    results = iter(trials.run(tasks, play, jobs=jobs, progress=progress, store=store,
                              version=str(SPEC.rules_version), tally=tally, label=SPEC.id))
    got = {key: [next(results) for _ in row] for key, row in rows.items()}
    lines = ["# Townsfolk Tussle — balance", "",
             "Measured by `python -m tabletown balance townsfolk-tussle" + (" --quick" if quick else "") + f"` under rules version {SPEC.rules_version}: bot teams",
             "(every seat one bot level) play whole games, half on each side of the Town Map. Every rate is given",
             "with its 95 % interval and the games (or fights) it comes from.", ""]
    lines += ["## Whole games", "", "| bots | townsfolk | games | won | special ending | mean moves | mean fights | "
              "games/s | moves/s |", "|---|---|---|---|---|---|---|---|---|"]
    all_fights: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for (level, seats), games in got.items():
        count = len(games)
        won = sum(1 for g in games if g["won"])
        special = sum(1 for g in games if g["special"])
        secs = sum(g["cpu"] for g in games) or 1e-9
        total_moves = sum(g["moves"] for g in games)
        lines.append(f"| {level} | {seats} | {count} | {trials.percent(won, count)} | "
                     f"{trials.percent(special, count)} | {_mean([g['moves'] for g in games], 0)} | "
                     f"{_mean([len(g['fights']) for g in games], 2)} | {count / secs:.2f} | {total_moves / secs:.0f} |")
        for g in games:
            all_fights[level].extend(g["fights"])
    lines += [""] + trials.seat_table(
        [(f"{seats} townsfolk", [sum(1 for g in got[("hard", seats)] if g["won"])] * seats, len(got[("hard", seats)]))
         for seats in (2, 3, 4)],
        "Townsfolk Tussle is cooperative: every seat wins or loses with its team, so no seat can be ahead of "
        "another; the table shows the team's win rate, the same in every seat.", team=True)
    for level in ("hard", "easy"):
        fights = all_fights[level]
        lines += [f"## Fights by Ruffian ({level} bots, every team size)", "",
                  "| Ruffian | fights | won | mean rounds | " + " | ".join(C.LEVEL_NAMES[lv] for lv in LEVELS) + " |",
                  "|---|---|---|---|" + "---|" * len(LEVELS)]
        for rid in C.RUFFIAN_IDS:
            mine = [f for f in fights if f["rid"] == rid]
            won = sum(1 for f in mine if f["won"])
            cells = []
            for lv in LEVELS:
                at = [f for f in mine if f["level"] == lv]
                cells.append(f"{trials.percent(sum(1 for f in at if f['won']), len(at))} of {len(at)}" if at else "—")
            lines.append(f"| {C.RUFFIANS[rid]['name']} | {len(mine)} | {trials.percent(won, len(mine))} | "
                         f"{_mean([f['rounds'] for f in mine])} | " + " | ".join(cells) + " |")
        lines += ["", f"## Fights by Town Map level ({level} bots)", "", "| level | fights | won | mean rounds |",
                  "|---|---|---|---|"]
        for lv in LEVELS:
            at = [f for f in fights if f["level"] == lv]
            lines.append(f"| {C.LEVEL_NAMES[lv]} | {len(at)} | {trials.percent(sum(1 for f in at if f['won']), len(at))} | "
                         f"{_mean([f['rounds'] for f in at])} |")
        lines.append("")
    lines += ["Won: the team defeated the Ruffian (or, in a Final Fight, met its win condition). Rounds: the",
              "most turns any townsfolk took in the fight.", "", trials.footer(tally.tasks, tally.cpu)]
    return "\n".join(lines) + "\n"
