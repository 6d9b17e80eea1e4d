"""Tumble Town rules version 2, from the rulebook's words, and version 1 kept for old games.

- Jail: "Return one black die to the supply to gain one brown die and one gray die."
  The power is offered only when it can be completed (a brown and a gray die in the
  supply), so no construction can run out of dice; in every state that is not over,
  somebody has a legal move.
- "The card back with a 3-cactus icon allows the player to get 1 gold die and their
  choice of any two other dice from the supply": any two, gold included.
"""

from __future__ import annotations

import pytest

from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.session import Session, new_record
from tabletown.games.tumble_town import game
from tabletown.games.tumble_town.content import COLORS, PLAIN, PLAN_BY_NAME, PLANS
from tabletown.games.tumble_town.game import RULES as R


def A(st, seat, action):
    return R.apply(st, seat, action)[0]


def main_state(version, seats=2, seed=1):
    st = R.setup(seed, seats, {}, version=version)
    st["phase"] = "main"
    st["turn"] = 0
    st["take"] = None
    st["start_seat"] = None
    return st


def with_jail(version, dice, brown, gray):
    st = main_state(version)
    jail = PLAN_BY_NAME["Jail"]
    st["players"][0]["built"] = [{"plan": jail["id"], "dice": [["brown", 1], ["black", 1]], "at": None,
                                  "used": False, "pen": 0}]
    st["players"][0]["dice"] = [list(d) for d in dice]
    st["supply"]["brown"] = brown
    st["supply"]["gray"] = gray
    return st


def test_the_spec_plays_version_2_and_still_replays_version_1():
    assert game.SPEC.rules_version == 2 and 1 in game.SPEC.replays
    assert R.setup(1, 2, {})["v"] == 2
    assert R.setup(1, 2, {}, version=1)["v"] == 1


@pytest.mark.parametrize("brown, gray, offered", [
    (0, 0, False), (0, 1, False), (1, 0, False),   # either supply empty: the trade cannot be made
    (1, 1, True), (2, 1, True), (1, 5, True),      # one of each left (the boundary) and more
])
def test_jail_is_offered_only_when_a_brown_and_a_gray_die_are_left(brown, gray, offered):
    st = with_jail(2, [["black", 3], ["brown", 2]], brown, gray)
    assert ({"type": "power", "b": 0} in R.legal(st, 0)) == offered


def test_jail_needs_a_black_die():
    st = with_jail(2, [["brown", 3], ["gray", 2]], 5, 5)
    assert {"type": "power", "b": 0} not in R.legal(st, 0)


def test_jail_trades_one_black_for_a_brown_and_a_gray_rolled():
    st = with_jail(2, [["black", 3]], 1, 1)
    black = st["supply"]["black"]
    st = A(st, 0, {"type": "power", "b": 0})
    st, events = R.apply(st, 0, {"type": "pick", "die": 0})
    assert sorted(d[0] for d in st["players"][0]["dice"]) == ["brown", "gray"]
    assert st["supply"] == dict(st["supply"], brown=0, gray=0, black=black + 1)
    assert [e["color"] for e in events if e["t"] == "roll"] == ["brown", "gray"]


def test_version_1_still_offers_the_jail_with_an_empty_supply():
    st = with_jail(1, [["black", 3], ["brown", 2]], 0, 0)
    assert {"type": "power", "b": 0} in R.legal(st, 0)


def test_a_build_never_runs_out_of_dice_in_version_2():
    """The hang of version 1: in the middle of a build, the Jail returns the black die and
    brings nothing back; with fewer dice than empty positions and no take-backs left,
    nothing is legal. Version 2 does not offer the power there."""
    for version, stuck in ((1, True), (2, False)):
        st = with_jail(version, [["black", 3], ["brown", 2], ["brown", 4]], 0, 0)
        plan = PLAN_BY_NAME["Blacksmith"]  # three positions
        st["players"][0]["hand"] = [plan["id"]]
        st["cancels"] = 8  # every take-back of the turn used
        st = A(st, 0, {"type": "build", "plan": plan["id"]})
        st = A(st, 0, {"type": "put", "die": 1, "pos": 0})
        power = {"type": "power", "b": 0}
        assert (power in R.legal(st, 0)) == stuck
        if stuck:
            st = A(st, 0, power)
            st = A(st, 0, [a for a in R.legal(st, 0) if a["type"] == "pick"][0])
            assert len(st["players"][0]["dice"]) == 1  # one die left for two empty positions
            st = A(st, 0, {"type": "put", "die": 0, "pos": 1})
            assert R.legal(st, 0) == [] and R.active(st) == [0]  # the old dead end


def test_somebody_can_always_move_in_version_2():
    for seats, seed in ((1, 3), (2, 4), (3, 5), (4, 6), (1, 7), (2, 8)):
        st = R.setup(seed, seats, {})
        rng = Rng(seed_state(seed))
        for _ in range(3000):
            active = R.active(st)
            if not active:
                break
            legal = R.legal(st, active[0])
            assert legal, f"seats {seats} seed {seed}: nobody can move in phase {st['phase']}"
            st = A(st, active[0], legal[rng.below(len(legal))])
        assert st["over"]


def claim_three_cactus(version, gold):
    st = R.setup(2, 2, {}, version=version)
    assert PLANS[st["decks"]["3"][0]]["back"] == "cactus3"
    st["supply"]["gold"] = gold
    return A(st, 0, {"type": "claim", "row": 2, "col": 0})


def test_three_cactus_back_gives_a_gold_die_and_any_two_other_dice_gold_included():
    st = claim_three_cactus(2, 5)
    assert [a["color"] for a in R.legal(st, 0)] == list(COLORS)
    st = A(st, 0, {"type": "take", "color": "gold"})
    assert [a["color"] for a in R.legal(st, 0)] == list(COLORS)
    st = A(st, 0, {"type": "take", "color": "gold"})
    assert sorted(d[0] for d in st["players"][0]["dice"]) == ["brown", "brown", "gold", "gold", "gold"]
    assert st["supply"]["gold"] == 2


@pytest.mark.parametrize("gold, choices", [
    (1, list(PLAIN)),          # the fixed gold die takes the last one
    (2, list(COLORS)),         # one left for a choice
])
def test_three_cactus_choice_offers_gold_only_while_the_supply_has_it(gold, choices):
    st = claim_three_cactus(2, gold)
    assert [a["color"] for a in R.legal(st, 0)] == choices


def test_version_1_three_cactus_choices_exclude_gold():
    st = claim_three_cactus(1, 5)
    assert [a["color"] for a in R.legal(st, 0)] == list(PLAIN)


def test_a_version_1_record_replays_under_version_1():
    record = new_record(game, [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}], {}, 2)
    record["rules_version"] = 1
    session = Session(game, record)
    assert session.state["v"] == 1
    session.apply(0, {"type": "claim", "row": 2, "col": 0})
    assert [a["color"] for a in R.legal(session.state, 0)] == list(PLAIN)
