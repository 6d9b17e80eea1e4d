"""The rules contract every game implements (see docs/architecture.md).

A game package's `game` module exposes `SPEC` (its GameSpec), `RULES` (an instance of a
`Rules` subclass), `BOTS` (level -> bot function) and `render(view, ui) -> str`.

States and actions are plain JSON. A state holds its PRNG words under "rng". `apply`
returns the new state and a list of small JSON events (see engine/events.py); the log
line is written from the events by the game's phrasebook, and an event that rolled,
shuffled or revealed something makes the move an undo barrier.

Text returned by the phrasebook, `prompt` and the outcome names seats as `{seat0}`,
`{seat1}`…; the page replaces them with the (escaped) player names in one pass.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from . import events as ev
from .prng import Rng
from .spec import BadSetup, GameSpec
from .state import same_json, within_depth  # noqa: F401  (same_json is part of the contract: rules.same_json)
from .words import plural
from .zones import Zones

State = dict[str, Any]
Action = dict[str, Any]
View = dict[str, Any]
Event = dict[str, Any]

__all__ = [
    "Action", "BadSetup", "BotFn", "Event", "IllegalAction", "Rules", "State", "View",
    "is_listed", "make_outcome", "make_team_outcome", "same_json", "seat_token",
]

# Deeper than any real action; a forged move nested a thousand levels deep stops here.
MAX_ACTION_DEPTH = 8


class IllegalAction(Exception):
    """An action that the rules do not allow now; the message is for the player."""


def is_listed(action: Any, legal: list[Action]) -> bool:
    """True when `action` is exactly (types included) one of the `legal` actions."""
    # `in` finds the candidates quickly; only an equal one is compared type by type.
    return action in legal and any(same_json(action, a) for a in legal if a == action)


def seat_token(seat: int) -> str:
    """The placeholder for a player's name in log lines and prompts."""
    return "{seat%d}" % seat


class Rules:
    """Base class for a game's rules. Subclasses fill in the contract methods."""

    zones: Zones = Zones()
    # Event type -> function(event) -> str | None; the game's phrasebook (phrases.py).
    phrases: dict[str, Callable[[Event], Optional[str]]] = {}
    # Event types told after the rest of a move's line, by rank ("…; the game is over").
    afterwards: dict[str, int] = {}

    def __init__(self, spec: GameSpec):
        self.spec = spec

    # --- the contract ------------------------------------------------------------
    def setup(
        self,
        seed: int,
        seats: int,
        options: dict[str, Any],
        campaign: Optional[dict[str, Any]] = None,
        version: Optional[int] = None,
    ) -> State:
        """The state before the first move. `version` is given only for a record made under
        older rules (one of the spec's `replays`): the game then keeps those rules."""
        raise NotImplementedError

    def active(self, state: State) -> list[int]:
        raise NotImplementedError

    def legal(self, state: State, seat: int) -> list[Action]:
        raise NotImplementedError

    def params(self, state: State, seat: int) -> list[dict[str, Any]]:
        """Parameterised action kinds offered now (a point, a square, a number, typed text); default none."""
        return []

    def check_param(self, state: State, seat: int, action: Action) -> None:
        """Raise IllegalAction unless a parameterised `action` is allowed now."""
        raise IllegalAction("That move is not allowed now.")

    def preview(self, view: View, seat: Optional[int], kind: dict[str, Any], value: Any) -> Optional[dict[str, Any]]:
        """What the board shows for a value of a parameterised kind before it is chosen (a point
        under the pointer: how far, what the path crosses, where it would stop and why), worked
        out from `view` alone so any device holding a view can show it; the page hands it to the
        renderer as `ui["preview"]`. None: nothing to show. The chosen value is still checked by
        `check_param` and `apply`."""
        return None

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        raise NotImplementedError

    def view(self, state: State, seat: Optional[int]) -> View:
        """What `seat` may see (None: a spectator): the masked state plus derived figures."""
        view = self.zones.mask(state, seat)
        self.derive(state, view, seat)
        return view

    def bot_view(self, state: State, seat: int) -> View:
        """What a bot of `seat` decides from: its view. A game whose bots never read the derived
        figures (they are there for the board) gives the masked state alone, which spares a search
        their cost at every move of every imagined table."""
        return self.view(state, seat)

    def derive(self, state: State, view: View, seat: Optional[int]) -> None:
        """Add computed figures the renderer shows; must not depend on what `seat` may not see."""

    def outcome(self, state: State) -> Optional[dict[str, Any]]:
        """None while the game runs; then make_outcome(...) or make_team_outcome(...)."""
        raise NotImplementedError

    def prompt(self, state: State, seat: int) -> str:
        """What `seat` is asked to do now, e.g. 'Choose a Hero to activate'."""
        return "Your move"

    def status(self, state: State) -> str:
        """A short public line on how far the game is ("Round 2 of 3"), for the saved-games list."""
        return ""

    def phrase(self, events: list[Event]) -> str:
        """One log line for the events of one action, written by the phrasebook."""
        return ev.phrase(events, self.phrases, self.afterwards)

    def substeps(self, state: State, seat: int, action: Action) -> list[tuple[State, list[Event]]]:
        """The steps one move is told in, for a replay to step through on the board: for each,
        the state as it stood after that step and that step's events (phrased for its line);
        the last state is the state after the move. [] when the move is one step, as every
        move is unless the game says otherwise (say, a turn the game plays for an opponent of its own)."""
        return []

    def reaction(self, state: State, seat: int) -> Optional[dict[str, Any]]:
        """{"pass": action} when `seat` is only being asked whether to react (a Cancel,
        a Snap Shot), so a player who asked to be asked only when able can be skipped."""
        return None

    # --- the story of a game and the rules at hand ----------------------------------------
    def tally(self, state: State) -> Optional[list[int]]:
        """Each seat's public score now, for the score-over-time chart; None if the game keeps none."""
        return None

    def story(self, steps: list[tuple[int, Action, list[Event], State]], final: State) -> list[dict[str, Any]]:
        """The moments that mattered, as tables {"title", "columns", "rows"} for the result
        screen; `steps` holds (seat, action, events, state after) for every move."""
        return []

    def topic(self, state: State, seat: int) -> Optional[str]:
        """The rules topic (a key of the game's data/rule_index.json) that governs what `seat`
        is asked now, so the prompt can link to the paragraph that explains it."""
        return None

    # --- hidden information ----------------------------------------------------------
    def unseen(self, view: View, pool: str) -> list[Any]:
        """The values hidden from the viewer in `pool` (for determinize)."""
        raise NotImplementedError

    def determinize(self, view: View, seat: int, rng: Rng) -> State:
        """A full state consistent with `view`, hidden parts sampled (for search bots)."""
        return self.zones.determinize_from(view, seat, rng, self.unseen)

    def imaginable(self, view: View) -> bool:
        """Can `determinize` make a table from this view that the rules can play on? A game whose
        view leaves out something play needs at some moments says no then, and its expert plays
        those moments as its hard bot does."""
        return True

    def people(self, seats: int, options: dict[str, Any]) -> Optional[list[int]]:
        """Who plays each seat at one device, when a variant gives one person several seats.

        A list with, for each seat, the first seat of its player (so `[0, 0, 0]`: one person
        plays three seats); None when every seat is its own player (the default). The page
        applies it to human seats, so one person is never asked to pass the device to
        themselves and sees the hands of every seat they play.
        """
        return None

    # --- campaigns -------------------------------------------------------------------
    def campaign_options(self, campaign: Optional[dict[str, Any]], names: list[str], options: dict[str, Any]) -> dict[str, Any]:
        """Options adjusted from a campaign before setup (e.g. each player's next mission)."""
        return options

    def campaign_snapshot(self, campaign: Optional[dict[str, Any]], options: dict[str, Any]) -> Optional[dict[str, Any]]:
        """What a new game's record carries from its campaign, handed to `setup` on every
        replay (so a shared link needs no campaign of its own); default: nothing."""
        return None

    def campaign_update(self, campaign: Optional[dict[str, Any]], names: list[str], state: State) -> Optional[dict[str, Any]]:
        """The campaign after the finished game `state` (default: unchanged)."""
        return campaign

    def sample_campaign(self, options: dict[str, Any]) -> Optional[dict[str, Any]]:
        """A campaign record that variant `options` can be set up from, when it needs one (a posse
        saved by an earlier game), so tools and the conformance suite can play every variant;
        default None: no variant needs one."""
        return None

    # --- used by the session -----------------------------------------------------------
    def step(self, state: State, seat: int, action: Action) -> tuple[State, list[Event], bool]:
        """Apply an already checked action: (new state, events, is it an undo barrier)."""
        after, events = self.apply(state, seat, action)
        return after, events, ev.is_barrier(events)

    def check_legal(self, state: State, seat: int, action: Action) -> None:
        """Raise IllegalAction unless `action` is listed in `legal` or fits a declared parameter."""
        if seat not in self.active(state):
            raise IllegalAction("It is not this player's turn.")
        if not within_depth(action, MAX_ACTION_DEPTH):
            raise IllegalAction("That is not a move.")
        if is_listed(action, self.legal(state, seat)):
            return
        for kind in self.params(state, seat):
            if _fits_param(kind, action):
                self.check_param(state, seat, action)
                return
        raise IllegalAction("That move is not allowed now.")

    def describe(self, state: State, seat: int, action: Action) -> str:
        """The log line `action` would write (used by tools; the session keeps the real one)."""
        _, events = self.apply(state, seat, action)
        return self.phrase(events)


_PARAM_TYPES = {"point": 2, "square": 2}


def _fits_param(kind: dict[str, Any], action: Any) -> bool:
    """True when `action` is kind["action"] plus one value of the kind's shape under kind["param"]."""
    if not isinstance(action, dict):
        return False
    param = kind["param"]
    fixed = kind["action"]
    if set(action) != set(fixed) | {param}:
        return False
    if any(not same_json(action.get(k), v) for k, v in fixed.items()):
        return False
    value = action[param]
    if kind["kind"] in _PARAM_TYPES:
        return (
            isinstance(value, list)
            and len(value) == 2
            and all(type(v) is int and abs(v) < 10**7 for v in value)
        )
    if kind["kind"] == "number":
        return type(value) is int and kind.get("min", -(10**9)) <= value <= kind.get("max", 10**9)
    if kind["kind"] == "text":  # typed words (a name): the game's check_param says which
        return type(value) is str and 0 < len(value) <= kind.get("max", 100)
    return False


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
    Returns {"kind": "ranked", "scores", "places", "winners", "tiebreaks", "details", "columns"}.
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
                    f"{seat_token(a)} and {seat_token(b)} tied on {plural(scores[a], 'point')}; "
                    f"{seat_token(a)} places ahead with {key_names[i]}."
                )
                break
        else:
            tiebreaks.append(f"{seat_token(a)} and {seat_token(b)} tied on every count and share the place.")
    winners = [s for s in range(n) if places[s] == 1]
    return {
        "kind": "ranked",
        "scores": list(scores),
        "places": places,
        "winners": winners,
        "tiebreaks": tiebreaks,
        "details": details or [{} for _ in range(n)],
        "columns": columns or [],
    }


def make_team_outcome(
    won: bool,
    ending: str,
    title: str,
    text: str,
    seats: int,
    details: Optional[list[dict[str, Any]]] = None,
    columns: Optional[list[str]] = None,
    unlocks: tuple[str, ...] | list[str] = (),
    scores: Optional[list[int]] = None,
) -> dict[str, Any]:
    """A co-operative result: everyone wins or everyone loses, with one of the game's endings."""
    return {
        "kind": "team",
        "won": bool(won),
        "ending": ending,
        "title": title,
        "text": text,
        "unlocks": list(unlocks),
        "winners": list(range(seats)) if won else [],
        "scores": list(scores) if scores is not None else [0] * seats,
        "places": [1] * seats,
        "tiebreaks": [],
        "headline": title,
        "details": details or [{} for _ in range(seats)],
        "columns": columns or [],
    }


BotFn = Callable[[Any, View, int, list[Action], Rng], Action]
