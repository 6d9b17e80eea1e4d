"""A game's declared metadata: what the picker, the setup form, the command line and the
link parser need to know about a game before any of its rules are loaded.

Each game package opens with one `SPEC = GameSpec(...)` in its `__init__.py`; the
registry (`tabletown.games`) is built from those specs and nothing repeats them.

Options are typed. A value from a saved record or a share link must match the
option's JSON type exactly (in Python `True == 1` and `3.0 == 3`, but a forged `true` is
no mission number), and only the canonical value is ever stored. Text from a `#new/`
link is parsed with a strict pattern and a length limit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Optional, Union

MAX_OPTION_TEXT = 40


class BadSetup(ValueError):
    """Seats or options that the game cannot be set up with; the message is for players."""


def _offered(for_seats: tuple[int, ...], seats: int) -> bool:
    return not for_seats or seats in for_seats


@dataclass(frozen=True)
class Choice:
    """One value out of a fixed list (all of one JSON type: str or int)."""

    name: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    labels: tuple[str, ...] = ()
    for_seats: tuple[int, ...] = ()
    help: str = ""

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name}: default not among the choices")

    def label_of(self, value: Any) -> str:
        if self.labels:
            return self.labels[self.index_of(value)]
        return str(value)

    def index_of(self, value: Any) -> int:
        for i, c in enumerate(self.choices):
            if type(c) is type(value) and c == value:
                return i
        raise ValueError(value)

    def accepts(self, value: Any) -> bool:
        return any(type(c) is type(value) and c == value for c in self.choices)

    def from_text(self, text: str) -> Any:
        for c in self.choices:
            if str(c) == text:
                return c
        raise BadSetup(f"“{self.label}” must be one of {', '.join(str(c) for c in self.choices)}.")


@dataclass(frozen=True)
class Flag:
    """On or off (a JSON bool)."""

    name: str
    label: str
    default: bool = False
    for_seats: tuple[int, ...] = ()
    help: str = ""
    labels: tuple[str, ...] = ("Off", "On")

    @property
    def choices(self) -> tuple[bool, bool]:
        return (False, True)

    def label_of(self, value: Any) -> str:
        return self.labels[1 if value else 0]

    def accepts(self, value: Any) -> bool:
        return isinstance(value, bool)

    def from_text(self, text: str) -> bool:
        word = text.lower()
        if word in ("true", "1", "yes", "on"):
            return True
        if word in ("false", "0", "no", "off"):
            return False
        raise BadSetup(f"“{self.label}” must be true or false.")


@dataclass(frozen=True)
class Number:
    """A whole number from `low` to `high` (a JSON int, never a bool or a float)."""

    name: str
    label: str
    low: int
    high: int
    default: int
    for_seats: tuple[int, ...] = ()
    help: str = ""

    @property
    def choices(self) -> tuple[int, ...]:
        return tuple(range(self.low, self.high + 1))

    def label_of(self, value: Any) -> str:
        return str(value)

    def accepts(self, value: Any) -> bool:
        return type(value) is int and self.low <= value <= self.high

    def from_text(self, text: str) -> int:
        if not re.fullmatch(r"-?[0-9]{1,9}", text):
            raise BadSetup(f"“{self.label}” must be a whole number from {self.low} to {self.high}.")
        value = int(text)
        if not self.low <= value <= self.high:
            raise BadSetup(f"“{self.label}” must be a whole number from {self.low} to {self.high}.")
        return value


Option = Union[Choice, Flag, Number]


@dataclass(frozen=True)
class GameSpec:
    """Everything known about a game before its rules are loaded."""

    id: str
    title: str
    tagline: str
    seats: tuple[int, int]
    options: tuple[Option, ...] = ()
    bots: tuple[str, ...] = ("easy", "hard")
    outcome: str = "ranked"  # "ranked": places and scores; "team": everyone wins or loses together
    secrets: bool = True  # a seat's view hides something from the others (hot-seat hand-offs)
    rules_version: int = 1
    # Older rules versions this build still plays, so a game saved or shared before a rules
    # fix goes on under the rules it began with (setup receives the record's version).
    replays: tuple[int, ...] = ()
    blurb: str = ""
    ready: bool = True  # False: listed as coming soon
    campaign: bool = False  # the game reads and updates a campaign record
    seat_word: str = "player"  # how the setup form names a seat ("player", "posse", "hero")
    extra: dict[str, Any] = field(default_factory=dict)

    def plays_version(self, version: object) -> bool:
        return type(version) is int and (version == self.rules_version or version in self.replays)

    def option(self, name: str) -> Optional[Option]:
        for opt in self.options:
            if opt.name == name:
                return opt
        return None

    def check_seats(self, seats: int) -> None:
        low, high = self.seats
        if not low <= seats <= high:
            span = f"{low}–{high}" if low != high else str(low)
            raise BadSetup(f"{self.title} is played by {span} players, not {seats}.")

    def normalize(self, seats: int, options: Optional[dict[str, Any]]) -> dict[str, Any]:
        """Check JSON option values (exact type and value) and fill the defaults.

        An option not offered at this seat count keeps its default; giving it another
        value is an error, and so is an unknown option.
        """
        self.check_seats(seats)
        given = dict(options or {})
        result: dict[str, Any] = {}
        for opt in self.options:
            present = opt.name in given
            value = given.pop(opt.name, opt.default)
            if not opt.accepts(value):
                raise BadSetup(f"“{opt.label}” cannot be {_short(value)}.")
            if not _offered(opt.for_seats, seats):
                if present and value != opt.default:
                    raise BadSetup(f"“{opt.label}” is not available with {seats} players.")
                value = opt.default
            result[opt.name] = value
        if given:
            raise BadSetup("Unknown option: " + ", ".join(sorted(_short(k) for k in given)))
        return result

    def parse_link_options(self, seats: int, texts: dict[str, str]) -> dict[str, Any]:
        """Options given as text (a `#new/` link or a form): parse each strictly, then normalize."""
        parsed: dict[str, Any] = {}
        for name, text in texts.items():
            opt = self.option(name)
            if opt is None:
                raise BadSetup(f"Unknown option: {_short(name)}")
            if not isinstance(text, str) or len(text) > MAX_OPTION_TEXT:
                raise BadSetup(f"“{opt.label}” is too long.")
            parsed[name] = opt.from_text(text.strip())
        return self.normalize(seats, parsed)

    def offered_options(self, seats: int) -> list[Option]:
        return [o for o in self.options if _offered(o.for_seats, seats)]


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= 30 else text[:27] + "…"
