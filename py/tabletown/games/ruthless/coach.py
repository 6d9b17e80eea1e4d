"""The stagecoach of Riding Shotgun.

The coach is a 2" by 6" body (coach and team together) with a facing. Its driver sits on
the box; the guard rides shotgun beside him; passengers ride inside. Once a turn the
driver may Drive (an action): the coach turns up to 45° and rolls straight ahead up to 6"
(3" if the way touches rough ground). Whip the team (an action, before the Drive) adds 3"
to this turn's Drive (1.5" in rough ground). The team is two pairs of horses; each pair dies after three hits
(the coach then drives half as far), and with both pairs dead the coach stands. A Drive
that runs over a model rams it: the model is thrown aside and takes one roll on the wound
table (two if the team was whipped); a rider's horse takes the hit instead. A coach driven
off the east edge has got away.
"""

from __future__ import annotations

import math
from typing import Any, Optional

from . import content as C
from . import ground as G
from . import models as M

LENGTH, WIDTH = 600, 200
BOX_SEATS, INSIDE_SEATS = 2, 4


def spec(state: M.State) -> dict[str, Any]:
    return C.SCENARIOS.by_id[state["scenario"]]["coach"]


def corners(coach: dict[str, Any], pos: Optional[list[int]] = None, facing: Optional[int] = None) -> list[tuple[int, int]]:
    cx, cy = pos if pos is not None else coach["pos"]
    a = math.radians(facing if facing is not None else coach["facing"])
    dx, dy = math.cos(a), math.sin(a)
    px, py = -dy, dx
    hl, hw = LENGTH / 2, WIDTH / 2
    out = []
    for sl, sw in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
        out.append((int(round(cx + sl * hl * dx + sw * hw * px)), int(round(cy + sl * hl * dy + sw * hw * py))))
    return out


def team_point(coach: dict[str, Any]) -> list[int]:
    a = math.radians(coach["facing"])
    return [int(round(coach["pos"][0] + 200 * math.cos(a))), int(round(coach["pos"][1] + 200 * math.sin(a)))]


def _poly_seg_d2(poly: list[tuple[int, int]], p, q) -> float:
    from tabletown.engine.geometry import Poly, segment_hits
    if segment_hits(Poly(tuple(poly)), p, q):
        return 0.0
    best = min(G.seg_point_d2(p, q, c) for c in poly)
    for i in range(len(poly)):
        a, b = poly[i], poly[(i + 1) % len(poly)]
        best = min(best, G.seg_point_d2(a, b, p), G.seg_point_d2(a, b, q))
    return best


def corridor_hits_coach(coach: dict[str, Any], p, q, r: int) -> bool:
    """A base of radius r moving p→q would touch the coach."""
    return _poly_seg_d2(corners(coach), p, q) < r * r


def near_coach(coach: dict[str, Any], p, r: int) -> bool:
    """A base at p is in contact with the coach (to board it or grab the strongbox)."""
    return _poly_seg_d2(corners(coach), p, p) <= (r + C.CONTACT) ** 2


def driver(state: M.State) -> Optional[M.Model]:
    for m in M.chars(state):
        if m["driver"] and m["aboard"] == "box" and m["status"] == M.OK:
            return m
    return None


def seats_taken(state: M.State, where: str) -> int:
    return sum(1 for m in M.chars(state) if m["aboard"] == where and m["status"] in (M.OK, M.DOWN))


def drive_limit(state: M.State, rough: bool) -> int:
    coach = state["coach"]
    sp = spec(state)
    pairs_dead = coach["hits"] // sp["pair"]
    if pairs_dead >= 2:
        return 0
    base = sp["rough_drive"] if rough else sp["drive"]
    if coach["whipped"]:  # the whip adds its inches in the open, as much in proportion in rough ground
        base += sp["whip"] * base // sp["drive"]
    return base // 2 if pairs_dead == 1 else base


def check_drive(state: M.State, to: list[int]) -> dict[str, Any]:
    """Whether the coach may roll to `to` now, and whom it would run over."""
    coach = state["coach"]
    sp = spec(state)
    g = G.ground(state["table"])
    start = coach["pos"]
    out: dict[str, Any] = {"ok": False, "why": None, "to": [int(to[0]), int(to[1])], "dist": 0, "limit": 0,
                           "rough": [], "rams": [], "away": False, "facing": coach["facing"]}
    dx, dy = to[0] - start[0], to[1] - start[1]
    dist = math.hypot(dx, dy)
    out["dist"] = int(math.ceil(dist))
    if dist < 1:
        out["why"] = "nowhere"
        return out
    heading = math.degrees(math.atan2(dy, dx))
    turn = (heading - coach["facing"] + 180) % 360 - 180
    out["facing"] = int(round(heading)) % 360
    rough = G.rough_crossed(g, (start[0], start[1]), (int(to[0]), int(to[1])))
    out["rough"] = [p.index for p in rough]
    limit = drive_limit(state, bool(rough))
    out["limit"] = limit
    away = to[0] >= g.width
    out["away"] = away
    if abs(turn) > sp["turn"] + 1e-9:
        out["why"] = "turn"
    elif dist > limit + 1e-9:
        out["why"] = "too-far"
    elif not away and not (LENGTH // 2 <= to[0] and WIDTH <= to[1] <= g.height - WIDTH):
        out["why"] = "off-table"
    elif away and not (0 <= to[1] <= g.height):
        out["why"] = "off-table"
    else:
        a = math.radians(heading)
        ux, uy = math.cos(a), math.sin(a)
        px, py = -uy, ux
        front = (to[0] + ux * LENGTH / 2, to[1] + uy * LENGTH / 2)
        blocked = False
        for off in (-WIDTH / 2, 0, WIDTH / 2):
            p = (int(round(start[0] + px * off)), int(round(start[1] + py * off)))
            q = (int(round(front[0] + px * off)), int(round(front[1] + py * off)))
            if G.walls_crossed(g, p, q):
                blocked = True
        if blocked:
            out["why"] = "blocked"
        else:
            out["ok"] = True
            seg_end = (int(round(front[0])), int(round(front[1])))
            for b in M.bodies(state):
                reach = WIDTH / 2 + M.radius(b)
                if G.seg_point_d2((start[0], start[1]), seg_end, b["pos"]) < reach * reach:
                    out["rams"].append(b["id"])
    return out


def suggestions(state: M.State) -> list[tuple[str, list[int]]]:
    coach = state["coach"]
    g = G.ground(state["table"])
    out = []
    for tag, turn in (("ahead", 0), ("left", -30), ("right", 30)):
        a = math.radians(coach["facing"] + turn)
        for frac in (1.0, 0.75, 0.5):
            d = drive_limit(state, False) * frac
            if d <= 0:
                break
            p = _ahead(state, a, d)
            if p[0] >= g.width:
                p[0] = g.width
            res = check_drive(state, p)
            if not res["ok"]:
                p = _ahead(state, a, drive_limit(state, True) * frac)
                res = check_drive(state, p)
            if res["ok"]:
                out.append(("away" if res["away"] else tag, res["to"]))
                break
    return out


def _ahead(state: M.State, a: float, d: float) -> list[int]:
    """The point d ahead of the coach at heading `a` (radians), never further than d (rules version 2)."""
    x, y = state["coach"]["pos"]
    p = G.point_at((x, y), x + d * math.cos(a), y + d * math.sin(a), d, state["v"])
    return [p[0], p[1]]


def push_aside(state: M.State, b: M.Model, start: list[int], end: list[int]) -> list[int]:
    """Throw a rammed model clear of the coach's path, to the nearer side."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    px, py = -dy / length, dx / length
    side = (b["pos"][0] - start[0]) * px + (b["pos"][1] - start[1]) * py
    sign = 1 if side >= 0 else -1
    g = G.ground(state["table"])
    r = M.radius(b)
    for extra in (0, 100, 200, 300):
        for s in (sign, -sign):
            # distance from the path's centre line to place the base clear of the coach
            t = ((b["pos"][0] - start[0]) * dx + (b["pos"][1] - start[1]) * dy) / (length * length)
            t = max(0.0, min(1.0, t))
            cx, cy = start[0] + dx * t, start[1] + dy * t
            off = WIDTH / 2 + r + 20 + extra
            p = (int(round(cx + s * px * off)), int(round(cy + s * py * off)))
            if G.on_table(g, p, r) and G.clear_of_walls(g, p, r):
                return [p[0], p[1]]
    return list(b["pos"])
