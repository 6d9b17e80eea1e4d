"""The fight's grid: squares, the Ruffian's 2 × 2 footprint and facing, distances, costs and paths.

Squares are (column, row) from the top-left (0, 0). A townsfolk stands on one square; the
Ruffian covers the 2 × 2 block whose top-left square is its position. Every distance is
counted in orthogonal steps (never diagonally), from a square to the nearest square of the
footprint. Nothing here knows the game's state: a `Grid` is built from the terrain pieces on
the board and answers geometric questions; what entering a square costs is passed in.

The kit's grid geometry (engine/geometry.py) gives the squares next to a square, the footprint
and distances in steps, and sight. The searches stay here: a step of the Ruffian costs what the
two squares of its leading edge cost (the kit's searches price a step by the square entered
alone), a townsfolk's walk is the cheapest and then the least harmful (two measures, where the
kit's searches have one), and a walk is traced back from its goal, so among equal walks the
one taken is the one the rules have always taken (the kit's grid_path traces forward and would
pick another).
"""

from __future__ import annotations

import heapq
from typing import Callable, Iterable, Optional, Sequence

from tabletown.engine.geometry import footprint, grid_sight, manhattan, neighbours

Cell = tuple[int, int]
Cost = Callable[[Cell], int]
DIRS: dict[str, Cell] = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
ORDER = ("n", "e", "s", "w")  # a fixed order keeps every search deterministic
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}


def cell(value: Sequence[int]) -> Cell:
    return (int(value[0]), int(value[1]))


def foot(pos: Sequence[int]) -> list[Cell]:
    """The four squares the Ruffian covers at `pos` (its top-left square)."""
    return footprint(pos, 2, 2)


def dist_to_cells(sq: Sequence[int], cells: Iterable[Sequence[int]]) -> int:
    return min(manhattan(sq, c) for c in cells)


def dist_to_foot(sq: Sequence[int], pos: Sequence[int]) -> int:
    """Orthogonal steps from a square to the nearest square of the footprint at `pos` (0 inside it)."""
    c, r = sq[0], sq[1]
    dc = max(pos[0] - c, 0, c - (pos[0] + 1))
    dr = max(pos[1] - r, 0, r - (pos[1] + 1))
    return dc + dr


def in_foot(sq: Sequence[int], pos: Sequence[int]) -> bool:
    return pos[0] <= sq[0] <= pos[0] + 1 and pos[1] <= sq[1] <= pos[1] + 1


def step(sq: Sequence[int], direction: str) -> Cell:
    d = DIRS[direction]
    return (sq[0] + d[0], sq[1] + d[1])


def gaps(pos: Sequence[int], cells: Sequence[Sequence[int]]) -> tuple[int, int]:
    """Signed gaps (columns, rows) from the footprint to a group of squares: 0 when they share a band."""
    c0, c1 = min(c[0] for c in cells), max(c[0] for c in cells)
    r0, r1 = min(c[1] for c in cells), max(c[1] for c in cells)
    gx = c0 - (pos[0] + 1) if c0 > pos[0] + 1 else (c1 - pos[0] if c1 < pos[0] else 0)
    gy = r0 - (pos[1] + 1) if r0 > pos[1] + 1 else (r1 - pos[1] if r1 < pos[1] else 0)
    return gx, gy


def facings_toward(pos: Sequence[int], cells: Sequence[Sequence[int]]) -> list[str]:
    """The direction(s) the Ruffian at `pos` turns to face `cells`: along the larger gap; on a
    perfect diagonal both directions (the players choose); [] when it overlaps them."""
    gx, gy = gaps(pos, cells)
    if gx == 0 and gy == 0:
        return []
    hx = "e" if gx > 0 else "w"
    hy = "s" if gy > 0 else "n"
    if abs(gx) > abs(gy):
        return [hx]
    if abs(gy) > abs(gx):
        return [hy]
    return sorted([hx, hy], key=ORDER.index)


def side_of(sq: Sequence[int], pos: Sequence[int], facing: str) -> str:
    """Where a square lies relative to the Ruffian: "front", "back" or "side"."""
    c, r = sq[0], sq[1]
    if facing == "n":
        return "front" if r < pos[1] else ("back" if r > pos[1] + 1 else "side")
    if facing == "s":
        return "front" if r > pos[1] + 1 else ("back" if r < pos[1] else "side")
    if facing == "e":
        return "front" if c > pos[0] + 1 else ("back" if c < pos[0] else "side")
    return "front" if c < pos[0] else ("back" if c > pos[0] + 1 else "side")


def in_line(sq: Sequence[int], pos: Sequence[int], facing: str) -> bool:
    """In front of the Ruffian and within the footprint's two columns (or rows, facing east or west)."""
    if side_of(sq, pos, facing) != "front":
        return False
    if facing in ("n", "s"):
        return pos[0] <= sq[0] <= pos[0] + 1
    return pos[1] <= sq[1] <= pos[1] + 1


def flank_side(sq: Sequence[int], pos: Sequence[int]) -> Optional[str]:
    """The side of the footprint a square is adjacent to ("n", "e", "s", "w"), or None."""
    c, r = sq[0], sq[1]
    if pos[0] <= c <= pos[0] + 1:
        if r == pos[1] - 1:
            return "n"
        if r == pos[1] + 2:
            return "s"
    if pos[1] <= r <= pos[1] + 1:
        if c == pos[0] - 1:
            return "w"
        if c == pos[0] + 2:
            return "e"
    return None


_GRIDS: dict[tuple, "Grid"] = {}


def grid_for(cols: int, rows: int, pieces: list[dict]) -> "Grid":
    """The Grid for these pieces (grids are kept: a fight has only a few terrain layouts)."""
    key = (cols, rows) + tuple((p["t"], p["cells"][0][0], p["cells"][0][1], bool(p.get("gone"))) for p in pieces)
    found = _GRIDS.get(key)
    if found is None:
        if len(_GRIDS) > 256:
            _GRIDS.clear()
        found = _GRIDS[key] = Grid(cols, rows, pieces)
    return found


class Grid:
    """The board with its terrain: what blocks, sight between squares, and searches.

    `pieces` are the fight's terrain pieces: {"t": terrain id, "cells": [[c, r], …], "type":
    "feature"|"obstacle", "gone": bool}.
    """

    def __init__(self, cols: int, rows: int, pieces: list[dict]):
        self.cols = cols
        self.rows = rows
        self.piece_at: dict[Cell, int] = {}
        self.obstacles: set[Cell] = set()
        for i, p in enumerate(pieces):
            if p.get("gone"):
                continue
            for c in p["cells"]:
                sq = (c[0], c[1])
                self.piece_at[sq] = i
                if p["type"] == "obstacle":
                    self.obstacles.add(sq)
        self._sight: dict[tuple, bool] = {}
        # Where the 2 × 2 Ruffian fits, and its moves from each such position (searched often).
        blocked = {(x - dx, y - dy) for x, y in self.obstacles for dx in (0, 1) for dy in (0, 1)}
        self.fits: set[Cell] = {(c, r) for r in range(rows - 1) for c in range(cols - 1) if (c, r) not in blocked}
        self.moves: dict[Cell, list[tuple[str, Cell]]] = {}
        for p in self.fits:
            out = []
            for d in ORDER:
                dx, dy = DIRS[d]
                n = (p[0] + dx, p[1] + dy)
                if n in self.fits:
                    out.append((d, n))
            self.moves[p] = out

    # --- squares -----------------------------------------------------------------------------
    def on_board(self, sq: Sequence[int]) -> bool:
        return 0 <= sq[0] < self.cols and 0 <= sq[1] < self.rows

    def squares(self) -> list[Cell]:
        return [(c, r) for r in range(self.rows) for c in range(self.cols)]

    def neighbours(self, sq: Sequence[int]) -> list[Cell]:
        """The squares next to `sq` on the board, north, east, south, west (the kit's order)."""
        return neighbours(sq, (self.cols, self.rows))

    def ruffian_fits(self, pos: Sequence[int]) -> bool:
        """All four squares on the board and none of them an obstacle (townsfolk do not block)."""
        return (pos[0], pos[1]) in self.fits

    def ruffian_positions(self) -> list[Cell]:
        return [(c, r) for r in range(self.rows - 1) for c in range(self.cols - 1) if (c, r) in self.fits]

    # --- the Ruffian's movement ---------------------------------------------------------------
    @staticmethod
    def ruffian_step_cost(frm: Sequence[int], to: Sequence[int], cost: Optional[Cost]) -> int:
        """MVMT for one step of the footprint: the highest cost among the squares it newly covers
        (one orthogonal step newly covers the two squares of its leading edge)."""
        if cost is None:
            return 1
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        if dx == 1:
            new = ((to[0] + 1, to[1]), (to[0] + 1, to[1] + 1))
        elif dx == -1:
            new = ((to[0], to[1]), (to[0], to[1] + 1))
        elif dy == 1:
            new = ((to[0], to[1] + 1), (to[0] + 1, to[1] + 1))
        else:
            new = ((to[0], to[1]), (to[0] + 1, to[1]))
        return max(1, cost(new[0]), cost(new[1]))

    def ruffian_moves(self, pos: Sequence[int]) -> list[tuple[str, Cell]]:
        return self.moves.get((pos[0], pos[1]), [])

    def ruffian_costs(self, start: Sequence[int], cost: Optional[Cost]) -> dict[Cell, int]:
        """Least MVMT from `start` to every position the Ruffian can reach."""
        origin = (start[0], start[1])
        dist = {origin: 0}
        heap = [(0, origin)]
        while heap:
            d, cur = heapq.heappop(heap)
            if d > dist[cur]:
                continue
            for _, nxt in self.ruffian_moves(cur):
                nd = d + self.ruffian_step_cost(cur, nxt, cost)
                if nd < dist.get(nxt, nd + 1):
                    dist[nxt] = nd
                    heapq.heappush(heap, (nd, nxt))
        return dist

    def ruffian_costs_to(self, goals: Iterable[Cell], cost: Optional[Cost]) -> dict[Cell, int]:
        """Least MVMT from every position to the nearest of `goals` (a search backwards)."""
        dist: dict[Cell, int] = {}
        heap: list[tuple[int, Cell]] = []
        for g in goals:
            if self.ruffian_fits(g):
                dist[g] = 0
                heap.append((0, g))
        heapq.heapify(heap)
        while heap:
            d, cur = heapq.heappop(heap)
            if d > dist[cur]:
                continue
            for _, prev in self.ruffian_moves(cur):
                nd = d + self.ruffian_step_cost(prev, cur, cost)
                if nd < dist.get(prev, nd + 1):
                    dist[prev] = nd
                    heapq.heappush(heap, (nd, prev))
        return dist

    def ruffian_paths(self, start: Cell, goals: set[Cell], budget: int, cost: Optional[Cost],
                      most: int = 400) -> list[list[Cell]]:
        """The Ruffian's positions along every cheapest path from `start` to the nearest goal, each
        cut where the MVMT `budget` runs out (at most `most`, in a fixed order, start included)."""
        to_goal = self.ruffian_costs_to(goals, cost)
        if start not in to_goal:
            return []
        out: list[list[Cell]] = []
        seen: set[tuple[Cell, ...]] = set()

        def keep(path: list[Cell]) -> None:
            key = tuple(path)
            if key not in seen:
                seen.add(key)
                out.append(list(path))

        def walk(cur: Cell, spent: int, path: list[Cell]) -> None:
            if len(out) >= most:
                return
            if to_goal[cur] == 0:
                keep(path)
                return
            for _, nxt in self.ruffian_moves(cur):
                if nxt not in to_goal:
                    continue
                c = self.ruffian_step_cost(cur, nxt, cost)
                if to_goal[cur] != c + to_goal[nxt]:
                    continue
                if spent + c > budget:
                    keep(path)  # this way the MVMT runs out here
                    continue
                path.append(nxt)
                walk(nxt, spent + c, path)
                path.pop()

        walk(start, 0, [start])
        return out

    @staticmethod
    def reach_to(costs: dict[Cell, int], target: Sequence[int]) -> Optional[int]:
        """MVMT the Ruffian needs to end adjacent to the square `target` (None: it cannot)."""
        best: Optional[int] = None
        c, r = target[0], target[1]
        for pc in range(c - 2, c + 2):
            for pr in range(r - 2, r + 2):
                p = (pc, pr)
                if p in costs and dist_to_foot(target, p) == 1:
                    if best is None or costs[p] < best:
                        best = costs[p]
        return best

    # --- townsfolk movement --------------------------------------------------------------------
    def folk_costs(self, start: Sequence[int], blocked: set[Cell], budget: int, cost: Optional[Cost] = None,
                   harm: Optional[Callable[[Cell], bool]] = None) -> dict[Cell, tuple[int, int]]:
        """(MVMT, harmful squares entered) to every square a townsfolk can walk to within `budget`.

        `blocked`: squares that cannot be entered (the Ruffian's); obstacles never can. Other townsfolk
        may be passed through (the caller drops the squares they stand on as destinations).
        `cost`: what entering a square costs (default 1). Among equally cheap ways, the one entering
        the fewest harmful squares is kept.
        """
        origin = (start[0], start[1])
        best = {origin: (0, 0)}
        heap = [(0, 0, origin)]
        while heap:
            d, h, cur = heapq.heappop(heap)
            if (d, h) > best[cur]:
                continue
            for nxt in self.neighbours(cur):
                if nxt in self.obstacles or nxt in blocked:
                    continue
                nd = d + (1 if cost is None else cost(nxt))
                if nd > budget:
                    continue
                nh = h + (1 if harm is not None and harm(nxt) else 0)
                if (nd, nh) < best.get(nxt, (nd + 1, 0)):
                    best[nxt] = (nd, nh)
                    heapq.heappush(heap, (nd, nh, nxt))
        return best

    def folk_path(self, start: Sequence[int], goal: Sequence[int], blocked: set[Cell], budget: int,
                  cost: Optional[Cost] = None, harm: Optional[Callable[[Cell], bool]] = None) -> Optional[list[Cell]]:
        """The squares entered on a cheapest, least harmful walk from start to goal (goal included)."""
        costs = self.folk_costs(start, blocked, budget, cost, harm)
        target = (goal[0], goal[1])
        if target not in costs:
            return None
        origin = (start[0], start[1])
        path = []
        cur = target
        while cur != origin:
            path.append(cur)
            d, h = costs[cur]
            here = 1 if cost is None else cost(cur)
            here_h = 1 if harm is not None and harm(cur) else 0
            for prev in self.neighbours(cur):
                if prev in costs and costs[prev] == (d - here, h - here_h):
                    cur = prev
                    break
            else:  # pragma: no cover - the search always leaves a way back
                return None
        path.reverse()
        return path

    # --- sight -----------------------------------------------------------------------------------
    def sight(self, a_cells: Iterable[Sequence[int]], b_cells: Iterable[Sequence[int]]) -> bool:
        """A straight line from some point of a square of `a` to some point of a square of `b`
        that touches no obstacle square (the kit's grid_sight, remembered per layout)."""
        key = (tuple((c[0], c[1]) for c in a_cells), tuple((c[0], c[1]) for c in b_cells))
        found = self._sight.get(key)
        if found is None:
            found = self._sight[key] = grid_sight(list(key[0]), list(key[1]), self.obstacles)
        return found
