"""The live table's words: the invitation and reply links, and the messages on the data channel.

A live table is one page that hosts a game (it runs the rules and keeps the record) and the
pages of players on other devices (guests). They meet without a server: the host's page
makes a WebRTC offer and puts it in an *invitation* link (`#join/1.<data>`); the guest's page
answers with a *reply* link (`#reply/1.<data>`), which the host's page takes. From then on a
data channel (encrypted by WebRTC's DTLS) carries JSON messages:

    guest -> host   {"t": "hello", "token": T}                 first: the invitation's token (again
                                                               until the host answers)
                    {"t": "act", "at": N, "n": I}              the I-th action offered at move N
                    {"t": "act", "at": N, "action": {...}}     a parameterised action at move N
                    {"t": "undo", "at": N}                     take back my latest move
    host -> guest   {"t": "table", ...}                        the seat's view and what it is offered
                    {"t": "refused", "why": text}              an intent the host did not play
                    {"t": "bye", "why": text}                  the host ends this connection

Everything read here is checked strictly (size, shape, types); anything else raises
LiveError with a message a player can read. Nothing is evaluated, nothing unpickled.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from typing import Any, Optional

from ..engine.codec import pack, unpack
from ..engine.session import SEAT_KINDS, RecordError, clean_name
from ..engine.state import is_json, within_depth

VERSION = 1
JOIN_PREFIX = "#join/"
REPLY_PREFIX = "#reply/"
MAX_LINK = 12_000  # characters of a link's data: a data-channel offer is about 600
MAX_SDP = 8_000
MAX_GUEST_MESSAGE = 16 * 1024  # an intent is a few dozen characters
MAX_HOST_MESSAGE = 2 * 1024 * 1024  # a view and its offered actions (the largest seen: ~40 kB)
MAX_ACTION_DEPTH = 8
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")
_GAME_ID = re.compile(r"[a-z0-9-]{1,40}")
_SDP_TEXT = re.compile(r"[\x20-\x7e\r\n]*")
_FINGERPRINT = re.compile(r"^a=fingerprint:sha-256 (?:[0-9A-F]{2}:){31}[0-9A-F]{2}\r?$", re.M)


class LiveError(ValueError):
    """A link or a message that cannot be used; the message is for people."""


def new_token() -> str:
    """An invitation's secret: 128 random bits (the page's random source is the browser's crypto)."""
    return secrets.token_urlsafe(16)


# --- links ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Invitation:
    """A seat offered to a player on another device (`seat` None: to watch, playing no seat)."""

    game: str
    seat: Optional[int]
    token: str
    offer: str  # the host's WebRTC offer (SDP), with its certificate's fingerprint
    host: str = ""  # the host's name, to greet the guest
    name: str = ""  # the seat's name


@dataclass(frozen=True)
class Reply:
    token: str
    answer: str  # the guest's WebRTC answer (SDP), with its certificate's fingerprint


_UNNEEDED_LINE = re.compile(r"^a=(?:extmap-allow-mixed|msid-semantic:.*)\r?\n", re.M)
_CANDIDATE_EXTRAS = re.compile(r"(^a=candidate:[^\r\n]*?)(?: generation \d+| network-cost \d+| network-id \d+)+", re.M)


def trim_sdp(sdp: str) -> str:
    """A data channel's offer or answer without what a data channel never uses (media
    extensions, stream ids, candidates' optional extras): a shorter link, a smaller QR code."""
    return _CANDIDATE_EXTRAS.sub(r"\1", _UNNEEDED_LINE.sub("", sdp))


def invitation_link(inv: Invitation) -> str:
    data = {"v": VERSION, "g": inv.game, "s": inv.seat, "k": inv.token, "o": trim_sdp(inv.offer), "h": inv.host,
            "n": inv.name}
    return f"{JOIN_PREFIX}{VERSION}.{pack(data)}"


def reply_link(reply: Reply) -> str:
    return f"{REPLY_PREFIX}{VERSION}.{pack({'v': VERSION, 'k': reply.token, 'a': trim_sdp(reply.answer)})}"


def _link_data(text: Any, prefix: str, what: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise LiveError(f"This {what} is not text.")
    text = text.strip()
    at = text.find(prefix)
    if at < 0:
        raise LiveError(f"This is not a Tabletown {what} (it has no {prefix} part).")
    body = text[at + len(prefix):]
    if len(body) > MAX_LINK:
        raise LiveError(f"This {what} is too large to be real.")
    version, dot, payload = body.partition(".")
    if not dot or version != str(VERSION):
        raise LiveError(f"This {what} is damaged or from another version of Tabletown: ask for a fresh one.")
    try:
        data = unpack(payload, what)
    except RecordError as err:
        raise LiveError(str(err)) from None
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise LiveError(f"This {what} has the wrong shape.")
    return data


def _sdp(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.startswith("v=0") or len(value) > MAX_SDP or not _SDP_TEXT.fullmatch(value):
        raise LiveError(f"This {what} is damaged: its connection details are not readable.")
    if not _FINGERPRINT.search(value):
        raise LiveError(f"This {what} is damaged: it does not say which device made it.")
    return value


def _token(value: Any, what: str) -> str:
    if not isinstance(value, str) or not _TOKEN.fullmatch(value):
        raise LiveError(f"This {what} is damaged: its key is missing.")
    return value


def _short_text(value: Any) -> str:
    """A name carried by an invitation, kept as players' names are (`clean_name`)."""
    return clean_name(value) if isinstance(value, str) else ""


def read_invitation(text: Any) -> Invitation:
    """The invitation in a `#join/` link (or a whole address holding one)."""
    data = _link_data(text, JOIN_PREFIX, "invitation")
    game, seat = data.get("g"), data.get("s")
    if not isinstance(game, str) or not _GAME_ID.fullmatch(game):
        raise LiveError("This invitation does not say which game it is for.")
    if seat is not None and (type(seat) is not int or not 0 <= seat < 16):
        raise LiveError("This invitation does not say which seat it offers.")
    return Invitation(game, seat, _token(data.get("k"), "invitation"), _sdp(data.get("o"), "invitation"),
                      _short_text(data.get("h")), _short_text(data.get("n")))


def read_reply(text: Any) -> Reply:
    """The reply in a `#reply/` link (or a whole address holding one, pasted or scanned)."""
    data = _link_data(text, REPLY_PREFIX, "reply")
    return Reply(_token(data.get("k"), "reply"), _sdp(data.get("a"), "reply"))


# --- messages ---------------------------------------------------------------------------------


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def _parse(text: Any, limit: int) -> dict[str, Any]:
    if not isinstance(text, str):
        raise LiveError("A message arrived that is not text.")
    if len(text) > limit:
        raise LiveError("A message arrived that is too large.")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise LiveError("A message arrived that is not readable.") from None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise LiveError("A message arrived that has the wrong shape.")
    return message


def _move_number(value: Any) -> int:
    if type(value) is not int or not 0 <= value < 1_000_000:
        raise LiveError("A move arrived without the move number it was made at.")
    return value


def read_guest_message(text: Any) -> dict[str, Any]:
    """A guest's message as a clean dict: hello, act (by index or as an action) or undo."""
    message = _parse(text, MAX_GUEST_MESSAGE)
    kind = message["t"]
    if kind == "hello" and set(message) == {"t", "token"}:
        return {"t": "hello", "token": _token(message["token"], "greeting")}
    if kind == "undo" and set(message) == {"t", "at"}:
        return {"t": "undo", "at": _move_number(message["at"])}
    if kind == "act" and set(message) == {"t", "at", "n"}:
        index = message["n"]
        if type(index) is not int or not 0 <= index < 100_000:
            raise LiveError("A move arrived that names no offered action.")
        return {"t": "act", "at": _move_number(message["at"]), "n": index}
    if kind == "act" and set(message) == {"t", "at", "action"}:
        action = message["action"]
        if not isinstance(action, dict) or not within_depth(action, MAX_ACTION_DEPTH) or not is_json(action):
            raise LiveError("A move arrived that is not an action.")
        return {"t": "act", "at": _move_number(message["at"]), "action": action}
    raise LiveError("A message arrived that this table does not know.")


# What a "table" message carries, each with the check its value must pass.
def _seat_list(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= 16 and all(type(v) is int and 0 <= v < 16 for v in value)


_TABLE_FIELDS: dict[str, Any] = {
    "at": lambda v: type(v) is int and v >= 0,
    "seat": lambda v: v is None or (type(v) is int and 0 <= v < 16),
    "game": lambda v: isinstance(v, str) and bool(_GAME_ID.fullmatch(v)),
    "names": lambda v: isinstance(v, list) and 0 < len(v) <= 16 and all(isinstance(n, str) and len(n) <= 64 for n in v),
    "kinds": lambda v: isinstance(v, list) and all(k in SEAT_KINDS for k in v),
    "live": lambda v: isinstance(v, list) and all(x is None or isinstance(x, bool) for x in v),
    "view": lambda v: True,  # the game's own view (the renderer reads it as the host's page would)
    "legal": lambda v: isinstance(v, list) and all(isinstance(a, dict) for a in v),
    "params": lambda v: isinstance(v, list) and all(isinstance(k, dict) for k in v),
    "prompt": lambda v: isinstance(v, str),
    "active": _seat_list,
    "outcome": lambda v: v is None or isinstance(v, dict),
    "from": lambda v: type(v) is int and v >= 0,
    "lines": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "undo": lambda v: isinstance(v, bool),
}


def read_host_message(text: Any) -> dict[str, Any]:
    """A host's message, checked: a table, a refusal or a goodbye."""
    message = _parse(text, MAX_HOST_MESSAGE)
    kind = message["t"]
    if kind in ("refused", "bye") and set(message) == {"t", "why"} and isinstance(message["why"], str):
        return {"t": kind, "why": message["why"][:300]}
    if kind == "table" and set(message) == {"t", *_TABLE_FIELDS}:
        for name, check in _TABLE_FIELDS.items():
            if not check(message[name]):
                raise LiveError(f"The host sent a table this page cannot read ({name}).")
        count = len(message["names"])
        if len(message["kinds"]) != count or len(message["live"]) != count or any(s >= count for s in message["active"]):
            raise LiveError("The host sent a table this page cannot read (seats).")
        return message
    raise LiveError("The host sent a message this page does not know.")


def invitation_game(text: str) -> Optional[str]:
    """The game a `#join/` link is for, or None (the page fetches that game's files before joining)."""
    try:
        return read_invitation(text).game
    except LiveError:
        return None
