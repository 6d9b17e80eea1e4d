"""The standard 52-card deck as numbers.

A card is an int 0–51: rank = card // 4 + 2 (2–10, Jack 11, Queen 12, King 13, Ace 14),
suit = card % 4 in the rulebook's tie order from lowest to highest: Clubs, Diamonds,
Hearts, Spades. So comparing two card numbers compares rank first and suit second,
which is exactly how initiative is decided.
"""

from __future__ import annotations

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
DECK = tuple(range(52))


def rank(card: int) -> int:
    return card // 4 + 2


def suit(card: int) -> int:
    return card % 4


def card_of(rank_: int, suit_: int) -> int:
    return (rank_ - 2) * 4 + suit_


def is_whiskey(card: int) -> bool:
    """A face card or an Ace: 'a shot of whiskey', passes Get Your Courage Up by itself."""
    return rank(card) >= JACK


def courage_value(card: int) -> int:
    """What a number card adds to the Get Your Courage Up roll."""
    return rank(card)


def revives(card: int) -> bool:
    """An Ace or a 4 played for initiative revives the player's Unconscious models."""
    return rank(card) in (ACE, 4)


def third_action(card: int) -> bool:
    """A 7 played for initiative gives one character a third action."""
    return rank(card) == 7


def discard_privilege(card: int) -> bool:
    """A 3 played for initiative lets the player discard at the end of the turn."""
    return rank(card) == 3


def beats_for_snap(card: int, initiative: int, bonus: int = 0) -> bool:
    """A Snap Shot needs a card higher than the opponent's initiative card.

    "Higher" is by rank: equal ranks are not higher, whatever the suits (suits only break
    ties in the order of initiative). Trigger Finger's "+1 snap shot cards" adds `bonus` to
    the rank of the card played, with no cap: his Ace counts 15 and beats an Ace played for
    initiative, which nothing else beats; his King counts 14 and only equals it.
    """
    return rank(card) + bonus > rank(initiative)


def brawl_score(card: int, mounted: bool, bonus: int = 0) -> int:
    """A card's score in Fisticuffs: its rank, +1 mounted, plus trait bonuses."""
    return rank(card) + (1 if mounted else 0) + bonus


def low_blow(card: int, opponent: int) -> bool:
    """A 2 of the opponent's suit is a Low Blow and wins the fight."""
    return rank(card) == 2 and suit(card) == suit(opponent)
