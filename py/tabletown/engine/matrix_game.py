"""Simultaneous choices as zero-sum matrix games: where two players pick in secret at once and
everything else about the table is known, the best play is a mix of moves (a pure choice can be
read and punished), and the matrix of outcomes says which mix.

`value(m)` is the worth of a game to the row player (rows maximise, columns minimise), exactly
for one row or column or two of each; `equilibrium(m)` gives both players' mixes of any size by
regret matching+ (its average strategies close in on an equilibrium as the iterations grow).
"""

from __future__ import annotations

Matrix = list[list[float]]


def value(m: Matrix, iterations: int = 200) -> float:
    """What the game is worth to the row player when both play well."""
    rows, cols = len(m), len(m[0])
    low = max(min(row) for row in m)  # the best a row guarantees
    high = min(max(m[i][j] for i in range(rows)) for j in range(cols))  # the least a column concedes
    if low >= high - 1e-12:
        return low  # a saddle point: each plays one move
    if rows == 2 and cols == 2:
        (a, b), (c, d) = m  # no saddle point: both mix, in closed form
        return (a * d - b * c) / (a + d - b - c)
    x, y = equilibrium(m, iterations)
    return payoff(m, x, y)


def payoff(m: Matrix, x: list[float], y: list[float]) -> float:
    """The row player's expected outcome when rows are played with weights x, columns with y."""
    return sum(xi * w for xi, w in zip(x, row_worths(m, y)))


def row_worths(m: Matrix, y: list[float]) -> list[float]:
    """Each row's expected outcome against the columns' mix y."""
    return [sum(a * yj for a, yj in zip(row, y)) for row in m]


def equilibrium(m: Matrix, iterations: int = 200) -> tuple[list[float], list[float]]:
    """Both players' mixes (row weights, column weights) by regret matching+."""
    return RegretMatching(m).run(iterations).mixes()


class RegretMatching:
    """Regret matching+ on a matrix game, run a number of iterations at a time (a page can
    spread them over its frames); the later iterations weigh more in the mixes (linear
    averaging)."""

    def __init__(self, m: Matrix):
        self.m = m
        self.columns = [list(col) for col in zip(*m)]
        rows, cols = len(m), len(m[0])
        self.x = [1.0 / rows] * rows
        self.y = [1.0 / cols] * cols
        self.row_regret, self.col_regret = [0.0] * rows, [0.0] * cols
        self.row_sum, self.col_sum = [0.0] * rows, [0.0] * cols
        self.t = 0

    def run(self, iterations: int) -> "RegretMatching":
        m, x, y = self.m, self.x, self.y
        rows, cols = len(x), len(y)
        row_regret, col_regret, row_sum, col_sum = self.row_regret, self.col_regret, self.row_sum, self.col_sum
        for _ in range(iterations):
            self.t += 1
            t = self.t
            row_v = row_worths(m, y)
            col_v = [sum(a * xi for a, xi in zip(col, x)) for col in self.columns]
            v = sum(a * xi for a, xi in zip(row_v, x))
            for i in range(rows):
                row_regret[i] = max(0.0, row_regret[i] + row_v[i] - v)
                row_sum[i] += t * x[i]
            for j in range(cols):
                col_regret[j] = max(0.0, col_regret[j] + v - col_v[j])
                col_sum[j] += t * y[j]
            total = sum(row_regret)
            x = [r / total for r in row_regret] if total > 0 else [1.0 / rows] * rows
            total = sum(col_regret)
            y = [r / total for r in col_regret] if total > 0 else [1.0 / cols] * cols
        self.x, self.y = x, y
        return self

    def mixes(self) -> tuple[list[float], list[float]]:
        """The average strategies so far (row weights, column weights)."""
        rs, cs = sum(self.row_sum), sum(self.col_sum)
        if not rs:
            return list(self.x), list(self.y)
        return [w / rs for w in self.row_sum], [w / cs for w in self.col_sum]
