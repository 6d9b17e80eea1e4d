"""The expert's judgement of a two-player table: its chance of winning (engine/judgement.py).

The expert judged a table by each player's points and the dice kept for the turns to come, weighed
by hand (`bots.judged`, which three or four players still use). Games between hard bots say how
much each is worth, and what else tells who will win: the plans claimed and not yet built (each
will bring points, the fewer printed on it the surer), whose turn it is and who plays last in a
round. So in a game of two the expert judges a table by a logistic model of the differences
between the two players' figures (`WEIGHTS`), fit by `tools/fit_judgement.py tumble-town` to the
tables at the start of each turn of 3,000 games between hard bots: the very tables the expert
judges, once its imagined turn is finished. The judging seat counts its own Horse, which it knows,
and not the other player's (hidden until the game's end, as in the tally), in the fit as in play.
A finished game is won or lost, as the rules score it.
"""

from __future__ import annotations

from typing import Optional

from tabletown.engine.judgement import chance
from tabletown.engine.rules import Rules, State
from tabletown.engine.search import standing

from .bot_context import storehouse_worth
from .content import PLANS
from .content import points as plan_points

FEATURES = ("points", "dice kept (before the last round)", "points of the plans claimed, not built",
            "plans claimed, not built", "its turn", "plays last in a round")

# Fit to games between hard bots, seeds 100–3099 (34,538 tables); on 5,796 tables of seeds 3100–3599
# its log loss is 0.540, the points lead alone's 0.594.
WEIGHTS: dict[int, tuple[float, ...]] = {
    0: (0.272, 0.392, -0.127, 0.883, 0.806, 0.722),
}


def figures(state: State, seat: int, own: bool) -> list[float]:
    """A seat's figures; its Horse counts only where it is the judging seat's own (`own`)."""
    player = state["players"][seat]
    points = float(_rules().score_parts(state, seat, horse="state" if own else None)["total"])
    dice = storehouse_worth(state, seat)
    claimed = float(sum(plan_points(PLANS[pid], state["v"]) for pid in player["hand"]))
    return [points, dice, claimed, float(len(player["hand"]))]


def _rules() -> Rules:
    from .game import RULES  # the game's rules import its bots, which import this module
    return RULES


def differences(state: State, seat: int) -> list[float]:
    """The seat's figures less the other player's, whose turn it is, and who plays last."""
    other = 1 - seat
    out = [a - b for a, b in zip(figures(state, seat, True), figures(state, other, False))]
    out.append(1.0 if state["turn"] == seat else -1.0)
    out.append(1.0 if state["first"] == other else -1.0)
    return out


def table_key(state: State, step: int = 0) -> Optional[int]:
    """The start of each turn of a two-player game still under way: the tables the expert judges,
    once a turn is finished."""
    if state["n"] != 2 or state["over"] or state["mode"] != "multi" or state["phase"] != "claim":
        return None
    return 0


def winning_chance(rules: Rules, state: State, seat: int) -> float:
    """In a game of two still under way, the chance of winning; a finished game, as the rules
    score it."""
    if state["over"]:
        return standing(rules, state, seat)
    return chance(WEIGHTS[0], differences(state, seat))
