"""A table: a state being changed by one action, with its zones and the events it makes.

    t = Table(state, ZONES)                  # works on a copy; `state` is never changed
    card = t.draw("deck", "hands.2")         # move the top card, record a move event
    t.shuffle("deck")                        # shuffle with the state's PRNG, record it
    value = t.roll(10, seat=1, why="shoot")  # roll a d10, record it
    t.reveal("picks", what=[3, 9])           # hidden information is now public
    t.emit("claim", seat=0, plan=12)         # a game's own event
    return t.state, t.events

Paths name places in the state as in zones (`hands.2` is state["hands"][2]; the end of a
list is its top). A move out of a hidden or owner-only place into a public one is a
reveal; every PRNG draw is a roll or a shuffle; both make the move an undo barrier.
"""

from __future__ import annotations

from typing import Any, Optional

from .events import Events
from .prng import Rng
from .state import clone
from .zones import HIDDEN, OWNER, Zones


class Table:
    def __init__(self, state: dict[str, Any], zones: Optional[Zones] = None, copy: bool = True):
        self.state = clone(state) if copy else state
        self.zones = zones or Zones()
        self.events = Events()
        self.rng = Rng(self.state["rng"]) if "rng" in self.state else None

    # --- places ------------------------------------------------------------------
    def at(self, path: str) -> Any:
        node: Any = self.state
        for part in path.split("."):
            node = node[int(part)] if isinstance(node, list) else node[part]
        return node

    def _kind(self, path: str) -> str:
        """The visibility of a concrete path (hands.2 matches a zone hands.*)."""
        parts = path.split(".")
        for zone in self.zones.zones:
            zp = zone.parts
            if len(zp) == len(parts) and all(z == "*" or z == p for z, p in zip(zp, parts)):
                return zone.kind
        return "public"

    def _owner(self, path: str) -> Optional[int]:
        parts = path.split(".")
        for zone in self.zones.zones:
            zp = zone.parts
            if zone.kind == OWNER and len(zp) == len(parts) and all(z == "*" or z == p for z, p in zip(zp, parts)):
                return int(parts[zp.index("*")])
        return None

    # --- changes -----------------------------------------------------------------
    def move(self, item: Any, src: str, dst: str, index: Optional[int] = None, **fields: Any) -> Any:
        """Move one `item` from list `src` to list `dst` (on top, or at `index`)."""
        source = self.at(src)
        source.remove(item)
        target = self.at(dst)
        if index is None:
            target.append(item)
        else:
            target.insert(index, item)
        self._record_move(item, src, dst, fields)
        return item

    def draw(self, src: str, dst: str, n: int = 1, **fields: Any) -> list[Any]:
        """Move the top `n` items of `src` onto `dst`; fewer if `src` runs out."""
        source = self.at(src)
        target = self.at(dst)
        moved = []
        for _ in range(min(n, len(source))):
            item = source.pop()
            target.append(item)
            moved.append(item)
            self._record_move(item, src, dst, fields)
        return moved

    def _record_move(self, item: Any, src: str, dst: str, fields: dict[str, Any]) -> None:
        src_kind, dst_kind = self._kind(src), self._kind(dst)
        event: dict[str, Any] = {"from": src, "to": dst, **fields}
        if dst_kind == "public":
            event["what"] = item
            if src_kind in (HIDDEN, OWNER):
                event["barrier"] = True  # hidden information became public
        else:
            owner = self._owner(dst)
            event["what"] = None
            if owner is not None:
                event["private"] = owner
                event["secret"] = item
        self.events.add("move", **event)

    def shuffle(self, path: str, **fields: Any) -> None:
        assert self.rng is not None, "this state has no PRNG"
        self.events.shuffle(self.rng, self.at(path), path, **fields)

    def roll(self, sides: int, **fields: Any) -> int:
        assert self.rng is not None, "this state has no PRNG"
        return self.events.roll(self.rng, sides, **fields)

    def pick(self, n: int, **fields: Any) -> int:
        """A random index 0..n-1 (a random target, a random card), recorded as a roll."""
        assert self.rng is not None, "this state has no PRNG"
        return self.events.draw_below(self.rng, n, **fields)

    def reveal(self, zone: str, **fields: Any) -> None:
        self.events.reveal(zone=zone, **fields)

    def emit(self, t: str, **fields: Any) -> dict[str, Any]:
        return self.events.add(t, **fields)

    def result(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        return self.state, list(self.events)
