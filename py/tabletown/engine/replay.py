"""Replays and the story of a game.

A replay steps through a record move by move, forward and back, with the board as it was
after each move and that move's log line. States are rebuilt from the log (checkpoints
every few moves keep stepping back cheap) and never leave this object: what the page shows
is a seat's view. While a game is not over, a replay shows only what everyone could see
(the spectator's view), so a shared game's hidden cards stay hidden; once it is over, any
seat's point of view may be chosen.

A move may tell several steps (an opponent the game plays itself may take a whole turn inside
the move that ends a player's turn): the game's `Rules.substeps` gives the state after each, and the replay steps
through them one at a time. A place in a replay is `(k, sub)`: move k, and `sub` the index of
one of its steps, or None for the whole move (the log line and the state after it).

The story of a game is drawn from the same steps: the public score of each seat after
every move (`Rules.tally`) and the game's own summary of the moments that mattered
(`Rules.story`), as tables the page draws as charts.
"""

from __future__ import annotations

import math
import time
from types import ModuleType
from typing import Any, Optional

from .rules import Event, Rules, State
from .session import Session
from .state import clone
from .words import plural

CHECKPOINT_EVERY = 16

Place = tuple[int, Optional[int]]  # (move, index of its step or None)


class Replay:
    def __init__(self, game: ModuleType, record: dict[str, Any]):
        self.game = game
        self.rules = game.RULES
        self.record = record
        empty = dict(record, log=[])
        start = Session(game, clone(empty), trusted=True)
        self._checkpoints: dict[int, State] = {0: clone(start.state)}
        full = Session(game, clone(record), trusted=True)
        self.lines: list[str] = list(full.lines)
        self.events: list[list[Event]] = list(full.events)
        self.log: list[list[Any]] = list(record["log"])
        self.over = full.over()
        self.outcome = full.outcome()
        self.final: State = full.state
        self._substeps: dict[int, list[dict[str, Any]]] = {}
        state = clone(self._checkpoints[0])
        for k, (seat, action) in enumerate(self.log, start=1):
            state = self.rules.step(state, seat, action)[0]
            if k % CHECKPOINT_EVERY == 0:
                self._checkpoints[k] = clone(state)

    def __len__(self) -> int:
        return len(self.log)

    def state_at(self, k: int) -> State:
        """The state after the first `k` moves (0: as the game was set up)."""
        if not 0 <= k <= len(self.log):
            raise IndexError(f"a replay of {plural(len(self.log), 'move')} has no step {k}")
        if k == len(self.log):
            return self.final
        base = max(c for c in self._checkpoints if c <= k)
        state = clone(self._checkpoints[base])
        for seat, action in self.log[base:k]:
            state = self.rules.step(state, seat, action)[0]
        return state

    def viewers(self) -> list[Optional[int]]:
        """Whose point of view the replay may show: everyone's once the game is over,
        otherwise only what the whole table could see."""
        if self.over:
            return [None] + list(range(len(self.record["seats"])))
        return [None]

    def view_at(self, k: int, seat: Optional[int], sub: Optional[int] = None) -> dict[str, Any]:
        """What `seat` sees after move k, or after its step `sub`."""
        if seat not in self.viewers():
            raise ValueError("that seat's hidden cards are not shown while the game is not over")
        state = self.state_at(k) if sub is None else self.substeps(k)[sub]["state"]
        return self.rules.view(state, seat)

    def line(self, k: int, sub: Optional[int] = None) -> str:
        """The log line of move k (1-based), or "" for the setup; or the line of its step `sub`."""
        if sub is not None:
            return str(self.substeps(k)[sub]["line"])
        return self.lines[k - 1] if k >= 1 else ""

    def substeps(self, k: int) -> list[dict[str, Any]]:
        """The steps move k is told in, each {"state": after it, "line": its log line};
        [] for the setup and for a move told in one step. Worked out when first asked."""
        if not 1 <= k <= len(self.log):
            return []
        if type(self.rules).substeps is Rules.substeps:  # every move one step: no need to rebuild a state
            return []
        if k not in self._substeps:
            seat, action = self.log[k - 1]
            steps = self.rules.substeps(self.state_at(k - 1), seat, action)
            self._substeps[k] = [{"state": state, "line": self.rules.phrase(events)} for state, events in steps]
        return self._substeps[k]

    def forward(self, at: Place) -> Place:
        """One step on: the next step of this move, else the next move (its first step if it has any)."""
        k, sub = at
        count = len(self.substeps(k))
        if sub is not None and sub + 1 < count:
            return (k, sub + 1)
        if k >= len(self.log):
            return at
        return (k + 1, 0 if self.substeps(k + 1) else None)

    def back(self, at: Place) -> Place:
        """One step back: the step before this one in this move, else the end of the move before.
        The whole move is drawn as its last step, so a step back from it is the one before that."""
        k, sub = at
        count = len(self.substeps(k))
        if sub is None and count:
            sub = count - 1
        if sub:
            return (k, sub - 1)
        if k <= 0:
            return (0, None)
        before = len(self.substeps(k - 1))
        return (k - 1, before - 1 if before else None)


class StoryTeller:
    """The story of a game worked out a few moves at a time: a long game's story (a campaign of
    hundreds of moves, each replayed) would hold the page still for seconds on a phone, so the
    page tells it in slices between frames (`tell(until)`), showing the result first.

    `story` is then {"series": [[score of seat s after move k for k in 0..n] for s in seats] or
    None, "tables": [{"title", "columns", "rows": [[cells…]]}]} (the game's moments that mattered)."""

    def __init__(self, game: ModuleType, record: dict[str, Any]):
        self.rules: Rules = game.RULES
        self.moves: list[list[Any]] = list(record["log"])
        self.session = Session(game, dict(clone(record), log=[]), trusted=True)
        first = self.rules.tally(self.session.state)
        self.series: Optional[list[list[int]]] = None if first is None else [[v] for v in first]
        self.steps: list[tuple[int, dict[str, Any], list[Event], State]] = []
        self.story: Optional[dict[str, Any]] = None

    def tell(self, until: float = math.inf) -> bool:
        """Replay moves until the clock passes `until` (at least one move each call); True once the
        story is whole."""
        session, rules = self.session, self.rules
        while self.story is None:
            k = len(self.steps)
            if k == len(self.moves):
                self.story = {"series": self.series, "tables": rules.story(self.steps, session.state)}
                break
            seat, action = self.moves[k]
            session._apply(seat, action, check=False)
            self.steps.append((seat, action, session.events[-1], session.state))
            if self.series is not None:
                for s, v in enumerate(rules.tally(session.state) or []):
                    self.series[s].append(v)
            if time.perf_counter() >= until:
                break
        return self.story is not None


def story(game: ModuleType, record: dict[str, Any]) -> dict[str, Any]:
    """The story of a game for the result screen, told at once (see `StoryTeller`)."""
    teller = StoryTeller(game, record)
    teller.tell()
    assert teller.story is not None
    return teller.story
