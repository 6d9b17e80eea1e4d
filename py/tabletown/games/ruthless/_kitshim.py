"""Temporary stand-ins for the game kit's modules (geometry, events, catalogues) with the
kit's documented names; removed when the kit lands on main."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass


def dist2(a, b):
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def distance(a, b):
    return int(round(math.sqrt(dist2(a, b))))


def within(a, b, r):
    return dist2(a, b) <= r * r


def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_seg(p, q, r):
    return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])


def _segs_meet(p1, p2, p3, p4):
    d1, d2 = _cross(p3, p4, p1), _cross(p3, p4, p2)
    d3, d4 = _cross(p1, p2, p3), _cross(p1, p2, p4)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True
    return ((d1 == 0 and _on_seg(p3, p4, p1)) or (d2 == 0 and _on_seg(p3, p4, p2))
            or (d3 == 0 and _on_seg(p1, p2, p3)) or (d4 == 0 and _on_seg(p1, p2, p4)))


@dataclass(frozen=True)
class Rect:
    x0: int
    y0: int
    x1: int
    y1: int

    def contains(self, p):
        return self.x0 <= p[0] <= self.x1 and self.y0 <= p[1] <= self.y1

    @property
    def points(self):
        return [(self.x0, self.y0), (self.x1, self.y0), (self.x1, self.y1), (self.x0, self.y1)]


@dataclass(frozen=True)
class Circle:
    cx: int
    cy: int
    r: int

    def contains(self, p):
        return dist2(p, (self.cx, self.cy)) <= self.r * self.r


@dataclass(frozen=True)
class Poly:
    points: tuple

    def contains(self, p):
        inside = False
        pts = self.points
        n = len(pts)
        for i in range(n):
            a, b = pts[i], pts[(i + 1) % n]
            if _cross(a, b, p) == 0 and _on_seg(a, b, p):
                return True
            if (a[1] > p[1]) != (b[1] > p[1]):
                x = a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
                if p[0] < x:
                    inside = not inside
        return inside


def _seg_point_d2(p, q, c):
    dx, dy = q[0] - p[0], q[1] - p[1]
    ll = dx * dx + dy * dy
    if ll == 0:
        return dist2(p, c)
    t = max(0.0, min(1.0, ((c[0] - p[0]) * dx + (c[1] - p[1]) * dy) / ll))
    x, y = p[0] + t * dx, p[1] + t * dy
    return (c[0] - x) ** 2 + (c[1] - y) ** 2


def segment_hits(shape, p, q):
    if isinstance(shape, Circle):
        return _seg_point_d2(p, q, (shape.cx, shape.cy)) <= shape.r * shape.r
    if shape.contains(p) or shape.contains(q):
        return True
    pts = shape.points
    return any(_segs_meet(p, q, pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))


def length_inside(shape, p, q, steps=64):
    total = math.sqrt(dist2(p, q))
    inside = 0
    for i in range(steps):
        t = (i + 0.5) / steps
        if shape.contains((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)):
            inside += 1
    return total * inside / steps


def line_of_sight(p, q, blockers):
    return not any(segment_hits(s, p, q) for s in blockers)


def crossed(p, q, shapes):
    return [s for s in shapes if segment_hits(s, p, q)]


def step_toward(p, q, d):
    dd = math.sqrt(dist2(p, q))
    if dd == 0:
        return [p[0], p[1]]
    return [int(round(p[0] + (q[0] - p[0]) * d / dd)), int(round(p[1] + (q[1] - p[1]) * d / dd))]


def clamp_reach(p, q, r):
    return [q[0], q[1]] if within(p, q, r) else step_toward(p, q, r)


class Events(list):
    def add(self, t, **fields):
        e = {"t": t}
        e.update(fields)
        self.append(e)
        return e

    def roll(self, rng, sides, **fields):
        value = rng.below(sides) + 1
        self.add("roll", sides=sides, value=value, **fields)
        return value

    def shuffle(self, rng, items, zone):
        rng.shuffle(items)
        self.add("shuffle", zone=zone)

    def reveal(self, **fields):
        self.add("reveal", **fields)


class Catalog:
    def __init__(self, rows):
        self.rows = rows
        self.by_id = {r["id"]: r for r in rows}

    def __len__(self):
        return len(self.rows)


def load_catalog(package, name):
    here = os.path.join(os.path.dirname(__file__), "data", name + ".json")
    with open(here, encoding="utf-8") as f:
        data = json.load(f)
    defaults = data.get("defaults", {})
    rows = []
    for row in data["rows"]:
        full = json.loads(json.dumps(defaults))
        full.update(row)
        rows.append(full)
    return Catalog(rows)


class Effects:
    def __init__(self, game):
        self.game = game
        self.handlers = {}

    def handler(self, name):
        def deco(fn):
            self.handlers[name] = fn
            return fn
        return deco

    def __getitem__(self, name):
        return self.handlers[name]

    def check(self, catalog, field="effect"):
        named = {r[field] for r in catalog.rows if r.get(field)}
        return sorted(named - set(self.handlers)), sorted(set(self.handlers) - named)
