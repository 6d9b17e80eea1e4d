"""The host's side of a live table: who sits where, the open invitations, and what each
connected device is sent and may do.

The host's page keeps the game (its Session: record, autosave, undo, log) exactly as when
everyone plays at one device. A guest is sent only its own seat's view, what that seat is
offered, and the public log lines; a spectator the table's view (seat None). What a guest
sends back is an intent — the index of an offered action or a parameterised action, made
at a given move — and the host checks it against the rules before it plays it.

Transport is the page's business: a *channel* is anything with `send(text)` and `close()`
(a WebRTC data channel in the browser, a stand-in in the tests), made for one invitation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Protocol

from ..engine.rules import IllegalAction
from .protocol import LiveError, encode, new_token, read_guest_message


class Channel(Protocol):
    def send(self, text: str) -> None: ...
    def close(self) -> None: ...


@dataclass
class Seated:
    """A device at the table: the seat it plays (None: it watches) and what it was last sent."""

    channel: Any
    seat: Optional[int]
    lines_sent: int = 0
    resent_at: int = -1  # the move at which the table was last sent again (a stale intent, a repeated greeting)
    undos: int = 0  # the session's undo count when the log was last sent (after an undo it is sent whole)
    last: Any = None  # what the last table sent was made from (`send_table`): an unchanged table is not sent again


@dataclass
class OpenInvitation:
    seat: Optional[int]
    token: str


@dataclass
class LiveHost:
    session: Any
    on_change: Callable[[], None] = lambda: None  # the page redraws and saves after a guest's move
    invitations: dict[str, OpenInvitation] = field(default_factory=dict)
    seated: list[Seated] = field(default_factory=list)

    # --- invitations --------------------------------------------------------------------
    def invite(self, seat: Optional[int]) -> str:
        """A fresh invitation for a remote seat (or, with None, to watch); its token is the
        secret in the link. A seat has one open invitation: a new one voids the last."""
        if seat is not None:
            if seat not in self.session.remotes():
                raise LiveError("Only a seat played on another device can be offered by invitation.")
            for token, inv in list(self.invitations.items()):
                if inv.seat == seat:
                    del self.invitations[token]
        token = new_token()
        self.invitations[token] = OpenInvitation(seat, token)
        return token

    def is_open(self, token: str) -> bool:
        return token in self.invitations

    def void(self, token: str) -> None:
        """An invitation whose connection failed or was given up: its seat gets a fresh one."""
        self.invitations.pop(token, None)

    def invitation_seat(self, token: str) -> Optional[int]:
        return self.invitations[token].seat if token in self.invitations else None

    def uninvited(self) -> list[int]:
        """The remote seats with nobody connected and no open invitation (the page makes one)."""
        open_seats = {inv.seat for inv in self.invitations.values()}
        return [s for s in self.session.remotes() if not self.is_live(s) and s not in open_seats]

    # --- who is here ----------------------------------------------------------------------
    def is_live(self, seat: int) -> bool:
        return any(d.seat == seat for d in self.seated)

    def live_marks(self) -> list[Optional[bool]]:
        """Per seat: True (a remote seat connected), False (away), None (played here or by a bot)."""
        remotes = set(self.session.remotes())
        return [self.is_live(s) if s in remotes else None for s in range(len(self.session.seats))]

    @property
    def stand_ins(self) -> set[int]:
        """Away seats a bot plays until their player returns (the session's: its bots play them)."""
        return self.session.stand_ins

    def stand_in(self, seat: int, on: bool) -> None:
        """While a remote seat's player is away, a bot may play it (the host chooses)."""
        if on and seat in self.session.remotes() and not self.is_live(seat):
            self.stand_ins.add(seat)
        else:
            self.stand_ins.discard(seat)

    # --- a device's messages ----------------------------------------------------------------
    def receive(self, channel: Any, token: str, text: Any) -> bool:
        """A message from `channel`, made for the invitation `token`. Returns True when the game
        (or who is at the table) changed, so the page redraws, saves and sends the new tables."""
        try:
            message = read_guest_message(text)
        except LiveError as err:
            self._send(channel, {"t": "refused", "why": str(err)})
            return False
        seated = self._seated(channel)
        if seated is None:
            return self._hello(channel, token, message)
        if message["t"] == "hello":
            if message["token"] != token:
                self._send(channel, {"t": "refused", "why": "You are already at the table."})
            else:  # its own greeting again: the guest never heard its table (a browser may drop one)
                self._table_again(seated, whole=True)
            return False
        if seated.seat is None:
            self._send(channel, {"t": "refused", "why": "You are watching: a spectator makes no moves."})
            return False
        at = len(self.session.record["log"])
        if message["at"] != at:
            self._send(channel, {"t": "refused", "why": "The table moved on before your move arrived: look again."})
            self._table_again(seated)  # a flood of stale intents gets words only
            return False
        if message["t"] == "undo":
            return self._undo(seated)
        return self._act(seated, message)

    def _hello(self, channel: Any, token: str, message: dict[str, Any]) -> bool:
        """The first message: the invitation's token, which this channel was made for, once."""
        invitation = self.invitations.pop(token, None)  # one use: a failed greeting uses it up too
        if message["t"] != "hello" or invitation is None or message["token"] != token:
            why = ("This invitation has been used already or replaced: ask the host for a fresh one."
                   if message["t"] == "hello" else "This page did not greet the table properly.")
            self._send(channel, {"t": "bye", "why": why})
            channel.close()
            return invitation is not None  # a seat whose invitation was spoilt needs a fresh one
        if invitation.seat is not None:
            for old in [d for d in self.seated if d.seat == invitation.seat]:
                self.drop(old.channel)  # a stale connection of the same seat gives way
            self.stand_ins.discard(invitation.seat)  # the player is back: the bot stands down
        seated = Seated(channel, invitation.seat)
        self.seated.append(seated)
        self.send_table(seated)
        return True

    def _table_again(self, seated: Seated, whole: bool = False) -> None:
        """The table sent again, once a move (after a stale intent, or `whole`, its log from the
        start, after a repeated greeting: the guest never heard its first table)."""
        at = len(self.session.record["log"])
        if seated.resent_at != at:
            seated.resent_at = at
            if whole:
                seated.lines_sent = 0
            self.send_table(seated, force=True)

    def _act(self, seated: Seated, message: dict[str, Any]) -> bool:
        session, seat = self.session, seated.seat
        if seat not in session.active() or seat in self.stand_ins:
            self._send(seated.channel, {"t": "refused", "why": "It is not your turn to act."})
            return False
        if "n" in message:
            offered = session.legal(seat)
            if message["n"] >= len(offered):
                self._send(seated.channel, {"t": "refused", "why": "That move is not offered now."})
                return False
            action = offered[message["n"]]
        else:
            action = message["action"]
        try:
            session.apply(seat, action)
        except IllegalAction as err:
            self._send(seated.channel, {"t": "refused", "why": f"That move is not allowed: {err}"})
            return False
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError):
            self._send(seated.channel, {"t": "refused", "why": "That move is not one this game knows."})
            return False
        self.on_change()
        return True

    def _undo(self, seated: Seated) -> bool:
        # Only the guest's own latest move, and only when nothing was revealed since (the
        # session's rule): nobody takes back another player's choice.
        if not self.session.undo(seated.seat):
            self._send(seated.channel, {"t": "refused", "why": "Nothing of yours can be undone now."})
            return False
        self.on_change()
        return True

    def drop(self, channel: Any) -> bool:
        """A connection closed (a reload, a sleeping phone, a lost network): its seat is away."""
        seated = self._seated(channel)
        if seated is None:
            return False
        self.seated.remove(seated)
        try:
            channel.close()
        except Exception:  # noqa: BLE001 - it may be closed already
            pass
        return True

    # --- tables out -----------------------------------------------------------------------------
    def table(self, seat: Optional[int], lines_from: int = 0) -> dict[str, Any]:
        """What one seat's device is sent: its view, what it is offered, the public log."""
        session = self.session
        active = session.active()
        acts = seat is not None and seat in active and seat not in self.stand_ins
        names = session.names
        over = session.over()
        return {
            "t": "table",
            "at": len(session.record["log"]),
            "seat": seat,
            "game": session.spec.id,
            "names": names,
            "kinds": [s["kind"] for s in session.seats],
            "live": self.live_marks(),
            "view": session.view(seat),
            "legal": session.legal(seat) if acts else [],
            "params": session.params(seat) if acts else [],
            "prompt": session.prompt(seat) if acts else "",
            "active": list(active),
            "outcome": session.outcome() if over else None,
            "from": lines_from,
            "lines": list(session.lines[lines_from:]),
            "undo": seat is not None and session.can_undo(seat),
        }

    def send_table(self, seated: Seated, force: bool = False) -> None:
        session = self.session
        # A table changes only with a move, an undo, a seat come or gone, or a bot standing in
        # or down: the page redraws far more often, and builds no view for an unchanged table.
        key = (len(session.record["log"]), session.undos, tuple(self.live_marks()), tuple(sorted(self.stand_ins)))
        if not force and key == seated.last:
            return
        lines = session.lines
        kept = seated.undos == session.undos and seated.lines_sent <= len(lines)
        start = seated.lines_sent if kept else 0  # after an undo the whole log is sent again
        seated.last = key
        seated.lines_sent = len(lines)
        seated.undos = session.undos
        self._send(seated.channel, self.table(seated.seat, start))

    def send_tables(self) -> None:
        """After any change (a move here or there, a bot's, an undo, a seat come or gone)."""
        for seated in list(self.seated):
            self.send_table(seated)

    # --- helpers ---------------------------------------------------------------------------------
    def _seated(self, channel: Any) -> Optional[Seated]:
        return next((d for d in self.seated if d.channel is channel), None)

    def _send(self, channel: Any, message: dict[str, Any]) -> None:
        try:
            channel.send(encode(message))
        except Exception:  # noqa: BLE001 - a channel that failed is dropped by its close event
            pass
