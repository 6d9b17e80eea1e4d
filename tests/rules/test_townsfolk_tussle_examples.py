"""Every worked example of the Townsfolk Tussle rulebook, played through the rules engine.

Conqueror's Warcry, Corn Padding and Aerial Drop-Off; the attack with the Extend-O-Pole and the
Floppy Scimitar; the Big Barrel; selling at half; the three printed Feats of Mettle; Dense Woods
and the Rickety Farm; the Crit Hit chart; breaking points.
"""

from __future__ import annotations

import pytest

from tabletown.engine.state import clone
from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.match import Match
from tests.unit.test_townsfolk_support import Table, dice, level_dmg


def attacks(t: Table, seat: int) -> list[str]:
    return [a["g"] for a in t.legal(seat) if a["type"] == "attack"]


# --- the Ruffian's action examples -------------------------------------------------------------------------------


def test_conquerors_warcry_hits_the_weakest_and_takes_their_chest_gear():
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    t.put(0, [10, 0])
    t.put(1, [5, 5])
    t.put(2, [0, 11])
    t.f["pos"], t.f["face"] = [5, 1], "s"
    t.folk(1)["hp"] = 2  # Melba, the weakest townsfolk
    assert t.folk(1)["eq"]["chest"] == "knitted-shawl"
    t.stack("qing-kween-conquerors-warcry")
    t.ruffian_plays()
    assert t.f["pos"] == [5, 3]  # moved towards her, ending adjacent
    assert t.match().dist("R", 1) == 1
    assert t.folk(1)["hp"] == 1  # 1 DMG
    assert t.folk(1)["eq"]["chest"] is None and "knitted-shawl" in t.folk(1)["stash"]  # the aftereffect
    assert t.match().max_hp(1) == 8 and t.folk(1)["hp"] == 1


def test_conquerors_warcry_without_reaching_the_target_has_no_aftereffect():
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    t.put(0, [10, 0])
    t.put(1, [2, 10])
    t.put(2, [0, 11])
    t.f["pos"] = [5, 1]
    t.folk(1)["hp"] = 2
    t.stack("qing-kween-conquerors-warcry")
    t.ruffian_plays()
    t.settle()
    assert t.match().dist("R", 1) > 1
    assert t.folk(1)["hp"] == 2 and t.folk(1)["eq"]["chest"] == "knitted-shawl"


def strawman_fight() -> Table:
    t = Table(("henlo", "melba", "quintus"))
    t.fight("strawman")
    t.put(0, [6, 10])
    t.put(1, [4, 5])
    t.put(2, [11, 11])
    t.f["pos"], t.f["face"] = [5, 2], "s"
    t.f["hp"] = t.f["max"] - 3
    t.stack("strawman-corn-padding")
    return t


def test_corn_padding_moves_strawman_completely_into_the_cornfield():
    t = strawman_fight()
    hp = t.f["hp"]
    melba = t.folk(1)["hp"]
    t.ruffian_plays()
    corn = {(c, r) for c in (1, 2, 3) for r in (1, 2, 3)}
    assert all(sq in corn for sq in t.match().cells_of("R"))
    # Strawman restores 2 HP, and 1 more for ending his turn in the cornfield (his Chump ability)
    assert t.f["hp"] == hp + 2 + 1
    assert t.folk(1)["hp"] == melba - 2  # the closest townsfolk takes 2 DMG


def test_corn_padding_counts_when_strawman_is_only_partly_inside():
    t = strawman_fight()
    t.state["effects"].append({"k": "stat", "who": "R", "stat": "mvmt", "n": -1, "src": "townsfolk",
                               "until": [["fight"]]})
    hp = t.f["hp"]
    t.ruffian_plays()
    cells = t.match().cells_of("R")
    corn = {(c, r) for c in (1, 2, 3) for r in (1, 2, 3)}
    assert any(sq in corn for sq in cells) and not all(sq in corn for sq in cells)
    assert t.f["hp"] == hp + 2 + 1


def test_corn_padding_outside_the_cornfield_does_nothing_more():
    t = strawman_fight()
    t.state["effects"].append({"k": "stat", "who": "R", "stat": "mvmt", "n": -3, "src": "townsfolk",
                               "until": [["fight"]]})
    hp = t.f["hp"]
    t.ruffian_plays()
    assert t.f["pos"] == [5, 2] and t.f["hp"] == hp


def test_aerial_drop_off_takes_the_closest_townsfolk_with_leg_gear():
    t = Table(("blopsy", "henlo", "quintus"))
    t.fight("umbrello")
    t.give(1, "golden-spurs", "leg")  # the farther townsfolk with leg gear
    assert t.folk(0)["eq"]["leg"] == "matching-shoes"
    t.put(0, [4, 6])  # the closer one with leg gear: the target
    t.put(1, [11, 11])
    t.put(2, [7, 3])  # closest of all, but no leg gear
    t.f["pos"], t.f["face"] = [5, 1], "s"
    hp = t.folk(0)["hp"]
    t.stack("umbrello-aerial-drop-off")
    t.ruffian_plays()
    t.settle()
    assert t.folk(0)["pos"] == [0, 0]  # placed on the top-left corner
    assert t.folk(0)["hp"] == hp - 1
    # Umbrello is placed next to the target; with the Town Pond in the way, on the nearest free spot.
    assert t.f["pos"] == [0, 3]
    assert any("Aerial Drop-Off" in line for line in t.lines)


# --- the attack example --------------------------------------------------------------------------------------------


def pole_and_scimitar() -> Table:
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    t.give(1, "extend-o-pole", "left-hand")
    t.give(1, "floppy-scimitar", "right-hand")
    t.f["pos"] = [5, 1]
    t.put(0, [0, 11])
    t.put(2, [11, 11])
    t.state["stage"]["seat"] = 1
    t.f["turn"]["who"] = 1
    return t


def test_the_floppy_scimitar_reaches_six_squares_with_the_extend_o_pole_and_hits_on_3_plus_1():
    t = pole_and_scimitar()
    t.put(1, [6, 8])  # six squares below the Ruffian, nothing in the way
    assert t.match().dist(1, "R") == 6
    assert attacks(t, 1) == ["floppy-scimitar"]  # the pole itself cannot attack
    hp = t.f["hp"]
    mox = t.match().mox_left(1)
    with dice(3):
        t.act(1, {"type": "attack", "g": "floppy-scimitar"})
    assert t.match().mox_left(1) == mox - 1
    assert t.f["hp"] == hp - 2  # 3 + ACC 1 = 4, the scimitar's 4+: a hit for 2 DMG


def test_the_scimitar_misses_on_2_plus_1_and_is_out_of_reach_at_seven():
    t = pole_and_scimitar()
    t.put(1, [6, 8])
    hp = t.f["hp"]
    with dice(2):
        t.act(1, {"type": "attack", "g": "floppy-scimitar"})
    assert t.f["hp"] == hp
    t2 = pole_and_scimitar()
    t2.put(1, [6, 9])
    assert t2.match().dist(1, "R") == 7 and attacks(t2, 1) == []


def test_without_the_pole_the_scimitar_is_a_melee_weapon_of_range_1():
    t = pole_and_scimitar()
    m = t.match()
    m.unequip_piece(1, "extend-o-pole")
    t.put(1, [6, 4])
    assert t.match().dist(1, "R") == 2 and attacks(t, 1) == []
    t.put(1, [6, 3])
    assert attacks(t, 1) == ["floppy-scimitar"]


# --- the Big Barrel ---------------------------------------------------------------------------------------------------


def barrel_fight() -> Table:
    t = Table(("quintus", "henlo", "melba"))
    t.fight("pinchetti")
    t.give(0, "big-barrel-gun", "left-hand")
    t.f["pos"] = [5, 1]
    t.put(1, [0, 11])
    t.put(2, [11, 11])
    return t


def test_the_big_barrel_fires_seven_squares_but_not_eight():
    t = barrel_fight()
    t.put(0, [5, 9])
    assert t.match().dist(0, "R") == 7 and "big-barrel-gun" in attacks(t, 0)
    t.put(0, [5, 10])
    assert t.match().dist(0, "R") == 8 and "big-barrel-gun" not in attacks(t, 0)


def test_the_big_barrel_cannot_attack_the_turn_after_it_is_used():
    t = barrel_fight()
    t.put(0, [5, 8])
    with dice(9):
        t.act(0, {"type": "attack", "g": "big-barrel-gun"})
    assert t.f["hp"] == t.f["max"] - 3
    for _ in range(20):  # to Quintus' next turn
        t.act(t.stage["seat"], {"type": "end"})
        t.settle()
        if t.stage.get("seat") == 0:
            break
    t.put(0, [5, 8])
    t.folk(0)["hp"] = t.match().max_hp(0)
    assert "big-barrel-gun" not in attacks(t, 0)
    for _ in range(20):
        t.act(t.stage["seat"], {"type": "end"})
        t.settle()
        if t.stage.get("seat") == 0:
            break
    t.put(0, [5, 8])
    assert "big-barrel-gun" in attacks(t, 0)


# --- selling at half -------------------------------------------------------------------------------------------------


def test_gear_valued_15_sells_for_7_and_starting_gear_cannot_be_sold():
    t = Table(("henlo", "melba", "yancy"))
    t.give(0, "prospectors-pick")  # 15 Coins
    t.act(t.stage["seat"], {"type": "no-reset"})
    t.settle()
    while t.stage["seat"] != 0:
        t.act(t.stage["seat"], {"type": "pass"})
    sells = [a["g"] for a in t.legal(0) if a["type"] == "sell"]
    assert sells == ["prospectors-pick"]  # the Old Pitchfork and Straw Hat are starting gear
    coins = t.folk(0)["coins"]
    t.act(0, {"type": "sell", "g": "prospectors-pick"})
    assert t.folk(0)["coins"] == coins + 7


def test_sale_values_round_down_and_junk_dealer_adds_two():
    t = Table(("henlo", "melba", "yancy"))
    m = t.match()
    t.give(0, "extend-o-pole")  # 7 Coins
    t.give(0, "floppy-scimitar")  # 11 Coins
    assert m.sale_value(0, "extend-o-pole") == 3
    assert m.sale_value(0, "floppy-scimitar") == 5
    assert m.sale_value(2, "floppy-scimitar") == 7  # Yancy's Junk Dealer: 5 + 2
    assert m.sale_value(2, "beggars-top-hat") == 4  # 2 + 2, never more than the 5 it cost


# --- Feats of Mettle -----------------------------------------------------------------------------------------------------


def feat_fight(feat: str) -> Table:
    t = Table(("henlo", "melba", "quintus"))
    t.folk(0)["feats"] = [feat]
    t.fight("qing-kween")
    t.f["pos"] = [5, 1]
    t.put(1, [0, 11])
    t.put(2, [11, 11])
    t.folk(0)["feats"] = [feat]
    t.folk(0)["done"] = []
    return t


def test_reckless_end_your_turn_adjacent_to_the_ruffian():
    t = feat_fight("reckless")
    t.put(0, [5, 3])
    t.act(0, {"type": "end"})
    assert t.folk(0)["done"] == ["reckless"] and t.folk(0)["feats"] == []
    assert C.FEATS["reckless"]["points"] == 0


def test_reckless_is_not_met_one_square_away():
    t = feat_fight("reckless")
    t.put(0, [5, 4])
    t.act(0, {"type": "end"})  # checked as Henlo's turn ends (the next townsfolk's turn has begun)
    assert "reckless" not in t.folk(0)["done"]


def test_safety_first_the_only_townsfolk_at_max_hp_gains_one_mox_for_the_fight():
    t = feat_fight("safety-first")
    t.folk(0)["hp"] = t.match().max_hp(0)
    t.folk(1)["hp"] -= 1
    mox = t.match().stat(0, "mox")
    t.folk(2)["hp"] -= 1  # now Henlo is the only one at max HP
    t.act(0, {"type": "end"})
    assert "safety-first" in t.folk(0)["done"]
    assert t.match().stat(0, "mox") == mox + 1


def test_safety_first_is_not_met_while_another_is_at_max_hp():
    t = feat_fight("safety-first")
    t.folk(2)["hp"] -= 1  # Melba is still at max HP too
    t.put(0, [0, 0])
    t.act(0, {"type": "move", "to": [1, 0]})
    assert "safety-first" not in t.folk(0)["done"]


def test_martyr_the_first_knocked_out_deals_two_dmg_to_the_ruffian():
    t = feat_fight("martyr")
    t.put(0, [5, 3])
    t.folk(0)["hp"] = 1
    t.folk(1)["hp"] = t.folk(2)["hp"] = 12
    hp = t.f["hp"]
    t.stack("qing-kween-twin-cleave")
    t.ruffian_plays()
    t.settle()
    assert t.folk(0)["ko"] and "martyr" in t.folk(0)["done"]
    assert t.f["hp"] == hp - 2
    assert C.FEATS["martyr"]["points"] == 2


# --- terrain ----------------------------------------------------------------------------------------------------------


def woods_fight() -> Table:
    t = Table(("quintus", "henlo", "melba"))
    t.fight("barlow")  # Dense Woods at A7-B8
    t.f["pos"] = [5, 1]
    t.put(1, [11, 11])
    t.put(2, [10, 11])
    return t


def test_dense_woods_cost_two_mvmt_a_square_to_enter():
    t = woods_fight()
    t.put(0, [2, 6])
    reach = t.match().move_targets(0)  # Quintus has 4 MVMT
    assert reach[(1, 6)] == 2  # into the woods: 2
    assert reach[(0, 6)] == 4  # and on through them
    assert reach[(3, 6)] == 1


def test_climbing_a_tree_adds_two_range_until_you_move():
    t = woods_fight()
    t.put(0, [1, 6])
    m = t.match()
    assert m.weapon_range(0, "pocket-rocks") == 4
    t.act(0, {"type": "interact", "p": next(a["p"] for a in t.legal(0) if a["type"] == "interact")})
    assert t.match().weapon_range(0, "pocket-rocks") == 6
    assert t.match().weapon_range(0, "big-stick") == 1  # melee weapons are not helped
    t.act(0, {"type": "move", "to": [1, 7]})
    assert t.match().weapon_range(0, "pocket-rocks") == 4


def test_pushed_out_of_the_tree_by_a_collision_costs_two_dmg():
    t = woods_fight()
    t.put(0, [1, 6])
    t.act(0, {"type": "interact", "p": next(a["p"] for a in t.legal(0) if a["type"] == "interact")})
    assert t.match().weapon_range(0, "pocket-rocks") == 6
    hp = t.folk(0)["hp"]
    t.f["pos"], t.f["face"] = [0, 3], "s"
    t.stack("qing-kween-march-of-conquest")  # face the closest townsfolk, charge MVMT + 1, 1 DMG to each hit
    t.ruffian_plays()
    assert t.question["k"] == "push" and [2, 6] in t.question["opts"]
    t.answer([2, 6])
    t.settle()
    assert t.folk(0)["pos"] == [2, 6]
    # the charge's 1 DMG (and what Barlow's level adds to it), and 2 for being knocked out of the tree
    assert t.folk(0)["hp"] == hp - 1 - level_dmg(t) - 2
    assert t.match().weapon_range(0, "pocket-rocks") == 4


def test_dense_woods_do_not_slow_the_ruffian():
    t = woods_fight()
    m = t.match()
    assert m.ruffian_cost_fn() is None  # every square costs the Ruffian 1


def test_the_rickety_farm_at_its_door():
    for roll, heal, ruffian_dmg, exhausted in ((3, 0, 0, False), (4, 2, 0, True), (7, 2, 0, True),
                                               (8, 0, 3, True)):
        t = Table(("henlo", "melba", "quintus"))
        t.fight("strawman")  # the Rickety Farm stands at I2-K3, its door at J4
        t.f["pos"] = [4, 6]
        t.put(1, [0, 11])
        t.put(2, [1, 11])
        t.put(0, [9, 3])
        t.folk(0)["hp"] -= 3
        hp, rhp = t.folk(0)["hp"], t.f["hp"]
        farm = next(i for i, p in enumerate(t.f["terrain"]) if p["t"] == "rickety-farm")
        assert {"type": "interact", "p": farm} in t.legal(0)
        with dice(roll):
            t.act(0, {"type": "interact", "p": farm})
        assert t.folk(0)["hp"] == hp + heal, roll
        assert t.f["hp"] == rhp - ruffian_dmg, roll
        assert t.f["terrain"][farm]["exh"] is exhausted, roll


def test_the_rickety_farm_only_answers_at_its_door():
    t = Table(("henlo", "melba", "quintus"))
    t.fight("strawman")
    t.put(0, [8, 3])  # next to the farm, but not at the door
    farm = next(i for i, p in enumerate(t.f["terrain"]) if p["t"] == "rickety-farm")
    assert {"type": "interact", "p": farm} not in t.legal(0)


# --- the Crit Hit chart and breaking points ------------------------------------------------------------------------------


def pitchfork_fight(ruffian: str = "qing-kween") -> Table:
    """Henlo (Old Pitchfork: 2 MOX, 4+, 2 DMG, range 2) two squares below the Ruffian, on her turn."""
    t = Table(("henlo", "melba", "quintus"))
    t.fight(ruffian)
    t.f["pos"], t.f["face"] = [5, 1], "s"
    t.put(0, [5, 4])
    t.put(1, [0, 11])
    t.put(2, [11, 11])
    return t


def test_a_natural_10_is_a_critical_hit_and_a_natural_1_a_whiff():
    t = pitchfork_fight()
    hp = t.f["hp"]
    with dice(1):
        t.act(0, {"type": "attack", "g": "old-pitchfork"})
    assert t.f["hp"] == hp  # a whiff misses whatever the requirement
    t.tidy()
    t.folk(0)["hp"] = 1
    with dice(10, 8):  # a critical hit; the chart's 8: +1 DMG
        t.act(0, {"type": "attack", "g": "old-pitchfork"})
    assert t.f["hp"] == hp - 3


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
def test_every_row_of_the_crit_hit_chart(roll):
    t = pitchfork_fight()
    m = t.match()
    hp, mvmt = t.f["hp"], m.stat("R", "mvmt")
    played = t.cards_played()
    # An answer replays the action from its start, so the dice it rolled are given again for it.
    with dice(10, roll, 10, roll):
        t.act(0, {"type": "attack", "g": "old-pitchfork"})
        if roll in (6, 7):  # +1 MVMT, MOX or ACC for the fight: the attacker chooses
            assert t.question["k"] == "option" and t.question["opts"] == [0, 1, 2]
            acc = t.match().stat(0, "acc")
            t.answer(2)
            assert t.match().stat(0, "acc") == acc + 1
        if roll >= 9:  # the starred Ruffian gear, which may be equipped at once
            assert t.question["k"] == "equip"
            t.answer("stash")
    if roll == 1:  # the turn ends at once and the Ruffian takes an action (after the attack's 2 DMG)
        assert t.cards_played() == played + 1 or t.question is not None
        assert t.events[[e["t"] for e in t.events].index("dmg")]["n"] == 2
        assert t.stage.get("seat") != 0 or t.question is not None
    elif roll in (2, 3):  # the next action is revealed
        assert t.f["top"] is not None and t.f["hp"] == hp - 2
    elif roll in (4, 5):  # MVMT lowered by 1
        assert t.match().stat("R", "mvmt") == mvmt - 1
    elif roll in (6, 7):
        assert t.f["hp"] == hp - 2
    elif roll == 8:
        assert t.f["hp"] == hp - 3
    else:
        assert C.STAR_GEAR["qing-kween"] in t.folk(0)["stash"] and t.f["hp"] == hp - 2


def test_the_starred_gear_comes_once_a_fight_then_a_crit_adds_1_dmg():
    t = pitchfork_fight()
    with dice(10, 9, 10, 9):
        t.act(0, {"type": "attack", "g": "old-pitchfork"})
        t.answer("stash")
    t.tidy()
    hp = t.f["hp"]
    with dice(10, 10):
        t.act(0, {"type": "attack", "g": "old-pitchfork"})
    assert t.question is None and t.f["hp"] == hp - 3


@pytest.mark.parametrize("start,dealt,bonus", [
    (19, 1, 1), (20, 1, 0), (18, 1, 0),  # 18: reached from above, not from on it
    (13, 1, 1), (12, 2, 0), (8, 1, 1), (9, 1, 0), (5, 1, 1), (6, 1, 0),
    (13, 6, 2),  # past 12 and 7 with one blow: two breaking points
])
def test_breaking_points_at_18_12_7_and_4(start, dealt, bonus):
    t = pitchfork_fight()
    t.f["hp"] = start
    m = Match(clone(t.state), [])
    m.deal("R", dealt, "attack", by=0, style="melee")
    assert m.fight["hp"] == start - dealt
    assert m.fight["bonus"] == bonus  # one action owed for each breaking point reached
    assert m.fight["end_turn"] is (bonus > 0)  # and Henlo's turn ends


def test_a_breaking_point_can_be_reached_again_after_healing():
    t = pitchfork_fight()
    t.f["hp"] = 13
    m = Match(clone(t.state), [])
    m.deal("R", 1, "attack", by=0, style="melee")
    m.heal("R", 2)
    m.deal("R", 2, "attack", by=0, style="melee")
    assert m.fight["bonus"] == 2


def test_a_breaking_point_ends_the_townsfolks_turn_and_the_ruffian_acts():
    t = pitchfork_fight()
    t.f["hp"] = 19
    played = t.cards_played()
    with dice(5):
        t.act(0, {"type": "attack", "g": "old-pitchfork"})
    t.settle()
    hit = next(e for e in t.events if e["t"] == "dmg")
    assert hit["n"] == 2 and hit["hp"] == 17
    assert t.cards_played() == played + 1  # a bonus action at once
    assert t.stage["kind"] == "turn" and t.stage["seat"] == 1  # Henlo's turn is over; the order goes on


def test_no_breaking_point_between_thresholds():
    t = pitchfork_fight()
    t.f["hp"] = 21
    played = t.cards_played()
    with dice(5):
        t.act(0, {"type": "attack", "g": "old-pitchfork"})
    assert t.f["hp"] == 19 and t.cards_played() == played
    assert t.stage["kind"] == "turn" and t.stage["seat"] == 0
