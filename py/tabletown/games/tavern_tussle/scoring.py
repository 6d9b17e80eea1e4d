"""Tavern Tussle's scoring and Initiative: stories of distinct themes, the Taverner bonus
points, Luck, the Initiative bonus of a tableau, and the order of ties (what the rules, the
bots and the balance tools all count the same way)."""

from __future__ import annotations

from ...engine.rules import State
from .content import (
    BOOST_BONUS,
    COIN,
    CURRENT_VERSION,
    DRAUGHT_BONUS,
    EDITIONS,
    H_THEME,
    LUCK,
    THEMES,
    counts_taverner_points,
    taverner_points,
)

# Points for a story of 0..5 distinct themes.
STORY_POINTS = (0, 1, 3, 6, 10, 15)
CURRENT = CURRENT_VERSION


def theme_counts(tableau: list[int]) -> list[int]:
    """How many cards of each theme a tableau shows (flipped cards are Coins)."""
    counts = [0, 0, 0, 0, 0]
    themes = H_THEME
    for c in tableau:
        counts[themes[c] if c >= 0 else COIN] += 1
    return counts


def score_counts(counts: list[int]) -> int:
    """Best total over all groupings into stories of distinct themes.

    Greedy is optimal: a story takes one card of every theme still left. The story
    sizes this gives are the conjugate of the theme counts, which majorizes the sizes
    of any other grouping; the points 1/3/6/10/15 are convex, so nothing beats it
    (tests check this against a brute force).
    """
    key = tuple(counts)
    total = _SCORES.get(key)
    if total is None:
        total = 0
        for k in range(1, max(counts) + 1):
            total += STORY_POINTS[sum(1 for x in counts if x >= k)]
        _SCORES[key] = total
    return total


# score_counts remembers every tally it has scored: bots score the same few hundred tallies
# again and again.
_SCORES: dict[tuple[int, ...], int] = {}


def stories(tableau: list[int]) -> list[list[str]]:
    """The grouping behind `score_counts`: each story as a list of theme names."""
    counts = theme_counts(tableau)
    result = []
    while any(counts):
        result.append([THEMES[t] for t in range(5) if counts[t]])
        counts = [max(0, x - 1) for x in counts]
    return result


def tableau_score(tableau: list[int]) -> int:
    return score_counts(theme_counts(tableau))


def bonus_points(state: State, seat: int) -> int:
    """The points `seat`'s Taverner card adds to their score (0 unless the game counts them)."""
    if not counts_taverner_points(state):
        return 0
    return taverner_points(state["tav"][seat], state["n"], state["v"], state["adv"])


def points(state: State, seat: int) -> int:
    """A player's points: their stories, plus their Taverner card's points where they count."""
    return tableau_score(state["tab"][seat]) + bonus_points(state, seat)


def luck_showing(tableau: list[int]) -> int:
    """Face-up Luck Heroes in a tableau (a Coin shows no Luck)."""
    return sum(1 for c in tableau if c >= 0 and H_THEME[c] == LUCK)


def initiative_bonus(tableau: list[int], taverner: int, taverner_up: bool = True, version: int = CURRENT) -> int:
    """What a seat adds to the Initiative of every Hero it activates now.

    +2 for each face-up Boost Hero in the tableau. The Hare's Quick Draught: in version 2,
    +3 for each face-up Cheers Hero in the tableau ("if this card is face-up in your
    tableau"); in version 1, +3 while the Hare Taverner card is face-up.
    """
    edition = EDITIONS[version]
    bonus = 0
    cheers = 0
    for c in tableau:
        if c >= 0:
            if edition.boost[c]:
                bonus += BOOST_BONUS
            if edition.cheers[c]:
                cheers += 1
    draught = DRAUGHT_BONUS[taverner]
    if version >= 2:
        bonus += draught * cheers
    elif taverner_up:
        bonus += draught
    return bonus


def initiative(card: int, tableau: list[int], taverner: int, taverner_up: bool = True, version: int = CURRENT) -> int:
    """A Hero's Initiative: its printed value plus the bonus of its player's tableau."""
    return EDITIONS[version].init[card] + initiative_bonus(tableau, taverner, taverner_up, version)


def initiative_key(init: int, luck: int, tableau_size: int, age_rank: int) -> tuple[int, int, int, int]:
    """Sort key of an active Hero (smallest acts first): the highest Initiative, then the
    most Luck showing, then the fewest cards in the tableau, then the youngest player."""
    return (-init, -luck, tableau_size, age_rank)


def final_key(score: int, luck: int, tableau_size: int, age_rank: int, version: int, seats: int) -> tuple[int, ...]:
    """Ranking key of a final score (largest wins): the most points, then the most Luck,
    then the fewest tableau cards, then the younger player (version 1: only the
    youngest player wins a tie; other players tied on every count share the place)."""
    if version >= 2:
        youth = seats - age_rank
    else:
        youth = 1 if age_rank == 0 else 0
    return (score, luck, -tableau_size, youth)
