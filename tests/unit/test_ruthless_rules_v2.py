"""Ruthless rules version 2, from the rulebook's words, and version 1 kept for old games.

1. Distances. "On FOOT 6" or 3" (Open vs. Rough) On HORSE 12" or 8"", and the stagecoach's
   Drive (6", 3" through rough ground). A point the game suggests is a whole number of
   hundredths; from version 2 it is never further than the rule allows and (one of the four
   whole points around the exact one) at most a hundredth and a half short of it, whichever
   way the model faces (version 1 rounded to the nearest
   hundredth, so a slanted 6" point could lie 6.003" away, be refused and fall back short).
2. Snap Shot: "play any card higher than the opponent's initiative card"; Trigger Finger:
   "+1 snap shot cards". Nothing in the book caps the count: a Trigger Finger's Ace (15)
   beats an Ace played for initiative; his King (14) only equals it, and equal is not higher.
3. Picking who acts: the book has no such step ("each character they control takes two
   actions in any combination"), so a pick commits nobody. From version 2 a pick that has
   done nothing yet is taken back with Undo instead of being swapped by another logged pick;
   once the character has acted, any other may be picked, and he may be picked again.
"""

from __future__ import annotations

import math

import pytest

from tabletown.engine.session import Session, new_record
from tabletown.games.ruthless import cards as K
from tabletown.games.ruthless import coach as CO
from tabletown.games.ruthless import game
from tabletown.games.ruthless import ground as G
from tabletown.games.ruthless import models as M
from tabletown.games.ruthless import moving as V

from .test_ruthless_helpers import RULES, SPEC, acting, arena, card, horse_for, play, put

S, H, D, C = K.SPADES, K.HEARTS, K.DIAMONDS, K.CLUBS


def test_the_spec_plays_version_11_and_still_replays_versions_1_to_10():
    assert SPEC.rules_version == 11 and SPEC.replays == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert RULES.setup(1, 2, SPEC.normalize(2, {}))["v"] == 11
    assert RULES.setup(1, 2, SPEC.normalize(2, {}), version=10)["v"] == 10
    assert RULES.setup(1, 2, SPEC.normalize(2, {}), version=9)["v"] == 9
    assert RULES.setup(1, 2, SPEC.normalize(2, {}), version=8)["v"] == 8
    assert RULES.setup(1, 2, SPEC.normalize(2, {}), version=7)["v"] == 7
    assert RULES.setup(1, 2, SPEC.normalize(2, {}), version=6)["v"] == 6
    assert RULES.setup(1, 2, SPEC.normalize(2, {}), version=5)["v"] == 5
    assert RULES.setup(1, 2, SPEC.normalize(2, {}), version=4)["v"] == 4
    assert RULES.setup(1, 2, SPEC.normalize(2, {}), version=3)["v"] == 3
    assert RULES.setup(1, 2, SPEC.normalize(2, {}), version=2)["v"] == 2
    assert RULES.setup(1, 2, SPEC.normalize(2, {}), version=1)["v"] == 1


def test_an_unknown_rules_version_is_refused_with_a_message():
    from tabletown.engine.rules import BadSetup
    with pytest.raises(BadSetup, match="no rules version 12"):
        RULES.setup(1, 2, SPEC.normalize(2, {}), version=12)


# =============================================================================================
# 1. Suggested points: as far as the rule allows, never further
# =============================================================================================
def within_a_hundredth(start, p, limit):
    d = math.dist(start, p)
    return limit - 1 <= d <= limit


# --- the stagecoach ---------------------------------------------------------------------------
def shotgun(version=2, pos=(600, 1490), facing=0):
    st = acting(RULES.setup(2, 2, SPEC.normalize(2, {"scenario": "riding-shotgun"}), version=version), 0)
    for m in M.side_chars(st, 1):   # the road agents are out of the way
        m["status"] = M.GONE
        if m["horse"] is not None:
            st["models"][m["horse"]]["status"] = M.DEAD
            st["models"][m["horse"]]["rider"] = None
            m["horse"] = None
    st["coach"]["pos"], st["coach"]["facing"] = list(pos), facing
    for m in M.chars(st):
        if m["aboard"]:
            m["pos"] = list(pos)
    return st


@pytest.mark.parametrize("facing", [0, 10, 20, 340])
def test_every_suggested_drive_in_open_ground_rolls_the_full_six_inches(facing):
    # the coach's starting place on the wagon road: open ground 6" ahead and 30° either side
    st = shotgun(facing=facing)
    found = CO.suggestions(st)
    assert [tag for tag, _ in found] == ["ahead", "left", "right"]
    for tag, p in found:
        res = CO.check_drive(st, p)
        assert res["ok"] and not res["rough"], tag
        assert within_a_hundredth(st["coach"]["pos"], p, 600), (tag, p, math.dist(st["coach"]["pos"], p))


def test_the_suggested_turns_are_thirty_degrees_either_side():
    st = shotgun()
    tags = dict(CO.suggestions(st))
    for tag, turn in (("left", -30), ("right", 30)):
        res = CO.check_drive(st, tags[tag])
        assert abs(((res["facing"] - turn) + 180) % 360 - 180) <= 1


def test_a_whipped_team_is_offered_its_whole_nine_inches_and_a_halved_team_its_three():
    st = shotgun()
    st["coach"]["whipped"] = True
    st["coach"]["facing"] = 10   # a slanted road ahead, open for 9"
    found = dict(CO.suggestions(st))
    assert within_a_hundredth(st["coach"]["pos"], found["ahead"], 900)
    assert all(CO.check_drive(st, p)["ok"] for p in found.values())
    st = shotgun()
    st["coach"]["hits"] = 3   # one pair of horses is dead: the Drive is halved
    for _, p in CO.suggestions(st):
        assert CO.check_drive(st, p)["ok"] and within_a_hundredth(st["coach"]["pos"], p, 300)


def test_version_1_keeps_its_short_suggested_turns():
    st = shotgun(version=1)
    tags = dict(CO.suggestions(st))
    assert tags["ahead"] == [1200, 1490]
    assert round(math.dist([600, 1490], tags["left"])) == 300   # the old fall-back to 3"
    assert round(math.dist([600, 1490], tags["right"])) == 300


def test_the_drive_point_one_hundredth_further_is_still_refused():
    st = shotgun()
    p = dict(CO.suggestions(st))["left"]
    a = math.atan2(p[1] - 1490, p[0] - 600)
    beyond = [int(math.ceil(600 + 601 * math.cos(a))), int(math.floor(1490 + 601 * math.sin(a)))]
    assert math.dist([600, 1490], beyond) > 600
    assert CO.check_drive(st, beyond)["why"] == "too-far"


# --- models on foot and mounted ---------------------------------------------------------------
# Town table: around (3000, 1600) the street is open to the west, north and south (the
# trough at (2720, 2190) and the table's east edge are the nearest things in the way).
START = [3000, 1600]


def slanted(version=2, foe=(3300, 2400), mounted=False):
    """Morgan in the open street with an enemy to the south-south-east: a slanted line."""
    st = acting(arena(hands=[[card(10, S)], [card(5, C)]]), 0)
    st["v"] = version
    a = put(st, "morgan-earp", 0, list(START))
    if mounted:
        horse_for(st, a)
    put(st, "billy-clanton", 1, list(foe))
    return st, a


def test_the_suggested_advance_and_back_go_the_whole_six_inches_on_a_slant():
    st, a = slanted()
    tags = dict(V.suggestions(st, a))
    for tag in ("advance", "back"):
        assert V.check_move(st, a, tags[tag])["ok"]
        assert within_a_hundredth(START, tags[tag], 600), tag


def test_version_1_keeps_its_five_inch_advance_on_the_same_slant():
    st, a = slanted(version=1)
    tags = dict(V.suggestions(st, a))
    assert round(math.dist(START, tags["advance"])) == 500
    assert round(math.dist(START, tags["back"])) == 500


def test_a_mounted_man_is_offered_his_whole_twelve_inches_back():
    st, a = slanted(foe=(3500, 2100), mounted=True)
    back = dict(V.suggestions(st, a))["back"]
    assert V.check_move(st, a, back)["ok"] and within_a_hundredth(START, back, 1200)
    st, a = slanted(version=1, foe=(3500, 2100), mounted=True)
    assert round(math.dist(START, dict(V.suggestions(st, a))["back"])) == 1100   # version 1: an inch short


@pytest.mark.parametrize("dx,dy", [(-1, 0), (-2, -1), (-3, 1), (-5, -3), (-1, -1), (1, -3), (0, 1), (-4, 3)])
def test_the_furthest_open_point_on_any_slant_is_within_a_hundredth_of_the_limit(dx, dy):
    st, a = slanted()
    st["models"][1]["status"] = M.GONE   # nobody near: only the distance matters
    res = V.furthest_ok(st, a, [START[0] + 100 * dx, START[1] + 100 * dy], 600)
    assert res is not None and within_a_hundredth(START, res["to"], 600)


def test_a_lily_livered_man_far_from_cover_runs_his_whole_move_toward_it():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [3500, 1500], lily=True)   # the east end of the town's street
    put(st, "billy-clanton", 1, [1000, 1000])
    spot = V.flee_spot(st, a)
    assert spot is not None and spot["ok"]
    assert 599 <= math.dist([3500, 1500], spot["to"]) <= 600


def pushed(version, loser):
    """How far the loser of Fisticuffs at `loser` is pushed straight away from (1000, 1000)."""
    st = acting(arena(), 0)
    st["v"] = version
    winner = put(st, "morgan-earp", 0, [1000, 1000])
    man = put(st, "billy-clanton", 1, list(loser))
    return math.dist(loser, V.push_back(st, man, winner["pos"]))


@pytest.mark.parametrize("loser", [[1089, 1046], [1099, 1015], [1085, 1053], [1030, 1096]])
def test_the_loser_of_fisticuffs_is_pushed_back_the_whole_two_inches_on_a_slant(loser):
    # "the loser is pushed back 2"": version 1 pushed these slants only 1.75"
    assert 199 <= pushed(2, loser) <= 200
    assert 174 <= pushed(1, loser) < 175


def test_straight_along_the_street_both_versions_push_two_inches():
    assert pushed(2, [1100, 1000]) == pushed(1, [1100, 1000]) == 200


@pytest.mark.parametrize("offset,version,ok", [
    ((-693, -99), 2, True),     # base contact 6.0003" away: within a hundredth, the charge goes in
    ((-693, -99), 1, False),    # version 1 rounded the landing to 6.0005" and refused it
    ((-700, -130), 2, False),   # base contact 6.12" away: too far
    ((-560, -420), 2, True),    # exactly 6"
])
def test_a_charge_at_the_very_edge_of_a_move(offset, version, ok):
    st = acting(arena(), 0)
    st["v"] = version
    a = put(st, "morgan-earp", 0, list(START))
    e = put(st, "billy-clanton", 1, [START[0] + offset[0], START[1] + offset[1]])
    res = V.check_move(st, a, e["pos"])
    assert res["ok"] is ok and res["contact"] == e["id"]
    if ok:
        assert math.dist(START, res["to"]) <= 600
    else:
        assert res["why"] == "too-far"


# =============================================================================================
# 2. Snap Shot against the initiative card, with and without Trigger Finger
# =============================================================================================
def snap_offer(defender_card, initiative, defender="morgan-earp"):
    """Billy Clanton (side 0) shoots at `defender` (side 1) after `initiative` was played:
    the snap-shot cards the defender's player is offered."""
    st = acting(arena(hands=[[card(3, C)], [defender_card]]), 0, played={0: initiative})
    a = put(st, "billy-clanton", 0, [1000, 1000])
    d = put(st, defender, 1, [1500, 1000])
    st["selected"] = a["id"]
    st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": d["id"]})
    assert st["pending"]["kind"] == "snap"
    return {x["card"] for x in RULES.legal(st, 1) if x["type"] == "snap"}


@pytest.mark.parametrize("mine,theirs,defender,offered", [
    # Trigger Finger (Morgan Earp): +1 to his cards, an Ace counts 15
    (card(14, C), card(14, S), "morgan-earp", True),      # 15 beats the initiative Ace
    (card(13, S), card(14, C), "morgan-earp", False),     # his King counts 14: equal to an Ace, not higher
    (card(13, C), card(13, S), "morgan-earp", True),      # his King (14) beats a King (13)
    (card(12, S), card(13, C), "morgan-earp", False),     # his Queen (13) only equals a King
    # no Trigger Finger (Billy Claiborne)
    (card(14, C), card(14, S), "billy-claiborne", False),  # an Ace does not beat an Ace
    (card(14, C), card(13, S), "billy-claiborne", True),   # an Ace beats a King, whatever the suits
    (card(9, S), card(9, C), "billy-claiborne", False),    # equal ranks: not higher, whatever the suits
    (card(10, C), card(9, S), "billy-claiborne", True),
])
def test_a_snap_shot_is_offered_only_for_a_card_higher_than_the_initiative_card(mine, theirs, defender, offered):
    assert (mine in snap_offer(mine, theirs, defender)) is offered


def test_the_jess_harlan_guard_has_trigger_finger_too():
    assert mine_beats_ace(card(14, D), "jess-harlan")


def mine_beats_ace(mine, defender):
    return mine in snap_offer(mine, card(14, H), defender)


# =============================================================================================
# 3. Picking who acts
# =============================================================================================
def two_men(version=2, small=False):
    st = acting(arena(hands=[[card(10, S)], [card(5, C)]], small=small), 0)
    st["v"] = version
    a = put(st, "morgan-earp", 0, [1000, 1000])
    b = put(st, "wyatt-earp", 0, [1000, 1300])
    put(st, "billy-clanton", 1, [3000, 2000])
    return st, a, b


def picks(st):
    return [x["model"] for x in RULES.legal(st, 0) if x["type"] == "select"]


def test_a_fresh_pick_is_not_swapped_by_another_logged_pick():
    st, a, b = two_men()
    st, ev = play(st, 0, {"type": "select", "model": a["id"]})
    assert picks(st) == []
    from .test_ruthless_helpers import illegal
    assert "Undo the pick" in illegal(st, 0, {"type": "select", "model": b["id"]})
    # his actions, Hold and End stay on offer
    kinds = {x["type"] for x in RULES.legal(st, 0)}
    assert {"move", "aim", "hold", "end"} <= kinds
    assert "Undo" in RULES.prompt(st, 0)


def test_once_he_has_acted_another_may_be_picked_and_he_may_be_picked_again():
    st, a, b = two_men()
    st, _ = play(st, 0, {"type": "select", "model": a["id"]})
    st, _ = play(st, 0, {"type": "aim", "model": a["id"]})
    assert picks(st) == [b["id"]]
    assert "Undo" not in RULES.prompt(st, 0)
    st, _ = play(st, 0, {"type": "select", "model": b["id"]})
    assert picks(st) == []
    st, _ = play(st, 0, {"type": "aim", "model": b["id"]})
    assert picks(st) == [a["id"]]   # back to Morgan, who has one action left
    st, _ = play(st, 0, {"type": "select", "model": a["id"]})
    assert st["models"][a["id"]]["acts"] == 1


def test_after_a_hold_every_character_who_can_act_may_be_picked():
    st, a, b = two_men()
    st, _ = play(st, 0, {"type": "select", "model": a["id"]})
    st, _ = play(st, 0, {"type": "hold", "model": a["id"]})
    assert picks(st) == [b["id"]]


def test_version_1_lets_a_pick_be_swapped_by_another():
    st, a, b = two_men(version=1)
    st, _ = play(st, 0, {"type": "select", "model": a["id"]})
    assert picks(st) == [b["id"]]


def test_in_a_small_gunfight_a_fresh_pick_may_end_the_activation_but_not_be_swapped():
    st, a, b = two_men(small=True)
    st, _ = play(st, 0, {"type": "select", "model": a["id"]})
    assert picks(st) == [] and {"type": "end"} in RULES.legal(st, 0)


def test_undo_takes_back_a_fresh_pick_and_its_line():
    seats = [{"name": "Earps", "kind": "human"}, {"name": "Cowboys", "kind": "human"}]
    session = Session(game, new_record(game, seats, SPEC.normalize(2, {"scenario": "gunfight"}), 5))
    while session.state["phase"] != "act":
        seat = session.active()[0]
        session.apply(seat, RULES.legal(session.state, seat)[0])
    seat = session.active()[0]
    first, second = [x for x in RULES.legal(session.state, seat) if x["type"] == "select"][:2]
    lines = len(session.lines)
    session.apply(seat, first)
    assert second not in RULES.legal(session.state, seat)
    assert session.can_undo(seat)
    session.undo(seat)
    assert len(session.lines) == lines and session.state["selected"] is None
    session.apply(seat, second)
    assert session.lines[-1].endswith("steps up.") and len(session.lines) == lines + 1


def test_the_cover_a_snap_shot_dash_uses_stays_within_three_inches():
    # The dash goes to a place in cover found on the table, not to a rounded point on a line.
    st = acting(arena(hands=[[card(3, C)], [card(10, C)]]), 0, played={0: card(9, H)})
    a = put(st, "morgan-earp", 0, [1000, 1200])
    e = put(st, "billy-clanton", 1, [1070, 1530])
    st["selected"] = a["id"]
    st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    for x in RULES.legal(st, 1):
        if x["type"] == "snap" and "to" in x:
            assert math.dist([1070, 1530], x["to"]) <= 300
            assert G.in_cover(G.ground(st["table"]), tuple(x["to"]), 50)
