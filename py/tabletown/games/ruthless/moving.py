"""Moving on the table: how far a model may go, whether a straight path is open, where it
lands when it runs into an enemy (Fisticuffs), and the suggested points the page and the
bots offer (toward cover, toward the nearest enemy, back).

A Move is a straight line. It may not cross a building, rock or wagon, nor pass through
another model's base; it may end touching an enemy, which starts Fisticuffs. If the path
touches rough ground anywhere, the whole move is limited to the rough distance (3" on
foot, 8" mounted); otherwise 6" on foot and 12" mounted.
"""

from __future__ import annotations

import json
import math
from typing import Any, Optional

from . import coach as CO
from . import content as C
from . import ground as G
from . import models as M

Point = tuple[int, int]

# Rules version 8 on: a point within reach of two enemies runs into the one it is nearest. Before,
# the first in the table's order was taken, so a suggested charge whose landing also touched a
# man lying nearby ran at him instead, on another line, and could be refused as too far.
NEAREST_CONTACT_FROM_VERSION = 8


def limits(state: M.State, m: M.Model) -> tuple[int, int]:
    """(open, rough) move distance for a character."""
    if M.mounted(m):
        return C.HORSE_OPEN, C.HORSE_ROUGH
    return C.FOOT_OPEN + M.trait_sum(state, m, "foot_move"), C.FOOT_ROUGH


def _others(state: M.State, body: M.Model) -> list[M.Model]:
    return [b for b in M.bodies(state) if b["id"] != body["id"]]


def rider_of(state: M.State, body: M.Model) -> M.Model:
    if body["kind"] == "horse" and body["rider"] is not None:
        return state["models"][body["rider"]]
    return body


def coach_blocks(state: M.State, p: Point, q: Point, r: int) -> bool:
    coach = state.get("coach")
    if not coach or coach["gone"]:
        return False
    return CO.corridor_hits_coach(coach, p, q, r)  # the stagecoach is a moving obstacle


def check_move(state: M.State, m: M.Model, to: Point, free: bool = False, reach: Optional[int] = None) -> dict[str, Any]:
    """Everything about moving character m toward `to`.

    Returns {"ok", "why" (a reason id when not ok), "to" (where it lands), "dist",
    "limit", "rough" (piece indexes), "contact" (an enemy model id or None)}.
    free: a move that is no Move action (Snap Shot's 3", a Lily Livered dash) skips the
    once-a-turn leg limit and the Lily Livered rule; reach overrides the distance.
    """
    g = G.ground(state["table"])
    body = M.body_of(state, m)
    start = (body["pos"][0], body["pos"][1])
    r = M.radius(m)
    dest = (int(to[0]), int(to[1]))
    out: dict[str, Any] = {"ok": False, "why": None, "to": list(dest), "dist": 0, "limit": 0,
                           "rough": [], "contact": None}
    others = _others(state, body)
    touching = []  # the enemies a model landing at dest would touch
    for other in others:
        who = rider_of(state, other)
        if who["kind"] == "char" and who["side"] != m["side"] and M.on_table(who):
            reach_contact = r + M.radius(other) + C.CONTACT
            if G.dist2(dest, other["pos"]) <= reach_contact * reach_contact:
                touching.append(other)
    contact = None
    if touching and state["v"] < NEAREST_CONTACT_FROM_VERSION:
        contact = touching[0]
    elif touching:  # the one the point is nearest: a charge's landing touching two men stays that charge
        contact = min(touching, key=lambda o: (G.dist2(dest, o["pos"]), o["id"]))
    if contact is not None:
        gap = r + M.radius(contact)
        d = math.dist(start, contact["pos"])
        if d <= gap + C.CONTACT:
            dest = start
        else:
            k = (d - gap) / d
            dest = G.point_at(start, start[0] + (contact["pos"][0] - start[0]) * k,
                              start[1] + (contact["pos"][1] - start[1]) * k, d - gap, state["v"])
        out["contact"] = rider_of(state, contact)["id"]
    out["to"] = list(dest)
    dist = math.dist(start, dest)
    out["dist"] = int(math.ceil(dist - 1e-9))
    rough = G.rough_crossed(g, start, dest)
    out["rough"] = [p.index for p in rough]
    open_, rough_ = limits(state, m)
    limit = reach if reach is not None else (rough_ if rough else open_)
    out["limit"] = limit

    def fail(why: str) -> dict[str, Any]:
        out["why"] = why
        return out

    if dest == start and contact is None:
        return fail("nowhere")
    if not G.on_table(g, dest, r):
        return fail("off-table")
    if G.walls_crossed(g, start, dest) or not G.clear_of_walls(g, dest, r):
        return fail("blocked")
    if coach_blocks(state, start, dest, r):
        return fail("coach")
    for other in others:
        if contact is not None and other["id"] == contact["id"]:
            continue
        need = r + M.radius(other)
        if G.seg_point_d2(start, dest, other["pos"]) < need * need - 1:
            return fail("models")
    if dist > limit + 1e-9:
        return fail("too-far")
    if not free:
        if M.leg_wounded(m) and m["moves"] >= 1:
            return fail("leg")
        if m["lily"]:
            if G.in_cover(g, start, r):
                if not G.in_cover(g, dest, r):
                    return fail("lily")
            elif G.cover_distance(g, dest, r) >= G.cover_distance(g, start, r):
                return fail("lily")
    out["ok"] = True
    return out


def place_body(state: M.State, m: M.Model, to: list[int]) -> None:
    """Put m (and his horse, if mounted) at `to`, facing the way he moved."""
    body = M.body_of(state, m)
    start = body["pos"]
    if to != start:
        body["facing"] = facing_toward(start, to)
    body["pos"] = list(to)
    if body is not m:
        m["pos"] = list(to)
        m["facing"] = body["facing"]


def facing_toward(a: list[int], b: list[int]) -> int:
    """Degrees clockwise from east (y grows southward), 0-359."""
    if a == b:
        return 0
    return int(round(math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])))) % 360


def nearest_enemy(state: M.State, m: M.Model) -> Optional[M.Model]:
    foes = [e for e in M.enemies_of(state, m["side"]) if e["status"] == M.OK]
    if not foes:
        foes = M.enemies_of(state, m["side"])
    if not foes:
        return None
    return min(foes, key=lambda e: (G.dist2(m["pos"], e["pos"]), e["id"]))


def _along(state: M.State, start: list[int], target: list[int], d: float) -> tuple[int, int]:
    """The point d from `start` toward `target` (never further than d, from rules version 2)."""
    length = math.dist(start, target)
    if length == 0:
        return (start[0], start[1])
    k = d / length
    x, y = start[0] + (target[0] - start[0]) * k, start[1] + (target[1] - start[1]) * k
    return G.point_at((start[0], start[1]), x, y, d, state["v"])


def furthest_ok(state: M.State, m: M.Model, toward: list[int], max_d: float, **kw: Any) -> Optional[dict[str, Any]]:
    """The furthest legal landing on the straight line toward `toward`, up to max_d."""
    start = M.body_of(state, m)["pos"]
    d = max_d
    while d >= 50:
        res = check_move(state, m, _along(state, start, toward, d), **kw)
        if res["ok"] and res["contact"] is None:
            return res
        d -= 50 if d <= 300 else 100
    return None


def cover_spot(state: M.State, m: M.Model, within: Optional[int] = None, free: bool = False,
               threat: Optional[list[int]] = None, reach: Optional[int] = None) -> Optional[dict[str, Any]]:
    """The nearest reachable place in cover (preferring cover against `threat`); `reach`
    overrides the move distance (a Snap Shot's 3")."""
    g = G.ground(state["table"])
    r = M.radius(m)
    start = M.body_of(state, m)["pos"]
    best = None
    best_key = None
    near = [(math.dist(start, spot), spot) for spot, _idx in G.hiding_spots(state["table"], r)]
    near = sorted((d, spot) for d, spot in near if within is None or d <= within)
    tried = 0
    for d, spot in near:
        if tried >= 16:  # the sixteen nearest reachable places are plenty to choose from
            break
        res = check_move(state, m, spot, free=free, reach=reach)
        if not res["ok"] or res["contact"] is not None:
            continue
        tried += 1
        covered = 0
        if threat is not None:
            kind = G.cover(g, (threat[0], threat[1]), spot, r)
            covered = {"hard": 2, "soft": 1}.get(kind or "", 0)
            if not G.sight(g, (threat[0], threat[1]), spot, r)[0]:
                covered = 3
        key = (-covered, d, spot)
        if best_key is None or key < best_key:
            best, best_key = res, key
    return best


def flee_spot(state: M.State, m: M.Model) -> Optional[dict[str, Any]]:
    """Where a character who has just turned Lily Livered runs: the nearest cover within
    his move (against the nearest enemy), else as far toward the nearest cover as he can."""
    g = G.ground(state["table"])
    start = M.body_of(state, m)["pos"]
    if G.in_cover(g, start, M.radius(m)):
        return None
    open_, rough_ = limits(state, m)
    foe = nearest_enemy(state, m)
    threat = foe["pos"] if foe else None
    res = cover_spot(state, m, within=open_, free=True, threat=threat)
    if res is not None:
        return res
    spots = G.hiding_spots(state["table"], M.radius(m))
    if not spots:
        return None
    target = min(spots, key=lambda s: (math.dist(start, s[0]), s[0]))[0]
    return furthest_ok(state, m, list(target), min(open_, math.dist(start, target)), free=True)


_SUGGESTED: dict[tuple, list[tuple[str, list[int]]]] = {}


def suggestions(state: M.State, m: M.Model) -> list[tuple[str, list[int]]]:
    """Suggested Move points: toward cover, charge or advance on the nearest enemy, back.

    They depend only on where everybody stands and on the mover: the legal moves, the
    view and the bots all ask for them, so each answer is kept (a few hundred at most)."""
    key = _situation(state, m)
    found = _SUGGESTED.get(key)
    if found is None:
        found = _suggestions(state, m)
        if len(_SUGGESTED) > 512:
            _SUGGESTED.clear()
        _SUGGESTED[key] = found
    return [(tag, list(p)) for tag, p in found]


def _situation(state: M.State, m: M.Model) -> tuple:
    bodies = tuple((b["id"], b["pos"][0], b["pos"][1], b["side"], b["status"], b.get("rider")) for b in M.bodies(state))
    chars = tuple((c["id"], c["side"], c["status"], c["horse"], c["aboard"]) for c in M.chars(state))
    coach = state.get("coach")
    where = (tuple(coach["pos"]), coach["facing"], coach["gone"]) if coach else None
    return (state["v"], state["table"], m["id"], m["card"], m["lily"], m["horse"], bodies, chars, where,
            json_key(state.get("custom", {}).get(m["card"])))


def json_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _suggestions(state: M.State, m: M.Model) -> list[tuple[str, list[int]]]:
    out: list[tuple[str, list[int]]] = []
    open_, rough_ = limits(state, m)
    start = M.body_of(state, m)["pos"]
    foe = nearest_enemy(state, m)
    spot = cover_spot(state, m, within=open_, threat=foe["pos"] if foe else None)
    if spot is not None and math.dist(start, spot["to"]) > 60:
        out.append(("cover", spot["to"]))
    if foe is not None:
        res = check_move(state, m, foe["pos"])
        # offered only if the landing, pressed itself, is the same charge (see NEAREST_CONTACT_FROM_VERSION)
        if res["ok"] and res["contact"] == foe["id"] and check_move(state, m, res["to"]) == res:
            out.append(("charge", res["to"]))
        gap = M.radius(m) + M.radius(M.body_of(state, foe)) + 100
        room = max(0.0, math.dist(start, foe["pos"]) - gap)
        adv = furthest_ok(state, m, foe["pos"], min(open_, room))
        if adv is not None:
            out.append(("advance", adv["to"]))
        away = [2 * start[0] - foe["pos"][0], 2 * start[1] - foe["pos"][1]]
        back = furthest_ok(state, m, away, open_)
        if back is not None:
            out.append(("back", back["to"]))
    unique: list[tuple[str, list[int]]] = []
    for tag, p in out:  # points closer than 1.5" to an earlier one add nothing a player could tell apart
        if all(math.dist(p, q) >= 150 for _, q in unique):
            unique.append((tag, p))
    return unique


def push_back(state: M.State, loser: M.Model, away_from: list[int], dist: int = C.PUSH_BACK) -> list[int]:
    """Push the loser of Fisticuffs straight away from the winner, as far as the way is open."""
    body = M.body_of(state, loser)
    start = body["pos"]
    target = [2 * start[0] - away_from[0], 2 * start[1] - away_from[1]]
    if target == start:
        target = [start[0], start[1] + 1]
    d = dist
    while d > 0:
        res = check_move(state, loser, _along(state, start, target, d), free=True, reach=dist)
        if res["ok"] and res["contact"] is None:
            face = body["facing"]
            place_body(state, loser, res["to"])
            body["facing"] = face
            if body is not loser:
                loser["facing"] = face
            return res["to"]
        d -= 25
    return start
