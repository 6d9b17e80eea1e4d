"""A move being applied: one kit object every game changes its state through.

    m = Move(state)                          # works on a copy; `state` is never changed
    m.s["phase"] = "buy"                     # the game changes its copy directly
    value = m.roll(6, seat=1, why="shoot")   # a d6, recorded as a roll event
    i = m.below(len(hand), why="steal")      # a random index, recorded as a roll
    m.shuffle(m.s["deck"], "deck")           # shuffle a list in place, recorded
    m.reveal("hands.2", what=[3, 9])         # hidden information is now public
    m.emit("claim", seat=0, plan=12)         # a game's own event, for its phrasebook
    m.s["window"] = m.window("cancel", m.seats_from(2))   # a reaction window
    return m.result()                        # (new state, events)

A game keeps its own steps as functions taking the move (`def flee(m: Move, seat)`) or as
methods of a subclass (`class Turn(Move)`), so the state, the PRNG and the events travel
together and nothing random escapes the record: every PRNG draw goes through `roll`,
`below` or `shuffle` and so marks the move as an undo barrier (events.is_barrier).

With `zones` the move also moves items between named places and tells the events which
moves were reveals (`move`, `draw`): paths name places as in zones (`hands.2` is
state["hands"][2]; the end of a list is its top).
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from .events import Event, Events
from .prng import Rng
from .reactions import ONE_ROUND, open_window, seats_from
from .state import clone
from .zones import HIDDEN, OWNER, Zones

_NO_ZONES = Zones()  # a state with no hidden places (a Zones holds only its declarations)


class Move:
    def __init__(self, state: dict[str, Any], zones: Optional[Zones] = None, copy: bool = True,
                 events: Optional[Events] = None, prng: type[Rng] = Rng):
        """`prng` draws on the state's PRNG words: a game may give a quicker class drawing the
        very same numbers (a bot's playouts make a move per step)."""
        self.s = clone(state) if copy else state
        self.zones = _NO_ZONES if zones is None else zones
        self.ev = Events() if events is None else events
        self.rng: Optional[Rng] = prng(self.s["rng"]) if "rng" in self.s else None

    # --- telling ----------------------------------------------------------------------
    def emit(self, t: str, **fields: Any) -> Event:
        """A game event of type `t` (the phrasebook writes its log line)."""
        return self.ev.add(t, **fields)

    def reveal(self, zone: str, **fields: Any) -> Event:
        """Hidden information is now public: the move becomes an undo barrier."""
        return self.ev.reveal(zone=zone, **fields)

    # --- chance ----------------------------------------------------------------------------
    def _need_rng(self) -> Rng:
        if self.rng is None:
            raise RuntimeError("this state has no PRNG (no 'rng' key)")
        return self.rng

    def roll(self, sides: int, **fields: Any) -> int:
        """A die with `sides` faces (1..sides), recorded as a roll event."""
        return self.ev.roll(self._need_rng(), sides, **fields)

    def below(self, n: int, **fields: Any) -> int:
        """A random index 0..n-1 (a random card, a random target), recorded as a roll."""
        return self.ev.draw_below(self._need_rng(), n, **fields)

    def shuffle(self, items: list[Any], zone: str, **fields: Any) -> None:
        """Shuffle the list `items` (a pile of the state) in place, recorded as a shuffle of `zone`."""
        self.ev.shuffle(self._need_rng(), items, zone, **fields)

    # --- turn order and reaction windows ---------------------------------------------------
    def seats_from(self, first: int, skip: Iterable[int] = ()) -> list[int]:
        """Seats in turn order from `first` (the state's seat count is under "n")."""
        return seats_from(first, self.s["n"], skip)

    @staticmethod
    def window(kind: str, order: Iterable[int], until: str = ONE_ROUND,
               ctx: Optional[dict[str, Any]] = None) -> dict[str, Any]:
        """A reaction window to keep in the state (engine/reactions.py)."""
        return open_window(kind, order, until, ctx)

    # --- places --------------------------------------------------------------------------
    def at(self, path: str) -> Any:
        node: Any = self.s
        for part in path.split("."):
            node = node[int(part)] if isinstance(node, list) else node[part]
        return node

    def move(self, item: Any, src: str, dst: str, index: Optional[int] = None, **fields: Any) -> Any:
        """Move one `item` from list `src` to list `dst` (on top, or at `index`), told as a move."""
        self.at(src).remove(item)
        target = self.at(dst)
        if index is None:
            target.append(item)
        else:
            target.insert(index, item)
        self._tell_move(item, src, dst, fields)
        return item

    def draw(self, src: str, dst: str, n: int = 1, **fields: Any) -> list[Any]:
        """Move the top `n` items of `src` onto `dst`; fewer if `src` runs out."""
        source, target = self.at(src), self.at(dst)
        moved = []
        for _ in range(min(n, len(source))):
            item = source.pop()
            target.append(item)
            moved.append(item)
            self._tell_move(item, src, dst, fields)
        return moved

    def _tell_move(self, item: Any, src: str, dst: str, fields: dict[str, Any]) -> None:
        event: dict[str, Any] = {"from": src, "to": dst, **fields}
        if self.zones.kind_of(dst) == "public":
            event["what"] = item
            if self.zones.kind_of(src) in (HIDDEN, OWNER):
                event["barrier"] = True  # hidden information became public
        else:
            owner = self.zones.owner_of(dst)
            event["what"] = None
            if owner is not None:
                event["private"] = owner
                event["secret"] = item
        self.ev.add("move", **event)

    # --- the end -----------------------------------------------------------------------------
    def result(self) -> tuple[dict[str, Any], list[Event]]:
        return self.s, list(self.ev)
