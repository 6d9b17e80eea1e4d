"""A table judged by its chance of winning, learned from games.

Where a game's public tally says little about who will win (a tableau that builds on itself, a
band whose strength wins its next fights), the game gives its expert a logistic model: the
log-odds of a seat winning is a weighted sum of the differences between its figures and the
other player's (`differences`, the game's own), with weights fit to games between hard bots by
`tools/fit_judgement.py`. A game's judgement module names its `FEATURES`, holds its fit
`WEIGHTS` (one row per kind of table it tells apart), says which tables of a game it keeps for
fitting (`table_key`) and works out their `differences`. A finished game needs no model: the
kit's `search.standing` gives its share of the win.
"""

from __future__ import annotations

import math
from typing import Sequence


def chance(weights: Sequence[float], differences: Sequence[float]) -> float:
    """The chance of winning the weighted differences give (a logistic of their sum)."""
    z = sum(w * x for w, x in zip(weights, differences))
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))

