"""Whether an action is allowed now, and if not, why (in words for the player).

A listed action must be one of the actions listed for its type (options.py); a point on the
table (a Move, a Drive, a Snap Shot dash, a citizen's place) is checked by the rule it
stands for, so a point the list does not suggest is allowed when the rules allow it.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from tabletown.engine.rules import IllegalAction
from tabletown.engine.state import within_depth

from . import coach as CO
from . import combat as X
from . import content as C
from . import ground as G
from . import models as M
from . import moving as V
from .editor import check_name
from .options import (
    Action,
    State,
    active,
    end_allowed,
    legal,
    model_options,
    move_allowed,
    place_ok,
    selectable,
    snap_cards,
    switch_allowed,
)

MOVE_TYPES = ("move", "drive", "snap", "place")  # actions that may carry a free point "to"


def _is_point(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(type(v) is int and -100000 <= v <= 100000 for v in value))


def check_param(state: State, seat: int, action: Action) -> None:
    """Raise IllegalAction unless a point action is allowed (a listed or a free point)."""
    validate(state, seat, action)


def _canon(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


def validate(state: State, seat: int, action: Action) -> None:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str) or not within_depth(action, 3):  # no move nests deeper than a point in a dict; a forged one may
        raise IllegalAction("That is not a move in Ruthless.")
    if seat not in active(state):
        raise IllegalAction("It is not this posse's turn.")
    typ = action["type"]
    if typ == "name":  # a name typed in the posse editor
        check_name(state, seat, action)
        return
    free_point = typ in MOVE_TYPES and "to" in action
    if not free_point:
        if _canon(action) not in {_canon(a) for a in _candidates(state, seat, action)}:
            raise IllegalAction(_why_not(state, seat, action))
        return
    if not _is_point(action["to"]):
        raise IllegalAction("A point on the table is two whole numbers (hundredths of an inch).")
    to = action["to"]
    p = state["pending"]
    if typ == "place":
        if p is None or p["kind"] != "place" or set(action) != {"type", "to"}:
            raise IllegalAction("No citizen is waiting to be placed.")
        why = place_ok(state, state["models"][p["model"]], to)
        if why:
            raise IllegalAction(REASONS.get(why, "The citizen cannot stand there."))
        return
    if typ == "snap":
        if p is None or p["kind"] != "snap" or set(action) != {"type", "card", "to"}:
            raise IllegalAction("There is no Snap Shot to take now.")
        ctx = p["window"]["ctx"]
        d, a = state["models"][ctx["model"]], state["models"][ctx["threat"]]
        if type(action["card"]) is not int or action["card"] not in snap_cards(state, d, a):
            raise IllegalAction("A Snap Shot needs a card higher than the opponent's initiative card.")
        why = snap_move_problem(state, d, to)
        if why:
            raise IllegalAction(REASONS.get(why, "He cannot dash there."))
        return
    if p is not None or state["phase"] != "act":
        raise IllegalAction("That move is not allowed now.")
    mid = action.get("model")
    # `type` first: Python's != lets a forged true or 1.0 pass for model 1.
    if type(mid) is not int or mid != state["selected"] or set(action) != {"type", "model", "to"}:
        raise IllegalAction("Pick the model first.")
    m = state["models"][mid]
    if not M.can_act(state, m):
        raise IllegalAction("That character has no actions left this turn.")
    if typ == "move":
        why = move_allowed(state, m)
        if why is None:
            res = V.check_move(state, m, to)
            why = None if res["ok"] else res["why"]
        if why:
            raise IllegalAction(REASONS.get(why, "He cannot move there."))
    else:  # drive
        coach = state.get("coach")
        if not (coach and m["driver"] and m["aboard"] == "box") or coach["driven"]:
            raise IllegalAction("Only the driver drives the stagecoach, once a turn.")
        res = CO.check_drive(state, to)
        if not res["ok"]:
            raise IllegalAction(REASONS.get(res["why"], "The stagecoach cannot go there."))


def _candidates(state: State, seat: int, action: Action) -> list[Action]:
    """The listed actions an action of this type must be among (cheaper than all of legal)."""
    if state["pending"] is None and state["phase"] == "act":
        sel = state["selected"]
        typ = action["type"]
        if typ == "end":
            return [{"type": "end"}] if end_allowed(state) else []
        if typ == "select":
            if not switch_allowed(state):
                return []
            return [{"type": "select", "model": m["id"]} for m in selectable(state, seat) if m["id"] != sel]
        if typ == "hold":
            return [{"type": "hold", "model": sel}] if sel is not None else []
        if sel is None or action.get("model") != sel:
            return []
        m = state["models"][sel]
        return model_options(state, m, only=action["type"]) if M.can_act(state, m) else []
    return legal(state, seat)


def snap_move_problem(state: State, d: M.Model, to: list[int]) -> Optional[str]:
    if M.aboard(d):
        return "aboard"
    res = V.check_move(state, d, to, free=True, reach=C.SNAP_MOVE)
    if not res["ok"]:
        return res["why"]
    if res["contact"] is not None:
        return "models"
    g = G.ground(state["table"])
    start = M.body_of(state, d)["pos"]
    r = M.radius(d)
    if not G.in_cover(g, (to[0], to[1]), r) and G.cover_distance(g, (to[0], to[1]), r) >= G.cover_distance(g, (start[0], start[1]), r):
        return "not-toward-cover"
    return None


REASONS = {
    "nowhere": "That is where he stands already.",
    "off-table": "That is off the table.",
    "blocked": "A building, rock or wagon is in the way.",
    "coach": "The stagecoach is in the way.",
    "models": "Another model is in the way.",
    "too-far": "That is further than he can move.",
    "leg": "A leg wound allows only one Move a turn.",
    "lily": "A Lily Livered character must stay in cover.",
    "aboard": "He must get down from the stagecoach first.",
    "zone": "Citizens join in their posse's area.",
    "turn": "The stagecoach turns at most 45° before it rolls.",
    "not-toward-cover": "A Snap Shot dash must go toward cover.",
}


def _why_not(state: State, seat: int, action: Action) -> str:
    typ = action.get("type")
    if state["pending"] is not None:
        return "Answer the question on the table first."
    if typ == "pick":
        return "Place one card from your hand face down."
    if typ == "select" and state["phase"] == "act" and not switch_allowed(state):
        return "The character just picked has not acted yet: take an action, hold, or Undo the pick."
    if typ in ("shoot", "fanfire") and isinstance(action.get("model"), int):
        try:
            info = X.shot_info(state, action["model"], action["weapon"], action["target"], fan=typ == "fanfire")
        except (KeyError, IndexError, TypeError):
            return "That shot is not possible."
        return SHOT_REASONS.get(info["why"] or "", "That shot is not allowed now.")
    return "That move is not allowed now."


SHOT_REASONS = {
    "empty": "That gun is empty: Reload first.",
    "out-of-range": "The target is out of range.",
    "no-sight": "He cannot see the target.",
    "law-dog": "A Law Dog cannot shoot until an enemy has fired.",
    "no-fanfire": "Fanfire needs a revolver at short range.",
    "not-standing": "He is in no state to shoot.",
    "not-a-target": "That is no target.",
}
