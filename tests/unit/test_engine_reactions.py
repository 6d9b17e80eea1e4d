"""Reaction windows (engine/reactions.py): who is asked, when a window closes, turn order."""

import pytest

import tabletown.engine.reactions as rx


def test_a_window_needs_a_known_kind_and_keeps_its_context():
    with pytest.raises(ValueError, match="unknown window kind"):
        rx.open_window("cancel", [1], until="forever")
    w = rx.open_window("cancel", (s for s in [2, 0]), ctx={"card": 17})
    assert w == {"kind": "cancel", "order": [2, 0], "idx": 0, "passes": 0, "until": rx.ONE_ROUND,
                 "done": False, "ctx": {"card": 17}}
    empty = rx.open_window("cancel", [])
    assert rx.closed(empty) and rx.asked(empty) is None
    assert rx.closed(None) and rx.asked(None) is None


def test_a_one_round_window_asks_each_seat_once():
    w = rx.open_window("cancel", [2, 3, 0])
    asked = []
    while not rx.closed(w):
        asked.append(rx.asked(w))
        w = rx.passed(w)
    assert asked == [2, 3, 0] and w["idx"] == 3


def test_a_one_round_window_closes_at_the_first_reaction_and_passing_changes_no_copy():
    w = rx.open_window("cancel", [2, 3, 0])
    after = rx.passed(w)
    assert w["idx"] == 0 and not w["done"]
    after = rx.reacted(after)
    assert rx.closed(after) and rx.asked(after) is None


def test_an_all_pass_window_closes_only_after_every_seat_passes_in_a_row():
    w = rx.open_window("fight", [0, 1, 2], until=rx.ALL_PASS)
    w = rx.passed(w)               # 0 passes
    w = rx.passed(w)               # 1 passes
    assert rx.asked(w) == 2
    w = rx.reacted(w)              # 2 plays: the round starts again
    assert not rx.closed(w) and w["passes"] == 0 and rx.asked(w) == 0
    order = []
    for _ in range(3):
        order.append(rx.asked(w))
        assert not rx.closed(w)
        w = rx.passed(w)
    assert order == [0, 1, 2] and rx.closed(w)


def test_an_all_pass_window_wraps_round_the_table():
    w = rx.open_window("fight", [4, 1], until=rx.ALL_PASS)
    w = rx.passed(w)
    w = rx.reacted(w)
    assert rx.asked(w) == 4 and not rx.closed(w)


def test_seats_in_turn_order_from_any_first_seat_skipping_some():
    assert rx.seats_from(2, 4) == [2, 3, 0, 1]
    assert rx.seats_from(0, 3, skip=[1]) == [0, 2]
    assert rx.seats_from(3, 4, skip=iter([3, 0])) == [1, 2]


def test_a_one_round_window_asks_each_seat_once_and_closes_at_a_reaction():
    w = rx.open_window("cancel", [2, 3, 0])
    assert rx.asked(w) == 2
    w = rx.passed(w)
    assert rx.asked(w) == 3
    w2 = rx.reacted(w)
    assert rx.closed(w2) and rx.asked(w2) is None
    w = rx.passed(rx.passed(w))
    assert rx.closed(w)


def test_an_all_pass_window_goes_round_until_everyone_passes_in_a_row():
    w = rx.open_window("fight", [1, 0], until=rx.ALL_PASS)
    w = rx.passed(w)                # 1 passes
    w = rx.reacted(w)               # 0 plays: the round starts again
    assert rx.asked(w) == 1
    w = rx.passed(w)
    assert not rx.closed(w) and rx.asked(w) == 0
    w = rx.passed(w)
    assert rx.closed(w)
    assert rx.closed(rx.open_window("empty", []))
    assert rx.seats_from(2, 4, skip=[3]) == [2, 0, 1]
