"""Geometry for the spatial games: worked cases on a table in hundredths of an inch and on a grid."""

from __future__ import annotations

import pytest

from tabletown.engine.geometry import (
    Circle,
    Poly,
    Rect,
    crossed,
    dist2,
    distance,
    footprint,
    grid_distances,
    grid_path,
    grid_paths_all,
    grid_sight,
    length_inside,
    line_of_sight,
    manhattan,
    neighbours,
    step_toward,
    within,
)

INCH = 100


def test_distances_are_exact_on_both_sides_of_a_range():
    a, b = (0, 0), (300, 400)  # a 3-4-5 triangle: exactly 5 inches
    assert dist2(a, b) == 250_000 and distance(a, b) == 500
    assert within(a, b, 5 * INCH) and not within(a, b, 5 * INCH - 1)
    assert distance((0, 0), (1, 1)) == 1 and distance((0, 0), (0, 0)) == 0


def test_step_toward_stops_at_the_reach_or_at_the_target():
    assert step_toward((0, 0), (1000, 0), 600) == (600, 0)
    assert step_toward((0, 0), (300, 400), 250) == (150, 200)
    assert step_toward((0, 0), (100, 0), 600) == (100, 0)


def test_a_building_blocks_sight_and_touching_its_corner_counts():
    building = Rect(400, 400, 600, 600)
    assert not line_of_sight((0, 500), (1000, 500), [building])        # straight through
    assert line_of_sight((0, 300), (1000, 300), [building])            # passes above
    assert not line_of_sight((300, 300), (700, 700), [building])       # the diagonal
    assert not line_of_sight((200, 400), (800, 400), [building])       # grazing the top edge touches it
    assert line_of_sight((300, 300), (400, 400), [building])  # a model against the wall sees the wall itself
    assert line_of_sight((300, 300), (399, 399), [building])


def test_a_model_in_a_doorway_sees_out_of_its_building():
    saloon = Rect(0, 0, 400, 300)
    assert line_of_sight((400, 150), (900, 150), [saloon])
    assert not line_of_sight((-100, 150), (900, 150), [saloon])


def test_circles_and_polygons_block_and_contain():
    rock = Circle(500, 500, 100)
    assert rock.contains((600, 500)) and not rock.contains((601, 500))
    assert not line_of_sight((0, 600), (1000, 600), [rock])      # a tangent touches
    assert line_of_sight((0, 601), (1000, 601), [rock])
    hill = Poly(((0, 0), (400, 0), (200, 300)))
    assert hill.contains((200, 100)) and hill.contains((200, 0)) and not hill.contains((390, 200))
    assert crossed((200, -100), (200, 500), [rock, hill]) == [hill]


def test_length_inside_rough_ground():
    scrub = Rect(200, -100, 500, 100)
    assert length_inside(scrub, (0, 0), (1000, 0)) == pytest.approx(300)
    assert length_inside(scrub, (0, 200), (1000, 200)) == 0
    water = Circle(500, 0, 100)
    assert length_inside(water, (0, 0), (1000, 0)) == pytest.approx(200)
    wedge = Poly(((300, -200), (500, -200), (500, 200), (300, 200)))
    assert length_inside(wedge, (0, 0), (1000, 0)) == pytest.approx(200, abs=1)


def test_grid_neighbours_are_orthogonal_and_inside():
    assert neighbours((0, 0), (5, 5)) == [(1, 0), (0, 1)]
    assert sorted(neighbours((2, 2), (5, 5))) == [(1, 2), (2, 1), (2, 3), (3, 2)]
    assert manhattan((0, 0), (3, 4)) == 7
    assert footprint((2, 3), 2, 2) == [(2, 3), (3, 3), (2, 4), (3, 4)]


def test_shortest_paths_go_around_obstacles():
    wall = [(2, 0), (2, 1), (2, 2)]
    path = grid_path((0, 0), (4, 0), wall, (5, 5))
    assert path[0] == (0, 0) and path[-1] == (4, 0) and len(path) - 1 == 10
    assert all(p not in wall for p in path)
    assert grid_path((0, 0), (4, 0), [(2, r) for r in range(5)], (5, 5)) is None


def test_every_shortest_path_is_offered_when_they_are_equal():
    paths = grid_paths_all((0, 0), (1, 1), [], (3, 3))
    assert sorted(map(tuple, paths)) == [((0, 0), (0, 1), (1, 1)), ((0, 0), (1, 0), (1, 1))]


def test_costly_squares_change_the_shortest_path():
    woods = {(1, 0), (1, 1)}

    def cost(cell):
        return 2 if cell in woods else 1

    dist = grid_distances((0, 0), [], (3, 3), cost=cost)
    assert dist[(2, 0)] == 3  # through the woods (2 + 1) beats around them (4)
    path = grid_path((0, 0), (2, 0), [], (3, 3), cost=cost)
    assert len(path) == 3 and path[1] == (1, 0)


def test_a_two_by_two_piece_needs_room_for_all_its_squares():
    dist = grid_distances((0, 0), [(2, 1)], (4, 4), w=2, h=2)
    assert (1, 0) not in dist  # it would cover (2, 1)
    assert dist[(2, 2)] == 4  # down the left side, then across
    assert (3, 0) not in dist  # off the board


def test_grid_sight_from_any_point_of_a_square_to_any_point_of_the_target():
    ruffian = footprint((5, 2), 2, 2)
    assert grid_sight([(0, 2)], ruffian, [])
    assert not grid_sight([(0, 3)], ruffian, [(2, 2), (2, 3), (2, 4), (2, 1)])     # a wall in between
    assert grid_sight([(0, 0)], ruffian, [(2, 2), (2, 3)])                        # a line over the wall's top
    assert not grid_sight([(0, 2)], [(4, 2)], [(2, 2)])
    assert grid_sight([(0, 2)], [(4, 3)], [(2, 2)])  # the centre line touches it; a lower one passes below
