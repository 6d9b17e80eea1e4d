"""Townsfolk Tussle's balance, measured with bot teams.

    python -m tabletown balance townsfolk-tussle [--quick]    # writes docs/balance/townsfolk-tussle.md

Whole games are played by bot teams (every seat a bot of one level) on both sides of the Town Map.
Each fight is counted by its Ruffian and its level; games by team size and bot level. The bots see
what a player would (their seat's view, without the figures the board adds for drawing).
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from typing import Any

from tabletown.engine.bots import bot_seed
from tabletown.engine.prng import Rng

from . import SPEC
from . import content as C
from .bots import BOTS
from .rules import RULES

LEVELS = ("chump", "scrapper", "brute", "outlaw", "final-fight")


def quick_view(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The seat's view without `derived` (bots never read it; it is there for the board)."""
    pending = state.get("pending")
    if pending:
        state = dict(state, pending={k: v for k, v in pending.items() if k != "base"})
    return RULES.zones.mask(state, seat)


def play_game(seed: int, seats: int, level: str, options: dict[str, Any]) -> dict[str, Any]:
    """One bot game: the result and every fight (Ruffian, level, won, rounds)."""
    opts = SPEC.normalize(seats, options)
    state = RULES.setup(seed, seats, opts)
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
        action = bot(RULES, quick_view(state, seat), seat, legal, Rng(bot_seed(seed, moves, seat)))
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
            "special": C.ENDINGS[result["ending"]]["result"] == "special"}


def run(games: int, seats: int, level: str, first_seed: int = 1) -> tuple[list[dict[str, Any]], float]:
    started = time.perf_counter()
    out = []
    for g in range(games):
        side = "standard" if g % 2 == 0 else "rough"
        out.append(play_game(first_seed + g, seats, level, {"town_map": side}))
    return out, time.perf_counter() - started


def pct(k: int, n: int) -> str:
    return f"{100 * k / n:.0f}%" if n else "—"


def report(quick: bool = False) -> str:
    n_games = 4 if quick else 60
    lines = ["# Townsfolk Tussle — balance", "",
             "Measured by `python -m tabletown balance townsfolk-tussle`" + (" --quick" if quick else "") + ": bot teams",
             "(every seat one bot level) play whole games, half on each side of the Town Map.", ""]
    lines += ["## Whole games", "", "| bots | townsfolk | games | won | special ending | mean moves | mean fights | "
              "games/s | moves/s |", "|---|---|---|---|---|---|---|---|---|"]
    all_fights: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for level in ("easy", "hard"):
        for seats in (2, 3, 4):
            count = n_games if seats == 3 else max(2, n_games // 3)
            games, secs = run(count, seats, level, first_seed=1000 * seats + (0 if level == "easy" else 500))
            won = sum(1 for g in games if g["won"])
            special = sum(1 for g in games if g["special"])
            moves = statistics.mean(g["moves"] for g in games)
            fights = statistics.mean(len(g["fights"]) for g in games)
            total_moves = sum(g["moves"] for g in games)
            lines.append(f"| {level} | {seats} | {count} | {pct(won, count)} | {pct(special, count)} | {moves:.0f} | "
                         f"{fights:.2f} | {count / secs:.2f} | {total_moves / secs:.0f} |")
            for g in games:
                all_fights[level].extend(g["fights"])
    for level in ("hard", "easy"):
        fights = all_fights[level]
        lines += ["", f"## Fights by Ruffian ({level} bots, every team size)", "",
                  "| Ruffian | fights | won | mean rounds | " + " | ".join(C.LEVEL_NAMES[lv] for lv in LEVELS) + " |",
                  "|---|---|---|---|" + "---|" * len(LEVELS)]
        for rid in C.RUFFIAN_IDS:
            mine = [f for f in fights if f["rid"] == rid]
            won = sum(1 for f in mine if f["won"])
            rounds = statistics.mean(f["rounds"] for f in mine) if mine else 0
            cells = []
            for lv in LEVELS:
                at = [f for f in mine if f["level"] == lv]
                cells.append(f"{pct(sum(1 for f in at if f['won']), len(at))} of {len(at)}" if at else "—")
            lines.append(f"| {C.RUFFIANS[rid]['name']} | {len(mine)} | {pct(won, len(mine))} | {rounds:.1f} | "
                         + " | ".join(cells) + " |")
        lines += ["", f"## Fights by Town Map level ({level} bots)", "", "| level | fights | won | mean rounds |",
                  "|---|---|---|---|"]
        for lv in LEVELS:
            at = [f for f in fights if f["level"] == lv]
            rounds = statistics.mean(f["rounds"] for f in at) if at else 0
            lines.append(f"| {C.LEVEL_NAMES[lv]} | {len(at)} | {pct(sum(1 for f in at if f['won']), len(at))} | "
                         f"{rounds:.1f} |")
    lines += ["", "Won: the team defeated the Ruffian (or, in a Final Fight, met its win condition). Rounds: the",
              "most turns any townsfolk took in the fight."]
    return "\n".join(lines) + "\n"
