"""Tumble Town's expert judges a two-player table by its chance of winning ("the player with the
most points wins"): a finished game is won or lost as the rules score it; points, a plan claimed
and not yet built (it will build points) and dice kept for the turns to come make a player
likelier to win; once the last round has begun, dice kept build nothing more. Three players keep the
expert's hand-weighed judgement."""

from __future__ import annotations

import copy
import math

from tabletown.engine.bots import bot_game
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.search import standing
from tabletown.games.tumble_town.bots import judged
from tabletown.games.tumble_town.content import PLANS
from tabletown.games.tumble_town.game import BOTS, RULES, SPEC
from tabletown.games.tumble_town.judgement import winning_chance


def _hard_game_until(seed: int, seats: int, stop):
    state = RULES.setup(seed, seats, SPEC.normalize(seats, {}))
    for step in range(3000):
        if state["over"] or stop(state):
            return state
        seat = RULES.active(state)[0]
        legal = RULES.legal(state, seat)
        action = BOTS["hard"](RULES, RULES.bot_view(state, seat), seat, legal, Rng(seed_state(seed * 7919 + step)))
        state = RULES.apply(state, seat, action)[0]
    raise AssertionError("the game did not end")


def _turn_start(seed: int, seats: int = 2):
    """A table at the start of a turn, both players having built, before the last round."""
    return _hard_game_until(seed, seats, lambda s: s["phase"] == "claim" and all(p["built"] for p in s["players"])
                            and not s["ending"])


def test_a_finished_game_is_won_or_lost_as_the_rules_score_it():
    for seed in (1, 2, 3):
        state, _ = bot_game(RULES, BOTS, ["hard", "hard"], RULES.setup(seed, 2, SPEC.normalize(2, {})), seed)
        winners = RULES.outcome(state)["winners"]
        for seat in (0, 1):
            assert judged(RULES, state, seat) == winning_chance(RULES, state, seat) == (
                1.0 / len(winners) if seat in winners else 0.0)


def test_a_table_in_play_is_a_chance_between_nought_and_one():
    for seed in (1, 2, 3):
        state = _turn_start(seed)
        for seat in (0, 1):
            assert 0.0 < judged(RULES, state, seat) == winning_chance(RULES, state, seat) < 1.0


def test_more_points_make_a_player_likelier_to_win():
    for seed in (1, 2, 3):
        state = _turn_start(seed)
        behind = copy.deepcopy(state)
        behind["players"][1]["penalties"] += 2  # two Penalty tokens more: points lost
        assert RULES.tally(behind)[1] < RULES.tally(state)[1]
        assert winning_chance(RULES, behind, 1) < winning_chance(RULES, state, 1)
        assert winning_chance(RULES, behind, 0) > winning_chance(RULES, state, 0)


def test_a_plan_claimed_and_not_yet_built_makes_its_player_likelier_to_win():
    for seed in (1, 2, 3):
        state = _turn_start(seed)
        taken = {pid for p in state["players"] for pid in p["hand"] + [b["plan"] for b in p["built"]]}
        unclaimed = next(plan["id"] for plan in PLANS if plan["id"] not in taken)
        claimed = copy.deepcopy(state)
        claimed["players"][0]["hand"].append(unclaimed)
        assert winning_chance(RULES, claimed, 0) > winning_chance(RULES, state, 0)
        assert winning_chance(RULES, claimed, 1) < winning_chance(RULES, state, 1)


def test_dice_kept_count_until_the_last_round_and_not_in_it():
    state = _turn_start(4)
    richer = copy.deepcopy(state)
    richer["players"][0]["dice"].append(["gold", 6])
    assert winning_chance(RULES, richer, 0) > winning_chance(RULES, state, 0)
    last, richer_last = dict(state, ending=True), dict(richer, ending=True)
    assert math.isclose(winning_chance(RULES, richer_last, 0), winning_chance(RULES, last, 0))


def test_three_players_keep_the_hand_weighed_judgement():
    """With three players the expert still judges by points and dice kept: a plan claimed and not
    built changes nothing there, where with two it counts."""
    state = _turn_start(1, seats=3)
    taken = {pid for p in state["players"] for pid in p["hand"] + [b["plan"] for b in p["built"]]}
    claimed = copy.deepcopy(state)
    claimed["players"][0]["hand"].append(next(plan["id"] for plan in PLANS if plan["id"] not in taken))
    for seat in range(3):
        assert 0.0 < judged(RULES, state, seat) < 1.0
        assert judged(RULES, claimed, seat) == judged(RULES, state, seat)
    finished, _ = bot_game(RULES, BOTS, ["hard"] * 3, RULES.setup(1, 3, SPEC.normalize(3, {})), 1)
    assert [judged(RULES, finished, s) for s in range(3)] == [standing(RULES, finished, s) for s in range(3)]
