"""Edges of Tumble Town's rules that a whole game seldom reaches: the mission list's ends,
the powers' die limits, a six-die "all different", the Sets condition's Horse, and the
topic of a prompt while waiting."""

from __future__ import annotations

from tabletown.games.tumble_town.content import MISSIONS
from tabletown.games.tumble_town.game import RULES
from tabletown.games.tumble_town.missions import LAST_MISSION, current_mission, mission_info
from tabletown.games.tumble_town.powers import _adjust_offer
from tabletown.games.tumble_town.scoring import Sets, penalty, requirement_met


def test_each_mission_number_finds_its_own_mission_and_none_outside_one_to_ten():
    assert LAST_MISSION == 10
    for n in range(1, 11):
        assert mission_info(n) is MISSIONS[n - 1] and mission_info(n)["n"] == n
    assert mission_info(0) is None and mission_info(11) is None


def test_a_stored_mission_number_out_of_range_is_brought_back_to_one_to_ten():
    for stored, now in ((0, 1), (-3, 1), (1, 1), (10, 10), (11, 10), ("x", 1), (True, 1)):
        assert current_mission({"Ann": {"mission": stored}}, "Ann") == now
    assert current_mission({}, "Ann") == 1


def test_a_die_is_raised_or_lowered_only_within_one_to_six():
    def offers(value, n):
        return sorted(a["d"] for a in _adjust_offer({"dice": [["brown", value]]}, n))
    assert offers(6, 2) == [-2] and offers(4, 2) == [-2, 2] and offers(5, 2) == [-2]
    assert offers(2, 2) == [2] and offers(3, 2) == [-2, 2]
    assert offers(6, 1) == [-1] and offers(5, 1) == [-1, 1] and offers(1, 1) == [1]


def test_six_dice_all_different_need_no_token_and_a_repeat_costs_one():
    plan = {"colors": ["any"] * 6, "req": {"k": "distinct"}, "pos": [[1, 2 * i] for i in range(6)]}
    dice = [["brown", v] for v in (1, 2, 3, 4, 5, 6)]
    assert penalty(plan, dice) == 0 and requirement_met(plan, dice)
    dice[5] = ["brown", 1]
    assert penalty(plan, dice) == 1 and not requirement_met(plan, dice)


def test_the_sets_condition_counts_the_horse_icon_once():
    """Points for every set of all four style icons on your buildings and your Horse."""
    from tabletown.games.tumble_town.content import PLANS
    by_icon = {}
    for p in PLANS:
        by_icon.setdefault(p["style"], []).append(p["id"])
    icons = sorted(by_icon)
    # two of each of three icons, none of the fourth: the Horse's icon makes one set, not two
    built = [{"plan": pid} for icon in icons[:3] for pid in by_icon[icon][:2]]
    power = {"k": "sets", "pts": 5}
    assert Sets.points(power, {"built": built}, icons[3], []) == 5
    assert Sets.points(power, {"built": built}, None, []) == 0
    built += [{"plan": by_icon[icons[3]][0]}]
    assert Sets.points(power, {"built": built}, icons[3], []) == 10


def test_a_player_who_is_not_asked_anything_reads_the_waiting_topic():
    st = RULES.setup(1, 2, {})
    waiting = 1 - RULES.active(st)[0]
    assert RULES.topic(st, waiting) == "prompt:waiting"
    st["over"] = True
    assert RULES.topic(st, waiting) == "prompt:game-over"
