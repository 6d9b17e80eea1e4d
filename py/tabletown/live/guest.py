"""The guest's side of a live table: the game as the host's tables show it.

`GuestTable` answers what the page's game screen asks of a game in progress (names, seats,
whose turn, the view, what is offered, the log, the outcome) from the last table the host
sent, and turns the player's choices into intents for the host. It never holds the game's
seed, record or another seat's view: it has only what the host sent this seat.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ..engine.rules import IllegalAction
from ..engine.state import same_json
from .protocol import encode, read_host_message


class GuestTable:
    def __init__(self, game: Any, send: Callable[[str], None]) -> None:
        self.game = game
        self.spec = game.SPEC
        self.rules = game.RULES  # only for the previews of a parameterised action, which read the view
        self.send = send
        self.table: Optional[dict[str, Any]] = None
        self.lines: list[str] = []
        self.waiting = False  # an intent is on its way: nothing more is offered until the host answers
        self.connected = True
        self.refusal = ""  # the host's last word on an intent it did not play
        self.heard = False  # the host has answered (the page greets it until then)

    # --- what the host sends ------------------------------------------------------------
    def receive(self, text: Any) -> str:
        """Take a host's message (LiveError if it cannot be read); returns its kind."""
        message = read_host_message(text)
        self.heard = True
        kind = message["t"]
        if kind == "table":
            self.lines = self.lines[: message["from"]] + message["lines"]
            self.table = message
            self.waiting = False
            self.refusal = ""
        elif kind == "refused":
            self.waiting = False
            self.refusal = message["why"]
        elif kind == "bye":
            self.connected = False
            self.refusal = message["why"]
        return kind

    @property
    def ready(self) -> bool:
        return self.table is not None

    @property
    def seat(self) -> Optional[int]:
        return self.table["seat"] if self.table else None

    @property
    def at(self) -> int:
        return self.table["at"] if self.table else 0

    # --- what the game screen asks (as of a Session) ---------------------------------------
    @property
    def names(self) -> list[str]:
        return list(self.table["names"]) if self.table else []

    @property
    def seats(self) -> list[dict[str, Any]]:
        """Seen from this device: its own seat is played here, the host's humans are elsewhere."""
        table = self.table or {"kinds": []}
        seats = []
        for index, kind in enumerate(table["kinds"]):
            here = "human" if index == self.seat else ("bot" if kind == "bot" else "remote")
            seats.append({"name": self.names[index], "kind": here})
        return seats

    def remotes(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["kind"] == "remote"]

    def live_marks(self) -> list[Optional[bool]]:
        return list(self.table["live"]) if self.table else []

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat]["kind"] == "bot"

    def person(self, seat: int) -> int:
        return seat

    def active(self) -> list[int]:
        return list(self.table["active"]) if self.table else []

    def over(self) -> bool:
        return self.table is not None and not self.table["active"]

    def outcome(self) -> Optional[dict[str, Any]]:
        return self.table["outcome"] if self.table else None

    def _mine(self, seat: Optional[int]) -> bool:
        return self.table is not None and seat is not None and seat == self.seat and self.connected

    def legal(self, seat: int) -> list[dict[str, Any]]:
        return list(self.table["legal"]) if self._mine(seat) and not self.waiting else []

    def params(self, seat: int) -> list[dict[str, Any]]:
        return list(self.table["params"]) if self._mine(seat) and not self.waiting else []

    def view(self, seat: Optional[int]) -> Any:
        return self.table["view"] if self.table else None

    def prompt(self, seat: int) -> str:
        if not self.connected:
            return "you are not connected to the table."
        if self.waiting:
            return "your move is on its way to the host…"
        return self.table["prompt"] if self._mine(seat) else ""

    def can_undo(self, by: Optional[int] = None) -> bool:
        return self._mine(by) and bool(self.table["undo"]) and not self.waiting

    # --- the player's choices, sent as intents -------------------------------------------------
    def apply(self, seat: int, action: dict[str, Any]) -> str:
        """Send the player's move to the host (which checks and plays it); IllegalAction if this
        seat is offered nothing now. The screen changes when the host's next table arrives."""
        if not self._mine(seat) or self.waiting or seat not in self.active():
            raise IllegalAction("it is not your turn.")
        offered = self.table["legal"]
        index = next((i for i, a in enumerate(offered) if same_json(a, action)), None)
        if index is not None:
            intent: dict[str, Any] = {"t": "act", "at": self.at, "n": index}
        elif self.table["params"]:
            intent = {"t": "act", "at": self.at, "action": action}
        else:
            raise IllegalAction("that move is not offered now.")
        self.waiting = True  # before sending: the host's answer may come at once
        self.send(encode(intent))
        return ""

    def undo(self, by: Optional[int] = None) -> bool:
        if not self.can_undo(by):
            return False
        self.waiting = True
        self.send(encode({"t": "undo", "at": self.at}))
        return True
