"""Tumble Town's balance page, measured by simulation: `python -m tabletown balance tumble-town`.

Win rates and mean scores by seat come from `tabletown.cli.simulate` (bot-only games,
seeds from 1); the figures that need each game's end (the No Outlaw chart's verdicts, the
Outlaw's score, mission checks, Main Street points) play the same games here (the same
seeds, the bots seeded as `simulate` seeds them).
`report(quick=True)` plays a handful of games: a smoke test, not figures to publish.
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable

from tabletown.cli import simulate
from tabletown.engine.bots import bot_game

from .content import MISSIONS, TOWN_NAMES, TOWN_TYPES, VERDICTS
from .game import BOTS, RULES, SPEC

GAME = SPEC.id


def _play(seed: int, seats: int, levels: list[str], options: dict[str, Any]) -> dict[str, Any]:
    state = RULES.setup(seed, seats, SPEC.normalize(seats, options))
    return bot_game(RULES, BOTS, levels, state, seed)[0]


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _table(head: list[str], rows: list[list[Any]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return out + [""]


def _chart(n: int) -> list[str]:
    counts = [0] * len(VERDICTS)
    scores = []
    for seed in range(1, n + 1):
        out = RULES.outcome(_play(seed, 1, ["hard"], {"mode": "no-outlaw"}))
        assert out is not None
        counts[out["verdict_index"]] += 1
        scores.append(out["scores"][0])
    scores.sort()
    lines = [f"## Solo, No Outlaw scoring chart: the hard bot ({n} games, Easy town)", "",
             f"Mean score {sum(scores) / n:.1f}; median {scores[n // 2]}; best {scores[-1]}; worst {scores[0]}.", ""]
    rows = []
    for i, row in enumerate(VERDICTS):
        nxt = VERDICTS[i + 1]["least"] if i + 1 < len(VERDICTS) else None
        span = (f"less than {nxt}" if row["least"] is None else f"{row['least']}–{nxt - 1}" if nxt else f"{row['least']}+")
        rows.append([row["name"], span, _pct(counts[i] / n)])
    return lines + _table(["verdict", "points", "share of games"], rows)


def _ladder(n: int) -> list[str]:
    rows = []
    for level in ("hard", "easy"):
        for difficulty in ("easy", "medium", "hard", "extra-hard"):
            won = mine = outlaw = 0.0
            for seed in range(1, n + 1):  # the games `simulate` plays: seeds from 1, bots seeded alike
                out = RULES.outcome(_play(seed, 1, [level], {"mode": "outlaw", "difficulty": difficulty}))
                assert out is not None
                won += out["solo_won"] / n
                mine += out["scores"][0] / n
                outlaw += out["outlaw"]["total"] / n
            rows.append([f"{level} bot", difficulty.replace("-", " ").title(), _pct(won), f"{mine:.1f}", f"{outlaw:.1f}"])
    return ([f"## Solo against the Outlaw: the difficulty ladder ({n} games each)", "",
             "The player wins with more points than the Outlaw.", ""]
            + _table(["player", "difficulty", "player wins", "player's mean score", "Outlaw's mean score"], rows))


def _missions(n: int) -> list[str]:
    rows = []
    for m in MISSIONS:
        score = extra = both = hard = 0
        for seed in range(1, n + 1):
            st = _play(seed, 1, ["hard"], {"mode": "outlaw", "difficulty": "medium", "mission": m["n"]})
            out = RULES.outcome(st)
            assert out is not None
            res = out["missions"][0]
            score += res["score_ok"]
            extra += res["extra_ok"]
            both += res["success"]
            hard += res["success"] and out["scores"][0] > out["outlaw"]["total"]
        rows.append([m["n"], f"{m['score']}+", m["text"], _pct(score / n), _pct(extra / n), _pct(both / n), _pct(hard / n)])
    return ([f"## Mission Mode, solo: the hard bot against the Outlaw (Medium), {n} games per mission", ""]
            + _table(["mission", "score", "requirement", "score met", "requirement met", "cleared",
                      "cleared in Hard Mode"], rows))


def _seats(n: int) -> list[str]:
    rows = []
    for level in ("hard", "easy"):
        for seats in (2, 3, 4):
            stats = simulate(GAME, n, seats, [level], {}, 1)
            cells = [_pct(w) for w in stats["win_rate"]] + [""] * (4 - seats)
            rows.append([f"{level} bots", seats] + cells + [" / ".join(f"{s:.1f}" for s in stats["mean_score"])])
    return ([f"## Seat order: the same bot in every seat ({n} games each)", "",
             "A fair share is 1/2, 1/3 or 1/4. Seat 1 claims first; later seats start with more dice.", ""]
            + _table(["bots", "players", "seat 1 wins", "seat 2", "seat 3", "seat 4", "mean scores by seat"], rows))


def _hard_vs_easy(n: int) -> list[str]:
    rows = []
    for seats in (2, 3, 4):
        cells = []
        for hard_seat in range(seats):
            levels = ["easy"] * seats
            levels[hard_seat] = "hard"
            stats = simulate(GAME, n, seats, levels, {}, 1)
            cells.append(_pct(stats["win_rate"][hard_seat]))
        rows.append([seats, f"{100 / seats:.0f} %"] + cells + [""] * (4 - seats))
    return ([f"## One hard bot among easy bots: its wins from each seat ({n} games each)", ""]
            + _table(["players", "fair share", "hard in seat 1", "seat 2", "seat 3", "seat 4"], rows))


def _towns(n: int) -> list[str]:
    rows = []
    for town in TOWN_TYPES:
        street = total = 0.0
        for seed in range(1, n + 1):
            st = _play(seed, 2, ["hard", "hard"], {"town": town})
            for s in range(2):
                parts = RULES.score_parts(st, s)
                street += parts["street"] / (2 * n)
                total += parts["total"] / (2 * n)
        rows.append([TOWN_NAMES[town], f"{street:.1f}", f"{total:.1f}"])
    return ([f"## Town cards: Main Street points with hard bots (2 players, {n} games each)", ""]
            + _table(["Town card", "mean Main Street points", "mean score"], rows))


WORKERS = 2  # the sections are independent: measured side by side, in processes of their own


def _section(part: tuple[Callable[[int], list[str]], int]) -> list[str]:
    fn, games = part
    return fn(games)


def _measure(parts: list[tuple[Callable[[int], list[str]], int]], workers: int) -> list[list[str]]:
    """Each section's lines, in order. Every game is a pure function of its seed, so the
    page is the same whether the sections run one after another or side by side."""
    if workers > 1:
        try:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                return list(pool.map(_section, parts))
        except (OSError, NotImplementedError):  # no processes here (a browser): one after another
            pass
    return [_section(part) for part in parts]


def report(quick: bool = False) -> str:
    started = time.perf_counter()

    def n(full: int, small: int) -> int:
        return small if quick else full

    lines = [
        "# Tumble Town balance",
        "",
        f"Measured by `python -m tabletown balance tumble-town` under rules version {SPEC.rules_version}: bot-only",
        "games from seed 1, with Tabletown's authored Building Plans, Horses and Town cards (see",
        "[the content notes](../content/tumble-town.md)). " + ("**Quick run: too few games to read.**" if quick else ""),
        "",
    ]
    parts = [(_chart, n(200, 4)), (_ladder, n(60, 2)), (_missions, n(40, 1)), (_seats, n(60, 2)),
             (_hard_vs_easy, n(30, 1)), (_towns, n(20, 1))]
    for section in _measure(parts, workers=1 if quick else WORKERS):
        lines += section
    lines.append(f"_{time.perf_counter() - started:.0f} s of simulation._")
    return "\n".join(lines) + "\n"
