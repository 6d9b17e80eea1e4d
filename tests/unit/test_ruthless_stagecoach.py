"""Ruthless, Riding Shotgun: the stagecoach, each boundary from both sides.

The coach is a 2" by 6" body with a facing. Once a turn the driver may Drive: the coach turns
up to 45° and rolls straight ahead up to 6" (3" if the way touches rough ground). Whip the
team adds 3" (1.5" in rough ground). The team is two pairs of horses, each killed by three
hits: one pair down halves the Drive, both down stop the coach. A Drive that runs over a model
rams it. A coach driven off the east edge has got away. On the wagon road (48" by 30") a dry
wash (rough) crosses the road between x = 29.3" and 31.3" at the coach's height.
"""

from __future__ import annotations

import math

import pytest

from tabletown.games.ruthless import coach as CO
from tabletown.games.ruthless import models as M

from .test_ruthless_helpers import RULES, SPEC, acting, play, put


def shotgun(pos=None, facing=0):
    st = acting(RULES.setup(2, 2, SPEC.normalize(2, {"scenario": "riding-shotgun"})), 0)
    for m in M.side_chars(st, 1):   # the road agents wait out of the way, off the table
        m["status"] = M.GONE
        if m["horse"] is not None:
            st["models"][m["horse"]]["status"] = M.DEAD
            st["models"][m["horse"]]["rider"] = None
            m["horse"] = None
    if pos is not None:
        st["coach"]["pos"] = list(pos)
        st["coach"]["facing"] = facing
        for m in M.chars(st):
            if m["aboard"]:
                m["pos"] = list(pos)
    return st


def drive_to(st, dx, dy=0):
    x, y = st["coach"]["pos"]
    return CO.check_drive(st, [x + dx, y + dy])


# --- how far ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("hits,whipped,open_,rough", [
    (0, False, 600, 300), (0, True, 900, 450),
    (2, False, 600, 300),                        # two hits: both pairs still pull
    (3, False, 300, 150), (3, True, 450, 225),   # one pair dead: half as far
    (5, False, 300, 150),
    (6, False, 0, 0), (6, True, 0, 0),           # both pairs dead: the coach stands
])
def test_how_far_the_coach_drives(hits, whipped, open_, rough):
    st = shotgun()
    st["coach"]["hits"] = hits
    st["coach"]["whipped"] = whipped
    assert CO.drive_limit(st, False) == open_
    assert CO.drive_limit(st, True) == rough


@pytest.mark.parametrize("dx,ok", [(300, True), (301, False)])
def test_half_a_drive_with_one_pair_dead(dx, ok):
    st = shotgun()
    st["coach"]["hits"] = 3
    assert drive_to(st, dx)["ok"] is ok


def test_a_drive_through_the_dry_wash_is_a_rough_drive():
    st = shotgun(pos=[2500, 1490])
    res = drive_to(st, 300)          # stops short of the water
    assert res["ok"] and res["rough"] == [] and res["limit"] == 600
    res = drive_to(st, 500)          # into the water
    assert res["rough"] and res["limit"] == 300 and res["why"] == "too-far"
    st["coach"]["whipped"] = True
    res = drive_to(st, 450)
    assert res["rough"] and res["limit"] == 450 and res["ok"]


def test_a_drive_nowhere_is_no_drive():
    st = shotgun()
    assert drive_to(st, 0)["why"] == "nowhere"
    assert drive_to(st, 1)["ok"]


def test_the_coach_faces_the_way_it_drove():
    st = shotgun(pos=[1000, 1490])
    res = drive_to(st, 200, 200)
    assert res["ok"] and res["facing"] == 45
    res = drive_to(st, 200, -200)
    assert res["ok"] and res["facing"] == 315


def test_the_turn_is_measured_from_the_coachs_facing():
    st = shotgun(pos=[1000, 1500], facing=90)        # facing south
    assert drive_to(st, 0, 400)["ok"]
    assert drive_to(st, 400, 400)["ok"]              # 45° to the east of south
    assert drive_to(st, 400, 0)["why"] == "turn"     # 90°: too sharp
    st["coach"]["facing"] = 350                      # nearly east: 10° from it, across 0°
    assert drive_to(st, 400, 0)["ok"]


# --- the table's edges ------------------------------------------------------------------------------
@pytest.mark.parametrize("pos,facing,to,why", [
    ([4500, 2500], 90, [4500, 2800], None), ([4500, 2500], 90, [4500, 2801], "off-table"),
    ([4500, 500], 270, [4500, 200], None), ([4500, 500], 270, [4500, 199], "off-table"),
    ([800, 2600], 180, [300, 2600], None), ([800, 2600], 180, [299, 2600], "off-table"),
])
def test_the_coach_stays_on_the_table(pos, facing, to, why):
    st = shotgun(pos=pos, facing=facing)
    res = CO.check_drive(st, to)
    assert res["why"] == why and res["ok"] is (why is None)


@pytest.mark.parametrize("to,away", [([4799, 1490], False), ([4800, 1490], True), ([4900, 1490], True)])
def test_driven_to_the_east_edge_the_coach_gets_away(to, away):
    st = shotgun(pos=[4400, 1490])
    res = CO.check_drive(st, to)
    assert res["away"] is away and res["ok"]


@pytest.mark.parametrize("pos,facing,to,ok", [
    ([4700, 100], 315, [4800, 0], True), ([4700, 100], 315, [4800, -1], False),
    ([4700, 2900], 45, [4800, 3000], True), ([4700, 2900], 45, [4800, 3001], False),
])
def test_getting_away_means_leaving_by_the_east_edge_not_past_a_corner(pos, facing, to, ok):
    st = shotgun(pos=pos, facing=facing)
    res = CO.check_drive(st, to)
    assert res["away"] and res["ok"] is ok and (ok or res["why"] == "off-table")


def test_a_rock_in_front_of_the_coach_blocks_it():
    st = shotgun(pos=[1000, 950])
    assert drive_to(st, 200)["ok"]                 # its front stops 0.4" short of the rock at (18", 9.5")
    assert drive_to(st, 300)["why"] == "blocked"   # ... and here it would hit it
    st = shotgun(pos=[1000, 1490])
    assert drive_to(st, 300)["ok"]


# --- ramming ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("offset,rammed", [(149, True), (150, False), (0, True)])
def test_a_model_within_the_coachs_path_is_rammed(offset, rammed):
    st = shotgun(pos=[1000, 1490])
    walker = put(st, "ike-clanton", 1, [1500, 1490 + offset])
    res = drive_to(st, 300)
    assert (walker["id"] in res["rams"]) is rammed


def test_a_model_just_beyond_the_front_of_the_coach_is_not_rammed():
    st = shotgun(pos=[1000, 1490])
    near = put(st, "ike-clanton", 1, [1000 + 300 + 300 + 49, 1490])
    far = put(st, "billy-clanton", 1, [1000 + 300 + 300 + 151, 1490])
    res = drive_to(st, 300)
    assert near["id"] in res["rams"] and far["id"] not in res["rams"]


def test_a_rammed_model_is_thrown_to_the_nearer_side_clear_of_the_coach():
    st = shotgun(pos=[1000, 1490])
    above = put(st, "ike-clanton", 1, [1150, 1470])
    below = put(st, "billy-clanton", 1, [1250, 1510])
    to_above = CO.push_aside(st, above, [1000, 1490], [1300, 1490])
    to_below = CO.push_aside(st, below, [1000, 1490], [1300, 1490])
    assert to_above[1] <= 1490 - 100 - 50 and to_below[1] >= 1490 + 100 + 50
    assert to_above[0] == 1150 and to_below[0] == 1250


# --- the coach's body and its people -------------------------------------------------------------------
def test_the_coach_is_six_inches_long_and_two_wide():
    st = shotgun(pos=[2000, 1500])
    assert sorted(CO.corners(st["coach"])) == sorted([(2300, 1600), (2300, 1400), (1700, 1400), (1700, 1600)])
    turned = CO.corners(st["coach"], facing=90)
    assert sorted(turned) == sorted([(1900, 1800), (2100, 1800), (2100, 1200), (1900, 1200)])


def test_the_team_is_shot_at_two_inches_ahead_of_the_coachs_centre():
    st = shotgun(pos=[2000, 1500])
    assert CO.team_point(st["coach"]) == [2200, 1500]
    st["coach"]["facing"] = 90
    assert CO.team_point(st["coach"]) == [2000, 1700]


@pytest.mark.parametrize("y,near", [(1675, True), (1676, False)])
def test_a_man_touching_the_coach_is_in_contact_with_it(y, near):
    st = shotgun(pos=[2000, 1500])
    assert CO.near_coach(st["coach"], [2000, y], 50) is near


@pytest.mark.parametrize("y,hits", [(1649, True), (1650, False)])
def test_a_base_passing_beside_the_coach(y, hits):
    st = shotgun(pos=[2000, 1500])
    assert CO.corridor_hits_coach(st["coach"], (1500, y), (2500, y), 50) is hits


def test_a_path_straight_through_the_coach_hits_it():
    st = shotgun(pos=[2000, 1500])
    assert CO.corridor_hits_coach(st["coach"], (2000, 1000), (2000, 2000), 50)


def test_the_driver_is_the_standing_man_with_the_reins_on_the_box():
    st = shotgun()
    drv = CO.driver(st)
    assert drv["card"] == "buck-lawson"
    drv["status"] = M.DOWN
    assert CO.driver(st) is None
    drv["status"] = M.OK
    drv["aboard"] = "inside"
    assert CO.driver(st) is None


def test_seats_are_taken_by_the_living_aboard():
    st = shotgun()
    assert CO.seats_taken(st, "box") == 2 and CO.seats_taken(st, "inside") == 2
    guard = next(m for m in M.chars(st) if m["card"] == "jess-harlan")
    guard["status"] = M.DOWN
    assert CO.seats_taken(st, "box") == 2       # an unconscious guard still sits there
    guard["status"] = M.DEAD
    assert CO.seats_taken(st, "box") == 1


# --- suggested drives -----------------------------------------------------------------------------------
def test_suggested_drives_go_ahead_and_turn_left_and_right():
    st = shotgun(pos=[1000, 1490])
    found = CO.suggestions(st)
    tags = dict(found)
    assert [tag for tag, _ in found] == ["ahead", "left", "right"]
    assert tags["ahead"] == [1600, 1490]
    left, right = tags["left"], tags["right"]
    assert left[1] < 1490 < right[1]
    assert all(CO.check_drive(st, p)["ok"] for _, p in found)
    # the rocks north of the road stop a 6" turn to the left here: the 3" one is offered
    assert 299 <= math.dist([1000, 1490], left) <= 300
    assert 599 <= math.dist([1000, 1490], right) <= 600


def test_near_the_east_edge_the_suggestion_is_to_get_away():
    st = shotgun(pos=[4400, 1490])
    found = CO.suggestions(st)
    assert found[0] == ("away", [4800, 1490])


def test_a_stopped_coach_has_no_suggested_drives():
    st = shotgun(pos=[1000, 1490])
    st["coach"]["hits"] = 6
    assert CO.suggestions(st) == []


def test_in_the_wash_the_suggestion_is_the_rough_drive():
    st = shotgun(pos=[2700, 1490])
    tags = dict(CO.suggestions(st))
    assert tags["ahead"] == [3000, 1490]


def test_a_rammed_model_lands_just_clear_of_a_coach_driving_on_a_slant():
    st = shotgun(pos=[1000, 1000], facing=45)
    walker = put(st, "ike-clanton", 1, [1150, 1160])
    to = CO.push_aside(st, walker, [1000, 1000], [1300, 1300])
    off_line = abs(to[0] - to[1]) / math.sqrt(2)       # the path runs along y = x
    assert 150 <= off_line <= 200                        # clear of the coach's side, not flung away
    assert abs((to[0] + to[1]) - (1150 + 1160)) <= 30   # thrown sideways, not along the road
    assert to[1] > to[0]                                  # to his own side of the path


def test_a_suggested_turn_is_thirty_degrees_each_way():
    st = shotgun(pos=[1000, 1490])
    found = dict(CO.suggestions(st))
    assert CO.check_drive(st, found["left"])["facing"] == 330
    assert CO.check_drive(st, found["right"])["facing"] == 30


def test_the_driver_of_a_game_loaded_from_its_saved_record():
    import json
    st = json.loads(json.dumps(shotgun()))
    assert CO.driver(st)["card"] == "buck-lawson"


def test_driving_south_the_coach_rams_what_its_front_reaches():
    st = shotgun(pos=[1000, 1500], facing=90)
    near = put(st, "ike-clanton", 1, [1000, 2149])     # 0.49" beyond where the front stops (21")
    far = put(st, "billy-clanton", 1, [1000, 2251])
    res = drive_to(st, 0, 300)
    assert res["ok"] and near["id"] in res["rams"] and far["id"] not in res["rams"]


@pytest.mark.parametrize("dx,dy,ok", [(400, 280, True), (400, 290, False)])
def test_a_turn_of_45_degrees_across_east(dx, dy, ok):
    st = shotgun(pos=[1000, 1500], facing=350)          # 10° north of east
    res = drive_to(st, dx, dy)                           # to 34.99° (a 44.99° turn) or 35.94°
    assert res["ok"] is ok and (ok or res["why"] == "turn")


@pytest.mark.parametrize("hits,pairs", [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2)])
def test_the_board_is_told_how_many_pairs_of_the_team_are_dead(hits, pairs):
    """Three hits kill a pair of the team (the drive is halved), six both (the coach stands): the
    figures the board draws from say the same as the drive does."""
    st = shotgun()
    st["coach"]["hits"] = hits
    view = RULES.view(st, 0)
    RULES.derive(st, view, 0)
    assert view["derived"]["coach"]["pairs_dead"] == pairs
    assert (CO.drive_limit(st, False) == 0) == (pairs == 2)


def test_whipping_the_team_is_not_a_shot_for_a_driver_with_an_arm_wound():
    """"An arm wound [limits a character] to one Shoot per turn"; cracking the whip over the
    team is an action, not a shot, so the wounded driver may still shoot after it."""
    st = shotgun(pos=[1200, 1490])
    drv = CO.driver(st)
    drv["wounds"]["arm"] = 1
    agent = next(m for m in M.side_chars(st, 1))
    agent["status"], agent["pos"] = M.OK, [drv["pos"][0] + 400, drv["pos"][1]]
    st["selected"] = drv["id"]
    st, _ = play(st, 0, {"type": "whip", "model": drv["id"]})
    assert st["coach"]["whipped"]
    assert any(a["type"] == "shoot" and a["model"] == drv["id"] for a in RULES.legal(st, 0))
