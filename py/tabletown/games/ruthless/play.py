"""The turn of Ruthless, as a state machine over plain-JSON states.

A turn: every posse is dealt up to five cards and places one face down; all reveal
together; the highest card activates all its models first, then the others in descending
order (ties by suit: Spades, Hearts, Diamonds, Clubs). Each character takes two actions
(three for one character if a 7 was played). At the end of the turn each side rolls to
Skedaddle, a player who played a 3 may discard, and hands are refilled to five.

Decisions that interrupt a turn (a Snap Shot, a Got You Covered! shot, the cards of
Fisticuffs, moving an aimed hit up or down, placing a citizen) are kept in
`state["pending"]`; what is still to be resolved after them waits in `state["queue"]`, one
small step at a time, so every decision point is a plain state that can be saved, shared
and replayed.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Optional

from tabletown.engine import reactions
from tabletown.engine.events import Events
from tabletown.engine.prng import Rng
from tabletown.engine.rules import IllegalAction
from tabletown.engine.state import clone

from . import campaign as CP
from . import cards as K
from . import coach as CO
from . import combat as X
from . import content as C
from . import ground as G
from . import models as M
from . import moving as V

State = dict[str, Any]
Action = dict[str, Any]

MOVE_TYPES = ("move", "drive", "snap", "place")  # actions that may carry a free point "to"
# From rules version 2 a picked character who has done nothing yet is not swapped for another
# by a move of its own (each one a log line and an Undo step): Undo takes the pick back.
PICK_STANDS_FROM_VERSION = 2
# From rules version 4 Dirty Cheat is a trait, not an action: the rulebook's actions are Move,
# Aim, Got You Covered, Shoot, Mount, Dismount, Reload and Get Your Courage Up, and the swap
# "once per turn" leaves the cheat his two actions (under 1 to 3 it used one of them).
CHEAT_FREE_FROM_VERSION = 4
# From rules version 4 the log names every Skedaddle roll (games begun earlier keep their log).
SKEDADDLE_LINE_FROM_VERSION = 4


# =============================================================================================
# Who acts
# =============================================================================================
def active(state: State) -> list[int]:
    if state["phase"] == "over":
        return []
    p = state["pending"]
    if p is not None:
        if p["kind"] == "brawl":
            return [s for s in p["seats"] if state["brawl"][s] is None]
        return [pending_seat(p)]
    phase = state["phase"]
    if phase == "initiative":
        return [s for s in state["round_seats"] if state["picks"][s] is None]
    if phase == "act":
        return [state["order"][state["current"]]]
    if phase in ("discard", "shop", "trail", "build"):
        return [state["asked"]]
    return []


def pending_seat(p: dict[str, Any]) -> int:
    """The seat a pending decision waits for (a reaction window asks one seat at a time)."""
    if "window" in p:
        return reactions.asked(p["window"])
    return p["seat"]


def acting_seat(state: State) -> Optional[int]:
    if state["phase"] == "act" and state["pending"] is None:
        return state["order"][state["current"]]
    return None


# =============================================================================================
# Legal actions
# =============================================================================================
def legal(state: State, seat: int) -> list[Action]:
    if seat not in active(state):
        return []
    p = state["pending"]
    if p is not None:
        return PENDING_OPTIONS[p["kind"]](state, seat)
    phase = state["phase"]
    if phase == "initiative":
        return [{"type": "pick", "card": c} for c in sorted(state["hands"][seat], reverse=True)]
    if phase == "act":
        return act_options(state, seat)
    if phase == "discard":
        return [{"type": "discard", "card": c} for c in sorted(state["hands"][seat])] + [{"type": "keep"}]
    if phase in ("shop", "trail"):
        return CP.options(state, seat)
    if phase == "build":
        from .editor import options as build_options
        return build_options(state, seat)
    return []


def selectable(state: State, seat: int) -> list[M.Model]:
    """Models the acting posse may pick to act with now."""
    out = [m for m in M.side_chars(state, seat) if M.can_act(state, m)]
    if state["small"]:
        chosen = state["chosen"]
        if chosen is not None:
            return [m for m in out if m["id"] == chosen]
        out = [m for m in out if not m["activated"]]
    return out


def act_options(state: State, seat: int) -> list[Action]:
    sel = state["selected"]
    options: list[Action] = []
    if sel is None:
        options += [{"type": "select", "model": m["id"]} for m in selectable(state, seat)]
        if end_allowed(state):
            options.append({"type": "end"})
        return options
    m = state["models"][sel]
    options += model_options(state, m)
    options.append({"type": "hold", "model": sel})
    if switch_allowed(state):
        for other in selectable(state, seat):
            if other["id"] != sel:
                options.append({"type": "select", "model": other["id"]})
    if end_allowed(state):
        options.append({"type": "end"})
    return options


def switch_allowed(state: State) -> bool:
    """Whether another character may be picked now. The rulebook lets a posse's characters
    take their actions in any order, so a character who has acted may be left and picked
    again later. Picking is Tabletown's way of saying who acts next, not a rule: from rules
    version 2 a pick that has done nothing yet is taken back with Undo (which leaves no line
    in the log) rather than swapped by another logged pick."""
    if state["selected"] is None:
        return True
    return state["v"] < PICK_STANDS_FROM_VERSION or not state["pick_unused"]


def end_allowed(state: State) -> bool:
    """A posse may end its activation at any time; a small gunfight's card must first pick
    the one model it activates (who may then do nothing)."""
    return not state["small"] or state["chosen"] is not None or state["selected"] is not None


def model_options(state: State, m: M.Model, only: Optional[str] = None) -> list[Action]:
    """The actions model m may take now (only those of type `only`, if given)."""
    mid = m["id"]
    out: list[Action] = []
    g = G.ground(state["table"])

    def want(*types: str) -> bool:
        return only is None or only in types

    # Move (suggested points; any other point through the parameterised kind)
    if want("move") and move_allowed(state, m) is None:
        out += [{"type": "move", "model": mid, "to": p} for _, p in V.suggestions(state, m)]
    # Drive and Whip (the stagecoach's driver)
    if want("whip", "drive") and state.get("coach") and m["driver"] and m["aboard"] == "box" \
            and not state["coach"]["gone"]:
        coach = state["coach"]
        if not coach["driven"] and CO.drive_limit(state, False) > 0:
            if not coach["whipped"]:
                out.append({"type": "whip", "model": mid})
            if want("drive"):
                out += [{"type": "drive", "model": mid, "to": p} for _, p in CO.suggestions(state)]
    # Shooting
    if want("shoot", "fanfire") and not (M.arm_wounded(m) and m["shots"] >= 1):
        geos = {t: X.line_of_fire(state, m, t) for t in X.targets(state, m)}
        for wi, wid in enumerate(M.weapons(state, m)):
            for t in geos:
                info = X.shot_info(state, mid, wi, t, geo=geos[t])
                if info["ok"]:
                    out.append({"type": "shoot", "model": mid, "weapon": wi, "target": t})
                    if M.weapon(wid)["fanfire"] and info["band"] == "short" and m["ammo"][wi] >= 2:
                        for n in range(2, min(C.FANFIRE_MAX, m["ammo"][wi]) + 1):
                            out.append({"type": "fanfire", "model": mid, "weapon": wi, "target": t, "rounds": n})
    if only in ("shoot", "fanfire"):
        return out
    # Aim, Got You Covered!, Reload
    if not M.chest_wounded(m) and not m["aim"]:
        out.append({"type": "aim", "model": mid})
    if not m["covering"] and any(a > 0 for a in m["ammo"]):
        out.append({"type": "cover", "model": mid})
    for wi, wid in enumerate(M.weapons(state, m)):
        w = M.weapon(wid)
        if not w["free_reload"] and m["ammo"][wi] < w["rounds"]:
            out.append({"type": "reload", "model": mid, "weapon": wi})
    # Mount and Dismount
    out += [{"type": "mount", "model": mid, "horse": h} for h in mount_choices(state, m)]
    if M.mounted(m) or M.aboard(m):
        if X.beside(state, X.firing_point(state, m), C.FOOT_RADIUS, exclude=m["horse"],
                    gap=_dismount_gap(m)) is not None:
            out.append({"type": "dismount", "model": mid})
    if state.get("coach") and M.aboard(m) and not m["driver"] and CO.driver(state) is None \
            and m["side"] == state["coach"]["side"]:
        out.append({"type": "reins", "model": mid})
    # Get Your Courage Up
    if m["lily"] and (M.aboard(m) or G.in_cover(g, (m["pos"][0], m["pos"][1]), M.radius(m))):
        out.append({"type": "courage", "model": mid, "card": None})
        out += [{"type": "courage", "model": mid, "card": c} for c in sorted(state["hands"][m["side"]])]
    # Traits that are actions
    if M.can_use_once(state, m, "loud-mouth"):
        out.append({"type": "holler", "model": mid})
    if M.can_use_once(state, m, "sawbones"):
        out += [{"type": "patch", "model": mid, "friend": f} for f in patch_choices(state, m)]
    if M.has(state, m, "dirty-cheat") and m["cheat_turn"] != state["turn"] and state["hands"][m["side"]]:
        for victim in range(state["seats"]):
            if victim != m["side"] and state["hands"][victim] and not state["fled"][victim]:
                out += [{"type": "cheat", "model": mid, "card": c, "victim": victim}
                        for c in sorted(state["hands"][m["side"]])]
    # The strongbox
    if grab_allowed(state, m):
        out.append({"type": "grab", "model": mid})
    if m["strongbox"] and escape_edge(state, m) is not None:
        out.append({"type": "escape", "model": mid})
    return out


def _dismount_gap(m: M.Model) -> int:
    return (CO.WIDTH // 2 + C.FOOT_RADIUS + 20) if M.aboard(m) else C.HORSE_RADIUS + C.FOOT_RADIUS + 10


def move_allowed(state: State, m: M.Model) -> Optional[str]:
    """None if m may take a Move action now, else a reason id."""
    if M.aboard(m):
        return "aboard"
    if M.leg_wounded(m) and m["moves"] >= 1:
        return "leg"
    return None


def mount_choices(state: State, m: M.Model) -> list[Any]:
    if M.mounted(m) or M.aboard(m):
        return []
    out: list[Any] = []
    for h in state["models"]:
        if h["kind"] == "horse" and h["status"] == M.OK and h["rider"] is None:
            reach = C.FOOT_RADIUS + C.HORSE_RADIUS + C.CONTACT
            if G.dist2(m["pos"], h["pos"]) <= reach * reach:
                out.append(h["id"])
    coach = state.get("coach")
    if coach and not coach["gone"] and m["side"] == coach["side"] and CO.near_coach(coach, m["pos"], C.FOOT_RADIUS):
        if CO.seats_taken(state, "box") < CO.BOX_SEATS or CO.seats_taken(state, "inside") < CO.INSIDE_SEATS:
            out.append("coach")
    return out


def patch_choices(state: State, m: M.Model) -> list[int]:
    out = []
    for f in M.side_chars(state, m["side"]):
        if f["status"] not in (M.OK, M.DOWN):
            continue
        if not any(f["wounds"][loc] for loc in ("leg", "arm", "chest")):
            continue
        if f["id"] == m["id"] or X.in_contact(state, m, f) or (M.aboard(m) and M.aboard(f)):
            out.append(f["id"])
    return out


def grab_allowed(state: State, m: M.Model) -> bool:
    box = state.get("strongbox")
    if not box or m["side"] == state["coach"]["side"] or m["strongbox"] or M.aboard(m):
        return False
    body = M.body_of(state, m)
    if box["on"] == "coach":
        coach = state["coach"]
        if coach["gone"] or not CO.near_coach(coach, body["pos"], M.radius(m)):
            return False
        return not any(d["aboard"] and d["status"] == M.OK for d in M.side_chars(state, coach["side"]))
    if box["on"] == "ground":
        reach = M.radius(m) + C.CONTACT + 50
        return G.dist2(body["pos"], box["pos"]) <= reach * reach
    return False


def escape_edge(state: State, m: M.Model) -> Optional[str]:
    """The table edge a strongbox carrier can ride off this action, if any."""
    if move_allowed(state, m) is not None:
        return None
    g = G.ground(state["table"])
    p = M.body_of(state, m)["pos"]
    open_, _ = V.limits(state, m)
    edges = {"west": p[0], "east": g.width - p[0], "north": p[1], "south": g.height - p[1]}
    name, d = min(edges.items(), key=lambda kv: (kv[1], kv[0]))
    return name if d <= open_ else None


# --- pending decisions -------------------------------------------------------------------------
def _snap_cards(state: State, d: M.Model, threat: M.Model) -> list[int]:
    init = state["played"][threat["side"]]
    if init is None:
        return []
    bonus = M.trait_sum(state, d, "snap")
    return [c for c in sorted(state["hands"][d["side"]]) if K.beats_for_snap(c, init, bonus)]


def snap_fire_weapons(state: State, d: M.Model, threat: M.Model) -> list[int]:
    return [wi for wi in range(len(M.weapons(state, d)))
            if X.shot_info(state, d["id"], wi, threat["id"], aimed=False)["ok"]]


def snap_move_spot(state: State, d: M.Model, threat: M.Model) -> Optional[list[int]]:
    spot = V.cover_spot(state, d, within=C.SNAP_MOVE, free=True, threat=threat["pos"], reach=C.SNAP_MOVE)
    if spot is None or spot["to"] == M.body_of(state, d)["pos"]:
        return None
    return spot["to"]


def _snap_options(state: State, seat: int) -> list[Action]:
    ctx = state["pending"]["window"]["ctx"]
    d, a = state["models"][ctx["model"]], state["models"][ctx["threat"]]
    out: list[Action] = [{"type": "pass"}]
    cards = _snap_cards(state, d, a)
    weapons = snap_fire_weapons(state, d, a)
    spot = snap_move_spot(state, d, a) if not M.aboard(d) else None
    for c in cards:
        out += [{"type": "snap", "card": c, "weapon": wi} for wi in weapons]
        if spot is not None:
            out.append({"type": "snap", "card": c, "to": spot})
    return out


def _adjust_options(state: State, seat: int) -> list[Action]:
    roll = state["pending"]["roll"]
    return [{"type": "adjust", "by": by} for by in (-1, 0, 1) if 1 <= roll + by <= 10]


def covering_models(state: State, seat: int, mover: int) -> list[tuple[int, int]]:
    """(model, weapon) pairs of `seat` that may take a Got You Covered! shot at the mover."""
    out = []
    for m in M.side_chars(state, seat):
        if not (m["covering"] and m["status"] == M.OK):
            continue
        for wi in range(len(M.weapons(state, m))):
            if X.shot_info(state, m["id"], wi, mover, aimed=False)["ok"]:
                out.append((m["id"], wi))
    return out


def _covered_options(state: State, seat: int) -> list[Action]:
    mover = state["pending"]["window"]["ctx"]["mover"]
    return [{"type": "pass"}] + [{"type": "covered", "model": m, "weapon": wi}
                                 for m, wi in covering_models(state, seat, mover)]


def _brawl_options(state: State, seat: int) -> list[Action]:
    return [{"type": "brawl", "card": c} for c in sorted(state["hands"][seat], reverse=True)]


def _place_options(state: State, seat: int) -> list[Action]:
    return [{"type": "place", "to": p} for p in place_spots(state, state["pending"]["model"])]


PENDING_OPTIONS: dict[str, Callable[[State, int], list[Action]]] = {
    "snap": _snap_options, "adjust": _adjust_options, "covered": _covered_options,
    "brawl": _brawl_options, "place": _place_options,
}


def place_spots(state: State, mid: int) -> list[list[int]]:
    """A few free places in the citizen's deployment area."""
    m = state["models"][mid]
    zone = citizen_zone(state, m["side"])
    g = G.ground(state["table"])
    x0, y0, x1, y1 = g.zones[zone]
    out = []
    for i in range(5):
        for j in range(3):
            p = [x0 + (x1 - x0) * (2 * i + 1) // 10, y0 + (y1 - y0) * (2 * j + 1) // 6]
            if place_ok(state, m, p) is None:
                out.append(p)
                break
    return out


def citizen_zone(state: State, side: int) -> int:
    return C.SCENARIOS.by_id[state["scenario"]]["citizens"]["areas"][side]


def place_ok(state: State, m: M.Model, p: list[int]) -> Optional[str]:
    g = G.ground(state["table"])
    pt = (int(p[0]), int(p[1]))
    if not G.in_zone(g, citizen_zone(state, m["side"]), pt):
        return "zone"
    if not G.on_table(g, pt, C.FOOT_RADIUS) or not G.clear_of_walls(g, pt, C.FOOT_RADIUS):
        return "blocked"
    for b in M.bodies(state):
        if b["id"] != m["id"] and G.dist2(pt, b["pos"]) < (C.FOOT_RADIUS + M.radius(b)) ** 2:
            return "models"
    return None


# =============================================================================================
# Parameterised actions (a point on the table)
# =============================================================================================
def params(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in active(state):
        return []
    if state["phase"] == "build":
        from .editor import params as build_params
        return build_params(state, seat)
    p = state["pending"]
    if p is not None:
        if p["kind"] == "place":
            g = G.ground(state["table"])
            who = _name(state, state["models"][p["model"]])
            return [{"kind": "point", "action": {"type": "place"}, "param": "to", "frame": "table",
                     "label": f"Place {who}", "what": "place",
                     "zone": list(g.zones[citizen_zone(state, state["models"][p["model"]]["side"])])}]
        if p["kind"] == "snap":
            ctx = p["window"]["ctx"]
            d, a = state["models"][ctx["model"]], state["models"][ctx["threat"]]
            cards = _snap_cards(state, d, a)
            if cards and not M.aboard(d):
                return [{"kind": "point", "action": {"type": "snap", "card": cards[0]}, "param": "to",
                         "frame": "table", "label": f"Snap Shot: {_name(state, d)} dives 3″ toward cover", "what": "snap-move",
                         "model": d["id"],
                         "origin": list(M.body_of(state, d)["pos"]), "reach": C.SNAP_MOVE}]
        return []
    if state["phase"] != "act" or state["selected"] is None:
        return []
    m = state["models"][state["selected"]]
    out = []
    if move_allowed(state, m) is None:
        open_, rough_ = V.limits(state, m)
        out.append({"kind": "point", "action": {"type": "move", "model": m["id"]}, "param": "to", "frame": "table",
                    "label": f"Move {_name(state, m)}", "what": "move", "model": m["id"],
                    "origin": list(M.body_of(state, m)["pos"]),
                    "reach": open_, "rough": rough_,
                    # picking a model who may move readies his Move: the next press on the table moves him
                    "at_once": True, "step": 50})
    coach = state.get("coach")
    if coach and m["driver"] and m["aboard"] == "box" and not coach["driven"] and CO.drive_limit(state, False) > 0:
        out.append({"kind": "point", "action": {"type": "drive", "model": m["id"]}, "param": "to", "frame": "table",
                    "label": "Drive the stagecoach", "what": "drive", "model": m["id"], "origin": list(coach["pos"]),
                    "reach": CO.drive_limit(state, False), "rough": CO.drive_limit(state, True)})
    return out


def _name(state: State, m: M.Model) -> str:
    from .phrases import name
    return name(M.ref(state, m))


def _is_point(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(type(v) is int and -100000 <= v <= 100000 for v in value))


def check_param(state: State, seat: int, action: Action) -> None:
    """Raise IllegalAction unless a point action is allowed (a listed or a free point)."""
    validate(state, seat, action)


# =============================================================================================
# Validation: every action is checked by its type (listed or free)
# =============================================================================================
def _canon(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


def _shallow(value: Any, depth: int = 3) -> bool:
    """No move of Ruthless nests deeper than a point in a dict; a forged one may."""
    if isinstance(value, dict):
        return depth > 0 and all(_shallow(v, depth - 1) for v in value.values())
    if isinstance(value, list):
        return depth > 0 and all(_shallow(v, depth - 1) for v in value)
    return True


def validate(state: State, seat: int, action: Action) -> None:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str) or not _shallow(action):
        raise IllegalAction("That is not a move in Ruthless.")
    if seat not in active(state):
        raise IllegalAction("It is not this posse's turn.")
    typ = action["type"]
    if typ == "name":  # a name typed in the posse editor
        from .editor import check_name
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
        if type(action["card"]) is not int or action["card"] not in _snap_cards(state, d, a):
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


# =============================================================================================
# Applying an action
# =============================================================================================
def apply(state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
    validate(state, seat, action)
    st = clone(state)
    ev = Events()
    rng = Rng(st["rng"])
    p = st["pending"]
    if p is not None:
        PENDING_HANDLERS[p["kind"]](st, ev, rng, seat, action)
    else:
        PHASE_HANDLERS[st["phase"]](st, ev, rng, seat, action)
    run(st, ev, rng)
    annotate(st, ev)
    return st, list(ev)


MODEL_KEYS = ("model", "target", "victim", "at", "attacker", "defender", "friend", "horse", "by", "mover", "winner")
MODEL_LISTS = ("models", "heard", "rams")


def annotate(st: State, ev) -> None:
    """Name the models an event mentions (`who` ids the phrasebook can read)."""
    for e in ev:
        for k in MODEL_KEYS:
            v = e.get(k)
            if type(v) is int and k != "seat":
                e[k + "_who"] = M.ref(st, st["models"][v])
        for k in MODEL_LISTS:
            if isinstance(e.get(k), list):
                e[k + "_who"] = [M.ref(st, st["models"][v]) for v in e[k]]


# --- phase: initiative ------------------------------------------------------------------------
def _on_pick(st: State, ev, rng, seat: int, action: Action) -> None:
    st["hands"][seat].remove(action["card"])
    st["picks"][seat] = action["card"]
    ev.add("pick", seat=seat)
    if all(st["picks"][s] is not None for s in st["round_seats"]):
        reveal_initiative(st, ev, rng)


def reveal_initiative(st: State, ev, rng) -> None:
    seats = st["round_seats"]
    shown = {s: st["picks"][s] for s in seats}
    ev.reveal(what=[shown[s] for s in seats], seats=list(seats), zone="picks")
    for s in seats:
        st["played"][s] = shown[s]
        st["picks"][s] = None
    order = sorted(seats, key=lambda s: shown[s], reverse=True)
    act = st.get("act") or {}
    if st["turn"] == 1 and act.get("ambush") in seats and st["round"] == 1:
        order = [act["ambush"]] + [s for s in order if s != act["ambush"]]
    st["order"] = order
    st["current"] = 0
    ev.add("order", order=order, cards=[shown[s] for s in order])
    for s in order:
        card = shown[s]
        if K.revives(card):
            woke = [m["id"] for m in M.side_chars(st, s) if m["status"] == M.DOWN]
            for mid in woke:
                st["models"][mid]["status"] = M.OK
            if woke:
                ev.add("revive", seat=s, models=woke)
        if K.third_action(card):
            st["bonus"] = {"seat": s, "model": None}
            ev.add("seven", seat=s)
        if K.discard_privilege(card) and s not in st["discarders"]:
            st["discarders"].append(s)
    st["phase"] = "act"
    st["selected"] = None
    st["chosen"] = None


# --- phase: act -------------------------------------------------------------------------------
def _on_act(st: State, ev, rng, seat: int, action: Action) -> None:
    typ = action["type"]
    if typ == "select":
        st["selected"] = action["model"]
        st["pick_unused"] = True
        ev.add("select", model=action["model"])
        return
    if typ == "end":
        if st["small"]:  # the end of this card's activation: its one model is done
            done = st["chosen"] if st["chosen"] is not None else st["selected"]
            st["models"][done]["held"] = True
            st["models"][done]["activated"] = True
        else:
            for m in M.side_chars(st, seat):
                m["held"] = True
        st["selected"] = None
        ev.add("end", seat=seat)
        return
    m = st["models"][action["model"]]
    if typ == "hold":
        m["held"] = True
        if st["small"]:
            m["activated"] = True
            st["chosen"] = m["id"]
        st["selected"] = None
        ev.add("hold", model=m["id"])
        return
    st["pick_unused"] = False
    MODEL_ACTIONS[typ](st, ev, rng, m, action)


def spend(st: State, m: M.Model, kind: str) -> None:
    """Count one action of `kind`; any action clears the Got You Covered! marker, and any
    action but Aim and Shoot loses the aim."""
    m["acts"] += 1
    if m["acts"] > C.ACTIONS and st["bonus"] and st["bonus"]["seat"] == m["side"]:
        st["bonus"]["model"] = m["id"]
    if kind == "move":
        m["moves"] += 1
    if kind == "shoot":
        m["shots"] += 1
    m["covering"] = False
    if kind not in ("aim", "shoot"):
        m["aim"] = False
    if st["small"]:
        m["activated"] = True
        st["chosen"] = m["id"]


def _do_move(st: State, ev, rng, m: M.Model, action: Action) -> None:
    res = V.check_move(st, m, action["to"])
    start = list(M.body_of(st, m)["pos"])
    spend(st, m, "move")
    V.place_body(st, m, res["to"])
    ev.add("move", model=m["id"], frm=start, to=res["to"], dist=res["dist"], rough=bool(res["rough"]))
    steps: list[dict[str, Any]] = [{"do": "covered", "mover": m["id"], "left": None}]
    if res["contact"] is not None:
        steps.append({"do": "engage", "attacker": m["id"], "defender": res["contact"]})
    push_front(st, steps)


def _do_aim(st: State, ev, rng, m: M.Model, action: Action) -> None:
    spend(st, m, "aim")
    m["aim"] = True
    ev.add("aim", model=m["id"])


def _do_cover(st: State, ev, rng, m: M.Model, action: Action) -> None:
    spend(st, m, "cover")
    m["covering"] = True
    ev.add("covering", model=m["id"])


def _do_shoot(st: State, ev, rng, m: M.Model, action: Action) -> None:
    fan = action["type"] == "fanfire"
    aimed = bool(m["aim"]) and not fan
    spend(st, m, "shoot")
    m["aim"] = False
    t = action["target"]
    rounds = action.get("rounds", 1)
    ev.add("declare", model=m["id"], target=t, weapon=M.weapons(st, m)[action["weapon"]], rounds=rounds, fan=fan)
    steps: list[dict[str, Any]] = []
    if t != "team":
        steps.append({"do": "snapcheck", "model": t, "threat": m["id"]})
    steps.append({"do": "fire", "model": m["id"], "weapon": action["weapon"], "target": t, "rounds": rounds,
                  "fan": fan, "aimed": aimed, "kind": "action", "lily": m["lily"]})
    push_front(st, steps)


def _do_reload(st: State, ev, rng, m: M.Model, action: Action) -> None:
    spend(st, m, "reload")
    wi = action["weapon"]
    cap = M.weapon(M.weapons(st, m)[wi])["rounds"]
    before = m["ammo"][wi]
    m["ammo"][wi] = min(cap, before + C.RELOAD)
    ev.add("reload", model=m["id"], weapon=M.weapons(st, m)[wi], rounds=m["ammo"][wi] - before)


def _do_mount(st: State, ev, rng, m: M.Model, action: Action) -> None:
    spend(st, m, "mount")
    if action["horse"] == "coach":
        where = "box" if CO.seats_taken(st, "box") < CO.BOX_SEATS else "inside"
        m["aboard"] = where
        m["pos"] = list(st["coach"]["pos"])
        ev.add("board", model=m["id"], where=where)
        return
    h = st["models"][action["horse"]]
    h["rider"] = m["id"]
    h["side"] = m["side"]
    m["horse"] = h["id"]
    m["pos"] = list(h["pos"])
    m["facing"] = h["facing"]
    ev.add("mount", model=m["id"], horse=h["id"])


def _do_dismount(st: State, ev, rng, m: M.Model, action: Action) -> None:
    spend(st, m, "dismount")
    if M.aboard(m):
        spot = X.beside(st, st["coach"]["pos"], C.FOOT_RADIUS, gap=_dismount_gap(m))
        m["aboard"] = None
        m["driver"] = False
        m["pos"] = spot
        ev.add("alight", model=m["id"])
        return
    h = M.horse_of(st, m)
    X.dismount(st, m)
    ev.add("dismount", model=m["id"], horse=h["id"])


def _do_reins(st: State, ev, rng, m: M.Model, action: Action) -> None:
    spend(st, m, "reins")
    for other in M.chars(st):
        other["driver"] = False
    if m["aboard"] == "inside" and CO.seats_taken(st, "box") >= CO.BOX_SEATS:
        # someone on the box is down: he is moved inside to make room
        for other in M.chars(st):
            if other["aboard"] == "box" and other["status"] != M.OK:
                other["aboard"] = "inside"
                break
    m["aboard"] = "box"
    m["driver"] = True
    ev.add("reins", model=m["id"])


def _do_courage(st: State, ev, rng, m: M.Model, action: Action) -> None:
    spend(st, m, "courage")
    card = action["card"]
    if card is not None:
        st["hands"][m["side"]].remove(card)
        st["discard"].append(card)
    if card is not None and K.is_whiskey(card):
        roll = None
        passed = True
    else:
        roll = ev.roll(rng, 10, why="courage", model=m["id"])
        passed = X.courage_passes(st, m, roll, card)
        if not passed:
            again = X.lucky_reroll(st, ev, rng, m, "courage")
            if again is not None:
                roll = again
                passed = X.courage_passes(st, m, roll, card)
    if passed:
        m["lily"] = False
    ev.add("courage", model=m["id"], card=card, roll=roll, need=M.toughness(st, m), passed=passed)


@C.EFFECTS.handler("holler")
def _do_holler(st: State, ev, rng, m: M.Model, action: Action) -> None:
    spend(st, m, "holler")
    M.tick(m, "loud-mouth")
    g = G.ground(st["table"])
    me = X.firing_point(st, m)
    heard = []
    for e in M.enemies_of(st, m["side"]):
        if e["status"] != M.OK or e["lily"]:
            continue
        ep = X.firing_point(st, e)
        if G.dist2(me, ep) <= C.HOLLER_RANGE ** 2 and G.sight(g, (ep[0], ep[1]), (me[0], me[1]), M.radius(m))[0]:
            heard.append(e["id"])
    ev.add("holler", model=m["id"], heard=heard)
    push_front(st, [{"do": "nerve", "model": e, "why": "holler"} for e in heard])


@C.EFFECTS.handler("patch_up")
def _do_patch(st: State, ev, rng, m: M.Model, action: Action) -> None:
    spend(st, m, "patch")
    M.tick(m, "sawbones")
    f = st["models"][action["friend"]]
    for loc in ("chest", "arm", "leg"):
        if f["wounds"][loc]:
            f["wounds"][loc] -= 1
            ev.add("patch", model=m["id"], friend=f["id"], location=loc)
            break


@C.EFFECTS.handler("swap_card")
def _do_cheat(st: State, ev, rng, m: M.Model, action: Action) -> None:
    if st["v"] < CHEAT_FREE_FROM_VERSION:
        spend(st, m, "cheat")
    m["cheat_turn"] = st["turn"]
    mine, theirs = st["hands"][m["side"]], st["hands"][action["victim"]]
    i = ev.draw_below(rng, len(theirs), why="cheat", seat=m["side"])
    took = theirs[i]
    mine.remove(action["card"])
    theirs[i] = action["card"]
    mine.append(took)
    ev.add("cheat", model=m["id"], victim=action["victim"])
    ev.add("cheat-cards", private=m["side"], gave=action["card"], got=took)
    ev.add("cheat-cards", private=action["victim"], gave=took, got=action["card"])


def _do_whip(st: State, ev, rng, m: M.Model, action: Action) -> None:
    spend(st, m, "whip")
    st["coach"]["whipped"] = True
    ev.add("whip", model=m["id"])


def _do_drive(st: State, ev, rng, m: M.Model, action: Action) -> None:
    res = CO.check_drive(st, action["to"])
    spend(st, m, "drive")
    coach = st["coach"]
    start = list(coach["pos"])
    coach["driven"] = True
    coach["pos"] = list(res["to"])
    coach["facing"] = res["facing"]
    for rider in M.chars(st):
        if rider["aboard"]:
            rider["pos"] = list(res["to"])
    ev.add("drive", model=m["id"], frm=start, to=res["to"], whipped=coach["whipped"], rams=res["rams"])
    steps: list[dict[str, Any]] = []
    for bid in res["rams"]:
        b = st["models"][bid]
        b["pos"] = CO.push_aside(st, b, start, res["to"])
        if b["kind"] == "horse" and b["rider"] is not None:
            st["models"][b["rider"]]["pos"] = list(b["pos"])
        steps.append({"do": "ram", "model": bid, "times": 2 if coach["whipped"] else 1})
    if res["away"]:
        coach["gone"] = True
        ev.add("coach-away")
    push_front(st, steps)


def _do_grab(st: State, ev, rng, m: M.Model, action: Action) -> None:
    spend(st, m, "grab")
    st["strongbox"].update({"on": "model", "model": m["id"], "pos": None})
    m["strongbox"] = True
    ev.add("strongbox", what="grabbed", model=m["id"])


def _do_escape(st: State, ev, rng, m: M.Model, action: Action) -> None:
    edge = escape_edge(st, m)
    spend(st, m, "move")
    m["status"] = M.GONE
    m["strongbox"] = False
    if M.mounted(m):
        M.horse_of(st, m)["status"] = M.GONE
    st["strongbox"].update({"on": "away", "model": m["id"], "pos": None})
    ev.add("escape", model=m["id"], edge=edge)


MODEL_ACTIONS: dict[str, Callable[..., None]] = {
    "move": _do_move, "aim": _do_aim, "cover": _do_cover, "shoot": _do_shoot, "fanfire": _do_shoot,
    "reload": _do_reload, "mount": _do_mount, "dismount": _do_dismount, "reins": _do_reins,
    "courage": _do_courage, "holler": _do_holler, "patch": _do_patch, "cheat": _do_cheat,
    "whip": _do_whip, "drive": _do_drive, "grab": _do_grab, "escape": _do_escape,
}


# --- phase: discard (a 3 was played) -----------------------------------------------------------
def _on_discard(st: State, ev, rng, seat: int, action: Action) -> None:
    if action["type"] == "discard":
        st["hands"][seat].remove(action["card"])
        st["discard"].append(action["card"])
        ev.add("discard", seat=seat, card=action["card"])
        if st["hands"][seat]:
            return
    else:
        ev.add("keep", seat=seat)
    st["discarders"].remove(seat)
    next_discarder(st, ev, rng)


# --- other phases (campaign, posse editor) -----------------------------------------------------
def _on_campaign(st: State, ev, rng, seat: int, action: Action) -> None:
    CP.apply(st, ev, rng, seat, action)
    if st["phase"] == "deploy":
        start_scenario(st, ev, rng)


def _on_build(st: State, ev, rng, seat: int, action: Action) -> None:
    from .editor import apply as build_apply
    build_apply(st, ev, rng, seat, action)
    if st["phase"] == "deploy":
        start_scenario(st, ev, rng)


PHASE_HANDLERS: dict[str, Callable[..., None]] = {
    "initiative": _on_pick, "act": _on_act, "discard": _on_discard,
    "shop": _on_campaign, "trail": _on_campaign, "build": _on_build,
}


# --- pending decisions -------------------------------------------------------------------------
def _on_snap(st: State, ev, rng, seat: int, action: Action) -> None:
    ctx = st["pending"]["window"]["ctx"]
    st["pending"] = None  # a Snap Shot window asks one seat once: it closes either way
    d, a = st["models"][ctx["model"]], st["models"][ctx["threat"]]
    if action["type"] == "pass":
        ev.add("no-snap", seat=seat, model=d["id"])
        return
    card = action["card"]
    st["hands"][seat].remove(card)
    st["discard"].append(card)
    if "weapon" in action:
        ev.add("snap", model=d["id"], card=card, at=a["id"])
        push_front(st, [{"do": "fire", "model": d["id"], "weapon": action["weapon"], "target": a["id"],
                         "rounds": 1, "fan": False, "aimed": False, "kind": "snap", "lily": d["lily"]}])
    else:
        start = list(M.body_of(st, d)["pos"])
        res = V.check_move(st, d, action["to"], free=True, reach=C.SNAP_MOVE)
        V.place_body(st, d, res["to"])
        ev.add("snap-dash", model=d["id"], card=card, frm=start, to=res["to"])


def _on_adjust(st: State, ev, rng, seat: int, action: Action) -> None:
    p = st["pending"]
    st["pending"] = None
    roll = p["roll"] + action["by"]
    ev.add("adjust", model=p["by"], by=action["by"], roll=roll)
    v = st["models"][p["victim"]]
    push_front(st, X.apply_wound(st, ev, rng, v, roll, p["by"], brawl=False))


def _on_covered(st: State, ev, rng, seat: int, action: Action) -> None:
    w = st["pending"]["window"]
    mover = w["ctx"]["mover"]
    if action["type"] == "pass":
        ev.add("no-cover", seat=seat)
        w = reactions.passed(w)
        st["pending"] = None if reactions.closed(w) else {"kind": "covered", "window": w}
        return
    st["pending"] = None
    rest = w["order"][w["idx"]:]
    g = st["models"][action["model"]]
    g["covering"] = False
    ev.add("covered-shot", model=g["id"], at=mover)
    push_front(st, [
        {"do": "fire", "model": g["id"], "weapon": action["weapon"], "target": mover, "rounds": 1,
         "fan": False, "aimed": False, "kind": "covered", "lily": g["lily"]},
        {"do": "covered", "mover": mover, "left": rest},
    ])


def _on_brawl(st: State, ev, rng, seat: int, action: Action) -> None:
    st["hands"][seat].remove(action["card"])
    st["brawl"][seat] = action["card"]
    ev.add("brawl-pick", seat=seat)
    p = st["pending"]
    if all(st["brawl"][s] is not None for s in p["seats"]):
        st["pending"] = None
        resolve_brawl(st, ev, rng, p["attacker"], p["defender"])


def _on_place(st: State, ev, rng, seat: int, action: Action) -> None:
    p = st["pending"]
    st["pending"] = None
    m = st["models"][p["model"]]
    m["pos"] = list(action["to"])
    m["status"] = M.OK
    m["fresh"] = True
    m["facing"] = 270 if m["side"] == 0 else 90
    ev.add("joined", model=m["id"], seat=m["side"], to=m["pos"])


PENDING_HANDLERS: dict[str, Callable[..., None]] = {
    "snap": _on_snap, "adjust": _on_adjust, "covered": _on_covered, "brawl": _on_brawl, "place": _on_place,
}


# =============================================================================================
# The queue of steps
# =============================================================================================
def push_front(st: State, steps: list[dict[str, Any]]) -> None:
    st["queue"][0:0] = steps


def run(st: State, ev, rng) -> None:
    """Resolve queued steps until a decision is needed or nothing is left, then move the
    turn along."""
    while True:
        while st["pending"] is None and st["queue"]:
            step = st["queue"].pop(0)
            STEPS[step["do"]](st, ev, rng, step)
        if st["pending"] is not None or st["phase"] == "over":
            return
        if not settle(st, ev, rng):
            return


def _step_snapcheck(st: State, ev, rng, step: dict[str, Any]) -> None:
    """Ask the threatened model's player about a Snap Shot. The player is asked whenever a
    Snap Shot could be taken with the right card (a shot back or a dash to cover), whether
    or not he holds one, so the question itself tells nobody what is in his hand."""
    d, a = st["models"][step["model"]], st["models"][step["threat"]]
    if d["status"] != M.OK or a["status"] != M.OK or d["side"] == a["side"] or st["played"][a["side"]] is None:
        return
    can_fire = bool(snap_fire_weapons(st, d, a))
    can_dash = not M.aboard(d) and snap_move_spot(st, d, a) is not None
    if not (can_fire or can_dash):
        return
    w = reactions.open_window("snap", [d["side"]], reactions.ONE_ROUND, ctx={"model": d["id"], "threat": a["id"]})
    st["pending"] = {"kind": "snap", "window": w}


def _step_fire(st: State, ev, rng, step: dict[str, Any]) -> None:
    m = st["models"][step["model"]]
    if m["status"] != M.OK or (m["lily"] and not step["lily"]):
        ev.add("shot-lost", model=m["id"], why="shaken")
        return
    info = X.shot_info(st, m["id"], step["weapon"], step["target"], aimed=step["aimed"], fan=step["fan"])
    if not info["ok"]:
        ev.add("shot-lost", model=m["id"], why=info["why"])
        return
    w = M.weapon(info["weapon"])
    rounds = step["rounds"]
    if not w["free_reload"]:
        m["ammo"][step["weapon"]] -= rounds
    tp, _ = X.target_point(st, step["target"])
    body = M.body_of(st, m)
    if not M.aboard(m):
        body["facing"] = V.facing_toward(body["pos"], tp)
        m["facing"] = body["facing"]
    rolls = []
    hits = 0
    for _ in range(rounds):
        r = ev.roll(rng, 10, why="hit", model=m["id"])
        if r < info["need"] and not step["fan"]:
            again = X.lucky_reroll(st, ev, rng, m, "hit")
            if again is not None:
                r = again
        rolls.append(r)
        if r >= info["need"]:
            hits += 1
    ev.add("shot", model=m["id"], target=step["target"], weapon=info["weapon"], band=info["band"],
           cover=info["cover"], need=info["need"], rolls=rolls, hits=hits, kind=step["kind"], fan=step["fan"])
    steps: list[dict[str, Any]] = [{"do": "hit", "target": step["target"], "by": m["id"], "aimed": step["aimed"]}
                                   for _ in range(hits)]
    steps.append({"do": "fired", "seat": m["side"]})
    push_front(st, steps)


def _step_hit(st: State, ev, rng, step: dict[str, Any]) -> None:
    t = step["target"]
    if t == "team":
        coach = st["coach"]
        coach["hits"] += 1
        pair = CO.spec(st)["pair"]
        ev.add("team-hit", hits=coach["hits"], pair_dead=coach["hits"] % pair == 0)
        drv = CO.driver(st)
        if drv is not None:
            push_front(st, [{"do": "nerve", "model": drv["id"], "why": "horse"}])
        return
    v = st["models"][t]
    if v["status"] not in (M.OK, M.DOWN):
        return
    if M.mounted(v):
        which = ev.roll(rng, 10, why="horse-or-rider", model=v["id"])
        if which <= C.HORSE_OR_RIDER:
            h = M.horse_of(st, v)
            X.hit_horse(st, ev, h)
            push_front(st, [{"do": "nerve", "model": v["id"], "why": "horse"}])
            return
    push_front(st, [{"do": "wound", "victim": v["id"], "by": step["by"], "aimed": step["aimed"], "brawl": False}])


def _step_wound(st: State, ev, rng, step: dict[str, Any]) -> None:
    v = st["models"][step["victim"]]
    if v["status"] not in (M.OK, M.DOWN):
        return
    roll = ev.roll(rng, 10, why="wound", model=v["id"])
    by = step["by"]
    if step["aimed"] and by is not None:
        st["pending"] = {"kind": "adjust", "seat": st["models"][by]["side"], "victim": v["id"], "roll": roll, "by": by}
        return
    push_front(st, X.apply_wound(st, ev, rng, v, roll, by, brawl=step["brawl"]))


def _step_nerve(st: State, ev, rng, step: dict[str, Any]) -> None:
    X.toughness_test(st, ev, rng, st["models"][step["model"]], step["why"])


def _step_fired(st: State, ev, rng, step: dict[str, Any]) -> None:
    st["fired"][step["seat"]] = True
    cit = st.get("citizens")
    if not cit or (not cit["deck"] and cit["mayor"]):
        return
    roll = ev.roll(rng, 10, why="citizen", seat=step["seat"])
    if roll > C.SCENARIOS.by_id[st["scenario"]]["citizens"]["join_on"]:
        return
    if cit["deck"]:
        card_id = cit["deck"].pop(0)
    else:
        card_id = C.SCENARIOS.by_id[st["scenario"]]["citizens"]["last"]
        cit["mayor"] = True
        if C.SCENARIOS.by_id[st["scenario"]]["mayor_ends"]:
            st["last_turn"] = st["turn"]
    always = C.SCENARIOS.by_id[st["scenario"]]["citizens"]["always"]
    side = always.get(card_id, step["seat"])
    cit["drawn"].append(card_id)
    zone = citizen_zone(st, side)
    g = G.ground(st["table"])
    x0, y0, x1, y1 = g.zones[zone]
    m = M.new_character(st, card_id, side, [(x0 + x1) // 2, (y0 + y1) // 2], 0, status=M.WAITING)
    m["citizen"] = True
    ev.reveal(what=card_id, zone="citizens")
    ev.add("citizen", model=m["id"], card=card_id, seat=side, by=step["seat"])
    if place_spots(st, m["id"]):
        st["pending"] = {"kind": "place", "seat": side, "model": m["id"]}
    else:  # no room at all: he watches from a doorway and joins no fight
        m["status"] = M.GONE


def _step_covered(st: State, ev, rng, step: dict[str, Any]) -> None:
    mover = st["models"][step["mover"]]
    left = step["left"]
    if left is None:
        order = st["order"] if st["order"] else list(range(st["seats"]))
        left = [s for s in order if s != mover["side"]]
    if mover["status"] != M.OK:
        return
    seats = [s for s in left if covering_models(st, s, mover["id"])]
    if seats:
        w = reactions.open_window("covered", seats, reactions.ONE_ROUND, ctx={"mover": mover["id"]})
        st["pending"] = {"kind": "covered", "window": w}


def _step_engage(st: State, ev, rng, step: dict[str, Any]) -> None:
    a, d = st["models"][step["attacker"]], st["models"][step["defender"]]
    if a["status"] != M.OK or not M.on_table(d) or not X.in_contact(st, a, d):
        return
    ev.add("engage", attacker=a["id"], defender=d["id"])
    push_front(st, [{"do": "snapcheck", "model": d["id"], "threat": a["id"]},
                    {"do": "brawl", "attacker": a["id"], "defender": d["id"]}])


def _step_brawl(st: State, ev, rng, step: dict[str, Any]) -> None:
    a, d = st["models"][step["attacker"]], st["models"][step["defender"]]
    if a["status"] != M.OK or not M.on_table(d) or not X.in_contact(st, a, d):
        return
    seats = []
    for m in (a, d):
        if m["status"] == M.OK and st["hands"][m["side"]]:
            seats.append(m["side"])
    if not seats:
        resolve_brawl(st, ev, rng, a["id"], d["id"])
        return
    st["pending"] = {"kind": "brawl", "seats": seats, "attacker": a["id"], "defender": d["id"]}


def resolve_brawl(st: State, ev, rng, aid: int, did: int) -> None:
    a, d = st["models"][aid], st["models"][did]
    ca, cd = st["brawl"][a["side"]], st["brawl"][d["side"]]
    st["brawl"] = [None] * st["seats"]
    shown = [c for c in (ca, cd) if c is not None]
    if shown:
        ev.reveal(what=shown, zone="brawl")
    for c in shown:
        st["discard"].append(c)
    winner = X.brawl_winner(st, a, d, ca, cd)
    ev.add("brawl", attacker=aid, defender=did, cards=[ca, cd], winner=winner)
    if winner is None:
        return
    loser = d if winner == aid else a
    win = st["models"][winner]
    V.push_back(st, loser, M.body_of(st, win)["pos"])
    push_front(st, [{"do": "wound", "victim": loser["id"], "by": winner, "aimed": False, "brawl": True}
                    for _ in range(C.BRAWL_WOUNDS)])


def _step_ram(st: State, ev, rng, step: dict[str, Any]) -> None:
    b = st["models"][step["model"]]
    ev.add("rammed", model=b["id"])
    steps: list[dict[str, Any]] = []
    if b["kind"] == "horse":
        rider = b["rider"]
        for _ in range(step["times"]):
            if b["status"] == M.OK:
                X.hit_horse(st, ev, b)
        if rider is not None:
            steps.append({"do": "nerve", "model": rider, "why": "horse"})
    else:
        steps += [{"do": "wound", "victim": b["id"], "by": None, "aimed": False, "brawl": False}
                  for _ in range(step["times"])]
    push_front(st, steps)


STEPS: dict[str, Callable[..., None]] = {
    "snapcheck": _step_snapcheck, "fire": _step_fire, "hit": _step_hit, "wound": _step_wound,
    "nerve": _step_nerve, "fired": _step_fired, "covered": _step_covered, "engage": _step_engage,
    "brawl": _step_brawl, "ram": _step_ram,
}


# =============================================================================================
# Moving the turn along
# =============================================================================================
def settle(st: State, ev, rng) -> bool:
    """Advance past finished activations, rounds and turns. Returns True if it changed the
    phase in a way that may need another pass."""
    if scenario_decided(st, ev):
        finish(st, ev)
        return False
    if st["phase"] != "act":
        return False
    seat = st["order"][st["current"]]
    sel = st["selected"]
    if sel is not None and not M.can_act(st, st["models"][sel]):
        st["selected"] = None
    if selectable(st, seat) and not st["fled"][seat]:
        if st["selected"] is None:
            only = selectable(st, seat)
            if st["small"] and st["chosen"] is not None and len(only) == 1:
                st["selected"] = only[0]["id"]
        return False
    # this posse's activation is over
    st["selected"] = None
    st["chosen"] = None
    st["current"] += 1
    while st["current"] < len(st["order"]):
        nxt = st["order"][st["current"]]
        if selectable(st, nxt) and not st["fled"][nxt]:
            return False
        st["current"] += 1
    if st["small"] and round_seats(st):
        start_round(st, ev, rng)
        return True
    end_turn(st, ev, rng)
    return True


def in_fight(st: State, seat: int) -> bool:
    return not st["fled"][seat] and not st["out"][seat]


def round_seats(st: State) -> list[int]:
    """Posses that take part in the next round of initiative."""
    seats = [s for s in range(st["seats"]) if in_fight(st, s)]
    if not st["small"]:
        return seats
    return [s for s in seats if any(M.can_act(st, m) and not m["activated"] for m in M.side_chars(st, s))]


def start_turn(st: State, ev, rng) -> None:
    st["turn"] += 1
    st["round"] = 0
    for m in M.chars(st):
        m.update({"acts": 0, "moves": 0, "shots": 0, "held": False, "fresh": False, "activated": False})
    if st.get("coach"):
        st["coach"]["driven"] = False
        st["coach"]["whipped"] = False
    st["bonus"] = None
    ev.add("turn", turn=st["turn"])
    start_round(st, ev, rng)


def start_round(st: State, ev, rng) -> None:
    st["round"] += 1
    for s in range(st["seats"]):
        if st["played"][s] is not None:
            st["discard"].append(st["played"][s])
            st["played"][s] = None
    seats = round_seats(st)
    st["round_seats"] = seats
    for s in seats:
        deal_up(st, ev, rng, s)
    st["order"] = []
    st["current"] = 0
    st["selected"] = None
    st["chosen"] = None
    seats = [s for s in seats if st["hands"][s]]
    st["round_seats"] = seats
    st["phase"] = "initiative"
    if not seats:
        end_turn(st, ev, rng)


def deal_up(st: State, ev, rng, seat: int) -> None:
    hand = st["hands"][seat]
    dealt = 0
    while len(hand) < C.HAND:
        if not st["deck"]:
            if not st["discard"]:
                break
            st["deck"] = st["discard"]
            st["discard"] = []
            ev.shuffle(rng, st["deck"], "deck")
        hand.append(st["deck"].pop())
        dealt += 1
    if dealt:
        ev.add("deal", seat=seat, count=dealt)


def end_turn(st: State, ev, rng) -> None:
    """Skedaddle, then the end of the scenario or the discards and the next turn."""
    st["phase"] = "end"
    for s in range(st["seats"]):
        if not in_fight(st, s):
            continue
        people = [m for m in M.side_chars(st, s) if m["status"] != M.GONE]
        if not any(m["status"] == M.OK for m in people):
            st["out"][s] = True
            ev.add("beaten", seat=s)
            continue
        down = sum(1 for m in people if m["status"] in (M.DEAD, M.DOWN) or m["lily"])
        if down == 0:
            continue
        roll = ev.roll(rng, 10, why="skedaddle", seat=s)
        if st["v"] >= SKEDADDLE_LINE_FROM_VERSION:
            ev.add("skedaddle-roll", seat=s, roll=roll, down=down)
        if roll <= down:
            st["fled"][s] = True
            for m in people:
                if m["status"] == M.OK:
                    m["status"] = M.GONE
            ev.add("skedaddle", seat=s, count=down)
    ev.add("turn-end", turn=st["turn"])
    if scenario_decided(st, ev, turn_end=True):
        finish(st, ev)
        return
    next_discarder(st, ev, rng)


def next_discarder(st: State, ev, rng) -> None:
    for s in list(st["discarders"]):
        if st["hands"][s] and in_fight(st, s):
            st["phase"] = "discard"
            st["asked"] = s
            return
        st["discarders"].remove(s)
    for s in range(st["seats"]):
        if in_fight(st, s):
            deal_up(st, ev, rng, s)
    start_turn(st, ev, rng)


def scenario_decided(st: State, ev, turn_end: bool = False) -> bool:
    if st["phase"] == "over":
        return False
    if st.get("coach") and st["coach"]["gone"]:
        st["end"] = "coach-away"
        return True
    if st.get("strongbox") and st["strongbox"]["on"] == "away":
        st["end"] = "strongbox-away"
        return True
    if st["phase"] in ("shop", "trail", "build"):
        return False
    left = [s for s in range(st["seats"]) if in_fight(st, s)]
    if len(left) <= 1 or (st["seats"] == 2 and len(left) < 2):
        st["end"] = "skedaddle" if any(st["fled"]) else "beaten"
        return True
    if turn_end:
        if st["last_turn"] is not None and st["turn"] >= st["last_turn"]:
            st["end"] = "mayor"
            return True
        if st["turn"] >= st["turns"]:
            st["end"] = "time"
            return True
    return False


def finish(st: State, ev) -> None:
    from .scoring import final_result
    st["phase"] = "over"
    st["pending"] = None
    st["queue"] = []
    st["selected"] = None
    st["result"] = final_result(st)
    ev.add("over", why=st["end"], vp=st["result"]["vp"])


def start_scenario(st: State, ev, rng) -> None:
    """Deploy done (campaign act or posse editor): the first turn begins."""
    st["phase"] = "setup"
    start_turn(st, ev, rng)
