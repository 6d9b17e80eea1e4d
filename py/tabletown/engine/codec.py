"""Share links and record validation.

A share link carries a game record in the URL fragment:
`#play=<format>.<base64url of raw-deflated JSON>`. Decoding never trusts the input:
strict patterns and size caps before and after inflating, JSON only (never pickle or
eval), a strict shape check, a known game and version, and then a replay in which every
move must be legal. Every failure is a RecordError whose message a player can read.

The engine knows games only through a library (`tabletown.games.LIBRARY`): `.spec(id)`
gives a game's spec, `.load(id)` its module.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any, Protocol

from .session import ASK_CHOICES, FORMAT, MAX_NAME, SEAT_KINDS, RecordError, Session, clean_name
from .spec import BadSetup, GameSpec
from .state import within_depth
from .words import or_list, plural

LINK_PREFIX = "#play="
NEW_PREFIX = "#new/"
# The largest real record is about 30 KB of JSON (4.4 K link characters); these caps
# leave room for any real game and refuse absurd input before it costs time or memory.
MAX_LINK_CHARS = 32_768
MAX_JSON_BYTES = 256 * 1024
MAX_LOG = 20_000
MAX_NEW_LINK = 2_000
MAX_ACTION_DEPTH = 8
_VERSION = re.compile(r"[0-9]{1,3}")
_PAYLOAD = re.compile(r"[A-Za-z0-9_-]*")
_SEED = re.compile(r"-?[0-9]{1,18}")
_GAME_ID = re.compile(r"[a-z0-9-]{1,40}")
_OPTION_NAME = re.compile(r"[a-z0-9_]{1,40}")


class Library(Protocol):
    def spec(self, game_id: str) -> GameSpec | None: ...
    def load(self, game_id: str) -> Any: ...


def pack(data: Any) -> str:
    """base64url (no padding) of raw-deflated compact JSON."""
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack(payload: str, what: str = "game link") -> Any:
    """The JSON inside `pack`'s text; RecordError (readable) for anything else."""
    if len(payload) > MAX_LINK_CHARS:
        raise RecordError(f"This {what} is too large to be a Tabletown {what.split()[-1]}.")
    if not _PAYLOAD.fullmatch(payload):
        raise RecordError(f"This {what} is damaged: it contains characters that do not belong.")
    try:
        packed = base64.b64decode(payload + "=" * (-len(payload) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise RecordError(f"This {what} is damaged: it contains characters that do not belong.") from None
    try:
        inflater = zlib.decompressobj(-15)
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
        if inflater.unconsumed_tail:
            raise RecordError(f"This {what} unpacks to too large a game to be real.")
        if not inflater.eof:
            if len(raw) >= MAX_JSON_BYTES:
                raise RecordError(f"This {what} unpacks to too large a game to be real.")
            raise RecordError(f"This {what} is cut short: part of it is missing.")
    except zlib.error:
        raise RecordError(f"This {what} is damaged and cannot be unpacked.") from None
    return parse_json(raw, what)


def parse_json(raw: bytes | str, what: str = "game data") -> Any:
    if len(raw) > MAX_JSON_BYTES:
        raise RecordError(f"This {what} is too large to be a real game.")
    try:
        return json.loads(raw)
    except RecursionError:
        raise RecordError(f"This {what} is nested too deeply to be a game.") from None
    except (UnicodeDecodeError, ValueError):
        raise RecordError(f"This {what} is damaged: it is not readable.") from None


def encode_link(record: dict[str, Any]) -> str:
    """The `#play=…` fragment for a record."""
    return f"{LINK_PREFIX}{FORMAT}.{pack(record)}"


def decode_link(fragment: str, library: Library) -> dict[str, Any]:
    """A checked record from a `#play=` fragment (or a whole URL containing one).

    Raises RecordError with a message a player can read.
    """
    if not isinstance(fragment, str):
        raise RecordError("This link is not text.")
    if len(fragment) > MAX_LINK_CHARS + 4096:
        raise RecordError("This link is too large to be a Tabletown game.")
    at = fragment.find(LINK_PREFIX)
    if at < 0:
        raise RecordError("This is not a Tabletown game link (it has no #play= part).")
    body = fragment[at + len(LINK_PREFIX):].strip()
    version, dot, payload = body.partition(".")
    if not dot or not _VERSION.fullmatch(version):
        raise RecordError("This game link is damaged: its version mark is missing or wrong.")
    if int(version) != FORMAT:
        raise RecordError(f"This game link uses format {version}, which this Tabletown does not know.")
    return check_record(unpack(payload), library)


def parse_record_json(raw: bytes | str, library: Library) -> dict[str, Any]:
    return check_record(parse_json(raw), library)


def check_record(data: Any, library: Library) -> dict[str, Any]:
    """Check a record's shape, game and version, and replay it; returns the clean record."""
    record = check_record_shape(data, library)
    game = library.load(record["game"])
    try:
        Session(game, record)  # replays every move; raises RecordError on the first illegal one
    except RecursionError:
        raise RecordError("This game data is nested too deeply to be a game.") from None
    return record


def check_record_shape(data: Any, library: Library) -> dict[str, Any]:
    """Everything about a record but its replay: shape, game, version, seats, options."""
    if not isinstance(data, dict):
        raise RecordError("This game data has the wrong shape.")
    need = {"format": int, "game": str, "rules_version": int, "seed": int, "seats": list, "options": dict, "log": list}
    for key, kind in need.items():
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RecordError(f"This game data is damaged: “{key}” is missing or wrong.")
    if data["format"] != FORMAT:
        raise RecordError(f"This game data uses format {str(data['format'])[:12]}, which this Tabletown does not know.")
    if not -(2**62) < data["seed"] < 2**62:
        raise RecordError("This game data is damaged: its seed is not a usable number.")
    spec = library.spec(data["game"])
    if spec is None:
        raise RecordError(f"This game data is for an unknown game (“{data['game'][:40]}”).")
    if not spec.ready:
        raise RecordError(f"{spec.title} is not playable in this version of Tabletown yet.")
    if not spec.plays_version(data["rules_version"]):
        raise RecordError(
            f"This {spec.title} game was recorded with rules version {str(data['rules_version'])[:12]}, "
            f"but this Tabletown plays version {spec.rules_version}."
        )
    seats = data["seats"]
    if not 1 <= len(seats) <= 8:
        raise RecordError("This game data has an impossible number of players.")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
            raise RecordError(f"This game data is damaged: player {i + 1} is not described properly.")
        name = seat.get("name")
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or clean_name(name) != name:
            raise RecordError(f"This game data is damaged: player {i + 1} has no proper name.")
        if seat["kind"] == "bot" and seat.get("level") not in spec.bots:
            raise RecordError(f"This game data names an unknown bot level for player {i + 1}.")
        if seat["kind"] != "bot" and "level" in seat:
            raise RecordError(f"This game data is damaged: player {i + 1} is a human with a bot level.")
        if "ask" in seat and (seat["kind"] != "human" or seat["ask"] not in ASK_CHOICES):
            raise RecordError(f"This game data is damaged: player {i + 1} has a wrong “ask” setting.")
        person = seat.get("person", i)
        if "person" in seat and (seat["kind"] != "human" or type(person) is not int or not 0 <= person < i):
            raise RecordError(f"This game data is damaged: player {i + 1} has a wrong “person” setting.")
        if set(seat) - {"name", "kind", "level", "ask", "person"}:
            raise RecordError(f"This game data is damaged: player {i + 1} has unknown details.")
    if len(data["log"]) > MAX_LOG:
        raise RecordError("This game data has far too many moves.")
    for i, entry in enumerate(data["log"]):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or type(entry[0]) is not int
            or not isinstance(entry[1], dict)
        ):
            raise RecordError(f"This game data is damaged: move {i + 1} is malformed.")
        if not within_depth(entry[1], MAX_ACTION_DEPTH):
            raise RecordError(f"This game data is damaged: move {i + 1} is nested too deeply to be a move.")
    extra = set(data) - set(need) - {"campaign"}
    if extra:
        raise RecordError("This game data has unknown parts: " + ", ".join(sorted(str(k)[:20] for k in extra))[:80])
    if "campaign" in data and not isinstance(data["campaign"], dict):
        raise RecordError("This game data is damaged: its campaign part is not readable.")
    try:
        normalized = spec.normalize(len(seats), data["options"])
    except BadSetup as err:
        raise RecordError(f"This game data has bad options: {err}") from None
    # Every option given must be exactly as normalized (type included). An option the game
    # gained after the record was made is missing from it and takes its default, so saved
    # games and links made before it keep opening.
    if any(type(normalized[k]) is not type(v) or normalized[k] != v for k, v in data["options"].items()):
        raise RecordError("This game data has bad options.")
    record = {k: data[k] for k in need}
    record["options"] = normalized
    if "campaign" in data:
        record["campaign"] = data["campaign"]
    return record


def parse_new_game(fragment: str, library: Library) -> dict[str, Any]:
    """Parse `#new/<game>?seats=human,bot:hard&names=Ann,Bob&seed=7&<option>=<value>`.

    Returns {"game", "seats", "options" (checked, typed), "seed" (int or None)}; raises RecordError
    whose message says what is wrong and what to write instead.
    """
    if not isinstance(fragment, str):
        raise RecordError("This new-game link is not text.")
    if len(fragment) > MAX_NEW_LINK:
        raise RecordError(f"This new-game link is far too long (more than {MAX_NEW_LINK} characters): "
                          "start the game from its setup screen instead.")
    if not fragment.startswith(NEW_PREFIX):
        raise RecordError("This is not a new-game link: one begins #new/, the game's name and who plays, "
                          "e.g. #new/GAME?seats=human,bot.")
    # Imported here, not at the top: urllib.parse brings ipaddress, and the two cost a page
    # start as much as all of Tabletown's own modules, for a link most starts never open.
    from urllib.parse import parse_qsl, unquote

    path, _, query = fragment[len(NEW_PREFIX):].partition("?")
    game_id = unquote(path).strip("/")
    spec = library.spec(game_id) if _GAME_ID.fullmatch(game_id) else None
    if spec is None:
        raise RecordError(f"There is no game called “{game_id[:40]}” in Tabletown: check the link's spelling, "
                          "or choose a game from the list of games.")
    if not spec.ready:
        raise RecordError(f"{spec.title} is not playable in this version of Tabletown yet: choose another game.")
    low, high = spec.seats
    example = "seats=" + ",".join(["human"] + ["bot"] * (max(low, 2) - 1))
    params: dict[str, str] = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key in params:
            raise RecordError(f"The link gives “{key[:20]}” twice: give it once.")
        params[key] = value
    seats_text = params.pop("seats", "")
    if not seats_text:
        raise RecordError(f"The link must say who plays, one word a seat: e.g. {example}.")
    names_text = params.pop("names", "")
    names = [n.strip() for n in names_text.split(",")] if names_text else []
    seats = []
    kinds = seats_text.split(",")
    if len(kinds) > 8:
        raise RecordError(f"The link names too many seats ({len(kinds)}): {spec.title} is played by "
                          f"{low}–{high} {spec.seat_noun(high)}.")
    levels = [f"bot:{level}" for level in spec.bots]
    for i, kind_text in enumerate(kinds):
        kind, _, level = kind_text.strip().lower().partition(":")
        if kind not in SEAT_KINDS:
            raise RecordError(f"Seat {i + 1} must be “human”, “bot” or “remote” (a player on another device), "
                              f"not “{kind_text[:20]}”: write " + or_list(["human", "remote", "bot"] + levels) + ".")
        seat: dict[str, Any] = {"kind": kind}
        if level:
            if kind != "bot":
                raise RecordError(f"Only bots have a level (seat {i + 1}): write human, or a bot with its level, "
                                  + or_list(levels) + ".")
            if level not in spec.bots:
                raise RecordError(f"Unknown bot level “{level[:20]}” for seat {i + 1}; use " + or_list(levels) + ".")
            seat["level"] = level
        if i < len(names) and names[i]:
            seat["name"] = clean_name(names[i])
        seats.append(seat)
    if len(names) > len(seats):
        raise RecordError(f"The link gives more names than seats ({plural(len(names), 'name')}, "
                          f"{plural(len(seats), 'seat')}): "
                          "give one name a seat, in the same order, or add seats.")
    seed = None
    if "seed" in params:
        seed_text = params.pop("seed")
        if not _SEED.fullmatch(seed_text):
            raise RecordError("The seed must be a whole number of up to 18 digits, e.g. seed=7; "
                              "leave it out for a new shuffle.")
        seed = int(seed_text)
    for name in params:
        if not _OPTION_NAME.fullmatch(name):
            raise RecordError(f"The link has an unknown part “{name[:20]}”: "
                              + _link_words(spec) + ".")
    try:
        options = spec.parse_link_options(len(seats), params)
    except BadSetup as err:
        raise RecordError(str(err)) from None
    return {"game": game_id, "seats": seats, "options": options, "seed": seed}


def _link_words(spec: GameSpec) -> str:
    """What a new-game link for `spec` may say."""
    options = [o.name for o in spec.options]
    return "a new-game link has seats, names, seed" + (f" and the options of {spec.title}: {', '.join(options)}"
                                                         if options else "")
