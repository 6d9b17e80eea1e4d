"""Ruthless: moving on the table, each boundary from both sides.

"On foot 6" in open or 3" in rough; on horse 12" or 8"." A Move is a straight line; it may
end touching an enemy (base contact starts Fisticuffs). A leg wound limits a character to one
Move a turn. A Lily Livered character's every Move must end in cover, or, if he is not in
cover, nearer to it. The loser of Fisticuffs is pushed straight back 2" (less if something is
in the way). Distances are in hundredths of an inch; a foot base is 1" across (radius 50), a
horse's 1.5" (radius 75); bases within 0.25" are in contact; a base within 0.25" of a piece
that gives cover is in cover behind it.
"""

from __future__ import annotations

import pytest

from tabletown.games.ruthless import cards as K
from tabletown.games.ruthless import models as M
from tabletown.games.ruthless import moving as V
from tabletown.games.ruthless.legality import validate

from .test_ruthless_helpers import RULES, acting, arena, card, horse_for, put

S, H, D, C = K.SPADES, K.HEARTS, K.DIAMONDS, K.CLUBS
# On the town table: scrub (soft cover, rough) is a circle of radius 160 at (1000, 1800); the
# street around (1000, 1000) is open. A foot base is in cover within 160 + 50 + 25 = 235 of its
# centre.


def street():
    st = acting(arena(hands=[[card(10, S)], [card(5, C)]]), 0)
    a = put(st, "morgan-earp", 0, [1000, 1000])
    return st, a


def custom(st, cid, traits):
    st["custom"][cid] = {"id": cid, "name": 0, "toughness": 5, "weapons": ["revolver"], "traits": list(traits),
                         "boxes": {"leg": 3, "arm": 3, "chest": 2, "severe": 2}, "mounted": False, "role": "posse"}


# --- how far ------------------------------------------------------------------------------------
def test_move_limits_on_foot_and_on_horseback():
    st, a = street()
    assert V.limits(st, a) == (600, 300)
    horse_for(st, a)
    assert V.limits(st, a) == (1200, 800)


def test_fleet_footed_runs_eight_inches_in_the_open_but_still_three_in_rough():
    st, a = street()
    custom(st, "t", ["fleet-footed"])
    a["card"] = "t"
    assert V.limits(st, a) == (800, 300)
    horse_for(st, a)
    assert V.limits(st, a) == (1200, 800)  # on horseback the horse's legs count


@pytest.mark.parametrize("reach,dx,ok", [(300, 300, True), (300, 301, False), (900, 900, True)])
def test_a_move_given_its_own_reach_goes_that_far(reach, dx, ok):
    st, a = street()
    res = V.check_move(st, a, [1000 + dx, 1000], free=True, reach=reach)
    assert res["ok"] is ok and res["limit"] == reach


def test_the_distance_of_a_move_is_rounded_up_to_the_hundredth():
    st, a = street()
    res = V.check_move(st, a, [1300, 1001])
    assert res["dist"] == 301 and res["limit"] == 600 and res["ok"]


# --- where to ------------------------------------------------------------------------------------
def test_staying_put_is_no_move():
    st, a = street()
    assert V.check_move(st, a, [1000, 1000])["why"] == "nowhere"


@pytest.mark.parametrize("to,ok", [([550, 1000], True), ([450, 1000], True), ([40, 1200], False)])
def test_a_base_must_end_wholly_on_the_table(to, ok):
    st = acting(arena(hands=[[card(10, S)], [card(5, C)]]), 0)
    a = put(st, "morgan-earp", 0, [500, 1000])
    res = V.check_move(st, a, to)
    assert res["ok"] is ok


@pytest.mark.parametrize("x,why", [(50, None), (49, "off-table")])
def test_the_table_edge_boundary(x, why):
    st = acting(arena(hands=[[card(10, S)], [card(5, C)]]), 0)
    a = put(st, "morgan-earp", 0, [400, 1000])
    res = V.check_move(st, a, [x, 1000])
    assert res["why"] == why and res["ok"] is (why is None)


@pytest.mark.parametrize("y,why", [(2950, None), (2951, "off-table")])
def test_the_far_table_edge_boundary(y, why):
    st = acting(arena(table="wash", hands=[[card(10, S)], [card(5, C)]]), 0)
    a = put(st, "morgan-earp", 0, [1800, y - 300])
    res = V.check_move(st, a, [1800, y])
    if why is None and res["why"] == "blocked":
        pytest.skip("a wall stands at the edge here")
    assert res["why"] == why


def test_a_model_may_not_pass_through_a_friend_but_may_pass_beside_him():
    st, a = street()
    put(st, "virgil-earp", 0, [1300, 1100])  # 1" off the line: the bases would just touch
    assert V.check_move(st, a, [1600, 1000])["ok"]
    st, a = street()
    put(st, "virgil-earp", 0, [1300, 1099])
    assert V.check_move(st, a, [1600, 1000])["why"] == "models"


# --- contact ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dest,contact,to", [
    ([1375, 1000], True, [1400, 1000]),   # 1.25" from his centre: bases 0.25" apart, in contact
    ([1376, 1000], True, [1400, 1000]),
    ([1374, 1000], False, [1374, 1000]),
])
def test_a_move_ending_within_contact_of_an_enemy_stops_in_base_contact(dest, contact, to):
    st, a = street()
    e = put(st, "billy-clanton", 1, [1500, 1000])
    res = V.check_move(st, a, dest)
    assert (res["contact"] == e["id"]) is contact
    assert res["to"] == to and res["ok"]


def test_a_friend_close_by_is_no_contact():
    st, a = street()
    put(st, "virgil-earp", 0, [1500, 1000])
    res = V.check_move(st, a, [1375, 1000])
    assert res["contact"] is None and res["ok"] and res["to"] == [1375, 1000]


def test_an_unconscious_enemy_can_be_engaged_but_the_dead_cannot():
    st, a = street()
    e = put(st, "billy-clanton", 1, [1500, 1000], status=M.DOWN)
    assert V.check_move(st, a, [1400, 1000])["contact"] == e["id"]
    e["status"] = M.DEAD
    res = V.check_move(st, a, [1400, 1000])
    assert res["contact"] is None and res["to"] == [1400, 1000] and res["ok"]


def test_a_mounted_enemy_is_engaged_at_his_horses_base():
    st, a = street()
    e = put(st, "billy-clanton", 1, [1500, 1000])
    horse_for(st, e)
    res = V.check_move(st, a, [1500, 1000])
    assert res["contact"] == e["id"] and res["to"] == [1375, 1000]


def test_already_in_contact_the_move_stays_put_and_engages():
    st, a = street()
    e = put(st, "billy-clanton", 1, [1120, 1000])   # bases 0.2" apart: in contact
    res = V.check_move(st, a, [1200, 1000])
    assert res["ok"] and res["contact"] == e["id"] and res["to"] == [1000, 1000]


def test_just_out_of_contact_the_move_closes_the_gap():
    st, a = street()
    e = put(st, "billy-clanton", 1, [1126, 1000])
    res = V.check_move(st, a, [1126, 1000])
    assert res["contact"] == e["id"] and res["to"] == [1026, 1000]


def test_a_charge_needs_the_distance_to_base_contact():
    st, a = street()
    e = put(st, "billy-clanton", 1, [1700, 1000])   # 6" to his base
    assert V.check_move(st, a, [1700, 1000])["ok"]
    e["pos"] = [1701, 1000]
    assert V.check_move(st, a, [1701, 1000])["why"] == "too-far"


# --- a leg wound ------------------------------------------------------------------------------------
@pytest.mark.parametrize("leg,moves,ok", [(0, 1, True), (1, 0, True), (1, 1, False)])
def test_a_leg_wound_allows_one_move_a_turn(leg, moves, ok):
    st, a = street()
    a["wounds"]["leg"] = leg
    a["moves"] = moves
    res = V.check_move(st, a, [1300, 1000])
    assert res["ok"] is ok and (ok or res["why"] == "leg")


def test_a_leg_wound_does_not_stop_a_dash_that_is_no_move_action():
    st, a = street()
    a["wounds"]["leg"] = 1
    a["moves"] = 1
    assert V.check_move(st, a, [1300, 1000], free=True)["ok"]


# --- Lily Livered -----------------------------------------------------------------------------------
@pytest.mark.parametrize("dest,ok", [([1000, 1565], True), ([1000, 1564], False), ([1000, 1900], True)])
def test_lily_livered_in_cover_must_stay_in_cover(dest, ok):
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1700], lily=True)
    res = V.check_move(st, a, dest)
    assert res["ok"] is ok and (ok or res["why"] == "lily")


@pytest.mark.parametrize("dest,ok", [
    ([1000, 1400], True),    # nearer the scrub
    ([700, 1400], False),    # exactly as far from it (5" from its centre, as he stands now)
    ([700, 1401], True),     # a hair nearer
    ([1000, 1200], False),   # further away
])
def test_lily_livered_out_of_cover_must_end_nearer_to_cover(dest, ok):
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1300], lily=True)
    res = V.check_move(st, a, dest)
    assert res["ok"] is ok and (ok or res["why"] == "lily")


def test_a_steady_man_may_leave_cover():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1700])
    assert V.check_move(st, a, [1000, 1450])["ok"]


def test_a_free_dash_ignores_the_lily_livered_rule_it_has_its_own():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1700], lily=True)
    assert V.check_move(st, a, [1000, 1450], free=True)["ok"]


# --- facing and placing -------------------------------------------------------------------------------
@pytest.mark.parametrize("to,facing", [([1100, 1000], 0), ([1000, 1100], 90), ([900, 1000], 180),
                                       ([1000, 900], 270), ([1100, 1100], 45), ([1000, 1000], 0)])
def test_a_model_faces_the_way_he_moved(to, facing):
    assert V.facing_toward([1000, 1000], to) == facing


def test_a_rider_moves_with_his_horse_and_both_face_the_way_they_went():
    st, a = street()
    h = horse_for(st, a)
    V.place_body(st, a, [1000, 1500])
    assert h["pos"] == [1000, 1500] and a["pos"] == [1000, 1500]
    assert h["facing"] == 90 and a["facing"] == 90


def test_placing_a_model_where_he_stands_keeps_his_facing():
    st, a = street()
    a["facing"] = 135
    V.place_body(st, a, [1000, 1000])
    assert a["facing"] == 135


# --- the nearest enemy ------------------------------------------------------------------------------
def test_the_nearest_enemy_is_the_nearest_standing_one():
    st, a = street()
    near_down = put(st, "billy-clanton", 1, [1200, 1000], status=M.DOWN)
    far_up = put(st, "ike-clanton", 1, [2000, 1000])
    put(st, "virgil-earp", 0, [1100, 1000])
    assert V.nearest_enemy(st, a)["id"] == far_up["id"]
    far_up["status"] = M.DEAD
    assert V.nearest_enemy(st, a)["id"] == near_down["id"]  # only the unconscious left
    near_down["status"] = M.DEAD
    assert V.nearest_enemy(st, a) is None


def test_of_two_enemies_equally_near_the_first_placed():
    st, a = street()
    first = put(st, "billy-clanton", 1, [1000, 1500])
    put(st, "ike-clanton", 1, [1500, 1000])
    assert V.nearest_enemy(st, a)["id"] == first["id"]
    closer = put(st, "tom-mclaury", 1, [1499, 1000])
    assert V.nearest_enemy(st, a)["id"] == closer["id"]


# --- pushed back ------------------------------------------------------------------------------------
def test_the_loser_is_pushed_straight_back_two_inches_facing_the_same_way():
    st, a = street()
    loser = put(st, "billy-clanton", 1, [1100, 1000], facing=180)
    to = V.push_back(st, loser, a["pos"])
    assert to == [1300, 1000] and loser["pos"] == [1300, 1000] and loser["facing"] == 180


def test_a_push_back_stops_short_of_what_is_in_the_way():
    st, a = street()
    loser = put(st, "billy-clanton", 1, [1100, 1000])
    put(st, "ike-clanton", 1, [1350, 1000])  # his friend stands 2.5" behind him
    to = V.push_back(st, loser, a["pos"])
    assert 1100 < to[0] < 1300 and to[1] == 1000
    assert to[0] + 100 <= 1350 + 1


def test_a_loser_with_no_room_stays_where_he_is():
    st, a = street()
    loser = put(st, "billy-clanton", 1, [1100, 1000])
    put(st, "ike-clanton", 1, [1201, 1000])
    assert V.push_back(st, loser, a["pos"]) == [1100, 1000]


def test_a_mounted_loser_is_pushed_back_with_his_horse():
    st, a = street()
    loser = put(st, "billy-clanton", 1, [1125, 1000])
    h = horse_for(st, loser)
    V.push_back(st, loser, a["pos"])
    assert h["pos"] == [1325, 1000] and loser["pos"] == [1325, 1000]


# --- suggested points -------------------------------------------------------------------------------
def test_suggested_points_charge_an_enemy_in_reach_and_back_away():
    st, a = street()
    e = put(st, "billy-clanton", 1, [1500, 1000])
    tags = dict(V.suggestions(st, a))
    assert tags["charge"] == [1400, 1000]
    assert tags["back"][0] < 1000 and V.check_move(st, a, tags["back"])["ok"]
    del e


def test_no_charge_is_suggested_at_an_enemy_out_of_reach_but_an_advance_is():
    st, a = street()
    put(st, "billy-clanton", 1, [2400, 1000])
    tags = dict(V.suggestions(st, a))
    assert "charge" not in tags
    assert tags["advance"] == [1600, 1000]


def test_an_advance_stops_an_inch_short_of_base_contact():
    st, a = street()
    put(st, "billy-clanton", 1, [1800, 1000])
    tags = dict(V.suggestions(st, a))
    assert "charge" not in tags               # base contact is 7" away
    assert tags["advance"] == [1600, 1000]   # a 1" gap left to his base


def test_a_suggestion_toward_nearby_cover():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1300])
    put(st, "billy-clanton", 1, [1000, 2200])
    from tabletown.games.ruthless import ground as G
    tags = dict(V.suggestions(st, a))
    assert G.in_cover(G.ground(st["table"]), tuple(tags["cover"]), 50)


def test_a_lily_livered_man_out_of_reach_of_cover_runs_as_far_toward_it_as_he_can():
    from tabletown.games.ruthless import ground as G
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [3500, 1500], lily=True)   # the east end of the town's street
    put(st, "billy-clanton", 1, [1000, 1000])
    g = G.ground(st["table"])
    before = G.cover_distance(g, (3500, 1500), 50)
    assert before > 600                                       # no cover within one Move
    spot = V.flee_spot(st, a)
    assert spot is not None and spot["ok"]
    after = G.cover_distance(g, tuple(spot["to"]), 50)
    assert before - after >= 450                              # most of a Move nearer to cover


def test_a_lily_livered_man_already_in_cover_stays_there():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1700], lily=True)
    put(st, "billy-clanton", 1, [1000, 1000])
    assert V.flee_spot(st, a) is None


# --- running for cover ------------------------------------------------------------------------------
def test_the_nearest_place_in_cover_when_no_enemy_threatens():
    from tabletown.games.ruthless import ground as G
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1150, 1600])     # the scrub is 0.15" away, the wagon 3.2"
    spot = V.cover_spot(st, a, within=600, free=True)
    assert spot["dist"] <= 50 and G.in_cover(G.ground(st["table"]), tuple(spot["to"]), 50)


def test_cover_against_the_threat_is_preferred_to_nearer_cover_in_his_sight():
    from tabletown.games.ruthless import ground as G
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1150, 1600])
    threat = [1700, 700]                             # north of the wagon: the scrub would give only soft cover
    spot = V.cover_spot(st, a, within=600, free=True, threat=threat)
    g = G.ground(st["table"])
    assert G.cover(g, (1700, 700), tuple(spot["to"]), 50) == "hard"
    assert spot["to"][1] > 1410                      # behind the wagon, south of it


@pytest.mark.parametrize("within,found", [(44, False), (45, True)])
def test_cover_is_looked_for_only_within_the_distance_given(within, found):
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1150, 1600])
    nearest = V.cover_spot(st, a, within=600, free=True)["dist"]
    assert nearest == 45
    assert (V.cover_spot(st, a, within=within, free=True) is not None) is found


def test_a_lily_livered_man_runs_to_the_cover_that_hides_him_from_the_nearest_enemy():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1150, 1600], lily=True)
    put(st, "billy-clanton", 1, [1700, 700])
    put(st, "ike-clanton", 1, [3400, 2200])
    spot = V.flee_spot(st, a)
    assert spot["to"][1] > 1410 and spot["to"][0] >= 1400


def test_a_mounted_loser_and_his_horse_keep_facing_the_way_they_faced():
    st, a = street()
    loser = put(st, "billy-clanton", 1, [1125, 1000], facing=180)
    h = horse_for(st, loser)
    V.push_back(st, loser, a["pos"])
    assert h["facing"] == 180 and loser["facing"] == 180


def test_a_charge_may_not_pass_through_a_friend_on_the_way():
    st, a = street()
    put(st, "virgil-earp", 0, [1250, 1000])
    put(st, "billy-clanton", 1, [1500, 1000])
    res = V.check_move(st, a, [1500, 1000])
    assert not res["ok"] and res["why"] == "models"


def test_a_charge_may_not_pass_through_another_enemy_on_the_way():
    st, a = street()
    put(st, "ike-clanton", 1, [1600, 1300])
    put(st, "tom-mclaury", 1, [1250, 1000])
    e = put(st, "billy-clanton", 1, [1500, 1000])
    res = V.check_move(st, a, [1500, 1000])
    assert res["contact"] == e["id"] and not res["ok"] and res["why"] == "models"


def test_backing_away_goes_straight_away_from_the_nearest_enemy():
    st, a = street()
    put(st, "billy-clanton", 1, [1500, 1300])
    back = dict(V.suggestions(st, a))["back"]
    # on the line from the enemy through him, beyond him
    assert back[0] < 1000 and back[1] < 1000
    assert abs((back[0] - 1000) * 300 - (back[1] - 1000) * 500) <= 500 * 2


def test_a_loser_standing_on_the_winners_spot_is_pushed_south():
    st = acting(arena(hands=[[card(10, S)], [card(5, C)]]), 0)
    loser = put(st, "billy-clanton", 1, [1100, 1001])
    assert V.push_back(st, loser, [1100, 1001]) == [1100, 1201]


def test_no_cover_suggestion_for_a_man_already_standing_in_it():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1760])        # in the scrub, its best spot 0.4" away
    put(st, "billy-clanton", 1, [1000, 1000])
    assert V.cover_spot(st, a, within=600, threat=[1000, 1000])["to"] == [1000, 1800]
    assert "cover" not in dict(V.suggestions(st, a))


def test_an_advance_on_a_near_enemy_stops_an_inch_short_of_his_base():
    st, a = street()
    put(st, "billy-clanton", 1, [1750, 1000])          # base contact 6.5" away: no charge
    tags = dict(V.suggestions(st, a))
    assert "charge" not in tags
    assert tags["advance"] == [1550, 1000]


def test_a_base_may_brush_past_another_to_the_hundredth():
    st, a = street()
    put(st, "virgil-earp", 0, [1254, 980])             # 0.99998" from the line of the move
    assert V.check_move(st, a, [1300, 1101])["ok"]
    st, a = street()
    put(st, "virgil-earp", 0, [1254, 981])
    assert V.check_move(st, a, [1300, 1101])["why"] == "models"


def two_men_close_by(version):
    """Virgil east of a trough in the town; Doc Holliday on his feet across it and Wyatt lying
    beside Doc (Wyatt first in the table's order). A straight run at Doc stays clear of the
    trough; a run at Wyatt's base would cross it (rough ground: 3")."""
    st = arena(hands=[[card(10, S)], [card(5, C)]])
    st["v"] = version
    v = put(st, "virgil-earp", 0, [2840, 2103])
    put(st, "wyatt-earp", 1, [2455, 2445], status=M.DOWN)
    doc = put(st, "doc-holliday", 1, [2320, 2390])
    return acting(st, 0, select=v["id"]), v, doc


def test_a_suggested_charge_beside_a_second_enemy_runs_at_the_man_it_was_suggested_for():
    st, v, doc = two_men_close_by(8)
    landing = dict(V.suggestions(st, v))["charge"]
    res = V.check_move(st, v, landing)
    assert res["ok"] and res["contact"] == doc["id"] and res["to"] == landing   # the same charge, accepted
    assert {"type": "move", "model": v["id"], "to": landing} in RULES.legal(st, 0)


@pytest.mark.parametrize("version", [7, 8])
def test_every_move_the_game_offers_beside_two_enemies_is_one_it_accepts(version):
    st, v, _ = two_men_close_by(version)
    offered = [a for a in RULES.legal(st, 0) if a["type"] == "move"]
    assert offered
    for action in offered:
        validate(st, 0, action)   # an offered move is never refused ("That is further than he can move.")
