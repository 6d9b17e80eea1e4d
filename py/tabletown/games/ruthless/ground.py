"""The table as shapes: what blocks sight and movement, what is rough ground, and what
gives cover. Built on the engine's geometry; every measurement is an integer number of
hundredths of an inch, and every answer here is the same in CPython and in Pyodide.

How cover is read (Tabletown's reading of "targets in partial or soft cover"):

- Sight runs from the firer's centre to three points of the target's base: its centre and
  the two points at the ends of the diameter across the line of fire. A building or rock
  crossing all three lines hides the target; crossing one or two, the target is partly
  hidden: hard cover (-2).
- A piece that gives cover (hard: embankment, wagon; soft: fence, scrub, doorway, trough,
  haystack) covers the target when the line of fire crosses it within 2" of the target,
  or the target stands in it. A piece the firer stands in does not cover the target.
- Hard cover beats soft cover; they do not add up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Optional

from tabletown.engine.geometry import Circle, Poly, Rect, dist2, distance, segment_hits, step_toward  # noqa: F401 (re-exported)

from . import content as C

Point = tuple[int, int]

# Rules version 2 on: a point offered at a distance is never further than that distance.
# (Version 1 rounded to the nearest hundredth, which could land a hair too far: a suggested
# 6" Move or Drive was refused and fell back to a shorter one.)
WITHIN_FROM_VERSION = 2


def point_at(start: Point, x: float, y: float, d: float, version: int) -> Point:
    """The exact point (x, y), d from `start`, in whole hundredths: the nearest one, or under
    rules version 2 on the nearest one no further than d from `start` (one of the four whole
    points around it; the one rounded toward the start always qualifies)."""
    p = (int(round(x)), int(round(y)))
    if version < WITHIN_FROM_VERSION or math.dist(start, p) <= d:
        return p
    around = [(int(cx), int(cy)) for cx in (math.floor(x), math.ceil(x)) for cy in (math.floor(y), math.ceil(y))]
    within = [q for q in around if math.dist(start, q) <= d]
    return max(within, key=lambda q: (math.dist(start, q), -math.dist(q, (x, y)), q))


# The questions below depend only on the table and the points, and the same ones are asked
# again and again (by legal moves, the view and the bots): their answers are kept.
CACHE = 200_000


@dataclass(frozen=True)
class Piece:
    index: int
    kind: str
    shape: Any
    spec: tuple  # ("rect", (x0, y0, x1, y1)) | ("circle", (cx, cy, r)) | ("poly", ((x, y), ...))
    cover: Optional[str]
    blocks: bool
    impassable: bool
    rough: bool
    label: Optional[str]
    box: tuple[int, int, int, int] = (0, 0, 0, 0)  # bounding box, to skip far pieces quickly

    def touches(self, p: Point, q: Point) -> bool:
        """The segment p–q touches the piece."""
        x0, y0, x1, y1 = self.box
        if max(p[0], q[0]) < x0 or min(p[0], q[0]) > x1 or max(p[1], q[1]) < y0 or min(p[1], q[1]) > y1:
            return False
        return segment_hits(self.shape, p, q)


@dataclass(frozen=True)
class Ground:
    id: str
    width: int
    height: int
    pieces: tuple[Piece, ...]
    zones: tuple[tuple[int, int, int, int], ...]

    blockers: tuple[Piece, ...] = ()
    walls: tuple[Piece, ...] = ()
    rough_pieces: tuple[Piece, ...] = ()
    cover_pieces: tuple[Piece, ...] = ()


@lru_cache(maxsize=None)
def ground(table_id: str) -> Ground:
    row = C.TABLES.by_id[table_id]
    pieces = []
    for i, raw in enumerate(row["pieces"]):
        kind = C.TERRAIN.by_id[raw["kind"]]
        if "rect" in raw:
            x0, y0, x1, y1 = raw["rect"]
            shape, spec = Rect(x0, y0, x1, y1), ("rect", (x0, y0, x1, y1))
        elif "circle" in raw:
            cx, cy, r = raw["circle"]
            shape, spec = Circle(cx, cy, r), ("circle", (cx, cy, r))
        elif "poly" in raw:
            pts = tuple((int(x), int(y)) for x, y in raw["poly"])
            shape, spec = Poly(pts), ("poly", pts)
        else:  # a drawn path (a road): no effect on play
            pts = tuple((int(x), int(y)) for x, y in raw["path"])
            shape, spec = None, ("path", pts, raw.get("width", 300))
        cover = raw["cover"] if "cover" in raw else kind["cover"]
        pieces.append(Piece(i, raw["kind"], shape, spec, cover if shape is not None else None,
                            bool(kind["blocks_sight"]) and shape is not None,
                            bool(kind["impassable"]) and shape is not None,
                            bool(kind["rough"]) and shape is not None, raw.get("label"), _bbox(spec)))
    w, h = row["size"]
    return Ground(table_id, w, h, tuple(pieces), tuple(tuple(z) for z in row["zones"]),
                  tuple(p for p in pieces if p.blocks), tuple(p for p in pieces if p.impassable),
                  tuple(p for p in pieces if p.rough), tuple(p for p in pieces if p.cover))


def _bbox(spec: tuple) -> tuple[int, int, int, int]:
    if spec[0] == "rect":
        return spec[1]
    if spec[0] == "circle":
        cx, cy, r = spec[1]
        return (cx - r, cy - r, cx + r, cy + r)
    xs = [p[0] for p in spec[1]]
    ys = [p[1] for p in spec[1]]
    return (min(xs), min(ys), max(xs), max(ys))


# --- distances to shapes ---------------------------------------------------------------------
def shape_distance(piece: Piece, p: Point) -> float:
    """Distance from `p` to the piece (0 when inside)."""
    kind = piece.spec[0]
    if kind == "rect":
        x0, y0, x1, y1 = piece.spec[1]
        dx = max(x0 - p[0], 0, p[0] - x1)
        dy = max(y0 - p[1], 0, p[1] - y1)
        return math.hypot(dx, dy)
    if kind == "circle":
        cx, cy, r = piece.spec[1]
        return max(0.0, math.hypot(p[0] - cx, p[1] - cy) - r)
    pts = piece.spec[1]
    if piece.shape.contains(p):
        return 0.0
    return min(math.sqrt(seg_point_d2(pts[i], pts[(i + 1) % len(pts)], p)) for i in range(len(pts)))


def seg_point_d2(p: Point, q: Point, c: Point) -> float:
    """Squared distance from `c` to the segment p–q."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    ll = dx * dx + dy * dy
    if ll == 0:
        return dist2(p, c)
    t = max(0.0, min(1.0, ((c[0] - p[0]) * dx + (c[1] - p[1]) * dy) / ll))
    x, y = p[0] + t * dx, p[1] + t * dy
    return (c[0] - x) ** 2 + (c[1] - y) ** 2


# --- places ------------------------------------------------------------------------------------
def on_table(g: Ground, p: Point, r: int) -> bool:
    return r <= p[0] <= g.width - r and r <= p[1] <= g.height - r


def clear_of_walls(g: Ground, p: Point, r: int) -> bool:
    """A base of radius r at p overlaps no building, rock or wagon."""
    return _clear_of_walls(g.id, (p[0], p[1]), r)


@lru_cache(maxsize=CACHE)
def _clear_of_walls(table_id: str, p: Point, r: int) -> bool:
    return all(shape_distance(w, p) >= r for w in ground(table_id).walls)


def walls_crossed(g: Ground, p: Point, q: Point) -> list[Piece]:
    return list(_walls_crossed(g.id, (p[0], p[1]), (q[0], q[1])))


@lru_cache(maxsize=CACHE)
def _walls_crossed(table_id: str, p: Point, q: Point) -> tuple[Piece, ...]:
    return tuple(w for w in ground(table_id).walls if w.touches(p, q))


def rough_crossed(g: Ground, p: Point, q: Point) -> list[Piece]:
    """Rough ground the straight path p→q touches (starting or ending in it counts)."""
    return list(_rough_crossed(g.id, (p[0], p[1]), (q[0], q[1])))


@lru_cache(maxsize=CACHE)
def _rough_crossed(table_id: str, p: Point, q: Point) -> tuple[Piece, ...]:
    return tuple(piece for piece in ground(table_id).rough_pieces if piece.touches(p, q))


def in_cover(g: Ground, p: Point, r: int) -> bool:
    """A base at p is in cover: inside a piece that gives cover, or hugging one."""
    return _in_cover(g.id, (p[0], p[1]), r)


@lru_cache(maxsize=CACHE)
def _in_cover(table_id: str, p: Point, r: int) -> bool:
    return any(shape_distance(piece, p) <= r + C.HUG for piece in ground(table_id).cover_pieces)


def cover_distance(g: Ground, p: Point, r: int) -> float:
    """How far a base at p is from being in cover (0 when in cover)."""
    return _cover_distance(g.id, (p[0], p[1]), r)


@lru_cache(maxsize=CACHE)
def _cover_distance(table_id: str, p: Point, r: int) -> float:
    best = min((shape_distance(piece, p) for piece in ground(table_id).cover_pieces), default=math.inf)
    return max(0.0, best - r - C.HUG)


def in_zone(g: Ground, zone: int, p: Point) -> bool:
    x0, y0, x1, y1 = g.zones[zone]
    return x0 <= p[0] <= x1 and y0 <= p[1] <= y1


# --- sight and cover ---------------------------------------------------------------------------
def sight_lines(f: Point, t: Point, rt: int) -> list[tuple[Point, Point]]:
    """The firer's centre to the target's centre and to both ends of its base across the line."""
    dx, dy = t[0] - f[0], t[1] - f[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return [(f, t)]
    ox, oy = -dy / length * rt * 0.9, dx / length * rt * 0.9
    left = (int(round(t[0] + ox)), int(round(t[1] + oy)))
    right = (int(round(t[0] - ox)), int(round(t[1] - oy)))
    return [(f, t), (f, left), (f, right)]


def sight(g: Ground, f: Point, t: Point, rt: int) -> tuple[bool, bool]:
    """(can see the target at all, the target is partly hidden by a building or rock)."""
    return _sight(g.id, (f[0], f[1]), (t[0], t[1]), rt)


@lru_cache(maxsize=CACHE)
def _sight(table_id: str, f: Point, t: Point, rt: int) -> tuple[bool, bool]:
    g = ground(table_id)
    lines = sight_lines(f, t, rt)
    blocked = [any(b.touches(a, z) for b in g.blockers) for a, z in lines]
    return (not all(blocked), any(blocked))


def cover_pieces_for(g: Ground, f: Point, t: Point, rt: int) -> list[Piece]:
    """The pieces that cover a target at t from a firer at f (not counting sight blockers)."""
    length = math.hypot(t[0] - f[0], t[1] - f[1])
    near = step_toward(t, f, min(C.COVER_REACH + rt, int(length))) if length else t
    near = (near[0], near[1])
    found = []
    for piece in g.cover_pieces:
        if piece.blocks or piece.shape.contains(f):
            continue
        if piece.touches(t, near):
            found.append(piece)
    return found


def cover(g: Ground, f: Point, t: Point, rt: int, ignore_soft: bool = False) -> Optional[str]:
    """'hard', 'soft' or None: the cover a target at t has against a firer at f."""
    return _cover(g.id, (f[0], f[1]), (t[0], t[1]), rt, ignore_soft)


@lru_cache(maxsize=CACHE)
def _cover(table_id: str, f: Point, t: Point, rt: int, ignore_soft: bool) -> Optional[str]:
    g = ground(table_id)
    visible, partly = sight(g, f, t, rt)
    if partly:
        return "hard"
    kinds = {piece.cover for piece in cover_pieces_for(g, f, t, rt)}
    if "hard" in kinds:
        return "hard"
    if "soft" in kinds and not ignore_soft:
        return "soft"
    return None


# --- places to hide ----------------------------------------------------------------------------
@lru_cache(maxsize=None)
def hiding_spots(table_id: str, r: int) -> tuple[tuple[Point, int], ...]:
    """Points where a base of radius r is in cover, each with the index of its piece.

    Around every piece that gives cover (and inside the soft ones), on the table and
    clear of walls. Used for the suggested moves "toward cover" and by the bots.
    """
    g = ground(table_id)
    gap = r + 10
    spots: list[tuple[Point, int]] = []
    for piece in g.cover_pieces:
        kind = piece.spec[0]
        cand: list[Point] = []
        if kind == "rect":
            x0, y0, x1, y1 = piece.spec[1]
            xs = _spread(x0, x1, 200)
            ys = _spread(y0, y1, 200)
            cand += [(x, y0 - gap) for x in xs] + [(x, y1 + gap) for x in xs]
            cand += [(x0 - gap, y) for y in ys] + [(x1 + gap, y) for y in ys]
            if piece.cover == "soft" and not piece.impassable:
                cand += [((x0 + x1) // 2, (y0 + y1) // 2)]
        elif kind == "circle":
            cx, cy, rr = piece.spec[1]
            n = max(8, int(2 * math.pi * (rr + gap) / 200))
            for i in range(n):
                a = 2 * math.pi * i / n
                cand.append((int(round(cx + (rr + gap) * math.cos(a))), int(round(cy + (rr + gap) * math.sin(a)))))
            if piece.cover == "soft":
                cand.append((cx, cy))
        else:
            pts = piece.spec[1]
            for i in range(len(pts)):
                a, b = pts[i], pts[(i + 1) % len(pts)]
                length = math.hypot(b[0] - a[0], b[1] - a[1])
                if length == 0:
                    continue
                nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
                for s in _spread(0, int(length), 200):
                    mx, my = a[0] + (b[0] - a[0]) * s / length, a[1] + (b[1] - a[1]) * s / length
                    for sign in (1, -1):
                        q = (int(round(mx + sign * nx * gap)), int(round(my + sign * ny * gap)))
                        if not piece.shape.contains(q):
                            cand.append(q)
                        elif piece.cover == "soft" and not piece.impassable:
                            cand.append(q)
        for q in cand:
            if on_table(g, q, r) and clear_of_walls(g, q, r) and in_cover(g, q, r):
                spots.append((q, piece.index))
    return tuple(spots)


def _spread(lo: int, hi: int, step: int) -> list[int]:
    """Points from lo to hi, about `step` apart, both ends included."""
    n = max(1, (hi - lo) // step)
    return [lo + (hi - lo) * i // n for i in range(n + 1)]
