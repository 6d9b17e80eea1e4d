"""Tavern Tussle: who acts first and who wins a tie, from the rulebook's words.

"Resolve the active Hero with the highest initiative and then proceed in descending
initiative order… If Initiative is tied, the player with the most Luck showing on their
Hero cards goes first. Then the player with the least amount of cards in their tableau.
If it's still a tie, the youngest player goes first." The final scores: "the player with
the most Luck wins. If there is still a tie, the player with the least amount of cards in
their tableau wins. If it is still a tie, the youngest player wins."

Every comparison is tried on each side of its boundary and on it, and every pair of
neighbouring tie-breakers with cases where they disagree. The Hare's Quick Draught ("If
this card is face-up in your tableau, add 3…") is the Cheers Hero's, as Boost's is.
"""

from __future__ import annotations

import pytest

import tabletown.games.tavern_tussle.game as tt
from tabletown.games.tavern_tussle.content import DECKS, HEROES
from tabletown.games.tavern_tussle.rules import scenario
from tabletown.games.tavern_tussle.scoring import (
    final_key,
    initiative,
    initiative_bonus,
    initiative_key,
    luck_showing,
)

R = tt.RULES
ALLIGATOR, BEAR, TOUCAN, HARE = range(4)


def hid(name: str, animal: str = "") -> int:
    for h in HEROES:
        if h["name"] == name and (not animal or h["animal"] == animal):
            return h["id"]
    raise KeyError(name)


ARCHER_FOX, ARCHER_HEDGEHOG, ARCHER_MOLE = hid("Archer", "fox"), hid("Archer", "hedgehog"), hid("Archer", "mole")
KNIGHT, KNIGHT2, DUELIST = hid("Knight", "badger"), hid("Knight", "stag"), hid("Duelist", "weasel")
THIEF, GAMBLER = hid("Thief", "rat"), hid("Gambler")  # Luck
SAGE, PILGRIM, GIANT = hid("Sage"), hid("Pilgrim"), hid("Giant")
BARD, QUEEN, KING = hid("Bard", "frog"), hid("Queen"), hid("King", "lion")


def reveal(actives, tableaus=None, ages=None, taverners=None, version=2, tav_up=None, advanced=False):
    """Seats pick `actives` (and discard a filler); returns the reveal's events and the state."""
    n = len(actives)
    tableaus = tableaus or [[] for _ in range(n)]
    used = set(actives) | {c if c >= 0 else ~c for t in tableaus for c in t}
    spare = [c for c in DECKS[4] if c not in used]
    hands = [[actives[s], spare[2 * s], spare[2 * s + 1]] for s in range(n)]
    st = scenario(n, list(taverners or (ALLIGATOR, BEAR, TOUCAN, HARE)[:n]), hands, tableaus, ages=ages,
                  version=version, tav_up=tav_up, advanced=advanced)
    events = []
    for s in range(n):
        st = R.apply(st, s, {"type": "activate", "card": actives[s]})[0]
        st, events = R.apply(st, s, {"type": "discard", "card": spare[2 * s]})
    shown = next(e for e in events if e["t"] == "reveal")
    return shown, events, st


def order(*args, **kwargs) -> list[int]:
    return reveal(*args, **kwargs)[0]["order"]


def ties(*args, **kwargs) -> list[str]:
    _, events, _ = reveal(*args, **kwargs)
    return [R.phrase([e]) for e in events if e["t"] == "tie"]


# --- Initiative: the highest first ------------------------------------------------------------
def test_the_higher_initiative_acts_first_on_either_seat():
    assert order([ARCHER_FOX, KNIGHT]) == [0, 1]  # 7 before 6
    assert order([KNIGHT, ARCHER_FOX]) == [1, 0]
    assert order([ARCHER_FOX, DUELIST]) == [1, 0]  # 7 after 8
    assert order([DUELIST, ARCHER_FOX]) == [0, 1]


def test_equal_initiative_goes_to_the_tie_breakers_not_to_the_seat():
    assert order([ARCHER_FOX, ARCHER_MOLE], ages=[1, 0]) == [1, 0]
    assert order([ARCHER_FOX, ARCHER_MOLE], ages=[0, 1]) == [0, 1]


def test_a_boost_adds_two_for_each_face_up_boost_hero():
    squire, minstrel = hid("Squire"), hid("Minstrel", "cricket")  # Boost Heroes without Luck
    assert order([KNIGHT, ARCHER_FOX], [[squire], []]) == [0, 1]  # 6 + 2 = 8 beats 7
    # 8 ties the Duelist's 8: with a card each and no Luck, the younger goes first.
    assert order([KNIGHT, DUELIST], [[squire], [SAGE]], ages=[0, 1]) == [0, 1]
    assert order([KNIGHT, DUELIST], [[squire], [SAGE]], ages=[1, 0]) == [1, 0]
    assert order([KNIGHT, DUELIST], [[squire, minstrel], [SAGE]], ages=[1, 0]) == [0, 1]  # 10 beats 8
    assert order([KNIGHT, ARCHER_FOX], [[~squire], []]) == [1, 0]  # a flipped Boost is only a Coin
    shown, _, _ = reveal([KNIGHT, ARCHER_FOX], [[squire, minstrel], []])
    assert shown["inits"] == [10, 7]


# --- ties of Initiative: Luck, then fewer tableau cards, then the younger player -------------------
def test_more_luck_showing_goes_first_including_the_active_hero():
    # Archer hedgehog is Luck, Archer fox is not: the hedgehog goes first though its player is older.
    assert order([ARCHER_FOX, ARCHER_HEDGEHOG], ages=[0, 1]) == [1, 0]
    assert order([ARCHER_HEDGEHOG, ARCHER_FOX], ages=[1, 0]) == [0, 1]
    assert ties([ARCHER_FOX, ARCHER_HEDGEHOG]) == ["{seat1} goes before {seat0} on Initiative 7: more Luck showing."]


def test_luck_in_the_tableau_counts_and_one_more_is_enough():
    assert order([ARCHER_FOX, ARCHER_MOLE], [[], [THIEF]], ages=[0, 1]) == [1, 0]
    assert order([ARCHER_FOX, ARCHER_MOLE], [[THIEF, GAMBLER], [hid("Cleric")]], ages=[1, 0]) == [0, 1]  # 2 beats 1


def test_a_coin_shows_no_luck():
    assert luck_showing([THIEF, ~GAMBLER]) == 1
    # Both show no Luck (a flipped Thief is a Coin), both have one card: the younger goes first.
    assert order([ARCHER_FOX, ARCHER_MOLE], [[~THIEF], [SAGE]], ages=[1, 0]) == [1, 0]
    assert order([ARCHER_FOX, ARCHER_MOLE], [[~THIEF], [SAGE]], ages=[0, 1]) == [0, 1]


def test_luck_comes_before_fewer_cards():
    # Seat 0 shows more Luck but has more cards: Luck decides.
    assert order([ARCHER_FOX, ARCHER_MOLE], [[THIEF, GIANT], [SAGE]], ages=[1, 0]) == [0, 1]
    assert order([ARCHER_MOLE, ARCHER_FOX], [[SAGE], [THIEF, GIANT]], ages=[0, 1]) == [1, 0]


def test_fewer_cards_come_before_the_younger_player():
    # Equal Luck; seat 1 has one card fewer but is the older: fewer cards decide.
    assert order([ARCHER_FOX, ARCHER_MOLE], [[SAGE, GIANT], [PILGRIM]], ages=[0, 1]) == [1, 0]
    assert order([ARCHER_FOX, ARCHER_MOLE], [[SAGE], [PILGRIM, GIANT]], ages=[1, 0]) == [0, 1]
    assert ties([ARCHER_FOX, ARCHER_MOLE], [[SAGE, GIANT], [PILGRIM]], ages=[0, 1]) == [
        "{seat1} goes before {seat0} on Initiative 7: fewer cards in the tableau."]


def test_luck_comes_before_the_younger_player():
    assert order([ARCHER_FOX, ARCHER_HEDGEHOG], ages=[0, 1]) == [1, 0]


def test_initiative_comes_before_luck():
    # The Duelist (8) has no Luck; the Archer hedgehog (7) is Luck: Initiative decides.
    assert order([ARCHER_HEDGEHOG, DUELIST], [[THIEF], []]) == [1, 0]


def test_the_younger_player_goes_first_when_all_else_is_equal():
    assert order([KNIGHT, KNIGHT2], ages=[0, 1]) == [0, 1]
    assert order([KNIGHT, KNIGHT2], ages=[1, 0]) == [1, 0]
    assert ties([KNIGHT, KNIGHT2], ages=[1, 0]) == ["{seat1} goes before {seat0} on Initiative 6: the younger player."]


def test_every_tie_among_three_follows_the_whole_age_order():
    # Players from youngest to oldest: 3, 2, 1. Version 2 knows the whole order.
    assert order([KNIGHT, KNIGHT2, hid("Prince")], ages=[2, 1, 0]) == [2, 1, 0]
    assert order([KNIGHT, KNIGHT2, hid("Prince")], ages=[2, 0, 1]) == [2, 0, 1]


def test_version_1_knew_the_youngest_and_then_went_round_the_table():
    # The youngest is player 3; the other two by seating from the youngest: 1 before 2.
    assert order([KNIGHT, KNIGHT2, hid("Prince")], ages=[2, 0, 1], version=1) == [2, 0, 1]
    assert ties([KNIGHT, KNIGHT2, hid("Prince")], ages=[2, 0, 1], version=1) == []  # version 1 logged no ties


def test_the_tie_break_key_has_its_parts_in_the_rulebooks_order():
    assert initiative_key(8, 0, 0, 0) < initiative_key(7, 5, 0, 0)
    assert initiative_key(7, 1, 5, 3) < initiative_key(7, 0, 0, 0)
    assert initiative_key(7, 1, 1, 3) < initiative_key(7, 1, 2, 0)
    assert initiative_key(7, 1, 1, 0) < initiative_key(7, 1, 1, 1)


# --- final ties: the most points, then Luck, then fewer cards, then the younger player -------------
def final(tableaus, ages=None, version=2):
    n = len(tableaus)
    st = scenario(n, [0, 1, 2, 3][:n], [[] for _ in tableaus], tableaus, ages=ages, version=version)
    st["phase"], st["round"], st["story"] = "over", 3, 3
    return R.outcome(st)


def test_one_point_more_wins_whatever_the_luck():
    out = final([[SAGE, PILGRIM], [THIEF, GAMBLER]])  # 3 points against 2 (two Luck: two stories of 1)
    assert out["scores"] == [3, 2] and out["winners"] == [0] and out["tiebreaks"] == []
    out = final([[SAGE, PILGRIM], [THIEF, GAMBLER, hid("Cleric")]])  # 3 against 3: Luck decides
    assert out["winners"] == [1]


def test_more_luck_wins_a_tie_on_points_even_for_the_older_player():
    out = final([[THIEF, ~GIANT], [PILGRIM, SAGE]], ages=[1, 0])  # 3 each; seat 0 shows a Luck
    assert out["scores"] == [3, 3] and out["winners"] == [0] and out["places"] == [1, 2]
    assert out["tiebreaks"] == ["{seat0} and {seat1} tied on 3 points; {seat0} places ahead with more Luck."]


def test_luck_beats_fewer_cards():
    # 6 points each; seat 0 shows two Luck with four cards, seat 1 no Luck with three (and is the younger).
    out = final([[THIEF, GAMBLER, GIANT, KNIGHT], [PILGRIM, SAGE, ~ARCHER_FOX]], ages=[1, 0])
    assert out["scores"] == [6, 6] and out["details"][0]["Luck"] == 2 and out["details"][1]["Tableau cards"] == 3
    assert out["winners"] == [0] and out["tiebreaks"][0].endswith("places ahead with more Luck.")


def test_fewer_cards_beat_the_younger_player():
    # 6 points and no Luck each; seat 1 has a card fewer and is the older.
    out = final([[GIANT, KNIGHT, PILGRIM, hid("Hunter")], [SAGE, ARCHER_FOX, ~KNIGHT2]], ages=[0, 1])
    assert out["scores"] == [6, 6] and [d["Luck"] for d in out["details"]] == [0, 0]
    assert out["winners"] == [1] and out["tiebreaks"][0].endswith("places ahead with fewer cards in the tableau.")


def test_one_card_fewer_is_enough_and_equal_counts_go_on_to_age():
    out = final([[GIANT, KNIGHT], [SAGE]], ages=[0, 1])  # 2 points (two Battle stories) against 1
    assert out["winners"] == [0]
    out = final([[THIEF, GIANT], [GAMBLER, ~SAGE]], ages=[1, 0])  # 3 each, one Luck each, two cards each
    assert out["winners"] == [1] and "youth" in out["tiebreaks"][0]


def test_the_younger_player_wins_a_tie_on_every_count():
    out = final([[SAGE], [PILGRIM]], ages=[1, 0])
    assert out["winners"] == [1] and out["places"] == [2, 1]
    assert len(out["tiebreaks"]) == 1
    assert out["tiebreaks"][0].endswith("{seat1} places ahead with youth (the younger player wins the tie).")


def test_the_whole_age_order_places_a_three_way_tie():
    out = final([[SAGE], [PILGRIM], [GIANT]], ages=[2, 0, 1])
    assert out["places"] == [2, 3, 1] and out["winners"] == [2]


def test_version_1_lets_only_the_youngest_win_a_tie_and_the_others_share():
    out = final([[SAGE], [PILGRIM], [GIANT]], ages=[2, 0, 1], version=1)
    assert out["places"] == [2, 2, 1] and out["winners"] == [2]
    assert "share the place" in out["tiebreaks"][-1]


def test_the_final_key_has_its_parts_in_the_rulebooks_order():
    assert final_key(10, 0, 9, 3, 2, 4) > final_key(9, 5, 0, 0, 2, 4)
    assert final_key(10, 1, 9, 3, 2, 4) > final_key(10, 0, 0, 0, 2, 4)
    assert final_key(10, 1, 3, 3, 2, 4) > final_key(10, 1, 4, 0, 2, 4)
    assert final_key(10, 1, 3, 0, 2, 4) > final_key(10, 1, 3, 1, 2, 4)
    assert final_key(10, 1, 3, 1, 1, 4) == final_key(10, 1, 3, 2, 1, 4)  # version 1: only the youngest


# --- the Hare's Quick Draught --------------------------------------------------------------
def test_each_face_up_cheers_hero_of_the_hare_adds_three():
    assert initiative_bonus([], HARE) == 0
    assert initiative_bonus([QUEEN], HARE) == 3
    assert initiative_bonus([QUEEN, KING], HARE) == 6
    assert initiative_bonus([~QUEEN, KING], HARE) == 3  # a Coin is no Cheers Hero
    assert initiative_bonus([QUEEN, BARD], HARE) == 5  # with a Boost's 2
    assert initiative_bonus([QUEEN, KING], BEAR) == 0  # only the Hare's Special gives Initiative
    assert initiative_bonus([QUEEN], HARE, taverner_up=False) == 3  # a face-down Hare still drinks
    assert initiative(KNIGHT, [QUEEN], HARE) == 9


def test_version_1_read_the_draught_as_a_standing_three_from_the_taverner_card():
    assert initiative_bonus([], HARE, True, version=1) == 3
    assert initiative_bonus([QUEEN, KING], HARE, True, version=1) == 3
    assert initiative_bonus([], HARE, False, version=1) == 0
    assert initiative_bonus([BARD], HARE, True, version=1) == 5


def test_the_hares_knight_goes_first_only_with_a_cheers_hero_in_the_tableau():
    hare_bear = (HARE, BEAR)
    assert order([KNIGHT, DUELIST], [[QUEEN], []], taverners=hare_bear) == [0, 1]  # 6 + 3 = 9 before 8
    assert order([KNIGHT, DUELIST], [[], []], taverners=hare_bear) == [1, 0]  # 6 after 8
    assert order([KNIGHT, DUELIST], [[~QUEEN], []], taverners=hare_bear) == [1, 0]
    assert order([KNIGHT, DUELIST], [[QUEEN], []], taverners=(BEAR, HARE)) == [1, 0]  # a Bear's Queen adds nothing
    assert order([KNIGHT, DUELIST], [[], []], taverners=hare_bear, version=1) == [0, 1]  # version 1: always +3


def test_the_cheers_hero_itself_adds_nothing_until_it_is_in_the_tableau():
    # Story phase 1: the Hare's Queen (7) acts at 7 and does nothing then; in phase 2 the
    # Duelist (8) it was passed acts at 8 + 3.
    mage = hid("Mage", "owl")
    st = scenario(2, [HARE, BEAR], [[QUEEN, KNIGHT, GIANT, SAGE], [mage, DUELIST, PILGRIM, THIEF]])
    st = R.apply(R.apply(st, 0, {"type": "activate", "card": QUEEN})[0], 0, {"type": "discard", "card": GIANT})[0]
    st = R.apply(st, 1, {"type": "activate", "card": mage})[0]
    st, events = R.apply(st, 1, {"type": "discard", "card": PILGRIM})
    text = R.phrase(events)
    assert "{seat0}: Queen swan (Initiative 7)" in text
    assert ("{seat0}'s Queen swan drinks a Quick Draught: face-up in the tableau, it adds 3 to the Initiative of every "
            "later Hero.") in text
    assert st["tab"][0] == [QUEEN] and R.view(st, 0)["derived"]["bonus"] == [3, 0]
    assert st["hands"] == [sorted([DUELIST, THIEF]), sorted([KNIGHT, SAGE])]
    st = R.apply(st, 0, {"type": "activate", "card": DUELIST})[0]
    st, events = R.apply(st, 1, {"type": "activate", "card": KNIGHT})
    assert "{seat0}: Duelist weasel (Initiative 11), {seat1}: Knight badger (Initiative 6)" in R.phrase(events)


def test_a_face_down_hare_taverner_keeps_its_cheers_bonus_in_the_advanced_variant():
    assert order([KNIGHT, DUELIST, GIANT], [[QUEEN], [], []], taverners=(HARE, BEAR, TOUCAN),
                 tav_up=[False, True, True], advanced=True)[:2] == [0, 1]
    assert order([KNIGHT, DUELIST, GIANT], [[QUEEN], [], []], taverners=(HARE, BEAR, TOUCAN),
                 tav_up=[False, True, True], advanced=True, version=1)[:2] == [1, 0]


def test_the_board_is_told_each_players_bonus():
    shown, _, st = reveal([KNIGHT, DUELIST], [[QUEEN, BARD], [hid("Squire")]], taverners=(HARE, BEAR))
    assert R.view(st, None)["derived"]["bonus"] == [5, 2]
    assert shown["inits"] == [11, 10]


@pytest.mark.parametrize("version", [1, 2])
def test_the_hares_cheers_hero_does_nothing_when_it_acts(version):
    _, events, st = reveal([QUEEN, GIANT], taverners=(HARE, BEAR), version=version)
    idle = [e for e in events if e["t"] == "idle"]
    assert idle[0]["card"] == QUEEN and st["tab"] == [[QUEEN], [GIANT]]
