"""Tumble Town bots. Both decide from their own view and the legal actions only.

A bot plans each construction as a whole (which dice on which positions, with the
fewest Penalty tokens) and then plays it out one click at a time; being a pure
function of the view, the next call finds the same plan and takes the next step.

- easy: claims the plan that looks best for its points and the dice it brings,
  builds whatever it can finish with at most one Penalty token, places for the most
  Main Street points, and ignores powers, Dice Tokens and the Gold Pan.
- hard: values plans for its Horse, gold-building synergies, powers and Main Street,
  looks at the dice a claim brings, spends powers, Dice Tokens and the Gold Pan to
  remove penalties, keeps its Storehouse useful and times its buildings to the end.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Optional

from tabletown.engine.prng import Rng
from tabletown.engine.rules import Action, Game, View

from .content import BACKS, COLORS, HORSES, PLAIN, PLANS, PLOTS, STOREHOUSE, is_gold_building
from .scoring import building_heights, color_ok, penalty, penalty_detail, placements, value_ok

BASE_WORTH = {"brown": 0.55, "gray": 0.7, "black": 0.7, "gold": 1.0}
ONE_TIME_VALUE = {"gain_die": 1.0, "warehouse": 3.5, "tokens": 2.4}
SPEC_ORDER = {"gold": 0, "brown": 0, "gray": 0, "black": 0, "plain": 1, "any": 2}


# ------------------------------------------------------------------------------------
# Dice assignment


def _order_positions(plan: dict[str, Any], positions: list[int]) -> list[int]:
    return sorted(positions, key=lambda p: (SPEC_ORDER[plan["colors"][p]], p))


def _greedy_colors(plan: dict[str, Any], positions: list[int], dice: list[list[Any]], idxs: tuple[int, ...]) -> dict[int, int]:
    """Match dice to positions: the most demanding colours first; dice whose value
    already fits go to matching colours, so misfits absorb colour mismatches."""
    req = plan["req"]
    left = list(idxs)
    out: dict[int, int] = {}
    rest = []
    for p in _order_positions(plan, positions):
        spec = plan["colors"][p]
        cands = [i for i in left if color_ok(spec, dice[i][0])]
        if not cands:
            rest.append(p)
            continue
        cands.sort(key=lambda i: (0 if value_ok(req, dice[i][1]) else 1, 0 if dice[i][0] == spec else 1))
        out[p] = cands[0]
        left.remove(cands[0])
    for p, i in zip(rest, left):
        out[p] = i
    return out


def _unique_combos(dice: list[list[Any]], idxs: list[int], k: int):
    seen = set()
    for combo in combinations(idxs, k):
        key = tuple(sorted((dice[i][0], dice[i][1]) for i in combo))
        if key in seen:
            continue
        seen.add(key)
        yield combo


def _relevance(plan: dict[str, Any], d: list[Any], need: dict[str, int]) -> float:
    s = 0.0
    if need.get(d[0]):
        s += 2
    if d[0] != "gold" and need.get("plain"):
        s += 1
    if need.get("any"):
        s += 0.5
    if value_ok(plan["req"], d[1]):
        s += 1
    return s


def best_fill(plan: dict[str, Any], prefill: list[Optional[list[Any]]], dice: list[list[Any]],
              worth: list[float], pen_weight: float = 2.0, width: int = 3) -> Optional[tuple[float, int, dict[int, int]]]:
    """Cheapest way to fill the empty positions: (cost, penalty, position -> die index)."""
    empty = [p for p, d in enumerate(prefill) if d is None]
    k = len(empty)
    if len(dice) < k:
        return None
    need: dict[str, int] = {}
    for p in empty:
        need[plan["colors"][p]] = need.get(plan["colors"][p], 0) + 1
    idxs = sorted(range(len(dice)), key=lambda i: (-_relevance(plan, dice[i], need), worth[i]))
    idxs = idxs[:k + width]
    best: Optional[tuple[float, int, dict[int, int]]] = None
    for combo in _unique_combos(dice, idxs, k):
        assign = _greedy_colors(plan, empty, dice, combo)
        full = list(prefill)
        for p, i in assign.items():
            full[p] = dice[i]
        pen = penalty(plan, full)
        cost = pen * pen_weight + sum(worth[i] for i in combo)
        if best is None or cost < best[0]:
            best = (cost, pen, assign)
            if pen == 0 and cost <= 0.01:
                break
    return best


# ------------------------------------------------------------------------------------
# Reading the view


class Ctx:
    """What a bot knows and derives from its view."""

    def __init__(self, view: View, seat: int, level: str):
        self.v = view
        self.seat = seat
        self.level = level
        self.me = view["players"][seat]
        self.horse = HORSES[self.me["horse"]]["icon"] if self.me["horse"] is not None else None
        self.n = view["seats"]
        self.final = self._final_turn()
        self.rounds_left = self._rounds_left()

    def _final_turn(self) -> bool:
        v = self.v
        if not v["ending"]:
            return False
        if v["mode"] != "multi":
            return True
        return True

    def _rounds_left(self) -> float:
        v = self.v
        if v["ending"]:
            return 0.0
        sup = sorted(v["supply"].values())
        per_round = 3 * self.n + (6 if v["mode"] in ("outlaw", "no-outlaw") else 0)
        left = max(0, sup[1] - 2) * 4 / max(1, per_round)
        plans_left = sum(v["deck_sizes"]) + sum(1 for row in v["rows"] for p in row if p is not None)
        left = min(left, plans_left / max(1, self.n))
        return max(0.5, left)

    def worth(self, dice: list[list[Any]]) -> list[float]:
        """How much keeping each die is worth (dice that will not fit the Storehouse are nearly free)."""
        if self.final:
            return [0.05 for _ in dice]
        counts = {c: 0 for c in COLORS}
        out = []
        spare = self.me["extra"]
        for d in dice:
            counts[d[0]] += 1
            fits = counts[d[0]] <= STOREHOUSE.count(d[0])
            if not fits and spare > 0:
                spare -= 1
                fits = True
            base = BASE_WORTH[d[0]] * (0.5 if self.level == "easy" else 1.0)
            out.append(base if fits else 0.1)
        return out

    def plan_value(self, plan: dict[str, Any]) -> float:
        val = float(plan["points"])
        if self.level == "easy":
            return val + (0.5 if plan["ptype"] == "end" else 0.0)
        if plan["style"] == self.horse:
            val += 1.0
        built = [PLANS[b["plan"]] for b in self.me["built"]]
        owned = built + [PLANS[p] for p in self.me["hand"] if p != plan["id"]]
        # features feeding my gold buildings
        for g in built:
            pw = g["power"]
            if pw["k"] == "feature":
                val += pw["pts"] * plan["features"].count(pw["f"])
            elif pw["k"] == "height" and pw["h"] in building_heights(plan):
                val += pw["pts"]
            elif pw["k"] == "sets":
                val += 1.0
        pw = plan["power"]
        if plan["ptype"] == "end":
            if pw["k"] == "feature":
                val += pw["pts"] * (sum(p["features"].count(pw["f"]) for p in owned) + 1 + plan["features"].count(pw["f"]))
            elif pw["k"] == "height":
                val += pw["pts"] * (sum(1 for p in owned if pw["h"] in building_heights(p)) + 1.5)
            elif pw["k"] == "sets":
                val += 4.0
            elif pw["k"] == "pairs":
                val += 3.0
            elif pw["k"] == "neighbor":
                n = self.n
                others = {(self.seat - 1) % n, (self.seat + 1) % n} - {self.seat} if n > 1 else set()
                seen = sum(1 for o in others for b in self.v["players"][o]["built"] if PLANS[b["plan"]]["style"] == pw["icon"])
                val += pw["pts"] * (seen + 1.5)
        elif plan["ptype"] == "once":
            val += min(2.5, 0.5 * self.rounds_left)
        else:
            val += ONE_TIME_VALUE.get(pw["k"], 0.0) * (0.3 if self.final else 1.0)
        if not self.v["opts"]["no_main_street"]:
            val += 0.45 * plan["width"]
        return val


# ------------------------------------------------------------------------------------
# Decisions


def _first_kind(dice: list[list[Any]], i: int) -> int:
    d = dice[i]
    for j, e in enumerate(dice):
        if e[0] == d[0] and e[1] == d[1]:
            return j
    return i


def _choose_build(ctx: Ctx) -> Optional[tuple[float, dict[str, Any], tuple[float, int, dict[int, int]]]]:
    """The best plan in hand to build now, if any is worth it."""
    dice = ctx.me["dice"]
    worth = ctx.worth(dice)
    best = None
    for pid in ctx.me["hand"]:
        plan = PLANS[pid]
        if len(dice) < len(plan["pos"]):
            continue
        fill = best_fill(plan, [None] * len(plan["pos"]), dice, worth, width=2 if ctx.level == "easy" else 3)
        if fill is None:
            continue
        cost, pen, _ = fill
        value = ctx.plan_value(plan)
        net = value - cost
        if ctx.level == "easy":
            ok = pen <= 1 or (ctx.final and plan["points"] > 2 * pen)
        else:
            ok = net > 0 and (pen <= 1 or ctx.final or net > 2.5 or ctx.rounds_left < 1.5)
        if ok and (best is None or net > best[0]):
            best = (net, plan, fill)
    return best


def _fix_with_power(ctx: Ctx, plan: dict[str, Any], fill: dict[int, int], legal: list[Action]) -> Optional[Action]:
    """A power or Dice Token that removes a Penalty token from the planned construction."""
    dice = ctx.me["dice"]
    full: list[Any] = [None] * len(plan["pos"])
    for p, i in fill.items():
        full[p] = dice[i]
    base = penalty(plan, full)
    if base == 0:
        return None
    power_starts = [a for a in legal if a["type"] == "power"]
    options = []
    for a in power_starts:
        kind = PLANS[ctx.me["built"][a["b"]]["plan"]]["power"]["k"]
        if kind in ("flip", "adjust1", "adjust2", "plusminus"):
            options.append((a, kind))
    if any(a["type"] == "token" for a in legal):
        options.append(({"type": "token"}, "token"))
    for a, kind in options:
        for p, i in fill.items():
            v = dice[i][1]
            if kind == "flip":
                cand = [7 - v]
            elif kind == "adjust1" or kind == "plusminus":
                cand = [v + 1, v - 1]
            elif kind == "adjust2":
                cand = [v + 2, v - 2]
            else:
                cand = list(range(1, 7))
            for nv in cand:
                if not 1 <= nv <= 6 or nv == v:
                    continue
                trial = list(full)
                trial[p] = [dice[i][0], nv]
                if penalty(plan, trial) < base:
                    return a
    return None


def _sub_decision(ctx: Ctx, legal: list[Action], rng: Rng) -> Action:
    """Finish a power, Dice Token or Gold Pan step sensibly."""
    v = ctx.v
    sub = v["sub"]
    dice = ctx.me["dice"]
    k = sub["k"]
    if k == "gain" or (k == "pan" and any(a["type"] == "color" for a in legal) and not any(a["type"] == "pick" for a in legal)):
        return _pick_color(ctx, [a for a in legal if a["type"] == "color"])
    target = _choose_build(ctx) if v["build"] is None else None
    plan = None
    full: list[Any] = []
    fill: dict[int, int] = {}
    if v["build"] is not None:
        plan = PLANS[v["build"]["plan"]]
        res = best_fill(plan, v["build"]["dice"], dice, ctx.worth(dice))
        if res:
            fill = res[2]
        full = list(v["build"]["dice"])
    elif target is not None:
        plan = target[1]
        fill = target[2][2]
        full = [None] * len(plan["pos"])
    if plan is not None:
        for p, i in fill.items():
            full[p] = dice[i]

    def gain(trial_full: list[Any]) -> int:
        return penalty(plan, full) - penalty(plan, trial_full) if plan is not None else 0

    best: Optional[Action] = None
    best_gain = 0
    for a in legal:
        if a["type"] in ("adj", "value") or (a["type"] == "pick" and k == "power" and _power_kind(ctx, sub) == "flip"):
            i = a.get("die", sub.get("die"))
            if a["type"] == "adj":
                nv = dice[i][1] + a["d"]
            elif a["type"] == "value":
                nv = a["v"]
            else:
                nv = 7 - dice[i][1]
            for p, j in fill.items():
                if dice[j][0] == dice[i][0] and dice[j][1] == dice[i][1]:
                    trial = list(full)
                    trial[p] = [dice[i][0], nv]
                    g = gain(trial)
                    if g > best_gain:
                        best, best_gain = a, g
                    break
    if best is not None:
        return best
    if k == "token" and sub["die"] is None:
        for a in legal:
            if a["type"] != "pick":
                continue
            i = a["die"]
            for p, j in fill.items():
                if dice[j][0] == dice[i][0] and dice[j][1] == dice[i][1]:
                    for nv in range(1, 7):
                        trial = list(full)
                        trial[p] = [dice[i][0], nv]
                        if gain(trial) > 0:
                            return a
                    break
    if k == "power" and _power_kind(ctx, sub) == "reroll":
        if not sub["sel"]:
            bad = [fill[p] for p in fill if plan is not None and p in penalty_detail(plan, full)["value"]]
            for a in legal:
                if a["type"] == "pick" and any(dice[a["die"]] == dice[b] for b in bad):
                    return a
            # nothing useful: reroll the lowest die
            picks = [a for a in legal if a["type"] == "pick"]
            if picks:
                return min(picks, key=lambda a: dice[a["die"]][1])
        for a in legal:
            if a["type"] == "roll":
                return a
    if k == "power" and _power_kind(ctx, sub) == "swap":
        if sub.get("die") is None:
            picks = [a for a in legal if a["type"] == "pick"]
            used = set(fill.values())
            free = [a for a in picks if a["die"] not in used] or picks
            return min(free, key=lambda a: (BASE_WORTH[dice[a["die"]][0]], dice[a["die"]][1]))
        return _pick_color(ctx, [a for a in legal if a["type"] == "color"])
    if k == "pan":
        return _pan_step(ctx, legal)
    for a in legal:
        if a["type"] in ("done", "roll"):
            return a
    backs = [a for a in legal if a["type"] == "back"]
    if backs:
        return backs[0]
    return legal[rng.below(len(legal))]


def _power_kind(ctx: Ctx, sub: dict[str, Any]) -> str:
    return PLANS[ctx.me["built"][sub["b"]]["plan"]]["power"]["k"]


def _color_need(ctx: Ctx) -> dict[str, float]:
    """How much each colour is wanted by the plans in hand, beyond the dice held."""
    need = {c: 0.0 for c in COLORS}
    have = {c: 0 for c in COLORS}
    for d in ctx.me["dice"]:
        have[d[0]] += 1
    for pid in ctx.me["hand"]:
        plan = PLANS[pid]
        for spec in plan["colors"]:
            if spec in need:
                need[spec] += 1
            elif spec == "plain":
                for c in PLAIN:
                    need[c] += 0.3
    for c in COLORS:
        need[c] -= have[c] * 0.8
    need["gold"] += 0.3
    return need


def _pick_color(ctx: Ctx, acts: list[Action]) -> Action:
    need = _color_need(ctx)
    key = "c" if "c" in acts[0] else "color"
    return max(acts, key=lambda a: (need.get(a[key], 0), -COLORS.index(a[key]) if a[key] in COLORS else 0))


def _pan_step(ctx: Ctx, legal: list[Action]) -> Action:
    dice = ctx.me["dice"]
    picks = [a for a in legal if a["type"] == "pick"]
    colors = [a for a in legal if a["type"] == "color"]
    sub = ctx.v["sub"]
    if not sub["sel"]:
        # prefer a die in an overflowing colour
        counts = {c: sum(1 for d in dice if d[0] == c) for c in COLORS}
        return max(picks, key=lambda a: (counts[dice[a["die"]][0]] - STOREHOUSE.count(dice[a["die"]][0]), -dice[a["die"]][1]))
    if picks and (len(sub["sel"]) == 1 and dice[sub["sel"][0]][0] != "gold" or not colors):
        first = dice[sub["sel"][0]]
        return max(picks, key=lambda a: (dice[a["die"]][0] == first[0], -BASE_WORTH[dice[a["die"]][0]]))
    if colors:
        return _pick_color(ctx, colors)
    return legal[0]


def _pan_worthwhile(ctx: Ctx) -> bool:
    """Two dice that will not fit the Storehouse are better panned into one that does."""
    dice = ctx.me["dice"]
    counts = {c: sum(1 for d in dice if d[0] == c) for c in COLORS}
    excess = {c: counts[c] - STOREHOUSE.count(c) for c in COLORS}
    total_excess = sum(max(0, e) for e in excess.values()) - ctx.me["extra"]
    if total_excess < 2:
        return False
    free_slot = any(excess[c] < 0 for c in COLORS)
    if not free_slot:
        return False
    over = [d for d in dice if excess[d[0]] > 0]
    for i in range(len(over)):
        for j in range(i + 1, len(over)):
            if over[i][0] == over[j][0] or over[i][1] == over[j][1]:
                return True
    return False


def _placement(ctx: Ctx, legal: list[Action]) -> Action:
    places = [a for a in legal if a["type"] == "place"]
    if len(places) == 1 or "side" not in places[0]:
        return places[0]
    v = ctx.v
    build = v["build"]
    plan = PLANS[build["plan"]]
    spots = placements(ctx.me["built"], v["town"], plan, build["dice"])
    by_key = {(s["side"], s["start"], s["mirror"]): s["gain"] for s in spots}
    rows = v["town_rows"]

    def score(a: Action) -> tuple[float, int]:
        gain = by_key.get((a["side"], a["start"], a["mirror"]), 0)
        if ctx.level == "easy":
            return (gain, -abs(a["start"]))
        cols = [a["start"] + i for i in range(plan["width"])]
        on = [c for c in cols if 0 <= c < PLOTS]
        wasted = len(on) - max(0, gain)
        alleys = sum(1 for c in on if rows[a["side"]][c] == "alley")
        off = len(cols) - len(on)
        s = gain - 0.35 * wasted - 0.5 * alleys - (0.1 * off if not ctx.final else 0)
        return (s, -a["start"])

    return max(places, key=score)


def _discard(ctx: Ctx, legal: list[Action]) -> Action:
    dice = ctx.me["dice"]
    need = {}
    for pid in ctx.me["hand"]:
        plan = PLANS[pid]
        for i, spec in enumerate(plan["colors"]):
            for c in COLORS:
                if color_ok(spec, c):
                    need[c] = need.get(c, 0) + 1

    def keep_value(a: Action) -> float:
        d = dice[a["die"]]
        val = need.get(d[0], 0) * 0.2
        for pid in ctx.me["hand"]:
            if value_ok(PLANS[pid]["req"], d[1]):
                val += 0.1
        val += 0.02 * abs(d[1] - 3.5) if ctx.level == "easy" else 0
        return val

    return min(legal, key=keep_value)


def _claim_value(ctx: Ctx, plan: dict[str, Any], row: int) -> float:
    """How good claiming this plan is: its value, how well my dice and the dice the
    row brings can build it, and the dice themselves."""
    v = ctx.v
    back = BACKS[v["backs"][row]]
    new = list(back["fixed"])
    need = _color_need(ctx)
    for opts in back["choice"]:
        avail = [c for c in opts if v["supply"][c] > 0]
        if avail:
            new.append(max(avail, key=lambda c: (1 if color_ok_any(plan, c) else 0, need[c])))
    new = [c for c in new if v["supply"][c] > 0]
    dice = [list(d) for d in ctx.me["dice"]] + [[c, 0] for c in new]
    n = len(plan["pos"])
    value = ctx.plan_value(plan)
    # colour fit, greedily
    left = list(range(len(dice)))
    misses = 0.0
    req = plan["req"]
    for p in _order_positions(plan, list(range(n))):
        spec = plan["colors"][p]
        cands = [i for i in left if color_ok(spec, dice[i][0])]
        if not cands:
            misses += 1.0 if left else 0.6
            if left:
                left.pop(0)
            continue
        cands.sort(key=lambda i: (0 if dice[i][1] == 0 or value_ok(req, dice[i][1]) else 1, BASE_WORTH[dice[i][0]]))
        i = cands[0]
        left.remove(i)
        if dice[i][1] == 0:
            misses += _value_miss(req)
        elif req["k"] in ("none", "range", "odd", "even") and not value_ok(req, dice[i][1]):
            misses += 0.8
        elif req["k"] not in ("none", "range", "odd", "even"):
            misses += 0.25
    short = max(0, n - len(dice))
    cost = 2.0 * misses + 0.7 * short
    dice_bonus = sum(BASE_WORTH[c] for c in new) * (0.6 if ctx.level != "easy" else 0.3)
    if ctx.level == "easy":
        return plan["points"] - cost + dice_bonus
    late = 1.0 if ctx.rounds_left > 2 else 1.8
    return value - cost * late + dice_bonus


def color_ok_any(plan: dict[str, Any], c: str) -> bool:
    return any(color_ok(spec, c) for spec in plan["colors"])


def _value_miss(req: dict[str, Any]) -> float:
    k = req["k"]
    if k == "none":
        return 0.0
    if k == "range":
        return 1 - (req["hi"] - req["lo"] + 1) / 6
    if k in ("odd", "even"):
        return 0.5
    return 0.35


def decide(rules: Game, view: View, seat: int, legal: list[Action], rng: Rng, level: str) -> Action:
    if len(legal) == 1:
        return legal[0]
    ctx = Ctx(view, seat, level)
    phase = view["phase"]
    t0 = legal[0]["type"]
    if phase == "start" or t0 == "start_die":
        return _pick_color(ctx, legal)
    if phase == "claim":
        best = max(legal, key=lambda a: (_claim_value(ctx, PLANS[view["rows"][a["row"]][a["col"]]], a["row"]), -a["row"], -a["col"]))
        return best
    if phase == "take":
        return _pick_color(ctx, legal)
    if phase == "discard":
        return _discard(ctx, legal)
    if phase == "outlaw":
        need = _color_need(ctx)
        if t0 == "outlaw_take":
            return min(legal, key=lambda a: need[a["color"]])
        return max(legal, key=lambda a: need[a["color"]])
    if view["sub"] is not None:
        return _sub_decision(ctx, legal, rng)
    dice = ctx.me["dice"]
    build = view["build"]
    if build is not None:
        plan = PLANS[build["plan"]]
        if all(d is not None for d in build["dice"]):
            return _placement(ctx, legal)
        res = best_fill(plan, build["dice"], dice, ctx.worth(dice), width=2 if level == "easy" else 3)
        if res is not None:
            p = min(res[2])
            act = {"type": "put", "die": _first_kind(dice, res[2][p]), "pos": p}
            if act in legal:
                return act
        for a in legal:
            if a["type"] == "put":
                return a
        return legal[0]
    choice = _choose_build(ctx)
    if choice is not None:
        _, plan, fill = choice
        if level == "hard":
            fix = _fix_with_power(ctx, plan, fill[2], legal)
            if fix is not None:
                return fix
        act = {"type": "build", "plan": plan["id"]}
        if act in legal:
            return act
    if level == "hard":
        pan = {"type": "pan"}
        if pan in legal and _pan_worthwhile(ctx):
            return pan
        for a in legal:
            if a["type"] == "power":
                kind = PLANS[ctx.me["built"][a["b"]]["plan"]]["power"]["k"]
                if kind == "black_split" and len(dice) < sum(1 for _ in STOREHOUSE) + ctx.me["extra"]:
                    return a
    return {"type": "end"} if {"type": "end"} in legal else legal[-1]


def easy_bot(rules: Game, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    return decide(rules, view, seat, legal, rng, "easy")


def hard_bot(rules: Game, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    return decide(rules, view, seat, legal, rng, "hard")


BOTS = {"easy": easy_bot, "hard": hard_bot}

__all__ = ["BOTS", "easy_bot", "hard_bot", "best_fill", "is_gold_building"]
