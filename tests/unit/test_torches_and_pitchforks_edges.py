"""Torches & Pitchforks at the edges of the card texts and the turn: a card with nothing left to
act on, a hand already full, a Mob at exactly six, nobody dead to bring back. Written from the
rulebook's words and the card texts in docs/content/torches-and-pitchforks.md."""

from __future__ import annotations

import pytest

from tabletown.games.torches_and_pitchforks import content as C
from tabletown.games.torches_and_pitchforks.game import RULES as R
from tests.unit.test_torches_and_pitchforks_scenario import (
    build,
    card_id,
    end_turn,
    flip,
    names,
    pass_all,
    play,
    play_card,
    step,
)

PLAIN = ["Chef Kidney", "Lady Locke", "Juan, Foreign Guy", "Moody Marge", "Franz, Town Baker", "Karl, Stable Boy",
         "Hans, Town Butcher", "Heidi, Town Trollup"]


def offered(s: dict, seat: int, name: str) -> bool:
    """Is a copy of `name` in `seat`'s hand offered to be played now?"""
    return any(a == {"type": "play", "card": card_id(s, seat, name)} for a in R.legal(s, seat))


def run(s: dict, seat: int, action: dict, lines: list[str]) -> dict:
    s, line = step(s, seat, action)
    lines.append(line)
    return s


# --- Sticky Fingers: "Take a random card from another player's hand." -------------------------------------------

@pytest.mark.parametrize("held,playable", [(0, False), (1, True), (2, True)])
def test_sticky_fingers_needs_another_player_holding_a_card(held, playable):
    s = build(n=2, turn=0, hands={0: ["Sticky Fingers", "Torch"], 1: ["Rake", "Pitchfork"][:held]}, phase="recoup")
    assert offered(s, 0, "Sticky Fingers") is playable


def test_sticky_fingers_never_takes_from_its_own_player():
    # Three players, only the thief and one other hold cards: the only target is that other player.
    s = build(n=3, turn=0, hands={0: ["Sticky Fingers", "Torch"], 1: [], 2: ["Sword"]}, phase="recoup")
    s = play_card(s, 0, "Sticky Fingers")
    assert s["select"] is None, "one possible target: no choice to make"
    s = pass_all(s)
    assert sorted(names(s["hands"][0])) == ["Sword", "Torch"] and s["hands"][2] == []


def test_sticky_fingers_on_a_hand_emptied_by_its_own_cancel_takes_nothing():
    # Seat 1's last card is Meddling Kids, spent to Cancel the Sticky Fingers; Only a Dream cancels the Kids,
    # so the Sticky Fingers goes ahead, but seat 1's hand is empty by then: there is nothing to take.
    s = build(n=2, turn=0, hands={0: ["Sticky Fingers", "Only a Dream"], 1: ["Meddling Kids"]}, phase="recoup")
    lines: list[str] = []
    s = run(s, 0, {"type": "play", "card": card_id(s, 0, "Sticky Fingers")}, lines)
    s = run(s, 1, {"type": "play", "card": card_id(s, 1, "Meddling Kids")}, lines)
    s = run(s, 0, {"type": "play", "card": card_id(s, 0, "Only a Dream")}, lines)
    s = pass_all(s, lines=lines)
    assert s["hands"] == [[], []]
    assert "{seat1}'s Meddling Kids is Canceled." in lines[-1]
    assert "takes a random card" not in " ".join(lines)
    assert sorted(names(s["mob_discard"])) == ["Meddling Kids", "Only a Dream", "Sticky Fingers"]


# --- Gunpowder Shortage -----------------------------------------------------------------------------------------

def test_gunpowder_shortage_tells_the_new_sum_without_the_guns():
    # Six plain Townsfolk, one with a Pistol (+2): Strength 8 against the Werewolf (Power 7).
    mob = [("Chef Kidney", ["Pistol"])] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Torch"], 1: ["Gunpowder Shortage"]}, monster_top=["Werewolf"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play(s, 0, {"type": "pass"})
    s, line = step(s, 1, {"type": "play", "card": card_id(s, 1, "Gunpowder Shortage")})
    s, line = step(s, 0, {"type": "pass"})  # seat 0 lets it stand
    assert line.endswith("Now Strength 6 vs Power 7.")
    assert s["combat"] is not None and s["combat"]["stage"] == "fight", "the fight goes on: the window asks again"
    lines: list[str] = []
    s = pass_all(s, lines=lines)
    assert "The Werewolf beats {seat0}'s Mob (Strength 6 vs Power 7)" in lines[-1]


def test_gunpowder_shortage_leaves_torches_and_blades_alone():
    mob = [("Chef Kidney", ["Torch"]), ("Lady Locke", ["Sword"])] + PLAIN[2:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Gunpowder Shortage"], 1: []}, monster_top=["Raging Dinosaur"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Gunpowder Shortage")})
    assert "Now Strength 10 vs Power 10." in line, "6 Townsfolk + Torch 1 + Sword 3"


# --- bringing back the dead -------------------------------------------------------------------------------------

def test_recoup_with_nobody_dead_brings_nobody_back():
    s = build(n=2, turn=0, hands={1: []}, phase="hunt", moor=["Giant Rat"])
    s, line = step(s, 0, {"type": "skip"})
    assert line == "{seat0} does not go Hunting."
    assert s["phase"] == "recoup" and not s["tasks"]


def test_recoup_brings_back_one_dead_townsfolk():
    mob = [(PLAIN[0], [], True)] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: []}, phase="hunt", moor=["Giant Rat"])
    s, line = step(s, 0, {"type": "skip"})
    assert line == "{seat0} does not go Hunting. {seat0} recoups: Chef Kidney is back on their feet."
    assert not any(t["dead"] for t in s["mobs"][0])


@pytest.mark.parametrize("card,down,back", [
    ("Stragglers", 1, 1), ("Stragglers", 2, 1), ("A Good Day's Sleep", 1, 1), ("A Good Day's Sleep", 2, 2),
    ("A Good Day's Sleep", 3, 2),
])
def test_revival_cards_bring_back_up_to_their_number(card, down, back):
    mob = [(PLAIN[i], [], i < down) for i in range(6)]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: [card], 1: []}, phase="discard")
    s = play_card(s, 0, card)
    s = pass_all(s)
    if back < down:
        assert s["tasks"] == [{"k": "revive", "seat": 0, "n": back, "why": "card"}]
        for _ in range(back):
            s = play(s, 0, R.legal(s, 0)[0])
    assert sum(t["dead"] for t in s["mobs"][0]) == down - back
    assert not s["tasks"]


@pytest.mark.parametrize("card", ["Stragglers", "A Good Day's Sleep"])
def test_revival_cards_need_a_mob_with_someone_dead(card):
    s = build(n=2, turn=0, hands={0: [card, "Torch"], 1: []}, phase="discard")
    assert not offered(s, 0, card)
    mob = [(PLAIN[0], [], True)] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={1: mob}, hands={0: [card, "Torch"], 1: []}, phase="discard")
    assert offered(s, 0, card)
    s = play_card(s, 0, card)
    assert s["select"] is None, "only seat 1 has someone dead: no choice of target"


def test_stragglers_whose_cancel_is_canceled_brings_back_the_dead():
    # Seat 0 plays Stragglers on seat 1's Mob, seat 1 cancels it, seat 0 cancels the Cancel: it resolves as played.
    mob = [(PLAIN[0], [], True)] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={1: mob}, hands={0: ["Stragglers", "Master Spy"], 1: ["Meddling Kids"]},
              phase="discard")
    lines: list[str] = []
    s = run(s, 0, {"type": "play", "card": card_id(s, 0, "Stragglers")}, lines)
    s = run(s, 1, {"type": "play", "card": card_id(s, 1, "Meddling Kids")}, lines)
    s = run(s, 0, {"type": "play", "card": card_id(s, 0, "Master Spy")}, lines)
    s = pass_all(s, lines=lines)
    assert "Chef Kidney is back on their feet in {seat1}'s Mob." in lines[-1]
    assert not any(t["dead"] for t in s["mobs"][1])


# --- the Draw: "Draw cards from the Mob deck until you have 5 cards in your hand." -----------------------------

def _next_turn_with(hand: list[str], mob=None, version=None) -> tuple[dict, str, int]:
    """Seat 1 ends its turn; seat 0's turn begins with `hand`. Also returns how many cards were drawn."""
    s = build(n=2, turn=1, hands={0: hand, 1: []}, phase="discard", mobs={0: mob} if mob else None, version=version)
    before = len(s["mob_deck"])
    lines: list[str] = []
    s = end_turn(s, lines=lines)
    return s, lines[-1], before - len(s["mob_deck"])


@pytest.mark.parametrize("held,drawn", [(0, 5), (3, 2), (4, 1), (5, 0)])
def test_the_draw_fills_the_hand_to_five(held, drawn):
    hand = ["Torch", "Rake", "Pitchfork", "Shovel", "Sword"][:held]
    s, line, taken = _next_turn_with(hand)
    assert len(s["hands"][0]) == 5
    assert ("{seat0} draws" in line) is (drawn > 0)
    if drawn:
        assert line.endswith(f"{{seat0}} draws {drawn} card{'s' if drawn > 1 else ''}.")
    assert s["turn"] == 0 and s["phase"] == "attack"
    assert taken == drawn


def test_a_full_hand_of_six_is_kept_and_nothing_is_drawn():
    # Adam lets his player keep 6 cards; the Draw fills to 5, so a hand of 6 draws nothing and keeps all 6.
    mob = ["Adam, Traveling Salesman"] + PLAIN[:5]
    hand = ["Torch", "Rake", "Pitchfork", "Shovel", "Sword", "Charge"]
    s, line, taken = _next_turn_with(hand, mob=mob)
    assert len(s["hands"][0]) == 6 and "draws" not in line and not s["tasks"] and taken == 0


# --- Overpopulation: "A player with more than 6 Townsfolk discards one living Townsfolk of their choice." ------

def _crowded(extra: list[str], dead_idx=()):
    mob = [(n, [], i in dead_idx) for i, n in enumerate(PLAIN[:6] + extra)]
    return build(n=2, turn=0, hands={0: ["Overpopulation", "Torch"], 1: []}, mobs={1: mob}, phase="recoup")


def test_overpopulation_on_seven_asks_the_owner_which_living_townsfolk_leaves():
    s = _crowded(["Dotty"])
    s = play_card(s, 0, "Overpopulation")
    s = pass_all(s)
    assert s["tasks"] == [{"k": "overpop", "seat": 1}]
    assert R.legal(s, 1) == [{"type": "remove", "tf": i} for i in range(7)]
    s, line = step(s, 1, {"type": "remove", "tf": 6})
    assert line == "{seat1}'s Dotty leaves the crowded Mob."
    assert len(s["mobs"][1]) == 6 and "Dotty" in names(s["mob_discard"])


def test_overpopulation_only_ever_takes_a_living_townsfolk():
    s = _crowded(["Dotty"], dead_idx=(0, 1))
    s = play_card(s, 0, "Overpopulation")
    s = pass_all(s)
    assert R.legal(s, 1) == [{"type": "remove", "tf": i} for i in range(2, 7)]


def test_overpopulation_with_one_living_townsfolk_takes_it_without_asking():
    s = _crowded(["Dotty"], dead_idx=(0, 1, 2, 3, 4, 5))
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Overpopulation")})
    assert not s["tasks"] and len(s["mobs"][1]) == 6 and all(t["dead"] for t in s["mobs"][1])
    assert line.endswith("{seat1}'s Dotty leaves the crowded Mob.")


def test_overpopulation_on_a_mob_of_seven_all_dead_has_no_target():
    s = _crowded(["Dotty"], dead_idx=tuple(range(7)))
    assert not offered(s, 0, "Overpopulation")


def test_a_townsfolk_deck_card_leaving_goes_back_to_the_spare_townsfolk():
    s = _crowded(["Dotty"])
    spare = len(s["spare"])
    s = play_card(s, 0, "Overpopulation")
    s = pass_all(s)
    s = play(s, 1, {"type": "remove", "tf": 0})
    assert len(s["spare"]) == spare + 1 and C.CARDS[s["spare"][-1]]["name"] == "Chef Kidney"
    assert "Chef Kidney" not in names(s["mob_discard"])


# --- what everyone can see is out of hands -------------------------------------------------------------------------

@pytest.mark.parametrize("lathes,opens", [(2, True), (3, False)])
def test_lathes_turned_into_weapons_count_as_any_time_cards_out_of_hands(lathes, opens):
    # The eighteen any-time Action cards: the fifteen that are not Lathes lie in the discard pile, and `lathes`
    # Rudimentary Lathes are attached to Townsfolk as Weapons for all to see.
    lathe_ids = C.ids_named("Rudimentary Lathe")
    gone = [c for c in C.ANYTIME_CARDS if c not in lathe_ids]
    mob = [(PLAIN[i], ["Rudimentary Lathe"] if i < lathes else []) for i in range(6)]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Torch"], 1: ["Charge"]}, monster_top=["Giant Rat"])
    s["mob_discard"] = gone
    s["mob_deck"] = [c for c in s["mob_deck"] if c not in gone]
    s = play(s, 0, {"type": "flip"})
    assert (s["window"] is not None) is opens


# --- Weapons and Leaders side by side -------------------------------------------------------------------------------

def test_a_weapon_is_taken_up_in_a_mob_that_has_a_leader():
    mob = [("Heidi, Town Trollup", ["Sheriff"])] + PLAIN[:5]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Sword", "Torch"], 1: []}, phase="recoup")
    s = play_card(s, 0, "Sword")
    s, line = step(s, 0, {"type": "target", "seat": 0, "tf": 0})
    assert line.endswith("Heidi, Town Trollup takes up Sword.")
    assert names(s["mobs"][0][0]["enh"]) == ["Sheriff", "Sword"]


def test_a_leader_is_taken_up_in_a_mob_that_has_weapons_but_no_leader():
    mob = [("Heidi, Town Trollup", ["Sword"])] + PLAIN[:5]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Sheriff", "Torch"], 1: []}, phase="recoup")
    s = play_card(s, 0, "Sheriff")
    s, line = step(s, 0, {"type": "target", "seat": 0, "tf": 0})
    assert line.endswith("Heidi, Town Trollup takes up Sheriff.")


# --- a Monster risen from the Moor attacks in the Attack! phase -------------------------------------------------------

def test_a_risen_monster_is_fought_in_the_attack_phase():
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: ["Rake"]}, monster_top=["Risen from the Dead"], moor=["Zombie"])
    s = flip(s)
    assert s["combat"]["stage"] == "fight" and s["phase"] == "attack"
    assert R.prompt(s, 0).startswith("Zombie: Power 6 vs your Mob's Strength 6.")


def test_a_lathe_is_taken_up_in_a_mob_that_has_a_leader():
    mob = [("Heidi, Town Trollup", ["Sheriff"])] + PLAIN[:5]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Rudimentary Lathe", "Torch"], 1: []}, phase="recoup")
    s = play_card(s, 0, "Rudimentary Lathe")
    s, line = step(s, 0, {"type": "target", "seat": 0, "tf": 0})
    assert line.endswith("Heidi, Town Trollup takes up Rudimentary Lathe.")


def test_a_lathe_is_no_leader():
    # A Mob whose only Enhancement is a Lathe has no Leader: a Leader may join it, and Inspiring Leadership gives +1.
    mob = [("Heidi, Town Trollup", ["Rudimentary Lathe"])] + PLAIN[:5]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Sheriff", "Torch"], 1: []}, phase="recoup")
    assert offered(s, 0, "Sheriff")
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Inspiring Leadership"], 1: []}, monster_top=["Raging Dinosaur"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Inspiring Leadership")})
    assert "Now Strength 8 vs Power 10." in line, "6 Townsfolk + the Lathe 1 + Inspiring Leadership 1"


# --- Recoup: one Townsfolk a turn, one more for each gift that says so ----------------------------------------------

@pytest.mark.parametrize("down,back", [(3, 3), (4, 3)])
def test_the_wise_woman_and_dr_uberunder_together_bring_back_three(down, back):
    mob = [("Dr. Uberunder", ["Wise Woman"])] + [(n, [], i < down) for i, n in enumerate(PLAIN[:5])]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: []}, phase="hunt", moor=["Giant Rat"])
    s = play(s, 0, {"type": "skip"})
    if back < down:
        assert s["tasks"] == [{"k": "revive", "seat": 0, "n": back, "why": "recoup"}]
    else:
        assert not s["tasks"] and not any(t["dead"] for t in s["mobs"][0])


# --- the Cancel window names the card it asks about ---------------------------------------------------------------

def test_letting_a_cancel_stand_names_the_cancel_not_the_card_below_it():
    s = build(n=3, turn=0, hands={0: ["Stragglers", "Torch"], 1: ["Meddling Kids", "Rake"], 2: ["Pitchfork"]},
              mobs={2: [("Brother Jedediah", [], True), "Dexter, Boy Genius", "Frederick the Lesser",
                        "Howard, Village Idiot", "Inspector McGee", "Levi, Candlestick Maker"]}, phase="discard")
    s = play(s, 0, {"type": "play", "card": card_id(s, 0, "Stragglers")})
    s = play(s, 1, {"type": "play", "card": card_id(s, 1, "Meddling Kids")})
    assert R.prompt(s, 0) == "{seat1} played Meddling Kids: Cancel it?"
    s, line = step(s, 0, {"type": "pass"})  # the Cancel window asks from the active player on
    assert line == "{seat0} lets Meddling Kids stand."
    assert R.prompt(s, 2) == "{seat1} played Meddling Kids: Cancel it?"
    s, line = step(s, 2, {"type": "pass"})
    assert line.startswith("{seat2} lets Meddling Kids stand. {seat0}'s Stragglers is Canceled.")


# --- a Monster's Kill rating and the cards that raise it -------------------------------------------------------------

@pytest.mark.parametrize("monster,card,kills", [
    ("Giant Rat", "Frightened Children", 2),      # Kill 1, one more: Strength 6 - 2 = 4 ties the Rat's Power 4
    ("Giant Rat", "Enraged Monster", 2),          # Power 4 + 3 = 7 beats 6, Kill 1 + 1
    ("Raging Dinosaur", "Enraged Monster", 4),    # Kill 3 + 1
    ("Raging Dinosaur", "Courage in a Bottle", 4),
])
def test_cards_that_make_a_winning_monster_kill_one_more(monster, card, kills):
    s = build(n=2, turn=0, hands={0: [card], 1: []}, monster_top=[monster])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, card)})
    assert f"and kills {kills} Townsfolk" in line


# --- Reshuffling: "reshuffle the Monster deck's discard pile and the Moor back together" ----------------------------

def test_an_empty_monster_deck_is_rebuilt_from_its_discard_pile_and_the_moor_together():
    s = build(n=2, turn=0, hands={1: []}, moor=["Giant Rat", "Zombie"])
    s["monster_discard"] = [C.ids_named("Plague")[0]]
    s["monster_deck"] = []
    s, line = step(s, 0, {"type": "flip"})
    assert line.startswith("The Monster discard pile and the Moor are shuffled into a new Monster deck.")
    assert len(s["monster_deck"]) == 2, "one of the three is flipped at once"
    fought = [C.CARDS[s["combat"]["m"]]["name"]] if s["combat"] else []
    everywhere = names(s["monster_deck"]) + names(s["monster_discard"]) + names(s["moor"]) + fought
    assert sorted(everywhere) == ["Giant Rat", "Plague", "Zombie"]
