"""What the page knows about the games before and after a game's own files are here.

The picker and the setup form read each game's declared spec (`tabletown.games.SPECS`,
imported at boot); a game's rules arrive with its zip when it is first opened. Reading
which game a link or a save is for, without checking the rest, lets the page fetch that
game's files first. Everything here is pure Python (tested in CPython).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any, Optional

from .. import games
from ..engine.rules import Rules
from ..engine.spec import Flag, GameSpec

_GAME = re.compile(r'"game"\s*:\s*"([a-z0-9-]{1,40})"')
_NEW = re.compile(r"#new/([a-z0-9-]{1,40})(?:[/?]|$)")
_PAYLOAD = re.compile(r"#(?:play|replay|campaign)=[0-9]{1,3}\.([A-Za-z0-9_-]+)")


@dataclass(frozen=True)
class Setup:
    """A game's spec plus what the setup form learns once the rules are here."""

    spec: GameSpec
    reactions: bool = False  # the rules ask players whether they react (Cancel, Snap Shot…)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.spec, name)


def specs() -> tuple[GameSpec, ...]:
    """Every game in picker order (the ones not ready yet included)."""
    return games.SPECS


def find(game_id: str) -> Optional[GameSpec]:
    return games.BY_ID.get(game_id) if isinstance(game_id, str) else None


def known(game_id: str) -> bool:
    return find(game_id) is not None


def setup_of(game_id: str) -> Optional[Setup]:
    """The setup form's view of a ready game whose files are here, or None."""
    spec = find(game_id)
    if spec is None or not spec.ready:
        return None
    rules = games.load(game_id).RULES
    return Setup(spec, reactions=type(rules).reaction is not Rules.reaction)


def is_flag(opt: Any) -> bool:
    return isinstance(opt, Flag)


@dataclass(frozen=True)
class Field:
    """One option on the setup form, for a number of seats and the values chosen so far."""

    offered: bool  # played with this many seats (if not, shown greyed with its "With … only" note)
    shown: bool  # means something with the other options' values (if not, hidden: Ruthless' posses
    #              outside a free gunfight)
    closed: tuple[str, ...]  # the choices not played with this many seats (greyed in the list)
    value: Any  # what the form shows: the player's choice, or the default for this many seats
    #             when that choice is closed


def form_state(spec: Any, seats: int, texts: dict[str, str]) -> dict[str, Field]:
    """The setup form's options as the form's values `texts` (name: text, a tick box "true" or
    "false") and the number of seats make them. Whatever the player leaves alone stays a game that
    can be played: a choice that this many seats cannot play gives way to the default for them."""
    values: dict[str, Any] = {}
    closed: dict[str, tuple[str, ...]] = {}
    for opt in spec.options:
        closed[opt.name] = tuple(str(c) for c in opt.choices if not opt.offered_at(c, seats))
        try:
            value = opt.from_text(texts[opt.name]) if opt.name in texts else spec.default_for(opt, seats)
        except ValueError:  # BadSetup: a value the form never offered
            value = spec.default_for(opt, seats)
        if not opt.offered_at(value, seats):
            value = spec.default_for(opt, seats)
        values[opt.name] = value
    offered = {opt.name for opt in spec.offered_options(seats)}
    return {
        opt.name: Field(offered=opt.name in offered, shown=spec.applies(opt, values),
                        closed=closed[opt.name], value=values[opt.name])
        for opt in spec.options
    }


def choice_label(opt: Any, value: Any) -> str:
    return str(opt.label_of(value))


def link_game(fragment: str) -> Optional[str]:
    """The game a `#play=`, `#replay=` or `#campaign=` link is for, read without checking the rest (so
    that game's files can be fetched first), or None. The link is checked in full later."""
    found = _PAYLOAD.search(fragment[:64_000]) if isinstance(fragment, str) else None
    if not found:
        return None
    payload = found.group(1)
    try:
        packed = base64.b64decode(payload + "=" * (-len(payload) % 4), altchars=b"-_", validate=True)
        raw = zlib.decompressobj(-15).decompress(packed, 4096)
    except (binascii.Error, ValueError, zlib.error):
        return None
    game = _GAME.search(raw.decode("utf-8", "replace"))
    return game.group(1) if game and known(game.group(1)) else None


def new_link_game(fragment: str) -> Optional[str]:
    found = _NEW.match(fragment) if isinstance(fragment, str) else None
    return found.group(1) if found and known(found.group(1)) else None


def entry_game(raw: Optional[str]) -> Optional[str]:
    """The game of a stored save entry (any schema), read without replaying it."""
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
