"""What each action does: the cards of initiative, the actions of a character, the discards,
the campaign's and the posse editor's choices, and the answers to a pending decision.

Each handler changes the move's state and tells its events; what the action sets going (a
shot, a Fisticuffs, a test of nerve) is queued as steps (steps.py).

`mv` is the move being applied (engine/move.py); `m` is a model, as everywhere in Ruthless.
"""

from __future__ import annotations

from typing import Any, Callable

from tabletown.engine import reactions
from tabletown.engine.move import Move

from . import campaign as CP
from . import cards as K
from . import coach as CO
from . import combat as X
from . import content as C
from . import editor as E
from . import ground as G
from . import models as M
from . import moving as V
from .flow import finish, next_discarder, start_scenario
from .options import Action, State, dismount_gap, escape_edge
from .steps import push_front, resolve_brawl

# From rules version 4 Dirty Cheat is a trait, not an action: the rulebook's actions are Move,
# Aim, Got You Covered, Shoot, Mount, Dismount, Reload and Get Your Courage Up, and the swap
# "once per turn" leaves the cheat his two actions (under 1 to 3 it used one of them).
CHEAT_FREE_FROM_VERSION = 4


def _on_pick(mv: Move, seat: int, action: Action) -> None:
    st = mv.s
    st["hands"][seat].remove(action["card"])
    st["picks"][seat] = action["card"]
    mv.emit("pick", seat=seat)
    if all(st["picks"][s] is not None for s in st["round_seats"]):
        reveal_initiative(mv)


def reveal_initiative(mv: Move) -> None:
    st = mv.s
    seats = st["round_seats"]
    shown = {s: st["picks"][s] for s in seats}
    mv.reveal("picks", what=[shown[s] for s in seats], seats=list(seats))
    for s in seats:
        st["played"][s] = shown[s]
        st["picks"][s] = None
    order = sorted(seats, key=lambda s: shown[s], reverse=True)
    act = st.get("act") or {}
    if st["turn"] == 1 and act.get("ambush") in seats and st["round"] == 1:
        order = [act["ambush"]] + [s for s in order if s != act["ambush"]]
    st["order"] = order
    st["current"] = 0
    mv.emit("order", order=order, cards=[shown[s] for s in order])
    for s in order:
        card = shown[s]
        if K.revives(card):
            woke = [m["id"] for m in M.side_chars(st, s) if m["status"] == M.DOWN]
            for mid in woke:
                st["models"][mid]["status"] = M.OK
            if woke:
                mv.emit("revive", seat=s, models=woke)
        if K.third_action(card):
            st["bonus"] = {"seat": s, "model": None}
            mv.emit("seven", seat=s)
        if K.discard_privilege(card) and s not in st["discarders"]:
            st["discarders"].append(s)
    st["phase"] = "act"
    st["selected"] = None
    st["chosen"] = None


def _on_act(mv: Move, seat: int, action: Action) -> None:
    st = mv.s
    typ = action["type"]
    if typ == "select":
        st["selected"] = action["model"]
        st["pick_unused"] = True
        mv.emit("select", model=action["model"])
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
        mv.emit("end", seat=seat)
        return
    m = st["models"][action["model"]]
    if typ == "hold":
        m["held"] = True
        if st["small"]:
            m["activated"] = True
            st["chosen"] = m["id"]
        st["selected"] = None
        mv.emit("hold", model=m["id"])
        return
    st["pick_unused"] = False
    MODEL_ACTIONS[typ](mv, m, action)


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


def _do_move(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    res = V.check_move(st, m, action["to"])
    start = list(M.body_of(st, m)["pos"])
    spend(st, m, "move")
    V.place_body(st, m, res["to"])
    mv.emit("move", model=m["id"], frm=start, to=res["to"], dist=res["dist"], rough=bool(res["rough"]))
    steps: list[dict[str, Any]] = [{"do": "covered", "mover": m["id"], "left": None}]
    if res["contact"] is not None:
        steps.append({"do": "engage", "attacker": m["id"], "defender": res["contact"]})
    push_front(st, steps)


def _do_aim(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    spend(st, m, "aim")
    m["aim"] = True
    mv.emit("aim", model=m["id"])


def _do_cover(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    spend(st, m, "cover")
    m["covering"] = True
    mv.emit("covering", model=m["id"])


def _do_shoot(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    fan = action["type"] == "fanfire"
    aimed = bool(m["aim"]) and not fan
    spend(st, m, "shoot")
    m["aim"] = False
    t = action["target"]
    rounds = action.get("rounds", 1)
    mv.emit("declare", model=m["id"], target=t, weapon=M.weapons(st, m)[action["weapon"]], rounds=rounds, fan=fan)
    steps: list[dict[str, Any]] = []
    if t != "team":
        steps.append({"do": "snapcheck", "model": t, "threat": m["id"]})
    steps.append({"do": "fire", "model": m["id"], "weapon": action["weapon"], "target": t, "rounds": rounds,
                  "fan": fan, "aimed": aimed, "kind": "action", "lily": m["lily"]})
    push_front(st, steps)


def _do_reload(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    spend(st, m, "reload")
    wi = action["weapon"]
    cap = M.weapon(M.weapons(st, m)[wi])["rounds"]
    before = m["ammo"][wi]
    m["ammo"][wi] = min(cap, before + C.RELOAD)
    mv.emit("reload", model=m["id"], weapon=M.weapons(st, m)[wi], rounds=m["ammo"][wi] - before)


def _do_mount(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    spend(st, m, "mount")
    if action["horse"] == "coach":
        where = "box" if CO.seats_taken(st, "box") < CO.BOX_SEATS else "inside"
        m["aboard"] = where
        m["pos"] = list(st["coach"]["pos"])
        mv.emit("board", model=m["id"], where=where)
        return
    h = st["models"][action["horse"]]
    h["rider"] = m["id"]
    h["side"] = m["side"]
    m["horse"] = h["id"]
    m["pos"] = list(h["pos"])
    m["facing"] = h["facing"]
    mv.emit("mount", model=m["id"], horse=h["id"])


def _do_dismount(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    spend(st, m, "dismount")
    if M.aboard(m):
        spot = X.beside(st, st["coach"]["pos"], C.FOOT_RADIUS, gap=dismount_gap(m))
        m["aboard"] = None
        m["driver"] = False
        m["pos"] = spot
        mv.emit("alight", model=m["id"])
        return
    h = M.horse_of(st, m)
    X.dismount(st, m)
    mv.emit("dismount", model=m["id"], horse=h["id"])


def _do_reins(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
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
    mv.emit("reins", model=m["id"])


def _do_courage(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    spend(st, m, "courage")
    card = action["card"]
    if card is not None:
        st["hands"][m["side"]].remove(card)
        st["discard"].append(card)
    if card is not None and K.is_whiskey(card):
        roll = None
        passed = True
    else:
        roll = mv.roll(10, why="courage", model=m["id"])
        passed = X.courage_passes(st, m, roll, card)
        if not passed:
            again = X.lucky_reroll(mv, m, "courage")
            if again is not None:
                roll = again
                passed = X.courage_passes(st, m, roll, card)
    if passed:
        m["lily"] = False
    mv.emit("courage", model=m["id"], card=card, roll=roll, need=M.toughness(st, m), passed=passed)


@C.EFFECTS.handler("holler")
def _do_holler(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
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
    mv.emit("holler", model=m["id"], heard=heard)
    push_front(st, [{"do": "nerve", "model": e, "why": "holler"} for e in heard])


@C.EFFECTS.handler("patch_up")
def _do_patch(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    spend(st, m, "patch")
    M.tick(m, "sawbones")
    f = st["models"][action["friend"]]
    for loc in ("chest", "arm", "leg"):
        if f["wounds"][loc]:
            f["wounds"][loc] -= 1
            mv.emit("patch", model=m["id"], friend=f["id"], location=loc)
            break


@C.EFFECTS.handler("swap_card")
def _do_cheat(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    if st["v"] < CHEAT_FREE_FROM_VERSION:
        spend(st, m, "cheat")
    m["cheat_turn"] = st["turn"]
    mine, theirs = st["hands"][m["side"]], st["hands"][action["victim"]]
    i = mv.below(len(theirs), why="cheat", seat=m["side"])
    took = theirs[i]
    mine.remove(action["card"])
    theirs[i] = action["card"]
    mine.append(took)
    mv.emit("cheat", model=m["id"], victim=action["victim"])
    mv.emit("cheat_cards", private=m["side"], gave=action["card"], got=took)
    mv.emit("cheat_cards", private=action["victim"], gave=took, got=action["card"])


def _do_whip(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    spend(st, m, "whip")
    st["coach"]["whipped"] = True
    mv.emit("whip", model=m["id"])


def _do_drive(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
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
    mv.emit("drive", model=m["id"], frm=start, to=res["to"], whipped=coach["whipped"], rams=res["rams"])
    steps: list[dict[str, Any]] = []
    for bid in res["rams"]:
        b = st["models"][bid]
        b["pos"] = CO.push_aside(st, b, start, res["to"])
        if b["kind"] == "horse" and b["rider"] is not None:
            st["models"][b["rider"]]["pos"] = list(b["pos"])
        steps.append({"do": "ram", "model": bid, "times": 2 if coach["whipped"] else 1})
    if res["away"]:
        coach["gone"] = True
        mv.emit("coach_away")
    push_front(st, steps)


def _do_grab(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    spend(st, m, "grab")
    st["strongbox"].update({"on": "model", "model": m["id"], "pos": None})
    m["strongbox"] = True
    mv.emit("strongbox", what="grabbed", model=m["id"])


def _do_escape(mv: Move, m: M.Model, action: Action) -> None:
    st = mv.s
    edge = escape_edge(st, m)
    spend(st, m, "move")
    m["status"] = M.GONE
    m["strongbox"] = False
    if M.mounted(m):
        M.horse_of(st, m)["status"] = M.GONE
    st["strongbox"].update({"on": "away", "model": m["id"], "pos": None})
    mv.emit("escape", model=m["id"], edge=edge)


MODEL_ACTIONS: dict[str, Callable[..., None]] = {
    "move": _do_move, "aim": _do_aim, "cover": _do_cover, "shoot": _do_shoot, "fanfire": _do_shoot,
    "reload": _do_reload, "mount": _do_mount, "dismount": _do_dismount, "reins": _do_reins,
    "courage": _do_courage, "holler": _do_holler, "patch": _do_patch, "cheat": _do_cheat,
    "whip": _do_whip, "drive": _do_drive, "grab": _do_grab, "escape": _do_escape,
}


def _on_discard(mv: Move, seat: int, action: Action) -> None:
    st = mv.s
    if action["type"] == "discard":
        st["hands"][seat].remove(action["card"])
        st["discard"].append(action["card"])
        mv.emit("discard", seat=seat, card=action["card"])
        if st["hands"][seat]:
            return
    else:
        mv.emit("keep", seat=seat)
    st["discarders"].remove(seat)
    next_discarder(mv)


def _on_campaign(mv: Move, seat: int, action: Action) -> None:
    CP.apply(mv, seat, action)
    if mv.s["end"] == "escaped":  # a wrong guess on the border: the act ends unfought
        finish(mv)
    elif mv.s["phase"] == "deploy":
        start_scenario(mv)


def _on_build(mv: Move, seat: int, action: Action) -> None:
    E.apply(mv, seat, action)
    if mv.s["phase"] == "deploy":
        start_scenario(mv)


PHASE_HANDLERS: dict[str, Callable[..., None]] = {
    "initiative": _on_pick, "act": _on_act, "discard": _on_discard,
    "shop": _on_campaign, "trail": _on_campaign, "build": _on_build,
}


def _on_snap(mv: Move, seat: int, action: Action) -> None:
    st = mv.s
    ctx = st["pending"]["window"]["ctx"]
    st["pending"] = None  # a Snap Shot window asks one seat once: it closes either way
    d, a = st["models"][ctx["model"]], st["models"][ctx["threat"]]
    if action["type"] == "pass":
        mv.emit("no_snap", seat=seat, model=d["id"])
        return
    card = action["card"]
    st["hands"][seat].remove(card)
    st["discard"].append(card)
    if "weapon" in action:
        mv.emit("snap", model=d["id"], card=card, at=a["id"])
        push_front(st, [{"do": "fire", "model": d["id"], "weapon": action["weapon"], "target": a["id"],
                         "rounds": 1, "fan": False, "aimed": False, "kind": "snap", "lily": d["lily"]}])
    else:
        start = list(M.body_of(st, d)["pos"])
        res = V.check_move(st, d, action["to"], free=True, reach=C.SNAP_MOVE)
        V.place_body(st, d, res["to"])
        mv.emit("snap_dash", model=d["id"], card=card, frm=start, to=res["to"])


def _on_adjust(mv: Move, seat: int, action: Action) -> None:
    st = mv.s
    p = st["pending"]
    st["pending"] = None
    roll = p["roll"] + action["by"]
    mv.emit("adjust", model=p["by"], by=action["by"], roll=roll)
    v = st["models"][p["victim"]]
    push_front(st, X.apply_wound(mv, v, roll, p["by"], brawl=False))


def _on_covered(mv: Move, seat: int, action: Action) -> None:
    st = mv.s
    w = st["pending"]["window"]
    mover = w["ctx"]["mover"]
    if action["type"] == "pass":
        mv.emit("no_cover", seat=seat)
        w = reactions.passed(w)
        st["pending"] = None if reactions.closed(w) else {"kind": "covered", "window": w}
        return
    st["pending"] = None
    rest = w["order"][w["idx"]:]
    g = st["models"][action["model"]]
    g["covering"] = False
    mv.emit("covered_shot", model=g["id"], at=mover)
    push_front(st, [
        {"do": "fire", "model": g["id"], "weapon": action["weapon"], "target": mover, "rounds": 1,
         "fan": False, "aimed": False, "kind": "covered", "lily": g["lily"]},
        {"do": "covered", "mover": mover, "left": rest},
    ])


def _on_brawl(mv: Move, seat: int, action: Action) -> None:
    st = mv.s
    st["hands"][seat].remove(action["card"])
    st["brawl"][seat] = action["card"]
    mv.emit("brawl_pick", seat=seat)
    p = st["pending"]
    if all(st["brawl"][s] is not None for s in p["seats"]):
        st["pending"] = None
        resolve_brawl(mv, p["attacker"], p["defender"])


def _on_place(mv: Move, seat: int, action: Action) -> None:
    st = mv.s
    p = st["pending"]
    st["pending"] = None
    m = st["models"][p["model"]]
    m["pos"] = list(action["to"])
    m["status"] = M.OK
    m["fresh"] = True
    m["facing"] = 270 if m["side"] == 0 else 90
    mv.emit("joined", model=m["id"], seat=m["side"], to=m["pos"])


PENDING_HANDLERS: dict[str, Callable[..., None]] = {
    "snap": _on_snap, "adjust": _on_adjust, "covered": _on_covered, "brawl": _on_brawl, "place": _on_place,
}
