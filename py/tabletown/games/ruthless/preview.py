"""What a Move looks like before it is made: the facts the board shows under the pointer.

Worked out from a view alone (the table and where every model stands are public), so any
device holding a view can show them as the pointer moves; the Move itself is still checked
by `legality.validate` when it is made.

For a point asked for, the preview says how far it is, the allowance (6" on foot, 3" if
the path touches rough ground; 12"/8" mounted) and what is left of it, the rough ground and
walls the path crosses, and where the model would stand: the point itself when he may move
there, else the farthest legal point on the straight path toward it, with the reason he
stops short ("rough ground from the fence: 3"").

The preview (a dict of plain values; the renderer words it): "from", "asked", "to" (where the
ghost stands), "ok" (a Move to "to" is legal), "snapped" (it is not the asked point), "dist",
"allowance" and "left" (hundredths of an inch), "open" and "rough" (his two allowances),
"mounted", "leg" (a leg wound: this is his one Move this turn), "crosses" (pieces the path to
"to" touches: index, kind, label, "rough" or "wall"), "contact" (the enemy a charge reaches),
and "why" with "because": what stops him short of the asked point. "why" is "reach" (his whole
allowance), "rough" (the rough allowance, "because" the piece), "rough-ahead" (going on would
touch rough ground and cut the move to the rough allowance), "wall", "model", "edge", "coach",
or, for a move that cannot be made at all, "leg", "lily", "nowhere", "aboard".
"""

from __future__ import annotations

import math
from typing import Any, Optional

from . import ground as G
from . import models as M
from . import moving as V

State = dict[str, Any]

# The kinds of point previewed: a Move action. (A Snap Shot's 3" dash must also head for cover,
# which the preview does not check: it keeps the plain path under the cursor.)
MOVES = {"move": {"free": False, "reach": None}}
# The kinds shown as a straight path from where they start, with the ground it crosses.
STRAIGHT = ("drive", "snap-move")
# A Move that cannot be made from here at all: no point on the path is any better.
NOT_SNAPPED = ("leg", "lily", "nowhere", "aboard")
# Closer than this to the start is no move a player could see.
SHORTEST = 25


def preview(view: State, seat: Optional[int], kind: dict[str, Any], value: Any) -> Optional[dict[str, Any]]:
    """The preview of moving to the point `value` for the point kind `kind` (from `params`): a
    Move's in full, a straight path for the stagecoach's drive and a Snap Shot's dash, None for a
    citizen's place."""
    if kind.get("what") in STRAIGHT and _is_point(value) and _is_point(kind.get("origin")):
        return straight_path(view, kind, value)
    how = MOVES.get(kind.get("what", ""))
    mid = kind.get("model")
    if how is None or not isinstance(mid, int) or not 0 <= mid < len(view["models"]):
        return None
    if not _is_point(value):
        return None
    m = view["models"][mid]
    start = M.body_of(view, m)["pos"]
    asked = [value[0], value[1]]
    open_, rough_ = V.limits(view, m)
    if how["reach"] is not None:
        open_ = rough_ = how["reach"]
    out: dict[str, Any] = {
        "model": mid, "from": list(start), "asked": asked, "open": open_, "rough": rough_,
        "mounted": M.mounted(m), "leg": how["reach"] is None and M.leg_wounded(m),
        "asked_dist": round(math.dist(start, asked)),
    }
    res = V.check_move(view, m, asked, free=how["free"], reach=how["reach"])
    if res["ok"]:
        return _standing(view, out, res, start, snapped=False, why=None, because=None)
    if res["why"] in NOT_SNAPPED:
        return _refused(view, out, start, res["limit"], res["why"], None)
    landing = _farthest(view, m, start, asked, open_, rough_, how)
    if landing is None:  # not even a quarter inch that way
        beyond = V.check_move(view, m, list(V._along(view, start, asked, SHORTEST)), free=how["free"], reach=how["reach"])
        return _refused(view, out, start, res["limit"], *_stopped_by(view, m, start, asked, beyond))
    dist = math.dist(start, landing["to"])
    if dist >= landing["limit"] - 2:  # as far as he may go: his allowance is what stops him
        g = G.ground(view["table"])
        if landing["rough"]:
            first = min(landing["rough"], key=lambda i: (G.shape_distance(g.pieces[i], (start[0], start[1])), i))
            return _standing(view, out, landing, start, snapped=True, why="rough", because=_piece(g.pieces[first], "rough"))
        return _standing(view, out, landing, start, snapped=True, why="reach", because=None)
    # stopped short of his allowance: by what a step further would meet
    beyond = V.check_move(view, m, list(V._along(view, start, asked, dist + SHORTEST)), free=how["free"], reach=how["reach"])
    why, because = _stopped_by(view, m, start, asked, beyond)
    return _standing(view, out, landing, start, snapped=True, why=why, because=because)


def straight_path(view: State, kind: dict[str, Any], value: list[int]) -> dict[str, Any]:
    """The straight path from the kind's origin to `value`: "what" is "path", "from", "to", "dist"
    and "limit" (the kind's "rough" reach if the path touches rough ground, else its "reach"),
    "rough" and "walls" (the pieces it crosses) and "ok" (within the limit and through no wall).
    The drive or dash itself is still checked by the rules when it is made."""
    g = G.ground(view["table"])
    start, to = (kind["origin"][0], kind["origin"][1]), (value[0], value[1])
    rough = G.rough_crossed(g, start, to)
    walls = G.walls_crossed(g, start, to)
    dist = math.dist(start, to)
    limit = kind.get("rough", kind["reach"]) if rough else kind["reach"]
    return {"what": "path", "from": list(start), "to": list(to), "dist": int(dist), "limit": limit,
            "ok": dist <= limit and not walls,
            "rough": [_piece(p, "rough") for p in rough], "walls": [_piece(p, "wall") for p in walls]}


def _is_point(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value)


def _standing(view: State, out: dict[str, Any], res: dict[str, Any], start: list[int], snapped: bool,
              why: Optional[str], because: Optional[dict[str, Any]]) -> dict[str, Any]:
    """Fill in where the model would stand (a legal landing from `check_move`) and what stopped him there."""
    to, dist = res["to"], res["dist"]  # the distance as the Move's log line will give it
    out.update(ok=True, snapped=snapped, to=list(to), dist=dist, allowance=res["limit"],
               left=max(0, res["limit"] - dist), crosses=_crosses(view, start, to), contact=res["contact"],
               why=why, because=because)
    return out


def _refused(view: State, out: dict[str, Any], start: list[int], limit: int, why: str,
             because: Optional[dict[str, Any]]) -> dict[str, Any]:
    """Fill in a move that cannot be made toward the asked point at all (the ghost stays there, refused)."""
    asked, dist = out["asked"], out["asked_dist"]
    out.update(ok=False, snapped=False, to=asked, dist=dist, allowance=limit, left=max(0, limit - dist),
               crosses=_crosses(view, start, asked), contact=None, why=why, because=because)
    return out


def _crosses(view: State, start: list[int], to: list[int]) -> list[dict[str, Any]]:
    """The rough ground and the walls (buildings, rocks, wagons) the straight path touches."""
    g = G.ground(view["table"])
    p, q = (start[0], start[1]), (to[0], to[1])
    found = [_piece(piece, "rough") for piece in G.rough_crossed(g, p, q)]
    found += [_piece(piece, "wall") for piece in G.walls_crossed(g, p, q)]
    return found


def _piece(piece: G.Piece, what: str) -> dict[str, Any]:
    return {"index": piece.index, "kind": piece.kind, "label": piece.label, "what": what}


def _stopped_by(view: State, m: M.Model, start: list[int], asked: list[int],
                res: dict[str, Any]) -> tuple[str, Optional[dict[str, Any]]]:
    """Why a move to where `res` was asked is refused, as (reason, what on the table is to blame):
    "rough-ahead" (going on would touch rough ground, which allows only the rough distance), "wall",
    "model", "edge", "coach", "lily"."""
    g = G.ground(view["table"])
    p, q = (start[0], start[1]), (res["to"][0], res["to"][1])
    why = res["why"]
    if why == "too-far" and res["rough"]:
        first = min(res["rough"], key=lambda i: (G.shape_distance(g.pieces[i], p), i))
        return "rough-ahead", _piece(g.pieces[first], "rough")
    if why == "blocked":
        walls = G.walls_crossed(g, p, q) or list(g.walls)
        near = min(walls, key=lambda w: (G.shape_distance(w, q), w.index))
        return "wall", _piece(near, "wall")
    if why == "models":
        body = M.body_of(view, m)
        r = M.radius(m)
        others = [b for b in M.bodies(view) if b["id"] != body["id"]
                  and G.seg_point_d2(p, q, b["pos"]) < (r + M.radius(b)) ** 2 - 1]
        hit = min(others, key=lambda b: (G.dist2(p, b["pos"]), b["id"])) if others else None
        return "model", ({"model": V.rider_of(view, hit)["id"], "what": "model"} if hit else None)
    if why == "off-table":
        return "edge", None
    return why or "reach", None


def _farthest(view: State, m: M.Model, start: list[int], asked: list[int], open_: int, rough_: int,
              how: dict[str, Any]) -> Optional[dict[str, Any]]:
    """The legal landing farthest along the straight path toward `asked` (None if none is).

    How far a path may go depends only on whether it touches rough ground, which, once it does,
    it goes on doing: so the farthest distance is the open allowance if the path reaches no rough
    ground before it, else the longer of "just short of the rough ground" and the rough allowance.
    What else stops a model (a wall, a base, the table's edge) stops him from some point on, so
    the farthest legal point below that is found by halving."""
    g = G.ground(view["table"])
    length = math.dist(start, asked)
    if length < SHORTEST:
        return None

    def at(d: float) -> tuple[int, int]:
        return V._along(view, start, asked, d)

    def rough_by(d: float) -> bool:
        return bool(G.rough_crossed(g, (start[0], start[1]), at(d)))

    top = min(length, open_)
    if rough_by(top):
        lo, hi = 0.0, top  # the path touches rough ground somewhere in (lo, hi]
        if rough_by(0):
            hi = 0.0
        while hi - lo > 1:
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if rough_by(mid) else (mid, hi)
        top = max(lo, min(length, rough_))

    def landing(d: float) -> Optional[dict[str, Any]]:
        res = V.check_move(view, m, list(at(d)), free=how["free"], reach=how["reach"])
        return res if res["ok"] and res["contact"] is None else None

    best = landing(top)
    if best is not None:
        return best
    lo, hi = 0.0, top
    while hi - lo > 1:
        mid = (lo + hi) / 2
        found = landing(mid)
        if found is not None:
            lo, best = mid, found
        else:
            hi = mid
    if best is None or lo < SHORTEST:
        return None
    return best
