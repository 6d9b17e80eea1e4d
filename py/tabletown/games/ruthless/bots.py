"""Two bots for each posse, deciding from their own view only (never another hand, a
face-down card, the citizens still to come or the Cowboys' hidden position).

- "easy", a greenhorn: shoots at whatever it can see, walks straight at the enemy, never
  aims, never takes cover, never plays a Snap Shot.
- "hard", an old hand: weighs every shot by what it needs on the die, moves to places in
  cover that still have a shot, aims when a single shot is worth more aimed, reloads
  before it runs dry, puts Got You Covered! on when there is nothing to shoot, answers a
  shot that is likely to hit with a Snap Shot (shooting back or diving for cover), keeps
  its high cards for Snap Shots and Fisticuffs unless it needs to move first, and pushes
  an aimed hit to the worst place for the victim.
"""

from __future__ import annotations

import math
from typing import Any, Optional

from tabletown.engine.prng import Rng
from tabletown.engine.search import Expert, lead, standing

from . import campaign as CP
from . import cards as K
from . import combat as X
from . import content as C
from . import ground as G
from . import judgement
from . import models as M
from . import moving as V
from . import options as O
from .scoring import final_result

Action = dict[str, Any]

DANGER_WEIGHT = 0.8


def _types(legal: list[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in legal:
        out.setdefault(a["type"], []).append(a)
    return out


# =============================================================================================
# The greenhorn
# =============================================================================================
def easy_bot(rules, view, seat: int, legal: list[Action], rng: Rng) -> Action:
    by = _types(legal)
    pick = lambda acts: acts[rng.below(len(acts))]  # noqa: E731
    if "pick" in by:
        return pick(by["pick"])
    if view["pending"] is not None:
        kind = view["pending"]["kind"]
        if kind == "covered" and "covered" in by:
            return by["covered"][0]
        if kind == "adjust":
            return {"type": "adjust", "by": 0}
        if kind in ("brawl", "place"):
            return pick(legal)
        return by.get("pass", legal)[0]
    phase = view["phase"]
    if phase == "discard":
        return {"type": "keep"}
    if phase in ("shop", "trail"):
        if "ready" in by:
            return {"type": "ready"}
        return pick(legal)
    if phase == "build":
        return build_posse(view, seat, by, rng)
    if "select" in by and view["selected"] is None:
        return by["select"][0]
    if "shoot" in by:
        return pick(by["shoot"])
    for a in by.get("reload", []):
        m = view["models"][a["model"]]
        if m["ammo"][a["weapon"]] == 0:
            return a
    if "courage" in by:
        return by["courage"][0]
    moves = by.get("move", [])
    if moves:
        m = view["models"][view["selected"]]
        foe = V.nearest_enemy(view, m)
        if foe is not None:
            return min(moves, key=lambda a: (G.dist2(a["to"], foe["pos"]), a["to"]))
    if "drive" in by:
        return by["drive"][0]
    if "hold" in by:
        return by["hold"][0]
    return by.get("end", legal)[0]


def build_posse(view, seat: int, by: dict[str, list[Action]], rng: Rng) -> Action:
    """Fill blank cards in a plain way: Toughness 5, a revolver and a rifle, one trait."""
    b = view["build"]
    editing = b["editing"]
    cards = b["cards"][str(seat)]
    if editing is not None:
        card = view["custom"][editing]
        if "repeating-rifle" not in card["weapons"] and len(card["weapons"]) < 2:
            return {"type": "weapon", "card": editing, "weapon": "repeating-rifle"}
        if not card["traits"]:
            traits = [a for a in by.get("trait", [])]
            return traits[rng.below(len(traits))]
    if len(cards) < 4 and "add" in by:
        return {"type": "add"}
    return by.get("ready", by.get("add", [{"type": "ready"}]))[0]


# =============================================================================================
# The old hand
# =============================================================================================
def hard_bot(rules, view, seat: int, legal: list[Action], rng: Rng) -> Action:
    by = _types(legal)
    if view["pending"] is not None:
        return _hard_pending(view, seat, legal, by)
    phase = view["phase"]
    if phase == "initiative":
        return _initiative(view, seat, by["pick"])
    if phase == "discard":
        low = [a for a in by.get("discard", []) if K.rank(a["card"]) <= 6]
        return low[0] if low else {"type": "keep"}
    if phase == "shop":
        return _shop(view, seat, by)
    if phase == "trail":
        return _trail(view, seat, legal, rng)
    if phase == "build":
        return build_posse(view, seat, by, rng)
    return _act(view, seat, legal, by, rng)


def _initiative(view, seat: int, picks: list[Action]) -> Action:
    hand = sorted(a["card"] for a in picks)
    mine = M.side_chars(view, seat)
    if any(m["status"] == M.DOWN for m in mine):
        revive = [c for c in hand if K.revives(c)]
        if revive:
            return {"type": "pick", "card": revive[0]}
    if _contact_soon(view, seat):
        # going first matters: the highest card, unless it is the only card good for a Snap Shot
        strong = [c for c in hand if K.rank(c) >= 10]
        card = hand[-1] if len(strong) != 1 or len(hand) == 1 else hand[-2]
        return {"type": "pick", "card": card}
    sevens = [c for c in hand if K.third_action(c)]
    if sevens:
        return {"type": "pick", "card": sevens[0]}
    return {"type": "pick", "card": hand[0]}


def _contact_soon(view, seat: int) -> bool:
    mine = [m for m in M.side_chars(view, seat) if m["status"] == M.OK]
    foes = [e for e in M.enemies_of(view, seat) if e["status"] == M.OK]
    for m in mine:
        for e in foes:
            if G.dist2(X.firing_point(view, m), X.firing_point(view, e)) <= 1800 ** 2:
                return True
    return False


def _hard_pending(view, seat: int, legal: list[Action], by: dict[str, list[Action]]) -> Action:
    p = view["pending"]
    kind = p["kind"]
    figures = view["derived"].get("pending", {})
    if kind == "snap":
        snaps = by.get("snap", [])
        if not snaps:
            return {"type": "pass"}
        incoming = figures.get("incoming")
        threat_need = incoming["need"] if incoming else 6
        rounds = incoming["rounds"] if incoming else 1
        danger = rounds * X.hit_chance(threat_need) if incoming else 0.7
        if danger < 0.4:  # a shot that needs 8 or more: keep the card
            return {"type": "pass"}
        cheapest = min(a["card"] for a in snaps)
        fires = [a for a in snaps if a["card"] == cheapest and "weapon" in a]
        if fires:
            ctx = p["window"]["ctx"]
            best = min(fires, key=lambda a: X.shot_info(view, ctx["model"], a["weapon"], ctx["threat"], aimed=False)["need"])
            need = X.shot_info(view, ctx["model"], best["weapon"], ctx["threat"], aimed=False)["need"]
            if need <= 7:
                return best
        dashes = [a for a in snaps if a["card"] == cheapest and "to" in a]
        if dashes:
            return dashes[0]
        return fires[0] if fires else {"type": "pass"}
    if kind == "covered":
        shots = by.get("covered", [])
        best = None
        best_need = 11
        for a in shots:
            need = X.shot_info(view, a["model"], a["weapon"], p["window"]["ctx"]["mover"], aimed=False)["need"]
            if need < best_need:
                best, best_need = a, need
        return best if best is not None and best_need <= 8 else {"type": "pass"}
    if kind == "adjust":
        victim = view["models"][p["victim"]]
        boxes = view["derived"]["models"][victim["id"]]["boxes"]
        return max(legal, key=lambda a: _wound_worth(victim, boxes, p["roll"] + a["by"]))
    if kind == "brawl":
        return max(legal, key=lambda a: a["card"])
    if kind == "place":
        foes = [e for e in M.enemies_of(view, seat)]
        g = G.ground(view["table"])

        def spot_value(a: Action) -> tuple:
            covered = G.in_cover(g, (a["to"][0], a["to"][1]), C.FOOT_RADIUS)
            near = min((math.dist(a["to"], e["pos"]) for e in foes), default=0)
            return (covered, -near)

        return max(legal, key=spot_value)
    return legal[0]


def _wound_worth(victim: M.Model, boxes: dict[str, int], roll: int) -> float:
    row = C.wound_row(roll)
    box = row["box"]
    if box and victim["wounds"][box] + 1 >= boxes[box]:
        return 10.0
    return {"severe": 5.0, "chest": 3.0, "arm": 2.0, "leg": 1.8}.get(box or "", 0.5 if row["id"] == "gut-punch" else 0.0)


def _shop(view, seat: int, by: dict[str, list[Action]]) -> Action:
    buys = by.get("buy", [])
    for item in ("hire", "doctor", "tracker", "ambush", "whiskey"):
        options = [a for a in buys if a["item"] == item]
        if options:
            return options[0]
    return {"type": "ready"}


def _trail(view, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The Cowboys ride where nobody can foresee (any way on, at random); the Earps guess the
    place the trail most likely leads to, counting every way the Cowboys could have ridden
    from where they were last seen, less the places already ruled out."""
    if seat == CP.COWBOYS:
        return legal[rng.below(len(legal))]
    odds = trail_odds(view)
    best = max(odds.get(a["at"], 0.0) for a in legal)
    top = [a for a in legal if odds.get(a["at"], 0.0) >= best - 1e-9]
    return top[rng.below(len(top))]


def trail_odds(view) -> dict[str, float]:
    """How likely the Cowboys are at each place now, if they ride any way on at random:
    every ride spreads the odds over the ways on; a wrong guess rules its places out."""
    act = view["act"]
    odds = {act["at"]: 1.0}
    for ride in range(act["rides"]):
        spread: dict[str, float] = {}
        for node_id, p in odds.items():
            ways = C.node(node_id)["next"]
            for n in ways:
                spread[n] = spread.get(n, 0.0) + p / len(ways)
        out = act["ruled_out"][ride] if ride < len(act["ruled_out"]) else act["guesses"]
        odds = {n: p for n, p in spread.items() if n not in out}
    total = sum(odds.values()) or 1.0
    return {n: p / total for n, p in odds.items()}


# --- acting -----------------------------------------------------------------------------------
def _act(view, seat: int, legal: list[Action], by: dict[str, list[Action]], rng: Rng) -> Action:
    sel = view["selected"]
    if sel is None:
        choices = by.get("select", [])
        if not choices:
            return {"type": "end"}
        scored = [(_model_urgency(view, view["models"][a["model"]]), -a["model"], a) for a in choices]
        return max(scored, key=lambda x: (x[0], x[1]))[2]
    m = view["models"][sel]
    plan = _best_plan(view, m, by)
    return plan if plan is not None else by["hold"][0]


def _model_urgency(view, m: M.Model) -> float:
    best = max((v for _, v in _shot_values(view, m)), default=0.0)
    return best + 0.5 * _danger(view, m, X.firing_point(view, m))


def target_value(view, m: M.Model, t: Any) -> float:
    if t == "team":
        return 1.2
    v = view["models"][t]
    value = 1.0 + 0.3 * sum(v["wounds"].values())
    if v["status"] == M.DOWN:
        value *= 0.6
    if view["vp_rule"] == "dodge-city":
        if v["citizen"]:
            value -= 1.6
        if v["card"] in ("al-updegraff", "bat-masterson"):
            value += 0.8
    if v["strongbox"]:
        value += 1.5
    if v["driver"]:
        value += 0.8
    return value


def _shot_values(view, m: M.Model, aimed: Optional[bool] = None) -> list[tuple[Action, float]]:
    """Every shot m could take now, with expected value (hit chance × worth of the target,
    less what a citizen joining the posse would cost in Dodge City)."""
    out: list[tuple[Action, float]] = []
    cit = view.get("citizens")
    toll = 0.3 if cit and (cit["deck"] or not cit["mayor"]) else 0.0
    if m["status"] != M.OK or (M.arm_wounded(m) and m["shots"] >= 1):
        return out
    for t in X.targets(view, m):
        geo = X.line_of_fire(view, m, t)
        worth = target_value(view, m, t)
        for wi, wid in enumerate(M.weapons(view, m)):
            info = X.shot_info(view, m["id"], wi, t, aimed=aimed, geo=geo)
            if not info["ok"]:
                continue
            mounted_t = t != "team" and M.mounted(view["models"][t])
            hit = X.hit_chance(info["need"]) * (0.6 if mounted_t else 1.0)
            out.append(({"type": "shoot", "model": m["id"], "weapon": wi, "target": t}, hit * worth - toll))
            w = M.weapon(wid)
            if w["fanfire"] and info["band"] == "short" and m["ammo"][wi] >= 2:
                fan = X.shot_info(view, m["id"], wi, t, fan=True, geo=geo)
                rounds = min(C.FANFIRE_MAX, m["ammo"][wi])
                value = rounds * X.hit_chance(fan["need"]) * worth * (0.6 if mounted_t else 1.0) - toll
                out.append(({"type": "fanfire", "model": m["id"], "weapon": wi, "target": t, "rounds": rounds}, value))
    return out


def _moved(view, m: M.Model, p: list[int]) -> dict[str, Any]:
    """A shallow copy of the view with m (and his horse) standing at p."""
    copy = dict(view)
    models = list(view["models"])
    body = M.body_of(view, m)
    models[body["id"]] = dict(body, pos=list(p))
    if body is not m:
        models[m["id"]] = dict(m, pos=list(p))
    copy["models"] = models
    return copy


def _danger(view, m: M.Model, at: list[int]) -> float:
    """Expected hits the enemy could put on m standing at `at` (each enemy's best shot)."""
    state = _moved(view, m, at) if at != X.firing_point(view, m) else view
    me = state["models"][m["id"]]
    total = 0.0
    for e in M.enemies_of(state, m["side"]):
        if e["status"] != M.OK:
            continue
        best = 0.0
        geo = X.line_of_fire(state, e, me["id"])
        if not geo[1]:
            continue
        for wi in range(len(M.weapons(state, e))):
            info = X.shot_info(state, e["id"], wi, me["id"], aimed=False, geo=geo)
            if info["ok"] or info["why"] == "empty":
                best = max(best, X.hit_chance(info["need"]))
        total += best
    return total


def _offense(view, m: M.Model, at: list[int]) -> float:
    state = _moved(view, m, at)
    return max((v for _, v in _shot_values(state, state["models"][m["id"]], aimed=False)), default=0.0)


def _nearest_foe_dist(view, m: M.Model, at: list[int]) -> float:
    foes = [e for e in M.enemies_of(view, m["side"]) if e["status"] == M.OK]
    return min((math.dist(at, X.firing_point(view, e)) for e in foes), default=0.0)


def _move_candidates(view, m: M.Model, by: dict[str, list[Action]]) -> list[Action]:
    out = list(by.get("move", []))
    if O.move_allowed(view, m) is not None:
        return out
    start = M.body_of(view, m)["pos"]
    open_, _ = V.limits(view, m)
    spots = [s for s, _ in G.hiding_spots(view["table"], M.radius(m)) if math.dist(start, s) <= open_]
    spots.sort(key=lambda s: (math.dist(start, s), s))
    for s in spots[:10]:
        res = V.check_move(view, m, s)
        if res["ok"] and res["contact"] is None:
            out.append({"type": "move", "model": m["id"], "to": res["to"]})
    return [a for a in out if math.dist(start, a["to"]) >= 60]


def _best_plan(view, m: M.Model, by: dict[str, list[Action]]) -> Optional[Action]:
    left = M.action_limit(view, m) - m["acts"]
    here = X.firing_point(view, m)
    shots = _shot_values(view, m)
    best_shot = max(shots, key=lambda x: x[1], default=(None, 0.0))
    danger_here = _danger(view, m, here)
    plans: list[tuple[float, Action]] = []

    if m["lily"] and "courage" in by:
        need = M.toughness(view, m)
        choices = by["courage"]
        hand = view["hands"][m["side"]]
        whiskey = [a for a in choices if a["card"] is not None and K.is_whiskey(a["card"])]
        numbers = [a for a in choices if a["card"] is not None and not K.is_whiskey(a["card"])
                   and K.rank(a["card"]) >= need - 4]
        pick = numbers[0] if numbers else (whiskey[0] if whiskey and len(hand) > 2 else choices[0])
        plans.append((1.5, pick))

    if best_shot[0] is not None:
        follow = 0.0
        if left >= 2:
            can_again = not M.arm_wounded(m) and m["ammo"][best_shot[0]["weapon"]] >= 2
            follow = best_shot[1] if can_again and best_shot[0]["type"] == "shoot" else 0.0
        plans.append((best_shot[1] + follow - DANGER_WEIGHT * danger_here * (0.5 if left >= 2 else 1.0), best_shot[0]))
        if left >= 2 and not m["aim"] and "aim" in by:
            aimed = max((v for _, v in _shot_values(view, m, aimed=True)), default=0.0)
            plans.append((aimed * 1.1 - DANGER_WEIGHT * danger_here, by["aim"][0]))

    # moving: to cover with a shot, toward the enemy, out of danger
    foe_d = _nearest_foe_dist(view, m, here)
    for a in _move_candidates(view, m, by):
        p = a["to"]
        danger = _danger(view, m, p)
        value = -DANGER_WEIGHT * danger
        if left >= 2:
            value += _offense(view, m, p)
        else:
            value += 0.3 * _offense(view, m, p)
        if not shots:
            value += max(0.0, foe_d - _nearest_foe_dist(view, m, p)) / 2400
        if G.in_cover(G.ground(view["table"]), (p[0], p[1]), M.radius(m)):
            value += 0.1
        if a in by.get("move", []) and V.check_move(view, m, p)["contact"] is not None:
            top = max(view["hands"][m["side"]], default=0)
            value += (0.9 if K.rank(top) >= 12 else 0.1) * target_value(view, m, V.nearest_enemy(view, m)["id"])
        plans.append((value, a))
    plans.append((-DANGER_WEIGHT * danger_here - 0.05, by["hold"][0]))

    for a in by.get("reload", []):
        w = M.weapon(M.weapons(view, m)[a["weapon"]])
        empty = 1 - m["ammo"][a["weapon"]] / w["rounds"]
        plans.append((0.35 * empty + (0.3 if m["ammo"][a["weapon"]] == 0 else 0) - DANGER_WEIGHT * danger_here, a))
    if "cover" in by and not shots and not m["lily"] and left == 1:
        # the marker lasts until his next action: only worth it as the last one
        plans.append((0.25 - DANGER_WEIGHT * danger_here, by["cover"][0]))
    for kind in ("drive", "whip", "grab", "escape", "holler", "patch", "mount", "reins"):
        for a in by.get(kind, []):
            plans.append((_special_value(view, m, a), a))
    plans.sort(key=lambda x: -x[0])
    return plans[0][1] if plans else None


def _special_value(view, m: M.Model, a: Action) -> float:
    kind = a["type"]
    if kind == "escape":
        return 10.0
    if kind == "grab":
        return 8.0
    if kind == "drive":
        g = G.ground(view["table"])
        return 2.0 + (a["to"][0] - view["coach"]["pos"][0]) / 600 + (3.0 if a["to"][0] >= g.width else 0.0)
    if kind == "whip":
        left = M.action_limit(view, m) - m["acts"]
        return 3.5 if left >= 2 else 0.0
    if kind == "reins":
        return 3.0
    if kind == "holler":
        return 0.4
    if kind == "patch":
        return 0.6
    if kind == "mount":
        return 0.1 if a["horse"] != "coach" else 1.0
    return 0.0


def expert_standing(rules, state, seat: int) -> float:
    """How a posse stands in an imagined gunfight: the outcome once it is over; between two
    posses, its chance of winning (`judgement.py`); else its victory points as they would be
    counted now (kills, citizens, who still stands steady) against the best other posse's,
    squashed into (0, 1)."""
    if state["phase"] == "over":
        return standing(rules, state, seat)
    if judgement.judges(state):
        return judgement.winning_chance(state, seat)
    return lead(final_result(state)["vp"], seat, 4.0)


BOTS = {"easy": easy_bot, "hard": hard_bot, "expert": Expert(hard=hard_bot, policy=easy_bot, evaluate=expert_standing, horizon=6)}
