"""Shooting, wounds, Toughness tests and Fisticuffs, as the rulebook has them.

Shooting: 1d10 + modifiers against 6+ at short range and 8+ at long range. Modifiers: +1
aiming, -1 Lily Livered firer, -1 partial or soft cover, -2 hard cover, -2 firing mounted,
the weapon's own (shotgun +2 close, -1 long) and the firer's traits. Fanfire rolls one die
per round at short range and hits only on 10s. A hit on a mounted target: a second d10,
1-5 the horse, 6-10 the rider. Every hit on a character is one roll on the wound table; an
aimed shot's wound roll may be moved one up or down by the firer.

The functions that roll or tell take the move being applied (`mv`, engine/move.py): they
change its state and record every die as an event; the queued steps (steps.py) call them
one at a time. `m` is a model, as everywhere in Ruthless.
"""

from __future__ import annotations

import math
from typing import Any, Optional, Union

from tabletown.engine.move import Move

from . import cards as K
from . import coach as CO
from . import content as C
from . import ground as G
from . import models as M
from . import moving as V

Target = Union[int, str]  # a model id, or "team" (the stagecoach's horses)


# --- where shooters and targets are ------------------------------------------------------------
def firing_point(state: M.State, m: M.Model) -> list[int]:
    if M.aboard(m):
        return list(state["coach"]["pos"])
    return list(M.body_of(state, m)["pos"])


def target_point(state: M.State, t: Target) -> tuple[list[int], int]:
    """Centre and radius of what is shot at."""
    if t == "team":
        return CO.team_point(state["coach"]), 100
    m = state["models"][t]
    if M.aboard(m):
        return list(state["coach"]["pos"]), 100
    body = M.body_of(state, m)
    return list(body["pos"]), M.radius(m)


def fires_mounted(m: M.Model) -> bool:
    return M.mounted(m) or M.aboard(m)


@C.EFFECTS.handler("hold_fire")
def law_dog_held(state: M.State, m: M.Model) -> bool:
    """A Law Dog cannot shoot until an enemy has fired."""
    if not M.has(state, m, "law-dog"):
        return False
    return not any(f for s, f in enumerate(state["fired"]) if s != m["side"])


def can_target(state: M.State, m: M.Model, t: Target) -> bool:
    if t == "team":
        coach = state.get("coach")
        return bool(coach) and not coach["gone"] and coach["hits"] < 2 * coach["pair"] and m["side"] != coach["side"]
    v = state["models"][t]
    return v["kind"] == "char" and v["side"] != m["side"] and M.on_table(v)


def line_of_fire(state: M.State, m: M.Model, t: Target) -> tuple[int, bool, Optional[str]]:
    """(distance, can see, cover) from model m to target t."""
    g = G.ground(state["table"])
    f = firing_point(state, m)
    tp, tr = target_point(state, t)
    dist = G.distance(f, tp)
    visible, _ = G.sight(g, (f[0], f[1]), (tp[0], tp[1]), tr)
    cover = G.cover(g, (f[0], f[1]), (tp[0], tp[1]), tr, ignore_soft=any(x["ignore_soft"] for x in M.traits(state, m)))
    if t != "team" and M.aboard(state["models"][t]) and state["models"][t]["aboard"] == "inside" and cover is None:
        cover = "soft"
    return dist, visible, cover


def shot_info(state: M.State, a: int, wi: int, t: Target, aimed: Optional[bool] = None,
              fan: bool = False, geo: Optional[tuple[int, bool, Optional[str]]] = None) -> dict[str, Any]:
    """What a shot by model a with his weapon wi at t would need.

    {"ok", "why", "weapon", "dist", "band" (short/long), "cover", "mods" [[id, value]],
    "need" (the lowest die that hits; 11 means no chance), "fan"}. `geo` is
    line_of_fire(...) when the caller has it already.
    """
    m = state["models"][a]
    wid = M.weapons(state, m)[wi]
    w = M.weapon(wid)
    dist, visible, cover = geo if geo is not None else line_of_fire(state, m, t)
    info: dict[str, Any] = {"ok": False, "why": None, "weapon": wid, "wi": wi, "target": t, "dist": dist,
                            "band": None, "cover": cover, "mods": [], "need": 11, "fan": fan}
    if w["short"] is not None and dist <= w["short"]:
        info["band"] = "short"
    elif w["long"] is not None and dist <= w["long"]:
        info["band"] = "long"
    mods: list[list[Any]] = []
    if aimed is None:
        aimed = bool(m["aim"])
    if aimed and not fan:
        mods.append(["aim", C.AIM_BONUS + M.trait_sum(state, m, "aim")])
    if m["lily"]:
        mods.append(["lily", C.LILY_FIRER])
    if cover:
        mods.append([cover, C.COVER_MOD[cover]])
    if fires_mounted(m):
        mods.append(["mounted", min(0, C.MOUNTED_FIRER + M.trait_sum(state, m, "mounted_fire"))])
    for tr_ in M.traits(state, m):
        if tr_["shoot"]:
            mods.append(["trait:" + tr_["id"], tr_["shoot"]])
    if info["band"] == "short" and w["close_mod"]:
        mods.append(["close", w["close_mod"]])
    if info["band"] == "long" and w["long_mod"]:
        mods.append(["far", w["long_mod"]])
    if info["band"] == "long" and t != "team":
        hide = M.trait_sum(state, state["models"][t], "hide_long")
        if hide:
            mods.append(["stealthy", -hide])
    info["mods"] = [x for x in mods if x[1]]
    if fan:
        info["mods"] = []
        info["need"] = min(x["fanfire_need"] for x in M.traits(state, m)) if M.traits(state, m) else 10
    elif info["band"]:
        base = C.SHORT_NEED if info["band"] == "short" else C.LONG_NEED
        info["need"] = max(1, min(11, base - sum(v for _, v in info["mods"])))
    if m["status"] != M.OK:
        info["why"] = "not-standing"
    elif not can_target(state, m, t):
        info["why"] = "not-a-target"
    elif m["ammo"][wi] < 1:
        info["why"] = "empty"
    elif info["band"] is None:
        info["why"] = "out-of-range"
    elif not visible:
        info["why"] = "no-sight"
    elif law_dog_held(state, m):
        info["why"] = "law-dog"
    elif fan and (not w["fanfire"] or info["band"] != "short"):
        info["why"] = "no-fanfire"
    else:
        info["ok"] = True
    return info


def targets(state: M.State, m: M.Model) -> list[Target]:
    out: list[Target] = [e["id"] for e in M.enemies_of(state, m["side"])]
    if can_target(state, m, "team"):
        out.append("team")
    return out


def hit_chance(need: int) -> float:
    return max(0, min(10, 11 - need)) / 10


# --- dice with Lucky ---------------------------------------------------------------------------
@C.EFFECTS.handler("reroll")
def lucky_reroll(mv: Move, m: M.Model, why: str) -> Optional[int]:
    """Lucky: one re-roll (his tick box), taken at once on a failed roll of his own."""
    state = mv.s
    if M.can_use_once(state, m, "lucky"):
        M.tick(m, "lucky")
        mv.emit("trait", model=m["id"], trait="lucky")
        return mv.roll(10, why=why, model=m["id"])
    return None


# --- Toughness ---------------------------------------------------------------------------------
def nerve_bonus(state: M.State, m: M.Model) -> int:
    bonus = M.trait_sum(state, m, "nerve")
    camp = state.get("act") or {}
    if m["side"] in camp.get("whiskey", []):
        bonus += 1
    return bonus


def toughness_test(mv: Move, m: M.Model, why: str) -> bool:
    """Roll Toughness or higher on 1d10; failing marks a Lily Livered token and the
    character runs to cover at once."""
    state = mv.s
    if m["status"] != M.OK or m["lily"]:
        return True
    need = M.toughness(state, m)
    bonus = nerve_bonus(state, m)
    roll = mv.roll(10, why="toughness", model=m["id"])
    passed = roll + bonus >= need
    if not passed:
        again = lucky_reroll(mv, m, "toughness")
        if again is not None:
            passed = again + bonus >= need
    if not passed:
        passed = cool_hand(mv, m)
    mv.emit("test", model=m["id"], why=why, need=need, bonus=bonus, passed=passed)
    if not passed:
        turn_lily(mv, m)
    return passed


@C.EFFECTS.handler("ignore_failed_test")
def cool_hand(mv: Move, m: M.Model) -> bool:
    """Cool Hand: the first failed Toughness test is ignored (his tick box)."""
    state = mv.s
    if M.can_use_once(state, m, "cool-hand"):
        M.tick(m, "cool-hand")
        mv.emit("trait", model=m["id"], trait="cool-hand")
        return True
    return False


def turn_lily(mv: Move, m: M.Model) -> None:
    state = mv.s
    m["lily"] = True
    m["aim"] = False
    m["covering"] = False
    mv.emit("lily", model=m["id"])
    if M.aboard(m):
        return  # the stagecoach is his cover
    spot = V.flee_spot(state, m)
    if spot is not None:
        V.place_body(state, m, spot["to"])
        mv.emit("flee", model=m["id"], to=spot["to"])


def courage_passes(state: M.State, m: M.Model, roll: int, card: Optional[int]) -> bool:
    """Get Your Courage Up: 1d10 plus a number card's value, Toughness or higher; a face card
    or Ace is a shot of whiskey and passes by itself."""
    if card is not None and K.is_whiskey(card):
        return True
    value = K.courage_value(card) if card is not None else 0
    return roll + value + nerve_bonus(state, m) >= M.toughness(state, m)


# --- wounds ------------------------------------------------------------------------------------
def dismount(state: M.State, m: M.Model) -> None:
    """Take m off his horse, onto a free spot beside it (or where the horse stood)."""
    h = M.horse_of(state, m)
    if h is None:
        return
    h["rider"] = None
    m["horse"] = None
    m["pos"] = list(beside(state, h["pos"], C.FOOT_RADIUS, exclude=h["id"]) or h["pos"])


def beside(state: M.State, centre: list[int], r: int, exclude: Optional[int] = None,
           gap: int = C.HORSE_RADIUS + C.FOOT_RADIUS + 10) -> Optional[list[int]]:
    """A free spot for a base of radius r next to `centre`."""
    g = G.ground(state["table"])
    for k in range(16):
        a = math.pi * 2 * k / 16 + math.pi / 2
        p = (int(round(centre[0] + gap * math.cos(a))), int(round(centre[1] + gap * math.sin(a))))
        if not G.on_table(g, p, r) or not G.clear_of_walls(g, p, r):
            continue
        if all(b["id"] == exclude or G.dist2(p, b["pos"]) >= (r + M.radius(b)) ** 2 for b in M.bodies(state)):
            return [p[0], p[1]]
    return None


def knock_out(mv: Move, m: M.Model) -> None:
    state = mv.s
    m["status"] = M.DOWN
    m["aim"] = False
    m["covering"] = False
    if M.mounted(m):
        dismount(state, m)
    drop_strongbox(mv, m)
    mv.emit("down", model=m["id"])


def kill(mv: Move, m: M.Model, by: Optional[int]) -> list[int]:
    """Mark m killed; returns the friends who must now test their Toughness."""
    state = mv.s
    if M.mounted(m):
        h = M.horse_of(state, m)
        h["rider"] = None
        m["horse"] = None
    drop_strongbox(mv, m)
    m["status"] = M.DEAD
    m["aim"] = False
    m["covering"] = False
    m["aboard"] = None
    m["driver"] = False
    by_seat = state["models"][by]["side"] if by is not None else None
    state["kills"].append({"victim": m["id"], "by": by_seat})
    mv.emit("killed", model=m["id"], by=by)
    return [f["id"] for f in M.side_chars(state, m["side"]) if f["status"] == M.OK and not f["lily"]]


def drop_strongbox(mv: Move, m: M.Model) -> None:
    state = mv.s
    if m.get("strongbox"):
        m["strongbox"] = False
        box = state["strongbox"]
        box.update({"on": "ground", "model": None, "pos": list(M.body_of(state, m)["pos"])})
        mv.emit("strongbox", what="dropped", model=m["id"])


def apply_wound(mv: Move, v: M.Model, roll: int, by: Optional[int], brawl: bool) -> list[dict[str, Any]]:
    """Cross off what the wound table says; returns the steps that follow (Toughness tests)."""
    state = mv.s
    row = C.wound_row(roll)
    mv.emit("wound", model=v["id"], roll=roll, result=row["id"])
    steps: list[dict[str, Any]] = []
    if v["status"] not in (M.OK, M.DOWN):
        return steps
    box = row["box"]
    if box:
        v["wounds"][box] += 1
        if by is not None:
            steps += scenario_wound_bonus(mv, v, by)
        if v["wounds"][box] >= M.boxes(state, v)[box]:
            friends = kill(mv, v, by)
            steps += scenario_kill_bonus(mv, v, by)
            return steps + [{"do": "nerve", "model": f, "why": "friend"} for f in friends]
    if row["knockout"] == "always" or (row["knockout"] == "fisticuffs" and brawl):
        if v["status"] == M.OK:
            knock_out(mv, v)
        return steps
    if v["status"] == M.OK:
        steps.append({"do": "nerve", "model": v["id"], "why": "hit"})
    return steps


def scenario_wound_bonus(mv: Move, v: M.Model, by: int) -> list[dict[str, Any]]:
    """Dodge City Draw: d6 victory points for (first) wounding Al Updegraff."""
    state = mv.s
    if state["vp_rule"] == "dodge-city" and v["card"] == "al-updegraff" and not state["flags"].get("updegraff"):
        seat = state["models"][by]["side"]
        state["flags"]["updegraff"] = True
        points = mv.roll(6, why="vp", seat=seat)
        state["bonus_vp"][seat] += points
        state["flags"].setdefault("vp_dice", []).append([seat, "updegraff", points])
        mv.emit("vp", seat=seat, points=points, why="updegraff")
    return []


def scenario_kill_bonus(mv: Move, v: M.Model, by: Optional[int]) -> list[dict[str, Any]]:
    """Dodge City Draw: d10 victory points for killing Bat Masterson."""
    state = mv.s
    if state["vp_rule"] == "dodge-city" and v["card"] == "bat-masterson" and by is not None:
        seat = state["models"][by]["side"]
        points = mv.roll(10, why="vp", seat=seat)
        state["bonus_vp"][seat] += points
        state["flags"].setdefault("vp_dice", []).append([seat, "bat", points])
        mv.emit("vp", seat=seat, points=points, why="bat")
    return []


def hit_horse(mv: Move, h: M.Model) -> bool:
    """One hit on a horse; killed by the third. Returns True if it died."""
    state = mv.s
    h["hits"] += 1
    mv.emit("horse_hit", model=h["id"], hits=h["hits"])
    if h["hits"] >= C.HORSE_HITS:
        h["status"] = M.DEAD
        rider = state["models"][h["rider"]] if h["rider"] is not None else None
        h["rider"] = None
        mv.emit("horse_dead", model=h["id"])
        if rider is not None:
            rider["horse"] = None
            rider["pos"] = list(h["pos"])
            mv.emit("thrown", model=rider["id"])
        return True
    return False


# --- Fisticuffs --------------------------------------------------------------------------------
def brawl_winner(state: M.State, a: M.Model, d: M.Model, ca: Optional[int], cd: Optional[int]) -> Optional[int]:
    """Who wins Fisticuffs between attacker a and defender d with the cards they chose.

    No card or an Unconscious character loses; a 2 of the opponent's suit is a Low Blow and
    wins; otherwise the higher score (rank, +1 mounted, Bowie Knife) wins; equal scores go
    by suit as for initiative. Returns the winner's model id, or None when neither can fight.
    """
    a_out = a["status"] != M.OK or ca is None
    d_out = d["status"] != M.OK or cd is None
    if a_out and d_out:
        return None
    if a_out:
        return d["id"]
    if d_out:
        return a["id"]
    assert ca is not None and cd is not None
    if K.low_blow(ca, cd):
        return a["id"]
    if K.low_blow(cd, ca):
        return d["id"]
    sa = K.brawl_score(ca, M.mounted(a), M.trait_sum(state, a, "brawl"))
    sd = K.brawl_score(cd, M.mounted(d), M.trait_sum(state, d, "brawl"))
    if sa != sd:
        return a["id"] if sa > sd else d["id"]
    if K.suit(ca) != K.suit(cd):
        return a["id"] if K.suit(ca) > K.suit(cd) else d["id"]
    return a["id"] if ca > cd else d["id"]


def in_contact(state: M.State, a: M.Model, d: M.Model) -> bool:
    ba, bd = M.body_of(state, a), M.body_of(state, d)
    reach = M.radius(a) + M.radius(d) + C.CONTACT
    return G.dist2(ba["pos"], bd["pos"]) <= reach * reach
