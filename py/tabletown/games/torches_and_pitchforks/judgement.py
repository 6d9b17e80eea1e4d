"""The expert's judgement of a two-player table: its chance of winning (engine/judgement.py).

The kit's judgement reads the points alone (the lead, squashed). Games between hard bots say
that the points foretell the winner less well than the points together with the Mob: its
living Townsfolk, its Strength and its Enhancements win the fights still to come, a fight under
way is as good as its Monster's Power when the Mob is winning it, and points count for more the
nearer they bring a player to the winning score. So in a game of two the expert judges a table
by a logistic model of the differences between the two players' figures (`WEIGHTS`), fit to
tables of 3,000 games between hard bots (every seventh move) by `tools/fit_judgement.py
torches-and-pitchforks`; points are counted as if the winning score were 30 (the rulebook's),
so a game to 20 or 40 is judged alike. A finished game is won or lost; three players or more
keep the kit's judgement.
"""

from __future__ import annotations

from typing import Optional

from tabletown.engine.judgement import chance
from tabletown.engine.rules import Rules, State
from tabletown.engine.search import standing

from .content import CARDS
from .scoring import combat_wins, living, mob_strength, score_of

MEASURE = 30  # the winning score the model was fit at

FEATURES = ("points", "points squared over 30", "Townsfolk living", "Mob Strength", "cards in hand",
            "a Defense down", "Enhancements on living Townsfolk", "its turn",
            "a fight it is winning: the Monster's Power", "a fight it is losing")

# Fit to games between hard bots, seeds 1000–3999 (every seventh move).
WEIGHTS: dict[int, tuple[float, ...]] = {
    0: (0.094, 0.101, 0.168, 0.115, 0.056, -0.067, 0.195, -0.026, 0.106, 0.189),
}


def figures(state: State, seat: int) -> list[float]:
    mob = state["mobs"][seat]
    points = score_of(state, seat) * MEASURE / state["target"]
    return [points, points * points / MEASURE, len(living(mob)), mob_strength(state, seat), len(state["hands"][seat]),
            float(state["defense"][seat] is not None), sum(len(t["enh"]) for t in mob if not t["dead"])]


def differences(state: State, seat: int) -> list[float]:
    """The seat's figures less the other player's, whose turn it is, and the fight under way."""
    other = 1 - seat
    out = [a - b for a, b in zip(figures(state, seat), figures(state, other))]
    out.append(1.0 if state["turn"] == seat else -1.0)
    combat = state["combat"]
    if combat is None:
        return out + [0.0, 0.0]
    side = 1.0 if combat["seat"] == seat else -1.0
    if combat_wins(state):
        return out + [side * CARDS[combat["m"]]["power"], 0.0]
    return out + [0.0, side]


def table_key(state: State, step: int = 0) -> Optional[int]:
    """Every seventh move of a two-player game still under way is kept for fitting."""
    if state["n"] == 2 and state["phase"] != "over" and step % 7 == 0:
        return 0
    return None


def expert_standing(rules: Rules, state: State, seat: int) -> float:
    """The expert's judgement: in a game of two, the chance of winning; otherwise the kit's."""
    if state["n"] != 2 or state["phase"] == "over":
        return standing(rules, state, seat)  # a finished game is won or lost, as the rules score it
    return chance(WEIGHTS[0], differences(state, seat))
