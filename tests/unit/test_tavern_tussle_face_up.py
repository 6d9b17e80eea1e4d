"""Tavern Tussle: a face-up Hero is a Hero and a flipped one is a Coin, for every card.

"Keep in mind that having flipped cards in your tableau is the only way to score Coins."
"Attack: Flip another player's active Hero card to the Coin side." "Steal: Take a Coin card
from one enemy." "Heal: Unflip a Coin card in your tableau to its Hero side."

The Archer fox is the first card of the catalogue; these tests play it face-up and flipped
in every place a card can be, so that no card is ever taken for the other side. Every test
plays rules version 2, the version of the games recorded so far.
"""

from __future__ import annotations

import tabletown.games.tavern_tussle.game as tt
from tabletown.games.tavern_tussle.content import DECKS, HEROES
from tabletown.games.tavern_tussle.rules import scenario
from tabletown.games.tavern_tussle.scoring import luck_showing, stories, tableau_score, theme_counts

R = tt.RULES
ALLIGATOR, BEAR, TOUCAN, HARE = range(4)


def hid(name: str, animal: str = "") -> int:
    for h in HEROES:
        if h["name"] == name and (not animal or h["animal"] == animal):
            return h["id"]
    raise KeyError(name)


FOX = hid("Archer", "fox")  # Journey, Initiative 7, Attack
SAGE, PILGRIM, GIANT = hid("Sage"), hid("Pilgrim"), hid("Giant")


def resolve(actives, tableaus=None, taverners=(ALLIGATOR, BEAR, TOUCAN, HARE)):
    """Every seat activates `actives[s]` and discards a filler: the state after the reveal."""
    n = len(actives)
    used = set(actives) | {c if c >= 0 else ~c for t in (tableaus or []) for c in t}
    spare = [c for c in DECKS[4] if c not in used]
    hands = [[actives[s], spare[2 * s], spare[2 * s + 1]] for s in range(n)]
    st = scenario(n, list(taverners[:n]), hands, tableaus, version=2)
    for s in range(n):
        st = R.apply(st, s, {"type": "activate", "card": actives[s]})[0]
        st = R.apply(st, s, {"type": "discard", "card": spare[2 * s]})[0]
    return st


def test_the_first_card_face_up_scores_its_theme_and_flipped_scores_a_coin():
    assert HEROES[FOX]["theme"] == "Journey"
    assert theme_counts([FOX]) == [0, 0, 1, 0, 0]
    assert theme_counts([~FOX]) == [0, 0, 0, 0, 1]
    assert stories([FOX, ~FOX]) == [["Journey", "Coin"]]
    assert tableau_score([FOX, ~FOX]) == 3


def test_a_face_up_luck_hero_shows_luck_and_its_coin_does_not():
    hedgehog = hid("Archer", "hedgehog")
    assert luck_showing([hedgehog]) == 1 and luck_showing([~hedgehog]) == 0
    assert luck_showing([FOX]) == 0


def test_an_attack_flips_the_first_card_when_it_is_active():
    # The Duelist (8) attacks first; the Archer fox (7) is flipped before it can act.
    st = resolve([hid("Duelist", "weasel"), FOX])
    assert st["tab"] == [[hid("Duelist", "weasel")], [~FOX]]


def test_the_first_card_face_up_in_a_tableau_is_no_coin_to_steal():
    st = resolve([hid("Thief", "rat"), GIANT], [[], [FOX]])
    assert st["tab"] == [[hid("Thief", "rat")], [FOX, GIANT]]
    st = resolve([hid("Thief", "rat"), GIANT], [[], [~FOX]])
    assert st["tab"] == [[~FOX, hid("Thief", "rat")], [GIANT]]


def test_the_first_card_flipped_active_is_a_coin_to_steal():
    # Seat 1's Duelist (8) flips seat 2's Archer fox (7); seat 0's Thief (2) steals that Coin.
    st = resolve([hid("Thief", "rat"), hid("Duelist", "weasel"), FOX], taverners=(ALLIGATOR, BEAR, TOUCAN))
    assert R.active(st) == [1]  # the Duelist may attack the Thief or the Archer fox
    st = R.apply(st, 1, {"type": "target", "seat": 2})[0]
    assert st["tab"][0] == [~FOX, hid("Thief", "rat")] and st["tab"][2] == []


def test_heal_unflips_the_first_card_and_never_a_face_up_one():
    st = resolve([hid("Mage", "owl"), GIANT], [[~FOX], []])
    assert st["tab"][0] == [FOX, hid("Mage", "owl")]
    st = resolve([hid("Mage", "owl"), GIANT], [[FOX], []])
    assert st["tab"][0] == [FOX, hid("Mage", "owl")]


def test_the_first_card_face_up_in_a_tableau_can_be_copied_and_flipped_cannot():
    # The Bear's King copies an ability of a tableau Hero; the Archer fox's Attack has the
    # Pilgrim to flip.
    st = resolve([PILGRIM, hid("King", "lion")], [[], [FOX]], taverners=(ALLIGATOR, BEAR))
    assert st["tab"] == [[~PILGRIM], [FOX, hid("King", "lion")]]
    # A flipped Archer fox is a Coin: it has no ability to copy.
    st = resolve([PILGRIM, hid("King", "lion")], [[], [~FOX]], taverners=(ALLIGATOR, BEAR))
    assert st["tab"] == [[PILGRIM], [~FOX, hid("King", "lion")]]


def test_a_player_who_sees_the_first_card_on_the_table_does_not_count_it_unseen():
    st = scenario(2, [ALLIGATOR, BEAR], [[SAGE, PILGRIM], [GIANT, hid("Mage", "owl")]], [[~FOX], []], version=2)
    view = R.view(st, 0)
    assert FOX not in R.unseen(view, "heroes")
    st = scenario(2, [ALLIGATOR, BEAR], [[SAGE, PILGRIM], [GIANT, hid("Mage", "owl")]], [[FOX], []], version=2)
    assert FOX not in R.unseen(R.view(st, 0), "heroes")
    st = scenario(2, [ALLIGATOR, BEAR], [[SAGE, PILGRIM], [GIANT, hid("Mage", "owl")]], version=2)
    assert FOX in R.unseen(R.view(st, 0), "heroes")


def test_the_final_table_counts_flipped_cards_as_coins():
    st = scenario(2, [ALLIGATOR, BEAR], [[], []], [[~FOX, SAGE], [FOX]], version=2)
    st["phase"] = "over"
    out = R.outcome(st)
    assert out["details"][0]["Coins"] == 1 and out["details"][1]["Coins"] == 0
    assert out["scores"] == [3, 1]


def test_the_log_says_the_flipped_first_card_does_not_act():
    st = scenario(2, [ALLIGATOR, BEAR], [[hid("Duelist", "weasel"), SAGE, PILGRIM], [FOX, GIANT, hid("Mage", "owl")]],
                  version=2)
    st = R.apply(st, 0, {"type": "activate", "card": hid("Duelist", "weasel")})[0]
    st = R.apply(st, 0, {"type": "discard", "card": SAGE})[0]
    st = R.apply(st, 1, {"type": "activate", "card": FOX})[0]
    st, events = R.apply(st, 1, {"type": "discard", "card": GIANT})
    assert any(e["t"] == "flipped" and e["seat"] == 1 and e["card"] == FOX for e in events)
    assert "Archer fox was flipped to its Coin side and does not act." in R.phrase(events)


# --- Copycat Cider offers only abilities that can be used now --------------------------------------


def test_the_bear_copies_the_one_hero_whose_ability_has_a_target_without_asking():
    # In the Bear's tableau: the Archer fox (Attack: the Pilgrim is there to flip) and the
    # Thief rat (Steal: nobody has a Coin). Only the Attack can be used, so it is copied at once.
    st = resolve([PILGRIM, hid("King", "lion")], [[], [FOX, hid("Thief", "rat")]], taverners=(ALLIGATOR, BEAR))
    assert st["phase"] == "pick" and st["story"] == 2  # nobody was asked which Hero to copy
    assert st["tab"] == [[~PILGRIM], [FOX, hid("Thief", "rat"), hid("King", "lion")]]


# --- how far each player has picked -------------------------------------------------------------------


def test_the_board_counts_each_players_picks_of_the_story_phase():
    st = scenario(3, [ALLIGATOR, BEAR, TOUCAN], [[SAGE, PILGRIM, GIANT], [FOX, hid("Mage", "owl"), hid("Thief", "rat")],
                                                [hid("Scout"), hid("Cleric"), hid("Squire")]], version=2)
    st = R.apply(st, 0, {"type": "activate", "card": SAGE})[0]
    st = R.apply(st, 0, {"type": "discard", "card": PILGRIM})[0]
    st = R.apply(st, 1, {"type": "activate", "card": FOX})[0]
    assert R.view(st, 2)["derived"]["picked"] == [2, 1, 0]
    assert R.view(st, 2)["derived"]["active"] == [1, 2]


# --- Advanced Variant: no target means no action, never the off-limits player ---------------------------


def test_a_counter_with_no_battle_hero_to_target_leaves_the_off_limits_player_alone():
    # Seat 0 is face-down (off-limits) with an active Battle Knight; seat 2's Sage is no Battle
    # Hero. Seat 1's Mercenary (Counter) has nobody to target, so the Knight still acts after it.
    knight, merc = hid("Knight", "badger"), hid("Mercenary", "cat")
    actives = [knight, merc, SAGE]
    used = set(actives)
    spare = [c for c in DECKS[4] if c not in used]
    hands = [[actives[s], spare[2 * s], spare[2 * s + 1]] for s in range(3)]
    st = scenario(3, [ALLIGATOR, BEAR, TOUCAN], hands, advanced=True, tav_up=[False, True, True], version=2)
    for s in range(3):
        st = R.apply(st, s, {"type": "activate", "card": actives[s]})[0]
        st = R.apply(st, s, {"type": "discard", "card": spare[2 * s]})[0]
    assert st["play"][0] == knight  # not countered
    assert R.active(st) == [0]  # the Knight chooses whom to attack: seat 1 or seat 2
    assert R.legal(st, 0) == [{"type": "target", "seat": 1}, {"type": "target", "seat": 2}]
