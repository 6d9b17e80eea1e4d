"""Townsfolk Tussle's rules one by one, each on both sides of its boundary, through the real engine.

Setup and the Town Phase (Feats up to 3, the Peddler's table and its reset, one buy or sale a
turn until everyone passes, prices), gear (slots, two hands, max HP, changing gear for 2 MOX),
the townsfolk's turn (movement, terrain once a turn, attack range and sight, the roll), the
Ruffian's turn (targets and ties, paths, collisions, facing, placing, reshuffles, kept cards),
knock-outs and losing, the end of a fight (Coins, loot, restored stats, the bar), the Final Fight.
"""

from __future__ import annotations

import pytest

from tabletown.engine.rules import IllegalAction
from tabletown.engine.state import clone
from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.match import Match
from tabletown.games.townsfolk_tussle.play import Ctx, FightOver, R
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.unit.test_townsfolk_support import Table, dice, level_dmg


def to_shop(t: Table) -> None:
    t.act(t.stage["seat"], {"type": "no-reset"})
    t.settle()
    assert t.stage["kind"] == "shop"


def types(t: Table, seat: int) -> list[str]:
    return [a["type"] for a in t.legal(seat)]


# --- setup ---------------------------------------------------------------------------------------------------------


def test_setup_four_face_down_ruffians_ten_coins_and_starting_gear():
    t = Table(("henlo", "melba", "quintus"))
    assert len(t.state["map_hidden"]) == 4 and t.state["map_seen"] == []
    assert len(set(t.state["map_hidden"])) == 4
    for seat, tid in enumerate(("henlo", "melba", "quintus")):
        f = t.folk(seat)
        owned = [g for g in f["eq"].values() if g] + f["stash"]
        assert sorted(set(owned)) == sorted(C.STARTING[tid])
        assert f["hp"] == t.match().max_hp(seat)
    assert [t.folk(s)["coins"] for s in range(3)] == [12, 10, 10]  # 10 each; Henlo's Egg Money: +2 in town


def test_each_townsfolk_can_be_chosen_once():
    t = Table(("henlo", "melba", "quintus"), seed=2)
    fresh = RULES.setup(2, 3, {"solo": False, "doublin_down": False, "trading": False, "town_map": "standard"})
    state, _ = RULES.apply(fresh, 0, {"type": "pick", "folk": "henlo", "alt": False})
    assert {"type": "pick", "folk": "henlo", "alt": False} not in RULES.legal(state, 1)
    with pytest.raises(IllegalAction):
        RULES.apply(state, 1, {"type": "pick", "folk": "henlo", "alt": False})
    del t


def test_the_town_map_levels_by_side():
    for side, levels in (("standard", ["chump", "scrapper", "brute", "final-fight"]),
                         ("rough", ["scrapper", "brute", "outlaw", "final-fight"])):
        assert C.MAP_SIDES[side] == levels
        t = Table(("henlo", "melba", "quintus"), options={"town_map": side})
        t.skip_town()
        assert t.f["level"] == levels[0]


# --- the Town Phase --------------------------------------------------------------------------------------------------


def test_feats_are_drawn_back_up_to_three():
    t = Table(("henlo", "melba"))
    t.fight("qing-kween")
    hand = t.folk(0)["feats"]
    assert len(hand) <= 3
    t.folk(0)["feats"] = ["reckless", "martyr"]  # two unaccomplished Feats kept from the fight
    t.folk(1)["feats"] = ["reckless", "martyr", "safety-first"]  # a full hand: draws nothing
    t.state["feat_deck"] = ["safety-first"]
    m = Match(clone(t.state), [])
    m.s["fight"] = None
    m.begin_town()
    assert m.s["folk"][0]["feats"] == ["reckless", "martyr", "safety-first"]  # only one drawn


def test_the_peddler_lays_out_ten_items_or_all_the_deck_has():
    t = Table(("henlo", "melba", "quintus"))
    assert len(t.state["peddler"]["shop"]) == min(10, len(C.PEDDLER_CARDS))


def test_a_shop_reset_costs_two_coins_a_townsfolk_split_as_they_agree():
    t = Table(("henlo", "melba", "quintus"))
    order = [t.stage["seat"]]
    need = 2 * 3
    assert t.match().reset_needed() == need
    coins = {s: t.folk(s)["coins"] for s in range(3)}
    shop_before = list(t.state["peddler"]["shop"])
    seat = t.stage["seat"]
    t.act(seat, {"type": "pledge", "n": 4})
    seat2 = t.stage["seat"]
    order.append(seat2)
    t.act(seat2, {"type": "pledge", "n": 0})
    seat3 = t.stage["seat"]
    assert {"type": "pledge", "n": 2} in t.legal(seat3)  # the last pledge must make up the rest
    assert {"type": "pledge", "n": 1} not in t.legal(seat3)
    events = t.act(seat3, {"type": "pledge", "n": 2})
    paid = {e["who"]: e["n"] for e in events if e["t"] == "coins" and e["n"] < 0}
    assert paid == {seat: -4, seat3: -2}  # what each pledged, paid once all agreed
    assert any(e["t"] == "reset" for e in events)
    assert not set(shop_before) & set(t.state["peddler"]["shop"]) or len(C.PEDDLER_CARDS) < 20
    del coins


def test_anyone_saying_no_means_no_reset_and_nobody_pays():
    t = Table(("henlo", "melba", "quintus"))
    coins = [t.folk(s)["coins"] for s in range(3)]
    first = t.stage["seat"]
    t.act(first, {"type": "pledge", "n": 6})
    events = t.act(t.stage["seat"], {"type": "no-reset"})
    assert not any(e["t"] == "reset" for e in events)
    before_events = events[: next(i for i, e in enumerate(events) if e["t"] == "no_reset")]
    assert not any(e["t"] == "coins" for e in before_events)
    assert [t.folk(s)["coins"] for s in range(3)] == coins or t.stage["kind"] != "reset"


def test_buying_ends_the_turn_and_the_shop_closes_when_all_pass_in_a_row():
    t = Table(("henlo", "melba", "quintus"))
    to_shop(t)
    first = t.stage["seat"]
    cheapest = min(t.state["peddler"]["shop"], key=lambda g: C.gear_of(g)["cost"])
    coins = t.folk(first)["coins"]
    t.act(first, {"type": "buy", "g": cheapest})
    assert t.folk(first)["coins"] == coins - C.gear_of(cheapest)["cost"]
    assert cheapest in t.folk(first)["stash"] and cheapest not in t.state["peddler"]["shop"]
    assert t.stage["seat"] != first  # one item a turn
    t.act(t.stage["seat"], {"type": "pass"})
    t.act(t.stage["seat"], {"type": "pass"})
    assert t.stage["kind"] == "shop" and t.stage["seat"] == first  # two passes are not everyone
    left = list(t.state["peddler"]["shop"])
    t.act(first, {"type": "pass"})
    assert t.stage["kind"] == "position"  # three passes in a row: to the fight
    assert t.state["peddler"]["deck"][-len(left):] == left  # unsold gear to the bottom of the Peddler deck


def test_you_cannot_buy_what_you_cannot_afford():
    t = Table(("henlo", "melba", "quintus"))
    to_shop(t)
    seat = t.stage["seat"]
    item = t.state["peddler"]["shop"][0]
    price = C.gear_of(item)["cost"]
    t.folk(seat)["coins"] = price - 1
    assert {"type": "buy", "g": item} not in t.legal(seat)
    with pytest.raises(IllegalAction):
        t.act(seat, {"type": "buy", "g": item})
    t.folk(seat)["coins"] = price
    assert {"type": "buy", "g": item} in t.legal(seat)


def test_consumables_cost_georgie_two_less_but_never_under_one():
    t = Table(("georgie", "melba", "quintus"))
    m = t.match()
    assert m.price(0, "bait-bucket") == 0 or C.GEAR["bait-bucket"]["cost"] is None
    assert m.price(0, "prize-pumpkin") == C.GEAR["prize-pumpkin"]["cost"] - 2
    assert m.price(1, "prize-pumpkin") == C.GEAR["prize-pumpkin"]["cost"]
    assert m.price(0, "floppy-scimitar") == 11  # not a consumable
    assert m.price(0, "beggars-top-hat") == 5


def test_equipping_is_free_in_town():
    t = Table(("henlo", "melba", "quintus"))
    to_shop(t)
    seat = t.stage["seat"]
    t.give(seat, "floppy-scimitar")
    coins = t.folk(seat)["coins"]
    t.act(seat, {"type": "equip", "g": "floppy-scimitar", "slot": "left-hand"})
    assert t.folk(seat)["eq"]["left-hand"] == "floppy-scimitar" and t.folk(seat)["coins"] == coins
    assert t.stage["seat"] == seat  # equipping does not use up the turn


# --- gear ------------------------------------------------------------------------------------------------------------


def test_a_two_handed_weapon_fills_both_hands():
    t = Table(("henlo", "melba", "quintus"))
    m = Match(t.state, [])
    assert t.folk(0)["eq"]["left-hand"] == t.folk(0)["eq"]["right-hand"] == "old-pitchfork"
    t.give(0, "floppy-scimitar")
    m.equip(0, "floppy-scimitar", "left-hand")
    assert t.folk(0)["eq"]["left-hand"] == "floppy-scimitar" and t.folk(0)["eq"]["right-hand"] is None
    assert "old-pitchfork" in t.folk(0)["stash"]
    t.give(0, "extend-o-pole", "right-hand")
    m.equip(0, "old-pitchfork", "hands")
    assert set(t.folk(0)["stash"]) >= {"floppy-scimitar", "extend-o-pole"}


def test_special_gear_works_from_the_stash_and_cannot_be_equipped():
    t = Table(("henlo", "melba", "quintus"))
    t.give(1, "beggars-top-hat")
    m = Match(t.state, [])
    assert m.fitting_slots("beggars-top-hat") == []
    assert "beggars-top-hat" in m.active_gear(1)


def test_unequipping_max_hp_gear_mid_fight_lowers_hp_to_the_new_max_only():
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    m = Match(t.state, [])
    assert m.max_hp(1) == 10 and t.folk(1)["hp"] == 10  # Melba 8 + Knitted Shawl 2
    m.unequip_piece(1, "knitted-shawl")
    assert m.max_hp(1) == 8 and t.folk(1)["hp"] == 8
    m.equip(1, "knitted-shawl", "chest")
    assert m.max_hp(1) == 10 and t.folk(1)["hp"] == 8  # no HP gained mid-fight
    t.folk(1)["hp"] = 6
    m.unequip_piece(1, "knitted-shawl")
    assert t.folk(1)["hp"] == 6  # under the new max: unchanged, no DMG taken


def test_changing_gear_in_a_fight_costs_two_mox():
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    t.give(0, "floppy-scimitar")
    t.f["turn"]["mx"] = 2  # Henlo has 3 MOX: 1 left
    assert not any(a["type"] == "equip" for a in t.legal(0))
    t.f["turn"]["mx"] = 1  # 2 left
    assert {"type": "equip", "g": "floppy-scimitar", "slot": "left-hand"} in t.legal(0)
    t.act(0, {"type": "equip", "g": "floppy-scimitar", "slot": "left-hand"})
    assert t.match().mox_left(0) == 0


def test_gear_that_grants_mvmt_counts_at_once_on_this_turn():
    t = Table(("quintus", "melba", "henlo"))
    t.fight("qing-kween")
    t.give(0, "golden-spurs")
    assert t.match().mvmt_left(0) == 4
    t.act(0, {"type": "equip", "g": "golden-spurs", "slot": "leg"})
    assert t.match().mvmt_left(0) == 6


def test_counters_stay_on_gear_between_fights_and_when_unequipped():
    t = Table(("henlo", "melba", "quintus"))
    t.give(0, "surplus-spuds", "accessory")
    assert t.state["charges"]["surplus-spuds"] == 3
    t.fight("qing-kween")
    t.folk(0)["hp"] -= 4
    t.act(0, {"type": "use", "k": "g:surplus-spuds:0", "chosen": None})
    assert t.state["charges"]["surplus-spuds"] == 2
    Match(t.state, []).unequip_piece(0, "surplus-spuds")
    assert t.state["charges"]["surplus-spuds"] == 2


# --- the townsfolk's turn ------------------------------------------------------------------------------------------------


def quiet_fight(folk=("quintus", "henlo", "melba"), ruffian="qing-kween") -> Table:
    t = Table(folk)
    t.fight(ruffian)
    t.f["pos"], t.f["face"] = [5, 1], "s"
    t.put(1, [0, 11])
    t.put(2, [11, 11])
    return t


def test_movement_is_orthogonal_and_limited_by_mvmt():
    t = quiet_fight()
    t.put(0, [5, 11])  # Quintus: 4 MVMT
    reach = t.match().move_targets(0)
    assert reach[(5, 7)] == 4 and (5, 6) not in reach  # four squares north, not five
    assert reach[(9, 11)] == 4 and (10, 11) not in reach  # four east
    assert reach[(6, 10)] == 2  # a diagonal neighbour costs 2: never diagonally


def test_movement_can_be_split_around_actions():
    t = quiet_fight()
    t.put(0, [6, 5])
    t.act(0, {"type": "move", "to": [6, 4]})
    assert t.match().mvmt_left(0) == 3
    with dice(9):
        t.act(0, {"type": "attack", "g": "pocket-rocks"})
    assert t.match().mvmt_left(0) == 3
    t.act(0, {"type": "move", "to": [6, 7]})
    assert t.match().mvmt_left(0) == 0


def test_townsfolk_move_through_each_other_but_never_end_on_one_or_pass_the_ruffian():
    t = quiet_fight()
    t.put(0, [6, 9])
    t.put(1, [6, 8])
    reach = t.match().move_targets(0)
    assert (6, 8) not in reach and reach[(6, 7)] == 2  # through Henlo, not onto her
    t.put(0, [5, 4])
    reach = t.match().move_targets(0)
    assert (5, 2) not in reach and (5, 1) not in reach  # the Ruffian's squares
    assert reach.get((4, 2)) == 3  # around it instead


def test_terrain_is_used_once_a_turn_per_piece():
    t = quiet_fight(ruffian="barlow")
    t.put(0, [1, 6])  # in the Dense Woods
    woods = next(i for i, p in enumerate(t.f["terrain"]) if p["t"] == "dense-woods" and [1, 6] in p["cells"])
    t.act(0, {"type": "interact", "p": woods})
    assert {"type": "interact", "p": woods} not in t.legal(0)


def test_melee_needs_adjacency_and_ranged_needs_sight():
    t = quiet_fight()
    t.put(0, [5, 3])
    assert {"type": "attack", "g": "big-stick"} in t.legal(0)
    t.put(0, [5, 4])
    assert {"type": "attack", "g": "big-stick"} not in t.legal(0)
    assert {"type": "attack", "g": "pocket-rocks"} in t.legal(0)  # range 4
    t.put(0, [5, 7])  # 5 squares: out of range
    assert {"type": "attack", "g": "pocket-rocks"} not in t.legal(0)
    t.f["pos"] = [3, 3]  # the fence at D7-F7 stands between
    t.put(0, [4, 7])
    m = t.match()
    assert m.dist(0, R) == 3 and m.attack_problem(0, "pocket-rocks") == "An obstacle blocks the way."


@pytest.mark.parametrize("roll,hit", [(4, False), (5, True), (1, False), (10, True)])
def test_the_roll_plus_acc_must_reach_the_requirement(roll, hit):
    t = quiet_fight()
    t.put(0, [5, 4])  # Pocket Rocks: 6+; Quintus has ACC +1
    hp = t.f["hp"]
    with dice(roll, 3):
        t.act(0, {"type": "attack", "g": "pocket-rocks"})
    assert (t.f["hp"] < hp) is hit


def test_each_weapon_attacks_once_a_turn():
    t = quiet_fight()
    t.put(0, [5, 3])
    with dice(9):
        t.act(0, {"type": "attack", "g": "big-stick"})
    assert {"type": "attack", "g": "big-stick"} not in t.legal(0)
    assert {"type": "attack", "g": "pocket-rocks"} in t.legal(0)


def test_abilities_are_used_once_a_turn():
    t = quiet_fight(folk=("quintus", "henlo", "melba"))
    t.put(0, [5, 5])
    t.act(0, {"type": "use", "k": "a:0:0", "chosen": None})  # Tantrum: take 1 DMG
    assert not any(a["type"] == "use" and a["k"] == "a:0:0" for a in t.legal(0))


# --- the Ruffian's turn ---------------------------------------------------------------------------------------------------


def ctx_card() -> Ctx:
    c = Ctx("card", R, row="test")
    return c


def test_closest_is_measured_by_the_ruffians_mvmt_and_ties_are_rolled_lowest_targeted():
    t = quiet_fight()
    t.put(0, [3, 2])  # two to the left of the footprint
    t.put(1, [8, 2])  # two to the right
    t.put(2, [11, 11])
    m = Match(clone(t.state), [])
    with dice(6, 3):
        assert m.pick({"pick": "closest"}, ctx_card()) == [1]  # rolls 6 and 3: the lower is targeted
    m = Match(clone(t.state), [])
    with dice(2, 3):
        assert m.pick({"pick": "closest"}, ctx_card()) == [0]


def test_townsfolk_content_ties_are_the_players_choice():
    t = quiet_fight()
    t.put(0, [3, 2])
    t.put(1, [8, 2])
    m = Match(clone(t.state), [])
    from tabletown.games.townsfolk_tussle.play import Suspend

    with pytest.raises(Suspend) as asked:
        m.pick({"pick": "closest"}, Ctx("gear", 2, row="test"))
    assert asked.value.question["k"] == "tie" and asked.value.question["opts"] == [0, 1]


def test_an_unreachable_townsfolk_is_farther_than_any_reachable_one():
    t = quiet_fight()
    # Fence off the bottom-left corner (A11-C12): the 2 × 2 Ruffian cannot get in.
    t.f["terrain"] += [
        {"t": "wooden-fence", "piece": "main", "cells": [[0, 9], [1, 9], [2, 9]], "door": None, "type": "obstacle",
         "gone": False, "exh": False},
        {"t": "wooden-fence", "piece": "main", "cells": [[3, 9], [3, 10], [3, 11]], "door": None,
         "type": "obstacle", "gone": False, "exh": False},
    ]
    t.put(0, [2, 11])  # inside the pocket
    t.put(1, [11, 11])  # reachable, though farther by distance
    t.put(2, [11, 0])
    m = Match(clone(t.state), [])
    m.terrain_changed()
    assert m.reach(0) is None and m.reach(1) is not None
    assert m.dist(R, 0) < m.dist(R, 1)
    assert m.pick({"pick": "closest"}, ctx_card()) == [2]
    assert m.pick({"pick": "farthest"}, ctx_card()) == [0]


def test_the_ruffian_will_not_take_a_harmful_path_when_an_equal_one_is_safe():
    t = quiet_fight(ruffian="bundits")  # a Dangerous Ditch at E5-G5
    t.f["pos"] = [4, 1]
    t.put(0, [5, 7])
    m = Match(clone(t.state), [])
    paths = m.grid().ruffian_paths((4, 1), {(4, 5), (5, 5)}, 10, None)
    assert paths
    chosen = m.choose_path(paths, ctx_card())
    harm = m.harm_fn()
    from tabletown.games.townsfolk_tussle.board import foot

    stepped = {c for p in chosen[1:] for c in foot(p)}
    assert not any(harm(c) for c in stepped) or all(
        any(harm(c) for p in path[1:] for c in foot(p)) for path in paths)


def test_a_collision_pushes_the_townsfolk_to_a_square_of_their_choice():
    t = quiet_fight()
    t.put(0, [5, 4])
    t.f["pos"] = [5, 1]
    t.stack("qing-kween-march-of-conquest")  # charge forward at the closest
    t.ruffian_plays()
    q = t.question
    assert q["k"] == "push" and q["seat"] == 0
    assert all(not (t.f["pos"][0] <= sq[0] <= t.f["pos"][0] + 1 and t.f["pos"][1] <= sq[1] <= t.f["pos"][1] + 1)
               for sq in q["opts"])  # never under the footprint
    aside = next(sq for sq in q["opts"] if sq[0] not in (5, 6))  # out of the charge's way
    events = t.answer(aside)
    assert any(e["t"] == "pushed" and e["at"] == aside for e in events)


def test_on_a_perfect_diagonal_the_players_choose_the_facing():
    t = quiet_fight()
    t.f["pos"], t.f["face"] = [5, 1], "s"
    t.put(0, [8, 4])  # gaps of 2 and 2
    m = Match(clone(t.state), [])
    from tabletown.games.townsfolk_tussle.play import Suspend

    with pytest.raises(Suspend) as asked:
        m.face_cells([(8, 4)])
    assert sorted(asked.value.question["opts"]) == ["e", "s"]
    t.put(0, [8, 5])  # a larger gap on the rows: it faces south
    m = Match(clone(t.state), [])
    m.face_cells([(8, 5)])
    assert m.fight["face"] == "s"


def test_an_empty_action_deck_is_reshuffled_from_the_discards():
    t = quiet_fight()
    f = t.f
    f["disc"] = f["deck"] + f["disc"]
    f["deck"] = []
    m = Match(clone(t.state), [])
    m.refill_deck()
    assert len(m.fight["deck"]) == len(C.DECKS["qing-kween"]) - len(m.fight["kept"]) and m.fight["disc"] == []


def test_a_kept_card_stays_out_of_the_discard_until_its_trigger():
    t = quiet_fight()
    t.stack("qing-kween-royal-decree")
    t.ruffian_plays()
    t.settle()
    assert any(k["card"] == "qing-kween-royal-decree" for k in t.f["kept"])
    assert "qing-kween-royal-decree" not in t.f["disc"]
    m = t.match()
    assert m.weapon_cost(0, "pocket-rocks") == 2  # every attack costs 1 more MOX while it is kept


def test_ranged_attacks_of_the_ruffian_ignore_obstacles():
    t = quiet_fight()
    t.f["pos"] = [4, 4]  # the fence at D7-F7 is two rows below the footprint
    t.put(0, [4, 8])
    hp = t.folk(0)["hp"]
    m = Match(t.state, [])
    m.do_dmg({"do": "dmg", "who": "team", "amount": 1, "range": 3}, ctx_card())
    assert t.folk(0)["hp"] == hp - 1 - level_dmg(t)


def test_placing_is_not_moving_and_a_taken_spot_means_the_nearest_free_one():
    t = quiet_fight()
    t.put(2, [11, 5])
    m = Match(t.state, [])
    m.do_place({"do": "place", "who": "ruffian", "at": {"corner": "bottom-right"}}, ctx_card())
    assert t.f["pos"] == [10, 10]
    assert t.state["tally"]["turn"].get("R", {}).get("squares-moved", 0) == 0
    t2 = quiet_fight()  # a townsfolk on L12 takes part of the corner block
    m2 = Match(t2.state, [])
    m2.do_place({"do": "place", "who": "ruffian", "at": {"corner": "bottom-right"}}, ctx_card())
    assert t2.f["pos"] == [9, 10]


# --- knock-outs, the end of a fight, losing ----------------------------------------------------------------------------


def test_a_knocked_out_townsfolk_leaves_the_board():
    t = quiet_fight()
    m = Match(t.state, [])
    t.folk(1)["hp"] = 1
    m.deal(1, 1, "ruffian", by=R)
    assert t.folk(1)["ko"] and not m.on_board(1) and 1 not in m.team()


def test_everyone_knocked_out_loses_the_game_with_the_ruffians_loss_ending():
    t = quiet_fight()
    m = Match(t.state, [])
    for s in (1, 2):
        t.folk(s)["hp"] = 1
        m.deal(s, 1, "ruffian", by=R)
    t.folk(0)["hp"] = 1
    with pytest.raises(FightOver) as over:
        m.deal(0, 5, "ruffian", by=R)
    assert over.value.won is False
    m.end_fight(False, over.value.how)
    assert m.s["result"]["won"] is False
    assert C.ENDINGS[m.s["result"]["ending"]]["result"] == "loss"
    assert C.ENDINGS[m.s["result"]["ending"]]["ruffian"] == "qing-kween"


def test_defeat_coins_loot_to_the_most_feats_among_the_standing_and_the_bar_rotates():
    t = quiet_fight()
    t.folk(0)["won"] = 1
    t.folk(1)["won"] = 2  # most Feats, but knocked out: not eligible
    t.folk(1)["ko"] = True
    t.folk(2)["won"] = 0
    coins = [t.folk(s)["coins"] for s in range(3)]
    bar = list(t.state["bar"])
    m = Match(t.state, [])
    m.end_fight(True, "defeated")
    assert [t.folk(s)["coins"] for s in range(3)] == [c + 6 for c in coins]
    loot = [g for g in t.folk(0)["stash"] if g in C.RUFFIAN_GEAR["qing-kween"]]
    assert len(loot) == 1
    assert not any(g in C.RUFFIAN_GEAR["qing-kween"] for g in t.folk(1)["stash"] + t.folk(2)["stash"])
    while t.stage["kind"] == "discard":
        m.discard_feat(t.stage["seat"], {"type": "keep-feats"})
    assert t.state["bar"] == bar[1:] + bar[:1]
    assert t.state["fight"] is None and t.state["effects"] == []


def test_a_tie_for_the_loot_is_rolled_highest_wins():
    t = quiet_fight()
    for s in range(3):
        t.folk(s)["won"] = 1
    m = Match(t.state, [])
    with dice(4, 9, 2):
        m.loot()
    assert any(g in C.RUFFIAN_GEAR["qing-kween"] for g in t.folk(1)["stash"])


def test_stat_changes_end_with_the_fight():
    t = quiet_fight()
    m = Match(t.state, [])
    mvmt = m.stat(0, "mvmt")
    m.change_stat(0, "mvmt", -2, "fight", "ruffian")
    assert m.stat(0, "mvmt") == mvmt - 2
    m.end_fight(True, "defeated")
    while t.stage["kind"] == "discard":
        m.discard_feat(t.stage["seat"], {"type": "keep-feats"})
    assert m.stat(0, "mvmt") == mvmt


def test_a_removed_townsfolk_cannot_be_targeted():
    t = quiet_fight()
    t.put(0, [5, 3])
    m = Match(t.state, [])
    m.do_remove({"do": "remove", "who": "self", "until": "next-turn-start", "return": "start"},
                Ctx("terrain", 0, row="test"))
    assert 0 not in m.pick({"pick": "all"}, ctx_card())
    assert m.pick({"pick": "closest"}, ctx_card()) != [0]


# --- the Final Fight ---------------------------------------------------------------------------------------------------------


def test_the_sheriff_has_the_most_feat_points_and_takes_the_final_fights_gear():
    t = Table(("henlo", "melba", "quintus"))
    t.folk(1)["done"] = ["martyr"]  # 2 points
    t.folk(0)["done"] = ["reckless", "safety-first"]  # 0 + 1: more Feats, fewer points
    t.to_fight("dozy", final=True)
    assert t.f["final"] and t.f["sheriff"] == 1
    gear = C.RUFFIANS["dozy"]["final_fight"]["sheriff_gear"]
    assert gear in Match(t.state, []).owns(1)


def test_a_tie_for_sheriff_is_settled_by_the_team_or_rolled():
    t = Table(("henlo", "melba", "quintus"))
    t.folk(0)["done"] = ["safety-first"]
    t.folk(2)["done"] = ["safety-first"]
    t.state["map_hidden"] = ["dozy"] + [r for r in t.state["map_hidden"] if r != "dozy"][:3]
    t.state["round"] = 3
    t.act(t.stage["seat"], {"type": "no-reset"})
    t.settle() if t.question and t.question["k"] != "sheriff" else None
    for _ in range(10):
        if t.question and t.question["k"] == "sheriff":
            break
        if t.question:
            t.settle()
        elif t.stage["kind"] == "shop":
            t.act(t.stage["seat"], {"type": "pass"})
    assert t.question["k"] == "sheriff" and t.question["opts"] == [0, 2, "roll"]
    t.answer(2)
    t.settle()
    assert t.f["sheriff"] == 2


def test_the_final_fight_places_its_ff_pieces_by_the_number_of_townsfolk():
    for n, folk in ((2, ("henlo", "melba")), (4, ("henlo", "melba", "quintus", "norman"))):
        t = Table(folk)
        t.to_fight("qing-kween", final=True)
        want = C.RUFFIANS["qing-kween"]["final_fight"]["ff_pieces"][str(n)]
        assert sum(1 for p in t.f["terrain"] if p.get("ff")) == want
    t = Table(("henlo", "melba"))
    t.to_fight("qing-kween")
    assert not any(p.get("ff") for p in t.f["terrain"])


def test_the_sheriff_knocked_out_loses_the_final_fight():
    t = Table(("henlo", "melba", "quintus"))
    t.folk(0)["done"] = ["martyr"]
    t.fight("dozy", final=True)
    m = Match(t.state, [])
    t.folk(0)["hp"] = 1
    with pytest.raises(FightOver) as over:
        m.deal(0, 1, "ruffian", by=R)
    assert over.value.won is False and over.value.how == "sheriff"


def test_a_special_objective_gives_the_special_ending_and_its_unlocks():
    t = Table(("blopsy", "melba", "quintus"))
    t.fight("qing-kween", final=True)
    t.f["stolen"] = []
    t.give(0, "floppy-scimitar", "left-hand")
    t.put(0, [5, 3])
    t.f["pos"] = [5, 1]
    t.f["hp"] = 1
    with dice(9):
        t.act(0, {"type": "attack", "g": "floppy-scimitar"})
    res = t.state["result"]
    assert res["won"] and C.ENDINGS[res["ending"]]["result"] == "special"
    assert res["unlocks"] == C.UNLOCKS["qing-kween"]


def test_jerry_landing_the_final_blow_is_pepins_special_objective():
    t = Table(("henlo", "melba", "quintus"))
    t.folk(0)["done"] = ["martyr"]  # Henlo will be the sheriff
    t.fight("pepin", final=True)
    assert t.f["sheriff"] == 0 and "jerry" in t.match().owns(0)
    if "jerry" not in t.match().equipped(0):
        Match(t.state, []).equip(0, "jerry", "accessory")
    t.put(0, [5, 4])
    t.f["pos"] = [5, 1]
    t.f["hp"] = 2
    t.act(0, {"type": "use", "k": "g:jerry:0", "chosen": None})
    res = t.state["result"]
    assert res["won"] and C.ENDINGS[res["ending"]]["result"] == "special"


def final_fight(ruffian: str, sheriff: int = 0, folk=("henlo", "melba", "quintus")) -> Table:
    t = Table(folk)
    t.folk(sheriff)["done"] = ["martyr"]  # the most Feat points: the sheriff
    t.fight(ruffian, final=True)
    assert t.f["final"] and t.f["sheriff"] == sheriff
    t.f["pos"], t.f["face"] = [5, 1], "s"
    for seat, sq in enumerate(([0, 11], [1, 11], [2, 11])[: t.n]):
        t.put(seat, sq)
    return t


def test_virginia_cannot_be_brought_below_1_hp():
    t = final_fight("virginia")
    t.f["hp"] = 2
    m = Match(t.state, [])
    m.deal(R, 5, "attack", by=1, style="melee")
    assert t.f["hp"] == 1 and t.state["result"] is None


@pytest.mark.parametrize("payer,ending", [(1, "special"), (0, "win")])
def test_paying_off_virginias_debt_wins_and_the_sheriff_paying_nothing_is_the_special_objective(payer, ending):
    t = final_fight("virginia")
    t.f["counters"]["debt"] = 3
    t.put(payer, [5, 3])  # within 2 squares of her
    t.folk(payer)["coins"] = 5
    t.state["stage"]["seat"] = payer
    t.f["turn"]["who"] = payer
    t.act(payer, {"type": "use", "k": "ff:0", "chosen": None})
    assert t.question["k"] == "pay" and t.question["opts"] == [0, 1, 2, 3]
    t.answer(3)
    res = t.state["result"]
    assert res["won"] and C.ENDINGS[res["ending"]]["result"] == ending
    assert (res["unlocks"] == C.UNLOCKS["virginia"]) is (ending == "special")


def test_waggums_put_to_sleep_is_a_win():
    t = final_fight("waggums")
    need = 3 + 2
    t.f["counters"]["drowsy"] = need - 2
    m = Match(t.state, [])
    m.run([{"do": "counter", "on": "ruffian", "name": "drowsy", "amount": 1}], ctx_card())  # one short
    with pytest.raises(FightOver) as over:
        m.run([{"do": "counter", "on": "ruffian", "name": "drowsy", "amount": 1}], ctx_card())
    assert over.value.won


def test_barlows_ghosts_keep_him_from_harm_until_banished_in_the_mushroom_grove():
    t = final_fight("barlow")
    ghosts = t.f["counters"]["ghost"]
    assert ghosts == 3 + 1
    m = Match(t.state, [])
    assert m.deal(R, 3, "attack", by=1, style="melee") == 0
    grove = next(p for p in t.f["terrain"] if p["t"] == "mushroom-grove")
    t.put(1, grove["cells"][0])
    t.state["stage"]["seat"] = 1
    t.f["turn"]["who"] = 1
    t.act(1, {"type": "use", "k": "ff:0", "chosen": None})  # 2 MOX: banish a ghost
    assert t.f["counters"]["ghost"] == ghosts - 1


def test_umbrello_floats_out_of_reach_of_melee_weapons_unless_grounded():
    t = final_fight("umbrello", folk=("quintus", "melba", "henlo"))
    t.give(0, "floppy-scimitar", "left-hand")
    t.give(0, "slingshot", "right-hand")
    t.put(0, [5, 3])
    m = t.match()
    assert m.attack_problem(0, "floppy-scimitar") == "That weapon cannot reach the Ruffian now."
    assert m.attack_problem(0, "slingshot") is None
    t.f["counters"]["grounded"] = 1
    assert t.match().attack_problem(0, "floppy-scimitar") is None


def test_qing_and_kween_holding_eight_seized_pieces_is_a_loss():
    t = final_fight("qing-kween")
    t.f["counters"]["seized"] = 7
    m = Match(t.state, [])
    with pytest.raises(FightOver) as over:
        m.run([{"do": "counter", "on": "ruffian", "name": "seized", "amount": 1}], ctx_card())
    assert over.value.won is False
