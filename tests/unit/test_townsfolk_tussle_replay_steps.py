"""A Ruffian's turn stepped through in a replay, as the rulebook plays it out.

The whole Ruffian's turn happens inside the move that ends the townsfolk's turn; a replay steps
through it one step at a time (`Rules.substeps`, `Replay.substeps`). From the rulebook: "On the
Ruffian's turn, all you need to do is play and discard the next card in the Ruffian action deck
... Follow the actions on the card from start to finish", and "Move towards target. If you reach
them, deal 1 DMG. The Ruffian would turn and move towards the target, attempting to end the
movement adjacent to them in the least squares possible. If they reach the target, the target
would take 1 DMG."
"""

from __future__ import annotations

import pytest

from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.replay import Replay
from tabletown.engine.session import Session, new_record
from tabletown.games.townsfolk_tussle import game
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.conformance import check_secrets
from tests.unit.test_townsfolk_tussle_ruffian_told import open_field

END = {"type": "end"}



def twin_cleave_turn():
    """Henlo three squares west of Qing & Kween (F6–G7, facing south); the last townsfolk ends
    the turn and the Ruffian plays Twin Cleave: it walks to Henlo and deals him DMG.
    The state before that move, its seat, and the state after it."""
    t = open_field(henlo=(1, 5))
    t.stack("qing-kween-twin-cleave")
    while t.stage["seat"] != 2:
        t.act(t.stage["seat"], END)
    before = t.state
    t.act(2, END)
    return before, t.state


def test_a_ruffian_turn_with_a_walk_and_an_attack_is_told_in_several_steps():
    before, after = twin_cleave_turn()
    steps = RULES.substeps(before, 2, END)
    lines = [RULES.phrase(events) for _, events in steps]
    assert len(steps) >= 5
    assert all(lines), lines  # every step has a line to tell
    assert lines[0] == "Quintus ({seat2}) ends the turn."
    assert lines[1] == "Qing & Kween play Twin Cleave."


def test_each_step_shows_the_ruffian_walking_then_attacking():
    before, after = twin_cleave_turn()
    states = [state for state, _ in RULES.substeps(before, 2, END)]
    where = [tuple(s["fight"]["pos"]) for s in states]
    henlo_hp = [s["folk"][0]["hp"] for s in states]
    # It walks one square a step (F6–G7 to C6–D7: three steps of its own) ...
    walked = [w for n, w in enumerate(where) if n == 0 or w != where[n - 1]]
    assert walked == [(5, 5), (4, 5), (3, 5), (2, 5)]
    # ... and Henlo is hit only once it has reached him: the HP falls on a later step than the last square.
    last_square = where.index((2, 5))
    hit = next(n for n, hp in enumerate(henlo_hp) if hp < henlo_hp[0])
    assert hit > last_square
    assert henlo_hp[:hit] == [before["folk"][0]["hp"]] * hit
    assert states[hit - 1] != states[hit]


def test_the_last_step_is_the_state_after_the_move():
    before, after = twin_cleave_turn()
    steps = RULES.substeps(before, 2, END)
    assert steps[-1][0] == after
    assert [e for _, events in steps for e in events] == RULES.apply(before, 2, END)[1]


def test_a_move_with_no_ruffian_turn_has_no_steps():
    t = open_field(henlo=(1, 5))
    assert t.stage["seat"] == 0
    assert RULES.substeps(t.state, 0, END) == []  # Henlo ends his turn: Melba's turn, no Ruffian


def bot_game(moves: int) -> dict:
    record = new_record(game, [{"kind": "bot", "level": "easy"}] * 2, {}, 3)
    session = Session(game, record)
    while len(session.record["log"]) < moves and not session.over():
        session.bot_move(session.active()[0])
    return session.record


def test_a_replay_steps_through_a_ruffian_turn_and_back():
    replay = Replay(game, bot_game(40))
    k = next(k for k in range(2, len(replay)) if replay.substeps(k) and not replay.substeps(k - 1))
    plain = next(p for p in range(2, len(replay)) if not replay.substeps(p))
    assert replay.forward((plain - 1, None)) == (plain, None)  # a move told in one step is one step
    count = len(replay.substeps(k))
    seen = [replay.forward((k - 1, None))]
    for _ in range(count - 1):
        seen.append(replay.forward(seen[-1]))
    assert seen == [(k, n) for n in range(count)]
    after = replay.forward(seen[-1])
    assert after[0] == k + 1
    assert [replay.back(p) for p in seen] == [(k - 1, None)] + seen[:-1]
    assert replay.view_at(k, None, count - 1) == replay.view_at(k, None)
    assert replay.line(k, 0) and replay.line(k, 0) != replay.line(k)
    # a step back from the whole move (its log line pressed) is the step before its last
    assert replay.back((k, None)) == (k, count - 2)
    # the end of the last move is as far as a replay goes
    last = len(replay)
    end = (last, len(replay.substeps(last)) - 1 if replay.substeps(last) else None)
    assert replay.forward(end) == end and replay.forward((last, None)) == (last, None)


def test_a_replay_of_a_game_not_over_shows_each_step_as_the_table_saw_it():
    replay = Replay(game, bot_game(30))  # 30 moves: a Ruffian has acted, and the team still stands
    k = next(k for k in range(1, len(replay) + 1) if replay.substeps(k))
    for n, step in enumerate(replay.substeps(k)):
        assert replay.view_at(k, None, n) == RULES.view(step["state"], None)
        assert "rng" not in replay.view_at(k, None, n)
    with pytest.raises(ValueError):
        replay.view_at(k, 0, 0)


def test_no_step_of_a_ruffian_turn_shows_what_a_seat_may_not_know():
    """Each step is drawn from the game's own view of the state then: hidden piles stay hidden."""
    replay = Replay(game, bot_game(40))
    rng = Rng(seed_state(7))
    checked = 0
    for k in range(1, len(replay) + 1):
        for n, step in enumerate(replay.substeps(k)):
            check_secrets(RULES, step["state"], 2, rng, k * 100 + n)
            checked += 1
    assert checked > 10


def test_every_step_of_every_ruffian_turn_draws():
    replay = Replay(game, bot_game(60))
    names = ["Ann", "Bob"]
    drawn = 0
    for k in range(1, len(replay) + 1):
        for n, _ in enumerate(replay.substeps(k)):
            for narrow in (False, True):
                svg = game.render(replay.view_at(k, None, n), {"viewer": None, "legal": [], "names": names,
                                                               "narrow": narrow})
                assert svg.startswith("<svg")
                drawn += 1
    assert drawn > 20
