"""The story of a Tumble Town game for the result screen, drawn from its moves.

Three tables (see `Rules.story` in the engine): every building with the points it brought
and the Penalty tokens it cost, the Penalty tokens of each player, and the moments that
mattered: the turns that gained the most points, the lead changing hands, the plans the
Outlaw or the Sole Surveyor took away, and the round the end was triggered.

Points during the game are counted as the table sees them (no Horse: it is secret until
the end), so a turn's gain is what that turn built on the board.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from tabletown.engine.rules import Action, Event, State, seat_token
from tabletown.engine.words import plural

from .content import PLANS, PLOTS, is_gold_building, penalty_value, points
from .scoring import gold_points, occupancy, street_detail

Step = tuple[int, Action, list[Event], State]
BEST_TURNS = 3  # the turns that gained the most points, told among the moments


def _street_under(built: list[dict[str, Any]], town: str, index: int) -> int:
    """Main Street points of the plots a building stands on (alleys belong to no building)."""
    plots = street_detail(built, town)["plots"]
    occ = occupancy(built)
    return sum(plots[side][p] for side in range(2) for p, (bi, _sec) in occ[side].items()
               if bi == index and 0 <= p < PLOTS)


def buildings_table(final: State, built_round: dict[tuple[int, int], int],
                    neighbor_plans: Callable[[State, int], list[int]], horse_icon: Callable[[int], Optional[str]]) -> dict[str, Any]:
    v = final["v"]
    rows = []
    for s, pl in enumerate(final["players"]):
        icon = horse_icon(s)
        for i, b in enumerate(pl["built"]):
            plan = PLANS[b["plan"]]
            gold = gold_points(plan["power"], pl, icon, neighbor_plans(final, s)) if is_gold_building(plan) else 0
            street = 0 if final["opts"]["no_main_street"] else _street_under(pl["built"], final["town"], i)
            horse = 1 if icon is not None and plan["style"] == icon else 0
            rows.append([seat_token(s), plan["name"], built_round.get((s, b["plan"]), ""), points(plan, v), gold,
                         street, horse, b["pen"]])
    return {"title": "The buildings", "columns": ["Player", "Building", "Round", "Points", "Gold building",
                                                   "Main Street", "Horse", "Penalty tokens"], "rows": rows}


def penalties_table(final: State) -> dict[str, Any]:
    v = final["v"]
    rows = []
    for s, pl in enumerate(final["players"]):
        costly = [PLANS[b["plan"]]["name"] for b in pl["built"] if b["pen"]]
        rows.append([seat_token(s), pl["penalties"], -penalty_value(v) * pl["penalties"], ", ".join(costly) or "none"])
    return {"title": "Penalty tokens", "columns": ["Player", "Tokens", "Points", "Built with a Penalty token"],
            "rows": rows}


def tell(steps: list[Step], final: State, public_total: Callable[[State, int], int],
         neighbor_plans: Callable[[State, int], list[int]], horse_icon: Callable[[int], Optional[str]]) -> list[dict[str, Any]]:
    n = final["n"]
    built_round: dict[tuple[int, int], int] = {}
    moments: list[list[Any]] = []
    turns: list[tuple[int, int, int, list[str]]] = []  # (gain, round, seat, buildings)
    scores = [0] * n
    leader: Optional[int] = None
    rnd = 1
    turn: Optional[dict[str, Any]] = None
    for seat, _action, events, after in steps:
        if turn is None or turn["seat"] != seat or turn["round"] != rnd:
            turn = {"seat": seat, "round": rnd, "start": scores[seat], "built": []}
            turns.append((0, rnd, seat, turn["built"]))
        for e in events:
            t = e["t"]
            if t == "place":
                built_round[(e["seat"], e["plan"])] = rnd
                turn["built"].append(PLANS[e["plan"]]["name"])
            elif t == "outlaw" and e["last"]["plans"]:
                names = ", ".join(PLANS[p]["name"] for p in e["last"]["plans"])
                moments.append([rnd, "the Outlaw", f"steals {names}"])
            elif t == "surveyor" and e["plans"]:
                names = ", ".join(PLANS[p]["name"] for p in e["plans"])
                moments.append([rnd, "the Sole Surveyor", f"clears {names}"])
            elif t == "ending":
                moments.append([rnd, seat_token(seat), "triggers the end: this round is the last"])
        scores = [public_total(after, s) for s in range(n)]
        turns[-1] = (scores[seat] - turn["start"], rnd, seat, turn["built"])
        if n > 1:
            top = max(scores)
            leaders = [s for s in range(n) if scores[s] == top]
            if top > 0 and len(leaders) == 1 and leaders[0] != leader:
                if leader is not None:
                    moments.append([rnd, seat_token(leaders[0]), f"takes the lead with {plural(top, 'point')}"])
                leader = leaders[0]
        rnd = after["round"]
    best = sorted((t for t in turns if t[0] > 0), key=lambda t: (-t[0], t[1], t[2]))[:BEST_TURNS]
    for gain, r, seat, built in best:
        what = f"gains {plural(gain, 'point')}" + (" building the " + " and the ".join(built) if built else "")
        moments.append([r, seat_token(seat), what])
    moments.sort(key=lambda m: m[0])  # a stable sort: within a round, in the order told above
    tables = [buildings_table(final, built_round, neighbor_plans, horse_icon), penalties_table(final)]
    tables.append({"title": "The moments that mattered", "columns": ["Round", "Who", "What"], "rows": moments})
    return tables
