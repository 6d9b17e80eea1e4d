"""The rules contract every game implements (see docs/architecture.md).

A game package exposes `RULES` (an instance of a `Game` subclass), `BOTS` (level ->
bot function) and `render(view, ui) -> str`.

States and actions are plain JSON. Every state holds its PRNG words under "rng" and
a counter under "revealed" that the game increments whenever hidden information
becomes known (a card turned up, a hand passed on, simultaneous picks revealed).
The session uses both to find undo barriers.

Text returned by `describe`, `prompt` and the outcome may name seats as `{seat0}`,
`{seat1}`…; the page replaces them with the (escaped) player names.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .prng import Rng

State = dict[str, Any]
Action = dict[str, Any]
View = dict[str, Any]


class IllegalAction(Exception):
    """An action that the rules do not allow now; the message is for the player."""


class BadSetup(ValueError):
    """Seats or options that the game cannot be set up with."""


@dataclass(frozen=True)
class Option:
    """A setup option: a value picked from `choices` (str or int)."""

    name: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    # Labels shown for each choice, in the order of `choices`; defaults to str(choice).
    choice_labels: tuple[str, ...] = ()
    # Seat counts for which the option is offered; () means every seat count.
    for_seats: tuple[int, ...] = ()
    help: str = ""

    def label_of(self, value: Any) -> str:
        if self.choice_labels:
            return self.choice_labels[self.choices.index(value)]
        return str(value)


def seat_token(seat: int) -> str:
    """The placeholder for a player's name in log lines and prompts."""
    return "{seat%d}" % seat


@dataclass
class Game:
    """Base class for a game's rules. Subclasses fill in the contract methods."""

    id: str = ""
    title: str = ""
    seats: tuple[int, int] = (2, 4)
    options: tuple[Option, ...] = ()
    # Bumped whenever a change would make an old log replay differently.
    version: int = 1
    # Short blurb for the game picker.
    blurb: str = ""
    bot_levels: tuple[str, ...] = ("easy", "hard")
    # True when a seat's view shows something other seats must not see (a hand):
    # the page then shows a "pass the device" screen between human players.
    has_private_view: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    # --- options -----------------------------------------------------------------
    def normalize_options(self, seats: int, options: Optional[dict[str, Any]]) -> dict[str, Any]:
        """Fill defaults, coerce strings from links to the option's type, reject unknowns."""
        if not (self.seats[0] <= seats <= self.seats[1]):
            raise BadSetup(f"{self.title} is played by {self.seats[0]}–{self.seats[1]} players, not {seats}.")
        given = dict(options or {})
        result: dict[str, Any] = {}
        for opt in self.options:
            offered = not opt.for_seats or seats in opt.for_seats
            if opt.name not in given or not offered:
                if opt.name in given and not offered and _coerce(opt, given[opt.name]) != opt.default:
                    raise BadSetup(f"“{opt.label}” is not available with {seats} players.")
                result[opt.name] = opt.default
                given.pop(opt.name, None)
                continue
            value = _coerce(opt, given.pop(opt.name))
            if value not in opt.choices:
                allowed = ", ".join(str(c) for c in opt.choices)
                raise BadSetup(f"“{opt.label}” must be one of {allowed}.")
            result[opt.name] = value
        if given:
            raise BadSetup("Unknown option: " + ", ".join(sorted(given)))
        return result

    # --- the contract ------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, Any]) -> State:
        raise NotImplementedError

    def active(self, state: State) -> list[int]:
        raise NotImplementedError

    def legal(self, state: State, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: State, seat: int, action: Action) -> State:
        raise NotImplementedError

    def view(self, state: State, seat: Optional[int]) -> View:
        raise NotImplementedError

    def outcome(self, state: State) -> Optional[dict[str, Any]]:
        """None while the game runs; then a result (see `make_outcome`)."""
        raise NotImplementedError

    def describe(self, state: State, seat: int, action: Action) -> str:
        """One log line for `action` taken by `seat` in `state` (the state before it)."""
        raise NotImplementedError

    def prompt(self, state: State, seat: int) -> str:
        """What `seat` is asked to do now, e.g. 'Choose a Hero to activate'."""
        return "Your move"

    # --- optional ----------------------------------------------------------------
    def determinize(self, view: View, seat: int, rng: Rng) -> State:
        """A full state consistent with `view`, hidden parts sampled (for search bots)."""
        raise NotImplementedError

    def heuristic(self, state: State, seat: int) -> float:
        """How good `state` looks for `seat` (for search bots); higher is better."""
        out = self.outcome(state)
        if out is not None:
            return 1.0 if seat in out["winners"] else 0.0
        return 0.5

    # --- progress kept per player name across games (e.g. a mission ladder) --------
    def progress_update(self, progress: dict[str, Any], names: list[str], state: State) -> dict[str, Any]:
        """The new per-name progress after the finished game `state` (default: none kept)."""
        return progress

    def progress_options(self, progress: dict[str, Any], names: list[str], options: dict[str, Any]) -> dict[str, Any]:
        """Options adjusted from saved progress before setup (e.g. the next mission)."""
        return options

    # --- used by the session -----------------------------------------------------
    def is_barrier(self, before: State, after: State) -> bool:
        """An action that rolled, drew or revealed something cannot be undone."""
        return before.get("rng") != after.get("rng") or before.get("revealed") != after.get("revealed")

    def check_legal(self, state: State, seat: int, action: Action) -> None:
        """Raise IllegalAction unless `action` is among `legal(state, seat)`."""
        if seat not in self.active(state):
            raise IllegalAction("It is not this player's turn.")
        # Compare as canonical JSON: in Python True == 1, but a forged `true` is no card number.
        wanted = json.dumps(action, sort_keys=True)
        if all(json.dumps(a, sort_keys=True) != wanted for a in self.legal(state, seat)):
            raise IllegalAction("That move is not allowed now.")


def _coerce(opt: Option, value: Any) -> Any:
    """Options from a link arrive as strings; match the type of the choices."""
    if isinstance(value, str) and opt.choices and isinstance(opt.choices[0], bool):
        return {"true": True, "1": True, "yes": True, "on": True}.get(value.lower(), False if value.lower() in ("false", "0", "no", "off") else value)
    if isinstance(value, str) and opt.choices and isinstance(opt.choices[0], int):
        try:
            return int(value)
        except ValueError:
            return value
    return value


def make_outcome(
    scores: list[int],
    order_keys: list[tuple[Any, ...]],
    key_names: list[str],
    details: Optional[list[dict[str, Any]]] = None,
    columns: Optional[list[str]] = None,
) -> dict[str, Any]:
    """Rank seats by `order_keys` (higher key is better) and explain each tie-break.

    `order_keys[seat]` starts with the score and continues with the tie-breakers;
    `key_names[i]` names key i for the explanation, e.g. "more Luck".
    Returns {"scores", "places", "winners", "tiebreaks", "details", "columns"}.
    """
    n = len(scores)
    order = sorted(range(n), key=lambda s: order_keys[s], reverse=True)
    places = [0] * n
    for rank, seat in enumerate(order):
        if rank > 0 and order_keys[seat] == order_keys[order[rank - 1]]:
            places[seat] = places[order[rank - 1]]
        else:
            places[seat] = rank + 1
    tiebreaks: list[str] = []
    # Explain every adjacent pair that tied on score but was split by a later key.
    for a, b in zip(order, order[1:]):
        ka, kb = order_keys[a], order_keys[b]
        if ka[0] != kb[0]:
            continue
        for i in range(1, len(ka)):
            if ka[i] != kb[i]:
                tiebreaks.append(
                    f"{seat_token(a)} and {seat_token(b)} tied on {scores[a]} points; "
                    f"{seat_token(a)} places ahead with {key_names[i]}."
                )
                break
        else:
            tiebreaks.append(f"{seat_token(a)} and {seat_token(b)} tied on every count and share the place.")
    winners = [s for s in range(n) if places[s] == 1]
    return {
        "scores": list(scores),
        "places": places,
        "winners": winners,
        "tiebreaks": tiebreaks,
        "details": details or [{} for _ in range(n)],
        "columns": columns or [],
    }


BotFn = Callable[[Game, View, int, list[Action], Rng], Action]
