"""A replay (engine/replay.py) shows the board as it was after each move of a long game, past
the checkpoints it keeps to make stepping back cheap, going forward and going back."""

from __future__ import annotations

from tabletown.engine.replay import CHECKPOINT_EVERY, Replay
from tabletown.engine.session import Session, new_record
from tabletown.games.tumble_town import game as tumble

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
MOVES = 2 * CHECKPOINT_EVERY + 3  # past two checkpoints, and still in play


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
