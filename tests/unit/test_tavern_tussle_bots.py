"""Tavern Tussle bots: they decide from their view, determinize is consistent, the hard bot
pictures its opponents as more than the easy bot, and it beats the easy bot."""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest

import tabletown.games.tavern_tussle.bots as bots
import tabletown.games.tavern_tussle.game as tt
from tabletown.engine.bots import choose, next_state
from tabletown.engine.prng import Rng, seed_state
from tabletown.games.tavern_tussle.content import DECKS, HEROES
from tabletown.games.tavern_tussle.play import QuickRng
from tabletown.games.tavern_tussle.rules import scenario

R = tt.RULES


def hid(name: str, animal: str = "") -> int:
    for h in HEROES:
        if h["name"] == name and (not animal or h["animal"] == animal):
            return h["id"]
    raise KeyError(name)


def play(seed: int, levels: list[str], options: dict | None = None):
    seats = len(levels)
    state = R.setup(seed, seats, R.spec.normalize(seats, options or {}))
    step = 0
    while R.active(state):
        seat = R.active(state)[0]
        action = choose(R, tt.BOTS, levels[seat], state, seat, seed, step)
        assert action in R.legal(state, seat)
        state = next_state(R, state, seat, action)
        step += 1
    return R.outcome(state)


def states_along_a_game(seed: int, seats: int, options: dict | None = None):
    state = R.setup(seed, seats, R.spec.normalize(seats, options or {}))
    rng = Rng(seed_state(seed))
    while R.active(state):
        yield state
        seat = R.active(state)[0]
        state = R.apply(state, seat, tt.BOTS["easy"](R, R.view(state, seat), seat, R.legal(state, seat), rng))[0]


def cards_of(state) -> Counter:
    cards = list(state["deck"]) + [c for pile in state["discards"] for c in pile]
    cards += [c for h in state["hands"] for c in h]
    cards += [c for c in state["act"] + state["dis"] if c is not None]
    cards += [c if c >= 0 else ~c for c in state["play"] if c is not None]
    cards += [c if c >= 0 else ~c for t in state["tab"] for c in t]
    return Counter(cards)


def test_determinize_gives_a_whole_deck_consistent_with_the_view():
    for seats, options in ((2, {}), (3, {"advanced": True}), (4, {})):
        rng = Rng(seed_state(5))
        for i, state in enumerate(states_along_a_game(seats + 10, seats, options)):
            if i % 3:
                continue
            for seat in R.active(state):
                view = R.view(state, seat)
                world = R.determinize(view, seat, rng)
                assert R.view(world, seat) == view
                assert cards_of(world) == Counter(DECKS[seats])  # every card exactly once
                assert R.active(world) == R.active(state)
                assert R.legal(world, seat) == R.legal(state, seat)
                # the left neighbour holds what this seat passed on, and says so
                passed = view["passed"][seat]
                if passed is not None and view["phase"] == "resolve":
                    left = (seat + 1) % seats
                    assert sorted(world["hands"][left]) == sorted(passed)
                for p in range(seats):
                    if world["passed"][p] is not None:
                        assert len(world["passed"][p]) == len(state["passed"][p])


def test_determinize_samples_vary_the_hidden_cards():
    state = R.setup(8, 4, R.spec.normalize(4, {}))
    view = R.view(state, 0)
    rng = Rng(seed_state(1))
    worlds = [R.determinize(view, 0, rng) for _ in range(5)]
    assert len({tuple(w["hands"][1]) for w in worlds}) > 1
    assert all(w["hands"][0] == state["hands"][0] for w in worlds)


def test_unseen_heroes_are_the_ones_the_viewer_cannot_place():
    state = R.setup(8, 3, R.spec.normalize(3, {}))
    view = R.view(state, 1)
    unseen = R.unseen(view, "heroes")
    assert sorted(unseen) == sorted(set(DECKS[3]) - set(state["hands"][1]))


def test_bots_only_get_the_view():
    state = R.setup(2, 3, R.spec.normalize(3, {}))
    view = R.view(state, 1)
    assert view["hands"][0] == [None] * 6 and "rng" not in view
    for level in ("easy", "hard"):
        action = tt.BOTS[level](R, view, 1, R.legal(state, 1), Rng(seed_state(3)))
        assert action in R.legal(state, 1)


def test_easy_bot_beats_random_play():
    from tabletown.engine.bots import random_bot

    wins = 0
    for seed in range(1, 13):
        st = R.setup(seed, 2, R.spec.normalize(2, {}))
        rng = Rng(seed_state(seed))
        while R.active(st):
            seat = R.active(st)[0]
            bot = tt.BOTS["easy"] if seat == seed % 2 else random_bot
            st = R.apply(st, seat, bot(R, R.view(st, seat), seat, R.legal(st, seat), rng))[0]
        wins += (seed % 2) in R.outcome(st)["winners"]
    assert wins >= 9, wins


def test_easy_bot_takes_the_hero_that_completes_a_story():
    # Three themes already; a fourth (Elixir) makes 10 instead of a new story of 1.
    st = scenario(2, [0, 1], [[hid("Sage"), hid("Pilgrim"), hid("Giant")], [hid("Oracle"), hid("Cleric"), hid("Bard", "frog")]],
                  [[hid("Thief", "rat"), hid("Knight", "badger"), hid("Hunter")], []])
    action = tt.BOTS["easy"](R, R.view(st, 0), 0, R.legal(st, 0), Rng(seed_state(1)))
    assert action == {"type": "activate", "card": hid("Sage")}


def test_the_hard_bot_pictures_players_who_surprise_it():
    # Its playouts follow the easy policy most of the time, but not always.
    st = R.setup(3, 4, R.spec.normalize(4, {}))
    view = R.view(st, 0)
    legal = R.legal(st, 0)
    easy = tt.BOTS["easy"](R, view, 0, legal, Rng(seed_state(4)))
    rng = Rng(seed_state(5))
    moves = [bots.playout_move(R, st, 0, legal, rng) for _ in range(200)]
    other = sum(1 for m in moves if m != easy)
    assert 0.1 * 200 < other < 0.5 * 200
    assert 0 < bots.SURPRISE < 1


def test_the_hard_bot_takes_a_single_choice_without_searching():
    st = R.setup(3, 2, R.spec.normalize(2, {}))
    legal = R.legal(st, 0)[:1]
    assert tt.BOTS["hard"](R, R.view(st, 0), 0, legal, Rng(seed_state(1))) == legal[0]


def test_hard_beats_easy_from_either_seat():
    # The balance page (docs/balance/tavern-tussle.md) measured 80 % from either seat over 20 games a seat.
    # Here 12 seeded games, hard on either seat.
    wins = 0
    for i, seed in enumerate(range(300, 312)):
        levels = ["hard", "easy"] if i % 2 == 0 else ["easy", "hard"]
        out = play(seed, levels)
        hard = levels.index("hard")
        wins += hard in out["winners"] and len(out["winners"]) == 1
    assert wins >= 8, wins


# Moves of seeded games between hard bots, pinned before the hard bot was made faster: the
# speed-up (a quicker copy of the engine's PRNG, remembered story scores, playouts that keep
# no log) must not change a single choice. Pinned again when the hard bot began to reopen the
# secret picks already made in its imagined tables (a change of play on purpose); a change
# meant only to make it faster must keep these. (seats, options, seed, moves played, digest)
PINNED_HARD_GAMES = [
    (2, {}, 1, 33, "52d4a5d100dd74d5"),
    (3, {"advanced": True}, 3, 49, "125f3d312d219695"),
    (4, {}, 4, 30, "5547df3e67b49b50"),
]


@pytest.mark.parametrize("seats,options,seed,moves,digest", PINNED_HARD_GAMES)
def test_the_hard_bot_makes_the_same_moves_as_before_it_was_made_faster(seats, options, seed, moves, digest):
    # Version 2: the rules these games were pinned under (no Taverner Story Points).
    state = R.setup(seed, seats, R.spec.normalize(seats, options), version=2)
    played = []
    while R.active(state) and len(played) < moves:
        seat = R.active(state)[0]
        action = choose(R, tt.BOTS, "hard", state, seat, seed, len(played))
        played.append([seat, action])
        state = next_state(R, state, seat, action)
    assert len(played) == moves
    assert hashlib.sha256(json.dumps(played, sort_keys=True).encode()).hexdigest()[:16] == digest


def test_the_quick_prng_draws_the_engines_numbers():
    for seed in range(20):
        engine, quick = Rng(seed_state(seed)), QuickRng(seed_state(seed))
        for bound in (1, 2, 3, 6, 1000, 2**31 + 5, 2**32):
            assert [engine.below(bound) for _ in range(50)] == [quick.below(bound) for _ in range(50)]
        a, b = list(range(54)), list(range(54))
        engine.shuffle(a)
        quick.shuffle(b)
        assert a == b and engine.s == quick.s
    with pytest.raises(ValueError):
        QuickRng(seed_state(1)).below(0)


def test_an_opponent_who_already_picked_in_secret_picks_again_in_the_hard_bots_imagined_table():
    """The hard bot imagines the cards it cannot see; an opponent who has already chosen its
    Hero and its discard is pictured choosing again from its whole hand (as a seat picking first
    pictures everyone), never as a random card. The seat's own picks stay as they are."""
    state = R.setup(4, 3, R.spec.normalize(3, {}))
    hand1 = list(state["hands"][1])
    state = next_state(R, state, 1, {"type": "activate", "card": hand1[0]})
    state = next_state(R, state, 1, {"type": "discard", "card": hand1[1]})
    state = next_state(R, state, 0, {"type": "activate", "card": state["hands"][0][0]})
    assert R.active(state) == [0, 2]
    world = R.determinize(R.view(state, 0), 0, QuickRng([7, 1, 2, 3]))
    assert world["act"][1] is not None and world["dis"][1] is not None  # picked, at random
    before = cards_of(world)
    reopened = bots.reopen_secret_picks(world, 0)
    assert reopened["act"][1] is None and reopened["dis"][1] is None
    assert len(reopened["hands"][1]) == len(hand1)  # the picks are back in the hand
    assert reopened["act"][0] == state["act"][0] and reopened["dis"][0] is None  # its own pick stays
    assert R.active(reopened) == [0, 1, 2]
    assert cards_of(reopened) == before  # no card lost or made


def test_the_expert_imagines_the_tables_the_hard_bot_imagines():
    """The expert's search meets the same opponents as the hard bot: every table it imagines from
    its view, after an opponent has picked in secret, has that opponent picking again."""
    state = R.setup(4, 2, R.spec.normalize(2, {}))
    hand1 = list(state["hands"][1])
    state = next_state(R, state, 1, {"type": "activate", "card": hand1[0]})
    state = next_state(R, state, 1, {"type": "discard", "card": hand1[1]})
    assert R.active(state) == [0]
    expert = tt.BOTS["expert"]
    for seed in range(5):
        world = expert.imagine(R, R.view(state, 0), 0, Rng(seed_state(seed)))
        assert world["act"][1] is None and world["dis"][1] is None
        assert len(world["hands"][1]) == len(hand1)  # its whole hand to choose from again
        assert R.active(world) == [0, 1]
