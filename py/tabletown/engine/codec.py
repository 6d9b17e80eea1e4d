"""Share links and record validation.

A share link carries a game record in the URL fragment:
`#play=<format>.<base64url of raw-deflated JSON>`. Decoding never trusts the input:
size caps before and after inflating, JSON only (never pickle or eval), a strict shape
check, a known game and version, and then a replay in which every move must be legal.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from .. import games
from .session import FORMAT, MAX_NAME, RecordError, Session

LINK_PREFIX = "#play="
MAX_LINK_CHARS = 200_000  # far beyond any real game; stops absurd links early
MAX_JSON_BYTES = 2_000_000
MAX_LOG = 20_000


def encode_link(record: dict[str, Any]) -> str:
    """The `#play=…` fragment for a record."""
    raw = json.dumps(record, separators=(",", ":"), sort_keys=True).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    text = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    return f"{LINK_PREFIX}{FORMAT}.{text}"


def decode_link(fragment: str) -> dict[str, Any]:
    """A checked record from a `#play=` fragment (or a whole URL containing one).

    Raises RecordError with a message a player can read.
    """
    if not isinstance(fragment, str):
        raise RecordError("This link is not text.")
    if len(fragment) > MAX_LINK_CHARS:
        raise RecordError("This link is far too long to be a Tabletown game.")
    at = fragment.find(LINK_PREFIX)
    if at < 0:
        raise RecordError("This is not a Tabletown game link (it has no #play= part).")
    body = fragment[at + len(LINK_PREFIX):].strip()
    version, dot, payload = body.partition(".")
    if not dot or not version.isdigit():
        raise RecordError("This game link is damaged: its version mark is missing.")
    if int(version) != FORMAT:
        raise RecordError(f"This game link uses format {version}, which this Tabletown does not know.")
    try:
        packed = base64.b64decode(payload + "=" * (-len(payload) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise RecordError("This game link is damaged: it contains characters that do not belong.") from None
    try:
        inflater = zlib.decompressobj(-15)
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
        if inflater.unconsumed_tail:
            raise RecordError("This game link unpacks to far too much data.")
        if not inflater.eof:
            raise RecordError("This game link is cut short: part of it is missing.")
    except zlib.error:
        raise RecordError("This game link is damaged and cannot be unpacked.") from None
    return parse_record_json(raw)


def parse_record_json(raw: bytes | str) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RecordError("This game data is damaged: it is not readable.") from None
    return check_record(data)


def check_record(data: Any) -> dict[str, Any]:
    """Check a record's shape, game and version, and replay it; returns the clean record."""
    if not isinstance(data, dict):
        raise RecordError("This game data has the wrong shape.")
    need = {"format": int, "game": str, "rules_version": int, "seed": int, "seats": list, "options": dict, "log": list}
    for key, kind in need.items():
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RecordError(f"This game data is damaged: “{key}” is missing or wrong.")
    if data["format"] != FORMAT:
        raise RecordError(f"This game data uses format {data['format']}, which this Tabletown does not know.")
    entry = games.BY_ID.get(data["game"])
    if entry is None:
        raise RecordError(f"This game data is for an unknown game (“{data['game'][:40]}”).")
    if not entry.playable:
        raise RecordError(f"{entry.title} is not playable in this version of Tabletown yet.")
    seats = data["seats"]
    if not 1 <= len(seats) <= 8:
        raise RecordError("This game data has an impossible number of players.")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "bot"):
            raise RecordError(f"This game data is damaged: player {i + 1} is not described properly.")
        if not isinstance(seat.get("name"), str) or not 0 < len(seat["name"]) <= MAX_NAME:
            raise RecordError(f"This game data is damaged: player {i + 1} has no proper name.")
        if seat["kind"] == "bot" and not isinstance(seat.get("level"), str):
            raise RecordError(f"This game data is damaged: bot {i + 1} has no level.")
        if set(seat) - {"name", "kind", "level"}:
            raise RecordError(f"This game data is damaged: player {i + 1} has unknown details.")
    if len(data["log"]) > MAX_LOG:
        raise RecordError("This game data has far too many moves.")
    for i, entry_ in enumerate(data["log"]):
        if (
            not isinstance(entry_, list)
            or len(entry_) != 2
            or not isinstance(entry_[0], int)
            or isinstance(entry_[0], bool)
            or not isinstance(entry_[1], dict)
        ):
            raise RecordError(f"This game data is damaged: move {i + 1} is malformed.")
    extra = set(data) - set(need)
    if extra:
        raise RecordError("This game data has unknown parts: " + ", ".join(sorted(extra))[:80])
    record = {k: data[k] for k in need}
    game = games.load(record["game"])
    levels = game.RULES.bot_levels
    for i, seat in enumerate(seats):
        if seat["kind"] == "bot" and seat["level"] not in levels:
            raise RecordError(f"This game data names an unknown bot level for player {i + 1}.")
    try:
        normalized = game.RULES.normalize_options(len(seats), record["options"])
    except ValueError as err:
        raise RecordError(f"This game data has bad options: {err}") from None
    if normalized != record["options"]:
        raise RecordError("This game data has bad options.")
    Session(record)  # replays every move; raises RecordError on the first illegal one
    return record


NEW_PREFIX = "#new/"


def parse_new_game(fragment: str) -> dict[str, Any]:
    """Parse `#new/<game>?seats=human,bot:hard&names=Ann,Bob&seed=7&<option>=<value>`.

    Returns {"game", "seats", "options", "seed" (int or None)}; raises RecordError.
    Options are checked later by the game (`new_record`).
    """
    from urllib.parse import parse_qsl

    if len(fragment) > 4000:
        raise RecordError("This new-game link is far too long.")
    if not fragment.startswith(NEW_PREFIX):
        raise RecordError("This is not a new-game link.")
    path, _, query = fragment[len(NEW_PREFIX):].partition("?")
    game_id = path.strip("/")
    entry = games.BY_ID.get(game_id)
    if entry is None:
        raise RecordError(f"There is no game called “{game_id[:40]}” in Tabletown.")
    if not entry.playable:
        raise RecordError(f"{entry.title} is not playable in this version of Tabletown yet.")
    params: dict[str, str] = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key in params:
            raise RecordError(f"The link gives “{key}” twice.")
        params[key] = value
    seats_text = params.pop("seats", "")
    if not seats_text:
        raise RecordError("The link must say who plays, e.g. seats=human,bot,bot.")
    names_text = params.pop("names", "")
    names = [n.strip() for n in names_text.split(",")] if names_text else []
    seats = []
    for i, kind_text in enumerate(seats_text.split(",")):
        kind, _, level = kind_text.strip().lower().partition(":")
        if kind not in ("human", "bot"):
            raise RecordError(f"Seat {i + 1} must be “human” or “bot”, not “{kind_text[:20]}”.")
        seat: dict[str, Any] = {"kind": kind}
        if level:
            if kind != "bot":
                raise RecordError(f"Only bots have a level (seat {i + 1}).")
            seat["level"] = level
        if i < len(names) and names[i]:
            seat["name"] = names[i]
        seats.append(seat)
    if len(names) > len(seats):
        raise RecordError("The link gives more names than seats.")
    seed = None
    if "seed" in params:
        seed_text = params.pop("seed")
        if not seed_text.lstrip("-").isdigit() or len(seed_text) > 18:
            raise RecordError("The seed must be a whole number.")
        seed = int(seed_text)
    return {"game": game_id, "seats": seats, "options": params, "seed": seed}
