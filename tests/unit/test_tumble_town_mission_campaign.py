"""Tumble Town, Mission Mode: clearing a mission and moving on, from the rulebook's words.

"After each game, any player who completed the mission moves on to the next mission and
any player that did not complete their mission stays on that mission." "The Solo Mission
Mode requires the player to beat a certain score AND meet a mission requirement." "In the
Hard Mode of the Solo Missions, the player must also beat the Outlaw's score."
"""

from __future__ import annotations

import pytest

from tabletown.games.tumble_town.content import MISSIONS, PLAN_BY_NAME
from tabletown.games.tumble_town.missions import (
    LAST_MISSION,
    extra_requirement,
    mission_result,
    options_from_progress,
    update_progress,
)


def player(names):
    return {"built": [{"plan": PLAN_BY_NAME[n]["id"], "dice": [], "at": None} for n in names], "dice": [],
            "penalties": 0}


def parts(total=99, street=0, gold=0):
    return {"total": total, "street": street, "gold": gold}


# --- clearing: the score, the requirement and (Hard Mode) the Outlaw, all three ----------------------


@pytest.mark.parametrize("outlaw, ok", [(59, True), (60, False), (61, False)])
def test_hard_mode_needs_more_points_than_the_outlaw(outlaw, ok):
    hats = ["General Store", "Post Office", "Bakery", "Schoolhouse"]
    res = mission_result(1, player(hats), "hat", parts(total=60), outlaw)
    assert res["hard"] and res["outlaw_ok"] == ok and res["success"] == ok
    assert res["score_ok"] and res["extra_ok"]


def test_without_hard_mode_the_outlaw_does_not_count():
    hats = ["General Store", "Post Office", "Bakery", "Schoolhouse"]
    res = mission_result(1, player(hats), "hat", parts(total=40), None)
    assert not res["hard"] and res["outlaw_ok"] and res["success"]


def test_the_score_alone_or_the_requirement_alone_does_not_clear_a_mission():
    hats = ["General Store", "Post Office", "Bakery", "Schoolhouse"]
    short = mission_result(1, player(hats), "hat", parts(total=39), None)
    assert short["extra_ok"] and not short["score_ok"] and not short["success"]
    few = mission_result(1, player(hats[:3]), "hat", parts(total=80), None)
    assert few["score_ok"] and not few["extra_ok"] and not few["success"]


@pytest.mark.parametrize("n", range(1, LAST_MISSION + 1))
def test_each_mission_asks_for_its_own_score(n):
    res = mission_result(n, player([]), "hat", parts(total=MISSIONS[n - 1]["score"]), None)
    assert res["mission"] == n and res["need"] == MISSIONS[n - 1]["score"] and res["score_ok"]
    assert not mission_result(n, player([]), "hat", parts(total=MISSIONS[n - 1]["score"] - 1), None)["score_ok"]


# --- requirements at "at least" and "or fewer" ------------------------------------------------------


def test_more_than_enough_meets_an_at_least_requirement():
    hats = ["General Store", "Post Office", "Bakery", "Schoolhouse", "Hotel"]  # five hats
    assert extra_requirement(1, player(hats), "hat", parts())
    assert extra_requirement(9, player(["Stable", "Feed Store", "Cooperage", "Post Office"]), "hat", parts())  # 4 trios
    assert extra_requirement(5, player([]), "hat", parts(street=20))
    assert extra_requirement(6, player([]), "hat", parts(gold=20))


def test_a_horse_not_known_matches_no_building():
    hats = ["General Store", "Post Office", "Bakery", "Schoolhouse"]
    assert not extra_requirement(1, player(hats), None, parts())
    assert not extra_requirement(1, player(hats), "boot", parts())


def test_unique_shapes_need_at_least_one_building():
    assert not extra_requirement(10, player([]), "hat", parts())
    assert extra_requirement(10, player(["Saloon"]), "hat", parts())


def test_mission_7_counts_level_1_buildings_only():
    level2 = ["Hotel", "Gunsmith", "Tannery", "Grain Mill"]
    assert extra_requirement(7, player(level2 + ["Saloon"]), "hat", parts())
    assert not extra_requirement(7, player(level2 + ["Saloon", "Stable"]), "hat", parts())


# a town that meets each mission's requirement (the mission it meets, then the buildings)
MEETS = [
    (1, ["General Store", "Post Office", "Bakery", "Schoolhouse"]),          # four hats (the Horse's icon)
    (2, ["Saloon", "Jail", "Hotel", "Gunsmith", "Bank", "Church"]),           # two of every level
    (3, ["Hotel", "Gunsmith", "Tannery", "Grain Mill"]),                      # four from level 2
    (4, ["Bank", "Town Hall", "Opera House"]),                                # three gold buildings
    (7, ["Bank"]),                                                            # no level-1 building
    (8, ["General Store", "Blacksmith", "Saloon", "Jail"]),                   # every style icon
    (9, ["Stable", "Feed Store", "Cooperage"]),                               # three trios
    (10, ["Saloon", "Jail", "Bank"]),                                         # all shapes different
]


@pytest.mark.parametrize("n, names", MEETS)
def test_no_mission_outside_one_to_ten_is_ever_met(n, names):
    rich = parts(street=99, gold=99)
    assert extra_requirement(n, player(names), "hat", rich)
    for outside in (0, -1, 11, 12):
        assert not extra_requirement(outside, player(names), "hat", rich)


# --- progress from game to game ---------------------------------------------------------------------


def test_a_cleared_mission_is_listed_once_however_often_it_is_cleared():
    p = {"Ann": {"mission": 3, "played": 4, "cleared": [1, 2, 3]}}
    p = update_progress(p, ["Ann"], [{"mission": 3, "success": True}])
    assert p["Ann"]["cleared"] == [1, 2, 3] and p["Ann"]["mission"] == 4 and p["Ann"]["played"] == 5


def test_the_cleared_list_stays_in_mission_order():
    p = {"Ann": {"mission": 2, "played": 1, "cleared": [5]}}
    p = update_progress(p, ["Ann"], [{"mission": 2, "success": True}])
    assert p["Ann"]["cleared"] == [2, 5]


def test_a_failed_mission_is_played_again_and_counts_as_played():
    p = update_progress({}, ["Ann"], [{"mission": 4, "success": False}])
    assert p["Ann"] == {"mission": 4, "played": 1, "cleared": []}
    assert "complete" not in p["Ann"]


def test_only_the_last_mission_completes_the_campaign():
    p = update_progress({}, ["Ann"], [{"mission": LAST_MISSION - 1, "success": True}])
    assert p["Ann"]["mission"] == LAST_MISSION and "complete" not in p["Ann"]
    p = update_progress(p, ["Ann"], [{"mission": LAST_MISSION, "success": False}])
    assert p["Ann"]["mission"] == LAST_MISSION and "complete" not in p["Ann"]
    p = update_progress(p, ["Ann"], [{"mission": LAST_MISSION, "success": True}])
    assert p["Ann"]["mission"] == LAST_MISSION and p["Ann"]["complete"] is True


def test_a_player_without_a_mission_in_the_game_keeps_their_progress():
    p = {"Ann": {"mission": 3, "played": 2, "cleared": [1, 2]}, "Bob": {"mission": 5}}
    after = update_progress(p, ["Ann", "Bob"], [None, {"mission": 5, "success": True}])
    assert after["Ann"] == {"mission": 3, "played": 2, "cleared": [1, 2]}
    assert after["Bob"]["mission"] == 6 and after["Bob"]["played"] == 1


def test_odd_saved_counts_start_again_from_nothing():
    p = {"Ann": {"mission": 2, "played": None, "cleared": "junk"}}
    p = update_progress(p, ["Ann"], [{"mission": 2, "success": True}])
    assert p["Ann"]["played"] == 1 and p["Ann"]["cleared"] == [2]


def test_next_mission_fills_every_seat_and_drops_seats_not_at_the_table():
    progress = {"A": {"mission": 2}, "B": {"mission": 3}, "C": {"mission": 4}, "D": {"mission": 5}}
    four = options_from_progress(progress, ["A", "B", "C", "D"], {"mission": "next"})
    assert four == {"mission": 2, "mission_seat2": 3, "mission_seat3": 4, "mission_seat4": 5}
    two = options_from_progress(progress, ["C", "A"], {"mission": "next", "mission_seat3": 9, "mission_seat4": 9})
    assert two == {"mission": 4, "mission_seat2": 2}


def test_a_fixed_mission_is_left_as_chosen():
    opts = {"mission": 3, "mission_seat2": 7}
    assert options_from_progress({"A": {"mission": 9}}, ["A", "B"], opts) == opts
