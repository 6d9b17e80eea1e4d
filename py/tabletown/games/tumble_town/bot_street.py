"""The hard bot's Main Street planning: where the buildings still to come can stand.

A good player places a building thinking of the plans in hand and of the shapes on
offer: a plot left where nothing will fit, or an alley built over, is a point lost.
The outlook of a town is the best layout of the plots still free, found by a small
dynamic programme along each side of the street (plots left to right).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .content import PLANS, PLOTS, TOWNS
from .scoring import occupancy, sections, street_detail

if TYPE_CHECKING:
    from .bot_context import Ctx

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
