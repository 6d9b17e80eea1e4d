"""Geometry for the spatial games, in integers so a replay is exact on every Python.

Tables are measured in hundredths of an inch: a point is (x, y) with x to the right and
y down, as in SVG. Grids count squares: a cell is (col, row); a cell spans the unit
square [col, col+1] × [row, row+1]. Shapes and segments are tested exactly with
integer arithmetic (touching counts as hitting); only `length_inside` returns a float.

Table:  dist2, distance, within, step_toward, Rect, Circle, Poly (contains, hits),
        segment_hits, crossed, line_of_sight, length_inside
Grid:   neighbours, manhattan, footprint, grid_distances, grid_path, grid_paths_all,
        grid_sight
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional, Sequence, Union

Point = Sequence[int]
Cell = tuple[int, int]


# --- points -----------------------------------------------------------------------------------


def dist2(a: Point, b: Point) -> int:
    dx, dy = a[0] - b[0], a[1] - b[1]
    return dx * dx + dy * dy


def distance(a: Point, b: Point) -> int:
    """The distance from a to b, rounded to the nearest whole unit."""
    return int(math.isqrt(4 * dist2(a, b)) + 1) // 2


def within(a: Point, b: Point, r: int) -> bool:
    """True when b is at most r from a (exact)."""
    return dist2(a, b) <= r * r


def step_toward(p: Point, q: Point, d: int) -> tuple[int, int]:
    """The point d units from p toward q (q itself when it is nearer than d)."""
    total2 = dist2(p, q)
    if total2 <= d * d:
        return (q[0], q[1])
    total = math.sqrt(total2)
    return (p[0] + round((q[0] - p[0]) * d / total), p[1] + round((q[1] - p[1]) * d / total))


def _orient(a: Point, b: Point, c: Point) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_meet(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when segments p1p2 and q1q2 share a point (touching included)."""
    o1, o2 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    o3, o4 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    if o1 != o2 and o3 != o4:
        return True
    return (
        (o1 == 0 and _on_segment(p1, p2, q1))
        or (o2 == 0 and _on_segment(p1, p2, q2))
        or (o3 == 0 and _on_segment(q1, q2, p1))
        or (o4 == 0 and _on_segment(q1, q2, p2))
    )


# --- shapes -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rect:
    x0: int
    y0: int
    x1: int
    y1: int
    tag: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.x0 > self.x1 or self.y0 > self.y1:
            raise ValueError("a Rect runs from its top-left to its bottom-right corner")

    def contains(self, p: Point) -> bool:
        return self.x0 <= p[0] <= self.x1 and self.y0 <= p[1] <= self.y1

    def corners(self) -> list[tuple[int, int]]:
        return [(self.x0, self.y0), (self.x1, self.y0), (self.x1, self.y1), (self.x0, self.y1)]

    def hits(self, p: Point, q: Point) -> bool:
        if self.contains(p) or self.contains(q):
            return True
        c = self.corners()
        return any(segments_meet(p, q, c[i], c[(i + 1) % 4]) for i in range(4))


@dataclass(frozen=True)
class Circle:
    cx: int
    cy: int
    r: int
    tag: str = field(default="", compare=False)

    def contains(self, p: Point) -> bool:
        return dist2((self.cx, self.cy), p) <= self.r * self.r

    def hits(self, p: Point, q: Point) -> bool:
        """The segment comes within r of the centre (exact, in integers)."""
        c = (self.cx, self.cy)
        dx, dy = q[0] - p[0], q[1] - p[1]
        ex, ey = c[0] - p[0], c[1] - p[1]
        dd = dx * dx + dy * dy
        if dd == 0:
            return self.contains(p)
        dot = ex * dx + ey * dy
        if dot <= 0:
            return self.contains(p)
        if dot >= dd:
            return self.contains(q)
        # squared distance from c to the line, times dd: |e|²·dd − (e·d)²
        return (ex * ex + ey * ey) * dd - dot * dot <= self.r * self.r * dd


@dataclass(frozen=True)
class Poly:
    points: tuple[tuple[int, int], ...]
    tag: str = field(default="", compare=False)

    def contains(self, p: Point) -> bool:
        pts = self.points
        n = len(pts)
        for i in range(n):  # on the boundary counts as inside
            a, b = pts[i], pts[(i + 1) % n]
            if _orient(a, b, p) == 0 and _on_segment(a, b, p):
                return True
        inside = False
        for i in range(n):
            a, b = pts[i], pts[(i + 1) % n]
            if (a[1] > p[1]) != (b[1] > p[1]):
                # x of the edge at height p[1], compared without division
                lhs = (p[0] - a[0]) * (b[1] - a[1])
                rhs = (b[0] - a[0]) * (p[1] - a[1])
                if (b[1] - a[1] > 0 and lhs < rhs) or (b[1] - a[1] < 0 and lhs > rhs):
                    inside = not inside
        return inside

    def hits(self, p: Point, q: Point) -> bool:
        if self.contains(p) or self.contains(q):
            return True
        pts = self.points
        return any(segments_meet(p, q, pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))


Shape = Union[Rect, Circle, Poly]


def segment_hits(shape: Shape, p: Point, q: Point) -> bool:
    return shape.hits(p, q)


def crossed(p: Point, q: Point, shapes: Iterable[Shape]) -> list[Shape]:
    """The shapes the segment pq touches, in the order given."""
    return [s for s in shapes if s.hits(p, q)]


def line_of_sight(p: Point, q: Point, blockers: Iterable[Shape]) -> bool:
    """True when the straight line from p to q touches no blocker.

    A blocker that contains p or q does not block (a model in a doorway or at a window
    sees out, and can be seen)."""
    return not any(b.hits(p, q) for b in blockers if not b.contains(p) and not b.contains(q))


def length_inside(shape: Shape, p: Point, q: Point, samples: int = 0) -> float:
    """How much of the segment pq lies inside `shape` (same units), exact for Rect and Circle."""
    length = math.sqrt(dist2(p, q))
    if length == 0:
        return 0.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    if isinstance(shape, Rect):
        t0, t1 = 0.0, 1.0
        for pv, dv, lo, hi in ((p[0], dx, shape.x0, shape.x1), (p[1], dy, shape.y0, shape.y1)):
            if dv == 0:
                if not lo <= pv <= hi:
                    return 0.0
                continue
            a, b = (lo - pv) / dv, (hi - pv) / dv
            t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
        return max(0.0, t1 - t0) * length
    if isinstance(shape, Circle):
        fx, fy = p[0] - shape.cx, p[1] - shape.cy
        a = dx * dx + dy * dy
        b = 2 * (fx * dx + fy * dy)
        c = fx * fx + fy * fy - shape.r * shape.r
        disc = b * b - 4 * a * c
        if disc <= 0:
            return 0.0
        root = math.sqrt(disc)
        t0, t1 = max(0.0, (-b - root) / (2 * a)), min(1.0, (-b + root) / (2 * a))
        return max(0.0, t1 - t0) * length
    # A polygon: split the segment where it crosses edges and test each piece's middle.
    ts = {0.0, 1.0}
    pts = shape.points
    for i in range(len(pts)):
        a_, b_ = pts[i], pts[(i + 1) % len(pts)]
        ex, ey = b_[0] - a_[0], b_[1] - a_[1]
        den = dx * ey - dy * ex
        if den == 0:
            continue
        t = ((a_[0] - p[0]) * ey - (a_[1] - p[1]) * ex) / den
        u = ((a_[0] - p[0]) * dy - (a_[1] - p[1]) * dx) / den
        if 0 <= t <= 1 and 0 <= u <= 1:
            ts.add(t)
    cuts = sorted(ts)
    inside = 0.0
    for t0, t1 in zip(cuts, cuts[1:]):
        mid = (t0 + t1) / 2
        if shape.contains((round(p[0] + dx * mid), round(p[1] + dy * mid))):
            inside += t1 - t0
    return inside * length


# --- grids ---------------------------------------------------------------------------------------

ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))  # up, right, down, left: a fixed order keeps paths deterministic


def manhattan(a: Sequence[int], b: Sequence[int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def neighbours(cell: Sequence[int], size: Sequence[int]) -> list[Cell]:
    """The orthogonally adjacent cells inside a grid of `size` = (cols, rows)."""
    c, r = cell[0], cell[1]
    return [(c + dc, r + dr) for dc, dr in ORTHOGONAL if 0 <= c + dc < size[0] and 0 <= r + dr < size[1]]


def footprint(cell: Sequence[int], w: int = 1, h: int = 1) -> list[Cell]:
    """The cells a piece of w × h squares covers when its top-left square is `cell`."""
    return [(cell[0] + i, cell[1] + j) for j in range(h) for i in range(w)]


def _fits(cell: Cell, size: Sequence[int], blocked: set[Cell], w: int, h: int) -> bool:
    if not (0 <= cell[0] and 0 <= cell[1] and cell[0] + w <= size[0] and cell[1] + h <= size[1]):
        return False
    return not any(c in blocked for c in footprint(cell, w, h))


def grid_distances(
    start: Sequence[int],
    blocked: Iterable[Sequence[int]],
    size: Sequence[int],
    w: int = 1,
    h: int = 1,
    cost: Optional[Callable[[Cell], int]] = None,
    limit: Optional[int] = None,
) -> dict[Cell, int]:
    """Fewest movement points from `start` to every reachable position (orthogonal steps).

    A piece of w × h squares stands where its top-left square is; every square it would
    cover must be free. `cost(cell)` is what entering a position costs (default 1).
    """
    blocked_set = {(c[0], c[1]) for c in blocked}
    origin = (start[0], start[1])
    dist = {origin: 0}
    if cost is None:
        queue = deque([origin])
        while queue:
            cur = queue.popleft()
            if limit is not None and dist[cur] >= limit:
                continue
            for nxt in neighbours(cur, (size[0] - w + 1, size[1] - h + 1)):
                if nxt not in dist and _fits(nxt, size, blocked_set, w, h):
                    dist[nxt] = dist[cur] + 1
                    queue.append(nxt)
        return dist
    entered = cost
    return _cheapest(origin, size, blocked_set, w, h, lambda cur, nxt: entered(nxt), limit)


def _cheapest(origin: Cell, size: Sequence[int], blocked_set: set[Cell], w: int, h: int,
              step: Callable[[Cell, Cell], int], limit: Optional[int] = None) -> dict[Cell, int]:
    """Cheapest total cost from `origin` to each position a w × h piece fits, where going from a
    position to a neighbour costs `step(position, neighbour)` (Dijkstra); totals over `limit` are dropped."""
    import heapq

    dist = {origin: 0}
    heap = [(0, origin)]
    while heap:
        d, cur = heapq.heappop(heap)
        if d > dist.get(cur, d):
            continue
        for nxt in neighbours(cur, (size[0] - w + 1, size[1] - h + 1)):
            if not _fits(nxt, size, blocked_set, w, h):
                continue
            nd = d + step(cur, nxt)
            if limit is not None and nd > limit:
                continue
            if nd < dist.get(nxt, nd + 1):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return dist


def grid_path(
    start: Sequence[int],
    goal: Sequence[int],
    blocked: Iterable[Sequence[int]],
    size: Sequence[int],
    w: int = 1,
    h: int = 1,
    cost: Optional[Callable[[Cell], int]] = None,
) -> Optional[list[Cell]]:
    """One shortest orthogonal path from start to goal (both included), or None.

    Among equal paths it prefers steps in the order up, right, down, left."""
    paths = grid_paths_all(start, goal, blocked, size, w, h, cost, most=1)
    return paths[0] if paths else None


def grid_paths_all(
    start: Sequence[int],
    goal: Sequence[int],
    blocked: Iterable[Sequence[int]],
    size: Sequence[int],
    w: int = 1,
    h: int = 1,
    cost: Optional[Callable[[Cell], int]] = None,
    most: int = 64,
) -> list[list[Cell]]:
    """Every shortest path from start to goal (at most `most` of them), in a fixed order."""
    blocked_list = [(c[0], c[1]) for c in blocked]
    origin, target = (start[0], start[1]), (goal[0], goal[1])
    if cost is None:
        from_goal = grid_distances(target, blocked_list, size, w, h)
    else:  # with costs, what it takes to reach the goal is measured in costs too
        from_goal = _cost_to_goal(target, blocked_list, size, w, h, cost)
    if origin not in from_goal:
        return []
    blocked_set = set(blocked_list)
    out: list[list[Cell]] = []

    def step_cost(cell: Cell) -> int:
        return 1 if cost is None else cost(cell)

    def walk(cur: Cell, path: list[Cell]) -> None:
        if len(out) >= most:
            return
        if cur == target:
            out.append(list(path))
            return
        for nxt in neighbours(cur, (size[0] - w + 1, size[1] - h + 1)):
            if nxt in from_goal and _fits(nxt, size, blocked_set, w, h) and from_goal[cur] == step_cost(nxt) + from_goal[nxt]:
                path.append(nxt)
                walk(nxt, path)
                path.pop()

    walk(origin, [origin])
    return out


def _cost_to_goal(goal: Cell, blocked: list[Cell], size: Sequence[int], w: int, h: int, cost: Callable[[Cell], int]) -> dict[Cell, int]:
    """Cost of the cheapest path from each position to `goal`, paying for each cell entered:
    searched backwards from the goal, where stepping back from `cur` to `prev` costs entering `cur`."""
    return _cheapest(goal, size, set(blocked), w, h, lambda cur, prev: cost(cur))


# Points sampled inside a square, in eighths: near each corner, the edge middles and the centre.
_SAMPLES = (1, 4, 7)


def grid_sight(a_cells: Iterable[Sequence[int]], b_cells: Iterable[Sequence[int]], obstacles: Iterable[Sequence[int]]) -> bool:
    """True when a straight line from some point of a square of `a` to some point of a
    square of `b` touches no obstacle square (squares of a or b themselves never block).

    Points are sampled on a 3 × 3 lattice inside each square (near the corners, the edge
    middles and the centre), so a line grazing an obstacle's corner counts as touching it.
    """
    a = [(c[0], c[1]) for c in a_cells]
    b = [(c[0], c[1]) for c in b_cells]
    own = set(a) | set(b)
    blocks = [(o[0], o[1]) for o in obstacles if (o[0], o[1]) not in own]
    rects = [Rect(8 * o[0], 8 * o[1], 8 * o[0] + 8, 8 * o[1] + 8) for o in blocks]

    def points(cell: Cell) -> list[tuple[int, int]]:
        return [(8 * cell[0] + i, 8 * cell[1] + j) for j in _SAMPLES for i in _SAMPLES]

    for ca in a:
        for cb in b:
            x0, x1 = sorted((ca[0], cb[0]))
            y0, y1 = sorted((ca[1], cb[1]))
            near = [r for r, o in zip(rects, blocks) if x0 <= o[0] <= x1 and y0 <= o[1] <= y1]
            if not near:
                return True
            pa, pb = points(ca), points(cb)
            # the centres first: the common case answers at once
            order_a = [pa[4]] + pa[:4] + pa[5:]
            order_b = [pb[4]] + pb[:4] + pb[5:]
            for p in order_a:
                for q in order_b:
                    if not any(r.hits(p, q) for r in near):
                        return True
    return False
