"""The Move preview: what the board shows under the pointer before a Move is made, worked out
from a seat's view alone (`Rules.preview`).

"On FOOT 6” or 3” (Open vs. Rough) On HORSE 12” or 8” (Open vs. Rough)"
"Rough ground includes scrub, shallow rivers, fences, doorways and agreed obstacles."
"A leg wound limits a character to one Move per turn"

The town table has scrub round (1000, 1800) with a radius of 1.6″, a fence along x 23–23.2″
from y 15″ to 20″, and a row of buildings along the top edge (the second from x 9″ to 16″,
down to y 5″, the bank), and a wagon in the street from x 15″ to 19″, y 12.5″ to 14.1″.
"""

from __future__ import annotations

import math

import pytest

from .test_ruthless_helpers import RULES, acting, arena, horse_for, play, put


def mover(at, who="morgan-earp", **fields):
    st = acting(arena(), 0)
    a = put(st, who, 0, at, **fields)
    st["selected"] = a["id"]
    return st, a


def ghost(st, point, seat=0):
    """The preview of moving to `point`, from the acting seat's view."""
    [kind] = [k for k in RULES.params(st, seat) if k["what"] == "move"]
    return RULES.preview(RULES.view(st, seat), seat, kind, point)


def test_in_the_open_on_foot_six_inches_and_what_is_left():
    st, a = mover([1000, 1000])
    p = ghost(st, [1400, 1000])
    assert p["ok"] and not p["snapped"] and p["to"] == [1400, 1000]
    assert (p["dist"], p["allowance"], p["left"]) == (400, 600, 200)
    assert p["crosses"] == [] and p["why"] is None


def test_mounted_twelve_inches_in_the_open():
    st, a = mover([1000, 1000])
    horse_for(st, a)
    p = ghost(st, [2100, 1000])
    assert p["ok"] and not p["snapped"] and p["mounted"]
    assert (p["allowance"], p["left"]) == (1200, 100)


def test_mounted_through_rough_ground_eight_inches():
    st, a = mover([1000, 900])
    horse_for(st, a)
    p = ghost(st, [1000, 1700])  # 8″ straight into the scrub
    assert p["ok"] and (p["dist"], p["allowance"], p["left"]) == (800, 800, 0)
    beyond = ghost(st, [1000, 2100])  # 12″ away, through the scrub: 8″ is all he gets
    assert beyond["snapped"] and beyond["to"] == [1000, 1700] and beyond["why"] == "rough"


def test_a_path_into_rough_ground_is_limited_to_three_inches_and_says_which_ground():
    st, a = mover([1000, 1500])
    inside = ghost(st, [1000, 1750])
    assert inside["ok"] and (inside["dist"], inside["allowance"], inside["left"]) == (250, 300, 50)
    assert [(c["kind"], c["what"]) for c in inside["crosses"]] == [("scrub", "rough")]
    # 4″ through the scrub is more than the 3″ rough ground allows: he stops at 3″, and it says why
    far = ghost(st, [1000, 1900])
    assert far["ok"] and far["snapped"] and far["to"] == [1000, 1800] and far["dist"] == 300
    assert far["why"] == "rough" and far["because"]["kind"] == "scrub"
    assert far["asked"] == [1000, 1900] and far["asked_dist"] == 400


def test_a_fence_is_rough_ground():
    st, a = mover([2100, 1700])
    p = ghost(st, [2500, 1700])  # 4″ east, over the fence
    assert p["snapped"] and p["dist"] == 300 and p["why"] == "rough" and p["because"]["kind"] == "fence"
    assert RULES.check_param(st, 0, {"type": "move", "model": a["id"], "to": p["to"]}) is None


def test_stopping_short_of_rough_ground_keeps_the_open_allowance():
    # The scrub's edge is 3.4″ ahead: crossing into it would cut the move to 3″, so the farthest
    # he can go that way is to its edge, in the open.
    st, a = mover([1000, 1300])
    p = ghost(st, [1000, 2100])
    assert p["ok"] and p["snapped"] and p["why"] == "rough-ahead" and p["because"]["kind"] == "scrub"
    assert 330 <= p["dist"] < 340 and p["allowance"] == 600 and p["crosses"] == []


def test_out_of_reach_in_the_open_stops_at_six_inches():
    st, a = mover([1000, 1000])
    p = ghost(st, [2000, 1000])
    assert p["snapped"] and p["to"] == [1600, 1000] and p["why"] == "reach" and p["left"] == 0


def test_a_building_stops_the_path_at_its_wall():
    st, a = mover([1000, 900])
    p = ghost(st, [1000, 300])  # into the bank above
    assert p["ok"] and p["snapped"] and p["why"] == "wall" and p["because"]["label"] == "bank"
    assert 545 <= p["to"][1] <= 560 and p["to"][0] == 1000  # his base (½″) touches the wall at y 5″


def test_a_wagon_in_the_street_is_a_wall_the_path_crosses():
    st, a = mover([1700, 1700])
    p = ghost(st, [1700, 1100])  # the wagon lies across the way from y 12.5″ to 14.1″
    assert p["snapped"] and p["why"] == "wall" and p["because"]["kind"] == "wagon"
    assert 1460 <= p["to"][1] <= 1470


def test_a_model_in_the_way_stops_the_path_before_him():
    st, a = mover([1000, 1000])
    friend = put(st, "wyatt-earp", 0, [1300, 1000])
    p = ghost(st, [1500, 1000])
    assert p["snapped"] and p["why"] == "model" and p["because"]["model"] == friend["id"]
    assert p["to"][0] <= 1200 - 0 and math.dist(p["to"], [1300, 1000]) >= 99


def test_the_table_edge():
    st, a = mover([200, 1000])
    p = ghost(st, [-200, 1000])
    assert p["snapped"] and p["why"] == "edge" and p["to"] == [50, 1000]


@pytest.mark.parametrize("moves", [0, 1])
def test_a_leg_wound_allows_one_move(moves):
    st, a = mover([1000, 1000])
    a["wounds"]["leg"] = 1
    a["moves"] = moves
    kinds = [k for k in RULES.params(st, 0) if k["what"] == "move"]
    if moves:
        assert kinds == []  # the one Move is spent: the table offers none
        return
    p = ghost(st, [1300, 1000])
    assert p["ok"] and p["leg"]


def test_a_refused_point_is_not_snapped_and_says_why():
    st, a = mover([1000, 1000])
    p = ghost(st, [1000, 1000])
    assert not p["ok"] and p["why"] == "nowhere"


def test_the_snapped_point_is_a_move_the_rules_accept():
    st, a = mover([1000, 1300])
    for point in ([1000, 2100], [1000, 1900], [2000, 1000], [1200, 200], [-300, 1300], [2600, 1900]):
        p = ghost(st, point)
        assert p["ok"], point
        after, events = play(st, 0, {"type": "move", "model": a["id"], "to": p["to"]})
        assert after["models"][a["id"]]["pos"] == p["to"]


def test_a_charge_lands_in_contact_and_names_the_enemy():
    st, a = mover([1000, 1000])
    e = put(st, "billy-claiborne", 1, [1400, 1000])
    p = ghost(st, [1400, 1000])
    assert p["ok"] and p["contact"] == e["id"] and p["to"][0] < 1400


def test_the_preview_needs_only_the_view():
    st, a = mover([1000, 1500])
    view = RULES.view(st, 1)  # the other posse's view: no hand of seat 0, no deck
    [kind] = RULES.params(st, 0)
    p = RULES.preview(view, 1, kind, [1000, 1900])
    assert p["to"] == [1000, 1800]


def test_a_value_that_is_no_point_has_no_preview():
    st, a = mover([1000, 1000])
    [kind] = RULES.params(st, 0)
    view = RULES.view(st, 0)
    assert RULES.preview(view, 0, kind, "north") is None
    assert RULES.preview(view, 0, kind, [1.5, 2]) is None
    assert RULES.preview(view, 0, dict(kind, what="place"), [1000, 1000]) is None


def test_a_drive_or_a_dash_is_previewed_as_a_straight_path_with_the_ground_it_crosses():
    st, a = mover([1000, 1500])
    view = RULES.view(st, 0)
    drive = {"what": "drive", "model": a["id"], "origin": [1000, 1500], "reach": 600, "rough": 300}
    into_scrub = RULES.preview(view, 0, drive, [1000, 1750])
    assert into_scrub["what"] == "path" and into_scrub["ok"]
    assert (into_scrub["dist"], into_scrub["limit"]) == (250, 300)  # rough ground: the shorter reach
    assert [c["kind"] for c in into_scrub["rough"]] == ["scrub"] and into_scrub["walls"] == []
    too_far = RULES.preview(view, 0, drive, [1000, 1900])
    assert not too_far["ok"] and too_far["dist"] == 400
    dash = RULES.preview(view, 0, {"what": "snap-move", "origin": [1000, 1000], "reach": 300}, [1200, 1000])
    assert dash["ok"] and (dash["dist"], dash["limit"]) == (200, 300)
