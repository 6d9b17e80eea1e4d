"""A game in progress: its record (seed, seats, options, log) and the state it replays to.

The record is what we save and share; the state is always rebuilt by replaying the
log, so a save can never disagree with its own history. Undo drops the latest moves
back to the last barrier: a move that rolled, drew or revealed something can never
be taken back (the rules decide what is a barrier; see Game.is_barrier).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Optional

from .. import games
from .bots import choose
from .rules import Action, BadSetup, IllegalAction, State

FORMAT = 1
MAX_NAME = 24
BOT_LEVEL_DEFAULT = "easy"


class RecordError(ValueError):
    """A record (from a save or a link) that cannot be played; the message is for people."""


def new_record(
    game_id: str,
    seats: list[dict[str, Any]],
    options: Optional[dict[str, Any]] = None,
    seed: int = 1,
) -> dict[str, Any]:
    """A fresh record; raises RecordError/BadSetup with a readable message."""
    try:
        game = games.load(game_id)
    except KeyError:
        raise RecordError(f"Unknown game “{game_id}”.") from None
    rules = game.RULES
    clean_seats = [_clean_seat(s, i, rules.bot_levels) for i, s in enumerate(seats)]
    opts = rules.normalize_options(len(clean_seats), options)
    return {
        "format": FORMAT,
        "game": game_id,
        "rules_version": rules.version,
        "seed": int(seed),
        "seats": clean_seats,
        "options": opts,
        "log": [],
    }


def _clean_seat(seat: Any, index: int, levels: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(seat, dict):
        raise RecordError(f"Seat {index + 1} is not described properly.")
    kind = seat.get("kind", "human")
    if kind not in ("human", "bot"):
        raise RecordError(f"Seat {index + 1} must be a human or a bot.")
    name = seat.get("name") or (f"Bot {index + 1}" if kind == "bot" else f"Player {index + 1}")
    if not isinstance(name, str):
        raise RecordError(f"The name for seat {index + 1} must be text.")
    name = " ".join(name.split())[:MAX_NAME] or f"Player {index + 1}"
    clean: dict[str, Any] = {"name": name, "kind": kind}
    if kind == "bot":
        level = seat.get("level") or levels[0]
        if level not in levels:
            raise RecordError(f"Unknown bot level “{level}” for seat {index + 1}; use " + " or ".join(levels) + ".")
        clean["level"] = level
    return clean


class Session:
    """A record plus the state it replays to, the log lines and the undo barriers."""

    def __init__(self, record: dict[str, Any], trusted: bool = False):
        self.record = record
        try:
            self.game: ModuleType = games.load(record["game"])
        except KeyError:
            raise RecordError(f"Unknown game “{record.get('game')}”.") from None
        self.rules = self.game.RULES
        if record.get("rules_version") != self.rules.version:
            raise RecordError(
                f"This game was recorded with rules version {record.get('rules_version')}, "
                f"but this Tabletown plays version {self.rules.version}."
            )
        try:
            self.state: State = self.rules.setup(record["seed"], len(record["seats"]), record["options"])
        except BadSetup as err:
            raise RecordError(str(err)) from None
        self.lines: list[str] = []
        self.barriers: list[bool] = []
        log = record["log"]
        record["log"] = []
        for step, entry in enumerate(log):
            seat, action = entry
            try:
                self._apply(seat, action, check=not trusted)
            except IllegalAction as err:
                raise RecordError(f"Move {step + 1} in this game is not allowed: {err}") from None

    # --- facts ---------------------------------------------------------------------
    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.record["seats"]

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat]["kind"] == "bot"

    def active(self) -> list[int]:
        return self.rules.active(self.state)

    def outcome(self) -> Optional[dict[str, Any]]:
        return self.rules.outcome(self.state)

    def over(self) -> bool:
        return not self.active()

    # --- moves ---------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> str:
        """Play `action` for `seat`; returns its log line. Raises IllegalAction."""
        return self._apply(seat, action, check=True)

    def _apply(self, seat: int, action: Action, check: bool) -> str:
        if check:
            if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(action, dict):
                raise IllegalAction("That is not a move.")
            self.rules.check_legal(self.state, seat, action)
        line = self.rules.describe(self.state, seat, action)
        before = self.state
        self.state = self.rules.apply(before, seat, action)
        self.barriers.append(self.rules.is_barrier(before, self.state))
        self.record["log"].append([seat, action])
        self.lines.append(line)
        return line

    def bot_move(self, seat: int) -> str:
        """Let the bot in `seat` choose and play its move (it sees only its own view)."""
        level = self.seats[seat].get("level", BOT_LEVEL_DEFAULT)
        action = choose(self.rules, self.game.BOTS, level, self.state, seat, self.record["seed"], len(self.record["log"]))
        return self.apply(seat, action)

    # --- undo ----------------------------------------------------------------------
    def undo_point(self) -> Optional[int]:
        """The log length to go back to when undoing the latest human move, or None.

        The latest human move and any bot moves after it are dropped together, unless
        one of them is a barrier (it rolled, drew or revealed something).
        """
        log = self.record["log"]
        for i in range(len(log) - 1, -1, -1):
            if self.barriers[i]:
                return None
            if not self.is_bot(log[i][0]):
                return i
        return None

    def can_undo(self) -> bool:
        return self.undo_point() is not None

    def undo(self) -> bool:
        point = self.undo_point()
        if point is None:
            return False
        record = dict(self.record)
        record["log"] = self.record["log"][:point]
        fresh = Session(record, trusted=True)
        self.__dict__.update(fresh.__dict__)
        return True
