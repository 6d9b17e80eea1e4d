"""Fitting dice to a Building Plan: the cheapest way to fill its empty positions.

Used by the bots (to plan constructions) and by the view (the least penalty a plan in
hand would cost with the dice held, shown on its Build button).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Iterator, Optional

from .scoring import color_ok, penalty, value_ok

MAX_COMBOS = 40  # dice sets tried per plan, most relevant dice first
SPEC_ORDER = {"gold": 0, "brown": 0, "gray": 0, "black": 0, "plain": 1, "any": 2}
Fill = tuple[float, float, dict[int, int]]  # cost, penalty, position -> die index




def value_miss(req: dict[str, Any]) -> float:
    """Chance that a die still to be rolled misses the value requirement."""
    k = req["k"]
    if k == "none":
        return 0.0
    if k == "range":
        return 1 - (req["hi"] - req["lo"] + 1) / 6
    if k in ("odd", "even"):
        return 0.5
    return 0.4


def _fit_rank(req: dict[str, Any], v: int) -> int:
    if v == 0:
        return 1
    return 0 if value_ok(req, v) else 2


def _greedy_colors(plan: dict[str, Any], positions: list[int], dice: list[list[Any]], idxs: tuple[int, ...]) -> dict[int, int]:
    """Match dice to positions, the most demanding colours first (a colour, then plain, then
    any); each takes a die of its colour whose value fits, so that misfits absorb the colour
    mismatches. Among the dice of a position's colour, only the value decides: a die is one of
    the four colours, so for a colour every candidate has it and for plain or any none does."""
    req = plan["req"]
    left = list(idxs)
    out: dict[int, int] = {}
    rest = []
    for p in sorted(positions, key=lambda p: (SPEC_ORDER[plan["colors"][p]], p)):
        spec = plan["colors"][p]
        cands = [i for i in left if color_ok(spec, dice[i][0])]
        if not cands:
            rest.append(p)
            continue
        best = min(cands, key=lambda i: _fit_rank(req, dice[i][1]))
        out[p] = best
        left.remove(best)
    for p, i in zip(rest, left):
        out[p] = i
    return out


def _unique_combos(dice: list[list[Any]], idxs: list[int], k: int) -> Iterator[tuple[int, ...]]:
    seen = set()
    for combo in combinations(idxs, k):
        key = tuple(sorted((dice[i][0], dice[i][1]) for i in combo))
        if key not in seen:
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
    if d[1] == 0 or value_ok(plan["req"], d[1]):
        s += 1
    return s


def best_fill(plan: dict[str, Any], prefill: list[Optional[list[Any]]], dice: list[list[Any]],
              worth: list[float], pen_weight: float = 2.0, width: int = 3) -> Optional[Fill]:
    """Cheapest way to fill the empty positions. A die with value 0 is one still to be
    rolled: it counts as an expected miss of the value requirement."""
    empty = [p for p, d in enumerate(prefill) if d is None]
    k = len(empty)
    if len(dice) < k:
        return None
    need: dict[str, int] = {}
    for p in empty:
        need[plan["colors"][p]] = need.get(plan["colors"][p], 0) + 1
    idxs = sorted(range(len(dice)), key=lambda i: (-_relevance(plan, dice[i], need), worth[i]))[:k + width]
    miss = value_miss(plan["req"])
    best: Optional[Fill] = None
    for n, combo in enumerate(_unique_combos(dice, idxs, k)):
        if n >= MAX_COMBOS:
            break
        assign = _greedy_colors(plan, empty, dice, combo)
        full = list(prefill)
        unknown = 0.0
        for p, i in assign.items():
            d = dice[i]
            if d[1] == 0:
                unknown += 1.0 if not color_ok(plan["colors"][p], d[0]) else miss
            else:
                full[p] = d
        pen = penalty(plan, full) + unknown
        cost = pen * pen_weight + sum(worth[i] for i in combo)
        if best is None or cost < best[0]:
            best = (cost, pen, assign)
    return best


def least_penalty(plan: dict[str, Any], dice: list[list[Any]]) -> Optional[int]:
    """The fewest Penalty tokens found for building `plan` with `dice` (None: too few dice)."""
    best = best_fill(plan, [None] * len(plan["pos"]), dice, [0.0] * len(dice), width=3)
    return None if best is None else int(round(best[1]))
