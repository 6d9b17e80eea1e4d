"""What a posse may do now: who is asked, the actions listed for them, and the points on
the table a Move, a Drive, a Snap Shot dash or a citizen's place may pick (`params`).

Decisions that interrupt a turn (a Snap Shot, a Got You Covered! shot, the cards of
Fisticuffs, moving an aimed hit up or down, placing a citizen) are kept in
`state["pending"]` and offer their own actions.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from tabletown.engine import reactions

from . import campaign as CP
from . import cards as K
from . import coach as CO
from . import combat as X
from . import content as C
from . import editor as E
from . import ground as G
from . import models as M
from . import moving as V
from .phrases import name

State = dict[str, Any]

Action = dict[str, Any]


# From rules version 2 a picked character who has done nothing yet is not swapped for another
# by a move of its own (each one a log line and an Undo step): Undo takes the pick back.
PICK_STANDS_FROM_VERSION = 2


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
        return E.options(state, seat)
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
                    gap=dismount_gap(m)) is not None:
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


def dismount_gap(m: M.Model) -> int:
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


def snap_cards(state: State, d: M.Model, threat: M.Model) -> list[int]:
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
    cards = snap_cards(state, d, a)
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


def params(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in active(state):
        return []
    if state["phase"] == "build":
        return E.params(state, seat)
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
            cards = snap_cards(state, d, a)
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
    return name(M.ref(state, m))
