"""Torches & Pitchforks: each Event and Action card does what its text says, for every player it names
and no one else, in turn order from the player who flipped or played it. Written from the card texts
in docs/content/torches-and-pitchforks.md and the rulebook's words."""

from __future__ import annotations

import pytest

from tabletown.games.torches_and_pitchforks import content as C
from tabletown.games.torches_and_pitchforks.game import RULES as R
from tests.unit.test_torches_and_pitchforks_scenario import (
    build,
    card_id,
    flip,
    names,
    pass_all,
    play,
    step,
)

PLAIN = ["Chef Kidney", "Lady Locke", "Juan, Foreign Guy", "Moody Marge", "Franz, Town Baker", "Karl, Stable Boy",
         "Hans, Town Butcher", "Heidi, Town Trollup"]
OTHERS = ["Brother Jedediah", "Buff Hardback, Wannabe Hero", "Christina, Cheer Captain", "Dexter, Boy Genius",
          "Frederick the Lesser", "Howard, Village Idiot"]


def flip_event(s: dict) -> tuple[dict, str]:
    """The active player flips (nobody else holds an any-time card to play first)."""
    return step(s, s["turn"], {"type": "flip"})


# --- Events ----------------------------------------------------------------------------------------------------

def test_arms_shipment_every_player_draws_two_then_discards_down():
    s = build(n=3, turn=1, hands={0: ["Torch", "Rake", "Pitchfork", "Shovel"], 1: [], 2: ["Sword"]},
              monster_top=["Arms Shipment"])
    s = flip(s, 1)
    assert [len(h) for h in s["hands"]] == [6, 2, 3]
    assert s["tasks"] == [{"k": "down", "seat": 0}], "only the hand over 5 is discarded down"
    s = play(s, 0, R.legal(s, 0)[0])
    assert [len(h) for h in s["hands"]] == [5, 2, 3] and not s["tasks"]


def test_dropped_match_every_player_with_cards_loses_one_at_random():
    s = build(n=3, turn=0, hands={0: ["Torch", "Rake"], 1: [], 2: ["Sword"]}, monster_top=["Dropped Match"])
    s = flip(s)
    assert [len(h) for h in s["hands"]] == [1, 0, 0]
    assert "Sword" in names(s["mob_discard"]) and len(s["mob_discard"]) == 2
    assert s["phase"] == "recoup", "then the turn goes on (nothing in the Moor to hunt)"


def test_dropped_match_says_who_dropped_what_in_turn_order():
    s = build(n=3, turn=1, hands={0: ["Torch"], 1: [], 2: ["Sword"]}, monster_top=["Dropped Match"])
    s = play(s, 1, {"type": "flip"})
    lines: list[str] = []
    s = pass_all(s, lines=lines)
    assert s["hands"] == [[], [], []]
    assert "{seat2} drops Sword in the fire. {seat0} drops Torch in the fire." in lines[-1]
    assert "{seat1} drops" not in lines[-1]


def test_mass_confusion_passes_every_hand_to_the_player_on_the_left():
    # Play proceeds clockwise to the player on the left: seat 0's hand goes to seat 1, seat 1's to seat 2, ...
    s = build(n=3, turn=0, hands={0: ["Torch"], 1: ["Sword", "Rake"], 2: []}, monster_top=["Mass Confusion"],
              moor=[])
    s = flip(s)
    assert [names(h) for h in s["hands"]] == [[], ["Torch"], ["Rake", "Sword"]]


def test_plague_every_player_with_a_living_townsfolk_loses_one_in_turn_order():
    dead_mob = [(n, [], True) for n in OTHERS]
    s = build(n=3, turn=1, mobs={0: [(PLAIN[6], [], False)] + [(n, [], True) for n in PLAIN[:5]], 2: dead_mob},
              hands={0: [], 1: [], 2: []}, monster_top=["Plague"])
    s, line = flip_event(s)
    # Seat 1 (who flipped) chooses first; seat 2 has no one living; seat 0 has only one: that one dies.
    assert [t["seat"] for t in s["tasks"]] == [1, 0]
    assert R.active(s) == [1]
    s, line = step(s, 1, {"type": "kill", "tf": 2})
    assert "{seat1}'s " in line and "dies of the Plague." in line
    assert "{seat0}'s Hans, Town Butcher dies of the Plague." in line
    assert all(t["dead"] for t in s["mobs"][0])
    assert line.endswith("is back on their feet."), "then seat 1's Recoup brings its victim back"


def test_risen_from_the_dead_with_an_empty_moor_raises_nothing():
    s = build(n=2, turn=0, hands={0: [], 1: []}, monster_top=["Risen from the Dead"], moor=[])
    s, line = flip_event(s)
    assert "The Moor is empty: nothing rises." in line
    assert s["combat"] is None and s["phase"] == "recoup", "nothing fought, nothing in the Moor to hunt"


def test_a_monster_risen_in_the_attack_is_fought_so_there_is_no_hunt():
    # "If you Fight a Monster during your Attack! phase, you may not go Hunting": a risen Monster is one.
    mob = [("Chef Kidney", ["Sword"])] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: [], 1: []}, monster_top=["Risen from the Dead"],
              moor=["Giant Rat"])
    s, line = flip_event(s)
    assert "The Giant Rat is slain" in line
    assert s["phase"] == "recoup"


def test_scrap_that_flips_the_next_card_as_usual():
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: []}, monster_top=["Scrap That", "Werewolf"])
    s, line = flip_event(s)
    assert "flips the Werewolf (Power 7, Kill 2)." in line
    assert s["combat"]["stage"] == "decide" and {"type": "flee"} in R.legal(s, 0)
    assert names(s["monster_discard"]) == ["Scrap That"]
    assert s["phase"] == "attack", "the Werewolf attacks in the Attack! phase"


@pytest.mark.parametrize("plain,won", [(PLAIN[:6], False), ([("Chef Kidney", ["Rake"])] + PLAIN[1:6], False),
                                       ([("Chef Kidney", ["Stout Cudgel"])] + PLAIN[1:6], False),
                                       ([("Chef Kidney", ["Sword"])] + PLAIN[1:6], True)])
def test_the_plot_thickens_gives_the_next_monster_two_more_power(plain, won):
    # The Zombie's Power 6 becomes 8: Strength 6, 7 and 8 lose, 9 wins.
    s = build(n=2, turn=0, mobs={0: plain}, hands={0: ["Torch"], 1: []}, monster_top=["The Plot Thickens", "Zombie"])
    s, line = flip_event(s)
    assert "flips the Zombie (Power 6 +2, Kill 2)." in line
    s = play(s, 0, {"type": "fight"})
    lines: list[str] = []
    s = pass_all(s, lines=lines)
    assert (s["scores"][0] != []) is won
    assert "Power 8)" in lines[-1]


def test_the_plot_thickens_then_an_event_just_happens():
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: []}, monster_top=["The Plot Thickens", "Dropped Match"])
    s, line = flip_event(s)
    assert "drops Torch in the fire" in line and s["combat"] is None


def test_stolen_plans_takes_one_random_card_from_each_other_player_who_has_one():
    s = build(n=4, turn=1, hands={0: ["Torch", "Rake"], 1: ["Sword"], 2: [], 3: ["Pistol"]},
              monster_top=["Stolen Plans"])
    s = flip(s, 1)
    assert [len(h) for h in s["hands"]] == [1, 3, 0, 0]
    assert "Pistol" in names(s["hands"][1]) and "Sword" in names(s["hands"][1])


def test_stolen_plans_then_discards_down_to_the_hand_limit():
    s = build(n=3, turn=0, hands={0: ["Torch", "Rake", "Pitchfork", "Shovel"], 1: ["Sword"], 2: ["Pistol"]},
              monster_top=["Stolen Plans"])
    s = flip(s)
    assert len(s["hands"][0]) == 6 and s["tasks"] == [{"k": "down", "seat": 0}]


def test_swords_into_plowshares_a_leader_is_not_a_weapon_but_a_lathe_is():
    mob0 = [("Chef Kidney", ["Hero!"]), ("Lady Locke", ["Rudimentary Lathe"])] + PLAIN[2:6]
    mob1 = [("Hans, Town Butcher", ["Sheriff"])] + OTHERS[1:6]
    s = build(n=2, turn=0, mobs={0: mob0, 1: mob1}, hands={1: []},
              monster_top=["Swords into Plowshares"])
    s, line = flip_event(s)
    assert "{seat0} loses Rudimentary Lathe." in line and "{seat1} loses" not in line
    assert names(s["mobs"][0][0]["enh"]) == ["Hero!"] and names(s["mobs"][1][0]["enh"]) == ["Sheriff"]


@pytest.mark.parametrize("weapons,lost", [
    (["Sword", "Pistol"], "Sword"), (["Pistol", "Sword"], "Sword"), (["Pitchfork", "Stout Cudgel"], "Stout Cudgel"),
    (["Old Cannon", "Sword"], "Old Cannon"),
])
def test_swords_into_plowshares_takes_the_strongest_wherever_it_is(weapons, lost):
    mob = [(PLAIN[i], [w]) for i, w in enumerate(weapons)] + PLAIN[len(weapons):6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: []}, monster_top=["Swords into Plowshares"])
    s, line = flip_event(s)
    assert f"{{seat0}} loses {lost}." in line


@pytest.mark.parametrize("weapons,lost", [
    (["Stout Cudgel", "Rake"], "Rake"), (["Rake", "Stout Cudgel"], "Rake"), (["Sword", "Boar Spear"], "Boar Spear"),
    (["Pistol", "Torch"], "Torch"),
])
def test_termites_eat_the_weakest_wooden_weapon_wherever_it_is(weapons, lost):
    mob = [(PLAIN[i], [w]) for i, w in enumerate(weapons)] + PLAIN[len(weapons):6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: []}, monster_top=["Termite Infestation"])
    s, line = flip_event(s)
    assert f"{{seat0}} loses {lost}." in line


def test_termites_find_nothing_to_eat_in_a_mob_of_metal_and_leaders():
    mob = [("Chef Kidney", ["Sword", "Sheriff"]), ("Lady Locke", ["Pistol"])] + PLAIN[2:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: []}, monster_top=["Termite Infestation"])
    s, line = flip_event(s)
    assert "loses" not in line
    assert names(s["mobs"][0][0]["enh"]) == ["Sword", "Sheriff"]


def test_termites_and_plowshares_strike_every_mob_in_turn_order():
    mob = [("Chef Kidney", ["Pitchfork"])] + PLAIN[1:6]
    mob2 = [("Hans, Town Butcher", ["Rake"])] + OTHERS[1:6]
    s = build(n=3, turn=1, mobs={0: mob, 2: mob2}, hands={0: [], 1: [], 2: []}, monster_top=["Termite Infestation"])
    s, line = flip_event(s)
    assert "{seat2} loses Rake. {seat0} loses Pitchfork." in line


def test_vanished_into_the_mists_with_an_empty_moor_changes_nothing():
    s = build(n=2, turn=0, hands={1: []}, monster_top=["Vanished Into the Mists"], moor=[])
    deck = list(s["monster_deck"])
    s, _ = flip_event(s)
    assert s["monster_deck"] == deck[:-1] and s["moor"] == []


# --- Action cards played at any time -----------------------------------------------------------------------------

@pytest.mark.parametrize("mine,lost_by_me", [(["Bungling Spy"], 0), (["Bungling Spy", "Torch"], 1)])
def test_bungling_spy_the_target_and_the_spy_each_discard_one(mine, lost_by_me):
    s = build(n=2, turn=0, hands={0: mine, 1: ["Sword", "Rake"]}, phase="recoup")
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Bungling Spy")})
    s = pass_all(s)
    assert len(s["hands"][1]) == 1
    assert len(s["hands"][0]) == len(mine) - 1 - lost_by_me
    assert len(s["mob_discard"]) == 2 + lost_by_me


def test_bungling_spy_needs_a_target_holding_a_card():
    s = build(n=2, turn=0, hands={0: ["Bungling Spy", "Torch"], 1: []}, phase="recoup")
    assert {"type": "play", "card": card_id(s, 0, "Bungling Spy")} not in R.legal(s, 0)


@pytest.mark.parametrize("deck", [3, 4])
def test_early_harvest_draws_three(deck):
    s = build(n=2, turn=0, hands={0: ["Early Harvest"], 1: []}, phase="recoup")
    s["mob_deck"] = s["mob_deck"][-deck:]
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Early Harvest")})
    assert len(s["hands"][0]) == 3 and len(s["mob_deck"]) == deck - 3
    assert line.endswith("{seat0} draws 3 cards.")


def test_early_harvest_reshuffles_the_discard_pile_when_the_deck_runs_out():
    s = build(n=2, turn=0, hands={0: ["Early Harvest"], 1: []}, phase="recoup", discard=["Torch", "Rake"])
    s["mob_deck"] = s["mob_deck"][-1:]
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Early Harvest")})
    assert len(s["hands"][0]) == 3
    assert "The Mob discard pile is shuffled into a new Mob deck." in line
    assert names(s["mob_discard"]) == ["Early Harvest"] and s["mob_deck"] == []


def test_rudimentary_lathe_becomes_a_weapon_and_fills_the_slot():
    mob = [("Chef Kidney", ["Torch"])] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Rudimentary Lathe", "Rudimentary Lathe"], 1: []},
              phase="recoup")
    s = play(s, 0, {"type": "play", "card": card_id(s, 0, "Rudimentary Lathe")})
    assert s["select"] is not None
    choices = R.legal(s, 0)
    assert {"type": "target", "seat": 0, "tf": 0} not in choices, "Chef Kidney already holds a Weapon"
    assert len(choices) == 5
    s, line = step(s, 0, {"type": "target", "seat": 0, "tf": 1})
    assert line.endswith("Lady Locke takes up Rudimentary Lathe.")
    assert names(s["mobs"][0][1]["enh"]) == ["Rudimentary Lathe"]
    assert "Rudimentary Lathe" not in names(s["mob_discard"]), "the Lathe stays in play"
    assert R.view(s, 0)["derived"]["strength"][0] == 8


# --- Action cards played in a fight --------------------------------------------------------------------------------

def _in_fight(cards: list[str], monster="Raging Dinosaur", mob=None, hunt=False, other: list[str] | None = None):
    hands = {0: cards, 1: other or []}
    if hunt:
        s = build(n=2, turn=0, mobs={0: mob} if mob else None, hands=hands, phase="hunt", moor=[monster])
        return play(s, 0, {"type": "hunt"})
    s = build(n=2, turn=0, mobs={0: mob} if mob else None, hands=hands, monster_top=[monster])
    s = flip(s)
    return play(s, 0, {"type": "fight"})


def test_sugar_rush_crashes_after_the_fight_one_card_per_rush():
    s = _in_fight(["Sugar Rush", "Sugar Rush", "Torch", "Rake", "Pitchfork"], "Giant Rat")
    s = play(s, 0, {"type": "play", "card": card_id(s, 0, "Sugar Rush")})
    s = play(s, 0, {"type": "play", "card": card_id(s, 0, "Sugar Rush")})
    lines: list[str] = []
    s = pass_all(s, lines=lines)
    assert len(s["hands"][0]) == 1
    assert lines[-1].count("Sugar crash: {seat0} discards") == 2


def test_sugar_rush_with_an_empty_hand_after_the_fight_crashes_into_nothing():
    s = _in_fight(["Sugar Rush"], "Giant Rat")
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Sugar Rush")})
    assert "The Giant Rat is slain (Strength 9 vs Power 4)" in line and "Sugar crash" not in line
    assert s["phase"] == "recoup"


def test_escape_plan_in_a_hunt_ends_the_hunting():
    s = _in_fight(["Escape Plan", "Torch"], "Raging Dinosaur", hunt=True)
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Escape Plan")})
    assert "{seat0}'s Mob slips away from the Raging Dinosaur." in line
    assert s["phase"] == "recoup" and "Raging Dinosaur" in names(s["moor"])


def test_holy_ground_in_a_hunt_ends_the_hunting():
    s = _in_fight(["Holy Ground", "Torch"], "Zombie", hunt=True)
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Holy Ground")})
    assert "The Zombie cannot set foot on Holy Ground." in line and s["phase"] == "recoup"


def test_a_combat_card_tells_the_new_sum_and_the_fight_goes_on():
    s = _in_fight(["Charge", "Torch"], other=["Rake"])
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Charge")})
    s, line = step(s, 1, {"type": "pass"})
    assert line.endswith("Now Strength 8 vs Power 10.")
    assert R.active(s) == [1] and s["combat"]["stage"] == "fight", "the window goes round again"


@pytest.mark.parametrize("card,line_end", [
    ("Town on Guard", "Now Strength 6 vs Power 10."), ("Sugar Rush", "Now Strength 9 vs Power 10."),
    ("Harpoon Squad", "Now Strength 9 vs Power 10."), ("Energizer", "Now Strength 7 vs Power 10."),
    ("Inspiring Leadership", "Now Strength 7 vs Power 10."), ("Night of the Walking Dead", "Now Strength 6 vs Power 11."),
    ("Holy Ground", "Now Strength 8 vs Power 10."), ("Torrential Downpour", "Now Strength 6 vs Power 10."),
])
def test_every_combat_card_that_leaves_the_fight_on_tells_the_sum(card, line_end):
    s = _in_fight([card, "Torch"], other=["Rake"])
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, card)})
    s, line = step(s, 1, {"type": "pass"})
    assert line.endswith(line_end)
    assert s["combat"]["stage"] == "fight"


@pytest.mark.parametrize("monster,melts", [("Evil Witch", True), ("Wicked Witch of the South-Southeast", True),
                                           ("Vampire", False)])
def test_torrential_downpour_melts_witches_and_scores_them(monster, melts):
    s = _in_fight(["Torrential Downpour", "Torch"], monster, hunt=True)
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Torrential Downpour")})
    assert ("melts in the rain!" in line) is melts
    assert (names(s["scores"][0]) == [monster]) is melts
    if melts:
        assert "Now Strength" not in line, "a melted Witch leaves no sum to tell"


def test_knocking_out_a_townsfolk_uses_the_chosen_one():
    mob1 = [("Karl, Stable Boy", ["Sword"]), ("Chef Kidney", ["Torch"])] + PLAIN[1:5]
    s = build(n=2, turn=0, hands={0: ["Bump on the Head", "Torch"], 1: []}, mobs={1: mob1}, phase="recoup")
    s = play(s, 0, {"type": "play", "card": card_id(s, 0, "Bump on the Head")})
    s, line = step(s, 0, {"type": "target", "seat": 1, "tf": 1})
    assert line.endswith("{seat1}'s Chef Kidney is knocked out.")
    assert [t["dead"] for t in s["mobs"][1]] == [False, True, False, False, False, False]
    assert names(s["mobs"][1][0]["enh"]) == ["Sword"] and "Torch" in names(s["mob_discard"])


def test_bump_on_the_head_offers_only_living_townsfolk():
    mob1 = [("Karl, Stable Boy", [], True)] + PLAIN[1:5] + ["Hans, Town Butcher"]
    s = build(n=2, turn=0, hands={0: ["Bump on the Head", "Torch"], 1: []}, mobs={1: mob1}, phase="recoup")
    s = play(s, 0, {"type": "play", "card": card_id(s, 0, "Bump on the Head")})
    targets = R.legal(s, 0)
    assert {"type": "target", "seat": 1, "tf": 0} not in targets
    assert len(targets) == 6 + 5
    assert targets[0]["seat"] == 0, "your own Mob first, then the others in turn order"



@pytest.mark.parametrize("discard,drawn", [([], 0), (["Torch"], 1), (["Torch", "Rake"], 2)])
def test_early_harvest_is_discarded_after_drawing_so_it_never_draws_itself(discard, drawn):
    # "Do what it says, and then place the card in the discard pile": with the Mob deck empty, only the
    # cards already discarded are reshuffled into a new deck, never the Early Harvest being played.
    s = build(n=2, turn=0, hands={0: ["Early Harvest"], 1: []}, phase="recoup", discard=discard)
    s["mob_deck"] = []
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Early Harvest")})
    assert sorted(names(s["hands"][0])) == sorted(discard)
    assert names(s["mob_discard"]) == ["Early Harvest"] and s["mob_deck"] == []
    assert line.endswith(f"{{seat0}} draws {drawn} card{'' if drawn == 1 else 's'}.")


def test_a_game_begun_before_rules_version_four_replays_the_old_early_harvest():
    # Saves and links keep their rules version: under version 3 the card went to the discard pile
    # before its draw, so with both piles empty it was reshuffled and drawn back.
    s = build(n=2, turn=0, hands={0: ["Early Harvest"], 1: []}, phase="recoup", discard=[])
    s["v"] = 3
    s["mob_deck"] = []
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Early Harvest")})
    assert names(s["hands"][0]) == ["Early Harvest"] and s["mob_discard"] == []
    assert line.endswith("{seat0} draws 1 card.")


def test_termites_find_a_wooden_weapon_held_beside_a_metal_one():
    # Gus may hold two Weapons: his Sword is no food for termites, his Torch is.
    mob = [("Gus, Town Guard", ["Sword", "Torch"])] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: []}, monster_top=["Termite Infestation"])
    s, line = flip_event(s)
    assert "{seat0} loses Torch." in line and names(s["mobs"][0][0]["enh"]) == ["Sword"]


def test_plowshares_find_the_weapon_of_a_townsfolk_who_also_leads():
    mob = [("Chef Kidney", ["Sheriff", "Pitchfork"])] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: []}, monster_top=["Swords into Plowshares"])
    s, line = flip_event(s)
    assert "{seat0} loses Pitchfork." in line and names(s["mobs"][0][0]["enh"]) == ["Sheriff"]


def test_arms_shipment_is_told_once_not_as_a_draw_per_player():
    s = build(n=3, turn=0, hands={0: [], 1: [], 2: []}, monster_top=["Arms Shipment"], moor=[])
    s, line = flip_event(s)
    assert line.startswith("{seat0} flips the Event Arms Shipment: Every player draws 2 Mob cards")
    assert "draws 2 cards" not in line
    assert [len(h) for h in s["hands"]] == [2, 2, 2]


def test_vanished_into_the_mists_shuffles_the_moor_in_but_not_the_discard_pile():
    s = build(n=2, turn=0, hands={1: []}, monster_top=["Vanished Into the Mists"], moor=["Giant Rat", "Zombie"])
    s["monster_discard"] = [C.ids_named("Plague")[0]]
    s["monster_deck"] = [c for c in s["monster_deck"] if c not in s["monster_discard"]]
    before = len(s["monster_deck"])
    s, line = flip_event(s)
    assert "shuffled into a new Monster deck" not in line
    assert len(s["monster_deck"]) == before - 1 + 2 and s["moor"] == []
    assert names(s["monster_discard"]) == ["Plague", "Vanished Into the Mists"]
