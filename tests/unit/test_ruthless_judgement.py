"""Ruthless' expert judges a Dodge City Draw between two posses by its chance of winning: a
finished game is won, lost or shared as the rules score it; a kill (2 victory points in every
scenario) and an enemy lying down make a posse likelier to win. The other scenarios and three
posses keep the hard bot's judgement (victory points as they would be counted now)."""

from __future__ import annotations

import math

import pytest

from tabletown.engine.search import lead, standing
from tabletown.engine.state import clone
from tabletown.games.ruthless import judgement
from tabletown.games.ruthless import models as M
from tabletown.games.ruthless.bots import expert_standing
from tabletown.games.ruthless.game import BOTS
from tabletown.games.ruthless.game import RULES as R
from tabletown.games.ruthless.scoring import final_result
from tests.support.bot_games import easy_play_until

SCENARIOS = ("dodge-city", "riding-shotgun", "gunfight")
JUDGED = ("dodge-city",)  # the scenarios judged by a chance of winning


def easy_game_until(seed: int, seats: int, scenario: str, stop):
    state = R.setup(seed, seats, R.spec.parse_link_options(seats, {"scenario": scenario}))
    return easy_play_until(R, BOTS, state, seed, stop)


def second_turn(s) -> bool:
    return s["phase"] == "act" and s["turn"] >= 2 and s["pending"] is None


def kill(state, victim) -> None:
    """The victim is killed by the other posse, as the rules record a kill."""
    victim["status"] = M.DEAD
    state["kills"] = state["kills"] + [{"victim": victim["id"], "by": 1 - victim["side"]}]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_finished_game_is_won_lost_or_shared_as_the_rules_score_it(scenario):
    state = easy_game_until(1, 2, scenario, lambda s: False)
    winners = R.outcome(state)["winners"]
    for seat in (0, 1):
        assert expert_standing(R, state, seat) == (1.0 / len(winners) if seat in winners else 0.0)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_two_posses_chances_add_up_to_one(scenario):
    for seed in (1, 2):
        state = easy_game_until(seed, 2, scenario, second_turn)
        assert judgement.judges(state) == (scenario in JUDGED)
        chances = [expert_standing(R, state, seat) for seat in (0, 1)]
        assert 0.0 < chances[0] < 1.0 and math.isclose(sum(chances), 1.0)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_kill_makes_the_killers_likelier_to_win(scenario):
    for seed in (1, 2):
        state = easy_game_until(seed, 2, scenario, second_turn)
        for killer in (0, 1):
            after = clone(state)
            victim = next(m for m in M.side_chars(after, 1 - killer)
                          if M.on_table(m) and not m["citizen"] and not m.get("passenger"))
            kill(after, victim)
            assert expert_standing(R, after, killer) > expert_standing(R, state, killer)


@pytest.mark.parametrize("scenario", ("dodge-city", "gunfight"))
def test_an_enemy_lying_down_makes_a_posse_likelier_to_win(scenario):
    state = easy_game_until(1, 2, scenario, second_turn)
    for seat in (0, 1):
        after = clone(state)
        victim = next(m for m in M.side_chars(after, 1 - seat) if m["status"] == M.OK and not m["lily"])
        victim["status"] = M.DOWN
        assert expert_standing(R, after, seat) > expert_standing(R, state, seat)


@pytest.mark.parametrize("scenario", [s for s in SCENARIOS if s not in JUDGED])
def test_scenarios_not_judged_by_a_chance_keep_the_hard_bots_judgement(scenario):
    state = easy_game_until(1, 2, scenario, second_turn)
    for seat in (0, 1):
        assert expert_standing(R, state, seat) == lead(final_result(state)["vp"], seat, 4.0)


def test_three_posses_keep_the_hard_bots_judgement():
    state = easy_game_until(1, 3, "gunfight", second_turn)
    assert not judgement.judges(state)
    for seat in range(3):
        assert expert_standing(R, state, seat) == lead(final_result(state)["vp"], seat, 4.0)
    over = easy_game_until(1, 3, "gunfight", lambda s: False)
    assert [expert_standing(R, over, s) for s in range(3)] == [standing(R, over, s) for s in range(3)]
