"""Zero-sum matrix games (engine/matrix_game.py), checked against games whose answers are known:
a saddle point is played pure, matching pennies and rock-paper-scissors are mixed evenly, and a
2 x 2 game without a saddle point has the value of its closed form."""

import pytest

from tabletown.engine import matrix_game as G

PENNIES = [[1.0, -1.0], [-1.0, 1.0]]
ROCK_PAPER_SCISSORS = [[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]]


def test_a_saddle_point_is_worth_its_entry():
    # the row player's second row guarantees 2; the column player's first column concedes no more
    assert G.value([[1.0, 5.0], [2.0, 3.0]]) == 2.0
    assert G.value([[4.0, 0.0, 7.0]]) == 0.0  # one row: the column player picks the least
    assert G.value([[4.0], [0.0], [7.0]]) == 7.0  # one column: the row player picks the most


def test_matching_pennies_is_worth_nothing_and_both_toss_a_fair_coin():
    assert G.value(PENNIES) == pytest.approx(0.0)
    x, y = G.equilibrium(PENNIES, 400)
    assert x == pytest.approx([0.5, 0.5], abs=0.02) and y == pytest.approx([0.5, 0.5], abs=0.02)


def test_a_two_by_two_game_without_a_saddle_point_mixes_to_its_textbook_value():
    # rows (3, -1) and (-2, 1): value (3*1 - (-1)(-2)) / (3 + 1 + 1 + 2) = 1/7, rows mixed 3/7 : 4/7
    m = [[3.0, -1.0], [-2.0, 1.0]]
    assert G.value(m) == pytest.approx(1 / 7)
    x, y = G.equilibrium(m, 2000)
    assert x == pytest.approx([3 / 7, 4 / 7], abs=0.02)
    assert G.payoff(m, x, y) == pytest.approx(1 / 7, abs=0.01)


def test_rock_paper_scissors_is_played_a_third_each():
    x, y = G.equilibrium(ROCK_PAPER_SCISSORS, 1000)
    assert x == pytest.approx([1 / 3] * 3, abs=0.02) and y == pytest.approx([1 / 3] * 3, abs=0.02)
    assert G.value(ROCK_PAPER_SCISSORS, 1000) == pytest.approx(0.0, abs=0.01)


def test_a_dominated_row_gets_next_to_no_weight():
    # the third row is worse than the first whatever the column; regret matching's mix is an
    # approximation that leaves it a little weight, less the longer it runs
    m = [[2.0, -1.0], [-1.0, 2.0], [1.0, -2.0]]
    x, _ = G.equilibrium(m)
    assert x[2] < 0.05 and x[0] == pytest.approx(0.5, abs=0.05)
    assert G.equilibrium(m, 5000)[0][2] < 0.02


def test_each_rows_worth_against_a_mix():
    assert G.row_worths([[1.0, 3.0], [2.0, 0.0]], [0.25, 0.75]) == [2.5, 0.5]
