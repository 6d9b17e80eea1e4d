"""The expert's judgement of a two-player gunfight: its chance of winning (engine/judgement.py).

The hard bot's judgement reads the victory points as they would be counted now (kills, citizens,
who still stands steady). Games between hard bots say that they foretell the winner less well
than the points together with what decides the shots still to come: the men still standing
steady, the ones lying down or Lily Livered, the wound boxes crossed, the cards in hand and the
high ones among them; in Riding Shotgun, how far the stagecoach has come and who has the
strongbox. A point counts for more the nearer the last turn. So in a game of two the expert
judges a table by a logistic model of the differences between the two posses' figures
(`WEIGHTS`, one row for each way a scenario is scored), fit to tables of games between hard bots
by `tools/fit_judgement.py ruthless --option scenario=…`. A finished game is won, lost or shared
as the rules score it; a scenario with no row of weights and three posses or more keep the hard
bot's judgement.
"""

from __future__ import annotations

from typing import Optional

from tabletown.engine.judgement import chance
from tabletown.engine.rules import State

from . import cards as K
from . import ground as G
from . import models as M
from .scoring import final_result

FEATURES = ("victory points", "victory points late", "standing steady", "lying down", "Lily Livered",
            "wound boxes crossed", "cards in hand", "cards of 10 or more", "rounds loaded",
            "the first posse", "the stagecoach's way along", "the strongbox")

# The ways a scenario is scored (`vp_rule`) whose tables the fit keeps: Dodge City Draw, Riding
# Shotgun, a showdown (the free gunfight and the campaign's acts).
SCORINGS = ("dodge-city", "riding-shotgun", "showdown")

# Fit to games between hard bots (tools/fit_judgement.py ruthless --option scenario=…), every fifth
# move of the fight: Dodge City Draw, seeds 1000–2999. Riding Shotgun and the showdowns were fit the
# same way, and the expert judging by them won no more than with the hard bot's judgement
# (docs/bots.md): they keep the hard bot's.
WEIGHTS: dict[str, tuple[float, ...]] = {
    "dodge-city": (0.638, 0.589, 0.288, -0.188, 0.113, -0.104, 0.053, 0.005, 0.023, 0.328, 0.000, 0.000),
}


def figures(state: State, seat: int, vp: int) -> list[float]:
    men = [m for m in M.side_chars(state, seat) if M.on_table(m)]
    late = state["turn"] / max(1, state["turns"])
    hand = state["hands"][seat]
    return [vp, vp * late, sum(1 for m in men if m["status"] == M.OK and not m["lily"]),
            sum(1 for m in men if m["status"] == M.DOWN), sum(1 for m in men if m["lily"]),
            sum(sum(m["wounds"].values()) for m in men), len(hand), sum(1 for c in hand if K.rank(c) >= 10),
            sum(sum(m["ammo"]) for m in men)]


def differences(state: State, seat: int) -> list[float]:
    """The posse's figures less the other's, which posse it is, and in Riding Shotgun the coach."""
    other = 1 - seat
    vp = final_result(state)["vp"]
    out = [a - b for a, b in zip(figures(state, seat, vp[seat]), figures(state, other, vp[other]))]
    out.append(1.0 if seat == 0 else -1.0)
    coach, box = state["coach"], state["strongbox"]
    if coach is None:
        return out + [0.0, 0.0]
    side = 1.0 if coach["side"] == seat else -1.0
    way = 1.0 if coach["gone"] else min(1.0, coach["pos"][0] / G.ground(state["table"]).width)
    if box["on"] in ("model", "away"):  # carried, or carried off the table
        holder = 1.0 if state["models"][box["model"]]["side"] == seat else -1.0
    elif box["on"] == "coach":
        holder = side
    else:  # on the ground
        holder = 0.0
    return out + [side * way, holder]


def table_key(state: State, step: int = 0) -> Optional[str]:
    """Every fifth move of a two-player gunfight under way is kept for fitting."""
    if state["seats"] == 2 and state["phase"] == "act" and state["vp_rule"] in SCORINGS and step % 5 == 0:
        return state["vp_rule"]
    return None


def judges(state: State) -> bool:
    """The model judges two posses in a gunfight under way."""
    return state["seats"] == 2 and state["phase"] not in ("over", "build", "shop", "trail") \
        and state["vp_rule"] in WEIGHTS


def winning_chance(state: State, seat: int) -> float:
    return chance(WEIGHTS[state["vp_rule"]], differences(state, seat))
