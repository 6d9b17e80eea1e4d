"""Tavern Tussle's balance page, made from bot games played by `tabletown.cli.simulate`.

    python -m tabletown balance tavern-tussle            # writes docs/balance/tavern-tussle.md
    python -m tabletown balance tavern-tussle --quick    # a small sample, for a smoke test

Three measurements, each at 2, 3 and 4 players and in the 3–4 player Advanced Variant:

- hard bots in every seat: how often each seat wins, and how often each Taverner wins
  against its fair share (the authored content is balanced when every Taverner is within
  0.9–1.1 of it);
- one hard bot against easy bots, from each seat in turn;
- easy bots in every seat, on a larger sample.

Every game is one seeded `simulate` run, so any figure can be replayed.
"""

from __future__ import annotations

import math
from typing import Any

from ...cli import simulate
from .content import TAVERNERS

GAME = "tavern-tussle"
CONFIGS: tuple[tuple[int, bool], ...] = ((2, False), (3, False), (3, True), (4, False), (4, True))
# Hard bots think for a few seconds a game on one core (about 4 s at 2 players, 15 s at 4), so the
# hard samples are what one quiet hour allows; every figure carries its 95 % interval.
FULL = {"hard": 40, "duel": 20, "easy": 500}
QUICK = {"hard": 2, "duel": 1, "easy": 4}
FIRST_SEED = 1


def _options(advanced: bool) -> dict[str, str]:
    return {"advanced": "true"} if advanced else {}


def _label(seats: int, advanced: bool) -> str:
    return f"{seats} players" + (", Advanced" if advanced else "")


def _taverners(seed: int, seats: int, advanced: bool) -> list[int]:
    from .game import RULES, SPEC

    return RULES.setup(seed, seats, SPEC.parse_link_options(seats, _options(advanced)))["tav"]


def play_many(seats: int, advanced: bool, levels: list[str], games: int, first: int = FIRST_SEED) -> dict[str, Any]:
    """`games` seeded games, one `simulate` run each: wins and scores per seat and per Taverner."""
    seat_wins = [0.0] * seats
    seat_score = [0.0] * seats
    tav_wins = [0.0] * len(TAVERNERS)
    tav_games = [0] * len(TAVERNERS)
    tav_score = [0.0] * len(TAVERNERS)
    tav_margin = [0.0] * len(TAVERNERS)
    moves = 0.0
    for seed in range(first, first + games):
        stats = simulate(GAME, 1, seats, levels, _options(advanced), seed)
        tavs = _taverners(seed, seats, advanced)
        for s in range(seats):
            seat_wins[s] += stats["win_rate"][s]
            seat_score[s] += stats["mean_score"][s]
            tav_wins[tavs[s]] += stats["win_rate"][s]
            tav_games[tavs[s]] += 1
            tav_score[tavs[s]] += stats["mean_score"][s]
            best_other = max(stats["mean_score"][p] for p in range(seats) if p != s)
            tav_margin[tavs[s]] += stats["mean_score"][s] - best_other
        moves += stats["mean_moves"]
    return {"games": games, "seat_wins": seat_wins, "seat_score": seat_score, "tav_wins": tav_wins,
            "tav_games": tav_games, "tav_score": tav_score, "tav_margin": tav_margin, "moves": moves / max(games, 1)}


def share(wins: float, games: int, seats: int) -> tuple[float, float]:
    """A Taverner's (or a seat's) win rate over its fair share 1/seats, and the half-width
    of its 95 % interval."""
    if not games:
        return 0.0, 0.0
    p = wins / games
    return p * seats, 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / games) * seats


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def report(quick: bool = False) -> str:
    sizes = QUICK if quick else FULL
    names = [t["animal"] for t in TAVERNERS]
    out = ["# Tavern Tussle — balance", "",
           "Made by `python -m tabletown balance tavern-tussle` from seeded bot games "
           f"(`simulate`, seeds from {FIRST_SEED}); rules version 2." + (" **Quick sample: not for reading.**" if quick
                                                                          else ""),
           "", "A Taverner's *share* is how often it wins divided by its fair share (1 / players); "
           "± is the half-width of a 95 % interval. The content is balanced when every share is within 0.9–1.1.", ""]

    hard = {cfg: play_many(cfg[0], cfg[1], ["hard"], sizes["hard"]) for cfg in CONFIGS}
    out += ["## Taverners, hard bots in every seat", "",
            "| Game | " + " | ".join(names) + " | games |", "|---|" + "---|" * (len(names) + 1)]
    for (seats, adv), res in hard.items():
        cells = []
        for t in range(len(names)):
            value, half = share(res["tav_wins"][t], res["tav_games"][t], seats)
            cells.append(f"{value:.2f} ± {half:.2f}" if res["tav_games"][t] else "—")
        out.append(f"| {_label(seats, adv)} | " + " | ".join(cells) + f" | {res['games']} |")

    out += ["", "Mean final score of each Taverner's player, and in brackets its mean lead over the best other "
            "player (negative: behind), hard bots in every seat:", "",
            "| Game | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for (seats, adv), res in hard.items():
        cells = []
        for t in range(len(names)):
            g = res["tav_games"][t]
            cells.append(f"{res['tav_score'][t] / g:.1f} ({res['tav_margin'][t] / g:+.1f})" if g else "—")
        out.append(f"| {_label(seats, adv)} | " + " | ".join(cells) + " |")

    out += ["", "## Seats, hard bots in every seat", "",
            "| Game | win rate by seat (1st, 2nd, …) | mean score by seat | moves a game |", "|---|---|---|---|"]
    for (seats, adv), res in hard.items():
        g = res["games"]
        wins = " / ".join(_pct(w / g) for w in res["seat_wins"])
        scores = " / ".join(f"{s / g:.1f}" for s in res["seat_score"])
        out.append(f"| {_label(seats, adv)} | {wins} | {scores} | {res['moves']:.0f} |")

    out += ["", "## One hard bot against easy bots, from each seat", "",
            "Fair share: 50 % at 2 players, 33 % at 3, 25 % at 4.", "",
            "| Game | hard in seat 1 | seat 2 | seat 3 | seat 4 | games a seat |", "|---|---|---|---|---|---|"]
    for seats, adv in CONFIGS:
        cells = []
        for s in range(4):
            if s >= seats:
                cells.append("—")
                continue
            levels = ["easy"] * seats
            levels[s] = "hard"
            res = play_many(seats, adv, levels, sizes["duel"])
            cells.append(_pct(res["seat_wins"][s] / res["games"]))
        out.append(f"| {_label(seats, adv)} | " + " | ".join(cells) + f" | {sizes['duel']} |")

    out += ["", "## Easy bots in every seat", "",
            "| Game | win rate by seat | " + " | ".join(names) + " | games |", "|---|---|" + "---|" * (len(names) + 1)]
    for seats, adv in CONFIGS:
        res = play_many(seats, adv, ["easy"], sizes["easy"])
        g = res["games"]
        wins = " / ".join(_pct(w / g) for w in res["seat_wins"])
        cells = [f"{share(res['tav_wins'][t], res['tav_games'][t], seats)[0]:.2f}" for t in range(len(names))]
        out.append(f"| {_label(seats, adv)} | {wins} | " + " | ".join(cells) + f" | {g} |")
    return "\n".join(out) + "\n"
