"""The kit's move object (engine/move.py): state copy, chance recorded as events, zone moves told by visibility."""

import pytest

from tabletown.engine.events import is_barrier
from tabletown.engine.move import Move
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.zones import OWNER, PUBLIC, Zone, Zones
from tests.support.zone_states import SECRET_ZONES, ZONES, secret_state, state


def test_a_move_works_on_a_copy_unless_told_otherwise():
    s = state()
    t = Move(s, ZONES)
    t.move(5, "table", "deck")
    assert s == state() and t.s["deck"] == [7, 8, 9, 5]
    shared = Move(s, ZONES, copy=False)
    shared.move(5, "table", "deck")
    assert s["deck"] == [7, 8, 9, 5]
    assert Move({"a": 1}).rng is None and Move({"a": 1}).zones.zones == ()


def test_paths_name_places_in_lists_and_dicts():
    t = Move(state(), ZONES)
    assert t.at("hands.0") == [1, 2] and t.at("players.2.horse") == 12 and t.at("deck") == [7, 8, 9]


def test_a_move_into_a_hand_is_private_to_its_owner():
    t = Move(state(), ZONES)
    assert t.draw("deck", "hands.2") == [9]
    assert t.ev == [{"t": "move", "from": "deck", "to": "hands.2", "what": None, "private": 2, "secret": 9}]
    assert t.s["deck"] == [7, 8] and t.s["hands"][2] == [9]


def test_a_move_from_a_hidden_place_onto_the_table_reveals_and_is_a_barrier():
    t = Move(state(), ZONES)
    t.move(2, "hands.0", "table", seat=0)
    assert t.ev[-1] == {"t": "move", "from": "hands.0", "to": "table", "seat": 0, "what": 2, "barrier": True}
    t.draw("deck", "table")
    assert t.ev[-1]["barrier"] is True and t.ev[-1]["what"] == 9


def test_a_public_move_is_told_to_everyone_and_is_no_barrier():
    t = Move(dict(state(), discard=[]), ZONES)
    t.move(5, "table", "discard")
    assert t.ev[-1] == {"t": "move", "from": "table", "to": "discard", "what": 5}


def test_a_move_into_a_hidden_place_tells_nobody_what_it_was():
    t = Move(state(), ZONES)
    t.move(5, "table", "deck", index=0)
    assert t.s["deck"] == [5, 7, 8, 9]
    assert t.ev[-1] == {"t": "move", "from": "table", "to": "deck", "what": None}


def test_draw_takes_from_the_top_and_stops_when_the_pile_runs_out():
    t = Move(state(), ZONES)
    assert t.draw("deck", "hands.1", n=2) == [9, 8]
    assert t.s["hands"][1] == [3, 9, 8]
    assert t.draw("deck", "hands.1", n=5) == [7]
    assert t.draw("deck", "hands.1") == []
    assert len(t.ev) == 3


def test_a_move_rolls_picks_and_shuffles_with_the_states_prng_and_records_it():
    s = state()
    s["rng"] = seed_state(12)
    t = Move(s, ZONES)
    probe = Rng(list(seed_state(12)))
    assert t.roll(10, seat=1, why="shoot") == probe.between(1, 10)
    assert t.below(4, why="target") == probe.below(4)
    t.shuffle(t.s["deck"], "deck", seat=0)
    deck = [7, 8, 9]
    probe.shuffle(deck)
    assert t.s["deck"] == deck and t.s["rng"] == probe.s
    assert [e["t"] for e in t.ev] == ["roll", "roll", "shuffle"]
    assert t.ev[2] == {"t": "shuffle", "zone": "deck", "seat": 0}
    t.reveal("picks", what=[1])
    assert t.emit("claim", seat=0) == {"t": "claim", "seat": 0}
    state_after, events = t.result()
    assert state_after is t.s and events == list(t.ev) and events is not t.ev
    assert events[3] == {"t": "reveal", "zone": "picks", "what": [1]}


def test_a_move_without_a_prng_cannot_roll():
    t = Move({"deck": [1]})
    for call in (lambda: t.roll(6), lambda: t.below(2), lambda: t.shuffle(t.s["deck"], "deck")):
        with pytest.raises(RuntimeError, match="no PRNG"):
            call()


def test_a_path_matches_a_zone_only_with_the_same_number_of_parts():
    zones = Zones(Zone("players.*.hand", OWNER), Zone("players", PUBLIC))
    t = Move({"players": [{"hand": [1], "table": []}, {"hand": [], "table": []}]}, zones)
    assert t.zones.kind_of("players.1.hand") == OWNER and t.zones.owner_of("players.1.hand") == 1
    assert t.zones.kind_of("players.1") == PUBLIC and t.zones.owner_of("players") is None
    assert t.zones.kind_of("players.1.table") == "public" and t.zones.owner_of("players.1.table") is None
    assert t.zones.kind_of("players") == PUBLIC and t.zones.owner_of("players") is None
    t.move(1, "players.0.hand", "players.1.table")
    assert t.ev[-1]["barrier"] is True


def test_a_move_asks_seats_in_turn_order_and_opens_windows_for_the_state():
    t = Move({"n": 4})
    assert t.seats_from(2) == [2, 3, 0, 1] and t.seats_from(3, skip=[0]) == [3, 1, 2]
    w = t.window("cancel", [1, 2], ctx={"card": 7})
    assert w["kind"] == "cancel" and w["order"] == [1, 2] and w["ctx"] == {"card": 7} and not w["done"]


def test_a_move_records_draws_privately_and_reveals_publicly():
    s = secret_state()
    t = Move(s, SECRET_ZONES)
    drawn = t.draw("deck", "hands.1")
    assert drawn == [9] and t.s["hands"][1] == [3, 9] and s["deck"] == [7, 8, 9]  # the input is untouched
    assert t.ev[-1] == {"t": "move", "from": "deck", "to": "hands.1", "what": None, "private": 1, "secret": 9}
    t.move(9, "hands.1", "discard")
    assert t.ev[-1]["what"] == 9 and t.ev[-1]["barrier"] is True
    value = t.roll(6, seat=0)
    assert t.ev[-1]["value"] == value and is_barrier(t.ev)


def test_a_move_may_draw_with_a_quicker_prng_of_the_same_numbers():
    class Counting(Rng):
        __slots__ = ()
        drawn = 0

        def next_u32(self) -> int:
            Counting.drawn += 1
            return super().next_u32()

    t = Move({"rng": seed_state(5)}, prng=Counting)
    assert isinstance(t.rng, Counting)
    assert t.roll(6) == Rng(list(seed_state(5))).between(1, 6) and Counting.drawn >= 1
