"""Tavern Tussle's expert at the end of a two-player round: once the first hands are passed, each
player knows the other's hand, and the expert solves the round's last picks as simultaneous
games. It plays a pick that wins whatever the other player picks, decides
from its own view alone, and leaves story phases with hidden hands and games of three or more to
its search."""

from __future__ import annotations

import pytest

import tabletown.games.tavern_tussle.game as tt
from tabletown.engine.bots import choose, next_state
from tabletown.engine.prng import Rng, seed_state
from tabletown.games.tavern_tussle import endgame

R = tt.RULES


def hard_game_until(seed: int, seats: int, stop, level: str = "hard"):
    """A game of bots (hard ones unless told), up to the first state `stop` accepts (None if
    the game ends first)."""
    state = R.setup(seed, seats, R.spec.normalize(seats, {}))
    step = 0
    while R.active(state):
        if stop(state):
            return state
        seat = R.active(state)[0]
        state = next_state(R, state, seat, choose(R, tt.BOTS, level, state, seat, seed, step))
        step += 1
    return None


def last_pick(state) -> bool:
    """The game's last story phase, nobody has picked yet."""
    return state["round"] == 3 and state["story"] == 3 and state["phase"] == "pick" and state["act"] == [None, None]


def share_of_the_win(state, seat: int, activations: tuple[int, int]):
    """`seat`'s share of the win (1, a half for a shared one, 0) when the two players activate
    these Heroes; None where a Hero's ability would ask its player a choice."""
    for s in (0, 1):
        state = next_state(R, state, s, {"type": "activate", "card": activations[s]})
    while R.active(state):
        s = R.active(state)[0]
        legal = R.legal(state, s)
        if len(legal) > 1:
            return None
        state = next_state(R, state, s, legal[0])
    winners = R.outcome(state)["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def sure_wins(state, seat: int):
    """The Heroes whose activation wins the game for `seat` whatever the other player activates
    (worked out by playing the rules), where some other Hero would not; None elsewhere."""
    mine, theirs = state["hands"][seat], state["hands"][1 - seat]
    wins = []
    for a in mine:
        shares = [share_of_the_win(state, seat, (a, b) if seat == 0 else (b, a)) for b in theirs]
        if None in shares:
            return None
        if all(x == 1.0 for x in shares):
            wins.append(a)
    return wins if wins and len(wins) < len(mine) else None


def test_in_the_last_story_phase_it_activates_a_hero_that_wins_whatever_the_other_does():
    found = 0
    for seed in range(1, 151):
        state = hard_game_until(seed, 2, last_pick, "easy")
        for seat in (0, 1):
            wins = sure_wins(state, seat)
            if wins is None:
                continue
            found += 1
            for trial in range(3):  # whatever its seed: a sure win is never mixed away
                move = choose(R, tt.BOTS, "expert", state, seat, 100 + trial, 1)
                assert move["card"] in wins, (seed, seat, state["hands"])
    assert found >= 8  # enough positions to mean something


def test_it_solves_only_picks_of_two_players_whose_hands_are_both_known():
    first = hard_game_until(3, 2, lambda s: s["phase"] == "pick" and s["story"] == 1)
    second = hard_game_until(3, 2, lambda s: s["phase"] == "pick" and s["story"] == 2)
    three = hard_game_until(3, 3, lambda s: s["phase"] == "pick" and s["story"] == 2)
    for state, solved in ((first, False), (second, True), (three, False)):
        view = R.view(state, 0)
        assert endgame.solves(view, 0, R.legal(state, 0)) is solved


@pytest.mark.parametrize("story", [2, 3])
def test_its_solved_picks_come_from_its_own_view(story):
    """The other player's secret pick and the deck's order scrambled in the true state: the same
    activation and the same discard."""
    for seed in (5, 6):
        state = hard_game_until(seed, 2, lambda s: s["phase"] == "pick" and s["story"] == story and s["round"] == 2
                                and s["act"] == [None, None])
        state = next_state(R, state, 1, choose(R, tt.BOTS, "hard", state, 1, seed, 0))  # the other picks first
        for _ in range(2):  # the activation, then (with hands of four) the discard
            if 0 not in R.active(state) or state["story"] != story or state["round"] != 2:
                break  # a hand of two: the activation was the whole pick
            legal = R.legal(state, 0)
            assert endgame.solves(R.view(state, 0), 0, legal)
            scrambled = R.zones.scramble(state, 0, Rng(seed_state(seed + 50)))
            assert R.view(scrambled, 0) == R.view(state, 0)
            move = choose(R, tt.BOTS, "expert", state, 0, 9, 3)
            assert move == choose(R, tt.BOTS, "expert", scrambled, 0, 9, 3) and move in legal
            state = next_state(R, state, 0, move)


def test_a_pick_is_a_whole_one_its_discard_follows_its_activation():
    """Asked for the discard after its activation, it names a Hero still in its hand."""
    state = hard_game_until(8, 2, lambda s: s["phase"] == "pick" and s["story"] == 2)
    state = next_state(R, state, 0, choose(R, tt.BOTS, "expert", state, 0, 8, 1))
    legal = R.legal(state, 0)
    assert legal[0]["type"] == "discard"
    assert choose(R, tt.BOTS, "expert", state, 0, 8, 2) in legal
