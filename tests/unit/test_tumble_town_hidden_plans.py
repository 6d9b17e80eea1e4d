"""Tumble Town: what a player has not seen (the plans in the decks and the box, the other Horses).

"Randomly take plans from each Plan deck and return the remaining cards to the box": a
player sees the plans in the rows, in every hand, constructed, taken by the Outlaw or
cleared by the Sole Surveyor; every other plan of a deck may still be under the top card or
in the box. "For 2 players, remove the Dance Hall Building Plans": those are known to be
out. "In secret, players should look at the back of their Horse card."
"""

from __future__ import annotations

import pytest

from tabletown.engine.prng import Rng, seed_state
from tabletown.games.tumble_town.content import HORSES, PLANS
from tabletown.games.tumble_town.game import RULES as R


def level_ids(level, seats=3):
    return {p["id"] for p in PLANS if p["level"] == level and not (seats == 2 and p["name"] == "Dance Hall")}


def shown_plans(st):
    return {p for row in st["rows"] for p in row if p is not None}


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_plan_of_a_deck_not_in_the_rows_is_unseen(level):
    st = R.setup(5, 3, {})
    view = R.view(st, 0)
    unseen = set(R.unseen(view, f"plans{level}"))
    assert unseen == level_ids(level) - shown_plans(st)
    assert set(st["decks"][str(level)]) <= unseen


def test_with_two_players_the_dance_halls_are_known_to_be_out():
    st = R.setup(5, 2, {})
    unseen = set(R.unseen(R.view(st, 0), "plans2"))
    assert not unseen & {p["id"] for p in PLANS if p["name"] == "Dance Hall"}
    three = set(R.unseen(R.view(R.setup(5, 3, {}), 0), "plans2"))
    assert {p["id"] for p in PLANS if p["name"] == "Dance Hall"} - shown_plans(R.setup(5, 3, {})) <= three


def test_plans_in_hands_built_under_construction_and_with_the_outlaw_are_seen():
    st = R.setup(6, 1, {"mode": "outlaw"})
    deck = st["decks"]["1"]
    in_hand, built, building, stolen = deck[0], deck[1], deck[2], deck[3]
    st["decks"]["1"] = deck[4:]
    pl = st["players"][0]
    pl["hand"] = [in_hand, building]
    pl["built"] = [{"plan": built, "dice": [], "at": None, "used": False, "pen": 0}]
    st["build"] = {"plan": building, "dice": [None] * len(PLANS[building]["pos"])}
    st["outlaw"]["plans"] = [stolen]
    st["phase"] = "main"
    unseen = set(R.unseen(R.view(st, 0), "plans1"))
    assert not unseen & {in_hand, built, building, stolen}
    assert set(st["decks"]["1"]) <= unseen


def test_plans_the_surveyor_cleared_are_seen():
    st = R.setup(6, 1, {"mode": "sole-surveyor"})
    gone = st["decks"]["3"].pop(0)
    st["boxed"] = [gone]
    assert gone not in R.unseen(R.view(st, 0), "plans3")


def test_a_player_does_not_see_the_other_horses_until_the_end():
    st = R.setup(7, 3, {})
    for seat in range(3):
        unseen = set(R.unseen(R.view(st, seat), "horses"))
        assert unseen == {h["id"] for h in HORSES} - {st["players"][seat]["horse"]}


def test_the_outlaws_horse_is_unseen_by_the_solo_player():
    st = R.setup(7, 1, {"mode": "outlaw", "difficulty": "extra-hard"})
    unseen = set(R.unseen(R.view(st, 0), "horses"))
    assert unseen == set(st["outlaw"]["horses"]) and st["players"][0]["horse"] not in unseen


def test_a_sampled_world_keeps_what_the_player_sees_and_deals_only_unseen_plans():
    st = R.setup(8, 2, {})
    st["players"][1]["hand"] = [st["decks"]["2"].pop(0)]
    st["backs"][1] = PLANS[st["decks"]["2"][0]]["back"] if st["decks"]["2"] else "plan-end"
    view = R.view(st, 0)
    world = R.determinize(view, 0, Rng(seed_state(3)))
    assert world["rows"] == st["rows"] and world["players"][1]["hand"] == st["players"][1]["hand"]
    for level in (1, 2, 3):
        assert len(world["decks"][str(level)]) == len(st["decks"][str(level)])
        assert set(world["decks"][str(level)]) <= set(R.unseen(view, f"plans{level}"))
    assert not {p["id"] for p in PLANS if p["name"] == "Dance Hall"} & set(world["decks"]["2"])
    assert world["players"][0]["horse"] == st["players"][0]["horse"]
    assert world["players"][1]["horse"] != st["players"][0]["horse"]
