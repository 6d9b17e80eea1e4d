"""What the page knows about the games, in one place: their specs, and records and sessions.

The picker and the setup form read each game's declared spec (`tabletown.games.SPECS`
in the game kit). Registries from before the kit (`games.CATALOG` entries, options on
`RULES`) are read through the same small interface, so the page works with both.
Everything here is pure Python (tested in CPython).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Optional

from .. import games


@dataclass(frozen=True)
class SpecView:
    """The parts of a game's spec the page uses."""

    id: str
    title: str
    tagline: str
    ready: bool
    seats: tuple[int, int] = (1, 1)
    options: tuple[Any, ...] = ()
    bots: tuple[str, ...] = ("easy", "hard")
    secrets: bool = True
    outcome: str = "ranked"
    blurb: str = ""
    campaign: bool = False
    reactions: bool = False
    seat_word: str = "player"
    extra: dict[str, Any] = field(default_factory=dict)


def _from_spec(spec: Any) -> SpecView:
    extra = dict(getattr(spec, "extra", {}) or {})
    return SpecView(
        id=spec.id, title=spec.title, tagline=spec.tagline, ready=bool(spec.ready), seats=tuple(spec.seats),
        options=tuple(spec.options), bots=tuple(spec.bots), secrets=bool(spec.secrets), outcome=spec.outcome,
        blurb=spec.blurb, campaign=bool(getattr(spec, "campaign", False)),
        reactions=bool(getattr(spec, "reactions", False) or extra.get("reactions")),
        seat_word=getattr(spec, "seat_word", "player"), extra=extra,
    )


def specs() -> list[SpecView]:
    """Every game in picker order (the ones not ready yet included)."""
    if hasattr(games, "SPECS"):
        return [_from_spec(s) for s in games.SPECS]
    return [SpecView(id=e.id, title=e.title, tagline=e.tagline, ready=e.playable) for e in games.CATALOG]


def spec(game_id: str) -> Optional[SpecView]:
    """The full spec of a game (before the kit: read from its loaded rules), or None."""
    for s in specs():
        if s.id == game_id:
            if hasattr(games, "SPECS") or not s.ready:
                return s
            rules = games.load(game_id).RULES
            return SpecView(
                id=s.id, title=s.title, tagline=s.tagline, ready=True, seats=tuple(rules.seats),
                options=tuple(rules.options), bots=tuple(rules.bot_levels), secrets=bool(rules.has_private_view),
                blurb=rules.blurb,
            )
    return None


def find(game_id: str) -> Optional[SpecView]:
    """A game's spec as the picker knows it (nothing of the game loaded), or None."""
    return next((s for s in specs() if s.id == game_id), None)


def known(game_id: str) -> bool:
    return find(game_id) is not None


def is_flag(opt: Any) -> bool:
    """An on/off option (a checkbox in the setup form)."""
    return tuple(opt.choices) == (False, True) and isinstance(opt.default, bool)


def choice_label(opt: Any, value: Any) -> str:
    return str(opt.label_of(value))


# --- records and sessions (the engine's API before and after the game kit) -----------------

KIT = hasattr(games, "LIBRARY")
re_game = re.compile(r'"game"\s*:\s*"([a-z0-9-]{1,40})"')
re_new = re.compile(r"#new/([a-z0-9-]{1,40})(?:[/?]|$)")


def new_record(game_id: str, seats: list[dict[str, Any]], options: dict[str, Any], seed: int,
               campaign: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    from ..engine import session as _session

    if KIT:
        return _session.new_record(games.load(game_id), seats, options, seed, campaign=campaign)
    return _session.new_record(game_id, seats, options, seed)


def open_session(record: dict[str, Any], trusted: bool = True) -> Any:
    from ..engine.session import Session

    if KIT:
        return Session(games.load(record["game"]), record)
    return Session(record, trusted=trusted)


def decode_link(fragment: str) -> dict[str, Any]:
    from ..engine import codec

    if KIT:
        return codec.decode_link(fragment, games.LIBRARY)
    return codec.decode_link(fragment)


def link_options(game_id: str, seats: int, texts: dict[str, str]) -> dict[str, Any]:
    """Options typed in the setup form, checked the way a `#new/` link's are."""
    if KIT:
        return games.BY_ID[game_id].parse_link_options(seats, texts)
    return dict(texts)


def link_game(fragment: str) -> Optional[str]:
    """The game a `#play=` link is for, read without checking the rest (so that game's
    files can be fetched before the link is checked in full), or None."""
    import base64
    import binascii
    import zlib

    from ..engine.codec import LINK_PREFIX, MAX_LINK_CHARS

    at = fragment.find(LINK_PREFIX)
    if at < 0 or len(fragment) > MAX_LINK_CHARS:
        return None
    _, dot, payload = fragment[at + len(LINK_PREFIX):].strip().partition(".")
    if not dot or len(payload) > MAX_LINK_CHARS:
        return None
    try:
        packed = base64.b64decode(payload + "=" * (-len(payload) % 4), altchars=b"-_", validate=True)
        raw = zlib.decompressobj(-15).decompress(packed, 4096)
        found = re_game.search(raw.decode("utf-8", "replace"))
    except (binascii.Error, ValueError, zlib.error):
        return None
    return found.group(1) if found and known(found.group(1)) else None


def new_link_game(fragment: str) -> Optional[str]:
    found = re_new.match(fragment)
    return found.group(1) if found and known(found.group(1)) else None


def entry_game(raw: Optional[str]) -> Optional[str]:
    """The game of a stored save entry (any schema), read without replaying it."""
    import json

    if not raw:
        return None
    try:
        entry = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(entry, dict):
        return None
    for holder in (entry.get("summary"), entry.get("record"), entry):
        if isinstance(holder, dict) and isinstance(holder.get("game"), str) and known(holder["game"]):
            return holder["game"]
    return None

