"""Ruthless campaign: Silver Dollars, the shop before an act, and what the campaign keeps after it.

Each side starts with $4 and earns $2 plus its victory points after each act. Prices: hire a
gun $4 (two per act), a doctor $3 (heals one permanent wound, two per act), fresh horses $2,
whiskey $2 (+1 on Toughness tests and courage this act), a tracker $3 (Earps only), an ambush
$3 (Cowboys only). Killed characters are gone for good; the campaign ends when a side has
nobody left (+5 to the side that wiped the other out) or the Cowboys escape (+5 to them); the
higher total wins and a tie goes to the Cowboys.
"""

from __future__ import annotations

import copy

import pytest

from tabletown.engine.rules import BadSetup
from tabletown.games.ruthless import campaign as CP
from tabletown.games.ruthless import content as C
from tabletown.games.ruthless import models as M

from .test_ruthless_helpers import RULES, SPEC, illegal, play

OPTS = SPEC.normalize(2, {"scenario": "campaign"})
EARPS, COWBOYS = 0, 1


def act(data=None, seed=4):
    return RULES.setup(seed, 2, OPTS, {"campaign": data} if data is not None else None)


def fresh(**changes):
    data = CP.new_campaign()
    data.update(changes)
    return data


def bought(st, seat):
    return [a for a in RULES.legal(st, seat) if a["type"] == "buy"]


def items(st, seat):
    return {a["item"] for a in bought(st, seat)}


# --- the shop -------------------------------------------------------------------------------------
def test_a_new_campaign_starts_at_tombstone_with_four_dollars_a_side():
    data = CP.new_campaign()
    assert data["dollars"] == [4, 4] and data["points"] == [0, 0] and data["act"] == 1
    assert data["at"] == "tombstone" and not data["over"]
    assert [e["card"] for e in data["rosters"][EARPS]] == C.CAMPAIGN["sides"][EARPS]["roster"]
    assert all(not e["dead"] and not any(e["wounds"].values()) for r in data["rosters"] for e in r)


@pytest.mark.parametrize("money,hire", [(3, False), (4, True), (5, True)])
def test_a_hired_gun_costs_four_dollars(money, hire):
    st = act(fresh(dollars=[money, 0]))
    assert ("hire" in items(st, EARPS)) is hire


@pytest.mark.parametrize("money,expect", [
    (0, set()), (1, set()), (2, {"fresh-horses", "whiskey"}), (3, {"fresh-horses", "whiskey", "tracker"}),
])
def test_what_the_earps_can_afford(money, expect):
    st = act(fresh(dollars=[money, money]))
    assert items(st, EARPS) == expect


def test_the_tracker_is_the_earps_only_and_the_ambush_the_cowboys_only():
    st = act(fresh(dollars=[9, 9]))
    assert "tracker" in items(st, EARPS) and "ambush" not in items(st, EARPS)
    st, _ = play(st, 0, {"type": "ready"})
    assert "ambush" in items(st, COWBOYS) and "tracker" not in items(st, COWBOYS)


def test_two_hired_guns_an_act_and_never_one_already_riding_with_them():
    st = act(fresh(dollars=[20, 0]))
    picks = [a["pick"] for a in bought(st, EARPS) if a["item"] == "hire"]
    assert picks == C.CAMPAIGN["sides"][EARPS]["hires"]
    st, _ = play(st, 0, {"type": "buy", "item": "hire", "pick": "warren-earp"})
    picks = [a["pick"] for a in bought(st, EARPS) if a["item"] == "hire"]
    assert "warren-earp" not in picks and len(picks) == 3
    st, _ = play(st, 0, {"type": "buy", "item": "hire", "pick": "texas-jack"})
    assert st["act"]["dollars"][EARPS] == 12
    assert "hire" not in items(st, EARPS)  # two per act
    assert illegal(st, 0, {"type": "buy", "item": "hire", "pick": "sherman-mcmaster"})


def test_horses_and_whiskey_once_an_act():
    st = act(fresh(dollars=[20, 0]))
    st, _ = play(st, 0, {"type": "buy", "item": "fresh-horses", "pick": None})
    assert "fresh-horses" not in items(st, EARPS) and "whiskey" in items(st, EARPS)
    st, _ = play(st, 0, {"type": "buy", "item": "whiskey", "pick": None})
    assert "whiskey" not in items(st, EARPS)
    assert st["act"]["horses"] == [EARPS] and st["act"]["whiskey"] == [EARPS]
    assert st["act"]["dollars"][EARPS] == 16


def wounded(data, seat, card, **wounds):
    entry = next(e for e in data["rosters"][seat] if e["card"] == card)
    entry["wounds"].update(wounds)
    return entry


def test_the_doctor_treats_only_a_living_wounded_man_and_heals_his_worst_wound():
    data = fresh(dollars=[9, 0])
    wounded(data, EARPS, "wyatt-earp", leg=1, chest=1)
    morgan = wounded(data, EARPS, "morgan-earp", arm=1)
    morgan["dead"] = True
    st = act(data)
    assert [a["pick"] for a in bought(st, EARPS) if a["item"] == "doctor"] == ["wyatt-earp"]
    st, _ = play(st, 0, {"type": "buy", "item": "doctor", "pick": "wyatt-earp"})
    wyatt = next(e for e in st["act"]["rosters"][EARPS] if e["card"] == "wyatt-earp")
    assert wyatt["wounds"] == {"leg": 1, "arm": 0, "chest": 0, "severe": 0}
    assert st["act"]["dollars"][EARPS] == 6
    st, _ = play(st, 0, {"type": "buy", "item": "doctor", "pick": "wyatt-earp"})
    wyatt = next(e for e in st["act"]["rosters"][EARPS] if e["card"] == "wyatt-earp")
    assert not any(wyatt["wounds"].values())
    assert "doctor" not in items(st, EARPS)


@pytest.mark.parametrize("before,after", [
    ({"severe": 1, "chest": 1}, {"leg": 0, "arm": 0, "chest": 1, "severe": 0}),
    ({"chest": 1, "arm": 1}, {"leg": 0, "arm": 1, "chest": 0, "severe": 0}),
    ({"arm": 1, "leg": 1}, {"leg": 1, "arm": 0, "chest": 0, "severe": 0}),
    ({"leg": 2}, {"leg": 1, "arm": 0, "chest": 0, "severe": 0}),
])
def test_the_doctor_heals_the_worst_place_first(before, after):
    data = fresh(dollars=[9, 0])
    wounded(data, EARPS, "virgil-earp", **before)
    st = act(data)
    st, _ = play(st, 0, {"type": "buy", "item": "doctor", "pick": "virgil-earp"})
    assert next(e for e in st["act"]["rosters"][EARPS] if e["card"] == "virgil-earp")["wounds"] == after


def test_the_cowboys_buy_an_ambush_for_three_dollars():
    st = act(fresh(dollars=[0, 3]))
    st, _ = play(st, 0, {"type": "ready"})
    st, _ = play(st, 1, {"type": "buy", "item": "ambush", "pick": None})
    assert st["act"]["ambush"] == COWBOYS and st["act"]["dollars"][COWBOYS] == 0


# --- the campaign record is checked -----------------------------------------------------------
@pytest.mark.parametrize("field,value,ok", [
    ("act", 0, False), ("act", 1, True), ("act", 20, True), ("act", 21, False),
    ("dollars", [0, 999], True), ("dollars", [-1, 0], False), ("dollars", [0, 1000], False),
    ("points", [-999, 999], True), ("points", [-1000, 0], False), ("points", [0, 1000], False),
    ("at", "hereford", True), ("at", "dodge", False),
    ("v", 1, True),
])
def test_a_campaign_record_within_its_bounds_is_played_and_one_outside_is_refused(field, value, ok):
    data = fresh(**{field: value})
    if ok:
        assert CP.check_campaign(data) is data
    else:
        with pytest.raises(BadSetup, match="damaged"):
            CP.check_campaign(data)


@pytest.mark.parametrize("wound,ok", [(0, True), (9, True), (10, False), (-1, False), (True, False)])
def test_wound_counts_in_a_campaign_record(wound, ok):
    data = fresh()
    data["rosters"][EARPS][0]["wounds"]["arm"] = wound
    if ok:
        CP.check_campaign(data)
    else:
        with pytest.raises(BadSetup, match="damaged"):
            CP.check_campaign(data)


def test_a_campaign_record_of_a_newer_tabletown_says_so():
    with pytest.raises(BadSetup, match="newer"):
        CP.check_campaign(fresh(v=2))


def test_a_finished_campaign_is_not_played_on():
    with pytest.raises(BadSetup, match="over"):
        CP.check_campaign(fresh(over=True))


@pytest.mark.parametrize("bad", [
    {"rosters": [[], [], []]}, {"dollars": [4]}, {"points": [0, 0, 0]}, {"over": "no"},
    {"history": [{}] * 21},
])
def test_a_campaign_record_with_the_wrong_shape_is_refused(bad):
    with pytest.raises(BadSetup, match="damaged"):
        CP.check_campaign(fresh(**bad))


def test_a_long_history_of_twenty_acts_is_still_a_campaign():
    entry = {"act": 1, "at": None, "vp": [0, 0], "killed": [], "escaped": False, "wrong": 0}
    CP.check_campaign(fresh(history=[dict(entry) for _ in range(20)]))
    with pytest.raises(BadSetup):
        CP.check_campaign(fresh(history=[dict(entry, vp=[0, "1"])]))
    with pytest.raises(BadSetup):
        CP.check_campaign(fresh(history=[dict(entry, escaped=0)]))
    with pytest.raises(BadSetup):
        CP.check_campaign(fresh(history=[dict(entry, wrong=False)]))
    with pytest.raises(BadSetup):
        CP.check_campaign(fresh(history=[dict(entry, at="mexico")]))


def test_no_campaign_record_starts_a_new_campaign():
    assert CP.check_campaign(None) == CP.new_campaign()
    assert CP.check_campaign({}) == CP.new_campaign()
    assert CP.current(None) is None and CP.current({}) is None
    running = fresh()
    assert CP.current({"campaign": running}) is running
    assert CP.current({"campaign": fresh(over=True)}) is None


# --- after an act ---------------------------------------------------------------------------------
def fought(data, vp, dead=(), hits=None):
    """An act at Tombstone, ended with these victory points, these characters killed and these
    wound boxes crossed."""
    st = act(data)
    st, _ = play(st, 0, {"type": "ready"})
    st, _ = play(st, 1, {"type": "ready"})
    for m in M.chars(st):
        if m["card"] in dead:
            m["status"] = M.DEAD
        for loc, n in (hits or {}).get(m["card"], {}).items():
            m["wounds"][loc] += n
    st["phase"] = "over"
    st["end"] = "turns"
    st["result"] = {"vp": list(vp)}
    return st


@pytest.mark.parametrize("vp,dollars", [([0, 0], [6, 6]), ([3, 1], [9, 7]), ([-2, 5], [6, 11])])
def test_each_side_earns_two_dollars_plus_its_victory_points(vp, dollars):
    after = CP.after_act(None, fought(fresh(), vp))
    assert after["dollars"] == dollars
    assert after["points"] == vp
    assert after["act"] == 2 and after["at"] == "tombstone"
    assert after["history"][-1]["vp"] == vp and after["history"][-1]["at"] == "tombstone"


def test_dollars_spent_before_the_act_are_gone_after_it():
    st = act(fresh(dollars=[9, 4]))
    st, _ = play(st, 0, {"type": "buy", "item": "whiskey", "pick": None})
    st, _ = play(st, 0, {"type": "ready"})
    st, _ = play(st, 1, {"type": "ready"})
    st["phase"], st["end"], st["result"] = "over", "turns", {"vp": [1, 1]}
    assert CP.after_act(copy.deepcopy(st["act"]["before"]), st)["dollars"] == [9 - 2 + 3, 4 + 3]


def test_campaign_points_add_up_over_the_acts():
    data = fresh(act=3, points=[4, 7])
    after = CP.after_act(data, fought(data, [2, 1]))
    assert after["points"] == [6, 8] and after["act"] == 4


def test_killed_characters_are_struck_from_the_roster_and_the_history():
    data = fresh()
    after = CP.after_act(data, fought(data, [2, 2], dead=("morgan-earp", "ike-clanton")))
    assert next(e for e in after["rosters"][EARPS] if e["card"] == "morgan-earp")["dead"]
    assert next(e for e in after["rosters"][COWBOYS] if e["card"] == "ike-clanton")["dead"]
    assert sum(e["dead"] for r in after["rosters"] for e in r) == 2
    assert sorted(after["history"][-1]["killed"]) == ["ike-clanton", "morgan-earp"]
    assert not after["over"]


def test_a_wounded_survivor_keeps_one_box_in_the_worst_place_he_was_hit():
    data = fresh()
    after = CP.after_act(data, fought(data, [0, 0], hits={"wyatt-earp": {"leg": 2, "arm": 1}}))
    assert next(e for e in after["rosters"][EARPS] if e["card"] == "wyatt-earp")["wounds"] == \
        {"leg": 0, "arm": 1, "chest": 0, "severe": 0}


@pytest.mark.parametrize("start,end,expect", [
    # hit in the Arm and the Leg: the Arm is worse
    ({"leg": 0, "arm": 0, "chest": 0, "severe": 0}, {"leg": 1, "arm": 1, "chest": 0, "severe": 0},
     {"leg": 0, "arm": 1, "chest": 0, "severe": 0}),
    # hit only in the Leg
    ({"leg": 0, "arm": 0, "chest": 0, "severe": 0}, {"leg": 2, "arm": 0, "chest": 0, "severe": 0},
     {"leg": 1, "arm": 0, "chest": 0, "severe": 0}),
    # the Leg has one box left of three (two crossed): no room there, the worst other place with room
    ({"leg": 2, "arm": 0, "chest": 0, "severe": 0}, {"leg": 2, "arm": 0, "chest": 0, "severe": 0},
     {"leg": 2, "arm": 0, "chest": 0, "severe": 0}),
    ({"leg": 1, "arm": 0, "chest": 0, "severe": 0}, {"leg": 2, "arm": 0, "chest": 0, "severe": 0},
     {"leg": 2, "arm": 0, "chest": 0, "severe": 0}),
    ({"leg": 2, "arm": 0, "chest": 0, "severe": 0}, {"leg": 3, "arm": 0, "chest": 0, "severe": 0},
     {"leg": 2, "arm": 0, "chest": 0, "severe": 1}),
    # not hit at all: nothing kept
    ({"leg": 1, "arm": 0, "chest": 0, "severe": 0}, {"leg": 1, "arm": 0, "chest": 0, "severe": 0},
     {"leg": 1, "arm": 0, "chest": 0, "severe": 0}),
])
def test_a_permanent_wound_never_crosses_a_last_box(start, end, expect):
    boxes = {"leg": 3, "arm": 3, "chest": 2, "severe": 2}
    assert CP.permanent_wound(start, end, boxes) == expect


def test_no_room_anywhere_keeps_no_permanent_wound():
    full = {"leg": 2, "arm": 2, "chest": 1, "severe": 1}
    hit = dict(full, leg=3)
    assert CP.permanent_wound(full, hit, {"leg": 3, "arm": 3, "chest": 2, "severe": 2}) == full


def test_wiping_out_the_cowboys_wins_the_campaign_with_five_more_points():
    data = fresh()
    cowboys = C.CAMPAIGN["sides"][COWBOYS]["roster"]
    after = CP.after_act(data, fought(data, [10, 0], dead=cowboys))
    assert after["over"] and after["why"] == "wiped-out"
    assert after["points"] == [15, 0] and after["winner"] == EARPS


def test_wiping_out_the_earps_gives_the_cowboys_five():
    data = fresh()
    earps = C.CAMPAIGN["sides"][EARPS]["roster"]
    after = CP.after_act(data, fought(data, [0, 3], dead=earps))
    assert after["over"] and after["points"] == [0, 8] and after["winner"] == COWBOYS


def test_both_posses_wiped_out_no_bonus_and_a_tie_goes_to_the_cowboys():
    data = fresh(points=[4, 4])
    everyone = C.CAMPAIGN["sides"][EARPS]["roster"] + C.CAMPAIGN["sides"][COWBOYS]["roster"]
    after = CP.after_act(data, fought(data, [0, 0], dead=everyone))
    assert after["over"] and after["points"] == [4, 4] and after["winner"] == COWBOYS


@pytest.mark.parametrize("points,winner", [([9, 3], EARPS), ([8, 3], COWBOYS), ([7, 3], COWBOYS)])
def test_an_act_on_the_border_ends_the_campaign_with_five_for_the_cowboys_escaping(points, winner):
    data = fresh(act=4, at="galeyville", points=points)
    st = fought(data, [0, 0])
    st["act"]["node"] = "skeleton-canyon"
    after = CP.after_act(data, st)
    assert after["over"] and after["why"] == "escaped"
    assert after["points"] == [points[0], points[1] + 5]
    assert after["winner"] == winner   # 8 to 8 goes to the Cowboys
    assert after["at"] == "skeleton-canyon"


def test_an_act_short_of_the_border_goes_on():
    data = fresh(act=3, at="charleston")
    st = fought(data, [0, 0])
    st["act"]["node"] = "hereford"
    after = CP.after_act(data, st)
    assert not after["over"] and after["winner"] is None and after["at"] == "hereford"


@pytest.mark.parametrize("vp", [[1], [1, 2, 3], []])
def test_an_acts_history_holds_the_points_of_both_sides(vp):
    entry = {"act": 1, "at": "tombstone", "vp": vp, "killed": [], "escaped": False, "wrong": 0}
    with pytest.raises(BadSetup, match="damaged"):
        CP.check_campaign(fresh(history=[entry]))


def test_each_killed_character_is_struck_from_the_roster_and_nobody_else():
    data = fresh()
    after = CP.after_act(data, fought(data, [0, 0], dead=("frank-mclaury",)))
    dead = [e["card"] for r in after["rosters"] for e in r if e["dead"]]
    assert dead == ["frank-mclaury"]
    after = CP.after_act(data, fought(data, [0, 0], hits={"frank-mclaury": {"arm": 1}}))
    kept = {e["card"]: sum(e["wounds"].values()) for e in after["rosters"][COWBOYS]}
    assert kept == {"ike-clanton": 0, "billy-clanton": 0, "frank-mclaury": 1, "tom-mclaury": 0, "billy-claiborne": 0}
