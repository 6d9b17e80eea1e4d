"""Tumble Town bots. Both decide from their own view and the legal actions only.

A bot plans each construction as a whole (which dice on which positions, with the
fewest Penalty tokens) and then plays it out one click at a time; being a pure
function of the view, the next call finds the same plan and takes the next step.

- easy: claims the plan worth the most points that its dice can build, builds what
  it can finish with at most one Penalty token, places for the most Main Street
  points, and leaves powers, Dice Tokens and the Gold Pan alone.
- hard: values plans for its Horse, gold-building synergies, powers and Main Street;
  weighs the dice a claim brings against its whole hand; spends powers, Dice Tokens
  and the Gold Pan to remove penalties; keeps a useful Storehouse; and places each
  building where the whole town scores best on Main Street: the building itself, and
  the best layout left on the free plots for the plans in its hand and the shapes on
  offer (see `street_outlook`).
- The hard bot reads the mission card it is on (Mission Mode) from its view, as a player
  does, and weighs plans by it. On mission 5 (13 points from Main Street) it claims plans
  for the points they add to that layout, and takes a spot that brings Main Street to 13
  whenever there is one.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.prng import Rng
from tabletown.engine.rules import Action, Rules, View

from .content import BACKS, COLORS, HORSES, PLAIN, PLANS, PLOTS, STOREHOUSE, TOWNS, back_choices, penalty_value, points
from .fitting import Fill, best_fill, value_miss
from .scoring import building_heights, occupancy, penalty, penalty_detail, placements, sections, street_detail

BASE_WORTH = {"brown": 0.9, "gray": 1.0, "black": 1.0, "gold": 1.4}
ONE_TIME_VALUE = {"gain_die": 1.2, "warehouse": 3.5, "tokens": 2.5}
LATER = 0.5  # share of a plan's value kept when it must wait for later dice
LATER_DIE = 1.5  # what each die of such a later construction costs
RATE = {"brown": 1.5, "gray": 0.6, "black": 0.6, "gold": 0.6}  # dice a player takes per turn
OUTLAW_RATE = {"brown": 2.0, "gray": 1.0, "black": 1.0, "gold": 2.0}
PER_DIE = ("none", "range", "odd", "even")


# ------------------------------------------------------------------------------------
# What the bot knows


class Ctx:
    def __init__(self, view: View, seat: int, level: str):
        self.v = view
        self.seat = seat
        self.level = level
        self.hard = level == "hard"
        self.me = view["players"][seat]
        self.horse = HORSES[self.me["horse"]]["icon"] if isinstance(self.me["horse"], int) else None
        self.n = view["n"]
        self.final = bool(view["derived"]["last_round"])
        self.rounds_left = self._rounds_left()
        self.cache: dict[Any, Optional[Fill]] = {}
        self.street_cache: dict[Any, dict[tuple[int, int], float]] = {}
        self.later_cache: dict[Any, dict[int, list[tuple[int, float]]]] = {}
        self.pen_value = penalty_value(view["v"])
        self.mission = view["missions"][seat] if view.get("missions") else 0
        self.plan_street = self.hard and not view["opts"]["no_main_street"]
        # How hard a construction avoids a Penalty token: more than the token's points while
        # the game is young (measured: weighing tokens at their face value builds worse towns).
        self.pen_weight = 2.0 if (self.final or not self.hard) else (3.0 if self.rounds_left > 2.5 else 2.4)

    def _rounds_left(self) -> float:
        """Rounds (own turns) likely left before the end is triggered."""
        v = self.v
        if v["derived"]["last_round"]:
            return 0.0
        n = self.n
        plans_left = sum(v["derived"]["deck_sizes"]) + sum(1 for row in v["rows"] for p in row if p is not None)
        takers = n + (2 if v["outlaw"] else 0) + (2 if v["mode"] == "sole-surveyor" else 0)
        by_plans = plans_left / max(1, takers)
        if v["opts"]["surplus"]:
            decks = sorted(v["derived"]["deck_sizes"])
            return max(0.3, min(by_plans, decks[1] / max(1.0, takers / 3)))
        rate = {c: RATE[c] * n for c in COLORS}
        if v["outlaw"]:
            for c, r in OUTLAW_RATE.items():
                rate[c] += r
        turns = sorted((max(0, v["supply"][c] - 2) + 0.5) / rate[c] for c in COLORS)
        return max(0.3, min(turns[1], by_plans))

    def worth(self, dice: list[list[Any]]) -> list[float]:
        """What keeping each die is worth; dice that will not fit the Storehouse are nearly free."""
        if self.final:
            return [0.05] * len(dice)
        counts = {c: 0 for c in COLORS}
        spare = self.me["extra"]
        scale = 1.0 if self.hard else 0.6
        if self.rounds_left < 1.5:
            scale *= 0.5
        out = []
        for d in dice:
            counts[d[0]] += 1
            fits = counts[d[0]] <= STOREHOUSE.count(d[0])
            if not fits and spare > 0:
                spare -= 1
                fits = True
            out.append(BASE_WORTH[d[0]] * scale if fits else 0.15)
        return out

    def plan_value(self, plan: dict[str, Any]) -> float:
        val = float(points(plan, self.v["v"]))
        pw = plan["power"]
        if not self.hard:
            return val + (1.5 if plan["ptype"] == "end" else 0.5)
        if plan["style"] == self.horse:
            val += 1.0
        built = [PLANS[b["plan"]] for b in self.me["built"]]
        owned = built + [PLANS[p] for p in self.me["hand"] if p != plan["id"]]
        for g in owned:
            gp = g["power"]
            if gp["k"] == "feature":
                val += gp["pts"] * plan["features"].count(gp["f"]) * (1.0 if g in built else 0.5)
            elif gp["k"] == "height" and gp["h"] in building_heights(plan):
                val += gp["pts"] * (1.0 if g in built else 0.5)
        if plan["ptype"] == "end":
            k = pw["k"]
            if k == "feature":
                have = sum(p["features"].count(pw["f"]) for p in owned) + plan["features"].count(pw["f"])
                val += pw["pts"] * (have + 0.4 * self.rounds_left)
            elif k == "height":
                have = sum(1 for p in owned if pw["h"] in building_heights(p)) + (1 if pw["h"] in building_heights(plan) else 0)
                val += pw["pts"] * (have + 0.5 * self.rounds_left)
            elif k == "sets":
                val += 3.0 + (2.0 if len(owned) > 5 else 0.0)
            elif k == "pairs":
                val += 3.5
            elif k == "neighbor":
                others = ({(self.seat - 1) % self.n, (self.seat + 1) % self.n} - {self.seat}) if self.n > 1 else set()
                seen = sum(1 for o in others for b in self.v["players"][o]["built"]
                           if PLANS[b["plan"]]["style"] == pw["icon"])
                if self.n == 1 and self.v.get("outlaw"):
                    seen = sum(1 for p in self.v["outlaw"]["plans"] if PLANS[p]["style"] == pw["icon"])
                val += pw["pts"] * (seen + 0.6 * self.rounds_left)
        elif plan["ptype"] == "once":
            val += min(2.0, 0.45 * self.rounds_left)
        else:
            val += ONE_TIME_VALUE.get(pw["k"], 0.0) * (0.2 if self.final else 1.0)
        if not self.v["opts"]["no_main_street"]:
            val += 0.5 * plan["width"]
        return val + self.mission_value(plan, built)

    def mission_value(self, plan: dict[str, Any], built: list[dict[str, Any]]) -> float:
        """What a plan does for the mission this player is on (Mission Mode): a strong
        player builds toward the mission's requirement, and away from breaking it."""
        m = self.v["missions"][self.seat]
        if not m:
            return 0.0
        levels = [p["level"] for p in built]
        shapes = [p["shape"] for p in built]
        if m == 1 and plan["style"] == self.horse:
            return 2.5 if sum(1 for p in built if p["style"] == self.horse) < 4 else 0.0
        if m == 2:
            owned = levels + [PLANS[p]["level"] for p in self.me["hand"] if p != plan["id"]]
            return 3.0 if owned.count(plan["level"]) < 2 else 0.0
        if m == 3 and plan["level"] == 2:
            return 2.5 if levels.count(2) < 4 else 0.0
        if m == 4 and plan["ptype"] == "end":
            return 2.5 if sum(1 for p in built if p["ptype"] == "end") < 3 else 0.0
        if m == 5 and self.plan_street:  # (the street counts for nothing with No Main Street)
            # the Main Street points this plan can add to the town's layout, weighed up while
            # the town still falls short of the mission's points
            # (with or without the plan in hand, it is not counted among the plans on offer later)
            others = [p for p in self.me["hand"] if p != plan["id"]]
            now = street_outlook(self, self.me["built"], others, absent=plan["id"])
            more = street_outlook(self, self.me["built"], others + [plan["id"]], absent=plan["id"]) - now
            return MISSION_STREET * more if now < MISSION_STREET_GOAL + 1 else more
        if m == 6 and plan["ptype"] == "end":
            return 1.5
        if m == 7 and plan["level"] == 1:
            return -6.0 if levels.count(1) >= 1 else -1.0
        if m == 8 and plan["style"] not in {p["style"] for p in built}:
            return 2.5
        if m == 9 and shapes.count(plan["shape"]) in (1, 2):
            return 2.5
        if m == 10 and plan["shape"] in shapes:
            return -8.0
        return 0.0

    def mission_claim(self, plan: dict[str, Any]) -> float:
        """What claiming a plan does for the mission beyond building it: with mission 2 a
        player has about one claim a turn, so once the levels still missing take every
        claim left, a plan of a level already owned twice is a claim wasted."""
        if self.v["missions"][self.seat] != 2:
            return 0.0
        owned = [PLANS[b["plan"]]["level"] for b in self.me["built"]] + [PLANS[p]["level"] for p in self.me["hand"]]
        missing = sum(max(0, 2 - owned.count(lv)) for lv in (1, 2, 3))
        if owned.count(plan["level"]) < 2:
            return 3.0 * min(2.0, missing / max(1.0, self.rounds_left))
        return -4.0 * min(2.0, missing / max(1.0, self.rounds_left))

    def fill(self, plan: dict[str, Any], dice: Optional[list[list[Any]]] = None,
             prefill: Optional[list[Any]] = None) -> Optional[Fill]:
        dice = self.me["dice"] if dice is None else dice
        prefill = [None] * len(plan["pos"]) if prefill is None else prefill
        key = (plan["id"], tuple((d[0], d[1]) for d in dice), tuple((d[0], d[1]) if d else None for d in prefill))
        if key not in self.cache:
            self.cache[key] = best_fill(plan, prefill, dice, self.worth(dice), self.pen_weight, width=3 if self.hard else 1)
        return self.cache[key]

    def ok_to_build(self, plan: dict[str, Any], pen: float, net: float) -> bool:
        if not self.hard:
            return pen <= 1 or (self.final and net > 0)
        return net > 0 and (pen <= 1 or self.final or self.rounds_left < 1.2 or net > 3.0)

    def turn_plan(self, plan_ids: list[int], dice: list[list[Any]]) -> tuple[float, Optional[int]]:
        """Build greedily from `plan_ids` with `dice`: (value of the turn, first plan built)."""
        remaining = [list(d) for d in dice]
        total = 0.0
        first = None
        todo = list(plan_ids)
        for _ in range(3):
            best = None
            for pid in todo:
                plan = PLANS[pid]
                res = self.fill(plan, remaining)
                if res is None:
                    continue
                net = self.plan_value(plan) - res[0]
                if self.ok_to_build(plan, res[1], net) and (best is None or net > best[0]):
                    best = (net, pid, res)
            if best is None:
                break
            net, pid, res = best
            total += net
            used = set(res[2].values())
            remaining = [d for i, d in enumerate(remaining) if i not in used]
            todo.remove(pid)
            if first is None:
                first = pid
        later = 0.0 if self.final else LATER * min(1.0, self.rounds_left / 3.0)
        for pid in todo:
            plan = PLANS[pid]
            total += max(0.0, self.plan_value(plan) - LATER_DIE * len(plan["pos"])) * later
        return total, first


# ------------------------------------------------------------------------------------
# Building


def _choose_build(ctx: Ctx) -> Optional[tuple[float, dict[str, Any], Fill]]:
    """The plan in hand most worth building now, if any."""
    dice = ctx.me["dice"]
    if ctx.hard:
        value, first = ctx.turn_plan(list(ctx.me["hand"]), dice)
        if first is None:
            return None
        res = ctx.fill(PLANS[first])
        assert res is not None
        return value, PLANS[first], res
    best = None
    for pid in ctx.me["hand"]:
        plan = PLANS[pid]
        if len(dice) < len(plan["pos"]):
            continue
        fill = ctx.fill(plan)
        if fill is None:
            continue
        pen = fill[1]
        net = points(plan, ctx.v["v"]) - ctx.pen_value * pen
        if ctx.ok_to_build(plan, pen, net) and (best is None or net > best[0]):
            best = (net, plan, fill)
    return best


def _full(plan: dict[str, Any], fill: dict[int, int], dice: list[list[Any]], prefill: Optional[list[Any]] = None) -> list[Any]:
    full = list(prefill) if prefill is not None else [None] * len(plan["pos"])
    for p, i in fill.items():
        full[p] = dice[i]
    return full


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


def _power_kind(ctx: Ctx, b: int) -> str:
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
        return plan, res[2], _full(plan, res[2], dice, v["build"]["dice"])
    choice = _choose_build(ctx)
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
    return plan, res[2], _full(plan, res[2], dice)


def _improve(ctx: Ctx, legal: list[Action]) -> Optional[Action]:
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
        if a["type"] == "power" and _power_kind(ctx, a["b"]) in VALUE_POWERS:
            if _fixes(ctx, plan, full, fill, _power_kind(ctx, a["b"])):
                return a
    for a in legal:
        if a["type"] == "power" and _power_kind(ctx, a["b"]) == "reroll":
            per_die = plan["req"]["k"] in PER_DIE
            bad = [p for p in detail["value"]]
            if per_die and bad and value_miss(plan["req"]) <= 0.5:
                return a
    for a in legal:
        if a["type"] == "power" and _power_kind(ctx, a["b"]) == "swap":
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


def _sub_decision(ctx: Ctx, legal: list[Action], rng: Rng) -> Action:
    v = ctx.v
    sub = v["sub"]
    dice = ctx.me["dice"]
    k = sub["k"]
    colors = [a for a in legal if a["type"] == "color"]
    picks = [a for a in legal if a["type"] == "pick"]
    if k == "gain":
        return _pick_color(ctx, colors)
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
    kind = "token" if k == "token" else _power_kind(ctx, sub["b"])
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
            return _pick_color(ctx, colors)
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
        return _pick_color(ctx, free or colors)
    return legal[0]


def _pan_worthwhile(ctx: Ctx) -> bool:
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


# ------------------------------------------------------------------------------------
# Colours, claims, placement, discards


def _color_need(ctx: Ctx) -> dict[str, float]:
    """How much the plans in hand want each colour, beyond the dice already held."""
    need = {c: 0.0 for c in COLORS}
    have = {c: 0 for c in COLORS}
    for d in ctx.me["dice"]:
        have[d[0]] += 1
    for pid in ctx.me["hand"]:
        for spec in PLANS[pid]["colors"]:
            if spec in need:
                need[spec] += 1
            elif spec == "plain":
                for c in PLAIN:
                    need[c] += 0.3
    for c in COLORS:
        need[c] -= have[c] * 0.8
    return need


def _pick_color(ctx: Ctx, acts: list[Action]) -> Action:
    key = "c" if "c" in acts[0] else "color"
    if ctx.hard and ctx.me["hand"] and ctx.v["phase"] in ("take", "main"):
        # the colour that helps the hand the most
        def gain(c: str) -> float:
            dice = [list(d) for d in ctx.me["dice"]] + [[c, 0]]
            total = 0.0
            for pid in ctx.me["hand"]:
                plan = PLANS[pid]
                res = ctx.fill(plan, dice)
                total += -res[0] if res is not None else -3.0 * len(plan["pos"])
            return total
        return max(acts, key=lambda a: (gain(a[key]), -COLORS.index(a[key])))
    need = _color_need(ctx)
    return max(acts, key=lambda a: (need.get(a[key], 0), -COLORS.index(a[key])))


def _incoming(ctx: Ctx, row: int, plan: dict[str, Any]) -> list[str]:
    v = ctx.v
    back = BACKS[v["backs"][row]]
    supply = dict(v["supply"])
    new = []
    for c in back["fixed"]:
        if supply[c] > 0:
            supply[c] -= 1
            new.append(c)
    need = _color_need(ctx)
    for spec in plan["colors"]:
        if spec in need:
            need[spec] += 1
    for opts in back_choices(v["backs"][row], v["v"]):
        avail = [c for c in opts if supply[c] > 0]
        if avail:
            c = max(avail, key=lambda c: (need[c], -COLORS.index(c)))
            supply[c] -= 1
            need[c] -= 1
            new.append(c)
    return new


def _claim_score(ctx: Ctx, row: int, col: int) -> float:
    plan = PLANS[ctx.v["rows"][row][col]]
    new = _incoming(ctx, row, plan)
    dice = [list(d) for d in ctx.me["dice"]] + [[c, 0] for c in new]
    if ctx.hard:
        value, _ = ctx.turn_plan(list(ctx.me["hand"]) + [plan["id"]], dice)
        return value + sum(ctx.worth([[c, 0]])[0] for c in new) * 0.8 + ctx.mission_claim(plan)
    res = ctx.fill(plan, dice)
    if res is None:
        return points(plan, ctx.v["v"]) - ctx.pen_value * (len(plan["pos"]) - len(dice)) - 2.0
    return points(plan, ctx.v["v"]) - ctx.pen_value * res[1] + 0.2 * len(new)


# ------------------------------------------------------------------------------------
# Main Street planning: where the buildings still to come can stand
#
# A good player places a building thinking of the plans in hand and of the shapes on
# offer: a plot left where nothing will fit, or an alley built over, is a point lost.
# The outlook of a town is the best layout of the plots still free, found by a small
# dynamic programme along each side of the street (plots left to right).

MISSION_STREET = 4.0  # what a Main Street point is worth to a player who needs them for the mission
MISSION_STREET_GOAL = 13  # mission 5: at least 13 points from Main Street
UNKNOWN_COLOR = 0.35  # chance a die of a free colour (non-gold or any) is the colour a plot asks for
HAND_SHARE = 0.8  # a plan in hand is likely to be built
LATER_SHARE = 0.45  # a building not claimed yet, of a shape now on offer
BUILDS_PER_TURN = 0.8  # measured: the hard bot builds about 5 buildings in 6.3 solo turns
COLOR_CODES = {"b": "brown", "g": "gray", "k": "black", "y": "gold"}


def _section_points(code: str, sec: dict[str, Any]) -> float:
    """Expected points of a plot request for a section; sections of a plan not built yet
    carry its colour requirements ("plain", "any") where the die is not known."""
    if code == "any":
        return 1.0
    if code in ("h1", "h2", "h3"):
        return 1.0 if int(code[1]) in sec["heights"] else 0.0
    if len(code) == 2 and code[0] in COLOR_CODES and code[1].isdigit():
        lvl, color = int(code[1]), COLOR_CODES[code[0]]
        if (lvl, color) in sec["dice"]:
            return 1.0
        if color != "gold" and (lvl, "plain") in sec["dice"]:
            return UNKNOWN_COLOR
        if (lvl, "any") in sec["dice"]:
            return UNKNOWN_COLOR * 0.75
    return 0.0


def _spec_sections(plan: dict[str, Any], mirror: bool) -> list[dict[str, Any]]:
    return sections(plan, [[spec, 0] for spec in plan["colors"]], mirror)


def _stands(codes: list[str], taken: tuple[bool, ...], plan: dict[str, Any], secs: dict[bool, list[dict[str, Any]]],
            share: float) -> dict[int, list[tuple[int, float]]]:
    """(end plot, points) of the plan's best stand with these sections, by the first card plot it covers."""
    w = plan["width"]
    out: dict[int, dict[int, float]] = {}
    for start in range(-(w - 1), PLOTS):
        cols = [c for c in range(start, start + w) if 0 <= c < PLOTS]
        if any(taken[c] or codes[c] == "cactus" for c in cols):
            continue
        best = max(sum(_section_points(codes[start + i], sec) for i, sec in enumerate(s) if 0 <= start + i < PLOTS)
                   for s in secs.values())
        first, end = cols[0], cols[-1] + 1
        slot = out.setdefault(first, {})
        slot[end] = max(slot.get(end, -1.0), best * share)
    return {p: sorted(ends.items()) for p, ends in out.items()}


def _side_table(codes: list[str], taken: tuple[bool, ...], hand: list[dict[int, list[tuple[int, float]]]],
                later: dict[int, list[tuple[int, float]]], builds: int) -> dict[tuple[int, int], float]:
    """Best expected points of one side's free plots (sections and alleys), for each set
    of hand plans it may use and number of buildings (hand plans or later ones) it may add."""
    memo: dict[tuple[int, int, int, bool, bool], float] = {}

    def best(p: int, mask: int, g: int, prev: bool, pending: bool) -> float:
        if p >= PLOTS:
            return 1.0 if pending else 0.0  # an alley at the edge needs only its one neighbour
        key = (p, mask, g, prev, pending)
        if key in memo:
            return memo[key]
        if taken[p]:
            val = (1.0 if pending else 0.0) + best(p + 1, mask, g, True, False)
        else:
            open_plot = codes[p] in ("alley", "cactus") and (p == 0 or prev)
            val = best(p + 1, mask, g, False, open_plot)
            for i, spots in enumerate(hand):
                if g and mask >> i & 1:
                    for end, pts in spots.get(p, ()):
                        val = max(val, pts + (HAND_SHARE if pending else 0.0) + best(end, mask & ~(1 << i), g - 1, True, False))
            if g:
                for end, pts in later.get(p, ()):
                    val = max(val, pts + (LATER_SHARE if pending else 0.0) + best(end, mask, g - 1, True, False))
        memo[key] = val
        return val

    full = (1 << len(hand)) - 1
    return {(mask, g): best(0, mask, g, True, False) for mask in range(full + 1) for g in range(builds + 1)}


def street_outlook(ctx: Ctx, built: list[dict[str, Any]], hand: list[int], absent: int = -1) -> float:
    """Main Street points the town can expect: those of the buildings standing, and the
    best layout on the free plots of the plans in `hand` and of later buildings (shapes on
    offer now but `absent`), each weighed by how likely it is to be built."""
    own = built is ctx.me["built"]
    memo_key = ("outlook", tuple(hand), absent)
    if own and memo_key in ctx.street_cache:
        return ctx.street_cache[memo_key][(0, 0)]
    v = ctx.v
    town = v["town"]
    detail = street_detail(built, town)
    occ = occupancy(built)
    standing = sum(detail["faceoff"]) + sum(detail["plots"][s][p] for s in range(2) for p in occ[s] if 0 <= p < PLOTS)
    builds = min(4, int(BUILDS_PER_TURN * ctx.rounds_left + 0.5))  # buildings still to come, hand plans included
    tables = []
    for side in range(2):
        taken = tuple(p in occ[side] for p in range(PLOTS))
        key = ("side", side, taken, tuple(hand), absent, builds)
        if key not in ctx.street_cache:
            hand_spots = [_spots(town, side, taken, pid, HAND_SHARE) for pid in hand]
            later = _later_spots(ctx, side, taken, hand + [absent]) if builds else {}
            ctx.street_cache[key] = _side_table(TOWNS[town]["rows"][side], taken, hand_spots, later, builds)
        tables.append(ctx.street_cache[key])
    full = (1 << len(hand)) - 1
    future = max(tables[0][(m, g)] + tables[1][(full & ~m, builds - g)]
                 for m in range(full + 1) for g in range(builds + 1))
    if own:
        ctx.street_cache[memo_key] = {(0, 0): standing + future}
    return standing + future


def _later_spots(ctx: Ctx, side: int, taken: tuple[bool, ...], hand: list[int]) -> dict[int, list[tuple[int, float]]]:
    """The best stands of the plans on offer (not in hand), as buildings that may come later."""
    offer = tuple(sorted(p for row in ctx.v["rows"] for p in row if p is not None and p not in hand))
    key = ("later", side, taken, offer)
    if key not in ctx.later_cache:
        merged: dict[int, dict[int, float]] = {}
        for pid in offer:
            for p, ends in _spots(ctx.v["town"], side, taken, pid, LATER_SHARE).items():
                slot = merged.setdefault(p, {})
                for end, pts in ends:
                    slot[end] = max(slot.get(end, -1.0), pts)
        ctx.later_cache[key] = {p: sorted(ends.items()) for p, ends in merged.items()}
    return ctx.later_cache[key]


_SECS: dict[int, dict[bool, list[dict[str, Any]]]] = {}
_SPOTS: dict[tuple[Any, ...], dict[int, list[tuple[int, float]]]] = {}


def _spots(town: str, side: int, taken: tuple[bool, ...], pid: int, share: float) -> dict[int, list[tuple[int, float]]]:
    """For one side: (end plot, points) of a plan's best stand, by the first card plot it covers."""
    key = (town, side, taken, pid, share)
    if key not in _SPOTS:
        if len(_SPOTS) > 50_000:  # a bound on memory in a long session
            _SPOTS.clear()
        if pid not in _SECS:
            _SECS[pid] = {False: _spec_sections(PLANS[pid], False), True: _spec_sections(PLANS[pid], True)}
        _SPOTS[key] = _stands(TOWNS[town]["rows"][side], taken, PLANS[pid], _SECS[pid], share)
    return _SPOTS[key]


def _placement(ctx: Ctx, legal: list[Action]) -> Action:
    """Easy: the spot with the most Main Street points now. Hard: the spot where the whole
    town's outlook is best (the building, then the best layout left for the buildings to come)."""
    places = [a for a in legal if a["type"] == "place"]
    if len(places) == 1 or "side" not in places[0]:
        return places[0]
    v = ctx.v
    build = v["build"]
    plan = PLANS[build["plan"]]
    if not ctx.hard:
        spots = placements(ctx.me["built"], v["town"], plan, build["dice"])
        gains = {(s["side"], s["start"], s["mirror"]): s["gain"] for s in spots}
        return max(places, key=lambda a: (gains.get((a["side"], a["start"], a["mirror"]), 0), -a["side"], -abs(a["start"])))
    others = [p for p in ctx.me["hand"] if p != plan["id"]]

    def outlook(a: Action) -> tuple[bool, float, int, int]:
        stand = {"plan": plan["id"], "dice": build["dice"], "at": [a["side"], a["start"], a["mirror"]]}
        town = ctx.me["built"] + [stand]
        # on mission 5 a spot that brings Main Street to the mission's points now beats any hope
        secured = ctx.mission == 5 and street_detail(town, v["town"])["total"] >= MISSION_STREET_GOAL
        return (secured, round(street_outlook(ctx, town, others), 6), -a["side"], -a["start"])

    return max(places, key=outlook)


def _discard(ctx: Ctx, legal: list[Action]) -> Action:
    dice = ctx.me["dice"]
    if ctx.hard and ctx.me["hand"]:
        def loss(a: Action) -> float:
            rest = [d for j, d in enumerate(dice) if j != a["die"]]
            total = 0.0
            for pid in ctx.me["hand"]:
                res = ctx.fill(PLANS[pid], rest)
                total += res[0] if res is not None else 2.0 * len(PLANS[pid]["pos"])
            return total
        return min(legal, key=lambda a: (loss(a), a["die"]))
    need = _color_need(ctx)
    return min(legal, key=lambda a: (need.get(dice[a["die"]][0], 0), abs(dice[a["die"]][1] - 3.5) * -1, a["die"]))


# ------------------------------------------------------------------------------------


def decide(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng, level: str) -> Action:
    if len(legal) == 1:
        return legal[0]
    ctx = Ctx(view, seat, level)
    phase = view["phase"]
    t0 = legal[0]["type"]
    if t0 == "start_die":
        return _pick_color(ctx, legal)
    if phase == "claim":
        return max(legal, key=lambda a: (_claim_score(ctx, a["row"], a["col"]), -a["row"], -a["col"]))
    if phase == "take":
        return _pick_color(ctx, legal)
    if phase == "discard":
        return _discard(ctx, legal)
    if phase == "outlaw":
        need = _color_need(ctx)
        if t0 == "outlaw_take":
            return min(legal, key=lambda a: (need[a["color"]], a["color"]))
        return max(legal, key=lambda a: (need[a["color"]], a["color"]))
    if view["sub"] is not None:
        return _sub_decision(ctx, legal, rng)
    dice = ctx.me["dice"]
    build = view["build"]
    if build is not None:
        plan = PLANS[build["plan"]]
        if all(d is not None for d in build["dice"]):
            return _placement(ctx, legal)
        if ctx.hard:
            fix = _improve(ctx, legal)
            if fix is not None:
                return fix
        res = ctx.fill(plan, prefill=build["dice"])
        if res is not None:
            p = min(res[2])
            i = res[2][p]
            for a in legal:
                if a["type"] == "put" and a["pos"] == p and dice[a["die"]] == dice[i]:
                    return a
        for a in legal:
            if a["type"] == "put":
                return a
        return legal[0]
    if ctx.hard:
        fix = _improve(ctx, legal)
        if fix is not None:
            return fix
    choice = _choose_build(ctx)
    if choice is not None:
        act = {"type": "build", "plan": choice[1]["id"]}
        if act in legal:
            return act
    if ctx.hard:
        if {"type": "pan"} in legal and _pan_worthwhile(ctx):
            return {"type": "pan"}
        for a in legal:
            if a["type"] == "power" and _power_kind(ctx, a["b"]) == "black_split":
                blacks = sum(1 for d in dice if d[0] == "black")
                if blacks > STOREHOUSE.count("black") or ctx.final is False and len(dice) < len(STOREHOUSE) + ctx.me["extra"]:
                    return a
    return {"type": "end"} if {"type": "end"} in legal else legal[-1]


def easy_bot(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    return decide(rules, view, seat, legal, rng, "easy")


def hard_bot(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    return decide(rules, view, seat, legal, rng, "hard")


BOTS = {"easy": easy_bot, "hard": hard_bot}
