"""Fitting dice to a Building Plan (fitting.py): the fewest Penalty tokens a plan in hand
would cost with the dice held (shown on its Build button), and the bots' cheapest fill."""

from __future__ import annotations

import pytest

from tabletown.games.tumble_town.fitting import best_fill, least_penalty, value_miss


def plan(colors, req=None):
    """A plan of len(colors) positions side by side on the ground."""
    return {"colors": list(colors), "req": req or {"k": "none"}, "pos": [[1, 2 * i] for i in range(len(colors))]}


@pytest.mark.parametrize("req, chance", [
    ({"k": "none"}, 0.0),
    ({"k": "range", "lo": 1, "hi": 6}, 0.0),
    ({"k": "range", "lo": 4, "hi": 6}, 0.5),
    ({"k": "range", "lo": 3, "hi": 3}, 5 / 6),
    ({"k": "odd"}, 0.5),
    ({"k": "even"}, 0.5),
    ({"k": "sum_le", "n": 6}, 0.4),
])
def test_the_chance_that_a_die_still_to_be_rolled_misses_the_value(req, chance):
    assert value_miss(req) == pytest.approx(chance)


def test_too_few_dice_build_nothing_and_exactly_enough_may_build_without_a_token():
    three = plan(["brown", "brown", "gray"])
    assert least_penalty(three, [["brown", 1], ["gray", 2]]) is None
    assert least_penalty(three, [["brown", 1], ["gray", 2], ["brown", 6]]) == 0
    assert best_fill(three, [None] * 3, [["brown", 1]], [0.0]) is None


def test_the_fitting_dice_are_found_among_more_dice_than_positions():
    p = plan(["brown", "gray"], {"k": "range", "lo": 4, "hi": 6})
    assert least_penalty(p, [["brown", 1], ["gray", 5], ["gold", 5], ["brown", 6]]) == 0
    assert least_penalty(p, [["brown", 1], ["gray", 2]]) == 2  # both values miss
    assert least_penalty(p, [["gold", 5], ["gold", 6]]) == 2  # both colours miss
    assert least_penalty(p, [["gold", 5], ["gray", 6]]) == 1


def test_the_most_demanding_colour_is_served_first():
    """A gold position takes the gold die; the position open to any colour takes what is left."""
    p = plan(["any", "gold"])
    cost, pen, assign = best_fill(p, [None, None], [["gold", 3], ["brown", 3]], [0.0, 0.0])
    assert pen == 0 and assign == {1: 0, 0: 1}
    # a position that takes any colour but gold leaves the gold die to the gold position
    p = plan(["gold", "plain"])
    assert least_penalty(p, [["gold", 2], ["black", 2]]) == 0
    assert least_penalty(p, [["gold", 2], ["gold", 5]]) == 1


def test_a_die_that_fits_the_value_goes_where_its_colour_is_wanted():
    """Of two brown dice for one brown position, the one whose value fits is used, so the
    other one (a misfit) absorbs the colour mismatch of the gray position."""
    p = plan(["brown", "gray"], {"k": "odd"})
    cost, pen, assign = best_fill(p, [None, None], [["brown", 2], ["brown", 3]], [0.0, 0.0])
    assert pen == 1 and assign[0] == 1 and assign[1] == 0


def test_a_die_still_to_be_rolled_counts_as_an_expected_miss():
    p = plan(["brown"], {"k": "range", "lo": 4, "hi": 6})
    cost, pen, _ = best_fill(p, [None], [["brown", 0]], [0.7], pen_weight=3.0)
    assert pen == pytest.approx(0.5) and cost == pytest.approx(0.5 * 3.0 + 0.7)
    cost, pen, _ = best_fill(p, [None], [["gray", 0]], [0.7], pen_weight=3.0)
    assert pen == pytest.approx(1.0)  # the wrong colour misses whatever it rolls
    assert best_fill(p, [None], [["brown", 5]], [0.7])[1] == 0


def test_positions_already_filled_stay_and_count():
    p = plan(["brown", "gray"], {"k": "sum_le", "n": 6})
    cost, pen, assign = best_fill(p, [["brown", 5], None], [["gray", 1], ["gray", 4]], [0.0, 0.0])
    assert assign == {1: 0} and pen == 0  # 5 + 1 is within 6; 5 + 4 is not
    cost, pen, assign = best_fill(p, [["brown", 5], None], [["gray", 4]], [0.0])
    assert assign == {1: 0} and pen == 1


def test_of_equal_fits_the_die_worth_less_is_spent_and_the_cost_adds_its_worth():
    p = plan(["brown"])
    cost, pen, assign = best_fill(p, [None], [["brown", 3], ["brown", 4]], [1.0, 0.25])
    assert assign == {0: 1} and pen == 0 and cost == pytest.approx(0.25)
    cost, pen, assign = best_fill(p, [None], [["brown", 3], ["brown", 4]], [0.25, 1.0])
    assert assign == {0: 0} and cost == pytest.approx(0.25)


def test_a_token_weighs_pen_weight_against_the_worth_of_the_dice():
    """A fitting die worth more than a token's weight is kept back for a misfit one."""
    p = plan(["gold"])
    dice = [["gold", 4], ["brown", 4]]
    assert best_fill(p, [None], dice, [3.0, 0.1], pen_weight=2.0)[2] == {0: 1}
    assert best_fill(p, [None], dice, [1.0, 0.1], pen_weight=2.0)[2] == {0: 0}
