"""Torches & Pitchforks, rules version 2 — each change written from the rulebook's words — and
games begun under version 1, which keep the rules they began with.

- "Action cards may be played at any time, on any player's turn": before every flip, every
  player may play an any-time Action card (the active player first, in their own phase).
- "You may also play Defense cards as Action cards, but only during your Attack! phase": a
  Defense that would turn the Monster away is offered before the Fight-or-Flee choice.
- Recoup, Stragglers and A Good Day's Sleep: the Mob's owner chooses who comes back.
- The Grenade: "+3 Strength for one combat, then it is discarded" — a Grenade that added no
  Strength (against a Ghost, in a Gunpowder Shortage) was not thrown and is kept.
"""

from __future__ import annotations

import pytest

import tabletown.games.torches_and_pitchforks.game as game
from tabletown.engine.session import Session, new_record
from tabletown.games.torches_and_pitchforks import SPEC
from tabletown.games.torches_and_pitchforks import content as C
from tabletown.games.torches_and_pitchforks.game import RULES as R
from tabletown.games.torches_and_pitchforks.rules import PASS
from tests.unit.test_torches_and_pitchforks_scenario import (
    build,
    card_id,
    flip,
    folk_index,
    names,
    pass_all,
    play,
    play_card,
    skip_hunt,
    step,
)

PLAIN6 = ["Chef Kidney", "Lady Locke", "Juan, Foreign Guy", "Moody Marge", "Franz, Town Baker", "Karl, Stable Boy"]


# --- versions ----------------------------------------------------------------------------------------------

def test_version_one_is_still_played_beside_later_versions():
    assert 1 in SPEC.replays and SPEC.rules_version > 1
    assert R.setup(1, 2, {}, version=1)["v"] == 1


def test_a_record_of_version_one_goes_on_under_version_one():
    record = new_record(game, [{"name": "A"}, {"name": "B"}], {"target": 20}, seed=5)
    record["rules_version"] = 1
    session = Session(game, record)
    assert session.state["v"] == 1
    fresh = Session(game, new_record(game, [{"name": "A"}, {"name": "B"}], {"target": 20}, seed=5))
    assert fresh.state["v"] == SPEC.rules_version
    # Same deal, same first player: only the rules that changed differ.
    assert {k: v for k, v in session.state.items() if k != "v"} == {k: v for k, v in fresh.state.items() if k != "v"}


# --- Action cards at any time ------------------------------------------------------------------------------------

def test_before_the_flip_every_other_player_is_asked_in_turn_order():
    s = build(n=4, turn=2, hands={0: ["Torch"], 1: ["Charge"], 2: ["Rake"], 3: []}, monster_top=["Giant Rat"])
    s, line = step(s, 2, {"type": "flip"})
    assert line == "{seat2} is ready to flip a Monster."
    assert s["combat"] is None and C.CARDS[s["monster_deck"][-1]]["name"] == "Giant Rat", "not flipped yet"
    asked = []
    for _ in range(2):
        (seat,) = R.active(s)
        asked.append(seat)
        assert R.legal(s, seat) == [PASS], "nothing to play at any time, but the window asks all the same"
        s, line = step(s, seat, PASS)
    # Seat 3 holds no cards (everyone can see that): not asked. After the last pass, the flip.
    assert asked == [0, 1]
    assert line == "{seat1} passes. {seat2} flips the Giant Rat (Power 4, Kill 1)."
    assert C.CARDS[s["combat"]["m"]]["name"] == "Giant Rat" and s["window"] is None


def test_only_cards_that_may_be_played_at_any_time_are_offered_before_the_flip():
    hand = ["Sticky Fingers", "Charge", "Only a Dream", "Sword", "Antacid", "Dotty", "Heck Spawn"]
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: hand[:5]}, monster_top=["Vampire"])
    s = play(s, 0, {"type": "flip"})
    assert R.active(s) == [1]
    assert R.legal(s, 1) == [PASS, {"type": "play", "card": card_id(s, 1, "Sticky Fingers")}]
    assert R.prompt(s, 1).startswith("{seat0} is about to flip a Monster")


def test_a_card_played_before_the_flip_opens_the_window_again_for_the_active_player():
    mob0 = [("Chef Kidney", ["Sword"])] + PLAIN6[1:]
    s = build(n=3, turn=0, mobs={0: mob0}, hands={0: ["Stragglers"], 1: ["Bump on the Head"], 2: ["Torch"]},
              monster_top=["Giant Ape"])
    s = play(s, 0, {"type": "flip"})
    assert R.active(s) == [1]
    s = play_card(s, 1, "Bump on the Head")
    s, line = step(s, 1, {"type": "target", "seat": 0, "tf": 0})
    assert line == "{seat1} plays Bump on the Head on {seat0}'s Chef Kidney."
    # Cancel window for the others (seat 0 and seat 2), then the knock-out.
    s = play(s, 0, PASS)
    s, line = step(s, 2, PASS)
    assert line == "{seat2} lets Bump on the Head stand. {seat0}'s Chef Kidney is knocked out."
    assert s["mobs"][0][0]["dead"] and "Sword" in names(s["mob_discard"])
    # The window goes round again: seat 2, then the active player, who may answer before the flip.
    s = play(s, 2, PASS)
    assert R.active(s) == [0]
    assert R.prompt(s, 0).startswith("Before the flip")
    assert {"type": "play", "card": card_id(s, 0, "Stragglers")} in R.legal(s, 0)
    s = play_card(s, 0, "Stragglers")
    s = pass_all(s)
    assert not s["mobs"][0][0]["dead"]
    assert C.CARDS[s["combat"]["m"]]["name"] == "Giant Ape"


def test_the_active_players_pass_is_the_flip():
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: ["Sticky Fingers"]}, monster_top=["Zombie"])
    s = play(s, 0, {"type": "flip"})
    s = play_card(s, 1, "Sticky Fingers")
    s = play(s, 0, PASS)  # lets Sticky Fingers stand: seat 1 takes the Torch
    assert names(s["hands"][1]) == ["Torch"] and s["hands"][0] == []
    # Seat 0 has no cards left: it is skipped, and seat 1 passes: the flip happens.
    assert R.active(s) == [1]
    s, line = step(s, 1, PASS)
    assert line.endswith("{seat0} flips the Zombie (Power 6, Kill 2).")


def test_no_window_before_the_flip_when_nobody_else_holds_a_card():
    s = build(n=3, turn=0, hands={0: ["Torch"], 1: [], 2: []}, monster_top=["Giant Rat"])
    s, line = step(s, 0, {"type": "flip"})
    assert line == "{seat0} flips the Giant Rat (Power 4, Kill 1)."


@pytest.mark.parametrize("visible,opens", [(17, True), (18, False)])
def test_no_window_before_the_flip_once_every_any_time_card_is_known_to_be_out_of_hands(visible, opens):
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: ["Charge"]}, monster_top=["Giant Rat"])
    gone = list(C.ANYTIME_CARDS[:visible])
    s["mob_discard"] = gone
    s["mob_deck"] = [c for c in s["mob_deck"] if c not in gone]
    s = play(s, 0, {"type": "flip"})
    assert (s["window"] is not None) is opens


def test_a_game_of_version_one_flips_at_once():
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: ["Sticky Fingers"]}, monster_top=["Giant Rat"], version=1)
    s, line = step(s, 0, {"type": "flip"})
    assert line == "{seat0} flips the Giant Rat (Power 4, Kill 1)."
    assert s["combat"]["stage"] == "decide"


def test_the_session_passes_for_a_player_who_asked_to_be_asked_only_when_able():
    seats = [{"name": "Ann"}, {"name": "Bob", "ask": "when-able"}, {"name": "Cy", "ask": "when-able"}]
    record = new_record(game, seats, {"target": 20}, seed=3)
    session = Session(game, record)
    s = build(n=3, turn=0, hands={0: ["Torch"], 1: ["Charge"], 2: ["Sticky Fingers"]}, monster_top=["Giant Rat"])
    session.state = s
    session.apply(0, {"type": "flip"})
    # Bob holds nothing he could play: passed for him at once. Cy holds Sticky Fingers: asked.
    assert session.movers[-1] == "auto" and session.record["log"][-1] == [1, PASS]
    assert session.active() == [2]
    assert R.reaction(session.state, 2) == {"pass": PASS}
    session.apply(2, PASS)
    assert session.state["combat"] is not None


def test_reaction_says_when_a_seat_is_only_asked_whether_to_play():
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: ["Heck Spawn", "Only a Dream"]}, monster_top=["Killer Bug"])
    assert R.reaction(s, 0) is None, "flipping is not a reaction"
    s = play(s, 0, {"type": "flip"})
    assert R.reaction(s, 1) == {"pass": PASS} and R.reaction(s, 0) is None
    s = play(s, 1, PASS)
    assert R.reaction(s, 0) is None, "Fight or Flee is a choice, not a reaction"
    s = play(s, 0, {"type": "fight"})
    assert R.reaction(s, 0) == {"pass": PASS}
    s = play(s, 0, PASS)
    s = play_card(s, 1, "Heck Spawn")
    assert R.reaction(s, 0) == {"pass": PASS} and R.reaction(s, 1) is None


# --- a Defense before Fight or Flee -----------------------------------------------------------------------------

def test_a_defense_that_turns_the_monster_away_is_offered_before_fight_or_flee():
    s = build(n=2, turn=0, hands={0: ["Antacid", "Charge"], 1: ["Torch"]}, monster_top=["Vampire"], moor=["Giant Rat"])
    s = flip(s)
    antacid = card_id(s, 0, "Antacid")
    assert R.legal(s, 0) == [{"type": "fight"}, {"type": "flee"}, {"type": "play", "card": antacid}]
    assert R.prompt(s, 0).endswith("Fight or Flee or play a Defense?")
    s, line = step(s, 0, {"type": "play", "card": antacid})
    assert line == "{seat0} plays Antacid."
    s, line = step(s, 1, PASS)
    assert line == ("{seat1} lets Antacid stand. Antacid drives the Vampire away. "
                    "The Vampire goes to the Moor without combat.")
    assert "Vampire" in names(s["moor"]) and "Antacid" in names(s["mob_discard"]) and s["defense"][0] is None
    # Turned away, not fought: the Hunt is open.
    assert s["phase"] == "hunt" and {"type": "hunt"} in R.legal(s, 0)


def test_a_defense_for_another_type_of_monster_is_not_offered():
    s = build(n=2, turn=0, hands={0: ["Baby Shortage"], 1: ["Torch"]}, monster_top=["Vampire"])
    s = flip(s)
    assert R.legal(s, 0) == [{"type": "fight"}, {"type": "flee"}]


def test_a_canceled_defense_leaves_fight_or_flee():
    s = build(n=2, turn=0, hands={0: ["Werewolf? There Wolf!", "Torch"], 1: ["Meddling Kids"]},
              monster_top=["Werewolf"])
    s = flip(s)
    s = play_card(s, 0, "Werewolf? There Wolf!")
    s = play_card(s, 1, "Meddling Kids")
    assert R.active(s) == [0] and R.legal(s, 0) == [PASS], "the Cancel may itself be Canceled"
    s = play(s, 0, PASS)
    assert s["combat"]["stage"] == "decide" and R.legal(s, 0) == [{"type": "fight"}, {"type": "flee"}]


def test_no_defense_against_a_monster_risen_from_the_moor():
    s = build(n=2, turn=0, hands={0: ["Antacid"], 1: ["Torch"]}, monster_top=["Risen from the Dead"],
              moor=["Vampire"])
    s = flip(s)
    assert s["combat"]["risen"] and s["combat"]["stage"] == "fight"
    assert R.legal(s, 0) == [PASS]


def test_version_one_offers_the_defense_only_after_fight_is_declared():
    s = build(n=2, turn=0, hands={0: ["Antacid"], 1: ["Torch"]}, monster_top=["Vampire"], version=1)
    s = play(s, 0, {"type": "flip"})
    assert R.legal(s, 0) == [{"type": "fight"}, {"type": "flee"}]
    s = play(s, 0, {"type": "fight"})
    assert {"type": "play", "card": card_id(s, 0, "Antacid")} in R.legal(s, 0)


# --- who comes back ------------------------------------------------------------------------------------------------

def _three_dead(version=None, extra=None):
    mob = [("Chef Kidney", [], True), ("Officer Dave", [], True), ("Karl, Stable Boy", [], True),
           "Lady Locke", "Juan, Foreign Guy"] + (extra or ["Moody Marge"])
    return build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, phase="hunt", moor=["Giant Rat"], version=version)


def test_recoup_the_owner_chooses_which_dead_townsfolk_comes_back():
    s = _three_dead()
    lines: list[str] = []
    s = skip_hunt(s, lines=lines)
    assert lines[-1] == "{seat1} passes. {seat0} does not go Hunting."
    assert R.legal(s, 0) == [{"type": "revive", "tf": 0}, {"type": "revive", "tf": 1}, {"type": "revive", "tf": 2}]
    assert R.prompt(s, 0) == "Choose a dead Townsfolk to come back: 1 to go"
    s, line = step(s, 0, {"type": "revive", "tf": 2})
    assert line == "{seat0} recoups: Karl, Stable Boy is back on their feet."
    assert [t["dead"] for t in s["mobs"][0][:3]] == [True, True, False]
    assert not s["tasks"] and {"type": "end"} in R.legal(s, 0)


def test_recoup_with_the_wise_woman_brings_back_two_chosen_one_at_a_time():
    s = _three_dead(extra=[("Moody Marge", ["Wise Woman"])])
    s = skip_hunt(s)
    assert s["tasks"] == [{"k": "revive", "seat": 0, "n": 2, "why": "recoup"}]
    s = play(s, 0, {"type": "revive", "tf": 0})
    assert R.legal(s, 0) == [{"type": "revive", "tf": 1}, {"type": "revive", "tf": 2}]
    s = play(s, 0, {"type": "revive", "tf": 2})
    assert [t["dead"] for t in s["mobs"][0][:3]] == [False, True, False] and not s["tasks"]


def test_when_everyone_dead_comes_back_there_is_nothing_to_choose():
    mob = [("Chef Kidney", [], True), ("Officer Dave", [], True), "Lady Locke", "Juan, Foreign Guy", "Franz, Town Baker",
           ("Moody Marge", ["Wise Woman"])]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, phase="hunt", moor=["Giant Rat"])
    lines: list[str] = []
    s = skip_hunt(s, lines=lines)
    assert lines[-1] == ("{seat1} passes. {seat0} does not go Hunting. "
                         "{seat0} recoups: Chef Kidney and Officer Dave are back on their feet.")
    assert not s["tasks"]


def test_stragglers_on_another_mob_its_owner_chooses():
    mob1 = [("Chef Kidney", [], True), ("Officer Dave", [], True)] + PLAIN6[1:5]
    s = build(n=2, turn=0, mobs={1: mob1}, hands={0: ["Stragglers"]}, phase="recoup")
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Stragglers")})
    # Only a Mob with dead Townsfolk may be chosen: with one such Mob, the card goes straight to it.
    assert line == "{seat0} plays Stragglers on {seat1}."
    s = pass_all(s)
    assert R.active(s) == [1] and R.legal(s, 1) == [{"type": "revive", "tf": 0}, {"type": "revive", "tf": 1}]
    s, line = step(s, 1, {"type": "revive", "tf": 0})
    assert line == "Chef Kidney is back on their feet in {seat1}'s Mob."
    assert R.active(s) == [0]


def test_a_good_days_sleep_wakes_up_to_two_chosen():
    s = _three_dead()
    s["phase"] = "recoup"
    s["hands"][0] = [C.ids_named("A Good Day's Sleep")[0]]
    s = play_card(s, 0, "A Good Day's Sleep")
    s = pass_all(s)
    assert s["tasks"] == [{"k": "revive", "seat": 0, "n": 2, "why": "card"}]
    s = play(s, 0, {"type": "revive", "tf": 1})
    s = play(s, 0, {"type": "revive", "tf": 0})
    assert [t["dead"] for t in s["mobs"][0][:3]] == [False, False, True]


def test_version_one_brings_back_the_gifted_townsfolk_first_without_asking():
    s = _three_dead(version=1)
    s, line = step(s, 0, {"type": "skip"})
    assert line == "{seat0} does not go Hunting. {seat0} recoups: Officer Dave is back on their feet."
    assert not s["tasks"]


# --- the Grenade --------------------------------------------------------------------------------------------------

def _grenade_fight(monster, cards=(), version=None, win=True):
    mob = [("Karl, Stable Boy", ["Grenade"])] + PLAIN6[:5]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: list(cards), 1: ["Torch"]}, monster_top=[monster],
              version=version)
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    for name in cards:
        s = play_card(s, 0, name)
        s = pass_all(s)
    s = pass_all(s)
    while s["tasks"]:
        s = play(s, R.active(s)[0], R.legal(s, R.active(s)[0])[0])
    return s


def test_a_grenade_thrown_in_a_fight_is_used_up():
    s = _grenade_fight("Zombie")
    karl = folk_index(s, 0, "Karl, Stable Boy")
    assert s["mobs"][0][karl]["enh"] == [] and "Grenade" in names(s["mob_discard"])
    assert "Zombie" in names(s["scores"][0])


def test_a_grenade_that_adds_nothing_against_the_ghost_is_kept():
    s = _grenade_fight("Ghost")
    assert names(s["mobs"][0][0]["enh"]) == ["Grenade"]
    assert "Ghost" in names(s["scores"][0]), "6 Townsfolk beat the Ghost's Power 5 without it"


def test_a_grenade_that_adds_nothing_in_a_gunpowder_shortage_is_kept():
    s = _grenade_fight("Giant Rat", cards=["Gunpowder Shortage"])
    assert names(s["mobs"][0][0]["enh"]) == ["Grenade"]


def test_version_one_discards_the_grenade_after_any_fight():
    s = _grenade_fight("Ghost", version=1)
    assert s["mobs"][0][0]["enh"] == [] and "Grenade" in names(s["mob_discard"])


def test_a_grenade_on_a_witch_melted_by_the_rain_was_thrown():
    s = _grenade_fight("Evil Witch", cards=["Torrential Downpour"])
    assert s["mobs"][0][0]["enh"] == [] and "Evil Witch" in names(s["scores"][0])
