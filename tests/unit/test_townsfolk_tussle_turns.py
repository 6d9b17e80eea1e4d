"""A townsfolk's turn in a fight and the setting up of a fight, from the rulebook's words.

- "Each weapon can only attack once per turn, unless otherwise stated" (a Sickle: "can attack twice").
- Gear abilities are activated "by paying the associated cost (usually MOX…)"; a 0 MOX ability costs
  nothing; a Consumable is discarded once used.
- "A townsfolk must pay the MOX or Coin cost shown on the terrain card in order to interact with it."
- "Townsfolk choose their starting position in Beatin' Order. Available positions are marked with a (T)."
- "Mark the Ruffian's starting health (HP)… [it varies] with the number of controlled townsfolk";
  the level under its token on the Town Map gives its ability for the fight (a Scrapper adds 1 HP
  per townsfolk, a Brute 2, an Outlaw and a Final Fight 3).
- The content notes' `attack` step: an extra attack right now with this weapon (or any), following
  every attack rule; `free` skips its MOX cost; `acc`/`dmg` add to the roll and the DMG; it does not
  use up the weapon's attack for the turn.
"""

from __future__ import annotations

import pytest

from tabletown.engine.rules import IllegalAction
from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.board import dist_to_foot
from tabletown.games.townsfolk_tussle.match import Match
from tabletown.games.townsfolk_tussle.play import Ctx
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.unit.test_townsfolk_support import Table, dice


def pitchfork_fight() -> Table:
    """Henlo (Old Pitchfork: 2 MOX, 4+, 2 DMG, range 2; 3 MOX, ACC 0) two squares below the Ruffian."""
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    t.f["pos"], t.f["face"] = [5, 1], "s"
    t.put(0, [5, 4])
    t.put(1, [0, 11])
    t.put(2, [11, 11])
    return t


def attacks(t: Table, seat: int) -> list[str]:
    return [a["g"] for a in t.legal(seat) if a["type"] == "attack"]


# --- weapons that attack twice ------------------------------------------------------------------------------------------


def test_a_sickle_attacks_twice_a_turn_and_not_three_times():
    t = pitchfork_fight()
    t.give(0, "sickle", "left-hand")
    t.put(0, [5, 3])  # adjacent: the Sickle is a melee weapon
    t.folk(0)["counters"] = {}
    t.state["effects"] = []
    m = t.match()
    assert m.stat(0, "mox") == 3
    with dice(9):
        t.act(0, {"type": "attack", "g": "sickle"})
    assert "sickle" in attacks(t, 0)  # once: it may go again
    with dice(9):
        t.act(0, {"type": "attack", "g": "sickle"})
    assert "sickle" not in attacks(t, 0)  # twice: done for this turn (1 MOX is still left)
    assert t.match().mox_left(0) == 1
    with pytest.raises(IllegalAction):
        t.act(0, {"type": "attack", "g": "sickle"})


def test_a_weapon_without_the_words_attacks_once():
    t = pitchfork_fight()
    t.folk(0)["hp"] = t.match().max_hp(0)
    t.f["turn"]["mx"] = -3  # plenty of MOX for a second swing
    with dice(2):
        t.act(0, {"type": "attack", "g": "old-pitchfork"})
    assert "old-pitchfork" not in attacks(t, 0)


# --- gear abilities ------------------------------------------------------------------------------------------------------


def test_a_zero_mox_consumable_is_offered_works_and_is_discarded():
    t = pitchfork_fight()
    t.give(0, "firecracker", "accessory")
    key = "g:firecracker:0"
    assert {"type": "use", "k": key, "chosen": None} in t.legal(0)
    hp = t.f["hp"]
    mox = t.match().mox_left(0)
    t.act(0, {"type": "use", "k": key, "chosen": None})
    assert t.f["hp"] == hp - 2  # the Ruffian is 2 squares away: within 3
    assert t.match().mox_left(0) == mox  # 0 MOX
    assert "firecracker" not in t.match().owns(0)  # consumed


def test_an_ability_that_costs_mox_is_not_offered_without_it():
    t = pitchfork_fight()
    t.give(0, "voodoo-doll", "accessory")  # 1 MOX, take 1 DMG: the Ruffian takes 1 DMG
    key = "g:voodoo-doll:0"
    t.f["turn"]["mx"] = 2  # 1 MOX left
    assert {"type": "use", "k": key, "chosen": None} in t.legal(0)
    hp, rhp = t.folk(0)["hp"], t.f["hp"]
    t.act(0, {"type": "use", "k": key, "chosen": None})
    assert t.folk(0)["hp"] == hp - 1 and t.f["hp"] == rhp - 1 and t.match().mox_left(0) == 0
    t.state["uses"]["turn"] = {}
    assert {"type": "use", "k": key, "chosen": None} not in t.legal(0)  # no MOX left
    with pytest.raises(IllegalAction):
        t.act(0, {"type": "use", "k": key, "chosen": None})


def test_using_the_second_of_two_abilities_uses_that_one():
    t = pitchfork_fight()
    t.give(0, "firecracker", "accessory")
    t.put(1, [4, 4])  # next to Henlo: her Bulwark (1 MOX) could be used on Melba too
    hp = t.f["hp"]
    t.act(0, {"type": "use", "k": "g:firecracker:0", "chosen": None})
    assert t.f["hp"] == hp - 2 and t.match().mox_left(0) == 3


# --- terrain --------------------------------------------------------------------------------------------------------------


def farm_fight() -> tuple[Table, int]:
    t = Table(("henlo", "melba", "quintus"))
    t.fight("strawman")  # the Rickety Farm's door is at (9, 3)
    t.f["pos"] = [4, 6]
    t.put(1, [0, 11])
    t.put(2, [1, 11])
    t.put(0, [9, 3])
    farm = next(i for i, p in enumerate(t.f["terrain"]) if p["t"] == "rickety-farm")
    return t, farm


def test_knocking_at_the_farm_costs_one_mox():
    t, farm = farm_fight()
    mox = t.match().mox_left(0)
    with dice(2):
        t.act(0, {"type": "interact", "p": farm})
    assert t.match().mox_left(0) == mox - 1


@pytest.mark.parametrize("left, offered", [(0, False), (1, True), (2, True)])
def test_terrain_needs_its_mox_cost_left(left, offered):
    t, farm = farm_fight()
    t.f["turn"]["mx"] = t.match().stat(0, "mox") - left
    assert ({"type": "interact", "p": farm} in t.legal(0)) is offered


# --- setting up a fight ------------------------------------------------------------------------------------------------------


def test_a_t_square_taken_by_a_townsfolk_is_not_offered_to_the_next():
    t = Table(("henlo", "melba", "quintus"))
    t.to_fight("qing-kween")
    squares = [list(s) for s in C.RUFFIANS["qing-kween"]["landscape"]["t"]]
    first = t.stage["seat"]
    assert sorted(a["at"] for a in t.legal(first)) == sorted(squares)
    t.act(first, {"type": "start", "at": squares[1]})
    second = t.stage["seat"]
    assert second != first
    assert sorted(a["at"] for a in t.legal(second)) == sorted(squares[:1] + squares[2:])
    with pytest.raises(IllegalAction):
        t.act(second, {"type": "start", "at": squares[1]})
    with pytest.raises(IllegalAction):
        t.act(second, {"type": "move", "to": squares[2], "at": squares[2]})


def test_townsfolk_take_their_squares_in_beatin_order():
    t = Table(("henlo", "melba", "quintus"))
    t.state["bar"] = [2, 0, 1]
    t.to_fight("qing-kween")
    order = []
    squares = C.RUFFIANS["qing-kween"]["landscape"]["t"]
    for k in range(3):
        order.append(t.stage["seat"])
        t.act(t.stage["seat"], {"type": "start", "at": list(squares[k])})
    assert order == [2, 0, 1]


@pytest.mark.parametrize("side, folk, extra", [
    ("standard", ("henlo", "melba", "quintus"), 0),        # Chump: no more HP
    ("rough", ("henlo", "melba", "quintus"), 24),          # Scrapper: +8 a townsfolk
    ("rough", ("henlo", "melba"), 16),
    ("rough", ("henlo", "melba", "quintus", "yancy"), 32),
])
def test_the_ruffians_hp_is_its_cards_for_the_team_plus_its_levels(side, folk, extra):
    t = Table(folk, options={"town_map": side})
    rid = t.state["map_hidden"][0]
    t.skip_town()
    assert t.f["rid"] == rid
    base = C.RUFFIANS[rid]["hp"][str(len(folk))]
    assert t.f["hp"] == t.f["max"] == base + extra


def test_a_brute_adds_ten_hp_a_townsfolk():
    t = Table(("henlo", "melba", "quintus"), options={"town_map": "rough"})
    t.state["round"] = 1  # the second space of the rough side: Brute
    rid = t.state["map_hidden"][0]
    t.skip_town()
    assert t.f["level"] == "brute"
    assert t.f["hp"] == C.RUFFIANS[rid]["hp"]["3"] + 30


def test_the_fight_begins_with_the_ruffians_turn():
    t = Table(("henlo", "melba", "quintus"))
    t.to_fight("qing-kween")
    squares = C.RUFFIANS["qing-kween"]["landscape"]["t"]
    for k in range(3):
        t.act(t.stage["seat"], {"type": "start", "at": list(squares[k])})
    t.settle()
    assert t.cards_played() == 1
    assert t.stage["kind"] == "turn" and t.stage["seat"] == t.state["bar"][0]


# --- where a townsfolk can attack from -------------------------------------------------------------------------------------


def test_the_squares_shown_for_attacking_are_those_in_range_with_sight():
    t = pitchfork_fight()
    view = RULES.view(t.state, 0)
    shown = {tuple(sq) for sq in view["derived"]["turn"]["range"]}
    m = t.match()
    g = m.grid()
    expected = set()
    for sq in g.squares():
        if sq in g.obstacles or sq in m.cells_of("R"):
            continue
        d = dist_to_foot(sq, t.f["pos"])
        if d <= 2 and (d < 2 or g.sight([sq], m.cells_of("R"))):
            expected.add(sq)
    assert shown == expected
    assert (5, 3) in shown and (5, 4) in shown and (5, 5) not in shown
    t.folk(0)["eq"]["left-hand"] = t.folk(0)["eq"]["right-hand"] = None  # no weapon: nowhere
    t.match().invalidate()
    assert RULES.view(t.state, 0)["derived"]["turn"]["range"] == []


# --- the `attack` step: an extra attack -----------------------------------------------------------------------------------


def extra_attack(t: Table, step: dict, inst: str = "old-pitchfork") -> Match:
    m = Match(t.state, [])
    m.step(dict({"do": "attack"}, **step), Ctx("gear", 0, this=inst, row=inst))
    return m


def test_an_extra_attack_rolls_pays_and_deals_the_weapons_dmg():
    t = pitchfork_fight()
    hp = t.f["hp"]
    with dice(5):
        extra_attack(t, {"with": "this"})
    assert t.f["hp"] == hp - 2
    assert t.match().mox_left(0) == 1  # its 2 MOX paid
    t.f["turn"]["mx"] = 0
    assert "old-pitchfork" in attacks(t, 0)  # the weapon's own attack this turn is still there


def test_a_free_extra_attack_costs_no_mox_and_a_miss_deals_nothing():
    t = pitchfork_fight()
    hp = t.f["hp"]
    with dice(3):  # 3 + ACC 0 < 4
        extra_attack(t, {"with": "this", "free": True})
    assert t.f["hp"] == hp and t.match().mox_left(0) == 3


def test_an_extra_attack_adds_its_acc_and_dmg():
    t = pitchfork_fight()
    hp = t.f["hp"]
    with dice(3):  # 3 + 1 reaches 4
        extra_attack(t, {"with": "this", "free": True, "acc": 1, "dmg": 2})
    assert t.f["hp"] == hp - 4


def test_an_extra_attack_follows_the_attack_rules():
    t = pitchfork_fight()
    t.put(0, [5, 6])  # 4 squares off: out of the pitchfork's range
    hp = t.f["hp"]
    with dice(9):
        extra_attack(t, {"with": "this", "free": True})
    assert t.f["hp"] == hp
    t.put(0, [5, 4])
    t.f["turn"]["mx"] = 2  # 1 MOX left: the pitchfork costs 2
    with dice(9):
        extra_attack(t, {"with": "this"})
    assert t.f["hp"] == hp


def test_an_extra_attack_with_any_weapon_asks_which_when_there_are_two():
    t = pitchfork_fight()
    t.folk(0)["eq"]["left-hand"] = t.folk(0)["eq"]["right-hand"] = None
    t.give(0, "sickle", "left-hand")
    t.give(0, "floppy-scimitar", "right-hand")
    t.put(0, [5, 3])
    m = Match(t.state, [7])  # the first question's answer is not a weapon: refused
    with pytest.raises(IllegalAction):
        with dice(9):
            m.step({"do": "attack", "with": "any", "free": True}, Ctx("gear", 0, this=None))
    hp = t.f["hp"]
    m = Match(t.state, ["floppy-scimitar"])
    with dice(9):
        m.step({"do": "attack", "with": "any", "free": True}, Ctx("gear", 0, this=None))
    assert t.f["hp"] == hp - 2  # the scimitar's 2 DMG, not the sickle's 1


def test_no_extra_attack_for_a_townsfolk_off_the_board():
    t = pitchfork_fight()
    hp = t.f["hp"]
    t.folk(0)["out"] = {"until": [["game"]]}
    with dice(9):
        extra_attack(t, {"with": "this", "free": True})
    assert t.f["hp"] == hp
    t.folk(0)["out"] = None
    with dice(9):
        extra_attack(t, {"with": "this", "free": True})
    assert t.f["hp"] == hp - 2


def test_an_obstacle_between_hides_the_squares_behind_it_from_a_ranged_reach():
    t = pitchfork_fight()
    t.f["terrain"] = [{"t": "wooden-fence", "piece": "main", "cells": [[5, 3], [6, 3]], "door": None,
                       "type": "obstacle", "gone": False, "exh": False, "ff": None}]
    t.put(0, [4, 4])
    m = Match(t.state, [])
    m.terrain_changed()
    shown = {tuple(sq) for sq in RULES.view(t.state, 0)["derived"]["turn"]["range"]}
    assert (5, 4) not in shown and (6, 4) not in shown  # two squares off, straight behind the fence
    assert (4, 2) in shown and (4, 3) in shown and (7, 2) in shown  # beside it: in the open
    t.put(0, [5, 4])
    assert "old-pitchfork" not in attacks(t, 0)


@pytest.mark.parametrize("spent, allowed", [(0, True), (1, True), (2, False)])
def test_changing_gear_needs_two_mox_left_and_more_is_fine(spent, allowed):
    t = pitchfork_fight()  # Henlo: 3 MOX
    t.give(0, "floppy-scimitar")
    t.f["turn"]["mx"] = spent
    action = {"type": "equip", "g": "floppy-scimitar", "slot": "left-hand"}
    assert (action in t.legal(0)) is allowed
    if allowed:
        t.act(0, action)
        assert t.folk(0)["eq"]["left-hand"] == "floppy-scimitar" and t.match().mox_left(0) == 1 - spent
    else:
        with pytest.raises(IllegalAction):
            t.act(0, action)
