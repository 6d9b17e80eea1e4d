"""Fitting dice to a Building Plan: which dice go where (fitting.py).

The Build button shows the fewest Penalty tokens a plan in hand would cost with the dice
held; the rulebook's count is one token per die that misses its colour or its value. These
tests give hands where only one way of laying the dice reaches that fewest count: the
demanding colours served before the open ones, the dice that fit looked for among many,
a die still to be rolled counted as an expected miss.
"""

from __future__ import annotations

import pytest

from tabletown.games.tumble_town.fitting import best_fill, least_penalty


def plan(colors, req=None):
    """A plan of len(colors) positions side by side on the ground."""
    return {"colors": list(colors), "req": req or {"k": "none"}, "pos": [[1, 2 * i] for i in range(len(colors))]}


# --- colours: a named colour, then "any but gold", then any colour -------------------------------


@pytest.mark.parametrize("colors", [["any", "plain"], ["plain", "any"]])
def test_a_non_gold_position_takes_the_plain_die_and_the_open_position_the_gold(colors):
    assert least_penalty(plan(colors), [["gold", 3], ["brown", 3]]) == 0
    assert least_penalty(plan(colors), [["brown", 3], ["gold", 3]]) == 0


@pytest.mark.parametrize("colors", [["any", "black"], ["black", "any"]])
def test_a_named_colour_takes_its_die_before_an_open_position(colors):
    assert least_penalty(plan(colors), [["black", 2], ["gray", 2]]) == 0
    assert least_penalty(plan(colors), [["gray", 2], ["black", 2]]) == 0


@pytest.mark.parametrize("named, other", [("gray", "brown"), ("black", "gray"), ("brown", "black")])
@pytest.mark.parametrize("plain_first", [True, False])
def test_a_named_colour_takes_its_die_before_a_non_gold_position(named, other, plain_first):
    colors = ["plain", named] if plain_first else [named, "plain"]
    assert least_penalty(plan(colors), [[named, 4], [other, 4]]) == 0
    assert least_penalty(plan(colors), [[other, 4], [named, 4]]) == 0


def test_a_die_of_no_wanted_colour_fills_the_position_left_and_costs_one_token():
    p = plan(["brown", "gray", "black"])
    cost, pen, assign = best_fill(p, [None] * 3, [["gold", 1], ["brown", 1], ["black", 1]], [0.0] * 3)
    assert pen == 1 and assign == {0: 1, 2: 2, 1: 0}


def test_two_misfits_fill_the_two_positions_left():
    p = plan(["gray", "brown", "gray"])
    cost, pen, assign = best_fill(p, [None] * 3, [["gold", 1], ["brown", 1], ["gold", 2]], [0.0] * 3)
    assert pen == 2 and assign[1] == 1 and {assign[0], assign[2]} == {0, 2}


def test_of_two_dice_of_the_wanted_colour_the_one_that_fits_the_value_is_used():
    """The die that fits the value sits on its colour; the other absorbs the colour miss."""
    p = plan(["brown", "gray"], {"k": "even"})
    assert least_penalty(p, [["brown", 3], ["brown", 4]]) == 1
    assert least_penalty(p, [["brown", 4], ["brown", 3]]) == 1
    p = plan(["gray", "brown"], {"k": "range", "lo": 1, "hi": 2})
    assert least_penalty(p, [["brown", 6], ["brown", 2]]) == 1


def test_a_die_of_exactly_the_named_colour_is_preferred_over_one_an_open_spec_also_takes():
    """A brown position and a non-gold one: the brown die goes to the brown position."""
    p = plan(["plain", "brown"], {"k": "odd"})
    # brown 3 fits the brown position's colour and value; black 5 fits the plain one
    cost, pen, assign = best_fill(p, [None, None], [["brown", 3], ["black", 5]], [0.0, 0.0])
    assert pen == 0 and assign == {1: 0, 0: 1}


# --- among many dice, the ones that fit are found -----------------------------------------------


def test_the_one_die_of_the_wanted_colour_is_found_behind_many_others():
    p = plan(["gold"])
    dice = [["brown", 2]] * 6 + [["gold", 2]]
    assert least_penalty(p, dice) == 0


def test_the_one_non_gold_die_is_found_behind_many_gold_dice():
    p = plan(["plain"])
    dice = [["gold", 5]] * 6 + [["black", 5]]
    assert least_penalty(p, dice) == 0


def test_the_one_die_whose_value_fits_is_found_behind_many_that_miss():
    p = plan(["brown"], {"k": "range", "lo": 5, "hi": 6})
    dice = [["brown", 1]] * 6 + [["brown", 6]]
    assert least_penalty(p, dice) == 0


def test_the_one_die_that_fits_colour_and_value_beats_dice_that_fit_one_of_them():
    p = plan(["gray"], {"k": "odd"})
    dice = [["gray", 2]] * 3 + [["brown", 1]] * 3 + [["gray", 5]]
    assert least_penalty(p, dice) == 0


def test_dice_worth_less_are_looked_at_first_among_equal_fits():
    p = plan(["brown"])
    dice = [["brown", v] for v in range(1, 7)]
    worth = [5.0, 4.0, 3.0, 2.0, 1.0, 0.5]
    cost, pen, assign = best_fill(p, [None], dice, worth)
    assert assign == {0: 5} and cost == pytest.approx(0.5)


# --- dice still to be rolled ---------------------------------------------------------------------


def test_a_die_to_be_rolled_of_the_right_colour_beats_one_that_misses_the_value():
    """Brown 1 misses the 4-6 value for sure; a brown die still to roll misses only half the time."""
    p = plan(["brown", "gray"], {"k": "range", "lo": 4, "hi": 6})
    cost, pen, assign = best_fill(p, [None, None], [["brown", 1], ["brown", 0]], [0.0, 0.0])
    assert pen == pytest.approx(1.5) and assign == {0: 1, 1: 0}


def test_a_die_that_fits_beats_a_die_still_to_be_rolled():
    p = plan(["brown", "gray"], {"k": "range", "lo": 4, "hi": 6})
    cost, pen, assign = best_fill(p, [None, None], [["brown", 0], ["brown", 5]], [0.0, 0.0])
    assert pen == pytest.approx(1.0) and assign == {0: 1, 1: 0}


@pytest.mark.parametrize("req, miss", [
    ({"k": "range", "lo": 2, "hi": 6}, 1 / 6),
    ({"k": "range", "lo": 1, "hi": 1}, 5 / 6),
    ({"k": "odd"}, 0.5),
    ({"k": "even"}, 0.5),
])
def test_a_die_to_be_rolled_costs_its_chance_to_miss_weighed_by_pen_weight(req, miss):
    p = plan(["black"], req)
    cost, pen, _ = best_fill(p, [None], [["black", 0]], [0.0], pen_weight=4.0)
    assert pen == pytest.approx(miss) and cost == pytest.approx(4.0 * miss)


def test_a_whole_set_requirement_counts_a_die_to_be_rolled_as_a_likely_miss():
    p = plan(["black", "black"], {"k": "sum_le", "n": 4})
    cost, pen, _ = best_fill(p, [["black", 1], None], [["black", 0]], [0.0])
    assert pen == pytest.approx(0.4)


def test_the_least_penalty_is_a_whole_number_of_tokens():
    p = plan(["gold", "gold", "gold"], {"k": "sum_eq", "n": 18})
    n = least_penalty(p, [["gold", 6], ["gold", 6], ["gold", 5]])
    assert n == 1 and isinstance(n, int)
    # the brown die misses its colour (one token, whatever its value); the gold 1 must change too
    assert least_penalty(p, [["gold", 1], ["brown", 1], ["gold", 6]]) == 2


def test_a_fill_depends_on_the_dice_not_on_where_their_colour_names_came_from():
    """A bot takes a die of the colour a plan shows, so a die's colour may be the very name the
    plan's data holds; a saved game's dice carry names read back from text. The same dice must
    give the same fill either way."""
    from tabletown.games.tumble_town.content import PLAN_BY_NAME

    saloon = PLAN_BY_NAME["Saloon"]  # brown, brown, gray
    from_plan = saloon["colors"][0]
    fresh = "".join(["bro", "wn"])
    fills = set()
    for first, second in ((fresh, fresh), (from_plan, fresh), (fresh, from_plan), (from_plan, from_plan)):
        dice = [[first, 3], [second, 4], ["gray", 5], ["brown", 2]]
        cost, pen, assign = best_fill(saloon, [None] * 3, dice, [0.0] * 4)
        fills.add((pen, tuple(sorted(assign.items()))))
    assert len(fills) == 1


def test_at_equal_cost_the_die_that_fits_is_kept_rather_than_a_misfit_that_takes_a_token():
    """The brown die is worth one token to keep; spending it or taking a token with the gold die
    cost the same, and the fill builds without the token."""
    p = plan(["brown"])
    for dice, worth in (([["brown", 2], ["gold", 5]], [1.0, 0.0]), ([["gold", 5], ["brown", 2]], [0.0, 1.0])):
        cost, pen, assign = best_fill(p, [None], dice, worth, pen_weight=1.0)
        assert cost == pytest.approx(1.0) and pen == 0 and dice[assign[0]][0] == "brown"
