"""Tavern Tussle's expert judges a two-player table by its chance of winning: a finished game is
won, lost or shared as the rules score it, and at a round's start more Heroes and more stolen
Coins make a player likelier to win. Tables it has no model for (three or four players, the
middle of a round) keep the hard bot's judgement."""

from __future__ import annotations

import math

import tabletown.games.tavern_tussle.game as tt
from tabletown.engine.search import squash
from tabletown.engine.state import clone
from tabletown.games.tavern_tussle import bots
from tabletown.games.tavern_tussle.judgement import judged, winning_chance
from tests.support.bot_games import easy_play_until

R = tt.RULES


def easy_game_until(seed: int, seats: int, stop):
    """A game of easy bots up to the first state `stop` accepts (the last state if none does)."""
    return easy_play_until(R, tt.BOTS, R.setup(seed, seats, R.spec.normalize(seats, {})), seed, stop)


def round_start(n: int):
    return lambda s: s["round"] == n and s["phase"] == "pick" and s["story"] == 1 and s["act"] == [None] * s["n"]


def test_a_finished_game_is_won_lost_or_shared_as_the_rules_score_it():
    for seed in range(1, 6):
        state = easy_game_until(seed, 2, lambda s: False)
        winners = R.outcome(state)["winners"]
        for seat in (0, 1):
            assert winning_chance(R, state, seat) == (1.0 / len(winners) if seat in winners else 0.0)
            assert bots.expert_standing(R, state, seat) == winning_chance(R, state, seat)


def test_at_the_start_of_rounds_two_and_three_the_two_chances_add_up_to_one():
    for seed in range(1, 6):
        for n in (2, 3):
            state = easy_game_until(seed, 2, round_start(n))
            assert judged(state)
            chances = [winning_chance(R, state, seat) for seat in (0, 1)]
            assert 0.0 < chances[0] < 1.0
            assert math.isclose(sum(chances), 1.0)
            assert [bots.expert_standing(R, state, seat) for seat in (0, 1)] == chances


def test_a_hero_more_in_a_tableau_makes_its_player_likelier_to_win():
    for seed in range(1, 6):
        state = easy_game_until(seed, 2, round_start(2))
        unseen = [c for c in state["deck"] if c >= 0]
        richer = clone(state)
        richer["tab"][0] = richer["tab"][0] + [unseen[0]]
        assert winning_chance(R, richer, 0) > winning_chance(R, state, 0)
        assert winning_chance(R, richer, 1) < winning_chance(R, state, 1)


def test_a_coin_stolen_from_the_other_player_makes_the_thief_likelier_to_win():
    """Steal: take a Coin card from one enemy and put it in your tableau."""
    for seed in range(1, 6):
        state = easy_game_until(seed, 2, round_start(3))
        robbed = clone(state)
        robbed["tab"][1] = robbed["tab"][1] + [~0]  # a Coin to steal (any flipped Hero)
        thief = clone(state)
        thief["tab"][0] = thief["tab"][0] + [~0]
        assert winning_chance(R, thief, 0) > winning_chance(R, robbed, 0)


def test_other_tables_keep_the_hard_bots_judgement():
    first_round = easy_game_until(1, 2, lambda s: s["round"] == 1 and s["story"] == 2)
    three = easy_game_until(1, 3, round_start(2))
    mid_round = easy_game_until(1, 2, lambda s: s["round"] == 2 and s["story"] == 2)
    for state in (first_round, three, mid_round):
        assert not judged(state)
        assert bots.expert_standing(R, state, 0) == squash(bots._evaluate(state, 0), 8.0)
