"""Torches & Pitchforks: conformance, content against the card list, and the rules one by one."""

from __future__ import annotations

import json
import re

import pytest

import tabletown.games.torches_and_pitchforks.game as game
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import BadSetup, IllegalAction
from tabletown.games.torches_and_pitchforks import content as C
from tabletown.games.torches_and_pitchforks.game import BOTS, RULES
from tabletown.games.torches_and_pitchforks.rules import mob_strength, monster_power, score_of
from tests import conformance
from tests.unit.test_torches_and_pitchforks_scenario import (
    build,
    card_id,
    end_turn,
    flip,
    folk_index,
    names,
    pass_all,
    play,
    play_card,
    skip_hunt,
    step,
)

R = RULES

# --- the rulebook's card list, transcribed -----------------------------------------------------------
RULEBOOK_EVENTS = [
    "Arms Shipment", "Cowering Bureaucrats", "Dropped Match", "Mass Confusion", "Plague", "Risen from the Dead",
    "Scrap That", "Stolen Plans", "Swords into Plowshares", "Termite Infestation", "The Plot Thickens",
    "Vanished Into the Mists",
]
RULEBOOK_MONSTERS = {
    "Creature from the Tide Flats": 1, "Evil Witch": 3, "Ghost": 3, "Giant Ape": 3, "Giant Rat": 6, "The Glob": 1,
    "Irvingstein's Monster": 1, "Killer Bug": 3, "Killer Clown": 3, "Mummy": 3, "Raging Dinosaur": 3,
    "Terror Toy": 3, "Vampire": 3, "Vlad the Inhaler": 1, "Werewolf": 6, "Wicked Witch of the South-Southeast": 1,
    "Jack the Wolfman": 1, "Zombie": 3,
}
RULEBOOK_ACTIONS = {
    "A Good Day's Sleep": 3, "Bump on the Head": 2, "Bungling Spy": 3, "Charge": 3, "Courage in a Bottle": 2,
    "Disorganized Mob": 2, "Early Harvest": 1, "Energizer": 3, "Enraged Monster": 2, "Escape Plan": 3,
    "Frightened Children": 1, "Gunpowder Shortage": 1, "Harpoon Squad": 1, "Heck Spawn": 3, "Holy Ground": 1,
    "Injured Monster": 2, "Inspiring Leadership": 3, "Master Spy": 1, "Meddling Kids": 2,
    "Night of the Walking Dead": 1, "Only a Dream": 3, "Overpopulation": 2, "Pure Evil": 1,
    "Righteous Indignation": 1, "Rudimentary Lathe": 3, "Sticky Fingers": 1, "Stragglers": 3, "Sugar Rush": 3,
    "Torrential Downpour": 1, "Town on Guard": 3,
}
RULEBOOK_ENHANCEMENTS = {
    "Boar Spear": 1, "Grenade": 2, "Hero!": 1, "Night Watch": 1, "Occult Librarian": 1, "Old Cannon": 1,
    "Pistol": 3, "Pitchfork": 6, "Rake": 1, "Rusty Musket": 1, "Sheriff": 1, "Shovel": 1, "Stout Cudgel": 1,
    "Sword": 1, "Torch": 6, "Wilderness Guide": 1, "Wise Woman": 1,
}
RULEBOOK_LEADERS = {"Hero!", "Night Watch", "Occult Librarian", "Sheriff", "Wilderness Guide", "Wise Woman"}
RULEBOOK_DEFENSES = ["Antacid", "Werewolf? There Wolf!", "Baby Shortage", "Freelance Paranormal Investigators"]
RULEBOOK_MOB_TOWNSFOLK = ["Dotty", "Dr Irvingstein", "Dr Reed Davidson", "Officer Dave", "Professor von Hellpepper",
                          "Reverend Leon"]
RULEBOOK_TOWNSFOLK = [
    "Adam, Traveling Salesman", "Bentley the Brawler", "Brother Jedediah", "Buff Hardback, Wannabe Hero",
    "Chef Kidney", "Christina, Cheer Captain", "Dexter, Boy Genius", "Dr. Uberunder", "Franz, Town Baker",
    "Frederick the Lesser", "Gus, Town Guard", "Hans, Town Butcher", "Heidi, Town Trollup",
    "Howard, Village Idiot", "Inspector McGee", "Juan, Foreign Guy", "Karl, Stable Boy", "Lady Locke",
    "Levi, Candlestick Maker", "Luke, Inconsiderate Ass", "Lucky Lowry", "Mathew the Magnificent",
    "Matt the Knife", "Mikey, Town Drunk", "Miss Ginny, Damsel in Distress", "Moody Marge", "MP, Smartass Punk",
    "Ms. Manlove, Personal Trainer", "Shane the Shyster",
]


def _count(deck: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for cid in deck:
        out[C.CARDS[cid]["name"]] = out.get(C.CARDS[cid]["name"], 0) + 1
    return out


# --- content ---------------------------------------------------------------------------------------------

def test_monster_deck_matches_the_card_list():
    deck = _count(C.MONSTER_DECK)
    assert len(C.MONSTER_DECK) == 60
    events = [c for c in C.MONSTER_DECK if C.CARDS[c]["kind"] == "event"]
    monsters = [c for c in C.MONSTER_DECK if C.CARDS[c]["kind"] == "monster"]
    assert len(events) == 12 and len(monsters) == 48
    assert _count(events) == {e: 1 for e in RULEBOOK_EVENTS}
    assert _count(monsters) == RULEBOOK_MONSTERS
    assert sum(deck.values()) == 60
    for cid in monsters:
        m = C.CARDS[cid]
        assert m["power"] > 0 and m["kill"] >= 1 and m["type"] in C.MONSTER_TYPES and m["text"]


def test_mob_deck_matches_the_card_list():
    assert len(C.MOB_DECK) == 101
    by_kind: dict[str, list[int]] = {}
    for cid in C.MOB_DECK:
        by_kind.setdefault(C.CARDS[cid]["kind"], []).append(cid)
    assert _count(by_kind["action"]) == RULEBOOK_ACTIONS and len(by_kind["action"]) == 61
    enh = by_kind["weapon"] + by_kind["leader"]
    assert _count(enh) == RULEBOOK_ENHANCEMENTS and len(enh) == 30
    assert {C.CARDS[c]["name"] for c in by_kind["leader"]} == RULEBOOK_LEADERS
    assert _count(by_kind["defense"]) == {d: 1 for d in RULEBOOK_DEFENSES}
    assert _count(by_kind["townsfolk"]) == {t: 1 for t in RULEBOOK_MOB_TOWNSFOLK}
    for cid in C.MOB_DECK:
        assert C.CARDS[cid]["text"], C.CARDS[cid]["name"]


def test_townsfolk_deck_has_thirty_with_one_authored():
    deck = _count(C.TOWNSFOLK_DECK)
    assert len(C.TOWNSFOLK_DECK) == 30
    assert set(RULEBOOK_TOWNSFOLK) <= set(deck) and len(RULEBOOK_TOWNSFOLK) == 29
    assert set(deck) - set(RULEBOOK_TOWNSFOLK) == {C.AUTHORED_TOWNSFOLK}
    assert [c["name"] for c in C.CATALOGS["townsfolk"] if c["authored"]] == [C.AUTHORED_TOWNSFOLK]


def test_card_ids_are_stable_for_saved_games():
    """Saved games and links name cards by id: the numbering never moves."""
    assert C.MONSTER_DECK == list(range(60)) and C.MOB_DECK == list(range(100, 201))
    assert C.TOWNSFOLK_DECK == list(range(300, 330))
    assert [C.CARDS[i]["name"] for i in (0, 11, 12, 59)] == [
        "Arms Shipment", "Vanished Into the Mists", "Creature from the Tide Flats", "Zombie"]
    assert [C.CARDS[i]["name"] for i in (100, 160, 161, 190, 191, 194, 195, 200)] == [
        "A Good Day's Sleep", "Town on Guard", "Boar Spear", "Wise Woman", "Antacid",
        "Freelance Paranormal Investigators", "Dotty", "Reverend Leon"]
    assert C.CARDS[329]["name"] == C.AUTHORED_TOWNSFOLK


def test_every_catalogue_is_listed_with_its_count():
    from tabletown.cli import catalog

    counts = catalog("torches-and-pitchforks")
    assert counts == {"events": 12, "monsters": 18, "actions": 30, "weapons": 11, "leaders": 6, "defenses": 4,
                      "mob_townsfolk": 6, "townsfolk": 30}
    copies = {name: cat.count("copies") for name, cat in C.CATALOGS.items()}
    assert copies == {"events": 12, "monsters": 48, "actions": 61, "weapons": 24, "leaders": 6, "defenses": 4,
                      "mob_townsfolk": 6, "townsfolk": 30}


def test_every_named_effect_has_a_handler_and_every_handler_is_named():
    assert C.EFFECTS.problems(C.CATALOGS.values(), "effect") == []
    # The check itself bites: a card naming an unknown effect is reported, and so is an unused handler.
    from tabletown.engine.content import Catalog

    stray = Catalog("stray", [{"id": "x", "effect": "no_such_effect"}])
    assert "no handler for the effect 'no_such_effect'" in C.EFFECTS.problems([stray], "effect")
    assert any("is never used" in p for p in C.EFFECTS.problems([stray], "effect"))


def test_specials_perks_timings_and_targets_are_all_known_and_all_used():
    cards = list(C.CARDS.values())
    used_specials = {sp for c in cards for sp in c["specials"]}
    assert used_specials == set(C.SPECIALS)
    perks = {c["perk"] for c in cards if c["perk"]} | {c["v2"]["perk"] for c in cards if c["v2"]}
    assert perks == set(C.PERKS)
    actions = [c for c in cards if c["kind"] == "action"]
    assert {c["timing"] for c in actions} == set(C.TIMINGS)
    assert {c["target"] for c in actions} == set(C.TARGETS)
    assert all(c["timing"] == "" and c["target"] == "" for c in cards if c["kind"] != "action")


def test_the_content_notes_list_every_card_with_its_text():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "content" / "torches-and-pitchforks.md").read_text()
    for c in C.BY_NAME.values():
        if c["kind"] != "townsfolk" or c["perk"] or c["deck"] == "mob" or c["vs_bonus"] or c["bonus"]:
            assert f"| {c['name']} |" in doc and c["text"] in doc, c["name"]


def test_every_defense_names_a_monster_type_in_the_deck():
    types = {C.CARDS[c]["type"] for c in C.MONSTER_DECK if C.CARDS[c]["kind"] == "monster"}
    for d in RULEBOOK_DEFENSES:
        assert set(C.BY_NAME[d]["defends"]) <= types and C.BY_NAME[d]["defends"]
    assert C.BY_NAME["Werewolf? There Wolf!"]["defends"] == [C.WEREWOLF]
    assert C.BY_NAME["Werewolf"]["type"] == C.BY_NAME["Jack the Wolfman"]["type"] == C.WEREWOLF


def test_which_cards_cancel_and_which_play_at_any_time():
    cancels = sorted({C.CARDS[c]["name"] for c in C.CANCEL_CARDS})
    assert cancels == ["Master Spy", "Meddling Kids", "Only a Dream"]
    assert len(C.CANCEL_CARDS) == 6
    assert C.BY_NAME["Pure Evil"]["uncancelable"]
    anytime = {C.CARDS[c]["name"] for c in C.ANYTIME_CARDS}
    assert anytime == {"A Good Day's Sleep", "Bump on the Head", "Bungling Spy", "Early Harvest", "Overpopulation",
                       "Rudimentary Lathe", "Sticky Fingers", "Stragglers"}
    assert len(C.ANYTIME_CARDS) == 18


# --- conformance -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("target", [20, 30, 40])
def test_conformance(seats, target):
    games = 2 if target == 20 else 1
    outcomes = conformance.check_playouts(game, seats, {"target": target}, games=games, first_seed=seats * 100 + target)
    for out in outcomes:
        (w,) = out["winners"]
        assert out["scores"][w] >= target
        assert all(sc < target for p, sc in enumerate(out["scores"]) if p != w)


def test_options_from_a_link_and_bad_setups():
    assert R.spec.parse_link_options(3, {"target": "40"}) == {"target": 40}
    assert R.spec.normalize(3, {}) == {"target": 30}
    with pytest.raises(BadSetup):
        R.spec.parse_link_options(3, {"target": "25"})
    with pytest.raises(BadSetup):
        R.setup(1, 6, {})
    with pytest.raises(BadSetup):
        R.setup(1, 1, {})


# --- setup and turn structure -----------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_deals_six_townsfolk_and_five_cards(n):
    s = R.setup(7, n, {})
    assert all(len(m) == 6 and not any(t["dead"] for t in m) for m in s["mobs"])
    assert all(len(h) == 5 for h in s["hands"])
    assert len(s["spare"]) == 30 - 6 * n
    assert len(s["mob_deck"]) == 101 - 5 * n and len(s["monster_deck"]) == 60
    all_folk = sorted([t["c"] for m in s["mobs"] for t in m] + s["spare"])
    assert all_folk == sorted(C.TOWNSFOLK_DECK)
    assert R.active(s) == [s["turn"]] and s["phase"] == "attack"


def test_first_player_is_chosen_by_the_seed():
    firsts = {R.setup(seed, 4, {})["turn"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert R.setup(11, 4, {}) == R.setup(11, 4, {})


def test_draw_up_to_five_at_the_start_of_the_turn():
    s = build(n=2, turn=1, phase="discard", hands={0: ["Charge"], 1: []})
    s = end_turn(s)
    assert s["turn"] == 0 and len(s["hands"][0]) == 5


def test_adam_raises_the_hand_limit_to_six_before_rules_version_three():
    mob = ["Adam, Traveling Salesman", "Chef Kidney", "Franz, Town Baker", "Karl, Stable Boy", "Lady Locke", "Juan, Foreign Guy"]
    s = build(n=2, turn=1, phase="discard", mobs={0: mob}, hands={0: ["Charge"]}, version=2)
    s = play(s, 1, {"type": "end"})
    assert len(s["hands"][0]) == 6
    assert R.view(s, 0)["derived"]["limits"][0] == 6


def test_over_the_hand_limit_discards_down_at_once():
    s = build(n=2, turn=0, hands={0: ["Early Harvest", "Charge", "Torch", "Rake", "Pitchfork"]}, phase="recoup")
    s = play_card(s, 0, "Early Harvest")
    # 4 cards + 3 drawn = 7: the player must discard two before anything else.
    assert len(s["hands"][0]) == 7
    assert s["tasks"] and s["tasks"][0]["k"] == "down"
    assert all(a["type"] == "discard" for a in R.legal(s, 0))
    s = play(s, 0, R.legal(s, 0)[0])
    assert len(s["hands"][0]) == 6 and all(a["type"] == "discard" for a in R.legal(s, 0))  # one more to go
    s = play(s, 0, R.legal(s, 0)[0])
    assert len(s["hands"][0]) == 5 and not s["tasks"]
    assert {"type": "end"} in R.legal(s, 0)


def test_an_event_resolves_at_once_and_goes_to_the_monster_discard():
    s = build(n=2, turn=0, hands={0: ["Charge"], 1: ["Torch"]}, monster_top=["Mass Confusion"], moor=["Giant Rat"])
    s = flip(s)
    assert names(s["monster_discard"]) == ["Mass Confusion"]
    # Mass Confusion: every hand goes to the player on the left.
    assert names(s["hands"][0]) == ["Torch"] and names(s["hands"][1]) == ["Charge"]
    # Not a fight, so the player may go Hunting.
    assert s["phase"] == "hunt" and {"type": "hunt"} in R.legal(s, 0)


# --- Fight or Flee ------------------------------------------------------------------------------------------

def test_fight_or_flee_is_decided_before_any_card():
    s = build(n=2, turn=0, hands={0: ["Charge", "Escape Plan"], 1: ["Heck Spawn"]}, monster_top=["Werewolf"])
    s = flip(s)
    assert R.legal(s, 0) == [{"type": "fight"}, {"type": "flee"}]
    assert R.legal(s, 1) == []


def _flee_roll(s):
    """The die the next flee will roll (the same PRNG draw the rules make)."""
    return Rng(list(s["rng"])).d6()


def test_fleeing_discards_the_roll_and_sends_the_monster_to_the_moor():
    for seed in range(1, 60):
        s = build(n=2, turn=0, seed=seed, hands={0: ["Charge", "Torch", "Rake", "Pitchfork", "Stragglers"]},
                  monster_top=["Werewolf"])
        s = flip(s)
        if 2 <= _flee_roll(s) <= 4:
            break
    roll = _flee_roll(s)
    before = s["rng"]
    s = play(s, 0, {"type": "flee"})
    assert s["rng"] != before, "the die roll is a barrier"
    assert s["combat"]["roll"] == roll and s["tasks"][0] == {"k": "flee", "seat": 0, "n": roll}
    for _ in range(roll):
        assert all(a["type"] == "discard" for a in R.legal(s, 0))
        s = play(s, 0, R.legal(s, 0)[-1])
    assert len(s["hands"][0]) == 5 - roll
    assert "Werewolf" in names(s["moor"]) and s["combat"] is None
    # Fleeing is not fighting: the Hunt is open.
    assert s["phase"] == "hunt"


def test_a_failed_flee_fights_without_discarding():
    for seed in range(1, 80):
        s = build(n=2, turn=0, seed=seed, hands={0: ["Charge"], 1: ["Torch"]}, monster_top=["Werewolf"])
        s = flip(s)
        if _flee_roll(s) >= 2:
            break
    s = play(s, 0, {"type": "flee"})
    assert names(s["hands"][0]) == ["Charge"]
    assert s["combat"]["stage"] == "fight" and R.active(s) == [0]
    assert {"type": "flee"} not in R.legal(s, 0)


def test_the_killer_clown_costs_one_more_card_to_flee():
    for seed in range(1, 80):
        s = build(n=2, turn=0, seed=seed, hands={0: ["Charge", "Torch", "Rake", "Pitchfork", "Stragglers"]},
                  monster_top=["Killer Clown"])
        s = flip(s)
        if _flee_roll(s) <= 3:
            break
    roll = _flee_roll(s)
    s = play(s, 0, {"type": "flee"})
    assert s["tasks"][0]["n"] == roll + 1


def test_some_monsters_cannot_be_fled():
    s = build(n=2, turn=0, hands={0: ["Charge"], 1: ["Torch"]}, monster_top=["Jack the Wolfman"])
    s = flip(s)
    assert s["combat"]["stage"] == "fight"
    assert R.legal(s, 0) == [{"type": "pass"}, {"type": "play", "card": card_id(s, 0, "Charge")}]


# --- Combat ------------------------------------------------------------------------------------------------

def test_a_tie_goes_to_the_monster_and_the_loser_chooses_the_dead():
    mob = ["Chef Kidney", ("Franz, Town Baker", ["Torch"]), "Karl, Stable Boy", "Lady Locke", "Juan, Foreign Guy",
           "Moody Marge"]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Zombie"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    assert mob_strength(s, 0, s["combat"]) == 7 and monster_power(s["combat"]) == 6
    # Strength 7 beats Power 6.
    s = pass_all(s)
    assert names(s["scores"][0]) == ["Zombie"] and score_of(s, 0) == 6
    # Fought in the Attack!: no Hunt, straight to Recoup.
    assert s["phase"] == "recoup"


def test_losing_kills_and_discards_the_enhancements():
    mob = ["Chef Kidney", ("Franz, Town Baker", ["Torch"]), "Karl, Stable Boy", "Lady Locke", "Juan, Foreign Guy",
           "Moody Marge"]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Raging Dinosaur"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = pass_all(s)
    assert s["tasks"][0] == {"k": "kill", "seat": 0, "n": 3, "vamp": False}
    options = R.legal(s, 0)
    assert options == [{"type": "kill", "tf": i} for i in range(6)]
    franz = folk_index(s, 0, "Franz, Town Baker")
    s = play(s, 0, {"type": "kill", "tf": franz})
    s = play(s, 0, {"type": "kill", "tf": 0})
    assert R.legal(s, 0) == [{"type": "kill", "tf": i} for i in (2, 3, 4, 5)], "the dead cannot be chosen again"
    s = play(s, 0, {"type": "kill", "tf": 2})
    assert "Torch" in names(s["mob_discard"])
    assert "Raging Dinosaur" in names(s["moor"])
    # Recoup: one comes back (flipped face up) with nothing attached; its owner chooses which.
    assert s["phase"] == "recoup" and s["tasks"] == [{"k": "revive", "seat": 0, "n": 1, "why": "recoup"}]
    assert R.legal(s, 0) == [{"type": "revive", "tf": i} for i in (0, 1, 2)]
    s = play(s, 0, {"type": "revive", "tf": franz})
    assert sum(t["dead"] for t in s["mobs"][0]) == 2
    assert not s["mobs"][0][franz]["dead"] and s["mobs"][0][franz]["enh"] == []


def test_dead_townsfolk_give_no_strength_and_take_no_enhancements():
    mob = [("Chef Kidney", [], True), ("Franz, Town Baker", [], True), "Karl, Stable Boy", "Lady Locke",
           "Juan, Foreign Guy", "Moody Marge"]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Sword"]}, phase="discard")
    assert mob_strength(s, 0) == 4
    s["phase"] = "recoup"
    s = play_card(s, 0, "Sword")
    targets = R.legal(s, 0)
    assert {t["tf"] for t in targets} == {2, 3, 4, 5}


def test_one_weapon_per_townsfolk_and_one_leader_per_mob_gus_holds_two():
    mob = [("Karl, Stable Boy", ["Torch"]), ("Gus, Town Guard", ["Pitchfork"]), ("Lady Locke", [], True),
           ("Juan, Foreign Guy", ["Rake"]), ("Moody Marge", ["Shovel", "Sheriff"]), ("Chef Kidney", ["Stout Cudgel"])]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Sword", "Hero!"]}, phase="recoup")
    s = play_card(s, 0, "Sword")
    # Only Gus has a free Weapon slot (he may hold two), so the Sword goes straight to him.
    s = pass_all(s)
    gus = s["mobs"][0][1]
    assert names(gus["enh"]) == ["Pitchfork", "Sword"]
    # The Mob already has a Leader (the Sheriff): Hero! cannot be played.
    assert {"type": "play", "card": card_id(s, 0, "Hero!")} not in R.legal(s, 0)


def test_enhancements_and_townsfolk_only_in_your_own_recoup():
    s = build(n=2, turn=0, hands={0: ["Sword", "Dotty", "Antacid", "Stragglers"], 1: ["Torch"]},
              monster_top=["Giant Rat"])
    plays = [a for a in R.legal(s, 0) if a["type"] == "play"]
    assert plays == [], "nothing to play before the flip (Stragglers needs a dead Townsfolk)"
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    # In the combat window: no Enhancement, Townsfolk or Defense (the Rat is no Vampire).
    assert R.legal(s, 0) == [{"type": "pass"}]
    s = pass_all(s)
    assert s["phase"] == "recoup"
    played = {C.CARDS[a["card"]]["name"] for a in R.legal(s, 0) if a["type"] == "play"}
    assert played == {"Sword", "Dotty", "Antacid"}
    s = play_card(s, 0, "Dotty")
    s = pass_all(s)
    assert len(s["mobs"][0]) == 7 and C.CARDS[s["mobs"][0][6]["c"]]["name"] == "Dotty"


def test_the_vampire_chooses_among_the_most_enhanced_only():
    mob = [("Karl, Stable Boy", ["Torch"]), ("Chef Kidney", ["Pitchfork"]), "Lady Locke", "Juan, Foreign Guy",
           "Moody Marge", "Franz, Town Baker"]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Vampire"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = pass_all(s)
    assert R.legal(s, 0) == [{"type": "kill", "tf": 0}, {"type": "kill", "tf": 1}]


def test_lucky_lowry_dies_last_before_rules_version_three():
    mob = ["Lucky Lowry", "Karl, Stable Boy", ("Lady Locke", [], True), ("Juan, Foreign Guy", [], True),
           ("Moody Marge", [], True), ("Franz, Town Baker", [], True)]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Giant Rat"], version=2)
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    lines = []
    s = pass_all(s, lines=lines)
    # Kill 1 of two living: Karl must go, Lowry is spared.
    assert "{seat0}'s Karl, Stable Boy is killed." in lines[-1]
    assert "Lucky Lowry is killed" not in " ".join(lines)
    assert s["mobs"][0][1]["dead"] and not s["mobs"][0][0]["dead"]


def test_lucky_lowry_dies_when_nobody_else_is_left():
    mob = ["Lucky Lowry", ("Karl, Stable Boy", [], True), ("Lady Locke", [], True), ("Juan, Foreign Guy", [], True),
           ("Moody Marge", [], True), ("Franz, Town Baker", [], True)]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Giant Rat"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    lines = []
    s = pass_all(s, lines=lines)
    assert "{seat0}'s Lucky Lowry is killed." in lines[-1]


# --- Hunt! ---------------------------------------------------------------------------------------------------

def test_hunt_after_an_event_takes_a_random_moor_monster_and_must_fight():
    s = build(n=2, turn=0, hands={1: ["Torch"]}, monster_top=["Scrap That", "Plague"],
              moor=["Giant Rat", "Giant Rat"])
    s = flip(s)  # Scrap That flips the Plague
    # Plague: both players choose a Townsfolk to die, the active player first.
    assert s["tasks"][0]["seat"] == 0
    s = play(s, 0, {"type": "kill", "tf": 0})
    s = play(s, 1, {"type": "kill", "tf": 0})
    assert s["phase"] == "hunt"
    before = s["rng"]
    s = play(s, 0, {"type": "hunt"})
    assert s["rng"] != before and s["hunted"]
    cb = s["combat"]
    assert cb["hunt"] and cb["stage"] == "fight" and C.CARDS[cb["m"]]["name"] == "Giant Rat"
    s = pass_all(s)
    # After a Hunt comes Recoup; the Plague victim returns.
    assert s["phase"] == "recoup" and not s["mobs"][0][0]["dead"]


def test_no_hunt_after_fighting_in_the_attack():
    s = build(n=2, turn=0, hands={1: ["Torch"]}, monster_top=["Giant Rat"], moor=["Ghost"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = pass_all(s)
    assert s["phase"] == "recoup" and {"type": "hunt"} not in R.legal(s, 0)


def test_defense_turns_its_monster_away_in_the_attack_but_not_in_a_hunt():
    s = build(n=2, turn=0, defense={0: "Werewolf? There Wolf!"}, hands={1: ["Torch"]}, monster_top=["Werewolf"],
              moor=[])
    s = flip(s)
    assert s["combat"] is None and names(s["moor"]) == ["Werewolf"]
    # The Moor now holds the Werewolf: Hunting it means fighting it, Defense or not.
    assert s["phase"] == "hunt"
    s = play(s, 0, {"type": "hunt"})
    assert C.CARDS[s["combat"]["m"]]["name"] == "Werewolf" and s["combat"]["stage"] == "fight"


def test_defense_played_as_an_action_during_your_attack():
    s = build(n=2, turn=0, hands={0: ["Antacid"], 1: ["Torch"]}, monster_top=["Vampire"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play_card(s, 0, "Antacid")
    s = pass_all(s)
    assert names(s["moor"]) == ["Vampire"] and "Antacid" in names(s["mob_discard"])
    assert s["defense"][0] is None and s["phase"] == "hunt"


def test_one_defense_per_player_and_you_may_drop_yours_in_recoup():
    s = build(n=2, turn=0, hands={0: ["Antacid", "Baby Shortage"]}, defense={1: "Werewolf? There Wolf!"},
              phase="recoup")
    s = play_card(s, 0, "Antacid")
    # Player 1 already has a Defense, so the only place for it is in front of player 0.
    s = pass_all(s)
    assert names([s["defense"][0]]) == ["Antacid"]
    assert {"type": "play", "card": card_id(s, 0, "Baby Shortage")} not in R.legal(s, 0)
    s = play(s, 0, {"type": "drop_defense"})
    assert s["defense"][0] is None and "Antacid" in names(s["mob_discard"])


# --- Windows and Cancels ----------------------------------------------------------------------------------

def test_every_seat_with_cards_gets_the_combat_window_in_turn_order():
    s = build(n=4, turn=2, hands={0: ["Torch"], 1: ["Heck Spawn"], 2: ["Rake"], 3: ["Pitchfork"]},
              monster_top=["Giant Rat"])
    s = flip(s)
    s = play(s, 2, {"type": "fight"})
    order = []
    for _ in range(4):
        (seat,) = R.active(s)
        order.append(seat)
        if seat != 1:
            assert R.legal(s, seat) == [{"type": "pass"}], "no playable card, but the window still asks"
        s = play(s, seat, {"type": "pass"})
    assert order == [2, 3, 0, 1]
    assert s["combat"] is None and names(s["scores"][2]) == ["Giant Rat"]


def test_after_a_play_the_window_goes_round_again():
    s = build(n=3, turn=0, hands={0: ["Charge", "Torch"], 1: ["Heck Spawn", "Torch"], 2: ["Torch"]},
              monster_top=["Zombie"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play(s, 0, {"type": "pass"})
    s = play_card(s, 1, "Heck Spawn")  # Power 8 vs Strength 6
    # The Cancel window: the others in turn order from the active player.
    s = play(s, 0, {"type": "pass"})
    s = play(s, 2, {"type": "pass"})
    assert monster_power(s["combat"]) == 8
    # The combat window carries on after player 1: player 2, then player 0 again.
    assert R.active(s) == [2]
    s = play(s, 2, {"type": "pass"})
    assert R.active(s) == [0]
    s = play_card(s, 0, "Charge")
    s = pass_all(s)
    assert score_of(s, 0) == 0 and "Zombie" in names(s["moor"])


def test_a_cancel_is_played_on_heck_spawn():
    s = build(n=3, turn=0, hands={0: ["Torch"], 1: ["Heck Spawn"], 2: ["Meddling Kids", "Rake"]},
              monster_top=["Killer Bug"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play(s, 0, {"type": "pass"})
    s = play_card(s, 1, "Heck Spawn")
    # The Cancel window asks the others in turn order from the active player.
    assert R.active(s) == [0] and R.legal(s, 0) == [{"type": "pass"}]
    prompt = R.prompt(s, 0)
    assert "Cancel it?" in prompt and "Heck Spawn" in prompt
    s = play(s, 0, {"type": "pass"})
    assert R.active(s) == [2]
    assert {"type": "play", "card": card_id(s, 2, "Meddling Kids")} in R.legal(s, 2)
    line = R.describe(s, 2, {"type": "play", "card": card_id(s, 2, "Meddling Kids")})
    assert "Cancel" in line and "Heck Spawn" in line
    s = play_card(s, 2, "Meddling Kids")
    s = pass_all(s)
    assert {"Heck Spawn", "Meddling Kids"} <= set(names(s["mob_discard"]))
    assert names(s["scores"][0]) == ["Killer Bug"], "Strength 6 beats Power 5: the Heck Spawn never happened"


def test_a_cancel_can_be_canceled():
    s = build(n=2, turn=0, hands={0: ["Only a Dream", "Torch"], 1: ["Heck Spawn", "Master Spy"]},
              monster_top=["Killer Bug"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play(s, 0, {"type": "pass"})
    s = play_card(s, 1, "Heck Spawn")
    s = play_card(s, 0, "Only a Dream")
    s = play_card(s, 1, "Master Spy")
    # Master Spy cancels Only a Dream; the Heck Spawn goes through.
    s = pass_all(s)
    assert names(s["moor"]) == ["Killer Bug"] and s["scores"][0] == []


def test_pure_evil_cannot_be_canceled():
    s = build(n=2, turn=0, hands={0: ["Only a Dream", "Torch"], 1: ["Pure Evil"]}, monster_top=["Killer Bug"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play(s, 0, {"type": "pass"})
    s = play_card(s, 1, "Pure Evil")
    assert s["cancel"] is None and monster_power(s["combat"]) == 9
    assert R.legal(s, 0) == [{"type": "pass"}]


def test_heck_spawn_during_another_players_combat_in_a_five_seat_game():
    s = build(n=5, turn=3, hands={p: ["Torch"] for p in range(5)} | {1: ["Heck Spawn", "Torch"]},
              monster_top=["Killer Bug"])
    s = flip(s)
    s = play(s, 3, {"type": "fight"})
    for seat in (3, 4, 0):
        s = play(s, seat, {"type": "pass"})
    s = play_card(s, 1, "Heck Spawn")
    # Every other seat answers the Cancel window (turn order from the active player).
    for seat in (3, 4, 0, 2):
        assert R.active(s) == [seat]
        s = play(s, seat, {"type": "pass"})
    assert monster_power(s["combat"]) == 7
    s = pass_all(s)
    assert "Killer Bug" in names(s["moor"])


def test_windows_skip_only_empty_hands():
    s = build(n=3, turn=0, hands={0: [], 1: [], 2: ["Torch"]}, monster_top=["Giant Rat"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    assert R.active(s) == [2]


def test_all_cancels_in_the_discard_pile_close_the_cancel_window():
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: ["Heck Spawn"]}, monster_top=["Killer Bug"])
    s["mob_discard"] = list(C.CANCEL_CARDS)
    s["mob_deck"] = [c for c in s["mob_deck"] if c not in C.CANCEL_CARDS]
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play(s, 0, {"type": "pass"})
    s = play_card(s, 1, "Heck Spawn")
    assert s["cancel"] is None


# --- Action cards --------------------------------------------------------------------------------------------

def test_escape_plan_neutralizes_and_leaves_the_hunt_open():
    s = build(n=2, turn=0, hands={0: ["Escape Plan"], 1: ["Torch"]}, monster_top=["Raging Dinosaur"],
              moor=["Giant Rat"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play_card(s, 0, "Escape Plan")
    s = pass_all(s)
    assert "Raging Dinosaur" in names(s["moor"]) and s["phase"] == "hunt"


def test_town_on_guard_saves_the_townsfolk():
    s = build(n=2, turn=0, hands={0: ["Town on Guard"], 1: ["Torch"]}, monster_top=["Raging Dinosaur"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play_card(s, 0, "Town on Guard")
    s = pass_all(s)
    assert not any(t["dead"] for t in s["mobs"][0]) and not s["tasks"]


def test_torrential_downpour_melts_a_witch():
    s = build(n=2, turn=0, hands={0: ["Torrential Downpour"], 1: ["Torch"]}, monster_top=["Evil Witch"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play_card(s, 0, "Torrential Downpour")
    s = pass_all(s)
    assert names(s["scores"][0]) == ["Evil Witch"]


def test_torrential_downpour_melts_no_monster_but_a_witch():
    # Six plain Townsfolk against the Zombie (Power 6): a tie, so the Zombie wins; it is Undead, not a Witch.
    s = build(n=2, turn=0, hands={0: ["Torrential Downpour"], 1: ["Torch"]}, monster_top=["Zombie"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play_card(s, 0, "Torrential Downpour")
    s = pass_all(s)
    assert names(s["scores"][0]) == []
    assert s["tasks"] and s["tasks"][0]["k"] == "kill"


def test_bump_on_the_head_knocks_out_and_discards_enhancements():
    s = build(n=2, turn=0, hands={0: ["Bump on the Head"]}, mobs={1: [("Karl, Stable Boy", ["Sword"]), "Chef Kidney",
              "Lady Locke", "Juan, Foreign Guy", "Moody Marge", "Franz, Town Baker"]}, phase="recoup")
    s = play_card(s, 0, "Bump on the Head")
    s = play(s, 0, {"type": "target", "seat": 1, "tf": 0})
    s = pass_all(s)
    assert s["mobs"][1][0]["dead"] and s["mobs"][1][0]["enh"] == [] and "Sword" in names(s["mob_discard"])


def test_bentley_cannot_be_bumped():
    s = build(n=2, turn=0, hands={0: ["Bump on the Head"]}, mobs={1: ["Bentley the Brawler", "Chef Kidney",
              "Lady Locke", "Juan, Foreign Guy", "Moody Marge", "Franz, Town Baker"]}, phase="recoup")
    s = play_card(s, 0, "Bump on the Head")
    assert {"type": "target", "seat": 1, "tf": 0} not in R.legal(s, 0)


def test_overpopulation_never_takes_a_mob_below_six():
    seven = ["Chef Kidney", "Lady Locke", "Juan, Foreign Guy", "Moody Marge", "Franz, Town Baker", "Karl, Stable Boy",
             ("Dotty", ["Torch"])]
    s = build(n=2, turn=0, hands={0: ["Overpopulation", "Overpopulation"]}, mobs={1: seven}, phase="recoup")
    s = play_card(s, 0, "Overpopulation")  # only player 1 has more than 6
    s = pass_all(s)
    assert s["tasks"] == [{"k": "overpop", "seat": 1}]
    s = play(s, 1, {"type": "remove", "tf": 6})
    assert len(s["mobs"][1]) == 6 and {"Dotty", "Torch"} <= set(names(s["mob_discard"]))
    # Now nobody has more than six: the second Overpopulation has no target.
    assert all(a.get("type") != "play" for a in R.legal(s, 0))


def test_sticky_fingers_takes_a_random_card_without_naming_it():
    s = build(n=2, turn=0, hands={0: ["Sticky Fingers"], 1: ["Sword"]}, phase="recoup")
    line = R.describe(s, 0, {"type": "play", "card": card_id(s, 0, "Sticky Fingers")})
    s = play_card(s, 0, "Sticky Fingers")
    s = pass_all(s)
    assert names(s["hands"][0]) == ["Sword"] and s["hands"][1] == []
    assert "Sword" not in line


def test_night_watch_and_occult_librarian_and_torches_against_the_mummy():
    mob = [("Karl, Stable Boy", ["Torch", "Occult Librarian"]), "Chef Kidney", "Lady Locke", "Juan, Foreign Guy",
           "Moody Marge", "Franz, Town Baker"]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Mummy"])
    s = flip(s)
    # 6 Townsfolk + Torch 1 (+1 against the Mummy) + Librarian 3 against the Undead = 11.
    assert mob_strength(s, 0, s["combat"]) == 11


def test_ghost_ignores_weapons_and_the_evil_witch_ignores_leaders():
    mob = [("Karl, Stable Boy", ["Sword", "Hero!"]), "Chef Kidney", "Lady Locke", "Juan, Foreign Guy",
           "Moody Marge", "Franz, Town Baker"]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Ghost"])
    s = flip(s)
    assert mob_strength(s, 0, s["combat"]) == 8
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Evil Witch"])
    s = flip(s)
    assert mob_strength(s, 0, s["combat"]) == 9


def test_grenade_is_used_up_after_one_fight():
    mob = [("Karl, Stable Boy", ["Grenade"]), "Chef Kidney", "Lady Locke", "Juan, Foreign Guy",
           "Moody Marge", "Franz, Town Baker"]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Mummy"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    assert mob_strength(s, 0, s["combat"]) == 9 > monster_power(s["combat"])
    s = pass_all(s)
    assert s["mobs"][0][0]["enh"] == [] and "Grenade" in names(s["mob_discard"])


# --- Events ----------------------------------------------------------------------------------------------------

def test_risen_from_the_dead_must_be_fought():
    s = build(n=2, turn=0, hands={1: ["Torch"]}, monster_top=["Risen from the Dead"], moor=["Giant Rat"])
    s = flip(s)
    assert s["combat"]["risen"] and s["combat"]["stage"] == "fight"
    s = pass_all(s)
    assert names(s["scores"][0]) == ["Giant Rat"] and s["phase"] == "recoup"


def test_vanished_into_the_mists_empties_the_moor():
    s = build(n=2, turn=0, monster_top=["Vanished Into the Mists"], moor=["Giant Rat", "Ghost"])
    n = len(s["monster_deck"])
    s = flip(s)
    assert s["moor"] == [] and len(s["monster_deck"]) == n + 1
    assert s["phase"] == "recoup"


def test_cowering_bureaucrats_block_recoup_plays():
    s = build(n=2, turn=0, hands={0: ["Sword", "Charge"]}, monster_top=["Cowering Bureaucrats"])
    s = flip(s)
    assert s["phase"] == "recoup"
    assert not [a for a in R.legal(s, 0) if a["type"] == "play"]


# --- Reshuffles and the end -------------------------------------------------------------------------------------

def test_the_mob_deck_is_reshuffled_from_its_discard_pile():
    s = build(n=2, turn=1, phase="discard", hands={0: []})
    s["mob_discard"] = s["mob_deck"][:-2]
    s["mob_deck"] = s["mob_deck"][-2:]
    s = play(s, 1, {"type": "end"})
    assert len(s["hands"][0]) == 5 and s["mob_discard"] == []


def test_the_monster_deck_is_reshuffled_from_its_discard_and_the_moor():
    s = build(n=2, turn=0, hands={0: [], 1: []})
    pile = list(range(12, 32))  # twenty Monsters
    s["monster_discard"] = pile[:10]
    s["moor"] = pile[10:]
    s["monster_deck"] = []
    s, line = step(s, 0, {"type": "flip"})
    assert line.startswith("The Monster discard pile and the Moor are shuffled into a new Monster deck. {seat0} flips ")
    assert s["monster_discard"] == [] and s["moor"] == []
    assert sorted(s["monster_deck"] + [s["combat"]["m"]]) == pile


def test_an_empty_monster_deck_with_nothing_to_reshuffle_ends_the_attack():
    s = build(n=2, turn=0, hands={0: [], 1: []})
    s["monster_deck"] = []
    s, line = step(s, 0, {"type": "flip"})
    assert line == "The Monster deck is empty: every Monster has been slain."
    assert s["phase"] == "recoup"


def test_first_to_the_target_wins_at_once():
    s = build(n=3, turn=1, target=20, scores={1: ["Giant Ape", "Giant Ape"]}, hands={0: ["Torch"], 2: ["Torch"]},
              monster_top=["Giant Rat"])
    s = flip(s)
    s = play(s, 1, {"type": "fight"})
    s = pass_all(s)
    out = R.outcome(s)
    assert out["winners"] == [1] and out["scores"][1] == 22 and R.active(s) == []
    assert all(R.legal(s, p) == [] for p in range(3))
    assert "saves the town" in out["tiebreaks"][0]


# --- Invariants ---------------------------------------------------------------------------------------------

def _census(s):
    ids = []
    for k in ("mob_deck", "mob_discard", "monster_deck", "monster_discard", "moor", "spare"):
        ids += s[k]
    for h in s["hands"] + s["scores"]:
        ids += h
    ids += [c for c in s["choosing"] if c is not None]
    for mob in s["mobs"]:
        for t in mob:
            ids += [t["c"]] + t["enh"]
    ids += [d for d in s["defense"] if d is not None] + [e["card"] for e in s["stack"]]
    if s["combat"] is not None and s["combat"]["stage"] != "done":
        ids.append(s["combat"]["m"])
    return sorted(ids)


@pytest.mark.parametrize("seats,version", [(2, 2), (5, 2), (3, 1)])
def test_every_card_is_always_in_exactly_one_place(seats, version):
    everything = sorted(C.CARDS)
    for seed in (21, 22):
        s = R.setup(seed, seats, {"target": 20}, version=version)
        rng = Rng(seed_state(seed))
        while R.active(s):
            assert _census(s) == everything
            seat = R.active(s)[0]
            legal = R.legal(s, seat)
            s = play(s, seat, legal[rng.below(len(legal))])
        assert _census(s) == everything


@pytest.mark.parametrize("seats", [2, 4])
def test_determinize_is_consistent_with_the_view(seats):
    s = R.setup(31, seats, {})
    rng = Rng(seed_state(31))
    checked = 0
    while R.active(s) and checked < 150:
        seat = R.active(s)[0]
        view = R.view(s, seat)
        world = R.determinize(view, seat, Rng(seed_state(checked)))
        assert _census(world) == sorted(C.CARDS)
        assert R.view(world, seat) == view
        assert R.legal(world, seat) == R.legal(s, seat)
        legal = R.legal(s, seat)
        s = play(s, seat, legal[rng.below(len(legal))])
        checked += 1


def test_a_game_under_the_first_rules_keeps_its_secrets_too():
    """Saved games of the first rules go on being played: their views hide the same things."""
    s = R.setup(8, 3, {"target": 20}, version=1)
    rng = Rng(seed_state(8))
    step_no = 0
    while R.active(s) and step_no < 400:
        if step_no % 7 == 0:
            conformance.check_secrets(R, s, 3, rng, step_no)
        seat = R.active(s)[0]
        legal = R.legal(s, seat)
        s = play(s, seat, legal[rng.below(len(legal))])
        step_no += 1
    assert s["v"] == 1


# --- Hidden information -----------------------------------------------------------------------------------

def test_views_hide_hands_decks_and_the_prng():
    s = R.setup(3, 4, {})
    for seat in (0, 1, None):
        v = R.view(s, seat)
        assert "rng" not in v
        assert v["mob_deck"] == [None] * len(s["mob_deck"]) and v["monster_deck"] == [None] * 60
        assert v["spare"] == [None] * 6
        assert [len(h) for h in v["hands"]] == [5, 5, 5, 5]
        for p in range(4):
            assert v["hands"][p] == (s["hands"][p] if p == seat else [None] * 5)
        # No card id of another hand appears anywhere in the view.
        flat = json.dumps({k: val for k, val in v.items() if k != "hands"})
        numbers = {int(x) for x in re.findall(r"\d+", flat)}
        for other in range(4):
            if other != seat:
                assert not set(s["hands"][other]) & numbers


def test_a_target_choice_is_private_until_the_card_is_played():
    s = build(n=2, turn=0, hands={0: ["Sword", "Torch"], 1: ["Torch"]}, phase="recoup")
    sword = card_id(s, 0, "Sword")
    s, line = step(s, 0, {"type": "play", "card": sword})
    assert line == "{seat0} plays a card and chooses its target."
    assert s["choosing"][0] == sword and s["select"] == {"seat": 0, "mode": "own"}
    assert R.view(s, 1)["choosing"] == ["?", None] and R.view(s, 1)["hands"][0] == [None]
    assert R.view(s, 0)["choosing"][0] == sword
    assert R.prompt(s, 0) == "Choose a target for Sword"
    s, line = step(s, 0, R.legal(s, 0)[0])
    assert line.startswith("{seat0} plays Sword on {seat0}'s ")
    assert s["choosing"] == [None, None] and s["stack"][0]["card"] == sword


def test_undo_barriers_come_from_reveals_and_rolls_but_not_from_choices():
    from tabletown.engine.events import is_barrier

    def barrier(s, seat, action):
        after, events = R.apply(s, seat, action)
        return after, is_barrier(events)

    s = build(n=2, turn=0, hands={0: ["Sword", "Torch"], 1: ["Torch"]}, phase="recoup")
    a, b = barrier(s, 0, {"type": "play", "card": card_id(s, 0, "Sword")})
    assert not b, "choosing the card to play shows nothing yet"
    c, b = barrier(a, 0, {"type": "target", "seat": 0, "tf": 0})
    assert b, "the played card is now public"
    d, b = barrier(c, 1, {"type": "pass"})
    assert not b, "passing shows nothing"
    e, b = barrier(d, 0, {"type": "discard", "card": card_id(d, 0, "Torch")})
    assert b, "a discarded card is shown"
    f, b = barrier(e, 0, {"type": "end"})
    assert not b, "asking the others before the turn ends shows nothing"
    _, b = barrier(f, 1, {"type": "pass"})
    assert b, "the next player draws"
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: []}, monster_top=["Werewolf"])
    s, b = barrier(s, 0, {"type": "flip"})
    assert b, "a flipped Monster is shown"
    _, b = barrier(s, 0, {"type": "fight"})
    assert not b
    _, b = barrier(s, 0, {"type": "flee"})
    assert b, "a die is rolled"


_MOB_NAMES = sorted({C.CARDS[c]["name"] for c in C.MOB_DECK}, key=len, reverse=True)


def _public_names(s):
    pub = set()
    for c in s["mob_discard"]:
        pub.add(C.CARDS[c]["name"])
    for mob in s["mobs"]:
        for t in mob:
            pub.add(C.CARDS[t["c"]]["name"])
            pub.update(C.CARDS[e]["name"] for e in t["enh"])
    pub.update(C.CARDS[d]["name"] for d in s["defense"] if d is not None)
    pub.update(C.CARDS[e["card"]]["name"] for e in s["stack"])
    return pub


def _named_cards(line):
    found = []
    rest = line
    for nm in _MOB_NAMES:
        if re.search(r"(?<![\w'])" + re.escape(nm) + r"(?![\w'])", rest):
            found.append(nm)
            rest = rest.replace(nm, " ")
    return found


@pytest.mark.parametrize("seats", [2, 4])
def test_log_lines_name_only_public_cards(seats):
    for seed in (5, 6):
        s = R.setup(seed, seats, {})
        rng = Rng(seed_state(seed))
        steps = 0
        while R.active(s) and steps < 600:
            seat = R.active(s)[0]
            legal = R.legal(s, seat)
            action = legal[rng.below(len(legal))]
            after, line = step(s, seat, action)
            public = _public_names(s) | _public_names(after)
            for nm in _named_cards(line):
                assert nm in public, f"log line names a hidden card: {line!r}"
            s = after
            steps += 1


# --- bots ------------------------------------------------------------------------------------------------

def _bot_game(seed, levels, target=30, version=None):
    from tabletown.engine.bots import bot_seed

    n = len(levels)
    s = R.setup(seed, n, {"target": target}, version=version)
    turn = 0
    while R.active(s):
        seat = R.active(s)[0]
        legal = R.legal(s, seat)
        action = BOTS[levels[seat]](R, R.view(s, seat), seat, legal, Rng(bot_seed(seed, turn, seat)))
        assert action in legal
        s = play(s, seat, action)
        turn += 1
    return s


def test_hard_beats_easy_head_to_head():
    wins = 0
    games = 16
    for seed in range(games):
        levels = ["hard", "easy"] if seed % 2 == 0 else ["easy", "hard"]
        s = _bot_game(500 + seed, levels)
        wins += levels[s["winner"]] == "hard"
    assert wins >= 11, f"hard won only {wins} of {games}"


def test_one_hard_bot_wins_more_than_its_share_of_four_seat_games():
    wins = 0
    for seed in range(20):
        levels = ["easy"] * 4
        levels[seed % 4] = "hard"
        s = _bot_game(700 + seed, levels)
        wins += levels[s["winner"]] == "hard"
    assert wins >= 7, f"hard won {wins} of 20 (an even share is 5)"


def test_bots_play_a_saved_game_of_the_first_rules_to_the_end():
    s = _bot_game(41, ["hard", "easy", "hard"], target=20, version=1)
    assert s["v"] == 1 and s["winner"] is not None


def test_hard_bot_denies_a_rival_about_to_win():
    s = build(n=2, turn=1, target=30, scores={1: ["Giant Ape", "Giant Ape", "Giant Ape"]},
              hands={0: ["Heck Spawn", "Torch"], 1: ["Torch"]}, monster_top=["Killer Bug"])
    s = flip(s)
    s = play(s, 1, {"type": "fight"})
    s = play(s, 1, {"type": "pass"})
    action = BOTS["hard"](R, R.view(s, 0), 0, R.legal(s, 0), Rng(seed_state(1)))
    assert action == {"type": "play", "card": card_id(s, 0, "Heck Spawn")}


def test_hard_bot_saves_its_cancel_for_what_matters():
    # A Torch on a far-behind rival's Mob is not worth a Cancel …
    s = build(n=3, turn=1, hands={0: ["Only a Dream"], 1: ["Torch"], 2: ["Rake"]}, phase="recoup")
    s = play_card(s, 1, "Torch")
    while s["select"] is not None:
        s = play(s, 1, R.legal(s, 1)[0])
    if R.active(s) == [2]:
        s = play(s, 2, {"type": "pass"})
    assert R.active(s) == [0]
    assert BOTS["hard"](R, R.view(s, 0), 0, R.legal(s, 0), Rng(seed_state(1))) == {"type": "pass"}
    # … but a Heck Spawn that turns its own won fight into a loss is.
    s = build(n=2, turn=0, hands={0: ["Only a Dream", "Torch"], 1: ["Heck Spawn"]}, monster_top=["Killer Bug"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play(s, 0, {"type": "pass"})
    s = play_card(s, 1, "Heck Spawn")
    action = BOTS["hard"](R, R.view(s, 0), 0, R.legal(s, 0), Rng(seed_state(1)))
    assert action == {"type": "play", "card": card_id(s, 0, "Only a Dream")}


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_both_bots_play_a_defense_rather_than_flee_a_fight_they_would_lose(level):
    s = build(n=2, turn=0, hands={0: ["Antacid", "Charge"], 1: ["Torch"]}, monster_top=["Vampire"])
    s = flip(s)
    assert {"type": "play", "card": card_id(s, 0, "Antacid")} in R.legal(s, 0)
    action = BOTS[level](R, R.view(s, 0), 0, R.legal(s, 0), Rng(seed_state(1)))
    assert action == {"type": "play", "card": card_id(s, 0, "Antacid")}


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_both_bots_bring_back_their_best_townsfolk(level):
    mob = [("Chef Kidney", [], True), ("Officer Dave", [], True), ("Karl, Stable Boy", [], True), "Lady Locke",
           "Juan, Foreign Guy", "Moody Marge"]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, phase="hunt", moor=["Giant Rat"])
    s = skip_hunt(s)
    assert R.legal(s, 0) == [{"type": "revive", "tf": i} for i in (0, 1, 2)]
    action = BOTS[level](R, R.view(s, 0), 0, R.legal(s, 0), Rng(seed_state(1)))
    assert action == {"type": "revive", "tf": 1}, "Officer Dave is worth two"


def test_hard_bot_arms_its_mob_with_a_lathe_before_someone_elses_flip():
    s = build(n=2, turn=1, hands={0: ["Rudimentary Lathe"], 1: ["Torch"]}, monster_top=["Giant Rat"])
    s = play(s, 1, {"type": "flip"})
    assert R.active(s) == [0] and s["window"]["kind"] == "anytime"
    action = BOTS["hard"](R, R.view(s, 0), 0, R.legal(s, 0), Rng(seed_state(1)))
    assert action == {"type": "play", "card": card_id(s, 0, "Rudimentary Lathe")}


# --- refusals ------------------------------------------------------------------------------------------

def test_illegal_actions_are_refused_readably():
    s = R.setup(1, 2, {})
    seat = R.active(s)[0]
    for bad in ({"type": "fight"}, {"type": "play", "card": 999}, {"type": "flip", "x": 1}, "flip", None):
        with pytest.raises(IllegalAction):
            R.apply(s, seat, bad)
    with pytest.raises(IllegalAction):
        R.apply(s, 1 - seat, {"type": "flip"})
