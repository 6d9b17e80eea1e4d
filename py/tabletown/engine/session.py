"""A game in progress: its record (seed, seats, options, log) and the state it replays to.

The record is what we save and share; the state is always rebuilt by replaying the
log, so a save can never disagree with its own history. Undo drops the latest moves
back to the last barrier: a move whose events rolled, shuffled or revealed something
can never be taken back.

The session is handed the game it plays (a game module with SPEC, RULES and BOTS); the
engine itself never imports a game.
"""

from __future__ import annotations

import unicodedata
from types import ModuleType
from typing import Any, Optional

from .bots import start
from .rules import Action, BadSetup, Event, IllegalAction, State

FORMAT = 1
MAX_NAME = 24
ASK_ALWAYS = "always"
ASK_WHEN_ABLE = "when-able"
ASK_CHOICES = (ASK_ALWAYS, ASK_WHEN_ABLE)
# Who plays a seat: a person at this device, a bot, or a person on another device (the live table).
SEAT_KINDS = ("human", "bot", "remote")
# Unicode categories never kept in a name: controls, format characters (bidi overrides,
# zero-width joiners), separators of lines and paragraphs, private use, unassigned.
_STRIPPED = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}


class RecordError(ValueError):
    """A record (from a save or a link) that cannot be played; the message is for people."""


def clean_name(name: str) -> str:
    """A player's name as Tabletown keeps it: no control or format characters, single
    spaces, at most MAX_NAME characters."""
    kept = "".join(ch for ch in name if unicodedata.category(ch) not in _STRIPPED)
    return " ".join(kept.split())[:MAX_NAME].strip()


def new_record(
    game: ModuleType,
    seats: list[dict[str, Any]],
    options: Optional[dict[str, Any]] = None,
    seed: int = 1,
    campaign: Optional[dict[str, Any]] = None,
) -> dict[str, Any]:
    """A fresh record; raises RecordError/BadSetup with a readable message."""
    spec = game.SPEC
    if not isinstance(seats, list):
        raise RecordError("The players are not described properly.")
    clean_seats = [_clean_seat(s, i, spec.bots) for i, s in enumerate(seats)]
    opts = spec.normalize(len(clean_seats), options)
    if type(seed) is not int or not -(2**62) < seed < 2**62:
        raise RecordError("The seed must be a whole number.")
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": spec.id,
        "rules_version": spec.rules_version,
        "seed": seed,
        "seats": clean_seats,
        "options": opts,
        "log": [],
    }
    if campaign is not None:
        record["campaign"] = campaign
    return record


def _clean_seat(seat: Any, index: int, levels: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(seat, dict):
        raise RecordError(f"Seat {index + 1} is not described properly.")
    kind = seat.get("kind", "human")
    if kind not in SEAT_KINDS:
        raise RecordError(f"Seat {index + 1} must be a human, a bot or a player on another device.")
    default = f"Bot {index + 1}" if kind == "bot" else f"Player {index + 1}"
    name = seat.get("name") or default
    if not isinstance(name, str):
        raise RecordError(f"The name for seat {index + 1} must be text.")
    clean: dict[str, Any] = {"name": clean_name(name) or default, "kind": kind}
    if kind == "bot":
        level = seat.get("level") or levels[0]
        if level not in levels:
            raise RecordError(f"Unknown bot level “{str(level)[:20]}” for seat {index + 1}; use " + " or ".join(levels) + ".")
        clean["level"] = level
    elif kind == "human":  # a player on another device ("remote") has only a name
        ask = seat.get("ask", ASK_ALWAYS)
        if ask not in ASK_CHOICES:
            raise RecordError(f"Seat {index + 1}: “ask” must be always or when-able.")
        if ask != ASK_ALWAYS:
            clean["ask"] = ask
        person = seat.get("person", index)
        if type(person) is not int or not 0 <= person <= index:
            raise RecordError(f"Seat {index + 1}: “person” must name this seat or an earlier one.")
        if person != index:
            clean["person"] = person
    return clean


class Session:
    """A record plus the state it replays to, the log lines and the undo barriers."""

    def __init__(self, game: ModuleType, record: dict[str, Any], trusted: bool = False):
        self.game = game
        self.spec = game.SPEC
        self.rules = game.RULES
        self.record = record
        if record.get("game") != self.spec.id:
            raise RecordError(f"This record is for another game (“{str(record.get('game'))[:40]}”).")
        if not self.spec.plays_version(record.get("rules_version")):
            raise RecordError(
                f"This game was recorded with rules version {str(record.get('rules_version'))[:12]}, "
                f"but this Tabletown plays version {self.spec.rules_version}."
            )
        try:
            args = [record["seed"], len(record["seats"]), record["options"]]
            kwargs = {}
            if "campaign" in record:
                args.append(record["campaign"])
            if record["rules_version"] != self.spec.rules_version:
                kwargs["version"] = record["rules_version"]  # an older game goes on under its own rules
            self.state: State = self.rules.setup(*args, **kwargs)
        except BadSetup as err:
            raise RecordError(str(err)) from None
        self.lines: list[str] = []
        self.undos = 0  # how many times moves were taken back (what was sent of the log is then sent again)
        self.stand_ins: set[int] = set()  # remote seats a bot plays while their player is away (not recorded)
        self.events: list[list[Event]] = []
        self.barriers: list[bool] = []
        # "human", "bot" or "auto" (a pass played for a player who asked to be asked only when able)
        self.movers: list[str] = []
        log = record["log"]
        record["log"] = []
        for step, entry in enumerate(log):
            seat, action = entry
            try:
                self._apply(seat, action, check=not trusted)
            except IllegalAction as err:
                raise RecordError(f"Move {step + 1} in this game is not allowed: {err}") from None
            except RecursionError:
                raise RecordError(f"Move {step + 1} in this game is nested too deeply to be a move.") from None
            except (KeyError, IndexError, TypeError, ValueError, AttributeError):
                raise RecordError(f"Move {step + 1} in this game is not a move this game knows.") from None

    # --- facts ---------------------------------------------------------------------
    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.record["seats"]

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat]["kind"] == "bot" or seat in self.stand_ins

    def humans(self) -> list[int]:
        """The seats played by people at this device."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]

    def remotes(self) -> list[int]:
        """The seats played by people on other devices (the live table)."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "remote"]

    def person(self, seat: int) -> int:
        """Who plays this seat at the device: one person may play several seats (a solo
        game of a team game); hot-seat hand-offs happen only between different people."""
        return self.seats[seat].get("person", seat)

    def asks_when_able(self, seat: int) -> bool:
        return self.seats[seat].get("ask") == ASK_WHEN_ABLE

    def active(self) -> list[int]:
        return self.rules.active(self.state)

    def outcome(self) -> Optional[dict[str, Any]]:
        return self.rules.outcome(self.state)

    def over(self) -> bool:
        return not self.active()

    # What one seat is shown and offered (the page draws these; the live table sends them).
    def legal(self, seat: int) -> list[Action]:
        return self.rules.legal(self.state, seat)

    def params(self, seat: int) -> list[dict[str, Any]]:
        return list(self.rules.params(self.state, seat))

    def view(self, seat: Optional[int]) -> Any:
        return self.rules.view(self.state, seat)

    def prompt(self, seat: int) -> str:
        return self.rules.prompt(self.state, seat)

    # --- moves ---------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> str:
        """Play `action` for `seat`; returns its log line. Raises IllegalAction.

        Afterwards, passes owed by players who asked to be asked only when they can
        respond are played for them at once (they are logged like any move)."""
        line = self._apply(seat, action, check=True)
        self.settle()
        return line

    def _apply(self, seat: int, action: Action, check: bool) -> str:
        if check:
            if type(seat) is not int or not isinstance(action, dict):
                raise IllegalAction("That is not a move.")
            self.rules.check_legal(self.state, seat, action)
        mover = "bot" if self.is_bot(seat) else ("auto" if self._is_auto_pass(seat, action) else "human")
        after, events, barrier = self.rules.step(self.state, seat, action)
        line = self.rules.phrase(events)
        self.state = after
        self.record["log"].append([seat, action])
        self.events.append(events)
        self.barriers.append(barrier)
        self.movers.append(mover)
        self.lines.append(line)
        return line

    def _auto_pass(self, seat: int) -> Optional[Action]:
        """The pass to play for `seat` now, if it asked to be asked only when able and cannot respond."""
        if self.is_bot(seat) or not self.asks_when_able(seat):
            return None
        reaction = self.rules.reaction(self.state, seat)
        if not reaction:
            return None
        legal = self.rules.legal(self.state, seat)
        if legal == [reaction["pass"]] and not self.rules.params(self.state, seat):
            return reaction["pass"]
        return None

    def _is_auto_pass(self, seat: int, action: Action) -> bool:
        return self._auto_pass(seat) == action

    def settle(self) -> list[str]:
        """Play every pass owed now by players who asked to be asked only when able."""
        lines = []
        for _ in range(10_000):
            owed = None
            for seat in self.active():
                owed = self._auto_pass(seat)
                if owed is not None:
                    lines.append(self._apply(seat, owed, check=True))
                    break
            if owed is None:
                break
        return lines

    def bot_thinking(self, seat: int) -> Any:
        """The decision of the bot in `seat`, begun (it sees only its own view): `think(deadline, limit)`
        until it says it has finished, then `bot_move(seat, decision.best())`."""
        level = self.seats[seat].get("level", self.spec.bots[0])
        return start(self.rules, self.game.BOTS, level, self.state, seat, self.record["seed"], len(self.record["log"]))

    def bot_move(self, seat: int, action: Optional[Action] = None) -> str:
        """Play the bot in `seat`'s move: `action` when its decision was thought through in
        slices, else decided now. A bot may also stand in for a player on another device while
        they are away: its moves are a bot's."""
        if action is None:
            decision = self.bot_thinking(seat)
            decision.think()
            action = decision.best()
        return self.apply(seat, action)

    # --- undo ----------------------------------------------------------------------
    def undo_point(self, by: Optional[int] = None) -> Optional[int]:
        """The log length to go back to when undoing the latest human move, or None.

        The latest human move and the bot moves and automatic passes after it are dropped
        together, unless one of them is a barrier (it rolled, shuffled or revealed
        something). With `by`, only a move of that seat may be taken back: in a game
        with secrets, one human never takes back another human's hidden choice.
        """
        log = self.record["log"]
        for i in range(len(log) - 1, -1, -1):
            if self.barriers[i]:
                return None
            if self.movers[i] == "human":
                if by is not None and log[i][0] != by:
                    return None
                return i
        return None

    def can_undo(self, by: Optional[int] = None) -> bool:
        return self.undo_point(by) is not None

    def undo(self, by: Optional[int] = None) -> bool:
        point = self.undo_point(by)
        if point is None:
            return False
        record = dict(self.record)
        record["log"] = self.record["log"][:point]
        fresh = Session(self.game, record, trusted=True)
        fresh.undos = self.undos + 1
        fresh.stand_ins = self.stand_ins
        self.__dict__.update(fresh.__dict__)
        return True
