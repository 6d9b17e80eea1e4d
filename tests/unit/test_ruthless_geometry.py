"""The table's geometry with worked cases: distances, line of sight, cover, rough ground,
being in cover, and the places to hide."""

from __future__ import annotations

import pytest

from tabletown.games.ruthless import ground as G

TOWN = G.ground("town")
DODGE = G.ground("dodge-city")


@pytest.mark.parametrize("a,b,d", [((0, 0), (300, 400), 500), ((1000, 1000), (1600, 1000), 600), ((0, 0), (1, 1), 1)])
def test_distances_in_hundredths_of_an_inch(a, b, d):
    assert G.distance(a, b) == d


def test_a_building_hides_what_is_behind_it():
    visible, partly = G.sight(TOWN, (1200, 700), (1750, 250), 50)
    assert not visible


def test_round_a_corner_a_target_is_partly_hidden_hard_cover():
    visible, partly = G.sight(TOWN, (1480, 700), (1750, 250), 50)
    assert visible and partly
    assert G.cover(TOWN, (1480, 700), (1750, 250), 50) == "hard"


def test_open_street_no_cover():
    assert G.cover(TOWN, (1000, 1000), (2000, 1000), 50) is None


def test_scrub_is_soft_cover_for_a_man_standing_in_it():
    assert G.cover(TOWN, (1000, 1200), (1000, 1800), 50) == "soft"


def test_cover_counts_only_within_two_inches_of_the_target():
    # the wagon (x 1500-1900, y 1250-1410) lies on the line; the target is 2" beyond it or further
    assert G.cover(TOWN, (1700, 900), (1700, 1410 + 50 + 200), 50) == "hard"
    assert G.cover(TOWN, (1700, 900), (1700, 1410 + 50 + 200 + 60), 50) is None


def test_a_piece_the_firer_stands_in_gives_the_target_no_cover():
    assert G.cover(TOWN, (1000, 1800), (1000, 1700), 50) is None


def test_the_railway_embankment_is_hard_cover_and_does_not_block_sight():
    visible, _ = G.sight(DODGE, (1500, 660), (1500, 2040), 50)
    assert visible
    assert G.cover(DODGE, (1500, 660), (1500, 2040), 50) == "hard"


def test_rough_ground_crossed_by_a_path():
    assert [p.kind for p in G.rough_crossed(TOWN, (2200, 1700), (2450, 1700))] == ["fence"]
    assert G.rough_crossed(TOWN, (2200, 1400), (2200, 1450)) == []


def test_in_cover_when_hugging_a_piece():
    assert G.in_cover(TOWN, (1450, 1300), 50)  # beside the wagon
    assert not G.in_cover(TOWN, (1300, 1300), 50)


def test_hiding_spots_are_all_in_cover_and_clear_of_walls():
    for table in ("town", "wash", "ranch", "canyon", "dodge-city", "wagon-road"):
        g = G.ground(table)
        spots = G.hiding_spots(table, 50)
        assert spots
        for p, _ in spots:
            assert G.in_cover(g, p, 50) and G.clear_of_walls(g, p, 50) and G.on_table(g, p, 50)


def test_shape_distance():
    wagon = next(p for p in TOWN.pieces if p.kind == "wagon")
    assert G.shape_distance(wagon, (1500, 1200)) == 50
    assert G.shape_distance(wagon, (1600, 1300)) == 0


@pytest.mark.parametrize("a,b", [
    ((2000, 500), (2000, 1400)),   # past its east side (the rock: centre 1800, 950; radius 260)
    ((1300, 1150), (2300, 1150)),  # past its south side
    ((1600, 500), (1600, 1400)),   # past its west side
    ((1300, 750), (2300, 750)),    # past its north side
])
def test_a_round_rock_hides_what_is_behind_any_side_of_it(a, b):
    road = G.ground("wagon-road")
    visible, _ = G.sight(road, a, b, 50)
    assert not visible
