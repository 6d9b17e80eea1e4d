"""Ruthless, rule by rule: wounds, Toughness and nerve, Fisticuffs, Snap Shots, Got You
Covered!, Skedaddle, and every trait."""

from __future__ import annotations

import pytest

from tabletown.games.ruthless import cards as K
from tabletown.games.ruthless import combat as X
from tabletown.games.ruthless import ground as G
from tabletown.games.ruthless import models as M

from .test_ruthless_helpers import RULES, acting, arena, card, dice, horse_for, illegal, play, put, rolls, types

S, H, D, C = K.SPADES, K.HEARTS, K.DIAMONDS, K.CLUBS


def duel(a_card="morgan-earp", e_card="billy-claiborne", dist=500, hands=None, played=None):
    st = acting(arena(hands=hands or [[card(10, S), card(6, H), card(2, D)], [card(5, C), card(3, D), card(9, C)]]), 0,
                played=played)
    a = put(st, a_card, 0, [1000, 1000])
    e = put(st, e_card, 1, [1000 + dist, 1000])
    st["selected"] = a["id"]
    return st, a, e


def shoot(st, a, e, *seq, wi=0):
    with dice(*seq):
        return play(st, 0, {"type": "shoot", "model": a["id"], "weapon": wi, "target": e["id"]})


# =============================================================================================
# The wound table: 1-2 Leg, 3-4 Arm, 5-6 Graze, 7 Gut Punch, 8-9 Chest, 10 Severe
# =============================================================================================
@pytest.mark.parametrize("roll,location", [(1, "leg"), (2, "leg"), (3, "arm"), (4, "arm"), (5, None), (6, None),
                                           (7, None), (8, "chest"), (9, "chest"), (10, "severe")])
def test_each_hit_rolls_on_the_wound_table(roll, location):
    st, a, e = duel(e_card="frank-mclaury")  # Toughness 4
    extra = () if roll == 10 else (9,)  # the Toughness test after the hit (a knocked-out man takes none)
    st, ev = shoot(st, a, e, 9, roll, *extra)
    wounds = st["models"][e["id"]]["wounds"]
    assert sum(wounds.values()) == (1 if location else 0)
    if location:
        assert wounds[location] == 1
    assert [x["result"] for x in ev if x["t"] == "wound"] == [{1: "leg", 2: "leg", 3: "arm", 4: "arm", 5: "graze",
                                                               6: "graze", 7: "gut-punch", 8: "chest", 9: "chest",
                                                               10: "severe"}[roll]]


def test_a_severe_wound_knocks_unconscious_and_the_model_is_tipped_over():
    st, a, e = duel()
    st, ev = shoot(st, a, e, 9, 10)
    assert st["models"][e["id"]]["status"] == M.DOWN
    assert "test" not in types(ev)


def test_a_gut_punch_from_a_shot_does_not_knock_out():
    st, a, e = duel(e_card="frank-mclaury")
    st, ev = shoot(st, a, e, 9, 7, 9)
    assert st["models"][e["id"]]["status"] == M.OK


def test_killed_when_the_last_box_of_any_one_location_is_crossed():
    st, a, e = duel(e_card="frank-mclaury")  # Chest 2
    st, ev = shoot(st, a, e, 9, 8, 9)
    assert st["models"][e["id"]]["status"] == M.OK and st["models"][e["id"]]["wounds"]["chest"] == 1
    st["models"][a["id"]]["acts"] = 0
    st, ev = shoot(st, a, st["models"][e["id"]], 9, 9)
    assert st["models"][e["id"]]["status"] == M.DEAD
    assert "killed" in types(ev)


def test_one_box_short_of_the_last_is_still_alive():
    st, a, e = duel(e_card="frank-mclaury")  # Leg 3
    e["wounds"]["leg"] = 1
    st, ev = shoot(st, a, e, 9, 1, 9)
    assert st["models"][e["id"]]["status"] == M.OK and st["models"][e["id"]]["wounds"]["leg"] == 2


def test_an_aimed_hit_may_be_moved_one_up_or_down_by_the_firer():
    st, a, e = duel(e_card="frank-mclaury")
    a["aim"] = True
    with dice(9, 7):
        st, ev = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert st["pending"]["kind"] == "adjust" and RULES.active(st) == [0]
    assert RULES.legal(st, 0) == [{"type": "adjust", "by": -1}, {"type": "adjust", "by": 0}, {"type": "adjust", "by": 1}]
    st, ev = play(st, 0, {"type": "adjust", "by": 1})  # 7 (gut punch) becomes 8: the chest
    assert st["models"][e["id"]]["wounds"]["chest"] == 1
    assert [x["result"] for x in ev if x["t"] == "wound"] == ["chest"]


@pytest.mark.parametrize("roll,options", [(1, [0, 1]), (10, [-1, 0])])
def test_the_adjustment_stays_on_the_table(roll, options):
    st, a, e = duel(e_card="frank-mclaury")
    a["aim"] = True
    with dice(9, roll):
        st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert [x["by"] for x in RULES.legal(st, 0)] == options


def test_an_unaimed_hit_is_not_adjusted():
    st, a, e = duel(e_card="frank-mclaury")
    st, ev = shoot(st, a, e, 9, 7, 9)
    assert st["pending"] is None


# =============================================================================================
# Toughness: roll it or higher when hit (even a Graze) or when a friend is killed
# =============================================================================================
@pytest.mark.parametrize("roll,lily", [(4, False), (3, True), (10, False)])
def test_a_toughness_test_after_every_hit_even_a_graze(roll, lily):
    st, a, e = duel(e_card="frank-mclaury")  # Toughness 4
    st, ev = shoot(st, a, e, 9, 5, roll)
    assert st["models"][e["id"]]["lily"] is lily
    assert [x["passed"] for x in ev if x["t"] == "test"] == [not lily]


def test_when_a_friend_is_killed_his_friends_test():
    st, a, e = duel(e_card="tom-mclaury")  # Chest 2
    friend = put(st, "frank-mclaury", 1, [2000, 1600])
    e["wounds"]["chest"] = 1
    st, ev = shoot(st, a, e, 9, 8, 3)  # Frank fails his test (3 < 4)
    assert st["models"][friend["id"]]["lily"]
    assert [x["why"] for x in ev if x["t"] == "test"] == ["friend"]


def test_a_lily_livered_man_runs_to_cover_at_once_and_must_stay_in_cover():
    st, a, e = duel(e_card="frank-mclaury")
    st, ev = shoot(st, a, e, 9, 5, 1)
    m = st["models"][e["id"]]
    g = G.ground(st["table"])
    assert "flee" in types(ev) and G.in_cover(g, tuple(m["pos"]), M.radius(m))
    # on his own turn he may move only from cover to cover
    st = acting(st, 1, select=e["id"])
    out_of_cover = [m["pos"][0], 1000] if abs(m["pos"][1] - 1000) < 500 else [1800, 1000]
    assert illegal(st, 1, {"type": "move", "model": e["id"], "to": out_of_cover}) in (
        "A Lily Livered character must stay in cover.", "That is further than he can move.",
        "A building, rock or wagon is in the way.")


def test_lily_livered_must_end_a_move_in_cover():
    st = acting(arena(), 1)
    e = put(st, "frank-mclaury", 1, [1000, 1700], lily=True)  # in the scrub at (1000, 1800)
    g = G.ground(st["table"])
    assert G.in_cover(g, (1000, 1700), 50)
    st["selected"] = e["id"]
    assert illegal(st, 1, {"type": "move", "model": e["id"], "to": [1000, 1450]}) == "A Lily Livered character must stay in cover."
    play(st, 1, {"type": "move", "model": e["id"], "to": [1000, 1900]})


@pytest.mark.parametrize("roll,card_,passed", [(5, None, True), (4, None, False), (1, card(4, C), True),
                                               (1, card(3, C), False), (1, card(11, C), True), (1, card(14, H), True)])
def test_get_your_courage_up_d10_plus_a_card_equal_or_above_toughness(roll, card_, passed):
    st = acting(arena(hands=[[card(4, C), card(3, C), card(11, C), card(14, H)], []]), 0)
    m = put(st, "billy-clanton", 0, [1000, 1700], lily=True)  # Toughness 5, in the scrub
    st["selected"] = m["id"]
    action = {"type": "courage", "model": m["id"], "card": card_}
    assert action in RULES.legal(st, 0)
    whiskey = card_ is not None and K.is_whiskey(card_)
    with dice(*(() if whiskey else (roll,))):
        st, ev = play(st, 0, action)
    assert st["models"][m["id"]]["lily"] is (not passed)
    if card_ is not None:
        assert card_ in st["discard"] and card_ not in st["hands"][0]


def test_get_your_courage_up_only_from_cover():
    st = acting(arena(hands=[[card(4, C)], []]), 0)
    m = put(st, "billy-clanton", 0, [1000, 1000], lily=True)
    st["selected"] = m["id"]
    assert not [a for a in RULES.legal(st, 0) if a["type"] == "courage"]


# =============================================================================================
# Fisticuffs
# =============================================================================================
def brawl(attacker_card, defender_card, a_mounted=False, d_mounted=False, d_status=M.OK, a_trait=None):
    hands = [[attacker_card] if attacker_card is not None else [], [defender_card] if defender_card is not None else []]
    st = acting(arena(hands=hands), 0)
    a = put(st, "morgan-earp", 0, [1000, 1000])
    d = put(st, "billy-claiborne", 1, [1500, 1000], status=d_status)
    if a_mounted:
        horse_for(st, a)
    if d_mounted:
        horse_for(st, d)
    if a_trait:
        st["custom"]["brawler"] = {"id": "brawler", "name": 0, "toughness": 5, "weapons": ["revolver"],
                                   "traits": [a_trait], "boxes": {"leg": 3, "arm": 3, "chest": 2, "severe": 2},
                                   "mounted": False, "role": "posse"}
        st["models"][a["id"]]["card"] = "brawler"
    return st, st["models"][a["id"]], st["models"][d["id"]]


@pytest.mark.parametrize("ca,cd,a_mounted,d_mounted,winner", [
    (card(10, C), card(9, S), False, False, "a"),
    (card(9, S), card(10, C), False, False, "d"),
    (card(9, C), card(10, C), True, False, "d"),   # 9+1 = 10 ties the 10: Clubs and Clubs, the higher card
    (card(9, S), card(10, C), True, False, "a"),   # 9+1 = 10 ties the 10: Spades beat Clubs
    (card(9, C), card(10, S), True, False, "d"),   # ... and Clubs lose to Spades
    (card(10, C), card(10, S), False, True, "d"),
    (card(2, H), card(14, H), False, False, "a"),  # a 2 of the opponent's suit is a Low Blow
    (card(2, C), card(14, H), False, False, "d"),  # a 2 of another suit is just a 2
    (card(14, H), card(2, H), False, False, "d"),
])
def test_fisticuffs_highest_wins_mounted_plus_one_low_blow(ca, cd, a_mounted, d_mounted, winner):
    st, a, d = brawl(ca, cd, a_mounted, d_mounted)
    expect = a["id"] if winner == "a" else d["id"]
    assert X.brawl_winner(st, a, d, ca, cd) == expect


def test_no_card_or_unconscious_loses_automatically():
    st, a, d = brawl(card(2, C), None)
    assert X.brawl_winner(st, a, d, card(2, C), None) == a["id"]
    st, a, d = brawl(card(2, C), card(14, S), d_status=M.DOWN)
    assert X.brawl_winner(st, a, d, card(2, C), card(14, S)) == a["id"]
    st, a, d = brawl(None, None)
    assert X.brawl_winner(st, a, d, None, None) is None  # neither can fight: a stand-off


def test_bowie_knife_adds_two_to_the_card_in_fisticuffs():
    st, a, d = brawl(card(8, C), card(10, C), a_trait="bowie-knife")
    assert X.brawl_winner(st, a, d, card(8, C), card(10, C)) == d["id"]  # 10 vs 10: Clubs, the higher card
    assert X.brawl_winner(st, a, d, card(9, C), card(10, C)) == a["id"]  # 11 beats 10


def test_fisticuffs_on_contact_both_choose_the_loser_is_pushed_back_and_rolls_twice():
    st, a, d = brawl(card(12, S), card(5, C))
    st["selected"] = a["id"]
    st, ev = play(st, 0, {"type": "move", "model": a["id"], "to": [1500, 1000]})
    assert st["pending"]["kind"] == "brawl" and sorted(RULES.active(st)) == [0, 1]
    st, ev = play(st, 1, {"type": "brawl", "card": card(5, C)})
    assert "reveal" not in types(ev)  # the first card waits face down
    with dice(5, 9, 1, 9):  # two wound rolls (graze, leg), each with a Toughness test
        st, ev = play(st, 0, {"type": "brawl", "card": card(12, S)})
    loser = st["models"][d["id"]]
    assert loser["pos"][0] - st["models"][a["id"]]["pos"][0] >= 100 + 200 - 1  # pushed back 2"
    assert [x["result"] for x in ev if x["t"] == "wound"] == ["graze", "leg"]


def test_a_gut_punch_in_fisticuffs_knocks_unconscious():
    st, a, d = brawl(card(12, S), card(5, C))
    st["selected"] = a["id"]
    st, ev = play(st, 0, {"type": "move", "model": a["id"], "to": [1500, 1000]})
    st, ev = play(st, 1, {"type": "brawl", "card": card(5, C)})
    with dice(7, 5):
        st, ev = play(st, 0, {"type": "brawl", "card": card(12, S)})
    assert st["models"][d["id"]]["status"] == M.DOWN


# =============================================================================================
# Snap Shot: a card higher than the opponent's initiative card
# =============================================================================================
NINE_OF_HEARTS = card(9, H)


def snap_setup(defender_hand, initiative=NINE_OF_HEARTS, e_card="billy-clanton"):
    st = acting(arena(hands=[[card(3, C)], defender_hand]), 0, played={0: initiative})
    a = put(st, "morgan-earp", 0, [1000, 1000])
    e = put(st, e_card, 1, [1500, 1000])
    st["selected"] = a["id"]
    return st, a, e


def test_the_target_is_asked_before_the_shot():
    st, a, e = snap_setup([card(10, C)])
    st, ev = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert st["pending"]["kind"] == "snap" and RULES.active(st) == [1]
    assert "roll" not in types(ev)
    assert {"type": "snap", "card": card(10, C), "weapon": 0} in RULES.legal(st, 1)


@pytest.mark.parametrize("hand,can", [([card(10, C)], True), ([card(9, S)], False), ([card(8, S)], False)])
def test_a_snap_shot_needs_a_card_of_higher_rank(hand, can):
    st, a, e = snap_setup(hand)
    st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    snaps = [x for x in RULES.legal(st, 1) if x["type"] == "snap"]
    assert bool(snaps) is can
    assert {"type": "pass"} in RULES.legal(st, 1)  # asked either way: the question tells nothing


def test_trigger_finger_counts_his_cards_one_higher():
    st, a, e = snap_setup([card(9, C)], e_card="morgan-earp")
    st["models"][e["id"]]["side"] = 1
    st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert [x for x in RULES.legal(st, 1) if x["type"] == "snap"]


def test_snap_shot_fires_first_and_a_downed_shooter_loses_his_shot():
    st, a, e = snap_setup([card(10, C)])
    st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    with dice(9, 10):  # Billy's snap shot hits; Severe: Morgan is out cold
        st, ev = play(st, 1, {"type": "snap", "card": card(10, C), "weapon": 0})
    assert st["models"][a["id"]]["status"] == M.DOWN
    assert "shot_lost" in types(ev)
    assert card(10, C) in st["discard"]
    assert [x["kind"] for x in ev if x["t"] == "shot"] == ["snap"]


def test_snap_shot_is_unaimed_and_the_opponent_cannot_answer_it():
    st, a, e = snap_setup([card(10, C)])
    st["hands"][0] = [card(14, S)]
    st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    with dice(1, 2):  # the snap shot misses; Morgan's shot misses: no window for Morgan in between
        st, ev = play(st, 1, {"type": "snap", "card": card(10, C), "weapon": 0})
    assert [x["kind"] for x in ev if x["t"] == "shot"] == ["snap", "action"]


def test_snap_shot_dash_three_inches_toward_cover():
    st = acting(arena(hands=[[card(3, C)], [card(10, C)]]), 0, played={0: card(9, H)})
    a = put(st, "morgan-earp", 0, [1000, 1200])
    e = put(st, "billy-clanton", 1, [1000, 1500])  # the scrub (1000, 1800) is 1.4" away
    st["selected"] = a["id"]
    st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    dashes = [x for x in RULES.legal(st, 1) if x["type"] == "snap" and "to" in x]
    assert dashes
    with dice(6):
        st, ev = play(st, 1, dashes[0])
    moved = st["models"][e["id"]]
    assert G.in_cover(G.ground(st["table"]), tuple(moved["pos"]), 50)
    assert ((moved["pos"][0] - 1000) ** 2 + (moved["pos"][1] - 1500) ** 2) <= 300 ** 2
    assert [x["cover"] for x in ev if x["t"] == "shot"] == ["soft"]
    assert illegal(st, 0, {"type": "snap", "card": card(10, C), "to": [1000, 1400]})


def test_a_free_dash_away_from_cover_is_refused():
    st = acting(arena(hands=[[card(3, C)], [card(10, C)]]), 0, played={0: card(9, H)})
    a = put(st, "morgan-earp", 0, [1000, 1200])
    e = put(st, "billy-clanton", 1, [1000, 1500])
    st["selected"] = a["id"]
    st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert illegal(st, 1, {"type": "snap", "card": card(10, C), "to": [1200, 1400]}) == "A Snap Shot dash must go toward cover."
    assert illegal(st, 1, {"type": "snap", "card": card(10, C), "to": [1000, 1801]}) == "That is further than he can move."


# =============================================================================================
# Got You Covered!
# =============================================================================================
def test_got_you_covered_takes_one_unaimed_shot_at_an_enemy_moving_in_sight():
    st = acting(arena(hands=[[card(3, C)], [card(5, C)]]), 1)
    guard = put(st, "morgan-earp", 0, [1000, 1000], covering=True, aim=False)
    e = put(st, "billy-clanton", 1, [2000, 1000])
    st["selected"] = e["id"]
    st, ev = play(st, 1, {"type": "move", "model": e["id"], "to": [1700, 1000]})
    assert st["pending"]["kind"] == "covered" and RULES.active(st) == [0]
    assert RULES.legal(st, 0) == [{"type": "pass"}, {"type": "covered", "model": guard["id"], "weapon": 0}]
    with dice(2):
        st, ev = play(st, 0, {"type": "covered", "model": guard["id"], "weapon": 0})
    assert not st["models"][guard["id"]]["covering"]
    assert [x["kind"] for x in ev if x["t"] == "shot"] == ["covered"]
    assert RULES.active(st) == [1]


def test_got_you_covered_is_lost_when_the_character_takes_another_action():
    st = acting(arena(hands=[[card(3, C)], [card(5, C)]]), 0)
    guard = put(st, "morgan-earp", 0, [1000, 1000], covering=True)
    st["selected"] = guard["id"]
    st, _ = play(st, 0, {"type": "aim", "model": guard["id"]})
    assert not st["models"][guard["id"]]["covering"]


def test_no_covered_shot_at_a_mover_out_of_sight():
    st = acting(arena(hands=[[card(3, C)], [card(5, C)]]), 1)
    put(st, "morgan-earp", 0, [1200, 700], covering=True)
    e = put(st, "billy-clanton", 1, [1750, 250])
    st["selected"] = e["id"]
    st, ev = play(st, 1, {"type": "move", "model": e["id"], "to": [1750, 100]})
    assert st["pending"] is None


# =============================================================================================
# Skedaddle
# =============================================================================================
@pytest.mark.parametrize("roll,flees", [(2, True), (3, False)])
def test_skedaddle_at_or_under_the_count_of_dead_lily_livered_and_unconscious(roll, flees):
    st = acting(arena(hands=[[card(3, C)], [card(5, C)]]), 0)
    a = put(st, "morgan-earp", 0, [1000, 1000])
    put(st, "wyatt-earp", 0, [1000, 1300], lily=True)
    put(st, "virgil-earp", 0, [1000, 1600], status=M.DOWN)
    put(st, "ike-clanton", 1, [2500, 1000])
    st["order"] = [0, 1]
    with dice(roll):  # only posse 0 has anyone down: posse 1 cannot skedaddle and rolls nothing
        st, ev = play(st, 0, {"type": "end"})
        st, ev2 = play(st, 1, {"type": "end"})
    assert st["fled"][0] is flees
    assert (st["phase"] == "over") is flees
    del a


def test_a_posse_with_nobody_standing_is_beaten():
    st = acting(arena(hands=[[card(3, C)], [card(5, C)]]), 0)
    put(st, "morgan-earp", 0, [1000, 1000])
    put(st, "ike-clanton", 1, [2500, 1000], status=M.DOWN)
    st, _ = play(st, 0, {"type": "end"})
    assert st["phase"] == "over" and st["out"][1] and st["end"] == "beaten"


# =============================================================================================
# Traits
# =============================================================================================
def trait_card(st, cid, traits, toughness=5, weapons=("revolver",)):
    st["custom"][cid] = {"id": cid, "name": 0, "toughness": toughness, "weapons": list(weapons), "traits": list(traits),
                         "boxes": {"leg": 3, "arm": 3, "chest": 2, "severe": 2}, "mounted": False, "role": "posse"}


@pytest.mark.parametrize("trait,need", [("gunfighter", 5), ("greenhorn", 8), ("drunk", 7), (None, 6)])
def test_shooting_traits(trait, need):
    st, a, e = duel()
    trait_card(st, "t", [trait] if trait else [])
    a["card"] = "t"
    assert X.shot_info(st, a["id"], 0, e["id"])["need"] == need


def test_marksman_aims_for_two():
    st, a, e = duel()
    trait_card(st, "t", ["marksman"])
    a["card"] = "t"
    a["aim"] = True
    assert X.shot_info(st, a["id"], 0, e["id"])["need"] == 4


def test_expert_rider_fires_mounted_without_the_penalty():
    st, a, e = duel()
    horse_for(st, a)
    assert X.shot_info(st, a["id"], 0, e["id"])["need"] == 8
    trait_card(st, "t", ["expert-rider"])
    a["card"] = "t"
    assert X.shot_info(st, a["id"], 0, e["id"])["need"] == 6


@pytest.mark.parametrize("dist,need", [(800, 6), (801, 9)])
def test_stealthy_is_harder_to_hit_at_long_range_only(dist, need):
    st, a, e = duel(e_card="turkey-creek-jack", dist=dist)
    e["side"] = 1
    assert X.shot_info(st, a["id"], 0, e["id"])["need"] == need


def test_dead_eye_ignores_soft_cover():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1200])
    e = put(st, "billy-claiborne", 1, [1000, 1800])
    assert X.shot_info(st, a["id"], 0, e["id"])["cover"] == "soft"
    trait_card(st, "t", ["dead-eye"])
    a["card"] = "t"
    assert X.shot_info(st, a["id"], 0, e["id"])["cover"] is None


def test_steady_hand_fans_for_nines_and_tens():
    st, a, e = duel()
    trait_card(st, "t", ["steady-hand"])
    a["card"] = "t"
    assert X.shot_info(st, a["id"], 0, e["id"], fan=True)["need"] == 9


def test_tough_as_nails_has_one_more_box_everywhere():
    st, a, e = duel()
    trait_card(st, "t", ["tough-as-nails"])
    e["card"] = "t"
    assert M.boxes(st, e) == {"leg": 4, "arm": 4, "chest": 3, "severe": 3}


def test_fleet_footed_moves_eight_inches_on_foot():
    st, a, e = duel()
    trait_card(st, "t", ["fleet-footed"])
    a["card"] = "t"
    from tabletown.games.ruthless import moving as V
    assert V.check_move(st, a, [200, 1000])["ok"] and not V.check_move(st, a, [199, 1000])["ok"]


@pytest.mark.parametrize("trait,roll,lily", [("drunk", 3, False), ("drunk", 2, True), ("yella-belly", 7, False),
                                             ("yella-belly", 6, True)])
def test_drunk_and_yella_belly_on_toughness_tests(trait, roll, lily):
    st, a, e = duel()
    trait_card(st, "t", [trait])  # Toughness 5
    e["card"] = "t"
    st, ev = shoot(st, a, e, 9, 5, roll)
    assert st["models"][e["id"]]["lily"] is lily


def test_cool_hand_ignores_the_first_failed_test_only():
    st, a, e = duel()
    trait_card(st, "t", ["cool-hand"])
    e["card"] = "t"
    st, ev = shoot(st, a, e, 9, 5, 1)
    assert not st["models"][e["id"]]["lily"] and "cool-hand" in st["models"][e["id"]]["used"]
    st["models"][a["id"]]["acts"] = 0
    st, ev = shoot(st, a, st["models"][e["id"]], 9, 5, 1)
    assert st["models"][e["id"]]["lily"]


def test_lucky_rerolls_one_failed_roll_once():
    st, a, e = duel()
    trait_card(st, "t", ["lucky"])
    a["card"] = "t"
    st, ev = shoot(st, a, e, 2, 9, 5, 9)  # missed with a 2; the re-roll hits
    assert rolls(ev, "hit") == [2, 9] and "lucky" in st["models"][a["id"]]["used"]
    st["models"][a["id"]]["acts"] = 0
    st, ev = shoot(st, a, st["models"][e["id"]], 2)  # the tick box is used: no second re-roll
    assert rolls(ev, "hit") == [2]


def test_law_dog_holds_fire_even_for_a_snap_shot():
    st, a, e = snap_setup([card(10, C)], e_card="wyatt-earp")
    st["models"][e["id"]]["side"] = 1
    st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert not [x for x in RULES.legal(st, 1) if x["type"] == "snap" and "weapon" in x]


def test_loud_mouth_hollers_once_and_enemies_in_sight_within_twelve_inches_test():
    st = acting(arena(hands=[[card(3, C)], [card(5, C)]]), 0)
    ike = put(st, "ike-clanton", 0, [1000, 1000])
    near = put(st, "frank-mclaury", 1, [2200, 1000])  # 12" away
    far = put(st, "tom-mclaury", 1, [2201, 1100])
    st["selected"] = ike["id"]
    with dice(1):
        st, ev = play(st, 0, {"type": "holler", "model": ike["id"]})
    assert [x["model"] for x in ev if x["t"] == "test"] == [near["id"]]
    assert st["models"][near["id"]]["lily"] and not st["models"][far["id"]]["lily"]
    st["models"][ike["id"]]["acts"] = 0
    assert not [x for x in RULES.legal(st, 0) if x["type"] == "holler"]


def test_dirty_cheat_swaps_a_card_with_a_random_one_of_another_player_once_a_turn():
    st = acting(arena(hands=[[card(3, C), card(4, C)], [card(13, S), card(12, S), card(11, S)]]), 0)
    p = put(st, "pete-spence", 0, [1000, 1000])
    put(st, "ike-clanton", 1, [2500, 1000])
    st["selected"] = p["id"]
    with dice(2):
        st, ev = play(st, 0, {"type": "cheat", "model": p["id"], "card": card(3, C), "victim": 1})
    assert sorted(st["hands"][0]) == sorted([card(4, C), card(12, S)])
    assert card(3, C) in st["hands"][1]
    assert not [x for x in RULES.legal(st, 0) if x["type"] == "cheat"]
    line = RULES.phrase(ev)
    assert "Q" not in line and "3♣" not in line  # nobody else learns which cards changed hands


def test_sawbones_erases_one_box_once():
    st = acting(arena(hands=[[card(3, C)], [card(5, C)]]), 0)
    doc = put(st, "doc-ambrose", 0, [1000, 1000])
    friend = put(st, "morgan-earp", 0, [1110, 1000])
    friend["wounds"]["chest"] = 1
    st["selected"] = doc["id"]
    st, ev = play(st, 0, {"type": "patch", "model": doc["id"], "friend": friend["id"]})
    assert st["models"][friend["id"]]["wounds"]["chest"] == 0
    assert not [x for x in RULES.legal(st, 0) if x["type"] == "patch"]


def test_once_only_traits_have_their_tick_box_on_the_card():
    st, a, e = duel()
    view = RULES.view(st, 0)
    traits = [t for m in view["derived"]["models"] if "traits" in m for t in m["traits"]]
    assert all(isinstance(used, bool) for _, used in traits)
