"""Ruthless, rule by rule: the turn, the cards, the actions, moving and shooting.

Each test states the rule it checks in the rulebook's words; every comparison is tried on
each side of its boundary and on it.
"""

from __future__ import annotations

import pytest

from tabletown.engine.rules import IllegalAction
from tabletown.games.ruthless import cards as K
from tabletown.games.ruthless import combat as X
from tabletown.games.ruthless import legality, options
from tabletown.games.ruthless import models as M
from tabletown.games.ruthless import moving as V

from .test_ruthless_helpers import RULES, SPEC, acting, arena, card, dice, horse_for, illegal, play, put, rolls, types

S, H, D, C = K.SPADES, K.HEARTS, K.DIAMONDS, K.CLUBS


# =============================================================================================
# Cards and initiative
# =============================================================================================
def test_each_player_is_dealt_up_to_five_cards_at_the_start_of_a_turn():
    st = RULES.setup(3, 3, SPEC.normalize(3, {"scenario": "gunfight"}))
    assert [len(h) for h in st["hands"]] == [5, 5, 5]
    assert st["phase"] == "initiative" and sorted(RULES.active(st)) == [0, 1, 2]


def picks(st, cards_by_seat):
    for s, c in cards_by_seat.items():
        st["hands"][s] = [c] + [x for x in st["hands"][s] if x != c][:4]
    for s, c in cards_by_seat.items():
        st, ev = play(st, s, {"type": "pick", "card": c})
    return st, ev


def fresh(seats=2, **opts):
    return RULES.setup(11, seats, SPEC.normalize(seats, dict({"scenario": "gunfight"}, **opts)))


def test_initiative_cards_are_face_down_until_all_are_placed():
    st = fresh()
    c0 = st["hands"][0][0]
    st, ev = play(st, 0, {"type": "pick", "card": c0})
    assert "reveal" not in types(ev)
    assert RULES.view(st, 1)["picks"][0] == "?"  # seat 1 sees that a card is down, not which
    assert RULES.view(st, 0)["picks"][0] == c0
    assert RULES.active(st) == [1]


def test_the_highest_card_activates_first_then_the_others_in_descending_order():
    st = fresh(3)
    st, ev = picks(st, {0: card(5, S), 1: card(12, C), 2: card(9, H)})
    assert st["order"] == [1, 2, 0]
    assert RULES.active(st) == [1]


@pytest.mark.parametrize("suits,first", [((S, H), 0), ((H, S), 1), ((H, D), 0), ((D, C), 0), ((C, S), 1)])
def test_ties_are_broken_by_suit_spades_hearts_diamonds_clubs(suits, first):
    st = fresh()
    st, _ = picks(st, {0: card(9, suits[0]), 1: card(9, suits[1])})
    assert st["order"][0] == first


def test_an_ace_beats_a_king():
    st = fresh()
    st, _ = picks(st, {0: card(13, S), 1: card(14, C)})
    assert st["order"] == [1, 0]


def test_a_seven_gives_one_character_a_third_action_and_only_one():
    st = fresh()
    st, ev = picks(st, {0: card(7, C), 1: card(5, C)})
    assert st["bonus"] == {"seat": 0, "model": None}
    seat = st["order"][0]
    assert seat == 0
    a, b = [m["id"] for m in M.side_chars(st, 0)][:2]
    st, _ = play(st, 0, {"type": "select", "model": a})
    for _ in range(3):
        st, _ = play(st, 0, {"type": "aim", "model": a}) if not st["models"][a]["aim"] else play(st, 0, {"type": "cover", "model": a})
    assert st["models"][a]["acts"] == 3
    assert not M.can_act(st, st["models"][a])  # a fourth is never allowed
    assert M.action_limit(st, st["models"][b]) == 2  # the third action is spent


def test_without_a_seven_every_character_has_two_actions():
    st = fresh()
    st, _ = picks(st, {0: card(8, C), 1: card(6, C)})
    assert st["bonus"] is None
    a = M.side_chars(st, 0)[0]["id"]
    st, _ = play(st, 0, {"type": "select", "model": a})
    st, _ = play(st, 0, {"type": "aim", "model": a})
    st, _ = play(st, 0, {"type": "cover", "model": a})
    assert st["models"][a]["acts"] == 2 and not M.can_act(st, st["models"][a])


@pytest.mark.parametrize("rank,revives", [(14, True), (4, True), (3, False), (5, False), (13, False)])
def test_an_ace_or_a_four_for_initiative_revives_all_unconscious_models(rank, revives):
    st = fresh()
    mine = M.side_chars(st, 0)
    for m in mine[:2]:
        m["status"] = M.DOWN
    st, ev = picks(st, {0: card(rank, H), 1: card(2, C) if rank != 2 else card(3, C)})
    woke = [st["models"][m["id"]]["status"] == M.OK for m in mine[:2]]
    assert woke == [revives, revives]


@pytest.mark.parametrize("rank,may_discard", [(3, True), (2, False), (4, False)])
def test_a_three_lets_the_player_discard_at_turn_end(rank, may_discard):
    st = fresh()
    st, _ = picks(st, {0: card(rank, D), 1: card(12, D)})
    for seat in (1, 0):
        st, _ = play(st, seat, {"type": "end"})
    if may_discard:
        assert st["phase"] == "discard" and RULES.active(st) == [0]
        keep = st["hands"][0][1]
        st, ev = play(st, 0, {"type": "discard", "card": keep})
        assert keep in st["discard"]
        st, ev = play(st, 0, {"type": "keep"})
    assert st["phase"] == "initiative" and st["turn"] == 2
    assert [len(h) for h in st["hands"]] == [5, 5]  # hands are refilled to five at turn end


def test_hands_are_refilled_to_five_at_turn_end():
    st = fresh()
    st, _ = picks(st, {0: card(9, D), 1: card(8, D)})
    for seat in (0, 1):
        st, _ = play(st, seat, {"type": "end"})
    assert [len(h) for h in st["hands"]] == [5, 5]


def test_small_gunfight_each_initiative_card_activates_one_model():
    st = fresh(small=True)
    st, _ = picks(st, {0: card(11, D), 1: card(8, D)})
    a, b = [m["id"] for m in M.side_chars(st, 0)][:2]
    st, _ = play(st, 0, {"type": "select", "model": a})
    st, _ = play(st, 0, {"type": "aim", "model": a})
    # once a model has acted, no other model of the posse may act on this card
    assert {"type": "select", "model": b} not in RULES.legal(st, 0)
    st, _ = play(st, 0, {"type": "cover", "model": a})
    assert RULES.active(st) == [1]
    first = M.side_chars(st, 1)[0]["id"]
    st, _ = play(st, 1, {"type": "select", "model": first})
    st, _ = play(st, 1, {"type": "hold", "model": first})
    # a new round of initiative for the models that have not acted
    assert st["phase"] == "initiative" and st["turn"] == 1 and st["round"] == 2


# =============================================================================================
# Actions
# =============================================================================================
def two_in_the_street():
    st = acting(arena(hands=[[card(10, S), card(6, H)], [card(5, C), card(3, D)]]), 0)
    a = put(st, "morgan-earp", 0, [1000, 1000])
    e = put(st, "billy-claiborne", 1, [2400, 1000])
    st["selected"] = a["id"]
    return st, a, e


def test_the_same_action_may_be_taken_twice():
    st, a, e = two_in_the_street()
    st, _ = play(st, 0, {"type": "move", "model": a["id"], "to": [1300, 1000]})
    st, _ = play(st, 0, {"type": "move", "model": a["id"], "to": [1600, 1000]})
    assert st["models"][a["id"]]["pos"] == [1600, 1000]


def test_a_leg_wound_allows_only_one_move_a_turn():
    st, a, e = two_in_the_street()
    a["wounds"]["leg"] = 1
    st, _ = play(st, 0, {"type": "move", "model": a["id"], "to": [1300, 1000]})
    assert illegal(st, 0, {"type": "move", "model": a["id"], "to": [1600, 1000]}) == "A leg wound allows only one Move a turn."
    assert not options.params(st, 0)


def test_an_arm_wound_allows_only_one_shoot_a_turn():
    st, a, e = two_in_the_street()
    e["pos"] = [1500, 1000]
    a["wounds"]["arm"] = 1
    with dice(1):
        st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert not [x for x in RULES.legal(st, 0) if x["type"] in ("shoot", "fanfire")]
    a2 = st["models"][a["id"]]
    a2["wounds"]["arm"] = 0  # without the wound the second shot is there
    assert [x for x in RULES.legal(st, 0) if x["type"] == "shoot"]


def test_a_chest_wound_means_no_aiming():
    st, a, e = two_in_the_street()
    assert {"type": "aim", "model": a["id"]} in RULES.legal(st, 0)
    a["wounds"]["chest"] = 1
    assert {"type": "aim", "model": a["id"]} not in RULES.legal(st, 0)


@pytest.mark.parametrize("before,after", [(0, 3), (2, 5), (3, 6), (5, 6)])
def test_reload_restores_three_shots_up_to_the_weapon_capacity(before, after):
    st, a, e = two_in_the_street()
    a["ammo"][0] = before
    st, ev = play(st, 0, {"type": "reload", "model": a["id"], "weapon": 0})
    assert st["models"][a["id"]]["ammo"][0] == after


def test_a_full_gun_and_a_bow_are_never_reloaded():
    st, a, e = two_in_the_street()
    assert not [x for x in RULES.legal(st, 0) if x["type"] == "reload"]
    hawk = put(st, "florentino-cruz", 0, [1000, 1300])
    hawk["ammo"] = [6, 1]
    st["selected"] = hawk["id"]
    assert not [x for x in RULES.legal(st, 0) if x["type"] == "reload"]


def test_a_bow_reloads_free_after_every_shot():
    st, a, e = two_in_the_street()
    cruz = put(st, "florentino-cruz", 0, [1000, 1300])
    st["selected"] = cruz["id"]
    with dice(1):
        st, _ = play(st, 0, {"type": "shoot", "model": cruz["id"], "weapon": 1, "target": e["id"]})
    assert st["models"][cruz["id"]]["ammo"][1] == 1


def test_mount_and_dismount_are_separate_actions():
    st, a, e = two_in_the_street()
    h = M.new_horse(st, None, [1000, 1150], 0)
    assert {"type": "mount", "model": a["id"], "horse": h["id"]} in RULES.legal(st, 0)
    st, _ = play(st, 0, {"type": "mount", "model": a["id"], "horse": h["id"]})
    m = st["models"][a["id"]]
    assert m["horse"] == h["id"] and m["acts"] == 1
    st, _ = play(st, 0, {"type": "dismount", "model": a["id"]})
    m = st["models"][a["id"]]
    assert m["horse"] is None and m["acts"] == 2


def test_a_horse_too_far_away_cannot_be_mounted():
    st, a, e = two_in_the_street()
    h = M.new_horse(st, None, [1000, 1000 + 50 + 75 + 25 + 1], 0)
    assert {"type": "mount", "model": a["id"], "horse": h["id"]} not in RULES.legal(st, 0)
    st["models"][h["id"]]["pos"] = [1000, 1000 + 50 + 75 + 25]
    assert {"type": "mount", "model": a["id"], "horse": h["id"]} in RULES.legal(st, 0)


# =============================================================================================
# Moving: 6" on foot in the open, 3" in rough; 12" and 8" on horseback
# =============================================================================================
@pytest.mark.parametrize("dx,ok", [(600, True), (601, False), (300, True)])
def test_on_foot_six_inches_in_the_open(dx, ok):
    st, a, e = two_in_the_street()
    res = V.check_move(st, a, [1000 + dx, 1000])
    assert res["ok"] is ok and res["rough"] == []


@pytest.mark.parametrize("dy,ok", [(300, True), (301, False)])
def test_on_foot_three_inches_when_the_path_touches_rough_ground(dy, ok):
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1500])  # scrub at (1000, 1800) radius 160 on the town table
    res = V.check_move(st, a, [1000, 1500 + dy])
    assert res["rough"] and res["ok"] is ok


@pytest.mark.parametrize("dx,ok", [(1200, True), (1201, False)])
def test_on_horseback_twelve_inches_in_the_open(dx, ok):
    st, a, e = two_in_the_street()
    a["pos"] = [700, 1000]
    horse_for(st, a)
    e["pos"] = [3300, 1000]
    assert V.check_move(st, a, [700 + dx, 1000])["ok"] is ok


@pytest.mark.parametrize("dy,ok", [(800, True), (801, False)])
def test_on_horseback_eight_inches_through_rough_ground(dy, ok):
    st = acting(arena(), 0)
    a = put(st, "frank-mclaury", 0, [1000, 1100])
    horse_for(st, a)
    res = V.check_move(st, a, [1000, 1100 + dy])
    assert res["rough"] and res["ok"] is ok


def test_a_fence_is_rough_ground_to_cross():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [2200, 1700])  # the fence runs x 2300-2320, y 1500-2000
    assert not V.check_move(st, a, [2600, 1700])["ok"]
    assert V.check_move(st, a, [2450, 1700])["ok"]
    assert V.check_move(st, a, [2450, 1700])["rough"]


def test_buildings_block_movement():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 650])  # the bank stands at y 0-500
    assert V.check_move(st, a, [1000, 400])["why"] == "blocked"


def test_no_model_moves_through_another():
    st, a, e = two_in_the_street()
    put(st, "virgil-earp", 0, [1300, 1000])
    assert V.check_move(st, a, [1500, 1000])["why"] == "models"
    assert V.check_move(st, a, [1500, 1200])["ok"]


def test_moving_onto_an_enemy_ends_in_base_contact_and_starts_fisticuffs():
    st, a, e = two_in_the_street()
    e["pos"] = [1500, 1000]
    res = V.check_move(st, a, [1500, 1000])
    assert res["ok"] and res["contact"] == e["id"] and res["to"] == [1400, 1000]
    st, ev = play(st, 0, {"type": "move", "model": a["id"], "to": [1500, 1000]})
    assert "engage" in types(ev)


def test_a_free_point_is_checked_like_a_listed_one():
    st, a, e = two_in_the_street()
    assert illegal(st, 0, {"type": "move", "model": a["id"], "to": [1000, 1601]}) == "That is further than he can move."
    assert illegal(st, 0, {"type": "move", "model": a["id"], "to": [1000, 100]}) == "A building, rock or wagon is in the way."
    assert illegal(st, 0, {"type": "move", "model": a["id"], "to": [2200, 1000]}) == "That is further than he can move."
    assert illegal(st, 0, {"type": "move", "model": a["id"], "to": [1.5, 2]})
    st, _ = play(st, 0, {"type": "move", "model": a["id"], "to": [1000, 1599]})


@pytest.mark.parametrize("to", [[1.5, 2], [True, 2], [1000], [-200000, 1000], [1000, -200000], [200000, 1000]])
def test_a_free_point_far_off_any_table_or_not_two_whole_numbers_is_refused_as_such(to):
    """A point sent from a page (or a forged link) must be two whole numbers of a sane size before
    anything else is measured from it."""
    st, a, e = two_in_the_street()
    assert illegal(st, 0, {"type": "move", "model": a["id"], "to": to}) == \
        "A point on the table is two whole numbers (hundredths of an inch)."


def test_the_move_kind_carries_the_reach_the_page_shows():
    st, a, e = two_in_the_street()
    kinds = RULES.params(st, 0)
    assert kinds[0]["kind"] == "point" and kinds[0]["reach"] == 600 and kinds[0]["rough"] == 300
    assert kinds[0]["origin"] == [1000, 1000]


# =============================================================================================
# Shooting: d10 + modifiers, short range 6+, long range 8+
# =============================================================================================
def shot(st, a, t, wi=0, **kw):
    return X.shot_info(st, a["id"], wi, t["id"], **kw)


@pytest.mark.parametrize("dist,band,need", [(800, "short", 6), (801, "long", 8), (1200, "long", 8), (1201, None, 11)])
def test_revolver_short_eight_inches_long_twelve(dist, band, need):
    st, a, e = two_in_the_street()
    e["pos"] = [1000 + dist, 1000]
    info = shot(st, a, e)
    assert info["band"] == band and info["need"] == need
    assert info["ok"] is (band is not None)


@pytest.mark.parametrize("roll,hit", [(6, True), (5, False)])
def test_at_short_range_six_or_more_hits(roll, hit):
    st, a, e = two_in_the_street()
    e["pos"] = [1500, 1000]
    seq = (roll, 5, 9) if hit else (roll,)  # a hit: wound roll 5 (graze), Billy's Toughness test
    with dice(*seq):
        st, ev = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert [x["hits"] for x in ev if x["t"] == "shot"] == [1 if hit else 0]


@pytest.mark.parametrize("roll,hit", [(8, True), (7, False)])
def test_at_long_range_eight_or_more_hits(roll, hit):
    st, a, e = two_in_the_street()
    e["pos"] = [2000, 1000]
    seq = (roll, 5, 9) if hit else (roll,)
    with dice(*seq):
        st, ev = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert [x["hits"] for x in ev if x["t"] == "shot"] == [1 if hit else 0]


def test_each_shot_crosses_off_a_round_and_an_empty_gun_cannot_shoot():
    st, a, e = two_in_the_street()
    e["pos"] = [1500, 1000]
    with dice(1):
        st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert st["models"][a["id"]]["ammo"][0] == 5
    st["models"][a["id"]]["ammo"][0] = 0
    assert illegal(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]}) == "That gun is empty: Reload first."


def test_modifiers_aim_plus_one_lily_livered_firer_minus_one_mounted_minus_two():
    st, a, e = two_in_the_street()
    e["pos"] = [1500, 1000]
    assert shot(st, a, e)["need"] == 6
    a["aim"] = True
    assert shot(st, a, e)["need"] == 5
    a["lily"] = True
    assert shot(st, a, e)["need"] == 6
    a["aim"] = False
    assert shot(st, a, e)["need"] == 7
    a["lily"] = False
    horse_for(st, a)
    assert shot(st, a, e)["need"] == 8


def test_cover_soft_minus_one_hard_minus_two():
    st = acting(arena(), 0)
    st["fired"][1] = True  # Virgil is a Law Dog: the Cowboys have fired
    a = put(st, "morgan-earp", 0, [1000, 1200])
    in_scrub = put(st, "billy-claiborne", 1, [1000, 1800])  # scrub (1000, 1800) r 160
    behind_wagon = put(st, "tom-mclaury", 1, [1700, 1480])  # wagon x 1500-1900, y 1250-1410
    firer2 = put(st, "virgil-earp", 0, [1700, 900])
    assert shot(st, a, in_scrub)["cover"] == "soft" and shot(st, a, in_scrub)["need"] == 7
    assert X.shot_info(st, firer2["id"], 1, behind_wagon["id"])["cover"] == "hard"
    assert X.shot_info(st, firer2["id"], 1, behind_wagon["id"])["need"] == 8


def test_shotgun_plus_two_close_minus_one_long():
    st, a, e = two_in_the_street()
    v = put(st, "virgil-earp", 0, [1000, 1100])
    st["fired"][1] = True  # Virgil is a Law Dog: the Cowboys have fired
    e["pos"] = [1700, 1100]
    assert X.shot_info(st, v["id"], 0, e["id"])["need"] == 4  # 6 - 2 (weapon 0 is his shotgun)
    e["pos"] = [2100, 1100]
    assert X.shot_info(st, v["id"], 0, e["id"])["need"] == 9  # 8 + 1


@pytest.mark.parametrize("weapon,dist,band", [
    ("derringer", 600, "short"), ("derringer", 601, None),
    ("buntline", 1600, "long"), ("buntline", 1601, None),
    ("bow", 100, "long"), ("bow", 1600, "long"), ("bow", 1601, None),
    ("repeating-rifle", 1000, "short"), ("repeating-rifle", 2400, "long"), ("repeating-rifle", 2401, None),
    ("sharps-carbine", 1800, "short"), ("sharps-carbine", 1801, "long"), ("sharps-carbine", 3600, "long"),
])
def test_the_weapon_table_ranges(weapon, dist, band):
    st = acting(arena("wash"), 0)
    st["custom"]["gun"] = {"id": "gun", "name": 0, "toughness": 5, "weapons": [weapon], "traits": [],
                           "boxes": {"leg": 3, "arm": 3, "chest": 2, "severe": 2}, "mounted": False, "role": "posse"}
    a = put(st, "gun", 0, [100, 2700])
    e = put(st, "ike-clanton", 1, [100 + dist, 2700])
    info = shot(st, a, e)
    assert info["band"] == band


def test_fanfire_only_a_revolver_at_short_range_up_to_six_rounds_hitting_on_tens():
    st, a, e = two_in_the_street()
    e["pos"] = [1800, 1000]
    fans = [x for x in RULES.legal(st, 0) if x["type"] == "fanfire"]
    assert sorted(x["rounds"] for x in fans) == [2, 3, 4, 5, 6]
    a["ammo"][0] = 3
    assert sorted(x["rounds"] for x in RULES.legal(st, 0) if x["type"] == "fanfire") == [2, 3]
    a["ammo"][0] = 6
    with dice(10, 9, 1, 10, 5, 9, 5, 8):  # hits on the two 10s: two wound rolls, two tests
        st, ev = play(st, 0, {"type": "fanfire", "model": a["id"], "weapon": 0, "target": e["id"], "rounds": 4})
    assert [x["hits"] for x in ev if x["t"] == "shot"] == [2]
    assert st["models"][a["id"]]["ammo"][0] == 2
    e2 = st["models"][e["id"]]
    e2["pos"] = [1801, 1000]  # long range: no fanfire
    st["models"][a["id"]]["acts"] = 0
    assert not [x for x in RULES.legal(st, 0) if x["type"] == "fanfire"]


def test_shooting_at_a_mounted_target_a_second_die_picks_horse_or_rider():
    st, a, e = two_in_the_street()
    e["pos"] = [1500, 1000]
    h = horse_for(st, e)
    with dice(9, 5, 9):  # a hit; 5: the horse; the rider tests his nerve (Toughness 7, rolls 9)
        st, ev = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert st["models"][h["id"]]["hits"] == 1 and sum(st["models"][e["id"]]["wounds"].values()) == 0
    st["models"][a["id"]]["acts"] = 0
    with dice(9, 6, 1, 9):  # 6: the rider, a leg wound
        st, ev = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert st["models"][e["id"]]["wounds"]["leg"] == 1 and st["models"][h["id"]]["hits"] == 1


def test_a_horse_is_killed_by_any_three_hits_and_the_rider_is_thrown():
    st, a, e = two_in_the_street()
    e["pos"] = [1500, 1000]
    h = horse_for(st, e)
    st["models"][h["id"]]["hits"] = 2
    with dice(9, 1, 9):
        st, ev = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert st["models"][h["id"]]["status"] == M.DEAD
    assert st["models"][e["id"]]["horse"] is None
    assert "thrown" in types(ev)


def test_no_line_of_sight_through_a_building_and_hard_cover_round_its_corner():
    st = acting(arena(), 0)
    st["fired"][1] = True  # Virgil is a Law Dog
    e = put(st, "ike-clanton", 1, [1750, 250])  # up the alley between the bank and the hotel
    hidden = put(st, "morgan-earp", 0, [1200, 700])
    corner = put(st, "virgil-earp", 0, [1480, 700])
    straight = put(st, "warren-earp", 0, [1750, 700])
    assert shot(st, hidden, e)["why"] == "no-sight"
    assert shot(st, corner, e, wi=1)["ok"] and shot(st, corner, e, wi=1)["cover"] == "hard"
    assert shot(st, straight, e)["ok"] and shot(st, straight, e)["cover"] is None


def test_law_dog_cannot_shoot_until_an_enemy_fires():
    st, a, e = two_in_the_street()
    w = put(st, "wyatt-earp", 0, [1000, 1300])
    e["pos"] = [1500, 1000]
    assert X.shot_info(st, w["id"], 0, e["id"])["why"] == "law-dog"
    st["fired"][1] = True
    assert X.shot_info(st, w["id"], 0, e["id"])["ok"]
    st["fired"] = [True, False]  # his own side firing does not count
    assert X.shot_info(st, w["id"], 0, e["id"])["why"] == "law-dog"


def test_the_shot_figures_are_in_the_view_before_the_player_commits():
    st, a, e = two_in_the_street()
    e["pos"] = [1900, 1000]
    view = RULES.view(st, 0)
    shots = view["derived"]["selected"]["shots"]
    assert [(s["band"], s["need"], s["dist"]) for s in shots] == [("long", 8, 900)]


def test_rolls_are_recorded_for_the_log():
    st, a, e = two_in_the_street()
    e["pos"] = [1500, 1000]
    with dice(3):
        st, ev = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert rolls(ev, "hit") == [3]
    line = RULES.phrase(ev)
    assert "needs 6+" in line and "rolled 3" in line


@pytest.mark.parametrize("options", [{"scenario": "dodge-city", "small": True}, {"scenario": "riding-shotgun"},
                                     {"scenario": "gunfight", "table": "canyon"}])
def test_every_listed_action_is_accepted_and_nothing_else_of_its_kind(options):
    from tabletown.engine.bots import choose
    from tabletown.games.ruthless import game
    st = RULES.setup(4, 2, SPEC.normalize(2, options))
    for step in range(120):
        if not RULES.active(st):
            break
        seat = RULES.active(st)[0]
        legal = RULES.legal(st, seat)
        for action in legal:
            legality.validate(st, seat, action)  # raises if the checks and the list disagree
        for other in range(2):
            if other != seat and other not in RULES.active(st):
                with pytest.raises(IllegalAction):
                    legality.validate(st, other, legal[0])
        st, _ = RULES.apply(st, seat, choose(RULES, game.BOTS, "easy", st, seat, 4, step))
