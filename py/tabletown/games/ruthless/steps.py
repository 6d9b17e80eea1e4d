"""The queue of steps: what is still to be resolved after an action, one small step at a time.

A shot, a hit, a wound, a test of nerve, the question of a Snap Shot or of Got You
Covered!: each waits in `state["queue"]` until the decisions before it are taken, so every
decision point is a plain state that can be saved, shared and replayed.

`mv` is the move being applied (engine/move.py); `m` is a model, as everywhere in Ruthless.
"""

from __future__ import annotations

from typing import Any, Callable

from tabletown.engine import reactions
from tabletown.engine.move import Move

from . import coach as CO
from . import combat as X
from . import content as C
from . import ground as G
from . import models as M
from . import moving as V
from .flow import settle
from .options import State, citizen_zone, covering_models, place_spots, snap_fire_weapons, snap_move_spot


def push_front(st: State, steps: list[dict[str, Any]]) -> None:
    st["queue"][0:0] = steps


def run(mv: Move) -> None:
    """Resolve queued steps until a decision is needed or nothing is left, then move the
    turn along."""
    st = mv.s
    while True:
        while st["pending"] is None and st["queue"]:
            step = st["queue"].pop(0)
            STEPS[step["do"]](mv, step)
        if st["pending"] is not None or st["phase"] == "over":
            return
        if not settle(mv):
            return


def _step_snapcheck(mv: Move, step: dict[str, Any]) -> None:
    """Ask the threatened model's player about a Snap Shot. The player is asked whenever a
    Snap Shot could be taken with the right card (a shot back or a dash to cover), whether
    or not he holds one, so the question itself tells nobody what is in his hand."""
    st = mv.s
    d, a = st["models"][step["model"]], st["models"][step["threat"]]
    if d["status"] != M.OK or a["status"] != M.OK or d["side"] == a["side"] or st["played"][a["side"]] is None:
        return
    can_fire = bool(snap_fire_weapons(st, d, a))
    can_dash = not M.aboard(d) and snap_move_spot(st, d, a) is not None
    if not (can_fire or can_dash):
        return
    w = reactions.open_window("snap", [d["side"]], reactions.ONE_ROUND, ctx={"model": d["id"], "threat": a["id"]})
    st["pending"] = {"kind": "snap", "window": w}


def _step_fire(mv: Move, step: dict[str, Any]) -> None:
    st = mv.s
    m = st["models"][step["model"]]
    if m["status"] != M.OK or (m["lily"] and not step["lily"]):
        mv.emit("shot_lost", model=m["id"], why="shaken")
        return
    info = X.shot_info(st, m["id"], step["weapon"], step["target"], aimed=step["aimed"], fan=step["fan"])
    if not info["ok"]:
        mv.emit("shot_lost", model=m["id"], why=info["why"])
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
        r = mv.roll(10, why="hit", model=m["id"])
        if r < info["need"] and not step["fan"]:
            again = X.lucky_reroll(mv, m, "hit")
            if again is not None:
                r = again
        rolls.append(r)
        if r >= info["need"]:
            hits += 1
    mv.emit("shot", model=m["id"], target=step["target"], weapon=info["weapon"], band=info["band"],
           cover=info["cover"], need=info["need"], rolls=rolls, hits=hits, kind=step["kind"], fan=step["fan"])
    steps: list[dict[str, Any]] = [{"do": "hit", "target": step["target"], "by": m["id"], "aimed": step["aimed"]}
                                   for _ in range(hits)]
    steps.append({"do": "fired", "seat": m["side"]})
    push_front(st, steps)


def _step_hit(mv: Move, step: dict[str, Any]) -> None:
    st = mv.s
    t = step["target"]
    if t == "team":
        coach = st["coach"]
        coach["hits"] += 1
        pair = CO.spec(st)["pair"]
        mv.emit("team_hit", hits=coach["hits"], pair_dead=coach["hits"] % pair == 0)
        drv = CO.driver(st)
        if drv is not None:
            push_front(st, [{"do": "nerve", "model": drv["id"], "why": "horse"}])
        return
    v = st["models"][t]
    if v["status"] not in (M.OK, M.DOWN):
        return
    if M.mounted(v):
        which = mv.roll(10, why="horse-or-rider", model=v["id"])
        if which <= C.HORSE_OR_RIDER:
            h = M.horse_of(st, v)
            X.hit_horse(mv, h)
            push_front(st, [{"do": "nerve", "model": v["id"], "why": "horse"}])
            return
    push_front(st, [{"do": "wound", "victim": v["id"], "by": step["by"], "aimed": step["aimed"], "brawl": False}])


def _step_wound(mv: Move, step: dict[str, Any]) -> None:
    st = mv.s
    v = st["models"][step["victim"]]
    if v["status"] not in (M.OK, M.DOWN):
        return
    roll = mv.roll(10, why="wound", model=v["id"])
    by = step["by"]
    if step["aimed"] and by is not None:
        st["pending"] = {"kind": "adjust", "seat": st["models"][by]["side"], "victim": v["id"], "roll": roll, "by": by}
        return
    push_front(st, X.apply_wound(mv, v, roll, by, brawl=step["brawl"]))


def _step_nerve(mv: Move, step: dict[str, Any]) -> None:
    st = mv.s
    X.toughness_test(mv, st["models"][step["model"]], step["why"])


def _step_fired(mv: Move, step: dict[str, Any]) -> None:
    st = mv.s
    st["fired"][step["seat"]] = True
    cit = st.get("citizens")
    if not cit or (not cit["deck"] and cit["mayor"]):
        return
    roll = mv.roll(10, why="citizen", seat=step["seat"])
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
    mv.reveal("citizens", what=card_id)
    mv.emit("citizen", model=m["id"], card=card_id, seat=side, by=step["seat"])
    if place_spots(st, m["id"]):
        st["pending"] = {"kind": "place", "seat": side, "model": m["id"]}
    else:  # no room at all: he watches from a doorway and joins no fight
        m["status"] = M.GONE


def _step_covered(mv: Move, step: dict[str, Any]) -> None:
    st = mv.s
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


def _step_engage(mv: Move, step: dict[str, Any]) -> None:
    st = mv.s
    a, d = st["models"][step["attacker"]], st["models"][step["defender"]]
    if a["status"] != M.OK or not M.on_table(d) or not X.in_contact(st, a, d):
        return
    mv.emit("engage", attacker=a["id"], defender=d["id"])
    push_front(st, [{"do": "snapcheck", "model": d["id"], "threat": a["id"]},
                    {"do": "brawl", "attacker": a["id"], "defender": d["id"]}])


def _step_brawl(mv: Move, step: dict[str, Any]) -> None:
    st = mv.s
    a, d = st["models"][step["attacker"]], st["models"][step["defender"]]
    if a["status"] != M.OK or not M.on_table(d) or not X.in_contact(st, a, d):
        return
    seats = []
    for m in (a, d):
        if m["status"] == M.OK and st["hands"][m["side"]]:
            seats.append(m["side"])
    if not seats:
        resolve_brawl(mv, a["id"], d["id"])
        return
    st["pending"] = {"kind": "brawl", "seats": seats, "attacker": a["id"], "defender": d["id"]}


def resolve_brawl(mv: Move, aid: int, did: int) -> None:
    st = mv.s
    a, d = st["models"][aid], st["models"][did]
    ca, cd = st["brawl"][a["side"]], st["brawl"][d["side"]]
    st["brawl"] = [None] * st["seats"]
    shown = [c for c in (ca, cd) if c is not None]
    if shown:
        mv.reveal("brawl", what=shown)
    for c in shown:
        st["discard"].append(c)
    winner = X.brawl_winner(st, a, d, ca, cd)
    mv.emit("brawl", attacker=aid, defender=did, cards=[ca, cd], winner=winner)
    if winner is None:
        return
    loser = d if winner == aid else a
    win = st["models"][winner]
    V.push_back(st, loser, M.body_of(st, win)["pos"])
    push_front(st, [{"do": "wound", "victim": loser["id"], "by": winner, "aimed": False, "brawl": True}
                    for _ in range(C.BRAWL_WOUNDS)])


def _step_ram(mv: Move, step: dict[str, Any]) -> None:
    st = mv.s
    b = st["models"][step["model"]]
    mv.emit("rammed", model=b["id"])
    steps: list[dict[str, Any]] = []
    if b["kind"] == "horse":
        rider = b["rider"]
        for _ in range(step["times"]):
            if b["status"] == M.OK:
                X.hit_horse(mv, b)
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
