"""The expert's judgement of a two-player table: its chance of winning (engine/judgement.py).

The hard bot judges the table at the end of a round by points (its own against the other's)
and the Initiative its tableau will add. Asked how well that foretells the winner, games
between hard bots say: not as well as it could. At the start of the second and third rounds,
besides the points, the cards in a tableau (a Hero more is worth far more than the point it
scores: the stories still to come build on it), the Coins among them (a Coin scores, but is no
Hero), the Luck showing (it breaks ties) and the Taverners themselves all tell who will win.

So the expert judges a table by the chance of winning: 1 for a game won (a tie shared, as the
rules break it), 0 for a game lost, and at the start of round 2 or 3 a logistic model of the
differences between the two tables (`WEIGHTS`, one row per round), fit to the tables of 3,000
games between hard bots by `tools/fit_judgement.py tavern-tussle`. Other tables (three or four
players, the middle of a round) keep the hard bot's judgement (bots.expert_standing).
"""

from __future__ import annotations

from typing import Optional

from ...engine.judgement import chance
from ...engine.rules import Rules, State
from ...engine.search import standing
from .content import COIN, TAVERNERS
from .scoring import bonus_points, initiative_bonus, luck_showing, score_counts, theme_counts

# What is told apart, each the seat's figure less the other player's: then +1 for a Taverner the
# seat holds, -1 for one the other holds (the last Taverner is the measure of the others), and
# +1 for the first seat (-1 for the second).
FEATURES = ("points", "Initiative bonus", "Luck showing", "tableau cards", "Coins in the tableau") \
    + tuple(f"the {t['animal']}" for t in TAVERNERS[:-1]) + ("first seat",)

# By round: a weight per feature. Fit to games between hard bots, seeds 100–3099.
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (0.093, 0.237, 0.172, 0.645, -0.227, 0.794, 1.020, 1.028, 0.116),
    3: (0.210, 0.135, 0.195, 0.573, -0.143, 0.538, 0.846, 0.887, 0.129),
}


def figures(state: State, seat: int) -> list[float]:
    """The seat's figures at the start of a round (no Hero active)."""
    tableau = state["tab"][seat]
    counts = theme_counts(tableau)
    return [score_counts(counts) + bonus_points(state, seat),
            initiative_bonus(tableau, state["tav"][seat], state["tup"][seat], state["v"]),
            luck_showing(tableau), len(tableau), counts[COIN]]


def differences(state: State, seat: int) -> list[float]:
    """The seat's figures less the other player's, its Taverner against theirs, its side."""
    other = 1 - seat
    out = [a - b for a, b in zip(figures(state, seat), figures(state, other))]
    out += [float(state["tav"][seat] == t) - float(state["tav"][other] == t) for t in range(len(TAVERNERS) - 1)]
    return out + [1.0 if seat == 0 else -1.0]


def table_key(state: State, step: int = 0) -> Optional[int]:
    """The model a table is judged by: its round, for a two-player table at the start of round
    2 or 3; None for any other."""
    if state["n"] == 2 and state["phase"] == "pick" and state["story"] == 1 and state["round"] in WEIGHTS \
            and all(c is None for c in state["act"] + state["dis"]):
        return state["round"]
    return None


def judged(state: State) -> bool:
    """A table the model knows: two players, at the start of round 2 or 3."""
    return table_key(state) is not None


def winning_chance(rules: Rules, state: State, seat: int) -> float:
    """The chance that `seat` wins, for a finished game or a table `judged` covers."""
    if state["phase"] == "over":
        return standing(rules, state, seat)  # won, lost or shared, as the rules score it
    return chance(WEIGHTS[state["round"]], differences(state, seat))
