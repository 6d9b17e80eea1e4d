"""The two scenarios: Dodge City Draw (1881) and Riding Shotgun."""

from __future__ import annotations

import pytest

from tabletown.games.ruthless import cards as K
from tabletown.games.ruthless import coach as CO
from tabletown.games.ruthless import ground as G
from tabletown.games.ruthless import models as M
from tabletown.games.ruthless.scoring import final_result

from .test_ruthless_helpers import RULES, SPEC, acting, card, dice, illegal, play, types

S, H, D, Cl = K.SPADES, K.HEARTS, K.DIAMONDS, K.CLUBS


# =============================================================================================
# Dodge City Draw
# =============================================================================================
def dodge(seed=5):
    return RULES.setup(seed, 2, SPEC.normalize(2, {"scenario": "dodge-city"}))


def names(st, side):
    return sorted(m["card"] for m in M.side_chars(st, side))


def test_dodge_city_the_masterson_and_peacock_posses():
    st = dodge()
    assert st["sides"] == ["masterson", "peacock"]
    assert names(st, 0) == ["bat-masterson", "charlie-ronan", "neal-brown"]
    assert names(st, 1) == ["al-peacock", "al-updegraff", "hank-briggs", "walt-skene"]


def test_dodge_city_peacock_starts_north_of_the_street_masterson_south_of_the_embankment():
    st = dodge()
    g = G.ground(st["table"])
    street = next(p for p in g.pieces if p.kind == "street").box
    bank = next(p for p in g.pieces if p.kind == "embankment").box
    assert all(m["pos"][1] < street[1] for m in M.side_chars(st, 1))
    assert all(m["pos"][1] > bank[3] for m in M.side_chars(st, 0))


def fire(st, seat, action):
    """Play a shot; the target's player lets any Snap Shot go. Returns the state and all events."""
    st, ev = play(st, seat, action)
    if st["pending"] is not None and st["pending"]["kind"] == "snap":
        st, more = play(st, 1 - seat, {"type": "pass"})
        ev = ev + more
    return st, ev


def shooter_ready(st, seat=0):
    """The first posse member of `seat` about to shoot the nearest enemy (both posses moved close)."""
    st = acting(st, seat, played={0: card(2, Cl), 1: card(2, D)})
    me = M.side_chars(st, seat)[0]
    foe = M.side_chars(st, 1 - seat)[0]
    me["pos"] = [1500, 1500]
    foe["pos"] = [1500, 1100]
    foe["card"] = "hank-briggs" if foe["card"] == "al-updegraff" else foe["card"]
    st["selected"] = me["id"]
    return st, me, foe


@pytest.mark.parametrize("roll,joins", [(4, True), (5, False), (1, True)])
def test_a_citizen_joins_the_firing_side_on_one_to_four_after_every_fire(roll, joins):
    st, me, foe = shooter_ready(dodge())
    st["hands"][1] = []  # no Snap Shot question
    with dice(1, roll):  # a miss, then the citizen roll
        st, ev = fire(st, 0, {"type": "shoot", "model": me["id"], "weapon": 0, "target": foe["id"]})
    arrived = [e for e in ev if e["t"] == "citizen"]
    assert bool(arrived) is joins
    if joins:
        who = arrived[0]["card"]
        side = 0 if who == "jim-masterson" else 0
        assert arrived[0]["seat"] == side
        assert st["pending"]["kind"] == "place" and RULES.active(st) == [side]


def test_citizens_are_placed_in_their_sides_area():
    st, me, foe = shooter_ready(dodge())
    st["hands"][1] = []
    st["citizens"]["deck"] = ["tilly-burke"]
    with dice(1, 2):
        st, ev = fire(st, 0, {"type": "shoot", "model": me["id"], "weapon": 0, "target": foe["id"]})
    g = G.ground(st["table"])
    assert illegal(st, 0, {"type": "place", "to": [1500, 1000]}) == "Citizens join in their posse's area."
    spot = RULES.legal(st, 0)[0]["to"]
    assert G.in_zone(g, 0, tuple(spot)) and spot[1] > 1980  # south of the railway embankment
    st, ev = play(st, 0, {"type": "place", "to": spot})
    tilly = [m for m in M.chars(st) if m["card"] == "tilly-burke"][0]
    assert tilly["side"] == 0 and tilly["status"] == M.OK and tilly["fresh"]  # she acts from next turn


def test_a_citizen_for_peacock_stands_north_of_the_street():
    st, me, foe = shooter_ready(dodge(), seat=1)
    st["hands"][0] = []
    st["citizens"]["deck"] = ["wash-tyler"]
    with dice(1, 3):
        st, ev = fire(st, 1, {"type": "shoot", "model": me["id"], "weapon": 0, "target": foe["id"]})
    spot = RULES.legal(st, 1)[0]["to"]
    assert spot[1] < 800  # north of the street


def test_jim_masterson_always_joins_the_masterson_posse():
    st, me, foe = shooter_ready(dodge(), seat=1)
    st["hands"][0] = []
    st["citizens"]["deck"] = ["jim-masterson"]
    with dice(1, 2):
        st, ev = fire(st, 1, {"type": "shoot", "model": me["id"], "weapon": 0, "target": foe["id"]})
    jim = [m for m in M.chars(st) if m["card"] == "jim-masterson"][0]
    assert jim["side"] == 0 and RULES.active(st) == [0]


def test_the_mayor_is_always_the_last_citizen_and_then_no_more_come():
    st, me, foe = shooter_ready(dodge())
    st["hands"][1] = []
    assert "mayor-webster" not in st["citizens"]["deck"]
    st["citizens"]["deck"] = []
    with dice(1, 2):
        st, ev = fire(st, 0, {"type": "shoot", "model": me["id"], "weapon": 0, "target": foe["id"]})
    assert [e["card"] for e in ev if e["t"] == "citizen"] == ["mayor-webster"]
    st, _ = play(st, 0, RULES.legal(st, 0)[0])
    st["models"][me["id"]]["acts"] = 0
    with dice(1):  # a miss, and no citizen roll: all cards are assigned
        st, ev = fire(st, 0, {"type": "shoot", "model": me["id"], "weapon": 0, "target": foe["id"]})
    assert "citizen" not in types(ev)
    assert st["last_turn"] == st["turn"]  # Mayor Webster calls a halt at the end of this turn


def test_dodge_city_victory_points():
    st = dodge()
    bat = next(m for m in M.chars(st) if m["card"] == "bat-masterson")
    upde = next(m for m in M.chars(st) if m["card"] == "al-updegraff")
    briggs = next(m for m in M.chars(st) if m["card"] == "hank-briggs")
    st = acting(st, 1, played={0: card(2, Cl), 1: card(3, D)})
    st["hands"][0] = []
    peacock = next(m for m in M.chars(st) if m["card"] == "al-peacock")
    peacock["pos"] = [1500, 1500]
    bat_m = st["models"][bat["id"]]
    bat_m["pos"] = [1500, 1100]
    bat_m["wounds"]["chest"] = 2  # one more chest wound kills him
    st["selected"] = peacock["id"]
    st["citizens"]["deck"] = []
    st["citizens"]["mayor"] = True
    with dice(9, 8, 7, 3, 4):  # a hit, chest: Bat dies; d10 = 7 VP; his two friends test
        st, ev = fire(st, 1, {"type": "shoot", "model": peacock["id"], "weapon": 0, "target": bat["id"]})
    assert [e["points"] for e in ev if e["t"] == "vp"] == [7]
    result = final_result(st)
    assert dict((w, p) for w, p, _ in result["lines"][1]) == {"kills": 2, "bat": 7}
    del upde, briggs


def test_wounding_updegraff_is_worth_a_d6_once():
    st = dodge()
    st = acting(st, 0, played={0: card(5, Cl), 1: card(3, D)})
    st["hands"][1] = []
    bat = next(m for m in M.chars(st) if m["card"] == "bat-masterson")
    upde = next(m for m in M.chars(st) if m["card"] == "al-updegraff")
    upde["pos"] = [1595, 660]  # in the Long Branch's doorway
    bat["pos"] = [1600, 1200]
    st["selected"] = bat["id"]
    st["citizens"]["deck"] = []
    st["citizens"]["mayor"] = True
    with dice(9, 1, 4, 9):  # hit, leg: d6 = 4 VP; Updegraff tests
        st, ev = fire(st, 0, {"type": "shoot", "model": bat["id"], "weapon": 0, "target": upde["id"]})
    assert [e["points"] for e in ev if e["t"] == "vp"] == [4]
    with dice(9, 3, 9):  # another wound: no more dice
        st, ev = fire(st, 0, {"type": "shoot", "model": bat["id"], "weapon": 0, "target": upde["id"]})
    assert not [e for e in ev if e["t"] == "vp"]
    assert dict((w, p) for w, p, _ in final_result(st)["lines"][0])["updegraff"] == 4


def test_minus_one_per_citizen_in_your_posse_and_minus_two_per_citizen_killed():
    st = dodge()
    tilly = M.new_character(st, "tilly-burke", 0, [1000, 2500], 0)
    tilly["citizen"] = True
    otto = M.new_character(st, "otto-kessler", 1, [1000, 700], 0)
    otto["citizen"] = True
    otto["status"] = M.DEAD
    st["kills"].append({"victim": otto["id"], "by": 0})
    result = final_result(st)
    lines0 = {w: p for w, p, _ in result["lines"][0]}
    lines1 = {w: p for w, p, _ in result["lines"][1]}
    assert lines0["citizens"] == -1 and lines0["citizens-killed"] == -2
    assert lines1["citizens"] == -1


# =============================================================================================
# Riding Shotgun
# =============================================================================================
def shotgun(seed=2):
    return RULES.setup(seed, 2, SPEC.normalize(2, {"scenario": "riding-shotgun"}))


def test_riding_shotgun_the_coach_its_driver_guard_and_passengers():
    st = shotgun()
    aboard = {m["card"]: m["aboard"] for m in M.chars(st) if m["aboard"]}
    assert aboard == {"buck-lawson": "box", "jess-harlan": "box", "ezra-boone": "inside", "prudence-hale": "inside"}
    assert CO.driver(st)["card"] == "buck-lawson"
    assert all(M.mounted(m) for m in M.side_chars(st, 1))


def driving(st):
    st = acting(st, 0)
    drv = CO.driver(st)
    st["selected"] = drv["id"]
    return st, drv


@pytest.mark.parametrize("dist,ok", [(600, True), (601, False)])
def test_the_coach_drives_six_inches(dist, ok):
    st, drv = driving(shotgun())
    x, y = st["coach"]["pos"]
    res = CO.check_drive(st, [x + dist, y])
    assert res["ok"] is ok


def test_whipping_the_team_drives_nine_inches():
    st, drv = driving(shotgun())
    x, y = st["coach"]["pos"]
    st, ev = play(st, 0, {"type": "whip", "model": drv["id"]})
    assert CO.check_drive(st, [x + 900, y])["ok"] and not CO.check_drive(st, [x + 901, y])["ok"]


@pytest.mark.parametrize("angle,ok", [(45, True), (46, False), (-45, True)])
def test_the_coach_turns_at_most_45_degrees(angle, ok):
    import math
    st, drv = driving(shotgun())
    x, y = st["coach"]["pos"]
    a = math.radians(angle)
    to = [round(x + 500 * math.cos(a)), round(y + 500 * math.sin(a))]
    assert CO.check_drive(st, to)["ok"] is ok


def test_the_coach_drives_once_a_turn_and_its_passengers_ride_with_it():
    st, drv = driving(shotgun())
    x, y = st["coach"]["pos"]
    st, ev = play(st, 0, {"type": "drive", "model": drv["id"], "to": [x + 600, y]})
    assert all(m["pos"] == [x + 600, y] for m in M.chars(st) if m["aboard"])
    assert illegal(st, 0, {"type": "drive", "model": drv["id"], "to": [x + 900, y]}) == "Only the driver drives the stagecoach, once a turn."


def test_the_coach_rams_a_model_in_its_way():
    st, drv = driving(shotgun())
    x, y = st["coach"]["pos"]
    victim = next(m for m in M.side_chars(st, 1))
    st["models"][victim["horse"]]["pos"] = [x + 500, y]
    victim["pos"] = [x + 500, y]
    with dice(5):  # the rider tests his nerve as his horse is hit
        st, ev = play(st, 0, {"type": "drive", "model": drv["id"], "to": [x + 300, y]})
    assert "rammed" in types(ev)
    assert st["models"][victim["horse"]]["hits"] == 1
    h = st["models"][victim["horse"]]
    assert abs(h["pos"][1] - y) >= 100 + 75  # thrown clear of the coach's path


def test_a_whipped_coach_rams_twice_as_hard():
    st, drv = driving(shotgun())
    x, y = st["coach"]["pos"]
    walker = M.new_character(st, "black-jack-kettle", 1, [x + 700, y], 180)
    st, _ = play(st, 0, {"type": "whip", "model": drv["id"]})
    with dice(5, 9, 5, 9):  # two wound rolls, each with a Toughness test
        st, ev = play(st, 0, {"type": "drive", "model": drv["id"], "to": [x + 850, y]})
    assert [e["model"] for e in ev if e["t"] == "wound"] == [walker["id"], walker["id"]]


def test_the_team_dies_a_pair_at_a_time_and_the_coach_slows_then_stops():
    st, drv = driving(shotgun())
    st["coach"]["hits"] = 3
    assert CO.drive_limit(st, False) == 300
    st["coach"]["hits"] = 6
    assert CO.drive_limit(st, False) == 0
    assert not [a for a in RULES.legal(st, 0) if a["type"] in ("drive", "whip")]


def test_driving_off_the_east_edge_gets_the_coach_away_and_ends_the_scenario():
    st, drv = driving(shotgun())
    st["coach"]["pos"] = [4500, 1500]
    for m in M.chars(st):
        if m["aboard"]:
            m["pos"] = [4500, 1500]
    drives = [a for a in RULES.legal(st, 0) if a["type"] == "drive" and a["to"][0] >= 4800]
    assert drives
    st, ev = play(st, 0, drives[0])
    assert st["phase"] == "over" and st["end"] == "coach-away"
    lines0 = {w: p for w, p, _ in st["result"]["lines"][0]}
    assert lines0["coach-away"] == 5 and lines0["strongbox-safe"] == 2 and lines0["passengers"] == 2


def test_when_the_driver_is_down_another_takes_the_reins():
    st, drv = driving(shotgun())
    drv["status"] = M.DOWN
    guard = next(m for m in M.chars(st) if m["card"] == "jess-harlan")
    st["selected"] = guard["id"]
    assert {"type": "reins", "model": guard["id"]} in RULES.legal(st, 0)
    st, _ = play(st, 0, {"type": "reins", "model": guard["id"]})
    assert CO.driver(st)["id"] == guard["id"]


def test_bandits_grab_the_strongbox_only_when_nobody_defends_the_coach():
    st = acting(shotgun(), 1)
    x, y = st["coach"]["pos"]
    bandit = next(m for m in M.side_chars(st, 1))
    horse = st["models"][bandit["horse"]]
    horse["pos"] = bandit["pos"] = [x, y - 100 - 75]
    st["selected"] = bandit["id"]
    assert not [a for a in RULES.legal(st, 1) if a["type"] == "grab"]
    for m in M.side_chars(st, 0):
        m["status"] = M.DOWN
    assert {"type": "grab", "model": bandit["id"]} in RULES.legal(st, 1)
    st, _ = play(st, 1, {"type": "grab", "model": bandit["id"]})
    assert st["strongbox"]["on"] == "model" and st["models"][bandit["id"]]["strongbox"]


def test_riding_off_with_the_strongbox_ends_the_scenario_for_six_points():
    st = acting(shotgun(), 1)
    bandit = next(m for m in M.side_chars(st, 1))
    horse = st["models"][bandit["horse"]]
    horse["pos"] = bandit["pos"] = [2400, 400]
    bandit["strongbox"] = True
    st["strongbox"] = {"on": "model", "model": bandit["id"], "pos": None}
    st["selected"] = bandit["id"]
    st, ev = play(st, 1, {"type": "escape", "model": bandit["id"]})
    assert st["phase"] == "over" and st["end"] == "strongbox-away"
    lines1 = {w: p for w, p, _ in st["result"]["lines"][1]}
    assert lines1["strongbox-taken"] == 6 and lines1["coach-stopped"] == 4


def test_passengers_inside_have_soft_cover():
    from tabletown.games.ruthless import combat as X
    st = acting(shotgun(), 1)
    x, y = st["coach"]["pos"]
    bandit = next(m for m in M.side_chars(st, 1))
    st["models"][bandit["horse"]]["pos"] = bandit["pos"] = [x + 400, y - 600]
    inside = next(m for m in M.chars(st) if m["aboard"] == "inside")
    box = next(m for m in M.chars(st) if m["aboard"] == "box")
    assert X.shot_info(st, bandit["id"], 0, inside["id"])["cover"] == "soft"
    assert X.shot_info(st, bandit["id"], 0, box["id"])["cover"] is None


def test_a_coach_abandoned_by_its_people_leaves_the_strongbox_to_the_road_agents():
    st = shotgun()
    st["fled"][0] = True
    st["end"] = "skedaddle"
    result = final_result(st)
    lines0 = {w: p for w, p, _ in result["lines"][0]}
    lines1 = {w: p for w, p, _ in result["lines"][1]}
    assert "strongbox-safe" not in lines0 and "passengers" not in lines0
    assert lines1["strongbox-taken"] == 6 and lines1["field"] == 3


def test_the_strongbox_counts_for_the_coach_only_when_it_got_through():
    st = shotgun()
    st["end"] = "time"
    lines0 = {w: p for w, p, _ in final_result(st)["lines"][0]}
    assert "strongbox-safe" not in lines0 and lines0["passengers"] == 2
