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

from .state import same_json
from .words import and_list, noun, or_list, plural

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
    # The seat counts each choice is played with, in the order of `choices` (empty: any count;
    # an empty entry: that choice at any count), e.g. scenarios for two players only.
    choice_seats: tuple[tuple[int, ...], ...] = ()
    only_with: tuple[str, tuple[Any, ...]] = ()  # see GameSpec.applies

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name}: default not among the choices")
        if self.choice_seats and len(self.choice_seats) != len(self.choices):
            raise ValueError(f"option {self.name}: one entry of choice_seats for each choice")

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

    def seats_of(self, value: Any) -> tuple[int, ...]:
        """The seat counts `value` is played with (empty: any)."""
        return self.choice_seats[self.index_of(value)] if self.choice_seats else ()

    def offered_at(self, value: Any, seats: int) -> bool:
        return _offered(self.seats_of(value), seats)

    def expects(self) -> str:
        return "one of " + ", ".join(str(c) for c in self.choices)

    def from_text(self, text: str) -> Any:
        for c in self.choices:
            if str(c) == text:
                return c
        raise BadSetup(f"“{self.label}” must be {self.expects()}.")


@dataclass(frozen=True)
class Flag:
    """On or off (a JSON bool)."""

    name: str
    label: str
    default: bool = False
    for_seats: tuple[int, ...] = ()
    help: str = ""
    labels: tuple[str, ...] = ("Off", "On")
    only_with: tuple[str, tuple[Any, ...]] = ()  # see GameSpec.applies

    @property
    def choices(self) -> tuple[bool, bool]:
        return (False, True)

    def label_of(self, value: Any) -> str:
        return self.labels[1 if value else 0]

    def accepts(self, value: Any) -> bool:
        return isinstance(value, bool)

    def offered_at(self, value: Any, seats: int) -> bool:
        return True

    def expects(self) -> str:
        return "true or false"

    def from_text(self, text: str) -> bool:
        word = text.lower()
        if word in ("true", "1", "yes", "on"):
            return True
        if word in ("false", "0", "no", "off"):
            return False
        raise BadSetup(f"“{self.label}” must be {self.expects()}.")


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
    only_with: tuple[str, tuple[Any, ...]] = ()  # see GameSpec.applies

    @property
    def choices(self) -> tuple[int, ...]:
        return tuple(range(self.low, self.high + 1))

    def label_of(self, value: Any) -> str:
        return str(value)

    def accepts(self, value: Any) -> bool:
        return type(value) is int and self.low <= value <= self.high

    def offered_at(self, value: Any, seats: int) -> bool:
        return True

    def expects(self) -> str:
        return f"a whole number from {self.low} to {self.high}"

    def from_text(self, text: str) -> int:
        if not re.fullmatch(r"-?[0-9]{1,9}", text) or not self.low <= int(text) <= self.high:
            raise BadSetup(f"“{self.label}” must be {self.expects()}.")
        return int(text)


Option = Union[Choice, Flag, Number]


@dataclass(frozen=True)
class GameSpec:
    """Everything known about a game before its rules are loaded."""

    id: str
    title: str
    tagline: str
    seats: tuple[int, int]
    options: tuple[Option, ...] = ()
    bots: tuple[str, ...] = ("easy", "hard", "expert")
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
    # What to choose to play alone when the game needs more seats than one ("choose 3 heroes
    # and the Solo variant"); without it, a message that finds too few seats offers bots.
    solo_hint: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def plays_version(self, version: object) -> bool:
        return type(version) is int and (version == self.rules_version or version in self.replays)

    def option(self, name: str) -> Optional[Option]:
        for opt in self.options:
            if opt.name == name:
                return opt
        return None

    def seat_noun(self, count: int) -> str:
        """The seat word in the number of `count` ("posse", "posses"); a word in -folk is its own plural."""
        word = self.seat_word or "player"
        return noun(count, word, word if word.endswith("folk") else None)

    def check_seats(self, seats: int) -> None:
        low, high = self.seats
        if low <= seats <= high:
            return
        span = f"{low}–{high}" if low != high else str(low)
        if seats > high:
            fix = f"leave out {plural(seats - high, 'seat')}"
        else:
            fix = self.solo_hint or f"add {plural(low - seats, 'seat')} (a bot can play any seat)"
        raise BadSetup(f"{self.title} is played by {span} {self.seat_noun(high)}, not {seats}: {fix}.")

    @property
    def default_seats(self) -> int:
        """The seat count a new game's form starts at: the most seats, up to four, at which every
        option's default can be played (a default scenario for two players only makes it two)."""
        low, high = self.seats
        for seats in range(min(max(low, 4), high), low - 1, -1):
            if all(opt.offered_at(opt.default, seats) for opt in self.options):
                return seats
        return low

    def default_for(self, opt: Option, seats: int) -> Any:
        """An option's default at a seat count: its own default, or else the first choice played
        with that many seats."""
        if opt.offered_at(opt.default, seats):
            return opt.default
        return next((c for c in opt.choices if opt.offered_at(c, seats)), opt.default)

    def applies(self, opt: Option, values: dict[str, Any]) -> bool:
        """Whether an option means anything with the other options' values: `only_with=(name,
        values)` makes it count only while option `name` has one of `values` (the posses of a
        free-for-all only when that scenario is chosen). The form hides it otherwise; a record may still hold it."""
        if not opt.only_with:
            return True
        name, allowed = opt.only_with
        value = values.get(name)
        return any(same_json(a, value) for a in allowed)

    def normalize(self, seats: int, options: Optional[dict[str, Any]]) -> dict[str, Any]:
        """Check JSON option values (exact type and value) and fill the defaults.

        An option not offered at this seat count keeps its default; giving it another
        value is an error, and so is a choice not played with this many seats and an
        unknown option. Each message says what to choose instead.
        """
        self.check_seats(seats)
        given = dict(options or {})
        result: dict[str, Any] = {}
        for opt in self.options:
            present = opt.name in given
            value = given.pop(opt.name, self.default_for(opt, seats))
            if not opt.accepts(value):
                raise BadSetup(f"“{opt.label}” cannot be {_short(value)}: it must be {opt.expects()}.")
            if not _offered(opt.for_seats, seats):
                if present and value != opt.default:
                    raise BadSetup(
                        f"“{opt.label}” is not available with {seats} {self.seat_noun(seats)}: it is for "
                        f"{or_list(str(n) for n in opt.for_seats)} {self.seat_noun(max(opt.for_seats))}. "
                        "Leave it out, or change the number of seats."
                    )
                value = opt.default
            elif not opt.offered_at(value, seats):
                raise BadSetup(self._choice_not_played(opt, value, seats))
            result[opt.name] = value
        if given:
            raise BadSetup(self._unknown_options(sorted(given)))
        return result

    def _choice_not_played(self, opt: Option, value: Any, seats: int) -> str:
        assert isinstance(opt, Choice)
        counts = opt.seats_of(value)
        others = [opt.label_of(c) for c in opt.choices if opt.offered_at(c, seats)]
        instead = f"choose {or_list(f'“{o}”' for o in others)}" if len(others) <= 3 else f"choose one played by {seats}"
        return (f"“{opt.label}”: “{opt.label_of(value)}” is played by {or_list(str(n) for n in counts)} "
                f"{self.seat_noun(max(counts))}, not {seats}: {instead}, or change the number of seats.")

    def _unknown_options(self, names: list[Any]) -> str:
        known = [o.name for o in self.options]
        said = "Unknown option: " + ", ".join(_short(k) for k in names) + "."
        if not known:
            return f"{said} {self.title} has no options: leave it out."
        from difflib import get_close_matches  # only a mistake pays for the import

        close = get_close_matches(str(names[0]), known, n=1)
        if len(names) == 1 and close:
            return f"{said} Did you mean “{close[0]}”?"
        return f"{said} The options of {self.title} are {and_list(known)}."

    def parse_link_options(self, seats: int, texts: dict[str, str]) -> dict[str, Any]:
        """Options given as text (a `#new/` link or a form): parse each strictly, then normalize.
        An option that does not apply with the other options (see `applies`) is refused, so a
        link never carries a choice the game would ignore."""
        parsed: dict[str, Any] = {}
        for name, text in texts.items():
            opt = self.option(name)
            if opt is None:
                raise BadSetup(self._unknown_options([name]))
            if not isinstance(text, str) or len(text) > MAX_OPTION_TEXT:
                raise BadSetup(f"“{opt.label}” is too long: it must be {opt.expects()}.")
            parsed[name] = opt.from_text(text.strip())
        result = self.normalize(seats, parsed)
        for name in parsed:
            opt = self.option(name)
            if opt is not None and opt.only_with and not self.applies(opt, result):
                ruler = self.option(opt.only_with[0])
                assert ruler is not None
                wanted = or_list(f"{ruler.name}={v}" for v in opt.only_with[1])
                raise BadSetup(f"“{opt.label}” counts only when “{ruler.label}” is "
                               + or_list(f"“{ruler.label_of(v)}”" for v in opt.only_with[1])
                               + f": add {wanted}, or leave it out.")
        return result

    def offered_options(self, seats: int) -> list[Option]:
        return [o for o in self.options if _offered(o.for_seats, seats)]


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= 30 else text[:27] + "…"
