"""A replay (engine/replay.py) steps through a game move by move, showing the board as it was after
each move (past the checkpoints it keeps to make stepping back cheap, going forward and going
back) and never anyone's hidden cards while the game is on; the story of a game is told from its
moves."""

from __future__ import annotations

import pytest

from tabletown.engine.replay import CHECKPOINT_EVERY, Replay, StoryTeller, story
from tabletown.engine.session import Session, new_record
from tabletown.games.tumble_town import game as tumble

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
MOVES = 2 * CHECKPOINT_EVERY + 3  # past two checkpoints, and still in play


def finished(toy, seed=5):
    session = Session(toy, new_record(toy, SEATS, {}, seed=seed))
    while session.active():
        seat = session.active()[0]
        session.apply(seat, toy.RULES.legal(session.state, seat)[0])
    return session


def test_a_replay_shows_the_board_as_it_was_after_each_move(toy):
    session = finished(toy)
    replay = Replay(toy, session.record)
    assert len(replay) == len(session.record["log"]) and replay.over
    again = Session(toy, dict(session.record, log=[]), trusted=True)
    for k in range(len(replay) + 1):
        assert replay.state_at(k) == again.state, k
        assert replay.line(k) == (session.lines[k - 1] if k else "")
        if k < len(replay):
            again.apply(*session.record["log"][k])
    # Stepping back works as well as forward (checkpoints are copies, never changed).
    assert replay.state_at(3) == Replay(toy, session.record).state_at(3)
    with pytest.raises(IndexError):
        replay.state_at(len(replay) + 1)


def test_a_game_in_progress_is_replayed_without_anyones_hidden_cards(toy):
    session = Session(toy, new_record(toy, SEATS, {}, seed=5))
    session.apply(0, toy.RULES.legal(session.state, 0)[0])
    replay = Replay(toy, session.record)
    assert replay.viewers() == [None]
    assert replay.view_at(1, None)["hands"][0] == [None, None]
    with pytest.raises(ValueError, match="not over"):
        replay.view_at(1, 0)
    done = Replay(toy, finished(toy).record)
    assert done.viewers() == [None, 0, 1] and done.view_at(0, 1)["hands"][1][0] is not None


def test_the_story_tells_the_score_after_every_move_and_the_moments(toy):
    session = finished(toy)
    told = story(toy, session.record)
    n = len(session.record["log"])
    assert [len(s) for s in told["series"]] == [n + 1, n + 1]
    assert [s[-1] for s in told["series"]] == session.state["scores"]
    assert [s[0] for s in told["series"]] == [0, 0]
    (table,) = told["tables"]
    assert [row[1] for row in table["rows"]] == session.state["scores"]


def test_a_story_told_a_move_at_a_time_is_the_story_told_at_once(toy):
    """The page tells a long game's story in slices between frames: a slice whose time is already
    up still tells one move, and the slices together tell the same story."""
    session = finished(toy)
    teller = StoryTeller(toy, session.record)
    slices = 1
    while not teller.tell(until=0.0):
        slices += 1
    n = len(session.record["log"])
    assert slices == n + 1  # one move a slice, then the game's own tables
    assert teller.story == story(toy, session.record)
    assert teller.tell(until=0.0) and teller.story == story(toy, session.record)  # told once, kept


# --- a long game, past the checkpoints -------------------------------------------------------------

def game_in_play():
    session = Session(tumble, new_record(tumble, SEATS, {}, seed=3))
    while len(session.record["log"]) < MOVES:
        seat = session.active()[0]
        session.apply(seat, tumble.RULES.legal(session.state, seat)[0])
    assert not session.over()
    return session


def boards_move_by_move(record):
    again = Session(tumble, dict(record, log=[]), trusted=True)
    boards = [again.state]
    for seat, action in record["log"]:
        again.apply(seat, action)
        boards.append(again.state)
    return boards


def test_every_step_of_a_long_replay_shows_the_board_after_that_many_moves():
    record = game_in_play().record
    boards = boards_move_by_move(record)
    replay = Replay(tumble, record)
    assert len(replay) == MOVES
    for k in range(MOVES + 1):
        assert replay.state_at(k) == boards[k], f"after {k} moves"
    for k in (CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, 2 * CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY - 1):
        assert replay.state_at(k) == boards[k], f"stepping back to {k} moves"


def test_a_game_whose_moves_are_each_one_step_is_stepped_move_by_move():
    replay = Replay(tumble, game_in_play().record)
    assert all(replay.substeps(k) == [] for k in range(MOVES + 1))
    assert [replay.forward((k, None)) for k in range(MOVES)] == [(k + 1, None) for k in range(MOVES)]
    assert [replay.back((k, None)) for k in range(1, MOVES + 1)] == [(k, None) for k in range(MOVES)]
    assert replay.forward((MOVES, None)) == (MOVES, None) and replay.back((0, None)) == (0, None)
