"""Townsfolk Tussle's expert scores an imagined table for the whole team (the townsfolk win or lose
together): the Ruffian's HP taken against the team's HP lost, a won fight as a win, and the game's
result once it has one."""

from __future__ import annotations

import pytest

from tabletown.games.townsfolk_tussle.bots import team_standing
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.unit.test_townsfolk_support import Table


def fight() -> Table:
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    return t


def score(t: Table, seat: int = 0) -> float:
    return team_standing(RULES, t.state, seat)


def test_a_fresh_fight_is_even_and_every_townsfolk_scores_it_alike():
    t = fight()
    assert score(t) == pytest.approx(0.5)
    t.f["hp"] = t.f["max"] // 2
    assert score(t, 0) == score(t, 1) == score(t, 2)


def test_taking_the_ruffians_hp_raises_the_score_and_losing_the_teams_lowers_it():
    t = fight()
    t.f["hp"] = t.f["max"] // 2
    hurt_ruffian = score(t)
    assert hurt_ruffian > 0.8
    t.state["folk"][1]["hp"] = 1
    one_hurt = score(t)
    t.state["folk"][1]["ko"] = True
    one_out = score(t)
    assert hurt_ruffian > one_hurt > one_out > 0.5  # half the Ruffian's HP is still worth more than a third of the team


def test_a_won_fight_scores_as_a_win_and_the_games_result_decides_at_the_end():
    t = fight()
    t.state["stage"] = {"kind": "discard", "seat": 0, "left": [0, 1, 2]}
    assert score(t) == 1.0
    t.state["stage"] = {"kind": "over"}
    t.state["result"] = {"won": False, "ending": "x", "ruffian": "qing-kween", "unlocks": []}
    assert score(t) == 0.0
    t.state["result"]["won"] = True
    assert score(t) == 1.0


def test_a_bot_sees_the_view_without_the_boards_figures():
    t = fight()
    for seat in range(3):
        view = RULES.view(t.state, seat)
        assert "derived" in view
        assert RULES.bot_view(t.state, seat) == {k: v for k, v in view.items() if k != "derived"}


def test_the_expert_searches_a_townsfolks_turn_in_a_fight_and_shops_as_the_hard_bot_does():
    from tabletown.games.townsfolk_tussle.bots import in_a_fight

    town = Table(("henlo", "melba", "quintus"))
    assert not in_a_fight(RULES.bot_view(town.state, 0))
    t = fight()
    t.state["stage"] = {"kind": "turn"}
    assert in_a_fight(RULES.bot_view(t.state, 0))
