"""Torches & Pitchforks' expert judges a two-player table by its chance of winning: a finished
game is won or lost; points, living Townsfolk and a fight being won make a player likelier to
win ("The first player to score 30 points saves the town and wins the game"); a game to a
lower winning score counts the same points as nearer the win. Three players or more keep the
kit's judgement by points."""

from __future__ import annotations

import math

from tabletown.engine.search import standing
from tabletown.engine.state import clone
from tabletown.games.torches_and_pitchforks.content import CARDS
from tabletown.games.torches_and_pitchforks.game import BOTS
from tabletown.games.torches_and_pitchforks.game import RULES as R
from tabletown.games.torches_and_pitchforks.judgement import expert_standing
from tabletown.games.torches_and_pitchforks.scoring import combat_wins
from tests.support.bot_games import easy_play_until

MONSTER_OF_POWER_5 = next(c for c, card in CARDS.items() if card.get("power") == 5)


def easy_game_until(seed: int, seats: int, stop, options=None):
    return easy_play_until(R, BOTS, R.setup(seed, seats, R.spec.normalize(seats, options or {})), seed, stop)


def quiet_table(seed: int, options=None):
    """A two-player table in a Recoup, no fight under way, nobody near the winning score."""
    return easy_game_until(seed, 2, lambda s: s["phase"] == "recoup" and s["combat"] is None and s["turns"] >= 4,
                           options)


def test_a_finished_game_is_won_or_lost():
    for seed in (1, 2, 3):
        state = easy_game_until(seed, 2, lambda s: False)
        winners = R.outcome(state)["winners"]
        for seat in (0, 1):
            assert expert_standing(R, state, seat) == (1.0 / len(winners) if seat in winners else 0.0)


def test_the_two_players_chances_add_up_to_one():
    for seed in (1, 2, 3):
        state = quiet_table(seed)
        chances = [expert_standing(R, state, seat) for seat in (0, 1)]
        assert 0.0 < chances[0] < 1.0 and math.isclose(sum(chances), 1.0)


def test_points_make_a_player_likelier_to_win():
    for seed in (1, 2, 3):
        state = quiet_table(seed)
        ahead = clone(state)
        ahead["scores"][0] = ahead["scores"][0] + [MONSTER_OF_POWER_5]
        assert expert_standing(R, ahead, 0) > expert_standing(R, state, 0)


def test_a_townsfolk_more_in_the_mob_makes_its_player_likelier_to_win():
    for seed in (1, 2, 3):
        state = quiet_table(seed)
        bigger = clone(state)
        bigger["mobs"][0] = bigger["mobs"][0] + [dict(bigger["mobs"][0][0], dead=False, enh=[])]
        assert expert_standing(R, bigger, 0) > expert_standing(R, state, 0)


def test_the_same_points_are_nearer_the_win_in_a_game_to_twenty():
    state = quiet_table(1)
    state["scores"][0] = state["scores"][0] + [MONSTER_OF_POWER_5, MONSTER_OF_POWER_5]
    quick = clone(state)
    quick["target"] = 20
    assert expert_standing(R, quick, 0) > expert_standing(R, state, 0)


def test_a_fight_being_won_counts_for_the_fighter():
    for seed in range(1, 30):
        state = easy_game_until(seed, 2, lambda s: s["combat"] is not None and s["combat"]["stage"] == "fight")
        if state["combat"] is None:
            continue
        fighter = state["combat"]["seat"]
        after = clone(state)
        after["combat"] = None  # the same table with no fight under way
        if combat_wins(state):
            assert expert_standing(R, state, fighter) > expert_standing(R, after, fighter)
            return
    raise AssertionError("no fight being won in seeds 1–29")


def test_three_players_keep_the_kits_judgement():
    state = easy_game_until(1, 3, lambda s: s["phase"] == "recoup" and s["turns"] >= 4)
    for seat in range(3):
        assert expert_standing(R, state, seat) == standing(R, state, seat)


def test_the_experts_imagined_turn_is_played_to_its_end():
    """A move is judged between turns: after it, the imagined table is played on until the next
    player's turn begins (the fight fought, the Recoup and Discard done), not stopped partway."""
    from tabletown.engine.prng import Rng, seed_state
    from tabletown.games.torches_and_pitchforks.bots import finish_turn

    for seed in (1, 2, 3):
        table = easy_game_until(seed, 2, lambda s: s["phase"] == "attack" and s["turns"] >= 2)
        played = finish_turn(R, table, Rng(seed_state(seed)))
        assert played["turn"] != table["turn"] or played["phase"] == "over"
        assert played["phase"] in ("draw", "attack", "over")
