"""Tavern Tussle's balance measurement: stored games re-ranked with other Story Points, the
long run kept game by game (only whole deals read back), and its deals interleaved so that
every row has games whenever a run stops."""

from __future__ import annotations

import json

from tabletown.engine import trials
from tabletown.games.tavern_tussle.balance import (
    CONFIGS,
    FULL,
    hard_tasks,
    play,
    stored_hard_games,
    winners_with_story_points,
)

ALLIGATOR, BEAR, TOUCAN, HARE = range(4)


def stored_game(scores, bonus, luck=(0, 0), cards=(9, 9), age=(0, 1), deal=1):
    """A finished 2-player game as the long run stores it: the Alligator (seat 1) against the Hare."""
    return {"deal": deal, "tav": [ALLIGATOR, HARE], "scores": list(scores), "bonus": list(bonus),
            "luck": list(luck), "cards": list(cards), "age": list(age), "winners": [0], "n": 2, "adv": False,
            "v": 3, "moves": 30}


def test_re_ranking_replaces_the_cards_story_points_and_keeps_the_tie_breakers():
    # Stories 20 against 19; the Alligator's card added 1 point in the game as played.
    game = stored_game(scores=[21, 19], bonus=[1, 0], luck=(1, 2))
    ranked = {hare: winners_with_story_points((0, 0, 0, hare))(game) for hare in (0, 1, 2)}
    assert ranked[0] == [0]  # 20 against 19
    assert ranked[2] == [1]  # 20 against 21
    assert ranked[1] == [1]  # 20 all: the most Luck showing wins the tie


def test_re_ranked_ties_go_to_fewer_cards_then_the_younger_player():
    fewer_cards = stored_game(scores=[20, 20], bonus=[0, 0], cards=(10, 9))
    assert winners_with_story_points((0, 0, 0, 0))(fewer_cards) == [1]
    younger = stored_game(scores=[20, 20], bonus=[0, 0], age=(1, 0))
    assert winners_with_story_points((0, 0, 0, 0))(younger) == [1]
    assert winners_with_story_points((1, 0, 0, 0))(younger) == [0]


def test_a_stored_run_gives_only_whole_deals_and_skips_a_line_cut_short(tmp_path):
    whole = [stored_game([20, 19], [0, 0], deal=1), stored_game([18, 19], [0, 0], deal=1)]
    half = stored_game([20, 19], [0, 0], deal=2)
    lines = [{"v": "6", "task": ["hard", 2, False, 1, turn], "result": g} for turn, g in enumerate(whole)]
    lines.append({"v": "6", "task": ["hard", 2, False, 2, 0], "result": half})
    path = trials._store_file(tmp_path, play)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines) + '{"v": "6", "ta', encoding="utf-8")
    assert stored_hard_games(tmp_path)[(2, False)] == whole


def test_the_long_run_interleaves_its_rows():
    schedule = hard_tasks(FULL["deals"], first=1)
    first_deals = {(seats, adv) for _, seats, adv, _, _ in schedule[:sum(seats for seats, _ in CONFIGS)]}
    assert first_deals == set(CONFIGS)
    for n, adv in CONFIGS:
        games = [(seed, turn) for _, m, a, seed, turn in schedule if (m, a) == (n, adv)]
        assert games == [(seed, turn) for seed in range(1, FULL["deals"][n] + 1) for turn in range(n)]
        assert len(games) >= trials.MIN_GAMES


def test_the_measured_games_have_the_bonus_points_option_and_score_as_version_5_did():
    # The balance page measures the "Taverner bonus points": version 6 with the option plays and
    # scores as version 5 did, so a run stored under version 5 still counts.
    from tabletown.engine.prng import Rng, seed_state
    from tabletown.games.tavern_tussle.balance import _options
    from tabletown.games.tavern_tussle.game import RULES, SPEC

    assert SPEC.parse_link_options(3, _options(True))["taverner_bonus"] is True
    for seats in (2, 4):
        finals = []
        for version, options in ((5, {}), (SPEC.rules_version, {"taverner_bonus": True})):
            state = RULES.setup(7, seats, SPEC.normalize(seats, options), version=version)
            rng = Rng(seed_state(7))
            while RULES.active(state):
                seat = RULES.active(state)[0]
                legal = RULES.legal(state, seat)
                state = RULES.apply(state, seat, legal[rng.below(len(legal))])[0]
            finals.append(RULES.outcome(state))
        assert finals[0]["scores"] == finals[1]["scores"] and finals[0]["winners"] == finals[1]["winners"]
        assert finals[0]["details"] == finals[1]["details"]
