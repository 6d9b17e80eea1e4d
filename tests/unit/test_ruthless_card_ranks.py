"""Ruthless: the playing cards, each special rank checked with its neighbours.

"Special ranks: A/K/Q/J automatically pass Get Your Courage Up; a 7 for initiative gives one
character three actions; A or 4 for initiative revives all Unconscious models; 3 lets the
player discard at turn end; 2 is a 'Low Blow' in Fisticuffs." Ties are broken by suit
(Spades, Hearts, Diamonds, Clubs). A Snap Shot needs a card higher than the opponent's
initiative card; in Fisticuffs the score is the card's rank, +1 mounted.
"""

from __future__ import annotations

import pytest

from tabletown.games.ruthless import cards as K

S, H, D, C = K.SPADES, K.HEARTS, K.DIAMONDS, K.CLUBS
RANKS = range(2, 15)


def test_every_card_has_one_rank_and_one_suit():
    seen = {(K.rank(c), K.suit(c)) for c in K.DECK}
    assert seen == {(r, s) for r in RANKS for s in (S, H, D, C)}
    for r in RANKS:
        for s in (S, H, D, C):
            c = K.card_of(r, s)
            assert (K.rank(c), K.suit(c)) == (r, s)


def test_the_lowest_card_is_the_two_of_clubs_and_the_highest_the_ace_of_spades():
    assert min(K.DECK) == K.card_of(2, C) and max(K.DECK) == K.card_of(14, S)
    assert K.card_of(2, S) < K.card_of(3, C)   # rank first, then suit


@pytest.mark.parametrize("r,whiskey", [(9, False), (10, False), (11, True), (12, True), (13, True), (14, True)])
def test_a_shot_of_whiskey_is_a_face_card_or_an_ace(r, whiskey):
    assert K.is_whiskey(K.card_of(r, D)) is whiskey


@pytest.mark.parametrize("r", [2, 5, 10])
def test_a_number_card_adds_its_number_to_courage(r):
    assert K.courage_value(K.card_of(r, H)) == r


@pytest.mark.parametrize("r,revives", [(3, False), (4, True), (5, False), (13, False), (14, True)])
def test_an_ace_or_a_four_revives(r, revives):
    assert K.revives(K.card_of(r, C)) is revives


@pytest.mark.parametrize("r,third", [(6, False), (7, True), (8, False)])
def test_a_seven_gives_a_third_action(r, third):
    assert K.third_action(K.card_of(r, S)) is third


@pytest.mark.parametrize("r,discard", [(2, False), (3, True), (4, False)])
def test_a_three_lets_the_player_discard(r, discard):
    assert K.discard_privilege(K.card_of(r, H)) is discard


@pytest.mark.parametrize("mine,theirs,bonus,beats", [
    (K.card_of(10, C), K.card_of(9, S), 0, True),    # higher rank, lower suit: higher is by rank
    (K.card_of(9, S), K.card_of(9, C), 0, False),    # the same rank never beats it, whatever the suit
    (K.card_of(8, S), K.card_of(9, C), 0, False),
    (K.card_of(9, C), K.card_of(9, S), 1, True),     # Trigger Finger: his 9 counts as a 10
    (K.card_of(8, C), K.card_of(9, S), 1, False),    # ... and his 8 as a 9: not higher
    (K.card_of(14, S), K.card_of(13, C), 0, True),
    (K.card_of(14, S), K.card_of(14, C), 0, False),  # only a Trigger Finger's Ace beats an Ace played for initiative:
    (K.card_of(14, C), K.card_of(14, S), 1, True),   # +1 to his cards, so his Ace counts 15
    (K.card_of(13, S), K.card_of(14, C), 1, False),  # his King counts 14: equal, not higher
])
def test_a_snap_shot_needs_a_higher_rank(mine, theirs, bonus, beats):
    assert K.beats_for_snap(mine, theirs, bonus) is beats


@pytest.mark.parametrize("r,mounted,bonus,score", [(9, False, 0, 9), (9, True, 0, 10), (9, False, 2, 11),
                                                   (9, True, 2, 12), (14, False, 0, 14), (2, True, 0, 3)])
def test_the_fisticuffs_score_is_rank_plus_one_mounted_plus_traits(r, mounted, bonus, score):
    assert K.brawl_score(K.card_of(r, C), mounted, bonus) == score


@pytest.mark.parametrize("mine,theirs,low", [
    (K.card_of(2, H), K.card_of(14, H), True),
    (K.card_of(2, D), K.card_of(5, D), True),
    (K.card_of(2, S), K.card_of(14, H), False),   # another suit
    (K.card_of(3, H), K.card_of(14, H), False),   # a 3 is no Low Blow
])
def test_a_low_blow_is_a_two_of_the_opponents_suit(mine, theirs, low):
    assert K.low_blow(mine, theirs) is low
