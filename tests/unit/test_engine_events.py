"""Events (engine/events.py), from its docstring: what an action did, as small JSON dicts; a
roll, a shuffle or a reveal makes its move an undo barrier; the phrasebook writes the log line."""

import pytest

from tabletown.engine.events import Events, is_barrier, phrase
from tabletown.engine.prng import Rng, seed_state

# --- what the helpers record and which moves are barriers ---------------------------------------

def test_rolls_and_shuffles_are_recorded_and_make_barriers():
    rng = Rng(seed_state(1))
    ev = Events()
    ev.add("pick", seat=0)
    assert not is_barrier(ev)
    value = ev.roll(rng, 10, seat=1)
    assert 1 <= value <= 10 and ev[-1] == {"t": "roll", "sides": 10, "value": value, "seat": 1}
    assert is_barrier(ev)
    assert is_barrier([{"t": "shuffle", "zone": "deck"}]) and is_barrier([{"t": "reveal"}])
    assert is_barrier([{"t": "move", "barrier": True}]) and not is_barrier([{"t": "move"}])


@pytest.mark.parametrize("t", ["roll", "shuffle", "reveal"])
def test_a_roll_a_shuffle_or_a_reveal_is_a_barrier(t):
    assert is_barrier([{"t": "move"}, {"t": t}])


def test_other_events_are_barriers_only_when_they_say_so():
    assert not is_barrier([])
    assert not is_barrier([{"t": "move"}, {"t": "score", "barrier": False}])
    assert is_barrier([{"t": "move", "barrier": True}])


def test_the_events_helpers_record_what_they_did():
    rng = Rng(seed_state(9))
    probe = Rng(list(rng.s))
    events = Events()
    added = events.add("claim", seat=1, plan=4)
    assert added == {"t": "claim", "seat": 1, "plan": 4} and events[-1] is added
    value = events.roll(rng, 6, seat=0, why="move")
    assert value == probe.between(1, 6)
    assert events[-1] == {"t": "roll", "sides": 6, "value": value, "seat": 0, "why": "move"}
    index = events.draw_below(rng, 5, why="target")
    assert index == probe.below(5)
    assert events[-1] == {"t": "roll", "sides": 5, "value": index + 1, "why": "target"}
    pile = [1, 2, 3, 4]
    events.shuffle(rng, pile, "deck", seat=2)
    expected = [1, 2, 3, 4]
    probe.shuffle(expected)
    assert pile == expected and events[-1] == {"t": "shuffle", "zone": "deck", "seat": 2}
    shown = events.reveal(zone="picks", what=[3])
    assert shown == {"t": "reveal", "zone": "picks", "what": [3]}
    assert [e["t"] for e in events] == ["claim", "roll", "roll", "shuffle", "reveal"]


def test_a_roll_covers_every_face_and_only_those():
    rng = Rng(seed_state(4))
    faces = {Events().roll(rng, 4) for _ in range(200)}
    assert faces == {1, 2, 3, 4}
    picks = {Events().draw_below(rng, 3) for _ in range(200)}
    assert picks == {0, 1, 2}


# --- the phrasebook ------------------------------------------------------------------------------

def test_the_phrasebook_writes_one_line_and_refuses_unknown_events():
    book = {"pick": lambda e: "{seat%d} picks." % e["seat"], "roll": lambda e: f"Rolled {e['value']}.",
            "quiet": lambda e: None}
    assert phrase([{"t": "pick", "seat": 1}, {"t": "quiet"}, {"t": "roll", "value": 4}], book) == "{seat1} picks. Rolled 4."
    with pytest.raises(KeyError, match="no entry"):
        phrase([{"t": "mystery"}], book)


def test_the_phrasebook_skips_silent_events_and_joins_with_spaces():
    book = {"a": lambda e: "One.", "b": lambda e: None, "c": lambda e: "", "d": lambda e: f"Two {e['n']}."}
    assert phrase([{"t": "a"}, {"t": "b"}, {"t": "c"}, {"t": "d", "n": 2}], book) == "One. Two 2."
    assert phrase([], book) == ""
    with pytest.raises(KeyError, match="'zz'"):
        phrase([{"t": "a"}, {"t": "zz"}], book)


def test_the_phrasebook_tells_what_followed_a_move_after_it_in_rank_order():
    book = {"move": lambda e: "Ann builds.", "roll": lambda e: "the dice are rolled",
            "over": lambda e: "the game is over", "quiet": lambda e: None}
    after = {"roll": 0, "over": 1}
    events = [{"t": "over"}, {"t": "move"}, {"t": "quiet"}, {"t": "roll"}]
    assert phrase(events, book, after) == "Ann builds.; the dice are rolled; the game is over"
    assert phrase([{"t": "move"}], book, after) == "Ann builds."
    assert phrase([{"t": "roll"}], book, after) == "; the dice are rolled"
    with pytest.raises(KeyError, match="'zz'"):
        phrase([{"t": "move"}, {"t": "zz"}], book, {"zz": 0})
