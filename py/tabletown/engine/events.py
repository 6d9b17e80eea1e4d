"""Events: what an action did, as small JSON dicts with a type under "t".

`apply` returns them beside the new state. The game's phrasebook turns them into the
log line; nothing English is kept in a state. An event that rolled a die, shuffled a
pile or revealed hidden information makes its move an undo barrier: what the table has
seen cannot be unseen, and a re-roll is not a take-back.

An event may carry `"private": seat` when only that seat may read its details (the
identity of a card drawn into a hand); the phrasebook writes only what everyone may read.
"""

from __future__ import annotations

from typing import Any, Callable, MutableSequence, Optional

from .prng import Rng
from .state import clone

Event = dict[str, Any]

# Event types that can never be undone.
BARRIER_EVENTS = frozenset({"roll", "shuffle", "reveal"})


def is_barrier(events: list[Event]) -> bool:
    """True when one of the events rolled, shuffled or revealed something."""
    return any(e.get("t") in BARRIER_EVENTS or e.get("barrier") for e in events)


class Events(list):
    """A list of events with helpers that record what they do.

    Every draw on the PRNG goes through `roll` or `shuffle`, so the move is marked as a
    barrier (the conformance suite checks that changed PRNG words always come with one).
    """

    def add(self, t: str, **fields: Any) -> Event:
        event = {"t": t, **fields}
        self.append(event)
        return event

    def roll(self, rng: Rng, sides: int, **fields: Any) -> int:
        """Roll a die with `sides` faces (1..sides) and record it."""
        value = rng.between(1, sides)
        self.add("roll", sides=sides, value=value, **fields)
        return value

    def draw_below(self, rng: Rng, n: int, **fields: Any) -> int:
        """A random index 0..n-1 (a random card from a pile, a random target) recorded as a roll."""
        value = rng.below(n)
        self.add("roll", sides=n, value=value + 1, **fields)
        return value

    def shuffle(self, rng: Rng, items: MutableSequence[Any], zone: str, **fields: Any) -> None:
        rng.shuffle(items)
        self.add("shuffle", zone=zone, **fields)

    def reveal(self, **fields: Any) -> Event:
        return self.add("reveal", **fields)


class StateAtEachEvent(Events):
    """Events that also keep a copy of the state as it stands once each is added, for a replay
    that steps through one move (`Rules.substeps`). A game changes the state, then tells it.
    Copying the state at every event is slow: only a replay of one move uses this."""

    def __init__(self, state: dict[str, Any]):
        super().__init__()
        self.state = state
        self.states: list[dict[str, Any]] = []

    def append(self, event: Event) -> None:
        super().append(event)
        self.states.append(clone(self.state))


Phrasebook = dict[str, Callable[[Event], Optional[str]]]


def phrase(events: list[Event], book: Phrasebook, afterwards: Optional[dict[str, int]] = None) -> str:
    """The log line for one action: the phrases of its events joined with spaces; with
    `afterwards` (event type -> rank), the events of those types are told after the rest,
    in rank order, each after "; " (a move, then what followed it: "…; the game is over").

    An event type missing from the book is a bug in the game, not a silent gap in the
    log; a phrase of None (or "") means the event is deliberately not told (a private detail).
    """
    later = afterwards or {}
    if later:
        main = [e for e in events if e["t"] not in later]
        after = sorted((e for e in events if e["t"] in later), key=lambda e: later[e["t"]])
    else:  # most games tell every event in its order: one pass
        main, after = events, []
    head = " ".join(_told(main, book))
    bits = _told(after, book)
    return "; ".join([head, *bits]) if bits else head


def _told(events: list[Event], book: Phrasebook) -> list[str]:
    """The phrases of `events` in their order, leaving out those deliberately not told."""
    out = []
    for event in events:
        words = book.get(event["t"])
        if words is None:
            raise KeyError(f"the phrasebook has no entry for event {event['t']!r}")
        text = words(event)
        if text:
            out.append(text)
    return out
