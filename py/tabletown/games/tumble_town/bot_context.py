"""What a Tumble Town bot knows and weighs, read from its own view (`Ctx`): what dice and
plans are worth to it, how many rounds are likely left, the best way to fill a plan with
the dice held; and the choices every step of a decision shares: which plan in hand to
build next and which colour of die to take.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.rules import Action, View

from .bot_street import MISSION_STREET, MISSION_STREET_GOAL, street_outlook
from .content import COLORS, HORSES, PLAIN, PLANS, STOREHOUSE, penalty_value, points
from .fitting import Fill, best_fill
from .scoring import building_heights

BASE_WORTH = {"brown": 0.9, "gray": 1.0, "black": 1.0, "gold": 1.4}
ONE_TIME_VALUE = {"gain_die": 1.2, "warehouse": 3.5, "tokens": 2.5}
LATER = 0.5  # share of a plan's value kept when it must wait for later dice
LATER_DIE = 1.5  # what each die of such a later construction costs
RATE = {"brown": 1.5, "gray": 0.6, "black": 0.6, "gold": 0.6}  # dice a player takes per turn
OUTLAW_RATE = {"brown": 2.0, "gray": 1.0, "black": 1.0, "gold": 2.0}
PER_DIE = ("none", "range", "odd", "even")


def storehouse_worth(state: dict[str, Any], seat: int) -> float:
    """The hard bot's worth of the dice a seat keeps for the turns to come: nothing once the last
    round has begun (the expert's judgements, `bots.kept_dice` and judgement.py, both count it)."""
    if state["over"] or state["ending"]:
        return 0.0
    return sum(BASE_WORTH[die[0]] for die in state["players"][seat]["dice"])


class Ctx:
    """One decision's knowledge: the bot's view and level, and what it has worked out so far."""

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
# The choices every step shares: what to build, which colour to take


def choose_build(ctx: Ctx) -> Optional[tuple[float, dict[str, Any], Fill]]:
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


def full_fill(plan: dict[str, Any], fill: dict[int, int], dice: list[list[Any]], prefill: Optional[list[Any]] = None) -> list[Any]:
    full = list(prefill) if prefill is not None else [None] * len(plan["pos"])
    for p, i in fill.items():
        full[p] = dice[i]
    return full


def color_need(ctx: Ctx) -> dict[str, float]:
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


def pick_color(ctx: Ctx, acts: list[Action]) -> Action:
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
    need = color_need(ctx)
    return max(acts, key=lambda a: (need.get(a[key], 0), -COLORS.index(a[key])))
