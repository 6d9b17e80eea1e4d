"""Tumble Town geometry and scoring: building sections and heights, Penalty tokens for
poorly constructed buildings, Main Street requests and the end-of-game tally."""

from __future__ import annotations

from itertools import combinations
from typing import Any, Optional, Sequence

from .content import ICONS, PLANS, PLOTS, TOWNS, is_gold_building, penalty_value, points
from .powers import POWERS

Die = list  # [colour, value]

# ----------------------------------------------------------------------------------
# Colours and values


def color_ok(spec: str, color: str) -> bool:
    if spec == "any":
        return True
    if spec == "plain":
        return color != "gold"
    return spec == color


PER_DIE = ("none", "range", "odd", "even")


def value_ok(req: dict[str, Any], v: int) -> bool:
    """For requirements that judge each die on its own."""
    k = req["k"]
    if k == "range":
        return req["lo"] <= v <= req["hi"]
    if k == "odd":
        return v % 2 == 1
    if k == "even":
        return v % 2 == 0
    return True


def _feasible(req: dict[str, Any], n: int, fixed: Sequence[int], wild: int) -> bool:
    """Can `wild` dice with any values join `fixed` to meet a whole-set requirement of n dice?"""
    k = req["k"]
    if k in PER_DIE:
        return all(value_ok(req, v) for v in fixed)
    if k == "sum_le":
        return sum(fixed) + wild <= req["n"]
    if k == "sum_ge":
        return sum(fixed) + 6 * wild >= req["n"]
    if k == "sum_eq":
        s = sum(fixed)
        return s + wild <= req["n"] <= s + 6 * wild
    if k == "distinct":
        return n <= 6 and len(set(fixed)) == len(fixed)
    if k == "seq":
        if len(set(fixed)) != len(fixed) or n > 6:
            return False
        if not fixed:
            return True
        lo, hi = min(fixed), max(fixed)
        return any(s <= lo and hi <= s + n - 1 for s in range(1, 8 - n))
    if k == "pairs":
        counts: dict[int, int] = {}
        for v in fixed:
            counts[v] = counts.get(v, 0) + 1
        return n == 4 and len(counts) <= 2 and all(c <= 2 for c in counts.values())
    raise ValueError(k)


def penalty_detail(plan: dict[str, Any], dice: Sequence[Optional[Die]]) -> dict[str, Any]:
    """Penalty tokens for `dice` on `plan` (None = a position not yet filled, counted as
    matching). Each die that misses its colour or its value costs one token; for a
    requirement on the whole set (sums, pairs, sequences, all different) a token is
    taken for each die that would have to change. Returns the count and which positions."""
    req = plan["req"]
    n = len(plan["pos"])
    bad_color = [i for i, d in enumerate(dice) if d is not None and not color_ok(plan["colors"][i], d[0])]
    free = len(bad_color) + sum(1 for d in dice if d is None)
    rest = [i for i, d in enumerate(dice) if d is not None and i not in bad_color]
    if req["k"] in PER_DIE:
        bad_value = [i for i in rest if not value_ok(req, dice[i][1])]  # type: ignore[index]
        return {"count": len(bad_color) + len(bad_value), "color": bad_color, "value": bad_value}
    values = [dice[i][1] for i in rest]  # type: ignore[index]
    for k in range(len(rest) + 1):
        for changed in combinations(range(len(rest)), k):
            fixed = [v for j, v in enumerate(values) if j not in changed]
            if _feasible(req, n, fixed, free + k):
                return {"count": len(bad_color) + k, "color": bad_color, "value": [rest[j] for j in changed]}
    return {"count": len(bad_color) + len(rest), "color": bad_color, "value": rest}  # pragma: no cover


def penalty(plan: dict[str, Any], dice: Sequence[Optional[Die]]) -> int:
    return penalty_detail(plan, dice)["count"]


def requirement_met(plan: dict[str, Any], dice: Sequence[Die]) -> bool:
    return penalty(plan, dice) == 0


# ----------------------------------------------------------------------------------
# Geometry


def sections(plan: dict[str, Any], dice: Sequence[Optional[Die]], mirror: bool = False) -> list[dict[str, Any]]:
    """The building's sections in placed order: heights (sorted list) and dice as
    (level, colour) pairs covering the section."""
    w = plan["width"]
    halves = [[0, 0] for _ in range(w)]
    cover: list[set[tuple[int, str]]] = [set() for _ in range(w)]
    for (lvl, x), die in zip(plan["pos"], dice):
        if mirror:
            x = 2 * (w - 1) - x
        if x % 2 == 0:
            spots = ((x // 2, 0), (x // 2, 1))
        else:
            spots = (((x - 1) // 2, 1), ((x + 1) // 2, 0))
        for s, h in spots:
            if lvl > halves[s][h]:
                halves[s][h] = lvl
            if die is not None:
                cover[s].add((lvl, die[0]))
    return [{"heights": sorted({a, b}), "dice": cover[s]} for s, (a, b) in enumerate(halves)]


def building_heights(plan: dict[str, Any]) -> list[int]:
    hs: set[int] = set()
    for sec in sections(plan, [None] * len(plan["pos"])):
        hs.update(sec["heights"])
    return sorted(hs)


def is_symmetric(plan: dict[str, Any], dice: Sequence[Optional[Die]]) -> bool:
    a = sections(plan, dice, False)
    b = sections(plan, dice, True)
    return all(x["heights"] == y["heights"] and x["dice"] == y["dice"] for x, y in zip(a, b))


# ----------------------------------------------------------------------------------
# Main Street


def request_met(code: str, sec: dict[str, Any]) -> bool:
    if code == "any":
        return True
    if code in ("h1", "h2", "h3"):
        return int(code[1]) in sec["heights"]
    if len(code) == 2 and code[0] in "bgky" and code[1].isdigit():
        color = {"b": "brown", "g": "gray", "k": "black", "y": "gold"}[code[0]]
        return (int(code[1]), color) in sec["dice"]
    return False


def occupancy(built: list[dict[str, Any]]) -> list[dict[int, tuple[int, dict[str, Any]]]]:
    """For each side, column -> (building index, section). Columns may lie off the card."""
    occ: list[dict[int, tuple[int, dict[str, Any]]]] = [{}, {}]
    for bi, b in enumerate(built):
        at = b.get("at")
        if not at:
            continue
        side, start, mirror = at
        plan = PLANS[b["plan"]]
        for i, sec in enumerate(sections(plan, b["dice"], mirror)):
            occ[side][start + i] = (bi, sec)
    return occ


def _plot_points(code: str, side_occ: dict[int, Any], p: int) -> int:
    here = side_occ.get(p)
    if here is not None:
        return 1 if request_met(code, here[1]) else 0
    if code in ("alley", "cactus"):
        near = [q for q in (p - 1, p + 1) if 0 <= q < PLOTS]
        return 1 if near and all(q in side_occ for q in near) else 0
    return 0


def street_detail(built: list[dict[str, Any]], town: str) -> dict[str, Any]:
    """Points per plot (2 x PLOTS), face-off points per column, and the total."""
    rows = TOWNS[town]["rows"]
    occ = occupancy(built)
    plots = [[_plot_points(rows[side][p], occ[side], p) for p in range(PLOTS)] for side in range(2)]
    faceoff = [0] * PLOTS
    if town == "dueling":
        faceoff = [1 if (p in occ[0] and p in occ[1]) else 0 for p in range(PLOTS)]
    total = sum(plots[0]) + sum(plots[1]) + sum(faceoff)
    return {"plots": plots, "faceoff": faceoff, "total": total}


def street_points(built: list[dict[str, Any]], town: str) -> int:
    return street_detail(built, town)["total"]


def placements(built: list[dict[str, Any]], town: str, plan: dict[str, Any], dice: Sequence[Die]) -> list[dict[str, Any]]:
    """Every legal spot for a new building: side, start column, mirrored. At least one
    section must stand on the card; sections off the card are allowed; no overlap; no
    section on a cactus plot. Each comes with the Main Street points it would add."""
    rows = TOWNS[town]["rows"]
    occ = occupancy(built)
    w = plan["width"]
    secs = {False: sections(plan, dice, False)}
    secs[True] = secs[False] if is_symmetric(plan, dice) else sections(plan, dice, True)
    mirrors = (False,) if secs[True] is secs[False] else (False, True)
    out = []
    for side in range(2):
        side_occ = occ[side]
        for start in range(-(w - 1), PLOTS):
            cols = range(start, start + w)
            if any(c in side_occ for c in cols):
                continue
            if any(0 <= c < PLOTS and rows[side][c] == "cactus" for c in cols):
                continue
            touched = [p for p in range(start - 1, start + w + 1) if 0 <= p < PLOTS]
            before = sum(_plot_points(rows[side][p], side_occ, p) for p in touched)
            for mirror in mirrors:
                trial = dict(side_occ)
                for i, sec in enumerate(secs[mirror]):
                    trial[start + i] = (-1, sec)
                after = sum(_plot_points(rows[side][p], trial, p) for p in touched)
                gain = after - before
                if town == "dueling":
                    gain += sum(1 for c in cols if 0 <= c < PLOTS and c in occ[1 - side])
                out.append({"side": side, "start": start, "mirror": mirror, "gain": gain})
    return out


# ----------------------------------------------------------------------------------
# End of game


def icon_counts(plan_ids: list[int]) -> dict[str, int]:
    counts = {icon: 0 for icon in ICONS}
    for pid in plan_ids:
        counts[PLANS[pid]["style"]] += 1
    return counts


def storehouse_pairs(dice: list[Die]) -> int:
    counts: dict[int, int] = {}
    for _, v in dice:
        counts[v] = counts.get(v, 0) + 1
    return sum(c // 2 for c in counts.values())


class EndGame:
    """A gold building's end-game scoring condition."""

    family = "end"


@POWERS.handler("pairs")
class Pairs(EndGame):
    """Points for each pair of dice in your Storehouse."""

    @staticmethod
    def points(power, player, horse_icon, neighbor_plans):
        return power["pts"] * storehouse_pairs(player["dice"])


@POWERS.handler("feature")
class Feature(EndGame):
    """Points for each windmill (or agave) featured in your completed Building Plans."""

    @staticmethod
    def points(power, player, horse_icon, neighbor_plans):
        return power["pts"] * sum(PLANS[b["plan"]]["features"].count(power["f"]) for b in player["built"])


@POWERS.handler("height")
class Height(EndGame):
    """Points for each constructed building that has the height (any of its heights)."""

    @staticmethod
    def points(power, player, horse_icon, neighbor_plans):
        return power["pts"] * sum(1 for b in player["built"] if power["h"] in building_heights(PLANS[b["plan"]]))


@POWERS.handler("sets")
class Sets(EndGame):
    """Points for every set of all four icons on your completed plans and Horse."""

    @staticmethod
    def points(power, player, horse_icon, neighbor_plans):
        counts = icon_counts([b["plan"] for b in player["built"]])
        if horse_icon:
            counts[horse_icon] += 1
        return power["pts"] * min(counts.values())


@POWERS.handler("neighbor")
class Neighbor(EndGame):
    """Points for each horseshoe style icon on your neighbours' completed Building Plans."""

    @staticmethod
    def points(power, player, horse_icon, neighbor_plans):
        return power["pts"] * sum(1 for pid in neighbor_plans if PLANS[pid]["style"] == power["icon"])


def gold_points(power: dict[str, Any], player: dict[str, Any], horse_icon: Optional[str], neighbor_plans: list[int]) -> int:
    """Points from one end-game (gold building) power."""
    return POWERS.handlers[power["k"]].points(power, player, horse_icon, neighbor_plans)


def player_score(player: dict[str, Any], horse_icon: Optional[str], town: str, no_street: bool,
                 neighbor_plans: list[int], street: Optional[int] = None, version: int = 2) -> dict[str, int]:
    """The five parts of the tally (horse_icon None: not known to the viewer)."""
    built_ids = [b["plan"] for b in player["built"]]
    buildings = sum(points(PLANS[pid], version) for pid in built_ids)
    gold = sum(gold_points(PLANS[pid]["power"], player, horse_icon, neighbor_plans)
               for pid in built_ids if is_gold_building(PLANS[pid]))
    horse = sum(1 for pid in built_ids if PLANS[pid]["style"] == horse_icon) if horse_icon else 0
    if street is None:
        street = street_points(player["built"], town)
    street = 0 if no_street else street
    pen = -penalty_value(version) * player["penalties"]
    return {"buildings": buildings, "gold": gold, "horse": horse, "street": street,
            "penalties": pen, "total": buildings + gold + horse + street + pen}


def outlaw_score(plans: list[int], horse_icons: list[str], penalties: int, sets_bonus: bool, no_street: bool,
                 version: int = 2) -> dict[str, int]:
    buildings = sum(points(PLANS[pid], version) for pid in plans)
    counts = icon_counts(plans)
    horse = sum(counts[icon] for icon in horse_icons)
    sets = 6 * min(counts.values()) if sets_bonus else 0
    pen = -penalty_value(version) * penalties
    street = -10 if no_street else 0
    return {"buildings": buildings, "horse": horse, "sets": sets, "penalties": pen, "street": street,
            "total": buildings + horse + sets + pen + street}
