"""Townsfolk Tussle's fight grid, from the rulebook's words on squares and distances.

"ALL distances are measured in the same manner as movement: by orthogonal squares, never
diagonally." A townsfolk stands on one square; a Ruffian covers four (a 2 × 2 block), and "any
character in an orthogonal square (not diagonal) is considered adjacent". Obstacles block
movement, features do not; a Ruffian moves one set of squares per MVMT; when it turns to face a
target it faces along the larger gap, and on a perfect diagonal the players choose.
"""

from __future__ import annotations

import pytest

from tabletown.games.townsfolk_tussle import board as B
from tabletown.games.townsfolk_tussle.board import Grid

SIZE = 12  # the fight board is 12 × 12 squares


def piece(t: str, cells: list[tuple[int, int]], kind: str, gone: bool = False) -> dict:
    return {"t": t, "cells": [list(c) for c in cells], "type": kind, "gone": gone}


def squares() -> list[tuple[int, int]]:
    return [(c, r) for r in range(SIZE) for c in range(SIZE)]


# --- the Ruffian's four squares and orthogonal distances ---------------------------------------------------------


def test_a_ruffian_covers_the_two_by_two_block_below_and_right_of_its_position():
    assert sorted(B.foot((4, 7))) == [(4, 7), (4, 8), (5, 7), (5, 8)]
    for sq in squares():
        assert B.in_foot(sq, (4, 7)) == (sq in B.foot((4, 7)))


def test_distance_between_squares_counts_orthogonal_steps():
    assert B.manhattan((2, 3), (2, 3)) == 0
    assert B.manhattan((2, 3), (5, 3)) == 3
    assert B.manhattan((2, 3), (2, 0)) == 3
    assert B.manhattan((2, 3), (4, 6)) == 5  # a diagonal is two steps, never one
    assert B.manhattan((4, 6), (2, 3)) == 5


@pytest.mark.parametrize("pos", [(0, 0), (4, 4), (9, 2), (10, 10)])
def test_distance_to_a_ruffian_is_to_the_nearest_of_its_four_squares(pos):
    for sq in squares():
        nearest = min(B.manhattan(sq, c) for c in B.foot(pos))
        assert B.dist_to_foot(sq, pos) == nearest, sq
        assert B.dist_to_cells(sq, B.foot(pos)) == nearest


def test_adjacent_to_a_ruffian_means_orthogonally_next_to_one_of_its_squares():
    pos = (4, 4)  # covers columns 4-5, rows 4-5
    for sq in [(3, 4), (3, 5), (6, 4), (6, 5), (4, 3), (5, 3), (4, 6), (5, 6)]:
        assert B.dist_to_foot(sq, pos) == 1, sq
    for sq in [(3, 3), (6, 3), (3, 6), (6, 6)]:  # the diagonal corners are not adjacent
        assert B.dist_to_foot(sq, pos) == 2, sq
    for sq in [(2, 4), (7, 5), (4, 2), (5, 7)]:
        assert B.dist_to_foot(sq, pos) == 2, sq
    assert B.dist_to_foot((5, 5), pos) == 0


@pytest.mark.parametrize("pos", [(4, 4), (2, 7), (7, 1)])
def test_the_side_a_square_is_adjacent_to(pos):
    px, py = pos
    assert [B.flank_side(sq, pos) for sq in [(px, py - 1), (px + 1, py - 1)]] == ["n", "n"]
    assert [B.flank_side(sq, pos) for sq in [(px, py + 2), (px + 1, py + 2)]] == ["s", "s"]
    assert [B.flank_side(sq, pos) for sq in [(px - 1, py), (px - 1, py + 1)]] == ["w", "w"]
    assert [B.flank_side(sq, pos) for sq in [(px + 2, py), (px + 2, py + 1)]] == ["e", "e"]
    for sq in squares():
        if B.dist_to_foot(sq, pos) != 1:
            assert B.flank_side(sq, pos) is None, sq  # diagonal corners, squares further off, and inside


def test_step_goes_one_square_in_each_direction():
    assert B.step((5, 5), "n") == (5, 4)
    assert B.step((5, 5), "s") == (5, 6)
    assert B.step((5, 5), "e") == (6, 5)
    assert B.step((5, 5), "w") == (4, 5)
    assert {B.OPPOSITE[d] for d in "nesw"} == set("nesw")
    assert all(B.step(B.step((5, 5), d), B.OPPOSITE[d]) == (5, 5) for d in "nesw")


# --- facing -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("target, faces", [
    ((8, 4), ["e"]), ((8, 5), ["e"]),      # level with it: straight at them
    ((1, 5), ["w"]), ((4, 0), ["n"]), ((5, 9), ["s"]),
    ((8, 3), ["e"]),                       # 3 columns off, 1 row off: the larger gap
    ((6, 1), ["n"]),                       # 1 column off, 3 rows off
    ((7, 2), ["n", "e"]),                  # 2 and 2: a perfect diagonal, the players choose
    ((2, 7), ["s", "w"]),
    ((6, 6), ["e", "s"]),
    ((3, 3), ["n", "w"]),
    ((5, 5), []),                          # under the Ruffian: nothing to turn to
    ((6, 4), ["e"]), ((3, 5), ["w"]), ((4, 6), ["s"]), ((5, 3), ["n"]),  # adjacent on each side
])
def test_the_ruffian_faces_along_the_larger_gap_and_on_a_perfect_diagonal_both_ways(target, faces):
    assert B.facings_toward((4, 4), [target]) == faces


def test_facing_a_group_of_squares_measures_to_the_nearest_of_them():
    # a piece of terrain two columns wide: its near edge is 1 column and 3 rows away
    assert B.facings_toward((4, 4), [(6, 0), (7, 0), (6, 1), (7, 1)]) == ["n"]
    assert B.gaps((4, 4), [(6, 0), (7, 0), (6, 1), (7, 1)]) == (1, -3)
    assert B.gaps((4, 4), [(0, 5), (1, 5)]) == (-3, 0)
    assert B.gaps((4, 4), [(5, 8), (5, 9)]) == (0, 3)
    assert B.gaps((4, 4), [(3, 3), (6, 6)]) == (0, 0)  # spans the Ruffian's columns and rows
    assert B.gaps((4, 4), [(0, 4)]) == (-4, 0) and B.gaps((4, 4), [(9, 5)]) == (4, 0)
    assert B.gaps((4, 4), [(4, 0)]) == (0, -4) and B.gaps((4, 4), [(5, 9)]) == (0, 4)
    assert B.gaps((2, 7), [(0, 0)]) == (-2, -7) and B.gaps((2, 7), [(11, 11)]) == (8, 3)


# squares as (columns, rows) away from the Ruffian's top-left square; it covers (0, 0) to (1, 1)
@pytest.mark.parametrize("facing, front, back, side", [
    ("n", [(0, -1), (1, -4), (-4, -1)], [(0, 2), (1, 5)], [(-1, 0), (2, 1), (-4, 0)]),
    ("s", [(0, 2), (1, 5), (5, 2)], [(0, -1), (1, -4)], [(-1, 0), (2, 1)]),
    ("e", [(2, 0), (5, 1), (2, -4)], [(-1, 0), (-4, 1)], [(0, -1), (1, 2)]),
    ("w", [(-1, 0), (-4, 1), (-1, 5)], [(2, 0), (5, 1)], [(0, -1), (1, 2)]),
])
@pytest.mark.parametrize("pos", [(4, 4), (5, 6), (6, 5)])
def test_in_front_behind_or_beside_the_ruffian(facing, front, back, side, pos):
    def at(offsets):
        return [(pos[0] + dx, pos[1] + dy) for dx, dy in offsets]
    assert [B.side_of(sq, pos, facing) for sq in at(front)] == ["front"] * len(front)
    assert [B.side_of(sq, pos, facing) for sq in at(back)] == ["back"] * len(back)
    assert [B.side_of(sq, pos, facing) for sq in at(side)] == ["side"] * len(side)


@pytest.mark.parametrize("facing, inline, not_inline", [
    ("n", [(0, -1), (1, -4)], [(-1, -1), (2, -2), (0, 2)]),
    ("s", [(0, 2), (1, 5)], [(-1, 2), (2, 3), (0, -1)]),
    ("e", [(2, 0), (5, 1)], [(2, -1), (3, 2), (-1, 0)]),
    ("w", [(-1, 0), (-4, 1)], [(-1, -1), (-2, 2), (2, 0)]),
])
@pytest.mark.parametrize("pos", [(4, 4), (5, 6), (6, 5)])
def test_in_line_is_straight_ahead_within_the_ruffians_width(facing, inline, not_inline, pos):
    def at(offsets):
        return [(pos[0] + dx, pos[1] + dy) for dx, dy in offsets]
    assert all(B.in_line(sq, pos, facing) for sq in at(inline))
    assert not any(B.in_line(sq, pos, facing) for sq in at(not_inline))


# --- what blocks ----------------------------------------------------------------------------------------------------


def test_obstacles_block_features_do_not_and_removed_pieces_are_gone():
    g = Grid(SIZE, SIZE, [piece("town-pond", [(3, 3)], "obstacle"), piece("dense-woods", [(6, 6)], "feature"),
                          piece("tool-shed", [(9, 9)], "obstacle", gone=True)])
    assert g.obstacles == {(3, 3)}
    assert g.piece_at == {(3, 3): 0, (6, 6): 1}
    assert not g.ruffian_fits((2, 2)) and not g.ruffian_fits((3, 3)) and not g.ruffian_fits((2, 3))
    assert not g.ruffian_fits((3, 2))
    assert g.ruffian_fits((4, 3)) and g.ruffian_fits((3, 4)) and g.ruffian_fits((1, 1))
    assert g.ruffian_fits((5, 5)) and g.ruffian_fits((8, 8))  # a feature and a removed obstacle do not block


def test_the_ruffian_fits_only_with_all_four_squares_on_the_board():
    g = Grid(SIZE, SIZE, [])
    assert g.ruffian_fits((0, 0)) and g.ruffian_fits((SIZE - 2, SIZE - 2))
    assert not g.ruffian_fits((SIZE - 1, 0)) and not g.ruffian_fits((0, SIZE - 1))
    assert not g.ruffian_fits((-1, 0)) and not g.ruffian_fits((0, -1))
    positions = g.ruffian_positions()
    assert len(positions) == (SIZE - 1) * (SIZE - 1)
    assert positions == sorted(positions, key=lambda p: (p[1], p[0]))


def test_squares_and_neighbours_stay_on_the_board_and_are_orthogonal():
    g = Grid(SIZE, SIZE, [])
    assert len(g.squares()) == SIZE * SIZE
    assert g.on_board((0, 0)) and g.on_board((SIZE - 1, SIZE - 1))
    assert not g.on_board((SIZE, 0)) and not g.on_board((0, SIZE)) and not g.on_board((-1, 3))
    assert sorted(g.neighbours((0, 0))) == [(0, 1), (1, 0)]
    assert sorted(g.neighbours((SIZE - 1, SIZE - 1))) == [(SIZE - 2, SIZE - 1), (SIZE - 1, SIZE - 2)]
    assert sorted(g.neighbours((5, 5))) == [(4, 5), (5, 4), (5, 6), (6, 5)]


def test_the_ruffians_moves_go_one_square_each_way_where_it_fits():
    g = Grid(SIZE, SIZE, [piece("town-pond", [(7, 4)], "obstacle")])
    moves = dict((d, p) for d, p in g.ruffian_moves((5, 4)))
    assert moves == {"n": (5, 3), "s": (5, 5), "w": (4, 4)}  # east would cover the pond
    assert dict(g.ruffian_moves((0, 0))) == {"e": (1, 0), "s": (0, 1)}
    assert g.ruffian_moves((11, 11)) == []  # not a position the Ruffian fits


# --- the Ruffian's movement --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pos", [(4, 4), (3, 7), (8, 2)])
def test_one_step_of_the_ruffian_costs_the_dearer_of_the_two_squares_it_newly_covers(pos):
    # each step newly covers a leading edge of two squares
    px, py = pos
    edges = {"e": [(px + 2, py), (px + 2, py + 1)], "w": [(px - 1, py), (px - 1, py + 1)],
             "n": [(px, py - 1), (px + 1, py - 1)], "s": [(px, py + 2), (px + 1, py + 2)]}
    for d, (first, second) in edges.items():
        to = B.step(pos, d)
        assert Grid.ruffian_step_cost(pos, to, None) == 1
        for dear, price in ((first, 3), (second, 4)):
            cost = lambda sq, dear=dear, price=price: price if sq == dear else 1  # noqa: E731
            assert Grid.ruffian_step_cost(pos, to, cost) == price, (d, dear)
        both = lambda sq, first=first, second=second: {first: 2, second: 3}.get(sq, 1)  # noqa: E731
        assert Grid.ruffian_step_cost(pos, to, both) == 3
        behind = lambda sq: 5 if sq in B.foot(pos) else 1  # noqa: E731
        assert Grid.ruffian_step_cost(pos, to, behind) == 1  # the squares it already covers cost nothing
    assert Grid.ruffian_step_cost(pos, B.step(pos, "e"), lambda sq: 0) == 1  # a step always takes one MVMT


def test_on_an_open_board_the_ruffian_needs_one_mvmt_a_square():
    g = Grid(SIZE, SIZE, [])
    costs = g.ruffian_costs((3, 3), None)
    assert len(costs) == (SIZE - 1) ** 2
    assert all(costs[p] == B.manhattan(p, (3, 3)) for p in costs)
    back = g.ruffian_costs_to({(3, 3)}, None)
    assert back == costs


def test_the_ruffian_goes_round_obstacles():
    wall = [(5, r) for r in range(0, 9)]  # a wall down column 5 with a gap at the bottom
    g = Grid(SIZE, SIZE, [piece("wooden-fence", wall, "obstacle")])
    costs = g.ruffian_costs((2, 2), None)
    assert (6, 2) in costs and costs[(6, 2)] == 7 + 4 + 7  # down to row 9, across, back up
    assert g.ruffian_costs_to({(6, 2)}, None)[(2, 2)] == costs[(6, 2)]
    assert g.ruffian_costs_to({(3, 9)}, None) == g.ruffian_costs((3, 9), None)  # (no obstacle cost: symmetric)


def test_a_goal_the_ruffian_cannot_stand_on_is_no_goal():
    g = Grid(SIZE, SIZE, [piece("town-pond", [(3, 3)], "obstacle")])
    assert g.ruffian_costs_to({(3, 3), (11, 11)}, None) == {}
    assert g.ruffian_costs_to({(3, 3), (8, 8)}, None)[(8, 8)] == 0


def test_costly_squares_slow_the_ruffian():
    moat = {(c, r) for c in range(0, SIZE) for r in (5, 6)}
    cost = lambda sq: 2 if sq in moat else 1  # noqa: E731
    g = Grid(SIZE, SIZE, [])
    costs = g.ruffian_costs((3, 2), cost)
    # from rows 2-3 down to rows 7-8: the steps that newly cover rows 5 and 6 cost 2
    assert costs[(3, 7)] == 1 + 1 + 2 + 2 + 1
    assert g.ruffian_costs_to({(3, 7)}, cost)[(3, 2)] == costs[(3, 7)]


def test_every_cheapest_path_is_offered_and_each_stops_where_the_mvmt_runs_out():
    g = Grid(SIZE, SIZE, [])
    paths = g.ruffian_paths((0, 0), {(2, 1)}, 10, None)
    assert sorted(tuple(p) for p in paths) == sorted([
        ((0, 0), (1, 0), (2, 0), (2, 1)),
        ((0, 0), (1, 0), (1, 1), (2, 1)),
        ((0, 0), (0, 1), (1, 1), (2, 1)),
    ])
    short = g.ruffian_paths((0, 0), {(2, 1)}, 2, None)
    assert sorted(tuple(p) for p in short) == sorted([
        ((0, 0), (1, 0), (2, 0)), ((0, 0), (1, 0), (1, 1)), ((0, 0), (0, 1), (1, 1))])
    assert g.ruffian_paths((0, 0), {(2, 1)}, 0, None) == [[(0, 0)]]
    assert g.ruffian_paths((0, 0), {(0, 0)}, 3, None) == [[(0, 0)]]


def test_paths_go_to_the_nearest_goal_only():
    g = Grid(SIZE, SIZE, [])
    paths = g.ruffian_paths((0, 0), {(2, 0), (6, 0)}, 10, None)
    assert paths == [[(0, 0), (1, 0), (2, 0)]]


def test_paths_take_a_costly_square_only_when_it_is_cheaper():
    cost = lambda sq: 3 if sq in {(2, 0), (2, 1)} else 1  # noqa: E731
    g = Grid(SIZE, SIZE, [])
    paths = g.ruffian_paths((0, 0), {(2, 0)}, 10, cost)
    assert paths and all(sum(Grid.ruffian_step_cost(a, b, cost) for a, b in zip(p, p[1:])) == 4 for p in paths)
    assert [(0, 0), (1, 0), (2, 0)] in paths  # 1 + 3: no cheaper way round


def test_no_path_to_a_goal_walled_off():
    wall = [(5, r) for r in range(SIZE)]
    g = Grid(SIZE, SIZE, [piece("wooden-fence", wall, "obstacle")])
    assert g.ruffian_paths((0, 0), {(8, 0)}, 20, None) == []


def test_paths_are_capped_in_number():
    g = Grid(SIZE, SIZE, [])
    paths = g.ruffian_paths((0, 0), {(9, 9)}, 30, None, most=5)
    assert 1 <= len(paths) <= 5


def test_the_mvmt_to_end_adjacent_to_a_square():
    g = Grid(SIZE, SIZE, [])
    costs = g.ruffian_costs((0, 0), None)
    # to end adjacent to (5, 0) the Ruffian stands at (3, 0) (covering columns 3-4): 3 MVMT
    assert Grid.reach_to(costs, (5, 0)) == 3
    assert Grid.reach_to(costs, (0, 2)) == 0  # already adjacent
    assert Grid.reach_to(costs, (1, 1)) == 2  # a square under it: it steps off to (2, 0) or (0, 2)
    assert Grid.reach_to({(0, 0): 0}, (5, 5)) is None
    # on all sides the nearest adjacent position counts
    far = g.ruffian_costs((9, 9), None)
    assert Grid.reach_to(far, (5, 5)) == min(far[p] for p in far if B.dist_to_foot((5, 5), p) == 1)


# --- townsfolk movement ------------------------------------------------------------------------------------------------


def test_a_townsfolk_walks_orthogonally_within_their_mvmt():
    g = Grid(SIZE, SIZE, [])
    costs = g.folk_costs((5, 5), set(), 2)
    assert set(costs) == {sq for sq in squares() if B.manhattan(sq, (5, 5)) <= 2}
    assert costs[(5, 5)] == (0, 0) and costs[(6, 6)] == (2, 0) and costs[(5, 3)] == (2, 0)
    assert g.folk_costs((5, 5), set(), 0) == {(5, 5): (0, 0)}


def test_obstacles_and_the_ruffians_squares_cannot_be_entered():
    g = Grid(SIZE, SIZE, [piece("town-pond", [(6, 5)], "obstacle")])
    costs = g.folk_costs((5, 5), {(5, 6), (5, 7)}, 4)
    assert (6, 5) not in costs and (5, 6) not in costs and (5, 7) not in costs
    assert costs[(7, 5)] == (4, 0)  # round the pond: up, across two, down
    assert (7, 5) not in g.folk_costs((5, 5), set(), 3)


def test_dear_squares_cost_more_mvmt():
    woods = {(6, 5)}
    cost = lambda sq: 2 if sq in woods else 1  # noqa: E731
    g = Grid(SIZE, SIZE, [])
    costs = g.folk_costs((5, 5), set(), 2, cost)
    assert costs[(6, 5)] == (2, 0)
    assert (7, 5) not in costs  # 3 MVMT through the woods
    assert (6, 5) not in g.folk_costs((5, 5), set(), 1, cost)


def test_among_equally_cheap_ways_the_walk_enters_the_fewest_harmful_squares():
    trap = {(6, 5)}
    g = Grid(SIZE, SIZE, [])
    costs = g.folk_costs((5, 5), set(), 3, None, lambda sq: sq in trap)
    assert costs[(7, 5)] == (2, 1)  # straight through is the only 2-MVMT way
    assert costs[(7, 6)] == (3, 0)  # 3 MVMT either way: the harmless one counts
    assert costs[(6, 5)] == (1, 1)
    path = g.folk_path((5, 5), (7, 6), set(), 3, None, lambda sq: sq in trap)
    assert path is not None and len(path) == 3 and (6, 5) not in path and path[-1] == (7, 6)


def test_a_walk_lists_the_squares_entered_and_none_out_of_reach():
    g = Grid(SIZE, SIZE, [piece("town-pond", [(6, 5)], "obstacle")])
    path = g.folk_path((5, 5), (7, 5), set(), 4)
    assert path is not None and len(path) == 4 and path[-1] == (7, 5) and (6, 5) not in path
    assert all(B.manhattan(a, b) == 1 for a, b in zip([(5, 5)] + path, path))
    assert g.folk_path((5, 5), (7, 5), set(), 3) is None
    assert g.folk_path((5, 5), (6, 5), set(), 4) is None  # the pond itself
    cost = lambda sq: 2 if sq == (5, 6) else 1  # noqa: E731
    dear = g.folk_path((5, 5), (5, 7), set(), 4, cost)
    assert dear is not None and len(dear) == 2  # through the dear square: 3 MVMT, the cheapest


# --- sight -------------------------------------------------------------------------------------------------------------


def test_an_obstacle_on_the_line_blocks_sight_and_one_beside_it_does_not():
    g = Grid(SIZE, SIZE, [piece("town-pond", [(5, 5)], "obstacle")])
    assert not g.sight([(3, 5)], [(7, 5)])
    assert not g.sight([(3, 5)], [(7, 5)])  # asked twice: the same answer
    assert g.sight([(3, 3)], [(7, 3)])
    open_board = Grid(SIZE, SIZE, [])
    assert open_board.sight([(3, 5)], [(7, 5)])


def test_the_same_terrain_gives_the_same_grid_and_a_removed_piece_a_new_one():
    pieces = [piece("town-pond", [(2, 2)], "obstacle")]
    a = B.grid_for(SIZE, SIZE, pieces)
    assert B.grid_for(SIZE, SIZE, [dict(p) for p in pieces]) is a
    gone = B.grid_for(SIZE, SIZE, [piece("town-pond", [(2, 2)], "obstacle", gone=True)])
    assert gone is not a and gone.obstacles == set()
    moved = B.grid_for(SIZE, SIZE, [piece("town-pond", [(3, 2)], "obstacle")])
    assert moved.obstacles == {(3, 2)}
    assert B.cell([4, 5]) == (4, 5)


def test_grids_of_several_layouts_are_all_kept():
    a_pieces = [piece("town-pond", [(1, 1)], "obstacle")]
    b_pieces = [piece("town-pond", [(8, 8)], "obstacle")]
    a = B.grid_for(SIZE, SIZE, a_pieces)
    b = B.grid_for(SIZE, SIZE, b_pieces)
    assert B.grid_for(SIZE, SIZE, a_pieces) is a and B.grid_for(SIZE, SIZE, b_pieces) is b
