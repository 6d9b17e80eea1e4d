"""The kit's judgement by a chance of winning: even differences are an even chance, the weighted
sum of the differences decides which way it leans."""

from __future__ import annotations

import math

from tabletown.engine.judgement import chance


def test_no_difference_is_an_even_chance():
    assert chance((0.5, -1.0), (0.0, 0.0)) == 0.5


def test_the_weighted_differences_lean_the_chance_their_way():
    assert chance((0.5, -1.0), (2.0, 0.0)) > 0.5 > chance((0.5, -1.0), (0.0, 2.0))
    assert math.isclose(chance((1.0,), (math.log(3.0),)), 0.75)


def test_the_two_sides_of_a_table_add_up_to_one():
    weights, diffs = (0.3, 0.2, -0.7), (4.0, -1.0, 2.0)
    assert math.isclose(chance(weights, diffs) + chance(weights, [-x for x in diffs]), 1.0)


def test_a_far_behind_table_is_a_sure_loss_and_never_an_overflow():
    assert chance((1.0,), (-1000.0,)) == 0.0
    assert chance((1.0,), (1000.0,)) == 1.0
