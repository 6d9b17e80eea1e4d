"""Fit an expert's judgement of a two-player table: its chance of winning (engine/judgement.py).

    PYTHONPATH=py .venv/bin/python tools/fit_judgement.py GAME [--fit 100:3100] [--check 3100:3600]
        [--option NAME=VALUE]

GAME is a game with a judgement module (tavern-tussle, torches-and-pitchforks, ruthless, tumble-town);
`--option` sets a game option as a link does (Ruthless: `scenario=dodge-city`). Plays
two-player games between hard bots (one per seed, on every core), keeps the tables the game's
`table_key` names with who won the game, and fits for each kind of table a logistic model of
the differences between the two players' figures (`differences`; no intercept: a seat's edge
is a feature where a game has one). Prints the `WEIGHTS` to put in the judgement module, and
how well they foretell the winners of the check seeds' games (log loss: lower is better, 0.693
is a coin toss) beside the points lead alone (`rules.tally`, given its best scale; where a game
has no tally, the first of its differences).
"""

from __future__ import annotations

import argparse
import importlib
import math
from typing import Any

from tabletown import games
from tabletown.engine.bots import bot_game
from tabletown.engine.judgement import chance
from tabletown.engine.search import standing
from tabletown.engine.trials import run

Table = tuple[Any, list[float], float, float]  # (its kind, the differences, the points lead, the share of the win)


def judgement_of(game_id: str) -> Any:
    package = games.load(game_id).__name__.rsplit(".", 1)[0]
    return importlib.import_module(package + ".judgement")


def tables(task: tuple[str, int, dict[str, str]]) -> list[Table]:
    """One game between hard bots: each table kept, seen from the first seat."""
    game_id, seed, options = task
    game = games.load(game_id)
    judgement = judgement_of(game_id)
    rules = game.RULES
    state = rules.setup(seed, 2, rules.spec.parse_link_options(2, options))
    kept: list[tuple[Any, list[float], float]] = []
    moves = [0]

    def on_move(seat: int, action: dict, after: dict, events: list) -> None:
        moves[0] += 1
        key = judgement.table_key(after, moves[0])
        if key is not None:
            tally = rules.tally(after)
            x = judgement.differences(after, 0)
            # a game with no public tally (Ruthless): its first figure, the points counted as if it ended now
            kept.append((key, x, float(tally[0] - tally[1]) if tally else x[0]))

    state, _ = bot_game(rules, game.BOTS, ["hard", "hard"], state, seed, on_move)
    won = standing(rules, state, 0)  # the first seat's share of the win
    return [(key, x, lead, won) for key, x, lead in kept]


def fit(xs: list[list[float]], ys: list[float]) -> list[float]:
    """Logistic regression (no intercept) by Newton's method."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(30):
        grad = [0.0] * k
        hess = [[1e-6 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys):
            p = chance(w, x)
            for i in range(k):
                grad[i] += (p - y) * x[i]
                for j in range(i, k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def log_loss(w: list[float], xs: list[list[float]], ys: list[float]) -> float:
    total = 0.0
    for x, y in zip(xs, ys):
        p = min(max(chance(w, x), 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(ys)


def rows(played: list[list[Table]], key: Any) -> tuple[list[list[float]], list[list[float]], list[float]]:
    """The tables of one kind: the differences, the points lead, who won."""
    kept = [t for game in played for t in game if t[0] == key]
    return [t[1] for t in kept], [[t[2]] for t in kept], [t[3] for t in kept]


def _seeds(text: str) -> range:
    a, b = text.split(":")
    return range(int(a), int(b))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", help="a game with a judgement module, such as tavern-tussle")
    ap.add_argument("--fit", default="100:3100", help="seeds of the games fit on (from:to)")
    ap.add_argument("--check", default="3100:3600", help="seeds of the games checked on (from:to)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option, as a link sets it")
    args = ap.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    judgement = judgement_of(args.game)
    fit_seeds, check_seeds = _seeds(args.fit), _seeds(args.check)
    played = run([(args.game, s, options) for s in list(fit_seeds) + list(check_seeds)], tables, label="games")
    fit_games, check_games = played[:len(fit_seeds)], played[len(fit_seeds):]
    print("# " + ", ".join(judgement.FEATURES))
    print("WEIGHTS = {")
    for key in sorted({t[0] for game in fit_games for t in game}):  # the kinds of table these games reach
        xs, leads, ys = rows(fit_games, key)
        w = fit(xs, ys)
        check_xs, check_leads, check_ys = rows(check_games, key)
        lead_w = fit(leads, ys)
        print(f"    {key!r}: ({', '.join(f'{v:.3f}' for v in w)}),"
              f"  # {len(ys)} tables; on {len(check_ys)} others: log loss {log_loss(w, check_xs, check_ys):.3f}, "
              f"the points lead alone {log_loss(lead_w, check_leads, check_ys):.3f}")
    print("}")


if __name__ == "__main__":
    main()
