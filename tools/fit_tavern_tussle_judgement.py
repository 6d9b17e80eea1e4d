"""Fit the Tavern Tussle expert's judgement of a two-player table (games/tavern_tussle/judgement.py).

    PYTHONPATH=py .venv/bin/python tools/fit_tavern_tussle_judgement.py [--fit 100:3100] [--check 3100:3600]

Plays two-player games between hard bots (one per seed, on every core), keeps each table at the
start of rounds 2 and 3 with who won the game, and fits by round a logistic model of the
differences between the two tables (`judgement.FEATURES`, the Taverners, the first seat's edge).
Prints the `WEIGHTS` to put in judgement.py, and how well they foretell the winners of the
check seeds' games (log loss: lower is better; 0.693 is a coin toss) beside the hard bot's own
judgement (points and Initiative, `bots._evaluate`, given its best scale).
"""

from __future__ import annotations

import argparse
import math
import sys

from tabletown import games
from tabletown.engine.bots import bot_game
from tabletown.engine.trials import run
from tabletown.games.tavern_tussle.bots import _evaluate
from tabletown.games.tavern_tussle.judgement import FEATURES, WEIGHTS, features, judged

TAVERNERS = 4


def tables(seed: int) -> list[tuple[int, list[float], float, float]]:
    """One game between hard bots: for each round's start, (round, seat 1's figures less seat
    2's, the hard bot's judgement for seat 1, seat 1's share of the win)."""
    game = games.load("tavern-tussle")
    rules = game.RULES
    state = rules.setup(seed, 2, {})
    kept: list[tuple[int, list[float], float]] = []

    def on_move(seat: int, action: dict, after: dict, events: list) -> None:
        if judged(after) and (not kept or kept[-1][0] != after["round"]):
            x = [a - b for a, b in zip(features(after, 0), features(after, 1))]
            x += [float(after["tav"][0] == t) - float(after["tav"][1] == t) for t in range(TAVERNERS - 1)]
            kept.append((after["round"], x, _evaluate(after, 0)))

    state, _ = bot_game(rules, game.BOTS, ["hard", "hard"], state, seed, on_move)
    winners = rules.outcome(state)["winners"]
    won = 1.0 / len(winners) if 0 in winners else 0.0
    return [(r, x, hard, won) for r, x, hard in kept]


def fit(xs: list[list[float]], ys: list[float]) -> list[float]:
    """Logistic regression by Newton's method (the last weight is the intercept)."""
    rows = [x + [1.0] for x in xs]
    k = len(rows[0])
    w = [0.0] * k
    for _ in range(30):
        grad = [0.0] * k
        hess = [[1e-6 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(rows, ys):
            p = 1.0 / (1.0 + math.exp(-sum(a * b for a, b in zip(w, x))))
            for i in range(k):
                grad[i] += (p - y) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
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
        p = 1.0 / (1.0 + math.exp(-(sum(a * b for a, b in zip(w, x)) + w[-1])))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(ys)


def rows(played: list, rnd: int) -> tuple[list[list[float]], list[list[float]], list[float]]:
    """The tables of one round's start: the figures, the hard bot's judgement, who won."""
    kept = [t for game in played for t in game if t[0] == rnd]
    return [t[1] for t in kept], [[t[2]] for t in kept], [t[3] for t in kept]


def _seeds(text: str) -> range:
    a, b = text.split(":")
    return range(int(a), int(b))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fit", default="100:3100", help="seeds of the games fit on (from:to)")
    ap.add_argument("--check", default="3100:3600", help="seeds of the games checked on (from:to)")
    args = ap.parse_args()
    fit_seeds, check_seeds = _seeds(args.fit), _seeds(args.check)
    played = run(list(fit_seeds) + list(check_seeds), tables, label="games")
    fit_games, check_games = played[:len(fit_seeds)], played[len(fit_seeds):]
    print("WEIGHTS = {")
    for rnd in sorted(WEIGHTS):
        xs, hard_xs, ys = rows(fit_games, rnd)
        w = fit(xs, ys)
        n = len(FEATURES)
        line = (f"    {rnd}: (({', '.join(f'{v:.3f}' for v in w[:n])}), "
                f"({', '.join(f'{v:.3f}' for v in w[n:-1])}, 0.0), {w[-1]:.3f}),")
        check_xs, check_hard, check_ys = rows(check_games, rnd)
        hard_w = fit(hard_xs, ys)
        print(line + f"  # {len(ys)} tables; on {len(check_ys)} others: log loss {log_loss(w, check_xs, check_ys):.3f}, "
              f"the hard bot's judgement {log_loss(hard_w, check_hard, check_ys):.3f}")
    print("}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
