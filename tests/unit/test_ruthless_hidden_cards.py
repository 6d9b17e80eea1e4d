"""Ruthless: what each player cannot see, and when a player is only asked whether to react.

Secrets: the deck, every hand, the face-down initiative cards, the cards chosen for
Fisticuffs, the order of the citizens still to come and the Cowboys' place on the trail.
A card is seen by a player when it is in his own hand, his own face-down pick or Fisticuffs
card, face up for initiative or on the discard pile. A Snap Shot or a Got You Covered! shot is
a question a player may decline; a player who asked to be asked only when he can answer is
passed for by the session.
"""

from __future__ import annotations

import pytest

from tabletown.games.ruthless import cards as K

from .test_ruthless_helpers import RULES, SPEC, acting, arena, card, put

S, H, D, C = K.SPADES, K.HEARTS, K.DIAMONDS, K.CLUBS


def gunfight(seed=3, seats=2):
    return RULES.setup(seed, seats, SPEC.normalize(seats, {"scenario": "gunfight"}))


def test_a_player_cannot_see_the_deck_or_the_other_hands_but_sees_his_own():
    st = gunfight()
    view = RULES.view(st, 0)
    unseen = set(RULES.unseen(view, "cards"))
    assert unseen == set(K.DECK) - set(st["hands"][0])
    assert unseen == set(st["deck"]) | set(st["hands"][1])


def test_a_face_down_initiative_card_is_hidden_from_the_others_only():
    st = gunfight()
    mine, theirs = st["hands"][0][0], st["hands"][1][0]
    st["hands"][0].remove(mine)
    st["hands"][1].remove(theirs)
    st["picks"] = [mine, theirs]
    unseen0 = set(RULES.unseen(RULES.view(st, 0), "cards"))
    assert theirs in unseen0 and mine not in unseen0
    unseen1 = set(RULES.unseen(RULES.view(st, 1), "cards"))
    assert mine in unseen1 and theirs not in unseen1


def test_cards_face_up_for_initiative_and_on_the_discard_pile_are_seen_by_everyone():
    st = gunfight(seats=3)
    up = st["hands"][2].pop()
    gone = st["hands"][1].pop()
    st["played"] = [None, None, up]
    st["discard"] = [gone]
    for seat in range(3):
        unseen = set(RULES.unseen(RULES.view(st, seat), "cards"))
        assert up not in unseen and gone not in unseen
        assert unseen == set(K.DECK) - set(st["hands"][seat]) - {up, gone}


def test_a_card_chosen_for_fisticuffs_is_hidden_until_both_have_chosen():
    st = gunfight()
    chosen = st["hands"][1].pop()
    st["brawl"] = [None, chosen]
    assert chosen in RULES.unseen(RULES.view(st, 0), "cards")
    assert chosen not in RULES.unseen(RULES.view(st, 1), "cards")


def test_a_spectator_sees_no_card_in_anyones_hand():
    st = gunfight()
    unseen = set(RULES.unseen(RULES.view(st, None), "cards"))
    assert unseen == set(K.DECK)


def test_a_guessed_card_set_fills_exactly_what_is_hidden():
    from tabletown.engine.prng import Rng, seed_state
    st = gunfight()
    view = RULES.view(st, 0)
    guess = RULES.determinize(view, 0, Rng(seed_state(11)))
    every = list(guess["deck"]) + [c for h in guess["hands"] for c in h]
    assert sorted(every) == list(K.DECK)
    assert guess["hands"][0] == st["hands"][0]


def test_citizens_still_to_come_are_those_not_yet_drawn():
    st = RULES.setup(3, 2, SPEC.normalize(2, {"scenario": "dodge-city"}))
    first = st["citizens"]["deck"][0]
    st["citizens"]["drawn"] = [first]
    st["citizens"]["deck"] = st["citizens"]["deck"][1:]
    unseen = RULES.unseen(RULES.view(st, 0), "citizens")
    assert first not in unseen and sorted(unseen) == sorted(st["citizens"]["deck"])


def test_the_cowboys_may_be_at_any_place_the_earps_have_not_yet_guessed():
    view = {"act": {"possible": ["iron-springs", "charleston", "soldier-holes"], "guesses": ["charleston"]}}
    assert RULES.unseen(view, "trail") == ["iron-springs", "soldier-holes"]


def test_an_unknown_pool_is_an_error():
    with pytest.raises(KeyError):
        RULES.unseen(RULES.view(gunfight(), 0), "horses")


# --- being asked whether to react ----------------------------------------------------------------
def snap_question():
    st = acting(arena(hands=[[card(10, S)], [card(9, C), card(3, D)]]), 0, played={0: card(5, C), 1: card(4, D)})
    a = put(st, "morgan-earp", 0, [1000, 1000])
    e = put(st, "billy-claiborne", 1, [1500, 1000])
    st["selected"] = a["id"]
    st, _ = RULES.apply(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    return st


def test_the_threatened_player_is_asked_about_a_snap_shot_and_may_pass():
    st = snap_question()
    assert st["pending"]["kind"] == "snap"
    assert RULES.reaction(st, 1) == {"pass": {"type": "pass"}}
    assert RULES.reaction(st, 0) is None
    assert RULES.topic(st, 1) == "prompt:snap"
    assert RULES.topic(st, 0) == "prompt:waiting"


def test_no_reaction_question_when_nothing_is_pending():
    st = acting(arena(hands=[[card(10, S)], [card(9, C)]]), 0)
    put(st, "morgan-earp", 0, [1000, 1000])
    put(st, "billy-claiborne", 1, [1500, 1000])
    assert RULES.reaction(st, 0) is None and RULES.reaction(st, 1) is None


def test_choosing_a_card_for_fisticuffs_is_no_question_one_may_skip():
    st = acting(arena(hands=[[card(10, S)], [card(9, C)]]), 0)
    a = put(st, "morgan-earp", 0, [1000, 1000])
    put(st, "billy-claiborne", 1, [1400, 1000])
    st["selected"] = a["id"]
    st, _ = RULES.apply(st, 0, {"type": "move", "model": a["id"], "to": [1400, 1000]})
    assert st["pending"]["kind"] == "brawl"
    assert RULES.reaction(st, 0) is None and RULES.reaction(st, 1) is None
    assert RULES.topic(st, 0) == "prompt:brawl"


# --- the rules topic behind each question -------------------------------------------------------
@pytest.mark.parametrize("phase,topic", [
    ("initiative", "prompt:initiative"), ("discard", "prompt:discard"), ("build", "prompt:build"),
    ("shop", "prompt:shop"), ("deploy", "prompt:deploy"), ("setup", "prompt:deploy"),
])
def test_each_phase_names_its_rules_topic(phase, topic, monkeypatch):
    from tabletown.games.ruthless import options
    st = gunfight()
    st["phase"] = phase
    monkeypatch.setattr(options, "active", lambda state: [0])
    assert RULES.topic(st, 0) == topic


def test_when_the_game_is_over_every_seat_is_told_so():
    st = gunfight()
    st["phase"] = "over"
    assert RULES.topic(st, 0) == "prompt:game-over" and RULES.topic(st, 1) == "prompt:game-over"


def test_a_seat_not_asked_anything_is_waiting():
    st = acting(arena(hands=[[card(10, S)], [card(9, C)]]), 1)
    put(st, "morgan-earp", 0, [1000, 1000])
    put(st, "billy-claiborne", 1, [1500, 1000])
    assert RULES.active(st) == [1]
    assert RULES.topic(st, 0) == "prompt:waiting"
    assert RULES.topic(st, 1) == "prompt:pick-character"


def test_only_the_threatened_player_is_asked_even_when_the_shooter_sits_after_him():
    from .test_ruthless_helpers import dice
    st = acting(arena(hands=[[card(9, C), card(3, D)], [card(10, S)]]), 1, played={0: card(4, D), 1: card(5, C)})
    e = put(st, "billy-claiborne", 0, [1500, 1000])
    a = put(st, "morgan-earp", 1, [1000, 1000])
    st["selected"] = a["id"]
    with dice():
        st, _ = RULES.apply(st, 1, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert st["pending"]["kind"] == "snap"
    assert RULES.reaction(st, 0) == {"pass": {"type": "pass"}}
    assert RULES.reaction(st, 1) is None


@pytest.mark.parametrize("pool", ["bullets", "wagons"])
def test_any_other_pool_is_an_error(pool):
    with pytest.raises(KeyError):
        RULES.unseen(RULES.view(gunfight(), 0), pool)
