"""How the hard bot spends building powers, Dice Tokens and the Gold Pan: to take Penalty
tokens off the construction it is working towards, and to pan dice that will not fit the
Storehouse into one that does; and how any bot answers the steps of a power once begun.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.prng import Rng
from tabletown.engine.rules import Action

from .bot_context import BASE_WORTH, PER_DIE, Ctx, choose_build, full_fill, pick_color
from .content import COLORS, PLAIN, PLANS, STOREHOUSE
from .fitting import value_miss
from .scoring import penalty, penalty_detail

VALUE_POWERS = ("flip", "adjust1", "adjust2", "plusminus", "token")


def _fixes(ctx: Ctx, plan: dict[str, Any], full: list[Any], fill: dict[int, int], kind: str) -> list[tuple[int, int, int]]:
    """(die index, new value, penalties saved) for one change of value by `kind`."""
    dice = ctx.me["dice"]
    base = penalty(plan, full)
    out = []
    for p, i in fill.items():
        v = dice[i][1]
        if kind == "flip":
            cand = [7 - v]
        elif kind in ("adjust1", "plusminus"):
            cand = [v + 1, v - 1]
        elif kind == "adjust2":
            cand = [v + 2, v - 2]
        else:
            cand = list(range(1, 7))
        for nv in cand:
            if 1 <= nv <= 6 and nv != v:
                trial = list(full)
                trial[p] = [dice[i][0], nv]
                saved = base - penalty(plan, trial)
                if saved > 0:
                    out.append((i, nv, saved))
    out.sort(key=lambda x: (-x[2], x[0], x[1]))
    return out


def power_kind(ctx: Ctx, b: int) -> str:
    return PLANS[ctx.me["built"][b]["plan"]]["power"]["k"]


def _target(ctx: Ctx) -> Optional[tuple[dict[str, Any], dict[int, int], list[Any]]]:
    """The construction the bot is working towards: the one in progress, or the best in hand."""
    v = ctx.v
    dice = ctx.me["dice"]
    if v["build"] is not None:
        plan = PLANS[v["build"]["plan"]]
        res = ctx.fill(plan, prefill=v["build"]["dice"])
        if res is None:
            return None
        return plan, res[2], full_fill(plan, res[2], dice, v["build"]["dice"])
    choice = choose_build(ctx)
    if choice is None:
        # the most valuable plan in hand that the dice can fill at all
        best = None
        for pid in ctx.me["hand"]:
            plan = PLANS[pid]
            res = ctx.fill(plan)
            if res is not None:
                score = ctx.plan_value(plan) - res[0]
                if best is None or score > best[0]:
                    best = (score, plan, res)
        if best is None:
            return None
        _, plan, res = best
    else:
        _, plan, res = choice
    return plan, res[2], full_fill(plan, res[2], dice)


def improve(ctx: Ctx, legal: list[Action]) -> Optional[Action]:
    """A power, Dice Token or Gold Pan trade that removes a penalty from the target."""
    tgt = _target(ctx)
    if tgt is None:
        return None
    plan, fill, full = tgt
    detail = penalty_detail(plan, full)
    if detail["count"] == 0:
        return None
    dice = ctx.me["dice"]
    for a in legal:
        if a["type"] == "power" and power_kind(ctx, a["b"]) in VALUE_POWERS:
            if _fixes(ctx, plan, full, fill, power_kind(ctx, a["b"])):
                return a
    for a in legal:
        if a["type"] == "power" and power_kind(ctx, a["b"]) == "reroll":
            per_die = plan["req"]["k"] in PER_DIE
            bad = [p for p in detail["value"]]
            if per_die and bad and value_miss(plan["req"]) <= 0.5:
                return a
    for a in legal:
        if a["type"] == "power" and power_kind(ctx, a["b"]) == "swap":
            for p in detail["color"]:  # a die already put on the plan stays there
                if p in fill and plan["colors"][p] in PLAIN and dice[fill[p]][0] in PLAIN:
                    return a
    if {"type": "token"} in legal and (ctx.final or ctx.rounds_left < 3 or detail["count"] >= 2):
        if _fixes(ctx, plan, full, fill, "token"):
            return {"type": "token"}
    if {"type": "pan"} in legal and ctx.v["build"] is None and _pan_plan(ctx, plan, fill, detail) is not None:
        return {"type": "pan"}
    return None


def _pan_plan(ctx: Ctx, plan: dict[str, Any], fill: dict[int, int], detail: dict[str, Any]) -> Optional[tuple[int, int, str]]:
    """Two dice the target does not use, traded for a colour one of its positions lacks."""
    dice = ctx.me["dice"]
    if not detail["color"]:
        return None
    want = plan["colors"][detail["color"][0]]
    color = want if want in COLORS else "brown"
    if ctx.v["supply"].get(color, 0) <= 0:
        return None
    used = set(fill.values())
    spare = [i for i in range(len(dice)) if i not in used]
    for a in range(len(spare)):
        for b in range(a + 1, len(spare)):
            i, j = spare[a], spare[b]
            if dice[i][0] == dice[j][0] or dice[i][1] == dice[j][1]:
                return i, j, color
    # a gold die the plan does not need can be traded one for one
    if color != "gold":
        for i in spare:
            if dice[i][0] == "gold":
                return i, -1, color
    return None


def sub_decision(ctx: Ctx, legal: list[Action], rng: Rng) -> Action:
    v = ctx.v
    sub = v["sub"]
    dice = ctx.me["dice"]
    k = sub["k"]
    colors = [a for a in legal if a["type"] == "color"]
    picks = [a for a in legal if a["type"] == "pick"]
    if k == "gain":
        return pick_color(ctx, colors)
    tgt = _target(ctx)
    if k == "pan":
        plan_pan = None
        if tgt is not None:
            plan, fill, full = tgt
            plan_pan = _pan_plan(ctx, plan, fill, penalty_detail(plan, full))
        if plan_pan is not None:
            i, j, color = plan_pan
            for want in (i, j):
                if want >= 0 and want not in sub["sel"]:
                    for a in picks:
                        if dice[a["die"]] == dice[want]:
                            return a
            for a in colors:
                if a["c"] == color:
                    return a
        return _pan_step(ctx, legal)
    kind = "token" if k == "token" else power_kind(ctx, sub["b"])
    fixes: list[tuple[int, int, int]] = []
    if tgt is not None and kind in VALUE_POWERS:
        plan, fill, full = tgt
        fixes = _fixes(ctx, plan, full, fill, kind)
    if fixes:
        i, nv, _ = fixes[0]
        for a in legal:
            if a["type"] == "adj" and dice[a["die"]] == dice[i] and dice[i][1] + a["d"] == nv:
                return a
            if a["type"] == "pick" and dice[a["die"]] == dice[i] and (kind == "flip" or kind == "token"):
                return a
            if a["type"] == "value" and a["v"] == nv and sub.get("die") is not None:
                return a
    if k == "token" and sub["die"] is not None:
        for a in legal:
            if a["type"] == "value":
                return max((x for x in legal if x["type"] == "value"), key=lambda x: x["v"])
    if kind == "reroll":
        if not sub["sel"] and tgt is not None:
            plan, fill, full = tgt
            misfits = [fill[p] for p in penalty_detail(plan, full)["value"] if p in fill]
            for a in picks:
                if any(dice[a["die"]] == dice[b] for b in misfits):
                    return a
            if picks:
                return min(picks, key=lambda a: dice[a["die"]][1])
        for a in legal:
            if a["type"] == "roll":
                return a
    if kind == "swap":
        if sub.get("die") is None and picks:
            used: set[int] = set(tgt[1].values()) if tgt else set()
            wrong: set[int] = set()
            if tgt is not None:
                wrong = {tgt[1][p] for p in penalty_detail(tgt[0], tgt[2])["color"] if p in tgt[1]}
            free = [a for a in picks if a["die"] in wrong or a["die"] not in used] or picks
            return min(free, key=lambda a: (BASE_WORTH[dice[a["die"]][0]], dice[a["die"]][1]))
        if colors:
            if tgt is not None:
                plan, fill, full = tgt
                for p in penalty_detail(plan, full)["color"]:
                    for a in colors:
                        if a["c"] == plan["colors"][p]:
                            return a
            return pick_color(ctx, colors)
    if kind == "black_split" and picks:
        return picks[0]
    for a in legal:
        if a["type"] in ("done", "roll"):
            return a
    for a in legal:
        if a["type"] == "back":
            return a
    return legal[rng.below(len(legal))]


def _pan_step(ctx: Ctx, legal: list[Action]) -> Action:
    """Gold Pan for dice that would not fit the Storehouse anyway."""
    dice = ctx.me["dice"]
    sub = ctx.v["sub"]
    picks = [a for a in legal if a["type"] == "pick"]
    colors = [a for a in legal if a["type"] == "color"]
    counts = {c: sum(1 for d in dice if d[0] == c) for c in COLORS}
    if picks and (not sub["sel"] or (len(sub["sel"]) == 1 and dice[sub["sel"][0]][0] != "gold") or not colors):
        return max(picks, key=lambda a: (counts[dice[a["die"]][0]] - STOREHOUSE.count(dice[a["die"]][0]), -dice[a["die"]][1]))
    if colors:
        free = [a for a in colors if counts.get(a["c"], 0) < STOREHOUSE.count(a["c"])]
        return pick_color(ctx, free or colors)
    return legal[0]


def pan_worthwhile(ctx: Ctx) -> bool:
    """Two dice that will not fit the Storehouse are better panned into one that does."""
    dice = ctx.me["dice"]
    counts = {c: sum(1 for d in dice if d[0] == c) for c in COLORS}
    excess = {c: counts[c] - STOREHOUSE.count(c) for c in COLORS}
    if sum(max(0, e) for e in excess.values()) - ctx.me["extra"] < 2:
        return False
    if not any(excess[c] < 0 for c in COLORS):
        return False
    over = [d for d in dice if excess[d[0]] > 0]
    return any(over[i][0] == over[j][0] or over[i][1] == over[j][1]
               for i in range(len(over)) for j in range(i + 1, len(over)))
