"""The expert's judgement of a two-player table: its chance of winning.

The hard bot judges the table at the end of a round by points (its own against the other's)
and the Initiative its tableau will add. Asked how well that foretells the winner, games
between hard bots say: not as well as it could. At the start of the second and third rounds,
besides the points, the Heroes in a tableau (a card more is worth far more than the point it
scores: the stories still to come build on it), the Coins among them (a Coin scores, but is no
Hero), the Luck showing (it breaks ties) and the Taverners themselves all tell who will win.

So the expert judges a table by the chance of winning: 1 for a game won (a tie shared, as the
rules break it), 0 for a game lost, and at the start of round 2 or 3 a logistic model of the
differences between the two tables (`WEIGHTS`), fit to the tables of 3,000 games between hard
bots (`tools/fit_tavern_tussle_judgement.py`, which prints the weights and how well they
foretell 1,000 tables it did not fit on). Other tables (three or four players) keep the hard
bot's judgement, squashed.
"""

from __future__ import annotations

import math

from ...engine.rules import Rules, State
from .content import COIN
from .scoring import bonus_points, initiative_bonus, luck_showing, score_counts, theme_counts

# What is told apart, each the seat's figure less the other player's.
FEATURES = ("points", "Initiative bonus", "Luck showing", "tableau cards", "Coins in the tableau")

# By round: (a weight per feature, a weight per Taverner held, the first seat's own edge).
# Fit to games between hard bots, seeds 100–3099 (tools/fit_tavern_tussle_judgement.py).
WEIGHTS: dict[int, tuple[tuple[float, ...], tuple[float, ...], float]] = {
    2: ((0.093, 0.237, 0.172, 0.645, -0.227), (0.794, 1.020, 1.028, 0.0), 0.116),
    3: ((0.210, 0.135, 0.195, 0.573, -0.143), (0.538, 0.846, 0.887, 0.0), 0.129),
}


def features(state: State, seat: int) -> list[float]:
    """The seat's figures at the start of a round (no Hero active)."""
    tableau = state["tab"][seat]
    counts = theme_counts(tableau)
    return [score_counts(counts) + bonus_points(state, seat),
            initiative_bonus(tableau, state["tav"][seat], state["tup"][seat], state["v"]),
            luck_showing(tableau), len(tableau), counts[COIN]]


def judged(state: State) -> bool:
    """A table the model knows: two players, at the start of round 2 or 3."""
    return state["n"] == 2 and state["phase"] == "pick" and state["story"] == 1 and state["round"] in WEIGHTS \
        and all(c is None for c in state["act"] + state["dis"])


def logit(state: State, seat: int) -> float:
    """The log-odds of `seat` winning, from a table `judged` covers."""
    weights, taverners, first = WEIGHTS[state["round"]]
    other = 1 - seat
    mine, theirs = features(state, seat), features(state, other)
    x = sum(w * (a - b) for w, a, b in zip(weights, mine, theirs))
    x += taverners[state["tav"][seat]] - taverners[state["tav"][other]]
    return x + (first if seat == 0 else -first)


def winning_chance(rules: Rules, state: State, seat: int) -> float:
    """The chance that `seat` wins, for a finished game or a table `judged` covers."""
    if state["phase"] == "over":
        winners = rules.outcome(state)["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    return 1.0 / (1.0 + math.exp(-logit(state, seat)))
