"""Helpers for the Ruthless tests: a bare table with chosen models on it, and dice that
roll what a test says (every other draw of the game's PRNG is left alone)."""

from __future__ import annotations

import contextlib
from typing import Any, Iterator, Optional

import pytest

from tabletown.engine import events as kit_events
from tabletown.engine.rules import IllegalAction
from tabletown.games.ruthless import cards as K
from tabletown.games.ruthless import game
from tabletown.games.ruthless import models as M

RULES = game.RULES
SPEC = game.SPEC


def card(rank: int, suit: int) -> int:
    return K.card_of(rank, suit)


def arena(table: str = "town", seats: int = 2, small: bool = False, hands: Optional[list[list[int]]] = None) -> dict[str, Any]:
    """A free gunfight on `table` with no models yet: turn 1, nobody has played a card."""
    st = RULES.setup(7, seats, SPEC.normalize(seats, {"scenario": "gunfight", "table": table, "small": small}))
    st["models"] = []
    st["kills"] = []
    if hands is not None:
        used = {c for h in hands for c in h}
        st["deck"] = [c for c in K.DECK if c not in used]
        st["hands"] = [list(h) for h in hands]
    return st


def put(st: dict[str, Any], card_id: str, side: int, pos: list[int], facing: int = 0, **fields: Any) -> dict[str, Any]:
    m = M.new_character(st, card_id, side, pos, facing)
    m.update(fields)
    return m


def horse_for(st: dict[str, Any], m: dict[str, Any]) -> dict[str, Any]:
    h = M.new_horse(st, m["side"], m["pos"], m["facing"])
    h["rider"] = m["id"]
    m["horse"] = h["id"]
    return h


def acting(st: dict[str, Any], seat: int, played: Optional[dict[int, int]] = None, select: Optional[int] = None) -> dict[str, Any]:
    """Put the state in the act phase with `seat` activating; `played` are the face-up
    initiative cards (rank-and-suit numbers) of this turn."""
    seats = st["seats"]
    st["phase"] = "act"
    st["round_seats"] = list(range(seats))
    st["order"] = [seat] + [s for s in range(seats) if s != seat]
    st["current"] = 0
    st["pending"] = None
    st["queue"] = []
    st["played"] = [None] * seats
    for s, c in (played or {}).items():
        st["played"][s] = c
        if c in st["deck"]:
            st["deck"].remove(c)
        for h in st["hands"]:
            if c in h:
                h.remove(c)
    st["selected"] = select
    return st


@contextlib.contextmanager
def dice(*values: int) -> Iterator[list[int]]:
    """Every die rolled inside rolls these values, in order (a test fails if it runs out
    or leaves some unrolled)."""
    queue = list(values)
    real_roll = kit_events.Events.roll
    real_below = kit_events.Events.draw_below

    def roll(self, rng, sides, **fields):
        if not queue:
            raise AssertionError(f"a die was rolled that the test did not expect ({fields.get('why')})")
        value = queue.pop(0)
        assert 1 <= value <= sides, f"a d{sides} cannot roll {value}"
        rng.next_u32()  # the PRNG still moves, as a real roll would move it
        self.add("roll", sides=sides, value=value, **fields)
        return value

    def below(self, rng, n, **fields):
        return roll(self, rng, n, **fields) - 1

    kit_events.Events.roll = roll
    kit_events.Events.draw_below = below
    try:
        yield queue
    finally:
        kit_events.Events.roll = real_roll
        kit_events.Events.draw_below = real_below
    assert not queue, f"dice the test expected were not rolled: {queue}"


def play(st: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return RULES.apply(st, seat, action)


def illegal(st: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as err:
        RULES.apply(st, seat, action)
    return str(err.value)


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["t"] for e in events]


def rolls(events: list[dict[str, Any]], why: Optional[str] = None) -> list[int]:
    return [e["value"] for e in events if e["t"] == "roll" and (why is None or e.get("why") == why)]


# --- the helpers themselves ------------------------------------------------------------------------
def test_rigged_dice_roll_what_they_are_told_and_still_mark_a_barrier():
    st = acting(arena(hands=[[card(10, 3)], [card(5, 0)]]), 0)
    a = put(st, "morgan-earp", 0, [1000, 1000])
    put(st, "ike-clanton", 1, [1500, 1000])
    st["selected"] = a["id"]
    with dice(9, 5, 6):  # to hit, wound roll (graze), Ike's Toughness test (7 needed: fails)
        after, ev = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": 1})
    assert rolls(ev) == [9, 5, 6]
    assert after["rng"] != st["rng"]


def test_an_unexpected_roll_fails_the_test():
    st = acting(arena(hands=[[card(10, 3)], [card(5, 0)]]), 0)
    a = put(st, "morgan-earp", 0, [1000, 1000])
    put(st, "ike-clanton", 1, [1500, 1000])
    st["selected"] = a["id"]
    with pytest.raises(AssertionError):
        with dice(9):
            play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": 1})
