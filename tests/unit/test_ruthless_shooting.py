"""Ruthless: shooting, hits, Toughness and courage, each boundary from both sides.

"For each Shoot action, roll 1d10 + modifiers to hit. SHORT RANGE 6+ LONG RANGE 8+."
Modifiers: +1 aiming, -1 Lily Livered firer, -1 partial/soft cover, -2 hard cover, -2 firing
mounted, the weapon's own and the firer's traits. Fanfire needs 10s. "Roll Toughness or higher
on 1d10 when the character or horse is hit (even a Graze) or a friendly character is killed."
Get Your Courage Up: 1d10 + a number card's value, Toughness or higher; a face card or Ace
passes. A character is killed when he crosses off his last box in any one location; horses die
after three hits.
"""

from __future__ import annotations

import pytest

from tabletown.engine.move import Move
from tabletown.games.ruthless import cards as K
from tabletown.games.ruthless import combat as X
from tabletown.games.ruthless import models as M

from .test_ruthless_helpers import RULES, SPEC, acting, arena, card, dice, horse_for, put

S, H, D, C = K.SPADES, K.HEARTS, K.DIAMONDS, K.CLUBS


def duel(dist=500, a_card="morgan-earp", e_card="billy-clanton"):
    st = acting(arena(hands=[[card(10, S)], [card(5, C)]]), 0)
    a = put(st, a_card, 0, [1000, 1000])
    e = put(st, e_card, 1, [1000 + dist, 1000])
    return st, a, e


def custom(st, cid, traits=(), toughness=5, weapons=("revolver",), boxes=None):
    st["custom"][cid] = {"id": cid, "name": 0, "toughness": toughness, "weapons": list(weapons), "traits": list(traits),
                         "boxes": boxes or {"leg": 3, "arm": 3, "chest": 2, "severe": 2}, "mounted": False,
                         "role": "posse"}


# --- what a shot needs --------------------------------------------------------------------------------
def test_a_shot_lists_its_modifiers_and_needs_the_range_number_less_their_sum():
    st, a, e = duel()
    a["aim"] = True
    a["lily"] = True
    info = X.shot_info(st, a["id"], 0, e["id"])
    assert info["band"] == "short" and dict((k, v) for k, v in info["mods"]) == {"aim": 1, "lily": -1}
    assert info["need"] == 6 and info["ok"]


def test_an_aimed_shot_may_be_asked_about_as_unaimed():
    st, a, e = duel()
    a["aim"] = True
    assert X.shot_info(st, a["id"], 0, e["id"])["need"] == 5
    assert X.shot_info(st, a["id"], 0, e["id"], aimed=False)["need"] == 6
    a["aim"] = False
    assert X.shot_info(st, a["id"], 0, e["id"], aimed=True)["need"] == 5


def test_the_unlikeliest_shot_needs_more_than_a_ten_and_cannot_hit():
    st, a, e = duel(dist=1100)
    custom(st, "t", ["greenhorn"])
    a["card"] = "t"
    a["lily"] = True
    horse_for(st, a)
    info = X.shot_info(st, a["id"], 0, e["id"])   # long 8+, -2 greenhorn, -1 lily, -2 mounted = 13
    assert info["need"] == 11 and X.hit_chance(info["need"]) == 0


def test_the_surest_shot_hits_on_a_one():
    st, a, e = duel(dist=300, a_card="doc-holliday")     # Gunfighter +1, a shotgun first (+2 close)
    custom(st, "t", ["gunfighter", "marksman"], weapons=("shotgun",))
    a["card"] = "t"
    a["aim"] = True
    info = X.shot_info(st, a["id"], 0, e["id"])   # short 6+, +2 close, +1 gunfighter, +2 marksman aim = 1
    assert info["need"] == 1 and X.hit_chance(1) == 1.0


@pytest.mark.parametrize("need,chance", [(0, 1.0), (1, 1.0), (2, 0.9), (3, 0.8), (6, 0.5), (10, 0.1), (11, 0.0), (12, 0.0)])
def test_the_chance_of_a_hit_is_the_share_of_faces_at_or_above_the_need(need, chance):
    assert X.hit_chance(need) == pytest.approx(chance)


def test_fanfire_needs_tens_whatever_the_modifiers():
    st, a, e = duel()
    a["aim"] = True
    info = X.shot_info(st, a["id"], 0, e["id"], fan=True)
    assert info["need"] == 10 and info["mods"] == [] and info["ok"]


def test_fanfire_only_at_short_range_and_only_with_a_revolver():
    st, a, e = duel(dist=801)
    assert X.shot_info(st, a["id"], 0, e["id"], fan=True)["why"] == "no-fanfire"
    st, a, e = duel(dist=800)
    assert X.shot_info(st, a["id"], 0, e["id"], fan=True)["ok"]
    custom(st, "t", weapons=("buntline",))
    a["card"] = "t"
    assert X.shot_info(st, a["id"], 0, e["id"], fan=True)["why"] == "no-fanfire"


@pytest.mark.parametrize("weapon,dist,band", [
    ("bow", 100, "long"), ("bow", 1600, "long"), ("bow", 1601, None),
    ("derringer", 600, "short"), ("derringer", 601, None),
    ("sharps-carbine", 1800, "short"), ("sharps-carbine", 1801, "long"), ("sharps-carbine", 3600, "long"),
])
def test_a_weapon_without_a_short_or_a_long_range(weapon, dist, band):
    st, a, e = duel(dist=dist)
    custom(st, "t", weapons=(weapon,))
    a["card"] = "t"
    info = X.shot_info(st, a["id"], 0, e["id"])
    assert info["band"] == band
    assert (info["why"] == "out-of-range") is (band is None)


def test_the_shotgun_is_plus_two_close_and_minus_one_long_only():
    st, a, e = duel(dist=800)
    custom(st, "t", weapons=("shotgun",))
    a["card"] = "t"
    assert X.shot_info(st, a["id"], 0, e["id"])["need"] == 4
    e["pos"] = [1801, 1000]
    assert X.shot_info(st, a["id"], 0, e["id"])["need"] == 9


def test_stealthy_counts_only_against_the_man_shot_at():
    st, a, e = duel(dist=1000)
    custom(st, "t", ["stealthy"])
    a["card"] = "t"                     # the firer is the stealthy one: no matter
    assert X.shot_info(st, a["id"], 0, e["id"])["need"] == 8


@pytest.mark.parametrize("status,why", [(M.DOWN, "not-standing"), (M.OK, None)])
def test_only_a_standing_man_shoots(status, why):
    st, a, e = duel()
    a["status"] = status
    assert X.shot_info(st, a["id"], 0, e["id"])["why"] == why


@pytest.mark.parametrize("ammo,why", [(0, "empty"), (1, None)])
def test_an_empty_gun_does_not_shoot_one_round_does(ammo, why):
    st, a, e = duel()
    a["ammo"][0] = ammo
    assert X.shot_info(st, a["id"], 0, e["id"])["why"] == why


def test_the_reasons_a_shot_is_refused_come_in_the_order_a_player_checks_them():
    st, a, e = duel(dist=2000)
    a["ammo"][0] = 0
    assert X.shot_info(st, a["id"], 0, e["id"])["why"] == "empty"        # before the range
    a["ammo"][0] = 6
    assert X.shot_info(st, a["id"], 0, e["id"])["why"] == "out-of-range"
    e["side"] = 0
    assert X.shot_info(st, a["id"], 0, e["id"])["why"] == "not-a-target"


def test_friends_horses_and_the_fallen_are_no_targets():
    st, a, e = duel()
    friend = put(st, "virgil-earp", 0, [1000, 1300])
    assert not X.can_target(st, a, friend["id"])
    assert X.can_target(st, a, e["id"])
    e["status"] = M.DOWN
    assert X.can_target(st, a, e["id"])        # an unconscious enemy may still be shot
    e["status"] = M.DEAD
    assert not X.can_target(st, a, e["id"])
    h = horse_for(st, friend)
    assert not X.can_target(st, a, h["id"])
    assert X.targets(st, a) == []


# --- Law Dog ------------------------------------------------------------------------------------------
def test_a_law_dog_holds_fire_until_an_enemy_posse_has_fired():
    st = acting(arena(seats=3, hands=[[card(10, S)], [card(5, C)], [card(4, C)]]), 0)
    a = put(st, "wyatt-earp", 0, [1000, 1000])
    put(st, "billy-clanton", 1, [1500, 1000])
    assert X.law_dog_held(st, a)
    st["fired"] = [True, False, False]      # his own posse's shots do not free him
    assert X.law_dog_held(st, a)
    st["fired"] = [False, False, True]
    assert not X.law_dog_held(st, a)
    st["fired"] = [False, True, False]
    assert not X.law_dog_held(st, a)


def test_a_man_who_is_no_law_dog_never_holds_fire():
    st, a, e = duel()
    assert not X.law_dog_held(st, a)


# --- Toughness ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("roll,passed", [(4, False), (5, True), (6, True)])
def test_toughness_or_higher_on_a_d10_passes(roll, passed):
    st, a, e = duel()          # Billy Clanton: Toughness 5
    move = Move(st, copy=False)
    with dice(roll):
        assert X.toughness_test(move, e, "hit") is passed
    assert e["lily"] is (not passed)


def test_whiskey_bought_for_the_act_steadies_only_the_side_that_bought_it():
    st, a, e = duel()
    st["act"] = {"whiskey": [1]}
    assert X.nerve_bonus(st, e) == 1 and X.nerve_bonus(st, a) == 0
    with dice(4):              # 4 + 1 = 5: passes
        assert X.toughness_test(Move(st, copy=False), e, "hit")


def test_the_unconscious_and_the_lily_livered_take_no_test():
    st, a, e = duel()
    e["status"] = M.DOWN
    with dice():
        assert X.toughness_test(Move(st, copy=False), e, "hit")
    e["status"] = M.OK
    e["lily"] = True
    with dice():
        assert X.toughness_test(Move(st, copy=False), e, "hit")


def test_turning_lily_livered_drops_aim_and_got_you_covered():
    st, a, e = duel()
    e["aim"] = True
    e["covering"] = True
    with dice(1):
        X.toughness_test(Move(st, copy=False), e, "hit")
    assert e["lily"] and not e["aim"] and not e["covering"]


def test_lucky_takes_his_reroll_on_a_failed_test_and_keeps_the_better_result():
    st, a, e = duel()
    custom(st, "t", ["lucky"])
    e["card"] = "t"
    with dice(2, 5):
        assert X.toughness_test(Move(st, copy=False), e, "hit")
    assert e["used"] == ["lucky"]
    with dice(2):              # the tick box is used
        assert not X.toughness_test(Move(st, copy=False), e, "hit")


def test_lucky_is_not_used_on_a_passed_test():
    st, a, e = duel()
    custom(st, "t", ["lucky"])
    e["card"] = "t"
    with dice(5):
        assert X.toughness_test(Move(st, copy=False), e, "hit")
    assert e["used"] == []


def test_a_lucky_reroll_that_fails_again_is_a_failure():
    st, a, e = duel()
    custom(st, "t", ["lucky"])
    e["card"] = "t"
    with dice(2, 4):
        assert not X.toughness_test(Move(st, copy=False), e, "hit")


# --- Get Your Courage Up -------------------------------------------------------------------------------
@pytest.mark.parametrize("roll,card_,passed", [
    (4, None, False), (5, None, True),
    (2, card(2, C), False), (3, card(2, C), True),
    (1, card(10, C), True),
    (1, card(11, C), True), (1, card(14, C), True),
])
def test_courage_is_a_d10_plus_the_card_against_toughness(roll, card_, passed):
    st, a, e = duel()          # Billy Clanton: Toughness 5
    assert X.courage_passes(st, e, roll, card_) is passed


def test_drunk_and_whiskey_add_to_courage():
    st, a, e = duel()
    custom(st, "t", ["drunk"], toughness=6)
    e["card"] = "t"
    assert X.courage_passes(st, e, 4, None) and not X.courage_passes(st, e, 3, None)
    st["act"] = {"whiskey": [1]}
    assert X.courage_passes(st, e, 3, None) and not X.courage_passes(st, e, 2, None)


# --- wounds ------------------------------------------------------------------------------------------
def test_the_last_box_of_any_one_location_kills():
    st, a, e = duel()
    e["wounds"]["chest"] = 1
    steps = X.apply_wound(Move(st, copy=False), e, 8, a["id"], False)   # chest: 2 boxes
    assert e["status"] == M.DEAD and e["wounds"]["chest"] == 2
    assert st["kills"] == [{"victim": e["id"], "by": 0}]
    assert steps == []      # he had no friends to test


def test_one_box_short_of_the_last_only_wounds_and_he_tests_his_nerve():
    st, a, e = duel()
    steps = X.apply_wound(Move(st, copy=False), e, 1, a["id"], False)   # leg: 3 boxes
    assert e["status"] == M.OK and e["wounds"]["leg"] == 1
    assert steps == [{"do": "nerve", "model": e["id"], "why": "hit"}]


def test_a_friend_killed_makes_every_standing_steady_friend_test():
    st, a, e = duel()
    f1 = put(st, "ike-clanton", 1, [2000, 1000])
    put(st, "tom-mclaury", 1, [2000, 1300], lily=True)
    put(st, "frank-mclaury", 1, [2000, 1600], status=M.DOWN)
    put(st, "virgil-earp", 0, [1000, 1300])
    e["wounds"]["severe"] = 1
    steps = X.apply_wound(Move(st, copy=False), e, 10, a["id"], False)
    assert e["status"] == M.DEAD
    assert steps == [{"do": "nerve", "model": f1["id"], "why": "friend"}]


def test_a_wound_on_the_dead_changes_nothing():
    st, a, e = duel()
    e["status"] = M.DEAD
    assert X.apply_wound(Move(st, copy=False), e, 1, a["id"], False) == []
    assert e["wounds"]["leg"] == 0


def test_an_unconscious_man_hit_again_crosses_the_box_but_takes_no_test():
    st, a, e = duel()
    e["status"] = M.DOWN
    assert X.apply_wound(Move(st, copy=False), e, 3, a["id"], False) == []
    assert e["wounds"]["arm"] == 1 and e["status"] == M.DOWN


def test_a_severe_wound_knocks_out_and_a_gut_punch_only_in_fisticuffs():
    st, a, e = duel()
    assert X.apply_wound(Move(st, copy=False), e, 7, a["id"], False) == [{"do": "nerve", "model": e["id"], "why": "hit"}]
    assert e["status"] == M.OK
    assert X.apply_wound(Move(st, copy=False), e, 7, a["id"], True) == []
    assert e["status"] == M.DOWN


def test_knocked_out_a_rider_falls_from_his_horse_and_loses_his_markers():
    st, a, e = duel()
    h = horse_for(st, e)
    e["aim"] = True
    e["covering"] = True
    X.apply_wound(Move(st, copy=False), e, 10, a["id"], False)
    assert e["status"] == M.DOWN and e["horse"] is None and h["rider"] is None
    assert not e["aim"] and not e["covering"]
    assert e["pos"] != h["pos"]     # he lies beside his horse


def test_a_killed_rider_leaves_a_riderless_horse():
    st, a, e = duel()
    h = horse_for(st, e)
    e["wounds"]["severe"] = 1
    X.apply_wound(Move(st, copy=False), e, 10, a["id"], False)
    assert e["status"] == M.DEAD and h["rider"] is None and h["status"] == M.OK


# --- horses ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("hits,dead", [(1, False), (2, False), (3, True)])
def test_a_horse_dies_on_its_third_hit_and_throws_its_rider(hits, dead):
    st, a, e = duel()
    h = horse_for(st, e)
    results = [X.hit_horse(Move(st, copy=False), h) for _ in range(hits)]
    assert results[-1] is dead and h["hits"] == hits
    assert (h["status"] == M.DEAD) is dead
    assert (e["horse"] is None) is dead


# --- Fisticuffs: contact and the winner ---------------------------------------------------------------
@pytest.mark.parametrize("dist,contact", [(125, True), (126, False)])
def test_bases_within_a_quarter_inch_are_in_contact(dist, contact):
    st, a, e = duel(dist=dist)
    assert X.in_contact(st, a, e) is contact


@pytest.mark.parametrize("ca,cd,a_wins", [
    (card(10, S), card(10, H), True),    # equal ranks: Spades beat Hearts
    (card(10, D), card(10, H), False),   # Hearts beat Diamonds
    (card(10, D), card(10, C), True),    # Diamonds beat Clubs
    (card(11, C), card(10, S), True),    # rank before suit
])
def test_fisticuffs_equal_scores_go_by_suit(ca, cd, a_wins):
    st, a, e = duel(dist=110)
    assert (X.brawl_winner(st, a, e, ca, cd) == a["id"]) is a_wins


def test_a_low_blow_wins_for_the_defender_too():
    st, a, e = duel(dist=110)
    assert X.brawl_winner(st, a, e, card(14, S), card(2, S)) == e["id"]
    assert X.brawl_winner(st, a, e, card(14, S), card(2, H)) == a["id"]


def test_an_unconscious_attacker_loses_to_a_defender_without_a_card():
    st, a, e = duel(dist=110)
    a["status"] = M.DOWN
    assert X.brawl_winner(st, a, e, card(9, S), None) is None
    e_card_ok = X.brawl_winner(st, a, e, card(9, S), card(2, C))
    assert e_card_ok == e["id"]


# --- Dodge City Draw's dice for victory points -------------------------------------------------------
def dodge():
    return RULES.setup(3, 2, SPEC.normalize(2, {"scenario": "dodge-city"}))


def by_card(st, cid):
    return next(m for m in M.chars(st) if m["card"] == cid)


def test_only_the_first_wound_on_updegraff_rolls_a_d6_for_the_shooter():
    st = dodge()
    upde, bat = by_card(st, "al-updegraff"), by_card(st, "bat-masterson")
    with dice(4):
        X.apply_wound(Move(st, copy=False), upde, 1, bat["id"], False)
    assert st["bonus_vp"] == [4, 0] and st["flags"]["vp_dice"] == [[0, "updegraff", 4]]
    with dice():
        X.apply_wound(Move(st, copy=False), upde, 1, bat["id"], False)
    assert st["bonus_vp"] == [4, 0]


def test_a_graze_on_updegraff_crosses_no_box_and_rolls_no_d6():
    st = dodge()
    upde, bat = by_card(st, "al-updegraff"), by_card(st, "bat-masterson")
    with dice():
        X.apply_wound(Move(st, copy=False), upde, 5, bat["id"], False)
    assert st["bonus_vp"] == [0, 0]


def test_a_wound_on_anyone_else_rolls_no_d6():
    st = dodge()
    briggs, bat = by_card(st, "hank-briggs"), by_card(st, "bat-masterson")
    with dice():
        X.apply_wound(Move(st, copy=False), briggs, 1, bat["id"], False)
    assert st["bonus_vp"] == [0, 0]


def test_killing_bat_masterson_rolls_a_d10_for_the_killer():
    st = dodge()
    bat, peacock = by_card(st, "bat-masterson"), by_card(st, "al-peacock")
    bat["wounds"]["chest"] = M.boxes(st, bat)["chest"] - 1
    with dice(7):
        X.apply_wound(Move(st, copy=False), bat, 8, peacock["id"], False)
    assert bat["status"] == M.DEAD and st["bonus_vp"] == [0, 7]


def test_bat_masterson_dying_by_nobodys_hand_rolls_nothing():
    st = dodge()
    bat = by_card(st, "bat-masterson")
    bat["wounds"]["chest"] = M.boxes(st, bat)["chest"] - 1
    with dice():
        X.apply_wound(Move(st, copy=False), bat, 8, None, False)
    assert bat["status"] == M.DEAD and st["bonus_vp"] == [0, 0]
    assert st["kills"][-1] == {"victim": bat["id"], "by": None}


def test_in_a_free_gunfight_wounding_and_killing_roll_no_bonus_dice():
    st, a, e = duel(e_card="al-updegraff")
    with dice():
        X.apply_wound(Move(st, copy=False), e, 1, a["id"], False)
    assert st["bonus_vp"] == [0, 0]


# --- the stagecoach's team and people -----------------------------------------------------------------
def coach_game():
    st = acting(RULES.setup(2, 2, SPEC.normalize(2, {"scenario": "riding-shotgun"})), 1)
    st["coach"]["pos"] = [1500, 1490]
    for m in M.chars(st):
        if m["aboard"]:
            m["pos"] = [1500, 1490]
    return st


def bandit(st):
    return next(m for m in M.side_chars(st, 1))


@pytest.mark.parametrize("hits,target", [(0, True), (5, True), (6, False)])
def test_the_team_can_be_shot_until_both_pairs_are_dead(hits, target):
    st = coach_game()
    st["coach"]["hits"] = hits
    assert X.can_target(st, bandit(st), "team") is target
    assert ("team" in X.targets(st, bandit(st))) is target


def test_the_coachs_own_side_does_not_shoot_its_team_and_nobody_shoots_a_coach_that_got_away():
    st = coach_game()
    guard = next(m for m in M.chars(st) if m["card"] == "jess-harlan")
    assert not X.can_target(st, guard, "team")
    st["coach"]["gone"] = True
    assert not X.can_target(st, bandit(st), "team")


def test_no_team_to_shoot_without_a_stagecoach():
    st, a, e = duel()
    assert not X.can_target(st, a, "team")


def test_passengers_inside_have_soft_cover_and_the_box_none():
    st = coach_game()
    b = bandit(st)
    st["models"][b["horse"]]["pos"] = [1500, 900]
    b["pos"] = [1500, 900]
    inside = next(m for m in M.chars(st) if m["card"] == "ezra-boone")
    box = next(m for m in M.chars(st) if m["card"] == "jess-harlan")
    assert X.line_of_fire(st, b, inside["id"])[2] == "soft"
    assert X.line_of_fire(st, b, box["id"])[2] is None
    dist, seen, _ = X.line_of_fire(st, b, "team")
    assert dist == 623 and seen          # the team stands 2" ahead of the coach's centre: (17", 14.9")


def test_the_people_aboard_shoot_from_the_coach_as_if_mounted():
    st = coach_game()
    box = next(m for m in M.chars(st) if m["card"] == "jess-harlan")
    b = bandit(st)
    st["models"][b["horse"]]["pos"] = [1500, 900]
    b["pos"] = [1500, 900]
    box["pos"] = [0, 0]                  # his own position does not count: the coach's does
    info = X.shot_info(st, box["id"], 1, b["id"])   # his revolver, 5.9" away
    assert info["dist"] == 590 and info["band"] == "short"
    assert dict((k, v) for k, v in info["mods"])["mounted"] == -2


def test_a_killed_driver_lets_go_of_the_reins_and_leaves_the_coach():
    st = coach_game()
    drv = next(m for m in M.chars(st) if m["driver"])
    drv["wounds"]["severe"] = 1
    X.apply_wound(Move(st, copy=False), drv, 10, bandit(st)["id"], False)
    assert drv["status"] == M.DEAD and not drv["driver"] and drv["aboard"] is None


def test_a_carrier_who_falls_drops_the_strongbox_where_he_fell():
    st = coach_game()
    b = bandit(st)
    b["strongbox"] = True
    st["strongbox"] = {"on": "model", "model": b["id"], "pos": None}
    X.apply_wound(Move(st, copy=False), b, 10, None, False)
    assert b["status"] == M.DOWN and not b["strongbox"]
    assert st["strongbox"]["on"] == "ground" and st["strongbox"]["model"] is None
    assert st["strongbox"]["pos"] is not None


def test_a_free_spot_beside_a_horse_is_clear_of_every_base():
    st, a, e = duel()
    h = horse_for(st, e)
    others = [put(st, "ike-clanton", 1, [1500, 1000 + 140]), put(st, "tom-mclaury", 1, [1500 - 140, 1000])]
    spot = X.beside(st, h["pos"], 50, exclude=h["id"])
    assert spot is not None
    for o in others + [a]:
        assert (spot[0] - o["pos"][0]) ** 2 + (spot[1] - o["pos"][1]) ** 2 >= 100 ** 2


def test_a_modifier_that_comes_to_nothing_is_not_listed():
    st, a, e = duel()
    custom(st, "t", ["expert-rider"])
    a["card"] = "t"
    horse_for(st, a)
    info = X.shot_info(st, a["id"], 0, e["id"])
    assert info["mods"] == [] and info["need"] == 6


def test_a_wound_on_peacock_rolls_no_d6_only_updegraff_is_worth_one():
    st = dodge()
    peacock, bat = by_card(st, "al-peacock"), by_card(st, "bat-masterson")
    with dice():
        X.apply_wound(Move(st, copy=False), peacock, 1, bat["id"], False)
    assert st["bonus_vp"] == [0, 0] and not st["flags"].get("updegraff")


def test_killing_a_man_other_than_bat_rolls_no_d10():
    st = dodge()
    ronan, peacock = by_card(st, "charlie-ronan"), by_card(st, "al-peacock")
    ronan["wounds"]["chest"] = 1
    with dice():
        X.apply_wound(Move(st, copy=False), ronan, 8, peacock["id"], False)
    assert ronan["status"] == M.DEAD and st["bonus_vp"] == [0, 0]


def test_a_rider_knocked_out_lies_just_beside_his_horse():
    st, a, e = duel()
    h = horse_for(st, e)
    X.apply_wound(Move(st, copy=False), e, 10, a["id"], False)
    gap = ((e["pos"][0] - h["pos"][0]) ** 2 + (e["pos"][1] - h["pos"][1]) ** 2) ** 0.5
    assert round(gap) == 75 + 50 + 10    # the horse's base, his, and a tenth of an inch between


def test_fisticuffs_equal_scores_in_the_same_suit_go_to_the_higher_card():
    st, a, e = duel(dist=110)
    horse_for(st, e)                       # his 9 of Clubs mounted scores 10, as the 10 of Clubs does
    assert X.brawl_winner(st, a, e, card(10, C), card(9, C)) == a["id"]
    assert X.brawl_winner(st, e, a, card(9, C), card(10, C)) == a["id"]


def test_the_lucky_reroll_is_a_d10():
    st, a, e = duel()
    custom(st, "t", ["lucky"])
    e["card"] = "t"
    with dice(1, 10):
        assert X.toughness_test(Move(st, copy=False), e, "hit")


def test_a_rider_knocked_out_where_the_ground_south_of_his_horse_is_taken_still_lies_beside_it():
    st, a, e = duel()
    h = horse_for(st, e)
    put(st, "ike-clanton", 1, [1500, 1135])              # standing just south of the horse
    X.apply_wound(Move(st, copy=False), e, 10, a["id"], False)
    gap = ((e["pos"][0] - h["pos"][0]) ** 2 + (e["pos"][1] - h["pos"][1]) ** 2) ** 0.5
    assert abs(gap - 135) <= 1 and e["pos"] != [1500, 1135]
