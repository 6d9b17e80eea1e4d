"""Tavern Tussle's balance page, made from seeded bot games.

    python -m tabletown balance tavern-tussle            # writes docs/balance/tavern-tussle.md
    python -m tabletown balance tavern-tussle --quick    # a small sample, for a smoke test

Set TABLETOWN_JOBS=2 to play the games in two processes (the figures do not change).

Three measurements, each at 2, 3 and 4 players and in the 3–4 player Advanced Variant:

- hard bots in every seat, in a paired design: every deal is played once for each way of
  turning the same Taverners round the table (the Taverners dealt to the seats are rotated
  one seat at a time; the Hero cards and every bot's seed stay), so each Taverner sits in
  every seat with the same cards and the deal's luck cancels out. How often each Taverner
  wins against its fair share (the authored content is balanced when every Taverner is
  within 0.9–1.1 of it), its mean lead over the table, and what its card's Story Points do;
- one hard bot against easy bots, from each seat in turn (`simulate` games);
- easy bots in every seat, on a larger sample (`simulate` games).

Every game is seeded, so any figure can be replayed.
"""

from __future__ import annotations

import math
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ...cli import simulate
from ...engine.bots import choose, next_state
from .content import CURRENT_VERSION, TAVERNERS, taverner_points
from .rules import final_key, luck_showing

GAME = "tavern-tussle"
CONFIGS: tuple[tuple[int, bool], ...] = ((2, False), (3, False), (3, True), (4, False), (4, True))
# Deals of the paired hard measurement (each played once per seat: 2, 3 or 4 games a deal),
# one hard bot against easy bots (games a seat), easy bots (games). A hard game takes about
# 0.4 s of one core at 2 players, 1 s at 3 and 2 s at 4; these sizes are what one shared core
# allowed in one run (set TABLETOWN_JOBS and raise them when cores are free).
FULL = {"deals": {2: 24, 3: 8, 4: 6}, "duel": 6, "easy": 400}
QUICK = {"deals": {2: 1, 3: 1, 4: 1}, "duel": 1, "easy": 4}
FIRST_SEED = 1


def _options(advanced: bool) -> dict[str, str]:
    return {"advanced": "true"} if advanced else {}


def _label(seats: int, advanced: bool) -> str:
    return f"{seats} players" + (", Advanced" if advanced else "")


def _jobs() -> int:
    try:
        return max(1, int(os.environ.get("TABLETOWN_JOBS", "1")))
    except ValueError:
        return 1


# --- the paired hard measurement ------------------------------------------------------------
def play_deal(seats: int, advanced: bool, seed: int) -> list[dict[str, Any]]:
    """One deal played once for each rotation of its Taverners round the table, hard bots in
    every seat: per game the Taverner of each seat, the final scores and what breaks ties."""
    from .game import BOTS, RULES, SPEC

    start = RULES.setup(seed, seats, SPEC.parse_link_options(seats, _options(advanced)))
    games = []
    for turn in range(seats):
        state = dict(start, tav=[start["tav"][(s + turn) % seats] for s in range(seats)])
        step = 0
        while True:
            active = RULES.active(state)
            if not active:
                break
            seat = active[0]
            state = next_state(RULES, state, seat, choose(RULES, BOTS, "hard", state, seat, seed, step))
            step += 1
        outcome = RULES.outcome(state)
        games.append({
            "deal": seed, "tav": list(state["tav"]), "scores": outcome["scores"], "winners": outcome["winners"],
            "bonus": [taverner_points(t, seats, state["v"]) for t in state["tav"]],
            "luck": [luck_showing(t) for t in state["tab"]], "cards": [len(t) for t in state["tab"]],
            "age": [state["ages"].index(s) for s in range(seats)], "moves": step,
        })
    return games


def _play_deal_task(task: tuple[int, bool, int]) -> list[dict[str, Any]]:
    return play_deal(*task)


def _map(fn: Any, tasks: list[Any]) -> list[Any]:
    """fn over the tasks, in TABLETOWN_JOBS processes (in order; the figures do not change)."""
    jobs = _jobs()
    if jobs > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(fn, tasks))
    return [fn(t) for t in tasks]


def paired_games(deals: dict[int, int], first: int = FIRST_SEED) -> dict[tuple[int, bool], list[dict[str, Any]]]:
    tasks = [(seats, adv, seed) for seats, adv in CONFIGS for seed in range(first, first + deals[seats])]
    results = _map(_play_deal_task, tasks)
    out: dict[tuple[int, bool], list[dict[str, Any]]] = {cfg: [] for cfg in CONFIGS}
    for (seats, adv, _), games in zip(tasks, results):
        out[(seats, adv)].extend(games)
    return out


def winners_without_story_points(game: dict[str, Any]) -> list[int]:
    """Who would have won the same game had the Taverner cards added no Story Points."""
    n = len(game["tav"])
    keys = [final_key(game["scores"][s] - game["bonus"][s], game["luck"][s], game["cards"][s], game["age"][s],
                      CURRENT_VERSION, n) for s in range(n)]
    best = max(keys)
    return [s for s in range(n) if keys[s] == best]


def taverner_share(games: list[dict[str, Any]], taverner: int, seats: int,
                   winners: Any = None) -> tuple[float, float, int]:
    """A Taverner's win rate over its fair share 1/seats, the half-width of its 95 % interval,
    and its games. The interval is the wider of two: counted by deal (a deal's games share
    their cards) and as if every game stood alone (a few deals can show no spread at all)."""
    wins: dict[int, float] = {}
    played: dict[int, int] = {}
    for g in games:
        won = winners(g) if winners else g["winners"]
        for s, t in enumerate(g["tav"]):
            if t == taverner:
                played[g["deal"]] = played.get(g["deal"], 0) + 1
                wins[g["deal"]] = wins.get(g["deal"], 0.0) + (1 / len(won) if s in won else 0.0)
    total = sum(played.values())
    if not total:
        return 0.0, 0.0, 0
    p = sum(wins.values()) / total
    spread = sum((wins[d] - p * played[d]) ** 2 for d in played)
    half = 1.96 * max(math.sqrt(spread) / total, math.sqrt(p * (1 - p) / total))
    return p * seats, half * seats, total


def taverner_lead(games: list[dict[str, Any]], taverner: int, with_bonus: bool = True) -> tuple[float, float]:
    """The mean of (its player's score − the table's mean score) and its 95 % half-width."""
    per_deal: dict[int, list[float]] = {}
    for g in games:
        n = len(g["tav"])
        scores = [g["scores"][s] - (0 if with_bonus else g["bonus"][s]) for s in range(n)]
        mean = sum(scores) / n
        for s, t in enumerate(g["tav"]):
            if t == taverner:
                per_deal.setdefault(g["deal"], []).append(scores[s] - mean)
    values = [sum(v) / len(v) for v in per_deal.values()]
    if not values:
        return 0.0, 0.0
    mu = sum(values) / len(values)
    if len(values) < 2:
        return mu, 0.0
    sd = math.sqrt(sum((x - mu) ** 2 for x in values) / (len(values) - 1))
    return mu, 1.96 * sd / math.sqrt(len(values))


# --- the simulate runs -------------------------------------------------------------------------
def _simulate_task(task: tuple[int, bool, tuple[str, ...], int]) -> tuple[list[float], list[int]]:
    """One seeded `simulate` game: each seat's win (shared on a tie) and the seats' Taverners."""
    from .game import RULES, SPEC

    seats, advanced, levels, seed = task
    stats = simulate(GAME, 1, seats, list(levels), _options(advanced), seed)
    return stats["win_rate"], RULES.setup(seed, seats, SPEC.parse_link_options(seats, _options(advanced)))["tav"]


def play_many(seats: int, advanced: bool, levels: list[str], games: int, first: int = FIRST_SEED) -> dict[str, Any]:
    """`games` seeded games, one `simulate` run each: wins per seat and per Taverner."""
    seat_wins = [0.0] * seats
    tav_wins = [0.0] * len(TAVERNERS)
    tav_games = [0] * len(TAVERNERS)
    tasks = [(seats, advanced, tuple(levels), seed) for seed in range(first, first + games)]
    for win_rate, tavs in _map(_simulate_task, tasks):
        for s in range(seats):
            seat_wins[s] += win_rate[s]
            tav_wins[tavs[s]] += win_rate[s]
            tav_games[tavs[s]] += 1
    return {"games": games, "seat_wins": seat_wins, "tav_wins": tav_wins, "tav_games": tav_games}


def share(wins: float, games: int, seats: int) -> tuple[float, float]:
    """A win rate over its fair share 1/seats, and the half-width of its 95 % interval."""
    if not games:
        return 0.0, 0.0
    p = wins / games
    return p * seats, 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / games) * seats


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _story_points_row(seats: int) -> str:
    return " / ".join(f"+{taverner_points(t, seats, CURRENT_VERSION)}" for t in range(len(TAVERNERS)))


def report(quick: bool = False) -> str:
    sizes = QUICK if quick else FULL
    names = [t["animal"] for t in TAVERNERS]
    deals = sizes["deals"]
    out = ["# Tavern Tussle — balance", "",
           "Made by `python -m tabletown balance tavern-tussle` from seeded bot games "
           f"(seeds from {FIRST_SEED}); rules version {CURRENT_VERSION}."
           + (" **Quick sample: not for reading.**" if quick else ""),
           "", "A Taverner's *share* is how often it wins divided by its fair share (1 / players); "
           "± is the half-width of a 95 % interval. The content is balanced when every share is within 0.9–1.1.", ""]

    hard = paired_games(deals)
    out += ["## Taverners, hard bots in every seat", "",
            "Paired deals: every deal is played once for each way of turning its Taverners round the table "
            "(the same Hero cards and bot seeds; the Taverner cards move one seat at a time), so each Taverner "
            "plays every seat's cards. Intervals are counted by deal, and never narrower than if every game "
            "stood alone.", "",
            "| Game | Story Points (" + " / ".join(names) + ") | " + " | ".join(names) + " | deals | games |",
            "|---|---|" + "---|" * (len(names) + 2)]
    for (seats, adv), games in hard.items():
        cells = []
        for t in range(len(names)):
            value, half, played = taverner_share(games, t, seats)
            cells.append(f"{value:.2f} ± {half:.2f}" if played else "—")
        out.append(f"| {_label(seats, adv)} | {_story_points_row(seats)} | " + " | ".join(cells)
                   + f" | {deals[seats]} | {len(games)} |")

    out += ["", "The same games ranked without the Taverner cards' Story Points (the scores of rules version 2; "
            "the bots played knowing the Story Points):", "",
            "| Game | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for (seats, adv), games in hard.items():
        cells = []
        for t in range(len(names)):
            value, half, played = taverner_share(games, t, seats, winners_without_story_points)
            cells.append(f"{value:.2f} ± {half:.2f}" if played else "—")
        out.append(f"| {_label(seats, adv)} | " + " | ".join(cells) + " |")

    out += ["", "Mean lead of each Taverner's player over the table's mean score, in points, with the Story "
            "Points and (in brackets) without them:", "",
            "| Game | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for (seats, adv), games in hard.items():
        cells = []
        for t in range(len(names)):
            lead, half = taverner_lead(games, t)
            bare, _ = taverner_lead(games, t, with_bonus=False)
            cells.append(f"{lead:+.1f} ± {half:.1f} ({bare:+.1f})")
        out.append(f"| {_label(seats, adv)} | " + " | ".join(cells) + " |")

    out += ["", "## Seats, hard bots in every seat", "",
            "| Game | win rate by seat (1st, 2nd, …) | mean score by seat | moves a game |", "|---|---|---|---|"]
    for (seats, adv), games in hard.items():
        g = len(games)
        wins = [sum(1 / len(x["winners"]) for x in games if s in x["winners"]) for s in range(seats)]
        scores = [sum(x["scores"][s] for x in games) for s in range(seats)]
        moves = sum(x["moves"] for x in games) / max(g, 1)
        out.append(f"| {_label(seats, adv)} | " + " / ".join(_pct(w / g) for w in wins) + " | "
                   + " / ".join(f"{s / g:.1f}" for s in scores) + f" | {moves:.0f} |")

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
