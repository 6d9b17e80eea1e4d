"""Ruthless: each table and worked example of the rulebook, as a test."""

from __future__ import annotations

import pytest

from tabletown.games.ruthless import cards as K
from tabletown.games.ruthless import content as C
from tabletown.games.ruthless.phrases import TRAIT_NAMES

# "Derringer 6"/-, 2 rounds; Shotgun 8"/12", 2 rounds, +2 close -1 long; Revolver 8"/12", 6 rounds,
# Fanfire; Buntline 8"/16"; Bow -/16" free reload; Repeating Rifle 10"/24", 10 rounds; Sharps
# Carbine 18"/36", 1 round."
WEAPON_TABLE = {
    "derringer": (600, None, 2, 0, 0, False, False),
    "shotgun": (800, 1200, 2, 2, -1, False, False),
    "revolver": (800, 1200, 6, 0, 0, True, False),
    "buntline": (800, 1600, 6, 0, 0, False, False),
    "bow": (None, 1600, 1, 0, 0, False, True),
    "repeating-rifle": (1000, 2400, 10, 0, 0, False, False),
    "sharps-carbine": (1800, 3600, 1, 0, 0, False, False),
}


def test_the_weapon_table():
    got = {w["id"]: (w["short"], w["long"], w["rounds"], w["close_mod"], w["long_mod"], w["fanfire"], w["free_reload"])
           for w in C.WEAPONS.rows}
    assert got == WEAPON_TABLE


# "1-2 Leg (only one Move per turn), 3-4 Arm (only one Shoot per turn), 5-6 Graze (no effect), 7 Gut
# Punch (unconscious only from Fisticuffs), 8-9 Chest (cannot Aim), 10 Severe Wound (knocked unconscious)."
@pytest.mark.parametrize("roll,result,box,knockout", [
    (1, "leg", "leg", "never"), (2, "leg", "leg", "never"), (3, "arm", "arm", "never"), (4, "arm", "arm", "never"),
    (5, "graze", None, "never"), (6, "graze", None, "never"), (7, "gut-punch", None, "fisticuffs"),
    (8, "chest", "chest", "never"), (9, "chest", "chest", "never"), (10, "severe", "severe", "always"),
])
def test_the_wound_table(roll, result, box, knockout):
    row = C.wound_row(roll)
    assert (row["id"], row["box"], row["knockout"]) == (result, box, knockout)


def test_the_wound_table_has_no_gaps():
    with pytest.raises(ValueError):
        C.wound_row(0)
    with pytest.raises(ValueError):
        C.wound_row(11)


# "On FOOT 6" or 3" (Open vs. Rough) On HORSE 12" or 8" (Open vs. Rough)"
def test_the_movement_table():
    assert (C.FOOT_OPEN, C.FOOT_ROUGH, C.HORSE_OPEN, C.HORSE_ROUGH) == (600, 300, 1200, 800)


# "SHORT RANGE 6+ LONG RANGE 8+" and "+1 aiming, -1 Lily Livered firer, -1 partial/soft cover,
# -2 hard cover, -2 firing mounted"
def test_the_to_hit_table_and_its_modifiers():
    assert (C.SHORT_NEED, C.LONG_NEED) == (6, 8)
    assert (C.AIM_BONUS, C.LILY_FIRER, C.COVER_MOD["soft"], C.COVER_MOD["hard"], C.MOUNTED_FIRER) == (1, -1, -1, -2, -2)


# "When shooting at a mounted target a second d10 decides horse (1-5) or rider (6-10)."
# "Horses are killed when they suffer any combination of three total hits."
def test_horse_or_rider_and_three_hits_for_a_horse():
    assert C.HORSE_OR_RIDER == 5 and C.HORSE_HITS == 3


# Special ranks: "A/K/Q/J automatically pass Get Your Courage Up; a 7 for initiative gives one
# character three actions; A or 4 for initiative revives all Unconscious models; 3 lets the player
# discard at turn end; 2 is a 'Low Blow' in Fisticuffs."
@pytest.mark.parametrize("rank", range(2, 15))
def test_the_special_card_ranks(rank):
    c = K.card_of(rank, K.HEARTS)
    assert K.is_whiskey(c) is (rank >= 11)
    assert K.third_action(c) is (rank == 7)
    assert K.revives(c) is (rank in (4, 14))
    assert K.discard_privilege(c) is (rank == 3)
    assert K.low_blow(c, K.card_of(9, K.HEARTS)) is (rank == 2)
    assert K.low_blow(c, K.card_of(9, K.SPADES)) is False


# "ties broken by suit (Spades, Hearts, Diamonds, Clubs)"
def test_initiative_order_of_the_deck():
    order = sorted(K.DECK, reverse=True)
    assert [K.rank(c) for c in order[:4]] == [14] * 4
    assert [K.suit(c) for c in order[:4]] == [K.SPADES, K.HEARTS, K.DIAMONDS, K.CLUBS]
    assert len(K.DECK) == 52 and len(set(K.DECK)) == 52


# "After each Fire action, the firing player rolls a d10. On 1-4 he is assigned one random
# citizen's character card ... Jim Masterson must go to the Masterson posse and the last to appear
# is always the mayor."
def test_dodge_city_citizens():
    cit = C.SCENARIOS.by_id["dodge-city"]["citizens"]
    assert cit["join_on"] == 4
    assert "jim-masterson" in cit["deck"] and cit["always"] == {"jim-masterson": 0}
    assert cit["last"] == "mayor-webster" and "mayor-webster" not in cit["deck"]
    assert C.SCENARIOS.by_id["dodge-city"]["sides"][0] == "masterson"


# "Traits include Bowie Knife, Cool Hand (ignore first failed Toughness test), Dirty Cheat (swap a
# card with another player), Drunk, Expert Rider, Greenhorn (-2 shooting), Gunfighter (+1), Law Dog
# (cannot shoot until enemy fires), Loud Mouth, Lucky (one re-roll), Marksman, Stealthy, Tough as
# Nails, Trigger Finger (+1 snap shot cards), Yella Belly and others."
NAMED_TRAITS = ["Bowie Knife", "Cool Hand", "Dirty Cheat", "Drunk", "Expert Rider", "Greenhorn", "Gunfighter",
                "Law Dog", "Loud Mouth", "Lucky", "Marksman", "Stealthy", "Tough as Nails", "Trigger Finger",
                "Yella Belly"]


def test_every_named_trait_and_a_few_more():
    names = [TRAIT_NAMES[t["id"]] for t in C.TRAITS.rows]
    assert all(n in names for n in NAMED_TRAITS)
    assert len(names) - len(NAMED_TRAITS) >= 3
    by = C.TRAITS.by_id
    assert by["greenhorn"]["shoot"] == -2 and by["gunfighter"]["shoot"] == 1 and by["trigger-finger"]["snap"] == 1
    assert by["cool-hand"]["once"] and by["lucky"]["once"] and by["dirty-cheat"]["per_turn"]


# "Toughness is the target number for d10 tests (lower is better): veterans 3-4, experienced 5-6,
# nervous 7-8; 1, 2, 9, 10 to be avoided or reserved for exceptional cases." "One or two [traits]
# per character recommended."
def test_character_cards_follow_the_design_guide():
    for row in C.CHARACTERS.rows:
        assert 3 <= row["toughness"] <= 8, row["id"]
        assert 1 <= len(row["traits"]) <= 2, row["id"]
        assert 1 <= len(row["weapons"]) <= 2, row["id"]
        assert set(row["boxes"]) == {"leg", "arm", "chest", "severe"}
        assert all(n >= 1 for n in row["boxes"].values())


# "At the end of each turn both sides roll 1d10; if the roll is less than or equal to the number
# of their characters dead, Lily Livered or Unconscious, their remaining men flee."
def test_skedaddle_example_three_down_flee_on_three_or_less():
    from tabletown.games.ruthless import models as M
    from tests.unit.test_ruthless_helpers import acting, arena, dice, play, put

    for roll, fled in ((3, True), (4, False)):
        st = acting(arena(hands=[[1], [2]]), 0)
        put(st, "morgan-earp", 0, [1000, 1000])
        put(st, "wyatt-earp", 0, [1000, 1200], status=M.DEAD)
        put(st, "virgil-earp", 0, [1000, 1400], status=M.DOWN)
        put(st, "doc-holliday", 0, [1000, 1600], lily=True)
        put(st, "ike-clanton", 1, [3000, 1000])
        st["order"] = [0, 1]
        with dice(roll):
            st, _ = play(st, 0, {"type": "end"})
            st, _ = play(st, 1, {"type": "end"})
        assert st["fled"][0] is fled


# "play any card higher than the opponent's initiative card to take a single un-aimed shot first or
# move 3" toward cover" and "Trigger Finger (+1 snap shot cards)": higher is by rank (equal is not
# higher), and Trigger Finger's +1 has no cap, so his Ace (15) beats an Ace played for initiative.
@pytest.mark.parametrize("mine,initiative,trigger_finger,higher", [
    ((14, K.CLUBS), (14, K.SPADES), True, True),
    ((14, K.SPADES), (14, K.CLUBS), False, False),
    ((13, K.SPADES), (14, K.CLUBS), True, False),
    ((13, K.CLUBS), (14, K.SPADES), False, False),
    ((14, K.CLUBS), (13, K.SPADES), False, True),
    ((9, K.SPADES), (9, K.CLUBS), False, False),
    ((9, K.CLUBS), (9, K.SPADES), True, True),
    ((10, K.CLUBS), (9, K.SPADES), False, True),
])
def test_a_snap_shot_card_must_be_higher_than_the_initiative_card(mine, initiative, trigger_finger, higher):
    bonus = 1 if trigger_finger else 0
    assert K.beats_for_snap(K.card_of(*mine), K.card_of(*initiative), bonus) is higher


def test_trigger_finger_adds_one_to_snap_shot_cards_only():
    row = C.TRAITS.by_id["trigger-finger"]
    assert row["snap"] == 1 and row["brawl"] == 0
