"""Integer geometry (engine/geometry.py): worked cases on a table in hundredths of an inch and on
a grid, then each function on each side of its boundaries: rounding, reach, touching counts as
hitting, on the boundary counts as inside, grid bounds and costs."""

import pytest

from tabletown.engine import geometry as g
from tabletown.engine.geometry import Circle, Poly, Rect

INCH = 100


# --- worked cases ----------------------------------------------------------------------------------

def test_distances_are_exact_on_both_sides_of_a_range():
    a, b = (0, 0), (300, 400)  # a 3-4-5 triangle: exactly 5 inches
    assert g.dist2(a, b) == 250_000 and g.distance(a, b) == 500
    assert g.within(a, b, 5 * INCH) and not g.within(a, b, 5 * INCH - 1)
    assert g.distance((0, 0), (1, 1)) == 1 and g.distance((0, 0), (0, 0)) == 0


def test_step_toward_stops_at_the_reach_or_at_the_target():
    assert g.step_toward((0, 0), (1000, 0), 600) == (600, 0)
    assert g.step_toward((0, 0), (300, 400), 250) == (150, 200)
    assert g.step_toward((0, 0), (100, 0), 600) == (100, 0)


def test_a_building_blocks_sight_and_touching_its_corner_counts():
    building = Rect(400, 400, 600, 600)
    assert not g.line_of_sight((0, 500), (1000, 500), [building])        # straight through
    assert g.line_of_sight((0, 300), (1000, 300), [building])            # passes above
    assert not g.line_of_sight((300, 300), (700, 700), [building])       # the diagonal
    assert not g.line_of_sight((200, 400), (800, 400), [building])       # grazing the top edge touches it
    assert g.line_of_sight((300, 300), (400, 400), [building])  # a model against the wall sees the wall itself
    assert g.line_of_sight((300, 300), (399, 399), [building])


def test_a_model_in_a_doorway_sees_out_of_its_building():
    saloon = Rect(0, 0, 400, 300)
    assert g.line_of_sight((400, 150), (900, 150), [saloon])
    assert not g.line_of_sight((-100, 150), (900, 150), [saloon])


def test_circles_and_polygons_block_and_contain():
    rock = Circle(500, 500, 100)
    assert rock.contains((600, 500)) and not rock.contains((601, 500))
    assert not g.line_of_sight((0, 600), (1000, 600), [rock])      # a tangent touches
    assert g.line_of_sight((0, 601), (1000, 601), [rock])
    hill = Poly(((0, 0), (400, 0), (200, 300)))
    assert hill.contains((200, 100)) and hill.contains((200, 0)) and not hill.contains((390, 200))
    assert g.crossed((200, -100), (200, 500), [rock, hill]) == [hill]


def test_length_inside_rough_ground():
    scrub = Rect(200, -100, 500, 100)
    assert g.length_inside(scrub, (0, 0), (1000, 0)) == pytest.approx(300)
    assert g.length_inside(scrub, (0, 200), (1000, 200)) == 0
    water = Circle(500, 0, 100)
    assert g.length_inside(water, (0, 0), (1000, 0)) == pytest.approx(200)
    wedge = Poly(((300, -200), (500, -200), (500, 200), (300, 200)))
    assert g.length_inside(wedge, (0, 0), (1000, 0)) == pytest.approx(200, abs=1)


def test_grid_neighbours_are_orthogonal_and_inside():
    assert g.neighbours((0, 0), (5, 5)) == [(1, 0), (0, 1)]
    assert sorted(g.neighbours((2, 2), (5, 5))) == [(1, 2), (2, 1), (2, 3), (3, 2)]
    assert g.manhattan((0, 0), (3, 4)) == 7
    assert g.footprint((2, 3), 2, 2) == [(2, 3), (3, 3), (2, 4), (3, 4)]


def test_shortest_paths_go_around_obstacles():
    wall = [(2, 0), (2, 1), (2, 2)]
    path = g.grid_path((0, 0), (4, 0), wall, (5, 5))
    assert path[0] == (0, 0) and path[-1] == (4, 0) and len(path) - 1 == 10
    assert all(p not in wall for p in path)
    assert g.grid_path((0, 0), (4, 0), [(2, r) for r in range(5)], (5, 5)) is None


def test_every_shortest_path_is_offered_when_they_are_equal():
    paths = g.grid_paths_all((0, 0), (1, 1), [], (3, 3))
    assert sorted(map(tuple, paths)) == [((0, 0), (0, 1), (1, 1)), ((0, 0), (1, 0), (1, 1))]


def test_costly_squares_change_the_shortest_path():
    woods = {(1, 0), (1, 1)}

    def cost(cell):
        return 2 if cell in woods else 1

    dist = g.grid_distances((0, 0), [], (3, 3), cost=cost)
    assert dist[(2, 0)] == 3  # through the woods (2 + 1) beats around them (4)
    path = g.grid_path((0, 0), (2, 0), [], (3, 3), cost=cost)
    assert len(path) == 3 and path[1] == (1, 0)


def test_a_two_by_two_piece_needs_room_for_all_its_squares():
    dist = g.grid_distances((0, 0), [(2, 1)], (4, 4), w=2, h=2)
    assert (1, 0) not in dist  # it would cover (2, 1)
    assert dist[(2, 2)] == 4  # down the left side, then across
    assert (3, 0) not in dist  # off the board


def test_grid_sight_from_any_point_of_a_square_to_any_point_of_the_target():
    ruffian = g.footprint((5, 2), 2, 2)
    assert g.grid_sight([(0, 2)], ruffian, [])
    assert not g.grid_sight([(0, 3)], ruffian, [(2, 2), (2, 3), (2, 4), (2, 1)])     # a wall in between
    assert g.grid_sight([(0, 0)], ruffian, [(2, 2), (2, 3)])                        # a line over the wall's top
    assert not g.grid_sight([(0, 2)], [(4, 2)], [(2, 2)])
    assert g.grid_sight([(0, 2)], [(4, 3)], [(2, 2)])  # the centre line touches it; a lower one passes below


# --- points -------------------------------------------------------------------------------------


def test_dist2_is_the_squared_distance_in_any_direction():
    assert g.dist2((1, 2), (4, 6)) == 25
    assert g.dist2((4, 6), (1, 2)) == 25
    assert g.dist2((0, 0), (-3, 0)) == 9 and g.dist2((0, 0), (0, -3)) == 9


def test_distance_rounds_to_the_nearest_whole_unit():
    assert g.distance((0, 0), (3, 4)) == 5
    assert g.distance((0, 0), (1, 1)) == 1      # 1.41 rounds down
    assert g.distance((0, 0), (1, 2)) == 2      # 2.24 rounds down
    assert g.distance((0, 0), (2, 2)) == 3      # 2.83 rounds up
    assert g.distance((0, 0), (5, 5)) == 7      # 7.07
    assert g.distance((0, 0), (3, 6)) == 7      # 6.71 rounds up
    assert g.distance((0, 0), (10, 0)) == 10
    assert g.distance((7, 7), (7, 7)) == 0


def test_within_is_exact_on_the_boundary():
    assert g.within((0, 0), (3, 4), 5)
    assert not g.within((0, 0), (3, 4), 4)
    assert g.within((0, 0), (3, 3), 5) and g.within((0, 0), (0, -5), 5)


def test_step_toward_stops_at_the_target_when_it_is_nearer_or_exactly_at_reach():
    assert g.step_toward((0, 0), (30, 40), 50) == (30, 40)   # exactly at reach
    assert g.step_toward((0, 0), (30, 40), 49) == (29, 39)   # one short: 0.98 of the way (29.4, 39.2)
    assert g.step_toward((10, 10), (10, 10), 5) == (10, 10)
    assert g.step_toward((100, 100), (100, 0), 30) == (100, 70)
    assert g.step_toward((100, 100), (0, 100), 30) == (70, 100)
    assert g.step_toward((0, 0), (-300, -400), 100) == (-60, -80)


# --- segments ----------------------------------------------------------------------------------------

def test_segments_that_cross_touch_or_overlap_meet():
    assert g.segments_meet((0, 0), (10, 10), (0, 10), (10, 0))          # an X
    assert g.segments_meet((0, 0), (10, 0), (10, 0), (20, 5))            # end to end
    assert g.segments_meet((0, 0), (10, 0), (5, 0), (5, 5))              # a T
    assert g.segments_meet((5, 0), (5, 5), (0, 0), (10, 0))              # the T the other way
    assert g.segments_meet((0, 0), (10, 0), (5, 0), (15, 0))             # collinear overlap
    assert g.segments_meet((5, 0), (15, 0), (0, 0), (10, 0))
    assert g.segments_meet((0, 0), (4, 0), (-2, 0), (10, 0))             # one inside the other
    assert g.segments_meet((-2, 0), (10, 0), (0, 0), (4, 0))


def test_segments_apart_do_not_meet():
    assert not g.segments_meet((0, 0), (10, 0), (11, 0), (20, 0))       # collinear, a gap
    assert not g.segments_meet((0, 0), (10, 0), (0, 1), (10, 1))         # parallel
    assert not g.segments_meet((0, 0), (10, 10), (0, 1), (4, 5))         # parallel, offset
    assert not g.segments_meet((0, 0), (10, 0), (5, 1), (5, 5))          # a T that stops short
    assert not g.segments_meet((5, 1), (5, 5), (0, 0), (10, 0))


def test_on_segment_is_the_bounding_box_of_the_segment_inclusive():
    assert g._on_segment((0, 0), (10, 4), (10, 4)) and g._on_segment((0, 0), (10, 4), (0, 0))
    assert not g._on_segment((0, 0), (10, 4), (11, 2)) and not g._on_segment((0, 0), (10, 4), (5, 5))
    assert not g._on_segment((0, 0), (10, 4), (-1, 2)) and not g._on_segment((0, 0), (10, 4), (5, -1))
    assert g._orient((0, 0), (10, 0), (5, 1)) == 1
    assert g._orient((0, 0), (10, 0), (5, -1)) == -1
    assert g._orient((0, 0), (10, 0), (20, 0)) == 0


# --- rectangles ------------------------------------------------------------------------------------------

def test_a_rect_runs_from_top_left_to_bottom_right():
    with pytest.raises(ValueError):
        Rect(10, 0, 0, 10)
    with pytest.raises(ValueError):
        Rect(0, 10, 10, 0)
    Rect(5, 5, 5, 5)  # a point is a rectangle too
    assert Rect(0, 0, 1, 1, tag="a") == Rect(0, 0, 1, 1, tag="b")  # the tag is not compared


def test_a_rect_contains_its_edges_and_nothing_beyond():
    r = Rect(10, 20, 30, 40)
    for p in ((10, 20), (30, 40), (10, 40), (30, 20), (20, 30)):
        assert r.contains(p)
    for p in ((9, 30), (31, 30), (20, 19), (20, 41)):
        assert not r.contains(p)
    assert r.corners() == [(10, 20), (30, 20), (30, 40), (10, 40)]


def test_a_segment_hits_a_rect_through_any_side_or_from_inside():
    r = Rect(10, 10, 20, 20)
    assert r.hits((15, 0), (15, 30))     # through top and bottom
    assert r.hits((0, 15), (30, 15))     # through left and right
    assert r.hits((15, 15), (100, 100))  # starts inside
    assert r.hits((100, 100), (15, 15))  # ends inside
    assert r.hits((0, 30), (10, 20))     # touches the bottom-left corner
    assert r.hits((20, 0), (30, 10)) is False
    assert r.hits((25, 0), (25, 30)) is False
    assert r.hits((0, 21), (30, 21)) is False


# --- circles ----------------------------------------------------------------------------------------------

def test_a_circle_contains_its_rim():
    c = Circle(0, 0, 5)
    assert c.contains((3, 4)) and c.contains((0, -5)) and not c.contains((4, 4)) and not c.contains((0, 6))


def test_a_segment_hits_a_circle_when_it_passes_within_the_radius():
    c = Circle(50, 50, 10)
    assert c.hits((0, 50), (100, 50))            # through the centre
    assert c.hits((0, 60), (100, 60))            # grazing the rim
    assert not c.hits((0, 61), (100, 61))        # one unit clear
    assert c.hits((0, 40), (100, 40)) and not c.hits((0, 39), (100, 39))


def test_a_short_segment_pointing_at_a_circle_is_measured_from_its_nearest_end():
    c = Circle(50, 50, 10)
    assert not c.hits((0, 50), (39, 50))         # stops one unit short of the rim
    assert c.hits((0, 50), (40, 50))             # reaches the rim
    assert not c.hits((61, 50), (100, 50))       # starts one unit past the rim, going away
    assert c.hits((60, 50), (100, 50))
    assert not c.hits((39, 50), (0, 50)) and c.hits((40, 50), (0, 50))
    assert not c.hits((100, 50), (61, 50))
    assert c.hits((55, 50), (55, 50)) and not c.hits((61, 50), (61, 50))  # a segment of no length
    # the nearest point is an end exactly beside the centre's foot
    assert c.hits((50, 60), (100, 60)) and not c.hits((50, 61), (100, 61))
    assert c.hits((0, 60), (50, 60)) and not c.hits((0, 61), (50, 61))


def test_a_diagonal_past_a_circle_is_exact():
    c = Circle(0, 0, 5)
    # the line x + y = 7 passes at 7/sqrt(2) = 4.95 from the centre: a hit
    assert c.hits((7, 0), (0, 7))
    # x + y = 8 passes at 5.66: a miss
    assert not c.hits((8, 0), (0, 8))


# --- polygons -----------------------------------------------------------------------------------------------

TRIANGLE = Poly(((0, 0), (10, 0), (0, 10)))
SQUARE_CW = Poly(((0, 0), (0, 10), (10, 10), (10, 0)))
SQUARE_CCW = Poly(((0, 0), (10, 0), (10, 10), (0, 10)))
NOTCH = Poly(((0, 0), (10, 0), (10, 10), (5, 5), (0, 10)))


def test_a_polygon_contains_its_boundary_and_inside_only():
    assert TRIANGLE.contains((0, 0)) and TRIANGLE.contains((5, 5)) and TRIANGLE.contains((0, 5))
    assert TRIANGLE.contains((2, 2)) and not TRIANGLE.contains((6, 6)) and not TRIANGLE.contains((-1, 5))
    assert not TRIANGLE.contains((5, -1)) and not TRIANGLE.contains((11, 0))


@pytest.mark.parametrize("square", [SQUARE_CW, SQUARE_CCW])
def test_a_polygon_is_the_same_whichever_way_round_its_points_go(square):
    for inside in ((5, 5), (1, 9), (9, 1), (0, 5), (10, 10)):
        assert square.contains(inside)
    for outside in ((-1, 5), (11, 5), (5, -1), (5, 11), (20, 20)):
        assert not square.contains(outside)


def test_a_polygon_with_a_notch_leaves_the_notch_out():
    assert NOTCH.contains((5, 4)) and NOTCH.contains((2, 7)) and NOTCH.contains((8, 7))
    assert not NOTCH.contains((5, 7)) and not NOTCH.contains((5, 9))


def test_a_segment_hits_a_polygon_by_an_end_inside_or_by_crossing_an_edge():
    assert TRIANGLE.hits((2, 2), (50, 50))
    assert TRIANGLE.hits((50, 50), (2, 2))
    assert TRIANGLE.hits((-5, 3), (20, 3))
    assert TRIANGLE.hits((10, 10), (0, 0))
    assert not TRIANGLE.hits((6, 6), (20, 20))
    assert not TRIANGLE.hits((11, -5), (11, 20))


def test_crossed_and_line_of_sight_look_at_every_shape():
    wall, rock = Rect(40, 0, 60, 100), Circle(200, 50, 10)
    assert g.crossed((0, 50), (300, 50), [wall, rock]) == [wall, rock]
    assert g.crossed((0, 50), (100, 50), [rock, wall]) == [wall]
    assert g.segment_hits(rock, (0, 50), (300, 50))
    assert not g.line_of_sight((0, 50), (300, 50), [rock])
    assert g.line_of_sight((0, 50), (300, 50), [])
    assert g.line_of_sight((200, 50), (300, 50), [rock])     # standing in the rough, it sees out
    assert g.line_of_sight((0, 50), (200, 50), [rock])       # and can be seen
    assert not g.line_of_sight((0, 50), (150, 50), [wall, rock])


# --- length inside -----------------------------------------------------------------------------------------

def test_length_inside_a_rect_is_exact():
    r = Rect(100, 0, 300, 100)
    assert g.length_inside(r, (0, 50), (400, 50)) == pytest.approx(200)
    assert g.length_inside(r, (400, 50), (0, 50)) == pytest.approx(200)
    assert g.length_inside(r, (150, 50), (400, 50)) == pytest.approx(150)
    assert g.length_inside(r, (0, 50), (150, 50)) == pytest.approx(50)
    assert g.length_inside(r, (0, 150), (400, 150)) == 0.0          # beside it
    assert g.length_inside(r, (200, -100), (200, 200)) == pytest.approx(100)
    assert g.length_inside(r, (50, -100), (50, 200)) == 0.0          # a vertical line beside it
    assert g.length_inside(r, (100, 0), (300, 100)) == pytest.approx(223.607, abs=0.01)  # corner to corner
    assert g.length_inside(r, (5, 5), (5, 5)) == 0.0
    assert g.length_inside(r, (0, 50), (50, 50)) == 0.0               # stops short


def test_length_inside_a_circle_is_exact():
    c = Circle(0, 0, 100)
    assert g.length_inside(c, (-300, 0), (300, 0)) == pytest.approx(200)
    assert g.length_inside(c, (0, 0), (300, 0)) == pytest.approx(100)
    assert g.length_inside(c, (-300, 0), (0, 0)) == pytest.approx(100)
    assert g.length_inside(c, (-50, 0), (50, 0)) == pytest.approx(100)
    assert g.length_inside(c, (-300, 100), (300, 100)) == 0.0         # a tangent
    assert g.length_inside(c, (-300, 200), (300, 200)) == 0.0
    assert g.length_inside(c, (-300, 60), (300, 60)) == pytest.approx(160)
    assert g.length_inside(c, (200, 0), (300, 0)) == 0.0


def test_length_inside_a_polygon_adds_up_the_pieces_inside():
    assert g.length_inside(SQUARE_CCW, (-10, 5), (20, 5)) == pytest.approx(10)
    assert g.length_inside(SQUARE_CCW, (5, 5), (20, 5)) == pytest.approx(5)
    assert g.length_inside(NOTCH, (-10, 8), (20, 8)) == pytest.approx(4, abs=0.5)
    assert g.length_inside(SQUARE_CCW, (-10, 20), (20, 20)) == 0.0
    assert g.length_inside(SQUARE_CCW, (0, 0), (0, 0)) == 0.0
    assert g.length_inside(Poly(((0, 0), (10, 0), (10, 10), (0, 10))), (2, 2), (8, 8)) == pytest.approx(8.485, abs=0.01)


# --- grids -----------------------------------------------------------------------------------------------------

def test_manhattan_and_footprint():
    assert g.manhattan((1, 2), (4, 0)) == 5 and g.manhattan((4, 0), (1, 2)) == 5
    assert g.footprint((2, 3)) == [(2, 3)]
    assert g.footprint((2, 3), 2, 2) == [(2, 3), (3, 3), (2, 4), (3, 4)]
    assert g.footprint((0, 0), 3, 1) == [(0, 0), (1, 0), (2, 0)]


def test_neighbours_stay_inside_the_grid_on_every_side():
    assert g.neighbours((0, 0), (3, 3)) == [(1, 0), (0, 1)]
    assert g.neighbours((2, 2), (3, 3)) == [(2, 1), (1, 2)]
    assert g.neighbours((1, 1), (3, 3)) == [(1, 0), (2, 1), (1, 2), (0, 1)]
    assert g.neighbours((2, 0), (3, 1)) == [(1, 0)]
    assert g.neighbours((0, 2), (1, 3)) == [(0, 1)]


def test_a_piece_fits_only_where_all_its_squares_are_inside_and_free():
    assert g._fits((1, 1), (3, 3), set(), 2, 2)
    assert not g._fits((2, 1), (3, 3), set(), 2, 2)
    assert not g._fits((1, 2), (3, 3), set(), 2, 2)
    assert not g._fits((-1, 0), (3, 3), set(), 1, 1) and not g._fits((0, -1), (3, 3), set(), 1, 1)
    assert not g._fits((1, 1), (3, 3), {(2, 2)}, 2, 2)
    assert g._fits((0, 0), (3, 3), {(2, 2)}, 2, 2)


def test_grid_distances_count_steps_around_blocked_squares():
    dist = g.grid_distances((0, 0), [(1, 0), (1, 1)], (3, 3))
    assert dist == {(0, 0): 0, (0, 1): 1, (0, 2): 2, (1, 2): 3, (2, 2): 4, (2, 1): 5, (2, 0): 6}


def test_grid_distances_stop_at_the_limit_inclusive():
    dist = g.grid_distances((0, 0), [], (5, 1), limit=2)
    assert dist == {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    costly = g.grid_distances((0, 0), [], (5, 1), cost=lambda c: 2, limit=4)
    assert costly == {(0, 0): 0, (1, 0): 2, (2, 0): 4}
    assert g.grid_distances((0, 0), [], (5, 1), cost=lambda c: 2, limit=3) == {(0, 0): 0, (1, 0): 2}


def test_grid_distances_with_costs_take_the_cheapest_way():
    marsh = {(1, 0)}
    dist = g.grid_distances((0, 0), [], (3, 2), cost=lambda c: 5 if c in marsh else 1)
    assert dist[(2, 0)] == 4 and dist[(1, 0)] == 5 and dist[(1, 1)] == 2
    # a blocked square is never entered, whatever it would cost
    assert g.grid_distances((0, 0), [(1, 0)], (3, 1), cost=lambda c: 1) == {(0, 0): 0}
    # a cost of zero is allowed and cheaper than one
    free = g.grid_distances((0, 0), [], (3, 1), cost=lambda c: 0)
    assert free == {(0, 0): 0, (1, 0): 0, (2, 0): 0}


def test_a_big_piece_moves_only_where_it_fits():
    dist = g.grid_distances((0, 0), [(2, 2)], (4, 4), w=2, h=2)
    assert dist == {(0, 0): 0, (1, 0): 1, (0, 1): 1, (2, 0): 2, (0, 2): 2}


def test_grid_path_prefers_up_then_right_then_down_then_left():
    assert g.grid_path((0, 0), (1, 1), [], (2, 2)) == [(0, 0), (1, 0), (1, 1)]
    assert g.grid_path((1, 1), (0, 0), [], (2, 2)) == [(1, 1), (1, 0), (0, 0)]
    assert g.grid_path((0, 0), (0, 0), [], (2, 2)) == [(0, 0)]
    assert g.grid_path((0, 0), (2, 0), [(1, 0)], (3, 1)) is None
    assert g.grid_path((0, 0), (5, 5), [], (3, 3)) is None


def test_every_shortest_path_up_to_a_most():
    paths = g.grid_paths_all((0, 0), (2, 1), [], (3, 2))
    assert paths == [[(0, 0), (1, 0), (2, 0), (2, 1)], [(0, 0), (1, 0), (1, 1), (2, 1)],
                     [(0, 0), (0, 1), (1, 1), (2, 1)]]
    assert g.grid_paths_all((0, 0), (2, 1), [], (3, 2), most=2) == paths[:2]
    assert g.grid_paths_all((0, 0), (2, 1), [(1, 0)], (3, 2)) == [[(0, 0), (0, 1), (1, 1), (2, 1)]]


def test_shortest_paths_with_costs_avoid_costly_squares():
    mud = {(1, 0)}
    cost = lambda c: 4 if c in mud else 1  # noqa: E731
    assert g.grid_path((0, 0), (2, 0), [], (3, 2), cost=cost) == [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)]
    cheap = lambda c: 3 if c in mud else 1  # noqa: E731  (through the mud or round it: 4 either way)
    paths = g.grid_paths_all((0, 0), (2, 0), [], (3, 2), cost=cheap)
    assert [(0, 0), (1, 0), (2, 0)] in paths and [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)] in paths
    assert g._cost_to_goal((2, 0), [], (3, 1), 1, 1, cheap) == {(2, 0): 0, (1, 0): 1, (0, 0): 4}
    assert g.grid_paths_all((0, 0), (2, 0), [(1, 0)], (3, 1), cost=cheap) == []


def test_a_big_piece_finds_its_path_where_it_fits():
    path = g.grid_path((0, 0), (2, 0), [(2, 2)], (4, 3), w=2, h=2)
    assert path == [(0, 0), (1, 0), (2, 0)]
    assert g.grid_path((0, 0), (2, 1), [(3, 0)], (4, 3), w=2, h=2) == [(0, 0), (1, 0), (1, 1), (2, 1)]


def test_grid_sight_over_open_ground_and_past_an_obstacle():
    assert g.grid_sight([(0, 0)], [(5, 0)], [])
    assert not g.grid_sight([(0, 0)], [(2, 0)], [(1, 0)])            # straight behind a wall
    assert g.grid_sight([(0, 0)], [(2, 0)], [(1, 1)])                # the wall is beside the line
    assert g.grid_sight([(0, 0)], [(2, 2)], [(5, 5)])                # far away
    assert g.grid_sight([(0, 0), (1, 0)], [(2, 0)], [(1, 0)])        # a square of a piece never blocks


def test_grid_sight_around_a_corner_from_some_point_of_the_square():
    # from (0,0) to (2,1) past an obstacle at (1,0): a line from the lower part of (0,0) clears it
    assert g.grid_sight([(0, 0)], [(2, 1)], [(1, 0)])
    # both (1,0) and (1,1) block the way to (2,1) and (2,0)
    assert not g.grid_sight([(0, 0)], [(2, 1)], [(1, 0), (1, 1)])
    assert not g.grid_sight([(0, 0)], [(2, 0)], [(1, 0), (1, 1)])
    # only the cells between the two squares (their bounding box) are looked at
    assert g.grid_sight([(0, 0)], [(2, 0)], [(1, 1), (1, 2)])
    assert not g.grid_sight([(2, 0)], [(0, 0)], [(1, 0)])
    assert not g.grid_sight([(0, 2)], [(0, 0)], [(0, 1)])
    assert not g.grid_sight([(0, 0)], [(0, 2)], [(0, 1)])


def test_grid_sight_diagonally_past_two_obstacles_touching_at_a_corner():
    # (1,0) and (0,1) meet at a corner on the diagonal from (0,0) to (1,1): every line touches one
    assert not g.grid_sight([(0, 0)], [(1, 1)], [(1, 0), (0, 1)])
    assert g.grid_sight([(0, 0)], [(1, 1)], [(1, 0)])
    assert g.grid_sight([(0, 0)], [(3, 1)], [(2, 0)])
