"""Tumble Town's balance page, measured by simulation: `python -m tabletown balance tumble-town`.

Every figure comes from bot-only games, seeds from 1, the bots seeded as `simulate` seeds them
(so `simulate` replays any of them). The games are played by the kit's trials
(engine/trials.py): on every core (`--jobs N` for fewer), with progress on stderr, and with
`--resume DIR` kept game by game so that a stopped run goes on where it stopped. Every row has
at least `trials.MIN_GAMES` games in the full run, and every rate its 95 % interval.
`report(quick=True)` plays a handful of games: a smoke test, not figures to publish.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from tabletown.engine import trials
from tabletown.engine.bots import bot_game

from .content import MISSIONS, TOWN_NAMES, TOWN_TYPES, VERDICTS
from .game import BOTS, RULES, SPEC

GAME = SPEC.id
DIFFICULTIES = ("easy", "medium", "hard", "extra-hard")


def play(task: list[Any]) -> dict[str, Any]:
    """One bot game, `[seats, levels, options, seed]`: what the page reads of its end."""
    seats, levels, options, seed = task
    state = RULES.setup(seed, seats, SPEC.normalize(seats, options))
    state = bot_game(RULES, BOTS, levels, state, seed)[0]
    out = RULES.outcome(state)
    res: dict[str, Any] = {"winners": out["winners"], "scores": out["scores"]}
    if seats == 1:
        res.update(verdict=out["verdict_index"], solo_won=out["solo_won"],
                   outlaw=(out["outlaw"] or {}).get("total"), mission=(out["missions"] or [None])[0])
    else:
        res["street"] = [RULES.score_parts(state, s)["street"] for s in range(seats)]
    return res


def _table(head: list[str], rows: list[list[Any]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return out + [""]


def _pct(wins: float, games: int) -> str:
    return trials.percent(wins, games)


def _wins(games: list[dict[str, Any]], seat: int) -> float:
    return sum(1 / len(g["winners"]) for g in games if seat in g["winners"])


def _chart(games: list[dict[str, Any]]) -> list[str]:
    n = len(games)
    scores = sorted(g["scores"][0] for g in games)
    lines = [f"## Solo, No Outlaw scoring chart: the hard bot ({n} games, Easy town)", "",
             f"Mean score {trials.plus_minus(scores)}; median {scores[n // 2]}; best {scores[-1]}; worst {scores[0]}.",
             ""]
    rows = []
    for i, row in enumerate(VERDICTS):
        nxt = VERDICTS[i + 1]["least"] if i + 1 < len(VERDICTS) else None
        span = (f"less than {nxt}" if row["least"] is None else f"{row['least']}–{nxt - 1}" if nxt else f"{row['least']}+")
        rows.append([row["name"], span, n, _pct(sum(g["verdict"] == i for g in games), n)])
    return lines + _table(["verdict", "points", "games", "share of games"], rows)


def _ladder(runs: dict[tuple[str, str], list[dict[str, Any]]]) -> list[str]:
    rows = []
    for (level, difficulty), games in runs.items():
        rows.append([f"{level} bot", difficulty.replace("-", " ").title(), len(games),
                     _pct(sum(g["solo_won"] for g in games), len(games)),
                     trials.plus_minus([g["scores"][0] for g in games]), trials.plus_minus([g["outlaw"] for g in games])])
    return (["## Solo against the Outlaw: the difficulty ladder", "",
             "The player wins with more points than the Outlaw.", ""]
            + _table(["player", "difficulty", "games", "player wins", "player's mean score", "Outlaw's mean score"],
                     rows))


def _missions(runs: dict[int, list[dict[str, Any]]]) -> list[str]:
    rows = []
    for m in MISSIONS:
        games = runs[m["n"]]
        n = len(games)
        res = [g["mission"] for g in games]
        hard = sum(r["success"] and g["scores"][0] > g["outlaw"] for r, g in zip(res, games))
        rows.append([m["n"], f"{m['score']}+", m["text"], n, _pct(sum(r["score_ok"] for r in res), n),
                     _pct(sum(r["extra_ok"] for r in res), n), _pct(sum(r["success"] for r in res), n), _pct(hard, n)])
    return (["## Mission Mode, solo: the hard bot against the Outlaw (Medium)", ""]
            + _table(["mission", "score", "requirement", "games", "score met", "requirement met", "cleared",
                      "cleared in Hard Mode"], rows))


def _seats(runs: dict[tuple[str, int], list[dict[str, Any]]]) -> list[str]:
    rows = []
    for (level, seats), games in runs.items():
        cells = [_pct(_wins(games, s), len(games)) for s in range(seats)] + [""] * (4 - seats)
        rows.append([f"{level} bots", seats, len(games)] + cells
                    + [" / ".join(trials.plus_minus([g["scores"][s] for g in games]) for s in range(seats))])
    return (["## Seat order: the same bot in every seat", "",
             "A fair share is 1/2, 1/3 or 1/4. Seat 1 claims first; later seats start with more dice. The hard "
             "bots' rows are the Seat advantage below.", ""]
            + _table(["bots", "players", "games", "seat 1 wins", "seat 2", "seat 3", "seat 4", "mean scores by seat"],
                     rows))


def _hard_vs_easy(runs: dict[tuple[int, int], list[dict[str, Any]]]) -> list[str]:
    rows = []
    for seats in (2, 3, 4):
        cells = [_pct(_wins(runs[(seats, s)], s), len(runs[(seats, s)])) for s in range(seats)]
        rows.append([seats, len(runs[(seats, 0)]), f"{100 / seats:.0f} %"] + cells + [""] * (4 - seats))
    return (["## One hard bot among easy bots: its wins from each seat", "",
             "Paired seeds: every seed is played with the hard bot in each seat in turn.", ""]
            + _table(["players", "games a seat", "fair share", "hard in seat 1", "seat 2", "seat 3", "seat 4"], rows))


def _towns(runs: dict[str, list[dict[str, Any]]]) -> list[str]:
    rows = []
    for town, games in runs.items():
        rows.append([TOWN_NAMES[town], len(games), trials.plus_minus([sum(g["street"]) / 2 for g in games]),
                     trials.plus_minus([sum(g["scores"]) / 2 for g in games])])
    return (["## Town cards: Main Street points with hard bots (2 players)", "",
             "Each game's mean over its two players, ± the half-width of a 95 % interval.", ""]
            + _table(["Town card", "games", "mean Main Street points", "mean score"], rows))


def tasks_of(n: int, duel_seeds: int) -> dict[tuple, list[list[Any]]]:
    """The page's games by section and row: `n` games a row (seeds from 1), and `duel_seeds`
    seeds of one hard bot among easy bots, each played with the hard bot in every seat."""
    seeds = range(1, n + 1)
    rows: dict[tuple, list[list[Any]]] = {("chart",): [[1, ["hard"], {"mode": "no-outlaw"}, s] for s in seeds]}
    for level in ("hard", "easy"):
        for difficulty in DIFFICULTIES:
            rows[("ladder", level, difficulty)] = [[1, [level], {"mode": "outlaw", "difficulty": difficulty}, s]
                                                   for s in seeds]
    for m in MISSIONS:
        rows[("mission", m["n"])] = [[1, ["hard"], {"mode": "outlaw", "difficulty": "medium", "mission": m["n"]}, s]
                                     for s in seeds]
    for level in ("hard", "easy"):
        for seats in (2, 3, 4):
            rows[("seats", level, seats)] = [[seats, [level] * seats, {}, s] for s in seeds]
    for seats in (2, 3, 4):
        for seed, levels in trials.paired(range(1, duel_seeds + 1), ["hard"] + ["easy"] * (seats - 1)):
            rows.setdefault(("duel", seats, levels.index("hard")), []).append([seats, list(levels), {}, seed])
    for town in TOWN_TYPES:
        rows[("town", town)] = [[2, ["hard", "hard"], {"town": town}, s] for s in seeds]
    return rows


def report(quick: bool = False, jobs: Optional[int] = None, store: str | Path | None = None,
           progress: bool = True) -> str:
    """The balance page: every game played by `trials.run` (on `jobs` processes; with `store`,
    a directory, each finished game is kept there and a stopped run resumes)."""
    rows = tasks_of(*((1, 1) if quick else (trials.MIN_GAMES, trials.MIN_GAMES)))
    tasks = [task for row in rows.values() for task in row]
    tally = trials.Tally()
    results = iter(trials.run(tasks, play, jobs=jobs, progress=progress, store=store,
                              version=str(SPEC.rules_version), tally=tally, label=GAME))
    got = {key: [next(results) for _ in row] for key, row in rows.items()}

    def section(kind: str) -> dict[Any, list[dict[str, Any]]]:
        return {key[1:] if len(key) > 2 else key[1]: games for key, games in got.items() if key[0] == kind}

    lines = [
        "# Tumble Town balance",
        "",
        f"Measured by `python -m tabletown balance tumble-town` under rules version {SPEC.rules_version}: bot-only",
        "games from seed 1, with Tabletown's authored Building Plans, Horses and Town cards (see",
        "[the content notes](../content/tumble-town.md)). Every rate is given with its 95 % interval and the",
        "games it comes from; a tie counts half. " + ("**Quick run: too few games to read.**" if quick else ""),
        "",
    ]
    lines += _chart(got[("chart",)])
    lines += _ladder(section("ladder"))
    lines += _missions(section("mission"))
    lines += _seats(section("seats"))
    lines += trials.seat_table(
        [(f"{seats} players", [_wins(got[("seats", "hard", seats)], s) for s in range(seats)],
          len(got[("seats", "hard", seats)])) for seats in (2, 3, 4)],
        "Solo games have one seat, so nothing to compare.")
    lines += _hard_vs_easy(section("duel"))
    lines += _towns(section("town"))
    lines.append(trials.footer(tally.tasks, tally.cpu))
    return "\n".join(lines) + "\n"
