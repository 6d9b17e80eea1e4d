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
- expert: the kit's search (engine/search.py) around the hard bot, at its claims and the
  dice they take (`worth_a_search`); inside a construction it plays the hard bot's plan. The
  claims it weighs are the hard bot's runners-up (`next_best_claims`), each judged once the easy
  bot has finished the turn (`finish_turn`): in a game of two by the chance of winning
  (judgement.py), with more players by each player's points and the dice kept for the turns to
  come (`judged`); alone with the chart, by its points.
- The hard bot reads the mission card it is on (Mission Mode) from its view, as a player
  does, and weighs plans by it. On mission 5 (13 points from Main Street) it claims plans
  for the points they add to that layout, and takes a spot that brings Main Street to 13
  whenever there is one.

The bot's knowledge is in bot_context.py, its Main Street outlook in bot_street.py, and
its use of powers, Dice Tokens and the Gold Pan in bot_powers.py; here are the claims,
placements and discards, and `decide`, which picks the step for each phase.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.prng import Rng
from tabletown.engine.rules import Action, Rules, State, View
from tabletown.engine.search import LEAD_SCALE, Expert, lead, play_until, standing

from .bot_context import Ctx, choose_build, color_need, pick_color, storehouse_worth
from .bot_powers import improve, pan_worthwhile, power_kind, sub_decision
from .bot_street import MISSION_STREET_GOAL, street_outlook
from .content import BACKS, COLORS, PLANS, STOREHOUSE, back_choices, points
from .judgement import winning_chance
from .scoring import placements, street_detail

__all__ = ["BOTS", "Ctx", "decide"]


# ------------------------------------------------------------------------------------
# Claims, placement, discards


def _incoming(ctx: Ctx, row: int, plan: dict[str, Any]) -> list[str]:
    v = ctx.v
    back = BACKS[v["backs"][row]]
    supply = dict(v["supply"])
    new = []
    for c in back["fixed"]:
        if supply[c] > 0:
            supply[c] -= 1
            new.append(c)
    need = color_need(ctx)
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


def _claim_rank(ctx: Ctx) -> Any:
    """How the hard bot ranks claims (highest best; ties to the top left), for its own claim
    and the expert's runners-up alike."""
    return lambda a: (_claim_score(ctx, a["row"], a["col"]), -a["row"], -a["col"])


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
    need = color_need(ctx)
    return min(legal, key=lambda a: (need.get(dice[a["die"]][0], 0), abs(dice[a["die"]][1] - 3.5) * -1, a["die"]))


# ------------------------------------------------------------------------------------


def decide(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng, level: str) -> Action:
    if len(legal) == 1:
        return legal[0]
    ctx = Ctx(view, seat, level)
    phase = view["phase"]
    t0 = legal[0]["type"]
    if t0 == "start_die":
        return pick_color(ctx, legal)
    if phase == "claim":
        return max(legal, key=_claim_rank(ctx))
    if phase == "take":
        return pick_color(ctx, legal)
    if phase == "discard":
        return _discard(ctx, legal)
    if phase == "outlaw":
        need = color_need(ctx)
        if t0 == "outlaw_take":
            return min(legal, key=lambda a: (need[a["color"]], a["color"]))
        return max(legal, key=lambda a: (need[a["color"]], a["color"]))
    if view["sub"] is not None:
        return sub_decision(ctx, legal, rng)
    dice = ctx.me["dice"]
    build = view["build"]
    if build is not None:
        plan = PLANS[build["plan"]]
        if all(d is not None for d in build["dice"]):
            return _placement(ctx, legal)
        if ctx.hard:
            fix = improve(ctx, legal)
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
        fix = improve(ctx, legal)
        if fix is not None:
            return fix
    choice = choose_build(ctx)
    if choice is not None:
        act = {"type": "build", "plan": choice[1]["id"]}
        if act in legal:
            return act
    if ctx.hard:
        if {"type": "pan"} in legal and pan_worthwhile(ctx):
            return {"type": "pan"}
        for a in legal:
            if a["type"] == "power" and power_kind(ctx, a["b"]) == "black_split":
                blacks = sum(1 for d in dice if d[0] == "black")
                if blacks > STOREHOUSE.count("black") or ctx.final is False and len(dice) < len(STOREHOUSE) + ctx.me["extra"]:
                    return a
    return {"type": "end"} if {"type": "end"} in legal else legal[-1]


def easy_bot(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    return decide(rules, view, seat, legal, rng, "easy")


def hard_bot(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    return decide(rules, view, seat, legal, rng, "hard")


def worth_a_search(view: View) -> bool:
    """The expert searches a claim and the dice it takes, not the clicks of a construction.

    A construction is planned as a whole and played a click at a time; a search of one click,
    ten easy moves deep, judges it by the points it makes at once and overruled the hard bot's
    plan in a third of the clicks. Two players, seeds 7000-7049 (100 games): searching every
    decision, the expert won 45.5 % against the hard bot; searching only claims, 57.5 %, at a
    seventh of the CPU."""
    return view["phase"] in ("claim", "take")


KEPT_DIE_SHARE = 0.8  # of a die's worth to the hard bot (BASE_WORTH), for a die kept for turns to come


def kept_dice(state: State, seat: int) -> float:
    """What the dice in a seat's Storehouse are worth for the turns to come, in points: nothing
    once the last round has begun."""
    return KEPT_DIE_SHARE * storehouse_worth(state, seat)


def judged(rules: Rules, state: State, seat: int) -> float:
    """How well a seat stands in the expert's imagined tables: by points, and the dice kept.

    - A game of two, still in play: the chance of winning (judgement.py, weights fit to games
      between hard bots).
    - Three or four players, still in play: each seat's points and `kept_dice`, its lead over the
      best other seat squashed as the kit's `standing` squashes it. The seat counts its own
      Horse, which it knows, and no other's (hidden until the game's end, as in the tally).
      Points alone made a turn that builds worth more than one that keeps its dice for a better
      building next turn.
    - A solo game scored on the chart (No Outlaw, Sole Surveyor): the game always ends "won", so
      the kit would call every finished table perfect and prefer whatever ends soonest; the score
      (and `kept_dice`) is what the player plays for, so it is the judge during play and at the
      end alike, a point worth a hundredth.
    - Otherwise (a finished game, a solo game against the Outlaw): the kit's `standing`."""
    if state["n"] == 1 and state["mode"] != "outlaw":
        return min(1.0, max(0, rules.tally(state)[0] + kept_dice(state, 0)) / 100)
    if state["over"] or state["n"] == 1:
        return standing(rules, state, seat)
    if state["n"] == 2:
        return winning_chance(rules, state, seat)
    worths = []
    for s in range(state["n"]):
        score = rules.score_parts(state, s, horse="state" if s == seat else None)["total"]
        worths.append(score + kept_dice(state, s))
    return lead(worths, seat, LEAD_SCALE)


def next_best_claims(rules: Rules, view: View, seat: int, others: list[Action], wanted: int) -> Optional[list[Action]]:
    """The claims in the order the hard bot rates them, best first, so the expert weighs its
    runners-up and not a random few (a claim is worth something only with the dice it brings).
    Other decisions: no order (a sample)."""
    if view["phase"] != "claim" or others[0]["type"] != "claim":
        return None
    ctx = Ctx(view, seat, "hard")
    return sorted(others, key=_claim_rank(ctx), reverse=True)


MOST_MOVES_OF_A_TURN = 120  # a bound on a playout, far above any turn's clicks

# An imagined table played on after a candidate: the easy bot finishes the turn the candidate was
# made in (a claim is judged by what the turn builds with its dice).
finish_turn = play_until(easy_bot, lambda state: (state["turn"], state["round"]), MOST_MOVES_OF_A_TURN)


BOTS = {"easy": easy_bot, "hard": hard_bot,
        "expert": Expert(hard=hard_bot, policy=easy_bot, playout=finish_turn, searches=worth_a_search,
                         evaluate=judged, shortlist=next_best_claims)}
